//! How a game ends, and the result in the engine's words: no pieces, resignation, agreement and
//! the variants' own win conditions.

use draughts::wasm::DraughtsGame;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::helpers::*;

#[wasm_bindgen_test]
fn game_ends_with_reason() {
    // White takes Black's last piece.
    let mut g = after("W:W28:B23", "international", "28x19");
    let s = status(&mut g, None);
    assert_words(
        &s,
        &[
            ("state", "win"),
            ("winner", "white"),
            ("reason", "no-pieces"),
            ("title", "White wins"),
            ("detail", "Black has no pieces left"),
            ("line", "White wins: Black has no pieces left"),
            ("result", "2-0"),
        ],
    );
    assert_eq!(moves(&mut g).len(), 0);
    let e = message(g.apply_move(JsValue::from("19-14"), None));
    assert!(e.contains("over"), "{e}");

    let mut r = DraughtsGame::new("english").unwrap();
    assert_eq!(
        turn(&mut r),
        "black",
        "Black moves first in English draughts"
    );
    assert_eq!(r.size(), 8);
    r.resign(None).unwrap();
    let s = status(&mut r, None);
    assert_words(&s, &[("winner", "white"), ("reason", "resignation")]);
    // The result survives a PDN round trip.
    let mut back = DraughtsGame::from_pdn(&r.pdn(JsValue::UNDEFINED), "english").unwrap();
    assert_eq!(string(&status(&mut back, None), "winner"), "white");
    assert!(r.undo());
    assert_eq!(string(&status(&mut r, None), "state"), "ongoing");
    r.agree_draw();
    assert_eq!(string(&status(&mut r, None), "state"), "draw");
    assert_eq!(string(&status(&mut r, None), "reason"), "agreement");
    assert_eq!(string(&status(&mut r, None), "line"), "Draw by agreement");
}

#[wasm_bindgen_test]
fn resign_names_the_side() {
    let mut g = DraughtsGame::new("international").unwrap();
    assert!(message(g.resign(Some("purple".into()))).contains("color"));
    assert_eq!(string(&status(&mut g, None), "state"), "ongoing");
    // White to move, but Black resigns (against the computer, the player resigns any time).
    g.resign(Some("black".into())).unwrap();
    assert_eq!(string(&status(&mut g, None), "winner"), "white");
}

#[wasm_bindgen_test]
fn new_win_conditions_are_worded_by_the_engine() {
    // Antidraughts: White must take Black's last piece, and Black wins.
    let mut g = after("W:W28:B23", "antidraughts", "28x19");
    let s = status(&mut g, None);
    assert_words(
        &s,
        &[
            ("winner", "black"),
            ("reason", "no-pieces"),
            ("title", "Black wins"),
            (
                "detail",
                "Black has no pieces left, and that wins in Antidraughts",
            ),
        ],
    );
    let s = status(&mut g, Some("black"));
    assert_words(
        &s,
        &[
            ("title", "You win"),
            (
                "detail",
                "you have no pieces left, and that wins in Antidraughts",
            ),
        ],
    );
    // Breakthrough: the first king wins.
    let mut b = after("W:W6:B45", "breakthrough", "6-1");
    let s = status(&mut b, None);
    assert_words(
        &s,
        &[
            ("state", "win"),
            ("winner", "white"),
            ("reason", "first-king"),
            ("line", "White wins: White crowned the first king"),
        ],
    );
    let s = status(&mut b, Some("black"));
    assert_words(
        &s,
        &[
            ("title", "You lose"),
            ("detail", "the computer crowned the first king"),
        ],
    );
}
