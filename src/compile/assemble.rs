//! Gather the sections that apply — the base game's, replaced by those a ruleset restates
//! (and by those of the rulesets it extends, farthest first) — and settle every parameter's
//! value. Errors are collected, not returned early.

use std::borrow::Cow;

use indexmap::IndexMap;

use super::error::CheckError;
use crate::span::{Span, Spanned};
use crate::suggest::unknown_name_help;
use crate::syntax::ast::{self, EndRule, Section, SectionKind};

/// A parameter as it applies: base declaration, possibly restated by a ruleset.
#[derive(Clone, Debug)]
pub(crate) struct EffectiveParam<'a> {
    /// Where it is declared in the base game.
    pub decl: &'a ast::Param,
    /// The default that applies.
    pub default: Spanned<u64>,
    /// The range that applies.
    pub range: Option<&'a ast::ParamRange>,
    /// The value to compile with.
    pub value: u64,
}

impl<'a> EffectiveParam<'a> {
    /// A parameter as declared, at its default.
    fn declared(decl: &'a ast::Param) -> EffectiveParam<'a> {
        EffectiveParam { decl, default: decl.default, range: decl.range.as_ref(), value: decl.default.node }
    }

    /// The values listed (`in 6, 8, 12`); empty for a range.
    pub fn listed(&self) -> Vec<u64> {
        self.range.map(|r| r.values.iter().map(|v| v.node).collect()).unwrap_or_default()
    }

    /// Whether the parameter may take value `v`.
    pub fn allows(&self, v: u64) -> bool {
        let listed = self.listed();
        if !listed.is_empty() {
            return listed.contains(&v);
        }
        let (low, high, step) = self.bounds();
        (low..=high).contains(&v) && (step == 0 || (v - low).is_multiple_of(step))
    }

    /// (low, high, step) of the range; a parameter without a range allows only its default.
    pub fn bounds(&self) -> (u64, u64, u64) {
        match self.range {
            Some(r) => (r.low.node, r.high.node, r.step.map_or(1, |s| s.node)),
            None => (self.default.node, self.default.node, 1),
        }
    }
}

/// The sections that apply to one compilation.
#[derive(Debug)]
pub(crate) struct Effective<'a> {
    /// The game.
    pub game: &'a ast::Game,
    /// The ruleset compiled, if any.
    pub ruleset: Option<&'a ast::Ruleset>,
    /// Sections that occur once.
    pub sections: Sections<'a>,
    /// Parameters, in declaration order.
    pub params: IndexMap<String, EffectiveParam<'a>>,
    /// Captures, by name.
    pub captures: IndexMap<String, &'a ast::Capture>,
    /// Captures a ruleset adds (not in the base game): name and span.
    pub added_captures: Vec<Spanned<String>>,
    /// Openings, in order.
    pub openings: Vec<&'a ast::Opening>,
    /// Kinds of marked hole.
    pub marks: Vec<&'a ast::Marks>,
}

/// A section that occurs once: its body, and where its keyword and the whole section are.
#[derive(Debug)]
pub(crate) struct At<'a, T> {
    /// The section's body.
    pub node: &'a T,
    /// Its keyword.
    pub keyword: Span,
    /// The whole section.
    pub span: Span,
}

impl<T> Clone for At<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for At<'_, T> {}

/// The sections that may be given at most once in a game or a ruleset, one field each.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sections<'a> {
    /// What the game is called and where it comes from.
    pub meta: MetaSections<'a>,
    pub board: Option<At<'a, ast::Board>>,
    /// `players N`.
    pub players: Option<At<'a, Spanned<u64>>>,
    pub territory: Option<At<'a, ast::Territory>>,
    /// `opposite holes { … }`.
    pub opposite: Option<At<'a, ast::OppositeHoles>>,
    pub setup: Option<At<'a, ast::Setup>>,
    pub circuit: Option<At<'a, ast::Circuit>>,
    /// The main game's sowing.
    pub sowing: SowingSections<'a>,
    pub end: Option<At<'a, ast::EndRules>>,
    /// `after N laps a sowing is endless`.
    pub lap_limit: Option<At<'a, Spanned<ast::Value>>>,
}

/// The sections that name and describe a game.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MetaSections<'a> {
    pub aliases: Option<At<'a, Vec<Spanned<String>>>>,
    pub origin: Option<At<'a, Spanned<String>>>,
    pub family: Option<At<'a, Spanned<String>>>,
    pub sources: Option<At<'a, Vec<Spanned<String>>>>,
    pub summary: Option<At<'a, Spanned<String>>>,
    pub computer: Option<At<'a, Spanned<ast::SearchKind>>>,
}

/// The sections that make a sowing: the main game's, or those an opening gives of its own.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SowingSections<'a> {
    pub choose: Option<At<'a, ast::Choose>>,
    pub sow: Option<At<'a, ast::Sow>>,
    pub after_lap: Option<At<'a, ast::AfterLap>>,
}

/// Put `node`, the body of `section`, in `slot` if it is empty (or if `replace`). Returns the
/// keyword of the section that was there.
pub(crate) fn put<'a, T>(
    slot: &mut Option<At<'a, T>>,
    section: &'a Section,
    node: &'a T,
    replace: bool,
) -> Option<Span> {
    let first = slot.map(|s| s.keyword);
    if first.is_none() || replace {
        *slot = Some(At { node, keyword: section.keyword, span: section.span });
    }
    first
}

impl<'a> Sections<'a> {
    /// Put a section that may be given once in its field, keeping the one there unless
    /// `replace`. Returns the keyword of the one there, if any. Every kind is placed or said
    /// not to be single here, so that a new kind of section must be placed to compile.
    fn place(&mut self, section: &'a Section, replace: bool) -> Option<Span> {
        match &section.kind {
            SectionKind::Aliases(x) => put(&mut self.meta.aliases, section, x, replace),
            SectionKind::Origin(x) => put(&mut self.meta.origin, section, x, replace),
            SectionKind::Family(x) => put(&mut self.meta.family, section, x, replace),
            SectionKind::LapLimit(x) => put(&mut self.lap_limit, section, x, replace),
            SectionKind::Sources(x) => put(&mut self.meta.sources, section, x, replace),
            SectionKind::Summary(x) => put(&mut self.meta.summary, section, x, replace),
            SectionKind::Computer(x) => put(&mut self.meta.computer, section, x, replace),
            SectionKind::Board(x) => put(&mut self.board, section, x, replace),
            SectionKind::Players(x) => put(&mut self.players, section, x, replace),
            SectionKind::OppositeHoles(x) => put(&mut self.opposite, section, x, replace),
            SectionKind::Territory(x) => put(&mut self.territory, section, x, replace),
            SectionKind::Setup(x) => put(&mut self.setup, section, x, replace),
            SectionKind::Circuit(x) => put(&mut self.circuit, section, x, replace),
            SectionKind::End(x) => put(&mut self.end, section, x, replace),
            SectionKind::Choose(x) => put(&mut self.sowing.choose, section, x, replace),
            SectionKind::Sow(x) => put(&mut self.sowing.sow, section, x, replace),
            SectionKind::AfterLap(x) => put(&mut self.sowing.after_lap, section, x, replace),
            // Named, repeated or restating sections: gathered by `collect` and `restate`.
            SectionKind::Param(_)
            | SectionKind::Capture(_)
            | SectionKind::Opening(_)
            | SectionKind::Marks(_)
            | SectionKind::LapRuleFirst(_)
            | SectionKind::EndRestated(_) => None,
            // Turns of an opening: the grammar allows them nowhere else.
            SectionKind::Lasts(_)
            | SectionKind::TakeTurn(_)
            | SectionKind::TransferTurn(_)
            | SectionKind::MarkTurn(_)
            | SectionKind::EmptyTurn(_) => None,
            SectionKind::OpeningPass(_)
            | SectionKind::OpeningEnd(_)
            | SectionKind::KeepTurn(_)
            | SectionKind::DropCapture(_)
            | SectionKind::OpeningBlocked
            | SectionKind::OpeningSwap(_)
            | SectionKind::FirstOnly(..)
            | SectionKind::Rounds(_) => None,
        }
    }

    /// Lay a ruleset's sections over these: the first of each kind it gives replaces the
    /// one in force. The game's names and history (`aliases`, `origin`, `family`) stay the base
    /// game's.
    fn overlay(&mut self, ruleset: &'a [Section]) {
        for section in ruleset.iter().rev() {
            if !matches!(
                section.kind,
                SectionKind::Aliases(_) | SectionKind::Origin(_) | SectionKind::Family(_)
            ) {
                self.place(section, true);
            }
        }
    }

    /// The keywords of the `aliases`, `origin` and `family` sections given, in the order written: a
    /// ruleset may not give them.
    fn history(&self) -> Vec<(&'static str, Span)> {
        let mut given: Vec<(&'static str, Span)> = [
            self.meta.aliases.map(|a| ("aliases", a.keyword)),
            self.meta.origin.map(|o| ("origin", o.keyword)),
            self.meta.family.map(|f| ("family", f.keyword)),
        ]
        .into_iter()
        .flatten()
        .collect();
        given.sort_by_key(|(_, keyword)| keyword.start);
        given
    }
}

/// The rulesets a compilation starts from: the farthest one a chain of `extends` leads to
/// first, `ruleset` itself last. An unknown name or a circle in the chain is an error.
pub(crate) fn chain<'a>(
    game: &'a ast::Game,
    ruleset: &'a ast::Ruleset,
) -> Result<Vec<&'a ast::Ruleset>, CheckError> {
    let mut chain = vec![ruleset];
    let mut current = ruleset;
    while let Some(parent) = &current.extends {
        if parent.node == current.name.node {
            return Err(CheckError::ExtendsItself { ruleset: parent.node.clone(), span: parent.span.into() });
        }
        let Some(next) = game.rulesets.iter().find(|r| r.name.node == parent.node) else {
            let known: Vec<&str> = game
                .rulesets
                .iter()
                .map(|r| r.name.node.as_str())
                .filter(|r| *r != current.name.node)
                .collect();
            return Err(CheckError::UnknownParent {
                ruleset: current.name.node.clone(),
                parent: parent.node.clone(),
                span: parent.span.into(),
                help: unknown_name_help(&parent.node, "ruleset", &known),
            });
        };
        if let Some(at) = chain.iter().position(|r| std::ptr::eq(*r, next)) {
            return Err(cycle(game, &chain[at..]));
        }
        chain.push(next);
        current = next;
    }
    chain.reverse();
    Ok(chain)
}

/// The error for rulesets that extend each other in a circle, told the same way whichever
/// of them is compiled: from the one written first in the file.
fn cycle(game: &ast::Game, circle: &[&ast::Ruleset]) -> CheckError {
    let index =
        |r: &ast::Ruleset| game.rulesets.iter().position(|x| std::ptr::eq(x, r)).unwrap_or(usize::MAX);
    let start = (0..circle.len()).min_by_key(|&i| index(circle[i])).unwrap_or(0);
    let ordered: Vec<&ast::Ruleset> = circle[start..].iter().chain(&circle[..start]).copied().collect();
    let mut chain: Vec<String> = ordered.iter().map(|r| format!("\"{}\"", r.name.node)).collect();
    chain.push(chain[0].clone());
    let last = ordered[ordered.len() - 1];
    let span = last.extends.as_ref().map_or(last.name.span, |e| e.span);
    CheckError::ExtendsCycle {
        chain: chain.join(" extends "),
        span: span.into(),
        first: ordered[0].name.node.clone(),
    }
}

struct Collected<'a> {
    sections: Sections<'a>,
    params: IndexMap<String, (&'a ast::Param, Span)>,
    captures: IndexMap<String, (&'a ast::Capture, Span)>,
    openings: IndexMap<String, (&'a ast::Opening, Span)>,
    marks: IndexMap<String, (&'a ast::Marks, Span)>,
}

/// Add a named item, or report that the name is already taken.
fn insert_unique<'a, T>(
    map: &mut IndexMap<String, (&'a T, Span)>,
    what: &str,
    name: &Spanned<String>,
    item: &'a T,
    errors: &mut Vec<CheckError>,
) {
    if let Some((_, first)) = map.get(&name.node) {
        errors.push(CheckError::DuplicateName {
            what: what.into(),
            name: name.node.clone(),
            span: name.span.into(),
            first: (*first).into(),
        });
    } else {
        map.insert(name.node.clone(), (item, name.span));
    }
}

fn duplicate_section(section: &Section, first: Span, in_ruleset: bool) -> CheckError {
    let key = section.kind.keyword();
    let help = if in_ruleset {
        format!("keep a single `{key}` section in this ruleset")
    } else {
        format!(
            "keep a single `{key}` section; to describe a variant, restate it inside a `ruleset \"name\" {{ … }}` instead"
        )
    };
    CheckError::DuplicateSection {
        section: key.to_string(),
        help,
        span: section.keyword.into(),
        first: first.into(),
    }
}

fn collect<'a>(sections: &'a [Section], in_ruleset: bool, errors: &mut Vec<CheckError>) -> Collected<'a> {
    let mut out = Collected {
        sections: Sections::default(),
        params: IndexMap::new(),
        captures: IndexMap::new(),
        openings: IndexMap::new(),
        marks: IndexMap::new(),
    };
    for section in sections {
        if let Some(first) = out.sections.place(section, false) {
            errors.push(duplicate_section(section, first, in_ruleset));
        }
        match &section.kind {
            SectionKind::Param(p) => insert_unique(&mut out.params, "parameter", &p.name, p, errors),
            SectionKind::Capture(c) => insert_unique(&mut out.captures, "capture", &c.name, c, errors),
            SectionKind::Opening(o) => insert_unique(&mut out.openings, "opening", &o.name, o, errors),
            SectionKind::Marks(m) => insert_unique(&mut out.marks, "mark", &m.name, m, errors),
            SectionKind::LapRuleFirst(_) | SectionKind::EndRestated(_) if !in_ruleset => {
                let help = match &section.kind {
                    SectionKind::LapRuleFirst(_) => {
                        "in the base game, write the rule inside `after each lap { … }`, where the rules are tried in the order written"
                    }
                    _ => "in the base game, write the rule inside `end { … }`",
                };
                errors.push(CheckError::RestatementInBase {
                    restatement: section.kind.keyword().to_string(),
                    span: section.keyword.into(),
                    help: help.to_string(),
                });
            }
            // Sections given once: placed above.
            _ => {}
        }
    }
    out
}

/// Gather the sections for the base game (`chain` empty) or a ruleset (the last of `chain`,
/// which starts from the others, as [`chain`] gives them). `restated` holds the sections
/// merged from single restated rules, as [`restate`] gives them.
pub(crate) fn assemble<'a>(
    game: &'a ast::Game,
    chain: &[&'a ast::Ruleset],
    restated: &'a [Section],
    errors: &mut Vec<CheckError>,
) -> Effective<'a> {
    let base = collect(&game.sections, false, errors);

    errors.extend(duplicate_rulesets(game));

    let mut sections = base.sections;
    let mut params: IndexMap<String, EffectiveParam<'a>> =
        base.params.iter().map(|(name, (decl, _))| (name.clone(), EffectiveParam::declared(decl))).collect();
    let mut captures: IndexMap<String, &'a ast::Capture> =
        base.captures.iter().map(|(name, (c, _))| (name.clone(), *c)).collect();
    let mut added_captures = Vec::new();
    let mut openings: Vec<&'a ast::Opening> = base.openings.values().map(|(o, _)| *o).collect();
    let mut marks: IndexMap<String, &'a ast::Marks> =
        base.marks.iter().map(|(n, (m, _))| (n.clone(), *m)).collect();

    for ruleset in chain.iter().copied() {
        let over = collect(&ruleset.sections, true, errors);
        for (key, keyword) in over.sections.history() {
            errors.push(CheckError::NotInRuleset { section: key.to_string(), span: keyword.into() });
        }
        sections.overlay(&ruleset.sections);
        overlay_params(&mut params, ruleset, &over.params, errors);
        for (name, (capture, span)) in &over.captures {
            if !captures.contains_key(name) {
                added_captures.push(Spanned::new(name.clone(), *span));
            }
            captures.insert(name.clone(), capture);
        }
        // A ruleset that states openings replaces them all, in its own order.
        if !over.openings.is_empty() {
            openings = over.openings.values().map(|(o, _)| *o).collect();
        }
        for (name, (m, _)) in &over.marks {
            marks.insert(name.clone(), m);
        }
        // Past a limit, the rest of the chain is not gathered: the limit is the error (see
        // `limits::check_assembled`), and gathering on would cost time that grows with it.
        if params.len() > super::MAX_PARAMS
            || captures.len() > super::MAX_CAPTURES
            || openings.len() > super::MAX_OPENINGS
        {
            break;
        }
    }
    for section in restated {
        sections.place(section, true);
    }

    for p in params.values() {
        check_range(p, errors);
    }

    Effective {
        game,
        ruleset: chain.last().copied(),
        sections,
        params,
        captures,
        added_captures,
        openings,
        marks: marks.into_values().collect(),
    }
}

/// Each ruleset is named once.
fn duplicate_rulesets(game: &ast::Game) -> Vec<CheckError> {
    let mut out = Vec::new();
    for (i, r) in game.rulesets.iter().enumerate() {
        if let Some(first) = game.rulesets[..i].iter().find(|x| x.name.node == r.name.node) {
            out.push(CheckError::DuplicateName {
                what: "ruleset".into(),
                name: r.name.node.clone(),
                span: r.name.span.into(),
                first: first.name.span.into(),
            });
        }
    }
    out
}

/// Restate the parameters a ruleset gives, or add those of its own.
fn overlay_params<'a>(
    params: &mut IndexMap<String, EffectiveParam<'a>>,
    ruleset: &ast::Ruleset,
    over: &IndexMap<String, (&'a ast::Param, Span)>,
    errors: &mut Vec<CheckError>,
) {
    let known: Vec<String> = params.keys().cloned().collect();
    let base_params: Vec<&str> = known.iter().map(String::as_str).collect();
    for (name, (decl, span)) in over {
        match params.get_mut(name) {
            Some(p) => {
                p.default = decl.default;
                p.value = decl.default.node;
                if let Some(range) = &decl.range {
                    p.range = Some(range);
                }
            }
            // A parameter of the ruleset's own: it needs its range, and a name that is
            // not a near-miss of one of the base game's (a misspelt restatement).
            None if crate::suggest::did_you_mean(name, base_params.iter().copied()).is_none() => {
                if decl.range.is_none() {
                    let restate = base_params.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>();
                    errors.push(CheckError::ParamNeedsRange {
                        ruleset: ruleset.name.node.clone(),
                        name: name.clone(),
                        span: (*span).into(),
                        help: format!(
                            "write `param {name} = {} in LOW..HIGH`; a ruleset declares the range of a parameter of its own (it may restate the base game's: {})",
                            decl.default.node,
                            restate.join(", ")
                        ),
                    });
                }
                params.insert(name.clone(), EffectiveParam::declared(decl));
            }
            None => errors.push(CheckError::UnknownOverride {
                ruleset: ruleset.name.node.clone(),
                what: "parameter".into(),
                name: name.clone(),
                span: (*span).into(),
                help: unknown_name_help(name, "parameter", &base_params),
            }),
        }
    }
}

/// A parameter's range must allow its default.
fn check_range(p: &EffectiveParam<'_>, errors: &mut Vec<CheckError>) {
    let Some(range) = p.range else { return };
    let listed = p.listed();
    if !listed.is_empty() {
        let words = listed.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        let name = &p.decl.name.node;
        if listed.windows(2).any(|w| w[1] <= w[0]) {
            errors.push(CheckError::ParamList {
                message: format!("the values {words} of `{name}` do not rise"),
                span: range.span.into(),
                label: "not from the smallest up",
                help: "list the values from the smallest, each larger than the one before: `in 6, 8, 12`",
            });
        } else if !listed.contains(&p.default.node) {
            errors.push(CheckError::ParamList {
                message: format!("the values {words} of `{name}` leave out its default {}", p.default.node),
                span: p.default.span.into(),
                label: "not among the values listed",
                help: "make the default one of the values listed, or list it",
            });
        }
        return;
    }
    let (low, high, step) = p.bounds();
    if low > high {
        errors.push(CheckError::EmptyRange {
            low,
            high,
            problem: "allows no value".into(),
            span: range.span.into(),
            reason: format!("{low} is above {high}"),
            help: format!("write the smaller bound first: `in {high}..{low}`"),
        });
        return;
    }
    if step == 0 {
        errors.push(CheckError::EmptyRange {
            low,
            high,
            problem: "has a step of 0".into(),
            span: range.span.into(),
            reason: "a step of 0 never reaches another value".into(),
            help: "give a step of at least 1, or leave the step out".into(),
        });
        return;
    }
    let default = p.default.node;
    if default < low || default > high {
        errors.push(CheckError::DefaultOutOfRange {
            name: p.decl.name.node.clone(),
            default,
            low,
            high,
            span: p.default.span.into(),
            range: range.span.into(),
        });
    } else if !(default - low).is_multiple_of(step) {
        errors.push(CheckError::OffStep {
            name: p.decl.name.node.clone(),
            default,
            low,
            next: low + step,
            step,
            span: p.default.span.into(),
        });
    }
}

/// Set parameters from `name=value` arguments.
pub(crate) fn apply_params(effective: &mut Effective<'_>, args: &[String], errors: &mut Vec<CheckError>) {
    for arg in args {
        let Some((name, value)) = arg.split_once('=') else {
            errors.push(CheckError::ParamSyntax { text: arg.clone() });
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        let Ok(value) = value.parse::<u64>() else {
            errors.push(CheckError::ParamSyntax { text: arg.clone() });
            continue;
        };
        let known: Vec<String> = effective.params.keys().cloned().collect();
        let Some(p) = effective.params.get_mut(name) else {
            let known: Vec<&str> = known.iter().map(String::as_str).collect();
            errors.push(CheckError::UnknownParamArg {
                name: name.to_string(),
                help: unknown_name_help(name, "parameter", &known),
            });
            continue;
        };
        let (low, high, step) = p.bounds();
        if !p.allows(value) {
            let span = p.range.map_or(p.default.span, |r| r.span);
            let listed = p.listed();
            let help = if !listed.is_empty() {
                let words: Vec<String> = listed.iter().map(u64::to_string).collect();
                format!("give one of {}", words.join(", "))
            } else if step > 1 {
                format!("give a value from {low} to {high} in steps of {step}")
            } else if low == high {
                format!("`{name}` can only be {low}")
            } else {
                format!("give a value from {low} to {high}")
            };
            let allowed = match listed.is_empty() {
                true => format!("{low}..{high}"),
                false => listed.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
            };
            errors.push(CheckError::ParamOutOfRange {
                name: name.to_string(),
                value,
                allowed,
                span: span.into(),
                help,
            });
            continue;
        }
        p.value = value;
    }
}

/// The `after each lap` and `end` sections that single restated rules (`after each lap,
/// first: …`, `end, also: …`, `end, instead: …`) make, for the base game (`chain` empty) or
/// a ruleset and those it extends: each restatement changes the section as it stands after
/// the rulesets before it. A section that no restatement touches is not returned (it is used
/// as written). `text` is the file, to compare restated lap rules with those they repeat.
pub(crate) fn restate(
    game: &ast::Game,
    chain: &[&ast::Ruleset],
    text: &str,
    errors: &mut Vec<CheckError>,
) -> Vec<Section> {
    let mut out = Vec::new();
    for key in [Restated::AfterLap, Restated::End] {
        let mut current: Option<Cow<'_, Section>> = key.whole_in(&game.sections).map(Cow::Borrowed);
        for ruleset in chain {
            let whole = key.whole_in(&ruleset.sections);
            if let Some(whole) = whole {
                current = Some(Cow::Borrowed(whole));
            }
            let mut added_first = 0;
            for section in &ruleset.sections {
                if !key.is_restatement(&section.kind) {
                    continue;
                }
                if let Some(whole) = whole {
                    errors.push(restatement_and_section(section, whole));
                    continue;
                }
                let merged = current.get_or_insert_with(|| Cow::Owned(key.empty_at(section))).to_mut();
                match (&section.kind, &mut merged.kind) {
                    (SectionKind::LapRuleFirst(rule), SectionKind::AfterLap(after)) => {
                        put_first(text, section, rule, after, added_first, errors);
                        added_first += 1;
                    }
                    (SectionKind::EndRestated(restated), SectionKind::End(end)) => {
                        restate_end_rule(&ruleset.name.node, section, restated, end, errors);
                    }
                    _ => {}
                }
            }
        }
        if let Some(Cow::Owned(section)) = current {
            out.push(section);
        }
    }
    out
}

/// The two sections whose rules a ruleset may restate one at a time.
#[derive(Clone, Copy)]
enum Restated {
    AfterLap,
    End,
}

impl Restated {
    /// The whole section, the first of `sections`.
    fn whole_in(self, sections: &[Section]) -> Option<&Section> {
        sections.iter().find(|s| match self {
            Restated::AfterLap => matches!(s.kind, SectionKind::AfterLap(_)),
            Restated::End => matches!(s.kind, SectionKind::End(_)),
        })
    }

    /// Whether `kind` restates one of its rules.
    fn is_restatement(self, kind: &SectionKind) -> bool {
        match self {
            Restated::AfterLap => matches!(kind, SectionKind::LapRuleFirst(_)),
            Restated::End => matches!(kind, SectionKind::EndRestated(_)),
        }
    }

    /// An empty section standing where a restatement is written, for a restatement with no
    /// section to change.
    fn empty_at(self, restatement: &Section) -> Section {
        let kind = match self {
            Restated::End => SectionKind::End(ast::EndRules { rules: Vec::new() }),
            Restated::AfterLap => SectionKind::AfterLap(ast::AfterLap { rules: Vec::new(), otherwise: None }),
        };
        Section { keyword: restatement.keyword, span: restatement.span, kind }
    }
}

/// Put `after each lap, first: …` in front of the lap rules (after those the same ruleset
/// put there before it).
fn put_first(
    text: &str,
    section: &Section,
    rule: &ast::LapRule,
    after: &mut ast::AfterLap,
    at: usize,
    errors: &mut Vec<CheckError>,
) {
    if let Some(old) = after.rules.get(at)
        && same_text(text, old.span, rule.span)
    {
        errors.push(CheckError::RestatementUnchanged {
            span: section.span.into(),
            first: old.span.into(),
            help: "the rule is already the first one tried; remove the restatement".into(),
        });
    }
    after.rules.insert(at, rule.clone());
}

fn restatement_and_section(restatement: &Section, whole: &Section) -> CheckError {
    CheckError::RestatementAndSection {
        restatement: restatement.kind.keyword().to_string(),
        section: whole.kind.keyword().to_string(),
        span: restatement.keyword.into(),
        whole: whole.keyword.into(),
    }
}

/// Apply `end, also: …` or `end, instead: …` to the end rules a ruleset starts from.
fn restate_end_rule(
    ruleset: &str,
    section: &Section,
    restated: &ast::EndRestated,
    end: &mut ast::EndRules,
    errors: &mut Vec<CheckError>,
) {
    let rule = &restated.rule;
    let same_kind = |r: &Spanned<EndRule>| r.node.kind() == rule.node.kind();
    match (end.rules.iter().position(same_kind), restated.instead) {
        (Some(i), false) => errors.push(CheckError::EndRuleExists {
            ruleset: ruleset.to_string(),
            kind: rule.node.kind().to_string(),
            span: section.span.into(),
            first: end.rules[i].span.into(),
        }),
        (None, false) => end.rules.push(rule.clone()),
        (None, true) => errors.push(CheckError::NoEndRuleToReplace {
            ruleset: ruleset.to_string(),
            kind: rule.node.kind().to_string(),
            span: section.span.into(),
        }),
        (Some(i), true) if end.rules[i].node.same_as(&rule.node) => {
            errors.push(CheckError::RestatementUnchanged {
                span: section.span.into(),
                first: end.rules[i].span.into(),
                help: "the ruleset starts from this rule already; remove the restatement".into(),
            })
        }
        (Some(i), true) => end.rules[i] = rule.clone(),
    }
}

/// Whether two spans of the file say the same, comments and spacing aside.
fn same_text(text: &str, a: Span, b: Span) -> bool {
    let words = |s: Span| -> Vec<&str> {
        text.get(s.start..s.end)
            .unwrap_or("")
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .flat_map(str::split_whitespace)
            .collect()
    };
    words(a) == words(b)
}
