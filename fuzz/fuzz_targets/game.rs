//! Fuzz target `game`: bytes as a bundled rules file, ruleset and parameters, then decisions until the game ends.
#![no_main]

#[path = "../../tests/integration/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::bundled_game(data));
