//! The computer's exports (crates/web-engine): levels, think and hint, the opening book, analyse,
//! and refused input.

use draughts::wasm::{self, DraughtsGame};
use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::helpers::*;

/// Checks the shape of a search result and that its move is legal in `game`.
fn check_thought(t: &JsValue, game: &mut DraughtsGame) -> String {
    let mv = get(t, "move");
    let full = string(&mv, "full");
    let legal: Vec<String> = moves(game).iter().map(|m| string(m, "full")).collect();
    assert!(legal.contains(&full), "{full} is not legal: {legal:?}");
    for key in ["depth", "nodes", "nps", "ms"] {
        assert!(num(t, key) >= 0.0, "{key}");
    }
    // A book move searched nothing.
    assert!(num(t, "nodes") > 0.0 || get(t, "book").as_bool() == Some(true));
    // The plain module (these tests' build) searches on one thread: no helper visited a node.
    assert_eq!((num(t, "threads"), num(t, "helperNodes")), (1.0, 0.0));
    let pv = Array::from(&get(t, "pv"));
    assert_eq!(pv.get(0).as_string().unwrap(), string(&mv, "notation"));
    full
}

#[wasm_bindgen_test]
fn levels_are_named_by_the_engine() {
    let l = Array::from(&wasm::levels());
    assert_eq!(l.length(), 6);
    assert_eq!(num(&l.get(0), "level"), 1.0);
    assert_eq!(string(&l.get(0), "name"), "Beginner");
    assert_eq!(string(&l.get(5), "name"), "Master");
}

#[wasm_bindgen_test]
fn think_plays_a_legal_move_at_every_level() {
    let mut g = DraughtsGame::new("english").unwrap();
    g.apply_move(JsValue::from("11-15"), None).unwrap();
    let pdn = g.pdn(JsValue::UNDEFINED);
    for level in 1..=6 {
        let t = web_engine::think(&pdn, "english", level, Some(7), Some(60.0), None, None).unwrap();
        check_thought(&t, &mut g);
        let score = get(&t, "score");
        assert_eq!(score.is_null(), level <= 3, "level {level} score {score:?}");
    }
    // The weak levels are reproducible for a seed.
    let a = web_engine::think(&pdn, "english", 2, Some(99), None, None, None).unwrap();
    let b = web_engine::think(&pdn, "english", 2, Some(99), None, None, None).unwrap();
    assert_eq!(
        string(&get(&a, "move"), "full"),
        string(&get(&b, "move"), "full")
    );
}

/// The English book as the page fetches it (books/english.book).
const ENGLISH_BOOK: &[u8] = include_bytes!("../../crates/engine/books/english.book");

/// A search with the English book as the page fetches it, seeded.
fn think_with_book(record: &str, variant: &str, level: u8, seed: u32, ms: Option<f64>) -> JsValue {
    web_engine::think(
        record,
        variant,
        level,
        Some(seed),
        ms,
        Some(ENGLISH_BOOK.to_vec()),
        None,
    )
    .unwrap()
}

/// The message of a search refused (no seed, time budget or book).
#[track_caller]
fn refused_thought(record: &str, variant: &str, level: u8) -> String {
    message(web_engine::think(
        record, variant, level, None, None, None, None,
    ))
}

#[wasm_bindgen_test]
fn think_plays_from_the_book_with_seeded_variety_and_searches_without_it() {
    let mut g = DraughtsGame::new("english").unwrap();
    let start = g.pdn(JsValue::UNDEFINED);
    let book = draughts_engine::Book::from_bytes(ENGLISH_BOOK).unwrap();
    let pos = draughts_rules::Position::new(draughts_rules::Variant::English);
    let in_book: Vec<String> = book
        .moves(&pos)
        .iter()
        .map(|(m, _)| draughts_rules::notation::full_text(pos.variant(), m))
        .collect();
    assert!(in_book.len() >= 2, "{in_book:?}");
    let mut seen = std::collections::HashSet::new();
    for seed in 0..24 {
        let t = think_with_book(&start, "english", 6, seed, None);
        let full = check_thought(&t, &mut g);
        assert!(get(&t, "book").as_bool().unwrap(), "a book move says so");
        assert!(get(&t, "score").is_null());
        assert!(in_book.contains(&full), "{full} is one of {in_book:?}");
        seen.insert(full);
    }
    assert!(seen.len() >= 2, "seeds vary the book move: {seen:?}");
    // The same seed, the same move.
    let a = think_with_book(&start, "english", 5, 3, None);
    let b = think_with_book(&start, "english", 5, 3, None);
    assert_eq!(
        string(&get(&a, "move"), "full"),
        string(&get(&b, "move"), "full")
    );
    // The weak levels, a damaged book and another variant's book all mean a search.
    let weak = think_with_book(&start, "english", 2, 3, None);
    assert!(!get(&weak, "book").as_bool().unwrap());
    let mut damaged = ENGLISH_BOOK.to_vec();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x55;
    for bytes in [damaged, b"nonsense".to_vec(), Vec::new()] {
        let t = web_engine::think(&start, "english", 4, Some(3), Some(50.0), Some(bytes), None)
            .unwrap();
        check_thought(&t, &mut g);
        assert!(!get(&t, "book").as_bool().unwrap());
        assert!(get(&t, "score").as_f64().is_some(), "it searched");
    }
    let russian = DraughtsGame::new("russian")
        .unwrap()
        .pdn(JsValue::UNDEFINED);
    let t = think_with_book(&russian, "russian", 6, 1, Some(50.0));
    assert!(!get(&t, "book").as_bool().unwrap());
    // The levels say which use a book, for the page to fetch it.
    let l = Array::from(&wasm::levels());
    assert!(!get(&l.get(0), "book").as_bool().unwrap());
    assert!(get(&l.get(5), "book").as_bool().unwrap());
}

#[wasm_bindgen_test]
fn think_and_hint_take_forced_captures_and_play_a_forced_move_at_once() {
    let mut g = DraughtsGame::from_fen("W:WK47:B14,19,29,31,42", "international").unwrap();
    let t = web_engine::think(
        "W:WK47:B14,19,29,31,42",
        "international",
        4,
        None,
        Some(50.0),
        None,
        None,
    )
    .unwrap();
    let full = check_thought(&t, &mut g);
    assert!(full.starts_with("47x"), "{full}");
    // White wins at once by taking four of five; then Black's last man falls.
    let mut g = DraughtsGame::from_fen("W:W28:B23", "international").unwrap();
    let h = web_engine::hint("W:W28:B23", "international", Some(50.0), None).unwrap();
    assert_eq!(check_thought(&h, &mut g), "28x19");
    assert!(
        num(&h, "score") > 29_000.0,
        "a won position scores as a win"
    );
    // A forced move (32x21 the only one) is played after one depth: each search has a fresh
    // table, so searching it on would only keep the player waiting.
    let fen = "W:W32,45,46:B5,6,27";
    for t in [
        web_engine::think(fen, "international", 6, None, Some(60.0), None, None).unwrap(),
        web_engine::hint(fen, "international", Some(60.0), None).unwrap(),
    ] {
        let mut g = DraughtsGame::from_fen(fen, "international").unwrap();
        assert_eq!(check_thought(&t, &mut g), "32x21");
        assert_eq!(num(&t, "depth"), 1.0);
    }
}

#[wasm_bindgen_test]
fn think_and_hint_report_each_depth_as_it_completes() {
    use std::{cell::RefCell, rc::Rc};
    use wasm_bindgen::{closure::Closure, JsCast};
    let start = DraughtsGame::new("international")
        .unwrap()
        .pdn(JsValue::UNDEFINED);
    let seen = Rc::new(RefCell::new(Vec::<(f64, f64)>::new()));
    let log = seen.clone();
    let record = Closure::<dyn FnMut(JsValue)>::new(move |r: JsValue| {
        log.borrow_mut().push((num(&r, "depth"), num(&r, "nodes")));
    });
    let f: &js_sys::Function = record.as_ref().unchecked_ref();
    let check = |t: &JsValue| {
        let seen = std::mem::take(&mut *seen.borrow_mut());
        let depths: Vec<f64> = seen.iter().map(|s| s.0).collect();
        let expected: Vec<f64> = (1..=num(t, "depth") as u32).map(f64::from).collect();
        assert_eq!(
            depths, expected,
            "each completed depth, in order, up to the move's"
        );
        assert!(seen.windows(2).all(|w| w[0].1 < w[1].1), "{seen:?}");
        assert!(seen.last().unwrap().1 <= num(t, "nodes"));
    };
    let t = web_engine::think(
        &start,
        "international",
        6,
        Some(1),
        Some(60.0),
        None,
        Some(f.clone()),
    )
    .unwrap();
    assert!(num(&t, "depth") >= 2.0);
    check(&t);
    let h = web_engine::hint(&start, "international", Some(60.0), Some(f.clone())).unwrap();
    check(&h);
    // A callback that throws is the page's fault: the search goes on and answers.
    let throws = js_sys::Function::new_no_args("throw new Error('no')");
    let mut g = DraughtsGame::new("international").unwrap();
    let t = web_engine::think(
        &start,
        "international",
        5,
        Some(1),
        Some(30.0),
        None,
        Some(throws),
    )
    .unwrap();
    check_thought(&t, &mut g);
}

#[wasm_bindgen_test]
fn analyse_searches_to_the_depth() {
    let mut g = DraughtsGame::new("international").unwrap();
    let t = web_engine::analyse(&g.pdn(JsValue::UNDEFINED), "international", 4).unwrap();
    check_thought(&t, &mut g);
    assert_eq!(num(&t, "depth"), 4.0);
    assert!(num(&t, "nps") > 0.0);
}

#[wasm_bindgen_test]
fn search_calls_reject_bad_input() {
    let start = DraughtsGame::new("international")
        .unwrap()
        .pdn(JsValue::UNDEFINED);
    assert!(refused_thought(&start, "chess", 3).contains("unknown variant"));
    assert!(refused_thought(&start, "international", 0).contains("level"));
    assert!(refused_thought(&start, "international", 7).contains("level"));
    for record in [
        "",
        "garbage",
        "1. 32-27 19-25 *",
        "[Event \"x",
        "W:W51",
        "W:WK:B",
        // Non-ASCII text must be an error, never a panic (which would abort the instance).
        "Wé",
        "é",
        "W:Wé",
    ] {
        let e = refused_thought(record, "international", 1);
        assert!(e.contains("PDN") || e.contains("FEN"), "{record:?}: {e}");
        let e = message(web_engine::hint(record, "international", None, None));
        assert!(e.contains("PDN") || e.contains("FEN"), "{record:?}: {e}");
    }
    // A finished game has no move to think about.
    let pdn = after("W:W28:B23", "international", "28x19").pdn(JsValue::UNDEFINED);
    assert!(refused_thought(&pdn, "international", 5).contains("over"));
    assert!(message(web_engine::hint(&pdn, "international", None, None)).contains("over"));
    assert!(message(web_engine::hint("B:W19:B", "international", None, None)).contains("over"));
    assert!(message(web_engine::analyse(&start, "international", 0)).contains("Depth"));
    assert!(message(web_engine::analyse(&start, "international", 65)).contains("Depth"));
    // Silly time budgets fall back to the defaults.
    for t in [f64::NAN, -5.0, f64::INFINITY, 0.0] {
        let mut g = DraughtsGame::from_fen("W:W28:B23", "international").unwrap();
        check_thought(
            &web_engine::hint("W:W28:B23", "international", Some(t), None).unwrap(),
            &mut g,
        );
    }
}
