//! `sow play [FILE]`: play in the terminal, against a person or the computer.

use std::io::{self, BufRead as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use sow::Game;
use sow::ai::{Agent, RandomAgent};
use sow::engine::{ByPlayer, Effect, Hole, Move, Phase, Player, Rules};
use sow::record::{RecordError, write_record};

use super::load::{compile, describe, read_rules};
use super::replay::load_record;
use super::{Failure, Outcome, RulesOptions};

/// Play a game in the terminal. Type a hole such as `b3` to sow from it, and after a capture
/// the holes to strip (`d1`), or a whole turn at once (`b3 x d1 d1`). Type `help` in the game
/// for the commands.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow play                                  you (South) against the random player\n  sow play --param columns=36               on a 4×36 board\n  sow play --south random --north random    watch two random players\n  sow play rules/mygame.sow --record game.txt\n  sow play --load game.txt                  continue a saved game"
)]
pub struct PlayArgs {
    /// The rules file (a path, or the name of a bundled rules file); by default the rules
    /// embedded in sow.
    #[arg(value_name = "FILE")]
    file: Option<String>,
    /// Who plays South (moves first).
    #[arg(long, value_enum, default_value_t = Controller::Human)]
    south: Controller,
    /// Who plays North.
    #[arg(long, value_enum, default_value_t = Controller::Random)]
    north: Controller,
    /// Seed for the computer players (by default, different every game).
    #[arg(long)]
    seed: Option<u64>,
    /// Save the game to this record file after every turn.
    #[arg(long, value_name = "RECORD")]
    record: Option<PathBuf>,
    /// Continue the game saved in this record.
    #[arg(long, value_name = "RECORD")]
    load: Option<String>,
    #[command(flatten)]
    options: RulesOptions,
}

/// Who makes a side's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Controller {
    /// A person typing at the terminal.
    Human,
    /// The computer, choosing uniformly at random.
    Random,
}

const HELP: &str = "\
Commands:
  b3            sow from hole b3 (row letter from South's outer row, column from South's left)
  b3 x d1 d1    a whole turn: the sowing, then the picks of its capture
  d1            after a capture, pick from hole d1 (one seed of a strip, or a whole extra hole)
  moves         list the legal decisions now
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
    let controllers = ByPlayer { south: args.south, north: args.north };
    let mut agents =
        ByPlayer { south: RandomAgent::new(seed), north: RandomAgent::new(seed.wrapping_add(1)) };
    let mut tags: Vec<(&str, String)> =
        vec![("Game", rules.meta().name.clone()), ("Rules", text.record_name.clone())];
    if let Some(r) = &rules.meta().ruleset {
        tags.push(("Ruleset", r.clone()));
    }
    let params: Vec<String> = rules.params().iter().map(|p| format!("{}={}", p.name, p.value)).collect();
    if !params.is_empty() {
        tags.push(("Params", params.join(",")));
    }
    for p in Player::BOTH {
        tags.push((
            if p == Player::South { "South" } else { "North" },
            controller_name(controllers[p]).to_string(),
        ));
    }
    let save = |game: &Game<'_>| -> Result<(), Failure> {
        match &args.record {
            Some(path) => save_atomically(path, &write_record(game, &tags)),
            None => Ok(()),
        }
    };

    println!("{} — {} rows × {} holes.", describe(&rules), rules.rows(), rules.columns());
    for p in Player::BOTH {
        let rows: Vec<String> = rules.row_letters(p).iter().map(char::to_string).collect();
        let who = match controllers[p] {
            Controller::Human => "you".to_string(),
            Controller::Random => format!(
                "the computer (random, seed {})",
                if p == Player::South { seed } else { seed.wrapping_add(1) }
            ),
        };
        println!("{p} (rows {}): {who}", rows.join(" and "));
    }
    if controllers.south == Controller::Human || controllers.north == Controller::Human {
        println!("Type a hole such as `b3` to sow from it, or `help` for the commands.");
    }
    println!();
    print!("{}", rules.picture(game.state()));

    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut last_turn: Vec<Hole> = Vec::new();
    loop {
        if let Some(outcome) = game.outcome() {
            println!("Game over: {outcome}.");
            save(&game)?;
            return Ok(ExitCode::SUCCESS);
        }
        let me = game.state().to_move();
        if controllers[me] == Controller::Random {
            let mut moves = Vec::new();
            let mut effects = Vec::new();
            let turn = game.state().turn();
            loop {
                let legal = game.legal_moves();
                let mv = agents[me].choose(&rules, game.state(), &legal);
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
            println!("{me} plays {}. {}", rules.turn_text(&moves), narrate(&rules, me, &moves, &effects));
            last_turn = touched(&moves);
            print!("{}", rules.picture_marked(game.state(), &last_turn));
            save(&game)?;
            continue;
        }

        print!("{}", prompt(&rules, &game));
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
            "board" | "b" => print!("{}", rules.picture_marked(game.state(), &last_turn)),
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
                    print!("{}", rules.picture(game.state()));
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
                    print!("{}", rules.picture_marked(game.state(), &last_turn));
                }
                if played > 0 {
                    save(&game)?;
                }
            }
        }
    }
}

fn controller_name(c: Controller) -> &'static str {
    match c {
        Controller::Human => "human",
        Controller::Random => "random",
    }
}

/// The prompt for the player to move: whose turn, and what is owed during a capture.
fn prompt(rules: &Rules, game: &Game<'_>) -> String {
    let me = game.state().to_move();
    match game.state().phase() {
        Phase::Sow => format!("{me} to move> "),
        Phase::LapChoice(c) => format!("{me}, stop at {} or relay> ", rules.hole_name(c.at)),
        Phase::Pick(p) => {
            let follow_up = &rules.captures()[p.capture as usize].follow_ups[p.step as usize];
            let what = match follow_up {
                sow::engine::rules::FollowUp::Strip { .. } => {
                    if p.remaining == 1 {
                        "1 seed".to_string()
                    } else {
                        format!("{} seeds", p.remaining)
                    }
                }
                sow::engine::rules::FollowUp::ExtraHoles { .. } => {
                    if p.remaining == 1 {
                        "1 hole".to_string()
                    } else {
                        format!("{} holes", p.remaining)
                    }
                }
            };
            format!("{me}, take {what} from {}'s side> ", me.other())
        }
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

/// What a turn (or part of one) did, in words.
fn narrate(rules: &Rules, me: Player, moves: &[Move], effects: &[Effect]) -> String {
    let mut parts = Vec::new();
    let mut picks = Vec::new();
    for (&mv, effect) in moves.iter().zip(effects) {
        match mv {
            Move::Sow(h) | Move::SowDirection(h, _) => {
                let laps =
                    if effect.laps == 1 { "1 lap".to_string() } else { format!("{} laps", effect.laps) };
                let last = effect.last.map(|l| rules.hole_name(l)).unwrap_or_default();
                let mut s = format!(
                    "{me} sows {}: {laps}, {} seeds sown, the last in {last}",
                    rules.hole_name(h),
                    effect.sown
                );
                if !effect.taken.is_empty() {
                    let taken: Vec<String> = effect
                        .taken
                        .iter()
                        .map(|(hole, n)| format!("{n} from {}", rules.hole_name(*hole)))
                        .collect();
                    s.push_str(&format!("; captures {}", taken.join(" and ")));
                }
                parts.push(s);
            }
            Move::Pick(h) => picks.push(rules.hole_name(h)),
            Move::Stop => picks.push("stop".to_string()),
            Move::Relay => parts.push(format!("{me} relays on")),
            Move::Transfer(a, b) => {
                parts.push(format!("{me} moves seeds from {} to {}", rules.hole_name(a), rules.hole_name(b)))
            }
            Move::Mark(h) => parts.push(format!("{me} marks {}", rules.hole_name(h))),
            Move::Pass => parts.push(format!("{me} cannot move and passes")),
        }
    }
    if !picks.is_empty() {
        let who = if parts.is_empty() { format!("{me} takes") } else { "takes".to_string() };
        parts.push(format!("{who} {}", picks.join(", ")));
    }
    let mut text = parts.join("; ");
    text.push('.');
    text
}

/// The holes a turn touched directly (its origin and picks), to mark on the board.
fn touched(moves: &[Move]) -> Vec<Hole> {
    moves
        .iter()
        .filter_map(|m| match m {
            Move::Sow(h) | Move::SowDirection(h, _) | Move::Pick(h) | Move::Mark(h) => Some(*h),
            Move::Transfer(a, _) => Some(*a),
            _ => None,
        })
        .collect()
}

/// Undo turns until a human is at the start of a turn again (at least one turn).
fn undo_to_human(game: &mut Game<'_>, controllers: &ByPlayer<Controller>) -> bool {
    if !game.undo() {
        return false;
    }
    while controllers[game.state().to_move()] != Controller::Human {
        if !game.undo() {
            break;
        }
    }
    true
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
