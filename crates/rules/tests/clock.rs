//! The clock against a model: random time controls, timed sides and series of moves, pauses and
//! resumptions at random times; after each step both sides' times must be what a plain account
//! of the rules gives (the first move free, the side to move's time running unless paused,
//! Fischer adding the increment, Bronstein giving back the move's time up to the delay), and a
//! saved clock must come back with the same times, paused.

use draughts_rules::clock::{Clock, Increment, TimeControl};
use draughts_rules::{ByColor, Color};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Step {
    /// The side to move thinks `think` ms, then moves; the move lands `slide` ms later.
    Move { think: u32, slide: u32 },
    /// The side to move thinks `think` ms, then the clock is paused for `away` ms and resumed.
    Pause { think: u32, away: u32 },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0u32..20_000, 0u32..500).prop_map(|(think, slide)| Step::Move { think, slide }),
        1 => (0u32..20_000, 0u32..100_000).prop_map(|(think, away)| Step::Pause { think, away }),
    ]
}

fn control() -> impl Strategy<Value = TimeControl> {
    (1u32..400, 0u32..30, any::<bool>()).prop_map(|(initial, increment, bronstein)| TimeControl {
        initial,
        increment,
        kind: if bronstein {
            Increment::Bronstein
        } else {
            Increment::Fischer
        },
    })
}

/// What the rules say, kept the plain way: milliseconds left, what the side to move had when
/// its turn began, and what it has used of this turn.
struct Model {
    left: [i64; 2],
    used: i64,
    started: bool,
}

fn index(c: Color) -> usize {
    usize::from(c == Color::Black)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn the_clock_keeps_the_time_the_rules_give(
        control in control(),
        timed in 1u8..=3,
        steps in prop::collection::vec(step(), 1..40),
    ) {
        let timed = ByColor { white: timed & 1 != 0, black: timed & 2 != 0 };
        let mut clock = Clock::new(control, timed, 0);
        let full = i64::from(control.initial) * 1000;
        let inc = i64::from(control.increment) * 1000;
        let mut m = Model { left: [full; 2], used: 0, started: false };
        let mut turn = Color::White;
        let mut now = 1_000.0;
        let is_timed = |c: Color| if c == Color::White { timed.white } else { timed.black };
        for step in steps {
            let (think, extra) = match step {
                Step::Move { think, slide } => (think, slide),
                Step::Pause { think, away } => (think, away),
            };
            // The side to move thinks: its time runs once the clock has started.
            let charged = if m.started && is_timed(turn) { i64::from(think) } else { 0 };
            now += f64::from(think);
            if m.left[index(turn)] - m.used - charged <= 0 {
                // Its time runs out on the way: the flag falls, nothing runs any more.
                prop_assert!(clock.check_flag(turn, now));
                prop_assert_eq!(clock.flagged(), Some(turn));
                prop_assert_eq!(clock.left(turn, turn, now + 1e6), 0);
                break;
            }
            m.used += charged;
            prop_assert!(!clock.check_flag(turn, now));
            match step {
                Step::Pause { .. } => {
                    clock.pause(turn, now);
                    now += f64::from(extra);
                    clock.resume(now);
                }
                Step::Move { .. } => {
                    let stopped = now;
                    now += f64::from(extra);
                    clock.press(turn, stopped, now);
                    if m.started && is_timed(turn) {
                        let i = index(turn);
                        m.left[i] -= m.used;
                        m.left[i] += match control.kind {
                            Increment::Fischer => inc,
                            Increment::Bronstein => m.used.min(inc),
                        };
                    }
                    m.started = true;
                    m.used = 0;
                    turn = turn.other();
                }
            }
            for side in Color::ALL {
                let expected = m.left[index(side)] - if side == turn { m.used } else { 0 };
                prop_assert_eq!(clock.left(side, turn, now), expected, "{:?}", side);
            }
            // Saved and restored: the same times, paused.
            let back = Clock::restore(&clock.save(turn, now)).unwrap();
            prop_assert_eq!(back.running(turn), None);
            for side in Color::ALL {
                prop_assert_eq!(back.left(side, turn, now + 5e5), clock.left(side, turn, now));
            }
            prop_assert_eq!(back.record(), clock.record());
        }
        // An untimed side never spends anything.
        for side in Color::ALL {
            if !is_timed(side) {
                prop_assert_eq!(clock.left(side, turn, now), full);
            }
        }
    }
}

/// Switching between two players and the computer mid-game keeps the times: the side that loses
/// its clock keeps what it had, and gets it back when it is timed again; the side to move's time
/// runs on across the change.
#[test]
fn changing_the_timed_sides_keeps_the_times() {
    let control = TimeControl {
        initial: 60,
        increment: 0,
        kind: Increment::Fischer,
    };
    let both = ByColor {
        white: true,
        black: true,
    };
    let white_only = ByColor {
        white: true,
        black: false,
    };
    let mut clock = Clock::new(control, both, 0);
    clock.press(Color::White, 1_000.0, 1_000.0); // the first move: Black's time starts
                                                 // Black thinks 5 s, then the computer takes Black: Black's 55 s are kept, not counted.
    clock.set_timed(white_only, Color::Black, 6_000.0);
    assert_eq!(clock.left(Color::Black, Color::Black, 6_000.0), 55_000);
    assert_eq!(clock.running(Color::Black), None);
    clock.press(Color::Black, 9_000.0, 9_000.0);
    assert_eq!(clock.left(Color::Black, Color::White, 9_000.0), 55_000);
    // White thinks 2 s, then two players again: White's time runs on, Black's is back at 55 s.
    clock.set_timed(both, Color::White, 11_000.0);
    assert_eq!(clock.left(Color::White, Color::White, 11_000.0), 58_000);
    assert_eq!(clock.left(Color::White, Color::White, 12_000.0), 57_000);
    clock.press(Color::White, 12_000.0, 12_000.0);
    assert_eq!(clock.left(Color::Black, Color::Black, 15_000.0), 52_000);
    assert_eq!(clock.running(Color::Black), Some(Color::Black));
}
