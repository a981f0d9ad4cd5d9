//! The quiescence search past the horizon: captures are compulsory, so no standing pat in the
//! middle of an exchange; and, in the depth-capped searches of levels 2–4
//! (`Limits::quiescence_shots`), a quiet position plays out its own moves that open a shot or
//! promote, so that a combination one move past the horizon is seen. The full-strength search
//! stands pat there: it sees further by spending those nodes on depth.

use super::database::egdb_score;
use super::node::opens_shot;
use super::{no_moves_score, Engine, Limits, INF, MAX_PLY};
use crate::eval::mobility;
use draughts_rules::fast;
use draughts_rules::position::Position;
use draughts_rules::variant::Goal;

impl Engine {
    /// The score of `pos` past the horizon, `ply` plies from the root, within (`alpha`, `beta`).
    pub(super) fn quiesce(
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
        // A quiet position stands pat on its evaluation, unless the search plays out the shots
        // and a move of its own opens one or promotes (the opponent's captures, then ours,
        // follow). Only in the variants played to capture or block all, and only while no king
        // is on the board (a king's moves would open shots without end).
        let quiet = !fast::has_capture(pos);
        let mut best = -INF;
        if quiet {
            if mobility(pos, pos.turn()) == 0 {
                return no_moves_score(pos, ply);
            }
            let stand = self.evaluator.evaluate(pos);
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
            return self.evaluator.evaluate(pos);
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
}
