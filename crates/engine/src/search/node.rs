//! One node of the alpha-beta search, step by step: what settles it unsearched (a repetition,
//! the endgame tables, the horizon, the budget, the table's bound), what cuts its search short
//! (internal iterative reduction, ProbCut, futility pruning), then its moves, best-ordered
//! first, by principal variation search with late-move reductions, and what it stores.

use super::database::egdb_score;
use super::ordering::{history_index, next_best};
use super::tuning::{
    futility_margin, probcut_depth, probcut_margin, FAIL_LOW_MARGIN, FUTILITY_MAX_DEPTH,
    IIR_MIN_DEPTH, LMR_FIRST_MOVE, LMR_MIN_DEPTH, PROBCUT_MAX_PIECES_WITH_KINGS, PROBCUT_MIN_DEPTH,
};
use super::{no_moves_score, Engine, Limits, EGDB_BOUND, INF, MAX_PLY};
use crate::eval::Evaluator;
use crate::tt::{TtEntry, EXACT, LOWER, UPPER};
use crate::zobrist;
use draughts_rules::fast;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use draughts_rules::variant::Goal;
use std::ops::ControlFlow;

/// Where a node stands: what its steps read besides its depth and window.
#[derive(Clone, Copy)]
struct Node<'a> {
    pos: &'a Position,
    hash: u64,
    ply: usize,
    /// Reversible plies before it (`usize::MAX` = all the way back through the caller's
    /// history).
    run: usize,
    /// Whether its window is open (a principal variation node), not a null window.
    pv: bool,
}

/// A move's child position, ready to be searched.
struct Child {
    pos: Position,
    hash: u64,
    ply: usize,
    run: usize,
}

impl Engine {
    /// The score of `pos` (hash `hash`) searched `depth` plies deep within (`alpha`, `beta`),
    /// `ply` plies from the root.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
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

    /// One node (its hash already on the path): the steps in the order they decide.
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
        let node = Node {
            pos,
            hash,
            ply,
            run,
            pv: beta - *alpha > 1,
        };
        let tt_move = match self.probe(&node, depth, *alpha, beta) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(tt_move) => tt_move,
        };

        // Internal iterative reduction: a deep node the table knows no move for is searched a
        // ply shallower. Without the table's move its ordering is a guess (killers and history),
        // and the full depth would be spent on the wrong moves first; the shallower search is
        // cheap and leaves a best move in the table for the next visit.
        let depth = depth - i32::from(depth >= IIR_MIN_DEPTH && tt_move == 0);

        // Neither ProbCut nor futility where a capture is due: the side to move is in the
        // middle of an exchange or a combination (often the answer to a sacrifice), where the
        // plies they leave out are the ones that decide.
        let prunable = !node.pv && ply > 0 && !fast::has_capture(pos);
        if prunable {
            if let Some(score) = self.probcut(&node, depth, beta, limits) {
                return score;
            }
        }
        let futility = if prunable {
            futility_value(&self.evaluator, pos, depth, *alpha)
        } else {
            None
        };
        self.search_moves(&node, depth, alpha, beta, tt_move, futility, limits)
    }

    /// The table's move for the node (its index from 1; 0: none), or the score that settles
    /// the node: a bound at least as deep that lies outside the window. Never at the root or
    /// in the principal variation, whose moves and scores come from a search.
    fn probe(&self, node: &Node, depth: i32, alpha: i32, beta: i32) -> ControlFlow<i32, u8> {
        let Some(entry) = self.tt.probe(node.hash) else {
            return ControlFlow::Continue(0);
        };
        if node.ply > 0 && !node.pv && entry.depth as i32 >= depth {
            let s = score_from_tt(entry.score as i32, node.ply);
            match entry.bound {
                EXACT => return ControlFlow::Break(s),
                LOWER if s >= beta => return ControlFlow::Break(s),
                UPPER if s <= alpha => return ControlFlow::Break(s),
                _ => {}
            }
        }
        ControlFlow::Continue(entry.mv)
    }

    /// ProbCut: a shallow search that clears beta by a margin predicts that the full one
    /// clears beta (the margin is what a few plies less rarely change, and grows with the
    /// plies the prediction skips over). The node's score if the prediction cuts it.
    fn probcut(&mut self, node: &Node, depth: i32, beta: i32, limits: &Limits) -> Option<i32> {
        let margin = probcut_margin(depth);
        if depth < PROBCUT_MIN_DEPTH
            || beta.abs() >= EGDB_BOUND - margin
            || is_kings_ending(node.pos)
        {
            return None;
        }
        let rbeta = beta + margin;
        let mut a = rbeta - 1;
        let shallow = probcut_depth(depth);
        let (pos, hash, ply, run) = (node.pos, node.hash, node.ply, node.run);
        let s = self.node(pos, hash, shallow, &mut a, rbeta, ply, run, limits);
        if self.stopped {
            return Some(0);
        }
        (s >= rbeta).then_some(beta)
    }

    /// The node's moves, best-ordered first, each searched by [`Engine::search_move`]; with a
    /// futility value, the quiet moves after the first that neither promote nor open a shot
    /// are pruned (see [`futility_value`]). Stores the result in the table unless the search
    /// stopped.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        node: &Node,
        depth: i32,
        alpha: &mut i32,
        beta: i32,
        tt_move: u8,
        futility: Option<i32>,
        limits: &Limits,
    ) -> i32 {
        let (pos, ply) = (node.pos, node.ply);
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        fast::legal_moves_into(pos, &mut moves);
        if moves.is_empty() {
            self.bufs[ply] = moves;
            return no_moves_score(pos, ply);
        }
        let mut order = std::mem::take(&mut self.order[ply]);
        self.order_moves(pos, &moves, &mut order, tt_move, ply);
        // A forced reply (one legal move, typically a capture) costs nothing to look through.
        let new_depth = depth - 1 + i32::from(moves.len() == 1);

        let alpha_orig = *alpha;
        let mut best = -INF;
        let mut best_idx = 0usize;
        // The quiet moves searched so far without a cutoff (their history indices, the first
        // 64): if a later quiet move cuts off, their history goes down.
        let mut tried = [0u16; 64];
        let mut n_tried = 0usize;
        // At the root of a search for a further line, the moves of the lines found before it
        // are left out; `i` counts the moves taken in order, those left out not included.
        let excluding = ply == 0 && !self.excluded.is_empty();
        let mut taken = 0;
        for _ in 0..moves.len() {
            let j = next_best(&mut order);
            let m = moves[j];
            if excluding && self.excluded.iter().any(|x| x.same_as(&m)) {
                continue;
            }
            let i = taken;
            taken += 1;
            let mut child = *pos;
            child.play_unchecked(&m);
            // Whether `m` opens a shot, asked at most once per move.
            let mut shot = None;
            // Futility spares promotions and the first move of a shot (a combination can win
            // back more than the margin). A node that pruned moves proves no loss: below a
            // proven loss it fails low at the futility value, what the pruning takes its
            // unsearched moves to score.
            if futility.is_some()
                && i > 0
                && !m.promotes()
                && !self.opens_shot_once(&mut shot, &child, ply)
            {
                if let Some(v) = futility.filter(|_| best < -EGDB_BOUND) {
                    best = v;
                }
                continue;
            }
            let child = self.child(node, &m, child, limits);
            let score = if i == 0 {
                self.search_child(&child, new_depth, *alpha, beta, limits)
            } else {
                let reduce = self.reduction(node, &m, &child.pos, &mut shot, i, depth, new_depth);
                self.search_late_move(&child, new_depth, reduce, *alpha, beta, limits)
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
            let quiet = !m.is_capture() && !m.promotes();
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
        // A root that left moves out keeps the table's entry of the whole root (its best move
        // and score) for the next iteration.
        if !self.stopped && !excluding {
            self.store(node, depth, best, alpha_orig, beta, best_idx);
        }
        self.bufs[ply] = moves;
        self.order[ply] = order;
        best
    }

    /// The child `pos_after` of the node by `m`, with its hash, its reversible plies and (with
    /// a database) its plies into the move limits' phase.
    fn child(&mut self, node: &Node, m: &Move, pos_after: Position, limits: &Limits) -> Child {
        let (pos, ply) = (node.pos, node.ply);
        let is_king_move = pos.kings().contains(pos.geometry().bit(m.from()));
        let hash = zobrist::after(pos, node.hash, m);
        if let Some(db) = limits.egdb {
            self.phase[ply + 1] = if db.starts_phase(pos, m, &pos_after) {
                0
            } else {
                self.phase[ply].saturating_add(1)
            };
        }
        let run = if m.is_capture() || !is_king_move {
            0
        } else {
            node.run.saturating_add(1)
        };
        Child {
            pos: pos_after,
            hash,
            ply: ply + 1,
            run,
        }
    }

    /// The child searched to `depth` within the window (`lo`, `hi`), from the node's side.
    fn search_child(
        &mut self,
        child: &Child,
        depth: i32,
        lo: i32,
        hi: i32,
        limits: &Limits,
    ) -> i32 {
        let (pos, hash, ply, run) = (&child.pos, child.hash, child.ply, child.run);
        -self.negamax_run(pos, hash, depth, -hi, -lo, ply, run, limits)
    }

    /// A move after the first: a null window around alpha first, `reduce` plies shallower;
    /// searched again at full depth, then with the full window, if it beats alpha.
    fn search_late_move(
        &mut self,
        child: &Child,
        depth: i32,
        reduce: i32,
        alpha: i32,
        beta: i32,
        limits: &Limits,
    ) -> i32 {
        let mut s = self.search_child(child, depth - reduce, alpha, alpha + 1, limits);
        if s > alpha && reduce > 0 {
            s = self.search_child(child, depth, alpha, alpha + 1, limits);
        }
        if s > alpha && s < beta {
            s = self.search_child(child, depth, alpha, beta, limits);
        }
        s
    }

    /// Late-move reduction: the plies taken off the null-window search of the node's `i`-th
    /// move (0-based, in order), searched to `new_depth` in full. Only late quiet moves that do
    /// not open a shot are reduced, a ply less at a principal variation node and for a killer.
    #[allow(clippy::too_many_arguments)]
    fn reduction(
        &mut self,
        node: &Node,
        m: &Move,
        child: &Position,
        shot: &mut Option<bool>,
        i: usize,
        depth: i32,
        new_depth: i32,
    ) -> i32 {
        let quiet = !m.is_capture() && !m.promotes();
        if depth >= LMR_MIN_DEPTH
            && i >= LMR_FIRST_MOVE + usize::from(node.pv)
            && quiet
            && !self.opens_shot_once(shot, child, node.ply)
        {
            let r = i32::from(self.lmr[(depth.min(63) as usize) * 64 + i.min(63)])
                - i32::from(node.pv)
                - i32::from(self.is_killer(node.ply, m));
            r.clamp(0, new_depth - 1)
        } else {
            0
        }
    }

    /// Whether the move that led to `child` (a child of a node at `ply`) opens a shot, asked at
    /// most once per move: `shot` keeps the answer.
    fn opens_shot_once(&mut self, shot: &mut Option<bool>, child: &Position, ply: usize) -> bool {
        *shot.get_or_insert_with(|| opens_shot(child, &mut self.bufs[ply + 1]))
    }

    /// Stores what the node found: its best move and its score, as a bound of the window
    /// (`alpha`, `beta`) it was searched in.
    fn store(&self, node: &Node, depth: i32, best: i32, alpha: i32, beta: i32, best_idx: usize) {
        let bound = if best >= beta {
            LOWER
        } else if best > alpha {
            EXACT
        } else {
            UPPER
        };
        self.tt.store(
            node.hash,
            TtEntry {
                score: score_to_tt(best, node.ply) as i16,
                depth: depth.min(127) as i8,
                bound,
                mv: (best_idx + 1).min(255) as u8,
            },
        );
    }

    /// Whether the search must stop: stopped already, the node budget spent, or (every 2048
    /// nodes) the stop callback or the clock says so. Never in the first iteration.
    #[inline]
    pub(super) fn out_of_budget(&mut self, limits: &Limits) -> bool {
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
}

/// Futility: one to three plies from the horizon, a quiet position that stands below alpha by
/// more than a quiet move gains in that many plies will not reach alpha, so after the
/// best-ordered move its other quiet moves are not searched. The value such a node fails low
/// at, if `pos` is futile. Only in the variants played to capture or block all (the margins are
/// in their evaluation's units), and not near a proven result.
fn futility_value(evaluator: &Evaluator, pos: &Position, depth: i32, alpha: i32) -> Option<i32> {
    if depth > FUTILITY_MAX_DEPTH || pos.rules().goal != Goal::Standard || alpha.abs() >= EGDB_BOUND
    {
        return None;
    }
    Some(evaluator.evaluate(pos) + futility_margin(depth)).filter(|&v| v <= alpha)
}

/// Whether the quiet move that led to `child` opens a shot: the opponent must capture, and
/// whichever capture it takes leaves the mover a capture back. Such a move is the first of a
/// combination (a man given to take two back, a breakthrough to the king row) whose worth lies
/// past the plies the reductions and futility pruning would leave it, so both spare it (every
/// move that merely offers a capture, most exchanges, would cost games). The replies are
/// generated into `replies` (the search lends the child's move buffer, free until the child is
/// searched), so the hot path does not allocate.
pub(super) fn opens_shot(child: &Position, replies: &mut Vec<Move>) -> bool {
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

/// Whether `pos` is an ending with a king where ProbCut stays out (see
/// [`PROBCUT_MAX_PIECES_WITH_KINGS`]).
fn is_kings_ending(pos: &Position) -> bool {
    !pos.kings().is_empty() && pos.occupied().count() <= PROBCUT_MAX_PIECES_WITH_KINGS
}

/// A score as the table keeps it: a database or forced result counted from this node, not
/// from the root.
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s > EGDB_BOUND {
        s + ply as i32
    } else if s < -EGDB_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A table score `ply` plies from the root (see [`score_to_tt`]).
fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s > EGDB_BOUND {
        s - ply as i32
    } else if s < -EGDB_BOUND {
        s + ply as i32
    } else {
        s
    }
}
