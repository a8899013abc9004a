//! Reading rules files: the pest grammar, the typed AST with spans, and syntax errors.
//!
//! Nothing here knows what the rules mean; names are resolved and checked in
//! [`crate::compile`].

pub mod ast;
mod edge;
mod error;
mod expected;
mod format;
pub mod outline;
mod parser;

pub use error::SyntaxError;
pub use format::{format, phrase};
pub use parser::{Rule, parse};
