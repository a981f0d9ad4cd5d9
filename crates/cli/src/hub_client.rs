//! A client of the Hub protocol that `draughts hub` speaks (`pos`, `level`, `go think` →
//! `done move=…`), for `draughts match --a hub:COMMAND`: another engine, or another build of
//! this program.

use draughts_rules::game::Game;
use draughts_rules::hub::{move_from_hub, move_to_hub, parse_line, position_to_hub};
use draughts_rules::{Move, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// An external engine driven over the Hub protocol.
pub struct HubClient {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// Its name, from its `id` line.
    pub name: String,
}

impl HubClient {
    /// Starts `command` and sets the variant (an engine that declares no variant parameter
    /// plays International only).
    ///
    /// # Errors
    /// It does not start or does not answer the handshake.
    pub fn start(command: &str, variant: Variant) -> Result<HubClient, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("hub: needs a command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut c = HubClient {
            child,
            input,
            output,
            name: command.to_owned(),
        };
        c.send("hub")?;
        let mut has_variant = false;
        loop {
            let (cmd, args) = c.read()?;
            match cmd.as_str() {
                "id" => {
                    if let Some((_, n)) = args.iter().find(|(k, _)| k == "name") {
                        c.name = n.clone();
                    }
                }
                "param" => has_variant |= args.iter().any(|(k, v)| k == "name" && v == "variant"),
                "wait" => break,
                _ => {}
            }
        }
        if variant != Variant::International {
            if !has_variant {
                return Err(format!("{command:?} declares no variant parameter"));
            }
            c.send(&format!(
                "set-param name=variant value={}",
                variant.hub_name()
            ))?;
        }
        c.send("init")?;
        while c.read()?.0 != "ready" {}
        Ok(c)
    }

    /// Sends one line.
    ///
    /// # Errors
    /// The engine has closed its input.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    fn read(&mut self) -> Result<(String, Vec<(String, String)>), String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err(format!("{} closed its output", self.name)),
            Ok(_) => Ok(parse_line(&line)),
            Err(e) => Err(format!("{}: {e}", self.name)),
        }
    }

    /// The engine's move in `game`, given `move_time` seconds or a budget of `nodes`.
    ///
    /// # Errors
    /// The engine closes, reports an error or names no legal move.
    pub fn best_move(
        &mut self,
        game: &Game,
        move_time: f64,
        nodes: Option<u64>,
    ) -> Result<Move, String> {
        // Send the position at the last irreversible move and the king moves since, so the
        // engine can see repetitions.
        let positions = game.positions();
        let moves = game.moves();
        let mut first = moves.len();
        while first > 0 {
            let (before, m) = (&positions[first - 1], &moves[first - 1]);
            if m.is_capture() || !before.kings().contains(before.geometry().bit(m.from())) {
                break;
            }
            first -= 1;
        }
        let mut line = format!("pos pos={}", position_to_hub(&positions[first]));
        if first < moves.len() {
            let list: Vec<String> = moves[first..].iter().map(move_to_hub).collect();
            line.push_str(&format!(" moves=\"{}\"", list.join(" ")));
        }
        self.send(&line)?;
        match nodes {
            Some(n) => self.send(&format!("level nodes={n}"))?,
            None => self.send(&format!("level move-time={move_time}"))?,
        }
        self.send("go think")?;
        loop {
            let (cmd, args) = self.read()?;
            match cmd.as_str() {
                "done" => {
                    let text = args
                        .iter()
                        .find(|(k, _)| k == "move")
                        .map(|(_, v)| v.clone())
                        .unwrap_or_default();
                    return move_from_hub(game.position(), &text)
                        .map_err(|e| format!("{}: {e}", self.name));
                }
                "error" => return Err(format!("{}: {args:?}", self.name)),
                _ => {}
            }
        }
    }
}

impl Drop for HubClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}
