//! "Did you mean …?" for misspelt names and words.

/// The candidate closest to `word`, if it is close enough to be a likely misspelling.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .filter(|c| *c != word)
        .map(|c| (strsim::jaro_winkler(word, c), c))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// `help` text for an unknown name: a suggestion if one is close, else the list of names.
pub fn unknown_name_help(word: &str, what: &str, known: &[&str]) -> String {
    if let Some(best) = did_you_mean(word, known.iter().copied()) {
        return format!("did you mean `{best}`?");
    }
    match known {
        [] => format!("this file declares no {what}s"),
        _ => {
            let list: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
            format!("the {what}s declared are {}", list.join(", "))
        }
    }
}
