//! The best few lines at the root ("multi-PV"), for the analysis: the first is the ordinary
//! search's answer, untouched (the same move, score and line as [`Engine::search`], in the
//! same nodes); each further line is one more search of the root at the depth the first
//! reached, leaving out the moves of the lines found before it.
//!
//! A further line is searched in the window (-∞, score of the line before it]: the first
//! search has already shown every other root move to be no better than its own (a root move
//! after the first fails low against it), so a move that reaches the ceiling again is reported
//! at it, as good as the line before as far as the search can tell. Scores therefore never
//! increase from one line to the next. The table's entry of the root is left as the first
//! search stored it, so that the next, deeper search starts from the real best move.

use super::database::{egdb_line, egdb_ranked, ranked_score};
use super::{Engine, Limits, SearchResult, INF};
use crate::egdb::Outcome;
use crate::zobrist;
use draughts_rules::fast;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;

/// The most lines [`Engine::search_lines`] is asked for by the page (any number works).
pub const MAX_LINES: usize = 5;

/// One of the best lines at the root.
#[derive(Clone, Debug)]
pub struct Line {
    /// Hundredths of a man for the side to move, as [`SearchResult::score`].
    pub score: i32,
    /// Its moves, the root move first.
    pub pv: Vec<Move>,
    /// What the endgame tables say the root move brings the side that plays it (the move
    /// limits applied), when they hold the position after it.
    pub tables: Option<Outcome>,
}

impl Line {
    /// The root move.
    pub fn first(&self) -> Move {
        self.pv[0]
    }
}

/// What [`Engine::search_lines`] found.
#[derive(Clone, Debug)]
pub struct Lines {
    /// The first line's search, as [`Engine::search`] returns it (with the nodes of every
    /// line).
    pub result: SearchResult,
    /// The lines, best first: the first is `result`'s; as many as asked for, unless the side to
    /// move has fewer moves or the search was stopped before the others were done.
    pub lines: Vec<Line>,
}

impl Engine {
    /// The best `count` lines from `pos` (at least one), each with its own score and line:
    /// see the module's header. `limits` bound the whole: a search stopped (by the nodes, the
    /// time or the callback) returns the lines it had finished. `None` if the side to move has
    /// no legal move.
    pub fn search_lines(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        count: usize,
    ) -> Option<Lines> {
        let mut result = self.search(pos, history, limits)?;
        let verdict = |m: Move| {
            let db = limits.egdb?;
            let r = db.rank_move(pos, m, limits.phase_plies).ok()??;
            Some(r.outcome)
        };
        if result.from_egdb {
            let (db, ranked) = egdb_ranked(pos, limits)?;
            let lines = ranked
                .iter()
                .take(count.max(1))
                .map(|r| Line {
                    score: ranked_score(r),
                    pv: egdb_line(db, pos, r, limits.phase_plies),
                    tables: Some(r.outcome),
                })
                .collect();
            return Some(Lines { result, lines });
        }
        let mut lines = vec![Line {
            score: result.score,
            pv: result.pv.clone(),
            tables: verdict(result.best),
        }];
        let count = count.min(fast::legal_moves(pos).len());
        if lines.len() < count && !self.stopped && result.depth > 0 {
            let hash = zobrist::hash(pos);
            let depth = result.depth;
            self.can_stop = true;
            self.last_score = None;
            while lines.len() < count {
                self.excluded = lines.iter().map(Line::first).collect();
                self.root_best = None;
                let ceiling = lines[lines.len() - 1].score;
                let score = self.negamax(pos, hash, depth as i32, -INF, ceiling + 1, 0, limits);
                self.excluded.clear();
                let Some((m, _)) = self.root_best.filter(|_| !self.stopped) else {
                    break;
                };
                lines.push(Line {
                    score: score.min(ceiling),
                    pv: self.pv(pos, hash, m, depth as usize + 8),
                    tables: verdict(m),
                });
            }
            result.nodes = self.nodes;
        }
        Some(Lines { result, lines })
    }
}
