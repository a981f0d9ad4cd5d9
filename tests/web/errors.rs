//! Errors told in words and codes for translation: bad variants, moves, FEN, PDN; why a piece
//! cannot move.

use draughts::wasm::DraughtsGame;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::helpers::*;

#[wasm_bindgen_test]
fn errors_carry_codes_and_parameters_for_translation() {
    let m = said(DraughtsGame::from_fen("W:W31-50:BX99", "international"));
    assert_eq!(get(&m, "code").as_string().unwrap(), "record.fen");
    let cause = get(&get(&m, "params"), "cause");
    assert_eq!(get(&cause, "code").as_string().unwrap(), "fen.bad-square");
    let params = get(&cause, "params");
    assert_eq!(get(&params, "field").as_f64(), Some(3.0));
    assert_eq!(get(&params, "text").as_string().unwrap(), "X99");
    assert!(get(&m, "text")
        .as_string()
        .unwrap()
        .starts_with("Cannot read the FEN: FEN field 3"));
    // An illegal move: the reason is a message of its own, its side a structured parameter.
    let mut g = DraughtsGame::new("international").unwrap();
    let m = said(g.apply_move(JsValue::from_str("20-25"), None));
    let reason = get(&get(&m, "params"), "reason");
    assert_eq!(
        get(&reason, "code").as_string().unwrap(),
        "illegal.not-your-piece"
    );
    let owner = get(&get(&reason, "params"), "owner");
    assert_eq!(get(&owner, "side").as_string().unwrap(), "black");
}

#[wasm_bindgen_test]
fn garbage_input_throws_readable_errors() {
    assert!(message(DraughtsGame::new("chess")).contains("unknown variant"));
    let mut g = DraughtsGame::new("international").unwrap();
    let before = fen(&mut g);
    for text in [
        "",
        "   ",
        "x",
        "32-",
        "-28",
        "32-99",
        "28-23",
        "19-23",
        "32--28",
        "a1-b2",
        "💥",
        "32-28-23",
        "\0",
        "1x2x3x4x5x6x7x8x9x10x11x12x13x14x15x16x17x18x19x20x21x22",
        "99999999999999999999-1",
    ] {
        let r = g.apply_move(JsValue::from(text), None);
        assert!(r.is_err(), "{text:?} was accepted");
        let e = message(r);
        assert!(!e.is_empty(), "{text:?}");
        assert_eq!(fen(&mut g), before, "{text:?} changed the game");
        assert_eq!(history(&mut g).len(), 0);
    }
    assert!(message(g.apply_move(JsValue::from("28-23"), None)).contains("no piece on 28"));
    for fen in [
        "",
        "Q:W1",
        "W:W51",
        "W:W1,1",
        "W:X12",
        "W:WK:B",
        "W:W1-999999999999",
    ] {
        let e = message(DraughtsGame::from_fen(fen, "international"));
        assert!(e.contains("FEN"), "{fen:?}: {e}");
    }
    for pdn in [
        "",
        "[Event \"x",
        "1. 32-28 {never closed",
        "1. 32-27 19-25 *",
        "[GameType \"99\"]\n1. 32-28 *",
        "\u{feff}garbage",
    ] {
        let r = DraughtsGame::from_pdn(pdn, "international");
        assert!(r.is_err(), "{pdn:?} was accepted");
        let e = message(r);
        assert!(e.contains("PDN"), "{pdn:?}: {e}");
    }
    assert!(message(DraughtsGame::from_fen("nonsense", "international")).contains("FEN"));
    let mut one = DraughtsGame::from_fen("W:W28:B23", "international").unwrap();
    assert!(message(one.apply_move(JsValue::from("28-22"), None)).contains("illegal"));
    // Undo and redo with nothing to do are harmless.
    assert!(!g.undo());
    assert!(!g.redo());
}

#[wasm_bindgen_test]
fn the_engine_explains_why_a_piece_cannot_move() {
    let g = DraughtsGame::from_fen("W:W28,44:B23,22,11,39", "international").unwrap();
    let e = g.explain(44).unwrap();
    assert_eq!(string(&e, "code"), "precedence");
    assert_eq!(string(&e, "rule"), "most-pieces");
    assert!(string(&e, "message").contains("from 28 takes 2 pieces"));
    assert_eq!(nums(&get(&e, "movable")), [28]);
    assert!(message(g.explain(51)).contains("no square 51"));
}
