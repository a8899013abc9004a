//! The rules files embedded in the binary (every `rules/*.sow`, gathered by `build.rs`).

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The bundled rules played when no file is given (the embedded default rules).
pub const DEFAULT_RULES: &str = "nsolo";

/// The text of a bundled rules file, by name (with or without `.sow`).
pub fn bundled(name: &str) -> Option<&'static str> {
    let name = name.strip_suffix(".sow").unwrap_or(name);
    BUNDLED.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, text)| *text)
}

/// The names of the bundled rules files.
pub fn bundled_names() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|(n, _)| *n)
}
