//! [`DraughtsGame`], the page's handle on a game in play: a [`Session`] (the game, its move texts
//! and its clock, crates/views/src/session.rs) whose arguments, results and refusals it converts, and nothing
//! else.
//!
//! ```js
//! const g = new DraughtsGame("international");
//! const s = g.snapshot();   // { variant, ply, view, turn, toMove, board, counts, status,
//!                           //   moveNumber, moves, legal, lastMove, canUndo, canRedo, fen }
//! g.applyMove(s.legal[3].index);  // or by text: g.applyMove("32-28")
//! g.snapshot().status;      // { state: "ongoing", text: "ongoing", result: "*", title, … }
//! ```

use super::refused;
use draughts_rules::game::{Game, PdnTags};
use draughts_rules::message::Message;
use draughts_rules::pdn::{read_game, read_record, RecordError};
use draughts_rules::square::Color;
use draughts_views::convert::{
    at, init, parse_variant, performance_now, plain, said, text_field, to_js,
};
use draughts_views::session::{color_named, MoveChoice, Session};
use draughts_views::snapshot::{parse_path, MoveView, SquareView};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Player-facing PDN tags; every field optional.
/// A move tried from a past position or a side line, and where it leads.
#[derive(Serialize)]
struct Explored {
    #[serde(rename = "move")]
    mv: MoveView,
    line: String,
    ply: usize,
}

/// PDN tags from the page (`{ event, site, date, round, white, black }`, each optional text);
/// anything else is left out.
fn tags_from(tags: JsValue) -> PdnTags {
    let text = |key: &str| text_field(&tags, key, "PDN tags").ok().flatten();
    PdnTags {
        event: text("event"),
        site: text("site"),
        date: text("date"),
        round: text("round"),
        white: text("white"),
        black: text("black"),
    }
}

/// The side a result is told to: `"white"` or `"black"`, else none (colours are named).
fn player_of(player: Option<String>) -> Option<Color> {
    player.as_deref().and_then(Color::from_name)
}

/// A game in progress: the board, the moves played (with undo and redo), the result and the
/// clock. Every fallible call returns a `JsError` with a readable message and leaves the game
/// unchanged.
#[wasm_bindgen(js_name = DraughtsGame)]
pub struct DraughtsGame(Session);

impl DraughtsGame {
    fn of(game: Game) -> DraughtsGame {
        DraughtsGame(Session::new(game))
    }
}

#[wasm_bindgen(js_class = DraughtsGame)]
impl DraughtsGame {
    /// A game from the start position of `variant` (international, english, russian, brazilian).
    ///
    /// # Errors
    /// An unknown variant name.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str) -> Result<DraughtsGame, JsValue> {
        init();
        Ok(DraughtsGame::of(Game::new(parse_variant(variant)?)))
    }

    /// A game starting from a FEN position.
    ///
    /// # Errors
    /// An unknown variant, or a FEN that is malformed or not a legal position.
    #[wasm_bindgen(js_name = fromFen)]
    pub fn from_fen(fen: &str, variant: &str) -> Result<DraughtsGame, JsValue> {
        init();
        let variant = parse_variant(variant)?;
        let game =
            Game::from_fen(fen, variant).map_err(|e| said(RecordError::from(e).message()))?;
        Ok(DraughtsGame::of(game))
    }

    /// The first game of a PDN text, replayed; `variant` applies when it has no `GameType` tag.
    /// A result the final position does not explain is kept as a resignation or agreed draw.
    ///
    /// # Errors
    /// An unknown variant, bad PDN syntax, no game, or a move that does not replay.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(pdn: &str, variant: &str) -> Result<DraughtsGame, JsValue> {
        init();
        let variant = parse_variant(variant)?;
        let game = read_game(pdn, variant).map_err(|e| said(RecordError::from(e).message()))?;
        Ok(DraughtsGame::of(game))
    }

    /// The game a link holds (a fragment, with or without `#`, or a whole URL).
    ///
    /// # Errors
    /// A malformed, damaged or tampered link, in a player's words.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(text: &str) -> Result<DraughtsGame, JsValue> {
        init();
        draughts_views::link::read_link(text)
            .map(DraughtsGame::of)
            .map_err(|e| said(Message::new("record.link").with("cause", e.message())))
    }

    /// The game in a record a player pasted or opened: a FEN, or game `index` (default 0) of a
    /// PDN text; the engine decides which (`recordKind`). `variant` applies to a FEN and to a
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
    ) -> Result<DraughtsGame, JsValue> {
        init();
        let variant = parse_variant(variant)?;
        let game = read_record(text, variant, index.unwrap_or(0)).map_err(|e| said(e.message()))?;
        Ok(DraughtsGame::of(game))
    }

    /// A game saved by [`Self::pdn_with_redo`] with `ply` of its moves played (the rest redoable).
    ///
    /// # Errors
    /// As [`Self::from_pdn`].
    pub fn restore(pdn: &str, variant: &str, ply: usize) -> Result<DraughtsGame, JsValue> {
        init();
        let variant = parse_variant(variant)?;
        let game = read_game(pdn, variant).map_err(|e| said(RecordError::from(e).message()))?;
        Ok(DraughtsGame(Session::restored(game, ply)))
    }

    /// The variant's name.
    pub fn variant(&self) -> String {
        self.0.game().variant().name().to_owned()
    }

    /// Cells per side: 10 or 8.
    pub fn size(&self) -> u8 {
        self.0.game().variant().geometry().size()
    }

    /// Every playable square with its row and column (0-based, top-left as White sees it) and
    /// its names (see [`SquareView`]): `[{ square, row, col, label, number, algebraic, file,
    /// rank }]`, `label` as the variant's records write it. The page never derives the numbering
    /// or the coordinates (turned boards, the full Turkish board, algebraic squares).
    pub fn squares(&self) -> JsValue {
        to_js(&SquareView::board(self.0.game().variant()))
    }

    /// Number of moves played from the start position.
    pub fn ply(&self) -> usize {
        self.0.game().moves().len()
    }

    /// Everything the page draws, in one value (see [`draughts_views::snapshot::Snapshot`]): `{ variant,
    /// ply, view, turn, toMove, board, counts, status, moveNumber, moves, leadComment?, legal,
    /// lastMove, canUndo, canRedo, fen }`; `lastMove.taken[i]` is the piece (`{ color, role }`)
    /// it took on `lastMove.captures[i]`. `player` (`"white"`/`"black"`) tells the result to
    /// that player, as against the computer; `view` shows the position after that many plies
    /// (by default the game as it stands) of the side line `line` (`"0.1"`: see
    /// [`draughts_views::snapshot::path_text`]; by default, or when it names none, the game's
    /// own), with `line` and `lineEnd` telling which line is shown and where it ends, and `legal`
    /// listing the moves that may be tried there ([`Self::explore`]).
    pub fn snapshot(
        &mut self,
        player: Option<String>,
        view: Option<usize>,
        line: Option<String>,
    ) -> JsValue {
        let path = line.as_deref().and_then(parse_path).unwrap_or_default();
        to_js(&self.0.snapshot_line(&path, view, player_of(player)))
    }

    /// Tries the move `index` (among the snapshot's legal moves there) from the position after
    /// `ply` plies of line `line`: follows the line or a side line that has it, or extends or
    /// opens one; the game as it stands is unchanged. Returns `{ move, line, ply }`: the move
    /// object and where it leads.
    ///
    /// # Errors
    /// A malformed line, no such position or move, moves not to be tried now (online, or while
    /// a clock runs), or the game as it stands (played with `applyMove`); nothing changes.
    pub fn explore(&mut self, line: &str, ply: usize, index: usize) -> Result<JsValue, JsValue> {
        let path = parse_path(line).ok_or_else(|| plain("explore: no such line"))?;
        let (played, line, ply) = self
            .0
            .explore(&path, ply, MoveChoice::Index(index))
            .map_err(refused)?;
        Ok(to_js(&Explored {
            mv: played,
            line,
            ply,
        }))
    }

    /// Makes side line `line` the game's own; the game goes on from its end.
    ///
    /// # Errors
    /// A malformed line or one that names no side line, or lines not to be changed now.
    pub fn promote(&mut self, line: &str) -> Result<(), JsValue> {
        let path = parse_path(line).ok_or_else(|| plain("promote: no such line"))?;
        self.0.promote(&path).map_err(refused)
    }

    /// Deletes side line `line` and the lines in it; false when it names none.
    #[wasm_bindgen(js_name = deleteLine)]
    pub fn delete_line(&mut self, line: &str) -> bool {
        parse_path(line).is_some_and(|path| self.0.delete_line(&path))
    }

    /// Plays a move given by its `index` among the snapshot's legal moves, or as text (`32-28`,
    /// `28x19`, a full or partial path `47x38x24x13x36`, or algebraic on boards that use it),
    /// and returns it as a move object. With a clock, `moved_at` (as `performance.now()`, by
    /// default now) is when the player completed the move: the mover's time stops then, the
    /// opponent's starts now, when the move has landed.
    ///
    /// # Errors
    /// An index out of range, malformed, ambiguous or illegal text, or the game is over (also
    /// when the mover's time had run out at `moved_at`); the game is unchanged but for that.
    #[wasm_bindgen(js_name = applyMove)]
    pub fn apply_move(&mut self, mv: JsValue, moved_at: Option<f64>) -> Result<JsValue, JsValue> {
        let now = performance_now();
        let text;
        let choice = if let Some(n) = mv.as_f64() {
            // Not a whole number from 0 up: out of range, refused as such.
            let index = if n >= 0.0 && n.fract() == 0.0 {
                n as usize
            } else {
                usize::MAX
            };
            MoveChoice::Index(index)
        } else if let Some(t) = mv.as_string() {
            text = t;
            MoveChoice::Text(&text)
        } else {
            return Err(plain(
                "applyMove takes a move's index (a number) or its text",
            ));
        };
        let played = self.0.play(choice, moved_at, now).map_err(refused)?;
        Ok(to_js(&played))
    }

    /// "Play from here": the game goes back to the position after `ply` plies; the moves after
    /// it can be redone until another move is played.
    ///
    /// # Errors
    /// `ply` is beyond the moves recorded, or the game's clock has started; the game is
    /// unchanged.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, ply: usize) -> Result<(), JsValue> {
        self.0.go_to(ply).map_err(refused)
    }

    /// Takes back a resignation, draw agreement or the last move; false if there was nothing
    /// (or the game's clock has started: see [`Self::set_clock`]).
    pub fn undo(&mut self) -> bool {
        self.0.undo()
    }

    /// Replays the next undone move; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.0.redo()
    }

    /// `color` (`"white"` or `"black"`; by default the side to move) resigns. Nothing happens
    /// once the game is over.
    ///
    /// # Errors
    /// A color other than `"white"` or `"black"`.
    pub fn resign(&mut self, color: Option<String>) -> Result<(), JsValue> {
        let color = color
            .as_deref()
            .map(color_named)
            .transpose()
            .map_err(refused)?;
        self.0.resign(color);
        Ok(())
    }

    /// Both players agree to a draw (nothing happens once the game is over).
    #[wasm_bindgen(js_name = agreeDraw)]
    pub fn agree_draw(&mut self) {
        self.0.agree_draw();
    }

    /// Makes `color` (`"white"`, `"black"`) the side another device plays, in an online game;
    /// nothing: both sides are played here.
    ///
    /// # Errors
    /// Another colour name.
    #[wasm_bindgen(js_name = setRemote)]
    pub fn set_remote(&mut self, color: Option<String>) -> Result<(), JsValue> {
        let color = color
            .as_deref()
            .map(color_named)
            .transpose()
            .map_err(refused)?;
        self.0.set_remote(color);
        Ok(())
    }

    /// The position as it stands, as 16 hex digits: what the two pages of an online game compare.
    pub fn key(&self) -> String {
        self.0.key()
    }

    /// A move another device sent (see [`Session::play_remote`]): `index` among the legal moves,
    /// at `ply`, leading to `key`, with the mover's time `left` (ms) by its own clock; returns
    /// the move object.
    ///
    /// # Errors
    /// The move is not the other side's, not at this ply, not legal or leads elsewhere, in a
    /// player's words; the game is unchanged.
    #[wasm_bindgen(js_name = playRemote)]
    pub fn play_remote(
        &mut self,
        index: usize,
        ply: usize,
        key: &str,
        left: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let played = self
            .0
            .play_remote(index, ply, key, left, performance_now())
            .map_err(refused)?;
        Ok(to_js(&played))
    }

    /// The moves after `ply` taken back, as both players of an online game agreed (clock or
    /// not); false if there was nothing to take back.
    #[wasm_bindgen(js_name = takeBack)]
    pub fn take_back(&mut self, ply: usize) -> bool {
        self.0.take_back(ply, performance_now())
    }

    /// `color`'s time ran out, as the device that keeps it says (an online game).
    ///
    /// # Errors
    /// Another colour name.
    pub fn flag(&mut self, color: &str) -> Result<(), JsValue> {
        let color = color_named(color).map_err(refused)?;
        self.0.flag(color, performance_now());
        Ok(())
    }

    /// Why the piece on `square` cannot move: `{ code, rule?, message, movable }` (see
    /// [`draughts_views::explain::Explanation`]).
    ///
    /// # Errors
    /// `square` is not a square of this board.
    pub fn explain(&self, square: u8) -> Result<JsValue, JsValue> {
        Ok(to_js(&self.0.explain(square).map_err(refused)?))
    }

    /// The game as a link fragment (`#v=international&m=…&c=…`), see [`draughts_views::link`].
    pub fn link(&self) -> String {
        draughts_views::link::write_link(self.0.game())
    }

    /// How the game of a link (`link`, read by [`Self::from_link`]) stands to this one, kept in
    /// the library as a correspondence game: `"same"`, `"newer"` (it goes on from this one),
    /// `"older"` (an old link of this game), `"diverged"` (another line from some move) or
    /// `"other"` (another game); see [`draughts_views::correspondence`].
    #[wasm_bindgen(js_name = linkRelation)]
    pub fn link_relation(&self, link: &DraughtsGame) -> String {
        draughts_views::correspondence::relation(self.0.game(), link.0.game())
            .name()
            .to_owned()
    }

    /// The side that sends the game on as it stands (`"white"` or `"black"`): the side that made
    /// the last move, or before any move the side not to move.
    pub fn sender(&self) -> String {
        draughts_views::correspondence::sender(self.0.game())
            .name()
            .to_owned()
    }

    /// The game as PDN; `tags` optionally sets `{ event, site, date, round, white, black }`.
    /// With a clock, its `TimeControl` tags and each timed move's `{[%clk h:mm:ss]}`.
    pub fn pdn(&self, tags: JsValue) -> String {
        self.0.pdn(&tags_from(tags))
    }

    /// The game including moves that could be redone, as PDN (for saving), with [`Self::ply`]
    /// telling how many of them are played.
    #[wasm_bindgen(js_name = pdnWithRedo)]
    pub fn pdn_with_redo(&self, tags: JsValue) -> String {
        self.0.pdn_with_redo(&tags_from(tags))
    }

    /// Plays the game with a clock: `control` is a time control as the PDN `TimeControl` tag
    /// writes it (`"300+3"`, `"180"`, `"300B3"` with a Bronstein delay; see
    /// [`draughts_rules::clock`]), or nothing to play without one; `timed` is `"white"` or
    /// `"black"` when only that side's time counts (the player's, against the computer), else
    /// both. The new clock waits for the next move; from then on moves cannot be taken back.
    /// With `saved` (as [`Self::saved_clock`] wrote it) that clock comes back instead, paused
    /// if it was running: time does not run while the page is closed.
    ///
    /// # Errors
    /// A time control or saved clock that does not read, or `timed` not a colour; the clock is
    /// unchanged.
    #[wasm_bindgen(js_name = setClock)]
    pub fn set_clock(
        &mut self,
        control: Option<String>,
        timed: Option<String>,
        saved: Option<String>,
    ) -> Result<(), JsValue> {
        self.0
            .set_clock(control.as_deref(), timed.as_deref(), saved.as_deref())
            .map_err(refused)
    }

    /// The clock at `now` (milliseconds, as `performance.now()`): `{ white, black, running,
    /// state, flagged }` (see [`draughts_rules::clock::ClockView`]), or `null` without a clock.
    /// A move made since is pressed, and a side whose time has run out loses on time: then
    /// `flagged` names it and the game is over. `pause` true pauses the clock, false lets it
    /// run again.
    pub fn clock(&mut self, now: f64, pause: Option<bool>) -> JsValue {
        to_js(&self.0.clock(at(now), pause))
    }

    /// The clock at `now` as one line of text to keep with the game (see
    /// [`draughts_rules::clock::Clock::save`]), or nothing without one.
    #[wasm_bindgen(js_name = savedClock)]
    pub fn saved_clock(&mut self, now: f64) -> Option<String> {
        self.0.saved_clock(at(now))
    }
}
