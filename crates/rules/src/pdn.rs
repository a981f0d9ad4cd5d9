//! PDN (Portable Draughts Notation): reading game collections and writing a game.
//!
//! Reading is lenient where real files are sloppy (move numbers glued to moves, `1- 7` with a
//! space, `2-0` and `1/2-1/2` results, comments, NAGs and variations, which are skipped) and
//! strict where text is broken (an unterminated comment, tag or variation is an error).
//! Short move texts that fit several legal moves are resolved by trying each against the rest of
//! the game.

use crate::clock::{pdn_clock_text, PdnClock, TimeControl};
use crate::excerpt::excerpt;
use crate::fen::write_fen;
use crate::fen::FenError;
use crate::game::{DrawReason, Game, PdnTags, Status, WinReason};
use crate::message::Message;
use crate::notation::{self, MoveTextError};
use crate::position::Position;
use crate::variant::{Scoring, Variant};
use std::fmt::Write as _;

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

/// The PDN move number of a ply in a game: `12.` for the first player's move, `12...` otherwise.
fn move_number(game: &Game, ply: usize) -> String {
    let n = game.move_number(ply);
    // The first player's move opens its number; the other's continues the number before it.
    let opens = match ply.checked_sub(1) {
        Some(before) => game.move_number(before) != n,
        None => game.start().turn() == game.variant().rules().first,
    };
    if opens {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

const RESULTS: [&str; 9] = [
    "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*", "½-½",
];

/// Splits PDN text into games.
///
/// # Errors
/// An unterminated tag, comment or variation, with its line.
pub fn parse_games(text: &str) -> Result<Vec<PdnGame>, ParsePdnError> {
    let chars: Vec<char> = text.chars().collect();
    let mut games = Vec::new();
    let mut cur = PdnGame {
        line: 1,
        ..PdnGame::default()
    };
    read_games(&chars, 0, 1, &mut games, &mut cur, &mut Vec::new())?;
    Ok(games)
}

/// Splits PDN text into games, going on after a damaged one: a game with a syntax error (an
/// unterminated tag or comment, binary noise) is an `Err` in its place, and reading resumes at
/// the next game, the next line that opens an `[Event` tag or a tag section after a blank line.
pub fn parse_each_game(text: &str) -> Vec<Result<PdnGame, ParsePdnError>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut start, mut start_line) = (0, 1);
    loop {
        let mut games = Vec::new();
        let mut cur = PdnGame {
            line: start_line,
            ..PdnGame::default()
        };
        let mut words = Vec::new();
        let read = read_games(&chars, start, start_line, &mut games, &mut cur, &mut words);
        let Err(e) = read else {
            out.extend(games.into_iter().map(Ok));
            return out;
        };
        // A game whose result was read is whole: the damage comes after it.
        if words.last().is_some_and(|w| is_result(&cur, w)) {
            finish(&mut games, &mut cur, &mut words, e.line);
        }
        out.extend(games.into_iter().map(Ok));
        let line = e.line;
        out.push(Err(e));
        match next_game_start(&chars, start, start_line, line) {
            Some((i, l)) => (start, start_line) = (i, l),
            None => return out,
        }
    }
}

/// The offset and line of the first line after `after_line` that starts a game: an `[Event` tag,
/// or a tag after a blank line. `from` is the offset of line `from_line`.
fn next_game_start(
    chars: &[char],
    from: usize,
    from_line: usize,
    after_line: usize,
) -> Option<(usize, usize)> {
    let mut line = from_line;
    let mut i = from;
    let mut blank_before = false;
    while i < chars.len() {
        let end = chars[i..]
            .iter()
            .position(|&c| c == '\n')
            .map_or(chars.len(), |n| i + n);
        let text: String = chars[i..end].iter().collect();
        let text = text.trim();
        if line > after_line
            && (text.starts_with("[Event") || (blank_before && text.starts_with('[')))
        {
            return Some((i, line));
        }
        blank_before = text.is_empty();
        i = end + 1;
        line += 1;
    }
    None
}

/// Whether a movetext word is the game's result: a result token, or the Result tag's value.
fn is_result(game: &PdnGame, word: &str) -> bool {
    RESULTS.contains(&word) || game.tag("Result") == Some(word)
}

/// Ends the game being read, if it has anything in it.
fn finish(games: &mut Vec<PdnGame>, cur: &mut PdnGame, words: &mut Vec<String>, line: usize) {
    let (joined, joined_after) = join_split_moves(std::mem::take(words));
    // Moves read before each joined word, so that comments (placed by word) follow their move.
    let mut moves_before = Vec::with_capacity(joined.len() + 1);
    for w in joined {
        moves_before.push(cur.moves.len());
        if cur.result.is_none() {
            if is_result(cur, &w) {
                cur.result = Some(w);
            } else {
                cur.moves.push(w);
            }
        }
    }
    moves_before.push(cur.moves.len());
    for (at, _) in &mut cur.comments {
        let joined_index = joined_after.get(*at).copied().unwrap_or(usize::MAX);
        *at = moves_before
            .get(joined_index)
            .copied()
            .unwrap_or(cur.moves.len());
    }
    if !cur.tags.is_empty() || !cur.moves.is_empty() || cur.result.is_some() {
        games.push(std::mem::take(cur));
    }
    cur.line = line;
}

/// Reads games from offset `i` (on line `line`) into `games`. On an error, `cur` and `words`
/// hold the game being read.
fn read_games(
    chars: &[char],
    mut i: usize,
    mut line: usize,
    games: &mut Vec<PdnGame>,
    cur: &mut PdnGame,
    words: &mut Vec<String>,
) -> Result<(), ParsePdnError> {
    let err = |line: usize, code: &'static str| ParsePdnError {
        line,
        problem: Message::new(code),
    };

    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            // A byte-order mark, as editors on some systems write, counts as blank.
            c if c.is_whitespace() || c == '\u{feff}' => i += 1,
            '[' => {
                let start_line = line;
                if !words.is_empty() || cur.result.is_some() {
                    finish(games, cur, words, line);
                }
                if cur.tags.is_empty() {
                    cur.line = start_line;
                }
                i += 1;
                let mut name = String::new();
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    name.push(chars[i]);
                    i += 1;
                }
                while i < chars.len() && chars[i] != '"' && chars[i] != ']' {
                    if chars[i] == '\n' {
                        return Err(err(start_line, "pdn.unterminated-tag"));
                    }
                    i += 1;
                }
                let mut value = String::new();
                if i < chars.len() && chars[i] == '"' {
                    i += 1;
                    loop {
                        match chars.get(i) {
                            None => return Err(err(start_line, "pdn.unterminated-tag-value")),
                            Some('\\') if matches!(chars.get(i + 1), Some('"' | '\\')) => {
                                value.push(chars[i + 1]);
                                i += 2;
                            }
                            Some('"') => {
                                i += 1;
                                break;
                            }
                            Some('\n') => {
                                return Err(err(start_line, "pdn.unterminated-tag-value"))
                            }
                            Some(&c) => {
                                value.push(c);
                                i += 1;
                            }
                        }
                    }
                }
                while i < chars.len() && chars[i] != ']' {
                    if chars[i] == '\n' {
                        return Err(err(start_line, "pdn.unterminated-tag"));
                    }
                    i += 1;
                }
                if i >= chars.len() {
                    return Err(err(start_line, "pdn.unterminated-tag"));
                }
                i += 1;
                if name.is_empty() {
                    return Err(err(start_line, "pdn.tag-without-name"));
                }
                cur.tags.push((name, value));
            }
            '{' => {
                let start = i + 1;
                skip_comment(chars, &mut i, &mut line)?;
                let text: String = chars[start..i].iter().collect();
                push_comment(cur, words.len(), &text);
                i += 1;
            }
            ';' => {
                let start = i + 1;
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                let text: String = chars[start..i].iter().collect();
                push_comment(cur, words.len(), &text);
            }
            '(' => {
                let start_line = line;
                let mut depth = 0;
                loop {
                    match chars.get(i) {
                        None => return Err(err(start_line, "pdn.unterminated-variation")),
                        Some('(') => depth += 1,
                        Some(')') => {
                            depth -= 1;
                            if depth == 0 {
                                i += 1;
                                break;
                            }
                        }
                        Some('{') => skip_comment(chars, &mut i, &mut line)?,
                        Some(';') => {
                            while i + 1 < chars.len() && chars[i + 1] != '\n' {
                                i += 1;
                            }
                        }
                        Some('\n') => line += 1,
                        _ => {}
                    }
                    i += 1;
                }
            }
            ')' => return Err(err(line, "pdn.unexpected-paren")),
            '%' if i == 0 || chars[i - 1] == '\n' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            _ => {
                let mut word = String::new();
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !matches!(chars[i], '[' | '{' | '(' | ')' | ';')
                {
                    word.push(chars[i]);
                    i += 1;
                }
                let is_result = |w: &str| RESULTS.contains(&w) || cur.tag("Result") == Some(w);
                if words.last().is_some_and(|w| is_result(w)) {
                    finish(games, cur, words, line);
                }
                // NAGs, alone or glued ("$1", "32-28$1").
                let word = word.split('$').next().unwrap_or("");
                // Move numbers ("12.", "12..."), a stray dot after a move ("32-28."), and
                // sentences glued into the movetext without braces, as some records have
                // ("8-11Redoversteppedthetimecontrolonthismove.").
                let bare = word.trim_end_matches('.');
                let is_move_char = |c: char| c.is_ascii_digit() || "abcdefghijx-X:×.!?".contains(c);
                if bare.is_empty()
                    || (bare.len() < word.len()
                        && (bare.bytes().all(|b| b.is_ascii_digit())
                            || !bare.chars().all(is_move_char)))
                {
                    continue;
                }
                // A move number glued to its move ("12.32-28").
                let word = bare.rsplit('.').next().unwrap_or(bare);
                words.push(word.to_owned());
            }
        }
    }
    finish(games, cur, words, line);
    Ok(())
}

/// Keeps a comment read after `words` movetext words (placed after its move by [`finish`]).
/// Embedded commands (`[%clk 0:04:58]`, `[%eval …]`: the PGN supplement's syntax, which PDN 3.0
/// adopts) are data for programs, not words for the reader: they are dropped.
fn push_comment(cur: &mut PdnGame, words: usize, text: &str) {
    let mut kept = String::new();
    let mut command = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '[' && chars.peek() == Some(&'%') {
            command = true;
        } else if command {
            command = c != ']';
        } else {
            kept.push(c);
        }
    }
    let text = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    if !text.is_empty() {
        cur.comments.push((words, text));
    }
}

/// Moves `i` from the `{` of a comment to its closing `}`, counting lines.
fn skip_comment(chars: &[char], i: &mut usize, line: &mut usize) -> Result<(), ParsePdnError> {
    let start_line = *line;
    while *i < chars.len() && chars[*i] != '}' {
        if chars[*i] == '\n' {
            *line += 1;
        }
        *i += 1;
    }
    if *i >= chars.len() {
        return Err(ParsePdnError {
            line: start_line,
            problem: Message::new("pdn.unterminated-comment").with("open", "{"),
        });
    }
    Ok(())
}

/// Rejoins moves written with a space after the separator, as in `1- 7` or `35x 4`. Also gives,
/// for each count of input words `k` (0 to all), how many output words the first `k` make.
fn join_split_moves(words: Vec<String>) -> (Vec<String>, Vec<usize>) {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut after = Vec::with_capacity(words.len() + 1);
    for w in words {
        after.push(out.len());
        match out.last_mut() {
            Some(prev)
                if prev.ends_with(['-', 'x', 'X', ':'])
                    && !RESULTS.contains(&w.as_str())
                    && !w.contains('-')
                    && w.starts_with(|c: char| c.is_ascii_alphanumeric()) =>
            {
                prev.push_str(&w);
            }
            _ => out.push(w),
        }
    }
    after.push(out.len());
    (out, after)
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

/// The PDN result token of a status in a variant. The first score is the first player's (so in
/// English checkers `1-0` is a win for Black, as in the game collections), in the variant's
/// [`Scoring`] (International: the FMJD `2-0`/`1-1`/`0-2`).
pub fn result_token(variant: Variant, status: Status) -> &'static str {
    let fmjd = variant.rules().pdn_scoring == Scoring::TwoPoints;
    let first = variant.rules().first;
    match status {
        Status::Ongoing => "*",
        Status::Win { winner, .. } if winner == first => {
            if fmjd {
                "2-0"
            } else {
                "1-0"
            }
        }
        Status::Win { .. } => {
            if fmjd {
                "0-2"
            } else {
                "0-1"
            }
        }
        Status::Draw { .. } => {
            if fmjd {
                "1-1"
            } else {
                "1/2-1/2"
            }
        }
    }
}

/// Writes a game as PDN: the seven-tag roster, `GameType`, `FEN` when the game does not start
/// from the standard position, numbered moves and the result.
pub fn write_game(game: &Game, tags: &PdnTags) -> String {
    write_game_clocked(game, tags, None)
}

/// As [`write_game`], with a clock's `TimeControl` tags and, after each timed move, the mover's
/// time left as a clock command, `{[%clk 0:04:58]}` (the PGN supplement's `clk`, which PDN 3.0
/// adopts: "Time displayed on a clock (remaining time)", `h:mm:ss`).
pub fn write_game_clocked(game: &Game, tags: &PdnTags, clock: Option<&PdnClock>) -> String {
    let variant = game.variant();
    let status = game.status();
    let result = result_token(variant, status);
    let mut out = String::new();
    let q = |s: &Option<String>, default: &str| {
        s.clone()
            .unwrap_or_else(|| default.to_owned())
            .replace('\\', "\\\\")
            .replace('"', "\\\"")
    };
    let _ = writeln!(out, "[Event \"{}\"]", q(&tags.event, "?"));
    let _ = writeln!(out, "[Site \"{}\"]", q(&tags.site, "?"));
    let _ = writeln!(out, "[Date \"{}\"]", q(&tags.date, "????.??.??"));
    let _ = writeln!(out, "[Round \"{}\"]", q(&tags.round, "-"));
    let _ = writeln!(out, "[White \"{}\"]", q(&tags.white, "?"));
    let _ = writeln!(out, "[Black \"{}\"]", q(&tags.black, "?"));
    let _ = writeln!(out, "[Result \"{result}\"]");
    let _ = writeln!(out, "[GameType \"{}\"]", variant.rules().pdn_game_type);
    if *game.start() != Position::new(variant) || game.first_move_number() != 1 {
        let mut fen = write_fen(game.start());
        if game.first_move_number() != 1 {
            let _ = write!(fen, ":F{}", game.first_move_number());
        }
        let _ = writeln!(out, "[FEN \"{fen}\"]");
    }
    // PDN 3.0 "Clock related tags": TimeControl for both players, TimeControlWhite and
    // TimeControlBlack when they differ (`-`: no time control, as in the PGN standard).
    if let Some(c) = clock {
        let text = |t: Option<TimeControl>| t.map_or_else(|| "-".to_owned(), |t| t.to_string());
        if c.white == c.black {
            let _ = writeln!(out, "[TimeControl \"{}\"]", text(c.white));
        } else {
            let _ = writeln!(out, "[TimeControlWhite \"{}\"]", text(c.white));
            let _ = writeln!(out, "[TimeControlBlack \"{}\"]", text(c.black));
        }
    }
    // Agreed draws and results taken from a record have no termination the board shows.
    match status {
        Status::Draw {
            reason: DrawReason::Agreement | DrawReason::Recorded,
        }
        | Status::Win {
            reason: WinReason::Recorded,
            ..
        }
        | Status::Ongoing => {}
        Status::Draw { reason } => {
            let _ = writeln!(out, "[Termination \"{reason}\"]");
        }
        Status::Win { reason, .. } => {
            let _ = writeln!(out, "[Termination \"{reason}\"]");
        }
    }
    out.push('\n');
    let mut line = String::new();
    let mut push = |token: String, out: &mut String| {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    };
    let comment = |plies: usize| {
        let mut text = plies
            .checked_sub(1)
            .and_then(|i| clock?.after.get(i).copied().flatten())
            .map_or_else(String::new, pdn_clock_text);
        if let Some(c) = game.comment(plies) {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(c);
        }
        (!text.is_empty()).then(|| format!("{{{text}}}"))
    };
    if let Some(c) = comment(0) {
        push(c, &mut out);
    }
    let mut after_comment = false;
    for (ply, text) in game.history().into_iter().enumerate() {
        let number = move_number(game, ply);
        // Numbered: the first player's moves, whichever move comes first, and any after a comment.
        if ply == 0 || !number.ends_with("...") || after_comment {
            push(format!("{number} {text}"), &mut out);
        } else {
            push(text, &mut out);
        }
        after_comment = false;
        if let Some(c) = comment(ply + 1) {
            push(c, &mut out);
            after_comment = true;
        }
    }
    push(result.to_owned(), &mut out);
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sloppy_movetext() {
        let text = "[Event \"x\"]\n\n 1. 32-28 19-23 2. 28x19 14x23 3. 37-32  10- 14 {comment} 4.35-30 $1 (4. 34-30) 2-0\n\n[Event \"y\"]\n1. 31-26 *";
        let games = parse_games(text).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0].moves,
            ["32-28", "19-23", "28x19", "14x23", "37-32", "10-14", "35-30"]
        );
        assert_eq!(games[0].result.as_deref(), Some("2-0"));
        assert_eq!(games[1].tag("event"), Some("y"));
        let g = games[0].replay(Variant::International).unwrap();
        assert_eq!(g.moves().len(), 7);
        // The record says White won; the board had not decided it: the result as recorded.
        assert_eq!(g.status().to_string(), "White wins (result as recorded)");
        assert_eq!(
            games[1].replay(Variant::International).unwrap().status(),
            Status::Ongoing
        );
    }

    #[test]
    fn round_trips_a_game() {
        let mut g = Game::new(Variant::English);
        for m in ["11-15", "22-18", "15x22", "25x18", "9-14"] {
            g.play_text(m).unwrap();
        }
        let pdn = g.to_pdn(&PdnTags::default());
        assert!(pdn.contains("[GameType \"21\"]"), "{pdn}");
        assert!(
            pdn.contains("1. 11-15 22-18 2. 15x22 25x18 3. 9-14 *"),
            "{pdn}"
        );
        let back = read_game(&pdn, Variant::International).unwrap();
        assert_eq!(back.position(), g.position());
        // English results score the first player (Black) first.
        g.resign(crate::square::Color::White);
        let pdn = g.to_pdn(&PdnTags::default());
        assert!(pdn.contains("[Result \"1-0\"]"), "{pdn}");
        assert_eq!(back.position(), g.position());
    }

    #[test]
    fn stray_dots_glued_nags_and_comments_in_variations() {
        let games =
            parse_games("1. 32-28. 19-23$1 2.28x19 (2. 33-29 ; a ) here\n 14-19) 14x23 *").unwrap();
        assert_eq!(games[0].moves, ["32-28", "19-23", "28x19", "14x23"]);
    }

    #[test]
    fn a_later_start_keeps_its_move_number() {
        let mut g = Game::from_fen("W:W31-50:B1-20:F10", Variant::International).unwrap();
        g.play_text("32-28").unwrap();
        g.play_text("19-23").unwrap();
        let pdn = g.to_pdn(&PdnTags::default());
        assert!(pdn.contains("[FEN \"W:W31-50:B1-20:F10\"]"), "{pdn}");
        assert!(pdn.contains("10. 32-28 19-23"), "{pdn}");
        let back = read_game(&pdn, Variant::International).unwrap();
        assert_eq!(back.first_move_number(), 10);
        assert_eq!(back.to_pdn(&PdnTags::default()), pdn);
    }

    #[test]
    fn a_damaged_game_is_skipped_up_to_the_next() {
        let text = "[Event \"a\"]\n1. 32-28 *\n{ never closed\n[Site \"x\"]\n\n\
                    [Event \"b\"]\n[Site \"y\n1. 31-26 *\n\n[White \"c\"]\n1. 33-28 *\n";
        let games = parse_each_game(text);
        assert_eq!(games.len(), 4, "{games:?}");
        assert_eq!(games[0].as_ref().unwrap().moves, ["32-28"]);
        assert_eq!(games[1].as_ref().unwrap_err().line, 3);
        assert_eq!(games[2].as_ref().unwrap_err().line, 7);
        let last = games[3].as_ref().unwrap();
        assert_eq!((last.line, last.tag("White")), (10, Some("c")));
        assert_eq!(last.moves, ["33-28"]);
        assert!(parse_each_game("[Event \"a\"]\n1. 32-28 *\n")[0].is_ok());
    }

    #[test]
    fn clocks_are_written_as_tags_and_clock_commands_and_read_back_without_them() {
        let mut g = Game::new(Variant::International);
        for m in ["32-28", "19-23", "28x19"] {
            g.play_text(m).unwrap();
        }
        g.add_comment(2, "a classic");
        let tc: TimeControl = "300+3".parse().unwrap();
        let clock = PdnClock {
            white: Some(tc),
            black: Some(tc),
            after: vec![Some(300_000), Some(299_400), Some(3_723_999)],
        };
        let pdn = write_game_clocked(&g, &PdnTags::default(), Some(&clock));
        let one_line = pdn.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(pdn.contains("[TimeControl \"300+3\"]"), "{pdn}");
        assert!(
            one_line.contains(
                "1. 32-28 {[%clk 0:05:00]} 1... 19-23 {[%clk 0:04:59] a classic} 2. 28x19 {[%clk 1:02:03]} *"
            ),
            "{pdn}"
        );
        let back = read_game(&pdn, Variant::International).unwrap();
        assert_eq!(back.positions(), g.positions());
        assert_eq!(back.comment(1), None);
        assert_eq!(back.comment(2), Some("a classic"));
        // One side timed (against the computer): a tag per side, `-` for no clock.
        let player = PdnClock {
            white: None,
            after: vec![None, Some(299_400), None],
            ..clock
        };
        let pdn = write_game_clocked(&g, &PdnTags::default(), Some(&player));
        assert!(
            pdn.contains("[TimeControlWhite \"-\"]\n[TimeControlBlack \"300+3\"]"),
            "{pdn}"
        );
        assert!(
            pdn.contains("1. 32-28 19-23 {[%clk 0:04:59] a classic} 2. 28x19 *"),
            "{pdn}"
        );
        // Other commands and a broken one are dropped too, words around them kept.
        let games =
            parse_games("1. 32-28 {[%eval 0.3] good [%clk 0:01:00]} 19-23 {[%cal x} *").unwrap();
        assert_eq!(games[0].comments, [(1, "good".to_owned())]);
    }

    #[test]
    fn syntax_errors_have_lines() {
        let e = parse_games("[Event \"x\"]\n1. 32-28 {never closed").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse_games("[Event \"x").is_err());
    }
}
