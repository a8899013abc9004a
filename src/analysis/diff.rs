//! Comparing two games' rules models section by section: board, territory, start position,
//! circuits, choice rules, sowing, captures, follow-up choices, end rules — whatever the
//! model's text ([`Model`]'s `Display`, what `sow show` prints) says, showing only what
//! differs.
//!
//! Working from the *model* means two files that say the same thing in different words
//! compare equal, and every construct the language gains is compared without code here.

use std::fmt::Write as _;

use similar::{Algorithm, ChangeTag};

use crate::model::Model;

/// Changed lines shown per section before the rest is summarised.
const MAX_LINES: usize = 24;

/// One section of the dump: its title and its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The section's title line, e.g. `board` or `circuits (own rows, anticlockwise; …)`.
    pub title: String,
    /// The lines below the title.
    pub lines: Vec<String>,
}

impl Section {
    /// The title without its parenthesised gloss: what sections are matched by.
    pub fn key(&self) -> &str {
        self.title.split(" (").next().unwrap_or(&self.title).trim()
    }
}

/// How one section differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SectionDiff {
    /// In the first game only.
    OnlyFirst(Section),
    /// In the second game only.
    OnlySecond(Section),
    /// In both, differently: the title in each, and the lines as a line diff.
    Changed {
        /// The title in the first game.
        first: String,
        /// The title in the second game.
        second: String,
        /// The diff of the lines.
        lines: Vec<Line>,
    },
}

/// A line of a line diff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// In both.
    Same(String),
    /// In the first only.
    Removed(String),
    /// In the second only.
    Added(String),
}

/// The sections of a model's text, without the metadata at its head (names, sources,
/// description), which says nothing about how the game is played.
pub fn sections(model: &Model) -> Vec<Section> {
    let text = model.to_string();
    let mut out: Vec<Section> = Vec::new();
    let mut started = false;
    let mut blank = true;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank = true;
            continue;
        }
        let title = !line.starts_with(' ');
        if !started {
            if !title || !line.starts_with("game ") {
                continue;
            }
            started = true;
        }
        match out.last_mut() {
            Some(section) if !(blank && title) => section.lines.push(line.trim_end().to_string()),
            _ => out.push(Section { title: line.trim_end().to_string(), lines: Vec::new() }),
        }
        blank = false;
    }
    // The `game "Name", ruleset` line names the game: compare what follows it only.
    out.retain(|s| !s.title.starts_with("game "));
    // A game with openings lists its main game's rules in a section of their own; they are
    // what a game without openings lists at the top level, so compare them there.
    let mut flat = Vec::new();
    for section in out {
        if section.key() != "main game" {
            flat.push(section);
            continue;
        }
        for line in section.lines {
            let inner = line.strip_prefix("  ").unwrap_or(&line).to_string();
            match flat.last_mut() {
                Some(Section { lines, .. }) if inner.starts_with(' ') => lines.push(inner),
                _ => flat.push(Section { title: inner, lines: Vec::new() }),
            }
        }
    }
    flat
}

/// The sections in which two games' models differ, in the order of the first game's
/// (sections only in the second come last).
pub fn diff(a: &Model, b: &Model) -> Vec<SectionDiff> {
    let (a, b) = (sections(a), sections(b));
    let mut out = Vec::new();
    for sa in &a {
        match b.iter().find(|sb| sb.key() == sa.key()) {
            None => out.push(SectionDiff::OnlyFirst(sa.clone())),
            Some(sb) if sb == sa => {}
            Some(sb) => out.push(SectionDiff::Changed {
                first: sa.title.clone(),
                second: sb.title.clone(),
                lines: line_diff(&sa.lines, &sb.lines),
            }),
        }
    }
    for sb in &b {
        if !a.iter().any(|sa| sa.key() == sb.key()) {
            out.push(SectionDiff::OnlySecond(sb.clone()));
        }
    }
    out
}

/// Whether two games' models agree in everything but what describes them (names, sources,
/// the values their parameters were given): the check behind [`diff`], whose words may
/// miss a difference the model holds.
pub fn same_rules(a: &Model, b: &Model) -> bool {
    let bare = |m: &Model| Model { meta: Default::default(), params: Vec::new(), ..m.clone() };
    bare(a) == bare(b)
}

/// A line diff (Myers' algorithm, by `similar`).
pub fn line_diff(a: &[String], b: &[String]) -> Vec<Line> {
    let mut out = Vec::new();
    for (tag, lines) in similar::utils::diff_slices(Algorithm::Myers, a, b) {
        let line = match tag {
            ChangeTag::Equal => Line::Same,
            ChangeTag::Delete => Line::Removed,
            ChangeTag::Insert => Line::Added,
        };
        out.extend(lines.iter().cloned().map(line));
    }
    out
}

/// The differences as text: each section that differs under its title, its lines marked
/// `-` (the first game only) and `+` (the second only), unchanged lines kept for context.
pub fn render(first: &str, second: &str, diffs: &[SectionDiff]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "- {first}");
    let _ = writeln!(out, "+ {second}");
    if diffs.is_empty() {
        out.push_str("\nThe compiled rules are the same.\n");
        return out;
    }
    for d in diffs {
        out.push('\n');
        match d {
            SectionDiff::OnlyFirst(s) => {
                let _ = writeln!(out, "{} — only in the first", s.title);
                push_lines(&mut out, s.lines.iter().map(|l| Line::Removed(l.clone())));
            }
            SectionDiff::OnlySecond(s) => {
                let _ = writeln!(out, "{} — only in the second", s.title);
                push_lines(&mut out, s.lines.iter().map(|l| Line::Added(l.clone())));
            }
            SectionDiff::Changed { first, second, lines } => {
                if first == second {
                    let _ = writeln!(out, "{first}");
                } else {
                    let _ = writeln!(out, "- {first}");
                    let _ = writeln!(out, "+ {second}");
                }
                push_lines(&mut out, lines.iter().cloned());
            }
        }
    }
    out
}

fn push_lines(out: &mut String, lines: impl Iterator<Item = Line>) {
    let mut changed = 0;
    let mut hidden = 0;
    for line in lines {
        let (mark, text) = match &line {
            Line::Removed(t) => ('-', t),
            Line::Added(t) => ('+', t),
            Line::Same(t) => (' ', t),
        };
        if mark != ' ' {
            changed += 1;
            if changed > MAX_LINES {
                hidden += 1;
                continue;
            }
        } else if changed > MAX_LINES {
            continue;
        }
        // The dump indents section lines by two spaces; keep any deeper alignment.
        let _ = writeln!(out, "{mark} {}", text.strip_prefix("  ").unwrap_or(text));
    }
    if hidden > 0 {
        let _ = writeln!(out, "  … and {hidden} more changed lines");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn line_diff_keeps_common_lines_in_order() {
        let d = line_diff(&lines(&["a", "b", "c"]), &lines(&["a", "x", "c", "d"]));
        assert_eq!(
            d,
            vec![
                Line::Same("a".into()),
                Line::Removed("b".into()),
                Line::Added("x".into()),
                Line::Same("c".into()),
                Line::Added("d".into()),
            ]
        );
    }

    #[test]
    fn section_keys_drop_the_gloss() {
        let s = Section { title: "circuits (own rows, anticlockwise)".into(), lines: vec![] };
        assert_eq!(s.key(), "circuits");
    }
}
