"""The after-action report: a finished battle's account, drawn as a battle plan and charts.

``account`` works the battle out from its events (no drawing, no rule book:
what only a rule system knows it asks of it); ``reading`` and ``sources`` get
the events from a save, a log or the battle in the window; ``plan`` and
``charts`` draw with matplotlib, ``compose`` lays the drawings out, ``page``
makes the HTML page, ``export`` and ``cli`` write the files.  matplotlib is
imported only by the drawing modules, and only when a report is drawn.
"""
