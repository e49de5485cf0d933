"""A campaign's battle loaded again (Continue, Load, Ctrl+O, --load) goes back to its campaign when it ends.

The window asks this module, through the hook it keeps for loaded battles,
whether a saved campaign waits for the battle just loaded
(``game.campaign.fought``); if one does, the end screen offers "Back to the
campaign" as it did when the battle was started from the campaign's screen.
The campaign is read again when the player takes that way back, not when the
battle was loaded: in between, the same campaign may have been reopened and
the engagement resolved, and a battle is never recorded twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.campaign.fought import Search
    from game.persistence.session import Session
    from game.ui.app import QuarterdeckApp
    from game.ui.match import Match, Sequel

LABEL = "Back to the campaign"
TIP = "Record this battle in the campaign and go back to its sheet."


def sequel_to(app: QuarterdeckApp, path: Path) -> Sequel:
    """The end screen's way back to the campaign saved at ``path``, checked against it when taken."""
    from game.ui.match import Sequel

    def go(match: Match) -> None:
        from game.campaign import CampaignFileError, load_campaign
        from game.campaign.fought import refusal
        from game.ui.scenes.campaign import CampaignScene, back_from_battle

        try:
            c = load_campaign(path)
        except (CampaignFileError, OSError) as e:
            unread = e.problems[0] if isinstance(e, CampaignFileError) and e.problems else str(e)
            app.say(f"the battle was not recorded: the campaign cannot be read: {unread}", seconds=10.0)
            app.back_to_menu()
            return
        session = match.session
        why = ("the campaign no longer waits for a battle" if c.stage != "battle" or c.battle is None
               else refusal(c.battle, session.scenario_text, session.seed))
        if why is not None:
            app.say(f"the battle was not recorded in {c.name}: {why}", seconds=10.0)
            app.replace(lambda a: CampaignScene(a, c, path))
            return
        back_from_battle(app, c, path)(match)

    return Sequel(LABEL, TIP, go)


def campaign_sequel(app: QuarterdeckApp, session: Session) -> Sequel | None:
    """The hook for a loaded battle: the way back to the campaign waiting for it, or None.

    A battle whose scenario is named as a campaign's but that no campaign waits
    for (recorded already, or the campaign moved on without it) is said, so the
    player knows before he plays on that its result will count nowhere.  The
    campaign engine is imported only for a battle that carries its scenario
    (half a second the window does not spend on every battle of the menu).
    """
    if session.scenario_text is None:
        return None
    from game.campaign.fought import is_campaign_battle, waiting_campaign

    found = waiting_campaign(session.scenario_text, session.seed)
    if found is not None:
        return sequel_to(app, found[0])
    if is_campaign_battle(session.scenario.id):
        app.say("This battle was a campaign's, but no saved campaign waits for it (recorded already, resolved, or "
                "the campaign has moved on): its result will not be recorded.", seconds=10.0)
    return None


def fought_html(search: Search) -> str:
    """Under the engagement's plan: the battle begun on the table and how far it went, and the saves that
    looked like it but are not it (with why), so the player knows what the buttons will take."""
    from html import escape

    from game.ui.campaign.sheet import DIM, WARN

    rows = []
    fought = search.found
    if fought is not None:
        where = "the autosave" if fought.autosave else escape(fought.path.name)
        how = "fought to its end on the table" if fought.over else "begun on the table" + (
            f" and left at turn {fought.turn}" if fought.turn else "")
        rows.append(f"<b>This engagement was {how}</b> ({where}).")
    rows += [f"<font color='{WARN}'>{escape(why[0].upper() + why[1:])}.</font>" for why in search.refused]
    if not rows:
        return ""
    if fought is None:
        rows.append(f"<font color='{DIM}'>No save of this engagement was found to go on with.</font>")
    return "<br><br>" + "<br>".join(rows)
