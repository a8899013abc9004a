//! Rendered diagnostics for every error a rules file can cause.
//!
//! Each file in `tests/fixtures/parse_err/` and `tests/fixtures/check_err/` is a small rules
//! file with a deliberate mistake; its first line names the code(s) it must produce, as in
//! `// expect: sow::check::unknown_row`. Each is checked with [`sow::check`] and its rendered
//! report pinned by a snapshot named after the file. The errors that only command-line
//! options can cause are pinned through [`sow::compile`] with [`Options`].

use std::path::Path;

use miette::Diagnostic;
use sow::{Options, RulesError};

use crate::common::{render, rules_text};

/// The codes a fixture's first line promises: `// expect: CODE[, CODE…]`.
fn expected_codes(name: &str, text: &str) -> Vec<String> {
    let first = text.lines().next().unwrap_or("");
    let Some(codes) = first.strip_prefix("// expect:") else {
        panic!("{name}: the first line must be `// expect: CODE`, not {first:?}");
    };
    let codes: Vec<String> = codes.split(',').map(|c| c.trim().to_string()).collect();
    assert!(codes.iter().all(|c| c.starts_with("sow::")), "{name}: bad expect line {first:?}");
    codes
}

/// The code of every problem in a report, in order.
fn codes(error: &RulesError) -> Vec<String> {
    error.problems.iter().filter_map(|p| p.code().map(|c| c.to_string())).collect()
}

/// Check one fixture, assert it fails with the codes its first line names, and render
/// the report. The source is named `folder/file`, so no machine path reaches a snapshot.
fn check_fixture(folder: &str, path: &Path) -> String {
    let file = path.file_name().and_then(|f| f.to_str()).expect("a fixture has a UTF-8 file name");
    let name = format!("{folder}/{file}");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {name}: {e}"));
    let expected = expected_codes(&name, &text);
    let error = match sow::check(&name, &text) {
        Ok(_) => panic!("{name} checks cleanly, but should fail with {}", expected.join(", ")),
        Err(error) => error,
    };
    let rendered = render(&error);
    let found = codes(&error);
    for code in &expected {
        assert!(found.contains(code), "{name}: expected {code} among {found:?}\n{rendered}");
    }
    if file == "several_errors.sow" {
        assert!(found.len() >= 3, "{name}: expected at least 3 problems, got {found:?}\n{rendered}");
    }
    rendered
}

#[test]
fn parse_errors() {
    insta::glob!("../fixtures", "parse_err/*.sow", |path| {
        insta::assert_snapshot!(check_fixture("parse_err", path));
    });
}

#[test]
fn check_errors() {
    insta::glob!("../fixtures", "check_err/*.sow", |path| {
        insta::assert_snapshot!(check_fixture("check_err", path));
    });
}

/// Check one warning fixture: it must check without error and warn with the codes its
/// first line names; the rendered warnings.
fn warning_fixture(path: &Path) -> String {
    let file = path.file_name().and_then(|f| f.to_str()).expect("a fixture has a UTF-8 file name");
    let name = format!("warn/{file}");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {name}: {e}"));
    let expected = expected_codes(&name, &text);
    let warnings = match sow::check_with_warnings(&name, &text) {
        Ok((_, warnings)) => warnings,
        Err(error) => panic!("{name} should check, with warnings:\n{}", render(&error)),
    };
    let rendered = render(&warnings);
    let found: Vec<String> =
        warnings.warnings.iter().filter_map(|w| w.code().map(|c| c.to_string())).collect();
    assert_eq!(found, expected, "{name}: the warnings' codes\n{rendered}");
    assert!(warnings.warnings.iter().all(|w| w.severity() == Some(miette::Severity::Warning)));
    rendered
}

#[test]
fn warnings() {
    insta::glob!("../fixtures", "warn/*.sow", |path| {
        insta::assert_snapshot!(warning_fixture(path));
    });
}

#[test]
fn every_bundled_rules_file_checks_cleanly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("read rules/") {
        let path = entry.expect("read rules/").path();
        if path.extension().is_none_or(|e| e != "sow") {
            continue;
        }
        let file = path.file_name().and_then(|f| f.to_str()).expect("a UTF-8 file name");
        let name = format!("rules/{file}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {name}: {e}"));
        match sow::check_with_warnings(&name, &text) {
            Err(error) => panic!("{name} does not check cleanly:\n{}", render(&error)),
            Ok((_, warnings)) if !warnings.is_empty() => {
                panic!("{name} checks with warnings:\n{}", render(&warnings))
            }
            Ok(_) => {}
        }
        checked += 1;
    }
    assert!(checked > 0, "no .sow file in rules/");
}

/// Compile the bundled Nsolo file with `options`, which must fail with exactly `code`.
fn option_error(options: &Options, code: &str) -> String {
    let text = rules_text("nsolo");
    let error = match sow::compile("rules/nsolo.sow", &text, options) {
        Ok(_) => panic!("{options:?} compiles, but should fail with {code}"),
        Err(error) => error,
    };
    let rendered = render(&error);
    assert_eq!(codes(&error), [code], "{rendered}");
    rendered
}

#[test]
fn option_unknown_param_arg() {
    let options = Options::new(None, &["colums=12"]);
    insta::assert_snapshot!("unknown_param_arg", option_error(&options, "sow::check::unknown_param_arg"));
}

#[test]
fn option_param_syntax() {
    let options = Options::new(None, &["columns:12"]);
    insta::assert_snapshot!("param_syntax", option_error(&options, "sow::check::param_syntax"));
}

#[test]
fn option_param_not_a_number() {
    let options = Options::new(None, &["columns=twelve"]);
    insta::assert_snapshot!("param_not_a_number", option_error(&options, "sow::check::param_syntax"));
}

#[test]
fn option_unknown_ruleset() {
    let options = Options::new(Some("sanderson"), &[]);
    insta::assert_snapshot!("unknown_ruleset", option_error(&options, "sow::check::unknown_ruleset"));
}

#[test]
fn option_param_out_of_range() {
    // A file's own defaults are checked against their ranges (`default_out_of_range`); only
    // a value given on the command line can fall outside the range.
    let options = Options::new(Some("sanderson-1913"), &["columns=8"]);
    insta::assert_snapshot!("param_out_of_range", option_error(&options, "sow::check::param_out_of_range"));
}

/// A ruleset may declare a parameter of its own (with its range): the base game does not
/// have it, and the ruleset takes `--param` for it like any other.
#[test]
fn a_ruleset_may_declare_its_own_parameter() {
    let path =
        format!("{}/tests/fixtures/check_err/ruleset_param_without_range.sow", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap().replace("param bonus = 2", "param bonus = 2 in 1..3");
    let base = sow::compile("own.sow", &text, &sow::Options::new(None, &[])).unwrap();
    assert!(base.params().iter().all(|p| p.name != "bonus"));
    let rules = sow::compile("own.sow", &text, &sow::Options::new(Some("bonus"), &["bonus=3"])).unwrap();
    let bonus = rules.params().iter().find(|p| p.name == "bonus").expect("the ruleset's parameter");
    assert_eq!((bonus.value, bonus.default, bonus.low, bonus.high), (3, 2, 1, 3));
    let error = sow::compile("own.sow", &text, &sow::Options::new(None, &["bonus=3"])).unwrap_err();
    assert!(
        crate::common::render(&error).contains("no parameter `bonus`"),
        "{}",
        crate::common::render(&error)
    );
}
