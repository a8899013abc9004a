//! Fuzz target `lsp`: bytes as a language-server session of edits and requests.
#![no_main]

#[path = "../../tests/integration/fuzz_harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::lsp_session(data));
