//! How the per-game records of parts ([`super::parts`]) write the engine's outcomes and
//! players: short words, so that a record is a line of JSON a person can read.
//!
//! An outcome is `south:no-seeds`, `north:blocked`, `draw:repetition`, … (the winner or
//! `draw`, then the reason), and `null` for a game stopped at the cap on its length; a player
//! is `south` or `north`.

use serde::{Deserialize, Deserializer, Serializer, de::Error as _};

use crate::engine::{DrawReason, Outcome, Player, WinReason};

/// Every reason to win, for reading the words back.
pub const WIN_REASONS: [WinReason; 14] = [
    WinReason::NoSeeds,
    WinReason::Emptied,
    WinReason::FewSeeds,
    WinReason::LastSeeds,
    WinReason::Blocked,
    WinReason::Score,
    WinReason::Resigned,
    WinReason::RowEmpty,
    WinReason::OneHole,
    WinReason::EndHoles,
    WinReason::Passed,
    WinReason::CannotFill,
    WinReason::Captured,
    WinReason::Points,
];

/// Every reason to draw.
pub const DRAW_REASONS: [DrawReason; 6] = [
    DrawReason::Repetition,
    DrawReason::TurnLimit,
    DrawReason::EqualScores,
    DrawReason::Passes,
    DrawReason::Blocked,
    DrawReason::Agreed,
];

/// `south` or `north` (see [`Player::word`]).
pub fn player_word(p: Player) -> &'static str {
    p.word()
}

fn player_of(word: &str) -> Option<Player> {
    match word {
        "south" => Some(Player::South),
        "north" => Some(Player::North),
        _ => None,
    }
}

/// The word of a reason to win.
pub fn win_word(reason: WinReason) -> &'static str {
    match reason {
        WinReason::NoSeeds => "no-seeds",
        WinReason::Emptied => "emptied",
        WinReason::FewSeeds => "few-seeds",
        WinReason::LastSeeds => "last-seeds",
        WinReason::Blocked => "blocked",
        WinReason::Score => "score",
        WinReason::Resigned => "resigned",
        WinReason::RowEmpty => "row-empty",
        WinReason::OneHole => "one-hole",
        WinReason::EndHoles => "end-holes",
        WinReason::Passed => "passed",
        WinReason::CannotFill => "cannot-fill",
        WinReason::Captured => "captured",
        WinReason::Points => "points",
    }
}

/// The word of a reason to draw.
pub fn draw_word(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => "repetition",
        DrawReason::TurnLimit => "turn-limit",
        DrawReason::EqualScores => "equal-scores",
        DrawReason::Passes => "passes",
        DrawReason::Blocked => "blocked",
        DrawReason::Agreed => "agreed",
    }
}

/// The word of an outcome: `south:no-seeds`, `draw:repetition`.
pub fn outcome_word(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => format!("{}:{}", player_word(winner), win_word(reason)),
        Outcome::Draw(reason) => format!("draw:{}", draw_word(reason)),
    }
}

/// The outcome a word names.
pub fn outcome_of(word: &str) -> Option<Outcome> {
    let (who, why) = word.split_once(':')?;
    if who == "draw" {
        return DRAW_REASONS.into_iter().find(|&r| draw_word(r) == why).map(Outcome::Draw);
    }
    let winner = player_of(who)?;
    WIN_REASONS.into_iter().find(|&r| win_word(r) == why).map(|reason| Outcome::Win { winner, reason })
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
        let mut all: Vec<Outcome> = DRAW_REASONS.map(Outcome::Draw).to_vec();
        for winner in Player::BOTH {
            all.extend(WIN_REASONS.map(|reason| Outcome::Win { winner, reason }));
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
