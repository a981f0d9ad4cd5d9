//! The one snapshot the page draws from: its fields, moves played by index, the pieces the last
//! move took, a past position.

use draughts::wasm::DraughtsGame;
use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::helpers::*;

fn snapshot(g: &mut DraughtsGame, view: Option<usize>) -> JsValue {
    g.snapshot(None, view, None)
}

#[wasm_bindgen_test]
fn one_snapshot_holds_what_the_page_draws() {
    let mut g = DraughtsGame::new("english").unwrap();
    g.apply_move(JsValue::from("11-15"), None).unwrap();
    let s = snapshot(&mut g, None);
    assert_eq!(string(&s, "variant"), "english");
    assert_eq!((num(&s, "ply"), num(&s, "view")), (1.0, 1.0));
    assert_eq!(string(&s, "turn"), "white");
    assert_eq!(string(&s, "toMove"), "white");
    assert_eq!(Array::from(&get(&s, "board")).length(), 32);
    assert_eq!(num(&get(&get(&s, "counts"), "black"), "total"), 12.0);
    assert_eq!(string(&get(&s, "status"), "state"), "ongoing");
    assert_eq!(num(&s, "moveNumber"), 1.0);
    let list: Vec<JsValue> = Array::from(&get(&s, "moves")).iter().collect();
    assert_eq!(list.len(), 1);
    assert_eq!(
        (
            num(&list[0], "ply"),
            num(&list[0], "number"),
            string(&list[0], "text")
        ),
        (1.0, 1.0, "11-15".to_owned())
    );
    let legal: Vec<JsValue> = Array::from(&get(&s, "legal")).iter().collect();
    assert_eq!(legal.len(), 7);
    for (i, m) in legal.iter().enumerate() {
        assert_eq!(num(m, "index") as usize, i);
    }
    assert_eq!(string(&get(&s, "lastMove"), "notation"), "11-15");
    assert_eq!(get(&s, "canUndo").as_bool(), Some(true));
    // Played by index: the move object names the same move.
    let third = string(&legal[3], "full");
    let played = g.apply_move(JsValue::from(3), None).unwrap();
    assert_eq!(string(&played, "full"), third);
    assert_eq!(num(&played, "index"), 3.0);
    // Bad indices are refused in words and change nothing.
    for bad in [
        JsValue::from(99),
        JsValue::from(-1),
        JsValue::from(1.5),
        JsValue::TRUE,
    ] {
        let before = fen(&mut g);
        let e = message(g.apply_move(bad, None));
        assert!(e.contains("move") || e.contains("index"), "{e}");
        assert_eq!(fen(&mut g), before);
    }
}

#[wasm_bindgen_test]
fn the_last_move_carries_the_pieces_it_took() {
    // The page draws the taken pieces as ghosts: `lastMove.taken[i]` stood on `captures[i]`.
    let mut g = DraughtsGame::from_fen("W:WK47,50:B14,19,K29,31,42", "international").unwrap();
    let legal = moves(&mut g);
    assert!(legal.iter().all(|m| get(m, "taken").is_undefined()));
    let played = g.apply_move(JsValue::from("47x38x24x13x36"), None).unwrap();
    let s = snapshot(&mut g, None);
    let last = get(&s, "lastMove");
    let taken: Vec<(String, String)> = Array::from(&get(&last, "taken"))
        .iter()
        .map(|t| (string(&t, "color"), string(&t, "role")))
        .collect();
    let captures = nums(&get(&last, "captures"));
    assert_eq!(captures.len(), 4);
    assert_eq!(taken.len(), 4);
    for ((color, role), sq) in taken.iter().zip(&captures) {
        assert_eq!(color, "black");
        assert_eq!(role, if *sq == 29 { "king" } else { "man" });
    }
    assert_eq!(Array::from(&get(&played, "taken")).length(), 4);
    g.apply_move(JsValue::from("14-20"), None).unwrap();
    let s = snapshot(&mut g, None);
    assert!(get(&get(&s, "lastMove"), "taken").is_undefined());
}

#[wasm_bindgen_test]
fn a_past_position_and_play_from_here() {
    let mut g = DraughtsGame::new("international").unwrap();
    for m in ["32-28", "19-23", "28x19", "14x23"] {
        g.apply_move(JsValue::from(m), None).unwrap();
    }
    let past = snapshot(&mut g, Some(1));
    assert_eq!((num(&past, "view"), num(&past, "ply")), (1.0, 4.0));
    assert_eq!(string(&past, "turn"), "black");
    assert_eq!(string(&past, "toMove"), "white");
    // Black's nine moves there, to try (a side line: see below).
    assert_eq!(Array::from(&get(&past, "legal")).length(), 9);
    assert_eq!(string(&past, "fen").split(':').next(), Some("B"));
    g.go_to(1).unwrap();
    assert_eq!(g.ply(), 1);
    assert_eq!(get(&snap(&mut g), "canRedo").as_bool(), Some(true));
    assert!(message(g.go_to(9)).contains("no position after 9"));
}

#[wasm_bindgen_test]
fn side_lines_across_the_boundary() {
    let mut g = DraughtsGame::new("international").unwrap();
    for m in ["32-28", "19-23", "28x19", "14x23"] {
        g.apply_move(JsValue::from(m), None).unwrap();
    }
    let past = snapshot(&mut g, Some(1));
    let legal: Vec<JsValue> = Array::from(&get(&past, "legal")).iter().collect();
    let i = legal
        .iter()
        .position(|m| string(m, "notation") == "18-23")
        .unwrap();
    let got = g.explore("", 1, i).unwrap();
    assert_eq!(string(&get(&got, "move"), "notation"), "18-23");
    assert_eq!(
        (string(&got, "line"), num(&got, "ply")),
        ("0".to_owned(), 2.0)
    );
    assert_eq!(g.ply(), 4, "the game is unchanged");
    let side = g.snapshot(None, Some(2), Some("0".into()));
    assert_eq!(
        (string(&side, "line"), num(&side, "lineEnd")),
        ("0".to_owned(), 2.0)
    );
    let lines = Array::from(&get(
        &Array::from(&get(&side, "moves")).get(1),
        "variations",
    ));
    assert_eq!(string(&lines.get(0), "line"), "0");
    // Bad lines and moves are refused in words and change nothing.
    assert!(!message(g.explore("x", 1, 0)).is_empty());
    assert!(!message(g.explore("", 1, 99)).is_empty());
    assert!(!message(g.explore("", 4, 0)).is_empty());
    assert!(!message(g.promote("3")).is_empty());
    assert!(!g.delete_line("2.1"));
    // Promoted, it is the game; deleted, it is gone.
    g.promote("0").unwrap();
    assert_eq!(g.ply(), 2);
    assert!(g.delete_line("0"));
    assert!(get(
        &Array::from(&get(&snap(&mut g), "moves")).get(1),
        "variations"
    )
    .is_undefined());
}
