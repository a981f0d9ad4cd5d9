//! Clocks for games at the table: a time control, written as the PDN `TimeControl` tag writes it,
//! and a chess clock driven by the timestamps its caller passes (milliseconds on any monotonic
//! scale, such as the page's `performance.now()`), so that it is deterministic and tested without
//! a browser. It never reads the time itself, and it knows nothing of the game but whose turn it
//! is, which the caller says.
//!
//! ```
//! use draughts_rules::clock::{Clock, TimeControl};
//! use draughts_rules::{ByColor, Color};
//!
//! let control: TimeControl = "180+2".parse().unwrap(); // 3 minutes, 2 s added per move
//! let mut clock = Clock::new(control, ByColor { white: true, black: true }, 0);
//! clock.press(Color::White, 1_000.0, 1_000.0); // the first move is not timed: Black's clock starts
//! clock.press(Color::Black, 6_000.0, 6_000.0); // Black took 5 s and gets 2 s back
//! assert_eq!(clock.left(Color::Black, Color::White, 6_000.0), 177_000);
//! assert_eq!(clock.left(Color::White, Color::White, 10_000.0), 176_000);
//! ```
//!
//! The rules it follows:
//! - The clock starts with the first move: the first player's first move is not timed, then the
//!   side to move's time runs (as on lidraughts, where no time runs before the first moves).
//! - A move completes when it is pressed: a multi-step capture is one move, pressed once.
//! - Fischer: the increment is added to the mover's time after each timed move (FMJD Annex 3,
//!   art. 6.1 d, "1 minute for each move"). Bronstein: the time the move took is given back, up
//!   to the delay, so a player never gains time.
//! - A player whose time runs out loses; see [`crate::game::Game::time_out`] for the exception.

use crate::square::{ByColor, Color};
use std::fmt;
use std::str::FromStr;

/// What is added after each move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Increment {
    /// The increment is added whatever the move took.
    Fischer,
    /// The time the move took is given back, up to the increment (a "delay").
    Bronstein,
}

/// A time control: the same time for the game and an increment per move, in whole seconds.
///
/// Written as the PDN `TimeControl` tag writes it (PDN 3.0, "Clock related tags", after the PGN
/// standard's section 9.6.1): `300` for five minutes (sudden death), `300+3` with a three-second
/// Fischer increment. PDN has no form for a Bronstein delay; `300B3` follows the extension
/// Nocheto defines for PGN ("Bn" after the time: a Bronstein delay of n seconds).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeControl {
    /// Seconds for the game.
    pub initial: u32,
    /// Seconds per move.
    pub increment: u32,
    pub kind: Increment,
}

/// The longest game and increment accepted: ten hours, ten minutes a move.
const MAX_INITIAL: u32 = 36_000;
const MAX_INCREMENT: u32 = 600;
/// A clock never holds more than a hundred hours (increments add up in a long game).
const MAX_MS: i64 = 360_000_000;

/// Text that is not a time control.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("not a time control: expected seconds and an increment, such as 300+3 (or 300B3 for a Bronstein delay), up to 36000 seconds and 600 a move")]
pub struct ParseTimeControlError;

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        // Digits, then optionally `+` or `B` and digits: read byte by byte (small in the wasm).
        let mut n = [0u32; 2];
        let mut digits = [0usize; 2];
        let mut part = 0;
        let mut kind = Increment::Fischer;
        for b in s.trim().bytes() {
            match b {
                b'0'..=b'9' if digits[part] < 6 => {
                    n[part] = n[part] * 10 + u32::from(b - b'0');
                    digits[part] += 1;
                }
                b'+' | b'B' | b'b' if part == 0 => {
                    part = 1;
                    if b != b'+' {
                        kind = Increment::Bronstein;
                    }
                }
                _ => return Err(ParseTimeControlError),
            }
        }
        let [initial, increment] = n;
        let whole = digits[0] > 0 && (part == 0 || digits[1] > 0);
        if !whole || initial == 0 || initial > MAX_INITIAL || increment > MAX_INCREMENT {
            return Err(ParseTimeControlError);
        }
        Ok(TimeControl {
            initial,
            increment,
            kind,
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind, self.increment) {
            (Increment::Fischer, 0) => write!(f, "{}", self.initial),
            (Increment::Fischer, inc) => write!(f, "{}+{inc}", self.initial),
            (Increment::Bronstein, inc) => write!(f, "{}B{inc}", self.initial),
        }
    }
}

impl TimeControl {
    fn initial_ms(&self) -> i64 {
        i64::from(self.initial) * 1000
    }

    fn increment_ms(&self) -> i64 {
        i64::from(self.increment) * 1000
    }
}

/// Where the clock stands.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Run {
    /// No move since the clock was set: nothing runs.
    Waiting,
    /// The side to move's time runs since this timestamp.
    Since(f64),
    /// Stopped by a player (or a dialog, or the page closing) until resumed or a move is made.
    Paused,
    /// The game is over: nothing runs again.
    Over,
}

impl Run {
    /// As [`Clock::save`] numbers it.
    fn code(self) -> u8 {
        match self {
            Run::Waiting => 0,
            Run::Since(_) => 1,
            Run::Paused => 2,
            Run::Over => 3,
        }
    }

    /// As [`ClockView::state`] names it.
    fn name(self) -> &'static str {
        match self {
            Run::Waiting => "waiting",
            Run::Since(_) => "running",
            Run::Paused => "paused",
            Run::Over => "over",
        }
    }
}

/// What the page draws of a clock at one moment (see [`Clock::view`]).
#[derive(Clone, Copy, PartialEq, Debug, serde::Serialize)]
pub struct ClockView {
    /// White's milliseconds left; `None` when White's time does not count (against the
    /// computer, only the player's does).
    pub white: Option<f64>,
    /// Black's, likewise.
    pub black: Option<f64>,
    /// The side whose time is running, if any.
    pub running: Option<Color>,
    /// `"waiting"` (for the first move), `"running"`, `"paused"` or `"over"`.
    pub state: &'static str,
    /// The side whose time ran out, once it has.
    pub flagged: Option<Color>,
}

/// A chess clock for both sides (or one: against the computer only the player's time counts).
#[derive(Clone, Debug)]
pub struct Clock {
    control: TimeControl,
    /// The sides whose time counts.
    timed: ByColor<bool>,
    /// Milliseconds left; for the side whose time runs, as of the start of the run.
    left: ByColor<i64>,
    /// The side to move's time when its turn began (what a Bronstein delay gives back from).
    turn_start: i64,
    run: Run,
    flagged: Option<Color>,
    /// The mover's time left after each ply of the game, `None` where it was not timed (a side
    /// without a clock, or moves played before the clock was set): the PDN `%clk` comments.
    record: Vec<Option<i64>>,
}

impl Clock {
    /// A clock set to `control` for the `timed` sides, in a game that has `plies` moves already.
    pub fn new(control: TimeControl, timed: ByColor<bool>, plies: usize) -> Clock {
        let full = control.initial_ms();
        Clock {
            control,
            timed,
            left: ByColor {
                white: full,
                black: full,
            },
            turn_start: full,
            run: Run::Waiting,
            flagged: None,
            record: vec![None; plies],
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    pub fn is_timed(&self, side: Color) -> bool {
        *self.timed.get(side)
    }

    /// Whether a move has been made since the clock was set.
    pub fn has_started(&self) -> bool {
        self.run != Run::Waiting
    }

    pub fn is_paused(&self) -> bool {
        self.run == Run::Paused
    }

    pub fn is_over(&self) -> bool {
        self.run == Run::Over
    }

    /// The side whose time ran out, once it has.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// The side whose time is running at the moment, with `turn` to move.
    pub fn running(&self, turn: Color) -> Option<Color> {
        matches!(self.run, Run::Since(_))
            .then_some(turn)
            .filter(|&t| self.is_timed(t))
    }

    /// Plies the clock has seen (timed or not).
    pub fn plies(&self) -> usize {
        self.record.len()
    }

    /// The mover's time left after each ply (see the field), for the PDN `%clk` comments.
    pub fn record(&self) -> &[Option<i64>] {
        &self.record
    }

    /// Milliseconds `side` has left at `now`, with `turn` to move (never below zero).
    pub fn left(&self, side: Color, turn: Color, now: f64) -> i64 {
        let base = *self.left.get(side);
        match self.run {
            Run::Since(since) if side == turn && self.is_timed(side) => {
                (base - elapsed(since, now)).max(0)
            }
            _ => base.max(0),
        }
    }

    /// Whether `turn`'s time has run out at `now`.
    pub fn is_out(&self, turn: Color, now: f64) -> bool {
        self.running(turn).is_some() && self.left(turn, turn, now) == 0
    }

    /// Charges the running side for the time up to `now` and stops its run (the base for a new
    /// state: a pause, the end, a move).
    fn settle(&mut self, turn: Color, now: f64) {
        if let Run::Since(since) = self.run {
            if self.is_timed(turn) {
                let used = elapsed(since, now);
                let left = self.left.get_mut(turn);
                *left = (*left - used).max(0);
            }
        }
    }

    /// A move by `mover` completed: its time stops at `stopped` (the last tap), the opponent's
    /// starts at `now` (when the move has landed on the board). The first move is not timed.
    /// A clock that is over only notes the ply.
    pub fn press(&mut self, mover: Color, stopped: f64, now: f64) {
        match self.run {
            Run::Over => {
                self.record.push(None);
                return;
            }
            Run::Waiting => {}
            Run::Since(_) | Run::Paused => {
                self.settle(mover, stopped.min(now));
                if self.is_timed(mover) {
                    let left = self.left.get_mut(mover);
                    let back = match self.control.kind {
                        Increment::Fischer => self.control.increment_ms(),
                        Increment::Bronstein => {
                            (self.turn_start - *left).clamp(0, self.control.increment_ms())
                        }
                    };
                    *left = (*left + back).min(MAX_MS);
                }
            }
        }
        self.record
            .push(self.is_timed(mover).then(|| *self.left.get(mover)));
        self.turn_start = *self.left.get(mover.other());
        self.run = Run::Since(now);
    }

    /// Stops `turn`'s running time at `now` until [`Clock::resume`] or the next move.
    pub fn pause(&mut self, turn: Color, now: f64) {
        if let Run::Since(_) = self.run {
            self.settle(turn, now);
            self.run = Run::Paused;
        }
    }

    /// Lets the side to move's time run again from `now` after a pause.
    pub fn resume(&mut self, now: f64) {
        if self.run == Run::Paused {
            self.run = Run::Since(now);
        }
    }

    /// Changes the sides whose time counts in the middle of a game (the players switched between
    /// two players and the computer, or gave the computer the other side): the time used so far
    /// stands, the side to move's time goes on running if it ran, and a side that gets a clock
    /// starts from what it had when it last had one (the full time if it never had).
    pub fn set_timed(&mut self, timed: ByColor<bool>, turn: Color, now: f64) {
        if let Run::Since(_) = self.run {
            self.settle(turn, now);
            self.run = Run::Since(now);
        }
        if !self.is_timed(turn) && *timed.get(turn) {
            self.turn_start = *self.left.get(turn);
        }
        self.timed = timed;
    }

    /// The game ended at `now` (by any result): nothing runs again.
    pub fn stop(&mut self, turn: Color, now: f64) {
        self.settle(turn, now);
        self.run = Run::Over;
    }

    /// When `turn`'s time has run out at `now`, stops the clock and says so.
    pub fn check_flag(&mut self, turn: Color, now: f64) -> bool {
        if !self.is_out(turn, now) {
            return false;
        }
        self.stop(turn, now);
        self.flagged = Some(turn);
        true
    }

    /// `side`'s time ran out, as another device that keeps `side`'s time says (an online game:
    /// each page is the judge of its own player's time): the clock stops at `now`.
    pub fn flag(&mut self, side: Color, turn: Color, now: f64) {
        if self.run != Run::Over {
            self.stop(turn, now);
            *self.left.get_mut(side) = 0;
            self.flagged = Some(side);
        }
    }

    /// `mover`'s time left after its last move, as the device that keeps `mover`'s time
    /// counted it (an online game: the time the move spent on the way is not `mover`'s).
    pub fn set_left(&mut self, mover: Color, ms: f64) {
        if !self.is_timed(mover) || !ms.is_finite() {
            return;
        }
        let ms = (ms as i64).clamp(0, MAX_MS);
        *self.left.get_mut(mover) = ms;
        if let Some(last) = self.record.last_mut().filter(|r| r.is_some()) {
            *last = Some(ms);
        }
    }

    /// Moves taken back by agreement (an online game) to a game of `plies` moves, `turn` to
    /// move before and `to_move` after: the times stand as they are, and `to_move`'s runs from
    /// `now` if a clock was running.
    pub fn take_back(&mut self, plies: usize, turn: Color, to_move: Color, now: f64) {
        if let Run::Since(_) = self.run {
            self.settle(turn, now);
            self.run = Run::Since(now);
        }
        self.turn_start = *self.left.get(to_move);
        self.record.truncate(plies);
    }

    /// Keeps the record in step with a game of `plies` moves (moves taken back before the clock
    /// started, or played before it was set, have no time).
    pub fn align(&mut self, plies: usize) {
        self.record.resize(plies, None);
    }

    /// What the page draws at `now` with `turn` to move: each timed side's milliseconds left,
    /// the side whose time runs, the state and the side whose time ran out.
    pub fn view(&self, turn: Color, now: f64) -> ClockView {
        let left = |c: Color| self.is_timed(c).then(|| self.left(c, turn, now) as f64);
        ClockView {
            white: left(Color::White),
            black: left(Color::Black),
            running: self.running(turn),
            state: self.run.name(),
            flagged: self.flagged,
        }
    }

    /// The clock at `now`, with `turn` to move, as one line of text to keep with the game: the
    /// time control, then numbers: the timed sides (`1` White, `2` Black, `3` both), each
    /// side's milliseconds left, the side to move's time when its turn began, the state (`0`
    /// waiting for the first move, `1` running, `2` paused, `3` over), the side whose time ran
    /// out (`0` none, `1` White, `2` Black), and the mover's time after each ply
    /// (`-1`: not timed), e.g. `60+1 3 60000 55000 60000 1 0 -1 60000`. A restored clock is
    /// paused: time does not run while the page is closed.
    pub fn save(&self, turn: Color, now: f64) -> String {
        let mut out = format!(
            "{} {} {} {} {} {} {}",
            self.control,
            u8::from(self.is_timed(Color::White)) + 2 * u8::from(self.is_timed(Color::Black)),
            self.left(Color::White, turn, now),
            self.left(Color::Black, turn, now),
            self.turn_start,
            self.run.code(),
            side_code(self.flagged),
        );
        for r in &self.record {
            out += &format!(" {}", r.unwrap_or(-1));
        }
        out
    }

    /// A clock from [`Clock::save`]'s text, paused if it was running.
    ///
    /// # Errors
    /// Text that is not a saved clock.
    pub fn restore(text: &str) -> Result<Clock, BadClockError> {
        let mut words = text.split(' ');
        let control = words.next().and_then(|c| c.parse().ok());
        let mut n = Vec::new();
        for w in words {
            n.push(w.parse::<i64>().map_err(|_| BadClockError)?);
        }
        let (
            Some(control),
            [timed @ 1..=3, white, black, turn_start, run @ 0..=3, flagged @ 0..=2, record @ ..],
        ) = (control, &n[..])
        else {
            return Err(BadClockError);
        };
        let ms = |v: i64| {
            if (0..=MAX_MS).contains(&v) {
                Ok(v)
            } else {
                Err(BadClockError)
            }
        };
        let mut rec = Vec::new();
        for &r in record {
            rec.push(if r == -1 { None } else { Some(ms(r)?) });
        }
        Ok(Clock {
            control,
            timed: ByColor {
                white: timed & 1 != 0,
                black: timed & 2 != 0,
            },
            left: ByColor {
                white: ms(*white)?,
                black: ms(*black)?,
            },
            turn_start: ms(*turn_start)?,
            run: [Run::Waiting, Run::Paused, Run::Paused, Run::Over][*run as usize],
            flagged: [None, Some(Color::White), Some(Color::Black)][*flagged as usize],
            record: rec,
        })
    }
}

/// `0` for none, `1` White, `2` Black.
fn side_code(c: Option<Color>) -> u8 {
    match c {
        None => 0,
        Some(Color::White) => 1,
        Some(Color::Black) => 2,
    }
}

/// Milliseconds from `since` to `now`, never negative (a caller's clock must not run back).
fn elapsed(since: f64, now: f64) -> i64 {
    let d = now - since;
    if d.is_finite() && d > 0.0 {
        d as i64
    } else {
        0
    }
}

/// A time as the PDN/PGN clock command writes it: `[%clk h:mm:ss]` (whole seconds, cut).
pub fn pdn_clock_text(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

/// A saved clock that cannot be restored.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("not a saved clock")]
pub struct BadClockError;

/// The clock data a PDN record carries: the time control of each side (`None`: no clock) and the
/// mover's time after each ply.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnClock {
    pub white: Option<TimeControl>,
    pub black: Option<TimeControl>,
    pub after: Vec<Option<i64>>,
}

impl Clock {
    /// The PDN tags and `%clk` comments of this clock.
    pub fn pdn(&self) -> PdnClock {
        let control = |c| self.is_timed(c).then_some(self.control);
        PdnClock {
            white: control(Color::White),
            black: control(Color::Black),
            after: self.record.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: ByColor<bool> = ByColor {
        white: true,
        black: true,
    };

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap()
    }

    #[test]
    fn time_controls_read_and_write_as_pdn_tags() {
        for text in ["300+3", "60", "15", "90+30", "600B5", "36000+600"] {
            assert_eq!(tc(text).to_string(), text);
        }
        assert_eq!(
            tc("600B5"),
            TimeControl {
                initial: 600,
                increment: 5,
                kind: Increment::Bronstein
            }
        );
        assert_eq!(tc(" 300+0 ").to_string(), "300");
        assert_eq!(tc("300b2").kind, Increment::Bronstein);
        for bad in [
            "", "?", "-", "0", "0+5", "+5", "300+", "5:00", "40/7200", "300+3+2", "-300",
            "300+601", "36001", "3e2", "300 + 3", "١٢",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_first_move_is_free_then_the_side_to_move_runs() {
        let mut c = Clock::new(tc("60+1"), BOTH, 0);
        assert_eq!(
            c.view(Color::White, 5_000.0),
            ClockView {
                white: Some(60_000.0),
                black: Some(60_000.0),
                running: None,
                state: "waiting",
                flagged: None,
            }
        );
        assert_eq!(c.left(Color::White, Color::White, 50_000.0), 60_000);
        c.press(Color::White, 50_000.0, 50_000.0);
        assert_eq!(c.left(Color::White, Color::Black, 51_000.0), 60_000);
        assert_eq!(c.left(Color::Black, Color::Black, 53_500.0), 56_500);
        assert_eq!(c.running(Color::Black), Some(Color::Black));
        assert_eq!(
            c.view(Color::Black, 53_500.0),
            ClockView {
                white: Some(60_000.0),
                black: Some(56_500.0),
                running: Some(Color::Black),
                state: "running",
                flagged: None,
            }
        );
        // Black took 4 s and gets 1 s: 57 s.
        c.press(Color::Black, 54_000.0, 54_000.0);
        assert_eq!(c.left(Color::Black, Color::White, 99_000.0), 57_000);
        assert_eq!(c.record(), [Some(60_000), Some(57_000)]);
    }

    #[test]
    fn the_slide_after_the_last_tap_is_nobodys_time() {
        let mut c = Clock::new(tc("60"), BOTH, 0);
        c.press(Color::White, 0.0, 0.0);
        // Tapped at 10 s, landed at 10.3 s: Black used 10 s, White's clock starts at 10.3 s.
        c.press(Color::Black, 10_000.0, 10_300.0);
        assert_eq!(c.left(Color::Black, Color::White, 20_000.0), 50_000);
        assert_eq!(c.left(Color::White, Color::White, 20_300.0), 50_000);
    }

    #[test]
    fn bronstein_gives_back_at_most_the_delay() {
        let mut c = Clock::new(tc("60B3"), BOTH, 0);
        c.press(Color::White, 0.0, 0.0);
        c.press(Color::Black, 2_000.0, 2_000.0); // 2 s used, 2 s back
        assert_eq!(c.left(Color::Black, Color::White, 2_000.0), 60_000);
        c.press(Color::White, 12_000.0, 12_000.0); // 10 s used, 3 s back
        assert_eq!(c.left(Color::White, Color::Black, 12_000.0), 53_000);
    }

    #[test]
    fn a_pause_stops_the_time_and_a_move_resumes_it() {
        let mut c = Clock::new(tc("60+2"), BOTH, 0);
        c.press(Color::White, 0.0, 0.0);
        c.pause(Color::Black, 5_000.0);
        assert!(c.is_paused());
        let v = c.view(Color::Black, 9_000.0);
        assert_eq!(
            (v.state, v.running, v.black),
            ("paused", None, Some(55_000.0))
        );
        assert_eq!(c.left(Color::Black, Color::Black, 500_000.0), 55_000);
        c.resume(600_000.0);
        assert_eq!(c.left(Color::Black, Color::Black, 601_000.0), 54_000);
        c.pause(Color::Black, 601_000.0);
        // A move while paused: no time was charged for the pause; the increment is given.
        c.press(Color::Black, 700_000.0, 700_000.0);
        assert_eq!(c.left(Color::Black, Color::White, 700_000.0), 56_000);
        assert_eq!(c.running(Color::White), Some(Color::White));
    }

    #[test]
    fn the_flag_falls_at_zero_and_stops_the_clock() {
        let mut c = Clock::new(tc("10"), BOTH, 0);
        c.press(Color::White, 0.0, 0.0);
        assert!(!c.check_flag(Color::Black, 9_999.0));
        assert_eq!(c.left(Color::Black, Color::Black, 9_950.0), 50);
        assert!(c.check_flag(Color::Black, 10_000.0));
        assert_eq!(c.flagged(), Some(Color::Black));
        assert!(c.is_over());
        assert_eq!(c.left(Color::Black, Color::Black, 99_000.0), 0);
        assert_eq!(
            c.view(Color::Black, 99_000.0),
            ClockView {
                white: Some(10_000.0),
                black: Some(0.0),
                running: None,
                state: "over",
                flagged: Some(Color::Black),
            }
        );
    }

    #[test]
    fn an_untimed_side_never_runs_nor_flags() {
        let player = ByColor {
            white: true,
            black: false,
        };
        let mut c = Clock::new(tc("10"), player, 0);
        c.press(Color::White, 0.0, 0.0);
        assert_eq!(c.running(Color::Black), None);
        assert!(!c.check_flag(Color::Black, 1e9));
        c.press(Color::Black, 1e9, 1e9);
        assert_eq!(c.record(), [Some(10_000), None]);
        assert_eq!(c.view(Color::White, 1e9).black, None);
        assert!(c.check_flag(Color::White, 1e9 + 10_000.0));
    }

    #[test]
    fn digits() {
        assert_eq!(pdn_clock_text(299_999), "[%clk 0:04:59]");
        assert_eq!(pdn_clock_text(3_723_000), "[%clk 1:02:03]");
    }

    #[test]
    fn a_saved_clock_comes_back_paused() {
        let mut c = Clock::new(tc("60+1"), BOTH, 2);
        c.press(Color::White, 0.0, 0.0);
        let saved = c.save(Color::Black, 7_000.0);
        assert_eq!(saved, "60+1 3 60000 53000 60000 1 0 -1 -1 60000");
        let back = Clock::restore(&saved).unwrap();
        assert!(back.is_paused());
        assert_eq!(back.left(Color::Black, Color::Black, 1e9), 53_000);
        assert_eq!(back.record(), [None, None, Some(60_000)]);
        assert_eq!(
            back.save(Color::Black, 0.0),
            saved.replace(" 1 0 -1", " 2 0 -1")
        );
        let mut w = Clock::new(
            tc("10B2"),
            ByColor {
                white: true,
                black: false,
            },
            0,
        );
        w.press(Color::White, 0.0, 0.0);
        w.press(Color::Black, 0.0, 0.0);
        assert!(w.check_flag(Color::White, 10_000.0));
        let saved = w.save(Color::White, 0.0);
        assert_eq!(saved, "10B2 1 0 10000 10000 3 1 10000 -1");
        let back = Clock::restore(&saved).unwrap();
        assert_eq!(back.flagged(), Some(Color::White));
        assert!(back.is_over() && !back.is_timed(Color::Black));
        assert_eq!(
            Clock::restore("60 3 60000 60000 60000 0 0")
                .unwrap()
                .plies(),
            0
        );
        for bad in [
            "",
            "60+1",
            "60+1 3 60000 53000 60000 1",
            "soon 3 60000 53000 60000 1 0",
            "60+1 4 60000 53000 60000 1 0",
            "60+1 3 -1 53000 60000 1 0",
            "60+1 3 60000 53000 60000 4 0",
            "60+1 3 60000 53000 60000 1 3",
            "60+1 3 60000 53000 60000 1 0 -2",
            "60+1 3 60000 53000 60000 1 0 x",
            "60+1 3 60000 53000 60000 1 0 99999999999",
            "60+1  3 60000 53000 60000 1 0",
        ] {
            assert_eq!(Clock::restore(bad).err(), Some(BadClockError), "{bad:?}");
        }
    }
}
