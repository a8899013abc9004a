//! From a parsed rules file to compiled [`Rules`]: gather the sections that apply (base game
//! or ruleset), settle parameters, check everything, lower to tables.
//!
//! Every problem of a file is reported at once in a [`RulesError`], rendered by miette with
//! the file's text.

mod assemble;
mod check;
mod convert;
mod error;
mod limits;
mod lower;
mod playable;
mod resolve;
mod section;
mod warning;

use std::collections::HashSet;
use std::sync::Arc;

pub use error::{AtRangeEnd, CheckError, InRuleset, Problem, RulesError};
pub use limits::{MAX_CAPTURES, MAX_FOLLOW_UPS, MAX_OPENINGS, MAX_PARAMS, MAX_RULESETS};
pub use warning::{Warning, Warnings};

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
    compile_text(name, text, options, false).map(|(rules, _)| rules)
}

/// Compile as [`compile`] does, and also return the warnings of the compilation: rules that
/// work but most likely do not say what was meant (see [`Warning`]).
pub fn compile_with_warnings(
    name: &str,
    text: &str,
    options: &Options,
) -> Result<(Rules, Warnings), RulesError> {
    compile_text(name, text, options, true)
}

/// Compile a rules text; with `warn`, also find its warnings (which plays random games of
/// it, for `sow::warning::endless_phase`: work a plain compilation has no use for).
fn compile_text(
    name: &str,
    text: &str,
    options: &Options,
    warn: bool,
) -> Result<(Rules, Warnings), RulesError> {
    let shared: Arc<str> = Arc::from(text);
    let fail = |problems: Vec<Problem>| RulesError::new(name, shared.clone(), problems);
    let file = syntax::parse(text).map_err(|e| fail(vec![e.into()]))?;
    let over = limits::check(&file.game);
    if !over.is_empty() {
        return Err(fail(over.into_iter().map(Problem::from).collect()));
    }
    let (rules, warnings) = compile_parsed(text, &file, options, warn)
        .map_err(|errors| fail(errors.into_iter().map(Problem::from).collect()))?;
    Ok((rules, Warnings::new(name, shared, warnings)))
}

fn compile_parsed(
    text: &str,
    file: &ast::File,
    options: &Options,
    warn: bool,
) -> Result<(Rules, Vec<Warning>), Vec<CheckError>> {
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
    let chain = match ruleset {
        None => Vec::new(),
        Some(r) => assemble::chain(game, r).map_err(|e| vec![e])?,
    };
    let mut errors = Vec::new();
    let restated = assemble::restate(game, &chain, text, &mut errors);
    let mut effective = assemble::assemble(game, &chain, &restated, &mut errors);
    // Counts over their limits stop here: they would make what follows slow.
    let over = limits::check_assembled(&effective);
    if !over.is_empty() {
        errors.extend(over);
        return Err(errors);
    }
    assemble::apply_params(&mut effective, &options.params, &mut errors);
    let scope = resolve::Scope::new(text, &effective);
    errors.extend(check::check(&scope));
    if !errors.is_empty() {
        return Err(errors);
    }
    let model = lower::lower(&scope).ok_or_else(|| vec![CheckError::Unlowered])?;
    if model.passes_forever() {
        let span = scope.blocked_span().unwrap_or_default();
        return Err(vec![CheckError::EndlessPassing { span: span.into() }]);
    }
    let mut warnings = if warn { warning::find(&scope, &model) } else { Vec::new() };
    let rules = Rules::new(model).map_err(|e| vec![CheckError::Inconsistent(e)])?;
    if warn && !scope.endless_meant() {
        warnings.extend(playable::endless_phases(&scope, &rules));
    }
    Ok((rules, warnings))
}

/// Check a whole file: the base game and every ruleset, each at its default parameters and
/// at both ends of every parameter's range. Returns the compiled rules of each (base first,
/// at the defaults), or every distinct problem found.
pub fn check(name: &str, text: &str) -> Result<Vec<Rules>, RulesError> {
    check_with_warnings(name, text).map(|(rules, _)| rules)
}

/// Check a whole file as [`check`] does, and also return its warnings: those of the base
/// game and of every ruleset, each given once. A warning that depends on a parameter is
/// given only if it holds at the default and at both ends of every range (so that a rule
/// that some allowed value makes useful is not called useless).
pub fn check_with_warnings(name: &str, text: &str) -> Result<(Vec<Rules>, Warnings), RulesError> {
    match check_unless(name, text, &|| false) {
        Some(checked) => checked,
        None => unreachable!("a check that is never stopped finishes"),
    }
}

/// Whether `name` stands in `text` as a word anywhere but right after `param` (its
/// declarations, in the game or a ruleset): a reference, or a mention in a comment or a
/// string, which is counted too (so that a doubt means a compilation, never a miss).
fn named_beyond_declaration(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    let mut from = 0;
    while let Some(at) = text[from..].find(name).map(|i| from + i) {
        from = at + name.len();
        let before = text[..at].chars().next_back();
        let after = text[from..].chars().next();
        if before.is_some_and(word) || after.is_some_and(word) {
            continue;
        }
        let lead = text[..at].trim_end();
        let declared =
            lead.strip_suffix("param").is_some_and(|rest| !rest.chars().next_back().is_some_and(word));
        if !declared {
            return true;
        }
    }
    false
}

/// [`check_with_warnings`], given up (`None`) as soon as `stop` says so, which it is asked
/// before each compilation: the language server stops a check that a newer edit has made
/// stale.
pub fn check_unless(
    name: &str,
    text: &str,
    stop: &dyn Fn() -> bool,
) -> Option<Result<(Vec<Rules>, Warnings), RulesError>> {
    let shared: Arc<str> = Arc::from(text);
    let file = match syntax::parse(text) {
        Ok(file) => file,
        Err(e) => return Some(Err(RulesError::new(name, shared.clone(), vec![e.into()]))),
    };
    // Counts over their limits first: they would make the compilations below slow.
    let over = limits::check(&file.game);
    if !over.is_empty() {
        return Some(Err(RulesError::new(name, shared, over.into_iter().map(Problem::from).collect())));
    }
    let mut compiled = Vec::new();
    let mut warnings: Vec<Warning> = Vec::new();
    let mut seen: HashSet<Warning> = HashSet::new();
    let mut problems: Vec<Problem> = Vec::new();
    let add = |problems: &mut Vec<Problem>, p: Problem| {
        if !problems.contains(&p) {
            problems.push(p);
        }
    };
    let names = std::iter::once(None).chain(file.game.rulesets.iter().map(|r| Some(r.name.node.clone())));
    for ruleset in names {
        let options = Options { ruleset: ruleset.clone(), params: Vec::new() };
        if stop() {
            return None;
        }
        match compile_parsed(text, &file, &options, true) {
            Ok((rules, mut found)) => {
                // A parameter the text never names beyond its declarations cannot change the
                // rules: its range ends need no compilation of their own.
                for p in rules.params().iter().filter(|p| named_beyond_declaration(text, &p.name)) {
                    for value in [p.low, p.high].into_iter().filter(|&v| v != p.default) {
                        let options =
                            Options { ruleset: ruleset.clone(), params: vec![format!("{}={value}", p.name)] };
                        if stop() {
                            return None;
                        }
                        let errors = match compile_parsed(text, &file, &options, true) {
                            Ok((_, there)) => {
                                let there: HashSet<Warning> = there.into_iter().collect();
                                found.retain(|w| there.contains(w));
                                continue;
                            }
                            Err(errors) => errors,
                        };
                        let range = range_span(&file.game, ruleset.as_deref(), &p.name);
                        for inner in errors {
                            add(
                                &mut problems,
                                Problem::AtRangeEnd(AtRangeEnd {
                                    name: p.name.clone(),
                                    value: u64::from(value),
                                    range: range.into(),
                                    inner: Box::new(inner),
                                }),
                            );
                        }
                    }
                }
                for w in found {
                    if seen.insert(w.clone()) {
                        warnings.push(w);
                    }
                }
                compiled.push(rules);
            }
            Err(errors) => {
                // A ruleset's own problem (one the base game does not have) at words of the
                // base game names the ruleset; one at a ruleset's words is shown there.
                let at =
                    ruleset.as_deref().and_then(|r| file.game.rulesets.iter().find(|x| x.name.node == r));
                for e in errors {
                    let p = match at {
                        Some(r)
                            if !problems.contains(&Problem::Check(e.clone()))
                                && in_base_game(&file.game, &e) =>
                        {
                            Problem::InRuleset(InRuleset {
                                name: r.name.node.clone(),
                                at: r.name.span.into(),
                                inner: Box::new(e),
                            })
                        }
                        _ => e.into(),
                    };
                    add(&mut problems, p);
                }
            }
        }
    }
    Some(if problems.is_empty() {
        Ok((compiled, Warnings::new(name, shared, warnings)))
    } else {
        Err(RulesError::new(name, shared, problems))
    })
}

/// Whether a problem's words are the base game's: its first label lies in no ruleset (from
/// the ruleset's name to the end of its last section).
fn in_base_game(game: &ast::Game, e: &CheckError) -> bool {
    use miette::Diagnostic as _;
    let Some(at) = e.labels().and_then(|mut l| l.next()).map(|l| l.offset()) else { return false };
    !game.rulesets.iter().any(|r| {
        let end = r.sections.iter().map(|s| s.span.end).max().unwrap_or(r.name.span.end).max(r.name.span.end);
        (r.name.span.start..end).contains(&at)
    })
}

/// The span of the range that applies to parameter `name` in a ruleset (or the base game):
/// the ruleset's own, else that of the nearest ruleset it extends that gives one, else the
/// base game's.
fn range_span(game: &ast::Game, ruleset: Option<&str>, name: &str) -> crate::span::Span {
    let find = |sections: &[ast::Section]| {
        sections.iter().find_map(|s| match &s.kind {
            ast::SectionKind::Param(p) if p.name.node == name => p.range.as_ref().map(|r| r.span),
            _ => None,
        })
    };
    let chain = ruleset
        .and_then(|r| game.rulesets.iter().find(|x| x.name.node == r))
        .and_then(|r| assemble::chain(game, r).ok())
        .unwrap_or_default();
    let own = chain.iter().rev().find_map(|r| find(&r.sections));
    own.or_else(|| find(&game.sections)).unwrap_or(game.name.span)
}

#[cfg(test)]
mod tests {
    use super::named_beyond_declaration as named;

    #[test]
    fn a_parameter_named_only_where_declared_is_not_named() {
        let text = "game \"g\" {\n    param columns = 4 in 2..8 \"c\"\n    param seeds = 2 in 1..3 \"s\"\n    board 2 rows of columns holes\n    ruleset \"r\" {\n        param seeds = 3 in 1..3 \"s\"\n    }\n}";
        assert!(named(text, "columns"));
        assert!(!named(text, "seeds"));
        // A longer word holding the name is not the name; a comment naming it counts.
        assert!(!named("param seeds = 2 in 1..3 \"s\"\n setup { 2 in every hole, seedsx }", "seeds"));
        assert!(named("param seeds = 2 in 1..3 \"s\"\n // seeds: the count", "seeds"));
        assert!(named("param seeds = 2 in 1..3 \"s\"\n xparam seeds", "seeds"));
    }
}
