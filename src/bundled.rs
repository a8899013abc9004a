//! The rules files embedded in the binary (every `rules/*.sow`, gathered by `build.rs`).

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The bundled rules played when no file is given (the embedded default rules).
pub const DEFAULT_RULES: &str = "nsolo";

/// The text of a bundled rules file, by name (with or without `.sow`) or by an alias its
/// `aliases` line gives (see [`resolve`]).
pub fn bundled(name: &str) -> Option<&'static str> {
    let name = resolve(name)?;
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// The bundled file a word names: its own name (`oware`, `oware.sow`, any case), else an
/// alias that one bundled file alone lists (`awari`, `abapa` and `"Bao Kiarabu"` as
/// `bao-kiarabu`; spaces, `-` and `_` alike). An alias two files share names neither.
pub fn resolve(name: &str) -> Option<&'static str> {
    let name = name.strip_suffix(".sow").unwrap_or(name);
    if let Some((n, _)) = BUNDLED.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return Some(n);
    }
    let wanted = alias_key(name);
    let mut files = owners(&wanted);
    match (files.next(), files.next()) {
        (Some(file), None) => Some(file),
        _ => None,
    }
}

/// The bundled files that list `key` (an [`alias_key`]) among their aliases.
fn owners(key: &str) -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().filter(move |(_, text)| aliases(text).any(|a| alias_key(a) == key)).map(|(n, _)| *n)
}

/// The aliases of a rules text: the quoted words of its `aliases` line.
fn aliases(text: &str) -> impl Iterator<Item = &str> {
    let line =
        text.lines().map(str::trim_start).find(|l| l.starts_with("aliases ") || l.starts_with("aliases\t"));
    line.into_iter().flat_map(|l| l.split('"').skip(1).step_by(2))
}

/// An alias as a name is compared: lower case, spaces and `_` as `-`.
fn alias_key(name: &str) -> String {
    name.trim().chars().map(|c| if c == ' ' || c == '_' { '-' } else { c.to_ascii_lowercase() }).collect()
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
    let shared: Vec<&str> = owners(&alias_key(stem)).collect();
    if shared.len() > 1 {
        return format!(
            "no file `{file}`, and `{stem}` is an alias of several bundled rules files: {}; name one",
            shared.join(", ")
        );
    }
    let hint = match crate::suggest::did_you_mean(stem, names.iter().copied()) {
        Some(best) => format!("; did you mean `{best}`?"),
        None => String::new(),
    };
    format!("no file `{file}`, and no bundled rules of that name (bundled: {}){hint}", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_resolve_to_their_file() {
        assert_eq!(resolve("awari"), Some("oware"));
        assert_eq!(resolve("Abapa"), Some("oware"));
        assert_eq!(resolve("mancala"), Some("kalah"));
        assert_eq!(resolve("KALAH.sow"), Some("kalah"));
        assert_eq!(bundled("awari"), bundled("oware"));
        assert_eq!(resolve("no-such-game"), None);
    }

    #[test]
    fn a_shared_alias_names_no_file_and_says_so() {
        let owners: Vec<_> = owners("choro").collect();
        assert!(owners.len() > 1, "{owners:?}");
        assert_eq!(resolve("choro"), None);
        assert!(unknown("choro").contains("alias of several"), "{}", unknown("choro"));
    }
}
