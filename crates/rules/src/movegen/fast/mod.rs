//! The fast path: bitboard move generation and perft's bulk counting, compiled once per variant
//! from its rules table, for every variant whose rules it covers ([`covers_rules`], decided from
//! the table alone): International (and Antidraughts and Breakthrough, which move as it does),
//! English, Russian, Brazilian, American Pool, Frisian and Frysk!.
//!
//! It computes exactly what [`super::rules`] states one jump at a time, only faster, and is
//! proven equal to it: the property tests compare both on random positions of every variant,
//! and the `apply_move` fuzz target compares perft with the move lists. The public functions
//! here are what a search calls: the fast path where it covers the variant, the rules generator
//! elsewhere, the same moves as [`Position::legal_moves`] (as a set; the order may differ).
//!
//! Read top to bottom:
//! - [`spec`]: a variant's rules as a compile-time constant, so that the rules, the board and
//!   the directions are constants in the hot loops (a direction or rule the variant does not
//!   have compiles to nothing), and the whole-board shifts and fills;
//! - [`steps`]: the non-capturing moves;
//! - [`captures`]: the pieces able to capture, found with shifts, and the captures themselves
//!   when every one takes a single piece (the usual case) or men take two (the majority rule);
//! - [`search`]: otherwise, the depth-first capture search, keeping the best by precedence;
//! - [`perft_tree`]: perft's counting and children.

mod captures;
mod perft_tree;
mod search;
mod spec;
mod steps;

use super::rules;
use crate::mv::Move;
use crate::position::Position;
use crate::variant::{self, Precedence, Removal, Rules, Variant};
use captures::{find_captures, for_each_single_jump, kept_single_jumps, only_single_jumps};
use search::{search_captures, Found};
use spec::{is_variant_end, Board, Ranking, Spec};

/// [`Position::legal_moves_into`], fast.
pub fn legal_moves_into(pos: &Position, out: &mut Vec<Move>) {
    struct Gen<'a>(&'a mut Vec<Move>);
    impl PerVariant for Gen<'_> {
        type Output = ();
        fn run<S: Spec>(self, pos: &Position) {
            gen_moves::<S>(pos, self.0);
        }
    }
    if per_variant(pos, Gen(&mut *out)).is_none() {
        rules::legal_moves_into(pos, out);
    }
}

/// [`Position::legal_moves`], fast.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    legal_moves_into(pos, &mut out);
    out
}

/// [`Position::has_capture`], fast.
pub fn has_capture(pos: &Position) -> bool {
    struct HasCapture;
    impl PerVariant for HasCapture {
        type Output = bool;
        fn run<S: Spec>(self, pos: &Position) -> bool {
            find_captures::<S>(pos, pos.pieces(pos.turn) & pos.kings).any::<S>()
        }
    }
    per_variant(pos, HasCapture).unwrap_or_else(|| rules::has_capture(pos))
}

/// Whether the fast path covers `variant` (elsewhere [`legal_moves_into`] is the rules
/// generator).
pub fn covers(variant: Variant) -> bool {
    COVERED[variant as usize]
}

/// Whether `variant`'s steps and captures are whole-board diagonal shifts (what the
/// evaluation's mobility and runaway terms compute with): the covered variants whose pieces
/// move and capture along diagonals only, not Frisian's.
pub fn covers_diagonal(variant: Variant) -> bool {
    DIAGONAL[variant as usize]
}

/// Perft on the fast path, if it covers the variant.
pub(crate) fn perft(pos: &Position, depth: u32) -> Option<u64> {
    struct Perft(u32);
    impl PerVariant for Perft {
        type Output = u64;
        fn run<S: Spec>(self, pos: &Position) -> u64 {
            perft_tree::perft::<S>(pos, self.0)
        }
    }
    per_variant(pos, Perft(depth))
}

/// The legal moves of `pos` into `out` (cleared first).
#[inline(always)]
fn gen_moves<S: Spec>(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    if is_variant_end::<S>(pos) {
        return;
    }
    let captures = find_captures::<S>(pos, pos.pieces(pos.turn) & pos.kings);
    if !captures.any::<S>() {
        steps::gen_quiet::<S>(pos, out);
    } else if only_single_jumps::<S>(pos, &captures) {
        let (kept, _) = kept_single_jumps::<S>(pos, &captures);
        let g = S::RULES.geometry;
        for_each_single_jump::<S>(pos, &captures, kept, |key, victim| {
            out.add(key, &[key.to], &[victim], g)
        });
    } else {
        search_captures::<S, _>(pos, captures.starters::<S>(), out);
    }
}

/// Whether the fast path computes `rules` exactly. It reads from the table the directions men
/// and kings move and capture in, the king's range, crowning during a capture, the capture
/// weights, a king-move limit and Breakthrough's first king; it needs:
/// - a board where a step in each direction is one bit shift ([`Board::uniform`]);
/// - men that may take kings (not Italian);
/// - captured pieces that leave when the move ends (not Turkish): until then they block the
///   way, so no capture turns straight back and a second jump never crosses the first line;
/// - a precedence it ranks by ([`Ranking::of`]): none, or a criterion weighing the pieces
///   taken, then perhaps a capture by a king (not Spanish's most kings after most pieces, nor
///   Czech's king's capture alone).
pub(crate) const fn covers_rules(rules: &Rules) -> bool {
    Board::of(rules.geometry).uniform
        && rules.men_capture_kings
        && matches!(rules.removal, Removal::AtEnd)
        && Ranking::of(rules.precedence).is_some()
}

/// [`covers_rules`] for each variant, in [`Variant::ALL`]'s order, computed once at compile
/// time.
const COVERED: [bool; Variant::ALL.len()] = {
    let mut covered = [false; Variant::ALL.len()];
    let mut i = 0;
    while i < covered.len() {
        assert!(
            Variant::ALL[i] as usize == i,
            "Variant::ALL lists the variants in order"
        );
        covered[i] = covers_rules(Variant::ALL[i].rules());
        i += 1;
    }
    covered
};

/// The covered variants whose pieces move and capture along diagonals only, on a board of dark
/// squares (where a diagonal shift never wraps).
const DIAGONAL: [bool; Variant::ALL.len()] = {
    let mut diagonal = [false; Variant::ALL.len()];
    let mut i = 0;
    while i < diagonal.len() {
        let r = Variant::ALL[i].rules();
        diagonal[i] = COVERED[i]
            && !r.geometry.is_full()
            && r.men_move.is_diagonal()
            && r.men_capture.is_diagonal()
            && r.king_move.is_diagonal()
            && r.king_capture.is_diagonal();
        i += 1;
    }
    diagonal
};

/// A computation compiled once per variant.
trait PerVariant {
    type Output;
    fn run<S: Spec>(self, pos: &Position) -> Self::Output;
}

/// Declares a [`Spec`] per way of moving, the covered variants that move that way (checked at
/// compile time: [`moves_alike`]), and [`per_variant`], which runs a computation compiled for
/// a position's variant. Every covered variant must be listed, and only those (checked below).
macro_rules! specs {
    ($($spec:ident = $rules:path => $($variant:ident),+;)*) => {
        $(
            struct $spec;
            impl Spec for $spec {
                const RULES: Rules = $rules;
            }
            $(
                const _: () = assert!(
                    moves_alike(Variant::$variant.rules(), &$rules),
                    concat!(stringify!($variant), " moves as ", stringify!($spec))
                );
            )+
        )*

        /// Runs `f` compiled for `pos`'s variant, if the fast path covers it.
        #[inline]
        fn per_variant<F: PerVariant>(pos: &Position, f: F) -> Option<F::Output> {
            Some(match pos.variant {
                $($(Variant::$variant)|+ => f.run::<$spec>(pos),)*
                _ => return None,
            })
        }

        /// The variants listed.
        const LISTED: [bool; Variant::ALL.len()] = {
            let mut listed = [false; Variant::ALL.len()];
            $($(listed[Variant::$variant as usize] = true;)+)*
            listed
        };
    };
}

// One spec per way of moving: a variant that moves as another shares its code.
specs! {
    International = variant::INTERNATIONAL => International, Antidraughts;
    English = variant::ENGLISH => English;
    Russian = variant::RUSSIAN => Russian;
    Brazilian = variant::BRAZILIAN => Brazilian;
    Pool = variant::POOL => Pool;
    Breakthrough = variant::BREAKTHROUGH => Breakthrough;
    Frisian = variant::FRISIAN => Frisian, Frysk;
}

const _: () = {
    let mut i = 0;
    while i < LISTED.len() {
        assert!(
            LISTED[i] == COVERED[i],
            "every covered variant, and only those, has a spec"
        );
        i += 1;
    }
};

/// Whether `a` and `b` give the same moves: every field the move generators read (the goal only
/// as far as Breakthrough's first king ends the game), not the start rows, draws or notation.
const fn moves_alike(a: &Rules, b: &Rules) -> bool {
    a.geometry.index() == b.geometry.index()
        && a.men_move.bits() == b.men_move.bits()
        && a.men_capture.bits() == b.men_capture.bits()
        && a.men_capture_kings == b.men_capture_kings
        && a.king_move.bits() == b.king_move.bits()
        && a.king_capture.bits() == b.king_capture.bits()
        && a.king_range as u8 == b.king_range as u8
        && same_precedence(a.precedence, b.precedence)
        && a.removal as u8 == b.removal as u8
        && a.may_turn_back == b.may_turn_back
        && a.capture_promotion as u8 == b.capture_promotion as u8
        && matches!(a.goal, variant::Goal::FirstKing) == matches!(b.goal, variant::Goal::FirstKing)
        && match (a.king_move_limit, b.king_move_limit) {
            (None, None) => true,
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
}

const fn same_precedence(a: &[Precedence], b: &[Precedence]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] as u8 != b[i] as u8 {
            return false;
        }
        i += 1;
    }
    true
}
