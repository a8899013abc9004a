//! How many of each thing a file may have: more than any game needs, few enough that
//! checking a file stays fast (a file is compiled again for each ruleset and each end of each
//! parameter's range) and that the engine's one-byte indices never wrap.
//!
//! Each limit holds twice: for what each section of the file writes ([`check`], before any
//! compilation), and for the game a ruleset assembles after `extends` ([`check_assembled`]),
//! since a chain of rulesets each within the limits can add up past them.

use super::assemble::Effective;
use super::error::CheckError;
use crate::span::Span;
use crate::syntax::ast::{self, SectionKind};

/// Rulesets in a file.
pub const MAX_RULESETS: usize = 64;
/// Parameters a game (or a ruleset) declares.
pub const MAX_PARAMS: usize = 16;
/// Captures a game (or a ruleset) defines.
pub const MAX_CAPTURES: usize = 64;
/// Openings a game (or a ruleset) has.
pub const MAX_OPENINGS: usize = 16;
/// Follow-ups (`then …` lines) of one capture.
pub const MAX_FOLLOW_UPS: usize = 16;

/// Every count over its limit, pointing at the first item too many.
pub(crate) fn check(game: &ast::Game) -> Vec<CheckError> {
    let mut errors = Vec::new();
    let mut over = |what: &str, max: usize, spans: &[Span], help: &str| {
        if let Some(span) = spans.get(max) {
            errors.push(CheckError::TooMany {
                what: what.to_string(),
                max,
                span: (*span).into(),
                help: help.to_string(),
            });
        }
    };
    let names: Vec<Span> = game.rulesets.iter().map(|r| r.name.span).collect();
    over("rulesets", MAX_RULESETS, &names, "put further variants in a file of their own");
    for sections in std::iter::once(&game.sections).chain(game.rulesets.iter().map(|r| &r.sections)) {
        let (mut params, mut captures, mut openings) = (Vec::new(), Vec::new(), Vec::new());
        for section in sections {
            match &section.kind {
                SectionKind::Param(p) => params.push(p.name.span),
                SectionKind::Opening(o) => openings.push(o.name.span),
                SectionKind::Capture(c) => {
                    captures.push(c.name.span);
                    let follow_ups: Vec<Span> = c.follow_ups.iter().map(|f| f.span).collect();
                    over("follow-ups to a capture", MAX_FOLLOW_UPS, &follow_ups, "merge the follow-ups");
                }
                _ => {}
            }
        }
        over("parameters", MAX_PARAMS, &params, "write the others as numbers");
        over("captures", MAX_CAPTURES, &captures, "merge captures that take the same holes");
        over("openings", MAX_OPENINGS, &openings, "merge openings with the same turns");
    }
    errors
}

/// Every count of an assembled game (a ruleset with all it extends) over its limit, pointing
/// at the first item too many.
pub(crate) fn check_assembled(eff: &Effective<'_>) -> Vec<CheckError> {
    let mut errors = Vec::new();
    let mut over = |what: &str, max: usize, span: Option<Span>, help: &str| {
        if let Some(span) = span {
            errors.push(CheckError::TooMany {
                what: what.to_string(),
                max,
                span: span.into(),
                help: format!(
                    "{help} (the limit counts what a ruleset and every ruleset it extends declare)"
                ),
            });
        }
    };
    let param = eff.params.get_index(MAX_PARAMS).map(|(_, p)| p.decl.name.span);
    over("parameters", MAX_PARAMS, param, "write the others as numbers");
    let capture = eff.captures.get_index(MAX_CAPTURES).map(|(_, c)| c.name.span);
    over("captures", MAX_CAPTURES, capture, "merge captures that take the same holes");
    let opening = eff.openings.get(MAX_OPENINGS).map(|o| o.name.span);
    over("openings", MAX_OPENINGS, opening, "merge openings with the same turns");
    errors
}
