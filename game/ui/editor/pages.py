"""The pages of the editor's side panel: the scenario, its sides, its ships, its terrain and its victory terms.

Each page is laid out afresh from the document whenever the document
changes, so what the panel shows is always what the file would say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from game.content.rules import NATIONS
from game.content.scenarios import (
    ANCHOR_ENDS,
    ANCHORS_OPTION,
    CONDITION_TRACKS,
    MAX_TABLE,
    MAX_TEXT,
    MAX_TURNS,
    NIGHT_OPTION,
    OBJECTIVE_KINDS,
    TERRAIN_KINDS,
)
from game.ui.editor import document as D
from game.ui.editor import victory as V
from game.ui.editor.form import Form
from game.ui.editor.placing import table_problem

#: The option that brings fog or night, and its night (the only one with a dawn): the scenario format's words.
VISIBILITY, NIGHT = NIGHT_OPTION

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

PAGES = (
    ("scenario", "Scenario", "Name, story, table size, wind, turns and the optional rules."),
    ("sides", "Sides", "The sides, their colours and nations, and their squadrons."),
    ("ships", "Ships", "Add ships from the list and set each one's sail, crew, flag and anchor."),
    ("forts", "Forts", "Shore batteries: where each stands, its guns, crew and arc of fire."),
    ("terrain", "Terrain", "Draw islands, coasts and shoals as polygons."),
    ("victory", "Victory", "How the battle is won: on points or objectives, exit edges, and each side's objectives."),
)

#: Colours a side may take, by name (the shipped scenarios' reds and blues first).
COLOURS = (
    ("Red", (180, 40, 40)), ("Blue", (40, 70, 160)), ("Navy", (40, 60, 170)), ("Gold", (200, 170, 40)),
    ("Green", (40, 140, 70)), ("Orange", (230, 130, 30)), ("Purple", (140, 60, 150)), ("White", (235, 235, 235)),
    ("Grey", (90, 90, 90)),
)


def number(text: str, lo: float, hi: float, what: str) -> float | str:
    """The number typed, or why it will not do."""
    try:
        v = float(text)
    except ValueError:
        return f"{what}: '{text}' is not a number"
    if not lo <= v <= hi:
        return f"{what} must be from {lo:g} to {hi:g}, not {v:g}"
    return v


def summary(page: str, ed: EditorScene) -> tuple:
    """Everything ``page`` shows: the panel is laid out again only when this changes."""
    sc = ed.doc
    sides = tuple((s.id, s.name, s.nation, s.colour, tuple((q.id, q.name, q.nation, len(q.ships)) for q in s.squadrons))
                  for s in sc.sides)
    if page == "scenario":
        return (ed.story, sc.name, sc.description, sc.history, sc.table, sc.wind_from, sc.turn_limit, sc.options,
                sc.extra.get("dawn"))
    if page == "sides":
        return (sides, ed.si, ed.qi)
    if page == "ships":
        at = ed.selected_at()
        chosen = D.ship_at(sc, at) if at is not None else None
        return (sides, ed.si, ed.qi, ed.ship_nation, ed.ship_search, ed.chosen_class,
                chosen and (chosen.id, chosen.pose[2], chosen.sail, chosen.quality, chosen.anchored, chosen.flagship,
                            chosen.name, tuple(sorted(chosen.condition.items()))))
    if page == "forts":
        battery = ed.selected_battery()
        return (sides, ed.si, battery and replace(D.battery_at(sc, battery), position=(0.0, 0.0)))
    if page == "terrain":
        i = ed.selected_terrain_index()
        piece = sc.terrain[i] if i is not None else None
        return (ed.new_kind, piece and (piece.id, piece.name, piece.kind, piece.depth, len(piece.points)))
    return (sides, repr(sc.victory), ed.objective_index(), ed.tool in ("zone", "zone_centre"))


def build(page: str, form: Form, ed: EditorScene) -> None:
    {"scenario": _scenario, "sides": _sides, "ships": _ships, "forts": _forts, "terrain": _terrain,
     "victory": _victory}[page](form, ed)


# --- the scenario ---------------------------------------------------------------------------


def _scenario(f: Form, ed: EditorScene) -> None:
    sc = ed.doc
    f.entry("Name", sc.name, "The scenario's title, as the menu lists it.",
            lambda t: ed.edit(replace(ed.doc, name=t.strip() or ed.doc.name), "rename the scenario"))
    story = [("Description: what to do", "description"), ("History: what happened", "history")]
    f.choice("Words", story, ed.story, "The description (what happened, and what each side must do) or the history "
             "note (the real events and their sources; may be empty): the menu shows both.", ed.choose_story)
    lines = max(3, min(10, (f.height - 420) // 20))  # a tall panel shows more of the words at once
    if ed.story == "history":
        f.text_box("", sc.history, "What really happened, the outcome and its sources (or, for an invented battle, "
                   "the real ones it echoes).  May be empty.  The edit is made when you leave the box.",
                   lambda t: _history(ed, t), lines=lines, label_row=False)
    else:
        f.text_box("", sc.description, "What happened, and what each side must do (the menu shows it).  The edit "
                   "is made when you leave the box.",
                   lambda t: ed.edit(replace(ed.doc, description=t.strip() or ed.doc.description),
                                     "edit the description"), lines=lines, label_row=False)

    def size(i: int, text: str) -> None:
        v = number(text, 1, MAX_TABLE, "the table's " + ("width" if i == 0 else "height"))
        if isinstance(v, str):
            ed.refuse(v)
            return
        now = ed.doc  # the document as it is when the words are entered, not as the page was laid out
        table = (v, now.table[1]) if i == 0 else (now.table[0], v)
        why = table_problem(now, ed.app.rules, table)
        if why:
            ed.refuse(why)
            return
        ed.edit(replace(now, table=table), "resize the table")

    f.pair([("Width", f"{sc.table[0]:g}", "The table's width, inches east to west.  Enter to apply.",
             lambda t: size(0, t)),
            ("Height", f"{sc.table[1]:g}", "The table's height, inches south to north.  Enter to apply.",
             lambda t: size(1, t))])

    def wind(text: str) -> None:
        v = number(text, 0, 360, "the wind")
        if isinstance(v, str):
            ed.refuse(v)
            return
        ed.edit(replace(ed.doc, wind_from=round(v % 360, 1)), "change the wind")

    wind_tip = ("The compass bearing the wind blows from, in degrees (0 = north, 90 = east).  You can also drag the "
                "wind arrow at the top right of the table.")

    def turns(text: str) -> None:
        v = number(text, 1, MAX_TURNS, "the turn limit")
        if isinstance(v, str) or not float(v).is_integer():
            ed.refuse(v if isinstance(v, str) else "the turn limit is a whole number of turns")
            return
        dawn = ed.doc.extra.get("dawn")
        if dawn is not None and dawn > v:
            ed.refuse(f"the dawn comes at turn {dawn}: a battle with it lasts at least {dawn} turns (set the dawn "
                      "first)")
            return
        ed.edit(replace(ed.doc, turn_limit=int(v)), "change the turn limit")

    f.pair([("Wind", f"{sc.wind_from:g}", wind_tip, wind),
            ("Turns", str(sc.turn_limit), "The battle ends after this many turns.", turns)])
    f.skip(2)  # the optional rules this scenario always plays with: each box says so in its tip
    def switch(name: str) -> Callable[[bool], None]:
        def flip(on: bool) -> None:
            if name == ANCHORS_OPTION and not on and any(s.anchored for _, s in D.ships(ed.doc)):
                ed.refuse("a ship starts at anchor: weigh her anchor first (Ships page)")
                ed.build_panel()  # the box shows the truth again
                return
            doc = D.set_option(ed.doc, name, on)
            if D.option_value(doc, VISIBILITY) != NIGHT:  # only a night has a dawn
                doc = D.with_dawn(doc, None)
            ed.edit(doc, f"switch {'on' if on else 'off'} {name}")
        return flip

    available = ed.app.system.available
    f.ticks([(opt.title, D.has_option(sc, opt.name), opt.help, switch(opt.name)) for opt in available])
    for opt in available:  # an option with values ticked: which value (and a night's dawn on the same row)
        if opt.choices and D.has_option(sc, opt.name):
            dawn = None
            if opt.name == VISIBILITY and D.option_value(sc, VISIBILITY) == NIGHT:
                dawn = ("Dawn", str(sc.extra.get("dawn") or ""), "The turn at whose start the night ends; empty: "
                        "the night lasts the whole battle.", lambda t: _dawn(ed, t))
            f.choice(opt.title[:14], [(c.replace("_", " ").capitalize(), c) for c in opt.choices],
                     D.option_value(sc, opt.name) or opt.default, f"{opt.value_help or 'Its value:'} "
                     f"{', '.join(opt.choices)}.", _valued(ed, opt.name), then=dawn)


def _history(ed: EditorScene, text: str) -> None:
    if len(text.strip()) > MAX_TEXT:
        ed.refuse(f"the history note is at most {MAX_TEXT} characters, not {len(text.strip())}")
        return
    ed.edit(replace(ed.doc, history=text.strip()), "edit the history")


def _valued(ed: EditorScene, name: str) -> Callable[[str], None]:
    def pick(value: str) -> None:
        doc = D.set_option_value(ed.doc, name, value)
        if D.option_value(doc, VISIBILITY) != NIGHT and doc.extra.get("dawn") is not None:
            doc = D.with_dawn(doc, None)
            ed.app.say("The dawn is taken away: only a night has one.")
        ed.edit(doc, f"set {name} to {value}")
    return pick


def _dawn(ed: EditorScene, text: str) -> None:
    if not text.strip():
        ed.edit(D.with_dawn(ed.doc, None), "let the night last the battle")
        return
    v = number(text, 2, min(MAX_TURNS, ed.doc.turn_limit), "the dawn")
    if isinstance(v, str) or not float(v).is_integer():
        # from turn 2 (a night holds at least the first) to the last turn
        ed.refuse(v if isinstance(v, str) else "the dawn comes at the start of a whole turn")
        return
    ed.edit(D.with_dawn(ed.doc, int(v)), "set the dawn")


# --- the sides ------------------------------------------------------------------------------------


def _nations() -> list[tuple[str, str]]:
    return [(n.title(), n) for n in NATIONS]


def _unused_nation(sc) -> str:
    """The first nation no side fights for yet (a new side is most likely a new enemy)."""
    taken = {side.nation for side in sc.sides}
    return next((n for n in NATIONS if n not in taken), NATIONS[0])


def _sides(f: Form, ed: EditorScene) -> None:
    sc = ed.doc
    si = ed.side_index()
    f.choice("Side", [(s.name, str(i)) for i, s in enumerate(sc.sides)] or [("(none)", "-1")], str(si),
             "The side whose details are shown below.", lambda v: ed.choose_side(int(v)))
    f.buttons([
        ("Add side", "A new side with one empty squadron.", lambda: ed.edit(D.add_side(ed.doc, _unused_nation(ed.doc)),
                                                                             "add a side")),
        ("Remove side", "Remove this side with all its ships.", lambda: ed.remove_side()),
    ])
    if si < 0:
        return
    side = sc.sides[si]
    f.entry("Name", side.name, "The side's name, as the game shows it.  Its id in the file is made from it.",
            lambda t: ed.edit(D.rename_side(ed.doc, si, t.strip() or side.name), "rename the side"))
    f.choice("Nation", _nations(), side.nation, "The nation the side fights for (its squadrons' unless they say "
             "otherwise).", lambda v: ed.edit(D.with_side(ed.doc, si, nation=v), "change the side's nation"))
    named = [(name, f"{r},{g},{b}") for name, (r, g, b) in COLOURS]
    mine = ",".join(str(c) for c in side.colour)
    if mine not in [v for _, v in named]:
        named.insert(0, (f"Its own ({mine})", mine))
    f.choice("Colour", named, mine, "The colour of the side's bases and names on the table.",
             lambda v: ed.edit(D.with_side(ed.doc, si, colour=tuple(int(c) for c in v.split(","))),
                               "recolour the side"))
    f.skip(6)
    qi = ed.squadron_index()
    f.choice("Squadron", [(q.name, str(i)) for i, q in enumerate(side.squadrons)] or [("(none)", "-1")], str(qi),
             "The squadron new ships join, and whose details are shown below.", lambda v: ed.choose_squadron(int(v)))
    f.buttons([
        ("Add squadron", "A new empty squadron for this side.", lambda: ed.edit(D.add_squadron(ed.doc, si),
                                                                                "add a squadron")),
        ("Remove squadron", "Remove this squadron with its ships.", lambda: ed.remove_squadron()),
    ])
    if qi < 0:
        return
    sq = side.squadrons[qi]
    f.entry("Its name", sq.name, "The squadron's name.", lambda t: ed.edit(
        D.rename_squadron(ed.doc, si, qi, t.strip() or sq.name), "rename the squadron"))
    f.choice("Sails under", [(f"The side's ({side.nation.title()})", ""), *_nations()], sq.nation or "",
             "The flag this squadron sails under, if not the side's (the Combined Fleet had both).",
             lambda v: ed.edit(D.with_squadron(ed.doc, si, qi, nation=v or None), "change the squadron's nation"))
    n = len(sq.ships)
    f.note(f"{n} ship{'s' if n != 1 else ''}; add them on the Ships page.")


# --- the ships -------------------------------------------------------------------------------------


def _ships(f: Form, ed: EditorScene) -> None:
    sc = ed.doc
    homes = [(f"{side.name}: {sq.name}", f"{si},{qi}") for si, side in enumerate(sc.sides)
             for qi, sq in enumerate(side.squadrons)]
    if not homes:
        f.note("Add a side with a squadron first (Sides page).")
        return
    f.choice("Joins", homes, f"{ed.side_index()},{ed.squadron_index()}", "The side and squadron a new ship joins.",
             lambda v: ed.choose_home(*(int(x) for x in v.split(","))))
    f.choice("Find", [("All nations", ""), *_nations()], ed.ship_nation, "Show only this nation's ships.",
             lambda v: ed.filter_ships(v, ed.ship_search),
             then=("", ed.ship_search, "Part of a ship's name, or her rate (74, 1st...).  Enter to search.",
                   lambda t: ed.filter_ships(ed.ship_nation, t.strip())), then_numbers=False)
    classes = ed.ship_classes()
    items = [(f"{c.name} ({c.rate}, {c.guns})", c.id) for c in classes]
    # the list takes what room the chosen ship's rows leave
    below = 346 if ed.selected_at() is not None else 40  # the chosen ship's rows, or a line saying how to choose
    room = max(80, min(320, f.height - f.y - below))
    f.pick_list(items, ed.chosen_class, room, "Pick a ship, then click the table to place her (Q/E turn her first; "
                "right-click or Escape stops placing).", ed.choose_class)
    at = ed.selected_at()
    if at is None:
        f.note("Click a ship on the table to set her up.", cls="@caption")
        return
    s = D.ship_at(sc, at)
    f.heading(f"{s.shown_name} ({s.id})", f"{s.ship.name}: {s.ship.rate} rate, {s.ship.guns} guns, "
              f"{s.ship.quality} crew.")
    f.entry("Her name", s.name, f"The name she sails under, if not her class's ({s.ship.name}): her card, label, "
            "the log and the report use it.  Empty: her class's name.",
            lambda t: ed.edit(D.with_ship(ed.doc, at, name=" ".join(t.split())), "rename her"), limit=200)
    full = {t: int(getattr(s.ship, t)) for t in CONDITION_TRACKS}
    f.entries("Condition", [(t[0].upper(), str(s.condition.get(t, full[t])), f"Her {t} at the start: at most her "
                             f"class's {full[t]}.  Empty: full.", _track(ed, at, t)) for t in CONDITION_TRACKS],
              "A ship damaged before the battle (hull, rigging, crew): each at most her class's figure.")
    f.choice("Squadron", homes, f"{at[0]},{at[1]}", "The side and squadron she sails with.",
             lambda v: ed.edit(D.move_to_squadron(ed.doc, at, *(int(x) for x in v.split(",")))[0],
                               "move her to another squadron"))
    f.entry("Heading", f"{s.pose[2]:g}", "Her heading in degrees (Q/E turn her 15, Shift 5; or drag the handle at "
            "her bow).", lambda t: ed.turn_to(t), numbers=True, limit=5)
    f.choice("Sail", [(w.title(), w) for w in ed.app.rules.sails], s.sail, "The sail she sets at the start.",
             lambda v: ed.edit(D.with_ship(ed.doc, at, sail=v), "change her sail"))
    f.choice("Crew", [(f"As her class ({s.ship.quality})", ""), *[(q.title(), q) for q in ed.app.rules.crew_qualities]],
             s.quality or "", "Her crew's quality, if not her class's.",
             lambda v: ed.edit(D.with_ship(ed.doc, at, quality=v or None), "change her crew"))
    f.choice("Anchored", [("No", ""), *[(f"By the {e}", e) for e in ANCHOR_ENDS]], s.anchored,
             "She starts the battle at anchor (the anchors option is switched on with it).", ed.anchor)
    f.tick("Flagship", s.flagship, "The side's flagship (one a side: ticking her unticks the other).",
           lambda on: ed.edit(D.set_flagship(ed.doc, at, on), "change the flagship"),
           then=("Delete ship", "Take her off the table.  Key: Delete", ed.delete_selected))


def _track(ed: EditorScene, at: D.ShipAt, track: str) -> Callable[[str], None]:
    """One track of her starting condition: refused above her class's figure (damage cannot add to her)."""
    def done(text: str) -> None:
        s = D.ship_at(ed.doc, at)
        full = int(getattr(s.ship, track))
        condition = dict(s.condition)
        if not text.strip():
            condition.pop(track, None)
        else:
            lo = 0 if track == "rigging" else 1  # a ship with no hull or crew left is not in the battle
            v = number(text, lo, full, f"her {track}")
            if isinstance(v, str):
                ed.refuse(f"{v} ({s.ship.name}'s {track} is {full})" if "must be" in v else v)
                return
            condition[track] = int(v)
            if condition[track] == full:  # a full track is one the file leaves out
                condition.pop(track)
        ed.edit(D.with_ship(ed.doc, at, condition=condition), f"set her {track}")
    return done


# --- the shore batteries -----------------------------------------------------------------------


def _forts(f: Form, ed: EditorScene) -> None:
    sc = ed.doc
    if not sc.sides:
        f.note("Add a side first (Sides page).")
        return
    f.choice("Joins", [(s.name, str(i)) for i, s in enumerate(sc.sides)], str(max(0, ed.side_index())),
             "The side a new battery fights for.", lambda v: ed.choose_side(int(v)))
    f.buttons([("Place a battery", "Click the table where it stands (Escape stops placing).  Drag a battery to "
                "move it.", ed.start_battery)])
    at = ed.selected_battery()
    f.skip(6)
    if at is None:
        f.note("Click a battery on the table to set it up.")
        return
    b = D.battery_at(sc, at)
    f.heading(f"{b.name} ({sc.sides[at[0]].name})", f"Its id in the file: {b.id}")
    f.entry("Name", b.name, "The battery's name.", lambda t: ed.edit(D.rename_battery(ed.doc, at, t.strip() or b.name),
                                                                    "rename the battery"))

    def whole(field: str, what: str, lo: int, hi: int):
        def done(text: str) -> None:
            v = number(text, lo, hi, what)
            if isinstance(v, str) or not float(v).is_integer():
                ed.refuse(v if isinstance(v, str) else f"{what} is a whole number")
                return
            if field == "guns" and (why := ed.app.rules.broadside_guns_problem(int(v))):
                ed.refuse(why)
                return
            ed.edit(D.with_battery(ed.doc, at, **{field: int(v)}), f"change the battery's {what}")
        return done

    f.entry("Guns", str(b.guns), "Guns in the battery (they fire as a ship's broadside would).",
            whole("guns", "guns", 1, 1000), numbers=True, limit=4)
    f.entry("Fort points", str(b.fort), "What the works can take, as a ship's hull.",
            whole("fort", "fort points", 1, 10000), numbers=True, limit=5)
    f.entry("Crew", str(b.crew), "The gunners, as a ship's crew track.", whole("crew", "crew", 1, 10000),
            numbers=True, limit=5)

    def share(text: str) -> None:
        v = number(text, 0, 1, "the heavy share")
        if isinstance(v, str):
            ed.refuse(v)
            return
        ed.edit(D.with_battery(ed.doc, at, large_share=v), "change the battery's heavy guns")

    f.entry("Heavy share", f"{b.large_share:g}", "The share of its guns that are 24-pounders or heavier (0 to 1).",
            share, numbers=True, limit=5)
    f.choice("Quality", [(q.title(), q) for q in ed.app.rules.crew_qualities], b.quality, "The gunners' quality.",
             lambda v: ed.edit(D.with_battery(ed.doc, at, quality=v), "change the battery's quality"))

    def arc(i: int, text: str) -> None:
        if not text.strip():
            ed.edit(D.with_battery(ed.doc, at, arc=None), "let the battery fire all round")
            return
        v = number(text, 0, 360, "an arc's bearing")
        if isinstance(v, str):
            ed.refuse(v)
            return
        old = D.battery_at(ed.doc, at).arc or (0.0, 0.0)
        new = (v % 360, old[1]) if i == 0 else (old[0], v % 360)
        ed.edit(D.with_battery(ed.doc, at, arc=new), "change the battery's arc")

    tip = "Its arc of fire runs clockwise from this bearing to the other; leave both empty to fire all round."
    f.entry("Arc from", f"{b.arc[0]:g}" if b.arc else "", tip, lambda t: arc(0, t), numbers=True, limit=5)
    f.entry("Arc to", f"{b.arc[1]:g}" if b.arc else "", tip, lambda t: arc(1, t), numbers=True, limit=5)
    f.buttons([("Delete battery", "Remove it.  Key: Delete", ed.delete_selected)])


# --- the terrain ------------------------------------------------------------------------------------


def _terrain(f: Form, ed: EditorScene) -> None:
    sc = ed.doc
    kinds = [(k.title(), k) for k in TERRAIN_KINDS]
    f.choice("New piece", kinds, ed.new_kind, "The kind of the next piece you draw.",
             lambda v: ed.set_new_kind(v))
    f.buttons([("Draw a piece", "Click its corners on the table; Enter or a double-click closes it, Backspace "
                "takes back the last corner, Escape abandons it.  Key: T", ed.start_drawing)])
    f.note("Drag a corner of the chosen piece to move it.", tip="Click a piece on the table to choose it.")
    i = ed.selected_terrain_index()
    f.skip(6)
    if i is None:
        f.note("Click a piece of terrain to change it.")
        return
    t = sc.terrain[i]
    f.heading(f"{t.kind.title()}: {t.name or 'no name'}", f"Its id in the file: {t.id}; {len(t.points)} corners.")
    f.entry("Name", t.name, "The name written on the table (may be empty).",
            lambda text: ed.edit(D.rename_terrain(ed.doc, i, text.strip()), "rename the terrain"))
    f.choice("Kind", kinds, t.kind, "Island and coast block ships and shot; a shoal is shallow water.",
             lambda v: ed.edit(D.with_terrain(ed.doc, i, kind=v), "change the terrain's kind"))
    if t.kind == "shoal":
        rates = [("Any ship (no depth)", ""), *[(f"{r} rate and bigger", r) for r in ed.app.rules.rates]]
        f.choice("Depth", rates, t.depth, "The rate that must feel her way over it (option shoals).",
                 lambda v: ed.edit(D.with_terrain(ed.doc, i, depth=v), "change the shoal's depth"))
    f.buttons([("Delete piece", "Remove this piece.  Key: Delete", ed.delete_selected)])


# --- victory -------------------------------------------------------------------------------------------


def _victory(f: Form, ed: EditorScene) -> None:
    sc = ed.doc
    names = {side.id: side.name for side in sc.sides}
    f.choice("Won on", [("Points (ships and objectives)", "points"), ("Objectives alone", "objectives")],
             str(sc.victory.get("mode", "points")), "Points: ships lost and taken score, and so do objectives.  "
             "Objectives alone: only the objectives score.", lambda v: _mode(ed, v))
    aims = V.objectives(sc)
    shown = [("Exit edges", "-1"), *[(_aim_words(o, names), str(i)) for i, o in enumerate(aims)]]
    oi = ed.objective_index()
    f.choice("Show", shown, str(oi), "The exit edges, or one objective to set up.",
             lambda v: ed.choose_objective(int(v)))
    adds = [("Add an objective\u2026", "")] + [(f"{k.title()} for {side.name}", f"{k},{side.id}")
                                              for side in sc.sides for k in OBJECTIVE_KINDS]
    f.choice("New", adds, "", "A new objective: its kind and the side that scores it.  Escape: ships leave by an "
             "edge; protect: ships kept afloat; take: enemy ships taken; destroy: enemy ships or batteries "
             "destroyed; hold: a zone held.", lambda v: _add_aim(ed, v))
    f.skip(6)
    if oi < 0:
        _edges(f, ed)
        return
    _aim(f, ed, oi, aims[oi], names)


def _aim_words(o: dict, names: dict[str, str]) -> str:
    return f"{str(o.get('kind')).title()}: {o.get('name') or o.get('id')} ({names.get(o.get('side', ''), '?')})"


def _mode(ed: EditorScene, mode: str) -> None:
    got = V.set_mode(ed.doc, mode)
    if isinstance(got, str):
        ed.refuse(got)
        return
    ed.edit(replace(ed.doc, victory=got), "change how the battle is won")


def _add_aim(ed: EditorScene, value: str) -> None:
    if not value:
        return
    kind, side_id = value.split(",", 1)
    got = V.add_objective(ed.doc, kind, side_id)
    if isinstance(got, str):
        ed.refuse(got)
        return
    victory, i = got
    ed.objective = i
    ed.edit(replace(ed.doc, victory=victory), f"add a {kind} objective")


def _edges(f: Form, ed: EditorScene) -> None:
    sc = ed.doc
    f.heading("Exit edges", "A side with an exit edge may take its ships off the table there, each scoring her own "
              "value (an escape without points).")
    def edge(side_id: str) -> Callable[[str], None]:
        return lambda v: ed.edit(replace(ed.doc, victory=V.with_exit_edge(ed.doc, side_id, v)), "change an exit edge")

    for side in sc.sides:
        f.choice(side.name[:14], [(EDGE_WORDS[e], e) for e in V.edge_choices()], V.exit_edge(sc, side.id),
                 f"The edge {side.name} may leave the table by.", edge(side.id))


#: The table's edges as the panel names them.
EDGE_WORDS = {V.NO_EDGE: "None", "north": "North", "south": "South", "east": "East", "west": "West"}


def _aim(f: Form, ed: EditorScene, i: int, aim: dict, names: dict[str, str]) -> None:
    kind, side_id = str(aim["kind"]), str(aim["side"])

    def change(what: str, **changes) -> None:
        ed.edit(replace(ed.doc, victory=V.with_objective(ed.doc, i, **changes)), what)

    f.heading(f"{kind.title()} for {names.get(side_id, side_id)}", f"Its id in the file: {aim['id']}")
    f.entry("Name", str(aim.get("name") or ""), "How the log, the card and the report name it (may be empty).",
            lambda t: change("rename the objective", name=" ".join(t.split())))

    def points(text: str) -> None:
        v = V.points_problem(text, kind)
        if isinstance(v, str):
            ed.refuse(v)
            return
        change("change the objective's points", points=v)

    tip = ("Points for each ship that does it" if kind != "hold" else "Points each time the zone is held") + \
        (".  Empty: each ship scores her own value." if kind == "escape" else ".")
    pts = aim.get("points")
    f.entry("Points", "" if pts is None else f"{pts:g}", tip, points, numbers=True, limit=7)
    f.tick("Ends the battle", bool(aim.get("ends")), "The battle ends at once when it is done (every ship through, "
           "every prize taken, the zone held).", lambda on: change("change when the battle ends", ends=on))
    if kind in V.OWN_SHIPS + V.ENEMY_SHIPS:
        _aim_ships(f, ed, i, aim)
    if kind in V.OWN_SHIPS:
        edges = [(EDGE_WORDS[e], e) for e in V.edge_choices()]
        if kind == "escape":
            edges = edges[1:]  # an escape needs its edge
        else:
            edges[0] = ("Any edge", V.NO_EDGE)
        f.choice("By the edge", edges, str(aim.get("edge") or V.NO_EDGE), "The edge the ships get away by.",
                 lambda v: change("change the objective's edge", edge="" if v == V.NO_EDGE else v))
    if kind == "hold":
        _zone(f, ed, i, aim)
    f.buttons([("Remove objective", "Take this objective away.", lambda: _remove_aim(ed, i))])


def _remove_aim(ed: EditorScene, i: int) -> None:
    ed.objective = -1
    ed.edit(replace(ed.doc, victory=V.remove_objective(ed.doc, i)), "remove an objective")


def _aim_ships(f: Form, ed: EditorScene, i: int, aim: dict) -> None:
    kind = str(aim["kind"])
    found = dict(V.candidates(ed.doc, kind, str(aim["side"])))
    named = [u for u in aim.get("ships") or ()]
    words = ", ".join(found.get(u, u) for u in named) if named else "every ship of the side"
    f.note(f"Ships ({len(named) or 'all'}): {words}", lines=3 if len(words) > 36 else 1,
           tip="Whose ships: " + ("the side's own." if kind in V.OWN_SHIPS else "the enemy's."))

    def toggle(on: bool) -> Callable[[str], None]:
        def pick(uid: str) -> None:
            if not uid:
                return
            got = V.with_ship_named(ed.doc, i, uid, on)
            if isinstance(got, str):
                ed.refuse(got)
                return
            ed.edit(replace(ed.doc, victory=got), "add a ship to the objective" if on else
                    "take a ship from the objective")
        return pick

    free = [(name, uid) for uid, name in found.items() if uid not in named]
    f.choice("Add ship", [("Choose\u2026", ""), *free], "", "Name another ship for this objective.", toggle(True))
    f.choice("Remove ship", [("Choose\u2026", ""), *[(found.get(u, u), u) for u in named]], "",
             "Take a ship off this objective.", toggle(False))


def _zone(f: Form, ed: EditorScene, i: int, aim: dict) -> None:
    circle = aim.get("zone") is None
    if circle:
        c = aim.get("centre") or (0.0, 0.0)
        f.note(f"A circle round ({c[0]:.1f}, {c[1]:.1f})", tip="The zone to hold, drawn on the table.")
    else:
        f.note(f"A polygon of {len(aim['zone'])} corners", tip="The zone to hold, drawn on the table.")
    f.buttons([("Centre on table", "Click the table where the circle's centre goes (Escape: stop).",
                lambda: ed.start_zone(i, "zone_centre")),
               ("Draw a polygon", "Click its corners on the table; Enter or a double-click closes it (Escape: "
                "abandon it).", lambda: ed.start_zone(i, "zone"))])
    if circle:
        def radius(text: str) -> None:
            v = V.radius_problem(text)
            if isinstance(v, str):
                ed.refuse(v)
                return
            ed.edit(replace(ed.doc, victory=V.with_objective(ed.doc, i, radius=v)), "change the zone's radius")
        f.entry("Radius", f"{float(aim.get('radius') or 0):g}", "The circle's radius in inches.", radius,
                numbers=True, limit=6)
    f.choice("Scored", [("Once, at the end", "end"), ("At every turn's end", "turn")], str(aim.get("when", "end")),
             "When the side scores for holding the zone alone.",
             lambda v: ed.edit(replace(ed.doc, victory=V.with_objective(ed.doc, i, when=v)), "change when it scores"))
