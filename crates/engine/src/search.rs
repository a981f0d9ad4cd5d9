//! Negamax alpha-beta search: iterative deepening with aspiration windows, principal variation
//! search with late-move reductions, internal iterative reduction, ProbCut and futility pruning,
//! a transposition table, killer and history move ordering, and a capture quiescence search.
//!
//! The search never reads a clock itself: the host passes one in [`Limits`] (so the same code
//! runs in a browser worker), together with an optional node budget and stop callback.

use super::eval::{evaluate, piece_value};
use super::tt::{Tt, TtEntry, EXACT, LOWER, UPPER};
use super::zobrist;
use crate::egdb::{Egdb, Outcome, Value};
use draughts_rules::fast;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use draughts_rules::variant::Goal;
use std::sync::Arc;

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
    match pos.rules().goal {
        Goal::Losing => WIN - ply as i32,
        _ => -WIN + ply as i32,
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
}

/// The share of `Limits::time_ms` after which no new iteration begins.
const START_NEXT_ITERATION_BEFORE: f64 = 0.6;
/// A root score this far below the previous iteration's means the best move is in doubt.
const FAIL_LOW_MARGIN: i32 = 30;

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
    pub nodes: u64,
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
    /// searched in vain before another quiet move did ([`history_after`]): orders the quiet
    /// moves.
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
    /// Per ply, the plies played in its phase of the move limits (kept only with a database).
    phase: Vec<u16>,
    /// The engines of the other threads of a parallel search (none: one thread).
    helpers: Vec<Engine>,
    /// Plies a helper searches beyond the main thread's iteration.
    depth_offset: u32,
    /// [`late_move_reduction`] by depth (to 63) × move index (to 63).
    lmr: Vec<u8>,
    /// Whether the quiescence plays out quiet moves that open a shot (see [`Engine::quiesce`]);
    /// off only within [`Engine::score_moves`] for the beginner level.
    quiescence_shots: bool,
}

/// The most threads a search uses.
pub const MAX_THREADS: usize = 64;

impl Engine {
    /// An engine with a transposition table of about `tt_size_mb` megabytes (at least 1).
    pub fn new(tt_size_mb: usize) -> Engine {
        Engine::with_table(Arc::new(Tt::new(tt_size_mb)))
    }

    /// Another engine on the same transposition table, with its own move-ordering memory: a
    /// helper thread of a parallel search.
    pub fn sharing(&self) -> Engine {
        Engine::with_table(Arc::clone(&self.tt))
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
            phase: vec![0; MAX_PLY + 2],
            helpers: Vec::new(),
            depth_offset: 0,
            lmr: (0..64 * 64)
                .map(|k| late_move_reduction(k / 64, k % 64) as u8)
                .collect(),
            quiescence_shots: true,
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

    /// Searches on `threads` threads from now on (natively; a browser's worker stays on one):
    /// helper threads search the same position on the shared transposition table, each from
    /// what the others have stored ("lazy SMP"), and the main thread's result is the answer.
    /// Half the helpers search one ply deeper than the main thread, so that they store what it
    /// will need next.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut helper = self.sharing();
            helper.depth_offset = (self.helpers.len() % 2 == 0) as u32;
            self.helpers.push(helper);
        }
    }

    /// In wasm32 there are no threads: the search stays on one. (The command-line tool, which
    /// sets threads, is also compiled for wasm32 when the wasm tests are built.)
    #[cfg(target_arch = "wasm32")]
    pub fn set_threads(&mut self, _threads: usize) {}

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
        #[cfg(not(target_arch = "wasm32"))]
        if !self.helpers.is_empty() {
            return self.search_parallel(pos, history, limits);
        }
        self.search_one(pos, history, limits)
    }

    /// The main thread's search while the helpers search the same root until it ends.
    #[cfg(not(target_arch = "wasm32"))]
    fn search_parallel(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
    ) -> Option<SearchResult> {
        use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
        let done = AtomicBool::new(false);
        let mut helpers = std::mem::take(&mut self.helpers);
        let (depth, egdb, phase_plies) = (limits.depth, limits.egdb, limits.phase_plies);
        // The helpers evaluate as this thread does (the choice of evaluation is per thread).
        let (hand_made, weights) = (
            super::eval::is_hand_made(),
            super::learned::weights_override(),
        );
        let result = std::thread::scope(|s| {
            for helper in helpers.iter_mut() {
                let done = &done;
                s.spawn(move || {
                    super::eval::use_hand_made(hand_made);
                    super::learned::use_weights(weights);
                    let stop = || done.load(Relaxed);
                    let limits = Limits {
                        depth,
                        egdb,
                        phase_plies,
                        stop: Some(&stop),
                        ..Default::default()
                    };
                    helper.search_one(pos, history, &limits);
                });
            }
            let result = self.search_one(pos, history, limits);
            done.store(true, Relaxed);
            result
        });
        self.helpers = helpers;
        result
    }

    fn search_one(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
    ) -> Option<SearchResult> {
        let root_moves = fast::legal_moves(pos);
        if root_moves.is_empty() {
            return None;
        }
        if let Some(db) = limits.egdb {
            db.begin_search(pos);
        }
        if let Some(result) = egdb_root(pos, limits) {
            if let Some(f) = limits.on_iteration {
                f(&result);
            }
            return Some(result);
        }
        self.phase[0] = limits.phase_plies;
        let clock = limits.clock;
        let now = || clock.map_or(0.0, |c| c());
        let start = now();
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.stopped = false;
        let (aim, most) = match (limits.time_ms, clock) {
            (Some(t), Some(_)) => (start + t, start + limits.max_time_ms.unwrap_or(t).max(t)),
            _ => (f64::INFINITY, f64::INFINITY),
        };
        self.deadline = aim;
        self.panic_deadline = most;
        self.last_score = None;
        self.stack.clear();
        self.stack.extend_from_slice(history);
        self.root_index = history.len();
        let hash = zobrist::hash(pos);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

        let mut result = SearchResult {
            best: root_moves[0],
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![root_moves[0]],
            time_ms: 0.0,
            from_egdb: false,
        };
        for depth in 1..=max_depth {
            let depth = (depth + self.depth_offset).min(max_depth);
            self.can_stop = depth > 1;
            self.root_best = None;
            let score = self.search_root(pos, hash, depth, limits);
            if self.stopped {
                // The first root move searched is the previous best; any move that beat it
                // before the stop is at least as good.
                if let Some((m, s)) = self.root_best {
                    if !m.same_as(&result.best) {
                        result.best = m;
                        result.score = s;
                        result.pv = vec![m];
                    }
                }
                break;
            }
            let best = self.root_best.map_or(root_moves[0], |(m, _)| m);
            result.best = best;
            result.score = score;
            result.depth = depth;
            result.pv = self.pv(pos, hash, best, depth as usize + 8);
            result.nodes = self.nodes;
            result.time_ms = now() - start;
            if let Some(f) = limits.on_iteration {
                f(&result);
            }
            if root_moves.len() == 1 && limits.depth.is_none() {
                break;
            }
            if score.abs() > WIN_BOUND && (WIN - score.abs()) <= depth as i32 {
                break; // a forced result within the horizon: deeper search cannot change it
            }
            self.last_score = Some(score);
            self.deadline = aim;
            if let Some(t) = limits.time_ms {
                // The next iteration costs about twice this one (measured: the effective
                // branching factor is 1.6–2.4): one that cannot end in the time is not begun.
                // The stop at the deadline keeps what a partial iteration found, so the time
                // left after this is used, not returned.
                if clock.is_some()
                    && !limits.whole_time
                    && now() - start > t * START_NEXT_ITERATION_BEFORE
                {
                    break;
                }
            }
            if self.nodes >= self.node_limit {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time_ms = now() - start;
        Some(result)
    }

    /// One iteration of the root. From [`ASPIRATION_MIN_DEPTH`] it searches a window around
    /// the previous iteration's score, which cuts more of the tree than a full window when the
    /// score moves little between iterations, as it mostly does; a score outside the window
    /// is searched again in a window widened on that side, until the score falls inside it.
    fn search_root(&mut self, pos: &Position, hash: u64, depth: u32, limits: &Limits) -> i32 {
        let mut delta = ASPIRATION_WINDOW;
        let (mut lo, mut hi) = match self.last_score {
            Some(last) if depth >= ASPIRATION_MIN_DEPTH && last.abs() < ASPIRATION_MAX_SCORE => {
                (last - delta, last + delta)
            }
            _ => (-INF, INF),
        };
        loop {
            let score = self.negamax(pos, hash, depth as i32, lo, hi, 0, limits);
            delta *= 2;
            let widest = delta > ASPIRATION_MAX_WINDOW;
            if self.stopped {
                return score;
            } else if score <= lo && lo > -INF {
                lo = if widest { -INF } else { score - delta };
            } else if score >= hi && hi < INF {
                hi = if widest { INF } else { score + delta };
            } else {
                return score;
            }
        }
    }

    /// Scores every root move with a full-window search of `depth` plies (slow; for the
    /// weaker levels that choose among near-best moves). Without `shots`, the quiescence
    /// plays out captures only (not the quiet moves that open a shot): the search sees what
    /// a move leaves to be taken, not the shot a quiet reply prepares.
    pub fn score_moves(
        &mut self,
        pos: &Position,
        history: &[u64],
        depth: u32,
        shots: bool,
    ) -> Vec<(Move, i32)> {
        self.quiescence_shots = shots;
        self.nodes = 0;
        self.node_limit = u64::MAX;
        self.stopped = false;
        self.can_stop = false;
        self.deadline = f64::INFINITY;
        self.stack.clear();
        self.stack.extend_from_slice(history);
        self.root_index = history.len();
        let hash = zobrist::hash(pos);
        self.stack.push(hash);
        let limits = Limits::default();
        let mut out = Vec::new();
        for m in fast::legal_moves(pos) {
            let mut child = *pos;
            child.play_unchecked(&m);
            let h = zobrist::after(pos, hash, &m);
            let s = -self.negamax(&child, h, depth.max(1) as i32 - 1, -INF, INF, 1, &limits);
            out.push((m, s));
        }
        self.stack.pop();
        self.quiescence_shots = true;
        out
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn pv(&self, pos: &Position, hash: u64, best: Move, max: usize) -> Vec<Move> {
        let mut pv = vec![best];
        let mut pos = *pos;
        let mut hash = zobrist::after(&pos, hash, &best);
        pos.play_unchecked(&best);
        let mut seen = vec![hash];
        while pv.len() < max {
            let Some(e) = self.tt.probe(hash).filter(|e| e.mv != 0) else {
                break;
            };
            let moves = fast::legal_moves(&pos);
            let Some(m) = moves.get(e.mv as usize - 1) else {
                break;
            };
            hash = zobrist::after(&pos, hash, m);
            pos.play_unchecked(m);
            pv.push(*m);
            if seen.contains(&hash) {
                break;
            }
            seen.push(hash);
        }
        pv
    }

    #[inline]
    fn out_of_budget(&mut self, limits: &Limits) -> bool {
        if self.stopped {
            return true;
        }
        if !self.can_stop {
            return false;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes & 2047 == 0 {
            if let Some(stop) = limits.stop {
                if stop() {
                    self.stopped = true;
                }
            }
            if let Some(clock) = limits.clock {
                if clock() >= self.deadline {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// Whether the position at `ply` (hash `hash`, just pushed) repeats an earlier one since
    /// the last irreversible move. `run` is the number of reversible plies leading to it.
    fn is_repetition(&self, hash: u64, run: usize) -> bool {
        let idx = self.stack.len() - 1;
        let mut back = 2;
        while back <= run && back <= idx {
            if self.stack[idx - back] == hash {
                return true;
            }
            back += 2;
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        limits: &Limits,
    ) -> i32 {
        self.negamax_run(pos, hash, depth, alpha, beta, ply, usize::MAX, limits)
    }

    /// `run`: reversible plies before this node (`usize::MAX` = all the way back through the
    /// caller's history).
    #[allow(clippy::too_many_arguments)]
    fn negamax_run(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        run: usize,
        limits: &Limits,
    ) -> i32 {
        if ply == 0 {
            self.stack.truncate(self.root_index);
        }
        self.stack.push(hash);
        let score = self.node(pos, hash, depth, &mut alpha, beta, ply, run, limits);
        self.stack.pop();
        score
    }

    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        alpha: &mut i32,
        beta: i32,
        ply: usize,
        run: usize,
        limits: &Limits,
    ) -> i32 {
        if ply > 0 && self.is_repetition(hash, run) {
            return 0;
        }
        if ply > 0 {
            if let Some(score) = egdb_score(pos, ply, self.phase[ply], limits) {
                self.nodes += 1;
                return score;
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, *alpha, beta, ply, limits);
        }
        if self.out_of_budget(limits) {
            return 0;
        }
        self.nodes += 1;
        let pv_node = beta - *alpha > 1;
        let mut tt_move = 0u8;
        if let Some(entry) = self.tt.probe(hash) {
            tt_move = entry.mv;
            if ply > 0 && !pv_node && entry.depth as i32 >= depth {
                let s = score_from_tt(entry.score as i32, ply);
                match entry.bound {
                    EXACT => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= *alpha => return s,
                    _ => {}
                }
            }
        }

        // Internal iterative reduction: a deep node the table knows no move for is searched a
        // ply shallower. Without the table's move its ordering is a guess (killers and history),
        // and the full depth would be spent on the wrong moves first; the shallower search is
        // cheap and leaves a best move in the table for the next visit.
        let depth = depth - i32::from(depth >= IIR_MIN_DEPTH && tt_move == 0);

        // ProbCut: a shallow search that clears beta by a margin predicts that the full one
        // clears beta; the margin is what a few plies less rarely change, and grows with the
        // plies the prediction skips over. Not where a capture is due: the side to move is in
        // the middle of an exchange or a combination (often the answer to a sacrifice), where
        // the plies the shallow search leaves out are the ones that decide.
        let capture_due = fast::has_capture(pos);
        let margin = probcut_margin(depth);
        if !pv_node
            && ply > 0
            && depth >= PROBCUT_MIN_DEPTH
            && beta.abs() < EGDB_BOUND - margin
            && !capture_due
        {
            let rbeta = beta + margin;
            let mut a = rbeta - 1;
            let shallow = probcut_depth(depth);
            let s = self.node(pos, hash, shallow, &mut a, rbeta, ply, run, limits);
            if self.stopped {
                return 0;
            }
            if s >= rbeta {
                return beta;
            }
        }

        // Futility: one to three plies from the horizon, a quiet position that stands below
        // alpha by more than a quiet move gains in that many plies will not reach alpha: after
        // the best-ordered move, the other quiet moves are not searched. Promotions still are;
        // where a capture is due every move is a capture, so nothing is pruned. Measured in the
        // variants played to capture or block all (the margins are in their evaluation's units).
        // A node that pruned moves proves no loss: if the moves it searched all lose by force,
        // it fails low at the futility value (the evaluation plus the margin, at most alpha),
        // what the pruning takes its unsearched moves to score. Returning the proven loss
        // instead (the first move gave two men away into the tables' loss, a move left
        // unsearched did not), the bound stayed a "loss" in the transposition table through
        // the re-searches (Cat.C1 #35's combination with the tables). Below a proven loss the
        // fail-soft score stands, as before: raising every futile fail-low to the futility
        // value cost 4 problems at 1M nodes (118 → 114) where this gains one (119).
        let futility_value = if !pv_node
            && ply > 0
            && depth <= FUTILITY_MAX_DEPTH
            && !capture_due
            && pos.rules().goal == Goal::Standard
            && alpha.abs() < EGDB_BOUND
        {
            Some(evaluate(pos) + futility_margin(depth)).filter(|&v| v <= *alpha)
        } else {
            None
        };
        let futile = futility_value.is_some();

        let mut moves = std::mem::take(&mut self.bufs[ply]);
        fast::legal_moves_into(pos, &mut moves);
        if moves.is_empty() {
            self.bufs[ply] = moves;
            return no_moves_score(pos, ply);
        }
        let mut order = std::mem::take(&mut self.order[ply]);
        self.score_moves_for_order(pos, &moves, &mut order, tt_move, ply);
        // A forced reply (one legal move, typically a capture) costs nothing to look through.
        let extension = i32::from(moves.len() == 1);

        let alpha_orig = *alpha;
        let mut best = -INF;
        let mut best_idx = 0usize;
        // The quiet moves searched so far without a cutoff (their history indices, the first
        // 64): if a later quiet move cuts off, their history goes down.
        let mut tried = [0u16; 64];
        let mut n_tried = 0usize;
        let g = pos.geometry();
        for i in 0..moves.len() {
            // Selection step: the best-ordered move not yet searched. Moves stay in generator
            // order so that the transposition table can name a move by its index.
            let mut j = 0;
            for k in 1..moves.len() {
                if order[k] > order[j] {
                    j = k;
                }
            }
            order[j] = i32::MIN;
            let m = moves[j];
            let mut child = *pos;
            child.play_unchecked(&m);
            // Futility spares promotions and the first move of a shot (a combination can win
            // back more than the margin).
            // Whether `m` opens a shot, asked at most once per move (in the child's move buffer).
            let mut shot = None;
            if futile
                && i > 0
                && !m.promotes()
                && !*shot.get_or_insert_with(|| opens_shot(&child, &mut self.bufs[ply + 1]))
            {
                if let Some(v) = futility_value.filter(|_| best < -EGDB_BOUND) {
                    best = v;
                }
                continue;
            }
            let is_king_move = pos.kings().contains(g.bit(m.from()));
            let child_hash = zobrist::after(pos, hash, &m);
            if let Some(db) = limits.egdb {
                self.phase[ply + 1] = if db.starts_phase(pos, &m, &child) {
                    0
                } else {
                    self.phase[ply].saturating_add(1)
                };
            }
            let child_run = if m.is_capture() || !is_king_move {
                0
            } else {
                run.saturating_add(1)
            };
            let new_depth = depth - 1 + extension;
            let quiet = !m.is_capture() && !m.promotes();
            // The child searched to `depth` within the window (`lo`, `hi`), from our side.
            let search_child = |this: &mut Self, depth: i32, lo: i32, hi: i32| {
                -this.negamax_run(
                    &child,
                    child_hash,
                    depth,
                    -hi,
                    -lo,
                    ply + 1,
                    child_run,
                    limits,
                )
            };
            let score = if i == 0 {
                search_child(self, new_depth, *alpha, beta)
            } else {
                // A null window around alpha first, reduced for late quiet moves that do not
                // open a shot; searched again at full depth, then with the full window, if it
                // beats alpha.
                let reduce = if depth >= 3
                    && i >= 2 + usize::from(pv_node)
                    && quiet
                    && !*shot.get_or_insert_with(|| opens_shot(&child, &mut self.bufs[ply + 1]))
                {
                    let r = i32::from(self.lmr[(depth.min(63) as usize) * 64 + i.min(63)])
                        - i32::from(pv_node)
                        - i32::from(self.is_killer(ply, &m));
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut s = search_child(self, new_depth - reduce, *alpha, *alpha + 1);
                if s > *alpha && reduce > 0 {
                    s = search_child(self, new_depth, *alpha, *alpha + 1);
                }
                if s > *alpha && s < beta {
                    s = search_child(self, new_depth, *alpha, beta);
                }
                s
            };
            if self.stopped {
                break;
            }
            if ply == 0 && i == 0 {
                // The previous best fails low: take the extra time to find a better move.
                if self
                    .last_score
                    .is_some_and(|last| score < last - FAIL_LOW_MARGIN)
                {
                    self.deadline = self.panic_deadline;
                }
            }
            if score > best {
                best = score;
                best_idx = j;
                // At the root, a move proven better than the window's floor (the first move
                // in a full window; in an aspiration window, one that does not fail low).
                if ply == 0 && score > *alpha {
                    self.root_best = Some((m, score));
                }
                if score > *alpha {
                    *alpha = score;
                    if score >= beta {
                        if quiet {
                            self.remember_cutoff(ply, &m, depth, &tried[..n_tried]);
                        }
                        break;
                    }
                }
            }
            if quiet && n_tried < tried.len() {
                tried[n_tried] = history_index(&m) as u16;
                n_tried += 1;
            }
        }
        if !self.stopped {
            let idx = best_idx;
            let bound = if best >= beta {
                LOWER
            } else if best > alpha_orig {
                EXACT
            } else {
                UPPER
            };
            self.tt.store(
                hash,
                TtEntry {
                    score: score_to_tt(best, ply) as i16,
                    depth: depth.min(127) as i8,
                    bound,
                    mv: (idx + 1).min(255) as u8,
                },
            );
        }
        self.bufs[ply] = moves;
        self.order[ply] = order;
        best
    }

    fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        limits: &Limits,
    ) -> i32 {
        if self.out_of_budget(limits) {
            return 0;
        }
        self.nodes += 1;
        if pos.is_variant_end() {
            return no_moves_score(pos, ply);
        }
        if let Some(score) = egdb_score(pos, ply, 0, limits) {
            return score;
        }
        // Captures are compulsory: no standing pat in the middle of an exchange. A quiet
        // position stands pat on its evaluation, unless a move of its own opens a shot or
        // promotes: those are played out here, so a combination one move past the horizon is
        // seen (the opponent's captures, then ours, follow). Only in the variants played to
        // capture or block all, and only while no king is on the board (a king's moves would
        // open shots without end). Measured against standing pat (docs/measurements/2026-11-strength.md, "Search changes,
        // measured").
        let quiet = !fast::has_capture(pos);
        let mut best = -INF;
        if quiet {
            if super::eval::mobility(pos, pos.turn()) == 0 {
                return no_moves_score(pos, ply);
            }
            let stand = evaluate(pos);
            if stand >= beta
                || !self.quiescence_shots
                || ply >= MAX_PLY - 2
                || pos.rules().goal != Goal::Standard
                || !pos.kings().is_empty()
            {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        } else if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        fast::legal_moves_into(pos, &mut moves);
        for m in &moves {
            let mut child = *pos;
            child.play_unchecked(m);
            if quiet && !m.promotes() && !opens_shot(&child, &mut self.bufs[ply + 1]) {
                continue;
            }
            let s = -self.quiesce(&child, -beta, -alpha, ply + 1, limits);
            if self.stopped {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.bufs[ply] = moves;
        best
    }

    fn score_moves_for_order(
        &self,
        pos: &Position,
        moves: &[Move],
        order: &mut Vec<i32>,
        tt_move: u8,
        ply: usize,
    ) {
        order.clear();
        for (i, m) in moves.iter().enumerate() {
            let s = if tt_move as usize == i + 1 {
                1 << 30
            } else if m.is_capture() {
                let taken: i32 = m.captures().iter().map(|&sq| piece_value(pos, sq)).sum();
                (1 << 28) + taken * 16 + i32::from(m.promotes()) * 8
            } else if m.promotes() {
                1 << 27
            } else if self.killers[ply][0].is_some_and(|k| k.same_as(m)) {
                (1 << 26) + 1
            } else if self.killers[ply][1].is_some_and(|k| k.same_as(m)) {
                1 << 26
            } else {
                self.history[history_index(m)]
            };
            order.push(s);
        }
    }

    fn is_killer(&self, ply: usize, m: &Move) -> bool {
        self.killers[ply]
            .iter()
            .any(|k| k.is_some_and(|k| k.same_as(m)))
    }

    fn remember_cutoff(&mut self, ply: usize, m: &Move, depth: i32, tried: &[u16]) {
        let k = &mut self.killers[ply];
        if !k[0].is_some_and(|k0| k0.same_as(m)) {
            k[1] = k[0];
            k[0] = Some(*m);
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        let h = &mut self.history[history_index(m)];
        *h = history_after(*h, bonus);
        for &t in tried {
            let h = &mut self.history[usize::from(t)];
            *h = history_after(*h, -bonus);
        }
    }
}

#[inline]
fn history_index(m: &Move) -> usize {
    m.from().index() as usize * 64 + m.to().index() as usize
}

fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s > EGDB_BOUND {
        s + ply as i32
    } else if s < -EGDB_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s > EGDB_BOUND {
        s - ply as i32
    } else if s < -EGDB_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// The search score of a database value, `ply` plies from the root, `played` plies into its
/// phase of the move limits: a win or loss only if it comes within what is left of the limit.
fn egdb_to_score(db: &Egdb, pos: &Position, v: Value, ply: usize, played: u16) -> i32 {
    let plies = ply as i32 + v.plies as i32;
    match v.within(db.plies_left(pos, played)) {
        Outcome::Win => EGDB_WIN - plies,
        Outcome::Loss => -EGDB_WIN + plies,
        Outcome::Draw => 0,
    }
}

/// The database's score of a position in the tree, if it covers it.
#[inline]
fn egdb_score(pos: &Position, ply: usize, played: u16, limits: &Limits) -> Option<i32> {
    let db = limits.egdb?;
    if pos.occupied().count() > db.max_pieces() as u32 {
        return None;
    }
    let v = db.probe(pos)?;
    Some(egdb_to_score(db, pos, v, ply, played))
}

/// The answer at a root the database covers: its best move (the quickest win, the longest
/// loss, the move limits applied) and the line that follows from it.
fn egdb_root(pos: &Position, limits: &Limits) -> Option<SearchResult> {
    let db = limits.egdb?;
    if pos.occupied().count() > db.max_pieces() as u32 {
        return None;
    }
    let ranked = db.rank_moves(pos, limits.phase_plies).ok()??;
    let best = *ranked.first()?;
    let score = match best.outcome {
        Outcome::Win => EGDB_WIN - best.plies as i32,
        Outcome::Loss => -EGDB_WIN + best.plies as i32,
        Outcome::Draw => 0,
    };
    // The line: each side's best reply in turn, while the count goes on or starts afresh.
    let mut pv = vec![best.mv];
    let mut at = *pos;
    let mut played = if best.new_phase {
        0
    } else {
        limits.phase_plies + 1
    };
    at.play_unchecked(&best.mv);
    while pv.len() < 24 {
        let Some(next) = db
            .rank_moves(&at, played)
            .ok()
            .flatten()
            .and_then(|r| r.first().copied())
        else {
            break;
        };
        played = if next.new_phase { 0 } else { played + 1 };
        at.play_unchecked(&next.mv);
        pv.push(next.mv);
    }
    Some(SearchResult {
        best: best.mv,
        score,
        depth: 1,
        nodes: ranked.len() as u64,
        pv,
        time_ms: 0.0,
        from_egdb: true,
    })
}

/// Plies taken off the search of the `i`-th quiet move (0-based, in order) at `depth`: more
/// the later the move and the deeper the search, as ln(depth)·ln(i) — late moves in a
/// well-ordered list rarely beat the best, and one that does is searched again in full.
fn late_move_reduction(depth: usize, i: usize) -> i32 {
    let r = 0.5 + (depth.max(1) as f64).ln() * (i.max(1) as f64).ln() / LMR_DIVISOR;
    r as i32
}

/// Whether the quiet move that led to `child` opens a shot: the opponent must capture, and
/// whichever capture it takes leaves the mover a capture back. Such a move is the first of a
/// combination (a man given to take two back, a breakthrough to the king row) whose worth lies
/// past the plies the reductions and futility pruning would leave it. Exempting it from both
/// solves more composed problems (`Cat.*` 117 → 124 at 1M nodes) at no measured cost in games
/// (docs/measurements/2026-11-strength.md, "Search changes, measured"); exempting every move that offers a capture (most
/// exchanges) lost about 90 Elo. The replies are generated into `replies` (the search lends the
/// child's move buffer, free until the child is searched), so the hot path does not allocate.
fn opens_shot(child: &Position, replies: &mut Vec<Move>) -> bool {
    if !fast::has_capture(child) {
        return false;
    }
    fast::legal_moves_into(child, replies);
    replies.iter().all(|reply| {
        let mut after = *child;
        after.play_unchecked(reply);
        fast::has_capture(&after)
    })
}

/// The shallowest node that internal iterative reduction searches a ply less when the
/// transposition table has no move for it.
const IIR_MIN_DEPTH: i32 = 4;

/// The bound of a move's history score (its magnitude stays below about this).
const HISTORY_MAX: i32 = 1 << 14;

/// A history score moved by `delta` (the depth squared: up for the move that cut off, down
/// for the quiet moves searched before it in vain), the step shrinking as the score nears
/// [`HISTORY_MAX`] on its side, so old news fades without a periodic halving. Measured
/// against the history of cutoffs alone: a small gain, undecided (docs/measurements/2026-11-strength.md, "Search changes,
/// measured").
fn history_after(h: i32, delta: i32) -> i32 {
    h + delta - h * delta.abs() / HISTORY_MAX
}

/// The divisor of [`late_move_reduction`]'s product (smaller reduces more; 1.6 against 2.0:
/// docs/measurements/2026-11-strength.md, "Search changes, measured").
const LMR_DIVISOR: f64 = 1.6;

/// ProbCut's shallow search is this many plies shorter than the node's...
const PROBCUT_REDUCTION: i32 = 4;
/// ...at nodes at least this deep, and one ply shorter still for each this many plies
/// deeper...
const PROBCUT_MIN_DEPTH: i32 = 6;
const PROBCUT_PLIES_PER_EXTRA_REDUCTION: i32 = 3;
/// ...and must clear beta by this much (hundredths of a man) at the least depth (0.30 against
/// 0.40: docs/measurements/2026-11-strength.md, "Search changes, measured")...
const PROBCUT_MARGIN: i32 = 30;
/// ...and this much more for each ply deeper.
const PROBCUT_MARGIN_PER_PLY: i32 = 10;

/// Iterations from this depth search an aspiration window...
const ASPIRATION_MIN_DEPTH: u32 = 5;
/// ...this wide on each side of the previous score (hundredths of a man), doubled on each
/// fail...
const ASPIRATION_WINDOW: i32 = 15;
/// ...and opened to the end on that side once wider than this...
const ASPIRATION_MAX_WINDOW: i32 = 400;
/// ...when the previous score is an evaluation, not a proven win or loss.
const ASPIRATION_MAX_SCORE: i32 = EGDB_BOUND - 1000;

/// Futility pruning works at nodes this near the horizon (plies)...
const FUTILITY_MAX_DEPTH: i32 = 3;

/// ...where the static evaluation must lie below alpha by more than this (hundredths of a man):
/// what quiet moves rarely gain in `depth` plies.
fn futility_margin(depth: i32) -> i32 {
    [0, 60, 120, 200][depth.clamp(0, FUTILITY_MAX_DEPTH) as usize]
}

/// The depth of ProbCut's shallow search at a node `depth` plies deep: 2 at 6, 4 at 9, 6 at
/// 12, 10 at 18. A prediction holds as well from a proportionally shallower search (deep nodes
/// are where the cut saves most), measured against the fixed four plies (docs/measurements/2026-11-strength.md, "Search
/// changes, measured").
fn probcut_depth(depth: i32) -> i32 {
    depth - PROBCUT_REDUCTION - (depth - PROBCUT_MIN_DEPTH) / PROBCUT_PLIES_PER_EXTRA_REDUCTION
}

/// What ProbCut's shallow search must clear beta by at `depth`.
fn probcut_margin(depth: i32) -> i32 {
    PROBCUT_MARGIN + PROBCUT_MARGIN_PER_PLY * (depth - PROBCUT_MIN_DEPTH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::{parse_fen, Variant};

    /// The 2-for-1 shot of tests/ai.rs opens with 29-23 (18x29 forced, then 34x23x14); a man
    /// given away with nothing back (33-28 22x33) and a move that offers nothing do not.
    #[test]
    fn a_shot_is_told_from_a_man_given_away() {
        let after = |fen: &str, mv: &str| {
            let pos = parse_fen(fen, Variant::International).unwrap();
            let mut child = pos;
            child.play_unchecked(&draughts_rules::notation::parse_move(&pos, mv).unwrap());
            child
        };
        let shot = "W:W28,29,34,40:B6,16,18,19";
        let mut replies = Vec::new();
        assert!(opens_shot(&after(shot, "29-23"), &mut replies));
        assert!(!opens_shot(&after(shot, "40-35"), &mut replies));
        let given = after("W:W33,48:B22", "33-28");
        assert!(fast::has_capture(&given));
        assert!(!opens_shot(&given, &mut replies));
    }

    /// ProbCut's shallow search stays a real search (two plies or more) and at least
    /// PROBCUT_REDUCTION plies shorter, shorter still the deeper the node.
    #[test]
    fn probcut_searches_shallower_the_deeper_the_node() {
        let depths: Vec<i32> = (PROBCUT_MIN_DEPTH..=MAX_PLY as i32)
            .map(probcut_depth)
            .collect();
        assert_eq!(depths[0], 2);
        for (d, shallow) in (PROBCUT_MIN_DEPTH..).zip(&depths) {
            assert!(
                *shallow >= 2 && *shallow <= d - PROBCUT_REDUCTION,
                "{d}: {shallow}"
            );
        }
        assert_eq!(probcut_depth(18), 10);
    }

    /// A cutoff raises its move's history and lowers the quiet moves searched before it in
    /// vain; however often it repeats, the score stays within the bound (below the killers'
    /// order scores).
    #[test]
    fn history_rewards_the_cutoff_and_blames_the_moves_before_it() {
        let pos = parse_fen("W:W31,32,33:B18,19,20", Variant::International).unwrap();
        let moves = fast::legal_moves(&pos);
        let (cut, vain) = (&moves[0], &moves[1]);
        let mut engine = Engine::new(1);
        engine.remember_cutoff(3, cut, 6, &[history_index(vain) as u16]);
        assert!(engine.history[history_index(cut)] > 0);
        assert!(engine.history[history_index(vain)] < 0);
        assert!(engine.is_killer(3, cut));
        for _ in 0..10_000 {
            engine.remember_cutoff(3, cut, 40, &[history_index(vain) as u16]);
        }
        let (up, down) = (
            engine.history[history_index(cut)],
            engine.history[history_index(vain)],
        );
        assert!(
            (HISTORY_MAX * 3 / 4 + 1..=HISTORY_MAX).contains(&up),
            "{up}"
        );
        assert!(
            (-HISTORY_MAX..-HISTORY_MAX * 3 / 4).contains(&down),
            "{down}"
        );
    }

    /// At the horizon, a quiet position whose own move opens a shot is scored with the shot
    /// played out (29-23 18x29 34x23x14: a man given, two taken, about a man up), not by its
    /// evaluation; once a king is on the board it stands pat as before, and so does the
    /// beginner's captures-only quiescence.
    #[test]
    fn quiescence_plays_out_a_shot_one_move_past_the_horizon() {
        let score = |fen: &str| {
            let pos = parse_fen(fen, Variant::International).unwrap();
            let q = Engine::new(1).quiesce(&pos, -INF, INF, 0, &Limits::default());
            (q, evaluate(&pos))
        };
        let (q, stand) = score("W:W28,29,34,40:B6,16,18,19");
        assert!(q >= stand + 60, "shot scored {q}, standing {stand}");
        let (q, stand) = score("W:W28,29,34,40:B6,16,18,19,K1");
        assert_eq!(q, stand);
        // The beginner's quiescence (captures only) stands pat.
        let pos = parse_fen("W:W28,29,34,40:B6,16,18,19", Variant::International).unwrap();
        let mut engine = Engine::new(1);
        engine.quiescence_shots = false;
        assert_eq!(
            engine.quiesce(&pos, -INF, INF, 0, &Limits::default()),
            evaluate(&pos)
        );
    }

    /// A node that prunes its quiet moves by futility, and whose one searched move loses by
    /// force, fails low at its futility value (the evaluation plus the margin), not at a proven
    /// loss: 32-28 22x33 leaves White's man on 46 blocked (White loses, no move), but 32-27,
    /// which futility leaves unsearched, loses nothing.
    #[test]
    fn a_futile_node_proves_no_loss_its_pruned_moves_avoid() {
        let pos = parse_fen("W:W32,46:B22,31,37,41", Variant::International).unwrap();
        assert!(!fast::has_capture(&pos));
        let hash = zobrist::hash(&pos);
        let moves = fast::legal_moves(&pos);
        let text = |m: &Move| draughts_rules::notation::move_to_text(&pos, m);
        assert_eq!(
            moves.len(),
            2,
            "{:?}",
            moves.iter().map(text).collect::<Vec<_>>()
        );
        let blunder = moves.iter().position(|m| text(m) == "32-28").unwrap();
        let floor = evaluate(&pos) + futility_margin(1);
        let alpha = floor + 40;
        let limits = Limits::default();
        let mut engine = Engine::new(1);
        // The blunder, as the node's first move, loses by force.
        let mut child = pos;
        child.play_unchecked(&moves[blunder]);
        let blunder_score = -engine.quiesce(&child, -INF, INF, 2, &limits);
        assert!(blunder_score < -WIN_BOUND, "{blunder_score}");
        // The table names it as the node's best move (too shallow to cut anything).
        engine.tt.store(
            hash,
            TtEntry {
                score: 0,
                depth: 0,
                bound: UPPER,
                mv: (blunder + 1) as u8,
            },
        );
        let score = engine.negamax(&pos, hash, 1, alpha, alpha + 1, 1, &limits);
        assert_eq!(score, floor, "the floor is {floor}, alpha {alpha}");
    }

    /// An iteration whose aspiration window is centred away from the root's score fails low
    /// (or high), is searched again in wider windows, and ends outside the first window, near
    /// the score a full window gives: the same move where a shot decides, within a few
    /// hundredths of a man in quiet openings and 0.30 after the shot (futility and ProbCut
    /// compare with the window's edges and the transposition table then holds other bounds,
    /// so another window visits other quiet leaves, which the patterns of International's
    /// evaluation score apart).
    #[test]
    fn aspiration_windows_recover_from_a_fail_on_either_side() {
        let positions = [
            // The 2-for-1 shot of tests/ai.rs, scored about three men up, and two starts.
            // (position, variant, tolerance, whether a shot decides the move)
            (
                "W:W28,29,34,40:B6,16,18,19",
                Variant::International,
                30,
                true,
            ),
            ("W:W31-50:B1-20", Variant::International, 5, false),
            ("B:W21-32:B1-12", Variant::English, 5, false),
        ];
        let depth = ASPIRATION_MIN_DEPTH + 2;
        for (fen, variant, tolerance, shot) in positions {
            let pos = parse_fen(fen, variant).unwrap();
            let hash = zobrist::hash(&pos);
            let limits = Limits::default();
            let mut engine = Engine::new(1);
            let full = engine.negamax(&pos, hash, depth as i32, -INF, INF, 0, &limits);
            let best = engine.root_best.expect("a best move").0;
            assert!(full.abs() < ASPIRATION_MAX_SCORE, "{fen}: {full}");
            // Each window misses the score: by far, or by a few windows.
            for off_by in [300, -300, 80, -80] {
                let mut engine = Engine::new(1);
                engine.last_score = Some(full + off_by);
                let score = engine.search_root(&pos, hash, depth, &limits);
                let first = (
                    full + off_by - ASPIRATION_WINDOW,
                    full + off_by + ASPIRATION_WINDOW,
                );
                assert!(
                    if off_by > 0 {
                        score < first.0
                    } else {
                        score > first.1
                    },
                    "{fen}, window centred {off_by} off: {score} within the first window {first:?}"
                );
                assert!(
                    (score - full).abs() <= tolerance,
                    "{fen}, window centred {off_by} off: {score}, not {full}"
                );
                if shot {
                    let found = engine.root_best.expect("a best move").0;
                    assert!(found.same_as(&best), "{fen}: {found:?}, not {best:?}");
                }
            }
        }
    }
}
