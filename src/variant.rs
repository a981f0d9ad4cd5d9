//! Variants as data: one [`Rules`] table per variant, read by the move generator and the game.
//!
//! A new variant (Frisian, Italian, Pool, Spanish, Czech, Antidraughts, Breakthrough) is a new
//! table plus, where its rules are truly new, a new value of one of the small enums below
//! (e.g. a capture-precedence rule or a win condition) handled in one place.

use crate::square::{Color, Geometry};
use std::fmt;
use std::str::FromStr;

/// The variants the engine knows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Variant {
    /// FMJD International draughts, 10×10.
    #[default]
    International,
    /// English draughts / American checkers (WCDF rules), 8×8.
    English,
    /// Russian draughts (shashki), 8×8.
    Russian,
    /// Brazilian draughts: International rules on 8×8.
    Brazilian,
}

/// Which capture sequences a player may choose from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CaptureChoice {
    /// Any complete sequence (English, Russian).
    Free,
    /// Only sequences taking the greatest number of pieces, kings counting as men
    /// (FMJD Annex 1, art. 4 "The capture"; Brazilian rules follow it).
    Majority,
}

/// What happens when a man reaches the far row in the middle of a capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CapturePromotion {
    /// It stays a man and goes on capturing; it is crowned only if the move *ends* on the far
    /// row (FMJD Annex 1, art. 4).
    AtEndOnly,
    /// It is crowned at once and goes on capturing as a king (FMJD-64 / Russian rules,
    /// section on capture by a man).
    Immediately,
    /// It is crowned and the move ends there (WCDF rules of English draughts, crowning).
    EndsMove,
}

/// Rules for draws that the game (not the move generator) applies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawRules {
    /// Number of occurrences of a position (same side to move) that draws. FMJD art. 6.1,
    /// WCDF rules, Russian rules 7.2.3.
    pub repetitions: u8,
    /// Plies in a row of king moves without capture (and so without man moves) that draw.
    /// FMJD art. 6.2: 25 moves each (50 plies); WCDF 40-move rule: 40 moves each (80 plies);
    /// Russian rules 7.2.5: 15 moves each (30 plies); Brazilian: 20 moves each (40 plies).
    pub king_moves_plies: u16,
    /// Endgame limits: in a given material balance, the game is drawn after this many plies
    /// with that same material (see [`EndgameRule`]).
    pub endgames: &'static [EndgameRule],
}

/// "With this material, the game is drawn after `plies` plies": FMJD art. 6.3/6.4 and their
/// Russian and Brazilian counterparts. The count starts when the material balance arises.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EndgameRule {
    /// Which balances this rule covers.
    pub when: Material,
    pub plies: u16,
}

/// A class of material balances, in terms of the stronger and the weaker side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Material {
    /// One side has exactly `pieces` pieces of which at least one is a king, the other a lone king.
    PiecesWithKingVsLoneKing { pieces: u8 },
    /// One side has at least `kings` kings (and any men), the other a lone king.
    KingsVsLoneKing { kings: u8 },
    /// One side has exactly `pieces` pieces of which at least one is a king, the other a lone
    /// king standing on the long diagonal a1–h8 (the "main road"). The count runs while the lone
    /// king stays there.
    PiecesWithKingVsLoneKingOnMainRoad { pieces: u8 },
    /// Both sides have a king, and there are `min_pieces..=max_pieces` pieces in all.
    BothHaveKings { min_pieces: u8, max_pieces: u8 },
}

/// The rule table of a variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    pub geometry: Geometry,
    /// Who moves first: White in International (FMJD Annex 1, art. 3), Russian, Brazilian; Black in
    /// English (WCDF rule 1.4).
    pub first: Color,
    /// Rows of men each side starts with.
    pub start_rows: u8,
    /// Men capture backward as well as forward (FMJD Annex 1, art. 4.1; Russian; not English).
    pub men_capture_backward: bool,
    /// Kings move and capture any distance along a free diagonal (FMJD Annex 1, art. 3 and 4.3).
    pub flying_kings: bool,
    pub capture_choice: CaptureChoice,
    pub capture_promotion: CapturePromotion,
    pub draws: DrawRules,
    /// PDN `GameType` number.
    pub pdn_game_type: u8,
    /// Whether players of this variant write squares algebraically (`c3-d4`).
    pub algebraic: bool,
}

/// FMJD art. 6.3 (three pieces, one of them a king, against a lone king: 16 moves each) and
/// art. 6.4 (two pieces or fewer, with a king, against a lone king: 5 moves each). Brazilian
/// rules (CBD) use the same limits, with 20 king moves in place of the 25-move rule.
const FMJD_ENDGAMES: &[EndgameRule] = &[
    EndgameRule {
        when: Material::PiecesWithKingVsLoneKing { pieces: 3 },
        plies: 32,
    },
    EndgameRule {
        when: Material::PiecesWithKingVsLoneKing { pieces: 2 },
        plies: 10,
    },
    EndgameRule {
        when: Material::PiecesWithKingVsLoneKing { pieces: 1 },
        plies: 10,
    },
];

/// Russian rules (FMJD-64 code, 7.2.4–7.2.8): two pieces or fewer with a king against a lone
/// king, 5 moves; three pieces with a king against a lone king holding the main road, 5 moves
/// (7.2.7: such endings are drawn, the lone king cannot be caught while it holds the diagonal);
/// three kings or more against a lone king, 15 moves; endings where both sides have kings and
/// the material does not change, 30 moves with 4–5 pieces, 60 with 6–7. The first rule that
/// covers a position applies.
const RUSSIAN_ENDGAMES: &[EndgameRule] = &[
    EndgameRule {
        when: Material::PiecesWithKingVsLoneKing { pieces: 1 },
        plies: 10,
    },
    EndgameRule {
        when: Material::PiecesWithKingVsLoneKing { pieces: 2 },
        plies: 10,
    },
    EndgameRule {
        when: Material::PiecesWithKingVsLoneKingOnMainRoad { pieces: 3 },
        plies: 10,
    },
    EndgameRule {
        when: Material::KingsVsLoneKing { kings: 3 },
        plies: 30,
    },
    EndgameRule {
        when: Material::BothHaveKings {
            min_pieces: 4,
            max_pieces: 5,
        },
        plies: 60,
    },
    EndgameRule {
        when: Material::BothHaveKings {
            min_pieces: 6,
            max_pieces: 7,
        },
        plies: 120,
    },
];

pub(crate) const INTERNATIONAL: Rules = Rules {
    geometry: Geometry::TEN,
    first: Color::White,
    start_rows: 4,
    men_capture_backward: true,
    flying_kings: true,
    capture_choice: CaptureChoice::Majority,
    capture_promotion: CapturePromotion::AtEndOnly,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 50,
        endgames: FMJD_ENDGAMES,
    },
    pdn_game_type: 20,
    algebraic: false,
};

pub(crate) const ENGLISH: Rules = Rules {
    geometry: Geometry::EIGHT,
    first: Color::Black,
    start_rows: 3,
    men_capture_backward: false,
    flying_kings: false,
    capture_choice: CaptureChoice::Free,
    capture_promotion: CapturePromotion::EndsMove,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 80,
        endgames: &[],
    },
    pdn_game_type: 21,
    algebraic: false,
};

pub(crate) const RUSSIAN: Rules = Rules {
    geometry: Geometry::EIGHT,
    first: Color::White,
    start_rows: 3,
    men_capture_backward: true,
    flying_kings: true,
    capture_choice: CaptureChoice::Free,
    capture_promotion: CapturePromotion::Immediately,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 30,
        endgames: RUSSIAN_ENDGAMES,
    },
    pdn_game_type: 25,
    algebraic: true,
};

pub(crate) const BRAZILIAN: Rules = Rules {
    geometry: Geometry::EIGHT,
    first: Color::White,
    start_rows: 3,
    men_capture_backward: true,
    flying_kings: true,
    capture_choice: CaptureChoice::Majority,
    capture_promotion: CapturePromotion::AtEndOnly,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 40,
        endgames: FMJD_ENDGAMES,
    },
    pdn_game_type: 26,
    algebraic: true,
};

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::International,
        Variant::English,
        Variant::Russian,
        Variant::Brazilian,
    ];

    /// The rule table.
    #[inline]
    pub const fn rules(self) -> &'static Rules {
        match self {
            Variant::International => &INTERNATIONAL,
            Variant::English => &ENGLISH,
            Variant::Russian => &RUSSIAN,
            Variant::Brazilian => &BRAZILIAN,
        }
    }

    #[inline]
    pub const fn geometry(self) -> Geometry {
        self.rules().geometry
    }

    /// The name used by the CLI, the web page and saved games.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::International => "international",
            Variant::English => "english",
            Variant::Russian => "russian",
            Variant::Brazilian => "brazilian",
        }
    }

    /// The variant of a PDN `GameType` tag (its first number).
    pub fn from_pdn_game_type(n: u8) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.rules().pdn_game_type == n)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown variant {0:?} (expected international, english, russian or brazilian)")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "international" | "intl" | "10x10" => Variant::International,
            "english" | "american" | "checkers" => Variant::English,
            "russian" => Variant::Russian,
            "brazilian" => Variant::Brazilian,
            _ => return Err(ParseVariantError(s.to_owned())),
        })
    }
}
