"""The campaign screen's pieces: who is at the window, the sheet in words, the fleet table, the calendar.

The scene itself is ``game.ui.scenes.campaign``; these modules keep it to the
work of laying out widgets and passing the player's choices to the engine
(``game.campaign``), which alone changes the campaign.
"""
