//! Building the tables in the page: a pair of tables a call, so that the worker that builds
//! them reports progress between calls (see `tables` above for the whole picture).
use draughts_engine::egdb::builder::Builder;
use draughts_views::convert::{egdb_error, parse_names};
use draughts_views::convert::{init, parse_variant};
use wasm_bindgen::prelude::*;

/// A build of named tables, a pair per [`BuilderHandle::step`].
#[wasm_bindgen(js_name = EndgameBuilder)]
pub struct BuilderHandle(Builder);

#[wasm_bindgen(js_class = EndgameBuilder)]
impl BuilderHandle {
    /// # Errors
    /// An unknown variant, a bad name, or an `EgdbError` (a variant that cannot be tabled).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, names: Vec<String>) -> Result<BuilderHandle, JsValue> {
        init();
        let v = parse_variant(variant)?;
        let wanted = parse_names(&names)?;
        Builder::new(v, &wanted)
            .map(BuilderHandle)
            .map_err(egdb_error)
    }

    /// Takes a table built before (its file bytes); returns its name.
    ///
    /// # Errors
    /// An `EgdbError` when the bytes are not a sound table of the variant.
    pub fn add(&mut self, bytes: Vec<u8>) -> Result<String, JsValue> {
        self.0.add(bytes).map(|s| s.name()).map_err(egdb_error)
    }

    /// Tables wanted.
    pub fn total(&self) -> usize {
        self.0.total()
    }

    /// Tables finished (built or handed over).
    pub fn done(&self) -> usize {
        self.0.done()
    }

    /// Builds the next pair of tables and returns them, `[{ name, bytes }]` (bytes: the
    /// file, a `Uint8Array`), or `null` when every table is finished.
    ///
    /// # Errors
    /// An `EgdbError` (a table the pair needs is missing: not expected from a plan).
    pub fn step(&mut self) -> Result<JsValue, JsValue> {
        let Some(tables) = self.0.step().map_err(egdb_error)? else {
            return Ok(JsValue::NULL);
        };
        let out = js_sys::Array::new();
        for (sig, bytes) in tables {
            let o = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&o, &"name".into(), &sig.name().into());
            let arr = js_sys::Uint8Array::from(&bytes[..]);
            let _ = js_sys::Reflect::set(&o, &"bytes".into(), &arr);
            out.push(&o);
        }
        Ok(out.into())
    }
}
