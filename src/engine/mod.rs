//! The generic engine: compiled [`Rules`] tables, positions, legal decisions, play, notation
//! and perft. Nothing here knows which game it runs.

mod agreement;
mod build;
mod capture;
mod checked;
mod choose;
mod colour;
mod cycle;
mod duties;
mod explain;
#[doc(hidden)]
pub mod fast_paths;
mod follow_up;
mod game;
mod history;
mod learning;
mod notation;
mod path;
pub mod perft;
mod play;
mod position;
mod put_back;
mod ring_ends;
mod ring_laps;
mod rounds;
pub mod rules;
mod setup;
mod sow_ends;
mod sow_turn;
pub(crate) mod sowing;
mod state;
mod step_capture;
mod step_choices;
mod step_lap;
mod step_resume;
mod step_turning;
mod stepwise;
mod swap;
mod trace;
mod transfer;
mod turn_end;
mod turning;

pub use checked::{Effect, Expected, ExpectedTurn, Misfit, PicksOwed, PlayError, PlayErrorKind};
pub use choose::MoveStats;
pub use game::{DetachedGame, Game, Played, Turn, TurnError};
pub use learning::Encoding;
pub use notation::{DecisionKinds, NotationError};
pub use position::{DetachedPosition, Draw, Playout, Position};
pub use rules::{ByPlayer, Chosen, Hole, Player, Rules, Search};
pub use setup::SetupError;
pub use sowing::Endless;
pub use state::{
    DrawReason, EndChoice, History, LapChoice, LiftChoice, Move, MoveList, Outcome, Phase, Pick, PutChoice,
    Setup, State, WinReason,
};
pub use trace::SownLap;
