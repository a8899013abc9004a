//! `sow check FILE...`

use std::process::ExitCode;

use clap::Args;

use super::load::{compile, read_rules};
use super::output::outln;
use super::{Failure, Outcome, RulesOptions};

/// Check rules files: every ruleset at its default parameters. Prints a summary for each
/// good file, its warnings, and every diagnostic of each bad one; exits non-zero if any file
/// has errors (or warnings, with `--deny-warnings`).
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow check rules/*.sow\n  sow check mygame.sow --ruleset tournament --param columns=12\n  sow check --deny-warnings rules/*.sow"
)]
pub struct CheckArgs {
    /// Rules files (paths, or names of bundled rules files).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// Fail (exit 1) on warnings too, not only on errors.
    #[arg(long)]
    deny_warnings: bool,
    #[command(flatten)]
    options: RulesOptions,
}

pub fn run(args: CheckArgs) -> Outcome {
    let mut failed = false;
    for file in &args.files {
        let rules = match read_rules(Some(file)) {
            Ok(r) => r,
            Err(Failure::Message(m)) => {
                eprintln!("error: {m}");
                failed = true;
                continue;
            }
            Err(other) => return Err(other),
        };
        let summary = match sow::check_with_warnings(&rules.name, &rules.text) {
            Ok((compiled, warnings)) => {
                let base = &compiled[0];
                let meta = base.meta();
                let rulesets = match meta.rulesets.len() {
                    0 => "no rulesets".to_string(),
                    n => {
                        format!("{n} ruleset{} ({})", if n == 1 { "" } else { "s" }, meta.rulesets.join(", "))
                    }
                };
                let params: Vec<String> = base
                    .params()
                    .iter()
                    .map(|p| match p.values.is_empty() {
                        true => format!("{} = {} in {}..{}", p.name, p.default, p.low, p.high),
                        false => {
                            let values: Vec<String> = p.values.iter().map(u32::to_string).collect();
                            format!("{} = {} in {}", p.name, p.default, values.join("|"))
                        }
                    })
                    .collect();
                let params =
                    if params.is_empty() { String::new() } else { format!("; {}", params.join(", ")) };
                let warned = match warnings.len() {
                    0 => String::new(),
                    1 => "; 1 warning".to_string(),
                    n => format!("; {n} warnings"),
                };
                if !warnings.is_empty() {
                    let count = warned.trim_start_matches("; ").to_string();
                    eprintln!("{}", sow::render::report(&warnings));
                    if args.deny_warnings {
                        // Nothing is said to be ok that fails the check.
                        eprintln!("error: {}: {count}, denied by --deny-warnings", rules.name);
                        failed = true;
                        continue;
                    }
                }
                format!("{}: ok — \"{}\", base game and {rulesets}{params}{warned}", rules.name, meta.name)
            }
            Err(e) => {
                eprintln!("{}", sow::render::report(&e));
                failed = true;
                continue;
            }
        };
        // With a ruleset or parameters, the file is ok only if they are too: nothing is said
        // to be ok before an error.
        if args.options.ruleset.is_some() || !args.options.params.is_empty() {
            match compile(&rules, &args.options) {
                Ok(r) => {
                    outln!("{summary}")?;
                    outln!("{}: ok with {}", rules.name, super::load::describe(&r))?;
                }
                Err(Failure::Report(r)) => {
                    eprintln!("{}", sow::render::report(r.as_ref()));
                    failed = true;
                }
                Err(other) => return Err(other),
            }
        } else {
            outln!("{summary}")?;
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
