#!/usr/bin/env python3
"""py-draughts' engines as a Hub-protocol engine (International draughts), for `draughts match`.

    python bench/pydraughts_hub.py --engine turbo --time 0.1
    python bench/pydraughts_hub.py --engine alphabeta --depth 4

Engines (py-draughts 1.10.1, used as a library):
  turbo      TurboEngine: its bitboard alpha-beta for 10x10 boards. With --time SEC, iterative
             deepening (to depth 12) within that soft time budget; with --depth D instead, to
             depth D whatever the time (reproducible, and the same on a busy machine); with
             neither, the `move-time` of the Hub `level` command (`draughts match --move-time`).
  alphabeta  SimpleEngine(depth_limit=D): its variant-generic negamax alpha-beta (quiescence,
             transposition table, PVS/LMR) over material and piece-square tables, searched to
             a fixed depth whatever `level` says. (py-draughts has no class named
             AlphaBetaEngine; SimpleEngine is its alpha-beta engine.)

Protocol: `hub` -> `id name=...`, `param`s, `wait`; `init` -> `ready`; `ping` -> `pong`;
`new-game` (fresh engine, empty tables); `pos pos=... moves="..."`; `level ...`;
`go think` -> `done move=...`; `stop`, `ponder-hit`, `set-param` (accepted, no effect);
`quit`. Positions and moves are converted with py-draughts' own hub helpers. The engine
searches synchronously, so `stop` during a search is not possible (nor needed by `match`).
"""
import argparse
import sys
import time

from draughts import SimpleEngine, StandardBoard, TurboEngine
from draughts.engines.hub import (
    hub_position_to_board,
    move_to_hub_notation,
    parse_hub_line,
    parse_hub_move,
)


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Player:
    """One py-draughts engine and the position it is asked about."""

    def __init__(self, kind, depth, fixed_time):
        self.kind = kind
        self.depth = depth
        self.fixed_time = fixed_time
        self.move_time = fixed_time or 1.0
        self.board = StandardBoard()
        self.engine = None
        self.new_game()

    def name(self):
        if self.kind == "turbo":
            if self.depth:
                return f"py-draughts-turbo-d{self.depth}"
            t = f"{self.fixed_time}s" if self.fixed_time else "move-time"
            return f"py-draughts-turbo-{t}"
        return f"py-draughts-alphabeta-d{self.depth}"

    def new_game(self):
        if self.kind == "turbo" and self.depth:
            self.engine = TurboEngine(depth_limit=self.depth, time_limit=None)
        elif self.kind == "turbo":
            self.engine = TurboEngine(time_limit=self.move_time)
        else:
            self.engine = SimpleEngine(depth_limit=self.depth)

    def set_position(self, args):
        board = hub_position_to_board(args["pos"], StandardBoard)
        for text in args.get("moves", "").split():
            board.push(parse_hub_move(text, board.legal_moves, board=board))
        self.board = board

    def set_level(self, args):
        if self.kind == "turbo" and not (self.fixed_time or self.depth) and "move-time" in args:
            self.move_time = float(args["move-time"])
            self.engine.time_limit = self.move_time

    def think(self):
        t0 = time.perf_counter()
        move = self.engine.get_best_move(self.board)
        elapsed = time.perf_counter() - t0
        nodes = getattr(self.engine, "nodes", 0) or 0
        depth = self.engine.completed_depth if self.kind == "turbo" else self.depth
        send(f"info depth={depth} nodes={nodes} time={elapsed:.3f}")
        send(f"done move={move_to_hub_notation(move)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", choices=["turbo", "alphabeta"], default="turbo")
    ap.add_argument(
        "--depth", type=int, default=None, help="search depth (alphabeta: 4 if not given)"
    )
    ap.add_argument(
        "--time", type=float, default=None, help="turbo: seconds a move (else the level's)"
    )
    args = ap.parse_args()
    if (args.depth is not None and args.depth < 1) or (args.time is not None and args.time <= 0):
        ap.error("--depth must be at least 1 and --time positive")
    if args.engine == "turbo" and args.depth is not None and args.time is not None:
        ap.error("turbo takes --depth or --time, not both")
    if args.engine == "alphabeta" and args.time is not None:
        ap.error("alphabeta searches to a fixed --depth")
    if args.engine == "alphabeta" and args.depth is None:
        args.depth = 4
    player = Player(args.engine, args.depth, args.time)

    for line in sys.stdin:
        cmd, params = parse_hub_line(line)
        try:
            if cmd == "hub":
                send(f"id name={player.name()} version=1.10.1 author=\"py-draughts (GPL)\"")
                send("param name=variant value=normal type=enum values=\"normal\"")
                send("wait")
            elif cmd == "init":
                send("ready")
            elif cmd == "ping":
                send("pong")
            elif cmd == "new-game":
                player.new_game()
            elif cmd == "pos":
                player.set_position(params)
            elif cmd == "level":
                player.set_level(params)
            elif cmd == "go":
                player.think()
            elif cmd == "set-param":
                if params.get("name") == "variant" and params.get("value") != "normal":
                    send("error message=\"only International (normal) is played\"")
            elif cmd == "quit":
                break
            # stop, ponder-hit and empty lines need nothing: the search is synchronous.
        except Exception as e:  # a bad position or move: say so instead of dying silently
            text = str(e).replace('"', "'").replace("\n", " ")
            send(f'error message="{text}"')
            print(f"pydraughts_hub: {cmd}: {e}", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
