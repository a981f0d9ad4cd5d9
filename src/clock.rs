//! Clocks for games at the table: a time control, written as the PDN `TimeControl` tag writes it,
//! and a chess clock driven by the timestamps its caller passes (milliseconds on any monotonic
//! scale, such as the page's `performance.now()`), so that it is deterministic and tested without
//! a browser. It never reads the time itself, and it knows nothing of the game but whose turn it
//! is, which the caller says.
//!
//! ```
//! use draughts::clock::{Clock, TimeControl};
//! use draughts::{ByColor, Color};
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
use serde::{Deserialize, Serialize};
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
#[error("not a time control: {0:?} (expected seconds and an increment, such as 300+3, or 300B3 for a Bronstein delay, up to 36000 seconds and 600 a move)")]
pub struct ParseTimeControlError(pub String);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let t = s.trim();
        let err = || ParseTimeControlError(crate::excerpt::excerpt(t));
        let (initial, increment, kind) = match t.find(['+', 'B', 'b']) {
            None => (t, "0", Increment::Fischer),
            Some(i) if t.as_bytes()[i] == b'+' => (&t[..i], &t[i + 1..], Increment::Fischer),
            Some(i) => (&t[..i], &t[i + 1..], Increment::Bronstein),
        };
        let number = |n: &str, max: u32| {
            n.parse::<u32>()
                .ok()
                .filter(|&v| v <= max && n.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(err)
        };
        let control = TimeControl {
            initial: number(initial, MAX_INITIAL)?,
            increment: number(increment, MAX_INCREMENT)?,
            kind,
        };
        if control.initial == 0 {
            return Err(err());
        }
        Ok(control)
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
    /// As players say it, minutes and seconds: `5+3`, `0.5+0`, `10+5 delay` (Bronstein).
    pub fn label(&self) -> String {
        let minutes = if self.initial % 60 == 0 {
            (self.initial / 60).to_string()
        } else {
            // Hundredths of a minute at most, without trailing zeros: 0.25, 1.5, 0.33.
            let hundredths = (self.initial * 100 + 30) / 60;
            let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
            text.trim_end_matches('0').to_owned()
        };
        let delay = if self.kind == Increment::Bronstein {
            " delay"
        } else {
            ""
        };
        format!("{minutes}+{}{delay}", self.increment)
    }

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
    fn name(self) -> &'static str {
        match self {
            Run::Waiting => "waiting",
            Run::Since(_) => "running",
            Run::Paused => "paused",
            Run::Over => "over",
        }
    }
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

    /// Keeps the record in step with a game of `plies` moves before the clock has started (moves
    /// taken back or played before it runs have no time).
    pub fn align(&mut self, plies: usize) {
        if !self.has_started() {
            self.record.resize(plies, None);
        }
    }

    /// What the page shows at `now` with `turn` to move.
    pub fn view(&self, turn: Color, now: f64) -> ClockView {
        let side = |c: Color| {
            self.is_timed(c).then(|| {
                let ms = self.left(c, turn, now);
                SideView {
                    ms: ms as f64,
                    text: clock_text(ms),
                    low: ms < LOW_MS,
                }
            })
        };
        ClockView {
            control: self.control.to_string(),
            label: self.control.label(),
            white: side(Color::White),
            black: side(Color::Black),
            running: self.running(turn),
            state: self.run.name(),
            flagged: self.flagged,
        }
    }

    /// The clock as plain data for a save, at `now` with `turn` to move. A restored clock is
    /// paused: time does not run while the page is closed.
    pub fn state(&self, turn: Color, now: f64) -> ClockState {
        ClockState {
            control: self.control.to_string(),
            white: self.is_timed(Color::White),
            black: self.is_timed(Color::Black),
            white_ms: self.left(Color::White, turn, now),
            black_ms: self.left(Color::Black, turn, now),
            turn_ms: self.turn_start,
            run: self.run.name().to_owned(),
            flagged: self.flagged,
            record: self.record.clone(),
        }
    }

    /// A clock from a save (see [`Clock::state`]), paused if it was running.
    ///
    /// # Errors
    /// A time control that does not read, a time out of range or an unknown state.
    pub fn from_state(s: &ClockState) -> Result<Clock, ClockStateError> {
        let control: TimeControl = s.control.parse()?;
        let ms = |v: i64| {
            (0..=MAX_MS)
                .contains(&v)
                .then_some(v)
                .ok_or(ClockStateError::Time(v))
        };
        let run = match s.run.as_str() {
            "waiting" => Run::Waiting,
            "running" | "paused" => Run::Paused,
            "over" => Run::Over,
            other => return Err(ClockStateError::State(crate::excerpt::excerpt(other))),
        };
        for &t in s.record.iter().flatten() {
            ms(t)?;
        }
        Ok(Clock {
            control,
            timed: ByColor {
                white: s.white,
                black: s.black,
            },
            left: ByColor {
                white: ms(s.white_ms)?,
                black: ms(s.black_ms)?,
            },
            turn_start: ms(s.turn_ms)?,
            run,
            flagged: s.flagged,
            record: s.record.clone(),
        })
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

/// Below this a clock shows tenths and counts as short of time.
pub const LOW_MS: i64 = 10_000;

/// A clock's digits: `m:ss` (`h:mm:ss` from an hour), and `0:09.8` with tenths under ten
/// seconds. Time is cut, not rounded, so `0:00.0` shows only in the last tenth.
pub fn clock_text(ms: i64) -> String {
    let ms = ms.max(0);
    if ms < LOW_MS {
        return format!("0:{:02}.{}", ms / 1000, ms % 1000 / 100);
    }
    let s = ms / 1000;
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

/// A time as the PDN/PGN clock command writes it, `h:mm:ss` (whole seconds, cut).
pub fn pdn_clock_text(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// One side's clock as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct SideView {
    pub ms: f64,
    /// `4:59`, `0:09.8`.
    pub text: String,
    /// Under ten seconds.
    pub low: bool,
}

/// The clock as the page draws it: `white`/`black` are absent for a side without a clock.
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    /// The PDN `TimeControl` value: `300+3`.
    pub control: String,
    /// As players say it: `5+3`.
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white: Option<SideView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black: Option<SideView>,
    /// The side whose time is running, if any.
    pub running: Option<Color>,
    /// `waiting` (for the first move), `running`, `paused` or `over`.
    pub state: &'static str,
    /// The side whose time ran out.
    pub flagged: Option<Color>,
}

/// A clock saved with its game (see [`Clock::state`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClockState {
    pub control: String,
    /// Whether each side's time counts.
    pub white: bool,
    pub black: bool,
    pub white_ms: i64,
    pub black_ms: i64,
    /// The side to move's time when its turn began.
    pub turn_ms: i64,
    /// `waiting`, `running`, `paused` or `over`.
    pub run: String,
    #[serde(default)]
    pub flagged: Option<Color>,
    #[serde(default)]
    pub record: Vec<Option<i64>>,
}

/// A saved clock that cannot be restored.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ClockStateError {
    #[error(transparent)]
    Control(#[from] ParseTimeControlError),
    #[error("a clock time of {0} ms is out of range")]
    Time(i64),
    #[error("unknown clock state {0:?}")]
    State(String),
}

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
        for (text, label) in [
            ("300+3", "5+3"),
            ("60", "1+0"),
            ("15", "0.25+0"),
            ("90+30", "1.5+30"),
            ("600B5", "10+5 delay"),
            ("20", "0.33+0"),
        ] {
            let t = tc(text);
            assert_eq!(t.to_string(), text);
            assert_eq!(t.label(), label, "{text}");
        }
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
        assert_eq!(c.view(Color::White, 5_000.0).state, "waiting");
        assert_eq!(c.left(Color::White, Color::White, 50_000.0), 60_000);
        c.press(Color::White, 50_000.0, 50_000.0);
        assert_eq!(c.left(Color::White, Color::Black, 51_000.0), 60_000);
        assert_eq!(c.left(Color::Black, Color::Black, 53_500.0), 56_500);
        assert_eq!(c.running(Color::Black), Some(Color::Black));
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
        assert_eq!(c.view(Color::Black, 9_950.0).black.unwrap().text, "0:00.0");
        assert!(c.check_flag(Color::Black, 10_000.0));
        assert_eq!(c.flagged(), Some(Color::Black));
        assert!(c.is_over());
        assert_eq!(c.left(Color::Black, Color::Black, 99_000.0), 0);
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
        assert!(c.view(Color::White, 0.0).black.is_none());
        assert!(c.check_flag(Color::White, 1e9 + 10_000.0));
    }

    #[test]
    fn digits() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(59_999), "0:59");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(9_999), "0:09.9");
        assert_eq!(clock_text(-5), "0:00.0");
        assert_eq!(clock_text(3_723_000), "1:02:03");
        assert_eq!(pdn_clock_text(299_999), "0:04:59");
        assert_eq!(pdn_clock_text(3_723_000), "1:02:03");
    }

    #[test]
    fn a_saved_clock_comes_back_paused() {
        let mut c = Clock::new(tc("60+1"), BOTH, 2);
        c.press(Color::White, 0.0, 0.0);
        let saved = c.state(Color::Black, 7_000.0);
        assert_eq!((saved.black_ms, saved.run.as_str()), (53_000, "running"));
        let back = Clock::from_state(&saved).unwrap();
        assert!(back.is_paused());
        assert_eq!(back.left(Color::Black, Color::Black, 1e9), 53_000);
        assert_eq!(back.record(), [None, None, Some(60_000)]);
        let bad = ClockState {
            black_ms: -1,
            ..saved.clone()
        };
        assert!(Clock::from_state(&bad).is_err());
        let bad = ClockState {
            control: "soon".into(),
            ..saved
        };
        assert!(Clock::from_state(&bad).is_err());
    }
}
