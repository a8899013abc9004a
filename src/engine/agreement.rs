//! An end by the players' agreement (`a repeated position lets the players agree to a draw`):
//! at a turn that starts at a repeated position, its player may offer to end the game before
//! playing it; the other players still in the game answer in turn. Every one agreeing ends
//! the game as the rule says; a refusal hands the turn back to the player who offered, who
//! plays it and may not offer again in it. The answers are decisions of the players who give
//! them, inside the offering player's turn: no turn ends and none is counted.

use super::history::History;
use super::rules::*;
use super::state::*;

impl Rules {
    /// `offer`: the player to move offers to end the game; the next player answers.
    #[cold]
    pub(super) fn apply_offer(&self, state: &mut State) {
        let me = state.to_move;
        state.phase = Phase::Offer(me);
        self.answer_by(state, self.next_in_game(state, me));
    }

    /// `agree`: the next player answers in turn; once every other player has agreed, the game
    /// ends as the rule says (where it is played in rounds, the round does).
    #[cold]
    pub(super) fn apply_agree(&self, state: &mut State, history: &mut History) {
        let Phase::Offer(by) = state.phase else { return };
        let next = self.next_in_game(state, state.to_move);
        if next != by {
            self.answer_by(state, next);
            return;
        }
        self.answer_by(state, by);
        state.phase = Phase::Sow;
        state.offer = 0;
        state.outcome = Some(match self.model.end.repetition {
            Some(Ending::Scored) => self.by_score(state),
            _ => Outcome::Draw(DrawReason::Agreed),
        });
        self.end_round(state, Some(history));
    }

    /// `refuse`: the turn goes back to the player who offered, who plays it.
    #[cold]
    pub(super) fn apply_refuse(&self, state: &mut State) {
        let Phase::Offer(by) = state.phase else { return };
        self.answer_by(state, by);
        state.phase = Phase::Sow;
        state.offer |= OFFER_REFUSED;
    }

    /// The player after `p` round the table still in the game.
    fn next_in_game(&self, state: &State, p: Player) -> Player {
        let mut next = p.next();
        while state.is_out(next) && next != p {
            next = next.next();
        }
        next
    }

    /// Make `p` the player to decide, the position's hash with them.
    fn answer_by(&self, state: &mut State, p: Player) {
        let seats = &self.seat_keys;
        state.hash = state.hash.wrapping_sub(seats[state.to_move.index()]).wrapping_add(seats[p.index()]);
        state.to_move = p;
    }
}
