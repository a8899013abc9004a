//! Fuzz target `rules`: bytes as a rules file: parse, check every ruleset, play what compiles.
#![no_main]

#[path = "../../tests/integration/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::rules_file(data));
