#!/usr/bin/env bash
# Playing strength of level 6 ("Master"):
#   1. against the greedy baseline: International (100 games), English (50 games) and each of
#      the ten newer variants (20 games each, 50 ms a move);
#   2. against py-draughts' strongest engine (TurboEngine, International only) at equal time
#      per move, through our `draughts hub`.
# Targets: >= 95% against greedy, >= 85% against py-draughts.
#
# Environment (defaults in brackets):
#   GAMES_INTL [100] GAMES_ENGLISH [50] GAMES_NEW [20] GAMES_PY [20]  games per match
#   NEW_TIME_MS [50] ms per move for level 6 in the newer variants
#   TIME_MS [100]    ms per move for level 6 against greedy
#   PY_TIME [0.5]    seconds per move, both sides, against py-draughts
#   DRAUGHTS         the binary [target/release/draughts, built here]
#   VENV             virtualenv for py-draughts [bench/.venv, created here, shared with bench/compare]
#   SKIP_PY=1        skip the py-draughts match
#   EGDB             endgame tables our engine probes against py-draughts (draughts egdb build)
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES_INTL=${GAMES_INTL:-100}
GAMES_ENGLISH=${GAMES_ENGLISH:-50}
GAMES_PY=${GAMES_PY:-20}
GAMES_NEW=${GAMES_NEW:-20}
NEW_TIME_MS=${NEW_TIME_MS:-50}
TIME_MS=${TIME_MS:-100}
PY_TIME=${PY_TIME:-0.5}

if [[ -z "${DRAUGHTS:-}" ]]; then
    cargo build --release --quiet
    DRAUGHTS=target/release/draughts
fi
DRAUGHTS=$(realpath "$DRAUGHTS")

echo "== level 6 vs greedy, International, $GAMES_INTL games, ${TIME_MS} ms/move"
"$DRAUGHTS" match --variant international --games "$GAMES_INTL" --a 6 --b greedy \
    --time-ms "$TIME_MS" --seed 1 --quiet
echo "== level 6 vs greedy, English, $GAMES_ENGLISH games, ${TIME_MS} ms/move"
"$DRAUGHTS" match --variant english --games "$GAMES_ENGLISH" --a 6 --b greedy \
    --time-ms "$TIME_MS" --seed 1 --quiet
for v in frisian frysk antidraughts breakthrough italian spanish portuguese czech pool turkish; do
    echo "== level 6 vs greedy, $v, $GAMES_NEW games, ${NEW_TIME_MS} ms/move"
    "$DRAUGHTS" match --variant "$v" --games "$GAMES_NEW" --a 6 --b greedy \
        --time-ms "$NEW_TIME_MS" --seed 1 --quiet
done

if [[ "${SKIP_PY:-0}" == 1 ]]; then
    exit 0
fi
# The same pinned py-draughts as bench/compare, in the same (gitignored) virtualenv.
PY_DRAUGHTS_VERSION="${PY_DRAUGHTS_VERSION:-1.10.1}"
VENV=${VENV:-bench/.venv}
if ! "$VENV/bin/python" -c "import draughts, importlib.metadata as m; assert m.version('py-draughts') == '$PY_DRAUGHTS_VERSION'" 2>/dev/null; then
    echo "== installing py-draughts $PY_DRAUGHTS_VERSION into $VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "py-draughts==$PY_DRAUGHTS_VERSION"
fi
echo "== level 6 (hub) vs py-draughts TurboEngine, International, $GAMES_PY games, ${PY_TIME} s/move"
"$VENV/bin/python" bench/strength_pydraughts.py --engine "$DRAUGHTS" --games "$GAMES_PY" \
    --time "$PY_TIME" ${EGDB:+--egdb "$EGDB"}
