//! Comparing two compiled games section by section: board, territory, start position,
//! circuits, choice rules, sowing, captures, follow-up choices, end rules — whatever the
//! compiled dump ([`crate::compile::dump`]) says, showing only what differs.
//!
//! Working from the dump of the *compiled* tables means two files that say the same thing
//! in different words compare equal, and every construct the language gains is compared
//! without code here.

use std::fmt::Write as _;

use crate::compile::dump;
use crate::engine::Rules;

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

/// The sections of a compiled game's dump, without the metadata at its head (names,
/// sources, description), which says nothing about how the game is played.
pub fn sections(rules: &Rules) -> Vec<Section> {
    let text = dump(rules);
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

/// The sections in which two compiled games differ, in the order of the first game's dump
/// (sections only in the second come last).
pub fn diff(a: &Rules, b: &Rules) -> Vec<SectionDiff> {
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

/// A line diff by longest common subsequence (sections are a few dozen lines at most).
pub fn line_diff(a: &[String], b: &[String]) -> Vec<Line> {
    let (n, m) = (a.len(), b.len());
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            out.push(Line::Same(a[i].clone()));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out.push(Line::Removed(a[i].clone()));
            i += 1;
        } else {
            out.push(Line::Added(b[j].clone()));
            j += 1;
        }
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
