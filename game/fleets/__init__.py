"""Fleets bought by points: a side's ships for a battle or a campaign, their prices, random musters and files.

Pure Python (no window): the fleet builder, the engagement generator and the
campaign all read and write fleets through this package.
"""
