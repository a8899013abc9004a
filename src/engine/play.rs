//! Playing a decision: the entry points that take a legal decision (or a candidate sowing)
//! and apply it to a state, checked or not, telling a [`Log`] what captures and picks take
//! as they take it. A sowing goes to [`super::sow_turn`] (or to the general interpreter,
//! [`super::stepwise`]), seeds moved to [`super::transfer`]; every other decision (a stop
//! or a relay at a pause, a pick, a hole emptied or marked, seeds entered, a pass) is applied
//! here and handed on to the files that follow it up: the turn's sowing (see
//! [`super::sowing`]), captures and their follow-ups, special turns of openings, the end of a
//! turn and of the game.

use super::rules::*;
use super::sowing::{Endless, RING_WINDOW, Ring, SowEnd};
use super::state::*;

/// Most relay decisions a player may make in one turn where the rules let them stop (a
/// player who keeps relaying through the same holes must stop in the end).
pub(super) const MAX_RELAY_CHOICES: u16 = 64;

/// What play tells as it goes, for checked play to say what a decision did
/// ([`Rules::play`]): the fast paths pass `()`, which records nothing and compiles away.
pub(crate) trait Log {
    /// A capture or a pick took `n` seeds from hole `h`.
    fn took(&mut self, h: Hole, n: u16);

    /// The seeds just taken from hole `h` went to player `to`, not to the mover (a capture
    /// whose seeds go to their owner).
    #[inline(always)]
    fn gave(&mut self, _h: Hole, _to: Player) {}

    /// A lap rule moved `n` seeds of the landing hole `from` into hole `to` (`move 1 seed from
    /// the landing hole into …`).
    #[inline(always)]
    fn moved(&mut self, _from: Hole, _to: Hole, _n: u16) {}

    /// A capture's seeds were sown on for one lap that ends the sowing (a lap no part of
    /// the sowing's [`SowEnd`](super::sowing::SowEnd) counts): `sown` seeds, the last in
    /// `last`.
    #[inline(always)]
    fn resown(&mut self, _sown: u32, _last: Hole) {}

    /// The general interpreter has just sown a lap of a capture's seeds on: the seeds of the
    /// captures told since the last such lap (for a front end to tell each capture before the
    /// lap that sows its seeds).
    #[inline(always)]
    fn captured_lap(&mut self) {}
}

impl Log for () {
    #[inline(always)]
    fn took(&mut self, _: Hole, _: u16) {}
}

impl Rules {
    /// Play a candidate sowing (from [`Rules::candidates`]) or any other legal decision,
    /// sowing it only once: if the sowing would never end, nothing changes and `Endless` is
    /// returned. The fast path for random play that draws one candidate at a time.
    pub fn try_play(&self, state: &mut State, history: &mut History, mv: Move) -> Result<(), Endless> {
        if let Move::Sow(h) = mv
            && !self.stepwise
        {
            let me = state.to_move;
            let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return Err(Endless) };
            if sow.rings[me].capture_sows {
                let rev = self.sowing_reversed(state, sow, me) == Some(true);
                let ends = self.turn_ends(state, h, state.counts[h.index()], rev, 0);
                if !ends {
                    return Err(Endless);
                }
                self.apply(state, history, mv);
                return Ok(());
            }
            if !sow.rings[me].simple {
                return self.try_sow::<MAX_SLOTS>(state, history, h, &sow.rings[me]);
            }
            return self.try_sow::<RING_WINDOW>(state, history, h, &sow.rings[me]);
        }
        self.apply(state, history, mv);
        Ok(())
    }

    /// [`Rules::try_play`] of a sowing, saving a window of `W` slots that holds the mover's
    /// circuit (a fixed size copies without a call) to put back if the sowing is endless.
    #[inline(always)]
    fn try_sow<const W: usize>(
        &self,
        state: &mut State,
        history: &mut History,
        h: Hole,
        ring: &Ring,
    ) -> Result<(), Endless> {
        let base = ring.base.min(MAX_SLOTS - W);
        let backup: [u16; W] = state.counts[base..base + W].try_into().unwrap_or([0; W]);
        let hash = state.hash;
        if !self.sow_turn(state, history, h) {
            // An endless sowing changed only the circuit's counts (and the hash).
            if let Some(window) = state.counts.get_mut(base..base + W) {
                window.copy_from_slice(&backup);
            }
            state.hash = hash;
            return Err(Endless);
        }
        Ok(())
    }

    /// Play a decision known to be legal (from [`Rules::legal_moves`]). The fast path for
    /// search and simulation: nothing is checked. An illegal decision leaves the state
    /// unspecified (but never hangs or panics on an endless sowing).
    pub fn play_unchecked(&self, state: &mut State, history: &mut History, mv: Move) {
        let _ = self.apply(state, history, mv);
    }

    /// Apply a decision; the sowing's details for a sowing.
    #[inline(always)]
    pub(crate) fn apply(&self, state: &mut State, history: &mut History, mv: Move) -> Option<SowEnd> {
        self.apply_logged(state, history, mv, &mut ())
    }

    /// [`Rules::apply`], telling `log` what captures and picks take as they take it.
    pub(crate) fn apply_logged<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        mv: Move,
        log: &mut L,
    ) -> Option<SowEnd> {
        // A sowing at the start of a turn first, and alone: the other decisions are played
        // apart.
        if let Move::Sow(h) = mv
            && !self.flags.interpreted
        {
            return self.sow_turn_logged(state, history, h, None, log);
        }
        self.apply_other(state, history, mv, log)
    }

    /// [`Rules::apply_logged`] for every decision but a plain sowing at the start of a turn.
    #[inline(never)]
    fn apply_other<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        mv: Move,
        log: &mut L,
    ) -> Option<SowEnd> {
        let me = state.to_move;
        match mv {
            Move::Sow(h) if self.flags.interpreted => self.interpreted_sow(state, history, h, log),
            Move::SowDirection(h, d) if self.stepwise => {
                self.step_sow(state, history, h, Some(d), false, log)
            }
            Move::SowThrough(h) => self.step_sow(state, history, h, None, true, log),
            Move::Relay if self.stepwise => {
                let Phase::LapChoice(choice) = state.phase else { return None };
                if choice.through {
                    // The relay past the side store.
                    return self.step_sow(state, history, choice.at, None, false, log);
                }
                self.step_relay(state, history, choice, log)
            }
            Move::Sow(h) => self.sow_turn_logged(state, history, h, None, log),
            Move::SowDirection(h, d) => self.apply_sow_direction(state, history, (h, d), log),
            Move::Pick(h) => {
                if let Phase::LapChoice(choice) = state.phase
                    && choice.capture > 0
                {
                    return self.step_chosen_capture(state, history, (choice, h), log);
                }
                self.pick(state, history, h, log);
                None
            }
            Move::Stop => {
                self.apply_stop(state, history, log);
                None
            }
            Move::Relay => self.apply_relay(state, history, log),
            // A lone seed's move, or a whole hole's, in a sowing phase.
            Move::Transfer(a, b) if matches!(self.phase_rules(state, me).turn, TurnKind::Sow(_)) => {
                self.jump(state, history, a, b);
                None
            }
            Move::Transfer(a, b) => {
                self.apply_transfer(state, history, (a, b), log);
                None
            }
            Move::Empty(h) => {
                self.apply_empty(state, history, h, log);
                None
            }
            Move::Mark(h) => {
                state.passes = 0;
                if let TurnKind::Mark { mark, .. } = self.phase_rules(state, me).turn {
                    state.marks[usize::from(mark)][h.index() / 64] |= 1 << (h.index() % 64);
                }
                self.end_turn(state, history);
                None
            }
            Move::Enter => {
                state.passes = 0;
                self.enter(state);
                self.end_turn(state, history);
                None
            }
            Move::SowHand => self.step_hand(state, history, log),
            Move::Lift(k) => self.step_lift(state, history, k, log),
            Move::Pass => {
                self.apply_pass(state, history);
                None
            }
            Move::Swap => {
                self.swap_sides(state, history);
                None
            }
            Move::Offer => {
                self.apply_offer(state);
                None
            }
            Move::Agree => {
                self.apply_agree(state, history);
                None
            }
            Move::Refuse => {
                self.apply_refuse(state);
                None
            }
            Move::Lot(p) => {
                self.apply_lot(state, history, p);
                None
            }
        }
    }

    /// A direction chosen for a sowing: at a pause, one lap turned that way from the hole
    /// it paused at; at the start of a turn, the sowing of `h` that way.
    #[inline(always)]
    fn apply_sow_direction<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        (h, d): (Hole, Direction),
        log: &mut L,
    ) -> Option<SowEnd> {
        let me = state.to_move;
        if let Phase::LapChoice(choice) = state.phase {
            // A paused sowing turned: one lap that way from the hole it paused at (or,
            // where the seeds put there are left, from another hole the rules allow).
            let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
            let rev = d != self.direction;
            let end = self.turned_lap(state, sow, h, choice.origin, rev, choice.hand_at(h));
            return Some(self.after_sowing(state, history, end, choice.origin, choice.relays + 1, rev, log));
        }
        if self.chosen != Chosen::Never {
            self.keep_direction(state, me, d);
        }
        self.sow_turn_logged(state, history, h, Some(d), log)
    }

    /// The direction `d` that `me` chose with a sowing, kept as the rules keep it: the
    /// mover's, or everyone's where one choice is for all players (`chosen once for all
    /// players`).
    pub(super) fn keep_direction(&self, state: &mut State, me: Player, d: Direction) {
        if self.model.circuit.for_all && self.chosen == Chosen::Once {
            for p in self.players() {
                state.direction[p] = Some(d);
            }
        } else {
            state.direction[me] = Some(d);
        }
    }

    /// A stop: where picks are owed, the picks end and the capture goes on; where a sowing
    /// paused, the turn ends there.
    #[inline(always)]
    fn apply_stop<L: Log>(&self, state: &mut State, history: &mut History, log: &mut L) {
        match state.phase {
            Phase::Pick(p) => self.follow_up(state, history, p.capture, p.step + 1, p.taken, p.taken_roles),
            Phase::LapChoice(choice) => {
                if self.stepwise {
                    self.stop_paused_sowing(state, choice.at, log);
                }
                self.end_turn(state, history);
            }
            Phase::Sow
            | Phase::EndChoice(_)
            | Phase::Step(_)
            | Phase::Lift(_)
            | Phase::PutChoice(_)
            | Phase::Offer(_)
            | Phase::Lot(_)
            | Phase::FirstLot => {}
        }
    }

    /// The sowing the general interpreter paused at `at` (`may stop`), stopped there by the
    /// mover: it is over (the rules read then, and the blocking rule). Out of line: the
    /// sowing's tally kept off the frame of [`Rules::apply`]'s common paths.
    #[cold]
    #[inline(never)]
    fn stop_paused_sowing<L: Log>(&self, state: &mut State, at: Hole, log: &mut L) {
        let mut tally = super::stepwise::Tally::default();
        let captured = state.turn_bits & TURN_STEP_CAPTURED != 0;
        self.sowing_over(state, at, captured, &mut tally);
        for &(h, n) in &tally.overran {
            log.took(h, n);
        }
        for &(h, to) in &tally.given {
            log.gave(h, to);
        }
        self.step_block(state);
    }

    /// A relay where a sowing paused for the mover: the next lap sown the usual way.
    #[inline(always)]
    fn apply_relay<L: Log>(&self, state: &mut State, history: &mut History, log: &mut L) -> Option<SowEnd> {
        let me = state.to_move;
        let Phase::LapChoice(choice) = state.phase else { return None };
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
        let rev = self.turn_reversed(state, sow, me);
        // The compiler allows no pause in a phase whose lap rules ask whether the turn has
        // reached a row, so nothing is known of one here.
        let end = self.lift_some_and_sow(state, choice.at, choice.hand, (choice.origin, false), rev)?;
        Some(self.after_sowing(state, history, end, choice.origin, choice.relays + 1, rev, log))
    }

    /// Hole `h` emptied (an emptying phase's turn): its seeds put out of play, or into the
    /// mover's hand where the phase says so.
    #[inline(always)]
    fn apply_empty<L: Log>(&self, state: &mut State, history: &mut History, h: Hole, log: &mut L) {
        let me = state.to_move;
        state.passes = 0;
        if let TurnKind::Empty { to_hand, .. } = self.phase_rules(state, me).turn {
            let n = state.counts[h.index()];
            self.remove(state, h, n);
            log.took(h, n);
            // Counted with the seeds the player keeps off the board, but set aside: no capture
            // took them, and a score of captures leaves them out.
            state.captured[me] += n;
            state.aside[me] += n;
            if to_hand {
                state.hand[me] += n;
            }
        }
        self.end_turn(state, history);
    }

    /// A pass: it loses where the rules say so, and ends an opening that ends on a pass.
    #[inline(always)]
    fn apply_pass(&self, state: &mut State, history: &mut History) {
        let me = state.to_move;
        if state.again == AGAIN_MAY {
            // A turn of moving again passed on (`may move again`): not a pass of the game.
            state.passes = 0;
            self.end_turn(state, history);
            return;
        }
        state.passes = state.passes.saturating_add(1);
        // A pass of an opening never loses (nor draws: see `finish_turn`).
        if self.model.end.pass_loses && state.outcome.is_none() && self.is_main(state) {
            state.outcome = Some(Outcome::Win { winner: me.other(), reason: WinReason::Passed });
        }
        let leaves = !self.is_main(state) && self.model.phases[usize::from(state.phase_of[me])].ends_on_pass;
        if leaves {
            // The pass ends the opening for its player: they start the next phase
            // with no turns spent in it, and no pass of the game counted.
            state.phase_of[me] += 1;
            state.passes = 0;
        }
        self.end_turn(state, history);
        if leaves {
            state.phase_turns[me] = 0;
            state.phase_moves[me] = 0;
        }
    }
}
