"""The command line of e-mail games: start one, open a turn file (a computer may answer it), verify a game.

``main.py`` only adds these arguments (:func:`add_arguments`) and hands over
(:func:`run`); everything else is here, imported only when used.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mail-new", metavar="SCENARIO",
                   help="start a game by e-mail as --side SIDE; --out FILE writes the first turn file to send")
    # --side (the side you command) is shared with --host: game.net.cli defines it
    p.add_argument("--mail-open", metavar="FILE",
                   help="open your opponent's turn file (.qdturn); with --player SIDE:KIND the computer moves for "
                        "you and --out FILE writes your answer")
    p.add_argument("--verify", nargs="+", metavar="FILE",
                   help="check a whole e-mail game from its turn files (or a folder of them); exit 0, or 2")


def wanted(args: argparse.Namespace) -> bool:
    return bool(args.mail_new or args.mail_open or args.verify)


def run(args: argparse.Namespace) -> int:
    from .local import MailProblem

    try:
        if args.verify:
            return _verify(args.verify)
        if args.mail_new:
            return _new(args)
        return _open(args)
    except MailProblem as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def _new(args: argparse.Namespace) -> int:
    from .local import MailProblem, new_game

    if not args.side or not args.out:
        raise MailProblem("--mail-new SCENARIO needs --side SIDE and --out FILE (the first turn file)")
    game = new_game(args.mail_new, args.side)
    game.write_turn(args.out)
    print(json.dumps({"game": game.game_id, "side": game.side, "wrote": args.out, "status": game.status()}))
    return 0


def _open(args: argparse.Namespace) -> int:
    from .local import MailProblem, open_turn

    opened = open_turn(args.mail_open)
    game = opened.game
    moved = 0
    if args.player:
        kind = _kind(args.player, game.side)
        if kind is not None:
            moved = computer_moves(game, kind)
    figures: dict[str, Any] = {
        "game": game.game_id, "side": game.side, "seq": game.last_seq, "played": len(opened.played),
        "moved": moved, "over": game.record.over, "status": game.status(),
    }
    session = game.record.session
    if session is not None:
        figures["state_hash"] = session.state.state_hash()
        figures["commands"] = len(session.steps)
    if args.out:
        if game.my_move():
            raise MailProblem(f"it is your move ({game.side}): give --player {game.side}:KIND to let the computer "
                              "move, or play it in the window")
        game.write_turn(args.out)
        figures["wrote"] = args.out
    print(json.dumps(figures))
    return 0


def _kind(players: list[str], side: str) -> str | None:
    """The kind ``--player [SIDE:]KIND`` names for this file's side (a kind may hold a colon: ``captain:hard``)."""
    from game.ai import kind_problem, side_and_kind

    from .local import MailProblem

    for arg in players:
        who, kind = side_and_kind(arg, [side])
        if who in (None, side):
            problem = kind_problem(kind)
            if problem:
                raise MailProblem(f"--player {arg}: {problem}")
            return kind
    return None


def computer_moves(game: Any, kind: str) -> int:
    """A computer player makes this player's moves until the move passes, the dice wait or the battle ends."""
    from game.ai import make_player
    from game.ai.decide import decide

    from .record import TurnProblem

    session = game.record.session
    if session is None:
        return 0
    agent = make_player(kind, session.seed + len(session.steps), game.side, session.system.id)
    moved = 0
    while game.my_move():
        def accept(cmd: Any) -> bool:
            try:
                game.play(cmd)
            except TurnProblem:
                return False
            return True

        decide(agent, session.state, session.legal(), accept)
        moved += 1
    return moved


def _verify(args: list[str]) -> int:
    from .verify import turn_files, verify

    verdict = verify(turn_files(args))
    print(verdict.line if verdict.ok else f"refused: {verdict.line}")
    print(json.dumps(verdict.figures))
    return 0 if verdict.ok else 2
