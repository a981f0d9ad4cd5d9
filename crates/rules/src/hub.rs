//! The text of the Hub protocol (version 2, as spoken by Scan and the Hub GUI): command lines,
//! positions and moves. `draughts hub` speaks it as an engine and `draughts match` to engines;
//! both read and write through this module, and so do the tests that drive them.
//!
//! Lines are `command name=value ...`; values holding spaces, `=` or nothing are quoted.
//! Positions are the side to move followed by one letter per square (`w b W B e`), so 51
//! characters on 10×10 and 33 on 8×8. Moves are `32-28`, or for captures the origin, the
//! destination and every captured square: `28x19x23`. Variants go by [`Variant::hub_name`].

use crate::excerpt::excerpt;
use crate::fast;
use crate::mv::Move;
use crate::position::{Position, PositionError};
use crate::setup::{Piece, Role, Setup};
use crate::square::Color;
use crate::variant::Variant;

/// Hub text that is not a position or not a legal move. Quoted text is at most an
/// [`excerpt`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum HubTextError {
    #[error("position {text:?} has {len} characters; {variant} needs {need}")]
    PositionLength {
        text: String,
        len: usize,
        variant: Variant,
        need: usize,
    },
    #[error("side to move {0:?} is not W or B")]
    SideToMove(char),
    #[error("unknown square letter {0:?}")]
    SquareLetter(char),
    #[error("{0}")]
    Position(PositionError),
    #[error("{0:?} is not a Hub move")]
    NotAMove(String),
    #[error("{text:?} is not a legal move in {position}")]
    IllegalMove { text: String, position: String },
}

/// The Hub protocol answers a bad command with an `error` line of text.
impl From<HubTextError> for String {
    fn from(e: HubTextError) -> String {
        e.to_string()
    }
}

/// Splits a Hub line into its command and `(name, value)` pairs; flags get an empty value.
pub fn parse_line(line: &str) -> (String, Vec<(String, String)>) {
    let mut chars = line.trim().chars().peekable();
    let word = |chars: &mut std::iter::Peekable<std::str::Chars>| {
        let mut w = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() || c == '=' || c == '"' {
                break;
            }
            w.push(c);
            chars.next();
        }
        w
    };
    let skip_blanks = |chars: &mut std::iter::Peekable<std::str::Chars>| {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
    };
    let command = word(&mut chars);
    let mut args = Vec::new();
    loop {
        skip_blanks(&mut chars);
        if chars.peek().is_none() {
            break;
        }
        let name = word(&mut chars);
        if name.is_empty() {
            chars.next(); // a stray `=` or quote: skip it
            continue;
        }
        skip_blanks(&mut chars);
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            skip_blanks(&mut chars);
            if chars.peek() == Some(&'"') {
                chars.next();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                value = word(&mut chars);
            }
        }
        args.push((name, value));
    }
    (command, args)
}

/// The value of the argument `name` of a parsed line.
pub fn arg<'a>(args: &'a [(String, String)], name: &str) -> Option<&'a str> {
    args.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// A value as a Hub line carries it: quoted when it holds a blank, `=` or `"`, or nothing.
pub fn quote(v: &str) -> String {
    if v.is_empty() || v.contains(|c: char| c.is_whitespace() || c == '=' || c == '"') {
        format!("\"{v}\"")
    } else {
        v.to_owned()
    }
}

/// The Hub text of a position.
pub fn position_to_hub(pos: &Position) -> String {
    let mut s = String::new();
    s.push(pos.turn().char());
    for sq in pos.geometry().all_squares() {
        s.push(match pos.piece_at(sq) {
            None => 'e',
            Some(p) => match (p.color, p.role) {
                (Color::White, Role::Man) => 'w',
                (Color::White, Role::King) => 'W',
                (Color::Black, Role::Man) => 'b',
                (Color::Black, Role::King) => 'B',
            },
        });
    }
    s
}

/// Reads a Hub position for `variant` (`.` is accepted for an empty square).
///
/// # Errors
/// Wrong length for the board, an unknown letter, or a position the variant does not allow.
pub fn position_from_hub(text: &str, variant: Variant) -> Result<Position, HubTextError> {
    let need = variant.geometry().squares() as usize + 1;
    let len = text.chars().count();
    if len != need {
        return Err(HubTextError::PositionLength {
            text: excerpt(text),
            len,
            variant,
            need,
        });
    }
    let mut chars = text.chars();
    let turn = match chars.next() {
        Some('W' | 'w') => Color::White,
        Some('B' | 'b') => Color::Black,
        c => return Err(HubTextError::SideToMove(c.unwrap_or(' '))),
    };
    let mut setup = Setup::empty(turn);
    for (square, c) in (1..).zip(chars) {
        let piece = match c {
            'w' => Piece::new(Color::White, Role::Man),
            'W' => Piece::new(Color::White, Role::King),
            'b' => Piece::new(Color::Black, Role::Man),
            'B' => Piece::new(Color::Black, Role::King),
            'e' | '.' => continue,
            c => return Err(HubTextError::SquareLetter(c)),
        };
        setup.pieces.push((square, piece));
    }
    Position::from_setup(&setup, variant).map_err(HubTextError::Position)
}

/// The Hub text of a move: `32-28`, or `from x to x captured...` with every captured square.
pub fn move_to_hub(m: &Move) -> String {
    if !m.is_capture() {
        return format!("{}-{}", m.from(), m.to());
    }
    let mut s = format!("{}x{}", m.from(), m.to());
    for sq in m.captures() {
        s.push('x');
        s.push_str(&sq.to_string());
    }
    s
}

/// The legal move named by Hub text (captured squares in any order; `-` or `x` separators; a
/// bare `fromxto` for a capture when only one capture goes so).
///
/// # Errors
/// Text that is not a move, or names no legal move.
pub fn move_from_hub(pos: &Position, text: &str) -> Result<Move, HubTextError> {
    let nums: Result<Vec<u8>, _> = text.split(['-', 'x', 'X', ':']).map(str::parse).collect();
    let nums = match nums {
        Ok(nums) if nums.len() >= 2 => nums,
        _ => return Err(HubTextError::NotAMove(excerpt(text))),
    };
    let mut taken: Vec<u8> = nums[2..].to_vec();
    taken.sort_unstable();
    let legal = fast::legal_moves(pos);
    let same_ends = || {
        legal
            .iter()
            .filter(|m| m.from().number() == nums[0] && m.to().number() == nums[1])
    };
    let exact = same_ends().find(|m| {
        let mut caps: Vec<u8> = m.captures().iter().map(|s| s.number()).collect();
        caps.sort_unstable();
        caps == taken
    });
    let bare = || {
        let mut ends = same_ends();
        match (taken.is_empty(), ends.next(), ends.next()) {
            (true, Some(m), None) => Some(m),
            _ => None,
        }
    };
    exact
        .or_else(bare)
        .copied()
        .ok_or_else(|| HubTextError::IllegalMove {
            text: excerpt(text),
            position: position_to_hub(pos),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_positions_and_moves_read_back() {
        let (c, a) =
            parse_line("param name=variant value=normal type=enum values=\"normal killer\"");
        assert_eq!(c, "param");
        assert_eq!(arg(&a, "values"), Some("normal killer"));
        assert_eq!(arg(&a, "name"), Some("variant"));
        let (_, a) = parse_line("level infinite");
        assert_eq!(arg(&a, "infinite"), Some(""));
        assert_eq!(quote("a b"), "\"a b\"");
        assert_eq!(quote(""), "\"\"");
        assert_eq!(quote("32-28"), "32-28");
        for v in Variant::ALL {
            let p = Position::new(v);
            assert_eq!(position_from_hub(&position_to_hub(&p), v).unwrap(), p);
        }
        assert_eq!(
            position_to_hub(&Position::new(Variant::International)),
            "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
        );
        let k = crate::parse_fen("W:WK47:B14,19,29,31,42", Variant::International).unwrap();
        let moves = fast::legal_moves(&k);
        assert!(moves.len() > 1);
        for m in &moves {
            let t = move_to_hub(m);
            assert!(move_from_hub(&k, &t).unwrap().same_as(m), "{t}");
        }
    }

    #[test]
    fn bare_captures_are_read_when_unambiguous() {
        let v = Variant::International;
        // 28 takes 23 and lands on 19: the one capture from 28 to 19.
        let p = crate::parse_fen("W:W28:B23", v).unwrap();
        let m = move_from_hub(&p, "28x19").unwrap();
        assert_eq!(move_to_hub(&m), "28x19x23");
        // A quiet move is not read as a capture, nor a capture as a quiet move.
        assert!(move_from_hub(&p, "28-22").is_err());
        let q = Position::new(v);
        assert!(matches!(
            move_from_hub(&q, "32x28x23"),
            Err(HubTextError::IllegalMove { .. })
        ));
        assert_eq!(move_to_hub(&move_from_hub(&q, "32-28").unwrap()), "32-28");
    }

    #[test]
    fn bad_text_is_refused_in_bounded_words() {
        let v = Variant::International;
        let long = "W".repeat(10_000);
        let e = position_from_hub(&long, v).unwrap_err();
        assert!(e.to_string().len() < 200, "{e}");
        assert!(matches!(
            e,
            HubTextError::PositionLength {
                len: 10_000,
                need: 51,
                ..
            }
        ));
        let start = position_to_hub(&Position::new(v));
        let e = position_from_hub(&start.replacen('W', "X", 1), v).unwrap_err();
        assert_eq!(e, HubTextError::SideToMove('X'));
        let e = position_from_hub(&start.replacen('e', "k", 1), v).unwrap_err();
        assert_eq!(e, HubTextError::SquareLetter('k'));
        // A man on his own back row cannot be.
        let back_row = format!("W{}{}", "e".repeat(45), "bbbbb");
        assert!(matches!(
            position_from_hub(&back_row, v),
            Err(HubTextError::Position(_))
        ));
        let p = Position::new(v);
        for bad in ["", "32", "32-", "a-b", &"9".repeat(5000)] {
            let e = move_from_hub(&p, bad).unwrap_err();
            assert!(e.to_string().len() < 200, "{e}");
        }
        assert!(matches!(
            move_from_hub(&p, "32-27x1"),
            Err(HubTextError::IllegalMove { .. })
        ));
    }
}
