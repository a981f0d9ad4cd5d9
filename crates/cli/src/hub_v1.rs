//! A client of the first Hub protocol, the one Scan 2.0 speaks (`scan hub`), so that `draughts
//! match --b scan:DIR` can measure the computer against it. It differs from the Hub protocol
//! `draughts hub` speaks: bare words instead of `name=value` pairs, no variant parameter
//! (International only), the moves played sent one `move` line each, and the time for a move as
//! `time MS`. A session:
//!
//! ```text
//! > hub                  < name … / author … / wait
//! > init                 < ready
//! > new                  (a new game)
//! > pos w<50 squares>    (the position at the last irreversible move)
//! > move 46-41           (each king move since; `error …` if refused)
//! > ping                 < pong   (every `error` comes before it)
//! > time 200
//! > go                   < info DEPTH PLY_AVG SCORE NODES SECONDS MNPS PV   (while it thinks)
//!                        < move 33-29 [ponder move]
//! ```
//!
//! `analyse` instead of `go` searches the same way but never answers from the opening book nor
//! at once with a forced move, so that every position gets an `info` line and a score: what
//! `draughts match-report` asks for.

use draughts_rules::game::Game;
use draughts_rules::hub::{move_from_hub, move_to_hub, position_to_hub};
use draughts_rules::{Move, Position};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// What the engine said of its last search: its last `info` line.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Thought {
    pub depth: u32,
    /// In the engine's units (Scan: hundredths of a man), for the side to move.
    pub score: i32,
    pub nodes: u64,
    pub seconds: f64,
}

impl Thought {
    /// Reads `info DEPTH PLY_AVG SCORE NODES SECONDS MNPS PV…`; `None` for any other line.
    pub fn parse(line: &str) -> Option<Thought> {
        let mut words = line.split_whitespace();
        if words.next()? != "info" {
            return None;
        }
        let depth = words.next()?.parse().ok()?;
        let _ply_avg = words.next()?;
        Some(Thought {
            depth,
            score: words.next()?.parse().ok()?,
            nodes: words.next()?.parse().ok()?,
            seconds: words.next()?.parse().ok()?,
        })
    }
}

/// An engine process speaking the first Hub protocol.
pub struct HubV1 {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// Its name, from its `name` line.
    pub name: String,
}

impl HubV1 {
    /// Starts Scan from its folder: `DIR/scan hub`, run in `DIR`, where it reads `scan.ini` and
    /// `data/`.
    ///
    /// # Errors
    /// No `scan` program there, or it does not answer the handshake.
    pub fn start_scan(dir: &Path) -> Result<HubV1, String> {
        let program: PathBuf = dir.join("scan");
        if !program.is_file() {
            return Err(format!(
                "no Scan program at {}: build it as ../shared/sparring/README.md says",
                program.display()
            ));
        }
        let mut child = Command::new(&program)
            .arg("hub")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut engine = HubV1 {
            child,
            input,
            output,
            name: program.display().to_string(),
        };
        engine.send("hub")?;
        loop {
            let line = engine.read()?;
            if let Some(name) = line.strip_prefix("name ") {
                engine.name = name.trim().to_owned();
            } else if line.trim() == "wait" {
                break;
            }
        }
        engine.send("init")?;
        while engine.read()?.trim() != "ready" {}
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    fn read(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(format!("{} closed its output", self.name)),
            Ok(_) => Ok(line),
            Err(e) => Err(format!("{}: {e}", self.name)),
        }
    }

    /// A new game: the engine forgets what it learnt in the last one.
    pub fn new_game(&mut self) -> Result<(), String> {
        self.send("new")
    }

    /// The engine's move in `game`, thinking `time_ms`, with what it said of its search.
    ///
    /// # Errors
    /// The engine refuses the game's moves, closes, or answers with no legal move.
    pub fn best_move(&mut self, game: &Game, time_ms: u64) -> Result<(Move, Thought), String> {
        self.think(game, time_ms, "go")
    }

    /// The engine's best move in `game` and its score after searching `time_ms`, never from
    /// its opening book (Scan's `analyse`): its opinion of the position. The score is `None`
    /// when it sent no `info` line.
    ///
    /// # Errors
    /// As for [`HubV1::best_move`].
    pub fn analyse(
        &mut self,
        game: &Game,
        time_ms: u64,
    ) -> Result<(Move, Option<Thought>), String> {
        let (m, thought) = self.think(game, time_ms, "analyse")?;
        Ok((m, (thought != Thought::default()).then_some(thought)))
    }

    /// The engine's score of `pos` searched to `depth` plies, with no history and no book (Scan's
    /// `depth` then `analyse`): a label that does not depend on the machine's speed or load, as
    /// `draughts tune label` needs. `None` when it sent no `info` line (Scan prints them from
    /// depth 12 on).
    ///
    /// # Errors
    /// As for [`HubV1::best_move`].
    pub fn analyse_to_depth(
        &mut self,
        pos: &Position,
        depth: u32,
    ) -> Result<Option<Thought>, String> {
        self.send(&format!("pos {}", position_v1(pos)))?;
        // After `pos`, which resets the limits; the time only keeps the depth the limit.
        self.send(&format!("depth {depth}"))?;
        self.send("time 3600000")?;
        self.send("analyse")?;
        let (_, thought) = self.answer(pos)?;
        Ok((thought != Thought::default()).then_some(thought))
    }

    /// Sends the game, the time and `command` (`go` or `analyse`), and reads the answer.
    fn think(
        &mut self,
        game: &Game,
        time_ms: u64,
        command: &str,
    ) -> Result<(Move, Thought), String> {
        self.send_game(game)?;
        self.send(&format!("time {time_ms}"))?;
        self.send(command)?;
        self.answer(game.position())
    }

    /// Reads the `info` lines and the `move` of a search of `pos`.
    fn answer(&mut self, pos: &Position) -> Result<(Move, Thought), String> {
        let mut thought = Thought::default();
        loop {
            let line = self.read()?;
            if let Some(t) = Thought::parse(&line) {
                thought = t;
            } else if let Some(rest) = line.strip_prefix("move ") {
                let text = rest.split_whitespace().next().unwrap_or_default();
                let m = move_from_hub(pos, text).map_err(|e| format!("{}: {e}", self.name))?;
                return Ok((m, thought));
            } else if line.starts_with("error") {
                return Err(format!(
                    "{} refused the position: {}",
                    self.name,
                    line.trim()
                ));
            }
        }
    }

    /// The position at the last irreversible move and each king move since, so that the
    /// engine sees repetitions; checked with `ping` (an `error` comes before `pong`).
    fn send_game(&mut self, game: &Game) -> Result<(), String> {
        let (positions, moves) = (game.positions(), game.moves());
        let mut first = moves.len();
        while first > 0 {
            let (before, m) = (&positions[first - 1], &moves[first - 1]);
            if m.is_capture() || !before.kings().contains(before.geometry().bit(m.from())) {
                break;
            }
            first -= 1;
        }
        self.send(&format!("pos {}", position_v1(&positions[first])))?;
        for m in &moves[first..] {
            self.send(&format!("move {}", move_to_hub(m)))?;
        }
        self.send("ping")?;
        loop {
            let line = self.read()?;
            match line.trim() {
                "pong" => return Ok(()),
                l if l.starts_with("error") => {
                    return Err(format!("{} refused the game's moves: {l}", self.name))
                }
                _ => {}
            }
        }
    }
}

/// A position as the first protocol writes it: the side to move in lower case (`w`, `b`), then
/// the squares as in the later protocol (`e` empty, `w`/`b` men, `W`/`B` kings).
fn position_v1(pos: &Position) -> String {
    let text = position_to_hub(pos);
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |turn| {
        turn.to_ascii_lowercase().to_string() + chars.as_str()
    })
}

impl Drop for HubV1 {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::notation::parse_move;
    use draughts_rules::Variant;

    #[test]
    fn reads_info_lines() {
        let t = Thought::parse("info 14 17.3 -25 1234567 0.19 6.5 32-28 19-23").unwrap();
        assert_eq!(
            t,
            Thought {
                depth: 14,
                score: -25,
                nodes: 1_234_567,
                seconds: 0.19
            }
        );
        assert_eq!(Thought::parse("move 32-28"), None);
        assert_eq!(Thought::parse("info x"), None);
    }

    /// A stand-in for Scan: a shell script that speaks the protocol, logs what it is sent,
    /// and answers `go` with one search line and the move 19-23 (refusing a `move` it is told
    /// to refuse).
    fn fake_scan(refuse: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "draughts-fake-scan-{}-{}",
            std::process::id(),
            refuse.len()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let script = format!(
            "#!/bin/sh\n\
             while read -r cmd arg; do\n\
               echo \"$cmd $arg\" >> log\n\
               case \"$cmd\" in\n\
                 hub) echo 'name Fake 1.0'; echo 'author test'; echo wait ;;\n\
                 init) echo ready ;;\n\
                 ping) echo pong ;;\n\
                 move) [ \"$arg\" = '{refuse}' ] && echo 'error illegal move' ;;\n\
                 go|analyse) echo 'info 9 9.5 12 4321 0.05 0.1 19-23'; echo 'move 19-23 32-28' ;;\n\
                 quit) exit 0 ;;\n\
               esac\n\
             done\n"
        );
        let path = dir.join("scan");
        std::fs::write(&path, script).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        dir
    }

    /// Starts the stand-in. A script just written may be refused for a moment with "Text file
    /// busy" (ETXTBSY): a process another test thread forks at that time holds a copy of the
    /// writing descriptor until it execs. Tried again then, as Go's os/exec does.
    fn start(dir: &Path) -> HubV1 {
        for _ in 0..100 {
            match HubV1::start_scan(dir) {
                Err(e) if e.contains("Text file busy") => {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                started => return started.unwrap(),
            }
        }
        panic!("the stand-in stayed busy");
    }

    fn game_after(moves: &[&str]) -> Game {
        let mut game = Game::new(Variant::International);
        for text in moves {
            let m = parse_move(game.position(), text).unwrap();
            game.play(&m).unwrap();
        }
        game
    }

    #[test]
    fn plays_a_move_from_the_position_it_is_sent() {
        let dir = fake_scan("none");
        let mut scan = start(&dir);
        assert_eq!(scan.name, "Fake 1.0");
        let (m, thought) = scan.best_move(&game_after(&["32-28"]), 200).unwrap();
        assert_eq!(draughts_rules::hub::move_to_hub(&m), "19-23");
        assert_eq!((thought.depth, thought.nodes, thought.score), (9, 4321, 12));
        let (m, thought) = scan.analyse(&game_after(&["32-28"]), 100).unwrap();
        assert_eq!(draughts_rules::hub::move_to_hub(&m), "19-23");
        assert_eq!(thought.map(|t| t.score), Some(12));
        let thought = scan
            .analyse_to_depth(game_after(&["32-28"]).position(), 12)
            .unwrap();
        assert_eq!(thought.map(|t| (t.depth, t.score)), Some((9, 12)));
        drop(scan);
        let log = std::fs::read_to_string(dir.join("log")).unwrap();
        let after = game_after(&["32-28"]);
        assert!(log.starts_with("hub \ninit \n"), "{log}");
        let sent = format!("pos {}\nping", position_v1(after.position()));
        assert!(log.contains(&sent), "{log}");
        // Black to move, in lower case; Black's twenty men first.
        assert!(
            sent.starts_with(&format!("pos b{}e", "b".repeat(20))),
            "{sent}"
        );
        assert!(log.contains("time 200\ngo \n"), "{log}");
        assert!(log.contains("time 100\nanalyse \npos "), "{log}");
        // The depth after the position (which resets Scan's limits), then the search.
        assert!(
            log.contains(&format!(
                "{sent_pos}\ndepth 12\ntime 3600000\nanalyse \nquit",
                sent_pos = sent.trim_end_matches("\nping")
            )),
            "{log}"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_refused_move_and_a_missing_program_are_errors_in_words() {
        let dir = fake_scan("46-41");
        let mut scan = start(&dir);
        // Kings shuffle after the last capture: those moves are sent one by one.
        let mut game = Game::from_fen("W:WK46:BK5", Variant::International).unwrap();
        let m = parse_move(game.position(), "46-41").unwrap();
        game.play(&m).unwrap();
        let e = scan.best_move(&game, 100).unwrap_err();
        assert!(
            e.contains("refused the game's moves: error illegal move"),
            "{e}"
        );
        drop(scan);
        std::fs::remove_dir_all(&dir).unwrap();
        let e = HubV1::start_scan(&dir).err().unwrap();
        assert!(e.starts_with("no Scan program at "), "{e}");
    }
}
