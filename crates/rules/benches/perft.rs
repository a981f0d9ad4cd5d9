//! Perft throughput per variant and move generation per position.
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use draughts_rules::{parse_fen, perft, Position, Variant};

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth) in [
        (Variant::International, 6),
        (Variant::English, 8),
        (Variant::Russian, 7),
        (Variant::Brazilian, 7),
        (Variant::Frisian, 6),
        (Variant::Frysk, 5),
        (Variant::Antidraughts, 6),
        (Variant::Breakthrough, 6),
        (Variant::Italian, 8),
        (Variant::Spanish, 8),
        (Variant::Portuguese, 8),
        (Variant::Czech, 8),
        (Variant::Pool, 8),
        (Variant::Turkish, 6),
    ] {
        let pos = Position::new(variant);
        group.throughput(Throughput::Elements(perft(&pos, depth)));
        group.bench_function(format!("{variant} depth {depth}"), |b| {
            b.iter(|| perft(black_box(&pos), depth))
        });
    }
    group.finish();
}

fn movegen_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for (name, variant, fen) in [
        (
            "international start",
            Variant::International,
            "W:W31-50:B1-20",
        ),
        (
            "woldouby",
            Variant::International,
            "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        ),
        ("all kings", Variant::International, "W:WK31-50:BK1-20"),
        ("english start", Variant::English, "B:W21-32:B1-12"),
    ] {
        let pos = parse_fen(fen, variant).expect("bench FEN is valid");
        let mut out = Vec::new();
        group.bench_function(name, |b| {
            b.iter(|| {
                draughts_rules::fast::legal_moves_into(black_box(&pos), &mut out);
                out.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft_bench, movegen_bench);
criterion_main!(benches);
