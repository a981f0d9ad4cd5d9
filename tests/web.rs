//! The JavaScript API in headless Chromium (`cargo test --target wasm32-unknown-unknown --test web`).
#![cfg(target_arch = "wasm32")]

use draughts::wasm::{self, DraughtsGame};
use js_sys::{Array, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("object")
}

/// A string property, or the English words of a message (`{ code, params, text }`) there.
fn string(v: &JsValue, key: &str) -> String {
    let value = get(v, key);
    match value.as_string() {
        Some(s) => s,
        None if value.is_object() => get(&value, "text").as_string().unwrap_or_default(),
        None => String::new(),
    }
}

fn num(v: &JsValue, key: &str) -> f64 {
    get(v, key).as_f64().expect("number")
}

fn nums(v: &JsValue) -> Vec<u8> {
    Array::from(v)
        .iter()
        .map(|x| x.as_f64().unwrap() as u8)
        .collect()
}

/// The page's one view of a game: its snapshot as it stands, results told with colours.
fn snap(g: &mut DraughtsGame) -> JsValue {
    g.snapshot(None, None)
}

/// The legal moves now, as the snapshot lists them (none once the game is over).
fn moves(g: &mut DraughtsGame) -> Vec<JsValue> {
    Array::from(&get(&snap(g), "legal")).iter().collect()
}

fn notations(g: &mut DraughtsGame) -> Vec<String> {
    moves(g).iter().map(|m| string(m, "notation")).collect()
}

/// The position as FEN.
fn fen(g: &mut DraughtsGame) -> String {
    string(&snap(g), "fen")
}

/// The texts of the moves played, in order.
fn history(g: &mut DraughtsGame) -> Vec<String> {
    Array::from(&get(&snap(g), "moves"))
        .iter()
        .map(|m| string(&m, "text"))
        .collect()
}

/// The side to move in the game.
fn turn(g: &mut DraughtsGame) -> String {
    string(&snap(g), "toMove")
}

/// The result, told to `player` when given.
fn status(g: &mut DraughtsGame, player: Option<&str>) -> JsValue {
    get(&g.snapshot(player.map(Into::into), None), "status")
}

/// `{ white: { men, kings, total }, black: … }`.
fn counts(g: &mut DraughtsGame) -> JsValue {
    get(&snap(g), "counts")
}

/// The message of the JS `Error` a call threw.
#[track_caller]
fn message<T>(r: Result<T, JsValue>) -> String {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(v) => {
            let err: js_sys::Error = v.dyn_into().expect("a JS Error");
            String::from(err.message())
        }
    }
}

/// The engine's message (`{ code, params, text }`) a player-facing error carries as `draughts`.
#[track_caller]
fn said<T>(r: Result<T, JsValue>) -> JsValue {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(v) => js_sys::Reflect::get(&v, &"draughts".into()).expect("a draughts property"),
    }
}

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
fn game_ends_with_reason() {
    // White takes Black's last piece.
    let mut g = DraughtsGame::from_fen("W:W28:B23", "international").unwrap();
    g.apply_move(JsValue::from("28x19"), None).unwrap();
    let s = status(&mut g, None);
    assert_eq!(string(&s, "state"), "win");
    assert_eq!(string(&s, "winner"), "white");
    assert_eq!(string(&s, "reason"), "no-pieces");
    assert_eq!(string(&s, "title"), "White wins");
    assert_eq!(string(&s, "detail"), "Black has no pieces left");
    assert_eq!(string(&s, "line"), "White wins: Black has no pieces left");
    assert_eq!(string(&s, "result"), "2-0");
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
    assert_eq!(string(&s, "winner"), "white");
    assert_eq!(string(&s, "reason"), "resignation");
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

#[wasm_bindgen_test]
fn resign_names_the_side() {
    let mut g = DraughtsGame::new("international").unwrap();
    assert!(message(g.resign(Some("purple".into()))).contains("color"));
    assert_eq!(string(&status(&mut g, None), "state"), "ongoing");
    // White to move, but Black resigns (against the computer, the player resigns any time).
    g.resign(Some("black".into())).unwrap();
    assert_eq!(string(&status(&mut g, None), "winner"), "white");
}

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
        let t = web_engine::think(&pdn, "english", level, Some(7), Some(60.0), None).unwrap();
        check_thought(&t, &mut g);
        let score = get(&t, "score");
        assert_eq!(score.is_null(), level <= 3, "level {level} score {score:?}");
    }
    // The weak levels are reproducible for a seed.
    let a = web_engine::think(&pdn, "english", 2, Some(99), None, None).unwrap();
    let b = web_engine::think(&pdn, "english", 2, Some(99), None, None).unwrap();
    assert_eq!(
        string(&get(&a, "move"), "full"),
        string(&get(&b, "move"), "full")
    );
}

/// The English book as the page fetches it (books/english.book).
const ENGLISH_BOOK: &[u8] = include_bytes!("../crates/engine/books/english.book");

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
        let t = web_engine::think(
            &start,
            "english",
            6,
            Some(seed),
            None,
            Some(ENGLISH_BOOK.to_vec()),
        )
        .unwrap();
        let full = check_thought(&t, &mut g);
        assert!(get(&t, "book").as_bool().unwrap(), "a book move says so");
        assert!(get(&t, "score").is_null());
        assert!(in_book.contains(&full), "{full} is one of {in_book:?}");
        seen.insert(full);
    }
    assert!(seen.len() >= 2, "seeds vary the book move: {seen:?}");
    // The same seed, the same move.
    let a = web_engine::think(
        &start,
        "english",
        5,
        Some(3),
        None,
        Some(ENGLISH_BOOK.to_vec()),
    )
    .unwrap();
    let b = web_engine::think(
        &start,
        "english",
        5,
        Some(3),
        None,
        Some(ENGLISH_BOOK.to_vec()),
    )
    .unwrap();
    assert_eq!(
        string(&get(&a, "move"), "full"),
        string(&get(&b, "move"), "full")
    );
    // The weak levels, a damaged book and another variant's book all mean a search.
    let weak = web_engine::think(
        &start,
        "english",
        2,
        Some(3),
        None,
        Some(ENGLISH_BOOK.to_vec()),
    )
    .unwrap();
    assert!(!get(&weak, "book").as_bool().unwrap());
    let mut damaged = ENGLISH_BOOK.to_vec();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x55;
    for bytes in [damaged, b"nonsense".to_vec(), Vec::new()] {
        let t = web_engine::think(&start, "english", 4, Some(3), Some(50.0), Some(bytes)).unwrap();
        check_thought(&t, &mut g);
        assert!(!get(&t, "book").as_bool().unwrap());
        assert!(get(&t, "score").as_f64().is_some(), "it searched");
    }
    let russian = DraughtsGame::new("russian").unwrap();
    let t = web_engine::think(
        &russian.pdn(JsValue::UNDEFINED),
        "russian",
        6,
        Some(1),
        Some(50.0),
        Some(ENGLISH_BOOK.to_vec()),
    )
    .unwrap();
    assert!(!get(&t, "book").as_bool().unwrap());
    // The levels say which use a book, for the page to fetch it.
    let l = Array::from(&wasm::levels());
    assert!(!get(&l.get(0), "book").as_bool().unwrap());
    assert!(get(&l.get(5), "book").as_bool().unwrap());
}

#[wasm_bindgen_test]
fn think_from_fen_finds_the_forced_capture_and_hint_the_win() {
    let mut g = DraughtsGame::from_fen("W:WK47:B14,19,29,31,42", "international").unwrap();
    let t = web_engine::think(
        "W:WK47:B14,19,29,31,42",
        "international",
        4,
        None,
        Some(50.0),
        None,
    )
    .unwrap();
    let full = check_thought(&t, &mut g);
    assert!(full.starts_with("47x"), "{full}");
    // White wins at once by taking four of five; then Black's last man falls.
    let mut g = DraughtsGame::from_fen("W:W28:B23", "international").unwrap();
    let h = web_engine::hint("W:W28:B23", "international", Some(50.0)).unwrap();
    assert_eq!(check_thought(&h, &mut g), "28x19");
    assert!(
        num(&h, "score") > 29_000.0,
        "a won position scores as a win"
    );
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
    assert!(
        message(web_engine::think(&start, "chess", 3, None, None, None))
            .contains("unknown variant")
    );
    assert!(message(web_engine::think(
        &start,
        "international",
        0,
        None,
        None,
        None
    ))
    .contains("level"));
    assert!(message(web_engine::think(
        &start,
        "international",
        7,
        None,
        None,
        None
    ))
    .contains("level"));
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
        let e = message(web_engine::think(
            record,
            "international",
            1,
            None,
            None,
            None,
        ));
        assert!(e.contains("PDN") || e.contains("FEN"), "{record:?}: {e}");
        let e = message(web_engine::hint(record, "international", None));
        assert!(e.contains("PDN") || e.contains("FEN"), "{record:?}: {e}");
    }
    // A finished game has no move to think about.
    let mut over = DraughtsGame::from_fen("W:W28:B23", "international").unwrap();
    over.apply_move(JsValue::from("28x19"), None).unwrap();
    let pdn = over.pdn(JsValue::UNDEFINED);
    assert!(message(web_engine::think(
        &pdn,
        "international",
        5,
        None,
        None,
        None
    ))
    .contains("over"));
    assert!(message(web_engine::hint(&pdn, "international", None)).contains("over"));
    assert!(message(web_engine::hint("B:W19:B", "international", None)).contains("over"));
    assert!(message(web_engine::analyse(&start, "international", 0)).contains("Depth"));
    assert!(message(web_engine::analyse(&start, "international", 65)).contains("Depth"));
    // Silly time budgets fall back to the defaults.
    for t in [f64::NAN, -5.0, f64::INFINITY, 0.0] {
        let mut g = DraughtsGame::from_fen("W:W28:B23", "international").unwrap();
        check_thought(
            &web_engine::hint("W:W28:B23", "international", Some(t)).unwrap(),
            &mut g,
        );
    }
}

#[wasm_bindgen_test]
fn turkish_full_board_and_algebraic_moves() {
    let mut g = DraughtsGame::new("turkish").unwrap();
    assert_eq!(g.size(), 8);
    let squares = Array::from(&g.squares());
    assert_eq!(squares.length(), 64, "every cell is played on");
    let mut cells: Vec<(u8, u8)> = squares
        .iter()
        .map(|s| (num(&s, "row") as u8, num(&s, "col") as u8))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    assert_eq!(cells.len(), 64, "64 distinct cells of the 8×8 grid");
    assert_eq!(string(&squares.get(0), "label"), "a8");
    assert_eq!(string(&squares.get(63), "label"), "h1");
    assert_eq!(Array::from(&get(&snap(&mut g), "board")).length(), 64);
    assert_eq!(num(&get(&counts(&mut g), "white"), "total"), 16.0);
    g.apply_move(JsValue::from("a3-a4"), None).unwrap();
    assert_eq!(history(&mut g), ["a3-a4"]);
    assert_eq!(turn(&mut g), "black");
    // A saved Turkish game comes back as Turkish whatever variant the page has selected.
    let pdn = g.pdn_with_redo(JsValue::UNDEFINED);
    let mut back = DraughtsGame::restore(&pdn, "international", 1).unwrap();
    assert_eq!(back.variant(), "turkish");
    assert_eq!(fen(&mut back), fen(&mut g));
}

#[wasm_bindgen_test]
fn turned_boards_put_square_one_where_the_numbering_says() {
    let italian = DraughtsGame::new("italian").unwrap();
    let sq = Array::from(&italian.squares());
    assert_eq!(sq.length(), 32);
    // Square 1 is a8, top-left: a1 (bottom-left) is a light square, not played on.
    assert_eq!((num(&sq.get(0), "row"), num(&sq.get(0), "col")), (0.0, 0.0));
    assert!(!sq
        .iter()
        .any(|s| num(&s, "row") == 7.0 && num(&s, "col") == 0.0));
    assert_eq!(string(&sq.get(0), "label"), "1");
    // Portuguese numbers from White's side: 1 is h1, bottom-right.
    let portuguese = DraughtsGame::new("portuguese").unwrap();
    let sq = Array::from(&portuguese.squares());
    assert_eq!((num(&sq.get(0), "row"), num(&sq.get(0), "col")), (7.0, 7.0));
    // Czech squares are written algebraically.
    let czech = DraughtsGame::new("czech").unwrap();
    assert_eq!(string(&Array::from(&czech.squares()).get(0), "label"), "b8");
}

#[wasm_bindgen_test]
fn squares_name_themselves_by_number_and_algebraically() {
    // The board's labels and border come from these names (the settings' "field numbers" or
    // "algebraic"): Russian 1 = b8, 32 = g1; Czech writes b8 but is numbered too.
    let russian = Array::from(&DraughtsGame::new("russian").unwrap().squares());
    let first = russian.get(0);
    let names =
        |s: &JsValue| ["label", "number", "algebraic", "file", "rank"].map(|k| string(s, k));
    assert_eq!(names(&first), ["1", "1", "b8", "b", "8"]);
    assert_eq!(names(&russian.get(31)), ["32", "32", "g1", "g", "1"]);
    let czech = Array::from(&DraughtsGame::new("czech").unwrap().squares());
    assert_eq!(names(&czech.get(0)), ["b8", "1", "b8", "b", "8"]);
    let international = Array::from(&DraughtsGame::new("international").unwrap().squares());
    assert_eq!(names(&international.get(45)), ["46", "46", "a1", "a", "1"]);
}

#[wasm_bindgen_test]
fn new_win_conditions_are_worded_by_the_engine() {
    // Antidraughts: White must take Black's last piece, and Black wins.
    let mut g = DraughtsGame::from_fen("W:W28:B23", "antidraughts").unwrap();
    g.apply_move(JsValue::from("28x19"), None).unwrap();
    let s = status(&mut g, None);
    assert_eq!(string(&s, "winner"), "black");
    assert_eq!(string(&s, "reason"), "no-pieces");
    assert_eq!(string(&s, "title"), "Black wins");
    assert_eq!(
        string(&s, "detail"),
        "Black has no pieces left, and that wins in Antidraughts"
    );
    let s = status(&mut g, Some("black"));
    assert_eq!(string(&s, "title"), "You win");
    assert_eq!(
        string(&s, "detail"),
        "you have no pieces left, and that wins in Antidraughts"
    );
    // Breakthrough: the first king wins.
    let mut b = DraughtsGame::from_fen("W:W6:B45", "breakthrough").unwrap();
    b.apply_move(JsValue::from("6-1"), None).unwrap();
    let s = status(&mut b, None);
    assert_eq!(string(&s, "state"), "win");
    assert_eq!(string(&s, "winner"), "white");
    assert_eq!(string(&s, "reason"), "first-king");
    assert_eq!(
        string(&s, "line"),
        "White wins: White crowned the first king"
    );
    let s = status(&mut b, Some("black"));
    assert_eq!(string(&s, "title"), "You lose");
    assert_eq!(string(&s, "detail"), "the computer crowned the first king");
}

fn snapshot(g: &mut DraughtsGame, view: Option<usize>) -> JsValue {
    g.snapshot(None, view)
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
    assert_eq!(Array::from(&get(&past, "legal")).length(), 0);
    assert_eq!(string(&past, "fen").split(':').next(), Some("B"));
    g.go_to(1).unwrap();
    assert_eq!(g.ply(), 1);
    assert_eq!(get(&snap(&mut g), "canRedo").as_bool(), Some(true));
    assert!(message(g.go_to(9)).contains("no position after 9"));
}

#[wasm_bindgen_test]
fn links_open_the_same_game_and_damaged_ones_are_refused() {
    let mut g = DraughtsGame::new("russian").unwrap();
    for m in ["c3-d4", "f6-g5", "d4-c5"] {
        g.apply_move(JsValue::from(m), None).unwrap();
    }
    let link = g.link();
    assert!(link.starts_with("#v=russian&m="), "{link}");
    let mut back = DraughtsGame::from_link(&format!("http://127.0.0.1/x/{link}")).unwrap();
    assert_eq!(history(&mut back), history(&mut g));
    assert_eq!(fen(&mut back), fen(&mut g));
    let tampered = link.replacen("&m=", "&m=B", 1);
    assert!(message(DraughtsGame::from_link(&tampered)).contains("damaged"));
    assert!(message(DraughtsGame::from_link("#nothing")).contains("no game"));
    // The computer's calls take the game as a link.
    let t = web_engine::think(&link, "russian", 1, Some(1), None, None).unwrap();
    let legal: Vec<String> = moves(&mut g).iter().map(|m| string(m, "full")).collect();
    assert!(legal.contains(&string(&get(&t, "move"), "full")));
    assert!(
        message(web_engine::think(&link, "english", 1, Some(1), None, None)).contains("Russian")
    );
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

#[wasm_bindgen_test]
fn record_kind_is_decided_by_the_engine() {
    assert_eq!(wasm::record_kind("W:W31-50:B1-20"), "fen");
    assert_eq!(wasm::record_kind("X:W31:B20"), "fen");
    assert_eq!(wasm::record_kind("1. 32-28 *"), "pdn");
    assert_eq!(wasm::record_kind("[FEN \"W:W31:B20\"]\n*"), "pdn");
    let e = message(DraughtsGame::import_record(
        "X:W31:B20",
        "international",
        None,
    ));
    assert!(
        e.starts_with("Cannot read the FEN") && e.contains("side to move"),
        "{e}"
    );
    let e = message(DraughtsGame::import_record("W:W:B", "international", None));
    assert!(e.contains("no pieces on the board"), "{e}");
    let g = DraughtsGame::import_record("W:W31-50:B1-20", "international", None).unwrap();
    assert_eq!(g.ply(), 0);
}

#[wasm_bindgen_test]
fn import_errors_quote_a_short_excerpt() {
    let big = format!("1. 32-{} *", "9".repeat(1_000_000));
    let e = message(DraughtsGame::import_record(&big, "international", None));
    assert!(e.len() < 400 && e.contains('…'), "{} chars", e.len());
    let e = message(DraughtsGame::from_fen(
        &"W".repeat(200_000),
        "international",
    ));
    assert!(e.len() < 400, "{} chars", e.len());
}

#[wasm_bindgen_test]
fn pdn_games_lists_the_headers_and_import_reads_the_chosen_one() {
    let text = "[Event \"Final\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"2-0\"]\n\
                1. 32-28 2-0\n\n[Event \"Blitz\"]\n1. 33-28 18-22 *\n";
    let list: Vec<JsValue> = Array::from(&wasm::pdn_games(text).unwrap())
        .iter()
        .collect();
    assert_eq!(list.len(), 2);
    assert_eq!(string(&list[0], "event"), "Final");
    assert_eq!(string(&list[0], "white"), "Ann");
    assert_eq!(string(&list[0], "result"), "2-0");
    assert_eq!(num(&list[1], "plies"), 2.0);
    assert_eq!(num(&list[1], "index"), 1.0);
    let mut g = DraughtsGame::import_record(text, "international", Some(1)).unwrap();
    assert_eq!(history(&mut g), ["33-28", "18-22"]);
    assert_eq!(
        Array::from(&wasm::pdn_games("W:W31:B20").unwrap()).length(),
        0
    );
    assert!(message(wasm::pdn_games("{never closed")).contains("comment"));
}

#[wasm_bindgen_test]
fn a_recorded_result_comments_and_the_variant_suggestion() {
    let mut g = DraughtsGame::import_record("2-0", "international", None).unwrap();
    let s = status(&mut g, None);
    assert_eq!(string(&s, "reason"), "recorded");
    assert_eq!(string(&s, "line"), "White wins (result as recorded)");
    let mut g =
        DraughtsGame::import_record("{Opening} 1. 32-28 {good} 19-23 *", "international", None)
            .unwrap();
    let s = snap(&mut g);
    assert_eq!(string(&s, "leadComment"), "Opening");
    let list: Vec<JsValue> = Array::from(&get(&s, "moves")).iter().collect();
    assert_eq!(string(&list[0], "comment"), "good");
    assert!(get(&list[1], "comment").is_undefined());
    assert!(g.pdn(JsValue::UNDEFINED).contains("{good}"));
    let english = "1. 11-15 23-19 2. 8-11 22-17 *";
    assert_eq!(
        wasm::suggest_variant_for(english, "international", None).as_deref(),
        Some("english")
    );
    assert_eq!(wasm::suggest_variant_for(english, "english", None), None);
}

#[wasm_bindgen_test]
fn analysis_deepens_on_the_position_shown() {
    let mut g = DraughtsGame::new("international").unwrap();
    g.apply_move(JsValue::from_str("32-28"), None).unwrap();
    g.apply_move(JsValue::from_str("19-23"), None).unwrap();
    // The position after one ply: Black to move, so the line starts "1… ".
    let mut a = web_engine::AnalysisHandle::new(&g.link(), "international", Some(1)).unwrap();
    assert!(a.over().is_null());
    for depth in 1..=3 {
        let r = a.deepen();
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
    assert!(web_engine::AnalysisHandle::new(&g.link(), "international", Some(3)).is_err());
    // A lost position says so, and has nothing to deepen.
    let mut over = DraughtsGame::from_fen("B:W28:B", "international").unwrap();
    let mut a = web_engine::AnalysisHandle::new(&fen(&mut over), "international", None).unwrap();
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
    assert_eq!(string(&result, "title"), "Black wins on time");
    assert_eq!(string(&result, "reason"), "time");
    assert_eq!(string(&result, "detail"), "White ran out of time");
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

// ----- endgame tables in the page (crates/web-engine/src/tables.rs) -----

/// Builds every table a position calls for in this wasm instance, and hands each to the
/// searches; returns the tables as `(name, bytes)`.
fn build_tables(fen: &str, variant: &str) -> Vec<(String, Vec<u8>)> {
    let plan = web_engine::egdb_plan(fen, variant, None).expect("plan");
    assert!(!plan.is_null(), "{fen} is near an ending");
    let names: Vec<String> = Array::from(&get(&plan, "tables"))
        .iter()
        .map(|n| n.as_string().unwrap())
        .collect();
    let mut b = web_builder::BuilderHandle::new(variant, names.clone()).expect("builder");
    assert_eq!(b.total(), names.len());
    let mut out = Vec::new();
    loop {
        let step = b.step().expect("step");
        if step.is_null() {
            break;
        }
        for t in Array::from(&step).iter() {
            let name = string(&t, "name");
            let bytes = js_sys::Uint8Array::new(&get(&t, "bytes")).to_vec();
            assert_eq!(
                web_engine::egdb_load(variant, bytes.clone()).expect("load"),
                name
            );
            out.push((name, bytes));
        }
    }
    assert_eq!(b.done(), names.len());
    out
}

fn header(bytes: &[u8]) -> (u64, u64) {
    let at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap());
    (at(16), at(24))
}

#[wasm_bindgen_test]
fn tables_built_in_wasm_equal_the_native_ones() {
    // Slots and FNV-1a of the values, from `draughts egdb build --pieces 3` natively.
    let native = [
        ("english", "0m2k-0m1k", 14880, 8040350041605304865u64),
        ("english", "1m0k-0m1k", 868, 5929396817386270207),
        ("english", "0m1k-1m1k", 26040, 9848166717103454650),
        ("international", "0m2k-0m1k", 58800, 10100520499772971729),
        ("international", "1m1k-0m1k", 105840, 10540405801723471723),
    ];
    for (variant, fen) in [
        ("english", "W:W22,K1:BK32,26"),
        ("international", "W:W28,K1:BK50,K45"),
    ] {
        let built = build_tables(fen, variant);
        for (v, name, slots, fnv) in native.iter().filter(|n| n.0 == variant) {
            let (_, bytes) = built
                .iter()
                .find(|(n, _)| n == name)
                .unwrap_or_else(|| panic!("{v} {name} built"));
            assert_eq!(header(bytes), (*slots, *fnv), "{v} {name}");
        }
    }
}

#[wasm_bindgen_test]
fn only_the_searching_levels_probe_tables() {
    let used: Vec<bool> = (0..=7).map(web_engine::egdb_used_by_level).collect();
    assert_eq!(
        used,
        [false, false, false, false, true, true, true, false],
        "levels 4–6 only"
    );
}

#[wasm_bindgen_test]
fn a_damaged_table_is_refused() {
    let built = build_tables("W:WK29:BK1,K5", "english");
    let (name, good) = built.iter().find(|(n, _)| n == "0m2k-0m1k").unwrap();
    let mut b = web_builder::BuilderHandle::new("english", vec![name.clone()]).unwrap();
    // One byte of the payload changed: the builder checks it whole and refuses it.
    let mut bad = good.clone();
    let mid = 40 + (bad.len() - 40) / 2;
    bad[mid] ^= 0x40;
    let err = b.add(bad.clone()).expect_err("a damaged table");
    assert_eq!(get(&err, "name").as_string().unwrap(), "EgdbError");
    assert_eq!(get(&err, "kind").as_string().unwrap(), "damaged");
    // A damaged header: refused on loading too.
    let mut bad_header = good.clone();
    bad_header[12] = 9;
    assert!(web_engine::egdb_load("english", bad_header).is_err());
    assert!(web_engine::egdb_load("english", good[..20].to_vec()).is_err());
    // Of another variant.
    assert!(b.add(good.clone()).is_ok());
    let mut other = web_builder::BuilderHandle::new("russian", vec![name.clone()]).unwrap();
    assert!(other.add(good.clone()).is_err());
    // Frisian cannot be tabled: a typed error, not a panic.
    let err = web_builder::BuilderHandle::new("frisian", vec![name.clone()])
        .err()
        .expect("Frisian refused");
    assert_eq!(get(&err, "kind").as_string().unwrap(), "unsupported");
    assert!(web_engine::egdb_plan("W:WK1:BK50", "frisian", None)
        .unwrap()
        .is_null());
}

/// Plays a game out with the computer (level 6, with the tables loaded) on both sides.
fn play_out(fen: &str) -> JsValue {
    let mut g = DraughtsGame::from_fen(fen, "english").unwrap();
    for _ in 0..300 {
        if string(&status(&mut g, None), "state") != "ongoing" {
            break;
        }
        let r = web_engine::think(&g.link(), "english", 6, Some(1), Some(30.0), None).unwrap();
        assert!(get(&r, "tables").as_bool().unwrap(), "the tables answer");
        g.apply_move(get(&get(&r, "move"), "index"), None).unwrap();
    }
    status(&mut g, None)
}

#[wasm_bindgen_test]
fn the_search_with_tables_wins_a_won_ending_and_holds_a_drawn_one() {
    build_tables("W:WK29,22:BK1,K5", "english");
    // Two kings against one, Black to move: won (in 11 plies to the capture).
    let r = web_engine::think("B:WK29:BK1,K5", "english", 6, Some(1), Some(30.0), None).unwrap();
    assert!(num(&r, "score") > 19_000.0, "a win the tables prove");
    let status = play_out("B:WK29:BK1,K5");
    assert_eq!(string(&status, "state"), "win", "{status:?}");
    assert_eq!(string(&status, "winner"), "black");
    // A man against a king, the man to move: drawn; each side holds.
    let r = web_engine::think("W:W22:BK1", "english", 6, Some(1), Some(30.0), None).unwrap();
    assert_eq!(num(&r, "score"), 0.0);
    let status = play_out("W:W22:BK1");
    assert_eq!(string(&status, "state"), "draw", "{status:?}");
    // The analysis says where its answer comes from.
    let mut a = web_engine::AnalysisHandle::new("B:WK29:BK1,K5", "english", None).unwrap();
    let d = a.deepen();
    assert!(get(&d, "tables").as_bool().unwrap());
    assert_eq!(string(&d, "text"), "Black wins");
    assert_eq!(string(&d, "detail"), "tables: 6 moves to convert");
    assert!(a.deepen().is_null(), "nothing deeper to find");
    let mut a = web_engine::AnalysisHandle::new("W:W22:BK1", "english", None).unwrap();
    let d = a.deepen();
    assert_eq!(string(&d, "text"), "Draw");
    assert_eq!(string(&d, "detail"), "from the tables");
    // The review, with every table the game reaches: each position is the tables' proven win
    // for Black (not a mate the search found, nor a plain score); without them, not so.
    let mut g = DraughtsGame::from_fen("B:WK29:BK1,K5", "english").unwrap();
    for _ in 0..2 {
        let r = web_engine::think(&g.link(), "english", 6, Some(1), Some(30.0), None).unwrap();
        g.apply_move(get(&get(&r, "move"), "index"), None).unwrap();
    }
    let plan = web_engine::egdb_game_plan(&g.link(), "english").unwrap();
    let first = web_engine::egdb_plan("B:WK29:BK1,K5", "english", None).unwrap();
    assert_eq!(
        Array::from(&get(&plan, "tables")).to_vec().len(),
        Array::from(&get(&first, "tables")).to_vec().len(),
        "the game's plan is its first position's"
    );
    let reviewed = |g: &DraughtsGame| -> Vec<f64> {
        let mut rv = web_engine::ReviewHandle::new(&g.link(), "english", None).unwrap();
        while rv.step() {}
        Array::from(&get(&rv.result(), "white"))
            .iter()
            .map(|w| w.as_f64().unwrap())
            .collect()
    };
    use draughts_engine::{EGDB_BOUND, WIN_BOUND};
    let proven = |w: f64| w < -f64::from(EGDB_BOUND) && w > -f64::from(WIN_BOUND);
    let white = reviewed(&g);
    assert_eq!(white.len(), 3);
    assert!(white.iter().all(|&w| proven(w)), "{white:?}");
    // Without the tables the same searches go on as before.
    web_engine::egdb_retain("english", vec![]).unwrap();
    let white = reviewed(&g);
    assert!(!white.iter().all(|&w| proven(w)), "{white:?}");
    let r = web_engine::think("B:WK29:BK1,K5", "english", 6, Some(1), Some(30.0), None).unwrap();
    assert!(!get(&r, "tables").as_bool().unwrap());
}
