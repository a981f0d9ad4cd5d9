//! The analysis that deepens on the position shown, and the review of a game.

use draughts::wasm::DraughtsGame;
use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::helpers::*;

#[wasm_bindgen_test]
fn analysis_deepens_on_the_position_shown() {
    let mut g = DraughtsGame::new("international").unwrap();
    g.apply_move(JsValue::from_str("32-28"), None).unwrap();
    g.apply_move(JsValue::from_str("19-23"), None).unwrap();
    // The position after one ply: Black to move, so the line starts "1… ".
    let mut a =
        web_engine::AnalysisHandle::new(&g.link(), "international", Some(1), Some(3)).unwrap();
    assert!(a.over().is_null());
    for depth in 1..=3 {
        let r = a.deepen();
        // Three lines, the first the best line, each from a legal move's index.
        let lines = Array::from(&get(&r, "lines"));
        assert_eq!(lines.length(), 3);
        assert_eq!(string(&lines.get(0), "line"), string(&r, "line"));
        assert!(lines.iter().all(|l| string(&l, "line").starts_with("1… ")));
        assert_eq!(get(&r, "depth").as_f64(), Some(f64::from(depth)));
        assert!(string(&r, "line").starts_with("1… "));
        let text = string(&r, "text");
        assert!(text.starts_with(['+', '-', '0']), "{text}");
        let from = get(&get(&r, "move"), "from").as_f64().unwrap();
        assert!(
            (16.0..=20.0).contains(&from),
            "a black man moves first: {from}"
        );
    }
    assert!(web_engine::AnalysisHandle::new(&g.link(), "international", Some(3), None).is_err());
    // A lost position says so, and has nothing to deepen.
    let mut over = DraughtsGame::from_fen("B:W28:B", "international").unwrap();
    let mut a =
        web_engine::AnalysisHandle::new(&fen(&mut over), "international", None, None).unwrap();
    assert!(get(&a.over(), "text")
        .as_string()
        .unwrap()
        .starts_with("White wins"));
    assert!(a.deepen().is_null());
}

#[wasm_bindgen_test]
fn a_review_marks_a_thrown_man() {
    let mut g = DraughtsGame::from_fen("W:W28,32,33:B17,18", "international").unwrap();
    g.apply_move(JsValue::from_str("28-22"), None).unwrap();
    let mut r = web_engine::ReviewHandle::new(&g.link(), "international", Some(4)).unwrap();
    assert_eq!((r.total(), r.done()), (2, 0));
    while r.step() {}
    let res = r.result();
    assert_eq!(Array::from(&get(&res, "white")).length(), 2);
    let chart = Array::from(&get(&res, "chart"));
    assert!(chart.iter().all(|v| v.as_f64().unwrap().abs() <= 1.0));
    let verdicts = Array::from(&get(&res, "verdicts"));
    assert_eq!(verdicts.length(), 1);
    let v = verdicts.get(0);
    assert_eq!(get(&v, "ply").as_f64(), Some(1.0));
    assert!(["mistake", "blunder"].contains(&string(&v, "judgement").as_str()));
    assert!(string(&v, "text").contains("Better: "));
}
