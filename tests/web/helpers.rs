//! What every subject's tests share: reading the plain objects the exports return, the snapshot's
//! views of a game, and the errors a call throws.

use draughts::wasm::DraughtsGame;
use js_sys::{Array, Reflect};
use wasm_bindgen::{JsCast, JsValue};

pub fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("object")
}

/// A string property, or the English words of a message (`{ code, params, text }`) there.
pub fn string(v: &JsValue, key: &str) -> String {
    let value = get(v, key);
    match value.as_string() {
        Some(s) => s,
        None if value.is_object() => get(&value, "text").as_string().unwrap_or_default(),
        None => String::new(),
    }
}

pub fn num(v: &JsValue, key: &str) -> f64 {
    get(v, key).as_f64().expect("number")
}

pub fn nums(v: &JsValue) -> Vec<u8> {
    Array::from(v)
        .iter()
        .map(|x| x.as_f64().unwrap() as u8)
        .collect()
}

/// The page's one view of a game: its snapshot as it stands, results told with colours.
pub fn snap(g: &mut DraughtsGame) -> JsValue {
    g.snapshot(None, None, None)
}

/// The legal moves now, as the snapshot lists them (none once the game is over).
pub fn moves(g: &mut DraughtsGame) -> Vec<JsValue> {
    Array::from(&get(&snap(g), "legal")).iter().collect()
}

pub fn notations(g: &mut DraughtsGame) -> Vec<String> {
    moves(g).iter().map(|m| string(m, "notation")).collect()
}

/// The position as FEN.
pub fn fen(g: &mut DraughtsGame) -> String {
    string(&snap(g), "fen")
}

/// The texts of the moves played, in order.
pub fn history(g: &mut DraughtsGame) -> Vec<String> {
    Array::from(&get(&snap(g), "moves"))
        .iter()
        .map(|m| string(&m, "text"))
        .collect()
}

/// The side to move in the game.
pub fn turn(g: &mut DraughtsGame) -> String {
    string(&snap(g), "toMove")
}

/// The result, told to `player` when given.
pub fn status(g: &mut DraughtsGame, player: Option<&str>) -> JsValue {
    get(&g.snapshot(player.map(Into::into), None, None), "status")
}

/// `{ white: { men, kings, total }, black: … }`.
pub fn counts(g: &mut DraughtsGame) -> JsValue {
    get(&snap(g), "counts")
}

/// The message of the JS `Error` a call threw.
#[track_caller]
pub fn message<T>(r: Result<T, JsValue>) -> String {
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
pub fn said<T>(r: Result<T, JsValue>) -> JsValue {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(v) => js_sys::Reflect::get(&v, &"draughts".into()).expect("a draughts property"),
    }
}

/// Each `(key, words)`: the string property `key` of `v` reads `words` (`string`'s reading).
#[track_caller]
pub fn assert_words(v: &JsValue, expected: &[(&str, &str)]) {
    for (key, words) in expected {
        assert_eq!(string(v, key), *words, "{key}");
    }
}

/// A game set up from `fen` in `variant`, with `mv` played.
#[track_caller]
pub fn after(fen: &str, variant: &str, mv: &str) -> DraughtsGame {
    let mut g = DraughtsGame::from_fen(fen, variant).unwrap();
    g.apply_move(JsValue::from(mv), None).unwrap();
    g
}
