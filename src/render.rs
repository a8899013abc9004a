//! Rendering a diagnostic safely, whatever input it quotes.
//!
//! A diagnostic quotes its input: a rules file, a record, a message. The input may be
//! hostile, so before miette sees it:
//! - control characters (and the bidirectional overrides) in the quoted text, the message, the
//!   labels and the help are escaped: `\x1b` is shown, never sent to the terminal;
//! - a long line is quoted as a window around the span, not whole (so a one-line file of
//!   megabytes prints a few hundred bytes, and columns stay far below what miette can draw);
//! - labels per diagnostic ([`MAX_LABELS`]) and diagnostics per report ([`MAX_RELATED`]) are
//!   capped, with "and N more";
//! - a panic while rendering becomes a plain-text message.

use std::borrow::Cow;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, ReportHandler, Severity, SourceCode,
    SourceSpan, SpanContents,
};

/// Labels drawn for one diagnostic; the others are counted in its help.
pub const MAX_LABELS: usize = 8;
/// Diagnostics drawn for one report (the problems of a file); the others are counted.
pub const MAX_RELATED: usize = 50;
/// The longest line quoted whole, in bytes; a longer one is quoted as a window.
const MAX_LINE: usize = 400;
/// Bytes quoted on each side of a span in a long line.
const WINDOW: usize = 80;
/// The longest span drawn, in bytes: a longer label is cut to this.
const MAX_SPAN: usize = 160;
/// Lines quoted for one label at most (a span over more is cut to its first lines).
const MAX_SPAN_LINES: usize = 12;

/// Whether `c` must not reach a terminal as it is: a control character (other than a line
/// end or a tab), or a bidirectional control that reorders what is shown.
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// `text` with every unsafe character written out: `\x1b`, `\u{202e}`.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    Cow::Owned(out)
}

/// `text` escaped as [`escape`] does, also with line ends written out: for a single line.
pub fn escape_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => push_escaped(&mut out, c),
        }
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    use std::fmt::Write;
    if !is_unsafe(c) {
        out.push(c);
    } else if (c as u32) < 0x100 {
        let _ = write!(out, "\\x{:02x}", c as u32);
    } else {
        let _ = write!(out, "\\u{{{:x}}}", c as u32);
    }
}

/// The report of `diagnostic` as the terminal handler draws it (colours and width as the
/// terminal allows), made safe as the module says.
pub fn report(diagnostic: &dyn Diagnostic) -> String {
    let handler = miette::MietteHandlerOpts::new().build();
    draw(diagnostic, |d, f| handler.debug(d, f))
}

/// The report of `diagnostic` as plain text (no colours), `width` columns wide.
pub fn plain(diagnostic: &dyn Diagnostic, width: usize) -> String {
    let handler = miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .with_width(width);
    draw(diagnostic, |d, f| handler.debug(d, f))
}

/// Draw a safe copy of `diagnostic` with `handler`; a panic or a failure gives plain text.
fn draw(
    diagnostic: &dyn Diagnostic,
    handler: impl Fn(&dyn Diagnostic, &mut fmt::Formatter<'_>) -> fmt::Result,
) -> String {
    struct Show<'a, H>(&'a dyn Diagnostic, &'a H);
    impl<H: Fn(&dyn Diagnostic, &mut fmt::Formatter<'_>) -> fmt::Result> fmt::Display for Show<'_, H> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            (self.1)(self.0, f)
        }
    }
    let drawn = catch_unwind(AssertUnwindSafe(|| {
        let source = diagnostic.source_code().map(Quoted::new);
        let safe = Safe::new(diagnostic, source.as_ref());
        let mut out = String::new();
        use std::fmt::Write;
        write!(out, "{}", Show(&safe, &handler)).ok().map(|()| out)
    }));
    match drawn {
        Ok(Some(out)) => out,
        _ => text(diagnostic),
    }
}

/// A diagnostic as plain lines, with no quoted source: the fallback when drawing fails.
pub fn text(diagnostic: &dyn Diagnostic) -> String {
    let mut out = String::new();
    let head = match diagnostic.severity() {
        Some(Severity::Warning) => "warning",
        Some(Severity::Advice) => "advice",
        _ => "error",
    };
    let code = diagnostic.code().map(|c| format!("[{}]", escape_line(&c.to_string()))).unwrap_or_default();
    out.push_str(&format!("{head}{code}: {}\n", escape_line(&diagnostic.to_string())));
    if let Some(labels) = diagnostic.labels() {
        for l in labels.take(MAX_LABELS) {
            let what = l.label().map(escape_line).unwrap_or_default();
            out.push_str(&format!("  at byte {}: {what}\n", l.offset()));
        }
    }
    if let Some(help) = diagnostic.help() {
        out.push_str(&format!("  help: {}\n", escape_line(&help.to_string())));
    }
    if let Some(related) = diagnostic.related() {
        for r in related.take(MAX_RELATED) {
            out.push_str(&text(r));
        }
    }
    out
}

/// The source a diagnostic quotes, escaped, with what is needed to quote it a window at a
/// time.
struct Quoted {
    /// The name it is shown with.
    name: Option<String>,
    /// The text, escaped.
    text: String,
    /// Where each line of `text` starts.
    lines: Vec<usize>,
    /// For each escaped character of the original: its offset in the original and how many
    /// bytes the text had grown by after it.
    shifts: Vec<(usize, usize)>,
}

impl Quoted {
    fn new(source: &dyn SourceCode) -> Quoted {
        // The whole text: from the start, with every line after it.
        let (name, original) = match source.read_span(&SourceSpan::from((0, 0)), 0, usize::MAX) {
            Ok(c) => (c.name().map(str::to_string), String::from_utf8_lossy(c.data()).into_owned()),
            Err(_) => (None, String::new()),
        };
        let mut text = String::with_capacity(original.len());
        let mut shifts = Vec::new();
        for (at, c) in original.char_indices() {
            if is_unsafe(c) {
                push_escaped(&mut text, c);
                shifts.push((at + c.len_utf8(), text.len() - (at + c.len_utf8())));
            } else {
                text.push(c);
            }
        }
        let lines = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        Quoted { name, text, lines, shifts }
    }

    /// Where offset `at` of the original is in the escaped text.
    fn map(&self, at: usize) -> usize {
        let i = self.shifts.partition_point(|&(o, _)| o <= at);
        let shifted = at + if i == 0 { 0 } else { self.shifts[i - 1].1 };
        shifted.min(self.text.len())
    }

    /// A span of the original as a span of the escaped text, cut to what is drawn.
    fn span(&self, span: &SourceSpan) -> SourceSpan {
        let start = self.floor(self.map(span.offset()));
        let end = self.map(span.offset() + span.len()).max(start);
        let last = self.line_of(start) + MAX_SPAN_LINES;
        let end = end.min(start + MAX_SPAN).min(self.lines.get(last).copied().unwrap_or(usize::MAX));
        let end = self.floor(end.min(self.text.len())).max(start);
        SourceSpan::from((start, end - start))
    }

    fn floor(&self, mut at: usize) -> usize {
        at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    fn ceil(&self, mut at: usize) -> usize {
        at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at += 1;
        }
        at
    }

    fn line_of(&self, at: usize) -> usize {
        self.lines.partition_point(|&s| s <= at).saturating_sub(1)
    }

    /// Where line `line` ends, its line end included.
    fn line_end(&self, line: usize) -> usize {
        self.lines.get(line + 1).copied().unwrap_or(self.text.len())
    }
}

impl SourceCode for Quoted {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let start = span.offset().min(self.text.len());
        let end = (span.offset() + span.len()).min(self.text.len()).max(start);
        let (first_line, last_line) = (self.line_of(start), self.line_of(end.saturating_sub(1).max(start)));
        if last_line - first_line > 2 * MAX_SPAN_LINES {
            // miette asks for the lines between two labels to draw them as one: far apart,
            // they are drawn one by one instead.
            return Err(MietteError::OutOfBounds);
        }
        let from = first_line.saturating_sub(before);
        let to = last_line.saturating_add(after).min(self.lines.len() - 1);
        let short = (from..=to).all(|l| self.line_end(l) - self.lines[l] <= MAX_LINE);
        if short {
            // The lines as miette would quote them from the whole text, found in a slice of a
            // few lines (so that quoting is not a scan of the whole file).
            let base_line = from;
            let base = self.lines[base_line];
            let stop = self.line_end((to + 2).min(self.lines.len() - 1));
            let slice = &self.text.as_bytes()[base..stop];
            let inner = SourceSpan::from((start - base, end - start));
            let c = slice.read_span(&inner, before, after)?;
            let offset = c.span().offset() + base;
            let data: &'a [u8] = &self.text.as_bytes()[offset..offset + c.data().len()];
            let contents = MietteSpanContents::new_named(
                self.name.clone().unwrap_or_default(),
                data,
                SourceSpan::from((offset, data.len())),
                c.line() + base_line,
                c.column(),
                c.line_count() + base_line,
            );
            return Ok(Box::new(contents));
        }
        // A long line: a window around the start of the span, on its own line.
        let line_start = self.lines[first_line];
        let line_stop = self.line_end(first_line);
        let window_start =
            if before == 0 { start } else { self.floor(start.saturating_sub(WINDOW).max(line_start)) };
        let shown = (end - start).clamp(1, MAX_SPAN);
        let window_end = self.ceil((start + shown + WINDOW).min(line_stop)).max(window_start);
        let data: &'a [u8] = &self.text.as_bytes()[window_start..window_end];
        let column = self.text[line_start..window_start].chars().count();
        let contents = MietteSpanContents::new_named(
            self.name.clone().unwrap_or_default(),
            data,
            SourceSpan::from((window_start, data.len())),
            first_line,
            column,
            first_line + usize::from(window_end == line_stop && line_stop > line_start),
        );
        Ok(Box::new(contents))
    }
}

/// A diagnostic made safe to draw: escaped words, cut labels, a quoted window.
struct Safe<'a> {
    inner: &'a dyn Diagnostic,
    source: Option<&'a Quoted>,
    message: String,
    help: Option<String>,
    labels: Vec<LabeledSpan>,
    related: Vec<Safe<'a>>,
    /// Whether this stands for the diagnostics not shown.
    more: bool,
}

impl<'a> Safe<'a> {
    fn new(inner: &'a dyn Diagnostic, source: Option<&'a Quoted>) -> Safe<'a> {
        let all: Vec<LabeledSpan> = inner.labels().map(|l| l.take(10_000).collect()).unwrap_or_default();
        let hidden = all.len().saturating_sub(MAX_LABELS);
        let labels = match source {
            Some(q) => all
                .into_iter()
                .take(MAX_LABELS)
                .map(|l| {
                    let text = l.label().map(escape_line);
                    let span = q.span(l.inner());
                    if l.primary() {
                        LabeledSpan::new_primary_with_span(text, span)
                    } else {
                        LabeledSpan::new_with_span(text, span)
                    }
                })
                .collect(),
            None => Vec::new(),
        };
        let mut help = inner.help().map(|h| escape(&h.to_string()).into_owned());
        if hidden > 0 {
            let more = format!("({hidden} more places not shown)");
            help = Some(match help {
                Some(h) => format!("{h} {more}"),
                None => more,
            });
        }
        let mut related: Vec<Safe<'a>> = Vec::new();
        let mut count = 0;
        if let Some(others) = inner.related() {
            for r in others {
                count += 1;
                if related.len() < MAX_RELATED {
                    // A related diagnostic with a source of its own is drawn without it; those
                    // of this crate quote their parent's.
                    let own = if r.source_code().is_some() { None } else { source };
                    related.push(Safe::new(r, own));
                }
            }
        }
        if count > related.len() {
            related.push(Safe::more(inner, count - related.len()));
        }
        Safe {
            inner,
            source,
            message: escape(&inner.to_string()).into_owned(),
            help,
            labels,
            related,
            more: false,
        }
    }

    /// The last of a capped list: how many are not shown.
    fn more(inner: &'a dyn Diagnostic, n: usize) -> Safe<'a> {
        Safe {
            inner,
            source: None,
            message: format!("and {n} more not shown"),
            help: None,
            labels: Vec::new(),
            related: Vec::new(),
            more: true,
        }
    }
}

impl fmt::Debug for Safe<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Safe<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Safe<'_> {}

impl Diagnostic for Safe<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        if self.more {
            return None;
        }
        self.inner.code().map(|c| Box::new(escape_line(&c.to_string())) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<Severity> {
        self.inner.severity()
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.url().map(|u| Box::new(escape_line(&u.to_string())) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() { None } else { Some(Box::new(self.labels.iter().cloned())) }
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn Diagnostic> + 'b>> {
        if self.related.is_empty() {
            None
        } else {
            Some(Box::new(self.related.iter().map(|r| r as &dyn Diagnostic)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use miette::NamedSource;

    #[derive(Debug, thiserror::Error, Diagnostic)]
    #[error("bad {what}")]
    #[diagnostic(code(test::bad), help("fix {what}"))]
    struct Bad {
        what: String,
        #[source_code]
        src: NamedSource<String>,
        #[label("here")]
        span: SourceSpan,
    }

    fn bad(text: String, at: usize, len: usize) -> Bad {
        Bad { what: "it".into(), src: NamedSource::new("f", text), span: (at, len).into() }
    }

    /// Past column 65,535 of a one-line file, a window is quoted, and the report is short.
    #[test]
    fn a_long_line_is_quoted_as_a_window() {
        let text = format!("{}XYZ{}", "a".repeat(70_000), "b".repeat(9_000_000));
        let out = plain(&bad(text, 70_000, 3), 100);
        assert!(out.contains("XYZ"), "{out}");
        assert!(out.contains("here"), "{out}");
        assert!(out.contains("f:1:70001"), "{out}");
        assert!(out.len() < 2_000, "{} bytes", out.len());
    }

    /// Control characters in the source, the message and the help are shown escaped.
    #[test]
    fn control_characters_are_escaped() {
        let text = "game \x1b]0;pwned\x07 \u{202e}x\n".to_string();
        let mut d = bad(text, 6, 8);
        d.what = "\x1b[2J".into();
        let out = plain(&d, 100);
        assert!(!out.contains('\x1b') && !out.contains('\x07') && !out.contains('\u{202e}'), "{out:?}");
        assert!(out.contains("\\x1b]0;pwned\\x07"), "{out}");
        assert!(out.contains("\\u{202e}"), "{out}");
        assert!(out.contains("bad \\x1b[2J"), "{out}");
    }

    /// A short file is quoted as miette quotes it.
    #[test]
    fn a_short_file_is_quoted_as_miette_does() {
        let text = "line one\nline two is here\nline three\n".to_string();
        let theirs = {
            let mut out = String::new();
            let h = miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
                .with_width(100);
            h.render_report(&mut out, &bad(text.clone(), 14, 3)).unwrap();
            out
        };
        assert_eq!(plain(&bad(text, 14, 3), 100), theirs);
    }
}
