//! Every number the search's strength was measured with, in one place, with what each decides.
//! How each was chosen (the matches and problem counts, and the values tried and not taken):
//! docs/measurements/2026-11-strength.md, "Search changes, measured".

use super::EGDB_BOUND;

// Time.

/// The share of `Limits::time_ms` after which no new iteration begins: the next iteration costs
/// about twice this one (the effective branching factor is 1.6–2.4).
pub(super) const START_NEXT_ITERATION_BEFORE: f64 = 0.6;
/// A root score this far below the previous iteration's means the best move is in doubt (the
/// search may then take up to `Limits::max_time_ms`).
pub(super) const FAIL_LOW_MARGIN: i32 = 30;

// Aspiration windows (`Engine::search_root`).

/// Iterations from this depth search an aspiration window...
pub(super) const ASPIRATION_MIN_DEPTH: u32 = 5;
/// ...this wide on each side of the previous score (hundredths of a man), doubled on each
/// fail...
pub(super) const ASPIRATION_WINDOW: i32 = 15;
/// ...and opened to the end on that side once wider than this...
pub(super) const ASPIRATION_MAX_WINDOW: i32 = 400;
/// ...when the previous score is an evaluation, not a proven win or loss.
pub(super) const ASPIRATION_MAX_SCORE: i32 = EGDB_BOUND - 1000;

// Internal iterative reduction.

/// The shallowest node that internal iterative reduction searches a ply less when the
/// transposition table has no move for it.
pub(super) const IIR_MIN_DEPTH: i32 = 4;

// ProbCut.

/// ProbCut's shallow search is this many plies shorter than the node's...
pub(super) const PROBCUT_REDUCTION: i32 = 4;
/// ...at nodes at least this deep, and one ply shorter still for each this many plies
/// deeper...
pub(super) const PROBCUT_MIN_DEPTH: i32 = 6;
const PROBCUT_PLIES_PER_EXTRA_REDUCTION: i32 = 3;
/// ...and must clear beta by this much (hundredths of a man) at the least depth...
const PROBCUT_MARGIN: i32 = 30;
/// ...and this much more for each ply deeper.
const PROBCUT_MARGIN_PER_PLY: i32 = 10;
/// No ProbCut in an ending with a king on the board and at most this many pieces: there the
/// evaluation is far from the truth, and a shallow search predicts nothing. A lone king
/// against three men, a win the search proves 12 plies deep, scores +0.35 searched 8 plies
/// deep (`Cat.C1` #3's combination ends there): a cut on that loses the win.
pub(super) const PROBCUT_MAX_PIECES_WITH_KINGS: u32 = 10;

/// The depth of ProbCut's shallow search at a node `depth` plies deep: 2 at 6, 4 at 9, 6 at
/// 12, 10 at 18. A prediction holds as well from a proportionally shallower search (deep nodes
/// are where the cut saves most).
pub(super) fn probcut_depth(depth: i32) -> i32 {
    depth - PROBCUT_REDUCTION - (depth - PROBCUT_MIN_DEPTH) / PROBCUT_PLIES_PER_EXTRA_REDUCTION
}

/// What ProbCut's shallow search must clear beta by at `depth`: what a few plies less rarely
/// change, growing with the plies the prediction skips over.
pub(super) fn probcut_margin(depth: i32) -> i32 {
    PROBCUT_MARGIN + PROBCUT_MARGIN_PER_PLY * (depth - PROBCUT_MIN_DEPTH)
}

// Futility pruning.

/// Futility pruning works at nodes this near the horizon (plies)...
pub(super) const FUTILITY_MAX_DEPTH: i32 = 3;
/// ...where the static evaluation must lie below alpha by more than this (hundredths of a man,
/// by depth): what quiet moves rarely gain in that many plies.
const FUTILITY_MARGINS: [i32; FUTILITY_MAX_DEPTH as usize + 1] = [0, 60, 120, 200];

/// The futility margin at `depth` (see [`FUTILITY_MARGINS`]).
pub(super) fn futility_margin(depth: i32) -> i32 {
    FUTILITY_MARGINS[depth.clamp(0, FUTILITY_MAX_DEPTH) as usize]
}

// Late-move reductions.

/// Late-move reductions work at nodes at least this deep...
pub(super) const LMR_MIN_DEPTH: i32 = 3;
/// ...on the quiet moves from this one on (0-based, in order; one later at a PV node)...
pub(super) const LMR_FIRST_MOVE: usize = 2;
/// ...taking off ln(depth)·ln(i) divided by this (smaller reduces more).
const LMR_DIVISOR: f64 = 1.6;

/// Plies taken off the search of the `i`-th quiet move (0-based, in order) at `depth`: more
/// the later the move and the deeper the search, as ln(depth)·ln(i) — late moves in a
/// well-ordered list rarely beat the best, and one that does is searched again in full.
pub(super) fn late_move_reduction(depth: usize, i: usize) -> i32 {
    let r = 0.5 + (depth.max(1) as f64).ln() * (i.max(1) as f64).ln() / LMR_DIVISOR;
    r as i32
}

// Move ordering.

/// The bound of a move's history score (its magnitude stays below about this; see
/// `ordering::history_after`).
pub(super) const HISTORY_MAX: i32 = 1 << 14;
