# Sourced by the other scripts: the repository root as working directory, tool paths, helpers.
# shellcheck shell=bash
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# cargo-installed tools, then npm's wasm-opt (binaryen 132) ahead of any other wasm-opt: Debian's
# binaryen 108 silently breaks wasm-bindgen 0.2.130 output.
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# The pinned nightly that builds the computer's threaded module (scripts/build-engine): shared
# memory needs std rebuilt with atomics (-Z build-std), which stable Rust cannot do.
NIGHTLY=nightly-2026-05-20
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-auto}"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
die() {
	printf '\033[31merror:\033[0m %s\n' "$*" >&2
	exit 1
}
# Runs a named step; on failure says which one failed before exiting.
run() {
	local name="$1"
	shift
	step "$name"
	local t0=$SECONDS
	if ! "$@"; then
		die "step failed: $name (command: $*)"
	fi
	printf '    (%s: %ds)\n' "$name" $((SECONDS - t0))
}
