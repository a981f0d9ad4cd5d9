//! Opening books: for positions of the opening, the moves worth playing and how often to play
//! each, so that the computer's games differ and its first moves cost no thinking.
//!
//! A book is built by our own tools (`draughts book build`, [`build`]): positions from real
//! games where moves were played often enough, and deep searches of the opening where games are
//! thin, every move checked by a search and kept only within a margin of the best. It is stored
//! in a compact file of our own ([`file`]) and used by levels 4–6 ([`super::choose_move`]) with a
//! seeded weighted choice; analysis and review never use it.
//!
//! ```
//! use draughts::ai::book::{Book, BookMove};
//! use draughts::{Position, Variant};
//!
//! let start = Position::new(Variant::English);
//! let mut book = Book::new(Variant::English);
//! book.insert(&start, vec![BookMove { from: 11, to: 15, weight: 3 }, BookMove { from: 9, to: 13, weight: 1 }]);
//! let book = Book::from_bytes(&book.to_bytes()).unwrap();
//! let moves = book.moves(&start);
//! assert_eq!(moves.len(), 2);
//! let m = book.choose(&start, 7).unwrap();
//! assert!(start.is_legal(&m));
//! ```

pub mod build;
pub mod file;

pub use file::BookError;

use super::rng::Rng;
use super::zobrist;
use draughts_rules::fast;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use draughts_rules::variant::Variant;

/// A book move: origin and destination square numbers and a weight (its share of the choice).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookMove {
    pub from: u8,
    pub to: u8,
    pub weight: u8,
}

/// One position's moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    pub key: u32,
    pub moves: Vec<BookMove>,
}

/// An opening book of one variant: entries sorted by key.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Book {
    variant: Variant,
    /// How far below the best a book move may score, in hundredths of a man (as built).
    pub margin: u16,
    /// The search depth that checked every move (as built).
    pub depth: u8,
    /// The deepest ply of the book (as built).
    pub plies: u8,
    entries: Vec<Entry>,
}

/// A position's key in a book: the high half of its Zobrist hash (which already tells the
/// variant and the side to move apart).
pub fn key(pos: &Position) -> u32 {
    (zobrist::hash(pos) >> 32) as u32
}

impl Book {
    /// An empty book.
    pub fn new(variant: Variant) -> Book {
        Book {
            variant,
            margin: 0,
            depth: 0,
            plies: 0,
            entries: Vec::new(),
        }
    }

    /// Reads a book file.
    ///
    /// # Errors
    /// See [`file::decode`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        file::decode(bytes)
    }

    /// Reads a book file that must be of `variant`.
    ///
    /// # Errors
    /// As [`Book::from_bytes`], or a book of another variant.
    pub fn for_variant(bytes: &[u8], variant: Variant) -> Result<Book, BookError> {
        let book = file::decode(bytes)?;
        if book.variant != variant {
            return Err(BookError::WrongVariant {
                found: book.variant,
                expected: variant,
            });
        }
        Ok(book)
    }

    /// The book as file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        file::encode(self)
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries, sorted by key.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Sets `pos`'s moves (at most [`file::MAX_MOVES`], weights ≥ 1, each origin and destination
    /// once). Returns `false`, changing nothing, if another position holds the same key or the
    /// moves break those limits.
    pub fn insert(&mut self, pos: &Position, moves: Vec<BookMove>) -> bool {
        let k = key(pos);
        let ok = !moves.is_empty()
            && moves.len() <= file::MAX_MOVES
            && moves.iter().all(|m| m.weight > 0)
            && moves
                .iter()
                .enumerate()
                .all(|(i, m)| moves[..i].iter().all(|n| (n.from, n.to) != (m.from, m.to)));
        if !ok || pos.variant() != self.variant {
            return false;
        }
        match self.entries.binary_search_by_key(&k, |e| e.key) {
            Ok(_) => false,
            Err(i) => {
                self.entries.insert(i, Entry { key: k, moves });
                true
            }
        }
    }

    /// The book moves of `pos` with their weights, each resolved to the one legal move going
    /// from its origin to its destination (a book move that names none, or two, is left out).
    /// Empty when the position is not in the book.
    pub fn moves(&self, pos: &Position) -> Vec<(Move, u8)> {
        if pos.variant() != self.variant {
            return Vec::new();
        }
        let Ok(i) = self.entries.binary_search_by_key(&key(pos), |e| e.key) else {
            return Vec::new();
        };
        let legal = fast::legal_moves(pos);
        self.entries[i]
            .moves
            .iter()
            .filter_map(|b| {
                let mut found = legal
                    .iter()
                    .filter(|m| m.from().number() == b.from && m.to().number() == b.to);
                match (found.next(), found.next()) {
                    (Some(m), None) => Some((*m, b.weight)),
                    _ => None,
                }
            })
            .collect()
    }

    /// A book move for `pos`, chosen at random in proportion to the weights (the same `seed`
    /// and position give the same move), or `None` out of book.
    pub fn choose(&self, pos: &Position, seed: u64) -> Option<Move> {
        let moves = self.moves(pos);
        let total: usize = moves.iter().map(|&(_, w)| w as usize).sum();
        if total == 0 {
            return None;
        }
        let mut rng = Rng::new(seed ^ zobrist::hash(pos));
        let mut pick = rng.below(total);
        for (m, w) in moves {
            if pick < w as usize {
                return Some(m);
            }
            pick -= w as usize;
        }
        None
    }
}

/// What replaying a book from the start position finds (see [`Book::walk`]).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Walk {
    /// Distinct positions of the book reached by playing book moves from the start.
    pub reached: usize,
    /// Book moves followed (each resolved to a legal move).
    pub moves: usize,
    /// Book moves that name no legal move, or two, in their position.
    pub unresolved: usize,
    /// Deepest ply of a position in the book, so reached.
    pub deepest: u32,
    /// Lines: book moves that leave the book.
    pub leaves: usize,
}

impl Book {
    /// Plays every book move from the variant's start position, through every position of the
    /// book it reaches (and through forced moves, which the book leaves out): a sound book
    /// reaches all its entries and resolves every move.
    pub fn walk(&self) -> Walk {
        let mut walk = Walk::default();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![(Position::new(self.variant), 0u32)];
        while let Some((pos, ply)) = stack.pop() {
            if !seen.insert(zobrist::hash(&pos)) {
                continue;
            }
            let legal = fast::legal_moves(&pos);
            let in_book = self
                .entries
                .binary_search_by_key(&key(&pos), |e| e.key)
                .ok()
                .map(|i| &self.entries[i]);
            let Some(entry) = in_book else {
                if legal.len() == 1 && ply < u32::from(self.plies.max(1)) + 1 {
                    let mut child = pos;
                    child.play_unchecked(&legal[0]);
                    stack.push((child, ply + 1));
                } else {
                    walk.leaves += 1;
                }
                continue;
            };
            walk.reached += 1;
            walk.deepest = walk.deepest.max(ply);
            let moves = self.moves(&pos);
            walk.unresolved += entry.moves.len() - moves.len();
            for (m, _) in moves {
                walk.moves += 1;
                let mut child = pos;
                child.play_unchecked(&m);
                stack.push((child, ply + 1));
            }
        }
        walk
    }
}

/// The books that come with the engine, as file bytes (`books/` in the repository), for the
/// command line. The page fetches them as files instead, when the computer first needs one: the
/// wasm API never refers to these, so they are left out of the wasm modules.
pub const BUILTIN: &[(Variant, &[u8])] = &[
    (
        Variant::International,
        include_bytes!("../../books/international.book"),
    ),
    (Variant::English, include_bytes!("../../books/english.book")),
    (Variant::Russian, include_bytes!("../../books/russian.book")),
    (
        Variant::Brazilian,
        include_bytes!("../../books/brazilian.book"),
    ),
    (Variant::Frisian, include_bytes!("../../books/frisian.book")),
    (Variant::Frysk, include_bytes!("../../books/frysk.book")),
    (
        Variant::Antidraughts,
        include_bytes!("../../books/antidraughts.book"),
    ),
    (
        Variant::Breakthrough,
        include_bytes!("../../books/breakthrough.book"),
    ),
    (Variant::Italian, include_bytes!("../../books/italian.book")),
    (Variant::Spanish, include_bytes!("../../books/spanish.book")),
    (
        Variant::Portuguese,
        include_bytes!("../../books/portuguese.book"),
    ),
    (Variant::Czech, include_bytes!("../../books/czech.book")),
    (Variant::Pool, include_bytes!("../../books/pool.book")),
    (Variant::Turkish, include_bytes!("../../books/turkish.book")),
];

/// The engine's own book for `variant`, if it has one (see [`BUILTIN`]).
pub fn builtin(variant: Variant) -> Option<Book> {
    BUILTIN
        .iter()
        .find(|(v, _)| *v == variant)
        .and_then(|(_, bytes)| Book::for_variant(bytes, variant).ok())
}
