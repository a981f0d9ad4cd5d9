//! Writing a game as PDN: its tags, numbered moves with their comments and clock times, and the
//! result in the variant's scoring.

use crate::clock::{pdn_clock_text, PdnClock, TimeControl};
use crate::fen::write_fen;
use crate::game::{DrawReason, Game, PdnTags, Status, WinReason};
use crate::mv::Move;
use crate::notation::move_to_text;
use crate::position::Position;
use crate::variant::{Scoring, Variant};
use crate::variation::Variation;
use std::fmt::Write as _;

/// The PDN move number of a ply in a game: `12.` for the first player's move, `12...` otherwise.
pub(super) fn move_number(game: &Game, ply: usize) -> String {
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

/// The movetext of a line played from `pos` (after `base` plies of the game): its opening comment,
/// numbered moves each followed by its comment, and each variation in parentheses after the move
/// it replaces (PDN 3.0's RAV, as in PGN). The first move of a line, and the first after a comment
/// or a variation, carries its number even when it is the second player's (`12...`).
fn line_tokens(
    game: &Game,
    mut pos: Position,
    base: usize,
    moves: &[Move],
    comment: &dyn Fn(usize) -> Option<String>,
    variations: &[Variation],
    out: &mut Vec<String>,
) {
    if let Some(c) = comment(base) {
        out.push(c);
    }
    let mut numbered = true;
    for (k, m) in moves.iter().enumerate() {
        let ply = base + k;
        let number = move_number(game, ply);
        let text = move_to_text(&pos, m);
        if numbered || !number.ends_with("...") {
            out.push(format!("{number} {text}"));
        } else {
            out.push(text);
        }
        numbered = false;
        if let Some(c) = comment(ply + 1) {
            out.push(c);
            numbered = true;
        }
        for v in variations.iter().filter(|v| v.at == ply) {
            let side = |after: usize| {
                v.line
                    .comments
                    .iter()
                    .find(|(at, _)| *at == after)
                    .map(|(_, text)| format!("{{{text}}}"))
            };
            let mut inner = Vec::new();
            line_tokens(
                game,
                pos,
                ply,
                &v.line.moves,
                &side,
                &v.line.variations,
                &mut inner,
            );
            if let Some(first) = inner.first_mut() {
                first.insert(0, '(');
                let last = inner.len() - 1;
                inner[last].push(')');
                out.extend(inner);
                numbered = true;
            }
        }
        pos.play_unchecked(m);
    }
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
    let mut tokens = Vec::new();
    line_tokens(
        game,
        *game.start(),
        0,
        game.moves(),
        &comment,
        game.variations(),
        &mut tokens,
    );
    for token in tokens {
        push(token, &mut out);
    }
    push(result.to_owned(), &mut out);
    out.push_str(&line);
    out.push('\n');
    out
}
