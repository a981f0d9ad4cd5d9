//! The clock: time for the side to move, increments, pause, saving, the flag, PDN clock comments.

use draughts::wasm::DraughtsGame;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use crate::helpers::*;

/// The page's `performance.now()`, the clock's time scale.
fn perf_now() -> f64 {
    let perf = get(&js_sys::global(), "performance");
    let now: js_sys::Function = get(&perf, "now").dyn_into().unwrap();
    now.call0(&perf).unwrap().as_f64().unwrap()
}

/// A clock view's milliseconds for `side` (`None`: that side's time does not count).
fn left(v: &JsValue, side: &str) -> Option<f64> {
    get(v, side).as_f64()
}

#[wasm_bindgen_test]
fn a_clock_runs_for_the_side_to_move_and_its_flag_ends_the_game() {
    // The clock's view: { white, black, running, state, flagged } (see Clock::view).
    let mut g = DraughtsGame::new("international").unwrap();
    assert!(g.clock(0.0, None).is_null());
    let set = |g: &mut DraughtsGame, c: &str, t: Option<&str>| {
        g.set_clock(Some(c.into()), t.map(Into::into), None)
    };
    assert!(message(set(&mut g, "5 minutes", None)).contains("not a time control"));
    assert!(message(set(&mut g, "60+1", Some("red"))).contains("white"));
    set(&mut g, "60+1", None).unwrap();
    let t = perf_now();
    let v = g.clock(t, None);
    assert_eq!(
        (left(&v, "white"), left(&v, "black")),
        (Some(60_000.0), Some(60_000.0))
    );
    assert_eq!(string(&v, "state"), "waiting");
    assert!(get(&v, "running").is_null() && get(&v, "flagged").is_null());
    // The first move is free; then Black's time runs.
    g.apply_move(JsValue::from("32-28"), Some(t)).unwrap();
    let v = g.clock(t + 5_000.0, None);
    assert_eq!(left(&v, "white"), Some(60_000.0));
    assert_eq!(
        (string(&v, "running"), string(&v, "state")),
        ("black".into(), "running".into())
    );
    let black = left(&v, "black").unwrap();
    assert!((55_000.0..=55_100.0).contains(&black), "{black}");
    // A move is pressed when it is made (not at a time still to come): Black used a moment
    // and gets 1 s.
    g.apply_move(JsValue::from("19-23"), Some(t + 5_000.0))
        .unwrap();
    let black = left(&g.clock(perf_now(), None), "black").unwrap();
    assert!((60_900.0..=61_000.0).contains(&black), "{black}");
    // Moves made with a clock stand.
    let snapshot = snap(&mut g);
    assert_eq!(get(&snapshot, "canUndo").as_bool(), Some(false));
    assert!(!g.undo());
    assert!(g.go_to(0).is_err());
    // Paused, saved and restored: paused, with the same times.
    g.clock(perf_now(), Some(true));
    let saved = g.saved_clock(perf_now()).unwrap();
    assert!(saved.starts_with("60+1 3 "), "{saved}");
    let pdn = g.pdn_with_redo(JsValue::UNDEFINED);
    let mut back = DraughtsGame::restore(&pdn, "international", 2).unwrap();
    back.set_clock(None, None, Some(saved)).unwrap();
    let v = back.clock(perf_now() + 1e6, None);
    assert_eq!(string(&v, "state"), "paused");
    assert!((60_900.0..=61_000.0).contains(&left(&v, "black").unwrap()));
    let e = message(back.set_clock(None, None, Some("x".into())));
    assert!(e.contains("not a saved clock"), "{e}");
    g.clock(perf_now(), Some(false));
    // The PDN carries the time control and each move's clock.
    let pdn = g.pdn(JsValue::UNDEFINED);
    assert!(pdn.contains("[TimeControl \"60+1\"]"), "{pdn}");
    assert!(pdn.contains("32-28 {[%clk 0:01:00]}"), "{pdn}");
    assert!(pdn.contains("19-23 {[%clk 0:01:0"), "{pdn}");
    // White's minute runs out: Black wins on time.
    let v = g.clock(perf_now() + 61_000.0, None);
    assert_eq!(left(&v, "white"), Some(0.0));
    assert_eq!(
        (string(&v, "state"), string(&v, "flagged")),
        ("over".into(), "white".into())
    );
    let result = status(&mut g, None);
    assert_words(
        &result,
        &[
            ("title", "Black wins on time"),
            ("reason", "time"),
            ("detail", "White ran out of time"),
        ],
    );
    assert!(g.apply_move(JsValue::from("28x19"), None).is_err());
    // Without a clock again, moves can be taken back.
    g.set_clock(None, None, None).unwrap();
    assert_eq!(get(&snap(&mut g), "canUndo").as_bool(), Some(true));
    // Against the computer only the player's time counts; "vs computer" wording.
    let mut g = DraughtsGame::new("international").unwrap();
    set(&mut g, "10", Some("white")).unwrap();
    assert_eq!(left(&g.clock(0.0, None), "black"), None);
    g.apply_move(JsValue::from("32-28"), None).unwrap();
    g.apply_move(JsValue::from("19-23"), None).unwrap();
    g.clock(perf_now() + 11_000.0, None);
    assert_eq!(
        string(&status(&mut g, Some("white")), "title"),
        "You lose on time"
    );
}
