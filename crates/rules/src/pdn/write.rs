//! Writing a game as PDN: its tags, numbered moves with their comments and clock times, and the
//! result in the variant's scoring.

use crate::clock::{pdn_clock_text, PdnClock, TimeControl};
use crate::fen::write_fen;
use crate::game::{DrawReason, Game, PdnTags, Status, WinReason};
use crate::position::Position;
use crate::variant::{Scoring, Variant};
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
