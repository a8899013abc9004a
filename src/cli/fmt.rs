//! `sow fmt [--check] FILE...`

use std::io::{Read as _, Write as _};
use std::path::Path;
use std::process::ExitCode;

use clap::Args;

use super::load::read_utf8;
use super::output::{out, outln};
use super::{Failure, Outcome};

/// Format rules files in the canonical layout, in place: each section and each line of a block
/// on a line of its own, four spaces a level, one space between words; comments and the
/// writer's line breaks inside a rule are kept. Only whitespace changes, so the compiled rules
/// stay the same. A file that does not parse is reported and left as it is.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow fmt rules/mygame.sow          format a file in place\n  sow fmt --check rules/*.sow       say which files are not formatted (with a diff); change nothing\n  sow fmt - < mygame.sow            format standard input to standard output"
)]
pub struct FmtArgs {
    /// Rules files to format (paths; `-` reads standard input and writes standard output).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
    /// Change no file: print a diff of each file that is not formatted, and exit 1 if any is
    /// not.
    #[arg(long)]
    check: bool,
}

pub fn run(args: FmtArgs) -> Outcome {
    let mut failed = false;
    for file in &args.files {
        match format_one(file, args.check) {
            Ok(true) => {}
            Ok(false) => failed = true,
            Err(Failure::Message(m)) => {
                eprintln!("error: {}", sow::render::escape(&m));
                failed = true;
            }
            Err(Failure::Report(report)) => {
                eprintln!("{}", sow::render::report(report.as_ref()));
                failed = true;
            }
            Err(other) => return Err(other),
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Format one file (or standard input); whether it passed (`--check`: was formatted).
fn format_one(file: &str, check: bool) -> Result<bool, Failure> {
    let text = if file == "-" {
        let mut bytes = Vec::new();
        let limit = sow::source::MAX_RULES_BYTES as u64 + 1;
        std::io::stdin()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Message(format!("cannot read standard input: {e}")))?;
        sow::source::decode("<stdin>", &bytes).map_err(|e| Failure::Report(miette::Report::new(e)))?
    } else {
        let path = Path::new(file);
        if !path.is_file() {
            let bundled = if let Some(name) = sow::bundled::resolve(file) {
                format!("; `{file}` names a rules file bundled in sow, whose source is rules/{name}.sow")
            } else {
                String::new()
            };
            return Err(Failure::Message(format!(
                "no file `{file}` (sow fmt formats files on disk){bundled}"
            )));
        }
        read_utf8(path, sow::source::Kind::Rules)?
    };
    let formatted = sow::syntax::format(&text).map_err(|e| {
        let name = if file == "-" { "<stdin>" } else { file };
        Failure::Report(miette::Report::new(e).with_source_code(miette::NamedSource::new(name, text.clone())))
    })?;
    if check {
        if formatted == text {
            return Ok(true);
        }
        let name = if file == "-" { "<stdin>" } else { file };
        // A deadline on the diff (past it, similar gives a coarser one) and a bound on what is
        // printed: a file of thousands of changed lines says so in a screenful.
        let diff = similar::TextDiff::configure().timeout(DIFF_DEADLINE).diff_lines(&text, &formatted);
        let unified =
            diff.unified_diff().context_radius(2).header(name, &format!("{name} (formatted)")).to_string();
        let lines = unified.lines().count();
        for line in unified.lines().take(MAX_DIFF_LINES) {
            outln!("{}", sow::render::escape(line))?;
        }
        if lines > MAX_DIFF_LINES {
            outln!("… and {} more lines of difference not shown", lines - MAX_DIFF_LINES)?;
        }
        eprintln!("{name}: not formatted");
        return Ok(false);
    }
    if file == "-" {
        out!("{formatted}")?;
        return Ok(true);
    }
    if formatted != text {
        write_in_place(Path::new(file), &formatted)
            .map_err(|e| Failure::Message(format!("cannot write `{file}`: {e}")))?;
    }
    Ok(true)
}

/// How long `--check` may spend finding the smallest diff before it settles for a coarser one.
const DIFF_DEADLINE: std::time::Duration = std::time::Duration::from_secs(1);

/// Lines of diff `--check` prints for one file.
const MAX_DIFF_LINES: usize = 400;

/// Replace a file's text all at once: written beside it, then renamed over it, so that an
/// interrupted write leaves the old text whole. A symbolic link is followed (the file it
/// points to is replaced, the link kept), and the file's permissions are kept.
fn write_in_place(path: &Path, text: &str) -> std::io::Result<()> {
    let target = std::fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = dir.join(format!(".{name}.sow-fmt-{}", std::process::id()));
    let result = (|| {
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&temp)?;
        file.write_all(text.as_bytes())?;
        file.set_permissions(std::fs::metadata(&target)?.permissions())?;
        file.sync_all()?;
        std::fs::rename(&temp, &target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
