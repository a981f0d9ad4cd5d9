//! Negamax alpha-beta search: iterative deepening, principal variation search with late-move
//! reductions, a transposition table, killer and history move ordering, and a capture
//! quiescence search.
//!
//! The search never reads a clock itself: the host passes one in [`Limits`] (so the same code
//! runs in a browser worker), together with an optional node budget and stop callback.

use super::eval::{evaluate, piece_value};
use super::zobrist;
use crate::egdb::{Egdb, Outcome, Value};
use crate::mv::Move;
use crate::position::Position;

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
        crate::variant::Goal::Losing => WIN - ply as i32,
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
    /// Target time for the move in milliseconds; needs `clock`.
    pub time_ms: Option<f64>,
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

#[derive(Clone, Copy, Default)]
struct TtEntry {
    key: u64,
    score: i16,
    depth: i8,
    bound: u8,
    /// Index of the best move in the (deterministic) legal move list, +1; 0 = none.
    mv: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// A search engine with its transposition table and move-ordering memory. Reuse one engine
/// for a whole game: the table carries knowledge from move to move.
pub struct Engine {
    tt: Vec<TtEntry>,
    tt_mask: usize,
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
    deadline: f64,
    root_best: Option<(Move, i32)>,
    /// Per ply, the plies played in its phase of the move limits (kept only with a database).
    phase: Vec<u16>,
}

impl Engine {
    /// An engine with a transposition table of about `tt_size_mb` megabytes (at least 1).
    pub fn new(tt_size_mb: usize) -> Engine {
        let entries = (tt_size_mb.max(1) << 20) / std::mem::size_of::<TtEntry>();
        let size = entries.next_power_of_two() / 2;
        Engine {
            tt: vec![TtEntry::default(); size.max(1024)],
            tt_mask: size.max(1024) - 1,
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
            root_best: None,
            phase: vec![0; MAX_PLY + 2],
        }
    }

    /// Forgets everything learned (for a new game, or for reproducible searches).
    pub fn clear(&mut self) {
        self.tt.fill(TtEntry::default());
        self.history.fill(0);
        self.killers.fill([None, None]);
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
        let root_moves = pos.legal_moves();
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
        self.deadline = match (limits.time_ms, clock) {
            (Some(t), Some(_)) => start + t,
            _ => f64::INFINITY,
        };
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
            self.can_stop = depth > 1;
            self.root_best = None;
            let score = self.negamax(pos, hash, depth as i32, -INF, INF, 0, limits);
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
            if let Some(t) = limits.time_ms {
                // The next iteration costs several times this one: don't start what can't end.
                if clock.is_some() && now() - start > t * 0.4 {
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

    /// Scores every root move with a full-window search of `depth` plies (slow; for the
    /// weaker levels that choose among near-best moves).
    pub fn score_moves(&mut self, pos: &Position, history: &[u64], depth: u32) -> Vec<(Move, i32)> {
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
        for m in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(&m);
            let h = zobrist::after(pos, hash, &m);
            let s = -self.negamax(&child, h, depth.max(1) as i32 - 1, -INF, INF, 1, &limits);
            out.push((m, s));
        }
        self.stack.pop();
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
            let e = self.tt[hash as usize & self.tt_mask];
            if e.key != hash || e.mv == 0 {
                break;
            }
            let moves = pos.legal_moves();
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
        let slot = hash as usize & self.tt_mask;
        let entry = self.tt[slot];
        let mut tt_move = 0u8;
        if entry.key == hash {
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

        let mut moves = std::mem::take(&mut self.bufs[ply]);
        pos.legal_moves_into(&mut moves);
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
            let is_king_move = pos.kings().contains(g.bit(m.from()));
            let child_hash = zobrist::after(pos, hash, &m);
            let mut child = *pos;
            child.play_unchecked(&m);
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
                // A null window around alpha first, reduced for late quiet moves; searched
                // again at full depth, then with the full window, if it beats alpha.
                let reduce = if depth >= 3 && i >= 3 && quiet && !self.is_killer(ply, &m) {
                    1 + i32::from(i >= 8 && depth >= 6)
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
            if score > best {
                best = score;
                best_idx = j;
                if ply == 0 {
                    self.root_best = Some((m, score));
                }
                if score > *alpha {
                    *alpha = score;
                    if score >= beta {
                        if quiet {
                            self.remember_cutoff(ply, &m, depth);
                        }
                        break;
                    }
                }
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
            self.tt[slot] = TtEntry {
                key: hash,
                score: score_to_tt(best, ply) as i16,
                depth: depth.min(127) as i8,
                bound,
                mv: (idx + 1).min(255) as u8,
            };
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
        if !pos.has_capture() {
            if super::eval::mobility(pos, pos.turn()) == 0 {
                return no_moves_score(pos, ply);
            }
            return evaluate(pos);
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        // Captures are compulsory: no standing pat in the middle of an exchange.
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        pos.legal_moves_into(&mut moves);
        let mut best = -INF;
        for m in &moves {
            let mut child = *pos;
            child.play_unchecked(m);
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

    fn remember_cutoff(&mut self, ply: usize, m: &Move, depth: i32) {
        let k = &mut self.killers[ply];
        if !k[0].is_some_and(|k0| k0.same_as(m)) {
            k[1] = k[0];
            k[0] = Some(*m);
        }
        let h = &mut self.history[history_index(m)];
        *h += depth * depth;
        if *h > 1 << 24 {
            for v in self.history.iter_mut() {
                *v /= 2;
            }
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
