//! `sow play [FILE]`: play in the terminal, against a person or the computer.

use std::io::{self, BufRead as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use std::io::IsTerminal as _;
use std::time::Duration;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};

use sow::Game;
use sow::ai::AgentSpec;
use sow::engine::{ByPlayer, Hole, Player, Rules};
use sow::record::{RecordError, write_record_annotated};
use sow::session::{
    Controller, HINT, narrate, pending, record_tags, team_member, touched, turn_index, undo_to_human,
};

use super::load::{compile, describe, read_rules};
use super::replay::load_record;
use super::{Failure, Outcome, RulesOptions};

/// Play a game in the terminal. Type a hole such as `b3` to sow from it, and after a capture
/// the holes to strip (`d1`), or a whole turn at once (`b3 x d1 d1`). Type `help` in the game
/// for the commands.
#[derive(Args, Debug)]
#[command(
    after_help = "Players: human, random, greedy, alphabeta:DEPTH, alphabeta:TIME, mcts:PLAYOUTS, mcts:TIME\n(TIME like 500ms or 2s), or a level: easy, medium, hard.\n\nExamples:\n  sow play                                  you (South) against a medium computer\n  sow play --level hard --param columns=36  a strong computer on a 4×36 board\n  sow play --south human --north mcts:2s    the computer thinks 2 s a decision\n  sow play --south random --north greedy    watch two computer players\n  sow play --south-team \"Ama,Kofi,Esi\"      a team takes turns at South\n  sow play rules/mygame.sow --record game.txt\n  sow play --load game.txt                  continue a saved game"
)]
pub struct PlayArgs {
    /// The rules file (a path, or the name of a bundled rules file); by default the rules
    /// embedded in sow.
    #[arg(value_name = "FILE")]
    file: Option<String>,
    /// Who plays South (moves first): `human` or a computer player [default: human].
    #[arg(long, value_name = "PLAYER")]
    south: Option<Controller>,
    /// Who plays North: `human` or a computer player [default: the --level computer].
    #[arg(long, value_name = "PLAYER")]
    north: Option<Controller>,
    /// How strong the computer is where --south/--north do not say: easy (greedy), medium
    /// (MCTS, ½ s a decision), hard (MCTS, 2 s).
    #[arg(long, value_enum, default_value_t = Level::Medium)]
    level: Level,
    /// Names of the people playing South as a team, taking turns in this order.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    south_team: Vec<String>,
    /// Names of the people playing North as a team.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    north_team: Vec<String>,
    /// Seed for the computer players (by default, different every game).
    #[arg(long)]
    seed: Option<u64>,
    /// Save the game to this record file after every turn.
    #[arg(long, value_name = "RECORD")]
    record: Option<PathBuf>,
    /// Continue the game saved in this record.
    #[arg(long, value_name = "RECORD")]
    load: Option<String>,
    /// Stop a game still going after this many decisions (counted from its start) and leave
    /// it unfinished: a bound for computer players on rules where a game may never end.
    #[arg(long, value_name = "N", default_value_t = sow::analysis::simulate::SimConfig::MAX_PLIES)]
    max_plies: u32,
    #[command(flatten)]
    options: RulesOptions,
}

/// The computer's strength where a side's player is not given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Level {
    /// Greedy: takes the most seeds it can at once.
    Easy,
    /// MCTS, half a second a decision.
    Medium,
    /// MCTS, two seconds a decision.
    Hard,
}

impl Level {
    fn spec(self) -> AgentSpec {
        let name = match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        };
        AgentSpec::level(name).expect("a known level")
    }
}

const HELP: &str = "\
Commands:
  b3            sow from hole b3 (row letter from South's outer row, column from South's left)
  b3 x d1 d1    a whole turn: the sowing, then the picks of its capture
  d1            after a capture, pick from hole d1 (one seed of a strip, or a whole extra hole)
  moves         list the legal decisions now
  hint          ask the computer what it would play here
  board         show the board again
  undo          take back your last turn (and the computer's reply)
  resign        give up the game
  help          show this help
  quit          stop playing";

pub fn run(args: PlayArgs) -> Outcome {
    let (text, options, record) = match &args.load {
        Some(path) => {
            let (record, options, text, source) = load_record(path, args.file.as_deref(), &args.options)?;
            (text, options, Some((record, source, path.clone())))
        }
        None => (read_rules(args.file.as_deref())?, args.options.clone(), None),
    };
    let rules = compile(&text, &options)?;
    let mut game = match &record {
        Some((record, source, path)) => record.replay(&rules).map_err(|problem| {
            Failure::from(RecordError { src: miette::NamedSource::new(path, source.clone()), problem })
        })?,
        None => Game::new(&rules),
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    let controllers = ByPlayer {
        south: args.south.unwrap_or(Controller::Human),
        north: args.north.unwrap_or(Controller::Computer(args.level.spec())),
    };
    let spec = |p: Player| match controllers[p] {
        Controller::Computer(spec) => spec,
        Controller::Human => AgentSpec::Random,
    };
    let mut agents = ByPlayer {
        south: spec(Player::South).build(seed),
        north: spec(Player::North).build(seed.wrapping_add(1)),
    };
    let teams = ByPlayer { south: args.south_team.clone(), north: args.north_team.clone() };
    let colour = Colour::detect();
    let tags = record_tags(&rules, &text.record_name, &controllers, &teams);
    let member = |turn_index: usize, player: Player| team_member(&teams, turn_index, player);
    let save = |game: &Game<'_>| -> Result<(), Failure> {
        match &args.record {
            Some(path) => {
                let text = write_record_annotated(game, &tags, |i, p| {
                    member(i, p).map(|name| format!("{p}: {name}"))
                });
                save_atomically(path, &text)
            }
            None => Ok(()),
        }
    };

    println!("{} — {} rows × {} holes.", describe(&rules), rules.rows(), rules.columns());
    for p in Player::BOTH {
        let rows: Vec<String> = rules.row_letters(p).iter().map(char::to_string).collect();
        let who = match (controllers[p], &teams[p][..]) {
            (Controller::Human, []) => "you".to_string(),
            (Controller::Human, names) => format!("the team {}", names.join(", ")),
            (Controller::Computer(spec), _) => format!(
                "the computer ({spec}, seed {})",
                if p == Player::South { seed } else { seed.wrapping_add(1) }
            ),
        };
        println!("{p} (rows {}): {who}", rows.join(" and "));
    }
    if controllers.south == Controller::Human || controllers.north == Controller::Human {
        println!("Type a hole such as `b3` to sow from it, or `help` for the commands.");
    }
    println!();
    print!("{}", colour.picture(&rules.picture(game.state())));

    // Saved before the first turn too, so that a record that cannot be written stops the
    // game before anyone plays.
    save(&game)?;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut last_turn: Vec<Hole> = Vec::new();
    let mut announced = false;
    loop {
        if let Some(outcome) = game.outcome() {
            // A board shown after the last turn already says how the game ended.
            if !announced {
                println!("{}", colour.bold(&format!("Game over: {outcome}.")));
            }
            save(&game)?;
            return Ok(ExitCode::SUCCESS);
        }
        let plies: usize = game.turns().iter().map(|t| t.moves.len()).sum();
        if plies >= args.max_plies as usize {
            println!("Stopped: the game is unfinished after {plies} decisions (--max-plies).");
            save(&game)?;
            return Ok(ExitCode::SUCCESS);
        }
        let me = game.state().to_move();
        if let Controller::Computer(spec) = controllers[me] {
            let mut moves = Vec::new();
            let mut effects = Vec::new();
            let mut reports = Vec::new();
            let turn = game.state().turn();
            loop {
                let legal = game.legal_moves();
                let mv = thinking(&format!("{me} ({spec}) is thinking"), || {
                    agents[me].choose(&rules, game.state(), &legal)
                });
                reports.extend(agents[me].report().filter(|r| r != "the only legal decision"));
                effects
                    .push(game.play(mv).map_err(|e| {
                        Failure::Message(format!("the computer played an illegal move: {e}"))
                    })?);
                moves.push(mv);
                if game.state().turn() != turn || game.outcome().is_some() {
                    break;
                }
            }
            println!();
            println!(
                "{} {}",
                colour.bold(&format!("{me} plays {}.", rules.turn_text(&moves))),
                narrate(&rules, me, &moves, &effects)
            );
            if let Some(report) = reports.first() {
                println!("{}", colour.dim(&format!("  ({spec}: {report})")));
            }
            last_turn = touched(&moves);
            print!("{}", colour.picture(&rules.picture_marked(game.state(), &last_turn)));
            announced = game.outcome().is_some();
            save(&game)?;
            continue;
        }

        let who = member(turn_index(&game), me).map(|name| format!(" ({name})")).unwrap_or_default();
        print!("{}", prompt(&rules, &game, &who));
        io::stdout().flush().ok();
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => {
                println!();
                println!("Input ended; stopping.");
                save(&game)?;
                return Ok(ExitCode::SUCCESS);
            }
            Ok(_) => {}
            Err(e) => return Err(Failure::Message(format!("cannot read the terminal: {e}"))),
        }
        let line = line.trim();
        match line.to_ascii_lowercase().as_str() {
            "" => continue,
            "help" | "?" | "h" => println!("{HELP}"),
            "board" | "b" => print!("{}", colour.picture(&rules.picture_marked(game.state(), &last_turn))),
            "hint" => {
                let legal = game.legal_moves();
                let mut adviser = HINT.build(seed ^ u64::from(game.state().turn()));
                let mv = thinking("thinking about a hint", || adviser.choose(&rules, game.state(), &legal));
                let why = adviser.report().map(|r| format!(" ({HINT}: {r})")).unwrap_or_default();
                println!("Hint: {}{}", colour.bold(&rules.move_text(mv)), colour.dim(&why));
            }
            "moves" | "m" => {
                let moves: Vec<String> = game.legal_moves().iter().map(|&m| rules.move_text(m)).collect();
                println!("Legal now: {}", moves.join(" "));
            }
            "quit" | "exit" | "q" => {
                save(&game)?;
                println!("Stopped.");
                return Ok(ExitCode::SUCCESS);
            }
            "resign" => {
                game.resign();
            }
            "undo" | "u" => {
                if undo_to_human(&mut game, &controllers) {
                    last_turn.clear();
                    print!("{}", colour.picture(&rules.picture(game.state())));
                    save(&game)?;
                } else {
                    println!("There is nothing to undo.");
                }
            }
            _ => {
                let turn = game.state().turn();
                let played = play_words(&rules, &mut game, line);
                let turn_done = game.state().turn() != turn || game.outcome().is_some();
                if let (Some(turn), true) = (game.turns().last(), played > 0 && turn_done) {
                    last_turn = touched(&turn.moves);
                    print!("{}", colour.picture(&rules.picture_marked(game.state(), &last_turn)));
                    announced = game.outcome().is_some();
                }
                if played > 0 {
                    save(&game)?;
                }
            }
        }
    }
}

/// Run `work` with a spinner on the terminal (none when standard error is not one).
fn thinking<T>(message: &str, work: impl FnOnce() -> T) -> T {
    if !io::stderr().is_terminal() {
        return work();
    }
    let spinner = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg}…") {
        spinner.set_style(style);
    }
    spinner.set_message(message.to_string());
    spinner.enable_steady_tick(Duration::from_millis(100));
    let out = work();
    spinner.finish_and_clear();
    out
}

/// Terminal colours, off when standard output is not a terminal or `NO_COLOR` is set.
#[derive(Clone, Copy, Debug)]
struct Colour {
    on: bool,
}

impl Colour {
    fn detect() -> Colour {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Colour { on: !no_color && io::stdout().is_terminal() }
    }

    fn paint(&self, style: anstyle::Style, text: &str) -> String {
        if self.on { format!("{}{text}{}", style.render(), style.render_reset()) } else { text.to_string() }
    }

    fn bold(&self, text: &str) -> String {
        self.paint(anstyle::Style::new().bold(), text)
    }

    fn dim(&self, text: &str) -> String {
        self.paint(anstyle::Style::new().dimmed(), text)
    }

    /// A board picture with the holes the last turn touched (marked `*`) highlighted.
    fn picture(&self, picture: &str) -> String {
        if !self.on {
            return picture.to_string();
        }
        let highlight = anstyle::Style::new().bold().fg_color(Some(anstyle::AnsiColor::Yellow.into()));
        let mut out = String::with_capacity(picture.len() * 2);
        for line in picture.split_inclusive('\n') {
            let mut rest = line;
            while let Some(star) = rest.find('*') {
                // The marked count is the run of digits just before the `*`.
                let digits = rest[..star].trim_end_matches(|c: char| c.is_ascii_digit());
                out.push_str(digits);
                out.push_str(&self.paint(highlight, &rest[digits.len()..star]));
                out.push(' ');
                rest = &rest[star + 1..];
            }
            out.push_str(rest);
        }
        out
    }
}

/// The prompt for the player to move: whose turn (and which team member's), and what is owed
/// during a capture or a paused sowing.
fn prompt(rules: &Rules, game: &Game<'_>, who: &str) -> String {
    let me = game.state().to_move();
    match pending(rules, game.state()) {
        None => format!("{me}{who} to move> "),
        Some(owed) => format!("{me}{who}, {owed}> "),
    }
}

/// Play the decisions typed on one line, one by one, stopping at the first that is wrong.
/// Returns how many were played.
fn play_words(rules: &Rules, game: &mut Game<'_>, line: &str) -> usize {
    let words = Rules::turn_words(line);
    let mut played = 0;
    let turn = game.state().turn();
    for word in &words {
        if game.outcome().is_some() {
            break;
        }
        if played > 0 && game.state().turn() != turn {
            println!("The turn ended before `{word}`; the rest of the line was not played.");
            break;
        }
        let me = game.state().to_move();
        let mv = match rules.parse_move(game.state(), word) {
            Ok(mv) => mv,
            Err(e) => {
                println!(
                    "{}. Type `help` for the commands, `moves` for the legal ones.",
                    sentence(&e.to_string())
                );
                break;
            }
        };
        match game.play(mv) {
            Ok(effect) => {
                played += 1;
                println!("{}", narrate(rules, me, &[mv], &[effect]));
            }
            Err(e) => {
                println!("Not allowed: {e}.");
                break;
            }
        }
    }
    played
}

/// The text with its first letter in capitals.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Write a file by writing a temporary file beside it and renaming it into place, so that a
/// killed process never leaves a half-written record.
fn save_atomically(path: &Path, text: &str) -> Result<(), Failure> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| Failure::Message(format!("cannot save the record to `{}`: {e}", path.display())))
}
