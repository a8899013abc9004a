//! A swap of sides (`a player may swap sides`, in an opening): the two players change places,
//! the board turned half a circle, and when it is on offer.

use super::rules::*;
use super::state::*;

impl Rules {
    /// The slot in the same place as `h` on the other side of the board: the board turned half
    /// a circle (row `r` from South's outer row becomes the same row counted from North's, each
    /// row read the other way), each store the other player's.
    pub fn turned_slot(&self, h: Hole) -> Hole {
        if !self.is_store(h) {
            let (rows, columns) = (self.rows(), self.columns());
            return self.hole(rows - 1 - self.row_of(h), columns - 1 - self.column_of(h)).unwrap_or(h);
        }
        for store in [Rules::store, Rules::side_store] {
            if let (Some(s), Some(n)) = (store(self, Player::South), store(self, Player::North)) {
                if h == s {
                    return n;
                }
                if h == n {
                    return s;
                }
            }
        }
        h
    }

    /// Whether the player to move may swap sides now: their phase lets the first player to
    /// start a turn in it swap, it is the start of their first turn in it, no one has swapped,
    /// and the other player has neither played a turn of it nor gone past it.
    pub(super) fn swap_on_offer(&self, state: &State) -> bool {
        let me = state.to_move;
        let phase = state.phase_of[me];
        self.model.phases[usize::from(phase)].swap.is_some()
            && !state.swapped
            && state.phase == Phase::Sow
            && state.phase_turns[me] == 0
            && state.phase_moves[me] == 0
            && self.others(me).all(|p| {
                state.phase_of[p] < phase || (state.phase_of[p] == phase && state.phase_turns[p] == 0)
            })
    }

    /// The mover swaps sides: each player takes the other's side of the board, the board turned
    /// half a circle (every slot's seeds, marks and owner go to the slot in the same place on
    /// the other side), with the seeds the other holds in hand and has captured, and the
    /// direction the other chose. The mover then moves on from their new side, or, where the
    /// swap is their turn (`, instead of moving`), the turn ends.
    #[cold]
    pub(super) fn swap_sides(&self, state: &mut State, history: &mut History) {
        let me = state.to_move;
        let before = state.clone();
        for &h in &self.slot_of {
            let to = self.turned_slot(h);
            state.counts[to.index()] = before.counts[h.index()];
            for (m, words) in state.marks.iter_mut().enumerate() {
                let (i, j) = (h.index(), to.index());
                let marked = before.marks[m][i / 64] >> (i % 64) & 1 == 1;
                if marked {
                    words[j / 64] |= 1 << (j % 64);
                } else {
                    words[j / 64] &= !(1 << (j % 64));
                }
            }
        }
        for store in [Rules::store, Rules::side_store] {
            for p in self.players() {
                if let Some(s) = store(self, p) {
                    state.counts[self.turned_slot(s).index()] = before.counts[s.index()];
                }
            }
        }
        if self.colours {
            for &h in &self.slot_of {
                super::colour::set_colour(state, self.turned_slot(h), self.colour(&before, h).other());
            }
            self.recount(state);
        } else {
            state.seeds = ByPlayer::for_seats(self.seats(), |p| self.count_seeds(state, p));
        }
        let other = me.other();
        for (a, b) in [(me, other), (other, me)] {
            state.captured[a] = before.captured[b];
            state.took[a] = before.took[b];
            state.aside[a] = before.aside[b];
            state.hand[a] = before.hand[b];
            state.captures_made[a] = before.captures_made[b];
            state.direction[a] = before.direction[b];
        }
        state.swapped = true;
        state.hash = self.position_hash(state);
        let phase = &self.model.phases[usize::from(state.phase_of[me])];
        if phase.swap.is_some_and(|s| s.ends_turn) {
            self.end_turn(state, history);
        }
    }
}
