//! A game as a link: the variant, the start position when it is not the standard one, the
//! moves and a result the players decided, written compactly into a URL fragment, so no server
//! ever sees it and two friends can play by sending the link back and forth.
//!
//! ```text
//! #v=international&m=EHBD&c=k3Zq          four plies from the start
//! #v=english&f=B:W18,K30:B1,3&m=A&r=b&c=… a set-up position, one move, then Black resigned
//! …&r=tw&c=…                              White's time ran out (`Tw`: and it was a draw)
//! ```
//!
//! Each move is its index among the position's legal moves in their canonical order
//! ([`crate::snapshot::ordered_moves`]), written in the URL-safe base64 alphabet: one character
//! where there are at most 64 legal moves (nearly always), two up to 4,096, three beyond. The
//! reader knows how many moves each position has, so no separator is needed: a 60-move game is
//! 120 characters. A check (`c`, 24 bits of FNV-1a over the rest) catches a link cut short or
//! edited by hand; a move index out of range is reported as such. Anything wrong is a
//! [`LinkError`] in a player's words, and nothing is changed.

use crate::snapshot::ordered_moves;
use draughts_rules::excerpt::excerpt;
use draughts_rules::fen::{write_fen, FenError};
use draughts_rules::game::{DrawReason, Game, Status, WinReason};
use draughts_rules::message::Message;
use draughts_rules::position::Position;
use draughts_rules::square::Color;
use draughts_rules::variant::Variant;

/// Links longer than this are refused unread (a game of 10,000 plies still fits).
pub const MAX_LINK_LEN: usize = 16_384;

/// The results a link can carry (`r=`): resigned (`w`, `b`: the side that resigned), agreed
/// draw (`d`), a result recorded without a reason (`W`, `B`, `D`: the winner, or a draw), and a
/// time-out (`tw`, `tb`: whose time ran out; `Tw`, `Tb`: and the opponent could not have won, so
/// a draw). The reader's `match` below takes each of them.
pub const RESULT_CODES: [&str; 10] = ["w", "b", "d", "W", "B", "D", "tw", "tb", "Tw", "Tb"];

/// URL-safe base64 (RFC 4648 §5): links' digits (online invitations use it too).
pub(crate) const ALPHABET: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Why a link does not open.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LinkError {
    NotAGame,
    TooLong(usize),
    Check,
    UnknownVariant(String),
    Fen(FenError),
    BadCharacter(char),
    IllegalMove {
        number: u32,
        side: Color,
    },
    Truncated,
    BadResult(String),
    /// What is wrong, as a `link.*` message.
    Malformed(Message),
}

impl LinkError {
    pub fn message(&self) -> Message {
        match self {
            LinkError::NotAGame => Message::new("link.not-a-game"),
            LinkError::TooLong(n) => Message::new("link.too-long").with("length", *n),
            LinkError::Check => Message::new("link.check"),
            LinkError::UnknownVariant(t) => {
                Message::new("link.unknown-variant").with("text", t.as_str())
            }
            LinkError::Fen(e) => Message::new("link.fen").with("cause", e.message()),
            LinkError::BadCharacter(c) => {
                Message::new("link.bad-character").with("text", c.to_string())
            }
            LinkError::IllegalMove { number, side } => Message::new("link.illegal-move")
                .with("number", *number)
                .with("side", *side),
            LinkError::Truncated => Message::new("link.truncated"),
            LinkError::BadResult(t) => Message::new("link.bad-result")
                .with("text", t.as_str())
                .with("codes", RESULT_CODES.join(", ")),
            LinkError::Malformed(m) => Message::new("link.malformed").with("problem", m.clone()),
        }
    }
}

impl From<FenError> for LinkError {
    fn from(e: FenError) -> LinkError {
        LinkError::Fen(e)
    }
}

draughts_rules::error_by_message!(LinkError);

/// How many characters a move index takes where `n` moves are legal.
fn width(n: usize) -> usize {
    match n {
        0..=64 => 1,
        65..=4096 => 2,
        _ => 3,
    }
}

pub(crate) fn digit(c: u8) -> Option<usize> {
    ALPHABET.iter().position(|&a| a == c)
}

/// The check of a link's body (everything between `#` and `&c=`): four characters of FNV-1a,
/// enough to catch a damaged link, not meant to resist forgery. Public for tools and fuzzing
/// that write links of their own.
pub fn check(text: &str) -> String {
    let h = fnv1a32(text.as_bytes());
    (0..4)
        .map(|i| ALPHABET[((h >> (6 * i)) & 63) as usize] as char)
        .collect()
}

/// FNV-1a, 32 bits: catches a link cut short or changed; not meant to resist forgery.
pub(crate) fn fnv1a32(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// Percent-encodes all but the characters a FEN needs and a fragment allows as they are.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b":,.-_~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn unescape(s: &str) -> Result<String, LinkError> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| LinkError::Malformed(Message::new("link.bad-escape")))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| LinkError::Malformed(Message::new("link.not-text")))
}

/// The game as a link fragment (starting with `#`): its variant, start position (when not the
/// standard one), the moves played and a resignation or agreed draw.
pub fn write_link(game: &Game) -> String {
    let variant = game.variant();
    let mut body = format!("v={}", variant.name());
    if *game.start() != Position::new(variant) || game.first_move_number() != 1 {
        let mut fen = write_fen(game.start());
        if game.first_move_number() != 1 {
            fen.push_str(&format!(":F{}", game.first_move_number()));
        }
        body.push_str("&f=");
        body.push_str(&escape(&fen));
    }
    body.push_str("&m=");
    for (m, before) in game.moves().iter().zip(game.positions()) {
        let legal = ordered_moves(before.legal_moves());
        let index = legal.iter().position(|l| l.same_as(m)).unwrap_or(0);
        let w = width(legal.len());
        for k in (0..w).rev() {
            body.push(ALPHABET[(index >> (6 * k)) & 63] as char);
        }
    }
    match game.status() {
        Status::Win {
            winner,
            reason: WinReason::Resignation,
        } => body.push_str(if winner == Color::White {
            "&r=b"
        } else {
            "&r=w"
        }),
        Status::Draw {
            reason: DrawReason::Agreement,
        } => body.push_str("&r=d"),
        // A result taken from a record, which the board does not show.
        Status::Win {
            winner,
            reason: WinReason::Recorded,
        } => body.push_str(if winner == Color::White {
            "&r=W"
        } else {
            "&r=B"
        }),
        Status::Draw {
            reason: DrawReason::Recorded,
        } => body.push_str("&r=D"),
        // A time-out: `t` and whose time ran out, upper case when the game was drawn.
        Status::Win {
            winner,
            reason: WinReason::Time,
        } => body.push_str(if winner == Color::White {
            "&r=tb"
        } else {
            "&r=tw"
        }),
        Status::Draw {
            reason: DrawReason::TimeNoWin { flagged },
        } => body.push_str(if flagged == Color::White {
            "&r=Tw"
        } else {
            "&r=Tb"
        }),
        _ => {}
    }
    let c = check(&body);
    format!("#{body}&c={c}")
}

/// The game a link holds. `text` is the fragment, with or without `#`, or a whole URL.
///
/// # Errors
/// A [`LinkError`] saying what is wrong; nothing is read past the first problem.
pub fn read_link(text: &str) -> Result<Game, LinkError> {
    let text = text.trim();
    if text.len() > MAX_LINK_LEN {
        return Err(LinkError::TooLong(text.len()));
    }
    let fragment = text.rsplit_once('#').map_or(text, |(_, f)| f);
    // Fields in the order written; the check covers everything before it.
    if !fragment.starts_with("v=") && !fragment.contains("&v=") {
        return Err(LinkError::NotAGame);
    }
    let (body, c) = fragment.rsplit_once("&c=").ok_or(LinkError::Check)?;
    if c != check(body) {
        return Err(LinkError::Check);
    }
    let mut variant = None;
    let mut fen = None;
    let mut moves = None;
    let mut result = None;
    for field in body.split('&') {
        let (key, value) = field.split_once('=').unwrap_or((field, ""));
        let slot = match key {
            "v" => &mut variant,
            "f" => &mut fen,
            "m" => &mut moves,
            "r" => &mut result,
            _ => {
                return Err(LinkError::Malformed(
                    Message::new("link.unknown-part").with("text", excerpt(key)),
                ))
            }
        };
        if slot.replace(value).is_some() {
            return Err(LinkError::Malformed(
                Message::new("link.repeated").with("text", excerpt(key)),
            ));
        }
    }
    let variant = variant.ok_or(LinkError::NotAGame)?;
    let variant = Variant::from_name(&unescape(variant)?)
        .ok_or_else(|| LinkError::UnknownVariant(excerpt(variant)))?;
    let mut game = match fen {
        Some(f) => Game::from_fen(&unescape(f)?, variant)?,
        None => Game::new(variant),
    };
    let mut chars = moves.unwrap_or("").bytes();
    loop {
        let pos = *game.position();
        let Some(first) = chars.next() else { break };
        let legal = ordered_moves(pos.legal_moves());
        let mut index = 0;
        for k in 0..width(legal.len()) {
            let b = if k == 0 { Some(first) } else { chars.next() };
            let b = b.ok_or(LinkError::Truncated)?;
            index = index * 64 + digit(b).ok_or(LinkError::BadCharacter(b as char))?;
        }
        let illegal = || LinkError::IllegalMove {
            number: game.move_number(game.moves().len()),
            side: pos.turn(),
        };
        let m = *legal.get(index).ok_or_else(illegal)?;
        let err = illegal();
        game.push(&m).map_err(|_| err)?;
    }
    match result {
        None => {}
        Some(r) => {
            if game.status().is_over() {
                return Err(LinkError::Malformed(Message::new("link.result-after-end")));
            }
            match r {
                "w" => game.resign(Color::White),
                "b" => game.resign(Color::Black),
                "d" => game.agree_draw(),
                "W" => game.record_result(Some(Color::White)),
                "B" => game.record_result(Some(Color::Black)),
                "D" => game.record_result(None),
                "tw" => game.record_time_out(Color::White, false),
                "tb" => game.record_time_out(Color::Black, false),
                "Tw" => game.record_time_out(Color::White, true),
                "Tb" => game.record_time_out(Color::Black, true),
                other => return Err(LinkError::BadResult(excerpt(other))),
            }
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(variant: Variant, moves: &[&str]) -> Game {
        let mut g = Game::new(variant);
        for m in moves {
            g.play_text(m).unwrap();
        }
        g
    }

    #[test]
    fn a_game_goes_through_a_link_and_back() {
        let g = played(
            Variant::International,
            &["32-28", "19-23", "28x19", "14x23"],
        );
        let link = write_link(&g);
        assert!(link.starts_with("#v=international&m="), "{link}");
        let back = read_link(&link).unwrap();
        assert_eq!(back.history(), g.history());
        assert_eq!(back.fen(), g.fen());
        // A whole URL reads the same.
        let url = format!("https://example.org/play/{link}");
        assert_eq!(read_link(&url).unwrap().history(), g.history());
    }

    #[test]
    fn a_set_up_position_and_a_resignation_are_kept() {
        let mut g = Game::from_fen("B:W18,K30:B1,3:F12", Variant::English).unwrap();
        g.play(&g.legal_moves()[0]).unwrap();
        g.resign(Color::White);
        let link = write_link(&g);
        assert!(link.contains("&f=") && link.contains("&r=w"), "{link}");
        let back = read_link(&link).unwrap();
        assert_eq!(back.start(), g.start());
        assert_eq!(back.first_move_number(), 12);
        assert_eq!(back.status(), g.status());
        assert_eq!(back.history(), g.history());
    }

    #[test]
    fn a_sixty_move_game_is_short() {
        // Both sides play their first listed move until the game ends or 120 plies are played.
        let mut g = Game::new(Variant::International);
        while g.moves().len() < 120 && !g.status().is_over() {
            let m = ordered_moves(g.legal_moves())[0];
            g.play(&m).unwrap();
        }
        let link = write_link(&g);
        assert!(link.len() <= 30 + g.moves().len(), "{} chars", link.len());
        assert_eq!(read_link(&link).unwrap().history(), g.history());
    }

    #[test]
    fn damaged_links_are_refused_in_words() {
        let g = played(Variant::Russian, &["c3-d4", "f6-g5"]);
        let link = write_link(&g);
        // One move character changed: the check no longer matches.
        let i = link.find("&m=").unwrap() + 3;
        let mut bytes = link.clone().into_bytes();
        bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        let edited = String::from_utf8(bytes).unwrap();
        assert_eq!(read_link(&edited).unwrap_err(), LinkError::Check);
        // Cut short.
        assert_eq!(
            read_link(&link[..link.len() - 6]).unwrap_err(),
            LinkError::Check
        );
        assert_eq!(read_link("#hello").unwrap_err(), LinkError::NotAGame);
        assert_eq!(
            read_link(&"x".repeat(MAX_LINK_LEN + 1)).unwrap_err(),
            LinkError::TooLong(MAX_LINK_LEN + 1)
        );
        // A well-formed link (right check) with an index out of range, or an unknown variant.
        let forged = |body: &str| format!("#{body}&c={}", check(body));
        assert_eq!(
            read_link(&forged("v=international&m=_")).unwrap_err(),
            LinkError::IllegalMove {
                number: 1,
                side: Color::White
            }
        );
        assert_eq!(
            read_link(&forged("v=international&m=AA_")).unwrap_err(),
            LinkError::IllegalMove {
                number: 2,
                side: Color::White
            }
        );
        let long = "q".repeat(500);
        let e = read_link(&forged(&format!("v={long}&m="))).unwrap_err();
        assert!(e.to_string().len() < 120, "{e}");
        assert!(matches!(
            read_link(&forged("v=international&f=W:W99:B1&m=")).unwrap_err(),
            LinkError::Fen(_)
        ));
        assert!(matches!(
            read_link(&forged("v=international&m=A!")).unwrap_err(),
            LinkError::BadCharacter('!')
        ));
        // A result the reader does not know is named, with the ones it does.
        let e = read_link(&forged("v=international&m=&r=x")).unwrap_err();
        assert_eq!(e, LinkError::BadResult("x".into()));
        assert_eq!(
            e.to_string(),
            "this link is damaged: “x” is not a result (w, b, d, W, B, D, tw, tb, Tw, Tb)"
        );
        // And every code it names reads.
        for code in RESULT_CODES {
            let g = read_link(&forged(&format!("v=international&m=AA&r={code}")));
            assert!(g.is_ok_and(|g| g.status().is_over()), "r={code}");
        }
    }
}
