//! Variants as data: one [`Rules`] table per variant, read by the move generator and the game.
//!
//! A new variant (Frisian, Italian, Pool, Spanish, Czech, Antidraughts, Breakthrough) is a new
//! table plus, where its rules are truly new, a new value of one of the small enums below
//! (e.g. a capture-precedence rule or a win condition) handled in one place.

use crate::square::{Color, Dir, Dirs, Geometry};
use std::fmt;
use std::str::FromStr;

mod about;
mod tables;

// The tables the bitboard fast paths are compiled from.
pub(crate) use tables::{BRAZILIAN, BREAKTHROUGH, ENGLISH, FRISIAN, INTERNATIONAL, POOL, RUSSIAN};

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
    /// Frisian draughts, 10×10: captures along rows and columns too, by value.
    Frisian,
    /// Frysk!: Frisian rules from five men each.
    Frysk,
    /// Antidraughts: International moves; losing every piece (or being blocked) wins.
    Antidraughts,
    /// Breakthrough: International moves; the first king wins.
    Breakthrough,
    /// Italian draughts (FID), 8×8 turned; men may not take kings.
    Italian,
    /// Spanish draughts, 8×8 turned, flying kings, men capture forward.
    Spanish,
    /// Portuguese draughts, as Spanish.
    Portuguese,
    /// Czech draughts, 8×8, flying kings, a king's capture first.
    Czech,
    /// American Pool checkers, 8×8, flying kings, free choice.
    Pool,
    /// Turkish draughts, all 64 squares, orthogonal moves.
    Turkish,
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

impl Precedence {
    /// What the pieces taken weigh for this criterion, where it weighs them: each piece one for
    /// [`Precedence::MostPieces`]; for [`Precedence::MostValue`], n kings are worth more than
    /// 2n − 1 men and less than 2n (KNDB Art. 11 as DCTL states it): a man 100, a king 199, as
    /// lidraughts counts them, which orders every capture of up to 50 pieces that way; for
    /// [`Precedence::MostKings`], the kings alone. The rules generator and the fast path both
    /// weigh captures here.
    pub const fn weights(self) -> Option<Weights> {
        match self {
            Precedence::MostPieces => Some(Weights { man: 1, king: 1 }),
            Precedence::MostValue => Some(Weights {
                man: 100,
                king: 199,
            }),
            Precedence::MostKings => Some(Weights { man: 0, king: 1 }),
            Precedence::ByKing | Precedence::EarliestKings => None,
        }
    }
}

/// What a man and a king taken weigh, for a precedence criterion that weighs the pieces taken.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights {
    pub man: u32,
    pub king: u32,
}

impl Weights {
    /// The weight of a capture taking `pieces` pieces, `kings` of them kings.
    #[inline]
    pub const fn of(self, pieces: u32, kings: u32) -> u32 {
        (pieces - kings) * self.man + kings * self.king
    }
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

/// How a PDN record scores a game: the `Result` tag and the move text's last token, the first
/// player's score first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scoring {
    /// `1-0`, `0-1`, `1/2-1/2` (PDN 3.0, and the game collections of every variant but
    /// International).
    OnePoint,
    /// `2-0`, `0-2`, `1-1`: FMJD's two points a game (International records).
    TwoPoints,
}

/// The result, for the side to move, of a game that the board has decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    Win,
    Loss,
}

impl Verdict {
    /// The winner, for `to_move` given this verdict.
    pub const fn winner(self, to_move: Color) -> Color {
        match self {
            Verdict::Win => to_move,
            Verdict::Loss => to_move.other(),
        }
    }
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
    /// No men on the board, and exactly `pieces` kings in all.
    OnlyKings { pieces: u8 },
    /// One piece each, man or king.
    OnePieceEach,
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
    /// How its records score a game.
    pub pdn_scoring: Scoring,
    /// Whether players of this variant write squares algebraically (`c3-d4`) as well as by
    /// number; both are read on 8×8 boards.
    pub algebraic: bool,
    /// Whether records number the squares; where they do not (Czech, Turkish), moves and FEN
    /// are written algebraically, and field numbers (counted as in [`Geometry`]) are only read.
    pub numbered: bool,
}

impl Rules {
    /// Whether men may capture backward (derived).
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

    /// The result for a side to move left without a legal move, out of pieces or with every
    /// piece blocked: a loss (FMJD art. 5.1; WCDF rule 1.23; every variant here), except in
    /// Antidraughts, whose goal that is. The game, the search, the opening books and the endgame
    /// tables all ask here, so that the rule is stated once.
    pub const fn without_moves(&self) -> Verdict {
        match self.goal {
            Goal::Losing => Verdict::Win,
            Goal::Standard | Goal::FirstKing => Verdict::Loss,
        }
    }

    /// The number of men each side starts with.
    pub const fn start_men(&self) -> u8 {
        let per_row = self.geometry.squares() / self.geometry.size();
        (self.start_rows.to - self.start_rows.from) * per_row
    }
}

impl Variant {
    pub const ALL: [Variant; 14] = [
        Variant::International,
        Variant::English,
        Variant::Russian,
        Variant::Brazilian,
        Variant::Frisian,
        Variant::Frysk,
        Variant::Antidraughts,
        Variant::Breakthrough,
        Variant::Italian,
        Variant::Spanish,
        Variant::Portuguese,
        Variant::Czech,
        Variant::Pool,
        Variant::Turkish,
    ];

    /// The rule table.
    #[inline]
    pub const fn rules(self) -> &'static Rules {
        self.about().rules
    }

    #[inline]
    pub const fn geometry(self) -> Geometry {
        self.rules().geometry
    }

    /// The name used by the CLI, the web page and saved games.
    pub const fn name(self) -> &'static str {
        self.about().name
    }

    /// The name shown to players.
    pub const fn title(self) -> &'static str {
        self.about().title
    }

    /// Two lines on what sets the variant apart, for a variant picker.
    pub const fn summary(self) -> &'static str {
        self.about().summary
    }

    /// The name in the Hub protocol (Scan's, where Scan has one).
    pub const fn hub_name(self) -> &'static str {
        self.about().hub
    }

    /// The variant of a PDN `GameType` tag (its first number).
    pub fn from_pdn_game_type(n: u8) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.rules().pdn_game_type == n)
    }

    /// The variant with this name, alias or Hub name (any case).
    pub fn from_name(name: &str) -> Option<Variant> {
        let name = name.trim().to_ascii_lowercase();
        Variant::ALL.into_iter().find(|v| {
            let a = v.about();
            a.name == name || a.hub == name || a.aliases.contains(&name.as_str())
        })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown variant {0:?} (expected one of: {names})", names = Variant::ALL.map(Variant::name).join(", "))]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::from_name(s).ok_or_else(|| ParseVariantError(crate::excerpt::excerpt(s)))
    }
}
