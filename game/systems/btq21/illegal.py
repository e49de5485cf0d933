"""The one way a rule refuses a command."""


class Illegal(Exception):
    """Raised before anything changes; the message names the rule broken."""

    @property
    def reason(self) -> str:
        return str(self.args[0]) if self.args else "illegal command"
