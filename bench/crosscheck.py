"""Move generation cross-checked against py-draughts on random positions.

Run through `bench/crosscheck` (which sets up bench/.venv and builds our CLI). Random playouts
with py-draughts (International, Russian, Brazilian) stop at a random ply; for each position
reached, perft 1..DEPTH from our CLI must equal py-draughts' count through its public API.
py-draughts is a GPL peer used only as a black box.
"""

import argparse
import random
import re
import subprocess
import sys

from draughts import BrazilianBoard, RussianBoard, StandardBoard

from compare import board_perft

BOARDS = {"international": StandardBoard, "russian": RussianBoard, "brazilian": BrazilianBoard}


def random_positions(cls, games, max_plies, rng):
    """FENs of positions reached by random playouts (positions with no legal move skipped)."""
    for _ in range(games):
        board = cls()
        for _ in range(rng.randint(0, max_plies)):
            moves = board.legal_moves
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_moves:
            # py-draughts writes the FEN as a PDN tag: `[FEN "W:..."]`.
            m = re.search(r'"([^"]*)"', board.fen)
            yield m.group(1) if m else board.fen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True, help="our CLI (target/release/draughts)")
    ap.add_argument("--games", type=int, default=500, help="playouts per variant")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--max-plies", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    checked = disagreements = 0
    for variant, cls in BOARDS.items():
        for fen in random_positions(cls, args.games, args.max_plies, rng):
            cmd = [args.ours, "perft", "--variant", variant, "--depth", str(args.depth), "--fen", fen]
            out = subprocess.run(cmd, capture_output=True, text=True)
            ours = [int(line.split()[1]) for line in out.stdout.splitlines()] if out.returncode == 0 else None
            theirs = [board_perft(cls.from_fen(fen), d) for d in range(1, args.depth + 1)]
            checked += 1
            if ours != theirs:
                disagreements += 1
                print(f"DISAGREE {variant} {fen}: ours {ours or out.stderr.strip()}, py-draughts {theirs}")
    print(f"{checked} positions, perft 1-{args.depth}: {disagreements} disagreement(s)")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
