//! Variants as data: one [`Rules`] table per variant, read by the move generator and the game.
//!
//! A new variant (Frisian, Italian, Pool, Spanish, Czech, Antidraughts, Breakthrough) is a new
//! table plus, where its rules are truly new, a new value of one of the small enums below
//! (e.g. a capture-precedence rule or a win condition) handled in one place.

use crate::square::{Color, Dir, Dirs, Geometry};
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

/// How far a king moves and captures.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KingRange {
    /// One square at a time; it captures a piece next to it (English, Italian).
    Short,
    /// Any distance along a free line, and it captures a piece any distance away, landing on
    /// any free square beyond it (FMJD Annex 1, art. 3.9 and 4.3: the "flying" king).
    Flying,
}

/// One criterion of capture precedence. A variant lists them in order; among the captures
/// available, only those best on the first criterion are legal, then the best of those on the
/// second, and so on. An empty list is free choice (any complete sequence).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Precedence {
    /// The greatest number of pieces, kings counting as men (FMJD Annex 1, art. 4.13).
    MostPieces,
    /// The greatest value, a king worth more than one man but less than two (Frisian).
    MostValue,
    /// A capture by a king rather than by a man.
    ByKing,
    /// The most kings among the captured pieces.
    MostKings,
    /// At the same count, the kings met earliest in the sequence (Italian).
    EarliestKings,
}

/// What happens when a man reaches the far row in the middle of a capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CapturePromotion {
    /// It stays a man and goes on capturing; it is crowned only if the move *ends* on the far
    /// row (FMJD Annex 1, art. 4.9).
    AtEndOnly,
    /// It is crowned at once and goes on capturing as a king (Russian rules, capture by a man).
    Immediately,
    /// It is crowned and the move ends there (WCDF rules of English draughts, crowning).
    EndsMove,
}

/// When the captured pieces leave the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Removal {
    /// When the move ends: until then they block the way and cannot be jumped twice (the
    /// "Turkish strike" rule of FMJD Annex 1, art. 4.11).
    AtEnd,
    /// As each is jumped, so a square may be crossed again (Turkish draughts).
    AtOnce,
}

/// Rows `from..to`, counted from a side's own back row (0 = the back row).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StartRows {
    pub from: u8,
    pub to: u8,
}

/// How a game is won.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// Take or block every piece of the opponent: a player with no legal move loses.
    Standard,
    /// The reverse: a player with no legal move (no pieces, or all blocked) wins (Antidraughts).
    Losing,
    /// The first player to crown a king wins; a player with no legal move loses (Breakthrough).
    FirstKing,
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

/// The rule table of a variant: every rule the move generator and the game apply, stated once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    /// The board and its numbering.
    pub geometry: Geometry,
    /// Who moves first.
    pub first: Color,
    /// The rows each side's men start on, counted from its own back row.
    pub start_rows: StartRows,
    /// Where men step, written for White (see [`Dirs::for_color`]).
    pub men_move: Dirs,
    /// Where men capture, written for White.
    pub men_capture: Dirs,
    /// Whether a man may capture a king (not in Italian draughts).
    pub men_capture_kings: bool,
    /// Where kings move, and where they capture.
    pub king_move: Dirs,
    pub king_capture: Dirs,
    pub king_range: KingRange,
    /// Which captures are compulsory among those available, in order of precedence.
    pub precedence: &'static [Precedence],
    pub removal: Removal,
    /// Whether a capturing piece may jump straight back the way it came (never possible while
    /// captured pieces stay on the board, since the piece just taken is in the way).
    pub may_turn_back: bool,
    pub capture_promotion: CapturePromotion,
    pub goal: Goal,
    /// A player who still has men may move the same king at most this many times in a row
    /// without capturing (Frisian).
    pub king_move_limit: Option<u8>,
    pub draws: DrawRules,
    /// PDN `GameType` number.
    pub pdn_game_type: u8,
    /// Whether players of this variant write squares algebraically (`c3-d4`); numbers are read
    /// on every board, and algebraic squares on every 8×8 board.
    pub algebraic: bool,
}

impl Rules {
    /// Whether men may capture backward (derived, for the fast paths).
    pub const fn men_capture_backward(&self) -> bool {
        self.men_capture.contains(Dir::DownLeft)
    }

    pub const fn flying_kings(&self) -> bool {
        matches!(self.king_range, KingRange::Flying)
    }

    /// Whether only the captures taking the most pieces are legal and nothing else decides.
    pub const fn majority_only(&self) -> bool {
        matches!(self.precedence, [Precedence::MostPieces])
    }

    /// Whether any complete capture may be chosen.
    pub const fn free_choice(&self) -> bool {
        self.precedence.is_empty()
    }

    /// The number of men each side starts with.
    pub const fn start_men(&self) -> u8 {
        let per_row = self.geometry.squares() / self.geometry.size();
        (self.start_rows.to - self.start_rows.from) * per_row
    }
}

/// International rules: captures (FMJD Annex 1, art. 4): men capture forward and backward,
/// kings fly, the most pieces must be taken, captured pieces leave at the end.
const FMJD_CAPTURES: Rules = Rules {
    geometry: Geometry::TEN,
    first: Color::White,
    start_rows: StartRows { from: 0, to: 4 },
    men_move: Dirs::FORWARD_DIAGONAL,
    men_capture: Dirs::DIAGONAL,
    men_capture_kings: true,
    king_move: Dirs::DIAGONAL,
    king_capture: Dirs::DIAGONAL,
    king_range: KingRange::Flying,
    precedence: &[Precedence::MostPieces],
    removal: Removal::AtEnd,
    may_turn_back: false,
    capture_promotion: CapturePromotion::AtEndOnly,
    goal: Goal::Standard,
    king_move_limit: None,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 50,
        endgames: FMJD_ENDGAMES,
    },
    pdn_game_type: 20,
    algebraic: false,
};

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

/// FMJD Annex 1 (International draughts): White first (art. 3.3), 20 men each on the first four
/// rows (art. 3.2).
pub(crate) const INTERNATIONAL: Rules = FMJD_CAPTURES;

/// WCDF rules of English draughts: Black first (1.4), 12 men each; men move and capture forward
/// only (1.9, 1.15); kings move one square (1.11); any capture may be chosen (1.16); a man
/// crowned in a capture ends the move there (1.19); 40 moves each without a man move or a
/// capture draw (the 40-move rule).
pub(crate) const ENGLISH: Rules = Rules {
    geometry: Geometry::EIGHT,
    first: Color::Black,
    start_rows: StartRows { from: 0, to: 3 },
    men_capture: Dirs::FORWARD_DIAGONAL,
    king_range: KingRange::Short,
    precedence: &[],
    capture_promotion: CapturePromotion::EndsMove,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 80,
        endgames: &[],
    },
    pdn_game_type: 21,
    ..FMJD_CAPTURES
};

/// Russian draughts (FMJD-64 code of rules / Russian Draughts Federation): White first, men
/// capture backward, kings fly, any capture may be chosen, a man crowned in a capture goes on
/// capturing as a king.
pub(crate) const RUSSIAN: Rules = Rules {
    geometry: Geometry::EIGHT,
    start_rows: StartRows { from: 0, to: 3 },
    precedence: &[],
    capture_promotion: CapturePromotion::Immediately,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 30,
        endgames: RUSSIAN_ENDGAMES,
    },
    pdn_game_type: 25,
    algebraic: true,
    ..FMJD_CAPTURES
};

/// Brazilian draughts (CBD): the FMJD rules on 8×8, with 20 king moves each in place of 25.
pub(crate) const BRAZILIAN: Rules = Rules {
    geometry: Geometry::EIGHT,
    start_rows: StartRows { from: 0, to: 3 },
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 40,
        endgames: FMJD_ENDGAMES,
    },
    pdn_game_type: 26,
    algebraic: true,
    ..FMJD_CAPTURES
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
