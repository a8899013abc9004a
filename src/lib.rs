//! `sow`: a rules language and engine for mancala games.
//!
//! A rules file (`rules/*.sow`, grammar in `grammar/sow.pest`) describes a game
//! declaratively. [`compile`] parses and checks it — every problem becomes a miette
//! diagnostic with a code, a span and help — and lowers it into flat [`Rules`] tables that
//! the generic [`engine`] runs. Nothing in this crate knows any game by name.
//!
//! The whole pipeline, on the bundled default rules:
//!
//! ```
//! use sow::engine::{MoveList, Position};
//!
//! let text = sow::bundled::bundled(sow::bundled::DEFAULT_RULES).unwrap();
//! let rules = sow::compile("rules", text, &sow::Options::new(None, &["columns=8"])).unwrap();
//! let mut position = Position::new(&rules);
//!
//! let mut moves = MoveList::new();
//! position.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 15); // a1–a8 and b1–b7: every hole with two or more seeds
//!
//! let a1 = rules.parse_hole("a1").unwrap();
//! let effect = position.play(sow::Move::Sow(a1)).unwrap();
//! assert_eq!(effect.laps, 3); // a1 → a2 a3, relay a4 a5 a6, relay a7 a8 b8
//! assert!(!effect.turn_over); // b8 was empty and c8 occupied: a capture, then a strip
//! ```
//!
//! The default feature `cli` builds the `sow` command and the modules only it uses (`web`
//! for `sow serve`, `lsp` for `sow lsp`, the plots of `analysis`); with
//! `default-features = false` (as the Python package takes it) the crate is the library alone.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
pub mod analysis;
pub mod bundled;
pub mod compile;
pub mod engine;
#[cfg(feature = "cli")]
pub mod lsp;
pub mod model;
pub mod record;
pub mod render;
pub mod session;
pub mod solve;
pub mod source;
pub mod span;
pub mod suggest;
pub mod syntax;
#[cfg(feature = "cli")]
pub mod web;

pub use compile::{
    Options, RulesError, Warning, Warnings, check, check_with_warnings, compile, compile_with_warnings,
};
pub use engine::{Game, Move, Outcome, Player, Position, Rules, State};
