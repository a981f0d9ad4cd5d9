//! Board terms both evaluations count, the hand-made ([`crate::eval`]) and the learned
//! ([`crate::learned`]): quiet-move mobility and runaway men.

use draughts_rules::bitboard::Bitboard;
use draughts_rules::position::Position;
use draughts_rules::square::{Color, Dir, Geometry};

/// Number of quiet moves `color` would have (men forward steps, king steps or slides).
pub fn mobility(pos: &Position, color: Color) -> i32 {
    if !draughts_rules::fast::covers_diagonal(pos.variant()) {
        let mut n = 0;
        draughts_rules::movegen::rules::for_each_step(pos, color, |_, _, _| n += 1);
        return n;
    }
    let g = pos.geometry();
    let flying = pos.rules().flying_kings();
    let us = pos.pieces(color);
    let empty = g.mask() & !pos.occupied();
    let men = us & !pos.kings();
    let kings = us & pos.kings();
    let mut n = 0;
    for dir in Dir::DIAGONAL {
        let step = g.step(dir);
        if dir.is_forward(color) {
            n += (men.shift(step) & empty).count();
        }
        let mut ray = kings;
        loop {
            ray = ray.shift(step) & empty;
            n += ray.count();
            if !flying || ray.is_empty() {
                break;
            }
        }
    }
    n as i32
}

/// Whether nothing stands in the cone in front of the man on `bit` up to its crowning row.
pub fn is_runaway(g: Geometry, occupied: Bitboard, color: Color, bit: u8, rows_left: u8) -> bool {
    let (left, right) = match color {
        Color::White => (g.step(Dir::UpLeft), g.step(Dir::UpRight)),
        Color::Black => (g.step(Dir::DownLeft), g.step(Dir::DownRight)),
    };
    let mut front = Bitboard::from_bit(bit);
    for _ in 0..rows_left {
        front = (front.shift(left) | front.shift(right)) & g.mask();
        if (front & occupied).any() {
            return false;
        }
    }
    true
}
