//! Game records: every bad record in `tests/fixtures/records` gets a diagnostic naming the
//! line and the reason (pinned by a snapshot); good ones replay.

use std::sync::Arc;

use miette::NamedSource;
use sow::record::{Record, RecordError, RecordProblem};

use crate::common;

/// Read and replay a record on the rules its tags name (only bundled rules are used here).
fn replay(name: &str, text: &str) -> Result<String, Box<RecordError>> {
    let fail = |problem: RecordProblem| {
        Box::new(RecordError { src: NamedSource::new(name, Arc::from(text)), problem })
    };
    let record = Record::parse(text).map_err(fail)?;
    let rules_name = record.tag("Rules").map(|t| t.node.clone()).unwrap_or_else(|| "nsolo".into());
    let Some(rules_text) = sow::bundled::bundled(&rules_name) else {
        let span = record.tag("Rules").unwrap().span;
        return Err(fail(RecordProblem::Tag {
            tag: "Rules".into(),
            reason: format!("no bundled rules named `{rules_name}`"),
            help: "name a bundled rules file".into(),
            span: span.into(),
        }));
    };
    let ruleset = record.tag("Ruleset").map(|t| t.node.clone());
    let options = sow::Options { ruleset, params: record.params() };
    let rules =
        sow::compile(&rules_name, rules_text, &options).unwrap_or_else(|e| panic!("{}", common::render(&e)));
    let game = record.replay(&rules).map_err(fail)?;
    Ok(rules.picture(game.state()))
}

#[test]
fn record_fixtures() {
    insta::glob!("../fixtures/records", "*.txt", |path| {
        let name = format!("records/{}", path.file_name().unwrap().to_string_lossy());
        let text = std::fs::read_to_string(path).unwrap();
        let rendered = match replay(&name, &text) {
            Ok(picture) => {
                assert!(name.contains("good"), "{name} should have been refused");
                picture
            }
            Err(e) => {
                assert!(!name.contains("good"), "{name} was refused:\n{}", common::render(e.as_ref()));
                common::render(e.as_ref())
            }
        };
        insta::assert_snapshot!(rendered);
    });
}
