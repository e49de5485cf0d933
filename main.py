"""Quarterdeck: Age-of-Sail naval battles on a gridless table.

This file only reads the command line and hands over; see README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

# pygame greets on standard output when imported, which would spoil the JSON that
# --bench, --selfplay and --replay print there for other programs to read.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.mail import cli as mail_cli  # noqa: E402 - argparse only; the e-mail game is imported when used


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="quarterdeck", description="Age-of-Sail naval wargame (Beat to Quarters v2.1).")
    p.add_argument("--scenario", metavar="NAME", help="start straight into this scenario")
    p.add_argument(
        "--rules", metavar="SYSTEM",
        help="the rule system to play: btq21 (Beat to Quarters v2.1) or cagway (Cagway Bay v2.2); "
        "--scenario and --selfplay then find NAME among its scenarios (a scenario names its own otherwise)",
    )
    p.add_argument("--seed", type=_seed, default=None, help="dice seed (default: random for play, 1 for self-play)")
    p.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="[SIDE:]KIND",
        help="who commands a side: human, random, scripted, captain:easy|normal|hard|<N>ms (captain alone: normal), "
        "captain-v1 (the old captain); e.g. french:captain:hard (repeatable)",
    )
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    p.add_argument("--check-data", nargs="*", metavar="FILE", help="validate ships, rules and scenarios")
    p.add_argument("--selfplay", metavar="NAME", help="headless computer-vs-computer games of a scenario")
    p.add_argument("--games", type=_games, default=1, help="number of self-play games")
    p.add_argument("--match", nargs=2, metavar=("KIND_A", "KIND_B"), help="alternate two player kinds between sides")
    p.add_argument("--log", metavar="FILE.jsonl", help="write the battle log (JSON lines)")
    p.add_argument("--save", metavar="FILE", help="save the (self-played) game")
    p.add_argument("--replay", metavar="FILE", help="re-run a save headless and print its final state hash")
    p.add_argument("--edit", nargs="?", const="", metavar="FILE", help="open the scenario editor (on FILE)")
    p.add_argument("--watch", metavar="FILE", help="open the replay viewer on a save (or an autosave)")
    p.add_argument("--screenshot", metavar="FILE.png", help="render one frame without a window and exit")
    p.add_argument("--size", metavar="WxH", default="1600x900", help="window or screenshot size")
    p.add_argument("--select", metavar="SHIP", help="ship to select in a screenshot")
    p.add_argument("--zoom", type=_zoom, metavar="PX", help="screenshot zoom, pixels per inch (default: fitted)")
    p.add_argument("--plain", action="store_true", help="screenshot the plain table (flat colours)")
    p.add_argument("--bench", action="store_true", help="print performance figures as JSON")
    p.add_argument(
        "--report", metavar="FILE", help="write the after-action report of a save (.yaml) or a battle log (.jsonl)"
    )
    p.add_argument("--out", metavar="PATH", help="with --report: the .png or .html to write, or a folder for both")
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME[=VALUE]",
        help="switch on an option of the rule system (repeatable; e.g. wind_shifts, weather=heavy_seas)",
    )
    p.add_argument(
        "--house-rules", metavar="FILE", help="play (or check) with a house-rules file changing numbers of the tables"
    )
    p.add_argument(
        "--fleet-random", nargs=3, metavar=("SYSTEM", "NATION", "BUDGET"),
        help="print a random fleet (seed 1 unless --seed N; --out FILE writes it)",
    )
    p.add_argument(
        "--generate", nargs="?", const=-1, type=_seed, metavar="SEED",
        help="roll a random engagement (Gifford's tactical engagement table) and write it as a scenario file: "
        "with --fleet FILE twice or --budget N --nations A B, --roll K for a line of the table, --out FILE",
    )
    p.add_argument("--fleet", action="append", default=[], metavar="FILE", help="with --generate: a side's fleet file")
    p.add_argument("--budget", type=int, metavar="N", help="with --generate: points for each random fleet")
    p.add_argument("--nations", nargs=2, metavar=("A", "B"), help="with --generate: the random fleets' nations")
    p.add_argument("--roll", type=int, metavar="K", help="with --generate: the line of the D12 table (1-12)")
    p.add_argument(
        "--campaign", metavar="NEW|FILE",
        help="play Gifford's campaign headless, both sides run by the computer's admiral and every engagement "
        "resolved automatically; one JSON line a month (with --months N, --seed N, --auto)",
    )
    p.add_argument("--months", type=int, metavar="N", help="with --campaign: months to play (default: to the end)")
    p.add_argument("--auto", action="store_true", help="with --campaign FILE: the admiral runs a person's side too")
    mail_cli.add_arguments(p)
    from game.net.cli import add_arguments as add_net_arguments

    add_net_arguments(p)
    return p


#: Seeds are whole numbers a save can hold (the dice generator's state is 64 bits); self-play adds the game's number.
MAX_SEED = 2**63
MAX_GAMES = 1_000_000


def _seed(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if not 0 <= v < MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED - 1}")
    return v


def _zoom(text: str) -> float:
    from game.ui.camera import MAX_SCALE, MIN_SCALE

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of pixels per inch") from None
    if not MIN_SCALE <= value <= MAX_SCALE:
        raise argparse.ArgumentTypeError(f"give {MIN_SCALE:g} to {MAX_SCALE:g} pixels per inch, not {text}")
    return value


def _games(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if not 1 <= v <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"the number of games is from 1 to {MAX_GAMES}")
    return v


def _missing_dependency() -> str | None:
    """Name a required package that is not installed, so we can say so instead of a traceback."""
    import importlib.util

    for module, package in (("yaml", "PyYAML"), ("pymunk", "pymunk")):
        if importlib.util.find_spec(module) is None:
            return package
    return None


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    missing = _missing_dependency()
    if missing:
        print(f"error: the package {missing} is not installed: run  pip install -r requirements.txt", file=sys.stderr)
        return 2
    if args.check_data is not None:
        from game.content.load import check_data
        from game.fleets.cli import check_fleets, fleet_files

        fleets = fleet_files(args.check_data)
        others = [path for path in args.check_data if path not in fleets]
        problems = check_data(others) if others or not fleets else []
        problems += check_fleets(fleets)
        if not args.check_data:  # every shipped file: the random engagement's table too
            from game.campaign.tables import campaign_problems
            from game.generate.tables import generator_problems

            problems += generator_problems()
            problems += campaign_problems()
        if args.house_rules and not problems:
            problems = _check_house_rules(args.house_rules)
        for line in problems:
            print(line)
        if not problems:
            print("data OK")
        return 2 if problems else 0
    if args.rules is not None:
        problem = _pick_rules(args)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
    if args.fleet_random:
        from game.fleets.cli import random_fleet_command

        return random_fleet_command(*args.fleet_random, seed=args.seed, out=args.out)
    if args.generate is not None:
        from game.generate.cli import generate_command

        seed = None if args.generate == -1 else args.generate
        return generate_command(
            seed, fleet_files=args.fleet, budget=args.budget, nations=args.nations, roll=args.roll, out=args.out
        )
    if args.campaign:
        from game.campaign.runner import run as run_campaign

        return run_campaign(args.campaign, args.months, 1 if args.seed is None else args.seed, args.auto, sys.stdout)
    if mail_cli.wanted(args):
        return mail_cli.run(args)
    if args.host is not None or args.join or args.spectate:
        from game.net.cli import run as run_net

        net = run_net(args)
        if isinstance(net, int):
            return net
        args.net = net  # a NetPlan: the window opens the network battle it describes
    if args.replay:
        return _replay(args.replay)
    if args.report:
        from game.report.cli import run

        return run(args.report, args.out, args.house_rules)
    if args.out:
        print("error: --out goes with --report, --fleet-random or --generate", file=sys.stderr)
        return 2
    if args.selfplay:
        return _selfplay(args)
    if args.bench:
        from game.bench import run_bench

        print(json.dumps(run_bench(), indent=2))
        return 0
    if args.house_rules:
        problems = _check_house_rules(args.house_rules)
        if problems:
            for line in problems:
                print(line, file=sys.stderr)
            return 2
    size = _size(args.size)
    if size is None:
        print(f"error: --size {args.size!r}: give WIDTHxHEIGHT, e.g. 1600x900", file=sys.stderr)
        return 2
    if args.screenshot:
        return _screenshot(args, size)
    if args.watch:
        return _watch(args, size)
    return _window(args, size)


def _size(text: str) -> tuple[int, int] | None:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        return None
    return (w, h) if 320 <= w <= 10000 and 240 <= h <= 10000 else None


def _players(args, sides: list[str] | None = None, system: str | None = None) -> dict[str, str] | str:
    """--player SIDE:KIND (or KIND alone for the last side): who commands which side; the rest are human.

    A kind may carry a level after a colon (``french:captain:hard``, ``captain:800ms``).
    """
    from game.ai import kind_problem, side_and_kind

    out: dict[str, str] = {}
    for arg in args.player:
        side, kind = side_and_kind(arg, sides)
        problem = None if kind == "human" else kind_problem(kind, system, also=("human",))
        if problem:
            return f"--player {arg}: {problem}"
        if side is None:
            if not sides:
                return f"--player {arg}: say which side, e.g. french:{kind}"
            side = sides[-1]
        elif sides and side not in sides:
            return f"--player {arg}: no side {side!r} (sides: {', '.join(sides)})"
        out[side] = kind
    return out


def _scenario_sides(name: str) -> list[str]:
    from game.content.load import ContentError, list_scenarios, open_scenario, scenario_path

    if name not in list_scenarios() and not name.endswith((".yaml", ".yml")):
        return []
    rules, ships = _load_content()
    try:
        return [s.id for s in open_scenario(scenario_path(name), ships, rules).sides]
    except (ContentError, OSError, ValueError):  # the app reports a bad scenario properly
        return []


def _open(app, args) -> str | None:
    """Put the app where the command line asks: a battle, a saved game, a network battle or the menu."""
    if getattr(args, "net", None) is not None:
        from game.ui.netplay import open_plan

        return open_plan(app, args.net)
    if args.load:
        return app.load_game(args.load)
    if args.edit is not None:
        from game.ui.scenes.editor import open_editor

        open_editor(app, args.edit or None)  # a file that does not open is shown in the editor's window
        return None
    if args.scenario:
        sides = _scenario_sides(args.scenario)
        players = _players(args, sides, _scenario_system(args.scenario) if sides else None)
        if isinstance(players, str):
            return players
        try:
            options = _option_settings(args.option, _scenario_system(args.scenario))
        except ValueError as e:
            return str(e)
        return app.start_battle(args.scenario, players, args.seed, options)
    app.back_to_menu()
    return None


def _window(args, size) -> int:
    try:
        from game.ui.app import QuarterdeckApp
    except ImportError as e:
        print(f"error: {e.name or e} is not installed: run  pip install -r requirements.txt", file=sys.stderr)
        return 2
    app = QuarterdeckApp(size, house_rules=args.house_rules)
    err = _open(app, args)
    if err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    app.run()
    return 0


def _watch(args, size) -> int:
    """The replay viewer on a save: read and replayed before the window opens, so a bad file is one line, exit 2."""
    from pathlib import Path

    from game.persistence.save import SaveError, load_save

    rules, ships = _load_content()
    try:
        session = load_save(args.watch, rules, ships)
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        from game.ui.app import QuarterdeckApp
    except ImportError as e:
        print(f"error: {e.name or e} is not installed: run  pip install -r requirements.txt", file=sys.stderr)
        return 2
    app = QuarterdeckApp(size, house_rules=args.house_rules)
    name = Path(args.watch).name
    app.open_replay(session, name, file=name)
    app.run()
    return 0


def _screenshot(args, size) -> int:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.app import QuarterdeckApp

    app = QuarterdeckApp(size, headless=True, house_rules=args.house_rules)
    if not args.scenario and not args.load:
        args.scenario = "squadron"
    if args.seed is None:
        args.seed = 1
    err = _open(app, args)
    if err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    from game.ui.scenes.battle import BattleScene

    scene = app.scene
    assert isinstance(scene, BattleScene)  # _open started a battle or said why not
    if args.select:
        if args.select not in scene.state.ships:
            known = ", ".join(sorted(scene.state.ships))
            print(f"error: --select {args.select!r}: no such ship (ships: {known})", file=sys.stderr)
            return 2
        scene.selected = args.select
        ship = scene.state.ships[args.select]
        scene.cam.cx, scene.cam.cy = ship.x, ship.y
        scene.cam.scale = max(scene.cam.scale, scene.cam.view_h / 40)  # close enough to read her arcs
    if args.zoom:
        scene.cam.scale = args.zoom
    app.settings.plain_table = bool(args.plain)
    app.settings.follow = False  # the frame shows the camera where the command line put it
    for _ in range(3):
        app.step(1 / 60)
    try:
        app.write_screenshot(args.screenshot)
    except OSError as e:
        print(f"error: --screenshot {args.screenshot}: {e.strerror or e}", file=sys.stderr)
        return 2
    print(args.screenshot)
    return 0


def _option_settings(texts: list[str], system_id: str) -> dict[str, dict[str, str]]:
    """``--option NAME[=VALUE]`` as the settings a battle takes; OptionError (a ValueError) says what is wrong."""
    from game.systems import parse_option

    return dict(parse_option(system_id, text) for text in texts)


def _load_content(house_rules: str | None = None):
    """The tables and ships, with the house rules given applied; problems in one line each, exit 2."""
    from game.content.house import load_house_rules
    from game.content.load import ContentError, load_default
    from game.content.paths import rules_path

    try:
        rules, ships = load_default()
        if house_rules:
            rules = load_house_rules(house_rules, rules, rules_path())
        return rules, ships
    except ContentError as e:
        for line in e.problems:
            print(line, file=sys.stderr)
        raise SystemExit(2) from None


def _check_house_rules(path: str) -> list[str]:
    from game.content.house import load_house_rules
    from game.content.load import ContentError, load_default
    from game.content.paths import rules_path

    try:
        load_house_rules(path, load_default()[0], rules_path())
    except ContentError as e:
        return list(e.problems)
    return []


def _replay(path: str) -> int:
    from game.persistence.save import SaveError, load_save

    rules, ships = _load_content()
    try:
        session = load_save(path, rules, ships)
    except SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    st = session.state
    print(
        json.dumps(
            {
                "scenario": st.scenario_id,
                "seed": session.seed,
                "commands": len(session.steps),
                "turn": st.turn,
                "phase": st.phase,
                "winner": st.winner,
                "points": st.points,
                "state_hash": st.state_hash(),
            }
        )
    )
    return 0


def _scenario_system(name: str) -> str:
    from game.content.load import scenario_path, scenario_system

    return scenario_system(scenario_path(name))[0]


def _pick_rules(args) -> str | None:
    """``--rules SYSTEM``: check it, and find the scenario named among that rule system's (NAME or SYSTEM_NAME)."""
    from game.content.load import list_scenarios
    from game.systems import system_ids

    system = args.rules
    if system not in system_ids():
        return f"--rules {system[:40]!r}: no such rule system (known: {', '.join(system_ids())})"
    for attr in ("scenario", "selfplay"):
        name = getattr(args, attr)
        if not name:
            continue
        theirs = list_scenarios(system)
        found = next((n for n in (name, f"{system}_{name}") if n in theirs), None)
        if found is None:
            return f"--rules {system}: no scenario {name[:40]!r} plays under it (its scenarios: {', '.join(theirs)})"
        setattr(args, attr, found)
    return None


def _selfplay(args) -> int:
    from game.content.load import ContentError, list_scenarios, open_scenario, scenario_path
    from game.selfplay import SelfPlayError, run

    rules, ships = _load_content(args.house_rules)
    if args.selfplay not in list_scenarios() and not args.selfplay.endswith((".yaml", ".yml")):
        print(f"error: unknown scenario {args.selfplay!r} (scenarios: {', '.join(list_scenarios())})", file=sys.stderr)
        return 2
    try:
        scenario = open_scenario(scenario_path(args.selfplay), ships, rules)
    except ContentError as e:
        for line in e.problems:
            print(line, file=sys.stderr)
        return 2
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        run(
            scenario,
            rules,
            1 if args.seed is None else args.seed,
            args.games,
            args.player,
            args.match,
            sys.stdout,
            args.log,
            args.save,
            _option_settings(args.option, scenario.system),
        )
    except (SelfPlayError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        sys.exit(0)
