//! What the page lists: the variants in picker order ([`VariantView`]), the computer's levels
//! ([`LevelView`]) and the games of a PDN collection for a player to choose one
//! ([`GameHeaderView`]). Plain data (serde), built and tested natively; the wasm layer only
//! converts it.

use draughts_engine::Level;
use draughts_rules::excerpt::excerpt;
use draughts_rules::message::Message;
use draughts_rules::pdn::{parse_games, PdnError, PdnGame, RecordError, RecordKind};
use draughts_rules::square::Color;
use draughts_rules::variant::Variant;
use serde::Serialize;

/// A variant as the picker lists it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VariantView {
    pub name: &'static str,
    pub title: &'static str,
    /// Two lines separated by `\n`.
    pub summary: &'static str,
    /// Cells per side: 10 or 8.
    pub size: u8,
    /// Every cell of the board is played on (Turkish).
    pub full: bool,
    pub first: Color,
    /// Its records write squares as `c3` rather than by number (as the moves, labels and
    /// messages then do).
    pub algebraic: bool,
    /// The PDN `GameType` number.
    pub game_type: u8,
}

impl VariantView {
    /// Every variant the engine plays, in the order a picker lists them.
    pub fn all() -> Vec<VariantView> {
        Variant::ALL
            .iter()
            .map(|v| VariantView {
                name: v.name(),
                title: v.title(),
                summary: v.summary(),
                size: v.geometry().size(),
                full: v.geometry().is_full(),
                first: v.rules().first,
                algebraic: !v.rules().numbered,
                game_type: v.rules().pdn_game_type,
            })
            .collect()
    }
}

/// A level of the computer: `{ level: 1, name: "Beginner", book: false }`.
#[derive(Clone, Debug, Serialize)]
pub struct LevelView {
    pub level: u8,
    pub name: &'static str,
    /// The level plays from the variant's opening book, so the page fetches it.
    pub book: bool,
}

impl LevelView {
    /// The levels, weakest first.
    pub fn all() -> Vec<LevelView> {
        Level::ALL
            .iter()
            .map(|l| LevelView {
                level: l.number(),
                name: l.name(),
                book: draughts_engine::uses_book(*l),
            })
            .collect()
    }
}

/// One game of a PDN collection as a chooser lists it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameHeaderView {
    pub index: usize,
    /// Tag values, each at most a short excerpt; empty when absent or "?".
    pub event: String,
    pub date: String,
    pub white: String,
    pub black: String,
    /// The result token of the record (`2-0`, `1/2-1/2`, `*`).
    pub result: String,
    /// The `GameType` tag's number, when given.
    pub game_type: Option<String>,
    /// Move texts read (plies).
    pub plies: usize,
    /// Line of the text where the game starts.
    pub line: usize,
}

impl GameHeaderView {
    /// The games of a PDN text, for a player to choose one (none for a FEN).
    ///
    /// # Errors
    /// Bad PDN syntax (an unterminated tag, comment or variation), with its line.
    pub fn list(text: &str) -> Result<Vec<GameHeaderView>, Message> {
        if RecordKind::of(text) == RecordKind::Fen {
            return Ok(Vec::new());
        }
        let games =
            parse_games(text).map_err(|e| RecordError::from(PdnError::from(e)).message())?;
        Ok(games
            .iter()
            .enumerate()
            .map(|(index, g)| GameHeaderView::new(index, g))
            .collect())
    }

    fn new(index: usize, g: &PdnGame) -> GameHeaderView {
        let tag = |name: &str| match g.tag(name).map(str::trim) {
            None | Some("" | "?") => String::new(),
            Some(v) => excerpt(v),
        };
        GameHeaderView {
            index,
            event: tag("Event"),
            date: tag("Date"),
            white: tag("White"),
            black: tag("Black"),
            result: g
                .result
                .as_deref()
                .or(g.tag("Result"))
                .map_or_else(|| "*".to_owned(), excerpt),
            game_type: g.tag("GameType").map(excerpt),
            plies: g.moves.len(),
            line: g.line,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variants_and_levels_as_the_pickers_list_them() {
        let v = VariantView::all();
        assert_eq!(v.len(), 14);
        assert_eq!((v[1].name, v[1].first), ("english", Color::Black));
        for entry in &v {
            assert!(!entry.title.is_empty(), "{}", entry.name);
            assert_eq!(entry.summary.lines().count(), 2, "{}", entry.name);
            assert!([8, 10].contains(&entry.size), "{}", entry.name);
            assert!(entry.game_type > 0, "{}", entry.name);
            assert_eq!(entry.full, entry.name == "turkish");
        }
        assert!(v.iter().any(|e| e.name == "czech" && e.algebraic));
        let l = LevelView::all();
        assert_eq!(l.len(), 6);
        assert_eq!((l[0].level, l[0].name, l[0].book), (1, "Beginner", false));
        assert_eq!((l[5].name, l[5].book), ("Master", true));
    }

    #[test]
    fn a_collection_lists_each_game_by_its_tags() {
        let text = "[Event \"Final\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"2-0\"]\n\
                    1. 32-28 2-0\n\n[Event \"Blitz\"]\n[Date \"?\"]\n1. 33-28 18-22 *\n";
        let list = GameHeaderView::list(text).unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(
            (
                list[0].event.as_str(),
                list[0].white.as_str(),
                list[0].result.as_str()
            ),
            ("Final", "Ann", "2-0")
        );
        assert_eq!(
            (list[1].index, list[1].plies, list[1].date.as_str()),
            (1, 2, "")
        );
        assert!(list[1].line > 1);
        assert!(GameHeaderView::list("W:W31:B20").unwrap().is_empty());
        let e = GameHeaderView::list("{never closed").unwrap_err();
        assert!(e.text().contains("comment"), "{}", e.text());
    }
}
