//! The opening explorer's index ([`draughts_views::explorer`]), built in a worker of its own from
//! the games a player imported into the library, with the variant's opening book: the page sends
//! the records once, then asks for the moves of each position shown.
//!
//! ```js
//! const index = new ExplorerIndex("international", bookBytes);  // bookBytes may be undefined
//! for (const text of records) index.add(text);                  // false: not read, or another variant's
//! index.moves(snap.fen);  // [{ index, notation, games, white, draws, black, book }]
//! ```

use draughts_engine::book::Book;
use draughts_rules::game::Game;
use draughts_rules::variant::Variant;
use draughts_views::convert::{parse_variant, said, to_js};
use draughts_views::explorer::Explorer;
use draughts_views::record::game_from_record;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct ExplorerIndex {
    explorer: Explorer,
    book: Option<Book>,
}

#[wasm_bindgen]
impl ExplorerIndex {
    /// An empty index of `variant`'s games, with its opening book's bytes when given (a book
    /// that does not read, or is another variant's, is left out: the games still count).
    ///
    /// # Errors
    /// An unknown variant.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, book: Option<Vec<u8>>) -> Result<ExplorerIndex, JsValue> {
        let variant: Variant = parse_variant(variant)?;
        Ok(ExplorerIndex {
            explorer: Explorer::new(variant),
            book: book.and_then(|b| Book::for_variant(&b, variant).ok()),
        })
    }

    /// Adds the first game of a record (PDN or FEN); false when it does not read or is another
    /// variant's.
    pub fn add(&mut self, record: &str) -> bool {
        game_from_record(record, self.explorer.variant()).is_ok_and(|g| self.explorer.add(&g))
    }

    /// Games added.
    pub fn games(&self) -> usize {
        self.explorer.games()
    }

    /// Whether the variant's book came with the index.
    #[wasm_bindgen(js_name = hasBook)]
    pub fn has_book(&self) -> bool {
        self.book.is_some()
    }

    /// The moves from the position `fen`: `[{ index, notation, games, white, draws, black, book }]`,
    /// most played first (see [`Explorer::moves`]).
    ///
    /// # Errors
    /// A FEN that does not read as a position of the variant.
    pub fn moves(&self, fen: &str) -> Result<JsValue, JsValue> {
        let game = Game::from_fen(fen, self.explorer.variant()).map_err(|e| said(e.message()))?;
        Ok(to_js(
            &self.explorer.moves(game.position(), self.book.as_ref()),
        ))
    }
}
