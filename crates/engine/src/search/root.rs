//! The root: iterative deepening with aspiration windows and time management, the principal
//! variation read back from the table, and every root move scored (for the weaker levels).

use super::database::egdb_root;
use super::tuning::{
    ASPIRATION_MAX_SCORE, ASPIRATION_MAX_WINDOW, ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW,
    START_NEXT_ITERATION_BEFORE,
};
use super::{Engine, Limits, SearchResult, INF, MAX_DEPTH, WIN, WIN_BOUND};
use crate::egdb::Egdb;
use crate::zobrist;
use draughts_rules::fast;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;

impl Engine {
    pub(super) fn search_one(
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
        self.quiescence_shots = limits.quiescence_shots;
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
            threads: 1,
            helper_nodes: 0,
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
            if root_moves.len() == 1 && limits.forced_at_once {
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
    pub(super) fn search_root(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: u32,
        limits: &Limits,
    ) -> i32 {
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
    /// weaker levels that choose among near-best moves, and the puzzles). Without `shots`, the
    /// quiescence plays out captures only (not the quiet moves that open a shot): the search
    /// sees what a move leaves to be taken, not the shot a quiet reply prepares. With `egdb`,
    /// positions in the tree it covers get its exact score, the root counted as the start of
    /// a phase of the move limits.
    pub fn score_moves(
        &mut self,
        pos: &Position,
        history: &[u64],
        depth: u32,
        shots: bool,
        egdb: Option<&Egdb>,
    ) -> Vec<(Move, i32)> {
        if let Some(db) = egdb {
            db.begin_search(pos);
        }
        self.phase[0] = 0;
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
        let limits = Limits {
            egdb,
            ..Limits::default()
        };
        let mut out = Vec::new();
        for m in fast::legal_moves(pos) {
            let mut child = *pos;
            child.play_unchecked(&m);
            let h = zobrist::after(pos, hash, &m);
            let s = -self.negamax(&child, h, depth.max(1) as i32 - 1, -INF, INF, 1, &limits);
            out.push((m, s));
        }
        self.stack.pop();
        out
    }

    /// The principal variation from `best`: the table's move in each position after it, until
    /// the table knows none or a position repeats.
    pub(super) fn pv(&self, pos: &Position, hash: u64, best: Move, max: usize) -> Vec<Move> {
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
}
