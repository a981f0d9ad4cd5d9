//! `draughts match`: engine against engine from balanced openings, colours swapped in pairs.
//!
//! ```text
//! draughts match --variant V --games N --a SPEC --b SPEC [--seed S] [--max-plies P]
//!                [--time-ms T] [--nodes N] [--move-time SEC] [--pdn FILE] [--quiet]
//! ```
//! SPEC is a level `1`–`6`, `random`, `greedy`, or `hub:COMMAND ARGS…` (an external engine
//! speaking the Hub protocol, e.g. `hub:./scan hub`). `--time-ms`/`--nodes` override the
//! thinking limits of levels 4–6; `--move-time` is what Hub engines get per move.
//! Games end by the rules (including the draw rules) or are drawn at the ply cap.

use crate::hub::{hub_variant_name, move_from_hub, move_to_hub, parse_line, position_to_hub};
use draughts::ai::{self, Engine, Level, Limits, Rng};
use draughts::game::{Game, PdnTags, Status};
use draughts::{Color, Move, Position, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

struct Options {
    variant: Variant,
    games: usize,
    a: String,
    b: String,
    seed: u64,
    max_plies: usize,
    time_ms: Option<f64>,
    nodes: Option<u64>,
    move_time: f64,
    pdn: Option<String>,
    quiet: bool,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        variant: Variant::International,
        games: 10,
        a: String::new(),
        b: String::new(),
        seed: 1,
        max_plies: 400,
        time_ms: None,
        nodes: None,
        move_time: 1.0,
        pdn: None,
        quiet: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--quiet" || a == "-q" {
            o.quiet = true;
            continue;
        }
        let v = it.next().ok_or_else(|| format!("{a} needs a value"))?;
        let num = |what: &str| format!("{a} {v:?}: expected {what}");
        match a.as_str() {
            "--variant" | "-v" => o.variant = v.parse().map_err(|e| format!("{e}"))?,
            "--games" | "-n" => o.games = v.parse().map_err(|_| num("a number of games"))?,
            "--a" => o.a = v.clone(),
            "--b" => o.b = v.clone(),
            "--seed" => o.seed = v.parse().map_err(|_| num("a number"))?,
            "--max-plies" => o.max_plies = v.parse().map_err(|_| num("a number of plies"))?,
            "--time-ms" => o.time_ms = Some(v.parse().map_err(|_| num("milliseconds"))?),
            "--nodes" => o.nodes = Some(v.parse().map_err(|_| num("a node count"))?),
            "--move-time" => o.move_time = v.parse().map_err(|_| num("seconds"))?,
            "--pdn" => o.pdn = Some(v.clone()),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    if o.a.is_empty() || o.b.is_empty() {
        return Err("--a and --b are required".to_owned());
    }
    if o.games == 0 {
        return Err("--games must be at least 1".to_owned());
    }
    Ok(o)
}

/// An external engine driven over the Hub protocol.
struct HubClient {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    name: String,
}

impl HubClient {
    fn start(command: &str, variant: Variant) -> Result<HubClient, String> {
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
                hub_variant_name(variant)
            ))?;
        }
        c.send("init")?;
        while c.read()?.0 != "ready" {}
        Ok(c)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
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

    fn best_move(&mut self, game: &Game, move_time: f64) -> Result<Move, String> {
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
        self.send(&format!("level move-time={move_time}"))?;
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

enum Player {
    Level(Level, Box<Engine>),
    Random,
    Greedy,
    Hub(HubClient),
}

impl Player {
    fn new(spec: &str, variant: Variant) -> Result<Player, String> {
        if let Some(cmd) = spec.strip_prefix("hub:") {
            return HubClient::start(cmd, variant).map(Player::Hub);
        }
        match spec {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            n => n
                .parse::<u8>()
                .ok()
                .and_then(Level::new)
                .map(|l| Player::Level(l, Box::new(Engine::new(32))))
                .ok_or_else(|| {
                    format!("player {spec:?}: expected 1-6, random, greedy or hub:COMMAND")
                }),
        }
    }

    fn name(&self, spec: &str) -> String {
        match self {
            Player::Level(l, _) => format!("level {} ({})", l.number(), l.name()),
            Player::Hub(h) => format!("hub {}", h.name),
            _ => spec.to_owned(),
        }
    }

    fn new_game(&mut self) -> Result<(), String> {
        match self {
            Player::Level(_, e) => e.clear(),
            Player::Hub(h) => h.send("new-game")?,
            _ => {}
        }
        Ok(())
    }

    fn choose(
        &mut self,
        game: &Game,
        rng: &mut Rng,
        opts: &Options,
        clock: &dyn Fn() -> f64,
    ) -> Result<Move, String> {
        let pos = game.position();
        let none = || "no legal move".to_owned();
        match self {
            Player::Random => ai::random_move(pos, rng).ok_or_else(none),
            Player::Greedy => ai::greedy_move(pos, rng).ok_or_else(none),
            Player::Hub(h) => h.best_move(game, opts.move_time),
            Player::Level(level, engine) => {
                let history = ai::game_history(game);
                let seed = rng.next_u64();
                if level.is_noisy() || (opts.time_ms.is_none() && opts.nodes.is_none()) {
                    return ai::choose_move(engine, pos, &history, *level, seed, Some(clock))
                        .ok_or_else(none);
                }
                let mut limits = level.limits(Some(clock));
                if opts.time_ms.is_some() {
                    limits.time_ms = opts.time_ms;
                }
                if opts.nodes.is_some() {
                    limits.nodes = opts.nodes;
                    limits.time_ms = opts.time_ms;
                }
                engine
                    .search(pos, &history, &limits)
                    .map(|r| r.best)
                    .ok_or_else(none)
            }
        }
    }
}

/// An opening for game pair `pair`: 2–4 random plies whose result a short search finds level.
fn opening(variant: Variant, seed: u64, pair: usize) -> Vec<Move> {
    let mut rng = Rng::new(seed.wrapping_mul(0x9E37).wrapping_add(pair as u64));
    let mut engine = Engine::new(2);
    let mut fallback = Vec::new();
    for attempt in 0..200 {
        let mut pos = Position::new(variant);
        let plies = 2 + rng.below(3);
        let mut line = Vec::new();
        for _ in 0..plies {
            let Some(m) = ai::random_move(&pos, &mut rng) else {
                break;
            };
            pos.play_unchecked(&m);
            line.push(m);
        }
        if attempt == 0 {
            fallback = line.clone();
        }
        let limits = Limits {
            depth: Some(6),
            ..Default::default()
        };
        if let Some(r) = engine.search(&pos, &[], &limits) {
            if r.score.abs() <= 35 {
                return line;
            }
        }
    }
    fallback
}

/// Runs the match. Returns the exit code.
pub fn run(args: &[String]) -> i32 {
    let opts = match parse_args(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!(
                "draughts match: {e}\nusage: draughts match --variant V --games N --a SPEC --b SPEC [--seed S] [--max-plies P] [--time-ms T] [--nodes N] [--move-time SEC] [--pdn FILE] [--quiet]"
            );
            return 2;
        }
    };
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let players = Player::new(&opts.a, opts.variant)
        .and_then(|a| Ok((a, Player::new(&opts.b, opts.variant)?)));
    let (mut pa, mut pb) = match players {
        Ok(p) => p,
        Err(e) => {
            eprintln!("draughts match: {e}");
            return 1;
        }
    };
    let (name_a, name_b) = (pa.name(&opts.a), pb.name(&opts.b));
    println!(
        "{} match, {} games: A = {name_a}, B = {name_b}",
        opts.variant, opts.games
    );
    let mut pdn_out = String::new();
    let (mut wins, mut draws, mut losses) = (0usize, 0usize, 0usize);
    let mut rng = Rng::new(opts.seed);
    let mut opening_moves = Vec::new();
    for g in 0..opts.games {
        if g % 2 == 0 {
            opening_moves = opening(opts.variant, opts.seed, g / 2);
        }
        let a_color = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut game = Game::new(opts.variant);
        for m in &opening_moves {
            game.play(m).expect("openings are played from legal moves");
        }
        if let Err(e) = pa.new_game().and_then(|_| pb.new_game()) {
            eprintln!("draughts match: {e}");
            return 1;
        }
        let mut capped = false;
        while !game.status().is_over() {
            if game.moves().len() >= opts.max_plies {
                capped = true;
                break;
            }
            let turn = game.position().turn();
            let player = if turn == a_color { &mut pa } else { &mut pb };
            let m = match player.choose(&game, &mut rng, &opts, &clock) {
                Ok(m) => m,
                Err(e) => {
                    eprintln!("draughts match: game {}: {e}", g + 1);
                    return 1;
                }
            };
            if let Err(e) = game.play(&m) {
                eprintln!("draughts match: game {}: illegal move: {e}", g + 1);
                return 1;
            }
        }
        let status = game.status();
        let (outcome, text) = match status {
            Status::Win { winner, .. } if winner == a_color => {
                wins += 1;
                ("A wins", status.to_string())
            }
            Status::Win { .. } => {
                losses += 1;
                ("B wins", status.to_string())
            }
            _ => {
                draws += 1;
                let why = if capped {
                    format!("draw (adjudicated at {} plies)", opts.max_plies)
                } else {
                    status.to_string()
                };
                ("draw", why)
            }
        };
        if !opts.quiet {
            let open: Vec<String> = opening_moves.iter().map(|m| m.to_string()).collect();
            println!(
                "game {:>3}: A plays {:<5}  opening {:<18} {:>3} plies  {outcome:<6} {text}",
                g + 1,
                a_color.name(),
                open.join(" "),
                game.moves().len()
            );
        }
        if opts.pdn.is_some() {
            let (w, b) = if a_color == Color::White {
                (&name_a, &name_b)
            } else {
                (&name_b, &name_a)
            };
            let tags = PdnTags {
                event: Some("draughts match".to_owned()),
                round: Some((g + 1).to_string()),
                white: Some(w.clone()),
                black: Some(b.clone()),
                ..Default::default()
            };
            pdn_out.push_str(&game.to_pdn(&tags));
            pdn_out.push('\n');
        }
    }
    let n = opts.games as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / n;
    // 95% interval from the spread of per-game scores (1, ½, 0).
    let var = (wins as f64 * (1.0 - score).powi(2)
        + draws as f64 * (0.5 - score).powi(2)
        + losses as f64 * score.powi(2))
        / n;
    let half = 1.96 * (var / n).sqrt();
    let elo = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
    let elo_text = if wins == opts.games || losses == opts.games {
        "Elo difference unbounded (no other result)".to_owned()
    } else {
        let (lo, hi) = ((score - half).max(1e-3), (score + half).min(1.0 - 1e-3));
        format!("Elo {:+.0} [{:+.0}, {:+.0}]", elo(score), elo(lo), elo(hi))
    };
    println!(
        "A {name_a} vs B {name_b}: +{wins} ={draws} -{losses}  score {:.1}% ± {:.1}% (95% CI {:.1}%–{:.1}%), {elo_text}",
        100.0 * score,
        100.0 * half,
        100.0 * (score - half).max(0.0),
        100.0 * (score + half).min(1.0),
    );
    if let Some(path) = &opts.pdn {
        if let Err(e) = std::fs::write(path, pdn_out) {
            eprintln!("draughts match: cannot write {path}: {e}");
            return 1;
        }
    }
    0
}
