"""Dice neither player can foresee or forge, for battles between two computers.

In a battle played across the network or by e-mail each player commits to
a hash chain of secrets (:mod:`.chain`); every command that rolls dice is
rolled from a seed made of both players' next reveals and the command
history up to that command (:mod:`.ledger`).  The mover fixes his command
before he learns the other's reveal, and the other committed to his long
before, so neither can steer or foresee a roll; the ledger a save carries
lets anyone check every roll afterwards (docs/NETPLAY.md).
"""
