//! Move ordering: the table's move first, then captures by what they take, promotions, the
//! killers (quiet moves that cut off at the same ply) and the other quiet moves by their
//! history; and what a cutoff teaches the killers and the history.

use super::tuning::HISTORY_MAX;
use super::Engine;
use crate::eval::piece_value;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;

impl Engine {
    /// The order score of each of `moves` into `order` (higher first); `tt_move` is the
    /// table's move as an index from 1 (0: none).
    pub(super) fn order_moves(
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

    pub(super) fn is_killer(&self, ply: usize, m: &Move) -> bool {
        self.killers[ply]
            .iter()
            .any(|k| k.is_some_and(|k| k.same_as(m)))
    }

    /// Learns from the quiet move `m` that cut off at `ply`, `depth` plies deep, after the
    /// quiet moves `tried` (their history indices) were searched in vain.
    pub(super) fn remember_cutoff(&mut self, ply: usize, m: &Move, depth: i32, tried: &[u16]) {
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

/// The selection step: the index of the best-ordered move not yet searched, marked as searched.
/// Moves stay in generator order so that the transposition table can name a move by its index.
#[inline]
pub(super) fn next_best(order: &mut [i32]) -> usize {
    let mut j = 0;
    for k in 1..order.len() {
        if order[k] > order[j] {
            j = k;
        }
    }
    order[j] = i32::MIN;
    j
}

/// A move's place in the history table (from × to square).
#[inline]
pub(super) fn history_index(m: &Move) -> usize {
    m.from().index() as usize * 64 + m.to().index() as usize
}

/// A history score moved by `delta` (the depth squared: up for the move that cut off, down
/// for the quiet moves searched before it in vain), the step shrinking as the score nears
/// [`HISTORY_MAX`] on its side, so old news fades without a periodic halving.
fn history_after(h: i32, delta: i32) -> i32 {
    h + delta - h * delta.abs() / HISTORY_MAX
}
