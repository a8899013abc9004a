//! Fuzz target `record`: bytes as a game record: read, compile the rules it names, replay.
#![no_main]

#[path = "../../tests/integration/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::record_file(data));
