//! Holes that belong by the colour of their seeds (`territory … at the start, then the holes
//! that hold their seeds`): each player's seeds are of their colour, a hole holds one colour
//! at a time, and a player owns whichever holes hold theirs.
//!
//! The colour of each occupied hole is a bit of [`State`] (`north_colour`: set where the
//! hole holds North's seeds, clear where South's or empty). Such a game is played by this
//! interpreter alone, chosen by a property of the model ([`Rules::colours`]), as the fast
//! paths are: the other games' move generation and sowing never look at colours. Its
//! sowings are single laps along the shared ring ([`crate::model::Circuit::ring_role`]),
//! sown seed by seed, since each seed may change a hole's owner; its lap rules are read
//! directly from the model, in order, after the lap (they may only `stop` or `move again`:
//! the compiler and [`crate::model::Model::check`] make sure of it).

use super::play::Log;
use super::rules::*;
use super::sowing::SowEnd;
use super::state::*;
use super::trace::SownLap;
use crate::model::{HoleSet, LoneSeed, LoneTo, Overrun};

impl Rules {
    /// Whether holes belong to the player whose seeds they hold, rather than to fixed rows.
    pub fn colours(&self) -> bool {
        self.colours
    }

    /// Whose seeds a hole holds: where holes belong by colour, the player whose seeds are in
    /// it (`None` when it is empty); elsewhere the hole's owner.
    pub fn holder(&self, state: &State, hole: Hole) -> Option<Player> {
        if !self.colours {
            return Some(self.hole_owner[hole.index()]);
        }
        (state.counts[hole.index()] > 0).then(|| colour(state, hole))
    }

    /// Whose side a hole is shown on: the player whose seeds it holds where holes belong by
    /// colour (an empty one, and every hole elsewhere, its owner's).
    pub fn owner_at(&self, state: &State, hole: Hole) -> Player {
        self.holder(state, hole).unwrap_or(self.hole_owner[hole.index()])
    }

    /// Give every occupied hole its colour: `colours` in board order, or else the colour of
    /// the player whose rows hold it; then count each player's seeds by colour.
    pub(super) fn paint(&self, state: &mut State, colours: Option<&[Player]>) {
        state.north_colour = [0; 3];
        for (i, &h) in self.slot_of.iter().enumerate() {
            let player = colours.map_or(self.hole_owner[h.index()], |c| c[i]);
            if state.counts[h.index()] > 0 {
                set_colour(state, h, player);
            }
        }
        self.recount(state);
    }

    /// Count each player's seeds by colour.
    fn recount(&self, state: &mut State) {
        let mut seeds = ByPlayer::default();
        for &h in &self.slot_of {
            let n = state.counts[h.index()];
            if n > 0 {
                seeds[colour(state, h)] += n;
            }
        }
        state.seeds = seeds;
    }

    /// The shared ring, from its first hole in the direction of sowing.
    fn ring(&self) -> &[Hole] {
        &self.circuit[Player::South]
    }

    /// The hole `k` holes after `h` along the ring.
    fn ahead(&self, h: Hole, k: usize) -> Hole {
        let ring = self.ring();
        let at = usize::from(self.circuit_pos[Player::South][h.index()]);
        ring[(at + k) % ring.len()]
    }

    /// The rearmost hole of `me`'s seeds: walking the ring from its first hole, the first
    /// hole holding `me`'s seeds after one that does not (`None` if they fill the ring, or
    /// `me` has none).
    pub fn rearmost(&self, state: &State, me: Player) -> Option<Hole> {
        let ring = self.ring();
        let mine = |h: Hole| state.counts[h.index()] > 0 && colour(state, h) == me;
        let start = ring.iter().position(|&h| !mine(h))?;
        (1..ring.len()).map(|k| ring[(start + k) % ring.len()]).find(|&h| mine(h))
    }

    /// Whether `me` may sow hole `h` under the choice description `choice`.
    fn colour_fits(
        &self,
        state: &State,
        me: Player,
        choice: &Choice,
        h: Hole,
        rearmost: Option<Hole>,
    ) -> bool {
        let on_ring = self.circuit_pos[me][h.index()] != u8::MAX;
        let among = match choice.rule.holes {
            HoleSet::Territory => true,
            HoleSet::Rearmost => Some(h) == rearmost,
            _ => choice.holes[me].contains(&h),
        };
        on_ring && among && self.holder(state, h) == Some(me) && self.fits(state, me, choice, h, false)
    }

    /// Where the lone seed of `me` may go: `None` if the rule does not apply now (not
    /// exactly one seed, or not where the rule asks); `Some(None)` if it applies but the
    /// seed has nowhere to go.
    fn lone_target(&self, state: &State, lone: LoneSeed, me: Player) -> Option<(Hole, Option<Hole>)> {
        if state.seeds[me] != 1 {
            return None;
        }
        let from = self.ring().iter().copied().find(|&h| self.holder(state, h) == Some(me))?;
        if lone.next_empty && state.counts[self.ahead(from, 1).index()] != 0 {
            return None;
        }
        if lone.on_mark.is_some_and(|m| !state.is_marked(m, from)) {
            return None;
        }
        let len = self.ring().len();
        let to = match lone.to {
            LoneTo::Steps(k) => Some(self.ahead(from, usize::from(k))),
            LoneTo::NextMarked(m) => (1..=len).map(|k| self.ahead(from, k)).find(|&h| state.is_marked(m, h)),
            LoneTo::FirstHeld(m) => (1..len)
                .map(|k| self.ahead(from, k))
                .find(|&h| state.is_marked(m, h) && self.holder(state, h) == Some(me.other())),
        };
        Some((from, to))
    }

    /// The decisions of the player to move in a sowing phase: the sowings the first choice
    /// description in force allows (board order), and the lone seed's move, if any.
    pub(super) fn colour_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList) -> super::MoveStats {
        let me = state.to_move;
        let lone = sow.lone.and_then(|lone| Some((lone, self.lone_target(state, lone, me)?)));
        if !matches!(lone, Some((l, _)) if l.only) {
            let rearmost = self.rearmost(state, me);
            for choice in &sow.choices {
                for &h in &self.slot_of {
                    if self.colour_fits(state, me, choice, h, rearmost) {
                        out.push(Move::Sow(h));
                    }
                }
                if !out.is_empty() {
                    break;
                }
            }
        }
        if let Some((_, (from, Some(to)))) = lone {
            out.push(Move::Transfer(from, to));
        }
        super::MoveStats::default()
    }

    /// Sow hole `h` (known legal): one lap along the ring, each seed dropped turning the hole
    /// the mover's, the opponent's seeds in it kept there or taken to the origin hole; then
    /// the lap rules, and the end of the turn.
    pub(super) fn colour_sow<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        h: Hole,
        log: &mut L,
    ) -> Option<SowEnd> {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
        let hand = state.counts[h.index()];
        // Checked play offers only the rearmost hole; an unchecked decision off the ring
        // (never legal) changes nothing rather than panic.
        if hand == 0 || self.holder(state, h) != Some(me) || self.circuit_pos[me][h.index()] == u8::MAX {
            return None;
        }
        let ring = self.ring();
        let len = ring.len();
        let origin_at = usize::from(self.circuit_pos[me][h.index()]);
        state.counts[h.index()] = 0;
        set_colour(state, h, Player::South);
        let (mut at, mut taken, mut before) = (origin_at, 0u16, (0u16, None));
        for _ in 0..hand {
            at = if at + 1 == len { 0 } else { at + 1 };
            let x = ring[at];
            let held = self.holder(state, x);
            if held == Some(me.other()) && sow.overrun == Some(Overrun::ToOrigin) {
                let n = state.counts[x.index()];
                log.took(x, n);
                taken += n;
                state.counts[x.index()] = 0;
            }
            before = (state.counts[x.index()], held);
            state.counts[x.index()] += 1;
            set_colour(state, x, me);
        }
        if taken > 0 {
            state.counts[h.index()] += taken;
            set_colour(state, h, me);
        }
        self.recount(state);
        state.hash = self.position_hash(state);
        state.passes = 0;
        let last = ring[at];
        let action = self.colour_lap_action(state, sow, (at, before), hand);
        if action == LapAction::MoveAgain {
            self.end_turn_again(state, history);
        } else {
            self.end_turn(state, history);
        }
        Some(SowEnd {
            laps: 1,
            sown: u32::from(hand),
            last_at: at,
            lap_at: origin_at as u16,
            last,
            action,
            hash: 0,
            reached: false,
        })
    }

    /// The lap rules' action for a lap of the player to move that ended at ring position
    /// `at`, whose hole held `before` (seeds, and whose) before the last seed fell; the
    /// chosen hole held `origin`. Read from the model, rule by rule.
    fn colour_lap_action(
        &self,
        state: &State,
        sow: &SowRules,
        (at, before): (usize, (u16, Option<Player>)),
        origin: u16,
    ) -> LapAction {
        let me = state.to_move;
        let ring = self.ring();
        let len = ring.len();
        let h = ring[at];
        let next = ring[(at + 1) % len];
        let previous = ring[(at + len - 1) % len];
        let column = usize::from(self.hole_column[h.index()]);
        let count = |h: Hole| state.counts[h.index()];
        let is = |h: Hole, s: HoleState| (count(h) == 0) == (s == HoleState::Empty);
        let applies = |rule: &LapRule| {
            !rule.store
                && rule.landing.is_none_or(|want| (before.0 > 0) == (want == HoleState::Occupied))
                && rule
                    .side
                    .is_none_or(|side| before.1 == Some(if side == Side::Own { me } else { me.other() }))
                && rule.role.is_none_or(|role| self.hole_role[h.index()] == role)
                && rule.mark.is_none_or(|m| state.is_marked(m, h))
                && rule.facts.iter().all(|fact| match *fact {
                    Fact::Opposite(role, s) => {
                        (self.opposite_count(state, me, h, role) == 0) == (s == HoleState::Empty)
                    }
                    Fact::Column(role, s) => is(self.role_hole[me][usize::from(role)][column], s),
                    Fact::OppositeHolds(role, min, max) => {
                        (min..=max).contains(&self.opposite_count(state, me, h, role))
                    }
                    Fact::Next(s) => is(next, s),
                    Fact::Row(side, role, s) => {
                        let p = if side == Side::Own { me } else { me.other() };
                        self.role_hole[p][usize::from(role)].iter().all(|&h| count(h) == 0)
                            == (s == HoleState::Empty)
                    }
                    Fact::Origin(min, max) => (min..=max).contains(&origin),
                    Fact::Holds(min, max) => (min..=max).contains(&count(h)),
                    Fact::PreviousHolds(min, max) => (min..=max).contains(&count(previous)),
                    // A colour game's turn is a single lap, which captures nothing.
                    Fact::FirstLap => true,
                    Fact::TurnCaptured => false,
                    // Refused by the compiler where holes belong by colour.
                    Fact::NotReached(..) => false,
                })
        };
        sow.lap_rules.iter().find(|rule| applies(rule)).map_or(sow.lap_otherwise, |rule| rule.action)
    }

    /// The lone seed's move from `from` to `to` (known legal): the opponent's seeds there
    /// become the mover's; the turn ends.
    pub(super) fn colour_jump(&self, state: &mut State, history: &mut History, from: Hole, to: Hole) {
        let me = state.to_move;
        let n = state.counts[from.index()];
        state.counts[from.index()] = 0;
        set_colour(state, from, Player::South);
        state.counts[to.index()] += n;
        set_colour(state, to, me);
        self.recount(state);
        state.hash = self.position_hash(state);
        state.passes = 0;
        self.end_turn(state, history);
    }

    /// The one lap a sowing from `from` makes, for a front end to show.
    pub(super) fn colour_laps(&self, state: &State, from: Hole) -> Vec<SownLap> {
        let hand = usize::from(state.count(from));
        if hand == 0
            || self.holder(state, from) != Some(state.to_move)
            || self.circuit_pos[state.to_move][from.index()] == u8::MAX
        {
            return Vec::new();
        }
        vec![SownLap { from, drops: (1..=hand).map(|k| self.ahead(from, k)).collect() }]
    }
}

/// The colour of an occupied hole's seeds.
fn colour(state: &State, h: Hole) -> Player {
    let i = h.index();
    if state.north_colour[i / 64] >> (i % 64) & 1 == 1 { Player::North } else { Player::South }
}

/// Set the colour of a hole's seeds (South's clears the bit, as for an empty hole).
fn set_colour(state: &mut State, h: Hole, player: Player) {
    let i = h.index();
    let bit = 1u64 << (i % 64);
    match player {
        Player::North => state.north_colour[i / 64] |= bit,
        Player::South => state.north_colour[i / 64] &= !bit,
    }
}
