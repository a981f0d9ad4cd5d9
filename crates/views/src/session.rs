//! A game as the page plays it: the [`Game`], the texts of its moves (kept between snapshots) and
//! its clock, kept in step: a move made is pressed on the clock, the end of the game stops it, a
//! flag ends the game, and once a clock runs a move made stands (no undo, redo or playing on from
//! a past position until the next game), as over the board.
//!
//! Built and tested natively; the page's handle (`DraughtsGame`, src/wasm/game.rs) holds one and
//! only converts its arguments, results and refusals. Times are milliseconds on the caller's
//! monotonic scale (the page's `performance.now()`): a session never reads the time itself.

use crate::explain::{explain, Explanation};
use crate::snapshot::{ordered_moves, path_text, MoveTexts, MoveView, PlyView, Snapshot};
use draughts_rules::clock::{Clock, ClockView, TimeControl};
use draughts_rules::excerpt::excerpt;
use draughts_rules::game::{Game, PdnTags};
use draughts_rules::message::Message;
use draughts_rules::square::{ByColor, Color, Square};

/// Why a call was refused, and the change it would have made not made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The page's own mistake (a bad argument its controls never give): English only.
    Page(String),
    /// A player's, in a message the page translates: an illegal move, a record that does not
    /// read.
    Player(Message),
}

impl Refusal {
    /// Its English words.
    pub fn text(&self) -> String {
        match self {
            Refusal::Page(text) => text.clone(),
            Refusal::Player(m) => m.text(),
        }
    }
}

impl From<Message> for Refusal {
    fn from(m: Message) -> Refusal {
        Refusal::Player(m)
    }
}

fn page(text: impl Into<String>) -> Refusal {
    Refusal::Page(text.into())
}

/// A move as the page gives it: its index among the legal moves (`ordered_moves`), or text.
#[derive(Clone, Copy, Debug)]
pub enum MoveChoice<'a> {
    Index(usize),
    Text(&'a str),
}

/// The sides a clock times, from the page's `timed`: "white" or "black" for that side only
/// (against the computer), nothing for both.
pub fn timed_sides(timed: Option<&str>) -> Result<ByColor<bool>, Refusal> {
    let only = match timed {
        None => None,
        Some(name) => Some(
            Color::from_name(name)
                .ok_or_else(|| page("The timed side is \"white\" or \"black\""))?,
        ),
    };
    Ok(ByColor {
        white: only != Some(Color::Black),
        black: only != Some(Color::White),
    })
}

/// A color the page names: "white" or "black".
pub fn color_named(name: &str) -> Result<Color, Refusal> {
    Color::from_name(name).ok_or_else(|| {
        page(format!(
            "Unknown color {:?}: expected \"white\" or \"black\"",
            excerpt(name)
        ))
    })
}

/// A game in play: see the module's documentation.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    /// The move list's texts, kept between snapshots.
    texts: MoveTexts,
    /// The game's clock, when it is played with one.
    clock: Option<Clock>,
    /// The side another device plays (an online game): its moves come over the channel and
    /// are checked here ([`Session::play_remote`]), and its flag is that device's to call.
    remote: Option<Color>,
}

impl Session {
    pub fn new(game: Game) -> Session {
        Session {
            game,
            texts: MoveTexts::default(),
            clock: None,
            remote: None,
        }
    }

    /// A game saved with its redoable moves (see [`Self::pdn_with_redo`]) with `ply` of them
    /// played, the rest redoable.
    pub fn restored(mut game: Game, ply: usize) -> Session {
        while game.moves().len() > ply && game.undo() {}
        Session::new(game)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Once a clock runs, a move made stands, as over the board: no undo, redo or playing on
    /// from a past position until the next game (looking back at the moves still works).
    pub fn clock_started(&self) -> bool {
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
        } else if self.remote != Some(turn) && c.check_flag(turn, now) {
            self.game.time_out(turn);
        }
    }

    /// Everything the page draws (see [`Snapshot`]), the result told to `player` when given;
    /// `view`: a past position (by default the game as it stands). With a clock started, moves
    /// cannot be taken back nor redone.
    pub fn snapshot(&mut self, view: Option<usize>, player: Option<Color>) -> Snapshot {
        let mut snap = Snapshot::new(&self.game, &mut self.texts, view, player);
        if self.clock_started() {
            snap.can_undo = false;
            snap.can_redo = false;
        }
        snap
    }

    /// As [`Session::snapshot`], showing ply `view` of the line at `path` (see
    /// [`draughts_rules::variation`]); a past position or a side line lists its legal moves when
    /// moves may be tried there ([`Session::can_explore`]).
    pub fn snapshot_line(
        &mut self,
        path: &[usize],
        view: Option<usize>,
        player: Option<Color>,
    ) -> Snapshot {
        let explore = self.can_explore();
        let mut snap = Snapshot::on_line(&self.game, &mut self.texts, path, view, player, explore);
        if self.clock_started() {
            snap.can_undo = false;
            snap.can_redo = false;
        }
        snap
    }

    /// Whether moves may be tried from past positions, opening side lines: not in an online game
    /// (the other page would not know them) nor while a clock runs (over the board a player
    /// cannot try moves out during the game); after the game, always.
    pub fn can_explore(&self) -> bool {
        let running = self.clock_started() && !self.game.status().is_over();
        self.remote.is_none() && !running
    }

    /// Tries a move from the position after `ply` plies of the line at `path` (its index among
    /// that position's ordered legal moves, or text): the line's own next move is followed, a
    /// side line that starts with it too, else it extends the side line at its end or opens a
    /// new one ([`Game::explore`]). The game as it stands is not changed: moves from it are
    /// played with [`Session::play`]. Returns the move and where it leads, `(line, ply)`.
    ///
    /// # Errors
    /// Moves may not be tried now ([`Session::can_explore`]), the place is the game as it stands
    /// or names no position, or the move is not legal there; nothing changes.
    pub fn explore(
        &mut self,
        path: &[usize],
        ply: usize,
        mv: MoveChoice,
    ) -> Result<(MoveView, String, usize), Refusal> {
        if !self.can_explore() {
            return Err(page("Moves cannot be tried out during this game"));
        }
        let path = self.game.normalize(path, ply);
        if path.is_empty() && ply >= self.game.moves().len() {
            return Err(page(
                "The game as it stands is played with play(), not explore()",
            ));
        }
        let pos = self.game.line_position(&path, ply).ok_or_else(|| {
            page(format!(
                "There is no position after {ply} plies of that line"
            ))
        })?;
        let m = match mv {
            MoveChoice::Index(n) => *ordered_moves(pos.legal_moves())
                .get(n)
                .ok_or_else(|| page("There is no such move in the position shown"))?,
            MoveChoice::Text(text) => {
                draughts_rules::notation::parse_move(&pos, text).map_err(|e| e.message())?
            }
        };
        let spot = self.game.explore(&path, ply, &m).map_err(|e| e.message())?;
        Ok((MoveView::played(&pos, &m), path_text(&spot.path), spot.ply))
    }

    /// Makes the side line at `path` the game's own line, level by level (the lines it replaces
    /// become side lines): the game goes on from its end.
    ///
    /// # Errors
    /// Moves may not be tried now ([`Session::can_explore`]) or the path names no side line.
    pub fn promote(&mut self, path: &[usize]) -> Result<(), Refusal> {
        if !self.can_explore() {
            return Err(page("Lines cannot be changed during this game"));
        }
        if path.is_empty() || self.game.variation(path).is_none() {
            return Err(page("There is no such side line"));
        }
        for depth in (1..=path.len()).rev() {
            // Each promotion leaves the line in its parent's place: the path up to it is the same.
            self.game.promote(&path[..depth]);
        }
        if let Some(c) = &mut self.clock {
            c.align(self.game.moves().len());
        }
        Ok(())
    }

    /// Deletes the side line at `path` with the lines in it; false for a path that names none.
    pub fn delete_line(&mut self, path: &[usize]) -> bool {
        self.remote.is_none() && self.game.delete_variation(path)
    }

    /// The moves played, numbered, as the move list shows them.
    pub fn move_list(&mut self) -> Vec<PlyView> {
        PlyView::list(&self.game, &mut self.texts)
    }

    /// Plays `mv` and returns it as the page sees it. `now` is the present; with a clock,
    /// `moved_at` (by default now; never later) is when the player completed the move: the
    /// mover's time stops then, the opponent's starts now, when the move has landed.
    ///
    /// # Errors
    /// An index out of range, malformed, ambiguous or illegal text, or the game is over (also
    /// when the mover's time had run out at `moved_at`); the game is unchanged but for that.
    pub fn play(
        &mut self,
        mv: MoveChoice,
        moved_at: Option<f64>,
        now: f64,
    ) -> Result<MoveView, Refusal> {
        let moved_at = moved_at.filter(|t| t.is_finite()).unwrap_or(now).min(now);
        self.sync_clock(moved_at, moved_at);
        let played = self.play_now(mv)?;
        self.sync_clock(moved_at, now);
        Ok(played)
    }

    fn play_now(&mut self, mv: MoveChoice) -> Result<MoveView, Refusal> {
        let before = *self.game.position();
        let m = match mv {
            MoveChoice::Index(n) => {
                let legal = ordered_moves(self.game.legal_moves());
                let m = *legal.get(n).ok_or_else(|| {
                    page(format!(
                        "There is no such move here: the legal moves are numbered 0 to {}",
                        legal.len().saturating_sub(1)
                    ))
                })?;
                self.game.play(&m).map_err(|e| e.message())?;
                m
            }
            MoveChoice::Text(text) => self.game.play_text(text).map_err(|e| e.message())?,
        };
        Ok(MoveView::played(&before, &m))
    }

    /// "Play from here": the game goes back to the position after `ply` plies; the moves after
    /// it can be redone until another move is played.
    ///
    /// # Errors
    /// `ply` is beyond the moves recorded, or the clock has started; the game is unchanged.
    pub fn go_to(&mut self, ply: usize) -> Result<(), Refusal> {
        if self.clock_started() && ply != self.game.moves().len() {
            return Err(page(
                "Moves cannot be taken back in a game played with a clock",
            ));
        }
        self.game.go_to(ply).map_err(|e| e.message().into())
    }

    /// Takes back a resignation, draw agreement or the last move; false if there was nothing
    /// (or the clock has started).
    pub fn undo(&mut self) -> bool {
        !self.clock_started() && self.game.undo()
    }

    /// Replays the next undone move; false if there is none (or the clock has started).
    pub fn redo(&mut self) -> bool {
        !self.clock_started() && self.game.redo()
    }

    /// `color` (by default the side to move) resigns; nothing happens once the game is over.
    pub fn resign(&mut self, color: Option<Color>) {
        let color = color.unwrap_or_else(|| self.game.position().turn());
        self.game.resign(color);
    }

    /// Both players agree to a draw (nothing happens once the game is over).
    pub fn agree_draw(&mut self) {
        self.game.agree_draw();
    }

    // ----- an online game: the other side's moves come from another device -----

    /// Makes `remote` the side another device plays (none: both sides are played here).
    pub fn set_remote(&mut self, remote: Option<Color>) {
        self.remote = remote;
    }

    /// The position as it stands, as 16 hexadecimal digits (64-bit FNV-1a of its FEN): what
    /// the two pages of an online game compare after each move. FEN rather than an internal
    /// key, so that two builds of the page agree whenever they agree on the position.
    pub fn key(&self) -> String {
        position_key(&self.game.fen())
    }

    /// A move the other device sent: `index` among the legal moves, played at `ply` (the
    /// number of moves before it), leading to the position `key`; `left`, the mover's time
    /// after it by its own clock. Played only if all of that holds here.
    ///
    /// # Errors
    /// The game is over, it is not the other side's turn or not that ply, there is no such
    /// move, or it leads elsewhere (`online.*` messages); nothing changes.
    pub fn play_remote(
        &mut self,
        index: usize,
        ply: usize,
        key: &str,
        left: Option<f64>,
        now: f64,
    ) -> Result<MoveView, Refusal> {
        self.sync_clock(now, now);
        let here = self.game.moves().len();
        if self.game.status().is_over() {
            return Err(Message::new("online.game-over").into());
        }
        if ply != here {
            return Err(Message::new("online.wrong-ply")
                .with("sent", ply)
                .with("here", here)
                .into());
        }
        let mover = self.game.position().turn();
        if self.remote != Some(mover) {
            return Err(Message::new("online.not-their-turn").into());
        }
        let legal = ordered_moves(self.game.legal_moves());
        let m = legal
            .get(index)
            .ok_or_else(|| Message::new("online.no-such-move").with("index", index))?;
        let mut after = self.game.clone();
        after.play(m).map_err(|e| e.message())?;
        if position_key(&after.fen()) != key {
            return Err(Message::new("online.other-position").into());
        }
        let played = self.play(MoveChoice::Index(index), Some(now), now)?;
        if let (Some(c), Some(ms)) = (&mut self.clock, left) {
            c.set_left(mover, ms);
        }
        Ok(played)
    }

    /// The moves after `ply` taken back, as both players agreed (an online game), clock or not;
    /// false when there is nothing to take back or the game is over.
    pub fn take_back(&mut self, ply: usize, now: f64) -> bool {
        let plies = self.game.moves().len();
        if ply >= plies || self.game.status().is_over() {
            return false;
        }
        self.sync_clock(now, now);
        let turn = self.game.position().turn();
        while self.game.moves().len() > ply && self.game.undo() {}
        let to_move = self.game.position().turn();
        if let Some(c) = &mut self.clock {
            c.take_back(self.game.moves().len(), turn, to_move, now);
        }
        true
    }

    /// `side`'s time ran out, as the device that keeps `side`'s time says (an online game).
    pub fn flag(&mut self, side: Color, now: f64) {
        self.sync_clock(now, now);
        if self.game.status().is_over() {
            return;
        }
        let turn = self.game.position().turn();
        if let Some(c) = &mut self.clock {
            c.flag(side, turn, now);
        }
        self.game.time_out(side);
    }

    /// Why the piece on square number `square` cannot move.
    ///
    /// # Errors
    /// `square` is not a square of this board.
    pub fn explain(&self, square: u8) -> Result<Explanation, Refusal> {
        if !self.game.variant().geometry().has_number(u32::from(square)) {
            return Err(page(format!("There is no square {square} on this board")));
        }
        Ok(explain(&self.game, Square::from_number(square)))
    }

    /// Plays the game with a clock: `control` is a time control as the PDN `TimeControl` tag
    /// writes it (`"300+3"`, `"180"`, `"300B3"`), or none (or empty) to play without one;
    /// `timed` is `"white"` or `"black"` when only that side's time counts, else both. The new
    /// clock waits for the next move. With `saved` (as [`Self::saved_clock`] wrote it) that clock
    /// comes back instead, paused if it was running.
    ///
    /// # Errors
    /// A time control or saved clock that does not read, or `timed` not a colour; the clock is
    /// unchanged. (The page's own mistakes: its picker offers valid controls.)
    pub fn set_clock(
        &mut self,
        control: Option<&str>,
        timed: Option<&str>,
        saved: Option<&str>,
    ) -> Result<(), Refusal> {
        let mut clock = if let Some(text) = saved {
            Clock::restore(text).map_err(|e| page(e.to_string()))?
        } else {
            let Some(control) = control.filter(|c| !c.is_empty()) else {
                self.clock = None;
                return Ok(());
            };
            let control: TimeControl = control.parse().map_err(|e| page(format!("{e}")))?;
            Clock::new(control, timed_sides(timed)?, 0)
        };
        clock.align(self.game.moves().len());
        self.clock = Some(clock);
        Ok(())
    }

    /// The clock at `now` (see [`ClockView`]), `None` without one. A move made since is
    /// pressed, and a side whose time has run out loses on time (the game is then over).
    /// `pause` true pauses the clock, false lets it run again.
    pub fn clock(&mut self, now: f64, pause: Option<bool>) -> Option<ClockView> {
        self.sync_clock(now, now);
        let turn = self.game.position().turn();
        let c = self.clock.as_mut()?;
        match pause {
            Some(true) => c.pause(turn, now),
            Some(false) => c.resume(now),
            None => {}
        }
        Some(c.view(turn, now))
    }

    /// The clock at `now` as one line of text to keep with the game (see [`Clock::save`]), or
    /// `None` without one.
    pub fn saved_clock(&mut self, now: f64) -> Option<String> {
        self.sync_clock(now, now);
        let turn = self.game.position().turn();
        self.clock.as_ref().map(|c| c.save(turn, now))
    }

    /// The game as PDN with `tags`; with a clock, its `TimeControl` tags and each timed move's
    /// `{[%clk h:mm:ss]}`.
    pub fn pdn(&self, tags: &PdnTags) -> String {
        let clock = self.clock.as_ref().map(Clock::pdn);
        draughts_rules::pdn::write_game_clocked(&self.game, tags, clock.as_ref())
    }

    /// The game including moves that could be redone, as PDN (for saving); the plies played
    /// say how many of them are played (see [`Self::restored`]).
    pub fn pdn_with_redo(&self, tags: &PdnTags) -> String {
        let mut all = self.game.clone();
        while all.redo() {}
        all.to_pdn(tags)
    }
}

/// 64-bit FNV-1a of a FEN, as 16 hexadecimal digits (see [`Session::key`]).
pub fn position_key(fen: &str) -> String {
    format!(
        "{:016x}",
        draughts_engine::egdb::file::fnv1a(fen.as_bytes())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::variant::Variant;

    fn session(fen: Option<&str>) -> Session {
        Session::new(match fen {
            Some(f) => Game::from_fen(f, Variant::International).unwrap(),
            None => Game::new(Variant::International),
        })
    }

    fn text(s: &mut Session, mv: &str, moved_at: f64, now: f64) -> MoveView {
        s.play(MoveChoice::Text(mv), Some(moved_at), now).unwrap()
    }

    #[test]
    fn side_lines_are_tried_shown_promoted_and_deleted_without_touching_the_game() {
        let mut s = session(None);
        for m in ["32-28", "19-23", "28x19", "14x23"] {
            text(&mut s, m, 0.0, 0.0);
        }
        // From the position after one ply: a move other than the game's opens a side line.
        let (played, line, ply) = s.explore(&[], 1, MoveChoice::Text("18-23")).unwrap();
        assert_eq!(
            (played.notation.as_str(), line.as_str(), ply),
            ("18-23", "0", 2)
        );
        let (_, line, ply) = s.explore(&[0], 2, MoveChoice::Text("37-32")).unwrap();
        assert_eq!((line.as_str(), ply), ("0", 3));
        assert_eq!(s.game().moves().len(), 4, "the game is unchanged");
        let snap = s.snapshot_line(&[0], None, None);
        assert_eq!(
            (snap.line.as_str(), snap.view, snap.line_end, snap.ply),
            ("0", 3, 3, 4)
        );
        assert!(
            !snap.legal.is_empty(),
            "moves may be tried on in the side line"
        );
        assert_eq!(snap.last_move.as_ref().unwrap().notation, "37-32");
        let v = &snap.moves[1].variations[0];
        assert_eq!(v.line, "0");
        let texts: Vec<&str> = v.moves.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["18-23", "37-32"]);
        assert_eq!((v.moves[0].ply, v.moves[0].number), (2, 1));
        // Up to its branch, a side line's plies are the game's.
        assert_eq!(s.snapshot_line(&[0], Some(1), None).line, "");
        // Bad places and moves are refused and change nothing.
        assert!(s.explore(&[], 4, MoveChoice::Text("37-32")).is_err());
        assert!(s.explore(&[], 1, MoveChoice::Text("50-45")).is_err());
        assert!(s.explore(&[7], 9, MoveChoice::Index(0)).is_err());
        assert!(s.promote(&[]).is_err() && s.promote(&[3]).is_err());
        // Exported, the side line is in the PDN; promoted, it is the game.
        assert!(s.pdn(&PdnTags::default()).contains("(1... 18-23 2. 37-32)"));
        s.promote(&[0]).unwrap();
        let snap = s.snapshot(None, None);
        let main: Vec<&str> = snap.moves.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(main, ["32-28", "18-23", "37-32"]);
        assert_eq!(snap.moves[1].variations[0].moves.len(), 3);
        assert!(s.delete_line(&[0]) && !s.delete_line(&[0]));
        assert!(s.snapshot(None, None).moves[1].variations.is_empty());
        // While a clock runs, nothing is tried out either; once the game is over, it is again.
        let mut timed = session(None);
        timed.set_clock(Some("60+1"), None, None).unwrap();
        text(&mut timed, "32-28", 0.0, 0.0);
        text(&mut timed, "19-23", 1000.0, 1000.0);
        assert!(timed.snapshot_line(&[], Some(1), None).legal.is_empty());
        assert!(timed.explore(&[], 1, MoveChoice::Text("18-23")).is_err());
        timed.resign(None);
        assert!(timed.explore(&[], 1, MoveChoice::Text("18-23")).is_ok());
        // Online, nothing is tried out: the friend's page would not know it.
        s.set_remote(Some(Color::Black));
        assert!(s.explore(&[], 1, MoveChoice::Text("19-23")).is_err());
        assert!(s.snapshot_line(&[], Some(1), None).legal.is_empty());
    }

    #[test]
    fn moves_by_index_or_text_and_refusals_that_change_nothing() {
        let mut s = session(None);
        let snap = s.snapshot(None, None);
        let third = snap.legal[3].full.clone();
        let played = s.play(MoveChoice::Index(3), None, 0.0).unwrap();
        assert_eq!((played.full, played.index), (third, 3));
        let before = s.game().fen();
        for bad in [MoveChoice::Index(99), MoveChoice::Index(usize::MAX)] {
            match s.play(bad, None, 0.0) {
                Err(Refusal::Page(e)) => assert!(e.contains("numbered 0 to 8"), "{e}"),
                other => panic!("{other:?}"),
            }
        }
        match s.play(MoveChoice::Text("31-27"), None, 0.0) {
            Err(Refusal::Player(m)) => assert!(m.text().contains("illegal"), "{}", m.text()),
            other => panic!("{other:?}"),
        }
        assert_eq!(s.game().fen(), before, "unchanged");
        assert!(matches!(s.explain(51), Err(Refusal::Page(_))));
        assert_eq!(s.explain(19).unwrap().code, "can-move");
    }

    #[test]
    fn a_clock_presses_each_move_and_its_flag_ends_the_game() {
        let mut s = session(None);
        assert_eq!(s.clock(0.0, None), None);
        assert!(matches!(
            s.set_clock(Some("5 minutes"), None, None),
            Err(Refusal::Page(_))
        ));
        assert!(s.set_clock(Some("60+1"), Some("red"), None).is_err());
        s.set_clock(Some("60+1"), None, None).unwrap();
        let v = s.clock(1_000.0, None).unwrap();
        assert_eq!(
            (v.white, v.black, v.state),
            (Some(60_000.0), Some(60_000.0), "waiting")
        );
        // The first move is free; then Black's time runs.
        text(&mut s, "32-28", 1_000.0, 1_000.0);
        let v = s.clock(6_000.0, None).unwrap();
        assert_eq!(
            (v.white, v.black, v.running),
            (Some(60_000.0), Some(55_000.0), Some(Color::Black))
        );
        // Pressed when it was made (not when it landed): Black used 5 s and gets 1 s.
        text(&mut s, "19-23", 6_000.0, 6_300.0);
        assert_eq!(s.clock(6_300.0, None).unwrap().black, Some(56_000.0));
        // Moves made with a clock stand.
        assert!(!s.undo() && !s.redo());
        assert!(matches!(s.go_to(0), Err(Refusal::Page(_))));
        let snap = s.snapshot(None, None);
        assert!(!snap.can_undo && !snap.can_redo);
        // Paused, saved and restored: paused, with the same times.
        assert_eq!(s.clock(7_300.0, Some(true)).unwrap().state, "paused");
        let saved = s.saved_clock(99_000.0).unwrap();
        assert!(saved.starts_with("60+1 3 59000 56000 "), "{saved}");
        let mut back = Session::restored(
            Game::from_fen("W:W31-50:B1-20", Variant::International).unwrap(),
            0,
        );
        back.set_clock(None, None, Some(&saved)).unwrap();
        assert_eq!(back.clock(1e9, None).unwrap().state, "paused");
        assert!(back.set_clock(None, None, Some("x")).is_err());
        s.clock(10_000.0, Some(false));
        let pdn = s.pdn(&PdnTags::default());
        assert!(pdn.contains("[TimeControl \"60+1\"]"), "{pdn}");
        assert!(pdn.contains("32-28 {[%clk 0:01:00]}"), "{pdn}");
        // White's 59 s run out: Black wins on time, and nothing more is played.
        let v = s.clock(70_000.0, None).unwrap();
        assert_eq!(
            (v.white, v.state, v.flagged),
            (Some(0.0), "over", Some(Color::White))
        );
        let status = s.snapshot(None, None).status;
        assert_eq!((status.state, status.reason), ("win", Some("time")));
        assert!(s.play(MoveChoice::Text("28x19"), None, 70_000.0).is_err());
        // Without a clock again, moves can be taken back.
        s.set_clock(None, None, None).unwrap();
        assert!(s.snapshot(None, None).can_undo);
    }

    #[test]
    fn only_the_players_time_counts_against_the_computer() {
        let mut s = session(None);
        s.set_clock(Some("10"), Some("white"), None).unwrap();
        assert_eq!(s.clock(0.0, None).unwrap().black, None);
        text(&mut s, "32-28", 0.0, 0.0);
        text(&mut s, "19-23", 500.0, 500.0);
        // The computer (Black) thinks as long as it likes; the player's ten seconds run out.
        s.clock(11_000.0, None);
        let snap = s.snapshot(None, Some(Color::White));
        assert_eq!(snap.status.title.code, "result.you-lose-on-time");
    }

    #[test]
    fn a_saved_game_comes_back_with_its_redoable_moves() {
        let mut s = session(None);
        for m in ["32-28", "19-23", "28x19"] {
            text(&mut s, m, 0.0, 0.0);
        }
        assert!(s.undo());
        let saved = s.pdn_with_redo(&PdnTags::default());
        let game = draughts_rules::pdn::read_game(&saved, Variant::International).unwrap();
        let mut back = Session::restored(game, 2);
        assert_eq!(back.game().moves().len(), 2);
        assert!(back.snapshot(None, None).can_redo && back.redo());
        assert_eq!(back.move_list().len(), 3);
        // Resigning names the side, by default the side to move (Black, after three plies).
        back.resign(None);
        assert_eq!(back.snapshot(None, None).status.winner, Some(Color::White));
        assert!(back.undo());
        back.agree_draw();
        assert_eq!(back.snapshot(None, None).status.reason, Some("agreement"));
        assert!(color_named("purple").is_err());
        assert_eq!(color_named("black"), Ok(Color::Black));
    }

    /// Two pages of one online game: White's and Black's, each with the other side remote.
    fn pair(clock: Option<&str>) -> (Session, Session) {
        let mut w = session(None);
        let mut b = session(None);
        for (s, remote) in [(&mut w, Color::Black), (&mut b, Color::White)] {
            s.set_clock(clock, None, None).unwrap();
            s.set_remote(Some(remote));
        }
        (w, b)
    }

    /// What a page sends for a move it played: index, ply before it, key after it, time left.
    fn sent(s: &mut Session, mv: &str, now: f64) -> (usize, usize, String, Option<f64>) {
        let ply = s.game().moves().len();
        let played = text(s, mv, now, now);
        let turn = s.game().position().turn();
        let left = s.clock(now, None).and_then(|v| match turn.other() {
            Color::White => v.white,
            Color::Black => v.black,
        });
        (played.index, ply, s.key(), left)
    }

    #[test]
    fn an_online_move_is_played_only_when_everything_about_it_holds() {
        let (mut w, mut b) = pair(None);
        let (index, ply, key, _) = sent(&mut w, "32-28", 0.0);
        // Every way a move can be wrong is refused, and changes nothing.
        let before = b.game().fen();
        let code = |r: Result<MoveView, Refusal>| match r {
            Err(Refusal::Player(m)) => m.code,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            code(b.play_remote(index, ply + 1, &key, None, 0.0)),
            "online.wrong-ply"
        );
        assert_eq!(
            code(b.play_remote(99, ply, &key, None, 0.0)),
            "online.no-such-move"
        );
        assert_eq!(
            code(b.play_remote((index + 1) % 9, ply, &key, None, 0.0)),
            "online.other-position"
        );
        assert_eq!(b.game().fen(), before);
        let played = b.play_remote(index, ply, &key, None, 0.0).unwrap();
        assert_eq!(played.full, "32-28");
        assert_eq!(b.key(), w.key(), "the same position on both pages");
        // Black's page takes no move for its own side from the channel.
        assert_eq!(
            code(b.play_remote(0, 1, &key, None, 0.0)),
            "online.not-their-turn"
        );
        let (index, ply, key, _) = sent(&mut b, "19-23", 0.0);
        w.play_remote(index, ply, &key, None, 0.0).unwrap();
        // The same key for the same position, a different one for another.
        assert_eq!(w.key(), b.key());
        assert_eq!(w.key().len(), 16);
        assert_ne!(w.key(), session(None).key());
        // Nothing after the end of the game.
        let mut over = b.clone();
        over.resign(Some(Color::White));
        assert_eq!(
            code(over.play_remote(0, 2, "", None, 0.0)),
            "online.game-over"
        );
    }

    #[test]
    fn each_page_keeps_its_own_players_time_and_calls_its_own_flag() {
        let (mut w, mut b) = pair(Some("10+2"));
        // White's first move starts the clock; Black's page hears of it 300 ms later.
        let (i, p, k, left) = sent(&mut w, "32-28", 1_000.0);
        b.play_remote(i, p, &k, left, 1_300.0).unwrap();
        // Black moves after 4 s by its own clock; White's page hears of it 300 ms later still,
        // and takes Black's own count of its time (6 s + 2 s increment), not 5.7 s + 2. (The
        // first move is not timed: White still has its 10 s.)
        let (i, p, k, left) = sent(&mut b, "19-23", 5_300.0);
        assert_eq!(left, Some(8_000.0));
        w.play_remote(i, p, &k, left, 5_600.0).unwrap();
        let v = w.clock(5_600.0, None).unwrap();
        assert_eq!((v.white, v.black), (Some(10_000.0), Some(8_000.0)));
        // White's time runs out on White's page: White's page calls it...
        let v = w.clock(15_600.0, None).unwrap();
        assert_eq!(v.flagged, Some(Color::White));
        assert_eq!(w.snapshot(None, None).status.reason, Some("time"));
        // ...while Black's page shows White at zero but leaves the call to White's page.
        let v = b.clock(15_950.0, None).unwrap();
        assert_eq!((v.white, v.flagged), (Some(0.0), None));
        assert!(!b.game().status().is_over());
        b.flag(Color::White, 18_000.0);
        assert_eq!(b.snapshot(None, None).status.winner, Some(Color::Black));
        assert_eq!(b.clock(19_000.0, None).unwrap().flagged, Some(Color::White));
    }

    #[test]
    fn moves_taken_back_by_agreement_even_with_a_clock() {
        let (mut w, mut b) = pair(Some("60+1"));
        let (i, p, k, left) = sent(&mut w, "32-28", 0.0);
        b.play_remote(i, p, &k, left, 0.0).unwrap();
        let (i, p, k, left) = sent(&mut b, "19-23", 3_000.0);
        w.play_remote(i, p, &k, left, 3_000.0).unwrap();
        assert!(!w.undo(), "no undo alone with a clock");
        // Black asked to take back 19-23; both pages take it back.
        for s in [&mut w, &mut b] {
            assert!(s.take_back(1, 4_000.0));
            assert_eq!(s.game().moves().len(), 1);
            assert_eq!(s.game().position().turn(), Color::Black);
            let v = s.clock(5_000.0, None).unwrap();
            // Black's time runs again from the take-back; White's stands as it was then.
            assert_eq!((v.running, v.white), (Some(Color::Black), Some(59_000.0)));
        }
        assert_eq!(w.key(), b.key());
        assert!(!w.take_back(1, 5_000.0), "nothing after ply 1");
        // The game goes on from there.
        let (i, p, k, left) = sent(&mut b, "18-23", 6_000.0);
        w.play_remote(i, p, &k, left, 6_000.0).unwrap();
        assert_eq!(w.key(), b.key());
    }
}
