//! Playing a game: the start position, moves and captures, undo and redo, FEN and PDN, the
//! variants listed.

use draughts::wasm::{self, DraughtsGame};
use js_sys::Array;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use crate::helpers::*;

#[wasm_bindgen_test]
fn start_position_and_moves() {
    let mut g = DraughtsGame::new("international").unwrap();
    assert_eq!(g.variant(), "international");
    assert_eq!(g.size(), 10);
    assert_eq!(turn(&mut g), "white");
    let m = moves(&mut g);
    assert_eq!(m.len(), 9);
    let first = &m[0];
    for key in [
        "from", "to", "path", "captures", "promotes", "notation", "full",
    ] {
        assert!(!get(first, key).is_undefined(), "missing {key}");
    }
    assert!(notations(&mut g).contains(&"32-28".to_owned()));
    let board = Array::from(&get(&snap(&mut g), "board"));
    assert_eq!(board.length(), 50);
    let sq1 = board.get(0);
    assert_eq!(string(&sq1, "color"), "black");
    assert_eq!(string(&sq1, "role"), "man");
    assert!(board.get(24).is_null(), "square 25 starts empty");
    assert_eq!(string(&board.get(49), "color"), "white");
    let counts = counts(&mut g);
    assert_eq!(num(&get(&counts, "white"), "total"), 20.0);
    assert_eq!(num(&get(&counts, "black"), "men"), 20.0);
    assert_eq!(string(&status(&mut g, None), "state"), "ongoing");
    assert_eq!(Array::from(&g.squares()).length(), 50);
    let sq = Array::from(&g.squares()).get(0);
    assert_eq!((num(&sq, "row"), num(&sq, "col")), (0.0, 1.0));
}

#[wasm_bindgen_test]
fn play_undo_redo_history_fen_pdn() {
    let mut g = DraughtsGame::new("international").unwrap();
    let m = g.apply_move(JsValue::from("32-28"), None).unwrap();
    assert_eq!(num(&m, "from"), 32.0);
    assert_eq!(turn(&mut g), "black");
    g.apply_move(JsValue::from("19-23"), None).unwrap();
    let cap = g.apply_move(JsValue::from("28x19"), None).unwrap();
    assert_eq!(nums(&get(&cap, "captures")), [23]);
    assert_eq!(history(&mut g), ["32-28", "19-23", "28x19"]);
    assert_eq!(num(&get(&counts(&mut g), "black"), "total"), 19.0);
    let last = get(&snap(&mut g), "lastMove");
    assert_eq!(string(&last, "notation"), "28x19");
    let list = Array::from(&get(&snap(&mut g), "moves"));
    assert_eq!(num(&list.get(2), "number"), 2.0);
    assert_eq!(string(&list.get(1), "color"), "black");

    assert_eq!(get(&snap(&mut g), "canUndo").as_bool(), Some(true));
    assert!(g.undo());
    assert_eq!(history(&mut g), ["32-28", "19-23"]);
    assert_eq!(get(&snap(&mut g), "canRedo").as_bool(), Some(true));
    let saved = g.pdn_with_redo(JsValue::UNDEFINED);
    assert!(g.redo());
    assert!(!g.redo());
    assert_eq!(history(&mut g).len(), 3);
    assert_eq!(get(&snap(&mut g), "canRedo").as_bool(), Some(false));

    let pdn = g.pdn(JsValue::UNDEFINED);
    assert!(pdn.contains("1. 32-28 19-23 2. 28x19 *"), "{pdn}");
    let mut back = DraughtsGame::from_pdn(&pdn, "english").unwrap();
    assert_eq!(fen(&mut back), fen(&mut g));
    assert_eq!(back.variant(), "international");

    // A save with a redoable move restores both.
    let mut r = DraughtsGame::restore(&saved, "international", 2).unwrap();
    assert_eq!(history(&mut r).len(), 2);
    assert!(r.redo());
    assert_eq!(fen(&mut r), fen(&mut g));

    let mut f = DraughtsGame::from_fen(&fen(&mut g), "international").unwrap();
    assert_eq!(fen(&mut f), fen(&mut g));
    assert_eq!(turn(&mut f), "black");
}

#[wasm_bindgen_test]
fn multi_capture_paths_and_full_notation() {
    // A flying king with two four-piece captures from 47 to 36 by different paths.
    let mut g = DraughtsGame::from_fen("W:WK47:B14,19,29,31,42", "international").unwrap();
    let all = moves(&mut g);
    assert_eq!(all.len(), 2);
    let fulls: Vec<String> = all.iter().map(|m| string(m, "full")).collect();
    // In the canonical order: by origin, then landing squares.
    assert_eq!(fulls, ["47x38x20x9x36", "47x38x24x13x36"]);
    // Same origin and destination: the standard text is the full path.
    assert_eq!(string(&all[1], "notation"), "47x38x24x13x36");
    assert_eq!(nums(&get(&all[1], "path")), [38, 24, 13, 36]);
    assert_eq!(
        get(&all[0], "captures")
            .dyn_into::<Array>()
            .unwrap()
            .length(),
        4
    );
    let e = message(g.apply_move(JsValue::from("47x36"), None));
    assert!(e.contains("ambiguous"), "{e}");
    let before = fen(&mut g);
    assert_eq!(before, "W:WK47:B14,19,29,31,42", "unchanged after an error");
    g.apply_move(JsValue::from("47x24x36"), None).unwrap();
    assert_eq!(num(&get(&counts(&mut g), "black"), "total"), 1.0);
}

#[wasm_bindgen_test]
fn stateless_helpers_and_variants() {
    let mut g = DraughtsGame::from_fen("W:W28:B23", "international").unwrap();
    let m = moves(&mut g);
    assert_eq!(m.len(), 1);
    assert_eq!(string(&m[0], "notation"), "28x19");
    g.apply_move(JsValue::from("28x19"), None).unwrap();
    assert_eq!(fen(&mut g), "B:W19:B");
    let v = Array::from(&wasm::variants());
    assert_eq!(v.length(), 14);
    assert_eq!(string(&v.get(1), "name"), "english");
    assert_eq!(string(&v.get(1), "first"), "black");
    for entry in v.iter() {
        let name = string(&entry, "name");
        assert!(!string(&entry, "title").is_empty(), "{name}");
        let summary = string(&entry, "summary");
        assert_eq!(summary.lines().count(), 2, "{name}: {summary:?}");
        assert!([8.0, 10.0].contains(&num(&entry, "size")), "{name}");
        assert!(num(&entry, "gameType") > 0.0, "{name}");
        // Every listed variant starts a game.
        let g = DraughtsGame::new(&name).unwrap();
        assert_eq!(g.variant(), name);
        assert_eq!(get(&entry, "full").as_bool(), Some(name == "turkish"));
    }
    let czech = v.iter().find(|e| string(e, "name") == "czech").unwrap();
    assert_eq!(get(&czech, "algebraic").as_bool(), Some(true));
    // Russian plays algebraic text too.
    let mut r = DraughtsGame::new("russian").unwrap();
    r.apply_move(JsValue::from("c3-d4"), None).unwrap();
    assert_eq!(history(&mut r).len(), 1);
}
