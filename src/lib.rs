//! sow: a rules language and engine for mancala games.
#![forbid(unsafe_code)]

pub mod ai;
pub mod analysis;
pub mod bundled;
pub mod compile;
pub mod engine;
pub mod record;
pub mod span;
mod suggest;
pub mod syntax;

pub use compile::{Options, RulesError, check, compile};
pub use engine::{Game, Move, Outcome, Player, Rules, State};
