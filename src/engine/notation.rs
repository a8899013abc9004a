//! Board notation: holes `b8`, turns `b3` or `b3 x d1 d1 c4`, and board pictures.

use std::fmt::{self, Write as _};

use super::rules::*;
use super::state::*;

/// A word that is not a hole of the board, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The word as given.
    pub word: String,
    /// Why it is not a hole or a decision.
    pub reason: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for NotationError {}

impl Rules {
    /// Read a hole name such as `b8` (row letter from South's outer row, column from South's
    /// left, both from 1).
    pub fn parse_hole(&self, word: &str) -> Result<Hole, NotationError> {
        let fail = |reason: String| NotationError { word: word.to_string(), reason };
        let last_row = (b'a' + self.rows as u8 - 1) as char;
        let shape = format!(
            "holes are named by a row letter a–{last_row} and a column 1–{}, e.g. `b{}`",
            self.columns, self.columns
        );
        let mut chars = word.chars();
        let Some(letter) = chars.next() else { return Err(fail(format!("expected a hole; {shape}"))) };
        let letter = letter.to_ascii_lowercase();
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail(format!("`{word}` is not a hole; {shape}")));
        }
        let row = (letter as u8 - b'a') as usize;
        let column: usize = digits.parse().unwrap_or(usize::MAX);
        if row >= self.rows {
            return Err(fail(format!("there is no row `{letter}`; {shape}")));
        }
        if column == 0 || column > self.columns {
            return Err(fail(format!("there is no column {digits}; {shape}")));
        }
        self.hole(row, column - 1).ok_or_else(|| fail(shape))
    }

    /// Read one decision in the context of `state`: a hole is a sowing at the start of a turn
    /// and a pick during a capture's follow-up; `b3:cw` / `b3:ccw` sow in a direction chosen
    /// for good; `b3-a5` moves seeds; `+a3` marks a hole; `stop`, `relay` and `pass` are
    /// themselves.
    pub fn parse_move(&self, state: &State, word: &str) -> Result<Move, NotationError> {
        let lower = word.to_ascii_lowercase();
        match lower.as_str() {
            "stop" => return Ok(Move::Stop),
            "relay" => return Ok(Move::Relay),
            "pass" => return Ok(Move::Pass),
            _ => {}
        }
        if let Some(hole) = lower.strip_prefix('+') {
            return Ok(Move::Mark(self.parse_hole(hole)?));
        }
        if let Some((from, to)) = lower.split_once('-') {
            return Ok(Move::Transfer(self.parse_hole(from)?, self.parse_hole(to)?));
        }
        if let Some((hole, direction)) = lower.split_once(':') {
            let hole = self.parse_hole(hole)?;
            let direction = match direction {
                "ccw" | "anticlockwise" => Direction::Anticlockwise,
                "cw" | "clockwise" => Direction::Clockwise,
                _ => {
                    return Err(NotationError {
                        word: word.to_string(),
                        reason: format!(
                            "`{direction}` is not a direction; write `cw` (clockwise) or `ccw` (anticlockwise)"
                        ),
                    });
                }
            };
            return Ok(Move::SowDirection(hole, direction));
        }
        let hole = self.parse_hole(word)?;
        Ok(match state.phase {
            Phase::Sow => match self.phases[state.phase_of(state.to_move)].turn {
                TurnKind::Mark { .. } => Move::Mark(hole),
                _ => Move::Sow(hole),
            },
            Phase::Pick(_) => Move::Pick(hole),
            Phase::LapChoice(_) => Move::Sow(hole),
        })
    }

    /// Split a turn such as `b3 x d1 d1 c4` into its words: the sowing, then the picks.
    /// The `x` is optional when reading.
    pub fn turn_words(text: &str) -> Vec<&str> {
        text.split_whitespace().filter(|w| !w.eq_ignore_ascii_case("x")).collect()
    }

    /// Write a decision: `b3`, `d1`, `stop` or `pass`.
    pub fn move_text(&self, mv: Move) -> String {
        match mv {
            Move::Sow(h) | Move::Pick(h) => self.hole_name(h),
            Move::SowDirection(h, d) => {
                format!("{}:{}", self.hole_name(h), if d == Direction::Clockwise { "cw" } else { "ccw" })
            }
            Move::Transfer(a, b) => format!("{}-{}", self.hole_name(a), self.hole_name(b)),
            Move::Mark(h) => format!("+{}", self.hole_name(h)),
            Move::Stop => "stop".to_string(),
            Move::Relay => "relay".to_string(),
            Move::Pass => "pass".to_string(),
        }
    }

    /// Write a turn: `b3`, or `b3 x d1 d1 c4` when picks follow.
    pub fn turn_text(&self, moves: &[Move]) -> String {
        let mut out = String::new();
        for (i, &mv) in moves.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let first_pick =
                matches!(mv, Move::Pick(_)) && !matches!(moves.get(i.wrapping_sub(1)), Some(Move::Pick(_)));
            if first_pick
                || (i == 1 && mv == Move::Stop && matches!(moves[0], Move::Sow(_) | Move::SowDirection(..)))
            {
                out.push_str("x ");
            }
            out.push_str(&self.move_text(mv));
        }
        out
    }

    /// A picture of the board: North's rows on top, row letters on the left, column numbers
    /// above and below, each side's seeds, and whose turn it is.
    pub fn picture(&self, state: &State) -> String {
        self.picture_marked(state, &[])
    }

    /// [`Rules::picture`] with some holes marked by `*` (e.g. the last turn's).
    pub fn picture_marked(&self, state: &State, marked: &[Hole]) -> String {
        let widest = self.all_holes().map(|h| state.count(h)).max().unwrap_or(0);
        let width = widest.to_string().len().max(self.columns.to_string().len()).max(2) + 1;
        let mut out = String::new();
        let numbers = {
            let mut s = String::from("   ");
            for c in 1..=self.columns {
                let _ = write!(s, "{c:>width$} ");
            }
            s.trim_end().to_string()
        };
        let _ = writeln!(out, "{numbers}");
        for row in (0..self.rows).rev() {
            let letter = (b'a' + row as u8) as char;
            let mut line = format!(" {letter} ");
            for c in 0..self.columns {
                let Some(h) = self.hole(row, c) else { continue };
                let mark = if marked.contains(&h) { '*' } else { ' ' };
                let _ = write!(line, "{:>width$}{mark}", state.count(h));
            }
            let side = if row == self.rows - 1 {
                Some(Player::North)
            } else if row == 0 {
                Some(Player::South)
            } else {
                None
            };
            let mut line = line.trim_end().to_string();
            if let Some(p) = side {
                let _ = write!(line, "   {p}: {} on board", seeds(self.seeds_of(state, p)));
                if self.store.is_some() {
                    let _ = write!(line, ", {} in store", self.store_seeds(state, p));
                } else if state.captured[p] > 0 {
                    let _ = write!(line, ", {} captured", state.captured[p]);
                }
            }
            let _ = writeln!(out, "{line}");
            if row == self.rows / 2 {
                let _ = writeln!(out, "   {}", "─".repeat((width + 1) * self.columns));
            }
        }
        let _ = writeln!(out, "{numbers}");
        match state.outcome {
            Some(outcome) => {
                let _ = writeln!(out, "Game over: {outcome}.");
            }
            None => {
                let _ = write!(out, "{} to move", state.to_move);
                if let Some(name) = &self.phases[state.phase_of(state.to_move)].name {
                    let _ = write!(out, ", opening \"{name}\"");
                }
                match state.phase {
                    Phase::Pick(p) => {
                        let _ = write!(out, " ({} more to pick)", p.remaining);
                    }
                    Phase::LapChoice(c) => {
                        let _ = write!(out, " (sowing paused at {}: stop or relay)", self.hole_name(c.at));
                    }
                    Phase::Sow => {}
                }
                out.push('\n');
            }
        }
        out
    }
}

fn seeds(n: u32) -> String {
    if n == 1 { "1 seed".to_string() } else { format!("{n} seeds") }
}
