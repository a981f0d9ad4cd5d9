//! `draughts-perft-native --variant V --depth N [--fen FEN] [--only]`: one line per depth,
//! `depth nodes seconds`, like `draughts perft`. With `--only`, just the last depth.
use draughts::{parse_fen, perft, Position, Variant};
use std::time::Instant;

fn main() {
    let mut variant = Variant::International;
    let mut depth = 1;
    let mut fen = None;
    let mut only = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--variant" => variant = args.next().expect("variant").parse().expect("variant"),
            "--depth" => depth = args.next().expect("depth").parse().expect("depth"),
            "--fen" => fen = Some(args.next().expect("fen")),
            "--only" => only = true,
            other => panic!("unknown argument {other}"),
        }
    }
    let pos = match fen {
        Some(f) => parse_fen(&f, variant).expect("valid FEN"),
        None => Position::new(variant),
    };
    let first = if only { depth } else { 1 };
    for d in first..=depth {
        let t = Instant::now();
        let n = perft(&pos, d);
        println!("{d} {n} {:.6}", t.elapsed().as_secs_f64());
    }
}
