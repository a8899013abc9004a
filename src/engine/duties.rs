//! What a turn must leave the opponent: seeds or a move where the rules make the mover feed
//! them (`must leave the opponent a move`), a position other than the one before their last
//! turn (`must not undo the opponent's last turn`), and some of their seeds (`must not take
//! every seed of the opponent`). Each is a filter on a list of decisions already built: every
//! turn on it is played on a copy, and those that fail the duty are dropped.

use super::rules::*;
use super::state::*;
use crate::model::Feed;

impl Rules {
    /// Drop from `out` the turns that fail a duty of the phase's sowing (`sow`): feeding the
    /// opponent, not undoing their last turn, not taking every seed of theirs.
    pub(super) fn keep_duties(&self, state: &State, sow: &SowRules, out: &mut MoveList) {
        if self.must_feed_now(state, sow) {
            self.keep_feeding(state, out);
        }
        if sow.no_undo && state.before[1] != 0 {
            self.keep_new_positions(state, out);
        }
        if sow.no_wipe {
            self.keep_opponents_seeds(state, out);
        }
    }

    /// Whether the rules make the mover feed an opponent who has no seeds (or cannot
    /// move), now.
    #[inline(always)]
    pub(super) fn must_feed_now(&self, state: &State, sow: &SowRules) -> bool {
        match sow.must_feed {
            None => false,
            // On every turn (but in a probe of what a player could choose, which carries an
            // outcome: see `cannot_move`).
            Some(Feed::Always) => state.outcome.is_none(),
            Some(feed) if self.seats() > 2 => self.starving(state, feed, state.to_move) != 0,
            Some(Feed::NoSeeds) => state.seeds[state.to_move.other()] == 0,
            Some(Feed::CannotMove) => self.cannot_move(state, state.to_move.other()),
        }
    }

    /// At a table of more than two, the players other than `me` still in the game who have
    /// no seeds (or cannot move, as the rules say): one bit per seat. Each of them is an
    /// opponent to feed.
    #[cold]
    fn starving(&self, state: &State, feed: Feed, me: Player) -> u8 {
        (self.players())
            .filter(|&p| p != me && !state.is_out(p))
            .filter(|&p| match feed {
                Feed::NoSeeds => state.seeds[p] == 0,
                Feed::CannotMove | Feed::Always => self.cannot_move(state, p),
            })
            .fold(0, |bits, p| bits | 1 << p.index())
    }

    /// Keep only the turns after which the opponent has seeds (or can move, as the rules
    /// say); at a larger table, after which every opponent who had none has some. Where the
    /// rule is to leave the opponent a move if possible, and no turn does, keep them all.
    #[cold]
    pub(super) fn keep_feeding(&self, state: &State, out: &mut MoveList) {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return };
        let Some(feed) = sow.must_feed else { return };
        let hungry = match (self.seats(), feed) {
            (2, _) => 0,
            // Every other player still in the game is to be left a move.
            (_, Feed::Always) => self.players().filter(|&p| p != me).fold(0, |bits, p| bits | 1 << p.index()),
            _ => self.starving(state, feed, me),
        };
        // A turn that ends the game leaves no one a move.
        let fed = |after: &State| match feed {
            Feed::CannotMove | Feed::Always if after.outcome.is_some() => false,
            _ if hungry != 0 => self.starving(after, feed, me) & hungry == 0,
            Feed::CannotMove | Feed::Always => !self.cannot_move(after, me.other()),
            Feed::NoSeeds => after.seeds[me.other()] > 0,
        };
        let kept = self.keep_turns(state, out, &fed);
        // No turn leaves the opponent a move: where that is only asked if possible, the list
        // is as it was (a turn that is not kept is never written over).
        if kept > 0 || feed != Feed::Always {
            out.truncate(kept);
        }
    }

    /// `must not undo the opponent's last turn`: keep only the turns after which the position
    /// is not the one from before the previous turn.
    #[cold]
    pub(super) fn keep_new_positions(&self, state: &State, out: &mut MoveList) {
        let undone = state.before[1];
        let kept = self.keep_turns(state, out, &|after: &State| after.before[0] != undone);
        out.truncate(kept);
    }

    /// `must not take every seed of the opponent`: keep only the turns after which every
    /// other player still in the game who had seeds has some.
    #[cold]
    pub(super) fn keep_opponents_seeds(&self, state: &State, out: &mut MoveList) {
        let me = state.to_move;
        let kept = self.keep_turns(state, out, &|after: &State| !self.wipes(state, after, me));
        out.truncate(kept);
    }

    /// Whether a turn of `me`'s from `before` to `after` took every seed of a player who had
    /// some (`must not take every seed of the opponent`).
    pub(super) fn wipes(&self, before: &State, after: &State, me: Player) -> bool {
        (self.players()).any(|p| p != me && !before.is_out(p) && before.seeds[p] > 0 && after.seeds[p] == 0)
    }

    /// Move the turns of `out` after which `keep` holds to its front, in order, and say how
    /// many there are; the others are left behind them. A turn that pauses for the mover to
    /// choose a count to lift or a hole to put captured seeds into is kept if some choice is.
    fn keep_turns(&self, state: &State, out: &mut MoveList, keep: &dyn Fn(&State) -> bool) -> usize {
        let me = state.to_move;
        let keeps = |after: &State| match after.phase {
            Phase::PutChoice(choice) => {
                let TurnKind::Sow(sow) = &self.phase_rules(after, me).turn else { return false };
                self.put_choice_holes(after, sow, choice).into_iter().any(|h| {
                    let mut put = after.clone();
                    let mut history = History::new(self, &put);
                    self.apply(&mut put, &mut history, Move::Sow(h));
                    keep(&put)
                })
            }
            Phase::Lift(choice) => {
                let TurnKind::Sow(sow) = &self.phase_rules(after, me).turn else { return false };
                let Some(counts) = choice.counts(after, sow.first_lap) else { return false };
                counts.take(MoveList::CAPACITY).any(|k| {
                    let mut lifted = after.clone();
                    let mut history = History::new(self, &lifted);
                    self.apply(&mut lifted, &mut history, Move::Lift(k));
                    keep(&lifted)
                })
            }
            _ => keep(after),
        };
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            let mut after = state.clone();
            let mut history = History::new(self, &after);
            self.apply(&mut after, &mut history, mv);
            if keeps(&after) {
                out.as_mut_slice().swap(kept, i);
                kept += 1;
            }
        }
        kept
    }

    /// Whether player `p` would have no decision, were it their turn to start now (in the
    /// phase they are in). The probe carries an outcome so that feeding is not asked again
    /// inside it (`must_feed_now` of the opponent's opponent would ask this of the mover, for
    /// ever): what `p` may choose, not whom they must feed.
    #[cold]
    fn cannot_move(&self, state: &State, p: Player) -> bool {
        if state.outcome.is_some() {
            return false;
        }
        let mut probe = state.clone();
        probe.to_move = p;
        probe.phase = Phase::Sow;
        probe.turn_bits = 0;
        probe.outcome = Some(Outcome::Draw(DrawReason::TurnLimit));
        let mut moves = MoveList::new();
        self.turn_moves(&probe, usize::from(probe.phase_of[p]), &mut moves);
        moves.is_empty()
    }
}
