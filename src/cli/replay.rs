//! `sow replay RECORD`

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use miette::NamedSource;

use sow::record::{Record, RecordError, RecordProblem};

use super::load::{RulesText, compile, looks_like_rules, read_rules, read_utf8};
use super::output::{out, outln};
use super::{Failure, Outcome, RulesOptions};

/// Replay a saved game record, checking every decision against the rules, and print the
/// final position. A bad record gets a diagnostic naming the line and the reason.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  sow replay game.txt\n  sow replay game.txt --rules rules/mygame.sow")]
pub struct ReplayArgs {
    /// The game record.
    #[arg(value_name = "RECORD")]
    record: String,
    /// Rules to replay on, instead of those the record's `Rules` tag names.
    #[arg(long, value_name = "FILE")]
    rules: Option<String>,
    /// Print the board after every turn.
    #[arg(long)]
    each: bool,
    #[command(flatten)]
    options: RulesOptions,
}

/// Read a record and the rules it names (unless overridden).
pub fn load_record(
    path: &str,
    rules_override: Option<&str>,
    options: &RulesOptions,
) -> Result<(Record, RulesOptions, RulesText, Arc<str>), Failure> {
    let text: Arc<str> = Arc::from(read_utf8(Path::new(path), sow::source::Kind::Record)?);
    let fail = |problem: RecordProblem| {
        Failure::from(RecordError { src: NamedSource::new(path, text.clone()), problem })
    };
    let record = Record::parse(&text).map_err(fail)?;
    let rules_name = match (rules_override, record.tag("Rules")) {
        (Some(r), _) => Some(r.to_string()),
        (None, Some(tag)) => {
            // A relative path is taken relative to the record's folder if it exists there.
            let beside = Path::new(path).parent().map(|d| d.join(&tag.node));
            match beside {
                Some(p) if p.exists() && !Path::new(&tag.node).exists() => Some(p.display().to_string()),
                _ => Some(tag.node.clone()),
            }
        }
        (None, None) => None,
    };
    let span = record.tag("Rules").map_or((0, 0).into(), |t| t.span.into());
    let bad_tag = |reason: String| {
        fail(RecordProblem::Tag {
            tag: "Rules".into(),
            reason,
            help: "name a rules file that exists, or pass `--rules FILE`".into(),
            span,
        })
    };
    // Rules the record names (rather than the person running sow) are shown only if they are
    // rules: any other file is named, never quoted.
    let named_by_record = rules_override.is_none() && record.tag("Rules").is_some();
    let not_rules = |name: &str| bad_tag(format!("`{name}` is not a rules file (no `game` found)"));
    let rules_text = match read_rules(rules_name.as_deref()) {
        Ok(r) if named_by_record && !looks_like_rules(&r.text) => return Err(not_rules(&r.name)),
        Ok(r) => r,
        Err(Failure::Message(m)) => return Err(bad_tag(m)),
        Err(Failure::Report(_)) if named_by_record => {
            return Err(not_rules(rules_name.as_deref().unwrap_or_default()));
        }
        Err(other) => return Err(other),
    };
    let mut options = options.clone();
    if options.ruleset.is_none() {
        options.ruleset = record.tag("Ruleset").map(|t| t.node.clone());
    }
    let mut params = record.params();
    params.extend(options.params.iter().cloned());
    options.params = params;
    Ok((record, options, rules_text, text))
}

pub fn run(args: ReplayArgs) -> Outcome {
    let (record, options, rules_text, text) =
        load_record(&args.record, args.rules.as_deref(), &args.options)?;
    let rules = compile(&rules_text, &options)?;
    let game = record.replay(&rules).map_err(|problem| {
        Failure::from(RecordError { src: NamedSource::new(&args.record, text.clone()), problem })
    })?;
    if args.each {
        let mut replay = sow::Game::new(&rules);
        for (i, turn) in game.turns().iter().enumerate() {
            for &mv in &turn.moves {
                replay.play(mv).map_err(|e| Failure::Message(e.to_string()))?;
            }
            outln!("{}. {} {}", i + 1, turn.player, rules.turn_text(&turn.moves))?;
            outln!("{}", rules.picture(replay.state()))?;
        }
    }
    let turns = game.turns().len();
    if turns == 0 && game.outcome().is_none() {
        // Tags and no turns: a valid record of a game not begun, with nothing to verify.
        outln!(
            "{}: no turns to replay: a game of {} not yet begun.",
            args.record,
            super::load::describe(&rules)
        )?;
        out!("{}", rules.picture(game.state()))?;
        return Ok(ExitCode::SUCCESS);
    }
    let status = match game.outcome() {
        Some(outcome) => format!("{outcome}"),
        None => "unfinished".to_string(),
    };
    let turns = if turns == 1 { "1 turn".to_string() } else { format!("{turns} turns") };
    outln!("{}: {turns} of {} replayed and verified; {status}.", args.record, super::load::describe(&rules))?;
    if let Some(why) = sow::session::unplayable_round(&rules, game.state()) {
        outln!("{why}")?;
    }
    out!("{}", rules.picture(game.state()))?;
    Ok(ExitCode::SUCCESS)
}
