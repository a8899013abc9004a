//! Analysis on top of the engine and agents: random-play simulation and matches between
//! agents.

pub mod matches;
pub mod simulate;
