//! What editor tools read off a rules file's parse tree: its sections and rulesets, the names
//! it declares and uses, the grammar rules under a place in the text, and the words that may
//! come next (for completion). The language server ([`crate::lsp`]) is built on this; pest's
//! types stay inside [`crate::syntax`].

use std::collections::HashMap;
use std::sync::LazyLock;

use pest::error::ErrorVariant;
use pest::iterators::Pair;

use super::error::SyntaxError;
use super::parser::{Rule, parse_tree};
use crate::span::Span;

/// The kinds of name a rules file declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// A row (`territory each player owns rows outer, inner`) or a mark (`marks ruma`): they
    /// share one set of names.
    Row,
    /// A parameter (`param columns = 8 …`).
    Param,
    /// A capture (`capture frontal { … }`).
    Capture,
    /// A ruleset (`ruleset "ludii" { … }`).
    Ruleset,
}

impl NameKind {
    /// The kind in words.
    pub fn describe(self) -> &'static str {
        match self {
            NameKind::Row => "row or mark",
            NameKind::Param => "parameter",
            NameKind::Capture => "capture",
            NameKind::Ruleset => "ruleset",
        }
    }
}

/// A name where it stands in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameSite {
    /// What it names.
    pub kind: NameKind,
    /// The name.
    pub name: String,
    /// Where it stands (a ruleset's name: inside its quotes).
    pub span: Span,
    /// It declares the name (rather than uses it).
    pub declaration: bool,
    /// The span of the section that declares it (for a declaration).
    pub section: Span,
}

/// A section of the game or of a ruleset (or the game or ruleset itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The grammar rule (`board`, `after_lap`, `ruleset`, …).
    pub rule: &'static str,
    /// Its first words, as a title (`capture frontal`, `ruleset "ludii"`).
    pub title: String,
    /// The whole section.
    pub span: Span,
    /// Its first words.
    pub head: Span,
    /// Its sections (for the game and rulesets).
    pub children: Vec<Section>,
}

/// The sections and names of a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outline {
    /// The game (one section, its sections and rulesets inside).
    pub sections: Vec<Section>,
    /// Every name declared or used, in order.
    pub names: Vec<NameSite>,
}

impl Outline {
    /// The name at a byte offset, if one stands there.
    pub fn name_at(&self, offset: usize) -> Option<&NameSite> {
        self.names.iter().find(|n| n.span.start <= offset && offset <= n.span.end)
    }

    /// The declarations of a name.
    pub fn declarations(&self, kind: NameKind, name: &str) -> impl Iterator<Item = &NameSite> {
        self.names.iter().filter(move |n| n.declaration && n.kind == kind && n.name == name)
    }

    /// Every place a name stands, declarations included.
    pub fn references(&self, kind: NameKind, name: &str) -> impl Iterator<Item = &NameSite> {
        self.names.iter().filter(move |n| n.kind == kind && n.name == name)
    }

    /// The ruleset a byte offset lies in, if any.
    pub fn ruleset_at(&self, offset: usize) -> Option<String> {
        let game = self.sections.first()?;
        game.children
            .iter()
            .find(|s| s.rule == "ruleset" && s.span.start <= offset && offset < s.span.end)
            .and_then(|s| s.title.strip_prefix("ruleset "))
            .map(|t| t.trim_matches('"').to_string())
    }
}

/// The outline of a rules file, or its syntax error.
pub fn outline(source: &str) -> Result<Outline, SyntaxError> {
    Ok(outline_of(parse_tree(source)?, source))
}

/// A parse tree kept flat, to find the grammar rules under an offset without parsing again
/// (the language server keeps one per document, from its checking thread).
#[derive(Clone, Debug, Default)]
pub struct Tree {
    /// The nodes in pre-order.
    nodes: Vec<Node>,
}

#[derive(Clone, Debug)]
struct Node {
    rule: &'static str,
    span: Span,
    /// The index just past this node's descendants: its next sibling, if it has one.
    next: usize,
}

impl Tree {
    /// The grammar rules whose text holds a byte offset, outermost first, each with its
    /// span: as [`rules_at`] finds them in the text this tree was parsed from.
    pub fn rules_at(&self, offset: usize) -> Vec<(&'static str, Span)> {
        let mut chain = Vec::new();
        let mut at = (!self.nodes.is_empty()).then_some(0);
        while let Some(i) = at.take() {
            let node = &self.nodes[i];
            chain.push((node.rule, node.span));
            let mut child = i + 1;
            while child < node.next {
                let span = self.nodes[child].span;
                if span.start <= offset && offset < span.end {
                    at = Some(child);
                    break;
                }
                child = self.nodes[child].next;
            }
        }
        chain
    }

    fn push(&mut self, pair: Pair<'_, Rule>) {
        let at = self.nodes.len();
        let span = pair.as_span();
        let span = Span::new(span.start(), span.end());
        self.nodes.push(Node { rule: rule_name(pair.as_rule()), span, next: at + 1 });
        for child in pair.into_inner() {
            self.push(child);
        }
        self.nodes[at].next = self.nodes.len();
    }
}

/// The outline of a rules file and its parse tree, from one parse; or its syntax error.
pub fn parse(source: &str) -> Result<(Outline, Tree), SyntaxError> {
    let pair = parse_tree(source)?;
    let mut tree = Tree::default();
    tree.push(pair.clone());
    Ok((outline_of(pair, source), tree))
}

fn outline_of(tree: Pair<'_, Rule>, source: &str) -> Outline {
    let mut outline = Outline::default();
    for pair in tree.into_inner() {
        if pair.as_rule() == Rule::game {
            outline.sections.push(section(pair.clone(), source));
            names(pair, None, None, &mut outline.names);
        }
    }
    outline
}

fn rule_name(rule: Rule) -> &'static str {
    RULE_NAMES.get(&rule).map_or("", String::as_str)
}

/// Every rule's name, as the grammar spells it (`Rule`'s `Debug`), made once.
static RULE_NAMES: LazyLock<HashMap<Rule, String>> =
    LazyLock::new(|| Rule::all_rules().iter().map(|&r| (r, format!("{r:?}"))).collect());

fn section(pair: Pair<'_, Rule>, source: &str) -> Section {
    let span = pair.as_span();
    let rule = pair.as_rule();
    let inner: Vec<_> = pair.clone().into_inner().collect();
    // The head: the words before the section's `{`, else its first line.
    let text = span.as_str();
    let head_len = text.find('{').or_else(|| text.find('\n')).unwrap_or(text.len());
    let head_end = span.start() + head_len;
    let head = Span::new(span.start(), head_end);
    let title = super::format::phrase(&source[head.start..head.end]);
    let title = if title.chars().count() > 60 {
        format!("{}…", title.chars().take(59).collect::<String>())
    } else {
        title
    };
    let children = if matches!(rule, Rule::game | Rule::ruleset) {
        inner.into_iter().filter(|c| is_section(c.as_rule())).map(|c| section(c, source)).collect()
    } else {
        Vec::new()
    };
    Section { rule: rule_name(rule), title, span: Span::new(span.start(), span.end()), head, children }
}

/// Whether a child of a game or ruleset is a section (not its keyword, name or `extends`).
fn is_section(rule: Rule) -> bool {
    !matches!(rule, Rule::string | Rule::extends) && !rule_name(rule).starts_with("kw_")
}

fn names(pair: Pair<'_, Rule>, parent: Option<Rule>, section: Option<Span>, out: &mut Vec<NameSite>) {
    let rule = pair.as_rule();
    let span = pair.as_span();
    let here = Span::new(span.start(), span.end());
    let section = match parent {
        Some(Rule::game | Rule::ruleset) | None => Some(here),
        _ => section,
    };
    let site = |kind, declaration, span: Span, name: &str| NameSite {
        kind,
        name: name.to_string(),
        span,
        declaration,
        section: section.unwrap_or(span),
    };
    match rule {
        Rule::row_name => {
            let declaration = matches!(parent, Some(Rule::name_list | Rule::marks));
            out.push(site(NameKind::Row, declaration, here, span.as_str()));
            return;
        }
        Rule::param_name => {
            out.push(site(NameKind::Param, parent == Some(Rule::param), here, span.as_str()));
            return;
        }
        Rule::name => {
            out.push(site(NameKind::Capture, parent == Some(Rule::capture), here, span.as_str()));
            return;
        }
        Rule::string if matches!(parent, Some(Rule::ruleset | Rule::extends)) => {
            let body = Span::new(span.start() + 1, span.end().saturating_sub(1).max(span.start() + 1));
            let name = span.as_str().trim_matches('"');
            out.push(site(NameKind::Ruleset, parent == Some(Rule::ruleset), body, name));
            return;
        }
        _ => {}
    }
    // A marks section declares its first name only: later row names are rows of its holes.
    let mut first_row = rule == Rule::marks;
    for child in pair.into_inner() {
        if child.as_rule() == Rule::row_name && rule == Rule::marks && !first_row {
            names(child, Some(Rule::one_hole), section, out);
            continue;
        }
        first_row &= child.as_rule() != Rule::row_name;
        names(child, Some(rule), section, out);
    }
}

/// The grammar rules whose text holds a byte offset, outermost first, each with its span.
pub fn rules_at(source: &str, offset: usize) -> Result<Vec<(&'static str, Span)>, SyntaxError> {
    let tree = parse_tree(source)?;
    let mut chain = Vec::new();
    let mut pair = Some(tree);
    while let Some(p) = pair.take() {
        let span = p.as_span();
        chain.push((rule_name(p.as_rule()), Span::new(span.start(), span.end())));
        pair = p.into_inner().find(|c| c.as_span().start() <= offset && offset < c.as_span().end());
    }
    Ok(chain)
}

/// The grammar's text, whose `///` comments document each rule.
const GRAMMAR: &str = include_str!("../../grammar/sow.pest");

/// Each rule's `///` documentation in the grammar, by the rule's name.
static DOCS: LazyLock<HashMap<&'static str, String>> = LazyLock::new(|| {
    let mut docs = HashMap::new();
    let mut comment: Vec<&str> = Vec::new();
    for line in GRAMMAR.lines() {
        let trimmed = line.trim_start();
        if let Some(text) = trimmed.strip_prefix("///") {
            comment.push(text.strip_prefix(' ').unwrap_or(text));
            continue;
        }
        if let Some((name, _)) = line.split_once(" = ")
            && !name.contains(' ')
            && !name.is_empty()
        {
            docs.insert(name, comment.join("\n"));
        }
        comment.clear();
    }
    docs
});

/// The grammar's documentation of a rule (empty for a rule without one), by its name.
pub fn rule_doc(rule: &str) -> Option<&'static str> {
    DOCS.get(rule).map(String::as_str).filter(|d| !d.is_empty())
}

/// What may be typed at a place in a file: the phrases the grammar allows there, and the
/// kinds of name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// Words or phrases (`board`, `after each lap`), without placeholders.
    pub phrases: Vec<String>,
    /// Kinds of name that may stand there.
    pub names: Vec<NameKind>,
    /// The part of a word already typed before the offset, which a completion replaces.
    pub typed: Span,
}

/// The most phrases [`expected_at`] lengthens (each costs a parse of the file up to the
/// cursor).
const MAX_LENGTHENED: usize = 24;

/// What may stand at byte `offset` of `source` (see [`expected_here`]), each word that fits
/// what is typed also lengthened into the phrases it begins: a word after which the grammar
/// allows only words is followed by each of them, and then by the one word that must come
/// next while there is exactly one (`after` → `after each lap`; `ne` → `next hole`).
pub fn expected_at(source: &str, offset: usize) -> Expected {
    let mut expected = expected_here(source, offset);
    let typed = &source[expected.typed.start..expected.typed.end];
    let prefix = &source[..expected.typed.start];
    let words: Vec<String> = expected.phrases.iter().filter(|p| p.starts_with(typed)).cloned().collect();
    let mut budget = MAX_LENGTHENED;
    // The phrases a rule of the grammar begins with, valid here.
    for phrase in LEADING.iter().filter(|p| words.iter().any(|w| p.starts_with(&format!("{w} ")))) {
        if budget == 0 {
            break;
        }
        budget -= 1;
        if !expected.phrases.contains(phrase) && reaches_end(&format!("{prefix}{phrase} ")) {
            expected.phrases.push(phrase.clone());
        }
    }
    for word in words {
        let next = after(prefix, &word, &mut budget);
        {
            for following in next.phrases.iter().filter(|p| !p.contains(' ')) {
                let mut phrase = format!("{word} {following}");
                // Then the one word that must follow, while there is exactly one.
                for _ in 0..6 {
                    let then = after(prefix, &phrase, &mut budget);
                    let words: Vec<&String> = then.phrases.iter().filter(|p| !p.contains(' ')).collect();
                    match words.as_slice() {
                        [only] if then.names.is_empty() => phrase = format!("{phrase} {only}"),
                        _ => break,
                    }
                }
                if !expected.phrases.contains(&phrase) {
                    expected.phrases.push(phrase);
                }
            }
        }
    }
    expected
}

/// Whether a text parses to its end (or fails only there, where more is to come).
fn reaches_end(text: &str) -> bool {
    match <super::parser::SowParser as pest::Parser<Rule>>::parse(Rule::file, text) {
        Ok(_) => true,
        Err(error) => text[furthest(&error).min(text.len())..].trim().is_empty(),
    }
}

/// The words each rule of the grammar begins with, where it begins with two or more
/// keywords (`after each lap`, `opposite holes`), read off the grammar's text.
static LEADING: LazyLock<Vec<String>> = LazyLock::new(|| {
    let bodies = rule_bodies();
    let literal = |kw: &str| {
        let body = bodies.iter().find(|(name, _)| *name == kw)?.1.as_str();
        Some(body.split('"').nth(1)?.to_string())
    };
    let mut phrases: Vec<String> = Vec::new();
    for (_, body) in &bodies {
        let Some(inner) = body.split_once('{').map(|(_, b)| b) else { continue };
        let mut words = Vec::new();
        for token in inner.split_whitespace() {
            match token {
                "~" => {}
                kw if kw.starts_with("kw_") => match literal(kw) {
                    Some(word) => words.push(word),
                    None => break,
                },
                _ => break,
            }
        }
        let phrase = words.join(" ");
        if words.len() >= 2 && !phrases.contains(&phrase) {
            phrases.push(phrase);
        }
    }
    phrases
});

/// Each rule of the grammar's text: its name and its body (from its `=` to the next rule).
fn rule_bodies() -> Vec<(&'static str, String)> {
    let mut rules: Vec<(&'static str, String)> = Vec::new();
    for line in GRAMMAR.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        match line.split_once(" = ") {
            Some((name, body)) if !name.contains(' ') && !name.is_empty() && !line.starts_with(' ') => {
                rules.push((name, body.to_string()));
            }
            _ => {
                if let Some(last) = rules.last_mut() {
                    last.1.push(' ');
                    last.1.push_str(trimmed);
                }
            }
        }
    }
    rules
}

/// What may follow `phrase` typed after `prefix` (nothing once the budget is spent).
fn after(prefix: &str, phrase: &str, budget: &mut usize) -> Expected {
    if *budget == 0 {
        return Expected::default();
    }
    *budget -= 1;
    let text = format!("{prefix}{phrase} ");
    expected_here(&text, text.len())
}

/// What may stand at byte `offset` of `source`: the file up to the word being typed is
/// parsed, and what the parser expected where it stopped is read off its error.
pub fn expected_here(source: &str, offset: usize) -> Expected {
    let offset = offset.min(source.len());
    let offset = (0..=offset).rev().find(|&i| source.is_char_boundary(i)).unwrap_or(0);
    let before = &source[..offset];
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '\'')
        .last()
        .map_or(offset, |(i, _)| i);
    let prefix = &source[..word_start];
    let mut expected = Expected { typed: Span::new(word_start, offset), ..Expected::default() };
    pest::set_error_detail(true);
    let Err(error) = <super::parser::SowParser as pest::Parser<Rule>>::parse(Rule::file, prefix) else {
        return expected;
    };
    let pos = furthest(&error);
    let mut positives = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    if pos > location(&error) {
        // The rules the error names belong to the earlier place.
        positives.clear();
    }
    // Only what was expected where the typing is: an error earlier in the file says nothing
    // about this place.
    if prefix[pos.min(prefix.len())..].trim().is_empty() {
        let mut push = |phrase: String| {
            if !phrase.is_empty() && !expected.phrases.contains(&phrase) {
                expected.phrases.push(phrase);
            }
        };
        for &rule in &positives {
            match rule {
                Rule::row_name => expected.names.push(NameKind::Row),
                Rule::param_name | Rule::value => expected.names.push(NameKind::Param),
                Rule::name => expected.names.push(NameKind::Capture),
                _ => {}
            }
            for phrase in super::expected::phrase(rule).split(" or ") {
                push(leading_words(phrase));
            }
        }
        if let Some(attempts) = error.parse_attempts()
            && attempts.max_position == pos
        {
            for token in attempts.expected_tokens() {
                let text = token.to_string();
                let text = text.trim_matches('"');
                if text.chars().all(|c| c.is_ascii_lowercase() || c == '\'' || c == '-') {
                    push(text.to_string());
                }
            }
        }
    }
    expected.names.dedup();
    expected
}

/// Where pest places a parse error: after the last rule that matched.
fn location(error: &pest::error::Error<Rule>) -> usize {
    match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    }
}

/// How far the parse got: pest's tracking of tokens may have got further than the error's
/// place.
fn furthest(error: &pest::error::Error<Rule>) -> usize {
    let at = location(error);
    error.parse_attempts().map_or(at, |a| a.max_position.max(at))
}

/// The words at the start of a phrase of an error message (`` `after each lap, first: …` ``
/// → `after each lap`), up to its first placeholder or punctuation.
fn leading_words(phrase: &str) -> String {
    let Some(inner) = phrase.split('`').nth(1) else { return String::new() };
    let mut words = Vec::new();
    for word in inner.split(' ') {
        let clean = word.trim_end_matches([',', ':']);
        let ok = !clean.is_empty() && clean.chars().all(|c| c.is_ascii_lowercase() || c == '\'' || c == '-');
        if !ok {
            break;
        }
        words.push(clean);
        if clean.len() != word.len() {
            break;
        }
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_tree_finds_the_rules_a_parse_finds() {
        for (name, text) in crate::bundled::BUNDLED.iter().take(6) {
            let (outline, tree) = parse(text).unwrap();
            assert_eq!(outline, self::outline(text).unwrap(), "{name}");
            for offset in (0..=text.len()).step_by(7) {
                assert_eq!(tree.rules_at(offset), rules_at(text, offset).unwrap(), "{name} at {offset}");
            }
        }
    }
}
