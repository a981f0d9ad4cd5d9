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
//! The computer opponent lives in a Web Worker with a module of its own (crates/web-engine: a
//! search blocks the thread it runs on), and the endgame tables' builder in another
//! (crates/web-builder); both convert with [`convert`], as this module does.

use draughts_engine::Level;
use draughts_rules::clock::Clock;
use draughts_rules::excerpt::excerpt;
use draughts_rules::game::{Game, PdnTags};
use draughts_rules::message::Message;
use draughts_rules::pdn::{
    parse_games, read_game, read_record, suggest_variant, PdnError, RecordError, RecordKind,
};
use draughts_rules::square::{ByColor, Color, Square};
use draughts_rules::variant::Variant;
use draughts_views::snapshot::{
    ordered_moves, CountsView, MoveTexts, MoveView, PieceView, PlyView, Snapshot, SquareView,
    StatusView,
};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use draughts_views::convert::{at, init, parse_variant, performance_now, plain, said, to_js};

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

    /// The game as a link fragment (`#v=international&m=…&c=…`), see [`draughts_views::link`].
    pub fn link(&self) -> String {
        draughts_views::link::write_link(&self.game)
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

    /// Why the piece on `square` cannot move: `{ code, rule?, text, movable }` (see
    /// [`draughts_views::explain::Explanation`]).
    ///
    /// # Errors
    /// `square` is not a square of this board.
    pub fn explain(&self, square: u8) -> Result<JsValue, JsValue> {
        let g = self.game.variant().geometry();
        if !g.has_number(u32::from(square)) {
            return Err(plain(&format!("There is no square {square} on this board")));
        }
        let e = draughts_views::explain::explain(&self.game, Square::from_number(square));
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
    /// writes it (`"300+3"`, `"180"`, `"300B3"` with a Bronstein delay; see [`draughts_rules::clock`]),
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
            let control: draughts_rules::clock::TimeControl =
                control.parse().map_err(|e| error(&e))?;
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
        draughts_rules::pdn::write_game_clocked(&self.game, &tags_from(tags), clock.as_ref())
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
    use draughts_rules::setup::{Piece, Role};
    use draughts_views::editor::Board;
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
    let entries: Vec<Entry> = draughts_rules::message::CATALOGUE
        .iter()
        .map(|&(code, template)| Entry {
            code,
            template,
            params: draughts_rules::message::param_names(template),
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
            book: draughts_engine::uses_book(*l),
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
    let tag = |g: &draughts_rules::pdn::PdnGame, name: &str| match g.tag(name).map(str::trim) {
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
