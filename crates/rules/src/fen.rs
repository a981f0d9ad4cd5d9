//! FEN in the PDN form: `W:W31-50:B1-20`, `B:WK47,33:B12,K3`.
//!
//! Read: a side to move, then piece fields starting with `W` or `B` holding comma-separated
//! squares, each optionally prefixed `K` for a king, with ranges `31-50` (or `K1-5`); squares may
//! be algebraic on 8×8 boards (`c3`); optional `:H<n>` and `:F<n>` counters and a trailing `.`
//! are tolerated. Written: side to move, White's pieces then Black's, ascending, runs of three or
//! more men as ranges.

use crate::excerpt::excerpt;
use crate::message::Message;
use crate::position::Position;
use crate::setup::{Piece, Role, Setup};
use crate::square::{Color, Geometry};
use crate::variant::Variant;

/// Text that is not a FEN. Quoted text is at most a short excerpt ([`excerpt`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseFenError {
    Empty,
    BadTurn(String),
    BadField { field: usize, text: String },
    BadSquare { field: usize, text: String },
    BadRange { field: usize, text: String },
    BadCounter { field: usize, text: String },
}

impl ParseFenError {
    pub fn message(&self) -> Message {
        let at = |code, field: &usize, text: &String| {
            Message::new(code)
                .with("field", *field)
                .with("text", text.as_str())
        };
        match self {
            ParseFenError::Empty => Message::new("fen.empty"),
            ParseFenError::BadTurn(text) => {
                Message::new("fen.bad-turn").with("text", text.as_str())
            }
            ParseFenError::BadField { field, text } => at("fen.bad-field", field, text),
            ParseFenError::BadSquare { field, text } => at("fen.bad-square", field, text),
            ParseFenError::BadRange { field, text } => at("fen.bad-range", field, text),
            ParseFenError::BadCounter { field, text } => at("fen.bad-counter", field, text),
        }
    }
}

/// Any failure to turn FEN text into a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    Parse(ParseFenError),
    Position(crate::position::PositionError),
}

impl FenError {
    pub fn message(&self) -> Message {
        match self {
            FenError::Parse(e) => e.message(),
            FenError::Position(e) => e.message(),
        }
    }
}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> FenError {
        FenError::Parse(e)
    }
}

impl From<crate::position::PositionError> for FenError {
    fn from(e: crate::position::PositionError) -> FenError {
        FenError::Position(e)
    }
}

crate::error_by_message!(ParseFenError, FenError);

/// Parses FEN text into an unchecked setup. Algebraic squares are read on `geometry`'s board.
///
/// # Errors
/// [`ParseFenError`] naming the field and the text at fault.
pub fn parse_setup(text: &str, geometry: Geometry) -> Result<Setup, ParseFenError> {
    let text = text
        .trim_start_matches('\u{feff}')
        .trim()
        .trim_matches('"')
        .trim();
    let text = text.strip_suffix('.').unwrap_or(text).trim();
    if text.is_empty() {
        return Err(ParseFenError::Empty);
    }
    let mut fields = text.split(':');
    let turn_text = fields.next().unwrap_or("").trim();
    let turn = match turn_text {
        "W" | "w" => Color::White,
        "B" | "b" => Color::Black,
        _ => return Err(ParseFenError::BadTurn(excerpt(turn_text))),
    };
    let mut setup = Setup::empty(turn);
    for (i, field) in fields.enumerate() {
        let field_no = i + 2;
        let field = field.trim();
        let mut chars = field.chars();
        let head = chars.next();
        let rest = chars.as_str().trim();
        let counter = |text: &str| {
            text.parse::<u32>().map_err(|_| ParseFenError::BadCounter {
                field: field_no,
                text: excerpt(field),
            })
        };
        match head {
            Some('W' | 'w') => parse_pieces(rest, Color::White, field_no, geometry, &mut setup)?,
            Some('B' | 'b') => parse_pieces(rest, Color::Black, field_no, geometry, &mut setup)?,
            Some('H' | 'h') => setup.halfmove_clock = Some(counter(rest)?),
            Some('F' | 'f') => setup.fullmove_number = Some(counter(rest)?),
            // An empty field is an empty list (`W::` is an empty board).
            None => {}
            _ => {
                return Err(ParseFenError::BadField {
                    field: field_no,
                    text: excerpt(field),
                })
            }
        }
    }
    Ok(setup)
}

fn parse_pieces(
    list: &str,
    color: Color,
    field: usize,
    geometry: Geometry,
    setup: &mut Setup,
) -> Result<(), ParseFenError> {
    for item in list.split(',') {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let bad = || ParseFenError::BadSquare {
            field,
            text: excerpt(item),
        };
        let (role, body) = match item.strip_prefix(['K', 'k']) {
            Some(b) => (Role::King, b.trim()),
            None => (Role::Man, item),
        };
        let square = |t: &str| -> Result<u32, ParseFenError> {
            let t = t.trim();
            let t = t.strip_prefix(['K', 'k']).unwrap_or(t);
            if t.starts_with(|c: char| c.is_ascii_digit()) {
                t.parse::<u32>().map_err(|_| bad())
            } else {
                geometry
                    .parse_algebraic(t)
                    .map(|sq| sq.number() as u32)
                    .ok_or_else(bad)
            }
        };
        let piece = Piece::new(color, role);
        match body.split_once('-') {
            None => setup.pieces.push((square(body)?, piece)),
            Some((a, b)) => {
                let (a, b) = (square(a)?, square(b)?);
                if a > b {
                    return Err(ParseFenError::BadRange {
                        field,
                        text: excerpt(item),
                    });
                }
                // A range longer than any board is an error, not a long loop.
                if b > 100 {
                    return Err(bad());
                }
                setup.pieces.extend((a..=b).map(|n| (n, piece)));
            }
        }
    }
    Ok(())
}

/// Parses and validates a FEN for a variant.
///
/// # Errors
/// Bad syntax ([`ParseFenError`]) or an impossible position ([`crate::PositionError`]).
pub fn parse_fen(text: &str, variant: Variant) -> Result<Position, FenError> {
    let setup = parse_setup(text, variant.geometry())?;
    Ok(Position::from_setup(&setup, variant)?)
}

/// Writes the canonical FEN of a position.
pub fn write_fen(pos: &Position) -> String {
    write_board(pos.variant(), pos.turn(), |sq| pos.piece_at(sq))
}

/// Writes the canonical FEN of any board of `variant`, legal or not (the board editor shows
/// the FEN of a setup it is still working on): `piece_at` tells what stands on each square.
pub fn write_board(
    variant: Variant,
    turn: Color,
    piece_at: impl Fn(crate::square::Square) -> Option<crate::setup::Piece>,
) -> String {
    let mut s = String::new();
    s.push(turn.char());
    for color in [Color::White, Color::Black] {
        s.push(':');
        s.push(color.char());
        let mut items: Vec<String> = Vec::new();
        let g = variant.geometry();
        let squares: Vec<_> = g.all_squares().collect();
        let mut i = 0;
        while i < squares.len() {
            let here = piece_at(squares[i]);
            match here {
                // Boards without field numbers in their records list squares algebraically.
                Some(p) if p.color == color && !variant.rules().numbered => {
                    let king = if p.role == Role::King { "K" } else { "" };
                    items.push(format!("{king}{}", g.algebraic(squares[i])));
                    i += 1;
                }
                Some(p) if p.color == color && p.role == Role::King => {
                    items.push(format!("K{}", squares[i]));
                    i += 1;
                }
                Some(p) if p.color == color => {
                    let mut j = i;
                    while j + 1 < squares.len() && piece_at(squares[j + 1]) == here {
                        j += 1;
                    }
                    if j >= i + 2 {
                        items.push(format!("{}-{}", squares[i], squares[j]));
                    } else {
                        items.extend((i..=j).map(|k| squares[k].to_string()));
                    }
                    i = j + 1;
                }
                _ => i += 1,
            }
        }
        s.push_str(&items.join(","));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_are_canonical() {
        assert_eq!(
            write_fen(&Position::new(Variant::International)),
            "W:W31-50:B1-20"
        );
        assert_eq!(
            write_fen(&Position::new(Variant::English)),
            "B:W21-32:B1-12"
        );
        assert_eq!(
            write_fen(&Position::new(Variant::Russian)),
            "W:W21-32:B1-12"
        );
    }

    #[test]
    fn reads_lists_kings_counters_and_algebraic() {
        let p = parse_fen("B:WK47,33,34:B12,K3:H0:F1.", Variant::International).unwrap();
        assert_eq!(write_fen(&p), "B:W33,34,K47:BK3,12");
        let r = parse_fen("W:Wc3,Ka1:Bh8", Variant::Russian).unwrap();
        assert_eq!(write_fen(&r), "W:W22,K29:B4");
    }

    #[test]
    fn errors_name_the_field() {
        let e = parse_fen("X:W1", Variant::International).unwrap_err();
        assert!(e.to_string().contains("side to move"), "{e}");
        let e = parse_fen("W:W31-x", Variant::International).unwrap_err();
        assert!(e.to_string().contains("field 2"), "{e}");
        let e = parse_fen("W:W51:B1", Variant::International).unwrap_err();
        assert!(e.to_string().contains("51"), "{e}");
        let e = parse_fen("W:W3:B3,60", Variant::International).unwrap_err();
        let s = e.to_string();
        assert!(
            s.contains("square 3 is given twice") && s.contains("60"),
            "{s}"
        );
    }
}
