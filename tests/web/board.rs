//! The board's squares: Turkish's full board, turned boards, names by number and algebraic.

use draughts::wasm::DraughtsGame;
use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::helpers::*;

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
