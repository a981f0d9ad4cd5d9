//! A PDN collection as games of the page's library: the text is read once ([`Collection::read`]),
//! then handed out a chunk at a time ([`Collection::chunk`]) so that the page can store ten
//! thousand games without freezing. Each game comes with its own text (the lines of the
//! collection it was written on, opened later with the page's `restore`) and what the library
//! lists of it: variant, players, event, date, result token and plies. A game whose `GameType`
//! this engine does not play is listed with its problem in words instead of a variant.

use draughts_rules::excerpt::excerpt;
use draughts_rules::message::Message;
use draughts_rules::pdn::{parse_games, PdnError, PdnGame, RecordError, RecordKind};
use draughts_rules::variant::Variant;
use serde::Serialize;

/// A PDN text read once, its games handed out in chunks.
pub struct Collection {
    text: String,
    games: Vec<PdnGame>,
    /// Byte offset where each game's text starts, and the text's length last.
    starts: Vec<usize>,
    default: Variant,
}

/// One game of a collection as the library keeps it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LibraryGame {
    pub index: usize,
    /// The game's own PDN text (its tags and moves).
    pub pdn: String,
    /// The variant its `GameType` tag names, or the collection's default; `None` when the tag
    /// names a variant this engine does not play (see `problem`).
    pub variant: Option<&'static str>,
    /// Why the game cannot be kept, in words.
    pub problem: Option<Message>,
    /// Tag values, each at most a short excerpt; empty when absent or "?".
    pub event: String,
    pub white: String,
    pub black: String,
    /// The `Date` tag as `YYYY-MM-DD` (unknown parts kept as `??`), for sorting; empty without.
    pub date: String,
    /// The result token of the record (`2-0`, `1/2-1/2`, `*`).
    pub result: String,
    /// Move texts read (plies).
    pub plies: usize,
}

impl Collection {
    /// Reads a PDN text's games; `default` is the variant of a game without a `GameType` tag.
    /// A FEN is no collection: it reads as no games.
    ///
    /// # Errors
    /// Bad PDN syntax (an unterminated tag, comment or variation), with its line.
    pub fn read(text: String, default: Variant) -> Result<Collection, Message> {
        let games = if RecordKind::of(&text) == RecordKind::Fen {
            Vec::new()
        } else {
            parse_games(&text).map_err(|e| RecordError::from(PdnError::from(e)).message())?
        };
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut starts: Vec<usize> = games
            .iter()
            .map(|g| {
                line_starts
                    .get(g.line.saturating_sub(1))
                    .copied()
                    .unwrap_or(0)
            })
            .collect();
        starts.push(text.len());
        Ok(Collection {
            text,
            games,
            starts,
            default,
        })
    }

    /// How many games the text holds.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Games `start..start + count` (fewer at the end, none past it).
    pub fn chunk(&self, start: usize, count: usize) -> Vec<LibraryGame> {
        let end = start.saturating_add(count).min(self.games.len());
        (start.min(end)..end).map(|i| self.game(i)).collect()
    }

    fn game(&self, index: usize) -> LibraryGame {
        let g = &self.games[index];
        let (from, to) = (
            self.starts[index],
            self.starts[index + 1].max(self.starts[index]),
        );
        let tag = |name: &str| match g.tag(name).map(str::trim) {
            None | Some("" | "?") => String::new(),
            Some(v) => excerpt(v),
        };
        let (variant, problem) = match g.variant(self.default) {
            Ok(v) => (Some(v.name()), None),
            Err(e) => (None, Some(RecordError::from(e).message())),
        };
        LibraryGame {
            index,
            pdn: self.text.get(from..to).unwrap_or("").trim().to_owned(),
            variant,
            problem,
            event: tag("Event"),
            white: tag("White"),
            black: tag("Black"),
            date: tag("Date").replace('.', "-"),
            result: g
                .result
                .as_deref()
                .or(g.tag("Result"))
                .map_or_else(|| "*".to_owned(), excerpt),
            plies: g.moves.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::pdn::read_game;

    const TWO: &str = "[Event \"Final\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Date \"1990.05.??\"]\n\
                       [Result \"2-0\"]\n\n1. 32-28 2-0\n\n[Event \"Blitz\"]\n[GameType \"21\"]\n\
                       1. 11-15 23-19 *\n\n[Event \"Odd\"]\n[GameType \"99\"]\n1. 11-15 *\n";

    #[test]
    fn each_game_comes_with_its_own_text_and_what_the_list_shows() {
        let c = Collection::read(TWO.to_owned(), Variant::International).unwrap();
        assert_eq!(c.len(), 3);
        let all = c.chunk(0, 10);
        assert_eq!(all.len(), 3);
        let first = &all[0];
        assert_eq!(
            (
                first.event.as_str(),
                first.white.as_str(),
                first.black.as_str()
            ),
            ("Final", "Ann", "Bo")
        );
        assert_eq!(
            (first.date.as_str(), first.result.as_str(), first.plies),
            ("1990-05-??", "2-0", 1)
        );
        assert_eq!(first.variant, Some("international"));
        assert!(first.pdn.starts_with("[Event \"Final\"]") && first.pdn.ends_with("2-0"));
        assert!(!first.pdn.contains("Blitz"));
        // Each game's text replays alone, in the variant it names.
        let second = &all[1];
        assert_eq!(second.variant, Some("english"));
        let g = read_game(&second.pdn, Variant::International).unwrap();
        assert_eq!((g.variant(), g.moves().len()), (Variant::English, 2));
        assert!(second.date.is_empty() && second.white.is_empty());
        // A variant this engine does not play is a problem in words, not a failure.
        let odd = &all[2];
        assert_eq!(odd.variant, None);
        assert!(odd.problem.as_ref().unwrap().text().contains("99"));
    }

    #[test]
    fn chunks_cover_the_collection_once() {
        let text: String = (0..25)
            .map(|i| format!("[Event \"G{i}\"]\n1. 32-28 *\n\n"))
            .collect();
        let c = Collection::read(text, Variant::International).unwrap();
        let mut seen = Vec::new();
        let mut start = 0;
        loop {
            let chunk = c.chunk(start, 10);
            if chunk.is_empty() {
                break;
            }
            start += chunk.len();
            seen.extend(chunk.into_iter().map(|g| g.event));
        }
        assert_eq!(seen.len(), 25);
        assert_eq!((seen[0].as_str(), seen[24].as_str()), ("G0", "G24"));
        assert!(c.chunk(usize::MAX, 10).is_empty());
    }

    #[test]
    fn a_fen_is_no_collection_and_bad_syntax_is_told() {
        let c = Collection::read("W:W31-50:B1-20".to_owned(), Variant::International).unwrap();
        assert!(c.is_empty());
        let e = Collection::read("{never closed".to_owned(), Variant::International)
            .err()
            .unwrap();
        assert!(e.text().contains("comment"), "{}", e.text());
    }
}
