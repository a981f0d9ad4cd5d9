//! Lessons: for each variant, a short course in its rules, generated from its rules table
//! ([`draughts_rules::variant::Rules`], every rule cited there and in `docs/rules.md`), never
//! written by hand per variant.
//!
//! Each [`Step`] teaches one rule of the table: how men move and capture (backward where
//! `men_capture` allows it, else that they may not), compulsory capture, a series of captures,
//! each criterion of the variant's capture precedence in order (or free choice where the list
//! is empty), crowning and what the table's `capture_promotion` does mid-capture, how kings move
//! and capture (`king_range`), the goal (`goal`: Antidraughts and Breakthrough turn it round) and
//! the draw rules (`draws`). A step is a position where White must find the move the rule
//! demands: the position is placed on the variant's own board by trying anchor squares until
//! the move generator agrees that the moves it accepts are exactly those the rule calls for
//! ([`Task`]); a rule no move can show (the draw rules, Frisian's king-move limit) is a step to
//! read. The words are [`Message`]s of the lessons' catalogue ([`draughts_rules::message::LESSONS`]),
//! translated with the rest of the engine's messages; the study module (`crates/web-study`) is
//! the only one that calls this, so the page's first load carries none of it.

use crate::snapshot::ordered_moves;
use draughts_rules::message::{Join, Message, Param};
use draughts_rules::notation::square_text;
use draughts_rules::square::{Dir, Geometry};
use draughts_rules::variant::{CapturePromotion, Goal, Material, Precedence, Rules};
use draughts_rules::{Color, Move, Piece, Position, Role, Setup, Square, Variant};

/// Which rule a step teaches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Topic {
    MenMove,
    MenCapture,
    MenCaptureBackward,
    MenForwardOnly,
    MenNotKings,
    Compulsory,
    MultiJump,
    MostPieces,
    MostValue,
    ByKing,
    MostKings,
    FreeChoice,
    Promotion,
    CrownAtEnd,
    CrownImmediately,
    CrownEndsMove,
    KingMove,
    KingCapture,
    KingLimit,
    Goal,
    Draws,
}

impl Topic {
    /// Its name for the page (`data-topic`).
    pub const fn name(self) -> &'static str {
        match self {
            Topic::MenMove => "men-move",
            Topic::MenCapture => "men-capture",
            Topic::MenCaptureBackward => "men-capture-backward",
            Topic::MenForwardOnly => "men-forward-only",
            Topic::MenNotKings => "men-not-kings",
            Topic::Compulsory => "compulsory",
            Topic::MultiJump => "multi-jump",
            Topic::MostPieces => "most-pieces",
            Topic::MostValue => "most-value",
            Topic::ByKing => "by-king",
            Topic::MostKings => "most-kings",
            Topic::FreeChoice => "free-choice",
            Topic::Promotion => "promotion",
            Topic::CrownAtEnd => "crown-at-end",
            Topic::CrownImmediately => "crown-immediately",
            Topic::CrownEndsMove => "crown-ends-move",
            Topic::KingMove => "king-move",
            Topic::KingCapture => "king-capture",
            Topic::KingLimit => "king-limit",
            Topic::Goal => "goal",
            Topic::Draws => "draws",
        }
    }
}

/// What the player is asked to do, and so which legal moves a step accepts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Task {
    /// Find the move the rule demands: every legal move is an answer (the rule leaves no other).
    Find,
    /// Move a piece to a square: the legal moves ending there.
    Reach { from: Square, to: Square },
    /// Crown a man: the legal moves that crown.
    Crown,
    /// Read the rule and go on: no move.
    Read,
}

impl Task {
    /// Which of `legal` this task accepts.
    pub fn accepts(self, m: &Move) -> bool {
        match self {
            Task::Find => true,
            Task::Reach { from, to } => m.from() == from && m.to() == to,
            Task::Crown => m.promotes(),
            Task::Read => false,
        }
    }
}

/// One step of a lesson: a position with White to move, the rule in words and the task.
#[derive(Clone, Debug)]
pub struct Step {
    pub topic: Topic,
    pub position: Position,
    pub task: Task,
    /// The rule's words.
    pub rule: Message,
    /// What to do, in words.
    pub ask: Message,
    /// The legal moves the step accepts, in canonical order (empty for a step to read).
    pub answers: Vec<Move>,
    /// The position's legal moves in canonical order (the page's indices).
    pub legal: Vec<Move>,
}

impl Step {
    /// The canonical indices of the answers among the legal moves.
    pub fn answer_indices(&self) -> Vec<usize> {
        (0..self.legal.len())
            .filter(|&i| self.answers.contains(&self.legal[i]))
            .collect()
    }

    /// Whether the legal move at `index` is an answer, and what to say: the rule and the task
    /// again when it is not.
    pub fn check(&self, index: usize) -> (bool, Message) {
        match self.legal.get(index) {
            Some(m) if self.answers.contains(m) => (true, Message::new("lesson.right")),
            _ => (
                false,
                Message::new("lesson.wrong")
                    .with("rule", self.rule.clone())
                    .with("task", self.ask.clone()),
            ),
        }
    }
}

/// A move a step expects, placed from the rules table: `to` and `promotes` `None` where any
/// will do (a flying king lands on any free square beyond).
struct Expect {
    from: Square,
    to: Option<Square>,
    captures: Vec<Square>,
    promotes: Option<bool>,
}

impl Expect {
    fn quiet(from: Square, to: Square) -> Expect {
        Expect {
            from,
            to: Some(to),
            captures: Vec::new(),
            promotes: None,
        }
    }

    fn capture(from: Square, to: Option<Square>, captures: &[Square]) -> Expect {
        Expect {
            from,
            to,
            captures: captures.to_vec(),
            promotes: None,
        }
    }

    fn crowned(mut self, promotes: bool) -> Expect {
        self.promotes = Some(promotes);
        self
    }

    fn matches(&self, m: &Move) -> bool {
        let mut taken: Vec<u8> = m.captures().iter().map(|s| s.number()).collect();
        let mut want: Vec<u8> = self.captures.iter().map(|s| s.number()).collect();
        taken.sort_unstable();
        want.sort_unstable();
        m.from() == self.from
            && self.to.is_none_or(|t| m.to() == t)
            && self.promotes.is_none_or(|p| m.promotes() == p)
            && taken == want
    }
}

/// A position to try: the pieces, the task and the moves the rule demands.
struct Draft {
    pieces: Vec<(Square, Piece)>,
    task: Task,
    expect: Vec<Expect>,
}

const WHITE_MAN: Piece = Piece::new(Color::White, Role::Man);
const WHITE_KING: Piece = Piece::new(Color::White, Role::King);
const BLACK_MAN: Piece = Piece::new(Color::Black, Role::Man);
const BLACK_KING: Piece = Piece::new(Color::Black, Role::King);

/// The board of a variant, seen by White (who moves up, towards row 0).
#[derive(Clone, Copy)]
struct Board {
    variant: Variant,
    g: Geometry,
}

impl Board {
    /// `n` steps from `sq` in `dir`, if the board goes that far.
    fn go(self, sq: Square, dir: Dir, n: u8) -> Option<Square> {
        let mut bit = self.g.bit(sq);
        for _ in 0..n {
            bit = self.g.next(bit, dir)?;
        }
        Some(self.g.square(bit))
    }

    fn row(self, sq: Square) -> u8 {
        self.g.row(sq)
    }

    /// Every square, those nearest row `row` and the middle columns first (anchors to try).
    fn near_row(self, row: u8) -> Vec<Square> {
        let size = i16::from(self.g.size());
        let mut all: Vec<Square> = self.g.all_squares().collect();
        all.sort_by_key(|&s| {
            let r = i16::from(self.g.row(s));
            let c = i16::from(self.g.col(s));
            (
                (r - i16::from(row)).abs(),
                (2 * c - (size - 1)).abs(),
                s.number(),
            )
        });
        all
    }

    fn name(self, sq: Square) -> String {
        square_text(self.variant, sq)
    }

    /// The position a draft sets up, and its legal moves, if the move generator accepts exactly
    /// what the draft expects.
    fn verify(self, d: &Draft) -> Option<(Position, Vec<Move>, Vec<Move>)> {
        let squares: Vec<Square> = d.pieces.iter().map(|(s, _)| *s).collect();
        if (1..squares.len()).any(|i| squares[..i].contains(&squares[i])) {
            return None;
        }
        let setup = Setup {
            pieces: d
                .pieces
                .iter()
                .map(|&(s, p)| (u32::from(s.number()), p))
                .collect(),
            ..Setup::empty(Color::White)
        };
        let position = Position::from_setup(&setup, self.variant).ok()?;
        if position.decided().is_some() {
            return None;
        }
        let legal = ordered_moves(position.legal_moves());
        let answers: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| d.task.accepts(m))
            .collect();
        let exact = !answers.is_empty()
            && answers
                .iter()
                .all(|m| d.expect.iter().any(|e| e.matches(m)))
            && d.expect
                .iter()
                .all(|e| answers.iter().any(|m| e.matches(m)));
        // Where the player picks a square, the step is a choice: some other move is legal.
        let choice = !matches!(d.task, Task::Reach { .. }) || legal.len() > answers.len();
        (exact && choice).then_some((position, legal, answers))
    }

    /// The first draft `build` makes from anchors `a` (tried near row `ra`) and `b` (near row
    /// `rb`) that the move generator confirms.
    fn place(
        self,
        ra: u8,
        rb: u8,
        build: impl Fn(Square, Square) -> Option<Draft>,
    ) -> Option<(Draft, Position, Vec<Move>, Vec<Move>)> {
        let bs = self.near_row(rb);
        for a in self.near_row(ra) {
            for &b in &bs {
                if let Some(d) = build(a, b) {
                    if let Some((p, legal, answers)) = self.verify(&d) {
                        return Some((d, p, legal, answers));
                    }
                }
            }
        }
        None
    }
}

/// The lesson of a variant, in teaching order.
pub fn lesson(variant: Variant) -> Vec<Step> {
    Lesson::new(variant).steps()
}

struct Lesson {
    k: Kit,
    steps: Vec<Step>,
}

/// The board and the table a lesson's positions are placed from.
#[derive(Clone, Copy)]
struct Kit {
    b: Board,
    r: &'static Rules,
    size: u8,
}

/// White's forward diagonals and the backward ones, as the tables write directions.
const UP_LEFT: Dir = Dir::UpLeft;
const UP_RIGHT: Dir = Dir::UpRight;
const DOWN_LEFT: Dir = Dir::DownLeft;
const DOWN_RIGHT: Dir = Dir::DownRight;

impl Kit {
    fn msg(self, code: &'static str) -> Message {
        Message::new(code).with("variant", self.b.variant)
    }

    /// The direction a man steps in that sets the variant apart: sideways where men may
    /// (Turkish), else forward left.
    fn man_step(self) -> Dir {
        if self.r.men_move.contains(Dir::Left) {
            Dir::Left
        } else {
            self.r.men_move.iter().next().unwrap_or(UP_LEFT)
        }
    }

    /// The forward capture direction to show first: along a column where men capture so on a
    /// board of dark squares (Frisian), sideways on the full board (Turkish), else diagonal.
    fn man_capture(self) -> Dir {
        let c = self.r.men_capture;
        if c.contains(Dir::Up) && !self.r.geometry.is_full() {
            Dir::Up
        } else if c.contains(Dir::Left) {
            Dir::Left
        } else {
            UP_LEFT
        }
    }

    /// Two forward capture directions for a series: up-left then up-right, or (rows and
    /// columns) up then left.
    fn series(self) -> (Dir, Dir) {
        if self.r.men_capture.contains(UP_LEFT) {
            (UP_LEFT, UP_RIGHT)
        } else {
            (Dir::Up, Dir::Left)
        }
    }

    /// The direction behind a man, where a backward capture would go.
    fn back(self) -> Dir {
        if self.r.geometry.is_full() {
            Dir::Down
        } else {
            DOWN_RIGHT
        }
    }

    /// A man (or king) on `a` that can take two pieces in a row, forward.
    fn double(self, a: Square, piece: Piece) -> Option<(Vec<(Square, Piece)>, Expect)> {
        let b = self.b;
        let (d1, d2) = self.series();
        let (v1, l1) = (b.go(a, d1, 1)?, b.go(a, d1, 2)?);
        let (v2, l2) = (b.go(l1, d2, 1)?, b.go(l1, d2, 2)?);
        Some((
            vec![(a, piece), (v1, BLACK_MAN), (v2, BLACK_MAN)],
            Expect::capture(a, Some(l2), &[v1, v2]),
        ))
    }

    /// A piece on `a` that can take `victim` next to it, forward (a king: diagonally, landing
    /// anywhere beyond).
    fn single(
        self,
        a: Square,
        piece: Piece,
        victim: Piece,
    ) -> Option<(Vec<(Square, Piece)>, Expect)> {
        let b = self.b;
        let dir = self.series().0;
        let (v, to) = (b.go(a, dir, 1)?, b.go(a, dir, 2)?);
        let to = if piece.role == Role::King && self.r.flying_kings() {
            None
        } else {
            Some(to)
        };
        Some((vec![(a, piece), (v, victim)], Expect::capture(a, to, &[v])))
    }
}

impl Lesson {
    fn new(variant: Variant) -> Lesson {
        let r = variant.rules();
        Lesson {
            k: Kit {
                b: Board {
                    variant,
                    g: r.geometry,
                },
                r,
                size: r.geometry.size(),
            },
            steps: Vec::new(),
        }
    }

    fn v(&self) -> Variant {
        self.k.b.variant
    }

    fn msg(&self, code: &'static str) -> Message {
        self.k.msg(code)
    }

    /// Places a step; a rule this board cannot show is left out (the tests list what each
    /// variant must have).
    fn add(
        &mut self,
        topic: Topic,
        rule: Message,
        ra: u8,
        rb: u8,
        build: impl Fn(Square, Square) -> Option<Draft>,
    ) {
        if let Some((d, position, legal, answers)) = self.k.b.place(ra, rb, build) {
            let ask = match d.task {
                Task::Find => Message::new("lesson.ask.find"),
                Task::Reach { from, to } => Message::new("lesson.ask.reach")
                    .with("from", self.k.b.name(from))
                    .with("to", self.k.b.name(to)),
                Task::Crown => Message::new("lesson.ask.crown"),
                Task::Read => Message::new("lesson.ask.read"),
            };
            let ask = if topic == Topic::FreeChoice {
                Message::new("lesson.ask.either")
            } else {
                ask
            };
            self.steps.push(Step {
                topic,
                position,
                task: d.task,
                rule,
                ask,
                answers,
                legal,
            });
        }
    }

    fn read(&mut self, topic: Topic, rule: Message) {
        let position = Position::new(self.v()).with_turn(Color::White);
        let legal = ordered_moves(position.legal_moves());
        self.steps.push(Step {
            topic,
            position,
            task: Task::Read,
            rule,
            ask: Message::new("lesson.ask.read"),
            answers: Vec::new(),
            legal,
        });
    }

    fn steps(mut self) -> Vec<Step> {
        let k = self.k;
        let (b, r, s) = (k.b, k.r, k.size);
        let bottom = s - 2;

        // How men move: one step in a direction the table allows, a choice of squares.
        let dir = k.man_step();
        let rule = self.msg(if r.men_move.contains(Dir::Left) {
            "lesson.men-move.sideways"
        } else {
            "lesson.men-move"
        });
        self.add(Topic::MenMove, rule, bottom, 0, |a, far| {
            let to = b.go(a, dir, 1)?;
            Some(Draft {
                pieces: vec![(a, WHITE_MAN), (far, BLACK_MAN)],
                task: Task::Reach { from: a, to },
                expect: vec![Expect::quiet(a, to)],
            })
        });

        // How men capture: over a piece next to them, in a direction of `men_capture`.
        let dir = k.man_capture();
        let rule = self.msg(match dir {
            Dir::Up => "lesson.men-capture.straight",
            Dir::Left => "lesson.men-capture.sideways",
            _ => "lesson.men-capture",
        });
        self.add(Topic::MenCapture, rule, bottom, 0, |a, _| {
            let (v, to) = (b.go(a, dir, 1)?, b.go(a, dir, 2)?);
            Some(Draft {
                pieces: vec![(a, WHITE_MAN), (v, BLACK_MAN)],
                task: Task::Find,
                expect: vec![Expect::capture(a, Some(to), &[v])],
            })
        });

        // Backward: a capture behind the man where the table allows it, else a move with an
        // enemy piece behind that it may not take.
        let back = k.back();
        if r.men_capture_backward() {
            let rule = self.msg("lesson.men-capture-backward");
            self.add(Topic::MenCaptureBackward, rule, s / 2, 0, |a, _| {
                let (v, to) = (b.go(a, back, 1)?, b.go(a, back, 2)?);
                Some(Draft {
                    pieces: vec![(a, WHITE_MAN), (v, BLACK_MAN)],
                    task: Task::Find,
                    expect: vec![Expect::capture(a, Some(to), &[v])],
                })
            });
        } else {
            let step = k.man_step();
            let rule = self.msg("lesson.men-forward-only");
            self.add(Topic::MenForwardOnly, rule, s / 2, 0, |a, _| {
                let v = b.go(a, back, 1)?;
                b.go(a, back, 2)?;
                let to = b.go(a, step, 1)?;
                Some(Draft {
                    pieces: vec![(a, WHITE_MAN), (v, BLACK_MAN)],
                    task: Task::Reach { from: a, to },
                    expect: vec![Expect::quiet(a, to)],
                })
            });
        }

        // Italian: a man may not take a king; the only move left is a step.
        if !r.men_capture_kings {
            let rule = self.msg("lesson.men-not-kings");
            self.add(Topic::MenNotKings, rule, bottom, 0, |a, _| {
                let k = b.go(a, UP_LEFT, 1)?;
                b.go(a, UP_LEFT, 2)?;
                let to = b.go(a, UP_RIGHT, 1)?;
                Some(Draft {
                    pieces: vec![(a, WHITE_MAN), (k, BLACK_KING)],
                    task: Task::Find,
                    expect: vec![Expect::quiet(a, to)],
                })
            });
        }

        // Compulsory capture: a second man could step, but the capture must be made.
        let dir = k.series().0;
        let rule = self.msg("lesson.compulsory");
        self.add(Topic::Compulsory, rule, bottom, bottom, |a, other| {
            let (v, to) = (b.go(a, dir, 1)?, b.go(a, dir, 2)?);
            Some(Draft {
                pieces: vec![(a, WHITE_MAN), (v, BLACK_MAN), (other, WHITE_MAN)],
                task: Task::Find,
                expect: vec![Expect::capture(a, Some(to), &[v])],
            })
        });

        // A series of captures is one move, completed.
        let rule = self.msg("lesson.multi-jump");
        self.add(Topic::MultiJump, rule, s - 1, 0, |a, _| {
            let (pieces, expect) = k.double(a, WHITE_MAN)?;
            Some(Draft {
                pieces,
                task: Task::Find,
                expect: vec![expect],
            })
        });

        self.precedence();
        self.promotion();
        if r.goal != Goal::FirstKing {
            // In Breakthrough the first king ends the game: there are no kings to teach.
            self.kings();
        }
        self.goal();
        self.draws();
        self.steps
    }

    /// One step per criterion of the table's capture precedence, in its order; free choice
    /// where the list is empty.
    fn precedence(&mut self) {
        let k = self.k;
        let (r, s) = (k.r, k.size);
        let bottom = s - 2;
        // The piece that captures a king: a king where men may not.
        let taker = if r.men_capture_kings {
            WHITE_MAN
        } else {
            WHITE_KING
        };
        if r.free_choice() {
            let rule = self.msg("lesson.free-choice");
            self.add(Topic::FreeChoice, rule, s - 1, bottom, |a, c| {
                let (mut pieces, two) = k.double(a, WHITE_MAN)?;
                let (more, one) = k.single(c, WHITE_MAN, BLACK_MAN)?;
                pieces.extend(more);
                Some(Draft {
                    pieces,
                    task: Task::Find,
                    expect: vec![two, one],
                })
            });
        }
        for (i, p) in r.precedence.iter().enumerate() {
            match p {
                Precedence::MostPieces => {
                    let rule = self.msg("lesson.most-pieces");
                    self.add(Topic::MostPieces, rule, s - 1, bottom, |a, c| {
                        let (mut pieces, two) = k.double(a, WHITE_MAN)?;
                        let (more, _) = k.single(c, WHITE_MAN, BLACK_MAN)?;
                        pieces.extend(more);
                        Some(Draft {
                            pieces,
                            task: Task::Find,
                            expect: vec![two],
                        })
                    });
                }
                Precedence::MostValue | Precedence::MostKings => {
                    let (topic, code) = if *p == Precedence::MostValue {
                        (Topic::MostValue, "lesson.most-value")
                    } else {
                        (Topic::MostKings, "lesson.most-kings")
                    };
                    let rule = self.msg(code);
                    self.add(topic, rule, bottom, bottom, |a, c| {
                        let (mut pieces, king) = k.single(a, taker, BLACK_KING)?;
                        let (more, _) = k.single(c, taker, BLACK_MAN)?;
                        pieces.extend(more);
                        Some(Draft {
                            pieces,
                            task: Task::Find,
                            expect: vec![king],
                        })
                    });
                }
                Precedence::ByKing => {
                    let rule = self.msg(if i == 0 {
                        "lesson.by-king.first"
                    } else {
                        "lesson.by-king"
                    });
                    self.add(Topic::ByKing, rule, bottom, bottom, |a, c| {
                        let (mut pieces, king) = k.single(a, WHITE_KING, BLACK_MAN)?;
                        let (more, _) = k.single(c, WHITE_MAN, BLACK_MAN)?;
                        pieces.extend(more);
                        Some(Draft {
                            pieces,
                            task: Task::Find,
                            expect: vec![king],
                        })
                    });
                }
                // Which kings a series meets first is too fine a point for a first course.
                Precedence::EarliestKings => {}
            }
        }
    }

    /// Crowning, and what the table says a man reaching the far row mid-capture does.
    fn promotion(&mut self) {
        let k = self.k;
        let (b, r, s) = (k.b, k.r, k.size);
        if r.goal != Goal::FirstKing {
            let rule = self.msg("lesson.promotion");
            self.add(Topic::Promotion, rule, 1, s - 1, |a, far| {
                Some(Draft {
                    pieces: vec![(a, WHITE_MAN), (far, BLACK_MAN)],
                    task: Task::Crown,
                    expect: vec![Expect {
                        from: a,
                        to: None,
                        captures: Vec::new(),
                        promotes: Some(true),
                    }],
                })
            });
        }
        let (d1, d2) = k.series();
        match r.capture_promotion {
            CapturePromotion::AtEndOnly => {
                // Onto the far row, then on as a man: backward, or sideways along it.
                let on = if r.men_capture_backward() {
                    DOWN_LEFT
                } else {
                    d2
                };
                let rule = self.msg("lesson.crown-at-end");
                self.add(Topic::CrownAtEnd, rule, 2, 0, |a, _| {
                    let (v1, l1) = (b.go(a, d1, 1)?, b.go(a, d1, 2)?);
                    let (v2, l2) = (b.go(l1, on, 1)?, b.go(l1, on, 2)?);
                    (b.row(l1) == 0).then_some(())?;
                    Some(Draft {
                        pieces: vec![(a, WHITE_MAN), (v1, BLACK_MAN), (v2, BLACK_MAN)],
                        task: Task::Find,
                        expect: vec![
                            Expect::capture(a, Some(l2), &[v1, v2]).crowned(b.row(l2) == 0)
                        ],
                    })
                });
            }
            CapturePromotion::Immediately => {
                // Crowned on the far row, on at once as a king: a piece only a king reaches.
                let rule = self.msg("lesson.crown-immediately");
                self.add(Topic::CrownImmediately, rule, 2, 0, |a, _| {
                    let (v1, l1) = (b.go(a, d1, 1)?, b.go(a, d1, 2)?);
                    (b.row(l1) == 0).then_some(())?;
                    // Down the other diagonal from the one it came up.
                    let v2 = b.go(l1, DOWN_LEFT, 2)?;
                    b.go(l1, DOWN_LEFT, 3)?;
                    Some(Draft {
                        pieces: vec![(a, WHITE_MAN), (v1, BLACK_MAN), (v2, BLACK_MAN)],
                        task: Task::Find,
                        expect: vec![Expect::capture(a, None, &[v1, v2]).crowned(true)],
                    })
                });
            }
            CapturePromotion::EndsMove => {
                // Crowned on the far row, and the move ends: a king could take on, but not now.
                let rule = self.msg("lesson.crown-ends-move");
                self.add(Topic::CrownEndsMove, rule, 2, 0, |a, _| {
                    let (v1, l1) = (b.go(a, d1, 1)?, b.go(a, d1, 2)?);
                    (b.row(l1) == 0).then_some(())?;
                    let v2 = b.go(l1, DOWN_LEFT, 1)?;
                    b.go(l1, DOWN_LEFT, 2)?;
                    Some(Draft {
                        pieces: vec![(a, WHITE_MAN), (v1, BLACK_MAN), (v2, BLACK_MAN)],
                        task: Task::Find,
                        expect: vec![Expect::capture(a, Some(l1), &[v1]).crowned(true)],
                    })
                });
            }
        }
    }

    /// How kings move and capture: far along a free line, or one square.
    fn kings(&mut self) {
        let k = self.k;
        let (b, r, s) = (k.b, k.r, k.size);
        let dir = r.king_move.iter().next().unwrap_or(UP_LEFT);
        if r.flying_kings() {
            let rule = self.msg(if r.king_move.contains(UP_LEFT) {
                "lesson.king-move.flying"
            } else {
                "lesson.king-move.straight"
            });
            self.add(Topic::KingMove, rule, s - 1, 0, |a, far| {
                let to = b.go(a, dir, 3)?;
                Some(Draft {
                    pieces: vec![(a, WHITE_KING), (far, BLACK_MAN)],
                    task: Task::Reach { from: a, to },
                    expect: vec![Expect::quiet(a, to)],
                })
            });
            let rule = self.msg("lesson.king-capture.flying");
            let dir = r.king_capture.iter().next().unwrap_or(UP_LEFT);
            self.add(Topic::KingCapture, rule, s - 1, 0, |a, _| {
                let v = b.go(a, dir, 3)?;
                b.go(a, dir, 4)?;
                Some(Draft {
                    pieces: vec![(a, WHITE_KING), (v, BLACK_MAN)],
                    task: Task::Find,
                    expect: vec![Expect::capture(a, None, &[v])],
                })
            });
        } else {
            let rule = self.msg("lesson.king-move.short");
            self.add(Topic::KingMove, rule, s / 2, 0, |a, far| {
                let to = b.go(a, DOWN_LEFT, 1)?;
                Some(Draft {
                    pieces: vec![(a, WHITE_KING), (far, BLACK_MAN)],
                    task: Task::Reach { from: a, to },
                    expect: vec![Expect::quiet(a, to)],
                })
            });
            let rule = self.msg("lesson.king-capture.short");
            self.add(Topic::KingCapture, rule, s / 2, 0, |a, _| {
                let (v, to) = (b.go(a, DOWN_RIGHT, 1)?, b.go(a, DOWN_RIGHT, 2)?);
                Some(Draft {
                    pieces: vec![(a, WHITE_KING), (v, BLACK_MAN)],
                    task: Task::Find,
                    expect: vec![Expect::capture(a, Some(to), &[v])],
                })
            });
        }
        if let Some(n) = r.king_move_limit {
            let rule = self.msg("lesson.king-limit").with("n", n);
            self.read(Topic::KingLimit, rule);
        }
    }

    /// How the game is won: the last piece taken, given away (Antidraughts) or the first king
    /// (Breakthrough).
    fn goal(&mut self) {
        let k = self.k;
        let (b, s) = (k.b, k.size);
        match k.r.goal {
            Goal::Standard => {
                let rule = self.msg("lesson.goal");
                let dir = k.series().0;
                self.add(Topic::Goal, rule, s / 2, 0, |a, _| {
                    let (v, to) = (b.go(a, dir, 1)?, b.go(a, dir, 2)?);
                    Some(Draft {
                        pieces: vec![(a, WHITE_MAN), (v, BLACK_MAN)],
                        task: Task::Find,
                        expect: vec![Expect::capture(a, Some(to), &[v])],
                    })
                });
            }
            Goal::Losing => {
                // White's last man steps next to a black man, which must take it.
                let rule = self.msg("lesson.goal.losing");
                self.add(Topic::Goal, rule, s / 2, 0, |a, _| {
                    let to = b.go(a, UP_LEFT, 1)?;
                    let taker = b.go(to, UP_LEFT, 1)?;
                    Some(Draft {
                        pieces: vec![(a, WHITE_MAN), (taker, BLACK_MAN)],
                        task: Task::Reach { from: a, to },
                        expect: vec![Expect::quiet(a, to)],
                    })
                });
            }
            Goal::FirstKing => {
                let rule = self.msg("lesson.goal.first-king");
                self.add(Topic::Goal, rule, 1, s - 1, |a, far| {
                    Some(Draft {
                        pieces: vec![(a, WHITE_MAN), (far, BLACK_MAN)],
                        task: Task::Crown,
                        expect: vec![Expect {
                            from: a,
                            to: None,
                            captures: Vec::new(),
                            promotes: Some(true),
                        }],
                    })
                });
            }
        }
    }

    /// The table's draw rules, in words: a step to read.
    fn draws(&mut self) {
        let d = self.k.r.draws;
        let mut rules = Vec::new();
        if d.repetitions > 0 {
            rules.push(Message::new("lesson.draw.repetition").with("n", d.repetitions));
        }
        if d.king_moves_plies > 0 {
            rules
                .push(Message::new("lesson.draw.king-moves").with("moves", d.king_moves_plies / 2));
        }
        for e in d.endgames {
            let moves = e.plies / 2;
            rules.push(
                match e.when {
                    Material::PiecesWithKingVsLoneKing { pieces } => {
                        Message::new("lesson.draw.pieces-with-king").with("pieces", pieces)
                    }
                    Material::KingsVsLoneKing { kings } => {
                        Message::new("lesson.draw.kings-vs-king").with("kings", kings)
                    }
                    Material::PiecesWithKingVsLoneKingOnMainRoad { pieces } => {
                        Message::new("lesson.draw.main-road").with("pieces", pieces)
                    }
                    Material::BothHaveKings {
                        min_pieces,
                        max_pieces,
                    } => Message::new("lesson.draw.both-kings")
                        .with("min", min_pieces)
                        .with("max", max_pieces),
                    Material::OnlyKings { pieces } => {
                        Message::new("lesson.draw.only-kings").with("pieces", pieces)
                    }
                    Material::OnePieceEach => Message::new("lesson.draw.one-each"),
                }
                .with("moves", moves),
            );
        }
        let rule = if rules.is_empty() {
            self.msg("lesson.draws.none")
        } else {
            let list = rules.into_iter().map(Param::from).collect();
            self.msg("lesson.draws")
                .with("rules", Param::List(list, Join::Semicolon))
        };
        self.read(Topic::Draws, rule);
    }
}
