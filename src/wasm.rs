//! The engine for JavaScript: one long-lived [`DraughtsGame`] handle with coarse, camelCase
//! methods that return small plain objects, plus two stateless helpers.
//!
//! The page decides nothing about the rules: legal moves arrive with their path, captured squares
//! and promotion, moves are played by text, and the result comes from [`Game::status`]. Every
//! fallible call returns a `JsError` with a readable message and leaves the game unchanged.
//!
//! ```js
//! const g = new DraughtsGame("international");
//! g.legalMoves();      // [{ from: 31, to: 26, path: [26], captures: [], promotes: false,
//!                      //    notation: "31-26", full: "31-26" }, …]
//! g.applyMove("32-28");
//! g.status();          // { state: "ongoing", text: "ongoing", result: "*", title: "", … }
//! ```
//!
//! The computer opponent is three stateless calls meant for a Web Worker (a search blocks the
//! thread it runs on): [`think`] (the move a level plays), [`hint`] (the strongest move within a
//! time budget) and [`analyse`] (a fixed-depth search, for measuring). Each takes the game as
//! the PDN of its moves played (or a FEN) so that repetitions count, and returns
//! `{ move, score, depth, nodes, nps, ms, pv }`.
//!
//! ```js
//! think(g.pdn(), "international", 3, 42);   // level 3, seed 42
//! hint(g.pdn(), "international", 1000);     // search for at most about a second
//! ```

use crate::ai::{self, Engine, Level, Limits, SearchResult};
use crate::excerpt::excerpt;
use crate::game::{DrawReason, Game, PdnTags, Status, WinReason};
use crate::mv::Move;
use crate::notation;
use crate::pdn::{parse_games, read_game, read_record, result_token, suggest_variant, RecordKind};
use crate::position::Position;
use crate::setup::Role;
use crate::square::{Color, Square};
use crate::variant::{Goal, Variant};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

fn init() {
    console_error_panic_hook::set_once();
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    // Plain data of our own making always serializes; a failure would be a bug, shown as null.
    // `None` becomes `null` (not `undefined`) so arrays such as `board()` keep their holes.
    let ser = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

fn parse_variant(name: &str) -> Result<Variant, JsError> {
    name.parse::<Variant>()
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A legal move as the page sees it: official square numbers throughout.
#[derive(Serialize)]
struct MoveView {
    from: u8,
    to: u8,
    /// Landing squares after `from`, ending with `to`.
    path: Vec<u8>,
    /// Captured squares in the order they are jumped.
    captures: Vec<u8>,
    promotes: bool,
    /// The standard short text (full path only when needed to tell moves apart).
    notation: String,
    /// The full path text, `47x38x24x13x36`.
    full: String,
}

fn move_view(pos: &Position, m: &Move) -> MoveView {
    let nums = |s: &[Square]| s.iter().map(|q| q.number()).collect();
    MoveView {
        from: m.from().number(),
        to: m.to().number(),
        path: nums(m.path()),
        captures: nums(m.captures()),
        promotes: m.promotes(),
        notation: notation::move_to_text(pos, m),
        full: m.full_notation(),
    }
}

#[derive(Serialize)]
struct PieceView {
    color: Color,
    role: Role,
}

#[derive(Serialize)]
struct SquareView {
    square: u8,
    /// Row from the top and column from the left as White sees the board, 0-based.
    row: u8,
    col: u8,
    /// The square as players of the variant write it: `32`, or `c3` where squares are algebraic.
    label: String,
}

#[derive(Serialize)]
struct SideCounts {
    men: u8,
    kings: u8,
    total: u8,
}

#[derive(Serialize)]
struct CountsView {
    white: SideCounts,
    black: SideCounts,
}

#[derive(Serialize)]
struct StatusView {
    /// "ongoing", "win" or "draw".
    state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<Color>,
    /// Why, as a code: `no-pieces`, `no-legal-moves`, `resignation`, `first-king`,
    /// `repetition`, `king-moves`, `endgame`, `agreement`.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    /// "White wins (no pieces)", "draw (threefold repetition)", "ongoing".
    text: String,
    /// The PDN result token: `2-0`, `1-0`, `1/2-1/2`, `*`, ….
    result: &'static str,
    /// For a result dialog: "White wins", "Draw"; told to a player, "You win", "You lose".
    title: String,
    /// Why, in a player's words: "Black has no pieces left", "by threefold repetition";
    /// told to a player, "you resigned", "the computer cannot move". Empty while ongoing.
    detail: String,
    /// Title and detail in one line: "White wins: Black has no pieces left", "Draw by agreement".
    line: String,
}

#[derive(Serialize)]
struct PlyView {
    /// The move number as written in PDN.
    number: u32,
    color: Color,
    text: String,
    /// The record's comment after this move, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    comment: Option<String>,
}

/// Player-facing PDN tags; every field optional.
#[derive(Deserialize, Default)]
struct TagsIn {
    event: Option<String>,
    site: Option<String>,
    date: Option<String>,
    round: Option<String>,
    white: Option<String>,
    black: Option<String>,
}

/// A game in progress: the board, the moves played (with undo and redo) and the result.
#[wasm_bindgen(js_name = DraughtsGame)]
pub struct DraughtsGame {
    game: Game,
}

#[wasm_bindgen(js_class = DraughtsGame)]
impl DraughtsGame {
    /// A game from the start position of `variant` (international, english, russian, brazilian).
    ///
    /// # Errors
    /// An unknown variant name.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str) -> Result<DraughtsGame, JsError> {
        init();
        Ok(DraughtsGame {
            game: Game::new(parse_variant(variant)?),
        })
    }

    /// A game starting from a FEN position.
    ///
    /// # Errors
    /// An unknown variant, or a FEN that is malformed or not a legal position.
    #[wasm_bindgen(js_name = fromFen)]
    pub fn from_fen(fen: &str, variant: &str) -> Result<DraughtsGame, JsError> {
        init();
        let variant = parse_variant(variant)?;
        let game = Game::from_fen(fen, variant)
            .map_err(|e| JsError::new(&format!("Cannot read the FEN: {e}")))?;
        Ok(DraughtsGame { game })
    }

    /// The first game of a PDN text, replayed; `variant` applies when it has no `GameType` tag.
    /// A result the final position does not explain is kept as a resignation or agreed draw.
    ///
    /// # Errors
    /// An unknown variant, bad PDN syntax, no game, or a move that does not replay.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(pdn: &str, variant: &str) -> Result<DraughtsGame, JsError> {
        init();
        let variant = parse_variant(variant)?;
        let game = read_game(pdn, variant)
            .map_err(|e| JsError::new(&format!("Cannot read the PDN: {e}")))?;
        Ok(DraughtsGame { game })
    }

    /// The variant's name.
    pub fn variant(&self) -> String {
        self.game.variant().name().to_owned()
    }

    /// Cells per side: 10 or 8.
    pub fn size(&self) -> u8 {
        self.game.variant().geometry().size()
    }

    /// Every playable square with its row and column (0-based, top-left as White sees it) and
    /// its name as players write it: `[{ square, row, col, label }]`, so the page never derives
    /// the numbering (turned boards, the full Turkish board, algebraic squares).
    pub fn squares(&self) -> JsValue {
        let g = self.game.variant().geometry();
        let v: Vec<SquareView> = g
            .all_squares()
            .map(|s| SquareView {
                square: s.number(),
                row: g.row(s),
                col: g.col(s),
                label: notation::square_text(self.game.variant(), s),
            })
            .collect();
        to_js(&v)
    }

    /// Legal moves now (none once the game is over):
    /// `[{ from, to, path, captures, promotes, notation, full }]`.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> JsValue {
        let pos = self.game.position();
        let v: Vec<MoveView> = self
            .game
            .legal_moves()
            .iter()
            .map(|m| move_view(pos, m))
            .collect();
        to_js(&v)
    }

    /// Plays a move given as text (`32-28`, `28x19`, a full or partial path `47x38x24x13x36`,
    /// or algebraic on boards that use it) and returns it as a move object.
    ///
    /// # Errors
    /// Malformed, ambiguous or illegal text, or the game is over; the game is unchanged.
    #[wasm_bindgen(js_name = applyMove)]
    pub fn apply_move(&mut self, notation: &str) -> Result<JsValue, JsError> {
        let before = *self.game.position();
        let m = self
            .game
            .play_text(notation)
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(to_js(&move_view(&before, &m)))
    }

    /// Takes back a resignation, draw agreement or the last move; false if there was nothing.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// Replays the next undone move; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.game.redo()
    }

    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        self.game.can_undo()
    }

    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// The piece on each square: element `n - 1` is square `n`, `null` or `{ color, role }`
    /// with color `"white"`/`"black"` and role `"man"`/`"king"`.
    pub fn board(&self) -> JsValue {
        let pos = self.game.position();
        let v: Vec<Option<PieceView>> = pos
            .geometry()
            .all_squares()
            .map(|s| {
                pos.piece_at(s).map(|p| PieceView {
                    color: p.color,
                    role: p.role,
                })
            })
            .collect();
        to_js(&v)
    }

    /// The side to move: `"white"` or `"black"`.
    pub fn turn(&self) -> String {
        self.game.position().turn().name().to_owned()
    }

    /// `{ white: { men, kings, total }, black: { … } }`.
    pub fn counts(&self) -> JsValue {
        let pos = self.game.position();
        let side = |c| {
            let n = pos.counts(c);
            SideCounts {
                men: n.men,
                kings: n.kings,
                total: n.total(),
            }
        };
        to_js(&CountsView {
            white: side(Color::White),
            black: side(Color::Black),
        })
    }

    /// `{ state: "ongoing" | "win" | "draw", winner?, reason?, text, result, title, detail, line }`.
    /// `player` (`"white"` or `"black"`) tells the result to that player ("You win", "the
    /// computer resigned"), as against the computer; without it the result names the colours.
    pub fn status(&self, player: Option<String>) -> JsValue {
        let status = self.game.status();
        let player = match player.as_deref() {
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            _ => None,
        };
        let (state, winner, reason) = match status {
            Status::Ongoing => ("ongoing", None, None),
            Status::Win { winner, reason } => ("win", Some(winner), Some(win_code(reason))),
            Status::Draw { reason } => ("draw", None, Some(draw_code(reason))),
        };
        let (title, detail) = describe(status, self.game.variant(), player);
        let line = match status {
            Status::Ongoing => String::new(),
            Status::Win {
                reason: WinReason::Recorded,
                ..
            } => format!("{title} ({detail})"),
            Status::Win { .. } => format!("{title}: {detail}"),
            Status::Draw { .. } => format!("{title} {detail}"),
        };
        to_js(&StatusView {
            state,
            winner,
            reason,
            text: status.to_string(),
            result: result_token(self.game.variant(), status),
            title,
            detail,
            line,
        })
    }

    /// `color` (`"white"` or `"black"`; by default the side to move) resigns. Nothing happens
    /// once the game is over.
    ///
    /// # Errors
    /// A color other than `"white"` or `"black"`.
    pub fn resign(&mut self, color: Option<String>) -> Result<(), JsError> {
        let color = match color.as_deref() {
            None => self.game.position().turn(),
            Some("white") => Color::White,
            Some("black") => Color::Black,
            Some(other) => {
                return Err(JsError::new(&format!(
                    "Unknown color {:?}: expected \"white\" or \"black\"",
                    excerpt(other)
                )))
            }
        };
        self.game.resign(color);
        Ok(())
    }

    /// Both players agree to a draw (nothing happens once the game is over).
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) {
        self.game.agree_draw();
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// The game as PDN; `tags` optionally sets `{ event, site, date, round, white, black }`.
    pub fn pdn(&self, tags: JsValue) -> String {
        self.game.to_pdn(&tags_from(tags))
    }

    /// The game including moves that could be redone, as PDN (for saving), with [`Self::ply`]
    /// telling how many of them are played.
    #[wasm_bindgen(js_name = pdnWithRedo)]
    pub fn pdn_with_redo(&self, tags: JsValue) -> String {
        let mut all = self.game.clone();
        while all.redo() {}
        all.to_pdn(&tags_from(tags))
    }

    /// Number of moves played from the start position.
    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// A game saved by [`Self::pdn_with_redo`] with `ply` of its moves played (the rest redoable).
    ///
    /// # Errors
    /// As [`Self::from_pdn`].
    pub fn restore(pdn: &str, variant: &str, ply: usize) -> Result<DraughtsGame, JsError> {
        let mut g = DraughtsGame::from_pdn(pdn, variant)?;
        while g.game.moves().len() > ply && g.game.undo() {}
        Ok(g)
    }

    /// Standard texts of the moves played, in order.
    pub fn history(&self) -> Vec<String> {
        self.game.history()
    }

    /// The moves played with their PDN move numbers and movers:
    /// `[{ number, color, text }]`, for a numbered move list.
    #[wasm_bindgen(js_name = moveList)]
    pub fn move_list(&self) -> JsValue {
        let first = self.game.variant().rules().first;
        let offset = u32::from(self.game.start().turn() != first);
        let positions = self.game.positions();
        let v: Vec<PlyView> = self
            .game
            .history()
            .into_iter()
            .enumerate()
            .map(|(ply, text)| PlyView {
                number: self.game.first_move_number() + (ply as u32 + offset) / 2,
                color: positions[ply].turn(),
                text,
                comment: self.game.comment(ply + 1).map(str::to_owned),
            })
            .collect();
        to_js(&v)
    }

    /// The record's comment before the first move (an opening's name, the source), if any.
    #[wasm_bindgen(js_name = leadComment)]
    pub fn lead_comment(&self) -> Option<String> {
        self.game.comment(0).map(str::to_owned)
    }

    /// The game in a record a player pasted or opened: a FEN, or game `index` (default 0) of a
    /// PDN text; the engine decides which ([`recordKind`]). `variant` applies to a FEN and to a
    /// PDN game without a `GameType` tag.
    ///
    /// # Errors
    /// An unknown variant, or "Cannot read the FEN: …" / "Cannot read the PDN: …" quoting at most
    /// a short excerpt of the text.
    #[wasm_bindgen(js_name = importRecord)]
    pub fn import_record(
        text: &str,
        variant: &str,
        index: Option<usize>,
    ) -> Result<DraughtsGame, JsError> {
        init();
        let variant = parse_variant(variant)?;
        let game = read_record(text, variant, index.unwrap_or(0))
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(DraughtsGame { game })
    }

    /// The last move played as a move object, or `null`.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> JsValue {
        let moves = self.game.moves();
        match moves.last() {
            None => JsValue::NULL,
            Some(m) => {
                let before = &self.game.positions()[moves.len() - 1];
                to_js(&move_view(before, m))
            }
        }
    }
}

fn win_code(reason: WinReason) -> &'static str {
    match reason {
        WinReason::NoPieces => "no-pieces",
        WinReason::NoLegalMoves => "no-legal-moves",
        WinReason::Resignation => "resignation",
        WinReason::KingCrowned => "first-king",
        WinReason::Recorded => "recorded",
    }
}

fn draw_code(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => "repetition",
        DrawReason::KingMoves { .. } => "king-moves",
        DrawReason::Endgame { .. } => "endgame",
        DrawReason::Agreement => "agreement",
        DrawReason::Recorded => "recorded",
    }
}

/// The result in words, `(title, detail)`: ("White wins", "Black has no pieces left"), or told
/// to `player` ("You lose", "you have no pieces left"; the other side is "the computer").
fn describe(status: Status, variant: Variant, player: Option<Color>) -> (String, String) {
    // A side's name with its "has" and "is": ("Black", "has", "is"), ("you", "have", "are").
    let who = |c: Color| match player {
        Some(p) if p == c => ("you".to_owned(), "have", "are"),
        Some(_) => ("the computer".to_owned(), "has", "is"),
        None => (c.to_string(), "has", "is"),
    };
    match status {
        Status::Ongoing => (String::new(), String::new()),
        Status::Draw { reason } => {
            let detail = match reason {
                DrawReason::Agreement => "by agreement".to_owned(),
                DrawReason::Recorded => "(result as recorded)".to_owned(),
                DrawReason::Repetition => format!("by {reason}"),
                _ => format!("by the {reason}"),
            };
            ("Draw".to_owned(), detail)
        }
        Status::Win { winner, reason } => {
            let title = match player {
                Some(p) if p == winner => "You win".to_owned(),
                Some(_) => "You lose".to_owned(),
                None => format!("{winner} wins"),
            };
            let loser = winner.other();
            let losing = variant.rules().goal == Goal::Losing;
            let detail = match reason {
                WinReason::NoPieces if losing => {
                    let (w, has, _) = who(winner);
                    format!(
                        "{w} {has} no pieces left, and that wins in {}",
                        variant.title()
                    )
                }
                WinReason::NoLegalMoves if losing => {
                    let (w, _, is) = who(winner);
                    format!("{w} {is} blocked, and that wins in {}", variant.title())
                }
                WinReason::NoPieces => {
                    let (l, has, _) = who(loser);
                    format!("{l} {has} no pieces left")
                }
                WinReason::NoLegalMoves => format!("{} cannot move", who(loser).0),
                WinReason::Resignation => format!("{} resigned", who(loser).0),
                WinReason::KingCrowned => format!("{} crowned the first king", who(winner).0),
                // The record gives the result, not how it came about (PDN 3.0, "Game
                // termination markers"): no resignation is invented.
                WinReason::Recorded => "result as recorded".to_owned(),
            };
            (title, detail)
        }
    }
}

fn tags_from(tags: JsValue) -> PdnTags {
    let t: TagsIn = if tags.is_undefined() || tags.is_null() {
        TagsIn::default()
    } else {
        serde_wasm_bindgen::from_value(tags).unwrap_or_default()
    };
    PdnTags {
        event: t.event,
        site: t.site,
        date: t.date,
        round: t.round,
        white: t.white,
        black: t.black,
    }
}

/// The legal moves of a FEN position, as [`DraughtsGame::legal_moves`] gives them.
///
/// # Errors
/// An unknown variant or a bad FEN.
#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(fen: &str, variant: &str) -> Result<JsValue, JsError> {
    Ok(DraughtsGame::from_fen(fen, variant)?.legal_moves())
}

/// Plays a move on a FEN position and returns the FEN after it.
///
/// # Errors
/// An unknown variant, a bad FEN, or move text that is malformed or illegal there.
#[wasm_bindgen(js_name = applyMove)]
pub fn apply_move(fen: &str, variant: &str, notation: &str) -> Result<String, JsError> {
    let mut g = DraughtsGame::from_fen(fen, variant)?;
    g.apply_move(notation)?;
    Ok(g.fen())
}

/// The variants this engine plays, in the order a picker lists them:
/// `[{ name, title, summary, size, full, first, algebraic, gameType }]`. `summary` is two lines
/// separated by `\n`; `full` is true when every cell of the board is played on (Turkish);
/// `algebraic` when its records write squares as `c3` rather than by number (as the moves,
/// labels and messages then do); `gameType` is the PDN `GameType` number.
#[wasm_bindgen]
pub fn variants() -> JsValue {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct V {
        name: &'static str,
        title: &'static str,
        summary: &'static str,
        size: u8,
        full: bool,
        first: Color,
        algebraic: bool,
        game_type: u8,
    }
    let v: Vec<V> = Variant::ALL
        .iter()
        .map(|v| V {
            name: v.name(),
            title: v.title(),
            summary: v.summary(),
            size: v.geometry().size(),
            full: v.geometry().is_full(),
            first: v.rules().first,
            algebraic: !v.rules().numbered,
            game_type: v.rules().pdn_game_type,
        })
        .collect();
    to_js(&v)
}

#[wasm_bindgen]
extern "C" {
    /// Milliseconds from the page's (or worker's) time origin: the search's clock, since
    /// `std::time` does not exist on wasm32-unknown-unknown.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The computer's levels, weakest first, as `[{ level, name }]` (`{ level: 1, name: "Beginner" }`).
#[wasm_bindgen]
pub fn levels() -> JsValue {
    #[derive(Serialize)]
    struct L {
        level: u8,
        name: &'static str,
    }
    let v: Vec<L> = Level::ALL
        .iter()
        .map(|l| L {
            level: l.number(),
            name: l.name(),
        })
        .collect();
    to_js(&v)
}

/// What a search found.
#[derive(Serialize)]
struct ThoughtView {
    #[serde(rename = "move")]
    mv: MoveView,
    /// Hundredths of a man for the side to move (beyond ±29,000 a forced win or loss); `null`
    /// for the weak levels, which choose among near-best moves instead of trusting one score.
    score: Option<i32>,
    /// Deepest completed iteration (the full-width depth for the weak levels).
    depth: u32,
    nodes: f64,
    /// Nodes per second over `ms`.
    nps: f64,
    ms: f64,
    /// The expected line as move texts, starting with `move`.
    pv: Vec<String>,
}

/// The game behind a record: a FEN (`W:W31-50:B1-20`) or a PDN game whose moves are replayed.
fn game_from_record(record: &str, variant: &str) -> Result<Game, JsError> {
    let variant = parse_variant(variant)?;
    read_record(record, variant, 0).map_err(|e| JsError::new(&e.to_string()))
}

/// Whether a pasted or opened text is a FEN position (`"fen"`) or PDN (`"pdn"`): text without
/// tags that opens with one letter and a colon is a FEN attempt (`X:W31:B20` too, so that its
/// bad side letter is reported as a FEN error), anything else PDN.
#[wasm_bindgen(js_name = recordKind)]
pub fn record_kind(text: &str) -> String {
    match RecordKind::of(text) {
        RecordKind::Fen => "fen",
        RecordKind::Pdn => "pdn",
    }
    .to_owned()
}

/// One game of a PDN collection as a chooser lists it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GameHeaderView {
    index: usize,
    /// Tag values, each at most a short excerpt; empty when absent or "?".
    event: String,
    date: String,
    white: String,
    black: String,
    /// The result token of the record (`2-0`, `1/2-1/2`, `*`).
    result: String,
    /// The `GameType` tag's number, when given.
    game_type: Option<String>,
    /// Move texts read (plies).
    plies: usize,
    /// Line of the text where the game starts.
    line: usize,
}

/// The games of a PDN text, for a player to choose one: `[{ index, event, date, white, black,
/// result, gameType, plies, line }]` (empty for a FEN).
///
/// # Errors
/// Bad PDN syntax (an unterminated tag, comment or variation), with its line.
#[wasm_bindgen(js_name = pdnGames)]
pub fn pdn_games(text: &str) -> Result<JsValue, JsError> {
    init();
    if RecordKind::of(text) == RecordKind::Fen {
        return Ok(to_js(&Vec::<GameHeaderView>::new()));
    }
    let games =
        parse_games(text).map_err(|e| JsError::new(&format!("Cannot read the PDN: {e}")))?;
    let tag = |g: &crate::pdn::PdnGame, name: &str| match g.tag(name).map(str::trim) {
        None | Some("" | "?") => String::new(),
        Some(v) => excerpt(v),
    };
    let v: Vec<GameHeaderView> = games
        .iter()
        .enumerate()
        .map(|(index, g)| GameHeaderView {
            index,
            event: tag(g, "Event"),
            date: tag(g, "Date"),
            white: tag(g, "White"),
            black: tag(g, "Black"),
            result: g
                .result
                .as_deref()
                .or(g.tag("Result"))
                .map_or_else(|| "*".to_owned(), excerpt),
            game_type: g.tag("GameType").map(excerpt),
            plies: g.moves.len(),
            line: g.line,
        })
        .collect();
    Ok(to_js(&v))
}

/// Another variant whose rules read a record that `variant`'s do not (an English game pasted
/// while International is selected): its name, or `undefined` when `variant` reads it, the PDN
/// game names its variant in a `GameType` tag, or no variant reads it.
#[wasm_bindgen(js_name = suggestVariant)]
pub fn suggest_variant_for(text: &str, variant: &str, index: Option<usize>) -> Option<String> {
    let variant = variant.parse::<Variant>().ok()?;
    suggest_variant(text, variant, index.unwrap_or(0)).map(|v| v.name().to_owned())
}

/// The position to search, or an error when there is nothing to play.
fn position_to_search(game: &Game) -> Result<&Position, JsError> {
    let status = game.status();
    if status.is_over() {
        return Err(JsError::new(&format!("The game is over ({status})")));
    }
    Ok(game.position())
}

fn thought(
    pos: &Position,
    best: Move,
    pv: &[Move],
    score: Option<i32>,
    depth: u32,
    nodes: u64,
    ms: f64,
) -> JsValue {
    let mut texts = Vec::with_capacity(pv.len().max(1));
    let mut p = *pos;
    for m in if pv.is_empty() {
        std::slice::from_ref(&best)
    } else {
        pv
    } {
        texts.push(notation::move_to_text(&p, m));
        p.play_unchecked(m);
    }
    let nodes = nodes as f64;
    to_js(&ThoughtView {
        mv: move_view(pos, &best),
        score,
        depth,
        nodes,
        nps: if ms > 0.0 {
            (nodes * 1000.0 / ms).round()
        } else {
            0.0
        },
        ms,
        pv: texts,
    })
}

fn search_view(pos: &Position, r: &SearchResult, ms: f64) -> JsValue {
    thought(pos, r.best, &r.pv, Some(r.score), r.depth, r.nodes, ms)
}

/// Runs `limits` on the record's position with a fresh engine (so equal inputs give equal
/// results), timing the search (not the table's allocation) with `performance.now()`.
fn run_search(game: &Game, tt_mb: usize, limits: &Limits) -> Result<JsValue, JsError> {
    let pos = position_to_search(game)?;
    let mut engine = Engine::new(tt_mb);
    let start = performance_now();
    let r = engine
        .search(pos, &ai::game_history(game), limits)
        .ok_or_else(|| JsError::new("No legal move"))?;
    Ok(search_view(pos, &r, performance_now() - start))
}

/// A time budget from JavaScript: positive and finite, else none.
fn budget(ms: Option<f64>) -> Option<f64> {
    ms.filter(|t| t.is_finite() && *t > 0.0)
}

/// The move the computer plays at `level` (1–6) in the game's current position:
/// `{ move, score, depth, nodes, nps, ms, pv }`. `record` is the game's PDN (moves played so
/// far; repetitions count) or a FEN. Levels 1–3 search to a fixed depth and err on purpose,
/// seeded by `seed` (same seed, same move); levels 4–6 think for their time (about 0.25, 1 and
/// 3 s), or for `time_ms` when given. Blocks until done: call it from a worker.
///
/// # Errors
/// An unknown variant or level, a record that does not read, or a game that is over.
#[wasm_bindgen]
pub fn think(
    record: &str,
    variant: &str,
    level: u8,
    seed: Option<u32>,
    time_ms: Option<f64>,
) -> Result<JsValue, JsError> {
    init();
    let level = Level::new(level)
        .ok_or_else(|| JsError::new(&format!("Unknown level {level}: levels are 1 to 6")))?;
    let game = game_from_record(record, variant)?;
    let clock = performance_now;
    if level.is_noisy() {
        let pos = position_to_search(&game)?;
        let mut engine = Engine::new(2);
        let start = performance_now();
        let history = ai::game_history(&game);
        let seed = u64::from(seed.unwrap_or(0));
        let best = ai::choose_move(&mut engine, pos, &history, level, seed, Some(&clock))
            .ok_or_else(|| JsError::new("No legal move"))?;
        let ms = performance_now() - start;
        let depth = level.settings().depth;
        return Ok(thought(pos, best, &[], None, depth, engine.nodes(), ms));
    }
    let mut limits = level.limits(Some(&clock));
    if let Some(t) = budget(time_ms) {
        limits.time_ms = Some(t);
    }
    run_search(&game, 16, &limits)
}

/// The move the strongest level would play for the side to move, searching for about
/// `time_ms` (default 1000): `{ move, score, depth, nodes, nps, ms, pv }`. Blocks until done.
///
/// # Errors
/// As [`think`].
#[wasm_bindgen]
pub fn hint(record: &str, variant: &str, time_ms: Option<f64>) -> Result<JsValue, JsError> {
    init();
    let game = game_from_record(record, variant)?;
    let clock = performance_now;
    let mut limits = Level::MASTER.limits(Some(&clock));
    limits.time_ms = Some(budget(time_ms).unwrap_or(1000.0));
    run_search(&game, 16, &limits)
}

/// A search to exactly `depth` plies (1–64) with no time or node limit, for measuring the
/// engine: `{ move, score, depth, nodes, nps, ms, pv }`. Blocks until done.
///
/// # Errors
/// As [`think`], or a depth outside 1–64.
#[wasm_bindgen]
pub fn analyse(record: &str, variant: &str, depth: u32) -> Result<JsValue, JsError> {
    init();
    if !(1..=ai::MAX_DEPTH).contains(&depth) {
        return Err(JsError::new(&format!(
            "Depth {depth} is out of range: 1 to {}",
            ai::MAX_DEPTH
        )));
    }
    let game = game_from_record(record, variant)?;
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    run_search(&game, 16, &limits)
}
