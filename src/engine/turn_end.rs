//! The end of a turn and of the game, and the start of the next turn: the rules of the phase
//! a player is in, ending and finishing a turn (or keeping it, for turns that go on until
//! their player passes), the end rules read at each turn boundary and between turns only, the
//! facts about a player's side they read, settling a position with no legal decision, and at
//! a turn's start the openings: moving the player past the ones finished, entering seeds from
//! the hand, and when a player of an opening may pass.

use super::rules::*;
use super::state::*;
use crate::model::{EndKind, HoleSet, SideFact};

impl Rules {
    /// The rules of a player's current phase.
    pub(super) fn phase_rules(&self, state: &State, player: Player) -> &PhaseRules {
        &self.phases[usize::from(state.phase_of[player])]
    }

    /// End the turn with the same player to move again.
    pub(super) fn end_turn_again(&self, state: &mut State, history: &mut History) {
        self.finish_turn::<false>(state, history);
    }

    #[inline(always)]
    pub(super) fn end_turn(&self, state: &mut State, history: &mut History) {
        self.finish_turn::<true>(state, history);
    }

    /// Whose seeds are where, at the end of a turn, where holes are not fixed to a seat's
    /// rows: where holes belong by colour, whatever the turn did (a sowing, seeds taken,
    /// moved or placed), empty holes hold no one's seeds and each player's seeds are counted
    /// by colour; where every hole is everyone's, every seed on the board is every player's.
    #[cold]
    fn settle_seeds(&self, state: &mut State) {
        if self.colours {
            self.settle_colours(state);
        } else {
            let seeds = state.seeds[self.first_player()];
            for p in self.players() {
                state.seeds[p] = seeds;
            }
        }
    }

    /// The turn is over: count it, hand the move on (with `PASS_ON`; else the same player
    /// moves again), settle the end rules, and start the next turn.
    #[inline(always)]
    fn finish_turn<const PASS_ON: bool>(&self, state: &mut State, history: &mut History) {
        let mover = state.to_move;
        if self.settles_seeds {
            self.settle_seeds(state);
        }
        state.phase = Phase::Sow;
        state.turn_bits = 0;
        if self.chosen == Chosen::EachTurn {
            state.direction[mover] = None;
        }
        state.phase_turns[mover] = state.phase_turns[mover].saturating_add(1);
        state.turn += 1;
        if PASS_ON && self.flags.last_turns && state.last_turns > 0 {
            self.count_last_turn(state);
        }
        if self.flags.marks_open {
            self.thin_marks(state);
        }
        if PASS_ON {
            state.to_move = mover.next();
            state.hash = state.hash.wrapping_add(self.pass_keys[mover.index()]);
        }
        self.check_end(state);
        if self.flags.turn_ends {
            self.check_turn_ends(state, mover);
        }
        self.begin_turn(state);
        if self.flags.no_undo {
            self.remember_boundary(state);
        }
        history.record(self, state);
        if state.outcome.is_some() {
            // Where the game is played in rounds, the next round (`end_round` is cold).
            self.end_round(state, Some(history));
        }
    }

    /// One of the last turns an end rule gave each player is over; after the last of them, the
    /// game ends on the score.
    #[cold]
    fn count_last_turn(&self, state: &mut State) {
        state.last_turns -= 1;
        if state.last_turns == 0 && state.outcome.is_none() {
            state.outcome = Some(self.by_score(state));
        }
    }

    /// `must not undo the opponent's last turn`: the position at this turn boundary, and the
    /// one at the boundary before, which a turn from here may not bring back.
    #[cold]
    fn remember_boundary(&self, state: &mut State) {
        state.before = [self.history_key(state), state.before[0]];
    }

    /// The position a game (or a round) starts from, where a turn may not undo the last: no
    /// turn has been played, so there is none to undo.
    pub(super) fn remember_start(&self, state: &mut State) {
        if self.flags.no_undo {
            state.before = [self.history_key(state), 0];
        }
    }

    /// A move of a turn that goes on until its player passes: count it among the player's
    /// moves in the opening (not among their turns: the turn is counted when it ends, at the
    /// pass) and settle the end rules; the turn, and the player to move, stay.
    /// The position replaces the one remembered for this turn (the repetition rule compares
    /// positions from the arrangement's end on: see `begin_phased_turn`).
    ///
    /// A player left with no decision in the turn (no move within the bound, and no pass the
    /// opening allows now) has ended it, and goes on to the next phase at their next turn, as a
    /// player who cannot move in an opening does (blind test 23, fault 1: the main game's
    /// `a player who cannot move …` ended the game).
    #[cold]
    pub(super) fn keep_turn(&self, state: &mut State, history: &mut History) {
        let me = state.to_move;
        state.phase = Phase::Sow;
        state.turn_bits = 0;
        state.phase_moves[me] = state.phase_moves[me].saturating_add(1);
        let phase = usize::from(state.phase_of[me]);
        let mut moves = MoveList::new();
        self.turn_moves(state, phase, &mut moves);
        if moves.is_empty() && !self.opening_pass_now(state, phase) {
            self.end_turn(state, history);
            return;
        }
        self.check_end(state);
        history.record(self, state);
        if state.outcome.is_some() {
            // Where the game is played in rounds, the next round (`end_round` is cold).
            self.end_round(state, Some(history));
        }
    }

    /// `a player with no seeds is given 1 seed from the opponent's captures into …`: the player
    /// to move, with no seeds on their side, is given seeds from the captures of the player
    /// who just moved (from their store where the board has stores, else from what they
    /// captured, in hand or out of play), into the hole the rule names; none where that player
    /// has captured too few, or is the player to move (moving again).
    #[cold]
    #[inline(never)]
    fn give_seeds(&self, state: &mut State) {
        let Some(gift) = self.model.end.gift else { return };
        let (me, giver) = (state.to_move, self.last_mover(state));
        if me == giver || state.seeds[me] > 0 || !self.end_in_force(state, EndKind::Gift) {
            return;
        }
        let Some(h) = self.hole_counted(me, gift.role, gift.column) else { return };
        let n = gift.count;
        match self.store {
            Some(store) => {
                let slot = store[giver].index();
                if state.counts[slot] < n {
                    return;
                }
                state.counts[slot] -= n;
                state.hash = state.hash.wrapping_sub(self.keys[slot].wrapping_mul(u64::from(n)));
            }
            None => {
                if state.captured[giver] < n {
                    return;
                }
                state.captured[giver] -= n;
                // Captured seeds kept in hand are given from the hand.
                let dealt = self.model.hand_of(giver);
                let over = state.hand[giver].saturating_sub(state.captured[giver].saturating_add(dealt));
                state.hand[giver] -= over.min(n);
            }
        }
        self.put(state, h, n);
    }

    /// The end rules read between turns only (passes in a row, the turn limit), and what a
    /// turn kept for itself: who moves again, the chosen hole a turn skips.
    #[cold]
    fn check_turn_ends(&self, state: &mut State, mover: Player) {
        // The turn's chosen hole is no longer skipped (`skipping the chosen hole`).
        if let Some(m) = self.chosen_mark {
            state.marks[usize::from(m)] = [0; 3];
        }
        // A turn that leaves the mover to move again (checked here, with the rare end rules,
        // where a move is barred then).
        if self.tracks_again {
            // The way a turn of moving again turned back was given is its alone.
            if state.again == AGAIN_BACK {
                state.direction[mover] = None;
            }
            state.again = if state.to_move == mover { AGAIN } else { 0 };
        }
        // Passes of an opening never end the game (they may end the opening: see
        // `begin_phased_turn`).
        // A pass answered by a pass of every other player still in the game (at a table of
        // two, by the opponent's).
        if state.outcome.is_none()
            && self.model.end.passes_draw
            && usize::from(state.passes) >= self.players().filter(|&p| !state.is_out(p)).count().max(2)
            && self.end_in_force(state, EndKind::PassesDraw)
            && usize::from(state.phase_of[mover]) + 1 == self.phases.len()
        {
            state.outcome = if self.model.end.passes_scored {
                self.scored_end(state, EndKind::PassesDraw)
            } else {
                Some(Outcome::Draw(DrawReason::Passes))
            };
        }
        if state.outcome.is_none()
            && self.model.end.turn_limit.is_some_and(|limit| state.turn >= limit)
            && self.end_in_force(state, EndKind::TurnLimit)
        {
            state.outcome = Some(Outcome::Draw(DrawReason::TurnLimit));
        }
    }

    /// At the start of a turn: move the player on past the openings they have finished (or
    /// cannot move in), and start a turn of taking with its picks.
    #[inline(always)]
    pub(super) fn begin_turn(&self, state: &mut State) {
        if state.outcome.is_none() && self.phases.len() > 1 {
            self.begin_phased_turn(state);
        }
    }

    /// [`Rules::begin_turn`] for rules with openings.
    #[cold]
    fn begin_phased_turn(&self, state: &mut State) {
        let me = state.to_move;
        let mut scratch = MoveList::new();
        while usize::from(state.phase_of[me]) + 1 < self.phases.len() {
            let phase = usize::from(state.phase_of[me]);
            let rules = &self.model.phases[phase];
            // A pass answered by a pass ends the opening for both players at once.
            if rules.ends_on_passes && state.passes >= 2 {
                state.passes = 0;
                let other = me.other();
                if usize::from(state.phase_of[other]) == phase {
                    state.phase_of[other] += 1;
                    state.phase_turns[other] = 0;
                    state.phase_moves[other] = 0;
                }
                state.phase_of[me] += 1;
                state.phase_turns[me] = 0;
                state.phase_moves[me] = 0;
                continue;
            }
            let unplayed = !rules.rounds.plays(state.round);
            let done = unplayed
                || self.phases[phase].lasts.is_some_and(|n| state.phase_turns[me] >= n)
                || (rules.first_only && me != state.first)
                || (!rules.ends_when.is_empty()
                    && rules.ends_when.iter().all(|f| self.side_fact_holds(state, me, f)));
            // A player with no move in a phase they stay in is blocked in it (asked first: no
            // move list is built for such a phase).
            let blocked = !done
                && {
                    // A phase that places seeds from the hand ends when the hand is empty: a
                    // player with seeds in hand and no placement is blocked in it.
                    let placing = matches!(&self.phases[phase].turn, TurnKind::Sow(s) if s.place.is_some_and(|p| p.needs_hand()));
                    scratch.clear();
                    self.turn_moves(state, phase, &mut scratch);
                    // A pass or a swap on offer is a move (asked only where no other is).
                    let extra = || {
                        self.opening_pass_now(state, phase) || (self.flags.swaps && self.swap_on_offer(state))
                    };
                    scratch.is_empty() && !(placing && state.hand[me] > 0) && !extra()
                };
            if blocked && rules.blocked_loses {
                // `a player who cannot move in it loses`.
                state.outcome = Some(Outcome::Win { winner: me.other(), reason: WinReason::Blocked });
                return;
            }
            if !done && !blocked {
                break;
            }
            if rules.first_only && rules.first_matched && me != state.first && !unplayed {
                self.match_first(state, me);
            }
            state.phase_of[me] += 1;
            state.phase_turns[me] = 0;
            state.phase_moves[me] = 0;
        }
        // Seeds moved about in an opening that ends on passes (an arrangement) are no cycle
        // of play: the repetition rule compares positions from its end on.
        let phase = &self.model.phases[usize::from(state.phase_of[me])];
        if phase.ends_on_passes || phase.keeps_turn.is_some() {
            state.since = state.turn;
        }
        if let TurnKind::Take { capture } = self.phase_rules(state, me).turn
            && let Some(pick) = self.take_turn_pick(state, capture)
        {
            state.phase = Phase::Pick(pick);
        }
    }

    /// Whether the player to move holds in hand a seed for each of their holes.
    #[cold]
    pub(super) fn may_enter(&self, state: &State) -> bool {
        let me = state.to_move;
        usize::from(state.hand[me]) >= self.territory[me].len()
    }

    /// Put one seed from the mover's hand into each of their holes: the seeds come back into
    /// play, no longer counted as captured.
    #[cold]
    pub(super) fn enter(&self, state: &mut State) {
        let me = state.to_move;
        let n = self.territory[me].len() as u16;
        if state.hand[me] < n {
            return;
        }
        for i in 0..self.territory[me].len() {
            self.put(state, self.territory[me][i], 1);
        }
        Self::take_from_hand(state, me, n);
    }

    /// `n` seeds of `p`'s hand back in play: those the setup dealt into the hand (beyond the
    /// captured ones) first; only the rest are no longer counted as captured (blind test 11,
    /// fault 7: the count wrapped).
    pub(super) fn take_from_hand(state: &mut State, p: Player, n: u16) {
        let dealt = state.hand[p].saturating_sub(state.captured[p]);
        state.hand[p] -= n;
        let back = n.saturating_sub(dealt).min(state.captured[p]);
        state.captured[p] -= back;
        // Seeds an opening set aside in hand go back first.
        state.aside[p] -= back.min(state.aside[p]);
    }

    /// Whether the player to move has exactly one occupied hole.
    #[cold]
    pub(super) fn mover_in_one_hole(&self, state: &State) -> bool {
        self.in_one_hole(state, state.to_move)
    }

    /// Whether player `p` has exactly one occupied hole (out of line: the end rules that
    /// ask it are rare, and its iterator would cost every turn's check registers).
    #[cold]
    #[inline(never)]
    fn in_one_hole(&self, state: &State, p: Player) -> bool {
        self.own_holes(state, p).filter(|h| state.counts[h.index()] > 0).count() == 1
    }

    /// Whether the player to move, in opening `phase`, may pass now.
    pub(super) fn opening_pass_now(&self, state: &State, phase: usize) -> bool {
        let me = state.to_move;
        (self.model.phases[phase].pass.as_ref())
            .is_some_and(|facts| facts.iter().all(|f| self.side_fact_holds(state, me, f)))
    }

    /// The most seeds any hole of `player`'s holds.
    pub(super) fn fullest(&self, state: &State, player: Player) -> u16 {
        state.counts[self.territory_slots[player].clone()].iter().copied().max().unwrap_or(0)
    }

    /// The hole `k` places from `player`'s left in their row `role`.
    pub(super) fn hole_from_owners_left(&self, player: Player, role: Role, k: usize) -> Hole {
        let row = &self.role_hole[player][usize::from(role)];
        // North reads the row from the other end; at a table of more than two, every player
        // reads it from South's seat.
        row[if player == Player::North { row.len() - 1 - k } else { k }]
    }

    /// The hole of `player`'s row `role` at a place counted from their left (or right), if
    /// the row is that long (a middle row shared in halves is half as long as the board).
    pub(super) fn hole_counted(
        &self,
        player: Player,
        role: Role,
        column: crate::model::Column,
    ) -> Option<Hole> {
        let k = column.from_left(self.role_hole[player][usize::from(role)].len())?;
        Some(self.hole_from_owners_left(player, role, k))
    }

    /// The holes of `player`'s that a set names.
    pub(super) fn side_holes(&self, state: &State, player: Player, holes: HoleSet) -> Vec<Hole> {
        match holes {
            HoleSet::Territory if self.colours => self.own_holes(state, player).collect(),
            HoleSet::Territory => self.territory[player].clone(),
            HoleSet::Row(role) => self.role_hole[player][usize::from(role)].clone(),
            HoleSet::Marked(m) => self.own_holes(state, player).filter(|&h| state.is_marked(m, h)).collect(),
            HoleSet::One { role, column } => self.hole_counted(player, role, column).into_iter().collect(),
            HoleSet::Rearmost => self.rearmost(state, player).into_iter().collect(),
            HoleSet::AfterMark { mark, steps } => {
                self.after_mark(state, player, mark, steps, false).into_iter().collect()
            }
        }
    }

    /// Whether a fact about `player`'s holes holds.
    pub(crate) fn side_fact_holds(&self, state: &State, player: Player, fact: &SideFact) -> bool {
        let count = |h: Hole| state.counts[h.index()];
        match *fact {
            SideFact::Most { role, column } => {
                let Some(hole) = self.hole_counted(player, role, column) else { return false };
                self.territory[player].iter().all(|&h| h == hole || count(h) < count(hole))
            }
            SideFact::Every { side, holes, min, max } => (self.players())
                .filter(|&p| match side {
                    Some(crate::model::Side::Own) => p == player,
                    Some(crate::model::Side::Opponent) => p != player,
                    None => true,
                })
                .all(|p| self.side_holes(state, p, holes).iter().all(|&h| (min..=max).contains(&count(h)))),
            SideFact::AtMost { count: most, holes, min, max } => {
                let n = self
                    .side_holes(state, player, holes)
                    .iter()
                    .filter(|&&h| (min..=max).contains(&count(h)))
                    .count();
                n <= usize::from(most)
            }
            SideFact::NotMoreThanLeft => (0..self.role_hole[player].len()).all(|role| {
                (1..self.role_hole[player][role].len()).all(|k| {
                    count(self.hole_from_owners_left(player, role as Role, k))
                        <= count(self.hole_from_owners_left(player, role as Role, k - 1))
                })
            }),
            SideFact::OpponentCaptured(n) => self.captured_by(state, player.other()) >= n,
        }
    }

    /// The end rules checked at every turn boundary: a player with no seeds (the player to
    /// move is looked at first), a store with more than half the seeds.
    #[inline(always)]
    pub(crate) fn check_end(&self, state: &mut State) {
        if state.outcome.is_some() {
            return;
        }
        // At two seats; a larger table's, and a rule scoped to a phase, are read with the
        // rare ends.
        if let Some(ending) = self.no_seeds_two
            && self.no_seeds_at_two(state, ending, 0)
        {
            return;
        }
        if self.flags.store_end_alone {
            if self.store_majority(state) {
                self.end_by_store(state);
            }
        } else if self.flags.rare_ends {
            self.check_rare_ends(state);
        }
    }

    /// The game ended by a store's majority (the score decides), kept out of the turn's code.
    #[cold]
    #[inline(never)]
    fn end_by_store(&self, state: &mut State) {
        state.outcome = self.scored_end(state, EndKind::StoreLimit);
    }

    /// Whether a store holds the seeds that end the game (`a store with more than half the
    /// seeds ends the game`). The stores are the slots after the holes, one a seat.
    #[inline(always)]
    fn store_majority(&self, state: &State) -> bool {
        self.store.is_some()
            && (state.counts[self.holes()..self.holes() + self.seats()].iter())
                .any(|&c| u32::from(c) >= self.store_least)
    }

    /// `a player with no seeds …` (or `with at most N seeds`, N being `most`) at two seats
    /// (the player to move looked at first): whether it ended the game.
    #[inline(always)]
    fn no_seeds_at_two(&self, state: &mut State, ending: Ending, most: u16) -> bool {
        let next = state.to_move;
        for empty in [next, next.other()] {
            if state.seeds[empty] <= most {
                let few = most > 0;
                state.outcome = match ending {
                    Ending::Plain if few => {
                        Some(Outcome::Win { winner: empty.other(), reason: WinReason::FewSeeds })
                    }
                    Ending::Plain => Some(Outcome::Win { winner: empty.other(), reason: WinReason::NoSeeds }),
                    Ending::Wins if few => Some(Outcome::Win { winner: empty, reason: WinReason::LastSeeds }),
                    Ending::Wins => Some(Outcome::Win { winner: empty, reason: WinReason::Emptied }),
                    Ending::Scored => self.scored_end(state, EndKind::NoSeeds),
                };
                return state.outcome.is_some();
            }
        }
        false
    }

    /// Whether an end rule of this kind is read now: always, unless the file scopes it to a
    /// phase (`in the main game, …`) the player to move is not in.
    #[inline]
    pub(crate) fn end_in_force(&self, state: &State, kind: EndKind) -> bool {
        self.model.end.only_in.iter().all(|&(k, phase)| k != kind || state.phase_of[state.to_move] == phase)
    }

    /// At a table of more than two: the players `lost` says have lost drop out; the turn
    /// passes over them; the last player left wins. Where the game is played in rounds, a
    /// player who would lose ends the round instead, won on scores (only a player who cannot
    /// fill a hole for the next round drops out).
    #[cold]
    fn drop_out(&self, state: &mut State, lost: impl Fn(&State, Player) -> bool) {
        if self.model.end.rounds.is_some() {
            if self.players().any(|p| !state.is_out(p) && lost(state, p)) {
                state.outcome = Some(self.by_score(state));
            }
            return;
        }
        for p in self.players() {
            if !state.is_out(p) && lost(state, p) {
                state.out |= 1 << p.index();
            }
        }
        let mut left = self.players().filter(|&p| !state.is_out(p));
        match (left.next(), left.next()) {
            (Some(winner), None) => {
                state.outcome = Some(Outcome::Win { winner, reason: WinReason::NoSeeds });
            }
            (None, _) => state.outcome = Some(Outcome::Draw(DrawReason::EqualScores)),
            _ => {
                while state.is_out(state.to_move) {
                    let mover = state.to_move;
                    state.to_move = mover.next();
                    state.hash = state.hash.wrapping_add(self.pass_keys[mover.index()]);
                }
            }
        }
    }

    /// The rare end rules read before the others: a gift of seeds to a player with none, then
    /// at a table of more than two, a player with no seeds. Whether the game ended.
    #[cold]
    #[inline(never)]
    fn check_first_ends(&self, state: &mut State) -> bool {
        if self.flags.gift {
            self.give_seeds(state);
        }
        if self.seats() > 2 {
            self.check_table_ends(state);
        }
        state.outcome.is_some()
    }

    /// `a player with no seeds …` at a table of more than two: the players left without seeds
    /// drop out (the last player left wins), or the game ends on scores.
    fn check_table_ends(&self, state: &mut State) {
        let Some(ending) = self.model.end.no_seeds.filter(|_| self.end_in_force(state, EndKind::NoSeeds))
        else {
            return;
        };
        let most = self.model.end.no_seeds_most;
        let none = |state: &State, p: Player| state.seeds[p] <= most;
        match ending {
            Ending::Plain => self.drop_out(state, none),
            Ending::Wins => {
                // The player to move first, then round the table.
                let mut seat = state.to_move;
                for _ in 0..self.seats() {
                    if !state.is_out(seat) && none(state, seat) {
                        let reason = if most > 0 { WinReason::LastSeeds } else { WinReason::Emptied };
                        state.outcome = Some(Outcome::Win { winner: seat, reason });
                        return;
                    }
                    seat = seat.next();
                }
            }
            Ending::Scored => {
                if self.players().any(|p| !state.is_out(p) && none(state, p)) {
                    state.outcome = self.scored_end(state, EndKind::NoSeeds);
                }
            }
        }
    }

    /// The end rules most games lack: an empty row, one occupied hole, a store majority.
    #[cold]
    fn check_rare_ends(&self, state: &mut State) {
        if self.flags.first_ends && self.check_first_ends(state) {
            return;
        }
        if self.flags.scarce_ends && self.check_scarce_ends(state) {
            return;
        }
        if let Some(role) = self.model.end.row_empty
            && self.end_in_force(state, EndKind::RowEmpty)
        {
            let next = state.to_move;
            for loser in [next, next.other()] {
                if self.role_hole[loser][usize::from(role)].iter().all(|h| state.counts[h.index()] == 0) {
                    state.outcome = Some(Outcome::Win { winner: loser.other(), reason: WinReason::RowEmpty });
                    return;
                }
            }
        }
        if self.model.end.one_hole && self.end_in_force(state, EndKind::OneHole) {
            let next = state.to_move;
            for winner in [next.other(), next] {
                if self.in_one_hole(state, winner) {
                    state.outcome = Some(Outcome::Win { winner, reason: WinReason::OneHole });
                    return;
                }
            }
        }
        if self.store_majority(state) && self.end_in_force(state, EndKind::StoreLimit) {
            state.outcome = self.scored_end(state, EndKind::StoreLimit);
            if state.outcome.is_some() {
                return;
            }
        }
        if self.captured_least != u32::MAX && self.end_in_force(state, EndKind::CapturedWin) {
            // The player who just moved first, then the others in turn.
            let last = self.last_mover(state);
            let seats = self.seats();
            let order = (0..seats).map(|k| Player::at((last.index() + k) % seats, seats));
            for winner in order.filter(|&p| !state.is_out(p)) {
                let captured = u32::from(self.captured_by(state, winner)) + self.store_seeds(state, winner);
                if captured >= self.captured_least {
                    state.outcome = Some(Outcome::Win { winner, reason: WinReason::Captured });
                    return;
                }
            }
        }
        if let Some(few) = self.model.end.few_seeds
            && self.few_seeds_left(state, few)
            && self.end_in_force(state, EndKind::FewSeeds)
        {
            state.outcome = self.scored_end(state, EndKind::FewSeeds);
            return;
        }
        if let Some(fact) = &self.model.end.every_holds
            && state.outcome.is_none()
            && self.side_fact_holds(state, state.to_move, fact)
            && self.end_in_force(state, EndKind::EveryHolds)
        {
            state.outcome = self.scored_end(state, EndKind::EveryHolds);
        }
    }

    /// Whether at most `few` seeds are in the holes, or on each side where the rule says so.
    #[cold]
    #[inline(never)]
    fn few_seeds_left(&self, state: &State, few: u16) -> bool {
        if self.model.end.few_seeds_each {
            return self.players().filter(|&p| !state.is_out(p)).all(|p| state.seeds[p] <= few);
        }
        state.counts[..self.holes()].iter().map(|&c| u32::from(c)).sum::<u32>() <= u32::from(few)
    }

    /// The end rules fewer games still have, read first where the flag says so: a player
    /// with no seeds at two seats where the rule is scoped to a phase, and marked holes all
    /// emptied. Whether one ended the game.
    #[cold]
    #[inline(never)]
    fn check_scarce_ends(&self, state: &mut State) -> bool {
        // (At a larger table, `check_table_ends` reads a player with no seeds.)
        if self.seats() == 2
            && self.no_seeds_two.is_none()
            && let Some(ending) = self.model.end.no_seeds
            && self.end_in_force(state, EndKind::NoSeeds)
            && self.no_seeds_at_two(state, ending, self.model.end.no_seeds_most)
        {
            return true;
        }
        if let Some(mark) = self.model.end.marks_empty
            && self.end_in_force(state, EndKind::MarksEmpty)
            && (self.model.end.marks_hold_all || self.all_holes().any(|h| state.is_marked(mark, h)))
            && self.all_holes().all(|h| {
                state.is_marked(mark, h) == self.model.end.marks_hold_all || state.counts[h.index()] == 0
            })
        {
            state.outcome = self.scored_end(state, EndKind::MarksEmpty);
            return state.outcome.is_some();
        }
        false
    }

    /// The outcome of a scored end rule of kind `kind` that holds now: the score; or, where the
    /// rule gives each player one more turn first (`after one more turn each`), none while
    /// they play them. The first time it holds, the count of those turns starts
    /// ([`State::last_turns`]); [`Rules::finish_turn`] counts them down and scores the game.
    pub(crate) fn scored_end(&self, state: &mut State, kind: EndKind) -> Option<Outcome> {
        if self.flags.last_turns && self.model.end.last_turns.contains(&kind) {
            if state.last_turns == 0 {
                state.last_turns = self.players().filter(|&p| !state.is_out(p)).count() as u8;
            }
            return None;
        }
        Some(self.by_score(state))
    }

    /// Whether the player to move, blocked where a blocked player loses, draws instead: they
    /// have captured the seeds `, or draws if they have captured at least N seeds` asks.
    fn draws_blocked(&self, state: &State) -> bool {
        self.model.end.blocked_draw.is_some_and(|n| self.captured_by(state, state.to_move) >= n)
    }

    /// [`Rules::settle`] at a table of more than two: a blocked player who loses drops out,
    /// and so on round the table until someone can move or one player is left; one who
    /// scores ends the game on scores.
    #[cold]
    fn settle_at_table(&self, state: &mut State) {
        let mut moves = MoveList::new();
        loop {
            match self.model.end.blocked {
                Blocked::Loses if self.draws_blocked(state) => {
                    state.outcome = Some(Outcome::Draw(DrawReason::Blocked));
                    return;
                }
                Blocked::Loses => {
                    let me = state.to_move;
                    self.drop_out(state, |_, p| p == me);
                }
                Blocked::Passes => return,
                Blocked::Scores => {
                    state.outcome = Some(self.by_score(state));
                    return;
                }
            }
            if state.outcome.is_some() {
                return;
            }
            self.legal_moves(state, &mut moves);
            if !moves.is_empty() {
                return;
            }
        }
    }

    /// Settle the outcome of a position whose player to move has no legal decision
    /// (`moves` is the result of [`Rules::legal_moves`]). Returns the outcome, if the game
    /// is over.
    pub fn settle(&self, state: &mut State, moves: &MoveList) -> Option<Outcome> {
        let open = state.outcome.is_none();
        if state.outcome.is_none() && moves.is_empty() && self.seats() > 2 {
            self.settle_at_table(state);
        } else if state.outcome.is_none() && moves.is_empty() {
            let me = state.to_move;
            let blocked = match self.end_in_force(state, EndKind::Blocked) {
                true => self.model.end.blocked,
                false => Blocked::Passes,
            };
            state.outcome = match blocked {
                Blocked::Loses if self.draws_blocked(state) => Some(Outcome::Draw(DrawReason::Blocked)),
                Blocked::Loses => Some(Outcome::Win { winner: me.other(), reason: WinReason::Blocked }),
                Blocked::Passes => None,
                Blocked::Scores => Some(self.by_score(state)),
            };
        }
        if open && state.outcome.is_some() && self.model.end.rounds.is_some() {
            // The new round's start is not remembered for the repetition rule: the position
            // the round ended on stands at this turn boundary.
            self.end_round(state, None);
            state.since = state.since.max(state.turn + 1);
        }
        state.outcome
    }
}
