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

use crate::ai::Level;
use crate::clock::Clock;
use crate::excerpt::excerpt;
use crate::game::{Game, PdnTags};
use crate::message::Message;
use crate::pdn::{
    parse_games, read_game, read_record, suggest_variant, PdnError, RecordError, RecordKind,
};
use crate::snapshot::{
    ordered_moves, CountsView, MoveTexts, MoveView, PieceView, PlyView, Snapshot, SquareView,
    StatusView,
};
use crate::square::{ByColor, Color, Square};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

fn init() {
    console_error_panic_hook::set_once();
}

#[wasm_bindgen]
extern "C" {
    /// Milliseconds from the page's (or worker's) time origin: the clocks' and the search's
    /// time, since `std::time` does not exist on wasm32-unknown-unknown.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// A time from JavaScript for the clock: `now` when it is a finite number, else the present.
fn at(now: f64) -> f64 {
    if now.is_finite() {
        now
    } else {
        performance_now()
    }
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    // Plain data of our own making always serializes; a failure would be a bug, shown as null.
    // `None` becomes `null` (not `undefined`) so arrays such as `board()` keep their holes; maps
    // (a message's parameters) become plain objects.
    let ser = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

/// An error for a programming mistake on the page's side (a bad argument): English only.
fn plain(text: &str) -> JsValue {
    js_sys::Error::new(text).into()
}

/// An error told to a player: a JS `Error` whose `message` is the English words and whose
/// `draughts` property is the message (`{ code, params, text }`) for the page to translate.
fn said(m: crate::message::Message) -> JsValue {
    let err = js_sys::Error::new(&m.text());
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("draughts"), &to_js(&m));
    err.into()
}

fn parse_variant(name: &str) -> Result<Variant, JsValue> {
    name.parse::<Variant>().map_err(|e| plain(&e.to_string()))
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
    /// The move list's texts, kept between snapshots.
    texts: MoveTexts,
    /// The game's clock, when it is played with one.
    clock: Option<Clock>,
}

impl DraughtsGame {
    fn of(game: Game) -> DraughtsGame {
        DraughtsGame {
            game,
            texts: MoveTexts::default(),
            clock: None,
        }
    }

    /// Once a clock runs, a move made stands, as over the board: no undo, redo or playing on
    /// from a past position until the next game (looking back at the moves still works).
    fn clock_started(&self) -> bool {
        self.clock.as_ref().is_some_and(Clock::has_started)
    }

    /// Brings the clock up to date with the game at `now`: a move made since it last looked is
    /// pressed (the mover's time stopped at `moved_at`), the end of the game stops it, and a
    /// side whose time has run out loses on time.
    fn sync_clock(&mut self, moved_at: f64, now: f64) {
        let Some(c) = &mut self.clock else {
            return;
        };
        let plies = self.game.moves().len();
        let turn = self.game.position().turn();
        if plies == c.plies() + 1 {
            c.press(turn.other(), moved_at, now);
        }
        c.align(plies);
        if c.is_over() {
            return;
        }
        if self.game.status().is_over() {
            c.stop(turn, now);
        } else if c.check_flag(turn, now) {
            self.game.time_out(turn);
        }
    }
}

/// The sides a clock times, from the page's `timed`: "white" or "black" for that side only
/// (against the computer), nothing for both. The page's own mistake otherwise: English only.
fn timed_sides(timed: Option<String>) -> Result<ByColor<bool>, JsValue> {
    let only = match timed {
        None => None,
        Some(name) => Some(
            Color::from_name(&name)
                .ok_or_else(|| plain("The timed side is \"white\" or \"black\""))?,
        ),
    };
    Ok(ByColor {
        white: only != Some(Color::Black),
        black: only != Some(Color::White),
    })
}

/// The side a result is told to: `"white"` or `"black"`, else none (colours are named).
fn player_of(player: Option<String>) -> Option<Color> {
    player.as_deref().and_then(Color::from_name)
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

    /// The variant's name.
    pub fn variant(&self) -> String {
        self.game.variant().name().to_owned()
    }

    /// Cells per side: 10 or 8.
    pub fn size(&self) -> u8 {
        self.game.variant().geometry().size()
    }

    /// Every playable square with its row and column (0-based, top-left as White sees it) and
    /// its names (see [`SquareView`]): `[{ square, row, col, label, number, algebraic, file,
    /// rank }]`, `label` as the variant's records write it. The page never derives the numbering
    /// or the coordinates (turned boards, the full Turkish board, algebraic squares).
    pub fn squares(&self) -> JsValue {
        to_js(&SquareView::board(self.game.variant()))
    }

    /// Everything the page draws, in one value (see [`Snapshot`]): `{ variant, ply, view, turn,
    /// board, counts, status, moveNumber, moves, legal, lastMove, canUndo, canRedo, fen }`;
    /// `lastMove.taken[i]` is the piece (`{ color, role }`) it took on `lastMove.captures[i]`.
    /// `player` (`"white"`/`"black"`) tells the result to that player, as against the computer;
    /// `view` shows the position after that many plies, read-only (by default the game as it
    /// stands).
    pub fn snapshot(&mut self, player: Option<String>, view: Option<usize>) -> JsValue {
        let mut snap = Snapshot::new(&self.game, &mut self.texts, view, player_of(player));
        if self.clock_started() {
            snap.can_undo = false;
            snap.can_redo = false;
        }
        to_js(&snap)
    }

    /// Legal moves now, each with its index (none once the game is over):
    /// `[{ index, from, to, path, captures, promotes, notation, full }]`.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> JsValue {
        let legal = ordered_moves(self.game.legal_moves());
        to_js(&MoveView::list(self.game.variant(), &legal))
    }

    /// Plays a move given by its `index` in [`Self::legal_moves`], or as text (`32-28`, `28x19`,
    /// a full or partial path `47x38x24x13x36`, or algebraic on boards that use it), and returns
    /// it as a move object. With a clock, `moved_at` (as `performance.now()`, by default now) is
    /// when the player completed the move: the mover's time stops then, the opponent's starts
    /// now, when the move has landed.
    ///
    /// # Errors
    /// An index out of range, malformed, ambiguous or illegal text, or the game is over (also
    /// when the mover's time had run out at `moved_at`); the game is unchanged but for that.
    #[wasm_bindgen(js_name = applyMove)]
    pub fn apply_move(&mut self, mv: JsValue, moved_at: Option<f64>) -> Result<JsValue, JsValue> {
        let now = performance_now();
        let moved_at = moved_at.filter(|t| t.is_finite()).unwrap_or(now).min(now);
        self.sync_clock(moved_at, moved_at);
        let played = self.play(mv)?;
        self.sync_clock(moved_at, now);
        Ok(played)
    }

    fn play(&mut self, mv: JsValue) -> Result<JsValue, JsValue> {
        let before = *self.game.position();
        let m = if let Some(n) = mv.as_f64() {
            let legal = ordered_moves(self.game.legal_moves());
            let m = (n >= 0.0 && n.fract() == 0.0)
                .then(|| legal.get(n as usize))
                .flatten()
                .ok_or_else(|| {
                    plain(&format!(
                        "There is no such move here: the legal moves are numbered 0 to {}",
                        legal.len().saturating_sub(1)
                    ))
                })?;
            self.game.play(m).map_err(|e| said(e.message()))?;
            *m
        } else if let Some(text) = mv.as_string() {
            self.game.play_text(&text).map_err(|e| said(e.message()))?
        } else {
            return Err(plain(
                "applyMove takes a move's index (a number) or its text",
            ));
        };
        Ok(to_js(&MoveView::played(&before, &m)))
    }

    /// "Play from here": the game goes back to the position after `ply` plies; the moves after
    /// it can be redone until another move is played.
    ///
    /// # Errors
    /// `ply` is beyond the moves recorded; the game is unchanged.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, ply: usize) -> Result<(), JsValue> {
        if self.clock_started() && ply != self.game.moves().len() {
            return Err(plain(
                "Moves cannot be taken back in a game played with a clock",
            ));
        }
        self.game.go_to(ply).map_err(|e| said(e.message()))
    }

    /// The game as a link fragment (`#v=international&m=…&c=…`), see [`crate::link`].
    pub fn link(&self) -> String {
        crate::link::write_link(&self.game)
    }

    /// The game a link holds (a fragment, with or without `#`, or a whole URL).
    ///
    /// # Errors
    /// A malformed, damaged or tampered link, in a player's words.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(text: &str) -> Result<DraughtsGame, JsValue> {
        init();
        crate::link::read_link(text)
            .map(DraughtsGame::of)
            .map_err(|e| said(Message::new("record.link").with("cause", e.message())))
    }

    /// Why the piece on `square` cannot move: `{ code, rule?, text, movable }` (see
    /// [`crate::explain::Explanation`]).
    ///
    /// # Errors
    /// `square` is not a square of this board.
    pub fn explain(&self, square: u8) -> Result<JsValue, JsValue> {
        let g = self.game.variant().geometry();
        if !g.has_number(u32::from(square)) {
            return Err(plain(&format!("There is no square {square} on this board")));
        }
        let e = crate::explain::explain(&self.game, Square::from_number(square));
        Ok(to_js(&e))
    }

    /// Takes back a resignation, draw agreement or the last move; false if there was nothing
    /// (or the game's clock has started: see [`Self::set_clock`]).
    pub fn undo(&mut self) -> bool {
        !self.clock_started() && self.game.undo()
    }

    /// Replays the next undone move; false if there is none.
    pub fn redo(&mut self) -> bool {
        !self.clock_started() && self.game.redo()
    }

    #[wasm_bindgen(js_name = canUndo)]
    pub fn can_undo(&self) -> bool {
        !self.clock_started() && self.game.can_undo()
    }

    #[wasm_bindgen(js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        !self.clock_started() && self.game.can_redo()
    }

    /// Plays the game with a clock: `control` is a time control as the PDN `TimeControl` tag
    /// writes it (`"300+3"`, `"180"`, `"300B3"` with a Bronstein delay; see [`crate::clock`]),
    /// or nothing to play without one; `timed` is `"white"` or `"black"` when only that side's
    /// time counts (the player's, against the computer), else both. The new clock waits for the
    /// next move; from then on moves cannot be taken back. With `saved` (as [`Self::saved_clock`]
    /// wrote it) that clock comes back instead, paused if it was running: time does not run
    /// while the page is closed.
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
        // The page's own mistakes (its picker offers valid controls): English only.
        let error = |e: &dyn std::fmt::Display| plain(&e.to_string());
        let mut clock = if let Some(text) = saved {
            Clock::restore(&text).map_err(|e| error(&e))?
        } else {
            let Some(control) = control.filter(|c| !c.is_empty()) else {
                self.clock = None;
                return Ok(());
            };
            let control: crate::clock::TimeControl = control.parse().map_err(|e| error(&e))?;
            Clock::new(control, timed_sides(timed)?, 0)
        };
        clock.align(self.game.moves().len());
        self.clock = Some(clock);
        Ok(())
    }

    /// Changes whose time counts (`timed`: "white" or "black" for that side only, nothing for
    /// both) without restarting the clock: the times so far stand (see
    /// [`Clock::set_timed`]). Nothing happens without a clock.
    #[wasm_bindgen(js_name = setClockTimed)]
    pub fn set_clock_timed(&mut self, timed: Option<String>, now: f64) -> Result<(), JsValue> {
        let timed = timed_sides(timed)?;
        let now = at(now);
        self.sync_clock(now, now);
        let turn = self.game.position().turn();
        if let Some(c) = &mut self.clock {
            c.set_timed(timed, turn, now);
        }
        Ok(())
    }

    /// The clock at `now` (milliseconds, as `performance.now()`), as numbers: `[white, black,
    /// running, state, flagged]` (see [`Clock::view`]), empty without a clock. A move made since
    /// is pressed, and a side whose time has run out loses on time: then `flagged` names it and
    /// the game is over. `pause` true pauses the clock, false lets it run again.
    pub fn clock(&mut self, now: f64, pause: Option<bool>) -> Vec<f64> {
        let now = at(now);
        self.sync_clock(now, now);
        let turn = self.game.position().turn();
        let Some(c) = &mut self.clock else {
            return Vec::new();
        };
        match pause {
            Some(true) => c.pause(turn, now),
            Some(false) => c.resume(now),
            None => {}
        }
        c.view(turn, now).to_vec()
    }

    /// The clock at `now` as one line of text to keep with the game (see [`Clock::save`]), or
    /// nothing without one.
    #[wasm_bindgen(js_name = savedClock)]
    pub fn saved_clock(&mut self, now: f64) -> Option<String> {
        let now = at(now);
        self.sync_clock(now, now);
        let turn = self.game.position().turn();
        self.clock.as_ref().map(|c| c.save(turn, now))
    }

    /// The piece on each square: element `n - 1` is square `n`, `null` or `{ color, role }`
    /// with color `"white"`/`"black"` and role `"man"`/`"king"`.
    pub fn board(&self) -> JsValue {
        let pos = self.game.position();
        to_js(&PieceView::board(pos.variant(), |s| pos.piece_at(s)))
    }

    /// The side to move: `"white"` or `"black"`.
    pub fn turn(&self) -> String {
        self.game.position().turn().name().to_owned()
    }

    /// `{ white: { men, kings, total }, black: { … } }`.
    pub fn counts(&self) -> JsValue {
        to_js(&CountsView::of(self.game.position()))
    }

    /// `{ state: "ongoing" | "win" | "draw", winner?, reason?, text, result, title, detail, line }`.
    /// `player` (`"white"` or `"black"`) tells the result to that player ("You win", "the
    /// computer resigned"), as against the computer; without it the result names the colours.
    pub fn status(&self, player: Option<String>) -> JsValue {
        let status = self.game.status();
        to_js(&StatusView::new(
            status,
            self.game.variant(),
            player_of(player),
        ))
    }

    /// `color` (`"white"` or `"black"`; by default the side to move) resigns. Nothing happens
    /// once the game is over.
    ///
    /// # Errors
    /// A color other than `"white"` or `"black"`.
    pub fn resign(&mut self, color: Option<String>) -> Result<(), JsValue> {
        let color = match color.as_deref() {
            None => self.game.position().turn(),
            Some(name) => Color::from_name(name).ok_or_else(|| {
                plain(&format!(
                    "Unknown color {:?}: expected \"white\" or \"black\"",
                    excerpt(name)
                ))
            })?,
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
    /// With a clock, its `TimeControl` tags and each timed move's `{[%clk h:mm:ss]}`.
    pub fn pdn(&self, tags: JsValue) -> String {
        let clock = self.clock.as_ref().map(Clock::pdn);
        crate::pdn::write_game_clocked(&self.game, &tags_from(tags), clock.as_ref())
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
    pub fn restore(pdn: &str, variant: &str, ply: usize) -> Result<DraughtsGame, JsValue> {
        let mut g = DraughtsGame::from_pdn(pdn, variant)?;
        while g.game.moves().len() > ply && g.game.undo() {}
        Ok(g)
    }

    /// Standard texts of the moves played, in order.
    pub fn history(&self) -> Vec<String> {
        self.game.history()
    }

    /// The moves played with their PDN move numbers and movers:
    /// `[{ ply, number, color, text }]`, for a numbered move list.
    #[wasm_bindgen(js_name = moveList)]
    pub fn move_list(&mut self) -> JsValue {
        to_js(&PlyView::list(&self.game, &mut self.texts))
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
    ) -> Result<DraughtsGame, JsValue> {
        init();
        let variant = parse_variant(variant)?;
        let game = read_record(text, variant, index.unwrap_or(0)).map_err(|e| said(e.message()))?;
        Ok(DraughtsGame::of(game))
    }

    /// The last move played as a move object, or `null`.
    #[wasm_bindgen(js_name = lastMove)]
    pub fn last_move(&self) -> JsValue {
        let moves = self.game.moves();
        match moves.last() {
            None => JsValue::NULL,
            Some(m) => {
                let before = &self.game.positions()[moves.len() - 1];
                to_js(&MoveView::played(before, m))
            }
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
pub fn legal_moves(fen: &str, variant: &str) -> Result<JsValue, JsValue> {
    Ok(DraughtsGame::from_fen(fen, variant)?.legal_moves())
}

/// Plays a move on a FEN position and returns the FEN after it.
///
/// # Errors
/// An unknown variant, a bad FEN, or move text that is malformed or illegal there.
#[wasm_bindgen(js_name = applyMove)]
pub fn apply_move(fen: &str, variant: &str, notation: &str) -> Result<String, JsValue> {
    let mut g = DraughtsGame::from_fen(fen, variant)?;
    g.play(JsValue::from_str(notation))?;
    Ok(g.fen())
}

/// What the board editor sends with a change: one square's new contents (`{ square, color,
/// role }`, or `{ square }` to empty it), the side to move (`{ turn }`), or a fresh board
/// (`{ reset: "empty" | "start" }`).
#[derive(Deserialize, Default)]
struct EditIn {
    square: Option<u8>,
    color: Option<String>,
    role: Option<String>,
    turn: Option<String>,
    reset: Option<String>,
}

/// The board editor's one call: applies `change` (see [`EditIn`]; `undefined` for none) to the
/// board written as `fen` and returns `{ fen, turn, board, problems, playable }`: the board may
/// be illegal while it is set up (`problems` lists every reason in words; `playable` is true
/// when there is none).
///
/// # Errors
/// An unknown variant, FEN that does not read, or a change that names no square of the board,
/// no colour or no role.
#[wasm_bindgen(js_name = editSetup)]
pub fn edit_setup(fen: &str, variant: &str, change: JsValue) -> Result<JsValue, JsValue> {
    use crate::editor::Board;
    use crate::setup::{Piece, Role};
    init();
    let variant = parse_variant(variant)?;
    let change: EditIn = if change.is_undefined() || change.is_null() {
        EditIn::default()
    } else {
        serde_wasm_bindgen::from_value(change)
            .map_err(|e| plain(&format!("Not a board change: {e}")))?
    };
    let color = |name: &str| {
        Color::from_name(name).ok_or_else(|| plain("A colour is \"white\" or \"black\""))
    };
    let mut board = match change.reset.as_deref() {
        Some("start") => Board::start(variant),
        Some("empty") => Board::empty(variant, variant.rules().first),
        Some(_) => return Err(plain("A reset is \"empty\" or \"start\"")),
        None => Board::from_fen(fen, variant)
            .map_err(|e| said(Message::new("record.fen").with("cause", e.message())))?,
    };
    if let Some(t) = change.turn.as_deref() {
        board.set_turn(color(t)?);
    }
    if let Some(n) = change.square {
        if !variant.geometry().has_number(u32::from(n)) {
            return Err(plain(&format!("There is no square {n} on this board")));
        }
        let piece = match (change.color.as_deref(), change.role.as_deref()) {
            (None, None) => None,
            (Some(c), Some(r)) => Some(Piece::new(
                color(c)?,
                match r {
                    "man" => Role::Man,
                    "king" => Role::King,
                    _ => return Err(plain("A role is \"man\" or \"king\"")),
                },
            )),
            _ => return Err(plain("A piece needs both a colour and a role")),
        };
        board.set(Square::from_number(n), piece);
    }
    #[derive(Serialize)]
    struct EditView {
        fen: String,
        turn: Color,
        board: Vec<Option<PieceView>>,
        problems: Vec<Message>,
        playable: bool,
    }
    let problems = board.problems();
    Ok(to_js(&EditView {
        fen: board.fen(),
        turn: board.turn(),
        board: PieceView::board(variant, |s| board.piece_at(s)),
        playable: problems.is_empty(),
        problems,
    }))
}

/// Every message the engine can give: `[{ code, template, params }]` (English template and the
/// names of its parameters), for checking that a language file translates them all.
#[wasm_bindgen(js_name = messageCatalogue)]
pub fn message_catalogue() -> JsValue {
    #[derive(Serialize)]
    struct Entry {
        code: &'static str,
        template: &'static str,
        params: Vec<&'static str>,
    }
    let entries: Vec<Entry> = crate::message::CATALOGUE
        .iter()
        .map(|&(code, template)| Entry {
            code,
            template,
            params: crate::message::param_names(template),
        })
        .collect();
    to_js(&entries)
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

/// The computer's levels, weakest first, as `[{ level, name, book }]`
/// (`{ level: 1, name: "Beginner", book: false }`); `book`: the level plays from the variant's
/// opening book, so the page fetches it for [`think`].
#[wasm_bindgen]
pub fn levels() -> JsValue {
    #[derive(Serialize)]
    struct L {
        level: u8,
        name: &'static str,
        book: bool,
    }
    let v: Vec<L> = Level::ALL
        .iter()
        .map(|l| L {
            level: l.number(),
            name: l.name(),
            book: crate::ai::uses_book(*l),
        })
        .collect();
    to_js(&v)
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
pub fn pdn_games(text: &str) -> Result<JsValue, JsValue> {
    init();
    if RecordKind::of(text) == RecordKind::Fen {
        return Ok(to_js(&Vec::<GameHeaderView>::new()));
    }
    let games =
        parse_games(text).map_err(|e| said(RecordError::from(PdnError::from(e)).message()))?;
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

/// The computer's calls, in the worker's module only (the `engine` feature): the page's own
/// module leaves the search out.
#[cfg(feature = "engine")]
pub use search::{analyse, hint, think, AnalysisHandle, ReviewHandle};
/// The tables' builder, in a module of its own (the `builder` feature, scripts/build-engine),
/// loaded only by the worker that builds them: the solver and zlib's compressor stay out of
/// the computer's module.
#[cfg(feature = "builder")]
pub use table_builder::BuilderHandle;
#[cfg(feature = "engine")]
pub use tables::{
    egdb_damaged, egdb_game_plan, egdb_load, egdb_loaded, egdb_memory, egdb_plan, egdb_retain,
    egdb_used_by_level,
};

#[cfg(feature = "engine")]
mod search {
    use super::*;
    use crate::ai::{self, Engine, Level, Limits, SearchResult};
    use crate::mv::Move;
    use crate::position::Position;

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
        /// Whether the side that searched would accept a draw offer, judging by `score`.
        #[serde(rename = "acceptsDraw")]
        accepts_draw: bool,
        /// Whether the move came from the opening book (then nothing was searched).
        book: bool,
        /// Whether the endgame tables answered (the position is one they hold).
        tables: bool,
    }

    /// The game behind a record: a link fragment (`#v=…`, as [`DraughtsGame::link`] writes it: the
    /// page's way, replayed by move index), a FEN (`W:W31-50:B1-20`) or a PDN game whose moves are
    /// replayed.
    pub(super) fn game_from_record(record: &str, variant: &str) -> Result<Game, JsValue> {
        let variant = parse_variant(variant)?;
        let text = record.trim();
        if text.starts_with('#') {
            let game = crate::link::read_link(text)
                .map_err(|e| said(Message::new("record.link").with("cause", e.message())))?;
            if game.variant() != variant {
                return Err(plain(&format!(
                    "The link is a {} game, not {}",
                    game.variant().title(),
                    variant.title()
                )));
            }
            return Ok(game);
        }
        read_record(text, variant, 0).map_err(|e| said(e.message()))
    }

    /// The position to search, or an error when there is nothing to play.
    fn position_to_search(game: &Game) -> Result<&Position, JsValue> {
        let status = game.status();
        if status.is_over() {
            return Err(plain(&format!("The game is over ({status})")));
        }
        Ok(game.position())
    }

    #[allow(clippy::too_many_arguments)]
    fn thought(
        pos: &Position,
        best: Move,
        pv: &[Move],
        score: Option<i32>,
        depth: u32,
        nodes: u64,
        ms: f64,
        book: bool,
        tables: bool,
    ) -> JsValue {
        let mut texts = Vec::with_capacity(pv.len().max(1));
        let mut p = *pos;
        for m in if pv.is_empty() {
            std::slice::from_ref(&best)
        } else {
            pv
        } {
            texts.push(crate::notation::move_to_text(&p, m));
            p.play_unchecked(m);
        }
        let nodes = nodes as f64;
        to_js(&ThoughtView {
            book,
            mv: MoveView::played(pos, &best),
            accepts_draw: score.is_some_and(ai::accepts_draw),
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
            tables,
        })
    }

    fn search_view(pos: &Position, r: &SearchResult, ms: f64) -> JsValue {
        thought(
            pos,
            r.best,
            &r.pv,
            Some(r.score),
            r.depth,
            r.nodes,
            ms,
            false,
            r.from_egdb,
        )
    }

    /// Runs `limits` on the record's position with a fresh engine (so equal inputs give equal
    /// results), timing the search (not the table's allocation) with `performance.now()`.
    /// With the endgame tables this worker holds for the game's variant (see [`tables`]).
    fn run_search(game: &Game, tt_mb: usize, limits: &Limits) -> Result<JsValue, JsValue> {
        let pos = position_to_search(game)?;
        super::tables::with(game.variant(), |db| {
            let mut limits = *limits;
            if let Some(db) = db {
                limits.egdb = Some(db);
                limits.phase_plies = db.phase_plies(game.positions(), game.moves());
            }
            let mut engine = Engine::new(tt_mb);
            let start = performance_now();
            let r = engine
                .search(pos, &ai::game_history(game), &limits)
                .ok_or_else(|| plain("No legal move"))?;
            Ok(search_view(pos, &r, performance_now() - start))
        })
    }

    /// A time budget from JavaScript: positive and finite, else none.
    fn budget(ms: Option<f64>) -> Option<f64> {
        ms.filter(|t| t.is_finite() && *t > 0.0)
    }

    /// The move the computer plays at `level` (1–6) in the game's current position:
    /// `{ move, score, depth, nodes, nps, ms, pv, book }`. `record` is the game's PDN (moves
    /// played so far; repetitions count) or a FEN. Levels 1–3 search to a fixed depth and err on
    /// purpose, seeded by `seed` (same seed, same move); levels 4–6 play from `book` (the
    /// variant's book file, as fetched) while the position is in it, a weighted choice seeded
    /// by `seed` (`book: true`, nothing searched, `score` null), else think for their time
    /// (about 0.25, 0.4 and 3 s), or for `time_ms` when given. A book that does not read (damaged,
    /// another variant's) is ignored: the computer searches. Blocks until done: call it from a
    /// worker.
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
        book: Option<Vec<u8>>,
    ) -> Result<JsValue, JsValue> {
        init();
        let level = Level::new(level)
            .ok_or_else(|| plain(&format!("Unknown level {level}: levels are 1 to 6")))?;
        let game = game_from_record(record, variant)?;
        let clock = performance_now;
        let book = book.and_then(|bytes| ai::Book::for_variant(&bytes, game.variant()).ok());
        if let Some(book) = book.filter(|_| ai::uses_book(level)) {
            let pos = position_to_search(&game)?;
            let start = performance_now();
            if let Some(m) = ai::book_move(Some(&book), pos, level, u64::from(seed.unwrap_or(0))) {
                let ms = performance_now() - start;
                return Ok(thought(pos, m, &[], None, 0, 0, ms, true, false));
            }
        }
        if level.is_noisy() {
            let pos = position_to_search(&game)?;
            let mut engine = Engine::new(2);
            let start = performance_now();
            let history = ai::game_history(&game);
            let seed = u64::from(seed.unwrap_or(0));
            let best = ai::choose_move(&mut engine, pos, &history, level, seed, Some(&clock), None)
                .ok_or_else(|| plain("No legal move"))?;
            let ms = performance_now() - start;
            let depth = level.settings().depth;
            return Ok(thought(
                pos,
                best,
                &[],
                None,
                depth,
                engine.nodes(),
                ms,
                false,
                false,
            ));
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
    pub fn hint(record: &str, variant: &str, time_ms: Option<f64>) -> Result<JsValue, JsValue> {
        init();
        let game = game_from_record(record, variant)?;
        let clock = performance_now;
        let mut limits = Level::MASTER.limits(Some(&clock));
        limits.time_ms = Some(budget(time_ms).unwrap_or(1000.0));
        run_search(&game, 16, &limits)
    }

    /// A search to exactly `depth` plies (1–64) with no time or node limit, for measuring the
    /// engine: `{ move, score, depth, nodes, nps, ms, pv, tables }`. Blocks until done.
    ///
    /// # Errors
    /// As [`think`], or a depth outside 1–64.
    #[wasm_bindgen]
    pub fn analyse(record: &str, variant: &str, depth: u32) -> Result<JsValue, JsValue> {
        init();
        if !(1..=ai::MAX_DEPTH).contains(&depth) {
            return Err(plain(&format!(
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

    /// One depth of an [`AnalysisHandle`], as the page shows it.
    #[derive(Serialize)]
    struct DepthView {
        depth: u32,
        /// White's score in hundredths of a man (beyond ±29,000 a forced result).
        white: i32,
        /// The score in words: `"+0.35"`, `"White wins in 3"`.
        text: Message,
        /// The best line with move numbers: `"12. 32-28 19-23 13. 37-32"`.
        line: String,
        /// The best move (its `from` and `path` draw the arrow).
        #[serde(rename = "move")]
        mv: MoveView,
        nodes: f64,
        /// Milliseconds since the analysis started.
        ms: f64,
        /// Nothing more to find: a forced result is within the horizon.
        done: bool,
        /// The endgame tables answered: the position is one they hold.
        tables: bool,
        /// Said in place of the depth for a result the tables prove: `"tables: 6 moves to
        /// convert"`, `"from the tables"`.
        detail: Option<Message>,
    }

    /// The analysis board's engine: one position searched deeper and deeper with one transposition
    /// table, a depth per [`AnalysisHandle::deepen`] call, so that a worker can post each depth and
    /// stop between two.
    ///
    /// ```js
    /// const a = new Analysis(game.link(), "international", 6);  // the position after 6 plies
    /// a.over();    // "White wins: Black has no pieces left" when the game is over there
    /// a.deepen();  // { depth: 1, white: 0, text: "0.00", line: "4. 33-28", move, nodes, ms, done }
    /// ```
    #[wasm_bindgen(js_name = Analysis)]
    pub struct AnalysisHandle {
        inner: ai::review::Analysis,
        start: f64,
    }

    #[wasm_bindgen(js_class = Analysis)]
    impl AnalysisHandle {
        /// Analyses the position after `ply` plies of the game a record holds (a link, FEN or PDN;
        /// by default its current position).
        ///
        /// # Errors
        /// An unknown variant, a record that does not read, or `ply` beyond its moves.
        #[wasm_bindgen(constructor)]
        pub fn new(
            record: &str,
            variant: &str,
            ply: Option<usize>,
        ) -> Result<AnalysisHandle, JsValue> {
            init();
            let mut game = game_from_record(record, variant)?;
            if let Some(ply) = ply {
                game.go_to(ply).map_err(|e| plain(&e.to_string()))?;
            }
            Ok(AnalysisHandle {
                inner: ai::review::Analysis::new(game),
                start: performance_now(),
            })
        }

        /// The result in one line (a message) when the game is over in this position, else
        /// `null`.
        pub fn over(&self) -> JsValue {
            let game = self.inner.game();
            to_js(&StatusView::new(game.status(), game.variant(), None).line)
        }

        /// Searches one ply deeper and returns what it found (see [`DepthView`]), or `null` when
        /// there is nothing more to find (the game is over, or the last depth saw a forced result).
        pub fn deepen(&mut self) -> JsValue {
            let clock = performance_now;
            let variant = self.inner.game().variant();
            let found = super::tables::with(variant, |db| self.inner.deepen(Some(&clock), db));
            let Some(r) = found else {
                return JsValue::NULL;
            };
            let game = self.inner.game();
            let pos = game.position();
            let white = ai::review::for_white(r.score, pos.turn());
            to_js(&DepthView {
                depth: r.depth,
                white,
                text: if r.from_egdb && r.score == 0 {
                    Message::new("eval.tables-draw")
                } else {
                    ai::review::score_message(white)
                },
                detail: if r.from_egdb && r.score == 0 {
                    Some(Message::new("eval.tables-source"))
                } else {
                    ai::review::tables_detail(white)
                },
                tables: r.from_egdb,
                line: ai::review::numbered_line(game, &r.pv),
                mv: MoveView::played(pos, &r.best),
                nodes: r.nodes as f64,
                ms: performance_now() - self.start,
                done: self.inner.is_done(),
            })
        }
    }

    /// A judged move of a review, as the move list marks it.
    #[derive(Serialize)]
    struct VerdictView {
        ply: usize,
        /// `"inaccuracy"`, `"mistake"` or `"blunder"`.
        judgement: &'static str,
        /// `?!`, `?` or `??`.
        symbol: &'static str,
        /// Hundredths of a man lost against the best move.
        loss: i32,
        /// The engine's move, when the game's was not it.
        best: Option<String>,
        /// `"Blunder: loses 2.35. Better: 32-28"`.
        text: Message,
    }

    /// A game review: every position searched to one depth, one per [`ReviewHandle::step`] call (so
    /// that a worker can report progress), then the moves judged by [`ai::review::judge`].
    ///
    /// ```js
    /// const r = new Review(game.link(), "international");    // default depth
    /// while (r.step()) postMessage({ done: r.done(), total: r.total() });
    /// r.result();  // { white: [0, 12, …], chart: [0, 0.03, …], verdicts: [{ ply, judgement, … }] }
    /// ```
    #[wasm_bindgen(js_name = Review)]
    pub struct ReviewHandle(ai::review::Review);

    #[wasm_bindgen(js_class = Review)]
    impl ReviewHandle {
        /// Reviews the game a record holds (a link, FEN or PDN) to `depth` plies (by default
        /// [`ai::review::REVIEW_DEPTH`]).
        ///
        /// # Errors
        /// An unknown variant or a record that does not read.
        #[wasm_bindgen(constructor)]
        pub fn new(
            record: &str,
            variant: &str,
            depth: Option<u32>,
        ) -> Result<ReviewHandle, JsValue> {
            init();
            let game = game_from_record(record, variant)?;
            let depth = depth.unwrap_or(ai::review::REVIEW_DEPTH);
            Ok(ReviewHandle(ai::review::Review::new(game, depth)))
        }

        /// Positions to search (plies played plus one).
        pub fn total(&self) -> usize {
            self.0.total()
        }

        /// Positions searched so far.
        pub fn done(&self) -> usize {
            self.0.done()
        }

        /// Searches the next position; false when every one is done. Probes this worker's
        /// endgame tables: give it every table `egdbGamePlan` names, or none.
        pub fn step(&mut self) -> bool {
            let variant = self.0.game().variant();
            super::tables::with(variant, |db| self.0.step(db))
        }

        /// `{ white, chart, verdicts }`: White's score per position searched (hundredths of a man),
        /// the same clamped to -1…1 for a chart (±[`ai::review::CHART_SPAN`] fills it), and the
        /// moves judged an inaccuracy or worse (see [`VerdictView`]) once all are searched.
        pub fn result(&self) -> JsValue {
            #[derive(Serialize)]
            struct ResultView {
                white: Vec<i32>,
                chart: Vec<f64>,
                verdicts: Vec<VerdictView>,
            }
            let white = self.0.white_scores();
            let verdicts = self
                .0
                .verdicts()
                .into_iter()
                .map(|v| {
                    let name = v.judgement.name();
                    let loss = format!("{}.{:02}", v.loss / 100, v.loss % 100);
                    let code = match name {
                        "inaccuracy" => "verdict.inaccuracy",
                        "mistake" => "verdict.mistake",
                        _ => "verdict.blunder",
                    };
                    let mut text = Message::new(code).with("loss", loss);
                    if let Some(b) = &v.best {
                        text = Message::new("verdict.better")
                            .with("verdict", text)
                            .with("move", b.as_str());
                    }
                    VerdictView {
                        ply: v.ply,
                        judgement: name,
                        symbol: v.judgement.symbol(),
                        loss: v.loss,
                        best: v.best,
                        text,
                    }
                })
                .collect();
            to_js(&ResultView {
                chart: white.iter().map(|&s| ai::review::chart_value(s)).collect(),
                white,
                verdicts,
            })
        }
    }
}

/// The endgame tables in the page: built in a worker of their own (`EndgameBuilder`, in the
/// builder's module: `table_builder` below; one pair of tables a call, so the worker reports
/// progress between calls), stored by the page (IndexedDB), and handed to each search worker
/// ([`egdb_load`]), whose searches then probe them, unpacking them within a budget.
///
/// ```js
/// const plan = egdbPlan(game.link(), "english");   // null, or { variant, pieces, tables: ["0m1k-0m1k", …] }
/// const b = new EndgameBuilder("english", plan.tables);
/// for (const bytes of stored) b.add(bytes);         // throws an EgdbError on a damaged table
/// for (let out; (out = b.step()); ) store(out);     // [{ name, bytes }] a pair at a time
/// egdbLoad("english", bytes);                       // in a search worker: think() uses it
/// ```
#[cfg(feature = "engine")]
mod tables {
    use super::egdb_errors::{egdb_error, parse_names};
    use super::*;
    use crate::egdb::builder::{page_horizon, page_pieces, plan};
    use crate::egdb::Egdb;
    use std::cell::RefCell;

    thread_local! {
        /// The tables this worker's searches probe: one variant's, those handed over.
        static TABLES: RefCell<Option<Egdb>> = const { RefCell::new(None) };
    }

    /// The most bytes of table values a search worker holds unpacked: about five of the
    /// largest English ≤ 5 tables (9.5 MB each), a third of the whole set (151 MB), which an
    /// eight-piece position may reach; the tables themselves stay packed (25.7 MB for the
    /// whole English set). Measured in the README: a search rarely needs more at once.
    const UNPACKED_BUDGET: usize = 48 << 20;

    /// Runs `f` with the tables of `variant`, if this worker holds any.
    pub(super) fn with<T>(variant: Variant, f: impl FnOnce(Option<&Egdb>) -> T) -> T {
        TABLES.with(|t| {
            let t = t.borrow();
            f(t.as_ref()
                .filter(|db| db.variant() == variant && db.max_pieces() > 0))
        })
    }

    #[derive(Serialize)]
    struct PlanView {
        variant: String,
        /// The most pieces of a table built for the page in this variant.
        pieces: u8,
        /// Table names (`1m2k-0m1k`) in building order.
        tables: Vec<String>,
    }

    /// The tables a game's position (after `ply` plies; by default its current one) calls for:
    /// `null` when the variant cannot be tabled or the
    /// position is still far from an ending (more than a few pieces beyond the tables), else
    /// every table of the page's size for the variant that the game can still reach.
    ///
    /// # Errors
    /// An unknown variant or a record that does not read.
    #[wasm_bindgen(js_name = egdbPlan)]
    pub fn egdb_plan(record: &str, variant: &str, ply: Option<usize>) -> Result<JsValue, JsValue> {
        init();
        let mut game = super::search::game_from_record(record, variant)?;
        if let Some(ply) = ply {
            game.go_to(ply).map_err(|e| plain(&e.to_string()))?;
        }
        let pos = game.position();
        let v = game.variant();
        let (Some(pieces), Some(horizon)) = (page_pieces(v), page_horizon(v)) else {
            return Ok(JsValue::NULL);
        };
        if pos.occupied().count() > u32::from(horizon) {
            return Ok(JsValue::NULL);
        }
        Ok(to_js(&PlanView {
            variant: v.name().to_owned(),
            pieces,
            tables: plan(pos, pieces).into_iter().map(|s| s.name()).collect(),
        }))
    }

    /// The tables any position of a game can reach: those its first position within reach of
    /// the tables calls for (a later position's are among them), or `null`, as [`egdb_plan`].
    /// For the review, which searches every position of the game.
    ///
    /// # Errors
    /// An unknown variant or a record that does not read.
    #[wasm_bindgen(js_name = egdbGamePlan)]
    pub fn egdb_game_plan(record: &str, variant: &str) -> Result<JsValue, JsValue> {
        init();
        let game = super::search::game_from_record(record, variant)?;
        let v = game.variant();
        let (Some(pieces), Some(horizon)) = (page_pieces(v), page_horizon(v)) else {
            return Ok(JsValue::NULL);
        };
        let Some(pos) = game
            .positions()
            .iter()
            .find(|p| p.occupied().count() <= u32::from(horizon))
        else {
            return Ok(JsValue::NULL);
        };
        Ok(to_js(&PlanView {
            variant: v.name().to_owned(),
            pieces,
            tables: plan(pos, pieces).into_iter().map(|s| s.name()).collect(),
        }))
    }

    /// Hands a table (its file bytes) to this worker's searches, after checking its header (its
    /// values are checked against their checksum when first probed: see [`egdb_damaged`]); the
    /// worker's tables of another variant are dropped. Returns its name.
    ///
    /// # Errors
    /// An unknown variant, or an `EgdbError` when the bytes are not a sound table of it (the
    /// worker's tables are then unchanged).
    #[wasm_bindgen(js_name = egdbLoad)]
    pub fn egdb_load(variant: &str, bytes: Vec<u8>) -> Result<String, JsValue> {
        init();
        let v = parse_variant(variant)?;
        TABLES.with(|t| {
            let mut t = t.borrow_mut();
            if t.as_ref().is_none_or(|db| db.variant() != v) {
                *t = Some(
                    Egdb::empty(v)
                        .map_err(egdb_error)?
                        .with_budget(UNPACKED_BUDGET),
                );
            }
            let db = t.as_mut().expect("just set");
            db.add_file(bytes).map(|s| s.name()).map_err(egdb_error)
        })
    }

    /// The names of the tables this worker holds for `variant`.
    #[wasm_bindgen(js_name = egdbLoaded)]
    pub fn egdb_loaded(variant: &str) -> Result<Vec<String>, JsValue> {
        let v = parse_variant(variant)?;
        Ok(with(v, |db| {
            db.map(|db| db.signatures().iter().map(|s| s.name()).collect())
                .unwrap_or_default()
        }))
    }

    /// The names of this worker's tables of `variant` that turned out damaged when first
    /// probed (they answer nothing; the page should forget them and build them again).
    #[wasm_bindgen(js_name = egdbDamaged)]
    pub fn egdb_damaged(variant: &str) -> Result<Vec<String>, JsValue> {
        let v = parse_variant(variant)?;
        Ok(with(v, |db| {
            db.map(|db| db.damaged().iter().map(|s| s.name()).collect())
                .unwrap_or_default()
        }))
    }

    /// Whether the computer at `level` probes the endgame tables: the levels that search for
    /// the best move (4–6). Levels 1–3 pick among near-best moves of a shallow search and never
    /// look at them, so their moves call for no tables (the hint and the analysis do).
    #[wasm_bindgen(js_name = egdbUsedByLevel)]
    pub fn egdb_used_by_level(level: u8) -> bool {
        crate::ai::Level::new(level).is_some_and(|l| !l.is_noisy())
    }

    #[derive(Serialize)]
    struct UnpackedView {
        bytes: f64,
        peak: f64,
        unpacks: f64,
        budget: f64,
    }

    /// What this worker holds of its tables: `{ bytes, peak, unpacks, budget }` (table values
    /// unpacked now, the most at once so far, tables unpacked so far, the budget), or `null`
    /// without tables. For measuring.
    #[wasm_bindgen(js_name = egdbMemory)]
    pub fn egdb_memory() -> JsValue {
        TABLES.with(|t| {
            let t = t.borrow();
            match t.as_ref().and_then(|db| db.unpacked_stats()) {
                Some(s) => to_js(&UnpackedView {
                    bytes: s.bytes as f64,
                    peak: s.peak as f64,
                    unpacks: s.unpacks as f64,
                    budget: s.budget as f64,
                }),
                None => JsValue::NULL,
            }
        })
    }

    /// Keeps only the named tables (those the game can still reach), freeing the others.
    ///
    /// # Errors
    /// An unknown variant or a name that is not a table's.
    #[wasm_bindgen(js_name = egdbRetain)]
    pub fn egdb_retain(variant: &str, names: Vec<String>) -> Result<(), JsValue> {
        let v = parse_variant(variant)?;
        let keep = parse_names(&names)?;
        TABLES.with(|t| {
            if let Some(db) = t.borrow_mut().as_mut().filter(|db| db.variant() == v) {
                db.retain(|s| keep.contains(&s));
            }
        });
        Ok(())
    }
}

/// What the search's tables and the builder share: their errors, and table names.
#[cfg(any(feature = "engine", feature = "builder"))]
mod egdb_errors {
    use super::*;
    use crate::egdb::{EgdbError, Signature};

    /// A JS `Error` named `EgdbError`, its `kind` one of `unsupported`, `damaged`, `version`,
    /// `missing`, `too-deep`, `too-many-pieces`.
    pub(super) fn egdb_error(e: EgdbError) -> JsValue {
        let kind = match &e {
            EgdbError::Unsupported { .. } => "unsupported",
            EgdbError::TooManyPieces { .. } => "too-many-pieces",
            EgdbError::Missing { .. } => "missing",
            EgdbError::Corrupt { .. } | EgdbError::Io { .. } => "damaged",
            EgdbError::Version { .. } => "version",
            EgdbError::TooDeep { .. } => "too-deep",
        };
        let err = js_sys::Error::new(&e.to_string());
        err.set_name("EgdbError");
        let _ = js_sys::Reflect::set(&err, &"kind".into(), &kind.into());
        err.into()
    }

    pub(super) fn parse_names(names: &[String]) -> Result<Vec<Signature>, JsValue> {
        names
            .iter()
            .map(|n| {
                Signature::parse(n).ok_or_else(|| plain(&format!("{n:?} is not a table name")))
            })
            .collect()
    }
}

/// Building the tables in the page: a pair of tables a call, so that the worker that builds
/// them reports progress between calls (see `tables` above for the whole picture).
#[cfg(feature = "builder")]
mod table_builder {
    use super::egdb_errors::{egdb_error, parse_names};
    use super::*;
    use crate::egdb::builder::Builder;

    /// A build of named tables, a pair per [`BuilderHandle::step`].
    #[wasm_bindgen(js_name = EndgameBuilder)]
    pub struct BuilderHandle(Builder);

    #[wasm_bindgen(js_class = EndgameBuilder)]
    impl BuilderHandle {
        /// # Errors
        /// An unknown variant, a bad name, or an `EgdbError` (a variant that cannot be tabled).
        #[wasm_bindgen(constructor)]
        pub fn new(variant: &str, names: Vec<String>) -> Result<BuilderHandle, JsValue> {
            init();
            let v = parse_variant(variant)?;
            let wanted = parse_names(&names)?;
            Builder::new(v, &wanted)
                .map(BuilderHandle)
                .map_err(egdb_error)
        }

        /// Takes a table built before (its file bytes); returns its name.
        ///
        /// # Errors
        /// An `EgdbError` when the bytes are not a sound table of the variant.
        pub fn add(&mut self, bytes: Vec<u8>) -> Result<String, JsValue> {
            self.0.add(bytes).map(|s| s.name()).map_err(egdb_error)
        }

        /// Tables wanted.
        pub fn total(&self) -> usize {
            self.0.total()
        }

        /// Tables finished (built or handed over).
        pub fn done(&self) -> usize {
            self.0.done()
        }

        /// Builds the next pair of tables and returns them, `[{ name, bytes }]` (bytes: the
        /// file, a `Uint8Array`), or `null` when every table is finished.
        ///
        /// # Errors
        /// An `EgdbError` (a table the pair needs is missing: not expected from a plan).
        pub fn step(&mut self) -> Result<JsValue, JsValue> {
            let Some(tables) = self.0.step().map_err(egdb_error)? else {
                return Ok(JsValue::NULL);
            };
            let out = js_sys::Array::new();
            for (sig, bytes) in tables {
                let o = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&o, &"name".into(), &sig.name().into());
                let arr = js_sys::Uint8Array::from(&bytes[..]);
                let _ = js_sys::Reflect::set(&o, &"bytes".into(), &arr);
                out.push(&o);
            }
            Ok(out.into())
        }
    }
}
