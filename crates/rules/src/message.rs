//! What the engine says to a person, as a code and parameters, with English words from one table.
//!
//! Every sentence the engine tells a player — a FEN, PDN or link that does not read, why a move
//! is illegal, why a piece cannot move, how a game ended — is a [`Message`]: a code from
//! [`CATALOGUE`] and named parameters. The English words come from the code's template here, in
//! one place (the errors' `Display` is this text); the page translates the same code and
//! parameters with its language file (`www/lang/*.js`), never by matching English words.
//!
//! Templates follow the common subset of ICU MessageFormat that the page's translator reads too:
//! `{name}` is a parameter; `{n, plural, one {# piece} other {# pieces}}` chooses by the number
//! `n` (CLDR plural categories: English has `one` and `other`; `#` is the number).

use crate::square::Color;
use crate::variant::Variant;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use std::fmt;

/// A message: its code in [`CATALOGUE`] and its parameters in template order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub code: &'static str,
    pub params: Vec<(&'static str, Param)>,
}

/// A parameter's value. Values that are words themselves (a side, a variant, another message, a
/// list joined by "and") stay structured so that a translation can say them in its language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// Text quoted from the input or a notation (`32-28`, `c3`): never translated.
    Text(String),
    Number(i64),
    Side(Color),
    Variant(Variant),
    Message(Box<Message>),
    /// Items joined as a list: "27, 32 and 33" (`Join::And`), "a or b" (`Join::Or`).
    List(Vec<Param>, Join),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    And,
    Or,
    /// Separate statements: "a; b".
    Semicolon,
}

impl Message {
    /// A message without parameters yet; the code must be in [`CATALOGUE`] (checked by tests).
    pub fn new(code: &'static str) -> Message {
        debug_assert!(
            lesson_template(code).is_some(),
            "message code {code:?} is not in the catalogue"
        );
        Message {
            code,
            params: Vec::new(),
        }
    }

    /// Adds a parameter.
    pub fn with(mut self, name: &'static str, value: impl Into<Param>) -> Message {
        self.params.push((name, value.into()));
        self
    }

    /// The English words.
    pub fn text(&self) -> String {
        self.text_in(template)
    }

    /// The English words of a message whose code may be in another catalogue than
    /// [`CATALOGUE`]: `find` gives a code's template ([`lesson_template`] for the study module's
    /// lessons, whose words the page's own module does not carry).
    pub fn text_in(&self, find: Find) -> String {
        let mut out = String::new();
        render(
            find(self.code).unwrap_or(self.code),
            &self.params,
            &mut out,
            find,
        );
        out
    }

    /// The message as the page gets it (`{ code, params, text }`, see its `Serialize`), its
    /// words (nested messages' too) from `find`'s catalogue.
    pub fn worded(&self, find: Find) -> impl Serialize + '_ {
        Worded(self, find)
    }
}

/// Where a code's English template is found: [`template`] (the page's catalogue) or
/// [`lesson_template`] (that one and the lessons').
pub type Find = fn(&str) -> Option<&'static str>;

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl From<String> for Param {
    fn from(s: String) -> Param {
        Param::Text(s)
    }
}
impl From<&str> for Param {
    fn from(s: &str) -> Param {
        Param::Text(s.to_owned())
    }
}
macro_rules! number_param {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(n: $t) -> Param {
                Param::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_param!(u8, u16, u32, u64, usize, i32, i64);
impl From<Color> for Param {
    fn from(c: Color) -> Param {
        Param::Side(c)
    }
}
impl From<Variant> for Param {
    fn from(v: Variant) -> Param {
        Param::Variant(v)
    }
}
impl From<Message> for Param {
    fn from(m: Message) -> Param {
        Param::Message(Box::new(m))
    }
}

impl Param {
    fn english(&self, find: Find) -> String {
        match self {
            Param::Text(s) => s.clone(),
            Param::Number(n) => n.to_string(),
            Param::Side(c) => c.to_string(),
            Param::Variant(v) => v.title().to_owned(),
            Param::Message(m) => m.text_in(find),
            Param::List(items, join) => {
                let words: Vec<String> = items.iter().map(|p| p.english(find)).collect();
                match (join, words.split_last()) {
                    (_, None) => String::new(),
                    (_, Some((last, []))) => last.clone(),
                    (Join::And, Some((last, rest))) => format!("{} and {last}", rest.join(", ")),
                    (Join::Or, _) => words.join(" or "),
                    (Join::Semicolon, _) => words.join("; "),
                }
            }
        }
    }
}

/// The page gets `{ code, params, text }`: each parameter a string, a number, `{ side }`,
/// `{ variant }`, a nested message, or `{ list, join }`; `text` is the English words.
impl Serialize for Message {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Worded(self, template).serialize(s)
    }
}

/// A message with the catalogue its words come from.
struct Worded<'a>(&'a Message, Find);

impl Serialize for Worded<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Worded(m, find) = *self;
        let mut map = s.serialize_map(Some(3))?;
        map.serialize_entry("code", m.code)?;
        map.serialize_entry("params", &Params(&m.params, find))?;
        map.serialize_entry("text", &m.text_in(find))?;
        map.end()
    }
}

struct Params<'a>(&'a [(&'static str, Param)], Find);

impl Serialize for Params<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0 {
            map.serialize_entry(name, &Worded1(value, self.1))?;
        }
        map.end()
    }
}

/// A parameter with the catalogue a nested message's words come from.
struct Worded1<'a>(&'a Param, Find);

impl Serialize for Worded1<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Worded1(param, find) = *self;
        match param {
            Param::Text(t) => s.serialize_str(t),
            Param::Number(n) => s.serialize_i64(*n),
            Param::Side(c) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("side", c.name())?;
                map.end()
            }
            Param::Variant(v) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("variant", v.name())?;
                map.end()
            }
            Param::Message(m) => Worded(m, find).serialize(s),
            Param::List(items, join) => {
                let items: Vec<Worded1> = items.iter().map(|p| Worded1(p, find)).collect();
                let mut map = s.serialize_map(Some(2))?;
                map.serialize_entry("list", &items)?;
                map.serialize_entry(
                    "join",
                    match join {
                        Join::And => "and",
                        Join::Or => "or",
                        Join::Semicolon => "semicolon",
                    },
                )?;
                map.end()
            }
        }
    }
}

/// The template of a code.
pub fn template(code: &str) -> Option<&'static str> {
    CATALOGUE.iter().find(|(c, _)| *c == code).map(|(_, t)| *t)
}

/// The template of a code of the lessons' catalogue ([`LESSONS`]) or of [`CATALOGUE`].
pub fn lesson_template(code: &str) -> Option<&'static str> {
    LESSONS
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, t)| *t)
        .or_else(|| template(code))
}

/// Writes `template` with `params` into `out` (see the module's doc for the syntax), nested
/// messages' words from `find`.
fn render(template: &str, params: &[(&'static str, Param)], out: &mut String, find: Find) {
    let value = |name: &str| params.iter().find(|(n, _)| *n == name).map(|(_, v)| v);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(len) = block_len(&rest[open..]) else {
            out.push_str(&rest[open..]);
            return;
        };
        let inner = &rest[open + 1..open + len - 1];
        rest = &rest[open + len..];
        let mut parts = inner.splitn(3, ',').map(str::trim);
        let name = parts.next().unwrap_or_default();
        match (parts.next(), parts.next()) {
            (Some("plural"), Some(arms)) => {
                let n = match value(name) {
                    Some(Param::Number(n)) => *n,
                    _ => 0,
                };
                let arm = plural_arm(arms, if n == 1 { "one" } else { "other" })
                    .or_else(|| plural_arm(arms, "other"))
                    .unwrap_or_default();
                let mut sub = String::new();
                render(arm, params, &mut sub, find);
                out.push_str(&sub.replace('#', &n.to_string()));
            }
            _ => match value(name) {
                Some(v) => out.push_str(&v.english(find)),
                None => {
                    out.push('{');
                    out.push_str(name);
                    out.push('}');
                }
            },
        }
    }
    out.push_str(rest);
}

/// The length of the `{…}` block at the start of `s`, braces nested; None if unclosed.
fn block_len(s: &str) -> Option<usize> {
    let mut depth = 0;
    for (i, ch) in s.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The text of plural arm `key` in `one {…} other {…}`.
fn plural_arm<'a>(arms: &'a str, key: &str) -> Option<&'a str> {
    let mut rest = arms.trim_start();
    while !rest.is_empty() {
        let open = rest.find('{')?;
        let label = rest[..open].trim();
        let len = block_len(&rest[open..])?;
        if label == key {
            return Some(&rest[open + 1..open + len - 1]);
        }
        rest = rest[open + len..].trim_start();
    }
    None
}

/// Every message the engine can give, code → English template. Codes are stable: language files
/// translate them.
pub const CATALOGUE: &[(&str, &str)] = &[
    // Reading a FEN (PDN 3.0 §FEN, and our additions: ranges, H/F fields).
    ("fen.empty", "empty FEN"),
    ("fen.bad-turn", "FEN side to move \"{text}\" is not W or B"),
    ("fen.bad-field", "FEN field {field} \"{text}\" does not start with W, B, H or F"),
    (
        "fen.bad-square",
        "FEN field {field}: \"{text}\" is not a square (expected a number like 32, K32, or a range like 31-50)",
    ),
    ("fen.bad-range", "FEN field {field}: range \"{text}\" runs backwards"),
    ("fen.bad-counter", "FEN field {field}: \"{text}\" is not a number"),
    // A position that cannot be set up.
    ("position.invalid", "invalid position: {problems}"),
    ("setup.off-board", "square {square} is not on the board (1-{max})"),
    ("setup.twice", "square {square} is given twice"),
    ("setup.too-many", "{side} has {count} pieces (at most {max})"),
    (
        "setup.man-on-promotion-row",
        "{side} man on {square} stands on its promotion row and should be a king",
    ),
    ("setup.no-pieces", "there are no pieces on the board"),
    (
        "edit.would-be-over",
        "The game would already be over: {status}. Put more pieces on the board or change the side to move.",
    ),
    ("board.off-board", "{number} is not a square of the {variant} board (1-{max})"),
    // Moves written as text.
    (
        "move.syntax",
        "\"{text}\" is not a move (expected squares joined by - or x, like 32-28 or 28x19)",
    ),
    ("move.bad-square", "\"{text}\": square \"{square}\" is not on the board"),
    ("move.illegal", "{text} is illegal: {reason}"),
    ("move.ambiguous", "{text} is ambiguous: it could be {candidates}"),
    ("move.illegal-move", "illegal move {text}: {reason}"),
    // Why a move is illegal.
    ("illegal.no-piece", "there is no piece on {square}"),
    ("illegal.not-your-piece", "the piece on {square} is {owner}'s and it is {turn}'s turn"),
    ("illegal.no-moves", "{turn} has no legal move"),
    ("illegal.capture-elsewhere", "a capture is available elsewhere and capturing is compulsory"),
    ("illegal.must-capture", "the piece on {square} must capture"),
    (
        "illegal.majority",
        "that capture does not exist; the majority rule requires taking {most, plural, one {# piece} other {# pieces}}",
    ),
    ("illegal.not-there", "the piece on {square} cannot move there"),
    ("illegal.no-move-from", "the piece on {square} has no legal move"),
    // A game and its record.
    ("game.over", "the game is over: {status}"),
    ("game.no-such-ply", "there is no position after {ply} moves: the game has {recorded}"),
    ("status.ongoing", "ongoing"),
    ("status.win", "{winner} wins ({reason})"),
    ("status.draw", "draw ({reason})"),
    ("reason.no-pieces", "no pieces"),
    ("reason.no-legal-moves", "no legal moves"),
    ("reason.resignation", "resignation"),
    ("reason.first-king", "first king"),
    ("reason.recorded", "result as recorded"),
    ("reason.repetition", "threefold repetition"),
    ("reason.move-rule", "{moves}-move rule"),
    ("reason.agreement", "agreement"),
    // The PGN standard's Termination value (section 8.1.1), for a loss or a draw on time.
    ("reason.time", "time forfeit"),
    // Reading PDN (PDN 3.0).
    ("pdn.line", "PDN line {line}: {problem}"),
    ("pdn.unterminated-tag", "unterminated tag"),
    ("pdn.unterminated-tag-value", "unterminated tag value"),
    ("pdn.tag-without-name", "tag without a name"),
    ("pdn.unterminated-variation", "unterminated variation ("),
    ("pdn.unexpected-paren", "unexpected )"),
    ("pdn.unterminated-comment", "unterminated comment {open}"),
    ("pdn.no-game", "the PDN holds no game"),
    ("pdn.no-such-game", "the PDN holds {count} games; there is no game {number}"),
    (
        "pdn.game-type",
        "unknown GameType \"{text}\" (supported: 20 international, 21 english, 25 russian, 26 brazilian)",
    ),
    ("pdn.fen", "bad FEN tag: {cause}"),
    ("pdn.ambiguous", "ambiguous, and no reading replays the game"),
    ("pdn.illegal", "illegal move {number} {text}: {reason}"),
    ("record.fen", "Cannot read the FEN: {cause}"),
    ("record.pdn", "Cannot read the PDN: {cause}"),
    ("record.link", "Cannot open the link: {cause}"),
    // Shared links (src/link.rs).
    ("link.not-a-game", "this link holds no game (it has no “v=” variant part)"),
    ("link.too-long", "this link is too long to be a game ({length} characters; at most 16,384)"),
    (
        "link.check",
        "this link is damaged: its check does not match its contents (was it cut short or changed?)",
    ),
    ("link.unknown-variant", "this link names a variant this app does not play: “{text}”"),
    ("link.fen", "this link's position does not read: {cause}"),
    (
        "link.bad-character",
        "this link is damaged: its moves contain “{text}”, which is not a move character",
    ),
    ("link.illegal-move", "this link is damaged: move {number} ({side}) is not a legal move there"),
    ("link.truncated", "this link is damaged: its moves stop in the middle of one"),
    ("link.bad-result", "this link is damaged: “{text}” is not a result ({codes})"),
    ("link.malformed", "this link is damaged: {problem}"),
    ("link.bad-escape", "a “%” escape is broken"),
    ("link.not-text", "it is not valid text"),
    ("link.unknown-part", "it has an unknown part “{text}”"),
    ("link.repeated", "its “{text}” part is repeated"),
    ("link.result-after-end", "it records a result after the game was already over"),
    // A link handed to the computer for another variant's game (crates/views/src/record.rs).
    ("link.other-variant", "this link holds a game of {found}, not {expected}"),
    // Invitations to play online and their replies (crates/views/src/invite.rs).
    ("online.not-a-link", "this is neither an invitation to play online nor a reply to one"),
    ("online.too-long", "this link is too long to be an invitation ({length} characters)"),
    ("online.bad-character", "this invitation is damaged: it contains “{text}”"),
    (
        "online.check",
        "this invitation is damaged: its check does not match its contents (was it cut short or changed?)",
    ),
    (
        "online.format",
        "this invitation was made by another version of the game (format {version}): reload both pages and invite again",
    ),
    ("online.damaged", "this invitation is damaged: its contents do not read"),
    ("online.unknown-variant", "this invitation names a variant this app does not play: “{text}”"),
    ("online.bad-clock", "this invitation's clock does not read: “{text}”"),
    ("online.no-address", "this invitation holds no address to reach the other device"),
    ("online.sdp", "the browser described its connection without {missing}"),
    // Messages over an online game's channel, each checked by this page's engine (crates/views/src/session.rs).
    ("online.not-their-turn", "your friend's page sent a move when it was not their turn"),
    (
        "online.wrong-ply",
        "your friend's page sent a move for ply {sent}, but this game is at ply {here}",
    ),
    ("online.no-such-move", "your friend's page sent move {index}, which is not a legal move here"),
    (
        "online.other-position",
        "your friend's page sent a move that leads to another position than here",
    ),
    ("online.game-over", "your friend's page sent a move after the end of the game"),
    // Results, told with colours named or to a player (src/snapshot.rs).
    ("result.wins", "{winner} wins"),
    ("result.you-win", "You win"),
    ("result.you-lose", "You lose"),
    ("result.draw", "Draw"),
    ("result.wins-on-time", "{winner} wins on time"),
    ("result.you-win-on-time", "You win on time"),
    ("result.you-lose-on-time", "You lose on time"),
    ("detail.time", "{loser} ran out of time"),
    ("detail.time.you", "you ran out of time"),
    ("detail.time.computer", "the computer ran out of time"),
    ("detail.time-no-win", "{loser} ran out of time, but {winner} could not have won"),
    ("detail.time-no-win.you", "you ran out of time, but the computer could not have won"),
    ("detail.time-no-win.computer", "the computer ran out of time, but you could not have won"),
    ("detail.agreement", "by agreement"),
    ("detail.draw-recorded", "(result as recorded)"),
    ("detail.repetition", "by threefold repetition"),
    ("detail.move-rule", "by the {moves}-move rule"),
    ("detail.recorded", "result as recorded"),
    ("detail.no-pieces", "{loser} has no pieces left"),
    ("detail.no-pieces.you", "you have no pieces left"),
    ("detail.no-pieces.computer", "the computer has no pieces left"),
    ("detail.no-pieces-wins", "{winner} has no pieces left, and that wins in {variant}"),
    ("detail.no-pieces-wins.you", "you have no pieces left, and that wins in {variant}"),
    (
        "detail.no-pieces-wins.computer",
        "the computer has no pieces left, and that wins in {variant}",
    ),
    ("detail.blocked-wins", "{winner} is blocked, and that wins in {variant}"),
    ("detail.blocked-wins.you", "you are blocked, and that wins in {variant}"),
    ("detail.blocked-wins.computer", "the computer is blocked, and that wins in {variant}"),
    ("detail.cannot-move", "{loser} cannot move"),
    ("detail.cannot-move.you", "you cannot move"),
    ("detail.cannot-move.computer", "the computer cannot move"),
    ("detail.resigned", "{loser} resigned"),
    ("detail.resigned.you", "you resigned"),
    ("detail.resigned.computer", "the computer resigned"),
    ("detail.first-king", "{winner} crowned the first king"),
    ("detail.first-king.you", "you crowned the first king"),
    ("detail.first-king.computer", "the computer crowned the first king"),
    ("line.win", "{title}: {detail}"),
    ("line.recorded", "{title} ({detail})"),
    ("line.draw", "{title} {detail}"),
    // The analysis and the review (src/ai/review.rs).
    ("eval.score", "{score}"),
    ("eval.wins-in", "{side} wins in {moves}"),
    // A result the endgame tables prove: short, for the analysis' score slot; the detail
    // beside it says it is the tables' (and, for a win, how far the conversion is).
    ("eval.tables-win", "{side} wins"),
    (
        "eval.tables-moves",
        "tables: {moves, plural, one {# move} other {# moves}} to convert",
    ),
    ("eval.tables-draw", "Draw"),
    ("eval.tables-source", "from the tables"),
    ("verdict.inaccuracy", "Inaccuracy: loses {loss}"),
    ("verdict.mistake", "Mistake: loses {loss}"),
    ("verdict.blunder", "Blunder: loses {loss}"),
    ("verdict.better", "{verdict}. Better: {move}"),
    // Why a piece cannot move (src/explain.rs).
    ("why.game-over", "The game is over: {status}."),
    ("why.not-your-turn", "The piece on {square} is {owner}'s, and it is {turn}'s turn."),
    ("why.capture-elsewhere", "A capture is compulsory: the piece on {squares} must capture."),
    (
        "why.capture-elsewhere.many",
        "A capture is compulsory: one of the pieces on {squares} must capture.",
    ),
    (
        "why.most-pieces",
        "The capture of the most pieces is compulsory: the capture from {from} takes {best, plural, one {# piece} other {# pieces}}, this piece can take only {mine}.",
    ),
    (
        "why.most-value",
        "The capture of the greatest value is compulsory (a king counts more than a man, less than two): the capture from {from} takes {best, plural, one {# piece} other {# pieces}}, this piece takes less.",
    ),
    (
        "why.by-king",
        "When captures are equal, a king must capture rather than a man: the king on {from} must take.",
    ),
    (
        "why.most-kings",
        "When captures are equal, the one taking the most kings is compulsory: the capture from {from} takes more kings.",
    ),
    (
        "why.earliest-kings",
        "When captures are equal, the one meeting a king first is compulsory: the capture from {from} does.",
    ),
    (
        "why.king-limit",
        "This king has moved {limit, plural, one {# time} other {# times}} in a row without capturing: while you have men, move another piece (the {variant} rule).",
    ),
    ("why.blocked", "The piece on {square} is blocked: it has no free square to move to."),
];

/// The lessons' messages (`crates/views/src/lessons.rs`, shown by the study module), code →
/// English template: apart from [`CATALOGUE`] so that the page's own module, which never gives
/// them, does not carry their words. `draughts catalogue` lists both; language files translate
/// both. Each rule is the rules table's (see `docs/rules.md` for the sources).
pub const LESSONS: &[(&str, &str)] = &[
    // The page's words around a lesson.
    ("lesson.title", "Lessons"),
    ("lesson.pick", "Learn the rules of a variant, one move at a time."),
    ("lesson.progress", "Step {k} of {n}"),
    ("lesson.next", "Next"),
    ("lesson.leave", "Back to the game"),
    ("lesson.again", "Start again"),
    ("lesson.done", "done"),
    ("lesson.right", "Right: that is the move the rule demands."),
    ("lesson.wrong", "Not that move. {rule} {task}"),
    ("lesson.complete", "Lesson complete: you know the rules of {variant}."),
    // What to do.
    ("lesson.ask.find", "Find the move."),
    ("lesson.ask.reach", "Move the piece on {from} to {to}."),
    ("lesson.ask.crown", "Crown a man."),
    ("lesson.ask.either", "Make either capture."),
    ("lesson.ask.read", "Read the rule, then go on."),
    // Men.
    ("lesson.men-move", "A man moves one square diagonally forward, to a free square."),
    (
        "lesson.men-move.sideways",
        "In {variant}, a man moves one square straight forward or sideways, to a free square, never backward.",
    ),
    (
        "lesson.men-capture",
        "A man captures an enemy piece diagonally next to it by jumping over it to the free square just beyond; the piece taken leaves the board.",
    ),
    (
        "lesson.men-capture.straight",
        "In {variant}, men capture along columns and rows too: a man jumps the enemy piece on the next dark square of its column or row and lands on the free one beyond.",
    ),
    (
        "lesson.men-capture.sideways",
        "A man captures straight forward or sideways: it jumps an enemy piece next to it to the free square just beyond.",
    ),
    (
        "lesson.men-capture-backward",
        "In {variant}, men capture backward as well as forward, though they move only forward.",
    ),
    (
        "lesson.men-forward-only",
        "In {variant}, men capture only forward: an enemy piece behind a man is safe from it.",
    ),
    ("lesson.men-not-kings", "In {variant}, a man may not capture a king: only a king can."),
    // Captures.
    (
        "lesson.compulsory",
        "Capturing is compulsory: when one of your pieces can capture, you must capture, even if another move looks better.",
    ),
    (
        "lesson.multi-jump",
        "When the capturing piece can capture again from where it lands, it must go on: the whole series is one move.",
    ),
    (
        "lesson.most-pieces",
        "You must make the capture that takes the most pieces, whichever piece makes it; a king counts as one piece.",
    ),
    (
        "lesson.most-value",
        "You must make the capture of the greatest value: a king is worth more than a man, but less than two men.",
    ),
    (
        "lesson.by-king",
        "When the captures are equal, a king must make the capture rather than a man.",
    ),
    (
        "lesson.by-king.first",
        "In {variant}, when a king can capture, a king must make the capture rather than a man.",
    ),
    (
        "lesson.most-kings",
        "When the captures take as many pieces, you must make the one that takes the most kings.",
    ),
    (
        "lesson.free-choice",
        "In {variant}, you may choose any capture, even one that takes fewer pieces, but you must complete it.",
    ),
    // Crowning.
    ("lesson.promotion", "A man that reaches the far row is crowned: it becomes a king."),
    (
        "lesson.crown-at-end",
        "A man that reaches the far row during a capture and can capture on goes on as a man: it is crowned only if the move ends there.",
    ),
    (
        "lesson.crown-immediately",
        "In {variant}, a man that reaches the far row during a capture is crowned at once and goes on capturing as a king.",
    ),
    (
        "lesson.crown-ends-move",
        "A man that reaches the far row by capturing is crowned and the move ends there, even where a king could capture on.",
    ),
    // Kings.
    (
        "lesson.king-move.flying",
        "A king moves any number of squares along a free diagonal, forward or backward.",
    ),
    (
        "lesson.king-move.straight",
        "In {variant}, a king moves any number of squares along a free row or column, forward, backward or sideways.",
    ),
    ("lesson.king-move.short", "A king moves one square diagonally, forward or backward."),
    (
        "lesson.king-capture.flying",
        "A king captures from afar: it jumps an enemy piece anywhere on its line, with only free squares between, and lands on any free square beyond.",
    ),
    (
        "lesson.king-capture.short",
        "A king captures an enemy piece next to it, forward or backward, landing just beyond.",
    ),
    (
        "lesson.king-limit",
        "In {variant}, while you have men, you may not move the same king more than {n, plural, one {# time} other {# times}} in a row without capturing.",
    ),
    // The goal.
    (
        "lesson.goal",
        "You win when your opponent cannot move: every piece taken or blocked. Take the last piece.",
    ),
    (
        "lesson.goal.losing",
        "In {variant}, the goal is reversed: you win when you cannot move, every piece lost or blocked. Give your last piece away.",
    ),
    ("lesson.goal.first-king", "In {variant}, the first player to crown a king wins."),
    // Draws.
    ("lesson.draws", "In {variant}, a game is drawn by agreement, and: {rules}."),
    ("lesson.draws.none", "In {variant}, a game is drawn only by agreement."),
    (
        "lesson.draw.repetition",
        "when the same position occurs {n, plural, one {# time} other {# times}} with the same player to move",
    ),
    (
        "lesson.draw.king-moves",
        "after {moves} moves each of kings only, without a capture",
    ),
    (
        "lesson.draw.pieces-with-king",
        "with {pieces, plural, one {a king} other {# pieces, a king among them,}} against a lone king, after {moves} moves each",
    ),
    (
        "lesson.draw.kings-vs-king",
        "with {kings} kings or more against a lone king, after {moves} moves each",
    ),
    (
        "lesson.draw.main-road",
        "with {pieces} pieces, a king among them, against a lone king on the long diagonal, after {moves} moves each",
    ),
    (
        "lesson.draw.both-kings",
        "when both sides have kings and there are {min} to {max} pieces in all, after {moves} moves each",
    ),
    (
        "lesson.draw.only-kings",
        "with only kings, {pieces} in all, after {moves} moves each",
    ),
    ("lesson.draw.one-each", "with one piece each, after {moves} moves each"),
    // The page's words around the puzzle trainer (www/puzzles.js).
    ("puzzle.title", "Puzzles"),
    ("puzzle.task.white", "White to play and win."),
    ("puzzle.task.black", "Black to play and win."),
    ("puzzle.task.mistake", "From your own game: find a better move than the one you played."),
    ("puzzle.theme.shot", "{n, plural, one {A shot} other {A combination in # moves}}"),
    ("puzzle.theme.breakthrough", "A breakthrough to the crowning row"),
    ("puzzle.theme.ending", "An ending"),
    ("puzzle.theme.mistake", "Your own mistake"),
    ("puzzle.side.white", "White to move"),
    ("puzzle.side.black", "Black to move"),
    ("puzzle.rated", "Puzzle rated {k}"),
    ("puzzle.rating", "Your rating: {k}"),
    ("puzzle.streak", "Streak: {k} (best {n})"),
    ("puzzle.count", "{k} of {n, plural, one {# puzzle} other {# puzzles}} solved"),
    ("puzzle.right", "Right. Go on: {k} of {n} moves found."),
    ("puzzle.solved", "Solved!"),
    ("puzzle.wrong", "Not that move. Try again, or take a hint."),
    ("puzzle.hint", "Hint"),
    ("puzzle.hint.piece", "The piece to move is marked."),
    ("puzzle.hint.move", "The arrow shows the move."),
    ("puzzle.next", "Next puzzle"),
    ("puzzle.retry", "Try again"),
    ("puzzle.misses", "Retry misses ({k})"),
    ("puzzle.mistakes", "Your mistakes ({k})"),
    ("puzzle.no-mistakes", "No mistakes of yours kept in {variant} yet: review a game you played, and its mistakes become puzzles here."),
    ("puzzle.none", "There are no puzzles in {variant}: its goal is to lose one's pieces, so a man won decides nothing."),
    ("puzzle.variant", "Variant"),
    ("puzzle.leave", "Back to the game"),
];

/// What a message's parameters are named, from its template (for the language files' tests).
pub fn param_names(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(len) = block_len(&rest[open..]) else {
            break;
        };
        let inner = &rest[open + 1..open + len - 1];
        let name = inner.split(',').next().unwrap_or_default().trim();
        if !names.contains(&name) {
            names.push(name);
        }
        if let Some(mut arms) = inner.splitn(3, ',').nth(2) {
            // `one {…} other {…}`: the parameters inside each arm.
            while let Some(open) = arms.find('{') {
                let Some(len) = block_len(&arms[open..]) else {
                    break;
                };
                for sub in param_names(&arms[open + 1..open + len - 1]) {
                    if !names.contains(&sub) {
                        names.push(sub);
                    }
                }
                arms = &arms[open + len..];
            }
        }
        rest = &rest[open + len..];
    }
    names
}

/// `Display` and `Error` for an error type by its [`Message`] (`fn message(&self) -> Message`):
/// its English words are the catalogue's, in one place.
#[macro_export]
macro_rules! error_by_message {
    ($($t:ty),*) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.message().text())
            }
        }
        impl std::error::Error for $t {}
    )*};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_render_parameters_plurals_and_lists() {
        let m = Message::new("illegal.majority").with("most", 1u8);
        assert_eq!(
            m.text(),
            "that capture does not exist; the majority rule requires taking 1 piece"
        );
        let m = Message::new("illegal.majority").with("most", 3u8);
        assert!(m.text().ends_with("taking 3 pieces"), "{m}");
        let m = Message::new("why.capture-elsewhere.many").with(
            "squares",
            Param::List(vec!["27".into(), "32".into(), "33".into()], Join::And),
        );
        assert_eq!(
            m.text(),
            "A capture is compulsory: one of the pieces on 27, 32 and 33 must capture."
        );
        let m = Message::new("setup.too-many")
            .with("side", Color::White)
            .with("count", 21usize)
            .with("max", 20usize);
        assert_eq!(m.text(), "White has 21 pieces (at most 20)");
        let nested = Message::new("record.fen").with("cause", Message::new("fen.empty"));
        assert_eq!(nested.text(), "Cannot read the FEN: empty FEN");
    }

    #[test]
    fn codes_are_unique_and_templates_balanced() {
        let all: Vec<(&str, &str)> = CATALOGUE.iter().chain(LESSONS).copied().collect();
        for (i, (code, t)) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|(c, _)| c != code), "code {code} twice");
            let opens = t.matches('{').count();
            assert_eq!(opens, t.matches('}').count(), "{code}: unbalanced braces");
            for name in param_names(t) {
                assert!(
                    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                    "{code}: parameter {name:?}"
                );
            }
        }
        assert_eq!(
            param_names("{a} {n, plural, one {# x {b}} other {# y}}"),
            ["a", "n", "b"]
        );
        // The catalogue a language file is checked against (`draughts catalogue`) lists every
        // message the engine gives, the explanations of capture precedence among them.
        assert!(CATALOGUE.len() > 100);
        assert!(CATALOGUE.iter().any(|(c, _)| *c == "why.most-pieces"));
    }
}
