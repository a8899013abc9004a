//! Fuzz target `extends`: bytes as a chain of rulesets, each extending another, with
//! parameters, captures and lap rules that add up along the chain (issue 33). Run with
//! `-timeout=2`: no case may take longer.
#![no_main]

#[path = "../../tests/integration/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::extends_chain(data));
