//! Zobrist keys: one random word per (piece kind, padded bit), one for the side to move and one
//! per variant, so a hash never confuses positions of different variants sharing a table.
//!
//! The keys are generated at compile time by splitmix64, so hashes are the same on every
//! platform and in every run (search results are reproducible).

use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use draughts_rules::square::Color;
use draughts_rules::variant::Variant;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Piece kinds: white man, white king, black man, black king.
const KINDS: usize = 4;
/// One key per variant.
const VARIANTS: usize = Variant::ALL.len();

const fn make_keys() -> ([[u64; 64]; KINDS], u64, [u64; VARIANTS]) {
    let mut keys = [[0u64; 64]; KINDS];
    let mut state = 0x0D1A_0D1A_2024_0005u64;
    let mut k = 0;
    while k < KINDS {
        let mut b = 0;
        while b < 64 {
            let (s, v) = splitmix(state);
            state = s;
            keys[k][b] = v;
            b += 1;
        }
        k += 1;
    }
    let (s, side) = splitmix(state);
    state = s;
    let mut variants = [0u64; VARIANTS];
    let mut i = 0;
    while i < VARIANTS {
        let (s, v) = splitmix(state);
        state = s;
        variants[i] = v;
        i += 1;
    }
    (keys, side, variants)
}

const TABLES: ([[u64; 64]; KINDS], u64, [u64; VARIANTS]) = make_keys();
static PIECE: [[u64; 64]; KINDS] = TABLES.0;
const SIDE: u64 = TABLES.1;
static VARIANT: [u64; VARIANTS] = TABLES.2;

#[inline]
fn kind(color: Color, king: bool) -> usize {
    (match color {
        Color::White => 0,
        Color::Black => 2,
    }) + king as usize
}

fn variant_index(v: Variant) -> usize {
    v as usize
}

/// The hash of a position, computed from scratch.
pub fn hash(pos: &Position) -> u64 {
    let mut h = VARIANT[variant_index(pos.variant())];
    if pos.turn() == Color::Black {
        h ^= SIDE;
    }
    let kings = pos.kings();
    for color in Color::ALL {
        for bit in pos.pieces(color) {
            h ^= PIECE[kind(color, kings.contains(bit))][bit as usize];
        }
        // Frisian: a king's moves in a row limit what it may do next.
        if let Some((bit, moves)) = pos.streak(color) {
            let key = PIECE[kind(color, true)][bit as usize];
            h ^= key.rotate_left(8 * moves as u32 + 1);
        }
    }
    h
}

/// The hash of the position after `m`, from the hash `h` of `pos` (before the move), without
/// rescanning the board: a handful of xors against one per piece.
#[inline]
pub fn after(pos: &Position, h: u64, m: &Move) -> u64 {
    if pos.rules().king_move_limit.is_some() {
        let mut next = *pos;
        next.play_unchecked(m);
        return hash(&next);
    }
    let g = pos.geometry();
    let us = pos.turn();
    let them = us.other();
    let kings = pos.kings();
    let from = g.bit(m.from());
    let to = g.bit(m.to());
    let was_king = kings.contains(from);
    let mut h = h ^ SIDE;
    h ^= PIECE[kind(us, was_king)][from as usize];
    h ^= PIECE[kind(us, was_king || m.promotes())][to as usize];
    for &sq in m.captures() {
        let b = g.bit(sq);
        h ^= PIECE[kind(them, kings.contains(b))][b as usize];
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_matches_scratch() {
        for v in Variant::ALL {
            let mut pos = Position::new(v);
            let mut rng = 12345u64;
            for _ in 0..300 {
                let moves = draughts_rules::fast::legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                rng = splitmix(rng).0;
                let m = moves[(splitmix(rng).1 % moves.len() as u64) as usize];
                let h = after(&pos, hash(&pos), &m);
                pos.play_unchecked(&m);
                assert_eq!(h, hash(&pos));
            }
        }
    }
}
