//! Variants named in one word on the command line: `FILE[:RULESET][?KEY=VALUE[&KEY=VALUE]…]`,
//! e.g. `mygame`, `mygame:variant`, `mygame?columns=36`, `rules/mygame.sow:variant?extra=2`.

use sow::Rules;

use super::{Failure, RulesOptions, load};

/// A rules file, a ruleset and parameters, as one command-line word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The word as given, used as the variant's label.
    pub label: String,
    /// The file (a path or a bundled name).
    pub file: String,
    /// The ruleset and parameters.
    pub options: RulesOptions,
}

impl Variant {
    /// Read and compile the variant.
    pub fn compile(&self) -> Result<Rules, Failure> {
        load::compile(&load::read_rules(Some(&self.file))?, &self.options)
    }
}

impl std::str::FromStr for Variant {
    type Err = String;

    fn from_str(word: &str) -> Result<Variant, String> {
        let spec: sow::analysis::variant::VariantSpec = word.parse()?;
        Ok(Variant {
            label: spec.label,
            file: spec.file,
            options: RulesOptions { ruleset: spec.ruleset, params: spec.params },
        })
    }
}
