//! Negamax alpha-beta search: iterative deepening with aspiration windows, principal variation
//! search with late-move reductions, internal iterative reduction, ProbCut and futility pruning,
//! a transposition table, killer and history move ordering, and a capture quiescence search.
//!
//! The search never reads a clock itself: the host passes one in [`Limits`] (so the same code
//! runs in a browser worker), together with an optional node budget and stop callback.

//!
//! The parts, each in its own module: [`root`] (iterative deepening and aspiration windows),
//! [`node`] (one node: its table probe, pruning decisions and move loop), [`ordering`] (which
//! move to search first, and what a cutoff teaches), [`quiescence`], [`database`] (the endgame
//! tables in the tree and at the root), [`lines`] (the best few lines at the root, for the
//! analysis), [`threads`] (the parallel search) and [`tuning`] (every constant the search's
//! strength was measured with).

mod database;
mod lines;
mod node;
mod ordering;
mod quiescence;
mod root;
#[cfg(test)]
mod tests;
mod threads;
mod tuning;

use super::tt::Tt;
use crate::egdb::{Egdb, Outcome};
use crate::eval::Evaluator;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use draughts_rules::variant::Verdict;
use std::sync::Arc;

pub use lines::{Line, Lines, MAX_LINES};
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
pub use threads::pool_started;

/// Deepest ply the search can reach (iterative deepening depth plus extensions).
pub const MAX_PLY: usize = 128;
/// Score of a side to move that has already lost (no legal move); `WIN - ply` is a win in `ply`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are forced wins or losses.
pub const WIN_BOUND: i32 = WIN - MAX_PLY as i32;
const INF: i32 = WIN + 1;
/// Score of a win the endgame database proves, before subtracting the plies to it (from the
/// root to the probed position, then to its conversion): below every forced mate the search
/// sees, above every evaluation.
pub const EGDB_WIN: i32 = 20_000;
/// Scores beyond this (and not beyond [`WIN_BOUND`]) are database wins or losses.
pub const EGDB_BOUND: i32 = EGDB_WIN - 2 * MAX_PLY as i32 - 256;

/// The score of a side to move without a legal move, `ply` plies from the root: a loss, except
/// in Antidraughts, where being blocked or out of pieces wins.
fn no_moves_score(pos: &Position, ply: usize) -> i32 {
    match pos.rules().without_moves() {
        Verdict::Win => WIN - ply as i32,
        Verdict::Loss => -WIN + ply as i32,
    }
}

/// How long to search. Every field is optional; with none, the search runs to
/// [`MAX_DEPTH`].
#[derive(Clone, Copy, Default)]
pub struct Limits<'a> {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget; the search stops when it is spent (the first iteration always completes so
    /// that there is a move).
    pub nodes: Option<u64>,
    /// Time to aim for in milliseconds; needs `clock`. The search starts no iteration it
    /// expects to overrun it and stops at it, unless the best move is in doubt (see
    /// `max_time_ms`).
    pub time_ms: Option<f64>,
    /// The most it may spend when the best move is in doubt (the previous best failing low at
    /// the root); `None` = `time_ms`. Game clocks give it room; a fixed time per move does not.
    pub max_time_ms: Option<f64>,
    /// Whether the time is the whole budget, with no move after this one to save it for (a
    /// composed problem): iterations begin until the deadline, not only while the next one
    /// is expected to end in time, and the last, cut short, keeps any better move it proved.
    pub whole_time: bool,
    /// Whether a move that is the only legal one is played after the first iteration. Set it
    /// where the time saved is worth more than a search of the forced move: a game clock keeps
    /// it for later moves, and a caller with a fresh table each move (the page) would only make
    /// the player wait. Left unset, a forced move gets the budget of any other, which a budget
    /// per move loses if unspent, and the table it fills serves the next move. (Until
    /// 2026-12-07 a search without a depth cap stopped, one with a cap did not, so the level
    /// players of `draughts match` beat the same engine over Hub; see
    /// docs/measurements/2026-12-07-phase-and-labels.md.)
    pub forced_at_once: bool,
    /// Milliseconds since any fixed origin (e.g. `Instant`-based natively,
    /// `performance.now()` in a browser).
    pub clock: Option<&'a dyn Fn() -> f64>,
    /// Polled every few thousand nodes; `true` stops the search.
    pub stop: Option<&'a dyn Fn() -> bool>,
    /// Called after each completed iteration (for `info` lines).
    pub on_iteration: Option<&'a dyn Fn(&SearchResult)>,
    /// An endgame database of the position's variant: a root it covers is answered from it
    /// (the quickest win, the longest loss, the move limits applied), and positions in the
    /// tree it covers get its exact score.
    pub egdb: Option<&'a Egdb>,
    /// Plies already played in the root's phase of the move limits (since the capture or
    /// promotion that began it; see [`Egdb::phase_plies`]).
    pub phase_plies: u16,
    /// Whether the quiescence plays out the quiet moves that open a shot or promote (see
    /// [`Engine::quiesce`]). The shallow searches of levels 2–4 need it to see a shot one move
    /// past their horizon; a search to full depth plays better without it, its nodes spent on
    /// depth instead (+14 Elo over 1,200 games at 50k nodes; see
    /// docs/measurements/2026-12-07-quiescence-shots.md).
    pub quiescence_shots: bool,
}

/// Deepest iteration when no depth is given.
pub const MAX_DEPTH: u32 = 64;

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Move,
    /// Hundredths of a man for the side to move; beyond ±[`WIN_BOUND`] a forced win/loss.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes the main thread visited.
    pub nodes: u64,
    /// Threads that searched, and the nodes the helper threads visited (none on one thread).
    pub threads: u32,
    pub helper_nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Milliseconds spent (0 without a clock).
    pub time_ms: f64,
    /// Whether the endgame database answered at the root (its outcome is exact: a score of 0
    /// is then a draw the tables prove).
    pub from_egdb: bool,
}

impl SearchResult {
    /// Whether the score is a win (positive) or loss the endgame database proves.
    pub fn egdb_result(&self) -> Option<Outcome> {
        if self.score > EGDB_BOUND && self.score <= WIN_BOUND {
            Some(Outcome::Win)
        } else if self.score < -EGDB_BOUND && self.score >= -WIN_BOUND {
            Some(Outcome::Loss)
        } else {
            None
        }
    }

    /// Plies to a forced win (positive) or loss (negative), if the score says so.
    pub fn win_in(&self) -> Option<i32> {
        if self.score > WIN_BOUND {
            Some(WIN - self.score)
        } else if self.score < -WIN_BOUND {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }
}

/// A search engine with its transposition table and move-ordering memory. Reuse one engine
/// for a whole game: the table carries knowledge from move to move.
pub struct Engine {
    /// Shared with the other threads of a parallel search (see [`Engine::sharing`]).
    tt: Arc<Tt>,
    /// Per move (from × to square), how often it cut off a search, less how often it was
    /// searched in vain before another quiet move did ([`ordering::history_after`]): orders the
    /// quiet moves.
    history: Vec<i32>,
    killers: Vec<[Option<Move>; 2]>,
    bufs: Vec<Vec<Move>>,
    order: Vec<Vec<i32>>,
    /// Hashes of the game so far (from the caller) followed by the current search path.
    stack: Vec<u64>,
    /// Length of the caller's history inside `stack`.
    root_index: usize,
    nodes: u64,
    node_limit: u64,
    stopped: bool,
    can_stop: bool,
    /// When the search stops: the aimed-for time, moved out to `panic_deadline` while the
    /// previous iteration's best move fails low.
    deadline: f64,
    panic_deadline: f64,
    /// The previous iteration's score (the fail-low reference at the root).
    last_score: Option<i32>,
    root_best: Option<(Move, i32)>,
    /// Root moves left out of the search (those of the lines already found; see [`lines`]).
    excluded: Vec<Move>,
    /// Per ply, the plies played in its phase of the move limits (kept only with a database).
    phase: Vec<u16>,
    /// The engines of the other threads of a parallel search (none: one thread).
    helpers: Vec<Engine>,
    /// Plies a helper searches beyond the main thread's iteration.
    depth_offset: u32,
    /// [`tuning::late_move_reduction`] by depth (to 63) × move index (to 63).
    lmr: Vec<u8>,
    /// Whether the quiescence plays out quiet moves that open a shot (see [`Engine::quiesce`]):
    /// as the search's [`Limits::quiescence_shots`] or [`Engine::score_moves`]' `shots` say.
    quiescence_shots: bool,
    /// What it evaluates with (see [`Engine::set_evaluator`]).
    evaluator: Evaluator,
}

/// The most threads a search uses.
pub const MAX_THREADS: usize = 64;

impl Engine {
    /// An engine with a transposition table of about `tt_size_mb` megabytes (at least 1).
    pub fn new(tt_size_mb: usize) -> Engine {
        Engine::with_table(Arc::new(Tt::new(tt_size_mb)))
    }

    /// Another engine on the same transposition table, with its own move-ordering memory and
    /// the same evaluation: a helper thread of a parallel search.
    pub fn sharing(&self) -> Engine {
        let mut engine = Engine::with_table(Arc::clone(&self.tt));
        engine.evaluator = self.evaluator;
        engine
    }

    /// Evaluates with `evaluator` from now on, in every thread of its search (the default is
    /// [`Evaluator::Learned`], as the engine plays).
    pub fn set_evaluator(&mut self, evaluator: Evaluator) {
        self.evaluator = evaluator;
        for helper in &mut self.helpers {
            helper.evaluator = evaluator;
        }
    }

    /// What it evaluates with.
    pub fn evaluator(&self) -> Evaluator {
        self.evaluator
    }

    fn with_table(tt: Arc<Tt>) -> Engine {
        Engine {
            tt,
            history: vec![0; 64 * 64],
            killers: vec![[None, None]; MAX_PLY + 1],
            bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            order: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            stack: Vec::with_capacity(512),
            root_index: 0,
            nodes: 0,
            node_limit: u64::MAX,
            stopped: false,
            can_stop: false,
            deadline: f64::INFINITY,
            panic_deadline: f64::INFINITY,
            last_score: None,
            root_best: None,
            excluded: Vec::new(),
            phase: vec![0; MAX_PLY + 2],
            helpers: Vec::new(),
            depth_offset: 0,
            lmr: (0..64 * 64)
                .map(|k| tuning::late_move_reduction(k / 64, k % 64) as u8)
                .collect(),
            quiescence_shots: false,
            evaluator: Evaluator::default(),
        }
    }

    /// Forgets everything learned (for a new game, or for reproducible searches).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
        self.killers.fill([None, None]);
        for helper in &mut self.helpers {
            helper.history.fill(0);
            helper.killers.fill([None, None]);
        }
    }

    /// How many threads a search uses.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Searches `pos` and returns the best move found within `limits`, or `None` if the side
    /// to move has no legal move (it has lost).
    ///
    /// `history` holds the [`zobrist::hash`]es of earlier positions of the game, oldest first,
    /// at least since the last irreversible move (man move or capture); a position repeating
    /// one of them counts as a draw.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
    ) -> Option<SearchResult> {
        if !self.helpers.is_empty() {
            return self.search_parallel(pos, history, limits);
        }
        self.search_one(pos, history, limits)
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}
