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

/// What to say of a word that is neither a file nor a bundled name: the names there are,
/// and the nearest one.
pub fn unknown(file: &str) -> String {
    let names: Vec<&str> = bundled_names().collect();
    let stem = file.strip_suffix(".sow").unwrap_or(file);
    let hint = match crate::suggest::did_you_mean(stem, names.iter().copied()) {
        Some(best) => format!("; did you mean `{best}`?"),
        None => String::new(),
    };
    format!("no file `{file}`, and no bundled rules of that name (bundled: {}){hint}", names.join(", "))
}
