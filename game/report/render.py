"""A report drawn to bytes: plain data in, bytes out, so it can be done on any thread (or in another process)."""

from __future__ import annotations

from game.report.build import Report


def picture(report: Report, width: int) -> tuple[bytes, tuple[int, int]]:
    """The whole report as RGB pixels ``width`` wide (rows top first), and their size."""
    from game.report.compose import figure, rgb

    return rgb(figure(report), width)


def files(report: Report) -> tuple[bytes, bytes]:
    """The exported report: the one-image PNG and the HTML page (UTF-8)."""
    from game.report.compose import figure, png_bytes
    from game.report.page import html_page

    return png_bytes(figure(report)), html_page(report).encode("utf-8")
