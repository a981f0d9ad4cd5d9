//! A validated position: the pieces, the side to move and the variant whose rules apply.

use crate::bitboard::Bitboard;
use crate::message::{Join, Message, Param};
use crate::mv::Move;
use crate::setup::{Piece, Role, Setup};
use crate::square::{ByColor, Color, Geometry, Square};
use crate::variant::{Goal, Rules, Variant, Verdict};
use std::fmt;

/// A legal position. Fields are private: a `Position` can only be built valid.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) white: Bitboard,
    pub(crate) black: Bitboard,
    pub(crate) kings: Bitboard,
    pub(crate) turn: Color,
    /// Per side, the king that made the last non-capturing moves in a row and how many, where
    /// the variant limits them (Frisian); history rather than board, so not part of the FEN.
    pub(crate) streaks: ByColor<Streak>,
}

/// A king's non-capturing moves in a row: its square's bit and the count (0: none).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Streak {
    pub(crate) bit: u8,
    pub(crate) moves: u8,
}

impl Streak {
    /// The non-capturing moves in a row of the king on `bit` (0 if it is not this king).
    pub(crate) fn of(self, bit: u8) -> u8 {
        if self.moves > 0 && self.bit == bit {
            self.moves
        } else {
            0
        }
    }
}

/// Piece counts of one side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize)]
pub struct Counts {
    pub men: u8,
    pub kings: u8,
}

impl Counts {
    pub fn total(self) -> u8 {
        self.men + self.kings
    }
}

/// One thing wrong with a setup.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupProblem {
    SquareOutOfRange {
        square: u32,
        max: u8,
    },
    SquareTwice {
        square: u32,
    },
    TooManyPieces {
        color: Color,
        count: usize,
        max: usize,
    },
    ManOnPromotionRow {
        square: u32,
        color: Color,
    },
    /// Neither side has a piece: no game can be played or won from it. (One side without pieces
    /// is a finished game, which a FEN may describe.)
    NoPieces,
}

impl SetupProblem {
    pub fn message(&self) -> Message {
        match *self {
            SetupProblem::SquareOutOfRange { square, max } => Message::new("setup.off-board")
                .with("square", square)
                .with("max", max),
            SetupProblem::SquareTwice { square } => {
                Message::new("setup.twice").with("square", square)
            }
            SetupProblem::TooManyPieces { color, count, max } => Message::new("setup.too-many")
                .with("side", color)
                .with("count", count)
                .with("max", max),
            SetupProblem::ManOnPromotionRow { square, color } => {
                Message::new("setup.man-on-promotion-row")
                    .with("side", color)
                    .with("square", square)
            }
            SetupProblem::NoPieces => Message::new("setup.no-pieces"),
        }
    }
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message().text())
    }
}

/// A setup that is not a legal position; lists every problem found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    pub problems: Vec<SetupProblem>,
}

impl PositionError {
    pub fn message(&self) -> Message {
        let problems = self
            .problems
            .iter()
            .map(|p| Param::from(p.message()))
            .collect();
        Message::new("position.invalid").with("problems", Param::List(problems, Join::Semicolon))
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalMoveError {
    pub notation: String,
    pub reason: Message,
}

impl IllegalMoveError {
    pub fn message(&self) -> Message {
        Message::new("move.illegal-move")
            .with("text", self.notation.as_str())
            .with("reason", self.reason.clone())
    }
}

crate::error_by_message!(PositionError, IllegalMoveError);

impl Position {
    /// The start position of a variant: each side's men on its `start_rows`, counted from its
    /// own back row.
    pub fn new(variant: Variant) -> Position {
        let rules = variant.rules();
        let g = rules.geometry;
        let mut setup = Setup::empty(rules.first);
        for sq in g.all_squares() {
            for color in Color::ALL {
                let row = g.advance(sq, color);
                if (rules.start_rows.from..rules.start_rows.to).contains(&row) {
                    setup
                        .pieces
                        .push((sq.number() as u32, Piece::new(color, Role::Man)));
                }
            }
        }
        Position::from_setup(&setup, variant).expect("start position is valid")
    }

    /// Validates a setup for a variant.
    ///
    /// # Errors
    /// Every problem at once: squares off the board or given twice, more pieces for a side than
    /// it starts with, men standing on their own promotion row, no pieces at all.
    pub fn from_setup(setup: &Setup, variant: Variant) -> Result<Position, PositionError> {
        let rules = variant.rules();
        let g = rules.geometry;
        let mut problems = Vec::new();
        let mut pos = Position {
            variant,
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            kings: Bitboard::EMPTY,
            turn: setup.turn,
            streaks: ByColor::default(),
        };
        let mut counts = ByColor::<usize>::default();
        for &(number, piece) in &setup.pieces {
            if !g.has_number(number) {
                problems.push(SetupProblem::SquareOutOfRange {
                    square: number,
                    max: g.squares(),
                });
                continue;
            }
            let bit = g.bit(Square::from_number(number as u8));
            if (pos.white | pos.black).contains(bit) {
                if !problems.contains(&SetupProblem::SquareTwice { square: number }) {
                    problems.push(SetupProblem::SquareTwice { square: number });
                }
                continue;
            }
            if piece.role == Role::Man && g.promotion_row(piece.color).contains(bit) {
                problems.push(SetupProblem::ManOnPromotionRow {
                    square: number,
                    color: piece.color,
                });
            }
            *counts.get_mut(piece.color) += 1;
            match piece.color {
                Color::White => pos.white.set(bit),
                Color::Black => pos.black.set(bit),
            }
            if piece.role == Role::King {
                pos.kings.set(bit);
            }
        }
        if setup.pieces.is_empty() {
            problems.push(SetupProblem::NoPieces);
        }
        let max = rules.start_men() as usize;
        for color in Color::ALL {
            let count = *counts.get(color);
            if count > max {
                problems.push(SetupProblem::TooManyPieces { color, count, max });
            }
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError { problems })
        }
    }

    /// The pieces and side to move as an unchecked setup.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(self.turn);
        for sq in self.geometry().all_squares() {
            if let Some(p) = self.piece_at(sq) {
                setup.pieces.push((sq.number() as u32, p));
            }
        }
        setup
    }

    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    #[inline]
    pub fn rules(&self) -> &'static Rules {
        self.variant.rules()
    }

    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.variant.geometry()
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// All pieces of a side, in the padded bit layout.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// All kings of both sides, in the padded bit layout.
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.white | self.black
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = self.geometry().bit(sq);
        let color = if self.white.contains(bit) {
            Color::White
        } else if self.black.contains(bit) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(bit) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece::new(color, role))
    }

    /// Men and kings of a side.
    pub fn counts(&self, color: Color) -> Counts {
        let all = self.pieces(color);
        let kings = (all & self.kings).count() as u8;
        Counts {
            men: all.count() as u8 - kings,
            kings,
        }
    }

    /// Legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Whether `m` is one of the legal moves (in the sense of [`Move::same_as`]).
    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves().iter().any(|l| l.same_as(m))
    }

    /// Plays a move after checking it is legal.
    ///
    /// # Errors
    /// The move is not among the legal moves; `self` is unchanged.
    pub fn play(&self, m: &Move) -> Result<Position, IllegalMoveError> {
        let listed = self.listed(m)?;
        let mut next = *self;
        next.play_unchecked(&listed);
        Ok(next)
    }

    /// The legal move that is the same as `m` (see [`Move::same_as`]), as the generator lists
    /// it: a move built elsewhere may have taken another path to the same result.
    ///
    /// # Errors
    /// `m` is not legal here.
    pub fn listed(&self, m: &Move) -> Result<Move, IllegalMoveError> {
        let legal = self.legal_moves();
        legal
            .iter()
            .find(|l| l.same_as(m))
            .copied()
            .ok_or_else(|| IllegalMoveError {
                notation: m.full_notation(),
                reason: self.why_illegal(m.from(), m.is_capture(), &legal),
            })
    }

    /// Explains, in a player's terms, why no legal move goes from `from` as asked.
    pub(crate) fn why_illegal(
        &self,
        from_sq: Square,
        wants_capture: bool,
        legal: &[Move],
    ) -> Message {
        let from = crate::notation::square_text(self.variant, from_sq);
        let at = |code| Message::new(code).with("square", from.as_str());
        match self.piece_at(from_sq) {
            None => return at("illegal.no-piece"),
            Some(p) if p.color != self.turn => {
                return at("illegal.not-your-piece")
                    .with("owner", p.color)
                    .with("turn", self.turn)
            }
            _ => {}
        }
        if legal.is_empty() {
            return Message::new("illegal.no-moves").with("turn", self.turn);
        }
        if legal[0].is_capture() {
            if !legal.iter().any(|l| l.from() == from_sq) {
                return Message::new("illegal.capture-elsewhere");
            }
            if !wants_capture {
                return at("illegal.must-capture");
            }
            if self.rules().majority_only() {
                let most = legal[0].capture_count();
                return Message::new("illegal.majority").with("most", most);
            }
        }
        if legal.iter().any(|l| l.from() == from_sq) {
            at("illegal.not-there")
        } else {
            at("illegal.no-move-from")
        }
    }

    /// Whether the game is over by the variant's own rule, whatever the moves: in Breakthrough,
    /// once a side has a king (crowning one wins).
    pub fn is_variant_end(&self) -> bool {
        self.rules().goal == Goal::FirstKing && self.kings.any()
    }

    /// What the board alone has decided for the side to move, before any move is generated:
    /// in Breakthrough a crowned king wins (the side that just moved, where both have one),
    /// and a side out of pieces has no move ([`Rules::without_moves`]). `None`: the game goes
    /// on if the side to move has a legal move (else [`Rules::without_moves`] again).
    pub fn decided(&self) -> Option<Verdict> {
        if self.is_variant_end() {
            let crowned = |c: Color| (self.pieces(c) & self.kings).any();
            return Some(if crowned(self.turn.other()) {
                Verdict::Loss
            } else {
                Verdict::Win
            });
        }
        if self.pieces(self.turn).is_empty() {
            return Some(self.rules().without_moves());
        }
        None
    }

    /// Whether the king on `bit` may make a non-capturing move: a Frisian player who still has
    /// men may not move the same king more than three times in a row without capturing.
    #[inline]
    pub fn king_may_step(&self, bit: u8) -> bool {
        self.king_of_may_step(self.turn, bit)
    }

    /// [`Position::king_may_step`] for `color`'s king on `bit`, whichever side is to move (a
    /// streak stands until its side moves again: the evaluation counts both sides' moves).
    #[inline]
    pub fn king_of_may_step(&self, color: Color, bit: u8) -> bool {
        let Some(limit) = self.rules().king_move_limit else {
            return true;
        };
        let has_men = (self.pieces(color) & !self.kings).any();
        !(has_men && self.streaks.get(color).of(bit) >= limit)
    }

    /// How many non-capturing moves in a row the side's king on `sq` has made, where the
    /// variant limits them.
    pub fn king_streak(&self, color: Color, sq: Square) -> u8 {
        self.streaks.get(color).of(self.geometry().bit(sq))
    }

    /// The king of `color` that made the last non-capturing moves in a row and how many, as
    /// `(bit, moves)`, where the variant limits them (Frisian); `None` when there is no streak.
    /// Two positions that differ only here play differently (for the search's hash).
    pub fn streak(&self, color: Color) -> Option<(u8, u8)> {
        let s = self.streaks.get(color);
        (s.moves > 0).then_some((s.bit, s.moves))
    }

    /// A position straight from its bitboards, unchecked (no streaks): for the endgame tables,
    /// which enumerate positions by index and take moves back. Anything else builds positions
    /// from a FEN or a [`crate::Setup`], which are checked.
    pub fn from_bitboards(
        variant: Variant,
        white: Bitboard,
        black: Bitboard,
        kings: Bitboard,
        turn: Color,
    ) -> Position {
        Position {
            variant,
            white,
            black,
            kings,
            turn,
            streaks: ByColor::default(),
        }
    }

    /// Plays a move produced by [`Position::legal_moves`] without checking it.
    pub fn play_unchecked(&mut self, m: &Move) {
        let g = self.geometry();
        let from = g.bit(m.from());
        let to = g.bit(m.to());
        if m.is_capture() {
            *self = self.after_capture(from, to, Bitboard(m.captured_bits()), m.promotes());
            return;
        }
        let mover_is_king = self.kings.contains(from);
        if self.rules().king_move_limit.is_some() {
            let streak = self.streaks.get_mut(self.turn);
            *streak = if mover_is_king {
                Streak {
                    bit: to,
                    moves: streak.of(from) + 1,
                }
            } else {
                Streak::default()
            };
        }
        let ours = match self.turn {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        };
        ours.clear(from);
        ours.set(to);
        self.kings.clear(from);
        if mover_is_king || m.promotes() {
            self.kings.set(to);
        }
        self.turn = self.turn.other();
    }

    /// The position after the side to move takes `captured` with its piece on `from`, which ends
    /// on `to` (bits; `to` may be `from`), crowned if `promotes`: how every capture is applied,
    /// by [`Position::play_unchecked`] and by the fast path's children alike. The captured
    /// pieces leave first, so that where they go at once (Turkish) the move may end on a square
    /// one of them stood on. A capture ends the mover's run of king moves (the Frisian limit
    /// counts moves in a row without capturing; elsewhere the streak is always empty).
    #[inline(always)]
    pub(crate) fn after_capture(
        &self,
        from: u8,
        to: u8,
        captured: Bitboard,
        promotes: bool,
    ) -> Position {
        let (from_bb, to_bb) = (Bitboard::from_bit(from), Bitboard::from_bit(to));
        let mut next = *self;
        let (ours, theirs) = match self.turn {
            Color::White => (&mut next.white, &mut next.black),
            Color::Black => (&mut next.black, &mut next.white),
        };
        *theirs &= !captured;
        *ours = (*ours & !from_bb) | to_bb;
        next.kings &= !captured;
        if promotes || self.kings.contains(from) {
            next.kings = (next.kings & !from_bb) | to_bb;
        }
        *next.streaks.get_mut(self.turn) = Streak::default();
        next.turn = self.turn.other();
        next
    }

    /// The same position with the other side to move (for analysis and tests).
    pub fn with_turn(&self, turn: Color) -> Position {
        Position { turn, ..*self }
    }

    /// The position with colours swapped and the board turned half a turn.
    /// Move counts are invariant under this for every variant.
    pub fn mirrored(&self) -> Position {
        let g = self.geometry();
        let n = g.squares();
        let flip_bit = |bit: u8| g.bit(Square::from_index(n - 1 - g.square(bit).index()));
        let flip = |b: Bitboard| {
            b.fold(Bitboard::EMPTY, |out, bit| {
                out | Bitboard::from_bit(flip_bit(bit))
            })
        };
        let flip_streak = |s: Streak| Streak {
            bit: if s.moves > 0 { flip_bit(s.bit) } else { 0 },
            moves: s.moves,
        };
        Position {
            variant: self.variant,
            white: flip(self.black),
            black: flip(self.white),
            kings: flip(self.kings),
            turn: self.turn.other(),
            streaks: ByColor {
                white: flip_streak(self.streaks.black),
                black: flip_streak(self.streaks.white),
            },
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({} {})",
            self.variant,
            crate::fen::write_fen(self)
        )
    }
}

/// An ASCII diagram, White at the bottom: `w`/`b` men, `W`/`B` kings, `.` empty dark squares.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.geometry();
        for row in 0..g.size() {
            for col in 0..g.size() {
                let c = match g.at(row, col) {
                    None => ' ',
                    Some(sq) => match self.piece_at(sq) {
                        None => '.',
                        Some(Piece {
                            color: Color::White,
                            role: Role::Man,
                        }) => 'w',
                        Some(Piece {
                            color: Color::White,
                            role: Role::King,
                        }) => 'W',
                        Some(Piece {
                            color: Color::Black,
                            role: Role::Man,
                        }) => 'b',
                        Some(Piece {
                            color: Color::Black,
                            role: Role::King,
                        }) => 'B',
                    },
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
