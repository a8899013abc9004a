//! Analysis on top of the engine and agents: random-play simulation, matches between
//! agents, comparisons of games in play (with plots) and of their compiled rules; runs split
//! into shards and merged ([`parts`]), and the reports every front end prints ([`report`]).

pub mod codes;
pub mod compare;
pub mod diff;
pub mod matches;
pub mod parallel;
pub mod parts;
#[cfg(feature = "cli")]
pub mod plot;
pub mod report;
pub mod shard;
pub mod simulate;
pub mod variant;
