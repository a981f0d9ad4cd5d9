#!/usr/bin/env python3
"""Our engine (via `draughts hub`) against py-draughts' TurboEngine, International draughts.

Both sides get the same time per move: py-draughts' TurboEngine(time_limit=T) and our engine
through a small Hub adaptor (below) that sends `level move-time=T`. (py-draughts' own HubEngine
reads the engine's output with select() on a buffered pipe, so it stalls when the engine sends
several lines at once, as every Hub engine does at start-up; hence the adaptor.) Position
and move conversion use py-draughts' hub helpers.
Openings: 2-4 random plies from the start (seeded), kept only when balanced in the opponent's
own judgement (TurboEngine at depth 6 scores the position within --balance of level; about one
random opening in seven hangs a man, e.g. 35-30 18-23 34-29), each played twice with colours
swapped. `--balance 0` keeps every random opening, as runs before 2026-11-26 did.
Prints wins/draws/losses from our engine's point of view and the score with a 95% interval;
`--pdn FILE` keeps the games (they replay with `draughts pdn FILE`); `--egdb DIR` has our engine
probe the endgame tables built there (`draughts egdb build`).
"""
import argparse
import math
import queue
import random
import subprocess
import sys
import threading
import time

from draughts import StandardBoard, TurboEngine
from draughts.engines.hub import (
    board_to_hub_position,
    move_to_hub_notation,
    parse_hub_line,
    parse_hub_move,
)
from draughts.models import Color, Figure


def hub_position(board):
    """The position at the last irreversible move and the king moves since (for repetitions)."""
    tail = []
    while board._moves_stack:
        m = board._moves_stack[-1]
        if m.captured_list or m.is_promotion:
            break
        board.pop()
        if abs(board.position[m.square_list[0]]) != Figure.KING.value:
            board.push(m)
            break
        tail.append(m)
    tail.reverse()
    text = f"pos pos={board_to_hub_position(board)}"
    for m in tail:
        board.push(m)
    if tail:
        text += ' moves="' + " ".join(move_to_hub_notation(m) for m in tail) + '"'
    return text


class Hub:
    """Drives `ENGINE hub` over the Hub protocol; one reader thread feeds a line queue."""

    def __init__(self, path, time_limit, egdb=None):
        self.time_limit = time_limit
        command = [path, "hub"] + (["--egdb", egdb] if egdb else [])
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("hub")
        self.wait_for("wait")
        self.send("init")
        self.wait_for("ready")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, command, timeout=60):
        while True:
            line = self.lines.get(timeout=timeout)
            if line is None:
                raise RuntimeError("engine exited")
            cmd, args = parse_hub_line(line)
            if cmd == command:
                return args
            if cmd == "error":
                raise RuntimeError(line)

    def new_game(self):
        self.send("new-game")

    def get_best_move(self, board):
        self.send(hub_position(board))
        self.send(f"level move-time={self.time_limit}")
        self.send("go think")
        args = self.wait_for("done", timeout=self.time_limit * 10 + 30)
        return parse_hub_move(args["move"], board.legal_moves, board=board)

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def opening(rng, balance, judge):
    """2-4 random plies; with `balance`, drawn again until `judge` scores the position within it."""
    while True:
        board = StandardBoard()
        moves = []
        for _ in range(rng.randint(2, 4)):
            m = rng.choice(list(board.legal_moves))
            moves.append(str(m))
            board.push(m)
        if not balance or abs(judge.get_best_move(board, with_evaluation=True)[1]) <= balance:
            return moves


def play(ours, theirs, start_moves, ours_white, max_plies, record):
    board = StandardBoard()
    for text in start_moves:
        board.push_uci(text)
        record.append(text)
    plies = 0
    while not board.game_over and plies < max_plies:
        white_to_move = board.turn == Color.WHITE
        engine = ours if white_to_move == ours_white else theirs
        move = engine.get_best_move(board)
        record.append(str(move))
        board.push(move)
        plies += 1
    result = board.result if board.game_over else "1/2-1/2"
    if result == "1/2-1/2" or result == "-":
        return 0.5, result, plies
    ours_won = (result == "1-0") == ours_white
    return (1.0 if ours_won else 0.0), result, plies


def pdn_game(number, ours_white, moves, result):
    """One game as PDN (International; py-draughts' move texts are PDN's numeric ones)."""
    ours, theirs = "draughts hub", "py-draughts TurboEngine"
    white, black = (ours, theirs) if ours_white else (theirs, ours)
    pdn_result = {"1-0": "2-0", "0-1": "0-2"}.get(result, "1-1")
    text = (
        f'[Event "strength_pydraughts"]\n[Round "{number}"]\n[White "{white}"]\n'
        f'[Black "{black}"]\n[Result "{pdn_result}"]\n[GameType "20"]\n\n'
    )
    body = []
    for i, m in enumerate(moves):
        body.append(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m)
    return text + " ".join(body) + f" {pdn_result}\n\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True, help="path of the draughts binary")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--time", type=float, default=0.5, help="seconds per move, both sides")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--pdn", help="writes the games to this PDN file")
    ap.add_argument(
        "--balance",
        type=float,
        default=0.3,
        help="largest |score| (TurboEngine at depth 6; a man is about 1.0) of a kept opening; 0 keeps all",
    )
    ap.add_argument("--egdb", metavar="DIR", help="endgame tables our engine probes (hub --egdb)")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    theirs = TurboEngine(depth_limit=None, time_limit=args.time)
    judge = TurboEngine(depth_limit=6, time_limit=None)
    ours = Hub(args.engine, args.time, args.egdb)
    scores = []
    t0 = time.time()
    try:
        for g in range(args.games):
            if g % 2 == 0:
                moves = opening(rng, args.balance, judge)
            ours_white = g % 2 == 0
            ours.new_game()
            record = []
            s, result, plies = play(ours, theirs, moves, ours_white, args.max_plies, record)
            scores.append(s)
            if args.pdn:
                with open(args.pdn, "a") as f:
                    f.write(pdn_game(g + 1, ours_white, record, result))
            print(
                f"game {g + 1:3}: ours {'white' if ours_white else 'black'}  opening {' '.join(moves):<20}"
                f" {plies:3} plies  {result:<8} ours {s}",
                flush=True,
            )
    finally:
        ours.quit()
    n = len(scores)
    w, d, l = scores.count(1.0), scores.count(0.5), scores.count(0.0)
    mean = sum(scores) / n
    var = sum((x - mean) ** 2 for x in scores) / n
    half = 1.96 * math.sqrt(var / n)
    print(
        f"draughts vs py-draughts TurboEngine ({args.time}s/move): +{w} ={d} -{l}  "
        f"score {100 * mean:.1f}% ± {100 * half:.1f}% (95% CI {100 * max(0, mean - half):.1f}%–"
        f"{100 * min(1, mean + half):.1f}%)  [{time.time() - t0:.0f}s]"
    )


if __name__ == "__main__":
    sys.exit(main())
