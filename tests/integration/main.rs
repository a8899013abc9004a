//! The integration tests: one test binary, one module per area.

mod agents;
mod bad_diagnostics;
mod cli;
mod common;
mod compare;
mod diagnostics;
mod differential;
mod endless;
mod format;
mod fuzz;
mod fuzz_harness;
mod games;
mod general;
mod hostile;
mod kit;
mod language;
mod learning;
mod local;
mod lsp;
mod model;
mod perft;
mod play_errors;
mod position;
mod properties;
mod records;
mod robustness;
mod serve;
mod serve_security;
#[path = "../support/server.rs"]
mod server;
mod shards;
mod snapshots;
mod solve;
mod two_row_differential;
mod warnings;
mod worked;
