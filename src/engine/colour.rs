//! Holes that belong by the colour of their seeds (`territory … at the start, then the holes
//! that hold their seeds`): each player's seeds are of their colour, a hole holds one colour
//! at a time, and a player owns whichever holes hold theirs.
//!
//! The colour of each occupied hole is its holder's seat, in binary across the bit planes of
//! [`State`]'s `colour` (all clear where seat 0's, South's, or empty). Here: whose a hole is, the
//! holes a player may sow (the rearmost of their run of seeds), the move of a player left
//! with one seed, and the colours kept up to date. Their sowings are played by the general
//! interpreter ([`super::stepwise`]), each seed sown turning its hole the mover's; the other
//! games' move generation and sowing never look at colours.

use super::rules::*;
use super::state::*;
use crate::model::{HoleSet, LoneSeed, LoneTo};

impl Rules {
    /// The colour of an occupied hole's seeds.
    pub(super) fn colour(&self, state: &State, h: Hole) -> Player {
        let i = h.index();
        let seat = state
            .colour
            .iter()
            .enumerate()
            .fold(0, |seat, (plane, words)| seat | ((words[i / 64] >> (i % 64) & 1) as usize) << plane);
        Player::at(seat, self.seats())
    }

    /// The player who moves first: seat 0.
    pub(super) fn first_player(&self) -> Player {
        self.model.first_player()
    }

    /// Whether holes belong to the player whose seeds they hold, rather than to fixed rows.
    pub fn colours(&self) -> bool {
        self.colours
    }

    /// Whose seeds a hole holds: where holes belong by colour, the player whose seeds are in
    /// it (`None` when it is empty); where holes may change owner, its owner now; elsewhere
    /// the hole's owner.
    pub fn holder(&self, state: &State, hole: Hole) -> Option<Player> {
        if !self.colours || self.is_store(hole) {
            return Some(self.hole_owner[hole.index()]);
        }
        if !self.seed_colours {
            return Some(self.colour(state, hole));
        }
        (state.counts[hole.index()] > 0).then(|| self.colour(state, hole))
    }

    /// Whose side a hole is shown on: the player whose seeds it holds where holes belong by
    /// colour (an empty one, and every hole elsewhere, its owner's).
    pub fn owner_at(&self, state: &State, hole: Hole) -> Player {
        self.holder(state, hole).unwrap_or(self.hole_owner[hole.index()])
    }

    /// Give every occupied hole its colour: `colours` in board order, or else the colour of
    /// the player whose rows hold it; then count each player's seeds by colour. Where holes
    /// may change owner, every hole, empty or not, is given its owner by rows.
    pub(super) fn paint(&self, state: &mut State, colours: Option<&[Player]>) {
        state.colour = [[0; 3]; SEAT_BITS];
        for (i, &h) in self.slot_of.iter().enumerate() {
            let player = colours.map_or(self.hole_owner[h.index()], |c| c[i]);
            if state.counts[h.index()] > 0 || !self.seed_colours {
                set_colour(state, h, player);
            }
        }
        self.recount(state);
    }

    /// Count each player's seeds by colour.
    pub(super) fn recount(&self, state: &mut State) {
        let mut seeds = ByPlayer::default();
        for &h in &self.slot_of {
            let n = state.counts[h.index()];
            if n > 0 {
                seeds[self.colour(state, h)] += n;
            }
        }
        state.seeds = seeds;
    }

    /// `me`'s ring in the circuit's direction: the shared ring from its first hole (South's),
    /// or where each player sows their own rows, `me`'s circuit.
    fn ring(&self, me: Player) -> &[Hole] {
        &self.circuit[self.ring_of(me)]
    }

    /// Whose circuit is `me`'s ring: South's where the ring is shared.
    fn ring_of(&self, me: Player) -> Player {
        if self.shared_circuit { self.first_player() } else { me }
    }

    /// The hole `k` holes after `h` along `me`'s ring.
    pub(super) fn ahead(&self, me: Player, h: Hole, k: usize) -> Hole {
        let ring = self.ring(me);
        let at = usize::from(self.circuit_pos[self.ring_of(me)][h.index()]);
        ring[(at + k) % ring.len()]
    }

    /// The rearmost hole of `me`'s seeds: walking the ring from its first hole, the first
    /// hole holding `me`'s seeds after one that does not (`None` if they fill the ring, or
    /// `me` has none).
    pub fn rearmost(&self, state: &State, me: Player) -> Option<Hole> {
        let ring = self.ring(me);
        let mine = |h: Hole| state.counts[h.index()] > 0 && self.colour(state, h) == me;
        let start = ring.iter().position(|&h| !mine(h))?;
        (1..ring.len()).map(|k| ring[(start + k) % ring.len()]).find(|&h| mine(h))
    }

    /// Whether `me` may sow hole `h` under the choice description `choice`.
    pub(super) fn colour_fits(
        &self,
        state: &State,
        me: Player,
        choice: &Choice,
        h: Hole,
        rearmost: Option<Hole>,
    ) -> bool {
        let on_ring = self.circuit_pos[me][h.index()] != u8::MAX;
        let among = match choice.rule.holes {
            HoleSet::Rearmost => Some(h) == rearmost,
            _ => choice.among_held(me, h),
        };
        // Descriptions joined with `or` ask each their own holder (see `fits_either`).
        let held = match choice.either.is_empty() {
            true => self.held_as(state, me, choice, h),
            false => self.holder(state, h).is_some(),
        };
        on_ring && among && held && self.fits(state, me, choice, h, false)
    }

    /// Whether hole `h` is held as `choice` asks, where holes change owner: by `me`, or for
    /// a description of an opponent's holes, by another player.
    pub(super) fn held_as(&self, state: &State, me: Player, choice: &Choice, h: Hole) -> bool {
        match choice.rule.theirs {
            false => self.holder(state, h) == Some(me),
            true => self.holder(state, h).is_some_and(|p| p != me),
        }
    }

    /// Where the lone seed of `me` may go: `None` if the rule does not apply now (not
    /// exactly one seed, or not where the rule asks); `Some(None)` if it applies but the
    /// seed has nowhere to go.
    pub(super) fn lone_target(
        &self,
        state: &State,
        lone: LoneSeed,
        me: Player,
    ) -> Option<(Hole, Option<Hole>)> {
        if state.seeds[me] != 1 {
            return None;
        }
        let from = self.ring(me).iter().copied().find(|&h| self.holder(state, h) == Some(me))?;
        if lone.next_empty && state.counts[self.ahead(me, from, 1).index()] != 0 {
            return None;
        }
        if lone.on_mark.is_some_and(|m| !state.is_marked(m, from)) {
            return None;
        }
        let len = self.ring(me).len();
        let to = match lone.to {
            LoneTo::Steps(k) => Some(self.ahead(me, from, usize::from(k))),
            LoneTo::NextMarked(m) => {
                (1..=len).map(|k| self.ahead(me, from, k)).find(|&h| state.is_marked(m, h))
            }
            LoneTo::FirstHeld(m) => (1..len).map(|k| self.ahead(me, from, k)).find(|&h| {
                m.is_none_or(|m| state.is_marked(m, h)) && self.holder(state, h).is_some_and(|p| p != me)
            }),
        };
        Some((from, to))
    }

    /// A sowing turn's move of every seed of hole `from` into hole `to` (known legal: a lone
    /// seed's, or a whole hole's): where holes belong by colour, the opponent's seeds there
    /// become the mover's; the turn ends. Out of line: rare beside sowings.
    #[inline(never)]
    pub(super) fn jump(&self, state: &mut State, history: &mut History, from: Hole, to: Hole) {
        if !self.seed_colours {
            let n = state.counts[from.index()];
            self.remove(state, from, n);
            self.add(state, to, n);
            if self.shared_circuit {
                self.recount_territories(state);
            }
            state.passes = 0;
            self.end_turn(state, history);
            return;
        }
        let me = state.to_move;
        let n = state.counts[from.index()];
        state.counts[from.index()] = 0;
        set_colour(state, from, self.first_player());
        state.counts[to.index()] += n;
        set_colour(state, to, me);
        self.recount(state);
        state.hash = self.position_hash(state);
        state.passes = 0;
        self.end_turn(state, history);
    }

    /// Whether hole `h` is one `me` may lift: theirs, and where holes belong by colour, on
    /// the ring.
    pub(super) fn may_lift(&self, state: &State, me: Player, h: Hole) -> bool {
        // Where a choice describes an opponent's holes, the mover may lift a hole of another's
        // on their circuit (the move list says which).
        let theirs =
            self.flags.sows_theirs && !self.is_store(h) && self.circuit_pos[me][h.index()] != u8::MAX;
        if self.colours {
            (self.holder(state, h) == Some(me) || theirs) && self.circuit_pos[me][h.index()] != u8::MAX
        } else {
            self.hole_owner[h.index()] == me || (self.common && !self.is_store(h)) || theirs
        }
    }

    /// Whether hole `h` is `p`'s as `own` and `opponent's` read a hole (a choice, a capture's
    /// holes, a territory): where holes belong by colour, whether it holds `p`'s seeds; else
    /// whether it is on `p`'s rows. A store is always its owner's.
    #[inline(always)]
    pub(super) fn holds(&self, state: &State, h: Hole, p: Player) -> bool {
        if self.colours {
            self.holder(state, h) == Some(p)
        } else {
            self.hole_owner[h.index()] == p || (self.common && !self.is_store(h))
        }
    }

    /// The holes that are `p`'s now (see [`Rules::holds`]): their territory, or where holes
    /// belong by colour, the holes holding their seeds.
    pub(super) fn own_holes<'a>(&'a self, state: &'a State, p: Player) -> impl Iterator<Item = Hole> + 'a {
        let holes = if self.colours { &self.slot_of } else { &self.territory[p] };
        holes.iter().copied().filter(move |&h| !self.colours || self.holds(state, h, p))
    }

    /// Whether hole `h` is an opponent's of `me` at a table of more than two: any other
    /// player's (see [`Rules::holds`]); kept out of the way of play at two.
    #[cold]
    #[inline(never)]
    pub(super) fn opponents_at_table(&self, state: &State, h: Hole, me: Player) -> bool {
        self.others(me).any(|p| self.holds(state, h, p))
    }

    /// The players other than `me`, in turn order from the next.
    #[inline(always)]
    pub(super) fn others(&self, me: Player) -> impl Iterator<Item = Player> {
        let seats = self.seats();
        (1..seats).map(move |k| Player::at((me.index() + k) % seats, seats))
    }

    /// Put `n` of the mover's seeds into hole `h` outside a lap's sowing (captured seeds put
    /// into a hole, seeds moved on from the landing hole, placed from the hand or entered):
    /// where holes belong by colour, the hole is the mover's after it, with every seed in it
    /// (a hole holds one colour at a time; a lap's sowing follows its `sow` line instead).
    pub(super) fn put(&self, state: &mut State, h: Hole, n: u16) {
        self.add(state, h, n);
        if self.seed_colours && !self.is_store(h) {
            set_colour(state, h, state.to_move);
        }
    }

    /// Make hole `h`'s seeds `player`'s (where holes belong by colour).
    pub(super) fn set_holder(&self, state: &mut State, h: Hole, player: Player) {
        set_colour(state, h, player);
    }

    /// After a lap where holes belong by colour: empty holes cleared, each player's seeds
    /// counted by colour, and the position's hash, which reads the colours, worked out anew.
    pub(super) fn settle_colours(&self, state: &mut State) {
        // An empty hole holds no one's seeds: its bits are clear, as for seat 0's (where the
        // planes hold owners, an empty hole keeps its owner).
        if self.seed_colours {
            for &h in &self.slot_of {
                if state.counts[h.index()] == 0 {
                    set_colour(state, h, self.first_player());
                }
            }
        }
        self.recount(state);
        state.hash = self.position_hash(state);
    }

    /// Whose hole a lap ended in, as the lap rules' `own` and `opponent's` read it: the
    /// hole's owner, or where holes belong by colour, the player whose seeds it held before
    /// the last seed fell (`held_by`; `None`, neither's, where it was empty).
    pub(super) fn landed_on(&self, me: Player, at: Hole, held_by: Option<Player>) -> Option<Side> {
        let owner = if self.colours { held_by? } else { self.hole_owner[at.index()] };
        Some(if owner == me || (self.common && !self.is_store(at)) { Side::Own } else { Side::Opponent })
    }
}

/// Set the colour of a hole's seeds (seat 0's clears every plane's bit, as for an empty hole).
pub(super) fn set_colour(state: &mut State, h: Hole, player: Player) {
    let i = h.index();
    let bit = 1u64 << (i % 64);
    for (plane, words) in state.colour.iter_mut().enumerate() {
        if player.index() >> plane & 1 == 1 {
            words[i / 64] |= bit;
        } else {
            words[i / 64] &= !bit;
        }
    }
}
