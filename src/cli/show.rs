//! `sow show FILE`

use std::process::ExitCode;

use clap::Args;

use super::output::{out, outln};
use super::{Outcome, RulesFile};

/// Show a rules file: its metadata, the start position, and the compiled tables (circuits,
/// opposite holes, choice rules, lap rules, captures, end rules).
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow show rules/mygame.sow\n  sow show rules/mygame.sow --ruleset NAME --param columns=12"
)]
pub struct ShowArgs {
    #[command(flatten)]
    rules: RulesFile,
}

pub fn run(args: ShowArgs) -> Outcome {
    let rules = args.rules.compile()?;
    let meta = rules.meta();
    outln!("{}", meta.name)?;
    if !meta.aliases.is_empty() {
        outln!("  also known as: {}", meta.aliases.join(", "))?;
    }
    if let Some(origin) = &meta.origin {
        outln!("  origin: {origin}")?;
    }
    if let Some(family) = &meta.family {
        outln!("  family: {family}")?;
    }
    for source in &meta.sources {
        outln!("  source: {source}")?;
    }
    if !meta.rulesets.is_empty() {
        outln!("  rulesets: {}", meta.rulesets.join(", "))?;
    }
    if let Some(summary) = &meta.summary {
        outln!()?;
        for line in wrap(summary, 88) {
            outln!("  {line}")?;
        }
    }
    outln!()?;
    out!("{}", rules.model())?;
    Ok(ExitCode::SUCCESS)
}

/// Wrap text at word boundaries.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("lines is never empty");
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}
