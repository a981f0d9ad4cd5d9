//! The engine for JavaScript: [`DraughtsGame`], one long-lived handle on a game in play (see
//! [`game`]), and stateless calls: the variants and levels to list, the kind of a record and the
//! games of a PDN collection, the variant a record suggests, and the board editor's step.
//!
//! The page decides nothing about the rules: it draws one snapshot per change (legal moves with
//! their path, captured squares and promotion, the result and why), and plays moves by index.
//! Everything it is given is built natively (crates/views: snapshot.rs, session.rs, lists.rs,
//! editor.rs, …) and only converted here: values to plain objects, refusals to `Error`s (see
//! `draughts_views::convert`). Every fallible call leaves the game unchanged.
//!
//! The computer opponent lives in a Web Worker with a module of its own (crates/web-engine: a
//! search blocks the thread it runs on), and the endgame tables' builder in another
//! (crates/web-builder); both convert with `draughts_views::convert`, as this module does.

use draughts_rules::pdn::{suggest_variant, RecordKind};
use draughts_rules::variant::Variant;
use draughts_views::editor::Change;
use draughts_views::lists::{GameHeaderView, LevelView, VariantView};
use draughts_views::session::Refusal;
use wasm_bindgen::prelude::*;

mod game;

pub use game::DraughtsGame;

use draughts_views::convert::{field, init, parse_variant, plain, said, text_field, to_js};

/// A refusal as JavaScript sees it: the page's mistake a plain `Error` in English, a player's an
/// `Error` carrying the engine's message.
pub(crate) fn refused(r: Refusal) -> JsValue {
    match r {
        Refusal::Page(text) => plain(&text),
        Refusal::Player(m) => said(m),
    }
}

/// The board editor's one call: applies `change` (`{ square, color, role }`, or `{ square }` to
/// empty it, `{ turn }`, `{ reset: "empty" | "start" }`; `undefined` for none: see
/// [`draughts_views::editor::Change`]) to the board written as `fen` and returns `{ fen, turn, board,
/// problems, playable }`: the board may be illegal while it is set up (`problems` lists every
/// reason in words; `playable` is true when there is none).
///
/// # Errors
/// An unknown variant, FEN that does not read, or a change that names no square of the board,
/// no colour or no role.
#[wasm_bindgen(js_name = editSetup)]
pub fn edit_setup(fen: &str, variant: &str, change: JsValue) -> Result<JsValue, JsValue> {
    init();
    let variant = parse_variant(variant)?;
    let change = change_from(&change)?;
    let view = draughts_views::editor::edit(fen, variant, &change).map_err(refused)?;
    Ok(to_js(&view))
}

/// A board change from the editor (see [`Change`]); none, for undefined or null.
fn change_from(change: &JsValue) -> Result<Change, JsValue> {
    const WHAT: &str = "Not a board change";
    if change.is_undefined() || change.is_null() {
        return Ok(Change::default());
    }
    if !change.is_object() {
        return Err(plain(&format!("{WHAT}: an object is expected")));
    }
    let square = match field(change, "square") {
        None => None,
        Some(v) => Some(
            v.as_f64()
                .filter(|n| n.fract() == 0.0 && (0.0..=255.0).contains(n))
                .map(|n| n as u8)
                .ok_or_else(|| plain(&format!("{WHAT}: square must be a square's number")))?,
        ),
    };
    Ok(Change {
        square,
        color: text_field(change, "color", WHAT)?,
        role: text_field(change, "role", WHAT)?,
        turn: text_field(change, "turn", WHAT)?,
        reset: text_field(change, "reset", WHAT)?,
    })
}

/// The variants this engine plays, in the order a picker lists them:
/// `[{ name, title, summary, size, full, first, algebraic, gameType }]`. `summary` is two lines
/// separated by `\n`; `full` is true when every cell of the board is played on (Turkish);
/// `algebraic` when its records write squares as `c3` rather than by number (as the moves,
/// labels and messages then do); `gameType` is the PDN `GameType` number.
#[wasm_bindgen]
pub fn variants() -> JsValue {
    to_js(&VariantView::all())
}

/// The computer's levels, weakest first, as `[{ level, name, book }]`
/// (`{ level: 1, name: "Beginner", book: false }`); `book`: the level plays from the variant's
/// opening book, so the page fetches it for the computer's `think`.
#[wasm_bindgen]
pub fn levels() -> JsValue {
    to_js(&LevelView::all())
}

/// Whether a pasted or opened text is a FEN position (`"fen"`) or PDN (`"pdn"`): text without
/// tags that opens with one letter and a colon is a FEN attempt (`X:W31:B20` too, so that its
/// bad side letter is reported as a FEN error), anything else PDN.
#[wasm_bindgen(js_name = recordKind)]
pub fn record_kind(text: &str) -> String {
    match RecordKind::of(text) {
        RecordKind::Fen => "fen",
        RecordKind::Pdn => "pdn",
    }
    .to_owned()
}

/// The games of a PDN text, for a player to choose one: `[{ index, event, date, white, black,
/// result, gameType, plies, line }]` (empty for a FEN).
///
/// # Errors
/// Bad PDN syntax (an unterminated tag, comment or variation), with its line.
#[wasm_bindgen(js_name = pdnGames)]
pub fn pdn_games(text: &str) -> Result<JsValue, JsValue> {
    init();
    let list = GameHeaderView::list(text).map_err(said)?;
    Ok(to_js(&list))
}

/// Another variant whose rules read a record that `variant`'s do not (an English game pasted
/// while International is selected): its name, or `undefined` when `variant` reads it, the PDN
/// game names its variant in a `GameType` tag, or no variant reads it.
#[wasm_bindgen(js_name = suggestVariant)]
pub fn suggest_variant_for(text: &str, variant: &str, index: Option<usize>) -> Option<String> {
    let variant = variant.parse::<Variant>().ok()?;
    suggest_variant(text, variant, index.unwrap_or(0)).map(|v| v.name().to_owned())
}

/// A PDN collection read once for the library, handed out in chunks so that the page stays
/// responsive while it stores thousands of games (crates/views/src/library.rs).
///
/// ```js
/// const c = new PdnCollection(text, "english");
/// c.count();          // 10000
/// c.chunk(0, 500);    // [{ index, pdn, variant, problem, event, white, black, date, result, plies }]
/// ```
#[wasm_bindgen(js_name = PdnCollection)]
pub struct PdnCollection(draughts_views::library::Collection);

#[wasm_bindgen(js_class = PdnCollection)]
impl PdnCollection {
    /// Reads `text`; `variant` applies to games without a `GameType` tag.
    ///
    /// # Errors
    /// An unknown variant, or bad PDN syntax with its line.
    #[wasm_bindgen(constructor)]
    pub fn new(text: String, variant: &str) -> Result<PdnCollection, JsValue> {
        init();
        let variant = parse_variant(variant)?;
        draughts_views::library::Collection::read(text, variant)
            .map(PdnCollection)
            .map_err(said)
    }

    /// How many games the text holds.
    pub fn count(&self) -> usize {
        self.0.len()
    }

    /// Games `start..start + count` (fewer at the end).
    pub fn chunk(&self, start: usize, count: usize) -> JsValue {
        to_js(&self.0.chunk(start, count))
    }
}
