//! `sow list`

use std::process::ExitCode;

use clap::Args;
use sow::Rules;
use sow::bundled::{DEFAULT_RULES, bundled, bundled_names};

use super::output::outln;
use super::show::wrap;
use super::{Failure, Outcome};

/// Columns the listing is wrapped to.
const WIDTH: usize = 100;

/// List the rules files bundled with sow: each game with its board, its rulesets and a
/// one-line description. Any of them can be named instead of a path: `sow play NAME`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow list\n  sow show NAME --ruleset RULESET     a listed game, by its name\n  sow play NAME --ruleset RULESET"
)]
pub struct ListArgs {}

pub fn run(_args: ListArgs) -> Outcome {
    let mut names: Vec<&str> = bundled_names().collect();
    names.sort_unstable();
    outln!("Rules files bundled with sow (name them instead of a path: `sow play NAME --ruleset R`):")?;
    for name in names {
        let text = bundled(name).expect("a bundled name has a text");
        let compile = |ruleset: Option<&str>| {
            sow::compile(&format!("{name}.sow"), text, &sow::Options::new(ruleset, &[]))
                .map_err(|e| Failure::Report(miette::Report::new(e)))
        };
        let base = compile(None)?;
        let default = if name == DEFAULT_RULES { "  (default)" } else { "" };
        outln!()?;
        outln!("{name}{default}")?;
        outln!("  {} — {}", base.meta().name, board(&base))?;
        if let Some(line) = first_sentence(base.meta().summary.as_deref()) {
            for part in wrap(&line, WIDTH - 2) {
                outln!("  {part}")?;
            }
        }
        let width = base.meta().rulesets.iter().map(String::len).max().unwrap_or(0);
        for ruleset in &base.meta().rulesets {
            let rules = compile(Some(ruleset))?;
            // A ruleset that states no summary of its own inherits the game's.
            let own = rules.meta().summary.as_deref().filter(|s| Some(*s) != base.meta().summary.as_deref());
            let line = first_sentence(own).unwrap_or_default();
            let indent = 4 + "--ruleset ".len() + width + 2;
            for (i, part) in wrap(&line, WIDTH.saturating_sub(indent).max(30)).into_iter().enumerate() {
                match i {
                    0 => outln!("    --ruleset {ruleset:<width$}  {part}")?,
                    _ => outln!("{:indent$}{part}", "")?,
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `4×8 (columns 8–36)`: the default board and the parameters' ranges.
fn board(rules: &Rules) -> String {
    let ranges: Vec<String> = rules
        .params()
        .iter()
        .filter(|p| p.low != p.high)
        .map(|p| format!("{} {}–{}", p.name, p.low, p.high))
        .collect();
    let size = format!("{}×{}", rules.rows(), rules.columns());
    if ranges.is_empty() { size } else { format!("{size} ({})", ranges.join(", ")) }
}

/// The first sentence of a summary.
fn first_sentence(text: Option<&str>) -> Option<String> {
    let text = text?.trim();
    let end = text.find(". ").map_or(text.len(), |i| i + 1);
    Some(text[..end].to_string())
}
