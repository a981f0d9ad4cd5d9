"""Perft throughput of our engine against py-draughts, measured in the same run.

Run through `bench/compare`, which sets up bench/.venv and builds our CLI. For every position
both engines count the same perft tree (bulk-counting the last ply, as both implementations
do); node counts are checked against each other and against tests/data/perft.txt. py-draughts
is a GPL peer used only as a black box to measure against.
"""

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import draughts
from draughts import BrazilianBoard, RussianBoard, StandardBoard

try:  # International-only bitboard perft shipped with py-draughts 1.10.
    from draughts.engines.turbo import perft_from_board as turbo_perft
except ImportError:  # pragma: no cover - other versions
    turbo_perft = None

ROOT = Path(__file__).resolve().parent.parent
BOARDS = {"international": StandardBoard, "russian": RussianBoard, "brazilian": BrazilianBoard}
# py-draughts' AmericanBoard makes captures optional, so it is not English checkers: not compared.
COMPARED = set(BOARDS)
# Deep enough for every position to reach the `--seconds` threshold (Woldouby's tree is narrow:
# `turbo` needs depth 13, where our count takes ~50 ms rather than an 11 ms one at depth 12).
MAX_DEPTH = 16


def load_reference():
    """(variant, fen, [counts]) from tests/data/perft.txt."""
    rows = []
    for line in (ROOT / "tests/data/perft.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        variant, fen, counts = (part.strip() for part in line.split("|"))
        rows.append((variant, fen, [int(c) for c in counts.split()]))
    return rows


def explicit_fen(fen):
    """Expands ranges (`31-50`, `K1-5`) and puts White first, so any FEN reader accepts it."""
    fields = fen.split(":")
    out = [fields[0]]
    for field in fields[1:]:
        colour, body = field[0], field[1:]
        squares = []
        for item in filter(None, body.split(",")):
            king = item.startswith("K")
            item = item[1:] if king else item
            m = re.fullmatch(r"(\d+)-(\d+)", item)
            nums = range(int(m[1]), int(m[2]) + 1) if m else [int(item)]
            squares += [("K" if king else "") + str(n) for n in nums]
        out.append(colour + ",".join(squares))
    # White's field first: py-draughts rejects `B…:W…`.
    return ":".join([out[0]] + sorted(out[1:], key=lambda f: f[0] != "W"))


def board_perft(board, depth):
    """Perft through py-draughts' public API: legal_moves, push, pop."""
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += board_perft(board, depth - 1)
        board.pop()
    return total


def time_theirs(make_board, counter, max_depth, seconds):
    """Deepens until one depth takes `seconds`; returns {depth: (nodes, secs)}."""
    results = {}
    for d in range(1, max_depth + 1):
        board = make_board()
        t = time.perf_counter()
        n = counter(board, d)
        results[d] = (n, time.perf_counter() - t)
        if results[d][1] >= seconds:
            break
    return results


def run_ours(binary, variant, fen, depth, threads=1):
    """{depth: (nodes, secs)} from `draughts perft` (one `depth nodes seconds` line per depth)."""
    cmd = [str(binary), "perft", "--variant", variant, "--depth", str(depth), "--fen", fen,
           "--threads", str(threads)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    results = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0].isdigit():
            results[int(parts[0])] = (int(parts[1]), float(parts[2]))
    return results


def time_ours(binary, variant, fen, depth, min_seconds, threads=1):
    """Our counts up to `depth`, and (nodes, seconds) at that same depth, summed over as many
    runs as it takes to time at least `min_seconds` (a fast run is repeated, not deepened)."""
    res = run_ours(binary, variant, fen, depth, threads)
    nodes, secs = res[depth]
    while secs < min_seconds:
        n, s = run_ours(binary, variant, fen, depth, threads)[depth]
        nodes, secs = nodes + n, secs + s
    return res, (nodes, secs)


def fmt_nps(n, s):
    return f"{n / s / 1e6:8.2f}M" if s > 0 else "     inf"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True, help="our CLI (target/release/draughts)")
    ap.add_argument("--seconds", type=float, default=2.0,
                    help="deepen py-draughts until one depth takes this long")
    ap.add_argument("--ours-seconds", type=float, default=0.25,
                    help="repeat our perft at the same depth until the runs add up to this long")
    ap.add_argument("--quick", action="store_true", help="short run (CI smoke test)")
    args = ap.parse_args()
    if args.quick:
        args.seconds, args.ours_seconds = 0.2, 0.02

    cores = os.cpu_count() or 1
    print(f"py-draughts {getattr(draughts, '__version__', '?')}, python {sys.version.split()[0]}")
    print(f"ours: {args.ours}")
    print("nodes/s = perft leaves / seconds (both bulk-count the last ply); "
          "ratio = ours / theirs")
    print(f"py-draughts runs on one thread; ours is shown on 1 thread and on all {cores} cores "
          f"(perft --threads {cores})\n")
    header = (f"{'position':<26} {'peer':<6} {'d':>2} {'nodes':>10} {'theirs s':>9} "
              f"{'theirs n/s':>10} | {'ours 1t n/s':>11} {'ratio':>6} | "
              f"{f'ours {cores}t n/s':>11} {'ratio':>6}")
    print(header)
    print("-" * len(header))

    mismatches = 0
    ratios = []
    tricky = 0
    legend = []
    for variant, fen, reference in load_reference():
        if variant not in COMPARED:
            continue
        start = fen in ("W:W31-50:B1-20", "W:W21-32:B1-12")
        if not start and variant != "international":
            continue
        if start:
            label = f"{variant} start"
        else:
            tricky += 1
            label = f"international tricky {tricky}"
            legend.append(f"  tricky {tricky}: {fen}")
        py_fen = explicit_fen(fen)
        cls = BOARDS[variant]

        peers = [("board", lambda: cls.from_fen(py_fen), board_perft)]
        if variant == "international" and turbo_perft is not None:
            peers.append(("turbo", lambda: cls.from_fen(py_fen), turbo_perft))
        for peer, make_board, counter in peers:
            theirs = time_theirs(make_board, counter, MAX_DEPTH, args.seconds)
            depth = max(theirs)
            n_theirs, s_theirs = theirs[depth]
            ours, (n_ours, s_ours) = time_ours(args.ours, variant, fen, depth, args.ours_seconds)
            _, (n_all, s_all) = time_ours(args.ours, variant, fen, depth, args.ours_seconds,
                                          cores)
            for d, (n, _) in theirs.items():
                ref = reference[d - 1] if d <= len(reference) else None
                if ours[d][0] != n or (ref is not None and ref != n):
                    mismatches += 1
                    print(f"WARNING: {label} depth {d}: ours {ours[d][0]}, "
                          f"py-draughts ({peer}) {n}, reference {ref}")
            for d, (n, _) in ours.items():
                ref = reference[d - 1] if d <= len(reference) else None
                if ref is not None and ref != n:
                    mismatches += 1
                    print(f"WARNING: {label} depth {d}: ours {n}, reference {ref}")
            theirs_nps = n_theirs / s_theirs
            ratio = (n_ours / s_ours) / theirs_nps if s_ours > 0 else float("inf")
            ratio_all = (n_all / s_all) / theirs_nps if s_all > 0 else float("inf")
            ratios.append((label, peer, ratio, ratio_all))
            print(f"{label:<26} {peer:<6} {depth:>2} {n_theirs:>10} {s_theirs:>9.3f} "
                  f"{fmt_nps(n_theirs, s_theirs):>10} | {fmt_nps(n_ours, s_ours):>11} "
                  f"{ratio:>5.0f}x | {fmt_nps(n_all, s_all):>11} {ratio_all:>5.0f}x")

    print("\n".join([""] + legend))
    print()
    if not args.quick:
        res = run_ours(args.ours, "international", "W:W31-50:B1-20", 9)
        n9, s9 = res[9]
        print(f"International perft(9): {n9} leaves in {s9:.3f} s "
              f"({fmt_nps(n9, s9).strip()} nodes/s; target < 1 s: {'met' if s9 < 1 else 'NOT met'})")
    for i, how in ((2, "1 thread"), (3, f"{cores} cores")):
        worst = min(ratios, key=lambda r: r[i])
        met = sum(r[i] >= 200 for r in ratios)
        print(f"lowest ratio on {how}: {worst[i]:.0f}x ({worst[0]}, py-draughts {worst[1]}); "
              f">= 200x on {met} of {len(ratios)} comparisons")
    if mismatches:
        print(f"WARNING: {mismatches} node-count disagreement(s)")
        return 1
    print("node counts: all agree (ours = py-draughts = tests/data/perft.txt)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
