//! The book file format (version 1), all integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `DRGTBOOK` |
//! | 2 | format version (1) |
//! | 1 | the variant's PDN `GameType` number |
//! | 1 | reserved, 0 |
//! | 2 | margin the book was built with, hundredths of a man (for information) |
//! | 1 | search depth that checked every move (for information) |
//! | 1 | deepest ply of the book (for information) |
//! | 4 | number of entries |
//! | 4 | length of the entries in bytes |
//! | 8 | FNV-1a 64 of the 24 bytes before it and the entries |
//! | … | entries, keys strictly ascending |
//!
//! An entry is a position's [`key`](super::key) (4 bytes: the high half of its Zobrist hash),
//! the number of book moves (1 byte, 1–[`MAX_MOVES`]), then per move its origin and destination
//! square numbers and its weight (1 byte each, weight ≥ 1). A short key can name two positions:
//! a move is played only if exactly one legal move of the position goes from its origin to its
//! destination (see [`Book::moves`](super::Book::moves)), so a stray match is not played.
//!
//! Reading checks every field and reports the first problem as a [`BookError`]; nothing in the
//! bytes can make it panic.

use super::{Book, BookMove, Entry};
use draughts_rules::variant::Variant;

pub const MAGIC: &[u8; 8] = b"DRGTBOOK";
pub const VERSION: u16 = 1;
pub const HEADER: usize = 8 + 2 + 1 + 1 + 2 + 1 + 1 + 4 + 4 + 8;
/// Most moves one entry may hold.
pub const MAX_MOVES: usize = 16;

/// Why bytes are not a usable book.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BookError {
    #[error("not an opening book file")]
    NotABook,
    #[error("book format version {found}, this program reads version {expected}")]
    Version { found: u16, expected: u16 },
    #[error("the book is for an unknown variant (PDN GameType {0})")]
    UnknownVariant(u8),
    #[error("the book is for {found}, not {expected}")]
    WrongVariant { found: Variant, expected: Variant },
    #[error("the book is damaged: {0}")]
    Corrupt(&'static str),
}

/// FNV-1a, 64 bits, going on from `h`: enough to tell a damaged book from a sound one.
fn fnv1a(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The checksum of a file: its first 24 bytes (the header before the checksum) and its entries,
/// so that no byte can change unnoticed.
fn checksum(head: &[u8], body: &[u8]) -> u64 {
    fnv1a(fnv1a(0xcbf2_9ce4_8422_2325, &head[..24]), body)
}

/// A book as file bytes.
pub fn encode(book: &Book) -> Vec<u8> {
    let mut body = Vec::new();
    for e in &book.entries {
        body.extend_from_slice(&e.key.to_le_bytes());
        body.push(e.moves.len() as u8);
        for m in &e.moves {
            body.extend_from_slice(&[m.from, m.to, m.weight]);
        }
    }
    let mut out = Vec::with_capacity(HEADER + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(book.variant.rules().pdn_game_type);
    out.push(0);
    out.extend_from_slice(&book.margin.to_le_bytes());
    out.push(book.depth);
    out.push(book.plies);
    out.extend_from_slice(&(book.entries.len() as u32).to_le_bytes());
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    let sum = checksum(&out, &body);
    out.extend_from_slice(&sum.to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// Reads a book.
///
/// # Errors
/// The bytes are not a book, of another version or of an unknown variant, cut short, too long,
/// or damaged (checksum, keys out of order, a square off the board, an empty entry…).
pub fn decode(bytes: &[u8]) -> Result<Book, BookError> {
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(BookError::NotABook);
    }
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let u32_at =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let version = u16_at(8);
    if version != VERSION {
        return Err(BookError::Version {
            found: version,
            expected: VERSION,
        });
    }
    let variant =
        Variant::from_pdn_game_type(bytes[10]).ok_or(BookError::UnknownVariant(bytes[10]))?;
    if bytes[11] != 0 {
        return Err(BookError::Corrupt("a reserved byte is set"));
    }
    let (margin, depth, plies) = (u16_at(12), bytes[14], bytes[15]);
    let count = u32_at(16) as usize;
    let length = u32_at(20) as usize;
    let mut sum = [0u8; 8];
    sum.copy_from_slice(&bytes[24..32]);
    let body = &bytes[HEADER..];
    if body.len() != length {
        return Err(BookError::Corrupt(if body.len() < length {
            "cut short"
        } else {
            "bytes after the entries"
        }));
    }
    if checksum(bytes, body) != u64::from_le_bytes(sum) {
        return Err(BookError::Corrupt("the checksum does not match"));
    }
    // Each entry takes at least 8 bytes: a count beyond that is a lie, not an allocation.
    if count > body.len() / 8 {
        return Err(BookError::Corrupt("more entries than bytes"));
    }
    let squares = variant.geometry().squares();
    let mut entries = Vec::with_capacity(count);
    let mut at = 0usize;
    for _ in 0..count {
        let head = body
            .get(at..at + 5)
            .ok_or(BookError::Corrupt("an entry is cut short"))?;
        let key = u32::from_le_bytes([head[0], head[1], head[2], head[3]]);
        let n = head[4] as usize;
        if n == 0 || n > MAX_MOVES {
            return Err(BookError::Corrupt("an entry has no moves or too many"));
        }
        if entries.last().is_some_and(|e: &Entry| e.key >= key) {
            return Err(BookError::Corrupt("the keys are out of order"));
        }
        at += 5;
        let raw = body
            .get(at..at + 3 * n)
            .ok_or(BookError::Corrupt("an entry is cut short"))?;
        let mut moves = Vec::with_capacity(n);
        for m in raw.chunks_exact(3) {
            let (from, to, weight) = (m[0], m[1], m[2]);
            if !(1..=squares).contains(&from) || !(1..=squares).contains(&to) {
                return Err(BookError::Corrupt("a move leaves the board"));
            }
            if weight == 0 {
                return Err(BookError::Corrupt("a move has no weight"));
            }
            if moves
                .iter()
                .any(|b: &BookMove| b.from == from && b.to == to)
            {
                return Err(BookError::Corrupt("an entry names a move twice"));
            }
            moves.push(BookMove { from, to, weight });
        }
        at += 3 * n;
        entries.push(Entry { key, moves });
    }
    if at != body.len() {
        return Err(BookError::Corrupt("bytes after the entries"));
    }
    Ok(Book {
        variant,
        margin,
        depth,
        plies,
        entries,
    })
}
