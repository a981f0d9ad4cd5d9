//! What a table says about a position, and the move limits it is read against.
//!
//! A table stores, for the side to move, a win, a loss or a draw, and for a win or a loss the
//! number of plies to *conversion* under best play: to the capture (or the end of the game)
//! that starts a new phase of the draw rules' counting, the winner hurrying and the loser
//! holding out. A capture always starts a new count; a promotion does too, except under the
//! FMJD rules for "three pieces or fewer with a king against a lone king" (art. 6.3, 6.4),
//! which count from the moment that balance arose whatever is crowned on the way.
//!
//! Where a variant limits a phase ([`phase_limit`]: the 16- and 5-move rules and their
//! counterparts, and in kings-only endings the 25-move rule and its counterparts), a win is a
//! win only if its distance fits in what is left of the limit: [`Value::within`]. A conversion
//! into a smaller ending counts as a win only if that ending is won within *its* limit from a
//! fresh count, so "win" in a table already means "win that no later limit takes away".
//!
//! Not exact (stated, not hidden): in endings with men the 25-move rule (king moves in a row)
//! is not tracked, since a man move resets it; the Russian main-road rule (three pieces against
//! a lone king on a1–h8, 5 moves) is read as if the lone king were elsewhere; and in Russian,
//! where every change of material restarts the counts, so does a promotion here.

use draughts_rules::game::material_covers;
use draughts_rules::position::Counts;
use draughts_rules::variant::{EndgameRule, Material, Variant};

use super::index::Signature;

/// Win, draw or loss for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// A table's verdict: the outcome for the side to move and, for a win or a loss, the plies to
/// conversion (0 for a side that has already lost, or in Antidraughts already won).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value {
    pub outcome: Outcome,
    pub plies: u16,
}

/// The longest distances a table byte can hold.
pub const MAX_WIN_PLIES: u16 = 127;
pub const MAX_LOSS_PLIES: u16 = 126;

impl Value {
    pub const DRAW: Value = Value {
        outcome: Outcome::Draw,
        plies: 0,
    };

    pub const fn win(plies: u16) -> Value {
        Value {
            outcome: Outcome::Win,
            plies,
        }
    }

    pub const fn loss(plies: u16) -> Value {
        Value {
            outcome: Outcome::Loss,
            plies,
        }
    }

    /// One byte: 0 a draw, `1 + d` a win in `d` plies, `129 + d` a loss in `d`.
    pub const fn to_byte(self) -> u8 {
        match self.outcome {
            Outcome::Draw => 0,
            Outcome::Win => 1 + self.plies as u8,
            Outcome::Loss => 129 + self.plies as u8,
        }
    }

    pub const fn from_byte(b: u8) -> Value {
        match b {
            0 => Value::DRAW,
            1..=128 => Value::win(b as u16 - 1),
            _ => Value::loss(b as u16 - 129),
        }
    }

    /// The value seen from the other side, one ply earlier.
    pub const fn back(self) -> Value {
        match self.outcome {
            Outcome::Draw => Value::DRAW,
            Outcome::Win => Value::loss(self.plies + 1),
            Outcome::Loss => Value::win(self.plies + 1),
        }
    }

    /// The outcome once the move limit is applied: a win or loss that takes more plies than
    /// `left` (of the phase's limit, `None`: unlimited) is a draw.
    pub fn within(self, left: Option<u16>) -> Outcome {
        match left {
            Some(left) if self.plies > left => Outcome::Draw,
            _ => self.outcome,
        }
    }
}

/// The counts of a signature's two sides, White being the side to move.
fn counts(sig: Signature) -> (Counts, Counts) {
    (
        Counts {
            men: sig.white_men,
            kings: sig.white_kings,
        },
        Counts {
            men: sig.black_men,
            kings: sig.black_kings,
        },
    )
}

/// The first of the variant's endgame rules that this material falls under (the main-road rule,
/// which also looks at a square, is passed over).
fn endgame_rule(variant: Variant, sig: Signature) -> Option<EndgameRule> {
    let (w, b) = counts(sig);
    variant
        .rules()
        .draws
        .endgames
        .iter()
        .copied()
        .find(|r| material_covers(w, b, r.when) == Some(true))
}

/// The plies a phase with this material may last before the game is drawn, from the moment the
/// phase began: the variant's endgame rule for the material, and in kings-only endings its
/// king-move rule (every move is then a king move), whichever is shorter. `None`: no limit.
pub fn phase_limit(variant: Variant, sig: Signature) -> Option<u16> {
    let endgame = endgame_rule(variant, sig).map(|r| r.plies);
    let king_moves = variant.rules().draws.king_moves_plies;
    let king_moves = (sig.is_kings_only() && king_moves > 0).then_some(king_moves);
    match (endgame, king_moves) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Whether a promotion from `parent` to `child` material goes on counting the same phase: only
/// under an FMJD-style rule on pieces against a lone king, which counts pieces, not kings, and
/// only when that rule is what limits both.
pub fn promotion_continues(variant: Variant, parent: Signature, child: Signature) -> bool {
    let (Some(p), Some(c)) = (endgame_rule(variant, parent), endgame_rule(variant, child)) else {
        return false;
    };
    p == c
        && matches!(c.when, Material::PiecesWithKingVsLoneKing { .. })
        && phase_limit(variant, parent) == Some(p.plies)
        && phase_limit(variant, child) == Some(c.plies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip() {
        for b in 0..=255u8 {
            assert_eq!(Value::from_byte(b).to_byte(), b);
        }
        assert_eq!(Value::win(MAX_WIN_PLIES).to_byte(), 128);
        assert_eq!(Value::loss(MAX_LOSS_PLIES).to_byte(), 255);
    }

    #[test]
    fn fmjd_limits() {
        let v = Variant::International;
        // Three kings against one: 16 moves each (FMJD art. 6.3).
        assert_eq!(phase_limit(v, Signature::new(0, 3, 0, 1)), Some(32));
        assert_eq!(phase_limit(v, Signature::new(0, 1, 0, 3)), Some(32));
        // Two kings against one: 5 moves (art. 6.4).
        assert_eq!(phase_limit(v, Signature::new(0, 2, 0, 1)), Some(10));
        // Four kings against one: the 25-move rule only.
        assert_eq!(phase_limit(v, Signature::new(0, 4, 0, 1)), Some(50));
        // Men on both sides: unlimited here.
        assert_eq!(phase_limit(v, Signature::new(1, 1, 1, 0)), None);
        // A man and a king against a king, crowned: the same 5-move count goes on.
        assert!(promotion_continues(
            v,
            Signature::new(1, 1, 0, 1),
            Signature::new(0, 2, 0, 1)
        ));
        // Two men against a king is no rule's material; once crowned, the count starts.
        assert!(!promotion_continues(
            v,
            Signature::new(2, 0, 0, 1),
            Signature::new(1, 1, 0, 1)
        ));
        // English: the 40-move rule in kings-only endings.
        assert_eq!(
            phase_limit(Variant::English, Signature::new(0, 2, 0, 1)),
            Some(80)
        );
        assert_eq!(
            phase_limit(Variant::Czech, Signature::new(0, 2, 0, 1)),
            None
        );
    }
}
