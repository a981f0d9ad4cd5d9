//! Endgame tables in the page (crates/web-engine/src/tables.rs, crates/web-builder): built in
//! wasm equal to the native ones, refused when damaged, used by the search, analysis and review.

use draughts::wasm::DraughtsGame;
use js_sys::Array;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::helpers::*;

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
        let r =
            web_engine::think(&g.link(), "english", 6, Some(1), Some(30.0), None, None).unwrap();
        assert!(get(&r, "tables").as_bool().unwrap(), "the tables answer");
        g.apply_move(get(&get(&r, "move"), "index"), None).unwrap();
    }
    status(&mut g, None)
}

#[wasm_bindgen_test]
fn the_search_with_tables_wins_a_won_ending_and_holds_a_drawn_one() {
    build_tables("W:WK29,22:BK1,K5", "english");
    // Two kings against one, Black to move: won (in 11 plies to the capture).
    let r = web_engine::think(
        "B:WK29:BK1,K5",
        "english",
        6,
        Some(1),
        Some(30.0),
        None,
        None,
    )
    .unwrap();
    assert!(num(&r, "score") > 19_000.0, "a win the tables prove");
    let status = play_out("B:WK29:BK1,K5");
    assert_eq!(string(&status, "state"), "win", "{status:?}");
    assert_eq!(string(&status, "winner"), "black");
    // A man against a king, the man to move: drawn; each side holds.
    let r = web_engine::think("W:W22:BK1", "english", 6, Some(1), Some(30.0), None, None).unwrap();
    assert_eq!(num(&r, "score"), 0.0);
    let status = play_out("W:W22:BK1");
    assert_eq!(string(&status, "state"), "draw", "{status:?}");
    // The analysis says where its answer comes from.
    let mut a = web_engine::AnalysisHandle::new("B:WK29:BK1,K5", "english", None, Some(3)).unwrap();
    let d = a.deepen();
    assert!(get(&d, "tables").as_bool().unwrap());
    assert_eq!(string(&d, "text"), "Black wins");
    assert_eq!(string(&d, "detail"), "tables: 6 moves to convert");
    // Three lines asked for, both moves given, each judged by the tables.
    let lines = Array::from(&get(&d, "lines"));
    assert_eq!(lines.length(), 2);
    assert!(lines
        .iter()
        .all(|l| string(&l, "detail") == "from the tables"));
    assert_eq!(string(&lines.get(0), "text"), "Black wins");
    assert!(a.deepen().is_null(), "nothing deeper to find");
    let mut a = web_engine::AnalysisHandle::new("W:W22:BK1", "english", None, None).unwrap();
    let d = a.deepen();
    assert_eq!(string(&d, "text"), "Draw");
    assert_eq!(string(&d, "detail"), "from the tables");
    // The review, with every table the game reaches: each position is the tables' proven win
    // for Black (not a mate the search found, nor a plain score); without them, not so.
    let mut g = DraughtsGame::from_fen("B:WK29:BK1,K5", "english").unwrap();
    for _ in 0..2 {
        let r =
            web_engine::think(&g.link(), "english", 6, Some(1), Some(30.0), None, None).unwrap();
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
    let r = web_engine::think(
        "B:WK29:BK1,K5",
        "english",
        6,
        Some(1),
        Some(30.0),
        None,
        None,
    )
    .unwrap();
    assert!(!get(&r, "tables").as_bool().unwrap());
}
