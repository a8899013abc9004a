//! Standard output, written so that a reader that stops early ends a command quietly.
//!
//! `println!` panics when a write fails, and a closed pipe (`sow list | head`) makes every
//! write after it fail: Rust ignores SIGPIPE. So the commands write their output with
//! [`out!`] and [`outln!`], which hand the failure back as a [`Failure::Output`] to pass up
//! with `?`; `cli::main` ends quietly and successfully when the reader has gone (as ripgrep
//! does: it has read all it wanted), and reports any other failed write.

use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use super::Failure;

/// Write to standard output, as `print!` does: `out!("{x}")?`.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!($($arg)*))
    };
}

/// Write a line to standard output, as `println!` does: `outln!("{x}")?`, `outln!()?`.
macro_rules! outln {
    () => {
        $crate::cli::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {out, outln};

/// Write formatted text to standard output (through its line buffer).
pub fn write(text: std::fmt::Arguments<'_>) -> Result<(), Failure> {
    io::stdout().lock().write_fmt(text).map_err(Failure::Output)
}

/// Write out what is left in standard output's buffer (a line not ended), so that a failure
/// to write it is reported like any other instead of being ignored at exit.
pub fn flush() -> Result<(), Failure> {
    io::stdout().lock().flush().map_err(Failure::Output)
}

/// Write a file by writing a temporary file beside it (`FILE.tmp`) and renaming it into
/// place, so that a killed process never leaves a half-written file (a game record of `sow
/// play --record`, a part of `--shard I/N --out FILE`).
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path))
}
