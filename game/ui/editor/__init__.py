"""The scenario editor's pieces: the document and its edits, the checks, the writer, the panels and the tools.

The scene that puts them in the window is game.ui.scenes.editor.
"""
