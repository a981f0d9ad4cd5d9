//! Legal move generation, driven by the variant's [`Rules`].
//!
//! Captures are compulsory in every variant, so the generator first asks whether any capture
//! exists (a few shifts); only then does it run the depth-first capture search, which follows
//! the rules below (FMJD articles unless noted):
//! - captured pieces stay on the board until the move ends (the "Turkish strike" rule; FMJD
//!   rules, art. 4 "The capture"):
//!   they cannot be jumped twice and block a flying king's path;
//! - the moving piece has left its square, which may be crossed or even landed on again;
//! - with [`CaptureChoice::Majority`] only the longest sequences are legal (FMJD art. 4), otherwise
//!   any sequence that cannot be extended (a started capture must be completed);
//! - promotion during a capture follows [`CapturePromotion`];
//! - sequences with the same origin, destination and captured set are one move (FMJD art. 4 and
//!   the published perft counts).

use crate::bitboard::Bitboard;
use crate::mv::{Move, MAX_CAPTURES};
use crate::position::Position;
use crate::square::{Color, Dir, Geometry, Square};
use crate::variant::{CaptureChoice, CapturePromotion, Rules};

impl Position {
    /// Appends the legal moves of the side to move to `out` (which is cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.has_capture() {
            self.gen_captures(out);
        } else {
            self.gen_quiet(out);
        }
    }

    /// Number of legal moves, without building quiet moves (perft's bulk counting).
    pub fn count_moves(&self, scratch: &mut Vec<Move>) -> usize {
        if self.has_capture() {
            scratch.clear();
            self.gen_captures(scratch);
            scratch.len()
        } else {
            self.count_quiet()
        }
    }

    /// Whether the side to move has a capture (and so must capture).
    pub fn has_capture(&self) -> bool {
        let g = self.geometry();
        let rules = self.rules();
        let us = self.pieces(self.turn);
        let them = self.pieces(self.turn.other());
        let empty = g.mask() & !(us | them);
        let men = us & !self.kings;
        let kings = us & self.kings;
        for dir in Dir::ALL {
            let step = g.step(dir);
            let movers = if rules.men_capture_backward || dir.is_forward(self.turn) {
                men | if rules.flying_kings {
                    Bitboard::EMPTY
                } else {
                    kings
                }
            } else if rules.flying_kings {
                Bitboard::EMPTY
            } else {
                kings
            };
            if (movers.shift(step) & them).shift(step) & empty != Bitboard::EMPTY {
                return true;
            }
            if rules.flying_kings && kings.any() {
                let mut ray = kings;
                let mut hit = Bitboard::EMPTY;
                while ray.any() {
                    ray = ray.shift(step);
                    hit |= ray & them;
                    ray &= empty;
                }
                if (hit.shift(step) & empty).any() {
                    return true;
                }
            }
        }
        false
    }

    fn gen_quiet(&self, out: &mut Vec<Move>) {
        let g = self.geometry();
        let rules = self.rules();
        let us = self.pieces(self.turn);
        let empty = g.mask() & !self.occupied();
        let men = us & !self.kings;
        let kings = us & self.kings;
        let promo = g.promotion_row(self.turn);
        for dir in Dir::ALL {
            let step = g.step(dir);
            if dir.is_forward(self.turn) {
                for to in men.shift(step) & empty {
                    let from = (to as i8 - step) as u8;
                    out.push(Move::quiet(
                        g.square(from),
                        g.square(to),
                        promo.contains(to),
                    ));
                }
            }
            for from in kings {
                let mut to = from as i8 + step;
                while to >= 0 && empty.contains(to as u8) {
                    out.push(Move::quiet(g.square(from), g.square(to as u8), false));
                    if !rules.flying_kings {
                        break;
                    }
                    to += step;
                }
            }
        }
    }

    fn count_quiet(&self) -> usize {
        let g = self.geometry();
        let rules = self.rules();
        let us = self.pieces(self.turn);
        let empty = g.mask() & !self.occupied();
        let men = us & !self.kings;
        let kings = us & self.kings;
        let mut n = 0;
        for dir in Dir::ALL {
            let step = g.step(dir);
            if dir.is_forward(self.turn) {
                n += (men.shift(step) & empty).count() as usize;
            }
            let mut ray = kings;
            loop {
                ray = ray.shift(step) & empty;
                n += ray.count() as usize;
                if !rules.flying_kings || ray.is_empty() {
                    break;
                }
            }
        }
        n
    }

    fn gen_captures(&self, out: &mut Vec<Move>) {
        let g = self.geometry();
        let us = self.pieces(self.turn);
        let mut search = CaptureSearch {
            g,
            rules: self.rules(),
            color: self.turn,
            enemies: self.pieces(self.turn.other()),
            empty: Bitboard::EMPTY,
            promo: g.promotion_row(self.turn),
            from: Square::from_index(0),
            started_as_king: false,
            path: [Square::from_index(0); MAX_CAPTURES],
            taken: [Square::from_index(0); MAX_CAPTURES],
            taken_bits: [0; MAX_CAPTURES],
            best: 0,
            out,
        };
        let base_empty = g.mask() & !self.occupied();
        // Only men with an enemy next to them and an empty square beyond can start a capture;
        // kings (few) are all searched.
        let them = self.pieces(self.turn.other());
        let mut starters = us & self.kings;
        for dir in Dir::ALL {
            if self.rules().men_capture_backward || dir.is_forward(self.turn) {
                let back = -g.step(dir);
                starters |= (base_empty.shift(back) & them).shift(back) & us;
            }
        }
        for from in starters {
            let king = self.kings.contains(from);
            search.from = g.square(from);
            search.started_as_king = king;
            search.empty = base_empty | Bitboard::from_bit(from);
            search.dfs(from, Bitboard::EMPTY, king, false, 0);
        }
    }
}

/// State of the depth-first capture search for one position.
struct CaptureSearch<'a> {
    g: Geometry,
    rules: &'static Rules,
    color: Color,
    enemies: Bitboard,
    /// Empty cells, with the moving piece's origin counted as empty.
    empty: Bitboard,
    promo: Bitboard,
    from: Square,
    started_as_king: bool,
    path: [Square; MAX_CAPTURES],
    taken: [Square; MAX_CAPTURES],
    taken_bits: [u8; MAX_CAPTURES],
    /// Longest sequence recorded so far (for the majority rule).
    best: usize,
    out: &'a mut Vec<Move>,
}

impl CaptureSearch<'_> {
    /// Extends a sequence of `depth` captures with the piece now on `at`.
    fn dfs(&mut self, at: u8, captured: Bitboard, king: bool, crowned: bool, depth: usize) {
        let mut extended = false;
        if depth < MAX_CAPTURES {
            for dir in Dir::ALL {
                if !king && !self.rules.men_capture_backward && !dir.is_forward(self.color) {
                    continue;
                }
                let step = self.g.step(dir);
                let mut victim = at as i8 + step;
                if king && self.rules.flying_kings {
                    while victim >= 0 && self.empty.contains(victim as u8) {
                        victim += step;
                    }
                }
                if victim < 0 {
                    continue;
                }
                let victim = victim as u8;
                if !self.enemies.contains(victim) || captured.contains(victim) {
                    continue;
                }
                let captured = captured | Bitboard::from_bit(victim);
                let flying = king && self.rules.flying_kings;
                // A flying king must land where it can go on capturing, if there is such a
                // square (Russian rules 4.8; under the majority rule this follows anyway).
                let mut must_continue = false;
                if flying {
                    let mut land = victim as i8 + step;
                    while land >= 0 && self.empty.contains(land as u8) {
                        if self.can_capture_from(land as u8, captured, true) {
                            must_continue = true;
                            break;
                        }
                        land += step;
                    }
                }
                let mut land = victim as i8 + step;
                while land >= 0 && self.empty.contains(land as u8) {
                    if !must_continue || self.can_capture_from(land as u8, captured, true) {
                        extended = true;
                        self.land(land as u8, victim, captured, king, crowned, depth);
                    }
                    if !flying {
                        break;
                    }
                    land += step;
                }
            }
        }
        if !extended && depth > 0 {
            self.record(at, depth, crowned);
        }
    }

    /// Whether a piece standing on `at` could capture one more piece.
    fn can_capture_from(&self, at: u8, captured: Bitboard, king: bool) -> bool {
        Dir::ALL.into_iter().any(|dir| {
            if !king && !self.rules.men_capture_backward && !dir.is_forward(self.color) {
                return false;
            }
            let step = self.g.step(dir);
            let mut victim = at as i8 + step;
            if king && self.rules.flying_kings {
                while victim >= 0 && self.empty.contains(victim as u8) {
                    victim += step;
                }
            }
            victim >= 0
                && self.enemies.contains(victim as u8)
                && !captured.contains(victim as u8)
                && self.empty.contains((victim + step) as u8)
        })
    }

    fn land(
        &mut self,
        land: u8,
        victim: u8,
        captured: Bitboard,
        king: bool,
        crowned: bool,
        depth: usize,
    ) {
        self.path[depth] = self.g.square(land);
        self.taken[depth] = self.g.square(victim);
        self.taken_bits[depth] = victim;
        if !king && self.promo.contains(land) {
            match self.rules.capture_promotion {
                CapturePromotion::AtEndOnly => self.dfs(land, captured, false, false, depth + 1),
                CapturePromotion::Immediately => self.dfs(land, captured, true, true, depth + 1),
                CapturePromotion::EndsMove => self.record(land, depth + 1, true),
            }
        } else {
            self.dfs(land, captured, king, crowned, depth + 1);
        }
    }

    fn record(&mut self, at: u8, len: usize, crowned: bool) {
        if self.rules.capture_choice == CaptureChoice::Majority {
            if len < self.best {
                return;
            }
            if len > self.best {
                self.out.clear();
                self.best = len;
            }
        }
        let promotes = crowned
            || (!self.started_as_king
                && self.rules.capture_promotion == CapturePromotion::AtEndOnly
                && self.promo.contains(at));
        let m = Move::capture(self.from, &self.path[..len], &self.taken[..len], promotes);
        // Different paths to the same result are one move: only sequences of two or more
        // captures can differ by path alone.
        if len >= 2 && self.out.iter().any(|o| o.same_as(&m)) {
            return;
        }
        self.out.push(m);
    }
}
