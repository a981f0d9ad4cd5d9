//! Reading PDN text into games as written: tags, move texts, comments and results, leniently
//! where real files are sloppy and strictly where the text is broken.

use super::{ParsePdnError, PdnGame, PdnVariation};
use crate::message::Message;

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
    let moves_at = |raw: usize| {
        let joined_index = joined_after.get(raw).copied().unwrap_or(usize::MAX);
        moves_before
            .get(joined_index)
            .copied()
            .unwrap_or(cur.moves.len())
    };
    for (at, _) in &mut cur.comments {
        *at = moves_at(*at);
    }
    // A variation replaces the move before it; one before any move replaces nothing.
    let variations = std::mem::take(&mut cur.variations);
    cur.variations = variations
        .into_iter()
        .filter_map(|mut v| {
            v.replaces = moves_at(v.replaces).checked_sub(1)?;
            Some(v)
        })
        .collect();
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
                if !words.is_empty() || cur.result.is_some() {
                    finish(games, cur, words, line);
                }
                if cur.tags.is_empty() {
                    cur.line = line;
                }
                let tag = read_tag(chars, &mut i, line)?;
                cur.tags.push(tag);
            }
            '{' => {
                let start = i + 1;
                skip_comment(chars, &mut i, &mut line)?;
                let text: String = chars[start..i].iter().collect();
                push_comment(&mut cur.comments, words.len(), &text);
                i += 1;
            }
            ';' => {
                let start = i + 1;
                skip_to_line_end(chars, &mut i);
                let text: String = chars[start..i].iter().collect();
                push_comment(&mut cur.comments, words.len(), &text);
            }
            '(' => {
                let mut v = read_variation(chars, &mut i, &mut line)?;
                v.replaces = words.len();
                cur.variations.push(v);
            }
            ')' => return Err(error(line, "pdn.unexpected-paren")),
            '%' if i == 0 || chars[i - 1] == '\n' => skip_to_line_end(chars, &mut i),
            _ => {
                let word = read_word(chars, &mut i);
                let is_result = |w: &str| RESULTS.contains(&w) || cur.tag("Result") == Some(w);
                if words.last().is_some_and(|w| is_result(w)) {
                    finish(games, cur, words, line);
                }
                if let Some(word) = movetext_word(&word) {
                    words.push(word.to_owned());
                }
            }
        }
    }
    finish(games, cur, words, line);
    Ok(())
}

/// A syntax error at `line`.
fn error(line: usize, code: &'static str) -> ParsePdnError {
    ParsePdnError {
        line,
        problem: Message::new(code),
    }
}

/// Moves `i` to the end of its line (the newline itself is left for the caller's count).
fn skip_to_line_end(chars: &[char], i: &mut usize) {
    while *i < chars.len() && chars[*i] != '\n' {
        *i += 1;
    }
}

/// Reads the tag that opens at `i` (`[Name "value"]`, a value's `\"` and `\\` escaped), leaving
/// `i` after its `]`. A tag must close on its own line.
fn read_tag(chars: &[char], i: &mut usize, line: usize) -> Result<(String, String), ParsePdnError> {
    *i += 1;
    let mut name = String::new();
    while *i < chars.len() && (chars[*i].is_alphanumeric() || chars[*i] == '_') {
        name.push(chars[*i]);
        *i += 1;
    }
    while *i < chars.len() && chars[*i] != '"' && chars[*i] != ']' {
        if chars[*i] == '\n' {
            return Err(error(line, "pdn.unterminated-tag"));
        }
        *i += 1;
    }
    let mut value = String::new();
    if *i < chars.len() && chars[*i] == '"' {
        *i += 1;
        loop {
            match chars.get(*i) {
                None | Some('\n') => return Err(error(line, "pdn.unterminated-tag-value")),
                Some('\\') if matches!(chars.get(*i + 1), Some('"' | '\\')) => {
                    value.push(chars[*i + 1]);
                    *i += 2;
                }
                Some('"') => {
                    *i += 1;
                    break;
                }
                Some(&c) => {
                    value.push(c);
                    *i += 1;
                }
            }
        }
    }
    while *i < chars.len() && chars[*i] != ']' {
        if chars[*i] == '\n' {
            return Err(error(line, "pdn.unterminated-tag"));
        }
        *i += 1;
    }
    if *i >= chars.len() {
        return Err(error(line, "pdn.unterminated-tag"));
    }
    *i += 1;
    if name.is_empty() {
        return Err(error(line, "pdn.tag-without-name"));
    }
    Ok((name, value))
}

/// Reads the variation that opens at `i`, with its comments and the variations nested in it,
/// leaving `i` after its `)`; `replaces` is left for the caller. Move numbers, NAGs and result
/// tokens inside are dropped as in the game's own movetext.
fn read_variation(
    chars: &[char],
    i: &mut usize,
    line: &mut usize,
) -> Result<PdnVariation, ParsePdnError> {
    let start_line = *line;
    let mut v = PdnVariation::default();
    let mut words: Vec<String> = Vec::new();
    *i += 1;
    loop {
        match chars.get(*i) {
            None | Some('[') => return Err(error(start_line, "pdn.unterminated-variation")),
            Some(')') => {
                *i += 1;
                break;
            }
            Some('(') => {
                let mut inner = read_variation(chars, i, line)?;
                inner.replaces = words.len();
                v.variations.push(inner);
            }
            Some('{') => {
                let start = *i + 1;
                skip_comment(chars, i, line)?;
                let text: String = chars[start..*i].iter().collect();
                push_comment(&mut v.comments, words.len(), &text);
                *i += 1;
            }
            Some(';') => {
                let start = *i + 1;
                skip_to_line_end(chars, i);
                let text: String = chars[start..*i].iter().collect();
                push_comment(&mut v.comments, words.len(), &text);
            }
            Some('\n') => {
                *line += 1;
                *i += 1;
            }
            Some(c) if c.is_whitespace() => *i += 1,
            Some(_) => {
                let word = read_word(chars, i);
                match movetext_word(&word) {
                    Some(w) if !RESULTS.contains(&w) => words.push(w.to_owned()),
                    _ => {}
                }
            }
        }
    }
    let (joined, joined_after) = join_split_moves(words);
    let moves_at = |raw: usize| joined_after.get(raw).copied().unwrap_or(joined.len());
    for (at, _) in &mut v.comments {
        *at = moves_at(*at);
    }
    v.variations
        .retain_mut(|inner| match moves_at(inner.replaces).checked_sub(1) {
            Some(r) => {
                inner.replaces = r;
                true
            }
            None => false,
        });
    v.moves = joined;
    Ok(v)
}

/// Reads the movetext word at `i`: up to a blank or a character that opens or closes
/// something else.
fn read_word(chars: &[char], i: &mut usize) -> String {
    let mut word = String::new();
    while *i < chars.len()
        && !chars[*i].is_whitespace()
        && !matches!(chars[*i], '[' | '{' | '(' | ')' | ';')
    {
        word.push(chars[*i]);
        *i += 1;
    }
    word
}

/// What a movetext word says, with the decorations real files add taken off; `None` for a word
/// that is only a move number.
fn movetext_word(word: &str) -> Option<&str> {
    // NAGs, alone or glued ("$1", "32-28$1").
    let word = word.split('$').next().unwrap_or("");
    // Move numbers ("12.", "12..."), a stray dot after a move ("32-28."), and
    // sentences glued into the movetext without braces, as some records have
    // ("8-11Redoversteppedthetimecontrolonthismove.").
    let bare = word.trim_end_matches('.');
    let is_move_char = |c: char| c.is_ascii_digit() || "abcdefghijx-X:×.!?".contains(c);
    if bare.is_empty()
        || (bare.len() < word.len()
            && (bare.bytes().all(|b| b.is_ascii_digit()) || !bare.chars().all(is_move_char)))
    {
        return None;
    }
    // A move number glued to its move ("12.32-28").
    Some(bare.rsplit('.').next().unwrap_or(bare))
}

/// Keeps a comment read after `words` movetext words (placed after its move by [`finish`] or
/// [`read_variation`]).
/// Embedded commands (`[%clk 0:04:58]`, `[%eval …]`: the PGN supplement's syntax, which PDN 3.0
/// adopts) are data for programs, not words for the reader: they are dropped.
fn push_comment(comments: &mut Vec<(usize, String)>, words: usize, text: &str) {
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
        comments.push((words, text));
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
