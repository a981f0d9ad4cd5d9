//! Games in and out: links, FEN or PDN decided by the engine, PDN files of several games,
//! recorded results and comments, the variant suggestion.

use draughts::wasm::{self, DraughtsGame};
use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::helpers::*;

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
    let t = web_engine::think(&link, "russian", 1, Some(1), None, None, None).unwrap();
    let legal: Vec<String> = moves(&mut g).iter().map(|m| string(m, "full")).collect();
    assert!(legal.contains(&string(&get(&t, "move"), "full")));
    assert!(message(web_engine::think(
        &link,
        "english",
        1,
        Some(1),
        None,
        None,
        None
    ))
    .contains("Russian"));
}

#[wasm_bindgen_test]
fn a_link_is_compared_with_a_correspondence_game_kept() {
    // The game kept as the page keeps it (its record, `ply` moves played), the links as read.
    let mut kept = DraughtsGame::new("international").unwrap();
    kept.apply_move(JsValue::from("32-28"), None).unwrap();
    assert_eq!(kept.sender(), "white");
    let saved =
        DraughtsGame::restore(&kept.pdn_with_redo(JsValue::UNDEFINED), "international", 1).unwrap();
    let mut newer = DraughtsGame::from_link(&kept.link()).unwrap();
    newer.apply_move(JsValue::from("19-23"), None).unwrap();
    let newer = DraughtsGame::from_link(&newer.link()).unwrap();
    assert_eq!(newer.sender(), "black");
    assert_eq!(saved.link_relation(&newer), "newer");
    assert_eq!(newer.link_relation(&saved), "older");
    assert_eq!(
        saved.link_relation(&DraughtsGame::from_link(&kept.link()).unwrap()),
        "same"
    );
    let mut other = DraughtsGame::new("international").unwrap();
    other.apply_move(JsValue::from("32-27"), None).unwrap();
    assert_eq!(saved.link_relation(&other), "other");
    assert_eq!(
        saved.link_relation(&DraughtsGame::new("brazilian").unwrap()),
        "other"
    );
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
    assert_words(
        &s,
        &[
            ("reason", "recorded"),
            ("line", "White wins (result as recorded)"),
        ],
    );
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
