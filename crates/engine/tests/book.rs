//! Opening books: the file format (what it cannot hold is refused), the engine's own books
//! (every move legal, every position reached from the start), and their use by the levels.
//! Books built by the builder are tested with it, in the CLI crate (tests/book_build.rs).

use draughts_engine::book::{self, Book, BookMove};
use draughts_engine::{self as ai, Engine, Level};
use draughts_rules::{Position, Variant};

#[test]
fn inserting_refuses_what_the_format_cannot_hold() {
    let start = Position::new(Variant::English);
    let mut book = Book::new(Variant::English);
    let m = |from, to, weight| BookMove { from, to, weight };
    assert!(!book.insert(&start, vec![]));
    assert!(!book.insert(&start, vec![m(11, 15, 0)]));
    assert!(!book.insert(&start, vec![m(11, 15, 1), m(11, 15, 2)]));
    assert!(book.insert(&start, vec![m(11, 15, 1), m(1, 5, 9)]));
    assert!(!book.insert(&start, vec![m(9, 13, 1)]), "the key is taken");
    // 1-5 is not a legal move at the start: it is left out, 11-15 always chosen.
    assert_eq!(book.moves(&start).len(), 1);
    for seed in 0..20 {
        assert_eq!(book.choose(&start, seed).unwrap().to_string(), "11-15");
    }
    assert!(book.moves(&Position::new(Variant::Russian)).is_empty());
}

/// The engine's own books: every entry reached from the start by book moves, every book move
/// legal where it stands, and small enough for the page.
#[test]
fn the_engine_books_are_sound() {
    let mut seen = Vec::new();
    for &(variant, bytes) in book::BUILTIN {
        let book = Book::for_variant(bytes, variant).unwrap();
        let walk = book.walk();
        assert_eq!(walk.unresolved, 0, "{variant}: every book move is legal");
        assert_eq!(
            walk.reached,
            book.len(),
            "{variant}: every entry is reached"
        );
        assert!(walk.moves >= book.len(), "{variant}");
        assert!(book.len() >= 100, "{variant}: {} positions", book.len());
        assert!(
            !book.moves(&Position::new(variant)).is_empty(),
            "{variant}: the start is in the book"
        );
        let gz = miniz_oxide::deflate::compress_to_vec(bytes, 10).len() + 18;
        assert!(gz <= 30 * 1024, "{variant}: {gz} bytes gzipped");
        seen.push(variant);
    }
    for v in Variant::ALL {
        assert!(seen.contains(&v), "{v} has a book");
        assert!(book::builtin(v).is_some());
    }
}

#[test]
fn levels_4_to_6_play_from_the_book_with_seeded_variety() {
    for v in Variant::ALL {
        let book = book::builtin(v).unwrap();
        let start = Position::new(v);
        let in_book: Vec<String> = book
            .moves(&start)
            .iter()
            .map(|(m, _)| m.to_string())
            .collect();
        for level in [4, 5, 6].map(|n| Level::new(n).unwrap()) {
            let mut played = std::collections::HashSet::new();
            for seed in 0..40 {
                let mut engine = Engine::new(1);
                let m = ai::choose_move(&mut engine, &start, &[], level, seed, None, Some(&book))
                    .unwrap();
                assert_eq!(engine.nodes(), 0, "a book move searches nothing");
                assert!(in_book.contains(&m.to_string()), "{m} in {in_book:?}");
                played.insert(m.to_string());
                let again =
                    ai::choose_move(&mut engine, &start, &[], level, seed, None, Some(&book));
                assert_eq!(
                    again.unwrap().to_string(),
                    m.to_string(),
                    "same seed, same move"
                );
            }
            assert!(played.len() >= 2, "{v} level {level}: {played:?}");
        }
    }
}

#[test]
fn without_the_book_or_below_level_4_the_engine_searches() {
    let v = Variant::English;
    let book = book::builtin(v).unwrap();
    let start = Position::new(v);
    let level = Level::new(4).unwrap();
    let searched = Engine::new(16)
        .search(&start, &[], &level.limits(None))
        .unwrap()
        .best;
    for seed in 0..5 {
        let mut engine = Engine::new(16);
        let m = ai::choose_move(&mut engine, &start, &[], level, seed, None, None).unwrap();
        assert!(m.same_as(&searched));
        assert!(engine.nodes() > 0);
    }
    for n in 1..=3 {
        assert!(!ai::uses_book(Level::new(n).unwrap()));
        assert_eq!(
            ai::book_move(Some(&book), &start, Level::new(n).unwrap(), 1),
            None
        );
    }
    // Out of book: a position no game reaches.
    let odd = draughts_rules::parse_fen("B:W18,22,23,24:B3,9,10,11", v).unwrap();
    assert!(book.moves(&odd).is_empty());
    assert_eq!(ai::book_move(Some(&book), &odd, level, 1), None);
}
