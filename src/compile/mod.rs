//! From a parsed rules file to compiled [`Rules`]: gather the sections that apply (base game
//! or ruleset), settle parameters, check everything, lower to tables.
//!
//! Every problem of a file is reported at once in a [`RulesError`], rendered by miette with
//! the file's text.

mod assemble;
mod dump;
mod error;
mod lower;

use std::sync::Arc;

pub use dump::dump;
pub use error::{CheckError, Problem, RulesError};

use crate::engine::Rules;
use crate::suggest::unknown_name_help;
use crate::syntax::{self, ast};

/// What to compile besides the text: a ruleset and parameter settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// A ruleset of the file, or `None` for the base game.
    pub ruleset: Option<String>,
    /// Parameter settings as `name=value`.
    pub params: Vec<String>,
}

impl Options {
    /// Options for a ruleset (or the base game) with parameter settings.
    pub fn new(ruleset: Option<&str>, params: &[&str]) -> Options {
        Options {
            ruleset: ruleset.map(str::to_string),
            params: params.iter().map(|s| s.to_string()).collect(),
        }
    }
}

/// Compile the rules text named `name` (a path or label used in diagnostics).
pub fn compile(name: &str, text: &str, options: &Options) -> Result<Rules, RulesError> {
    let shared: Arc<str> = Arc::from(text);
    let fail = |problems: Vec<Problem>| RulesError::new(name, shared.clone(), problems);
    let file = syntax::parse(text).map_err(|e| fail(vec![e.into()]))?;
    compile_parsed(text, &file, options)
        .map_err(|errors| fail(errors.into_iter().map(Problem::from).collect()))
}

fn compile_parsed(text: &str, file: &ast::File, options: &Options) -> Result<Rules, Vec<CheckError>> {
    let game = &file.game;
    let ruleset = match &options.ruleset {
        None => None,
        Some(name) => match game.rulesets.iter().find(|r| r.name.node == *name) {
            Some(r) => Some(r),
            None => {
                let known: Vec<&str> = game.rulesets.iter().map(|r| r.name.node.as_str()).collect();
                return Err(vec![CheckError::UnknownRuleset {
                    name: name.clone(),
                    help: unknown_name_help(name, "ruleset", &known),
                }]);
            }
        },
    };
    let mut errors = Vec::new();
    let mut effective = assemble::assemble(game, ruleset, &mut errors);
    assemble::apply_params(&mut effective, &options.params, &mut errors);
    match lower::lower(text, &effective) {
        Ok(rules) if errors.is_empty() => Ok(rules),
        Ok(_) => Err(errors),
        Err(more) => {
            errors.extend(more);
            Err(errors)
        }
    }
}

/// Check a whole file: the base game and every ruleset, each at its default parameters.
/// Returns the compiled rules of each (base first), or every distinct problem found.
pub fn check(name: &str, text: &str) -> Result<Vec<Rules>, RulesError> {
    let shared: Arc<str> = Arc::from(text);
    let file = syntax::parse(text).map_err(|e| RulesError::new(name, shared.clone(), vec![e.into()]))?;
    let mut compiled = Vec::new();
    let mut problems: Vec<Problem> = Vec::new();
    let names = std::iter::once(None).chain(file.game.rulesets.iter().map(|r| Some(r.name.node.clone())));
    for ruleset in names {
        let options = Options { ruleset, params: Vec::new() };
        match compile_parsed(text, &file, &options) {
            Ok(rules) => compiled.push(rules),
            Err(errors) => {
                for e in errors {
                    let p = Problem::from(e);
                    if !problems.contains(&p) {
                        problems.push(p);
                    }
                }
            }
        }
    }
    if problems.is_empty() { Ok(compiled) } else { Err(RulesError::new(name, shared, problems)) }
}
