//! What the endgame-table tests share: small tables built once, a position's value by FEN, a
//! best line played out through the game, and spread kings-only positions.
#![allow(dead_code)]

use draughts_engine::egdb::{Egdb, Metric, Value};
use draughts_rules::game::{Game, Status};
use draughts_rules::{parse_fen, Color, Piece, Position, Role, Setup, Variant};
use std::sync::OnceLock;

/// International up to four pieces, with the move limits, built once for the tests below.
pub fn international4() -> &'static Egdb {
    static DB: OnceLock<Egdb> = OnceLock::new();
    DB.get_or_init(|| Egdb::build_on(Variant::International, 4, Metric::WithLimits, 2).unwrap())
}

pub fn english4() -> &'static Egdb {
    static DB: OnceLock<Egdb> = OnceLock::new();
    DB.get_or_init(|| {
        Egdb::build(Variant::English, 4, Metric::WithLimits, &mut |_| Ok(())).unwrap()
    })
}

pub fn value(db: &Egdb, fen: &str) -> Value {
    db.value(&parse_fen(fen, db.variant()).unwrap())
        .unwrap()
        .unwrap()
}

/// Plays the database's best line from `pos` through [`Game`] (with its draw rules): the
/// winner takes the quickest win, the loser the longest loss.
pub fn play_out(db: &Egdb, pos: &Position) -> Status {
    let mut game = Game::from_position(*pos);
    for _ in 0..400 {
        if game.status().is_over() {
            return game.status();
        }
        let played = db.phase_plies(game.positions(), game.moves());
        let ranked = db.rank_moves(game.position(), played).unwrap().unwrap();
        game.play(&ranked[0].mv).unwrap();
    }
    game.status()
}

/// Kings-only positions of `white` kings against `black`, White to move, `n` of them spread by
/// a fixed generator.
pub fn kings_only(variant: Variant, white: usize, black: usize, n: usize) -> Vec<Position> {
    let squares = variant.geometry().squares() as u64;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % squares) as u32 + 1
    };
    let mut out = Vec::new();
    while out.len() < n {
        let mut setup = Setup::empty(Color::White);
        for (count, color) in [(white, Color::White), (black, Color::Black)] {
            for _ in 0..count {
                setup.pieces.push((next(), Piece::new(color, Role::King)));
            }
        }
        if let Ok(pos) = Position::from_setup(&setup, variant) {
            out.push(pos);
        }
    }
    out
}
