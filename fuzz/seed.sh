#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seed inputs drawn from tests/data (and, for pdn, the shared
# PDN collections when present). Idempotent; the corpus is gitignored.
#   fuzz/seed.sh && cd fuzz && cargo +nightly fuzz run fen -- -max_total_time=240
set -euo pipefail
FUZZ="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$FUZZ")"
python3 - "$ROOT" "$FUZZ/corpus" <<'PY'
import hashlib, os, pathlib, random, sys
root, corpus = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
variants = ["international", "english", "russian", "brazilian", "frisian", "frysk",
            "antidraughts", "breakthrough", "italian", "spanish", "portuguese", "czech", "pool",
            "turkish"]  # Variant::ALL order

def put(target, data):
    d = corpus / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)

rows = []
for name in ("perft.txt", "moves.txt"):
    for line in (root / "tests/data" / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            parts = [p.strip() for p in line.split("|")]
            rows.append((parts[0], parts[1], parts[2].split() if len(parts) > 2 else []))
rng = random.Random(1)
for variant, fen, rest in rows:
    v = bytes([variants.index(variant)])
    put("fen", fen.encode())
    put("fen", (fen + ":H3:F12").encode())
    put("apply_move", v + fen.encode() + b"\n" + bytes(rng.randrange(256) for _ in range(40)))
    for text in rest[:3]:
        if not text[0].isdigit():
            continue
        put("move_text", v + b"\n" + text.encode())
for text in ["c3-d4", "a3:b4", "d4xf6", "32-28", "47x36", "31x22x13", "12-16", "9x18"]:
    for v in range(4):
        put("move_text", bytes([v]) + bytes([3, 1, 4]) + b"\n" + text.encode())
put("pdn", b'[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 *\n')
put("pdn", b'[GameType "25"]\n[FEN "W:W21-32:B1-12"]\n1. c3-d4 f6-g5 2. d4:f6 {x} (2. b2-c3) g7:e5 1-0\n')
put("pdn", b'1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17x10 7x14 *\n')
shared = root.parent / "shared" / "pdn"
for path in sorted(shared.glob("*/*.pdn")) if shared.is_dir() else []:
    text = path.read_bytes()
    # The first two games or so of each collection, kept small.
    put("pdn", text[:3000])
PY
for t in fen move_text pdn apply_move; do
    echo "$t: $(ls "$FUZZ/corpus/$t" | wc -l) seeds"
done
