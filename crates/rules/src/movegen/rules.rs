//! The rules generator: every variant's legal moves, one step and one jump at a time, read
//! straight from its [`Rules`] table. It is the reference the fast paths are tested against, and
//! the generator of the variants they do not cover.
//!
//! A capture sequence follows these rules, each a field of [`Rules`]:
//! - a man jumps an enemy piece next to it (`men_capture`, written for White) onto the empty
//!   square beyond; a king does the same along `king_capture`, and a flying king
//!   ([`KingRange::Flying`]) may stand any distance before the piece and land on any empty
//!   square beyond it (FMJD Annex 1, art. 4.3);
//! - a man may not take a king where `men_capture_kings` is false (Italian);
//! - the moving piece has left its square, which may be crossed or landed on again;
//! - captured pieces stay on the board until the move ends ([`Removal::AtEnd`]): they cannot be
//!   jumped twice and block the way; or they go at once ([`Removal::AtOnce`], Turkish), and
//!   where `may_turn_back` is false no jump goes straight back the way the last one came;
//! - a started capture goes on while it can; a flying king must land where it can capture
//!   again if any landing square allows it (FMJD Annex 1, art. 4.5; Russian rules, 4.9);
//! - a man reaching the far row mid-capture is crowned as [`CapturePromotion`] says;
//! - of the complete sequences, those best by the variant's [`Precedence`] list are legal;
//! - sequences with the same origin, destination and captured set are one move (FMJD Annex 1,
//!   art. 4.14 and the published perft counts).

use crate::bitboard::Bitboard;
use crate::mv::{Move, MAX_CAPTURES};
use crate::position::Position;
use crate::square::{Color, Dir, Dirs, Geometry, Square};
use crate::variant::{CapturePromotion, KingRange, Precedence, Removal, Rules};

/// Puts the legal moves of `pos` in `out` (cleared first): none once the game is over by the
/// variant's own rule.
pub(crate) fn legal_moves_into(pos: &Position, out: &mut Vec<Move>) {
    out.clear();
    if pos.is_variant_end() {
        return;
    }
    captures(pos, out);
    if out.is_empty() {
        steps(pos, out);
    }
}

/// Whether the side to move has a capture.
pub(crate) fn has_capture(pos: &Position) -> bool {
    let search = Search::new(pos);
    let mut pieces = pos.pieces(pos.turn());
    Iterator::any(&mut pieces, |bit| {
        search.can_capture(bit, pos.kings().contains(bit), None)
    })
}

/// The non-capturing moves: men step along `men_move`; kings along `king_move`, one square or,
/// if they fly, any number of empty squares.
fn steps(pos: &Position, out: &mut Vec<Move>) {
    let g = pos.geometry();
    for_each_step(pos, pos.turn(), |from, to, promotes| {
        out.push(Move::quiet(g.square(from), g.square(to), promotes))
    });
}

/// Calls `f(from, to, promotes)` (bits) for each non-capturing move `color` would have.
pub fn for_each_step(pos: &Position, color: Color, mut f: impl FnMut(u8, u8, bool)) {
    let rules = pos.rules();
    let g = rules.geometry;
    let empty = g.mask() & !pos.occupied();
    let promotion_row = g.promotion_row(color);
    for from in pos.pieces(color) {
        if pos.kings().contains(from) {
            if !pos.king_of_may_step(color, from) {
                continue;
            }
            for dir in rules.king_move.iter() {
                let mut at = from;
                while let Some(to) = g.next(at, dir).filter(|&to| empty.contains(to)) {
                    f(from, to, false);
                    if rules.king_range == KingRange::Short {
                        break;
                    }
                    at = to;
                }
            }
        } else {
            for dir in rules.men_move.for_color(color).iter() {
                if let Some(to) = g.next(from, dir).filter(|&to| empty.contains(to)) {
                    f(from, to, promotion_row.contains(to));
                }
            }
        }
    }
}

/// Every legal capture, after precedence, one per origin, destination and captured set.
fn captures(pos: &Position, out: &mut Vec<Move>) {
    let mut search = Search::new(pos);
    for from in pos.pieces(pos.turn()) {
        search.start(from);
    }
    let rules = pos.rules();
    let mut found = search.found;
    if let Some(best) = found.iter().map(|s| s.rank(rules)).max() {
        found.retain(|s| s.rank(rules) == best);
    }
    let g = rules.geometry;
    for s in found {
        let m = s.to_move(g);
        if !out.iter().any(|o| o.same_as(&m)) {
            out.push(m);
        }
    }
}

/// Every complete capture of the side to move before precedence chooses among them, each with
/// its standing under the variant's [`Precedence`] list (the greatest are the legal ones): what
/// a player is told about when a piece that can capture may not.
pub fn captures_ranked(pos: &Position) -> Vec<(Move, [u32; 5])> {
    let mut search = Search::new(pos);
    for from in pos.pieces(pos.turn()) {
        search.start(from);
    }
    let rules = pos.rules();
    search
        .found
        .iter()
        .map(|s| (s.to_move(rules.geometry), s.rank(rules)))
        .collect()
}

/// A complete capture sequence.
#[derive(Clone, Debug)]
struct Sequence {
    from: u8,
    /// Landing squares, in order (the last is the destination).
    path: Vec<u8>,
    /// Captured pieces, in the order they were jumped.
    taken: Vec<u8>,
    captured: Bitboard,
    /// Which of `taken` were kings.
    kings: Vec<bool>,
    by_king: bool,
    promotes: bool,
}

impl Sequence {
    /// The sequence's standing under the variant's precedence: compared lexicographically, the
    /// greatest wins. Free choice ranks every sequence equal.
    fn rank(&self, rules: &Rules) -> [u32; 5] {
        let mut rank = [0; 5];
        for (slot, criterion) in rank.iter_mut().zip(rules.precedence) {
            let kings = self.kings.iter().filter(|&&k| k).count() as u32;
            let pieces = self.taken.len() as u32;
            *slot = match criterion {
                Precedence::ByKing => self.by_king as u32,
                // The earlier a king is met, the higher its bit.
                Precedence::EarliestKings => self
                    .kings
                    .iter()
                    .enumerate()
                    .filter(|(_, &k)| k)
                    .map(|(i, _)| 1 << (MAX_CAPTURES - 1 - i))
                    .sum(),
                weighing => weighing
                    .weights()
                    .expect("the other criteria weigh the pieces taken")
                    .of(pieces, kings),
            };
        }
        rank
    }

    fn to_move(&self, g: Geometry) -> Move {
        let path: Vec<Square> = self.path.iter().map(|&b| g.square(b)).collect();
        let taken: Vec<Square> = self.taken.iter().map(|&b| g.square(b)).collect();
        Move::capture(
            g.square(self.from),
            &path,
            &taken,
            self.captured.0,
            self.promotes,
        )
    }
}

/// The depth-first search of the capture sequences of one position.
struct Search<'a> {
    pos: &'a Position,
    rules: &'static Rules,
    g: Geometry,
    color: Color,
    /// The side's far row.
    promotion_row: Bitboard,
    /// Pieces on the board, the moving one excepted (captured pieces stay until the move ends,
    /// unless they go at once).
    occupied: Bitboard,
    /// Enemy pieces that may still be taken (not yet taken in this sequence).
    victims: Bitboard,
    /// The sequence so far.
    from: u8,
    started_as_king: bool,
    path: Vec<u8>,
    taken: Vec<u8>,
    found: Vec<Sequence>,
}

impl<'a> Search<'a> {
    fn new(pos: &'a Position) -> Search<'a> {
        let rules = pos.rules();
        let color = pos.turn();
        Search {
            pos,
            rules,
            g: rules.geometry,
            color,
            promotion_row: rules.geometry.promotion_row(color),
            occupied: pos.occupied(),
            victims: pos.pieces(color.other()),
            from: 0,
            started_as_king: false,
            path: Vec::new(),
            taken: Vec::new(),
            found: Vec::new(),
        }
    }

    /// Searches every sequence starting from the piece on `from`.
    fn start(&mut self, from: u8) {
        let king = self.pos.kings().contains(from);
        self.from = from;
        self.started_as_king = king;
        self.occupied = self.pos.occupied() & !Bitboard::from_bit(from);
        self.victims = self.pos.pieces(self.color.other());
        self.extend(from, king, false, None);
    }

    /// The directions a piece captures in.
    fn capture_dirs(&self, king: bool) -> Dirs {
        if king {
            self.rules.king_capture
        } else {
            self.rules.men_capture.for_color(self.color)
        }
    }

    /// One jump from `at` going `dir`: the piece taken and the squares the capturing piece may
    /// land on, nearest first.
    fn jump(&self, at: u8, king: bool, dir: Dir) -> Option<(u8, Vec<u8>)> {
        let g = self.g;
        let flying = king && self.rules.king_range == KingRange::Flying;
        // The first piece along `dir`: next door, or after any empty squares for a flying king.
        let mut victim = g.next(at, dir)?;
        while flying && !self.occupied.contains(victim) {
            victim = g.next(victim, dir)?;
        }
        let takes_it = self.victims.contains(victim)
            && (king || self.rules.men_capture_kings || !self.pos.kings().contains(victim));
        if !takes_it {
            return None;
        }
        let mut landings = Vec::new();
        let mut land = victim;
        while let Some(next) = g.next(land, dir).filter(|&b| !self.occupied.contains(b)) {
            landings.push(next);
            if !flying {
                break;
            }
            land = next;
        }
        (!landings.is_empty()).then_some((victim, landings))
    }

    /// Whether the piece on `at` can take one more piece.
    fn can_capture(&self, at: u8, king: bool, last: Option<Dir>) -> bool {
        self.capture_dirs(king)
            .iter()
            .filter(|&dir| self.may_go(dir, last))
            .any(|dir| self.jump(at, king, dir).is_some())
    }

    /// Whether a jump may go `dir` after one that went `last`.
    fn may_go(&self, dir: Dir, last: Option<Dir>) -> bool {
        self.rules.may_turn_back || last != Some(dir.opposite())
    }

    /// Extends the sequence so far, the capturing piece now on `at` (a king if `king`, crowned
    /// on the way if `crowned`), its last jump having gone `last`.
    fn extend(&mut self, at: u8, king: bool, crowned: bool, last: Option<Dir>) {
        let mut extended = false;
        if self.taken.len() < MAX_CAPTURES {
            for dir in self.capture_dirs(king).iter() {
                if !self.may_go(dir, last) {
                    continue;
                }
                let Some((victim, landings)) = self.jump(at, king, dir) else {
                    continue;
                };
                extended = true;
                // A piece is taken once; until the move ends it stays in the way, unless
                // captured pieces go at once.
                self.taken.push(victim);
                self.victims.clear(victim);
                if self.rules.removal == Removal::AtOnce {
                    self.occupied.clear(victim);
                }
                // A flying king must land where it can go on capturing, if it can anywhere.
                let with_more: Vec<u8> = landings
                    .iter()
                    .copied()
                    .filter(|&l| self.can_capture(l, king, Some(dir)))
                    .collect();
                let landings = if with_more.is_empty() {
                    landings
                } else {
                    with_more
                };
                for land in landings {
                    self.path.push(land);
                    self.land(land, king, crowned, dir);
                    self.path.pop();
                }
                self.victims.set(victim);
                self.occupied.set(victim);
                self.taken.pop();
            }
        }
        if !extended && !self.taken.is_empty() {
            self.record(at, crowned);
        }
    }

    /// The capturing piece lands on `land` after a jump going `dir`.
    fn land(&mut self, land: u8, king: bool, crowned: bool, dir: Dir) {
        if king || !self.promotion_row.contains(land) {
            return self.extend(land, king, crowned, Some(dir));
        }
        match self.rules.capture_promotion {
            CapturePromotion::AtEndOnly => self.extend(land, false, false, Some(dir)),
            CapturePromotion::Immediately => self.extend(land, true, true, Some(dir)),
            CapturePromotion::EndsMove => self.record(land, true),
        }
    }

    fn record(&mut self, at: u8, crowned: bool) {
        let kings = self
            .taken
            .iter()
            .map(|&b| self.pos.kings().contains(b))
            .collect();
        let promotes = crowned
            || (!self.started_as_king
                && self.rules.capture_promotion == CapturePromotion::AtEndOnly
                && self.promotion_row.contains(at));
        self.found.push(Sequence {
            from: self.from,
            path: self.path.clone(),
            taken: self.taken.clone(),
            captured: self
                .taken
                .iter()
                .fold(Bitboard::EMPTY, |a, &b| a | Bitboard::from_bit(b)),
            kings,
            by_king: self.started_as_king,
            promotes,
        });
    }
}
