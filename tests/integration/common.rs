//! Helpers shared by the test modules.

#![allow(dead_code)]

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
use sow::{Options, Rules};

/// Render a diagnostic as the tests pin it: miette's graphical handler, unicode without
/// colour, no syntax highlighting, 80 columns.
pub fn render(diagnostic: &dyn Diagnostic) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .without_syntax_highlighting()
        .with_width(80)
        .render_report(&mut out, diagnostic)
        .expect("rendering into a String cannot fail");
    out
}

/// The text of a bundled rules file, read from `rules/`.
pub fn rules_text(name: &str) -> String {
    let path = format!("{}/rules/{name}.sow", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"))
}

/// Compile a bundled rules file with a ruleset and parameters, panicking with the rendered
/// diagnostics if it does not compile.
pub fn rules(name: &str, ruleset: Option<&str>, params: &[&str]) -> Rules {
    let text = rules_text(name);
    sow::compile(&format!("rules/{name}.sow"), &text, &Options::new(ruleset, params))
        .unwrap_or_else(|e| panic!("{}", render(&e)))
}

/// A fresh folder for one test's files, under the system's temporary folder and named for
/// the test and this process; remove it at the end of the test.
pub fn scratch_dir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sow-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
    dir
}
