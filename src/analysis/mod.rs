//! Analysis on top of the engine and agents: random-play simulation.

pub mod simulate;
