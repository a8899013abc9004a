//! `sow list`

use std::collections::BTreeMap;
use std::process::ExitCode;

use clap::Args;
use sow::Rules;
use sow::bundled::{DEFAULT_RULES, bundled, bundled_names};

use super::output::outln;
use super::show::wrap;
use super::{Failure, Outcome};

/// Columns the listing is wrapped to.
const WIDTH: usize = 100;

/// List the rules files bundled with sow, grouped by family (the `family` line of each
/// file; families in alphabetical order, files without one last): each game with its board,
/// its rulesets and a one-line description. Any of them can be named instead of a path:
/// `sow play NAME`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow list\n  sow show NAME --ruleset RULESET     a listed game, by its name\n  sow play NAME --ruleset RULESET"
)]
pub struct ListArgs {}

/// The files of one family, by name, with their base games.
type Family<'a> = Vec<(&'a str, Rules)>;

/// The heading of the files that state no family.
const NO_FAMILY: &str = "Other games (no family stated)";

pub fn run(_args: ListArgs) -> Outcome {
    let mut names: Vec<&str> = bundled_names().collect();
    names.sort_unstable();
    // Each file's base game, grouped by family, the files of a family in name order.
    let mut families: BTreeMap<Option<String>, Family<'_>> = BTreeMap::new();
    for name in names {
        let base = compile(name, None)?;
        families.entry(base.meta().family.clone()).or_default().push((name, base));
    }
    // `None` sorts first in a map; the files without a family go last.
    let mut groups: Vec<(Option<String>, Family<'_>)> = families.into_iter().collect();
    let unnamed = usize::from(groups.first().is_some_and(|(family, _)| family.is_none()));
    groups.rotate_left(unnamed);
    outln!(
        "Rules files bundled with sow, by family (name them instead of a path: `sow play NAME --ruleset R`):"
    )?;
    for (family, games) in groups {
        let heading = family.as_deref().unwrap_or(NO_FAMILY);
        outln!()?;
        outln!("{heading}")?;
        outln!("{}", "═".repeat(heading.chars().count()))?;
        for (name, base) in games {
            game(name, &base)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Compile a bundled file's base game or one of its rulesets.
fn compile(name: &str, ruleset: Option<&str>) -> Result<Rules, Failure> {
    let text = bundled(name).expect("a bundled name has a text");
    sow::compile(&format!("{name}.sow"), text, &sow::Options::new(ruleset, &[]))
        .map_err(|e| Failure::Report(miette::Report::new(e)))
}

/// One game of the listing: its name, board, first sentence and rulesets.
fn game(name: &str, base: &Rules) -> Result<(), Failure> {
    let default = if name == DEFAULT_RULES { "  (default)" } else { "" };
    outln!()?;
    outln!("{name}{default}")?;
    outln!("  {} — {}", base.meta().name, board(base))?;
    if let Some(line) = first_sentence(base.meta().summary.as_deref()) {
        for part in wrap(&line, WIDTH - 2) {
            outln!("  {part}")?;
        }
    }
    let width = base.meta().rulesets.iter().map(String::len).max().unwrap_or(0);
    for ruleset in &base.meta().rulesets {
        let rules = compile(name, Some(ruleset))?;
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
    Ok(())
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
