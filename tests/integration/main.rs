//! The integration tests: one test binary, one module per area.

mod common;
mod diagnostics;
mod worked;
