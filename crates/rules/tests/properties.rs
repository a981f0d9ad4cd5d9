//! Property tests: invariants of positions and moves over random positions of every variant.
//!
//! Positions come from two sources: random playouts from the start position (move indices drawn
//! by proptest, so failures shrink to short games) and random setups (any pieces on any squares,
//! king-heavy, far from anything a game reaches). Move generation is also checked against a
//! slow reference generator written here from the rules, on row/column coordinates, sharing no
//! code with the engine's bitboard generator.

use draughts_rules::{
    fast, parse_fen, perft, perft_threads, write_fen, Color, Move, Piece, Position, Role, Setup,
    Square, Variant,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------------
// Strategies

fn variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

/// Plays `choices` (each an index into the legal moves, taken modulo their number) from the
/// start position, stopping early when the side to move has no move.
fn playout(variant: Variant, choices: &[u16]) -> Position {
    let mut pos = Position::new(variant);
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[c as usize % moves.len()]);
    }
    pos
}

/// A position reached by a random game of up to 120 plies.
fn played_position() -> impl Strategy<Value = Position> {
    (variant(), prop::collection::vec(any::<u16>(), 0..120)).prop_map(|(v, c)| playout(v, &c))
}

/// A random legal setup: each square empty or holding a man or king of either side (men that
/// would stand on their promotion row become kings; each side keeps at most its starting
/// number of pieces).
fn random_setup() -> impl Strategy<Value = Position> {
    setup_of(variant())
}

/// [`random_setup`] for the variants `variants` draws.
fn setup_of(variants: impl Strategy<Value = Variant>) -> impl Strategy<Value = Position> {
    (variants, any::<bool>(), prop::collection::vec(0u8..16, 64)).prop_map(
        |(variant, white_to_move, cells)| {
            let g = variant.geometry();
            let max = variant.rules().start_men() as usize;
            let turn = if white_to_move {
                Color::White
            } else {
                Color::Black
            };
            let mut setup = Setup::empty(turn);
            let mut count = [0usize; 2];
            for (i, &cell) in cells.iter().take(g.squares() as usize).enumerate() {
                let (color, mut role) = match cell {
                    0..=8 => continue,
                    9 | 10 => (Color::White, Role::Man),
                    11 | 12 => (Color::Black, Role::Man),
                    13 | 14 => (Color::White, Role::King),
                    _ => (Color::Black, Role::King),
                };
                let side = (color == Color::Black) as usize;
                if count[side] == max {
                    continue;
                }
                count[side] += 1;
                let sq = Square::from_index(i as u8);
                let row = g.row(sq);
                let promotion_row = if color == Color::White {
                    0
                } else {
                    g.size() - 1
                };
                if row == promotion_row {
                    role = Role::King;
                }
                setup
                    .pieces
                    .push((sq.number() as u32, Piece::new(color, role)));
            }
            Position::from_setup(&setup, variant).expect("generated setup is valid")
        },
    )
}

/// Either kind of position.
fn position() -> impl Strategy<Value = Position> {
    prop_oneof![played_position(), random_setup()]
}

/// A Frisian or Frysk! position for the fast path on Frisian rules: a random setup (kings and men of
/// both sides, so captures along rows and columns and ties of value between a king's capture
/// and a man's abound), then a few plies in which each side moves the king it moved last
/// whenever it may, so that a king often stands at or near the limit of moves in a row.
fn frisian_position() -> impl Strategy<Value = Position> {
    (
        setup_of(prop::sample::select(vec![Variant::Frisian, Variant::Frysk])),
        prop::collection::vec(any::<u16>(), 0..10),
    )
        .prop_map(|(mut pos, choices)| {
            let mut last_king = [None, None];
            for c in choices {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let side = (pos.turn() == Color::Black) as usize;
                let same_king: Vec<&Move> = moves
                    .iter()
                    .filter(|m| !m.is_capture() && Some(m.from()) == last_king[side])
                    .collect();
                let kings: Vec<&Move> = moves
                    .iter()
                    .filter(|m| {
                        !m.is_capture()
                            && matches!(pos.piece_at(m.from()), Some(p) if p.role == Role::King)
                    })
                    .collect();
                let m = *if !same_king.is_empty() {
                    same_king[c as usize % same_king.len()]
                } else if !kings.is_empty() && c % 4 != 0 {
                    kings[c as usize % kings.len()]
                } else {
                    &moves[c as usize % moves.len()]
                };
                let king = matches!(pos.piece_at(m.from()), Some(p) if p.role == Role::King);
                last_king[side] = (king && !m.is_capture()).then(|| m.to());
                pos.play_unchecked(&m);
            }
            pos
        })
}

/// A position of one of the four variants the reference generator below knows.
fn classic_position() -> impl Strategy<Value = Position> {
    position().prop_filter("a variant the reference generator knows", |p| {
        matches!(
            p.variant(),
            Variant::International | Variant::English | Variant::Russian | Variant::Brazilian
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Reference move generator

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Coord {
    row: u8,
    col: u8,
}

impl Coord {
    /// Row from the top, column from the left; row 0 holds squares 1.. and its first playable
    /// cell is column 1.
    fn of(size: u8, sq: Square) -> Coord {
        let per_row = size / 2;
        let row = sq.index() / per_row;
        let col = 2 * (sq.index() % per_row) + u8::from(row % 2 == 0);
        Coord { row, col }
    }

    fn square(self, size: u8) -> Square {
        Square::from_index(self.row * (size / 2) + self.col / 2)
    }

    fn step(self, (dr, dc): (i8, i8), size: u8) -> Option<Coord> {
        let row = self.row as i8 + dr;
        let col = self.col as i8 + dc;
        (0..size as i8).contains(&row).then_some(())?;
        (0..size as i8).contains(&col).then_some(())?;
        Some(Coord {
            row: row as u8,
            col: col as u8,
        })
    }
}

const DIRS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// A move as the rules see it: origin, destination, captured set, crowning.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Key {
    from: u8,
    to: u8,
    captured: Vec<u8>,
    promotes: bool,
}

fn key(m: &Move) -> Key {
    let mut captured: Vec<u8> = m.captures().iter().map(|s| s.number()).collect();
    captured.sort_unstable();
    Key {
        from: m.from().number(),
        to: m.to().number(),
        captured,
        promotes: m.promotes(),
    }
}

/// The position on a plain grid, for the reference generator.
struct Grid {
    size: u8,
    cells: Vec<Option<Piece>>,
    turn: Color,
    variant: Variant,
}

impl Grid {
    fn new(pos: &Position) -> Grid {
        let size = pos.geometry().size();
        let mut cells = vec![None; size as usize * size as usize];
        for sq in pos.geometry().all_squares() {
            let c = Coord::of(size, sq);
            cells[c.row as usize * size as usize + c.col as usize] = pos.piece_at(sq);
        }
        Grid {
            size,
            cells,
            turn: pos.turn(),
            variant: pos.variant(),
        }
    }

    fn at(&self, c: Coord) -> Option<Piece> {
        self.cells[c.row as usize * self.size as usize + c.col as usize]
    }

    fn forward(&self, (dr, _): (i8, i8)) -> bool {
        (dr < 0) == (self.turn == Color::White)
    }

    fn promotion_row(&self) -> u8 {
        if self.turn == Color::White {
            0
        } else {
            self.size - 1
        }
    }

    fn flying(&self) -> bool {
        self.variant != Variant::English
    }

    fn legal(&self) -> BTreeSet<Key> {
        let mut captures = BTreeSet::new();
        for row in 0..self.size {
            for col in 0..self.size {
                let c = Coord { row, col };
                if let Some(p) = self.at(c) {
                    if p.color == self.turn {
                        let mut taken = Vec::new();
                        self.capture_from(c, c, p.role == Role::King, &mut taken, &mut captures);
                    }
                }
            }
        }
        if !captures.is_empty() {
            let majority = matches!(self.variant, Variant::International | Variant::Brazilian);
            if majority {
                let most = captures.iter().map(|k| k.captured.len()).max().unwrap();
                captures.retain(|k| k.captured.len() == most);
            }
            return captures;
        }
        let mut quiet = BTreeSet::new();
        for row in 0..self.size {
            for col in 0..self.size {
                let from = Coord { row, col };
                let Some(p) = self.at(from) else { continue };
                if p.color != self.turn {
                    continue;
                }
                for dir in DIRS {
                    if p.role == Role::Man && !self.forward(dir) {
                        continue;
                    }
                    let mut at = from;
                    while let Some(to) = at.step(dir, self.size) {
                        if self.at(to).is_some() {
                            break;
                        }
                        quiet.insert(Key {
                            from: from.square(self.size).number(),
                            to: to.square(self.size).number(),
                            captured: Vec::new(),
                            promotes: p.role == Role::Man && to.row == self.promotion_row(),
                        });
                        if p.role == Role::Man || !self.flying() {
                            break;
                        }
                        at = to;
                    }
                }
            }
        }
        quiet
    }

    /// Whether `c` is empty while a capture from `origin` is under way (the origin is vacated).
    fn empty(&self, c: Coord, origin: Coord) -> bool {
        c == origin || self.at(c).is_none()
    }

    /// Every jump available from `at`: (victim, landing squares).
    fn jumps(
        &self,
        at: Coord,
        origin: Coord,
        king: bool,
        taken: &[Coord],
    ) -> Vec<(Coord, Vec<Coord>)> {
        let men_backward = self.variant != Variant::English;
        let mut out = Vec::new();
        for dir in DIRS {
            if !king && !men_backward && !self.forward(dir) {
                continue;
            }
            let flying = king && self.flying();
            let mut victim = at.step(dir, self.size);
            if flying {
                while let Some(v) = victim.filter(|&v| self.empty(v, origin)) {
                    victim = v.step(dir, self.size);
                }
            }
            let Some(victim) = victim else { continue };
            if self.empty(victim, origin)
                || self.at(victim).unwrap().color == self.turn
                || taken.contains(&victim)
            {
                continue;
            }
            let mut lands = Vec::new();
            let mut land = victim.step(dir, self.size);
            while let Some(l) = land {
                if !self.empty(l, origin) {
                    break;
                }
                lands.push(l);
                if !flying {
                    break;
                }
                land = l.step(dir, self.size);
            }
            if !lands.is_empty() {
                out.push((victim, lands));
            }
        }
        out
    }

    fn capture_from(
        &self,
        origin: Coord,
        at: Coord,
        king: bool,
        taken: &mut Vec<Coord>,
        found: &mut BTreeSet<Key>,
    ) {
        let started_king = self.at(origin).unwrap().role == Role::King;
        let jumps = self.jumps(at, origin, king, taken);
        if jumps.is_empty() {
            if !taken.is_empty() {
                let mut captured: Vec<u8> =
                    taken.iter().map(|c| c.square(self.size).number()).collect();
                captured.sort_unstable();
                found.insert(Key {
                    from: origin.square(self.size).number(),
                    to: at.square(self.size).number(),
                    captured,
                    promotes: !started_king && (king || at.row == self.promotion_row()),
                });
            }
            return;
        }
        for (victim, lands) in jumps {
            taken.push(victim);
            // Russian rules: a flying king must stop where it can capture again, if it can.
            let continuing: Vec<Coord> = lands
                .iter()
                .copied()
                .filter(|&l| !self.jumps(l, origin, king, taken).is_empty())
                .collect();
            let lands = if continuing.is_empty() {
                lands
            } else {
                continuing
            };
            for land in lands {
                let crowns = !king && land.row == self.promotion_row();
                match (crowns, self.variant) {
                    (true, Variant::English) => {
                        // Crowning ends the move.
                        let mut captured: Vec<u8> =
                            taken.iter().map(|c| c.square(self.size).number()).collect();
                        captured.sort_unstable();
                        found.insert(Key {
                            from: origin.square(self.size).number(),
                            to: land.square(self.size).number(),
                            captured,
                            promotes: true,
                        });
                    }
                    (true, Variant::Russian) => self.capture_from(origin, land, true, taken, found),
                    _ => self.capture_from(origin, land, king, taken, found),
                }
            }
            taken.pop();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Properties

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(5000))]

    /// The FEN holds the board and the side to move (a Frisian king's moves in a row are
    /// history, kept by the game).
    #[test]
    fn fen_round_trips(pos in position()) {
        let fen = write_fen(&pos);
        let back = parse_fen(&fen, pos.variant()).expect("own FEN reads back");
        prop_assert_eq!(write_fen(&back), fen.clone());
        prop_assert_eq!(back.to_setup(), pos.to_setup(), "{}", fen);
    }

    /// The Hub text of a position and of each of its moves reads back to the same; the text
    /// with any one character changed is read or refused, never a panic, and a refusal quotes
    /// a bounded excerpt.
    #[test]
    fn hub_text_round_trips(pos in position(), at in any::<prop::sample::Index>(), c in any::<char>()) {
        use draughts_rules::hub::{move_from_hub, move_to_hub, position_from_hub, position_to_hub};
        let text = position_to_hub(&pos);
        let back = position_from_hub(&text, pos.variant()).expect("own Hub text reads back");
        prop_assert_eq!(back.to_setup(), pos.to_setup(), "{}", text);
        for m in pos.legal_moves() {
            let t = move_to_hub(&m);
            let read = move_from_hub(&pos, &t).expect("own Hub move reads back");
            prop_assert!(read.same_as(&m), "{} {}", text, t);
        }
        let mut chars: Vec<char> = text.chars().collect();
        let i = at.index(chars.len());
        chars[i] = c;
        let changed: String = chars.into_iter().collect();
        if let Err(e) = position_from_hub(&changed, pos.variant()) {
            prop_assert!(e.to_string().chars().count() < 200, "{}", e);
        }
        if let Err(e) = move_from_hub(&pos, &changed) {
            prop_assert!(e.to_string().chars().count() < 200, "{}", e);
        }
    }

    #[test]
    fn mirror_preserves_move_counts(pos in position()) {
        let mirrored = pos.mirrored();
        prop_assert_eq!(mirrored.mirrored(), pos);
        prop_assert_eq!(mirrored.legal_moves().len(), pos.legal_moves().len());
        prop_assert_eq!(perft(&mirrored, 2), perft(&pos, 2));
    }

    #[test]
    fn moves_are_distinct_and_well_formed(pos in position()) {
        let legal = pos.legal_moves();
        for (i, a) in legal.iter().enumerate() {
            for b in &legal[i + 1..] {
                prop_assert!(!a.same_as(b), "{:?} lists {:?} twice", pos, a);
            }
            let piece = pos.piece_at(a.from());
            prop_assert!(matches!(piece, Some(p) if p.color == pos.turn()), "{:?} {:?}", pos, a);
            // The destination is empty, or the origin, or (where captured pieces leave at once)
            // the square of a piece taken on the way.
            prop_assert!(
                a.from() == a.to() || pos.piece_at(a.to()).is_none() || a.captures().contains(&a.to()),
                "{:?} {:?}", pos, a
            );
            let mut seen = BTreeSet::new();
            for &c in a.captures() {
                prop_assert!(seen.insert(c), "{:?}: {:?} takes {} twice", pos, a, c);
                prop_assert!(
                    matches!(pos.piece_at(c), Some(p) if p.color != pos.turn()),
                    "{:?}: {:?} takes {} which is not an enemy", pos, a, c
                );
            }
            prop_assert_eq!(a.path().last(), Some(&a.to()));
        }
        // Captures are compulsory: all moves capture or none does.
        prop_assert!(legal.iter().all(|m| m.is_capture()) || legal.iter().all(|m| !m.is_capture()));
    }

    #[test]
    fn is_legal_agrees_with_the_list(pos in position()) {
        let legal = pos.legal_moves();
        let candidates = legal
            .iter()
            .copied()
            .chain(pos.with_turn(pos.turn().other()).legal_moves())
            .chain(pos.mirrored().legal_moves());
        for m in candidates {
            let listed = legal.iter().any(|l| l.same_as(&m));
            prop_assert_eq!(pos.is_legal(&m), listed, "{:?} {:?}", pos, m);
            prop_assert_eq!(pos.play(&m).is_ok(), listed, "{:?} {:?}", pos, m);
        }
    }

    #[test]
    fn piece_counts_follow_the_move(pos in position()) {
        let mover = pos.turn();
        for m in pos.legal_moves() {
            let next = pos.play(&m).expect("listed move plays");
            let (us, them) = (pos.counts(mover), pos.counts(mover.other()));
            let (us2, them2) = (next.counts(mover), next.counts(mover.other()));
            prop_assert_eq!(us2.total(), us.total(), "{:?} {:?}", pos, m);
            prop_assert_eq!(
                them2.total() as usize + m.capture_count(),
                them.total() as usize,
                "{:?} {:?}", pos, m
            );
            prop_assert_eq!(us2.kings, us.kings + u8::from(m.promotes()), "{:?} {:?}", pos, m);
            prop_assert_eq!(next.turn(), mover.other());
        }
    }

    #[test]
    fn majority_rule_keeps_only_the_longest(pos in position()) {
        let legal = pos.legal_moves();
        if matches!(pos.variant(), Variant::International | Variant::Brazilian) {
            if let Some(first) = legal.first() {
                prop_assert!(legal.iter().all(|m| m.capture_count() == first.capture_count()));
            }
        }
    }

    /// Perft has its own fast paths (bulk counting, children made without `Move`s, single
    /// captures found set-wise, several threads); they must count the tree `legal_moves` and
    /// `play` walk.
    #[test]
    fn perft_counts_the_tree_of_legal_moves(pos in position()) {
        fn walk(pos: &Position, depth: u32) -> u64 {
            let legal = pos.legal_moves();
            if depth == 1 {
                return legal.len() as u64;
            }
            legal.iter().map(|m| walk(&pos.play(m).expect("listed move plays"), depth - 1)).sum()
        }
        for depth in 1..=3 {
            prop_assert_eq!(perft(&pos, depth), walk(&pos, depth), "{:?} depth {}", pos, depth);
        }
        prop_assert_eq!(perft_threads(&pos, 4, 3), perft(&pos, 4), "{:?}", pos);
    }

    /// The bitboard fast path computes what the rules generator states one jump at a time.
    #[test]
    fn fast_paths_match_the_rules_generator(pos in position()) {
        let fast: BTreeSet<Key> = fast::legal_moves(&pos).iter().map(key).collect();
        let by_rules = pos.legal_moves();
        let rules: BTreeSet<Key> = by_rules.iter().map(key).collect();
        prop_assert_eq!(&fast, &rules, "{:?}", pos);
        prop_assert_eq!(fast::has_capture(&pos), pos.has_capture(), "{:?}", pos);
        prop_assert_eq!(by_rules.len(), rules.len(), "{:?} lists a move twice", pos);
        for m in &by_rules {
            prop_assert_eq!(m.path().len(), m.captures().len().max(1), "{:?} {:?}", pos, m);
        }
    }

    /// The fast path on Frisian rules against the rules generator, with kings near their limit
    /// of moves in a row: the moves, and perft (whose children carry the count of a king's
    /// moves) against the tree the rules generator and `play_unchecked` walk.
    #[test]
    fn frisian_fast_path_matches_the_rules_generator(pos in frisian_position()) {
        fn walk(pos: &Position, depth: u32) -> u64 {
            let legal = pos.legal_moves();
            if depth == 1 {
                return legal.len() as u64;
            }
            legal
                .iter()
                .map(|m| {
                    let mut next = *pos;
                    next.play_unchecked(m);
                    walk(&next, depth - 1)
                })
                .sum()
        }
        let fast: BTreeSet<Key> = fast::legal_moves(&pos).iter().map(key).collect();
        let by_rules = pos.legal_moves();
        let rules: BTreeSet<Key> = by_rules.iter().map(key).collect();
        prop_assert_eq!(&fast, &rules, "{:?}", pos);
        prop_assert_eq!(fast::legal_moves(&pos).len(), rules.len(), "{:?}", pos);
        // The same route, too, where several lead to the same result (the page shows it).
        let routes = |moves: &[Move]| -> BTreeSet<String> {
            moves.iter().map(Move::full_notation).collect()
        };
        prop_assert_eq!(routes(&fast::legal_moves(&pos)), routes(&by_rules), "{:?}", pos);
        prop_assert_eq!(fast::has_capture(&pos), by_rules.iter().any(|m| m.is_capture()), "{:?}", pos);
        for depth in 1..=3 {
            prop_assert_eq!(perft(&pos, depth), walk(&pos, depth), "{:?} depth {}", pos, depth);
        }
    }

    #[test]
    fn moves_match_the_reference_generator(pos in classic_position()) {
        let ours: BTreeSet<Key> = pos.legal_moves().iter().map(key).collect();
        let reference = Grid::new(&pos).legal();
        prop_assert_eq!(&ours, &reference, "{:?}", pos);
        prop_assert_eq!(ours.len(), pos.legal_moves().len(), "{:?}", pos);
    }
}

/// The reference generator is itself checked against the published perft figures.
#[test]
fn reference_generator_matches_published_perft() {
    fn reference_perft(pos: &Position, depth: u32) -> u64 {
        let keys = Grid::new(pos).legal();
        if depth == 1 {
            return keys.len() as u64;
        }
        let legal = pos.legal_moves();
        keys.iter()
            .map(|k| {
                let m = legal
                    .iter()
                    .find(|m| key(m) == *k)
                    .expect("reference move is legal");
                let mut next = *pos;
                next.play_unchecked(m);
                reference_perft(&next, depth - 1)
            })
            .sum()
    }
    for (variant, fen, counts) in [
        (
            Variant::International,
            "W:W31-50:B1-20",
            &[9u64, 81, 658, 4265][..],
        ),
        (
            Variant::English,
            "B:W21-32:B1-12",
            &[7, 49, 302, 1469, 7361],
        ),
        (
            Variant::Russian,
            "W:W21-32:B1-12",
            &[7, 49, 302, 1469, 7482],
        ),
        (
            Variant::Brazilian,
            "W:W21-32:B1-12",
            &[7, 49, 302, 1469, 7473],
        ),
        (
            Variant::International,
            "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
            &[6, 12, 30, 73, 215],
        ),
        (Variant::International, "W:WK31-50:BK1-20", &[17, 79, 352]),
        (
            Variant::International,
            "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
            &[14, 55, 1168],
        ),
    ] {
        let pos = parse_fen(fen, variant).unwrap();
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(
                reference_perft(&pos, i as u32 + 1),
                n,
                "{variant} {fen} depth {}",
                i + 1
            );
        }
    }
}
