//! How the per-game records of parts ([`super::parts`]) write the engine's outcomes and
//! players: short words, so that a record is a line of JSON a person can read.
//!
//! An outcome is `south:no-seeds`, `north:blocked`, `draw:repetition`, … (the winner or
//! `draw`, then the reason), and `null` for a game stopped at the cap on its length; a player
//! is `south` or `north`.

use serde::{Deserialize, Deserializer, Serializer, de::Error as _};

use crate::engine::{DrawReason, Outcome, Player, WinReason};

const WINS: [(WinReason, &str); 8] = [
    (WinReason::NoSeeds, "no-seeds"),
    (WinReason::Blocked, "blocked"),
    (WinReason::Score, "score"),
    (WinReason::Resigned, "resigned"),
    (WinReason::RowEmpty, "row-empty"),
    (WinReason::OneHole, "one-hole"),
    (WinReason::EndHoles, "end-holes"),
    (WinReason::Passed, "passed"),
];

const DRAWS: [(DrawReason, &str); 4] = [
    (DrawReason::Repetition, "repetition"),
    (DrawReason::TurnLimit, "turn-limit"),
    (DrawReason::EqualScores, "equal-scores"),
    (DrawReason::Passes, "passes"),
];

fn player_word(p: Player) -> &'static str {
    match p {
        Player::South => "south",
        Player::North => "north",
    }
}

fn player_of(word: &str) -> Option<Player> {
    match word {
        "south" => Some(Player::South),
        "north" => Some(Player::North),
        _ => None,
    }
}

/// The word of an outcome (a match, so that a new reason cannot be forgotten here; the
/// tables above, which read the words back, are checked against it by a test).
pub fn outcome_word(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let why = match reason {
                WinReason::NoSeeds => "no-seeds",
                WinReason::Blocked => "blocked",
                WinReason::Score => "score",
                WinReason::Resigned => "resigned",
                WinReason::RowEmpty => "row-empty",
                WinReason::OneHole => "one-hole",
                WinReason::EndHoles => "end-holes",
                WinReason::Passed => "passed",
            };
            format!("{}:{why}", player_word(winner))
        }
        Outcome::Draw(reason) => {
            let why = match reason {
                DrawReason::Repetition => "repetition",
                DrawReason::TurnLimit => "turn-limit",
                DrawReason::EqualScores => "equal-scores",
                DrawReason::Passes => "passes",
            };
            format!("draw:{why}")
        }
    }
}

/// The outcome a word names.
pub fn outcome_of(word: &str) -> Option<Outcome> {
    let (who, why) = word.split_once(':')?;
    if who == "draw" {
        return DRAWS.iter().find(|(_, w)| *w == why).map(|&(r, _)| Outcome::Draw(r));
    }
    let winner = player_of(who)?;
    WINS.iter().find(|(_, w)| *w == why).map(|&(reason, _)| Outcome::Win { winner, reason })
}

/// `#[serde(with = "codes::outcome")]` for an `Option<Outcome>`.
pub mod outcome {
    use super::*;

    /// Write the outcome's word, or `null`.
    pub fn serialize<S: Serializer>(outcome: &Option<Outcome>, s: S) -> Result<S::Ok, S::Error> {
        match outcome {
            Some(o) => s.serialize_str(&outcome_word(*o)),
            None => s.serialize_none(),
        }
    }

    /// Read an outcome's word, or `null`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Outcome>, D::Error> {
        let Some(word) = Option::<String>::deserialize(d)? else { return Ok(None) };
        outcome_of(&word).map(Some).ok_or_else(|| {
            D::Error::custom(format!(
                "`{word}` is not an outcome (south:REASON, north:REASON or draw:REASON, or null)"
            ))
        })
    }
}

/// `#[serde(with = "codes::player")]` for an `Option<Player>`.
pub mod player {
    use super::*;

    /// Write `south`, `north` or `null`.
    pub fn serialize<S: Serializer>(player: &Option<Player>, s: S) -> Result<S::Ok, S::Error> {
        match player {
            Some(p) => s.serialize_str(player_word(*p)),
            None => s.serialize_none(),
        }
    }

    /// Read `south`, `north` or `null`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Player>, D::Error> {
        let Some(word) = Option::<String>::deserialize(d)? else { return Ok(None) };
        player_of(&word)
            .map(Some)
            .ok_or_else(|| D::Error::custom(format!("`{word}` is not a player (south or north)")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outcome_has_a_word_that_reads_back() {
        let mut all: Vec<Outcome> = DRAWS.iter().map(|&(r, _)| Outcome::Draw(r)).collect();
        for winner in Player::BOTH {
            all.extend(WINS.iter().map(|&(reason, _)| Outcome::Win { winner, reason }));
        }
        for o in all {
            assert_eq!(outcome_of(&outcome_word(o)), Some(o), "{o}");
        }
        assert_eq!(
            outcome_word(Outcome::Win { winner: Player::North, reason: WinReason::Blocked }),
            "north:blocked"
        );
        assert_eq!(outcome_of("draw:no-seeds"), None);
        assert_eq!(outcome_of("east:score"), None);
    }
}
