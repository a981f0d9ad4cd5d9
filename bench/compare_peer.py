"""Times one peer library's perft on one position, for bench/compare.py.

py-draughts and pydraughts both install a module named `draughts`, so each lives in a venv of
its own and bench/compare.py runs this script with that venv's interpreter:

  python bench/compare_peer.py --oracle pydraughts --variant frisian --fen FEN --depth 4
  python bench/compare_peer.py --oracle py-draughts --variant frysk --fen FEN --seconds 2

It prints one JSON object, {"depth": [nodes, seconds], ...}, for depths 1..DEPTH (with
`--seconds`: deepened until one depth takes that long, or until the next one would take more
than `--max-seconds`). Each depth is a separate perft through the library's public API
(`legal_moves`, `push`, `pop`), bulk-counting the last ply, timed on its own.

Counting follows bench/crosscheck.py, so that the counts equal ours: capture routes with the
same origin, destination and captured set are one move (pydraughts, and py-draughts in Frisian,
list one move per route), and a Breakthrough position with a king has no moves (the game is
over; both libraries still list moves there). Two shortcuts keep that bookkeeping out of the
peer's time without changing a count: routes are merged only in positions whose moves are
captures (quiet moves cannot coincide), and py-draughts' kings are read from its bitboards
rather than from a FEN written at every node. Both libraries are GPL peers used only as black
boxes.
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crosscheck import PyDraughts, PyDraughtsOld, unique  # noqa: E402

MAX_DEPTH = 16


class PyDraughtsPeer(PyDraughts):
    @staticmethod
    def has_king(board):
        return bool(board.white_kings or board.black_kings)

    @staticmethod
    def moves(board):
        return board.legal_moves

    @staticmethod
    def is_capture(m):
        return bool(m.captured_list)


class PyDraughtsOldPeer(PyDraughtsOld):
    @staticmethod
    def is_capture(m):
        return bool(m.captures)


def legal(peer, board, breakthrough):
    if breakthrough and peer.has_king(board):
        return []
    moves = peer.moves(board)
    if len(moves) > 1 and peer.is_capture(moves[0]):  # captures are compulsory in every variant
        return unique(peer, moves)
    return moves


def perft(peer, board, depth, breakthrough):
    moves = legal(peer, board, breakthrough)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += perft(peer, board, depth - 1, breakthrough)
        board.pop()
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--oracle", choices=["py-draughts", "pydraughts"], required=True)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--fen", required=True)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--depth", type=int, help="count depths 1..DEPTH")
    group.add_argument("--seconds", type=float, help="deepen until one depth takes this long")
    ap.add_argument("--max-seconds", type=float,
                    help="with --seconds: do not start a depth predicted (from the growth of the "
                         "last two) to take longer than this (default 5 x --seconds)")
    args = ap.parse_args()
    peer = (PyDraughtsPeer if args.oracle == "py-draughts" else PyDraughtsOldPeer)(args.variant)
    breakthrough = args.variant == "breakthrough"
    results = {}
    for d in range(1, (args.depth or MAX_DEPTH) + 1):
        board = peer.from_fen(args.fen)
        t = time.perf_counter()
        n = perft(peer, board, d, breakthrough)
        results[d] = (n, time.perf_counter() - t)
        if args.seconds is not None:
            secs = results[d][1]
            before = results.get(d - 1, (0, 0))[1]
            predicted = secs * secs / before if before > 0 else 0
            if secs >= args.seconds or predicted > (args.max_seconds or 5 * args.seconds):
                break
    json.dump(results, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
