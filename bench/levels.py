#!/usr/bin/env python3
"""The six levels measured in Elo: a round robin of `draughts match` pairings, one fit.

    python3 bench/levels.py                # the default pairings (about an hour of CPU)
    GAMES=4 python3 bench/levels.py        # every pairing 4 games: a quick check
    FIT_ONLY=1 python3 bench/levels.py     # refit the saved results, play nothing

Each pairing is `draughts match --variant international` from random balanced openings
(seeded; each opening played twice, colours swapped), levels at their own limits (depth and
noise for 1-3, node budgets for 4-6, book on, one thread), its full output saved in
$OUT/<a>_vs_<b>.txt with the CPU time it took (a saved pairing is not played again: delete
the file to replay it). Then one fit of all results at once: the Bradley-Terry (logistic)
model, P(i beats j) = 1 / (1 + 10^((Rj - Ri) / 400)), draws counted as half a win, by maximum
a posteriori with BayesElo's kind of prior (PRIOR_DRAWS virtual draws added to every pairing
played, so a pairing won 100% gives a finite gap), anchored at random = 0. Intervals are 95%
from the curvature (Hessian) of the log-posterior at its peak. Prints a markdown table:
player, games, score, Elo [lo, hi] and the step from the next weaker level [lo, hi].

Players: `1`-`6`, `random`, `greedy` (as `draughts match` takes them), `ab:D` (py-draughts'
SimpleEngine, its alpha-beta, to depth D), `turbo:dD` (py-draughts' TurboEngine to depth D)
and `turbo:SEC` (TurboEngine, SEC seconds a move; depends on the machine's load), the
py-draughts ones through bench/pydraughts_hub.py (py-draughts is GPL: used as a library).

Environment (defaults in brackets):
  PAIRINGS     "A,B,GAMES A,B,GAMES ..." instead of the default list (below)
  GAMES        every pairing this many games (even) instead of its own count
  SEED [1]     openings and the noisy levels' choices
  OUT [bench/levels-results]   where each pairing's output is kept
  PRIOR_DRAWS [1]              virtual draws per pairing played
  MAX_PLIES [400]              a game still going then is adjudicated a draw
  DRAUGHTS     the binary [target/release/draughts, built here]
  VENV [bench/.venv]           py-draughts 1.10.1, installed there when missing
  FIT_ONLY=1   fit the saved results only
"""
import math
import os
import re
import resource
import shlex
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Cheap pairings first, the costly ones (levels 5 and 6: about 1 and 2.5 CPU-seconds a move
# in long endgames) last. Adjacent levels, one level apart, and py-draughts' engines against
# the levels nearest them; random and greedy (the same player in International, where
# captures are compulsory) lose every game to anything that searches.
DEFAULT_PAIRINGS = """
random,greedy,20  random,1,20  greedy,1,20  greedy,ab:1,20
ab:1,1,40  ab:1,2,20  ab:3,1,20  ab:3,2,20  ab:4,2,20  ab:4,3,20
1,2,40  2,3,40  1,3,20
turbo:d4,2,20  turbo:d4,3,20  turbo:d6,3,20  turbo:d6,4,20
3,4,40  2,4,20
4,5,30  3,5,10  5,6,20  4,6,8
"""

LEVEL_ORDER = ["random", "greedy", "1", "2", "3", "4", "5", "6"]


def env(name, default):
    value = os.environ.get(name)
    return default if value in (None, "") else value


def pairings():
    text = env("PAIRINGS", DEFAULT_PAIRINGS)
    games_all = os.environ.get("GAMES")
    out = []
    for item in text.split():
        a, b, n = item.split(",")
        n = int(games_all) if games_all else int(n)
        if n < 2 or n % 2:
            sys.exit(f"levels: {item}: games must be even and at least 2")
        out.append((a, b, n))
    return out


def match_spec(player, venv):
    """What `draughts match --a/--b` takes for this player."""
    hub = f"hub:{venv}/bin/python {ROOT}/bench/pydraughts_hub.py"
    if player.startswith("ab:"):
        return f"{hub} --engine alphabeta --depth {int(player[3:])}"
    if player.startswith("turbo:d"):
        return f"{hub} --engine turbo --depth {int(player[7:])}"
    if player.startswith("turbo:"):
        return f"{hub} --engine turbo --time {float(player[6:])}"
    return player


def label(player):
    if player in LEVEL_ORDER[2:]:
        return f"level {player}"
    if player.startswith("ab:"):
        return f"py-draughts alpha-beta, depth {player[3:]}"
    if player.startswith("turbo:d"):
        return f"py-draughts Turbo, depth {player[7:]}"
    if player.startswith("turbo:"):
        return f"py-draughts Turbo, {player[6:]} s a move"
    return player


def file_name(a, b):
    clean = lambda p: re.sub(r"[^A-Za-z0-9.]+", "-", p)
    return f"{clean(a)}_vs_{clean(b)}.txt"


def ensure_venv(venv):
    check = "import draughts, importlib.metadata as m; assert m.version('py-draughts') == '1.10.1'"
    python = f"{venv}/bin/python"
    if os.path.exists(python) and subprocess.run(
        [python, "-c", check], capture_output=True
    ).returncode == 0:
        return
    print(f"== installing py-draughts 1.10.1 into {venv}", flush=True)
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run(
        [f"{venv}/bin/pip", "install", "--quiet", "--disable-pip-version-check",
         "py-draughts==1.10.1"],
        check=True,
    )


GAME_LINE = re.compile(r"^game\s+\d+: .*\s(A wins|B wins|draw)\s+(.*)$")
SUMMARY = re.compile(r": \+(\d+) =(\d+) -(\d+)\s+score")


def parse(text):
    """Per-game scores for A, adjudications, and the summary's counts (checked against them)."""
    scores, capped = [], 0
    for line in text.splitlines():
        m = GAME_LINE.match(line)
        if m:
            scores.append({"A wins": 1.0, "B wins": 0.0, "draw": 0.5}[m.group(1)])
            capped += "adjudicated" in m.group(2)
    m = SUMMARY.search(text)
    if not m:
        return None
    w, d, l = map(int, m.groups())
    if (scores.count(1.0), scores.count(0.5), scores.count(0.0)) != (w, d, l):
        raise ValueError("per-game lines disagree with the summary")
    cpu = re.search(r"^# cpu ([\d.]+) s", text, re.M)
    return {"scores": scores, "capped": capped, "cpu": float(cpu.group(1)) if cpu else 0.0}


def play(a, b, n, path, draughts, venv, seed, max_plies):
    cmd = [
        "nice", "-n", "5", draughts, "match", "--variant", "international",
        "--games", str(n), "--a", match_spec(a, venv), "--b", match_spec(b, venv),
        "--seed", str(seed), "--max-plies", str(max_plies),
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    run = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if run.returncode != 0:
        sys.stderr.write(run.stdout + run.stderr)
        sys.exit(f"levels: {a} vs {b} failed (exit {run.returncode}); nothing saved for it")
    text = (
        f"# {shlex.join(cmd[3:]).replace(ROOT + '/', '')}\n{run.stdout}"
        f"# cpu {cpu:.1f} s, wall {time.time() - t0:.1f} s\n"
    )
    with open(path, "w") as f:
        f.write(text)
    return text


# ---- the fit --------------------------------------------------------------------------------

C = math.log(10) / 400  # Elo points to natural log-odds


def solve(m, v):
    """m x = v by Gaussian elimination with partial pivoting (m is small and symmetric)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                f = a[r][col] / a[col][col]
                for k in range(col, n + 1):
                    a[r][k] -= f * a[col][k]
    return [a[i][n] / a[i][i] for i in range(n)]


def inverse(m):
    n = len(m)
    cols = [solve(m, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def fit(results, players, anchor, prior):
    """MAP Elo (anchor = 0) and the covariance of the free players' ratings."""
    free = [p for p in players if p != anchor]
    index = {p: i for i, p in enumerate(free)}
    r = {p: 0.0 for p in players}
    for _ in range(200):
        grad = [0.0] * len(free)
        hess = [[0.0] * len(free) for _ in free]
        for (a, b), s in results.items():
            n = len(s) + prior
            score = sum(s) + prior / 2
            p = 1 / (1 + math.exp(-C * (r[a] - r[b])))
            g = C * (score - n * p)  # d logL / d r_a (and minus that for r_b)
            h = C * C * n * p * (1 - p)
            for x, sign in ((a, 1.0), (b, -1.0)):
                if x in index:
                    grad[index[x]] += sign * g
            for x in (a, b):
                for y in (a, b):
                    if x in index and y in index:
                        hess[index[x]][index[y]] += h if x == y else -h
        step = solve(hess, grad)
        for p in free:
            r[p] += max(-400.0, min(400.0, step[index[p]]))
        if max(abs(s) for s in step) < 1e-6:
            break
    return r, inverse(hess), index


def table(results, anchor, prior):
    players = sorted({p for pair in results for p in pair}, key=sort_key)
    r, cov, index = fit(results, players, anchor, prior)
    var = lambda p: cov[index[p]][index[p]] if p in index else 0.0
    covar = lambda p, q: cov[index[p]][index[q]] if p in index and q in index else 0.0
    levels = [p for p in LEVEL_ORDER[2:] if p in r]
    lines = [
        "| player | games | score | Elo [95%] | step from the level below [95%] |",
        "|---|---|---|---|---|",
    ]
    for p in players:
        games = [x for (a, b), s in results.items() if p in (a, b)
                 for x in (s if a == p else [1 - y for y in s])]
        half = 1.96 * math.sqrt(max(var(p), 0.0))
        elo = f"{r[p]:+.0f} [{r[p] - half:+.0f}, {r[p] + half:+.0f}]" if p != anchor else "0 (anchor)"
        step = ""
        if p in levels and levels.index(p) > 0:
            q = levels[levels.index(p) - 1]
            d = r[p] - r[q]
            sd = math.sqrt(max(var(p) + var(q) - 2 * covar(p, q), 0.0))
            step = f"{d:+.0f} [{d - 1.96 * sd:+.0f}, {d + 1.96 * sd:+.0f}]"
        pct = 100 * sum(games) / len(games)
        lines.append(f"| {label(p)} | {len(games)} | {pct:.1f}% | {elo} | {step} |")
    return "\n".join(lines)


def sort_key(p):
    # Random and greedy, then the levels, then py-draughts' engines.
    if p in LEVEL_ORDER:
        return (0, LEVEL_ORDER.index(p), 0)
    if p.startswith("ab:"):
        return (1, int(p[3:]), 0)
    if p.startswith("turbo:d"):
        return (2, int(p[7:]), 0)
    return (3, 0, float(p[6:]))


def main():
    os.chdir(ROOT)
    out = env("OUT", "bench/levels-results")
    seed = int(env("SEED", "1"))
    prior = float(env("PRIOR_DRAWS", "1"))
    max_plies = int(env("MAX_PLIES", "400"))
    venv = os.path.abspath(env("VENV", "bench/.venv"))
    fit_only = env("FIT_ONLY", "0") == "1"
    plan = pairings()
    os.makedirs(out, exist_ok=True)
    draughts = os.environ.get("DRAUGHTS")
    if not draughts and not fit_only:
        subprocess.run(["cargo", "build", "--release", "--quiet"], check=True)
    draughts = os.path.abspath(draughts or "target/release/draughts")
    if not fit_only and any(":" in p for a, b, _ in plan for p in (a, b)):
        ensure_venv(venv)

    results, capped, cpu_total = {}, {}, 0.0
    print("| pairing | games | A: +W =D -L | A's score | adjudicated | CPU s |")
    print("|---|---|---|---|---|---|")
    for a, b, n in plan:
        path = os.path.join(out, file_name(a, b))
        parsed = None
        if os.path.exists(path):
            with open(path) as f:
                parsed = parse(f.read())
            if parsed and len(parsed["scores"]) != n:
                parsed = None  # played with another count: play again
        if parsed is None:
            if fit_only:
                continue
            parsed = parse(play(a, b, n, path, draughts, venv, seed, max_plies))
        s = parsed["scores"]
        results[(a, b)] = s
        capped[(a, b)] = parsed["capped"]
        cpu_total += parsed["cpu"]
        print(
            f"| {label(a)} – {label(b)} | {len(s)} | +{s.count(1.0)} ={s.count(0.5)} "
            f"-{s.count(0.0)} | {100 * sum(s) / len(s):.1f}% | {parsed['capped']} | "
            f"{parsed['cpu']:.0f} |",
            flush=True,
        )
    if not results:
        sys.exit("levels: no results to fit")
    print(f"\nCPU time of the matches: {cpu_total / 60:.1f} minutes\n")
    players = {p for pair in results for p in pair}
    anchor = "random" if "random" in players else min(players, key=sort_key)
    print(f"Fit: Bradley-Terry, draws as half points, {prior:g} virtual draw(s) a pairing, "
          f"{label(anchor)} = 0, 95% intervals from the Hessian.\n")
    print(table(results, anchor, prior))


if __name__ == "__main__":
    main()
