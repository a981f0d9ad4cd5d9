"""Perft throughput of our engine against py-draughts and pydraughts, measured in the same run.

Run through `bench/compare`, which sets up bench/.venv (py-draughts) and bench/.venv-pydraughts
(pydraughts) and builds our CLI. For every position both engines count the same perft tree
(bulk-counting the last ply, as all three implementations do); node counts are checked against
each other and against tests/data/perft.txt. Both libraries are GPL peers used only as black
boxes to measure against.

The first table is International, Russian and Brazilian against py-draughts (its public API and
its `turbo` perft). The second is the newer variants (NEWER below): against pydraughts in
Frisian, Frysk!, Antidraughts, Breakthrough, Italian and Turkish, and against py-draughts in the
four of those it has. Those peers run in bench/compare_peer.py (pydraughts in its own venv),
which counts as bench/crosscheck.py does: capture routes that take the same pieces from the same
square to the same square are one move, as we count them (pydraughts lists one move per route,
and so does py-draughts in Frisian), and a Breakthrough position with a king has no moves.
"""

import argparse
import json
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

# Newer variants: (variant, label, FEN, depth for pydraughts). pydraughts manages ~1-2k nodes/s,
# so each depth is fixed where it takes ~2-10 s on this machine kind (py-draughts, faster, is
# deepened as in the first table). The middlegames come from random playouts, with no kings on
# the board: pydraughts' two known rule differences (the Frisian king's value, the Turkish king
# stepping over pieces; bench/crosscheck lists them) are about kings. FENs are in our numbering,
# which both libraries share except in Turkish, written algebraically (1 = a1 there).
TURKISH_START = ("W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
                 ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7")
NEWER = [
    ("frisian", "start", "W:W31-50:B1-20", 4),
    ("frisian", "middlegame",
     "B:W29,31-33,35,36,39,40,42-48,50:B1-6,8-10,12-15,17,18,20", 4),
    ("frysk", "start", "W:W46-50:B1-5", 4),
    ("frysk", "middlegame", "W:W32,39,40,46,48:B6,7,9,10,19", 4),
    ("antidraughts", "start", "W:W31-50:B1-20", 4),
    ("antidraughts", "middlegame", "B:W23,31,33,36-50:B1-12,14-16,25", 4),
    ("breakthrough", "start", "W:W31-50:B1-20", 4),
    ("breakthrough", "middlegame", "W:W26,31,32,34,37,38,41-50:B1-12,14,16,18,22-24", 4),
    ("italian", "start", "W:W21-32:B1-12", 5),
    ("italian", "middlegame", "W:W13,17,20,24-32:B1-8,10,12,14", 5),
    ("turkish", "start", TURKISH_START, 4),
    ("turkish", "middlegame",
     "B:Wa2,b2,c2,e2,f2,g2,h2,b3,c3,g3,d4,f4,g4:Bb5,e5,c6,f6,h6,b7,c7,d7,e7,f7,g7,h7", 3),
]
PY_DRAUGHTS_NEWER = {"frisian", "frysk", "antidraughts", "breakthrough"}
# tests/data/perft.txt's rows for these start positions (ours, written in our numbering).
REFERENCE_FEN = {("turkish", TURKISH_START): "W:W41-56:B9-24"}


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
    if re.search("[a-h]", fen[1:]):  # algebraic (Turkish): nothing to expand
        return ":".join([fields[0]] + sorted(fields[1:], key=lambda f: f[0] != "W"))
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


def time_ours(binary, variant, fen, depth, min_seconds, threads=1, max_runs=200):
    """Our counts up to `depth`, and (nodes, seconds) at that same depth, summed over as many
    runs as it takes to time at least `min_seconds` (a fast run is repeated, not deepened), but
    at most `max_runs` runs: a tree of a few thousand leaves takes tens of microseconds, the
    process that counts it milliseconds. Each run is a fresh process, so small trees are timed
    with cold caches: if anything, that understates our speed."""
    res = run_ours(binary, variant, fen, depth, threads)
    nodes, secs = res[depth]
    runs = 1
    while secs < min_seconds and runs < max_runs:
        n, s = run_ours(binary, variant, fen, depth, threads)[depth]
        nodes, secs, runs = nodes + n, secs + s, runs + 1
    return res, (nodes, secs)


def run_peer(python, oracle, variant, fen, how):
    """{depth: (nodes, secs)} from bench/compare_peer.py run by `python` (the peer's venv)."""
    cmd = [str(python), str(ROOT / "bench/compare_peer.py"), "--oracle", oracle,
           "--variant", variant, "--fen", fen] + how
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return {int(d): tuple(v) for d, v in json.loads(out).items()}


def fmt_nps(n, s):
    if s <= 0:
        return "     inf"
    return f"{n / s / 1e6:8.2f}M" if n / s >= 1e5 else f"{n / s / 1e3:8.2f}k"


def check_counts(label, peer, theirs, ours, reference):
    """Warnings for every depth where the peer, ours and the reference (if any) disagree."""
    bad = 0
    for d, (n, _) in theirs.items():
        ref = reference[d - 1] if reference and d <= len(reference) else None
        if ours[d][0] != n or (ref is not None and ref != n):
            bad += 1
            print(f"WARNING: {label} depth {d}: ours {ours[d][0]}, {peer} {n}, reference {ref}")
    for d, (n, _) in ours.items():
        ref = reference[d - 1] if reference and d <= len(reference) else None
        if ref is not None and ref != n:
            bad += 1
            print(f"WARNING: {label} depth {d}: ours {n}, reference {ref}")
    return bad


def compare_row(args, cores, label, peer, variant, fen, theirs, reference, width):
    """Times ours at the peer's deepest depth, checks the counts, prints one row; returns
    (ratio on 1 thread, ratio on all cores, disagreements)."""
    depth = max(theirs)
    n_theirs, s_theirs = theirs[depth]
    ours, (n_ours, s_ours) = time_ours(args.ours, variant, fen, depth, args.ours_seconds, 1,
                                       args.ours_runs)
    _, (n_all, s_all) = time_ours(args.ours, variant, fen, depth, args.ours_seconds, cores,
                                  args.ours_runs)
    bad = check_counts(label, peer, theirs, ours, reference)
    theirs_nps = n_theirs / s_theirs
    ratio = (n_ours / s_ours) / theirs_nps if s_ours > 0 else float("inf")
    ratio_all = (n_all / s_all) / theirs_nps if s_all > 0 else float("inf")
    print(f"{label:<26} {peer:<{width}} {depth:>2} {n_theirs:>10} {s_theirs:>9.3f} "
          f"{fmt_nps(n_theirs, s_theirs):>10} | {fmt_nps(n_ours, s_ours):>11} "
          f"{ratio:>5.0f}x | {fmt_nps(n_all, s_all):>11} {ratio_all:>5.0f}x", flush=True)
    return ratio, ratio_all, bad


def print_header(cores, width):
    header = (f"{'position':<26} {'peer':<{width}} {'d':>2} {'nodes':>10} {'theirs s':>9} "
              f"{'theirs n/s':>10} | {'ours 1t n/s':>11} {'ratio':>6} | "
              f"{f'ours {cores}t n/s':>11} {'ratio':>6}")
    print(header)
    print("-" * len(header))


def summary(ratios, cores, what):
    for i, how in ((2, "1 thread"), (3, f"{cores} cores")):
        worst = min(ratios, key=lambda r: r[i])
        best = max(ratios, key=lambda r: r[i])
        met = sum(r[i] >= 200 for r in ratios)
        print(f"{what}, {how}: ratios {worst[i]:.0f}x ({worst[0]}, {worst[1]}) to "
              f"{best[i]:.0f}x ({best[0]}, {best[1]}); >= 200x on {met} of {len(ratios)}")


def compare_py_draughts(args, cores):
    """The first table: International, Russian, Brazilian against py-draughts."""
    print_header(cores, 6)
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
            ratio, ratio_all, bad = compare_row(args, cores, label, peer, variant, fen, theirs,
                                                reference, 6)
            mismatches += bad
            ratios.append((label, f"py-draughts {peer}", ratio, ratio_all))

    print("\n".join([""] + legend))
    print()
    if not args.quick:
        res = run_ours(args.ours, "international", "W:W31-50:B1-20", 9)
        n9, s9 = res[9]
        print(f"International perft(9): {n9} leaves in {s9:.3f} s "
              f"({fmt_nps(n9, s9).strip()} nodes/s; target < 1 s: {'met' if s9 < 1 else 'NOT met'})")
    summary(ratios, cores, "py-draughts")
    return mismatches


def compare_newer(args, cores):
    """The second table: the newer variants against pydraughts and py-draughts."""
    references = {(v, fen): counts for v, fen, counts in load_reference()}
    print("Newer variants. pydraughts at a fixed depth per position (~2-10 s); py-draughts "
          "deepened as above.\nCounts merge capture routes that take the same pieces from the "
          "same square to the same square\n(as we do; pydraughts lists one move per route, "
          "py-draughts too in Frisian).\n", flush=True)
    print_header(cores, 11)
    mismatches = 0
    ratios = []
    legend = []
    for variant, where, fen, depth in NEWER:
        if args.variants and variant not in args.variants:
            continue
        label = f"{variant} {where}"
        if where != "start":
            legend.append(f"  {label}: {fen}")
        peer_fen = explicit_fen(fen)
        reference = references.get((variant, REFERENCE_FEN.get((variant, fen), fen)))
        peers = []
        if args.pydraughts_python:
            peers.append(("pydraughts", args.pydraughts_python,
                          ["--depth", str(max(1, depth - 2) if args.quick else depth)]))
        if variant in PY_DRAUGHTS_NEWER:
            peers.append(("py-draughts", sys.executable, ["--seconds", str(args.seconds)]))
        for peer, python, how in peers:
            theirs = run_peer(python, peer, variant, peer_fen, how)
            ratio, ratio_all, bad = compare_row(args, cores, label, peer, variant, fen, theirs,
                                                reference, 11)
            mismatches += bad
            ratios.append((label, peer, ratio, ratio_all))
    print("\n".join([""] + legend))
    print()
    for peer in ("pydraughts", "py-draughts"):
        mine = [r for r in ratios if r[1] == peer]
        if mine:
            summary(mine, cores, f"newer variants against {peer}")
    return mismatches



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True, help="our CLI (target/release/draughts)")
    ap.add_argument("--seconds", type=float, default=2.0,
                    help="deepen py-draughts until one depth takes this long")
    ap.add_argument("--ours-seconds", type=float, default=0.25,
                    help="repeat our perft at the same depth until the runs add up to this long")
    ap.add_argument("--ours-runs", type=int, default=200,
                    help="... or until it has run this many times")
    ap.add_argument("--pydraughts-python",
                    help="python of a venv with pydraughts (bench/.venv-pydraughts); without it "
                         "the newer variants are compared with py-draughts only")
    ap.add_argument("--only", choices=["py-draughts", "newer"],
                    help="run one table only: the first (py-draughts) or the newer variants")
    ap.add_argument("--variants", type=lambda s: s.split(","),
                    help="newer variants to compare, comma-separated (e.g. frisian,frysk)")
    ap.add_argument("--quick", action="store_true", help="short run (CI smoke test)")
    args = ap.parse_args()
    if args.quick:
        args.seconds, args.ours_seconds, args.ours_runs = 0.2, 0.02, 10

    cores = os.cpu_count() or 1
    print(f"py-draughts {getattr(draughts, '__version__', '?')}, python {sys.version.split()[0]}")
    if args.pydraughts_python:
        version = subprocess.run(
            [args.pydraughts_python, "-c",
             "import importlib.metadata as m; print(m.version('pydraughts'))"],
            check=True, capture_output=True, text=True).stdout.strip()
        print(f"pydraughts {version} ({args.pydraughts_python})")
    print(f"ours: {args.ours}")
    print("nodes/s = perft leaves / seconds (all bulk-count the last ply); "
          "ratio = ours / theirs")
    print(f"the peers run on one thread; ours is shown on 1 thread and on all {cores} cores "
          f"(perft --threads {cores}), at the peer's depth;\nours is repeated until the runs "
          f"add up to {args.ours_seconds} s or number {args.ours_runs} (the deepest depth's time, "
          f"as the CLI reports it)\n", flush=True)

    mismatches = 0
    if args.only != "newer":
        mismatches += compare_py_draughts(args, cores)
        print()
    if args.only != "py-draughts":
        mismatches += compare_newer(args, cores)
    if mismatches:
        print(f"WARNING: {mismatches} node-count disagreement(s)")
        return 1
    print("node counts: all agree (ours = the peers = tests/data/perft.txt where it has them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
