//! Variants named in one word, as `sow compare` and the Python package take them:
//! `FILE[:RULESET][?KEY=VALUE[&KEY=VALUE]…]`, e.g. `mygame`, `mygame:variant`,
//! `mygame?columns=36`, `rules/mygame.sow:variant?extra=2`.

/// A rules file, a ruleset and parameters, as one word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantSpec {
    /// The word as given, used as the variant's label.
    pub label: String,
    /// The file (a path or a bundled name).
    pub file: String,
    /// The ruleset, if one is named.
    pub ruleset: Option<String>,
    /// Parameter settings as `name=value`.
    pub params: Vec<String>,
}

impl std::str::FromStr for VariantSpec {
    type Err = String;

    fn from_str(word: &str) -> Result<VariantSpec, String> {
        let (base, query) = match word.split_once('?') {
            Some((base, query)) => (base, Some(query)),
            None => (word, None),
        };
        // A ruleset follows the last colon, unless that colon is part of a path.
        let (file, ruleset) = match base.rsplit_once(':') {
            Some((file, ruleset)) if !file.is_empty() && !ruleset.contains(['/', '\\']) => {
                if ruleset.is_empty() {
                    return Err(format!("`{word}`: no ruleset after `:` (write FILE:RULESET)"));
                }
                (file, Some(ruleset.to_string()))
            }
            _ => (base, None),
        };
        if file.is_empty() {
            return Err(format!("`{word}`: no rules file (write FILE[:RULESET][?KEY=VALUE&…])"));
        }
        let mut params = Vec::new();
        for param in query.into_iter().flat_map(|q| q.split(['&', '?'])) {
            if !param.contains('=') {
                return Err(format!("`{word}`: parameter `{param}` is not KEY=VALUE"));
            }
            params.push(param.to_string());
        }
        Ok(VariantSpec { label: word.to_string(), file: file.to_string(), ruleset, params })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(word: &str) -> VariantSpec {
        word.parse().expect("a variant")
    }

    #[test]
    fn file_ruleset_and_parameters() {
        let v = parse("rules/mygame.sow:variant?extra=2&columns=10");
        assert_eq!(v.file, "rules/mygame.sow");
        assert_eq!(v.ruleset.as_deref(), Some("variant"));
        assert_eq!(v.params, ["extra=2", "columns=10"]);
        let v = parse("mygame?columns=36");
        assert_eq!((v.file.as_str(), v.ruleset), ("mygame", None));
        assert_eq!(parse("mygame").params, Vec::<String>::new());
    }

    #[test]
    fn mistakes_are_explained() {
        assert!("mygame:".parse::<VariantSpec>().unwrap_err().contains("no ruleset"));
        assert!("mygame?columns".parse::<VariantSpec>().unwrap_err().contains("KEY=VALUE"));
        assert!("?columns=8".parse::<VariantSpec>().unwrap_err().contains("no rules file"));
    }
}
