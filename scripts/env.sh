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

# threaded_cargo SUBCOMMAND ARGS…: cargo for the computer's threaded module (scripts/build-engine):
# wasm32 with atomics on a shared memory, std rebuilt with them by the pinned nightly, in a target
# dir of its own so that these flags never invalidate the ordinary build. The memory is imported
# (each helper worker is handed the same), at most 1 GiB, and the thread-local storage's symbols
# are exported for wasm-bindgen, which gives each thread its stack and TLS.
threaded_cargo() {
	local flags="-C target-feature=+atomics,+bulk-memory,+mutable-globals" arg
	for arg in --shared-memory --max-memory=1073741824 --import-memory --export=__wasm_init_tls \
		--export=__tls_size --export=__tls_align --export=__tls_base; do
		flags+=" -C link-arg=$arg"
	done
	RUSTFLAGS="$flags" cargo "+$NIGHTLY" "$1" -Z build-std=panic_abort,std \
		--target wasm32-unknown-unknown --target-dir "$ROOT/target/threads" "${@:2}"
}
