//! Opening books: the file format (round trip, damage refused), the engine's own books (every
//! move legal, every position reached from the start), building, and their use by the levels.

use draughts_engine::book::{self, build, Book, BookError, BookMove};
use draughts_engine::{self as ai, Engine, Level};
use draughts_rules::{Game, Position, Variant};

/// A small English book built by the real builder (shallow, so the test is quick).
fn small_book() -> Book {
    small_book_within(100)
}

/// The book of three English games, keeping moves within `margin` hundredths of the best.
fn small_book_within(margin: i32) -> Book {
    let opts = build::Options {
        plies: 6,
        depth: 4,
        margin,
        positions: 25,
        min_games: 1,
        max_moves: 3,
    };
    let mut stats = build::GameStats::default();
    for moves in [
        "11-15 23-19 8-11 22-17",
        "11-15 23-19 9-14",
        "9-13 22-18 10-14",
    ] {
        let mut game = Game::new(Variant::English);
        for m in moves.split(' ') {
            game.play_text(m).unwrap();
        }
        assert!(stats.add(&game, Variant::English, opts.plies));
    }
    build::build(Variant::English, &stats, &opts, &mut |_, _| {}).0
}

#[test]
fn a_book_round_trips_through_its_file() {
    let book = small_book();
    assert!((10..=25).contains(&book.len()), "{}", book.len());
    assert!(
        book.walk().deepest < 6,
        "no entry beyond the plies asked for"
    );
    let bytes = book.to_bytes();
    assert_eq!(Book::from_bytes(&bytes), Ok(book.clone()));
    assert_eq!(Book::for_variant(&bytes, Variant::English), Ok(book));
    assert_eq!(
        Book::for_variant(&bytes, Variant::Russian),
        Err(BookError::WrongVariant {
            found: Variant::English,
            expected: Variant::Russian
        })
    );
}

#[test]
fn damaged_bytes_are_refused_never_a_panic() {
    let bytes = small_book().to_bytes();
    // Cut anywhere.
    for n in 0..bytes.len() {
        assert!(Book::from_bytes(&bytes[..n]).is_err(), "cut at {n}");
    }
    // Any byte changed, in the header or the entries.
    for i in 0..bytes.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut b = bytes.clone();
            b[i] ^= flip;
            assert!(Book::from_bytes(&b).is_err(), "byte {i} ^ {flip:#x}");
        }
    }
    // A byte too many.
    let mut long = bytes.clone();
    long.push(0);
    assert!(Book::from_bytes(&long).is_err());
    assert_eq!(
        Book::from_bytes(b"DRGTEGDB........................"),
        Err(BookError::NotABook)
    );
    let mut v2 = bytes.clone();
    v2[8] = 2;
    assert_eq!(
        Book::from_bytes(&v2),
        Err(BookError::Version {
            found: 2,
            expected: 1
        })
    );
    // Random noise behind a sound header reads as damage too.
    let mut state = 0x1234_5678_9abc_def0u64;
    for _ in 0..2000 {
        let mut b = bytes[..book::file::HEADER].to_vec();
        let n = (state % 64) as usize;
        for _ in 0..n {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            b.push(state as u8);
        }
        let _ = Book::from_bytes(&b);
    }
}

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

#[test]
fn building_follows_the_games_within_the_margin() {
    let book = small_book();
    let start = Position::new(Variant::English);
    let moves: Vec<String> = book
        .moves(&start)
        .iter()
        .map(|(m, _)| m.to_string())
        .collect();
    // The games played 11-15 twice and 9-13 once, both standard openings within a man of each
    // other: those are the book's.
    assert_eq!(moves, ["11-15", "9-13"]);
    let w = book.moves(&start);
    assert!(w[0].1 > w[1].1, "played more often, weighed more: {w:?}");
    // With no margin only the better of the two by the depth-4 check stays, however often the
    // other was played (which one depends on the evaluation, not on the games).
    let narrow = small_book_within(0);
    let moves: Vec<String> = narrow
        .moves(&start)
        .iter()
        .map(|(m, _)| m.to_string())
        .collect();
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert!(moves[0] == "11-15" || moves[0] == "9-13", "{moves:?}");
    let walk = book.walk();
    assert_eq!(walk.reached, book.len());
    assert_eq!(walk.unresolved, 0);
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
