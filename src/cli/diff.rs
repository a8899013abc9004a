//! `sow diff A B`

use std::process::ExitCode;

use clap::Args;

use sow::analysis::diff::{diff, render, same_rules};

use super::Outcome;
use super::load::describe;
use super::output::out;
use super::variant::Variant;

/// Compare the compiled rules of two games section by section — board, territory, start
/// position, circuits, choice rules, sowing, captures, follow-up choices, end rules —
/// showing only what differs (`-` the first, `+` the second). Exits with 1 when they differ,
/// like `diff`.
#[derive(Args, Debug)]
#[command(
    after_help = "A VARIANT is FILE[:RULESET][?KEY=VALUE&…]: a rules file (a path or a bundled name), optionally\none of its rulesets and parameters.\n\nExamples:\n  sow diff nsolo tsoro\n  sow diff nsolo nsolo:sanderson-1913\n  sow diff nsolo nsolo?columns=12\n  sow diff rules/mygame.sow nsolo"
)]
pub struct DiffArgs {
    /// The first game.
    #[arg(value_name = "A")]
    a: Variant,
    /// The second game.
    #[arg(value_name = "B")]
    b: Variant,
}

pub fn run(args: DiffArgs) -> Outcome {
    let (a, b) = (args.a.compile()?, args.b.compile()?);
    let diffs = diff(a.model(), b.model());
    let first = format!("{}: {}", args.a.label, describe(&a));
    let second = format!("{}: {}", args.b.label, describe(&b));
    if diffs.is_empty() && !same_rules(a.model(), b.model()) {
        // The words of `sow show` miss a difference: never call two games the same then.
        out!(
            "{first}\n{second}\n\nThe compiled rules differ, though `sow show` words them the same \
             (a gap in `sow show`: please report it with both files).\n"
        )?;
        return Ok(ExitCode::from(1));
    }
    out!("{}", render(&first, &second, &diffs))?;
    Ok(if diffs.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}
