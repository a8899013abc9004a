//! Errors found while reading the text of a rules file.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use crate::span::Span;

/// A rules file that does not follow the grammar.
#[derive(Clone, Debug, Error, Diagnostic, PartialEq, Eq)]
pub enum SyntaxError {
    /// The text does not fit the grammar at this point.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(sow::syntax))]
    Unexpected {
        /// What would have fitted, in words.
        expected: String,
        /// What is there instead.
        found: String,
        /// What the label says.
        label: String,
        /// Where.
        #[label("{label}")]
        span: SourceSpan,
        /// How to fix it.
        #[help]
        help: String,
    },
    /// A number too large for any use in a rules file.
    #[error("the number `{text}` is too large")]
    #[diagnostic(
        code(sow::syntax::number),
        help("numbers in a rules file must be below 4294967296; board sizes and counts are far smaller")
    )]
    Number {
        /// The digits.
        text: String,
        /// Where.
        #[label("too large to be a count")]
        span: SourceSpan,
    },
    /// A backslash escape that strings do not have.
    #[error("unknown escape `{escape}` in a string")]
    #[diagnostic(
        code(sow::syntax::escape),
        help("strings know three escapes: \\\" for a quote, \\\\ for a backslash and \\n for a line break")
    )]
    Escape {
        /// The escape as written.
        escape: String,
        /// Where.
        #[label("not an escape")]
        span: SourceSpan,
    },
    /// A file longer than any rules file needs to be.
    #[error("the rules file is larger than the {max} bytes sow reads")]
    #[diagnostic(
        code(sow::syntax::too_large),
        help(
            "a rules file describes one game and is a few kilobytes; split it, or remove what is not rules"
        )
    )]
    TooLarge {
        /// The limit.
        max: usize,
        /// Where the limit falls.
        #[label("the limit is reached here")]
        span: SourceSpan,
    },
    /// The parse tree did not have the shape the grammar promises: a bug in sow.
    #[error("internal error: the parser expected {what} here")]
    #[diagnostic(
        code(sow::internal),
        help("this is a bug in sow, not in your file; please report it with the rules file")
    )]
    Internal {
        /// What the lowering step expected.
        what: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
}

impl SyntaxError {
    pub(crate) fn internal(span: Span, what: &str) -> SyntaxError {
        SyntaxError::Internal { what: what.to_string(), span: span.into() }
    }
}
