//! PDN (Portable Draughts Notation): reading game collections and writing a game.
//!
//! Reading is lenient where real files are sloppy (move numbers glued to moves, `1- 7` with a
//! space, `2-0` and `1/2-1/2` results, NAGs, variations whose moves do not all replay) and
//! strict where text is broken (an unterminated comment, tag or variation is an error).
//! Comments and variations (RAV, nested) are kept, and written back.
//! Short move texts that fit several legal moves are resolved by trying each against the rest of
//! the game.

mod parse;
#[cfg(test)]
mod tests;
mod write;

pub use parse::{parse_each_game, parse_games};
use write::move_number;
pub use write::{result_token, write_game, write_game_clocked};

use crate::excerpt::excerpt;
use crate::fen::FenError;
use crate::game::Game;
use crate::message::Message;
use crate::notation::{self, MoveTextError};
use crate::position::Position;
use crate::variant::Variant;
use crate::variation::{Line, Variation};

/// One game as written: its tags, move texts and result token.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PdnGame {
    pub tags: Vec<(String, String)>,
    /// Move texts in order, move numbers removed.
    pub moves: Vec<String>,
    pub result: Option<String>,
    /// Line of the file where the game starts (1-based).
    pub line: usize,
    /// Comments (`{…}` and `; …` to the end of the line) outside variations, as
    /// `(moves before it, text)`: 0 for a comment before the first move.
    pub comments: Vec<(usize, String)>,
    /// Variations of the main line (PDN's RAV), each after the move it replaces.
    pub variations: Vec<PdnVariation>,
}

/// A variation as written (`( … )` after the move it replaces), with its own comments and
/// variations, counted in its own moves.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PdnVariation {
    /// Index of the move it replaces in its parent's moves.
    pub replaces: usize,
    pub moves: Vec<String>,
    /// `(moves of the variation before it, text)`: 0 opens the variation.
    pub comments: Vec<(usize, String)>,
    pub variations: Vec<PdnVariation>,
}

/// Text that is not PDN.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParsePdnError {
    pub line: usize,
    /// What is wrong: a `pdn.*` message.
    pub problem: Message,
}

impl ParsePdnError {
    pub fn message(&self) -> Message {
        Message::new("pdn.line")
            .with("line", self.line)
            .with("problem", self.problem.clone())
    }
}

/// A game whose moves do not replay.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PdnError {
    Syntax(ParsePdnError),
    NoGame,
    NoSuchGame {
        index: usize,
        count: usize,
    },
    GameType(String),
    Fen(crate::fen::FenError),
    Illegal {
        /// Index of the move in the game (0-based ply).
        ply: usize,
        /// Move number as written in PDN, e.g. `12.` or `12...`.
        move_number: String,
        text: String,
        reason: Message,
    },
}

impl PdnError {
    pub fn message(&self) -> Message {
        match self {
            PdnError::Syntax(e) => e.message(),
            PdnError::NoGame => Message::new("pdn.no-game"),
            PdnError::NoSuchGame { index, count } => Message::new("pdn.no-such-game")
                .with("count", *count)
                .with("number", index + 1),
            PdnError::GameType(text) => Message::new("pdn.game-type").with("text", text.as_str()),
            PdnError::Fen(e) => Message::new("pdn.fen").with("cause", e.message()),
            PdnError::Illegal {
                move_number,
                text,
                reason,
                ..
            } => Message::new("pdn.illegal")
                .with("number", move_number.as_str())
                .with("text", text.as_str())
                .with("reason", reason.clone()),
        }
    }
}

impl From<ParsePdnError> for PdnError {
    fn from(e: ParsePdnError) -> PdnError {
        PdnError::Syntax(e)
    }
}

impl From<crate::fen::FenError> for PdnError {
    fn from(e: crate::fen::FenError) -> PdnError {
        PdnError::Fen(e)
    }
}

crate::error_by_message!(ParsePdnError, PdnError);

impl PdnGame {
    /// The value of a tag (names compare case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The variant named by the `GameType` tag, or `default` without one.
    ///
    /// # Errors
    /// A `GameType` this engine does not play.
    pub fn variant(&self, default: Variant) -> Result<Variant, PdnError> {
        match self.tag("GameType") {
            None => Ok(default),
            Some(t) => {
                let first = t.split(',').next().unwrap_or("").trim();
                first
                    .parse::<u8>()
                    .ok()
                    .and_then(Variant::from_pdn_game_type)
                    .ok_or_else(|| PdnError::GameType(excerpt(t)))
            }
        }
    }

    /// Replays the moves into a [`Game`], trying each reading of an ambiguous move.
    ///
    /// # Errors
    /// A bad `GameType` or `FEN` tag, or a move that no reading of the game makes legal
    /// (reported at the furthest point any reading reached).
    pub fn replay(&self, default: Variant) -> Result<Game, PdnError> {
        let variant = self.variant(default)?;
        let mut game = match self.tag("FEN") {
            Some(fen) if !fen.trim().is_empty() => Game::from_fen(fen, variant)?,
            _ => Game::new(variant),
        };
        let mut furthest: Option<PdnError> = None;
        let mut budget = 10_000usize;
        if self.replay_from(&mut game, 0, &mut furthest, &mut budget) {
            self.apply_result(&mut game);
            let played = game.moves().len();
            for (after, text) in &self.comments {
                game.add_comment((*after).min(played), text);
            }
            game.variations = replay_variations(game.positions(), 0, &self.variations);
            Ok(game)
        } else {
            Err(furthest.expect("a failed replay records why"))
        }
    }

    /// A game the board has not decided ends as its result says, kept as a result "as recorded":
    /// the record does not say whether a side resigned, lost on time or the game was adjudicated.
    fn apply_result(&self, game: &mut Game) {
        if game.status().is_over() {
            return;
        }
        let token = self.result.as_deref().or(self.tag("Result")).unwrap_or("*");
        let first = game.variant().rules().first;
        // A loss on time (the PGN Termination value, as `write_game` writes it): the flag falls
        // for the side to move, so the record's result says whether it lost or drew.
        if self
            .tag("Termination")
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("time forfeit"))
        {
            let flagged = game.position().turn();
            let winner = match token {
                "1-0" | "2-0" => Some(first),
                "0-1" | "0-2" => Some(first.other()),
                _ => None,
            };
            match (winner, token) {
                (Some(w), _) if w != flagged => return game.record_time_out(flagged, false),
                (None, "1/2-1/2" | "1-1" | "½-½") => return game.record_time_out(flagged, true),
                _ => {}
            }
        }
        match token {
            "1-0" | "2-0" => game.record_result(Some(first)),
            "0-1" | "0-2" => game.record_result(Some(first.other())),
            "1/2-1/2" | "1-1" | "½-½" => game.record_result(None),
            _ => {}
        }
    }

    fn replay_from(
        &self,
        game: &mut Game,
        ply: usize,
        furthest: &mut Option<PdnError>,
        budget: &mut usize,
    ) -> bool {
        let mut ply = ply;
        loop {
            let Some(text) = self.moves.get(ply) else {
                return true;
            };
            let fail = |reason: Message, furthest: &mut Option<PdnError>| {
                let further = match furthest {
                    Some(PdnError::Illegal { ply: p, .. }) => ply >= *p,
                    _ => true,
                };
                if further {
                    *furthest = Some(PdnError::Illegal {
                        ply,
                        move_number: move_number(game, ply),
                        text: excerpt(text),
                        reason,
                    });
                }
            };
            let found = match notation::candidates(game.position(), text) {
                Ok(found) => found,
                Err(MoveTextError::Illegal { reason, .. }) => {
                    fail(reason, furthest);
                    return false;
                }
                Err(e) => {
                    fail(e.message(), furthest);
                    return false;
                }
            };
            if found.len() == 1 {
                game.push(&found[0]).expect("candidates are legal");
                ply += 1;
                continue;
            }
            for m in &found {
                if *budget == 0 {
                    break;
                }
                *budget -= 1;
                let mut attempt = game.clone();
                attempt.push(m).expect("candidates are legal");
                if self.replay_from(&mut attempt, ply + 1, furthest, budget) {
                    *game = attempt;
                    return true;
                }
            }
            if furthest.is_none() {
                fail(Message::new("pdn.ambiguous"), furthest);
            }
            return false;
        }
    }
}

/// Side lines read from a record, replayed from the line they hang from (`line`: its positions
/// from ply `base`, before each of its moves). A move that does not replay ends its variation
/// there, and an ambiguous one is read as the first of its readings the next move follows:
/// annotators' variations are sometimes sloppy, and a game is not refused for a side remark. The
/// game's own moves are read strictly ([`PdnGame::replay`]).
fn replay_variations(line: &[Position], base: usize, written: &[PdnVariation]) -> Vec<Variation> {
    let mut out = Vec::new();
    for v in written {
        let Some(start) = line.get(v.replaces) else {
            continue;
        };
        let at = base + v.replaces;
        let mut positions = vec![*start];
        let mut moves = Vec::new();
        for (k, text) in v.moves.iter().enumerate() {
            let pos = positions[positions.len() - 1];
            let found = notation::candidates(&pos, text).unwrap_or_default();
            let follows = |m: &crate::mv::Move| {
                let mut next = pos;
                next.play_unchecked(m);
                v.moves
                    .get(k + 1)
                    .is_none_or(|t| notation::candidates(&next, t).is_ok_and(|c| !c.is_empty()))
            };
            let Some(m) = found.iter().find(|m| follows(m)).or(found.first()) else {
                break;
            };
            let mut next = pos;
            next.play_unchecked(m);
            moves.push(*m);
            positions.push(next);
        }
        if moves.is_empty() {
            continue;
        }
        let mut comments = Vec::new();
        for (after, text) in &v.comments {
            crate::variation::add_comment(&mut comments, at + (*after).min(moves.len()), text);
        }
        out.push(Variation {
            at,
            line: Line {
                variations: replay_variations(&positions, at, &v.variations),
                moves,
                comments,
            },
        });
    }
    out
}

/// The first game of a PDN text, replayed.
///
/// # Errors
/// Bad syntax, no game in the text, or a move that does not replay.
pub fn read_game(text: &str, default: Variant) -> Result<Game, PdnError> {
    read_nth_game(text, default, 0)
}

/// Game `index` (0-based) of a PDN text, replayed.
///
/// # Errors
/// Bad syntax, fewer games in the text, or a move that does not replay.
pub fn read_nth_game(text: &str, default: Variant, index: usize) -> Result<Game, PdnError> {
    let games = parse_games(text)?;
    if games.is_empty() {
        return Err(PdnError::NoGame);
    }
    let count = games.len();
    games
        .get(index)
        .ok_or(PdnError::NoSuchGame { index, count })?
        .replay(default)
}

/// What a pasted or opened record is: a FEN position or PDN games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RecordKind {
    Fen,
    Pdn,
}

impl RecordKind {
    /// A FEN attempt is text without tags that opens with one letter and a colon, the side to
    /// move: `W:W31-50:B1-20`, and also `X:W31:B20`, whose bad side letter is then reported as a
    /// FEN error rather than read as moves. Anything else is PDN (a `[FEN "…"]` tag included).
    /// PDN movetext cannot open that way: it starts with a move number, a square (`32`, `c3`),
    /// a tag, a comment or a result.
    pub fn of(text: &str) -> RecordKind {
        if text.contains('[') {
            return RecordKind::Pdn;
        }
        let t = text.trim_start_matches('\u{feff}').trim_start();
        let t = t.trim_start_matches('"').trim_start();
        let mut chars = t.chars();
        let opens_fen = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.as_str().trim_start().starts_with(':');
        if opens_fen {
            RecordKind::Fen
        } else {
            RecordKind::Pdn
        }
    }
}

/// A record that does not read, told as FEN or PDN.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    Fen(FenError),
    Pdn(PdnError),
}

impl RecordError {
    pub fn message(&self) -> Message {
        match self {
            RecordError::Fen(e) => Message::new("record.fen").with("cause", e.message()),
            RecordError::Pdn(e) => Message::new("record.pdn").with("cause", e.message()),
        }
    }
}

impl From<FenError> for RecordError {
    fn from(e: FenError) -> RecordError {
        RecordError::Fen(e)
    }
}

impl From<PdnError> for RecordError {
    fn from(e: PdnError) -> RecordError {
        RecordError::Pdn(e)
    }
}

crate::error_by_message!(RecordError);

/// The game in a record: a FEN position (see [`RecordKind::of`]) or game `index` of a PDN
/// text. `default` is the variant of a FEN, and of a PDN game without a `GameType` tag.
///
/// # Errors
/// The FEN or PDN does not read, as [`RecordError`].
pub fn read_record(text: &str, default: Variant, index: usize) -> Result<Game, RecordError> {
    match RecordKind::of(text) {
        RecordKind::Fen => Ok(Game::from_fen(text.trim().trim_matches('"'), default)?),
        RecordKind::Pdn => Ok(read_nth_game(text, default, index)?),
    }
}

/// Another variant that reads a record `default` does not: the first in [`Variant::ALL`] whose
/// rules replay the PDN game (which has no `GameType` tag, or it would name its variant) or make
/// the FEN a legal position. `None` when `default` reads it, or no variant does.
pub fn suggest_variant(text: &str, default: Variant, index: usize) -> Option<Variant> {
    let tagged = RecordKind::of(text) == RecordKind::Pdn
        && parse_games(text)
            .ok()?
            .get(index)?
            .tag("GameType")
            .is_some();
    if tagged || read_record(text, default, index).is_ok() {
        return None;
    }
    Variant::ALL
        .into_iter()
        .filter(|&v| v != default)
        .find(|&v| read_record(text, v, index).is_ok())
}
