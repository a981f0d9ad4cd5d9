//! `draughts play`: a game on the console, between people or against the computer.
//!
//! Moves are typed in standard notation (`32-28`, `28x19`, the full path `47x38x24x13x36` when a
//! short form is ambiguous; algebraic `c3-d4` on Russian and Brazilian boards). Also: `undo`,
//! `moves`, `resign`, `draw`, `help`, `quit`. Reads stdin line by line, so it can be scripted.

use clap::{Args, ValueEnum};
use draughts_engine::egdb::Egdb;
use draughts_engine::{self as ai, Book, Engine, Level};
use draughts_rules::game::{Game, PdnTags, Status};
use draughts_rules::notation::move_to_text;
use draughts_rules::{Color, Move, Piece, Position, Role, Variant};
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

const HELP: &str = "type a move (32-28, 28x19, or the full path 47x38x24x13x36), or:
  undo     take back your last move (and the computer's reply)
  moves    list the legal moves
  resign   give up
  draw     agree a draw
  quit     stop here (the game is left unfinished)";

/// Options of `draughts play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The rules to play by.
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// The side the computer plays (none: two players).
    #[arg(long, short, value_enum, ignore_case = true)]
    computer: Option<Side>,
    #[arg(long, short, value_parser = parse_level, default_value = "4", help = level_help())]
    level: Level,
    /// Seeds the computer's choices, so a game can be replayed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The start position (PDN FEN) instead of the initial one.
    #[arg(long)]
    fen: Option<String>,
    /// Endgame tables the computer probes (levels 4-6; built by `draughts egdb build`).
    #[arg(long, value_name = "DIR")]
    egdb: Option<std::path::PathBuf>,
    /// The computer searches from the first move instead of playing from its opening book
    /// (levels 4-6 use the book where the variant has one).
    #[arg(long)]
    no_book: bool,
    /// Search threads of the computer (levels 4-6).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=draughts_engine::MAX_THREADS as i64))]
    threads: u16,
}

/// The `--computer` values.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Side {
    #[value(alias = "w")]
    White,
    #[value(alias = "b")]
    Black,
    #[value(name = "none")]
    Nobody,
}

/// A level by its number, `1`–`6`.
pub fn parse_level(text: &str) -> Result<Level, String> {
    text.parse::<u8>()
        .ok()
        .and_then(Level::new)
        .ok_or_else(|| format!("expected {}", level_range()))
}

/// `1 to 6`, from the engine's levels.
pub fn level_range() -> String {
    let first = Level::ALL.first().map_or(0, |l| l.number());
    let last = Level::ALL.last().map_or(0, |l| l.number());
    format!("{first} to {last}")
}

/// The levels, numbered and named by the engine.
fn level_help() -> String {
    let names: Vec<String> = Level::ALL.iter().map(|l| l.to_string()).collect();
    format!("The computer's strength: {}", names.join(", "))
}

/// The board with files and ranks, White at the bottom, and each row's square numbers.
pub fn board_text(pos: &Position, last: Option<&draughts_rules::Move>) -> String {
    let g = pos.geometry();
    let n = g.size();
    let files: String = (0..n).map(|c| format!("{} ", (b'a' + c) as char)).collect();
    let mut s = format!("   {files}\n");
    let touched: Vec<u8> = last
        .map(|m| {
            std::iter::once(m.from())
                .chain(m.path().iter().copied())
                .map(|s| s.index())
                .collect()
        })
        .unwrap_or_default();
    for row in 0..n {
        s.push_str(&format!("{:>2} ", n - row));
        let mut numbers = Vec::new();
        for col in 0..n {
            let cell = match g.at(row, col) {
                None => "  ".to_owned(),
                Some(sq) => {
                    numbers.push(sq.number());
                    let c = match pos.piece_at(sq) {
                        None => '.',
                        Some(Piece { color, role }) => match (color, role) {
                            (Color::White, Role::Man) => 'w',
                            (Color::White, Role::King) => 'W',
                            (Color::Black, Role::Man) => 'b',
                            (Color::Black, Role::King) => 'B',
                        },
                    };
                    let mark = if touched.contains(&sq.index()) {
                        '\''
                    } else {
                        ' '
                    };
                    format!("{c}{mark}")
                }
            };
            s.push_str(&cell);
        }
        let (lo, hi) = (numbers[0], numbers[numbers.len() - 1]);
        s.push_str(&format!(" {:<2}   {lo:>2}-{hi:<2}\n", n - row));
    }
    s.push_str(&format!("   {files}\n"));
    s
}

fn counts_line(pos: &Position) -> String {
    let c = |color| {
        let k = pos.counts(color);
        format!("{color}: {} men, {} kings", k.men, k.kings)
    };
    format!("{}   {}", c(Color::White), c(Color::Black))
}

/// Plays a console game (success after a finished or abandoned game).
///
/// # Errors
/// A FEN that is not a valid position.
pub fn run(opts: &PlayArgs) -> Result<ExitCode, String> {
    let computer = match opts.computer {
        Some(Side::White) => Some(Color::White),
        Some(Side::Black) => Some(Color::Black),
        Some(Side::Nobody) | None => None,
    };
    let mut game = match &opts.fen {
        Some(f) => Game::from_fen(f, opts.variant).map_err(|e| e.to_string())?,
        None => Game::new(opts.variant),
    };
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut engine = Engine::new(32);
    engine.set_threads(opts.threads.into());
    let db = crate::open_egdb(opts.egdb.as_deref(), opts.variant)?;
    let book = ai::book::builtin(opts.variant).filter(|_| !opts.no_book);
    // A line that is not UTF-8 is read lossily (and then refused as a move) rather than taken
    // for the end of input.
    let mut lines = crate::lossy_lines();
    let out = &mut io::stdout();
    let _ = writeln!(
        out,
        "{} draughts. {}",
        capitalise(opts.variant.name()),
        match computer {
            Some(c) => format!("The computer plays {c} at level {}.", opts.level),
            None => "Two players.".to_owned(),
        }
    );
    let _ = writeln!(out, "Type 'help' for commands.");
    let mut quit = false;
    let mut show = true;
    while !game.status().is_over() {
        let pos = *game.position();
        if show {
            show_position(out, &game);
        }
        show = true;
        if computer == Some(pos.turn()) {
            let (m, from_book) =
                computer_move(opts, &mut engine, &game, db.as_ref(), book.as_ref(), &clock);
            let _ = writeln!(
                out,
                "Computer ({}) plays {}{}",
                pos.turn(),
                move_to_text(&pos, &m),
                if from_book { " (book)" } else { "" }
            );
            game.play(&m).expect("the engine plays legal moves");
            continue;
        }
        let _ = write!(out, "{} to move> ", pos.turn());
        let _ = out.flush();
        let Some(Ok(line)) = lines.next() else {
            let _ = writeln!(out, "\n(end of input)");
            quit = true;
            break;
        };
        match obey(out, &mut game, line.trim(), computer) {
            Next::Board => {}
            Next::Prompt => show = false,
            Next::Quit => {
                quit = true;
                break;
            }
        }
    }
    finish(out, &game, quit, computer, opts.level);
    Ok(ExitCode::SUCCESS)
}

/// The board before a move, with the last move in the notation of the position it was played
/// from (a capture's path is only unambiguous there) and the pieces left.
fn show_position(out: &mut impl Write, game: &Game) {
    let pos = game.position();
    let last = game.moves().last();
    let _ = write!(out, "\n{}", board_text(pos, last));
    if let Some(m) = last {
        let before = &game.positions()[game.positions().len() - 2];
        let _ = writeln!(out, "Last move: {}", move_to_text(before, m));
    }
    let _ = writeln!(out, "{}", counts_line(pos));
}

/// The computer's move and whether it came from the book: the book while in it, then a search
/// that probes the tables if there are any (never at the noisy levels, which err on purpose).
fn computer_move(
    opts: &PlayArgs,
    engine: &mut Engine,
    game: &Game,
    db: Option<&Egdb>,
    book: Option<&Book>,
    clock: &dyn Fn() -> f64,
) -> (Move, bool) {
    let pos = game.position();
    let history = ai::game_history(game);
    let seed = opts.seed.wrapping_add(game.moves().len() as u64);
    let from_book = ai::book_move(book, pos, opts.level, seed);
    let m = match db.filter(|_| !opts.level.is_noisy()) {
        _ if from_book.is_some() => from_book,
        Some(db) => {
            let limits = ai::Limits {
                egdb: Some(db),
                phase_plies: db.phase_plies(game.positions(), game.moves()),
                ..opts.level.limits(Some(clock))
            };
            engine.search(pos, &history, &limits).map(|r| r.best)
        }
        None => ai::choose_move(engine, pos, &history, opts.level, seed, Some(clock), None),
    }
    .expect("the game is not over, so there is a legal move");
    (m, from_book.is_some())
}

/// What the game loop does after a player's line.
enum Next {
    /// Shows the board again: the game changed.
    Board,
    /// Asks again without the board: nothing changed.
    Prompt,
    /// Stops, the game left as it is.
    Quit,
}

/// Carries out a player's line: a command or a move.
fn obey(out: &mut impl Write, game: &mut Game, text: &str, computer: Option<Color>) -> Next {
    let pos = *game.position();
    match text.to_ascii_lowercase().as_str() {
        "" => Next::Prompt,
        "help" | "?" => {
            let _ = writeln!(out, "{HELP}");
            Next::Prompt
        }
        "moves" => {
            let list: Vec<String> = pos
                .legal_moves()
                .iter()
                .map(|m| move_to_text(&pos, m))
                .collect();
            let _ = writeln!(out, "Legal moves: {}", list.join(" "));
            Next::Prompt
        }
        "undo" => {
            // Against the computer, take back its reply too, so it is the player's turn.
            let mut undone = game.undo();
            while undone && computer == Some(game.position().turn()) && game.can_undo() {
                undone = game.undo();
            }
            if undone {
                Next::Board
            } else {
                let _ = writeln!(out, "Nothing to undo.");
                Next::Prompt
            }
        }
        "resign" => {
            game.resign(pos.turn());
            Next::Board
        }
        "draw" => {
            game.agree_draw();
            Next::Board
        }
        "quit" | "exit" => Next::Quit,
        _ => match game.play_text(text) {
            Ok(_) => Next::Board,
            Err(e) => {
                let _ = writeln!(
                    out,
                    "Illegal move: {e}. Type 'moves' to list the legal moves."
                );
                Next::Prompt
            }
        },
    }
}

/// The end: the final board (unless the player quit an unfinished game), the result, and the
/// game as PDN to keep.
fn finish(out: &mut impl Write, game: &Game, quit: bool, computer: Option<Color>, level: Level) {
    let status = game.status();
    if !quit || status.is_over() {
        let _ = write!(
            out,
            "\n{}",
            board_text(game.position(), game.moves().last())
        );
    }
    let _ = writeln!(
        out,
        "Result: {}",
        match status {
            Status::Ongoing => "unfinished".to_owned(),
            s => s.to_string(),
        }
    );
    let name = |c: Color| match computer {
        Some(x) if x == c => Some(format!("draughts level {}", level.number())),
        _ => Some("Player".to_owned()),
    };
    let tags = PdnTags {
        event: Some("Console game".to_owned()),
        white: name(Color::White),
        black: name(Color::Black),
        ..Default::default()
    };
    let _ = writeln!(out, "\n{}", game.to_pdn(&tags));
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}
