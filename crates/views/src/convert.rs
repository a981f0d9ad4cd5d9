//! What every wasm module of the game shares: JavaScript values from Rust's (plain objects,
//! `Error`s a player reads), the time, and the variant and table names the page passes.

use draughts_engine::egdb::{EgdbError, Signature};
use draughts_rules::message::Message;
use draughts_rules::variant::Variant;
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub fn init() {
    console_error_panic_hook::set_once();
}

#[wasm_bindgen]
extern "C" {
    /// Milliseconds from the page's (or worker's) time origin: the clocks' and the search's
    /// time, since `std::time` does not exist on wasm32-unknown-unknown.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    pub fn performance_now() -> f64;
}

/// A time from JavaScript for the clock: `now` when it is a finite number, else the present.
pub fn at(now: f64) -> f64 {
    if now.is_finite() {
        now
    } else {
        performance_now()
    }
}

pub fn to_js<T: Serialize>(value: &T) -> JsValue {
    // Plain data of our own making always serializes; a failure would be a bug, shown as null.
    // `None` becomes `null` (not `undefined`) so arrays such as `board()` keep their holes; maps
    // (a message's parameters) become plain objects.
    let ser = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    value.serialize(&ser).unwrap_or(JsValue::NULL)
}

/// Property `key` of a plain object from the page; `None` when it is absent (undefined or null).
/// Read by hand rather than through serde's `Deserialize`, whose error messages would bring
/// float formatting and a deserializer into the page's module for two small objects.
pub fn field(obj: &JsValue, key: &str) -> Option<JsValue> {
    js_sys::Reflect::get(obj, &JsValue::from_str(key))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// Text property `key` of a plain object: `None` when absent.
///
/// # Errors
/// The property is there but not text, told as `what`'s problem.
pub fn text_field(obj: &JsValue, key: &str, what: &str) -> Result<Option<String>, JsValue> {
    field(obj, key)
        .map(|v| {
            v.as_string()
                .ok_or_else(|| plain(&format!("{what}: {key} must be text")))
        })
        .transpose()
}

/// An error for a programming mistake on the page's side (a bad argument): English only.
pub fn plain(text: &str) -> JsValue {
    js_sys::Error::new(text).into()
}

/// An error told to a player: a JS `Error` whose `message` is the English words and whose
/// `draughts` property is the message (`{ code, params, text }`) for the page to translate.
pub fn said(m: Message) -> JsValue {
    let err = js_sys::Error::new(&m.text());
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("draughts"), &to_js(&m));
    err.into()
}

pub fn parse_variant(name: &str) -> Result<Variant, JsValue> {
    name.parse::<Variant>().map_err(|e| plain(&e.to_string()))
}

/// A JS `Error` named `EgdbError`, its `kind` one of `unsupported`, `damaged`, `version`,
/// `missing`, `too-deep`, `too-many-pieces`.
pub fn egdb_error(e: EgdbError) -> JsValue {
    let kind = match &e {
        EgdbError::Unsupported { .. } => "unsupported",
        EgdbError::TooManyPieces { .. } => "too-many-pieces",
        EgdbError::Missing { .. } => "missing",
        EgdbError::Corrupt { .. } | EgdbError::Io { .. } => "damaged",
        EgdbError::Version { .. } => "version",
        EgdbError::TooDeep { .. } => "too-deep",
    };
    let err = js_sys::Error::new(&e.to_string());
    err.set_name("EgdbError");
    let _ = js_sys::Reflect::set(&err, &"kind".into(), &kind.into());
    err.into()
}

pub fn parse_names(names: &[String]) -> Result<Vec<Signature>, JsValue> {
    names
        .iter()
        .map(|n| Signature::parse(n).ok_or_else(|| plain(&format!("{n:?} is not a table name"))))
        .collect()
}
