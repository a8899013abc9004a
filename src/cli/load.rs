//! Finding and compiling rules files.

use std::path::Path;

use sow::Rules;
use sow::bundled::{DEFAULT_RULES, bundled};

use super::{Failure, RulesOptions};

/// A rules file's display name and text.
pub struct RulesText {
    /// The path given, or `NAME (bundled)`.
    pub name: String,
    /// How to name the rules in a game record so that they can be found again.
    pub record_name: String,
    /// The text.
    pub text: String,
}

/// Read a rules file from a path, or a bundled one by name; `None` means the default rules.
pub fn read_rules(file: Option<&str>) -> Result<RulesText, Failure> {
    let Some(file) = file else {
        return bundled_text(DEFAULT_RULES)
            .ok_or_else(|| Failure::Message("this build of sow has no default rules bundled".to_string()));
    };
    let path = Path::new(file);
    if path.exists() {
        let text = read_utf8(path, sow::source::Kind::Rules)?;
        return Ok(RulesText { name: file.to_string(), record_name: file.to_string(), text });
    }
    if let Some(rules) = bundled_text(file) {
        return Ok(rules);
    }
    Err(Failure::Message(sow::bundled::unknown(file)))
}

fn bundled_text(name: &str) -> Option<RulesText> {
    let text = bundled(name)?;
    // An alias (`awari`) is recorded as the file it names (`oware`).
    let stem = sow::bundled::resolve(name)?;
    Some(RulesText {
        name: format!("{stem}.sow (bundled)"),
        record_name: stem.to_string(),
        text: text.to_string(),
    })
}

/// Read a rules file or a record as text: UTF-8, within its size limit; a diagnostic
/// points at what is wrong otherwise.
pub fn read_utf8(path: &Path, kind: sow::source::Kind) -> Result<String, Failure> {
    sow::source::read(path, kind).map_err(|e| match e {
        sow::source::ReadError::Io(e) => Failure::Message(format!("cannot read `{}`: {e}", path.display())),
        sow::source::ReadError::Source(e) => Failure::Report(miette::Report::new(*e)),
    })
}

/// Whether a text starts as a rules file does: with `game`, after any blank lines and `//`
/// comments (and a byte-order mark). A file named by a record that does not is not quoted in
/// a diagnostic: the record may be someone else's, and the file anything on this machine.
pub fn looks_like_rules(text: &str) -> bool {
    let mut rest = text.trim_start_matches('\u{FEFF}');
    loop {
        rest = rest.trim_start();
        match rest.strip_prefix("//") {
            Some(comment) => rest = comment.split_once('\n').map_or("", |(_, after)| after),
            None => break,
        }
    }
    rest.strip_prefix("game").is_some_and(|after| after.starts_with(|c: char| c.is_whitespace() || c == '"'))
}

/// Compile rules text with the command's ruleset and parameters.
pub fn compile(rules: &RulesText, options: &RulesOptions) -> Result<Rules, Failure> {
    Ok(sow::compile(&rules.name, &rules.text, &options.options())?)
}

pub use sow::session::describe;
