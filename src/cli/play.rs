//! `sow play [FILE]`: play in the terminal, against a person or the computer.

use std::io::{self, BufRead as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use std::io::IsTerminal as _;
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use sow::Game;
use sow::ai::AgentSpec;
use sow::engine::TurnError;
use sow::engine::{ByPlayer, Chosen, Hole, Player, Rules};
use sow::record::{RecordError, write_record_annotated};
use sow::session::{
    Controller, HINT, LEVELS, narrate_played, pending, readable_report, record_tags, team_member, took_back,
    touched, turn_index, undo_to_human,
};

use super::load::{compile, describe, read_rules};
use super::output::{self, out, outln};
use super::replay::load_record;
use super::{Failure, Outcome, RulesOptions};

/// Play a game in the terminal. Type a hole such as `b3` to sow from it, and after a capture
/// the holes to strip (`d1`), or a whole turn at once (`b3 x d1 d1`). Type `help` in the game
/// for the commands.
#[derive(Args, Debug)]
#[command(
    after_help = "Players: human, random, greedy, alphabeta:DEPTH, alphabeta:TIME, mcts:PLAYOUTS, mcts:TIME\n(TIME like 500ms or 2s), or a level: easy, medium, hard.\n\nExamples:\n  sow play                                  you (South) against a medium computer\n  sow play --level hard --param columns=36  a strong computer on a 4×36 board\n  sow play --south human --north mcts:2s    the computer thinks 2 s a decision\n  sow play --south random --north greedy    watch two computer players\n  sow play quendo --seat east=human         play East at a table of four\n  sow play --south-team \"Ama,Kofi,Esi\"      a team takes turns at South\n  sow play rules/mygame.sow --record game.txt\n  sow play --load game.txt                  continue a saved game\n  sow play kalah --north hard+endgame --endgame-db kalah-12h-14seeds.sowdb\n                                            perfect play and hints late in the game"
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
    /// Who plays a seat by its name, at any table (repeatable): `--seat east=random`,
    /// `--seat player3=greedy`. The seats are south and north at two, south, east, north and
    /// west at four, player1, player2, … otherwise; `--south` is the first seat at any table.
    #[arg(long = "seat", value_name = "SEAT=PLAYER", value_parser = parse_seat)]
    seat: Vec<(String, Controller)>,
    /// How strong the computer is where --south/--north do not say.
    #[arg(long, default_value = "medium", value_name = "LEVEL", help = level_help(),
          value_parser = clap::builder::PossibleValuesParser::new(LEVELS))]
    level: String,
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
    /// An endgame database of these rules (built by `sow solve FILE --endgame N`): `hint`
    /// and `hard+endgame` players play the positions it covers perfectly, and `hint` says
    /// their value.
    #[arg(long, value_name = "FILE")]
    endgame_db: Option<PathBuf>,
    #[command(flatten)]
    options: RulesOptions,
}

/// The help of `--level`: what each level is, as [`AgentSpec::level`] says.
fn level_help() -> String {
    let levels: Vec<String> = LEVELS
        .iter()
        .filter_map(|&name| AgentSpec::level(name).map(|spec| format!("{name} = {}", agent_words(spec))))
        .collect();
    format!("How strong the computer is where --south/--north do not say: {}", levels.join("; "))
}

/// An agent in words, with the spec that names it: `mcts:500ms (Monte Carlo tree search, 500 ms
/// a decision)`.
pub(super) fn agent_words(spec: AgentSpec) -> String {
    use sow::ai::Budget;
    let budget = |b: Budget, unit: &str| match b {
        Budget::Count(n) => format!("{n} {unit} a decision"),
        Budget::Time(t) if t.subsec_millis() == 0 => format!("{} s a decision", t.as_secs()),
        Budget::Time(t) => format!("{} ms a decision", t.as_millis()),
    };
    let words = match spec {
        AgentSpec::Random => "a random legal decision".to_string(),
        AgentSpec::Greedy => "the best balance of seeds right after its decision".to_string(),
        AgentSpec::AlphaBeta(b) => format!("alpha-beta search, {}", budget(b, "plies deep")),
        AgentSpec::Mcts(b) => format!("Monte Carlo tree search, {}", budget(b, "playouts")),
        AgentSpec::Strongest(t) => format!(
            "the stronger search on the game: alpha-beta, or MCTS where the rules file says `computer mcts`, {}",
            budget(Budget::Time(t), "")
        ),
        AgentSpec::StrongestEndgame(t) => format!(
            "the stronger search on the game, {}, perfect where the endgame database (--endgame-db) covers the position",
            budget(Budget::Time(t), "")
        ),
    };
    format!("{spec} ({words})")
}

/// The terminal's `help`: the notation these rules use, with examples on `player`'s rows,
/// then the commands.
fn help(rules: &Rules, player: Player) -> String {
    let kinds = rules.decision_kinds();
    let own = rules.row_letters(player);
    let theirs = rules.row_letters(player.other());
    let (outer, inner) = (own[0], own[own.len() - 1]);
    let column = rules.columns().min(3);
    let far = rules.columns().min(4);
    let sow = format!("{inner}{column}");
    let pick = format!("{}1", theirs[0]);
    let mut lines = vec![
        "Decisions (a line is played whole, or not at all):".to_string(),
        format!(
            "  {sow:<13} sow from hole {sow} (row letter from South's outer row, column from South's left)"
        ),
    ];
    let mut line = |example: String, text: &str| lines.push(format!("  {example:<13} {text}"));
    if kinds.picks {
        line(format!("{sow} x {pick} {pick}"), "a whole turn: the sowing, then the picks of its capture");
        line(pick.clone(), "after a capture, pick from that hole (a seed of a strip, or a whole extra hole)");
    }
    if kinds.move_again {
        line(
            format!("{sow} {inner}1"),
            "when a sowing gives you another move, the next sowing (on the same line or the next)",
        );
    }
    if let Some(chosen) = kinds.directions {
        let kept = match chosen {
            Chosen::EachTurn => "for this sowing and its relays",
            _ => "the direction is yours for the game",
        };
        line(format!("{sow}:cw"), &format!("sow {sow} clockwise (`{sow}:ccw` anticlockwise): {kept}"));
    }
    for (opening, mark) in &kinds.marks {
        line(
            format!("+{outer}1"),
            &format!(
                "mark hole {outer}1 as a {mark} hole (in the opening \"{opening}\"; there `{outer}1` does the same)"
            ),
        );
    }
    for opening in &kinds.transfers {
        line(
            format!("{inner}2-{outer}{far}"),
            &format!("move seeds from {inner}2 to {outer}{far} (in the opening \"{opening}\")"),
        );
    }
    for opening in &kinds.empties {
        line(format!("{inner}2"), &format!("empty your hole {inner}2 (in the opening \"{opening}\")"));
    }
    if kinds.lift {
        line(
            format!("{sow} 4"),
            &format!("lift 4 seeds of {sow} and sow them (after the hole, the number of its seeds to lift)"),
        );
    }
    if kinds.put {
        let end = format!("{inner}{}", rules.columns());
        line(
            format!("{sow} {end}"),
            &format!(
                "after a capture whose seeds go into a hole of your choice, that hole ({end}: the prompt names those offered)"
            ),
        );
    }
    if kinds.lap_choice {
        line("stop".to_string(), "end the sowing where a lap paused (the prompt says when it may stop)");
        line("relay".to_string(), "lift that hole and sow on instead");
    }
    if kinds.pass {
        line(
            "pass".to_string(),
            "when you have no other legal decision, or where an opening lets you pass: your turn passes",
        );
    }
    lines.push("Commands:".to_string());
    for (command, text) in [
        ("moves", "list the legal decisions now"),
        ("hint", "ask the computer what it would play here"),
        ("board", "show the board again"),
        ("undo", "take back your last turn (and the computer's reply)"),
        ("resign", "give up the game"),
        ("help", "show this help"),
        ("quit", "stop playing"),
    ] {
        lines.push(format!("  {command:<13} {text}"));
    }
    lines.join("\n")
}

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
    // `--seat` names any seat; `--south` is the first seat and `--north` the seat of that
    // name; the others are the computer at `--level`.
    let level = Controller::Computer(AgentSpec::level(&args.level).expect("clap accepts only the levels"));
    let words: Vec<&str> = rules.players().map(|p| p.word()).collect();
    for (seat, _) in &args.seat {
        if !words.contains(&seat.as_str()) {
            return Err(Failure::Message(format!(
                "--seat {seat}=…: no seat of that name at this table of {}; the seats are {}",
                rules.seats(),
                words.join(", ")
            )));
        }
    }
    if args.north.is_some() && !words.contains(&"north") {
        return Err(Failure::Message(format!(
            "--north: a table of {} has no North; name the seats with --seat ({})",
            rules.seats(),
            words.join(", ")
        )));
    }
    let controllers = ByPlayer::for_seats(rules.seats(), |p| {
        match args.seat.iter().rev().find(|(seat, _)| seat == p.word()) {
            Some(&(_, controller)) => controller,
            None if p.index() == 0 => args.south.unwrap_or(Controller::Human),
            None if p.word() == "north" => args.north.unwrap_or(level),
            None => level,
        }
    });
    let computers: Vec<AgentSpec> = (rules.players())
        .filter_map(|p| match controllers[p] {
            Controller::Computer(spec) => Some(spec),
            Controller::Human => None,
        })
        .collect();
    super::matches::register_endgame(args.endgame_db.as_deref(), &rules, &computers)?;
    let spec = |p: Player| match controllers[p] {
        Controller::Computer(spec) => spec,
        Controller::Human => AgentSpec::Random,
    };
    // Each seat's player, by seat.
    let mut agents: Vec<_> =
        rules.players().zip(0..).map(|(p, k)| spec(p).build(seed.wrapping_add(k))).collect();
    let team = |option: &str, names: &[String]| {
        sow::session::team_names(names.iter().cloned())
            .map_err(|why| Failure::Message(format!("{option}: {why}")))
    };
    let (south_team, north_team) =
        (team("--south-team", &args.south_team)?, team("--north-team", &args.north_team)?);
    let teams = ByPlayer::for_seats(rules.seats(), |p| match p.word() {
        "south" => south_team.clone(),
        "north" => north_team.clone(),
        _ => Vec::new(),
    });
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

    outln!("{} — {} rows × {} holes.", describe(&rules), rules.rows(), rules.columns())?;
    for p in rules.players() {
        let rows = rules.row_words(p);
        // At a table of more than two no one sits at a side's rows, nor where every hole is
        // everyone's.
        let rows = if rules.seats() == 2 && !rows.is_empty() {
            format!(" (rows {})", rows.join(" and "))
        } else {
            String::new()
        };
        let who = match (controllers[p], &teams[p][..]) {
            (Controller::Human, []) => "you".to_string(),
            (Controller::Human, names) => format!("the team {}", names.join(", ")),
            (Controller::Computer(spec), _) => {
                format!("the computer ({spec}, seed {})", seed.wrapping_add(p.index() as u64))
            }
        };
        outln!("{p}{rows}: {who}")?;
    }
    // The examples of `help` are on the rows of the (first) person playing.
    let person = rules.players().find(|&p| controllers[p] == Controller::Human);
    let help_for = person.unwrap_or(rules.model().first_player());
    let inner = rules.row_letters(help_for).last().copied().unwrap_or('a');
    let example = format!("{inner}{}", rules.columns().min(3));
    if person.is_some() {
        outln!("Type a hole such as `{example}` to sow from it, or `help` for the commands.")?;
    }
    outln!()?;
    // The prompt (or the computer's move) says whose turn it is: the board does not.
    let board = |game: &Game<'_>, touched: &[Hole]| {
        out!("{}", colour.picture(&rules.board_picture(game.state(), touched)))
    };
    board(&game, &[])?;

    // Saved before the first turn too, so that a record that cannot be written stops the
    // game before anyone plays.
    save(&game)?;
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut last_turn: Vec<Hole> = Vec::new();
    // The lots drawn between rounds, where the rules have them: drawn by the program, from the
    // game's seed, so that `--seed` plays the same game again.
    let mut lots = sow::ai::rng(seed ^ sow::ai::LOTS);
    loop {
        if let Some(played) = game.draw_lot(&mut |n| sow::ai::below(&mut lots, n)) {
            outln!("{}", narrate_played(&rules, std::slice::from_ref(&played), game.state()))?;
            board(&game, &[])?;
            save(&game)?;
            continue;
        }
        if let Some(outcome) = game.outcome() {
            let points =
                sow::session::points_words(&rules, game.state()).map(|p| format!(" {p}")).unwrap_or_default();
            outln!("{}", colour.bold(&format!("Game over: {outcome}.{points}")))?;
            save(&game)?;
            return Ok(ExitCode::SUCCESS);
        }
        let plies: usize = game.turns().iter().map(|t| t.moves.len()).sum();
        if plies >= args.max_plies as usize {
            outln!("Stopped: the game is unfinished after {plies} decisions (--max-plies).")?;
            save(&game)?;
            return Ok(ExitCode::SUCCESS);
        }
        let me = game.state().to_move();
        if let Controller::Computer(spec) = controllers[me] {
            // The computer plays its whole turn: a capture's picks, and the sowings of a turn
            // that lets it move again.
            let mut played = Vec::new();
            let mut reports = Vec::new();
            // A round that ends ends the telling: the next round's first turn is told apart,
            // though the same player plays it (blind test 33, fault 3).
            let round = game.state().round();
            while game.state().to_move() == me
                && game.state().round() == round
                && game.outcome().is_none()
                && !game.state().is_chance()
                && plies + played.len() < args.max_plies as usize
            {
                let legal = game.legal_moves();
                let mv = thinking(&format!("{me} ({spec}) is thinking"), || {
                    agents[me.index()].choose(&rules, game.state(), &legal)
                });
                reports.extend(agents[me.index()].report().filter(|r| r != "the only legal decision"));
                let before = game.state().clone();
                let effect = game
                    .play(mv)
                    .map_err(|e| Failure::Message(format!("the computer played an illegal move: {e}")))?;
                played.push(sow::engine::Played { mv, effect, before });
            }
            let moves: Vec<sow::Move> = played.iter().map(|p| p.mv).collect();
            outln!()?;
            outln!(
                "{} {}",
                colour.bold(&format!("{me} plays {}.", rules.turn_text(&moves))),
                narrate_played(&rules, &played, game.state())
            )?;
            if let Some(report) = reports.first() {
                outln!("{}", colour.dim(&format!("  ({spec} — {})", readable_report(report))))?;
            }
            last_turn = touched(&moves);
            board(&game, &last_turn)?;
            save(&game)?;
            continue;
        }

        let who = member(turn_index(&game), me).map(|name| format!(" ({name})")).unwrap_or_default();
        out!("{}", prompt(&rules, &game, &who))?;
        output::flush()?;
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => {
                outln!()?;
                outln!("Input ended; stopping.")?;
                save(&game)?;
                return Ok(ExitCode::SUCCESS);
            }
            Ok(_) => {}
            Err(e) => return Err(Failure::Message(format!("cannot read the terminal: {e}"))),
        }
        let line = line.trim();
        match line.to_ascii_lowercase().as_str() {
            "" => continue,
            "help" | "?" | "h" => outln!("{}", help(&rules, help_for))?,
            "board" | "b" => board(&game, &last_turn)?,
            "hint" => {
                let legal = game.legal_moves();
                let mut adviser = HINT.build(seed ^ u64::from(game.state().turn()));
                if args.endgame_db.is_some() {
                    adviser = Box::new(sow::ai::EndgameAgent::new(adviser));
                }
                let mv = thinking("thinking about a hint", || adviser.choose(&rules, game.state(), &legal));
                let why = adviser
                    .report()
                    .map(|r| format!("  ({HINT} — {})", readable_report(&r)))
                    .unwrap_or_default();
                outln!("Hint: {}{}", colour.bold(&rules.move_text(mv)), colour.dim(&why))?;
            }
            "moves" | "m" => {
                let moves: Vec<String> = game.legal_moves().iter().map(|&m| rules.move_text(m)).collect();
                outln!("Legal now: {}", moves.join(" "))?;
            }
            "quit" | "exit" | "q" => {
                save(&game)?;
                outln!("Stopped.")?;
                return Ok(ExitCode::SUCCESS);
            }
            "resign" => {
                if !game.resign() {
                    outln!("At a table of more than two no one may resign: play on.")?;
                }
            }
            "undo" | "u" => {
                let before = game.turns().to_vec();
                if undo_to_human(&mut game, &controllers) {
                    outln!("{}", took_back(&rules, &before[game.turns().len()..]))?;
                    last_turn = game.turns().last().map(|t| touched(&t.moves)).unwrap_or_default();
                    board(&game, &last_turn)?;
                    save(&game)?;
                } else {
                    outln!("There is nothing to undo.")?;
                }
            }
            _ => match game.play_part(line) {
                Ok(played) => {
                    outln!("{}", narrate_played(&rules, &played, game.state()))?;
                    last_turn = game.turns().last().map(|t| touched(&t.moves)).unwrap_or_default();
                    board(&game, &last_turn)?;
                    save(&game)?;
                }
                Err(e) => outln!("{}", refusal(&e, Rules::turn_words(line).len(), &example))?,
            },
        }
    }
}

/// Why a line was not played, for the person who typed it (`words` decisions long; `example`
/// is a hole they might sow).
fn refusal(error: &TurnError, words: usize, example: &str) -> String {
    let nothing = if words > 1 { " Nothing on the line was played." } else { "" };
    match error {
        TurnError::Empty => format!(
            "There is no decision on that line: type a hole such as `{example}` (an `x` only separates \
             a capture's picks, as in `b3 x d1 d1`)."
        ),
        TurnError::Notation(e) => format!(
            "{}.{nothing} Type `help` for the commands, `moves` for the legal ones.",
            sentence(&e.to_string())
        ),
        TurnError::Illegal(e) => format!("Not allowed: {e}.{nothing}"),
        TurnError::TooLong { extra } => {
            format!("The turn is over before `{extra}`.{nothing} Type only your own turn's decisions.")
        }
        TurnError::Unfinished { owed } => format!("The turn is not finished: {owed}.{nothing}"),
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
                // The marked count is the run of digits just before the `*`, or before the
                // symbol of a marked hole there.
                let head = &rest[..star];
                let symbol = head.chars().next_back().filter(|c| !c.is_ascii_digit());
                let count_end = star - symbol.map_or(0, char::len_utf8);
                let digits = head[..count_end].trim_end_matches(|c: char| c.is_ascii_digit());
                out.push_str(digits);
                out.push_str(&self.paint(highlight, &head[digits.len()..count_end]));
                out.push_str(&head[count_end..]);
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
    let state = game.state();
    let me = state.to_move();
    let mut opening = match &rules.phases()[state.phase_of(me)].name {
        Some(name) => format!(", opening \"{name}\""),
        None => String::new(),
    };
    if rules.end_rules().rounds.is_some() {
        opening.push_str(&format!(", round {}", state.round() + 1));
    }
    match pending(rules, state) {
        None => format!("{me}{who} to move{opening}> "),
        Some(owed) => format!("{me}{who}{opening}, {owed}> "),
    }
}

/// The text with its first letter in capitals.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Save the record atomically ([`output::write_atomically`]): a killed process never leaves
/// a half-written record.
fn save_atomically(path: &Path, text: &str) -> Result<(), Failure> {
    output::write_atomically(path, text)
        .map_err(|e| Failure::Message(format!("cannot save the record to `{}`: {e}", path.display())))
}

/// `SEAT=PLAYER`, as `--seat` takes it.
fn parse_seat(text: &str) -> Result<(String, Controller), String> {
    let (seat, player) = text.split_once('=').ok_or_else(|| {
        format!("`{text}`: write a seat and who plays it, as `east=random` or `player3=greedy`")
    })?;
    let controller = player.parse::<Controller>().map_err(|e| format!("`{player}`: {e}"))?;
    Ok((seat.trim().to_lowercase(), controller))
}
