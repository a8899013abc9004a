//! A game in progress: the position, its history for the repetition rule, and the turns
//! played so far, with checked play, whole turns in notation, undo and resignation.

use super::checked::{Effect, PlayError};
use super::notation::NotationError;
use super::position::Position;
use super::rules::*;
use super::state::*;

/// One turn as played: who played it and its decisions, everything they did before the other
/// player's turn. Where the rules let a player move again (a last seed in the own store), the
/// extra sowings belong to the same turn: `a3 a1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The player.
    pub player: Player,
    /// The sowing, then any picks (or a single pass); then, if the player moved again, the
    /// next sowing and its picks, and so on.
    pub moves: Vec<Move>,
}

/// One decision played by [`Game::play_part`]: the decision, what it did, and the position
/// it was played in.
#[derive(Clone, Debug)]
pub struct Played {
    /// The decision.
    pub mv: Move,
    /// What it did.
    pub effect: Effect,
    /// The position before it.
    pub before: State,
}

/// Why a turn typed in notation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnError {
    /// No decision was written (nothing, or only an `x`).
    Empty,
    /// A word is not a hole or decision.
    Notation(NotationError),
    /// A decision is illegal.
    Illegal(PlayError),
    /// The turn's words ran out before the turn did.
    Unfinished {
        /// What is still owed, in words.
        owed: String,
    },
    /// Words were left after the turn ended.
    TooLong {
        /// The first extra word.
        extra: String,
    },
}

impl std::fmt::Display for TurnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TurnError::Empty => f.write_str("no decision given: write a hole such as `b3`"),
            TurnError::Notation(e) => e.fmt(f),
            TurnError::Illegal(e) => e.fmt(f),
            TurnError::Unfinished { owed } => write!(f, "the turn is not finished: {owed}"),
            TurnError::TooLong { extra } => write!(f, "the turn is already over before `{extra}`"),
        }
    }
}

impl std::error::Error for TurnError {}

/// A game being played on some rules: a [`Position`], and the turns played to reach it,
/// in notation, with undo.
#[derive(Clone, Debug)]
pub struct Game<'r> {
    position: Position<'r>,
    turns: Vec<Turn>,
    /// The state at the start of each entry of `turns`.
    starts: Vec<State>,
}

impl<'r> Game<'r> {
    /// A new game from the start position.
    pub fn new(rules: &'r Rules) -> Game<'r> {
        Game::from_state(rules, rules.start())
    }

    /// A game that starts at `state` (settled at once if its player has no decision).
    pub fn from_state(rules: &'r Rules, state: State) -> Game<'r> {
        Game { position: Position::from_state(rules, state), turns: Vec::new(), starts: Vec::new() }
    }

    /// The rules.
    pub fn rules(&self) -> &'r Rules {
        self.position.rules
    }

    /// The current state.
    pub fn state(&self) -> &State {
        &self.position.state
    }

    /// The current position, with its history.
    pub fn position(&self) -> &Position<'r> {
        &self.position
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// The turns played (the last one may be unfinished): each is everything one player did
    /// before the other moved, so a player who moved again has one turn of several sowings.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The legal decisions now.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.position.legal_moves(&mut moves);
        moves
    }

    /// Play one decision, if legal (see [`Position::play`]).
    pub fn play(&mut self, mv: Move) -> Result<Effect, PlayError> {
        let before = self.position.state.clone();
        let effect = self.position.play(mv)?;
        // A turn goes on while its player is to move: through the picks of a capture, and
        // through the sowings of a player who moves again (the engine counts each of those as a
        // turn of its own, for its turn limits and repetitions). Only the end of a turn gives
        // the move to the other player. The answers to an offer to end the game belong to the
        // turn of the player who offered; the lot for the first player, to the first turn.
        let first_lot =
            self.turns.len() == 1 && self.starts.first().is_some_and(|s| s.phase == Phase::FirstLot);
        match self.turns.last_mut() {
            Some(turn) if first_lot && turn.moves.len() == 1 => {
                turn.player = before.to_move;
                turn.moves.push(mv)
            }
            Some(turn)
                if turn.player == before.to_move
                    || matches!(before.phase, Phase::Offer(_) | Phase::Lot(_)) =>
            {
                turn.moves.push(mv)
            }
            _ => {
                self.turns.push(Turn { player: before.to_move, moves: vec![mv] });
                self.starts.push(before);
            }
        }
        Ok(effect)
    }

    /// Where the position is a chance event (lots drawn between rounds: see
    /// [`State::is_chance`]), draw it: `below(n)` picks one of the `n` outcomes, each with the
    /// same chance (a uniform draw from `0..n`), and it is played. Returns what was played,
    /// `None` where no lot is being drawn.
    pub fn draw_lot(&mut self, below: &mut impl FnMut(usize) -> usize) -> Option<Played> {
        if !self.state().is_chance() {
            return None;
        }
        let legal = self.legal_moves();
        let mv = *legal.get(below(legal.len()))?;
        let before = self.position.state.clone();
        let effect = self.play(mv).ok()?;
        Some(Played { mv, effect, before })
    }

    /// Play a whole turn written in notation (`b3 x d1 d1 c4`), or nothing if any part of it
    /// is wrong. During a pending capture follow-up, the words continue the turn. Where the
    /// rules let the player move again, the words may go on with the next sowing (`a3 a1`), or
    /// stop and leave it to the next call.
    pub fn play_turn(&mut self, text: &str) -> Result<Vec<Effect>, TurnError> {
        let played = self.play_atomically(text, true)?;
        Ok(played.into_iter().map(|p| p.effect).collect())
    }

    /// Play the decisions written in `text` (`b3`, `b3 x d1`, `d1 d1`), all of them or none:
    /// if one is wrong, or words are left after the turn ends, nothing is played. Unlike
    /// [`Game::play_turn`], the words may stop before the turn does (a person types the
    /// picks of a strip later), so this is what an interactive front end calls.
    pub fn play_part(&mut self, text: &str) -> Result<Vec<Played>, TurnError> {
        self.play_atomically(text, false)
    }

    fn play_atomically(&mut self, text: &str, whole: bool) -> Result<Vec<Played>, TurnError> {
        let saved = (self.position.clone(), self.turns.clone(), self.starts.clone());
        let result = self.play_words(text, whole);
        if result.is_err() {
            (self.position, self.turns, self.starts) = saved;
        }
        result
    }

    fn play_words(&mut self, text: &str, whole: bool) -> Result<Vec<Played>, TurnError> {
        let words = Rules::turn_words(text);
        if words.is_empty() {
            return Err(TurnError::Empty);
        }
        let mut played: Vec<Played> = Vec::new();
        let me = self.position.to_move();
        for (i, word) in words.iter().enumerate() {
            // The words are one player's: they may go on through a capture's picks and through
            // the sowings of a player who moves again, but not past the end of the turn.
            if i > 0 && (self.position.is_over() || self.position.to_move() != me) {
                return Err(TurnError::TooLong { extra: word.to_string() });
            }
            let mv = self.rules().parse_move(self.state(), word).map_err(TurnError::Notation)?;
            // A lot is drawn by the program (see `Game::draw_lot`), never by a player's words.
            if self.state().is_chance() || matches!(mv, Move::Lot(_)) {
                let legal = self.legal_moves();
                return Err(TurnError::Illegal(self.rules().explain(self.state(), mv, &legal)));
            }
            let before = self.position.state.clone();
            let effect = self.play(mv).map_err(TurnError::Illegal)?;
            played.push(Played { mv, effect, before });
        }
        // Decisions are owed if the last sowing's turn goes on (its picks, or a choice to stop
        // or relay). A player who moves again owes nothing yet: the next sowing may be given
        // later. A new turn may open with picks of its own (a take turn of an opening), which
        // are not owed by this one.
        let state = self.state();
        let last_turn = played.last().map(|p| p.before.turn());
        if whole && last_turn == Some(state.turn()) && state.outcome.is_none() {
            let owed = match state.phase {
                Phase::Pick(p) if p.remaining == 1 => "1 more pick".to_string(),
                Phase::Pick(p) => format!("{} more picks", p.remaining),
                Phase::LapChoice(c) if c.through => {
                    "a choice to `relay` past the side store or through it (`relay+`)".to_string()
                }
                Phase::LapChoice(c) if c.turn => "a choice to `relay` or turn the next lap".to_string(),
                Phase::LapChoice(c) if c.capture > 0 => {
                    "the choice of the capture (by the first hole it takes)".to_string()
                }
                Phase::LapChoice(_) => "a choice to `stop` or `relay`".to_string(),
                Phase::EndChoice(_) => "the choice of the row end to sow the capture from".to_string(),
                Phase::Step(p) => format!("the holes of the lap's {} more seeds", p.hand),
                Phase::Lift(_) => "the number of seeds to lift (`4`)".to_string(),
                Phase::PutChoice(_) => "the choice of the hole the taken seeds go into".to_string(),
                Phase::Offer(_) => {
                    "the answer to the offer to end the game (`agree` or `refuse`)".to_string()
                }
                Phase::Lot(_) => "the lot drawn for the last hole (`lot:south` or the like)".to_string(),
                Phase::FirstLot => "the lot drawn for the first player (`lot:south` or the like)".to_string(),
                Phase::Sow => String::new(),
            };
            if !owed.is_empty() {
                return Err(TurnError::Unfinished { owed });
            }
        }
        Ok(played)
    }

    /// Take back the last turn (or the part of it played so far). Returns false at the start.
    pub fn undo(&mut self) -> bool {
        match (self.turns.pop(), self.starts.pop()) {
            (Some(_), Some(start)) => {
                self.position.restore(start);
                true
            }
            _ => false,
        }
    }

    /// The player to move resigns; the other wins. At a table of more than two no one may
    /// resign (the others would play on, and a record could not say when): nothing changes.
    /// Returns whether the game is over.
    pub fn resign(&mut self) -> bool {
        let state = &mut self.position.state;
        if state.outcome.is_none() && state.to_move.seats() == 2 {
            state.outcome = Some(Outcome::Win { winner: state.to_move.other(), reason: WinReason::Resigned });
        }
        state.outcome.is_some()
    }

    /// The game without its borrow of the rules, to keep where a borrow cannot live (a
    /// server's table of games, next to the rules it owns).
    pub fn detach(self) -> DetachedGame {
        let Position { state, history, .. } = self.position;
        DetachedGame { state, history, turns: self.turns, starts: self.starts }
    }
}

/// A [`Game`] set aside without its rules (see [`Game::detach`]).
#[derive(Clone, Debug)]
pub struct DetachedGame {
    state: State,
    history: History,
    turns: Vec<Turn>,
    starts: Vec<State>,
}

impl DetachedGame {
    /// The game again, on `rules`, which must be the rules it was played on.
    pub fn attach(self, rules: &Rules) -> Game<'_> {
        let position = Position { rules, state: self.state, history: self.history };
        Game { position, turns: self.turns, starts: self.starts }
    }
}
