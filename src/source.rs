//! Reading a file's bytes as the text of a rules file or a game record.
//!
//! Both are UTF-8 text. A byte-order mark, Windows line ends and tabs are fine (the grammar
//! and the record reader treat them as space); anything that is not text — invalid UTF-8,
//! a NUL byte, a file larger than sow reads — gets a diagnostic pointing at the place.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

/// The largest rules file sow reads: 1 MiB, some fifty times the largest bundled one.
pub const MAX_RULES_BYTES: usize = 1 << 20;

/// The largest game record sow reads: 16 MiB, over a million turns.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// Why a file's bytes are not usable text.
#[derive(Clone, Debug, Error, Diagnostic, PartialEq, Eq)]
pub enum SourceProblem {
    /// Bytes that are not UTF-8.
    #[error("the file is not UTF-8 text")]
    #[diagnostic(
        code(sow::file::not_utf8),
        help("save the file as UTF-8 (plain ASCII is UTF-8); rules files and records are text")
    )]
    NotUtf8 {
        /// The first invalid byte.
        byte: u8,
        /// Where (the byte is shown as �).
        #[label("byte 0x{byte:02x} here is not UTF-8")]
        span: SourceSpan,
    },
    /// A NUL byte: a binary file, not text.
    #[error("the file is binary, not text")]
    #[diagnostic(
        code(sow::file::binary),
        help("give a rules file (`.sow`) or a game record, saved as plain text")
    )]
    Binary {
        /// The first NUL byte.
        #[label("a NUL byte, which text never has")]
        span: SourceSpan,
    },
    /// More bytes than sow reads.
    #[error("the file is larger than the {max} bytes sow reads")]
    #[diagnostic(code(sow::file::too_large), help("{help}"))]
    TooLarge {
        /// The limit.
        max: usize,
        /// What kind of file, and what fits.
        help: String,
        /// Where the limit falls.
        #[label("byte {max} is the last sow reads")]
        span: SourceSpan,
    },
}

/// A problem found in a named text, with the text for rendering: the problem's labels
/// point into it.
#[derive(Clone, Debug, Error)]
#[error("{problem}")]
pub struct InSource<P> {
    /// The name and the text.
    pub src: NamedSource<Arc<str>>,
    /// The problem.
    pub problem: P,
}

impl<P: Diagnostic> Diagnostic for InSource<P> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.problem.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.problem.help()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.problem.labels()
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.src)
    }
}

/// A file that is not usable text, with (what can be shown of) its text, invalid bytes
/// replaced.
pub type SourceError = InSource<SourceProblem>;

/// The bytes of a file named `name` as text, or a diagnostic if they are not UTF-8 text.
pub fn decode(name: &str, bytes: &[u8]) -> Result<String, SourceError> {
    let fail = |problem: SourceProblem| SourceError {
        src: NamedSource::new(name, Arc::from(String::from_utf8_lossy(bytes).as_ref())),
        problem,
    };
    let text = std::str::from_utf8(bytes).map_err(|e| {
        // Up to the first bad byte the text is intact, so the offset is the same in the
        // lossy text, where the byte has become one replacement character.
        let at = e.valid_up_to();
        fail(SourceProblem::NotUtf8 { byte: bytes[at], span: (at, '\u{FFFD}'.len_utf8()).into() })
    })?;
    if let Some(at) = text.find('\0') {
        // Show control bytes as dots (one byte for one, so the span stays right).
        let shown: String = text
            .chars()
            .map(|c| if c.is_ascii_control() && !"\n\r\t".contains(c) { '.' } else { c })
            .collect();
        return Err(SourceError {
            src: NamedSource::new(name, Arc::from(shown)),
            problem: SourceProblem::Binary { span: (at, 1).into() },
        });
    }
    Ok(text.to_string())
}

/// What a file is read as, for its size limit and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A rules file (at most [`MAX_RULES_BYTES`]).
    Rules,
    /// A game record (at most [`MAX_RECORD_BYTES`]).
    Record,
}

impl Kind {
    fn max(self) -> usize {
        match self {
            Kind::Rules => MAX_RULES_BYTES,
            Kind::Record => MAX_RECORD_BYTES,
        }
    }
}

/// Why a file could not be read as text.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be read at all.
    Io(std::io::Error),
    /// Its bytes are not usable text.
    Source(Box<SourceError>),
}

/// The error for a path that is not a regular file.
fn not_regular(kind: std::fs::FileType) -> std::io::Error {
    #[cfg(unix)]
    let what = {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            "a named pipe (FIFO)"
        } else if kind.is_socket() {
            "a socket"
        } else if kind.is_char_device() || kind.is_block_device() {
            "a device"
        } else if kind.is_dir() {
            "a folder"
        } else {
            "not a regular file"
        }
    };
    #[cfg(not(unix))]
    let what = if kind.is_dir() { "a folder" } else { "not a regular file" };
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("it is {what}; sow reads rules files and records only from regular files"),
    )
}

/// Read a file as text: a regular file (after following links; a pipe, a device or a folder
/// is refused before it is opened, so that reading never waits on a writer), at most the
/// limit of its kind (a larger file is refused without reading the rest), UTF-8, no NUL
/// bytes.
pub fn read(path: &Path, kind: Kind) -> Result<String, ReadError> {
    let max = kind.max();
    let mut bytes = Vec::new();
    let meta = std::fs::metadata(path).map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::Io(not_regular(meta.file_type())));
    }
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    // The path may have changed between the two looks: the file opened is what counts.
    let opened = file.metadata().map_err(ReadError::Io)?;
    if !opened.is_file() {
        return Err(ReadError::Io(not_regular(opened.file_type())));
    }
    file.take(max as u64 + 1).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    let name = path.display().to_string();
    if bytes.len() > max {
        // Show only the line the limit falls in, up to the limit: the file may be huge.
        let from = bytes[..max - 1].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1).max(max - 200);
        let tail = String::from_utf8_lossy(&bytes[from..max]).into_owned();
        let last = tail.chars().next_back().map_or(0, char::len_utf8);
        let help = match kind {
            Kind::Rules => format!(
                "a rules file describes one game and is a few kilobytes; sow reads at most {max} bytes (1 MiB)"
            ),
            Kind::Record => {
                format!("a game record has a line a turn; sow reads at most {max} bytes (16 MiB)")
            }
        };
        let span = (tail.len() - last, last).into();
        return Err(ReadError::Source(Box::new(SourceError {
            src: NamedSource::new(name, Arc::from(tail)),
            problem: SourceProblem::TooLarge { max, help, span },
        })));
    }
    decode(&name, &bytes).map_err(|e| ReadError::Source(Box::new(e)))
}
