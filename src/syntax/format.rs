//! `sow fmt`: one canonical layout for rules files.
//!
//! The layout is decided by the parse tree, not by the text's spacing:
//! - every section, ruleset and line of a block (`setup { … }`, `after each lap { … }`, …)
//!   begins a line of its own, indented four spaces a level; `{` ends the line of its header,
//!   `}` stands on a line of its own (an empty block is `{}`);
//! - words are one space apart, with no space before `,`, `:`, `)` or `..` and none after
//!   `(` or `..`;
//! - a rule the writer broke over several lines keeps its breaks (not before `,`, `:`, `)`
//!   or `..`, which stay on the line before), its further lines indented one level deeper;
//!   the further lines of a list of strings line up with its first string, and those of a
//!   string of prose with the character after its opening quote;
//! - comments stay where they are: a comment on a line of its own is indented as the line
//!   after it, a comment after code stays after it, one space on;
//! - one blank line is kept where the writer left one or more, none just inside a brace.
//!
//! Only whitespace changes: the words, strings and comments are the writer's, except the
//! indentation of the further lines of a string whose spacing carries no meaning (metadata
//! and a parameter's description, whose runs of spaces the compiler collapses). So the
//! compiled model is the same before and after, and formatting twice changes nothing.

use pest::iterators::Pair;

use super::error::SyntaxError;
use super::parser::{Rule, parse_tree};

/// The width of one level of indentation.
const INDENT: usize = 4;

/// The text of `source` in the canonical layout; a file that does not parse is refused with
/// its syntax error, and nothing is formatted.
///
/// ```
/// let messy = "game \"G\" {  board 2 rows of 6 holes, no stores\nsetup{4 in every hole}}";
/// let tidy = sow::syntax::format(messy).unwrap();
/// assert_eq!(tidy, "game \"G\" {\n    board 2 rows of 6 holes, no stores\n    setup {\n        4 in every hole\n    }\n}\n");
/// assert_eq!(sow::syntax::format(&tidy).unwrap(), tidy);
/// ```
pub fn format(source: &str) -> Result<String, SyntaxError> {
    let tree = parse_tree(source)?;
    let mut walk = Walk::default();
    walk.pair(tree, None);
    let tokens = tokens(source, &walk);
    Ok(Printer::default().print(&tokens))
}

/// What a token of the layout is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A word or number of the grammar.
    Word,
    /// A string; `prose` if the compiler collapses its spacing, so that the indentation of
    /// its further lines may change.
    Str { prose: bool },
    /// Punctuation between words (`{`, `,`, `..`, …).
    Punct,
    /// A `//` comment, without its line end.
    Comment,
}

/// A token, with what the tree says of it.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    text: &'a str,
    kind: Kind,
    /// Line ends in the source between the previous token and this one.
    newlines: usize,
    /// It begins a line of the layout: a section, a ruleset or a line of a block.
    item: bool,
    /// It stays on the line of the keyword before it (`otherwise` and the choice after it).
    join: bool,
    /// It is a string of a list whose first string is another token: its index.
    list_head: Option<usize>,
}

/// A leaf of the tree: its span and what it is.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    start: usize,
    end: usize,
    kind: Kind,
    /// The start of the first string of the list it is a later string of.
    list_head: Option<usize>,
}

/// The leaves of the tree, in order, and the starts of the pairs that begin a line or stay on
/// one.
#[derive(Default)]
struct Walk {
    leaves: Vec<Leaf>,
    items: Vec<usize>,
    /// Starts of the pairs that stay on the line of the keyword before them.
    joins: Vec<usize>,
}

impl Walk {
    fn pair(&mut self, pair: Pair<'_, Rule>, parent: Option<Rule>) {
        let rule = pair.as_rule();
        let span = pair.as_span();
        if rule == Rule::string {
            let prose = matches!(
                parent,
                Some(Rule::string_list | Rule::origin | Rule::family | Rule::summary | Rule::param)
            );
            self.leaves.push(Leaf {
                start: span.start(),
                end: span.end(),
                kind: Kind::Str { prose },
                list_head: None,
            });
            return;
        }
        let children: Vec<_> = pair.into_inner().collect();
        if children.is_empty() {
            if span.start() == span.end() {
                return; // the end of input
            }
            self.leaves.push(Leaf {
                start: span.start(),
                end: span.end(),
                kind: Kind::Word,
                list_head: None,
            });
            return;
        }
        let source = span.get_input();
        let list_head = (rule == Rule::string_list).then(|| span.start());
        // In a block, the children after its `{` begin lines, except one that follows a bare
        // keyword among them (`otherwise` before a further choice of `choose`).
        // The file's game begins a line as a block's lines do.
        let mut in_block = rule == Rule::file;
        let mut gap_start = span.start();
        let mut previous: Option<Rule> = None;
        for child in children {
            let (start, end) = (child.as_span().start(), child.as_span().end());
            if !in_block && lex_gap(&source[gap_start..start]).any(|t| t == "{") {
                in_block = true;
                previous = None;
            }
            if in_block {
                if previous.is_some_and(is_keyword) {
                    self.joins.push(start);
                } else {
                    self.items.push(start);
                }
            }
            previous = Some(child.as_rule());
            let at = self.leaves.len();
            self.pair(child, Some(rule));
            if let Some(head) = list_head
                && start > head
                && let Some(leaf) = self.leaves.get_mut(at)
            {
                leaf.list_head = Some(head);
            }
            gap_start = end;
        }
    }
}

/// Whether a rule is one keyword (`kw_otherwise`).
fn is_keyword(rule: Rule) -> bool {
    format!("{rule:?}").starts_with("kw_")
}

/// The tokens of a gap between leaves: comments (from `//` to the line end, which is left
/// out) and punctuation, one character a token but `..`. Whitespace is skipped.
fn lex_gap(gap: &str) -> impl Iterator<Item = &str> {
    let mut rest = gap;
    std::iter::from_fn(move || {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
        let first = rest.chars().next()?;
        let len = if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if rest.starts_with("..") {
            2
        } else {
            first.len_utf8()
        };
        let (token, tail) = rest.split_at(len);
        rest = tail;
        Some(token)
    })
}

/// Every token of the source, in order, with the line ends before each.
fn tokens<'a>(source: &'a str, walk: &Walk) -> Vec<Token<'a>> {
    let mut out: Vec<Token<'a>> = Vec::new();
    let mut heads: Vec<(usize, usize)> = Vec::new(); // (start in the source, token index)
    let mut at = 0;
    let gap = |out: &mut Vec<Token<'a>>, from: usize, to: usize| {
        let text = &source[from..to];
        let mut offset = 0;
        for piece in lex_gap(text) {
            let start = piece.as_ptr() as usize - text.as_ptr() as usize;
            let newlines = text[offset..start].matches('\n').count();
            let kind = if piece.starts_with("//") { Kind::Comment } else { Kind::Punct };
            out.push(Token {
                text: piece.trim_end(),
                kind,
                newlines,
                item: false,
                join: false,
                list_head: None,
            });
            offset = start + piece.len();
        }
        text[offset..].matches('\n').count()
    };
    let mut pending = 0;
    let mut items = walk.items.iter().copied().peekable();
    let mut joins = walk.joins.iter().copied().peekable();
    for leaf in &walk.leaves {
        let before = out.len();
        let trailing = gap(&mut out, at, leaf.start);
        if out.len() > before {
            out[before].newlines += pending;
            pending = trailing;
        } else {
            pending += trailing;
        }
        while items.next_if(|&i| i < leaf.start).is_some() {}
        let item = items.next_if_eq(&leaf.start).is_some();
        while joins.next_if(|&i| i < leaf.start).is_some() {}
        let join = joins.next_if_eq(&leaf.start).is_some();
        let list_head = leaf.list_head.and_then(|h| heads.iter().find(|&&(s, _)| s == h).map(|&(_, i)| i));
        if matches!(leaf.kind, Kind::Str { .. }) {
            heads.push((leaf.start, out.len()));
        }
        out.push(Token {
            text: &source[leaf.start..leaf.end],
            kind: leaf.kind,
            newlines: pending,
            item,
            join,
            list_head,
        });
        pending = 0;
        at = leaf.end;
    }
    let before = out.len();
    gap(&mut out, at, source.len());
    if out.len() > before {
        out[before].newlines += pending;
    }
    out
}

/// Writes tokens in the layout.
#[derive(Default)]
struct Printer {
    out: String,
    /// The column (in characters) where the next character goes.
    column: usize,
    /// Open braces.
    depth: usize,
    /// The last line printed ends with `{` (and perhaps a comment after it).
    opened: bool,
    /// The column where each token printed so far began.
    columns: Vec<usize>,
}

impl Printer {
    fn print(mut self, tokens: &[Token<'_>]) -> String {
        for (i, token) in tokens.iter().enumerate() {
            let previous = i.checked_sub(1).map(|p| &tokens[p]);
            if token.text == "}" {
                self.depth = self.depth.saturating_sub(1);
            }
            let broke = match previous {
                Some(previous) if breaks(previous, token) => {
                    let blank = token.newlines >= 2 && !self.opened && token.text != "}";
                    self.push_str(if blank { "\n\n" } else { "\n" });
                    let indent = self.indent(tokens, i);
                    self.push_str(&" ".repeat(indent));
                    true
                }
                Some(previous) if spaced(previous, token) => {
                    self.push_str(" ");
                    false
                }
                _ => false,
            };
            self.columns.push(self.column);
            match token.kind {
                Kind::Str { prose: true } if token.text.contains('\n') => {
                    let align = self.column + 1;
                    let mut lines = token.text.split('\n');
                    let first = lines.next().unwrap_or_default();
                    self.push_str(first.trim_end());
                    for line in lines {
                        self.push_str("\n");
                        let line = line.trim();
                        if !line.is_empty() {
                            self.push_str(&" ".repeat(align));
                            self.push_str(line);
                        }
                    }
                }
                _ => self.push_str(token.text),
            }
            // A comment after a `{`, on its line, leaves the line just inside the brace.
            if token.text == "{" {
                self.depth += 1;
                self.opened = true;
            } else if broke || token.kind != Kind::Comment {
                self.opened = false;
            }
        }
        self.out.push('\n');
        self.out
    }

    fn push_str(&mut self, text: &str) {
        match text.rfind('\n') {
            Some(at) => self.column = text[at + 1..].chars().count(),
            None => self.column += text.chars().count(),
        }
        self.out.push_str(text);
    }

    /// The indentation of a line that begins with token `i`.
    fn indent(&self, tokens: &[Token<'_>], i: usize) -> usize {
        let block = self.depth * INDENT;
        let token = &tokens[i];
        if token.kind == Kind::Comment {
            // As the line after it: the next token that is not a comment.
            return match tokens[i..].iter().find(|t| t.kind != Kind::Comment) {
                None => block,
                Some(next) if next.text == "}" || next.item => block,
                Some(next) => self.further(next, block),
            };
        }
        if token.text == "}" || token.item {
            return block;
        }
        self.further(token, block)
    }

    /// The indentation of a further line of a rule, which begins with `token`.
    fn further(&self, token: &Token<'_>, block: usize) -> usize {
        match token.list_head.and_then(|h| self.columns.get(h)) {
            Some(&column) => column,
            None => block + INDENT,
        }
    }
}

/// Whether a line break comes between two tokens.
fn breaks(previous: &Token<'_>, token: &Token<'_>) -> bool {
    if previous.kind == Kind::Comment {
        return true;
    }
    if token.kind == Kind::Comment {
        return token.newlines > 0;
    }
    match (previous.text, token.text) {
        ("{", "}") => false,
        (_, "}") | ("{", _) => true,
        (_, "{") => false,
        _ if token.item => true,
        _ if token.join => false,
        (_, "," | ":" | ")" | "..") => false,
        _ => token.newlines > 0,
    }
}

/// Whether a space comes between two tokens on one line.
fn spaced(previous: &Token<'_>, token: &Token<'_>) -> bool {
    spaced_texts(previous.text, token.text)
}

/// Whether a space comes between two tokens of these texts on one line: none before `,`,
/// `:`, `)` or `..`, none after `(` or `..`, none inside `{}`.
fn spaced_texts(previous: &str, token: &str) -> bool {
    let tight = matches!(token, "," | ":" | ")" | "..")
        || matches!(previous, "(" | "..")
        || (previous == "{" && token == "}");
    !tight
}

/// A phrase of a rules file as the canonical layout writes it on one line: its comments left
/// out, its words one space apart as [`format`] spaces them. The compiler keeps rules' texts
/// this way (in the model, in messages), so that they do not depend on the layout.
pub fn phrase(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut previous: Option<&str> = None;
    for token in phrase_tokens(text) {
        if let Some(previous) = previous
            && spaced_texts(previous, token)
        {
            out.push(' ');
        }
        out.push_str(token);
        previous = Some(token);
    }
    out
}

/// The words, strings and punctuation of a phrase, split as the grammar splits them.
fn phrase_tokens(text: &str) -> impl Iterator<Item = &str> {
    const PUNCT: &str = "{},:=()+−×*/\"";
    let mut rest = text;
    std::iter::from_fn(move || {
        loop {
            rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
            if rest.starts_with("//") {
                rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
                continue;
            }
            break;
        }
        let first = rest.chars().next()?;
        let len = if first == '"' {
            let mut end = rest.len();
            let mut chars = rest.char_indices().skip(1);
            while let Some((i, c)) = chars.next() {
                if c == '\\' {
                    chars.next();
                } else if c == '"' {
                    end = i + 1;
                    break;
                }
            }
            end
        } else if rest.starts_with("..") {
            2
        } else if PUNCT.contains(first) {
            first.len_utf8()
        } else {
            // A word: up to whitespace, punctuation or `..`; a number ends before a `-`.
            let number = first.is_ascii_digit();
            rest.char_indices()
                .find(|&(i, c)| {
                    c.is_whitespace()
                        || PUNCT.contains(c)
                        || rest[i..].starts_with("..")
                        || rest[i..].starts_with("//")
                        || (number && c == '-')
                })
                .map_or(rest.len(), |(i, _)| i)
        };
        let (token, tail) = rest.split_at(len);
        rest = tail;
        Some(token)
    })
}
