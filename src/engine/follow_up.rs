//! Follow-ups and picks: after a capture, the later steps of the capture that let the mover
//! pick seeds from holes (how many picks are owed, the first step that applies), playing a
//! pick, and the pick state of a turn of an opening that takes holes.

use super::play::Log;
use super::rules::*;
use super::state::*;

impl Rules {
    /// The pick state of a turn of an opening that takes holes, if there is anything to take.
    pub(super) fn take_turn_pick(&self, state: &State, capture: u8) -> Option<Pick> {
        let follow_up = self.model.captures[capture as usize].follow_ups.first()?;
        let remaining = self.follow_up_size(state, follow_up, 0, state.to_move);
        (remaining > 0).then_some(Pick { capture, step: 0, remaining, lower: 0, taken: 0, taken_roles: 0 })
    }

    /// How many picks a follow-up owes `me` now.
    fn follow_up_size(&self, state: &State, follow_up: &FollowUp, taken: u16, me: Player) -> u16 {
        let region = self.opponents_region(me, follow_up.region());
        let remaining = match follow_up {
            FollowUp::Strip { amount, .. } => {
                let want = match amount {
                    Amount::AsTaken => u32::from(taken),
                    Amount::Seeds(n) => u32::from(*n),
                };
                let have: u32 = match follow_up.region().role {
                    None => self.opponents_seeds(state, me),
                    Some(_) => (region.iter())
                        .filter(|&&h| !self.colours || self.held_by_opponent(state, h, me))
                        .map(|h| u32::from(state.counts[h.index()]))
                        .sum(),
                };
                want.min(have)
            }
            FollowUp::ExtraHoles { counts, except, .. } => {
                let made = usize::from(state.captures_made[state.to_move].max(1));
                let want = counts[(made - 1).min(counts.len() - 1)];
                let have = region
                    .iter()
                    .filter(|&&h| {
                        state.counts[h.index()] > 0
                            && (!self.colours || self.held_by_opponent(state, h, me))
                            && except.is_none_or(|m| !state.is_marked(m, h))
                    })
                    .count() as u32;
                u32::from(want).min(have)
            }
        };
        remaining as u16
    }

    /// Start follow-up `step` of capture `c` (or the first later one that applies and has
    /// anything to pick), or end the turn.
    pub(super) fn follow_up(
        &self,
        state: &mut State,
        history: &mut History,
        c: u8,
        step: u8,
        taken: u16,
        roles: u8,
    ) {
        let follow_ups = &self.model.captures[c as usize].follow_ups;
        if self.colours {
            // The capture changed whose seeds are where: picks read them.
            self.settle_colours(state);
        }
        if follow_ups.is_empty() {
            self.end_capture_turn(state, history, c);
            return;
        }
        let me = state.to_move;
        if self.opponents_seeds(state, me) > 0 {
            for (i, follow_up) in follow_ups.iter().enumerate().skip(step as usize) {
                if follow_up.condition().is_some_and(|role| roles & (1 << role) == 0) {
                    continue;
                }
                let remaining = self.follow_up_size(state, follow_up, taken, me);
                if remaining > 0 {
                    let pick =
                        Pick { capture: c, step: i as u8, remaining, lower: 0, taken, taken_roles: roles };
                    state.phase = Phase::Pick(pick);
                    return;
                }
            }
        }
        self.end_capture_turn(state, history, c);
    }

    /// The end of a turn whose capture `c` is over: the next player's turn, or the same
    /// player's again (`then move again`).
    #[inline(always)]
    fn end_capture_turn(&self, state: &mut State, history: &mut History, c: u8) {
        let capture = &self.model.captures[usize::from(c)];
        if capture.again {
            let me = state.to_move;
            self.end_turn_again(state, history);
            // `then may move again`: the turn is the mover's to take or pass on.
            if capture.again_may && state.outcome.is_none() && state.to_move == me {
                state.again = AGAIN_MAY;
            }
        } else {
            self.end_turn(state, history);
        }
    }

    /// `n` seeds of hole `h` picked, into the hand of the player whose hole it was.
    #[cold]
    fn pick_for_owner<L: Log>(&self, state: &mut State, h: Hole, n: u16, log: &mut L) {
        let owner = self.owner_at(state, h);
        self.remove(state, h, n);
        if self.colours {
            self.settle_colours(state);
        }
        log.took(h, n);
        if owner != state.to_move {
            log.gave(h, owner);
        }
        self.keep_from(state, Destination::OwnersHand, owner, n);
    }

    pub(super) fn pick<L: Log>(&self, state: &mut State, history: &mut History, h: Hole, log: &mut L) {
        let Phase::Pick(mut p) = state.phase else { return };
        let me = state.to_move;
        let capture = &self.model.captures[p.capture as usize];
        let follow_up = &capture.follow_ups[p.step as usize];
        let region = self.opponents_region(me, follow_up.region());
        let Some(index) = region.iter().position(|&r| r == h) else { return };
        let n = match follow_up {
            FollowUp::Strip { .. } => 1,
            FollowUp::ExtraHoles { .. } => state.counts[h.index()],
        };
        if matches!(capture.destination, Destination::OwnersHand) {
            self.pick_for_owner(state, h, n, log);
        } else {
            self.remove(state, h, n);
            if self.colours {
                self.settle_colours(state);
            }
            log.took(h, n);
            let destination = if matches!(capture.destination, Destination::Hand) {
                Destination::Hand
            } else {
                Destination::OutOfPlay
            };
            self.keep(state, destination, n);
        }
        p.remaining -= 1;
        p.lower = index as u8;
        if p.remaining == 0 {
            self.follow_up(state, history, p.capture, p.step + 1, p.taken, p.taken_roles);
        } else if self.opponents_seeds(state, me) == 0 {
            self.end_capture_turn(state, history, p.capture);
        } else {
            state.phase = Phase::Pick(p);
        }
    }
}
