//! Fuzz target `fmt`: bytes as a rules file to format: idempotent, comments kept, same rules.
#![no_main]

#[path = "../../tests/integration/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::format_file(data));
