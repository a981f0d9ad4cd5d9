//! The learned evaluation: a linear function of a position's features whose weights were fitted
//! to game results (`draughts tune fit`, in the CLI crate), tapered between opening and endgame.
//! It evaluates with the weights it is given ([`crate::weights`] holds each variant's;
//! [`crate::eval::Evaluator`] chooses).
//!
//! Every feature is counted for White and for Black from that side's own point of view (a
//! Black man on square 50 is on White's square 1), and the evaluation is White's sum minus
//! Black's, so a position and its colour mirror evaluate to opposite scores by construction.
//! Each feature has two weights, one for a full board of men and one for none, mixed by the
//! share of men left (the phase).
//!
//! Features, in parameter order (`S` = squares of the board):
//! - `0..S`: a man on each square (material, advancement, centre and back rank in one table);
//! - `S..2S`: a king on each square (material and king placement);
//! - then [`DENSE`] dense terms: mobility, wing balance, runaway men and their rows still to go,
//!   the only side with a king, the material lead divided by the pieces left (trading when
//!   ahead), loose advanced men and supported outposts;
//! - then [`PATTERNS`] neighbourhoods: for each man, what stands on its four diagonal
//!   neighbours (empty, own piece, opponent's piece, edge), seen from its own side: whether it
//!   is backed, blocked, attacked or can be exchanged. On Turkish's full board, where men move
//!   and are taken along rows and columns, the four orthogonal neighbours instead;
//! - then, where a variant's weights have them, the [`REGION`] configurations of the men in
//!   each 4×4 block of the board ([`regions`]), whose weights are the opposite of their colour
//!   mirror's, so that one feature counts for both sides.
//!
//! Every variant can be fitted: the dark squares of 8×8 and 10×10 (turned or not) and the full
//! board, and the goals other than the usual one (Antidraughts, Breakthrough), whose weights
//! start from their own hand-made evaluation and replace it whole.
//!
//! The same [`visit`] lists the features for fitting and sums the weights in play, so what is
//! fitted is exactly what is played. Kings-only endings with flying kings and those a lone
//! flying king holds are left to [`super::eval`]'s rules and hand-made terms.

use crate::terms::{is_runaway, mobility};
use draughts_rules::bitboard::Bitboard;
use draughts_rules::position::Position;
use draughts_rules::square::{Color, Dir, Geometry};
use std::sync::OnceLock;

/// Weights are stored in thousandths of a man (the evaluation's unit is hundredths).
pub const SCALE: i32 = 10;

/// Dense features after the two square tables, in order.
pub const DENSE: [&str; 9] = [
    "mobility",
    "balance",
    "runaways",
    "runaway_rows",
    "only_king",
    "men_lead_per_piece",
    "kings_lead_per_piece",
    "loose_men",
    "outposts",
];

/// Neighbourhoods of a man: four neighbours, four states each.
pub const PATTERNS: usize = 256;

/// Configurations of a region (see [`regions`]): its eight dark squares, each empty (or a
/// king), an own man or an opponent's man.
pub const REGION: usize = 6561;

/// The fitted weights of one variant, written by `draughts tune fit` into a weights file
/// ([`crate::weights::file`]) and decoded once. Each feature has two weights, in thousandths
/// of a man: its open weight counts with a full board of men, its end weight with no men left
/// ([`phase`] mixes them). They are kept as one number a feature (see [`pack`]), as the
/// evaluation reads them; [`Tuned::open`], [`Tuned::end`] and [`Tuned::regions`] give them back.
#[derive(PartialEq, Eq, Debug)]
pub struct Tuned {
    /// Playable squares of the board the weights were fitted on.
    pub squares: usize,
    /// The features' weights, `len_for(squares)`, packed: the evaluation sums both phases with
    /// one multiply-add a feature.
    pairs: Box<[i64]>,
    /// The regions' weights, if fitted, packed: `regions · REGION`, a region's configurations
    /// after another's.
    region_pairs: Box<[i64]>,
}

/// An open and an end weight as one number, `end · 2³² + open`. A sum of packed weights (times
/// the features' values) is the packed pair of sums, which [`unpack`] splits exactly as long as
/// each sum fits an `i32`: the bound two `i32` sums needed anyway.
#[inline]
fn pack(open: i16, end: i16) -> i64 {
    ((end as i64) << 32) + open as i64
}

/// The open and the end sums of a sum of [`pack`]ed weights.
#[inline]
fn unpack(sum: i64) -> (i32, i32) {
    let open = sum as i32;
    (open, ((sum - open as i64) >> 32) as i32)
}

/// The two weights of one packed pair.
fn weights_of(pair: i64) -> [i16; 2] {
    let (open, end) = unpack(pair);
    [open as i16, end as i16]
}

impl Tuned {
    /// Weights for a board of `squares` squares: the features' `open` and `end` weights (the
    /// same number of each) and the regions' (none, or each configuration's open and end
    /// weight side by side).
    pub fn new(squares: usize, open: &[i16], end: &[i16], regions: &[i16]) -> Tuned {
        assert_eq!(
            open.len(),
            end.len(),
            "one open and one end weight a feature"
        );
        Tuned {
            squares,
            pairs: open.iter().zip(end).map(|(&o, &e)| pack(o, e)).collect(),
            region_pairs: regions.chunks_exact(2).map(|p| pack(p[0], p[1])).collect(),
        }
    }

    /// The features' open weights, in the order [`visit`] numbers the features.
    pub fn open(&self) -> Vec<i16> {
        self.pairs.iter().map(|&p| weights_of(p)[0]).collect()
    }

    /// The features' end weights.
    pub fn end(&self) -> Vec<i16> {
        self.pairs.iter().map(|&p| weights_of(p)[1]).collect()
    }

    /// The regions' weights, each configuration's open and end weight side by side (empty if
    /// none were fitted), as the weights file stores them.
    pub fn regions(&self) -> Vec<i16> {
        self.region_pairs
            .iter()
            .flat_map(|&p| weights_of(p))
            .collect()
    }

    /// Number of weights per phase for a board of `squares` squares, without the regions'
    /// (which follow them in the order of features [`visit`] lists).
    pub const fn len_for(squares: usize) -> usize {
        2 * squares + DENSE.len() + PATTERNS
    }

    /// Whether these weights have a table of each region's configurations.
    #[inline]
    pub fn has_regions(&self) -> bool {
        !self.region_pairs.is_empty()
    }
}

/// The regions of a board: every 4×4 block of cells whose corner is on an even row and column
/// (16 on 10×10, 9 on 8×8, overlapping by two rows or columns), each holding eight dark
/// squares whose men are seen together, as a pattern, by the evaluation. None on the full
/// board, whose blocks hold sixteen squares.
pub fn regions(g: Geometry) -> usize {
    region_layout(g).regions.len()
}

/// Per board, the regions as pairs of strips: a strip is two rows of a region (four dark
/// squares), the top two of one region and the bottom two of the region above it, so that
/// each strip's men are read once for both (20 strips for 16 regions on 10×10).
struct Regions {
    /// Each strip's lowest bit; its squares are that bit and the next, and the two bits
    /// `second` above it (the same on every strip of a board).
    strips: Vec<u8>,
    /// For each region (row-major from the top left), its top and its bottom strip.
    regions: Vec<[u8; 2]>,
    /// The strip's men shifted down to bit 0 and masked to its four squares, `3 | 3 << second`.
    mask: u64,
    /// The base-3 digits of such masked bits: `3^i` for the strip's i-th square in bit order.
    digits: [u8; 256],
}

/// The most strips of any board (30 on 12×12).
const MAX_STRIPS: usize = 32;

fn region_layout(g: Geometry) -> &'static Regions {
    static BOARDS: [OnceLock<Regions>; Geometry::ALL.len()] =
        [const { OnceLock::new() }; Geometry::ALL.len()];
    BOARDS[g.index()].get_or_init(|| {
        let mut layout = Regions {
            strips: Vec::new(),
            regions: Vec::new(),
            mask: 0,
            digits: [0; 256],
        };
        if g.is_full() {
            return layout;
        }
        let size = g.size();
        // The lowest of the two dark squares of `row` in the four columns from `left`: the two
        // are adjacent bits in every layout.
        let first = |row: u8, left: u8| {
            let bits = (left..left + 4)
                .filter_map(|col| g.at(row, col))
                .map(|sq| g.bit(sq));
            let (lo, hi) = (bits.clone().min(), bits.max());
            debug_assert_eq!(hi, lo.map(|b| b + 1));
            lo.expect("two dark squares in four columns")
        };
        let lefts = (size - 4) / 2 + 1;
        for top in (0..=size - 2).step_by(2) {
            for left in (0..=size - 4).step_by(2) {
                layout.strips.push(first(top, left));
            }
        }
        let second = first(1, 0) - first(0, 0);
        for top in (0..=size - 2).step_by(2) {
            for left in (0..=size - 4).step_by(2) {
                // Every strip's second row is the same shift above its first.
                assert_eq!(first(top + 1, left), first(top, left) + second);
            }
        }
        for top in 0..(size as usize - 2) / 2 {
            for left in 0..lefts as usize {
                let strip = top * lefts as usize + left;
                layout
                    .regions
                    .push([strip as u8, (strip + lefts as usize) as u8]);
            }
        }
        assert!(layout.strips.len() <= MAX_STRIPS && second + 2 <= 8);
        layout.mask = 3 | 3 << second;
        let squares = [0, 1, second, second + 1];
        layout.digits = std::array::from_fn(|bits| {
            (0..4)
                .filter(|&i| bits >> squares[i] & 1 == 1)
                .map(|i| 3u8.pow(i as u32))
                .sum()
        });
        layout
    })
}

/// The weight tied to region `r`'s configuration `x` (both counted from the regions' start on
/// a board of `g`): the same men seen by the other side, the half-turned region with its own
/// and opponent's men exchanged. Fitted weights are opposite on the two (zero where they are
/// the same), which makes the evaluation of a position and of its colour mirror opposite.
pub fn region_partner(g: Geometry, r: usize, x: usize) -> (usize, usize) {
    (regions(g) - 1 - r, region_tables().turned[x] as usize)
}

/// A region's configuration as the other side sees it (the region turned half a turn, so the
/// digits in reverse order, own and opponent's men exchanged).
struct RegionTables {
    turned: Vec<u16>,
}

fn region_tables() -> &'static RegionTables {
    static T: OnceLock<RegionTables> = OnceLock::new();
    T.get_or_init(|| RegionTables {
        turned: (0..REGION)
            .map(|x| {
                let mut turned = 0;
                let mut rest = x;
                for i in 0..8 {
                    let digit = [0, 2, 1][rest % 3];
                    turned += digit * 3usize.pow(7 - i);
                    rest /= 3;
                }
                turned as u16
            })
            .collect(),
    })
}

/// Per-board tables: each bit's square index from each side's point of view.
struct Layout {
    own: [[u8; 64]; 2],
    /// Per side, for each of the four neighbours of a man's neighbourhood (see `layout`), the
    /// bit shift from a square's neighbour back to it…
    back: [[i8; 4]; 2],
    /// …and the squares that have no such neighbour (the edge).
    edge: [[Bitboard; 4]; 2],
    left_half: Bitboard,
    /// Per side: the squares in the opponent's half…
    far_half: [Bitboard; 2],
    /// …and the rows where a man may be a runaway.
    run_zone: [Bitboard; 2],
    /// The neighbourhoods read in one go, where the board allows (see [`Window`]).
    window: Option<Window>,
}

/// A man's neighbourhood read from a window on the board rather than from eight planes, on
/// boards of dark squares, whose four neighbours are the same four shifts everywhere (`-(h+1)`,
/// `-h`, `+h`, `+(h+1)` with `h` half the board's size): a side's pieces shifted up by
/// `h + 1` bits, then down by a man's bit, hold the four at bits 0, 1, `2h+1` and `2h+2`. Two
/// shifts a man instead of eight, the evaluation's costliest line; the same index, tested
/// against the neighbours one by one.
struct Window {
    /// `h + 1`: the pieces' shift up.
    offset: u32,
    /// `2h + 1`: where the two neighbours of higher bit stand in the window.
    high: u32,
    /// Per bit, the four neighbours that are off the board (bit `j` for the `j`-th shift).
    edge: [u8; 64],
    /// Per side, the neighbourhood (as `visit` numbers it) of the four own pieces' bits and the
    /// four opponent's (`own | theirs << 4`, edges set in both).
    index: [[u8; 256]; 2],
}

impl Window {
    /// The window for a board whose neighbours (`back`, `edge`: `Layout`'s) are the four
    /// shifts it reads, and whose pieces still fit in 64 bits once shifted up; else none.
    fn new(g: Geometry, back: &[[i8; 4]; 2], edge: &[[Bitboard; 4]; 2]) -> Option<Window> {
        let h = (g.size() / 2) as i8;
        let shifts = [-(h + 1), -h, h, h + 1];
        let top = g.mask().last()? as u32;
        if g.is_full() || top + h as u32 + 1 > 63 {
            return None;
        }
        // Per side, the shift of each of its four neighbours, in `visit`'s order.
        let mut j = [[0usize; 4]; 2];
        for (j, back) in j.iter_mut().zip(back) {
            for (j, back) in j.iter_mut().zip(back) {
                *j = shifts.iter().position(|&s| s == -back)?;
            }
        }
        let mut w = Window {
            offset: h as u32 + 1,
            high: 2 * h as u32 + 1,
            edge: [0; 64],
            index: [[0; 256]; 2],
        };
        for bit in g.mask() {
            for (edge, j) in edge[0].iter().zip(j[0]) {
                if edge.contains(bit) {
                    w.edge[bit as usize] |= 1 << j;
                }
            }
        }
        for (index, j) in w.index.iter_mut().zip(j) {
            for (key, slot) in index.iter_mut().enumerate() {
                let (own, theirs) = (key & 15, key >> 4);
                *slot = (0..4)
                    .map(|k| ((own >> j[k] & 1) | (theirs >> j[k] & 1) << 1) << (2 * k))
                    .sum::<usize>() as u8;
            }
        }
        Some(w)
    }

    /// The neighbourhood of side `c`'s man on `bit`, `own` and `theirs` being the two sides'
    /// pieces shifted up by `offset`.
    #[inline]
    fn pattern(&self, c: usize, own: u64, theirs: u64, bit: u8) -> usize {
        let (o, t) = (own >> bit, theirs >> bit);
        let e = self.edge[bit as usize] as u64;
        let o4 = (o & 3) | (o >> (self.high - 2) & 0xC) | e;
        let t4 = (t & 3) | (t >> (self.high - 2) & 0xC) | e;
        self.index[c][(o4 | t4 << 4) as usize] as usize
    }
}

fn layout(g: Geometry) -> &'static Layout {
    static BOARDS: [OnceLock<Layout>; Geometry::ALL.len()] =
        [const { OnceLock::new() }; Geometry::ALL.len()];
    BOARDS[g.index()].get_or_init(|| {
        let n = g.squares();
        // A man's four neighbours as its side sees them: the diagonals (ahead-left,
        // ahead-right, back-left, back-right) on boards of dark squares, where men move and
        // are taken diagonally; ahead, back, left and right on the full board (Turkish), where
        // they move and are taken along rows and columns.
        use Dir::*;
        let neighbours = if g.is_full() {
            [[Up, Down, Left, Right], [Down, Up, Right, Left]]
        } else {
            [
                [UpLeft, UpRight, DownLeft, DownRight],
                [DownRight, DownLeft, UpRight, UpLeft],
            ]
        };
        let mut l = Layout {
            own: [[0; 64]; 2],
            back: neighbours.map(|dirs| dirs.map(|d| -g.step(d))),
            edge: [[Bitboard::EMPTY; 4]; 2],
            left_half: Bitboard::EMPTY,
            far_half: [Bitboard::EMPTY; 2],
            run_zone: [Bitboard::EMPTY; 2],
            window: None,
        };
        let size = g.size();
        let reach = if size == 10 { 4 } else { 3 };
        for sq in g.all_squares() {
            let bit = g.bit(sq);
            l.own[0][bit as usize] = sq.index();
            l.own[1][bit as usize] = n - 1 - sq.index();
            if g.col(sq) < size / 2 {
                l.left_half.set(bit);
            }
            for (c, color) in [(0, Color::White), (1, Color::Black)] {
                for (k, &dir) in neighbours[c].iter().enumerate() {
                    if g.next(bit, dir).is_none() {
                        l.edge[c][k].set(bit);
                    }
                }
                let adv = g.advance(sq, color);
                if 2 * adv >= size {
                    l.far_half[c].set(bit);
                }
                if adv + reach >= size - 1 && adv < size - 1 {
                    l.run_zone[c].set(bit);
                }
            }
        }
        l.window = Window::new(g, &l.back, &l.edge);
        l
    })
}

/// The phase: 256 with every man on the board, 0 with none.
#[inline]
pub fn phase(pos: &Position) -> i32 {
    let men = (pos.pieces(Color::White) | pos.pieces(Color::Black)) & !pos.kings();
    let start_men = 2 * pos.rules().start_men() as i32;
    (men.count() as i32 * 256 / start_men).min(256)
}

/// Calls `add(index, value)` for every feature of `pos` that is not zero, White's counted
/// positive and Black's negative, the regions' too if `with_regions`. `pos` must be on a board
/// of `squares` squares.
#[inline]
pub fn visit(pos: &Position, with_regions: bool, mut add: impl FnMut(usize, i32)) {
    let g = pos.geometry();
    let l = layout(g);
    let s = g.squares() as usize;
    let size = g.size();
    let kings = pos.kings();
    let (white, black) = (pos.pieces(Color::White), pos.pieces(Color::Black));
    let mut dense = [0i32; DENSE.len()];
    for (c, color, sign) in [(0, Color::White, 1), (1, Color::Black, -1)] {
        let us = if c == 0 { white } else { black };
        let them = if c == 0 { black } else { white };
        let men = us & !kings;
        // A man's neighbourhood, two bits a neighbour: own piece 1, opponent's 2, edge 3,
        // empty 0. Each side's view is the board turned half a turn for Black (as the square
        // tables). `neighbours(k, side)`: the squares whose k-th neighbour holds a piece of
        // `side` or is the edge. Away from the edge a neighbour is one constant shift away. On
        // the full board the shifts wrap at the row ends, which the edge masks out; boards of
        // dark squares have ghost bits there, so nothing wraps onto a square.
        let neighbours = |k: usize, side: Bitboard| {
            let (back, edge) = (l.back[c][k], l.edge[c][k]);
            let next = side.shift(back);
            (if g.is_full() { next & !edge } else { next }) | edge
        };
        let patterns = 2 * s + DENSE.len();
        if let Some(w) = &l.window {
            let (own, theirs) = (us.0 << w.offset, them.0 << w.offset);
            for bit in men {
                add(l.own[c][bit as usize] as usize, sign);
                add(patterns + w.pattern(c, own, theirs, bit), sign);
            }
        } else {
            // `planes[2k]` holds the men whose k-th neighbour is an own piece or the edge,
            // `planes[2k + 1]` an opponent's or the edge: bit k of the index.
            let planes: [Bitboard; 8] =
                std::array::from_fn(|i| neighbours(i / 2, if i % 2 == 0 { us } else { them }));
            for bit in men {
                add(l.own[c][bit as usize] as usize, sign);
                let mut idx = 0;
                for (k, plane) in planes.iter().enumerate() {
                    idx |= (plane.contains(bit) as usize) << k;
                }
                add(patterns + idx, sign);
            }
        }
        for bit in us & kings {
            add(s + l.own[c][bit as usize] as usize, sign);
        }
        dense[0] += sign * mobility(pos, color);
        let left = (men & l.left_half).count() as i32;
        dense[1] += sign * (2 * left - men.count() as i32).abs();
        // Runaways: men in the last rows with nothing in the cone in front of them, against
        // an opponent without a king (a king catches a lone runner in time more often).
        // (Only where men move diagonally: the cone is the diagonal one.)
        if (them & kings).is_empty() && !g.is_full() {
            for bit in men & l.run_zone[c] {
                let rows_left = size - 1 - g.advance(g.square(bit), color);
                if is_runaway(g, pos.occupied(), color, bit, rows_left) {
                    dense[2] += sign;
                    dense[3] += sign * rows_left as i32;
                }
            }
        }
        if (us & kings).any() && (them & kings).is_empty() {
            dense[4] += sign;
        }
        // Men in the opponent's half: loose (no own piece or edge behind either side; on the
        // full board, beside either side) or an outpost (own pieces or the edge at both).
        let far = men & l.far_half[c];
        let (backed_left, backed_right) = (neighbours(2, us), neighbours(3, us));
        dense[7] += sign * (far & !backed_left & !backed_right).count() as i32;
        dense[8] += sign * (far & backed_left & backed_right).count() as i32;
    }
    let pieces = (white | black).count() as i32;
    let men_lead = (white & !kings).count() as i32 - (black & !kings).count() as i32;
    let kings_lead = (white & kings).count() as i32 - (black & kings).count() as i32;
    dense[5] = men_lead * 32 / pieces.max(1);
    dense[6] = kings_lead * 32 / pieces.max(1);
    for (i, &v) in dense.iter().enumerate() {
        if v != 0 {
            add(2 * s + i, v);
        }
    }
    if with_regions {
        let base = Tuned::len_for(s);
        for_each_region(pos, |i| add(base + i, 1));
    }
}

/// Calls `f(r · REGION + x)` for each region `r` of `pos`'s board and the configuration `x` of
/// its men as White sees them (digit 1 White's man, 2 Black's, in bit order). Black's view of
/// the same men, the half-turned region, is not a feature of its own: the weights are fitted
/// opposite on the two (see [`region_partner`]), so that this one counts for both sides.
#[inline]
fn for_each_region(pos: &Position, mut f: impl FnMut(usize)) {
    let layout = region_layout(pos.geometry());
    let kings = pos.kings();
    let wm = (pos.pieces(Color::White) & !kings).0;
    let bm = (pos.pieces(Color::Black) & !kings).0;
    // Each strip's four digits, 0 to 80.
    let mut strips = [0u8; MAX_STRIPS];
    for (value, &b) in strips.iter_mut().zip(&layout.strips) {
        // (The casts to u8 spare the bounds checks: the mask keeps eight bits at most.)
        let digits = |men: u64| layout.digits[(men >> b & layout.mask) as u8 as usize];
        *value = digits(wm) + 2 * digits(bm);
    }
    for (r, &[top, bottom]) in layout.regions.iter().enumerate() {
        let strip = |s: u8| strips[s as usize % MAX_STRIPS] as usize;
        let x = strip(top) + 81 * strip(bottom);
        f(r * REGION + x);
    }
}

/// The learned evaluation of `pos` from White's point of view, in hundredths of a man, before
/// the endgame rules [`super::eval::evaluate`] applies on top.
#[inline]
pub fn evaluate_white(pos: &Position, w: &Tuned) -> i32 {
    let mut sum = 0i64;
    visit(pos, false, |i, v| sum += v as i64 * w.pairs[i]);
    if w.has_regions() {
        for_each_region(pos, |i| sum += w.region_pairs[i]);
    }
    let (open, end) = unpack(sum);
    let p = phase(pos);
    (open * p + end * (256 - p)) / (256 * SCALE)
}
