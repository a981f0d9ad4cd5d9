//! The rule table of every variant, each cited from its federation's rules and built from a
//! shared base where the rules agree.

use super::{
    CapturePromotion, DrawRules, EndgameRule, Goal, KingRange, Material, Precedence, Removal,
    Rules, Scoring, StartRows,
};
use crate::square::{Color, Dirs, Geometry};

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
    pdn_scoring: Scoring::TwoPoints,
    algebraic: false,
    numbered: true,
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
    pdn_scoring: Scoring::OnePoint,
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
    pdn_scoring: Scoring::OnePoint,
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
    pdn_scoring: Scoring::OnePoint,
    algebraic: true,
    ..FMJD_CAPTURES
};

/// Frisian draughts (KNDB / Fryske Dambûn rules, friesdammen.nl; the value rule as DCTL states
/// Art. 11 and lidraughts implements it): men step diagonally forward but capture in all eight
/// directions, along rows and columns over the square between (Art. 7); kings move diagonally
/// and capture in all eight directions at any distance (Art. 9); the capture of greatest value
/// is compulsory, n kings worth more than 2n − 1 men and less than 2n, and at equal value a
/// king must capture if it can; a man crossing the far row mid-capture stays a man (Art. 8); a
/// player with men may not move the same king more than three times in a row without capturing.
/// Draws: three pieces without men, 7 moves each; one king each, 2 moves each (lidraughts'
/// `maxDrawingMoves`); repetition as in all draughts.
pub(crate) const FRISIAN: Rules = Rules {
    men_capture: Dirs::ALL,
    king_capture: Dirs::ALL,
    precedence: &[Precedence::MostValue, Precedence::ByKing],
    king_move_limit: Some(3),
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 0,
        endgames: &[
            EndgameRule {
                when: Material::OnlyKings { pieces: 3 },
                plies: 14,
            },
            EndgameRule {
                when: Material::OnlyKings { pieces: 2 },
                plies: 4,
            },
        ],
    },
    pdn_game_type: 40,
    pdn_scoring: Scoring::OnePoint,
    ..FMJD_CAPTURES
};

/// Frysk! (lidraughts, PDN GameType 97 there): Frisian rules, five men each on the back row.
pub(crate) const FRYSK: Rules = Rules {
    start_rows: StartRows { from: 0, to: 1 },
    pdn_game_type: 97,
    pdn_scoring: Scoring::OnePoint,
    ..FRISIAN
};

/// Antidraughts (lidraughts, GameType 98): International moves and captures; a player with no
/// legal move, having lost or blocked every piece, wins. Only repetition draws.
pub(crate) const ANTIDRAUGHTS: Rules = Rules {
    goal: Goal::Losing,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 0,
        endgames: &[],
    },
    pdn_game_type: 98,
    pdn_scoring: Scoring::OnePoint,
    ..FMJD_CAPTURES
};

/// Breakthrough (lidraughts, GameType 96): International moves and captures; the first player to
/// crown a king wins. No draws (men only go forward, so no position repeats before a king).
pub(crate) const BREAKTHROUGH: Rules = Rules {
    goal: Goal::FirstKing,
    draws: DrawRules {
        repetitions: 0,
        king_moves_plies: 0,
        endgames: &[],
    },
    pdn_game_type: 96,
    pdn_scoring: Scoring::OnePoint,
    ..FMJD_CAPTURES
};

/// Italian draughts (FID Regolamento tecnico, 2008): the board turned, White on 21–32 moves first
/// (Art. 2.3–2.6, 3.4); men step and capture forward only and may not take a king; kings move
/// one square; the most pieces must be taken (6.6), then with a king rather than a man (6.7),
/// then the most kings (6.8), then the kings met earliest (6.9); a man reaching the far row is
/// crowned and the move ends. Draws: repetition, 40 moves each of kings without capture (DCTL's
/// reading of Art. 10.4).
pub(crate) const ITALIAN: Rules = Rules {
    geometry: Geometry::EIGHT_TURNED,
    start_rows: StartRows { from: 0, to: 3 },
    men_capture: Dirs::FORWARD_DIAGONAL,
    men_capture_kings: false,
    king_range: KingRange::Short,
    precedence: &[
        Precedence::MostPieces,
        Precedence::ByKing,
        Precedence::MostKings,
        Precedence::EarliestKings,
    ],
    capture_promotion: CapturePromotion::EndsMove,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 80,
        endgames: &[],
    },
    pdn_game_type: 22,
    pdn_scoring: Scoring::OnePoint,
    ..FMJD_CAPTURES
};

/// Spanish draughts: the turned board numbered from White's near right corner (PDN GameType 24,
/// "N1"), White on 1–12 moves first; men capture forward only; kings fly; the most pieces, then
/// the most kings; a man reaching the far row is crowned and the move ends. Draws: repetition,
/// 20 king moves each without capture.
pub(crate) const SPANISH: Rules = Rules {
    geometry: Geometry::EIGHT_TURNED_FROM_WHITE,
    start_rows: StartRows { from: 0, to: 3 },
    men_capture: Dirs::FORWARD_DIAGONAL,
    precedence: &[Precedence::MostPieces, Precedence::MostKings],
    capture_promotion: CapturePromotion::EndsMove,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 40,
        endgames: &[],
    },
    pdn_game_type: 24,
    pdn_scoring: Scoring::OnePoint,
    ..FMJD_CAPTURES
};

/// Portuguese draughts (Federação Portuguesa de Damas rules): as Spanish (PDN GameType 28);
/// draws by repetition (rule 14). The move-count limits of the 2013 rules (§3.2) are not applied.
pub(crate) const PORTUGUESE: Rules = Rules {
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 0,
        endgames: &[],
    },
    pdn_game_type: 28,
    pdn_scoring: Scoring::OnePoint,
    ..SPANISH
};

/// Czech draughts (Česká federace dámy): White first, squares written algebraically; men capture
/// forward only; kings fly; a capture by a king must be chosen when a king can capture,
/// otherwise any; a man reaching the far row is crowned and the move ends. Draws: repetition.
pub(crate) const CZECH: Rules = Rules {
    geometry: Geometry::EIGHT,
    start_rows: StartRows { from: 0, to: 3 },
    men_capture: Dirs::FORWARD_DIAGONAL,
    precedence: &[Precedence::ByKing],
    capture_promotion: CapturePromotion::EndsMove,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 0,
        endgames: &[],
    },
    pdn_game_type: 29,
    pdn_scoring: Scoring::OnePoint,
    algebraic: true,
    numbered: false,
    ..FMJD_CAPTURES
};

/// American Pool checkers (APCA rules): Black on 1–12 moves first (rules 5, 7); men capture
/// backward too; kings fly; any capture may be chosen but must be completed; a man reaching the
/// far row mid-capture that can jump on goes on as a man, and is crowned only if it ends there.
/// Draws: repetition; three kings against one, 13 moves.
pub(crate) const POOL: Rules = Rules {
    geometry: Geometry::EIGHT,
    first: Color::Black,
    start_rows: StartRows { from: 0, to: 3 },
    precedence: &[],
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 0,
        endgames: &[EndgameRule {
            when: Material::KingsVsLoneKing { kings: 3 },
            plies: 26,
        }],
    },
    pdn_game_type: 23,
    pdn_scoring: Scoring::OnePoint,
    ..FMJD_CAPTURES
};

/// Turkish draughts (Türkiye Dama Federasyonu; damaakademisi.com rules): all 64 squares, 16 men
/// each on the second and third rows, White first; men step and capture forward or sideways;
/// kings fly along rows and columns; captured pieces leave at once and no jump turns straight
/// back; the most pieces must be taken, kings counting as men; a man crossing the far row
/// mid-capture captures on as a man (as the kish and hcheckers engines read the rule). Draws:
/// repetition; one piece each, two moves each (pydraughts' reading of §19b).
pub(crate) const TURKISH: Rules = Rules {
    geometry: Geometry::FULL_EIGHT,
    start_rows: StartRows { from: 1, to: 3 },
    men_move: Dirs::FORWARD_AND_SIDEWAYS,
    men_capture: Dirs::FORWARD_AND_SIDEWAYS,
    king_move: Dirs::ORTHOGONAL,
    king_capture: Dirs::ORTHOGONAL,
    removal: Removal::AtOnce,
    draws: DrawRules {
        repetitions: 3,
        king_moves_plies: 0,
        endgames: &[EndgameRule {
            when: Material::OnePieceEach,
            plies: 4,
        }],
    },
    pdn_game_type: 30,
    pdn_scoring: Scoring::OnePoint,
    algebraic: true,
    numbered: false,
    ..FMJD_CAPTURES
};
