//! The general interpreter: every sowing played lap by lap, seed by seed, the lap rules read
//! directly from the model, rule by rule, where each lap ends. It plays every construct of
//! the language, in every combination: seeds placed from the hand, captures sown from a row
//! end, facts about the turn so far, an empty row read between laps, laps through a side
//! store at the mover's choice, turned laps (`super::step_turning`), holes that belong by
//! the colour of their seeds (each seed sown turns its hole the mover's), and everything the
//! fast paths play. [`crate::Rules::general`] builds any rules with every sowing played here;
//! the tests compare the fast paths of [`crate::Rules::new`] with it, decision by decision.
//!
//! `Rules::new` uses it where the model has a construct that only it plays
//! ([`crate::model::Model::stepwise`], or colours); other games' move generation and sowing
//! never look at these constructs, and pay nothing for them. Loops that could go on for
//! ever (relays, captures sown on) are checked by Brent's cycle detection within the lap
//! bound of the rules.

use super::play::Log;
use super::rules::*;
use super::sowing::SowEnd;
use super::state::*;
use super::trace::SownLap;
use crate::model::{BlockExempt, Overrun};

/// How many pauses to choose a row end deep the legality check of a sowing looks (beyond, a
/// pause counts as an end of the sowing: the mover decides there).
const MAX_END_DEPTH: u8 = 8;

/// How many times a turn pauses to let the mover choose the way of a relay past or through
/// the side store: beyond, relays go past it (a bound met only by relays that go round in
/// cycles, which a pause would otherwise hide from the cycle check).
const MAX_PATH_PAUSES: u16 = 64;

/// Where a sowing stands between laps: the way it goes and what the lap rules may ask.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cursor {
    /// Sowing against the circuit's stored order.
    pub(super) rev: bool,
    /// The lap about to end is the turn's first.
    pub(super) first: bool,
    /// A capture was made earlier in the turn.
    pub(super) captured: bool,
    /// Seeds the chosen hole held (after a placed seed).
    pub(super) origin: u16,
    /// Pauses made this turn to choose the way of a relay past or through the side store.
    pub(super) pauses: u16,
    /// A lap of the turn has been sown (else a capture is made by a seed placed from the
    /// hand).
    pub(super) sown: bool,
    /// A seed of the turn has reached the row the lap rules ask about (`no seed of the turn
    /// has reached …`), as they count it.
    pub(super) reached: bool,
    /// Where holes belong by colour: whose seeds the hole the lap just ended in held before
    /// its last seed fell (`None`: it was empty).
    pub(super) held_by: Option<Player>,
}

/// What a sowing came to, counted as it went.
#[derive(Clone, Debug, Default)]
pub(super) struct Tally {
    laps: u32,
    sown: u32,
    last: Option<Hole>,
    /// The hole the last lap was lifted from (the hole before it for a lap sown starting
    /// with the hole itself).
    from: Option<Hole>,
    /// A seed of the lap just sown fell in the row the lap rules ask about.
    reached_now: bool,
    /// Where holes belong by colour: whose seeds the hole the last lap ended in held before
    /// its last seed fell.
    held_by: Option<Player>,
    /// Where holes belong by colour: the opponent's seeds each lap's seeds took to the hole
    /// the lap was lifted from, as they were taken (for the log).
    overran: Vec<(Hole, u16)>,
    /// Each lap, where a front end asks to show them.
    trace: Option<Vec<SownLap>>,
}

/// How a stretch of sowing ended.
#[derive(Clone, Copy, Debug)]
pub(super) enum Step {
    /// The sowing is over with this action (`stop`, `move again`).
    Over(LapAction),
    /// The sowing is over with capture `c`, which took `taken` seeds from the opposite rows
    /// `roles` (as bits): its follow-ups come next.
    Captured(u8, u16, u8),
    /// A capture waits for the mover to choose the row end its seeds are sown from.
    Paused(EndChoice),
    /// A relay waits for the mover to choose its way past the side store or through it.
    PathPaused(LapChoice),
    /// The next lap waits for the mover to choose whether to turn it the other way (the
    /// phase is set, by [`Rules::pause_to_turn`]).
    TurnPaused(Cursor),
    /// A lap through the side store left more seeds in it than the sowing allows: the
    /// decision is not legal.
    Refused,
    /// A lap ended at this hole where the mover may stop (`may stop`), or relay from it.
    MayStop(Hole, Cursor),
    /// The game ended between laps (the outcome is set).
    Ended,
    /// The sowing would never end.
    Endless,
}

/// What a capture's row-end destination comes to at a landing.
enum EndPick {
    /// This end, sown inward (`rev` against the circuit's stored order).
    End(Hole, bool),
    /// The mover chooses.
    Choice,
}

impl Rules {
    /// The decisions that start a turn of a sowing played lap by lap: each hole the choice in
    /// force allows, in each direction the mover may choose, if the sowing ends. A seed
    /// placed where it captures is one decision whatever the direction, since the capture's
    /// seeds are sown from the row end it picks.
    pub(super) fn step_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList) -> super::MoveStats {
        let me = state.to_move;
        let mut stats = super::MoveStats::default();
        if sow.place.is_some() && state.hand[me] == 0 {
            return stats;
        }
        let ways: &[(Option<Direction>, bool)] = match self.sowing_reversed(state, sow, me) {
            Some(false) => &[(None, false)],
            Some(true) => &[(None, true)],
            None if self.direction == Direction::Anticlockwise => {
                &[(Some(Direction::Anticlockwise), false), (Some(Direction::Clockwise), true)]
            }
            None => &[(Some(Direction::Clockwise), false), (Some(Direction::Anticlockwise), true)],
        };
        // Where holes belong by colour, a player left with one seed may have a move of its own,
        // which may be their only one.
        let lone = sow.lone.and_then(|lone| Some((lone, self.lone_target(state, lone, me)?)));
        let only_lone = matches!(lone, Some((l, _)) if l.only);
        let rearmost = if self.colours { self.rearmost(state, me) } else { None };
        for choice in sow.choices.iter().filter(|_| !only_lone) {
            let start = out.len();
            let mut fitted = false;
            // Each direction of a hole asked on its own: the description may predict the lap
            // (`whose lap captures`, `whose last seed would fall in front of an occupied
            // hole`), which depends on the way it goes.
            let way_fits = |h: Hole, rev: bool| {
                self.fits(state, me, choice, h, rev)
                    && (!choice.rule.facing || self.lands_facing(state, me, h, rev))
            };
            // Where holes belong by colour, any hole of the board may be the mover's.
            let holes = if self.colours { &self.slot_of } else { &choice.holes[me] };
            for &h in holes {
                if self.colours && !self.colour_fits(state, me, choice, h, rearmost) {
                    continue;
                }
                if !ways.iter().any(|&(_, rev)| way_fits(h, rev)) {
                    continue;
                }
                fitted = true;
                if sow.place.is_some_and(|p| self.place_captures(state, p, h)) {
                    if self.step_ends(state, sow, h, ways[0].1, false) {
                        out.push(Move::Sow(h));
                    } else {
                        stats.endless += 1;
                    }
                    continue;
                }
                for &(d, rev) in ways {
                    if !way_fits(h, rev)
                        || sow.exit_start.is_some_and(|role| self.leaves_row(state, role, h, rev))
                    {
                        continue;
                    }
                    if self.step_ends(state, sow, h, rev, false) {
                        out.push(d.map_or(Move::Sow(h), |d| Move::SowDirection(h, d)));
                    } else {
                        stats.endless += 1;
                    }
                    // The same lap through the side store, where it reaches it.
                    if sow.side_path.is_some()
                        && d.is_none()
                        && self.through_passes(state, me, h, rev) > 0
                        && self.step_ends(state, sow, h, rev, true)
                    {
                        out.push(Move::SowThrough(h));
                    }
                }
            }
            if fitted {
                if !sow.prefer.is_empty() {
                    self.keep_preferred(state, sow, out, start, ways[0].1);
                }
                break;
            }
        }
        if !sow.turnings.is_empty() {
            self.turned_moves(state, sow, out, &mut stats);
        }
        // The side store itself, lifted only through it.
        if sow.side_path.is_some()
            && let Some(side) = self.side_store(me)
            && state.counts[side.index()] > 0
            && self.step_ends(state, sow, side, ways[0].1, true)
        {
            out.push(Move::SowThrough(side));
        }
        if let Some((_, (from, Some(to)))) = lone {
            out.push(Move::Transfer(from, to));
        }
        if sow.hand_entry && self.may_enter(state) {
            out.push(Move::Enter);
        }
        if self.must_feed_now(state, sow) {
            self.keep_feeding(state, out);
        }
        stats
    }

    /// The decisions where a relay paused to let the mover choose its way: `relay` past the
    /// side store, `b3+` through it, each if the sowing then ends.
    pub(super) fn path_choice_moves(&self, state: &State, choice: LapChoice, out: &mut MoveList) {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return };
        for through in [false, true] {
            let mut s = state.clone();
            let mut tally = Tally::default();
            let step = self.step_resume(&mut s, sow, choice, through, &mut tally, &mut ());
            if self.step_settles(&s, sow, step, 1) {
                out.push(if through { Move::SowThrough(choice.at) } else { Move::Relay });
            }
        }
    }

    /// How many seeds a lap of `me`'s hole `h` going `rev` through their side store would drop
    /// into it (for the side store itself, 1 if it holds seeds: it is lifted only so).
    fn through_passes(&self, state: &State, me: Player, h: Hole, rev: bool) -> u16 {
        let Some(side) = self.side_store(me) else { return 0 };
        let n = state.counts[h.index()];
        if h == side {
            return u16::from(n > 0);
        }
        let mut at = h;
        let mut passes = 0;
        for _ in 0..n {
            at = self.step_path(me, at, rev, true);
            if self.skip_origin && at == h {
                at = self.step_path(me, at, rev, true);
            }
            passes += u16::from(at == side);
        }
        passes
    }

    /// Whether the mover's side store holds no more seeds than the sowing allows after a lap
    /// through it.
    fn side_allowed(&self, state: &State, sow: &SowRules) -> bool {
        match (sow.side_path, self.side_store(state.to_move)) {
            (Some(max), Some(side)) => state.counts[side.index()] <= max,
            _ => true,
        }
    }

    /// The decisions of a mover choosing the row end a capture's seeds are sown from: each end
    /// hole of the row, sown inward, in board order, if the sowing ends.
    #[cold]
    #[inline(never)]
    pub(super) fn end_choice_moves(&self, state: &State, choice: EndChoice, out: &mut MoveList) {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return };
        for (end, rev) in self.row_end_options(me, choice.capture) {
            let mut s = state.clone();
            let mut tally = Tally::default();
            let step = self.step_from_end(&mut s, sow, choice, (end, rev), &mut tally, &mut ());
            if self.step_settles(&s, sow, step, 1) {
                let d = if rev { self.direction.other() } else { self.direction };
                out.push(Move::SowDirection(end, d));
            }
        }
    }

    /// Play a decision of a sowing played lap by lap: the first of a turn (sowing hole `h`, or
    /// placing a seed in it, in direction `d` if the mover chose one), or the choice of a row
    /// end where a capture paused the sowing.
    #[allow(clippy::too_many_arguments, reason = "the decision: hole, direction, way, and the log")]
    pub(super) fn step_sow<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        h: Hole,
        d: Option<Direction>,
        through: bool,
        log: &mut L,
    ) -> Option<SowEnd> {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
        let mut tally = Tally::default();
        let step = match (state.phase, d) {
            (Phase::LapChoice(choice), None) if choice.through && h == choice.at => {
                state.phase = Phase::Sow;
                self.step_resume(state, sow, choice, through, &mut tally, log)
            }
            (Phase::EndChoice(choice), Some(d)) => {
                state.phase = Phase::Sow;
                self.step_from_end(state, sow, choice, (h, d != self.direction), &mut tally, log)
            }
            (Phase::LapChoice(choice), Some(d)) if choice.turn => {
                self.step_turn_resume(state, sow, choice, (h, d != self.direction), &mut tally, log)
            }
            (Phase::Sow, _) => {
                if !self.may_lift(state, me, h) {
                    return None;
                }
                let rev = match d {
                    Some(d) => d != self.direction,
                    None => self.sowing_reversed(state, sow, me).unwrap_or(false),
                };
                if let (Some(d), Chosen::Once) = (d, self.chosen) {
                    state.direction[me] = Some(d);
                }
                state.passes = 0;
                self.step_start(state, sow, h, rev, through, &mut tally, log)
            }
            _ => return None,
        };
        for &(at, n) in &tally.overran {
            log.took(at, n);
        }
        Some(self.step_finish(state, history, step, tally, h, 0))
    }

    /// Where a sowing paused for the mover to stop or relay (`may stop`), the relay: the
    /// paused hole lifted and sown on, as the lap rules say.
    pub(super) fn step_relay<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        choice: LapChoice,
        log: &mut L,
    ) -> Option<SowEnd> {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return None };
        let mut tally = Tally::default();
        if choice.turn {
            let rev = self.turn_reversed(state, sow, state.to_move);
            let step = self.step_turn_resume(state, sow, choice, (choice.at, rev), &mut tally, log);
            return Some(self.step_finish(state, history, step, tally, choice.at, choice.relays + 1));
        }
        let cur = paused_cursor(state, choice);
        state.phase = Phase::Sow;
        let step = self.step_run(state, sow, (choice.at, LapAction::Relay), cur, &mut tally, log);
        Some(self.step_finish(state, history, step, tally, choice.at, choice.relays + 1))
    }

    /// The decisions where a sowing paused for the mover to stop or relay: `stop`, and
    /// `relay` while the turn has not relayed so too often and the relay's sowing ends.
    pub(super) fn step_choice_moves(&self, state: &State, choice: LapChoice, out: &mut MoveList) {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return };
        if choice.turn {
            for (mv, h, rev) in self.turn_options(state, sow, choice) {
                let mut s = state.clone();
                let mut tally = Tally::default();
                let step = self.step_turn_resume(&mut s, sow, choice, (h, rev), &mut tally, &mut ());
                if self.step_settles(&s, sow, step, 0) {
                    out.push(mv);
                }
            }
            return;
        }
        out.push(Move::Stop);
        if choice.relays >= super::play::MAX_RELAY_CHOICES {
            return;
        }
        let mut s = state.clone();
        let mut tally = Tally::default();
        let step = self.step_run(
            &mut s,
            sow,
            (choice.at, LapAction::Relay),
            paused_cursor(state, choice),
            &mut tally,
            &mut (),
        );
        if self.step_settles(&s, sow, step, 0) {
            out.push(Move::Relay);
        }
    }

    /// Settle the turn a stretch of sowing that came to `step` leaves: end it, pause it for
    /// a choice of the mover's, or hand the turn back; what the sowing came to. `relays`:
    /// the pauses to stop or relay the turn has gone past.
    fn step_finish(
        &self,
        state: &mut State,
        history: &mut History,
        step: Step,
        tally: Tally,
        h: Hole,
        relays: u16,
    ) -> SowEnd {
        let me = state.to_move;
        if self.colours {
            // Captures and moved seeds change whose seeds are where.
            self.settle_colours(state);
        }
        let action = match step {
            Step::MayStop(at, cur) => {
                let bits = (if cur.rev { TURN_STEP_REV } else { 0 })
                    | (if cur.captured { TURN_STEP_CAPTURED } else { 0 })
                    | (if cur.reached { TURN_STEP_REACHED } else { 0 });
                state.turn_bits =
                    (state.turn_bits & !(TURN_STEP_REV | TURN_STEP_CAPTURED | TURN_STEP_REACHED)) | bits;
                state.phase = Phase::LapChoice(LapChoice {
                    at,
                    origin: cur.origin,
                    relays,
                    turn: false,
                    hand: 0,
                    through: false,
                });
                LapAction::MayStop
            }
            Step::Over(LapAction::MoveAgain) => {
                self.end_turn_again(state, history);
                LapAction::MoveAgain
            }
            Step::Over(LapAction::MoveLanding(i)) => {
                // Seeds of the landing hole moved on into a hole of the mover's.
                self.move_landing(state, i, tally.last.unwrap_or(h));
                self.step_block(state);
                self.end_turn(state, history);
                LapAction::MoveLanding(i)
            }
            Step::Over(LapAction::MarkLanding(m)) => {
                // The landing hole takes the mark, which leaves the mover's other holes.
                self.mark_landing(state, me, m, tally.last.unwrap_or(h));
                self.end_turn(state, history);
                LapAction::MarkLanding(m)
            }
            Step::Paused(choice) => {
                state.phase = Phase::EndChoice(choice);
                LapAction::Stop
            }
            Step::PathPaused(choice) => {
                state.phase = Phase::LapChoice(choice);
                LapAction::Stop
            }
            Step::TurnPaused(cur) => {
                self.keep_turn_facts(state, cur);
                LapAction::Stop
            }
            Step::Over(action) => {
                self.step_block(state);
                self.end_turn(state, history);
                action
            }
            Step::Captured(c, taken, roles) => {
                self.step_block(state);
                // Read by the blocking rule alone, which has been read: the picks that follow
                // see the turn as every interpreter leaves it.
                state.turn_bits &= !TURN_STEP_TOOK;
                self.follow_up(state, history, c, 0, taken, roles);
                LapAction::Stop
            }
            Step::Ended | Step::Endless | Step::Refused => {
                self.end_turn(state, history);
                LapAction::Stop
            }
        };
        let last = tally.last.unwrap_or(h);
        let last_at = usize::from(self.circuit_pos[me][last.index()]);
        SowEnd {
            laps: tally.laps,
            sown: tally.sown,
            last_at,
            lap_at: last_at as u16,
            last,
            action,
            hash: 0,
            reached: false,
        }
    }

    /// The laps decision `mv` sows from `state`, the laps of its captured seeds included (each
    /// shown from the row end they are sown from), for a front end to show; empty for a
    /// decision that sows nothing.
    pub(super) fn step_laps(&self, state: &State, mv: Move) -> Vec<SownLap> {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return Vec::new() };
        let mut s = state.clone();
        let mut tally = Tally { trace: Some(Vec::new()), ..Tally::default() };
        match (state.phase, mv) {
            (Phase::EndChoice(choice), Move::SowDirection(h, d)) => {
                self.step_from_end(&mut s, sow, choice, (h, d != self.direction), &mut tally, &mut ());
            }
            (Phase::LapChoice(choice), Move::SowDirection(h, d)) if choice.turn => {
                self.step_turn_resume(&mut s, sow, choice, (h, d != self.direction), &mut tally, &mut ());
            }
            (Phase::LapChoice(choice), Move::Relay) if choice.turn => {
                let rev = self.turn_reversed(state, sow, me);
                self.step_turn_resume(&mut s, sow, choice, (choice.at, rev), &mut tally, &mut ());
            }
            (Phase::LapChoice(choice), Move::Relay | Move::SowThrough(_)) if choice.through => {
                let through = matches!(mv, Move::SowThrough(_));
                self.step_resume(&mut s, sow, choice, through, &mut tally, &mut ());
            }
            (Phase::Sow, Move::Sow(h) | Move::SowDirection(h, _) | Move::SowThrough(h))
                if self.may_lift(state, me, h) =>
            {
                let rev = match mv {
                    Move::SowDirection(_, d) => d != self.direction,
                    _ => self.sowing_reversed(state, sow, me).unwrap_or(false),
                };
                let through = matches!(mv, Move::SowThrough(_));
                self.step_start(&mut s, sow, h, rev, through, &mut tally, &mut ());
            }
            _ => {}
        }
        tally.trace.unwrap_or_default()
    }

    /// Whether the turn that sowing (or placing in) hole `h` going `rev` starts ends: played
    /// out on a copy, a pause to choose a row end counting as an end where some choice ends.
    pub(super) fn step_ends(&self, state: &State, sow: &SowRules, h: Hole, rev: bool, through: bool) -> bool {
        let mut s = state.clone();
        let mut tally = Tally::default();
        let step = self.step_start(&mut s, sow, h, rev, through, &mut tally, &mut ());
        self.step_settles(&s, sow, step, 0)
    }

    /// Whether a stretch of sowing that came to `step` (leaving `state`) ends: at a pause,
    /// whether some choice of row end does, looked at a few pauses deep.
    fn step_settles(&self, state: &State, sow: &SowRules, step: Step, depth: u8) -> bool {
        match step {
            Step::Over(_) | Step::Captured(..) | Step::Ended | Step::MayStop(..) => true,
            Step::Endless | Step::Refused => false,
            Step::Paused(_) | Step::PathPaused(_) | Step::TurnPaused(_) if depth >= MAX_END_DEPTH => true,
            Step::TurnPaused(_) => {
                let Phase::LapChoice(choice) = state.phase else { return false };
                self.turn_options(state, sow, choice).into_iter().any(|(_, h, rev)| {
                    let mut s = state.clone();
                    let mut tally = Tally::default();
                    let step = self.step_turn_resume(&mut s, sow, choice, (h, rev), &mut tally, &mut ());
                    self.step_settles(&s, sow, step, depth + 1)
                })
            }
            Step::PathPaused(choice) => [false, true].into_iter().any(|through| {
                let mut s = state.clone();
                let mut tally = Tally::default();
                let step = self.step_resume(&mut s, sow, choice, through, &mut tally, &mut ());
                self.step_settles(&s, sow, step, depth + 1)
            }),
            Step::Paused(choice) => {
                self.row_end_options(state.to_move, choice.capture).into_iter().any(|end| {
                    let mut s = state.clone();
                    let mut tally = Tally::default();
                    let step = self.step_from_end(&mut s, sow, choice, end, &mut tally, &mut ());
                    self.step_settles(&s, sow, step, depth + 1)
                })
            }
        }
    }

    /// The start of a turn: sow hole `h` going `rev`, or put a seed from the hand into it
    /// (which captures there, or is sown with the hole), then on as the lap rules say.
    #[allow(clippy::too_many_arguments, reason = "the decision: hole, direction and way")]
    fn step_start<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        rev: bool,
        through: bool,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        if !sow.turnings.is_empty() && rev != self.turn_reversed(state, sow, state.to_move) {
            state.turn_bits |= TURN_FIRST_TURNED;
        }
        match self.step_first(state, sow, h, (rev, through), tally) {
            Some(_) if through && !self.side_allowed(state, sow) => Step::Refused,
            Some((at, _, action, mut cur)) => {
                cur.first = false;
                self.step_run(state, sow, (at, action), cur, tally, log)
            }
            None => Step::Over(LapAction::Stop),
        }
    }

    /// A turn's first lap from hole `h` going `rev` (or the seed put into it from the hand,
    /// which captures there, or is sown with the hole): where it ended, what that hole held
    /// before its last seed, the lap rules' action there, and the sowing's cursor. `None`
    /// where nothing is sown. With `through`, the lap goes through the mover's side store.
    fn step_first(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        (rev, through): (bool, bool),
        tally: &mut Tally,
    ) -> Option<(Hole, u16, LapAction, Cursor)> {
        let me = state.to_move;
        let mut cur = Cursor {
            rev,
            first: true,
            captured: false,
            origin: 0,
            pauses: 0,
            sown: true,
            reached: false,
            held_by: None,
        };
        match sow.place {
            Some(place) => {
                if state.hand[me] == 0 {
                    return None;
                }
                state.hand[me] -= 1;
                self.add(state, h, 1);
                cur.origin = state.counts[h.index()];
                tally.last = Some(h);
                if self.place_captures(state, place, h) {
                    cur.sown = false;
                    return Some((h, cur.origin - 1, LapAction::Capture(place.capture), cur));
                }
            }
            None => {
                cur.origin = state.counts[h.index()];
                if cur.origin == 0 {
                    return None;
                }
            }
        }
        let (at, before) = if sow.first_lap.is_plain() && sow.first_hole.is_none() {
            self.step_lap(state, sow, h, rev, through, tally)
        } else {
            self.step_first_lap(state, sow, h, rev, tally)
        };
        let action = self.step_action(state, sow, (at, before), &mut cur, tally);
        Some((at, before, action, cur))
    }

    /// A turn's first lap of its own kind from hole `h` going `rev`: so many seeds of it
    /// (`sow 4 seeds …`, all if it holds fewer), the first back into it (`starting with the
    /// chosen hole`), or so many seeds by rule into the first hole (`… 2 seeds into the
    /// first hole`). Where the last seed fell and what that hole held before it.
    fn step_first_lap(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        rev: bool,
        tally: &mut Tally,
    ) -> (Hole, u16) {
        let me = state.to_move;
        let held = state.counts[h.index()];
        let n = sow.first_lap.lift.map_or(held, |k| k.min(held));
        self.remove(state, h, n);
        self.thin_marks(state);
        // Sowing starting with the hole itself is sowing from the hole before it.
        let from = if sow.first_lap.itself { self.step_hole(me, h, !rev) } else { h };
        let landing =
            self.drop_seeds(state, sow, (from, sow.first_hole.unwrap_or(1)), n, (rev, false), tally);
        // The lap was lifted from the chosen hole.
        tally.from = Some(h);
        landing
    }

    /// The blocking rule of the mover's sowing, if it has one, at the end of their turn
    /// (`after a turn that captures nothing, while the opponent cannot capture, mark as …`):
    /// the mark leaves every hole; then, after a turn that took nothing, where the opponent
    /// has no first lap that captures, the opponent's holes the mover's capturing first laps
    /// would take (as if the mover moved again) get it, but for the holes spared.
    #[cold]
    pub(super) fn step_block(&self, state: &mut State) {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return };
        let Some(block) = &sow.block else { return };
        for h in 0..self.model.board.holes() {
            set_mark(state, block.mark, Hole(h as u8), false);
        }
        let opponent = me.other();
        if state.turn_bits & TURN_STEP_TOOK != 0
            || state.outcome.is_some()
            || !self.capture_targets(state, opponent).is_empty()
        {
            return;
        }
        let count = |h: Hole| state.counts[h.index()];
        let row = |role: Role| &self.role_hole[opponent][usize::from(role)];
        let spared = |h: Hole| {
            block.exempt.iter().any(|e| match *e {
                BlockExempt::Marked(m) => state.is_marked(m, h),
                BlockExempt::OnlyOccupied(role) => row(role).iter().all(|&x| (x == h) == (count(x) > 0)),
                BlockExempt::OnlyMoreThan(role, n) => row(role).iter().all(|&x| (x == h) == (count(x) > n)),
            })
        };
        let blocked: Vec<Hole> = self
            .capture_targets(state, me)
            .into_iter()
            .filter(|&h| self.hole_owner[h.index()] == opponent && !spared(h))
            .collect();
        for h in blocked {
            set_mark(state, block.mark, h, true);
        }
    }

    /// The occupied holes of the opponent's that player `p`'s first laps that capture would
    /// take, of the sowings `p` could choose were it their turn to sow now.
    fn capture_targets(&self, state: &State, p: Player) -> Vec<Hole> {
        let mut s = state.clone();
        s.to_move = p;
        s.phase = Phase::Sow;
        let TurnKind::Sow(sow) = &self.phase_rules(&s, p).turn else { return Vec::new() };
        let mut out = Vec::new();
        for (h, rev) in self.first_laps(&s, sow) {
            let mut lap = s.clone();
            let mut tally = Tally::default();
            let Some((at, _, LapAction::Capture(c), _)) =
                self.step_first(&mut lap, sow, h, (rev, false), &mut tally)
            else {
                continue;
            };
            let capture = &self.model.captures[usize::from(c)];
            let from = if capture.origin_column { h } else { at };
            for target in &capture.take {
                if let Target::Opposite(role) = *target
                    && let Some(hole) = self.opposite(p, from, role)
                    && lap.counts[hole.index()] > 0
                    && !out.contains(&hole)
                {
                    out.push(hole);
                }
            }
        }
        out
    }

    /// The first laps (hole, way) the description in force lets the player to move choose,
    /// without asking whether their sowings end.
    fn first_laps(&self, state: &State, sow: &SowRules) -> Vec<(Hole, bool)> {
        let me = state.to_move;
        let ways: &[bool] = match self.sowing_reversed(state, sow, me) {
            Some(false) => &[false],
            Some(true) => &[true],
            None => &[false, true],
        };
        for choice in &sow.choices {
            let mut out = Vec::new();
            let mut fitted = false;
            for &h in &choice.holes[me] {
                for &rev in ways {
                    if self.fits(state, me, choice, h, rev)
                        && (!choice.rule.facing || self.lands_facing(state, me, h, rev))
                    {
                        fitted = true;
                        if !sow.exit_start.is_some_and(|role| self.leaves_row(state, role, h, rev)) {
                            out.push((h, rev));
                        }
                    }
                }
            }
            if fitted {
                return out;
            }
        }
        Vec::new()
    }

    /// Where the sowing description in force allows several first laps and the rules prefer
    /// some (`prefer first laps if …`): keep, of the decisions from `start` on, those of the
    /// most preferred condition any of them meets.
    #[cold]
    fn keep_preferred(
        &self,
        state: &State,
        sow: &SowRules,
        out: &mut MoveList,
        start: usize,
        plain_rev: bool,
    ) {
        let ranked: Vec<(Move, usize)> = out[start..]
            .iter()
            .map(|&mv| {
                let (h, rev) = match mv {
                    Move::SowDirection(h, d) => (h, d != self.direction),
                    Move::Sow(h) => (h, plain_rev),
                    _ => return (mv, sow.prefer.len()),
                };
                (mv, self.first_lap_rank(state, sow, h, rev))
            })
            .collect();
        let best = ranked.iter().map(|&(_, rank)| rank).min().unwrap_or(0);
        out.truncate(start);
        out.extend(ranked.into_iter().filter(|&(_, rank)| rank == best).map(|(mv, _)| mv));
    }

    /// The first of the preferred conditions the first lap from hole `h` going `rev` meets
    /// (sown on a copy), or their number where it meets none.
    fn first_lap_rank(&self, state: &State, sow: &SowRules, h: Hole, rev: bool) -> usize {
        let mut s = state.clone();
        let mut tally = Tally::default();
        let Some((at, before, action, cur)) = self.step_first(&mut s, sow, h, (rev, false), &mut tally)
        else {
            return sow.prefer.len();
        };
        sow.prefer
            .iter()
            .position(|condition| match condition {
                TurnCondition::Captures => matches!(action, LapAction::Capture(_)),
                TurnCondition::Lands(rule) => self.rule_applies(&s, rule, (at, before), &cur),
            })
            .unwrap_or(sow.prefer.len())
    }

    /// After the mover chose `end` (sown `rev`) for the paused capture `choice`: take the
    /// seeds into it, sow it, and on.
    fn step_from_end<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        choice: EndChoice,
        (end, rev): (Hole, bool),
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let Some((at, before)) =
            self.sow_from_end(state, sow, choice.capture, choice.at, (end, rev), tally, log)
        else {
            return Step::Over(LapAction::Stop);
        };
        let mut cur = Cursor {
            rev,
            first: false,
            captured: true,
            origin: choice.origin,
            pauses: 0,
            sown: true,
            reached: state.turn_bits & TURN_STEP_REACHED != 0,
            held_by: None,
        };
        let action = self.step_action(state, sow, (at, before), &mut cur, tally);
        self.step_run(state, sow, (at, action), cur, tally, log)
    }

    /// After the mover chose the way of the relay paused at `choice` (through the side store,
    /// or past it): sow it, and on.
    fn step_resume<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        choice: LapChoice,
        through: bool,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let me = state.to_move;
        let rev = self.sowing_reversed(state, sow, me).unwrap_or(false);
        let mut cur = Cursor {
            rev,
            first: false,
            captured: false,
            origin: choice.origin,
            pauses: choice.relays,
            sown: true,
            reached: state.turn_bits & TURN_STEP_REACHED != 0,
            held_by: None,
        };
        let (at, before) = self.step_lap(state, sow, choice.at, rev, through, tally);
        if through && !self.side_allowed(state, sow) {
            return Step::Refused;
        }
        let action = self.step_action(state, sow, (at, before), &mut cur, tally);
        self.step_run(state, sow, (at, action), cur, tally, log)
    }

    /// Carry the sowing on from a lap that ended at `at` with `action`: captures, relays, and
    /// the end between laps, until the sowing is over, pauses or never ends.
    pub(super) fn step_run<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        (mut at, mut action): (Hole, LapAction),
        mut cur: Cursor,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        let me = state.to_move;
        let max_laps = sow.rings[me].max_laps;
        // Brent's cycle detection on the lap to come, between captures.
        let mut saved: Option<(Hole, [u16; MAX_SLOTS])> = None;
        let (mut power, mut steps) = (1u32, 0u32);
        // Captures whose seeds are sown on may take the mover's own seeds (the landing hole):
        // the sowing through them is checked for cycles on all that its rest depends on.
        let mut resown = super::cycle::Brent::new();
        loop {
            if tally.laps > max_laps {
                return Step::Endless;
            }
            let from = match action {
                LapAction::Capture(c) => {
                    let capture = &self.model.captures[usize::from(c)];
                    match capture.destination {
                        Destination::Sow(Resow {
                            into: SowInto::RowEnd { role, middle, far_for_north, ahead },
                            ..
                        }) => match self.row_end_at(
                            me,
                            (role, middle, far_for_north),
                            at,
                            (ahead && cur.sown).then_some(cur.rev),
                        ) {
                            EndPick::Choice => {
                                return Step::Paused(EndChoice { capture: c, at, origin: cur.origin });
                            }
                            EndPick::End(end, rev) => {
                                let Some((landing, before)) =
                                    self.sow_from_end(state, sow, c, at, (end, rev), tally, log)
                                else {
                                    return Step::Over(LapAction::Stop);
                                };
                                (cur.rev, cur.captured) = (rev, true);
                                saved = None;
                                (at, action) = (
                                    landing,
                                    self.step_action(state, sow, (landing, before), &mut cur, tally),
                                );
                                continue;
                            }
                        },
                        destination => {
                            let end = self.step_end(state, sow, at, tally);
                            // The way the sowing goes on: where laps may be turned, the usual
                            // way (so a capture by a lap that went otherwise is a turned one).
                            let (lap_rev, on) = (cur.rev, self.going_on(state, cur.rev));
                            let ends_before =
                                if self.turn_record { self.end_hole_counts(state) } else { [0; 2] };
                            let (taken, roles) = self.take_at(state, c, &end, lap_rev, log);
                            self.thin_marks(state);
                            if taken == 0 {
                                // Nothing taken: the follow-ups are owed all the same.
                                return Step::Captured(c, 0, roles);
                            }
                            if self.turn_record && self.note_capture(state, ends_before, lap_rev != on) {
                                // The turn's captures won the game: the seeds are put, not sown.
                                self.put_won(state, c, &end, taken);
                                return Step::Ended;
                            }
                            if sow.block.is_some() {
                                state.turn_bits |= TURN_STEP_TOOK;
                            }
                            state.captures_made[me] = state.captures_made[me].saturating_add(1);
                            cur.captured = true;
                            match destination {
                                Destination::Sow(resow) => {
                                    if self.flags.capture_ends_phase
                                        && let Some(into) = self.phase_ends_at(state, resow, taken, &end)
                                    {
                                        // The rest of the turn is sown under the next phase's rules.
                                        return self.step_next_phase(state, into, cur, on, tally, log);
                                    }
                                    let (into, hand) = self.put_to_resow(state, sow, resow, taken, &end);
                                    if self.flags.turnings
                                        && Self::resow_may_turn(sow, resow)
                                        && self.pause_to_turn(
                                            state,
                                            into,
                                            (cur.origin, cur.pauses),
                                            lap_rev != on,
                                            hand,
                                        )
                                    {
                                        return Step::TurnPaused(cur);
                                    }
                                    cur.rev = on;
                                    let (landing, before) = self.step_resow(
                                        state,
                                        sow,
                                        resow,
                                        (into, hand),
                                        &end,
                                        cur.rev,
                                        tally,
                                    );
                                    if resow.goes_on() {
                                        if resown.repeats((
                                            (landing, before, cur.rev, cur.reached),
                                            (state.counts, state.hand, state.marks),
                                        )) {
                                            return Step::Endless;
                                        }
                                        saved = None;
                                        (at, action) = (
                                            landing,
                                            self.step_action(state, sow, (landing, before), &mut cur, tally),
                                        );
                                        continue;
                                    }
                                }
                                Destination::Put(into) => self.put_taken(state, into, taken, &end),
                                destination => self.keep(state, destination, taken),
                            }
                            if let Some(from) = self.relay_after(state, c, &end, lap_rev) {
                                cur.rev = on;
                                let (landing, before) =
                                    self.step_lap(state, sow, from, cur.rev, false, tally);
                                (at, action) = (
                                    landing,
                                    self.step_action(state, sow, (landing, before), &mut cur, tally),
                                );
                                continue;
                            }
                            return Step::Captured(c, taken, roles);
                        }
                    }
                }
                LapAction::Relay | LapAction::RelayNext => {
                    if self.ended_between_laps(state) {
                        return Step::Ended;
                    }
                    let from =
                        if action == LapAction::RelayNext { self.step_hole(me, at, cur.rev) } else { at };
                    if state.counts[from.index()] == 0 {
                        return Step::Over(LapAction::Stop);
                    }
                    if self.model.end.one_hole_every_lap && self.mover_in_one_hole(state) {
                        // All the mover's seeds in one hole between laps: they win.
                        state.outcome = Some(Outcome::Win { winner: me, reason: WinReason::OneHole });
                        return Step::Ended;
                    }
                    if self.flags.turnings
                        && self.pause_to_turn(state, from, (cur.origin, cur.pauses), false, 0)
                    {
                        return Step::TurnPaused(cur);
                    }
                    cur.rev = self.going_on(state, cur.rev);
                    if sow.exit_relay.is_some_and(|role| self.leaves_row(state, role, from, cur.rev)) {
                        // The relay may not be sown: the mover is left with no move.
                        state.outcome = Some(Outcome::Win { winner: me.other(), reason: WinReason::Blocked });
                        return Step::Ended;
                    }
                    if let (Some(max), Some(side)) = (sow.side_path, self.side_store(me))
                        && cur.pauses < MAX_PATH_PAUSES
                    {
                        let passes = self.through_passes(state, me, from, cur.rev);
                        if passes > 0 && state.counts[side.index()] + passes <= max {
                            // The two ways differ and both may be sown: the mover chooses.
                            return Step::PathPaused(LapChoice {
                                at: from,
                                origin: cur.origin,
                                relays: cur.pauses + 1,
                                turn: false,
                                hand: 0,
                                through: true,
                            });
                        }
                    }
                    if saved.as_ref().is_some_and(|(h, counts)| *h == from && *counts == state.counts) {
                        return Step::Endless;
                    }
                    if saved.is_none() || steps == power {
                        saved = Some((from, state.counts));
                        power = power.saturating_mul(2);
                        steps = 0;
                    }
                    steps += 1;
                    from
                }
                LapAction::MayStop => return Step::MayStop(at, cur),
                other => return Step::Over(other),
            };
            let (landing, before) = self.step_lap(state, sow, from, cur.rev, false, tally);
            at = landing;
            action = self.step_action(state, sow, (landing, before), &mut cur, tally);
        }
    }

    /// Where a sowing goes on between laps, whether an empty row ends the game there (`a
    /// player whose inner row is empty loses, even between laps`); if so the outcome is set.
    fn ended_between_laps(&self, state: &mut State) -> bool {
        let end = &self.model.end;
        let (true, Some(role)) = (end.row_empty_every_lap, end.row_empty) else { return false };
        let me = state.to_move;
        for loser in [me, me.other()] {
            if self.role_hole[loser][usize::from(role)].iter().all(|h| state.counts[h.index()] == 0) {
                state.outcome = Some(Outcome::Win { winner: loser.other(), reason: WinReason::RowEmpty });
                return true;
            }
        }
        false
    }

    /// Whether a lap of the mover's from hole `h` going `rev` leaves their row `role` at once
    /// from its end while another hole of that row is occupied.
    fn leaves_row(&self, state: &State, role: Role, h: Hole, rev: bool) -> bool {
        let me = state.to_move;
        let in_row = |x: Hole| self.hole_owner[x.index()] == me && self.hole_role[x.index()] == role;
        in_row(h)
            && !in_row(self.step_hole(me, h, rev))
            && self.role_hole[me][usize::from(role)].iter().any(|&x| x != h && state.counts[x.index()] > 0)
    }

    /// Whether the seeds of `me`'s hole `h`, counted on along their circuit going `rev` one
    /// hole a seed, would end in a hole with an occupied hole in front of it: the own hole of
    /// the next row inward in its column, or for the innermost row the opponent's facing hole.
    fn lands_facing(&self, state: &State, me: Player, h: Hole, rev: bool) -> bool {
        let n = state.counts[h.index()];
        let at = (0..n).fold(h, |x, _| self.step_hole(me, x, rev));
        let (owner, role) = (self.hole_owner[at.index()], usize::from(self.hole_role[at.index()]));
        let column = usize::from(self.hole_column[at.index()]);
        let front = match self.role_hole[owner].get(role + 1) {
            Some(row) => row[column],
            None => self.role_hole[owner.other()][role][column],
        };
        state.counts[front.index()] > 0
    }

    /// Whether a seed placed in hole `h` captures there: the opponent's facing hole is as the
    /// placing line says.
    fn place_captures(&self, state: &State, place: crate::model::Place, h: Hole) -> bool {
        let (role, want) = place.opposite;
        (self.opposite_count(state, state.to_move, h, role) == 0) == (want == HoleState::Empty)
    }

    /// Take what capture `c` takes from a landing at `at` and sow it from row end `end`
    /// going `rev`: the whole end hole, or the taken seeds alone (from the next hole, or
    /// starting with the end hole itself), as the capture says. Where the last seed fell and
    /// what that hole held before; `None` if there was nothing to take.
    #[allow(clippy::too_many_arguments, reason = "the sowing's rules, the capture and where its seeds go")]
    fn sow_from_end<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        c: u8,
        at: Hole,
        (end, rev): (Hole, bool),
        tally: &mut Tally,
        log: &mut L,
    ) -> Option<(Hole, u16)> {
        let (taken, _) = self.take(state, c, at, false, log);
        if taken == 0 {
            return None;
        }
        self.thin_marks(state);
        let me = state.to_move;
        state.turn_bits |= TURN_STEP_TOOK;
        state.captures_made[me] = state.captures_made[me].saturating_add(1);
        let Destination::Sow(resow) = self.model.captures[usize::from(c)].destination else { return None };
        if resow.whole {
            self.add(state, end, taken);
            return Some(self.step_lap(state, sow, end, rev, false, tally));
        }
        // The taken seeds alone, from the hole after the end (or the end itself).
        let from = if resow.itself { self.step_hole(me, end, !rev) } else { end };
        let landing = self.drop_seeds(state, sow, (from, 1), taken, (rev, false), tally);
        if let Some(lap) = tally.trace.as_mut().and_then(|t| t.last_mut()) {
            // Shown as sown from the end hole, where the taken seeds were put.
            lap.from = end;
        }
        Some(landing)
    }

    /// The hole one step from `h` along `me`'s circuit, against its stored order with `rev`.
    fn step_hole(&self, me: Player, h: Hole, rev: bool) -> Hole {
        let circuit = &self.circuit[me];
        let len = circuit.len();
        let pos = usize::from(self.circuit_pos[me][h.index()]);
        circuit[if rev { (pos + len - 1) % len } else { (pos + 1) % len }]
    }

    /// The hole one step from `h` along `me`'s circuit, or with `through` along their circuit
    /// through their side store.
    fn step_path(&self, me: Player, h: Hole, rev: bool, through: bool) -> Hole {
        if !through {
            return self.step_hole(me, h, rev);
        }
        let circuit = &self.through[me];
        let len = circuit.len();
        let pos = usize::from(self.through_pos[me][h.index()]);
        circuit[if rev { (pos + len - 1) % len } else { (pos + 1) % len }]
    }

    /// Lift hole `from` and sow its seeds one by one along the mover's circuit going `rev`
    /// (through their side store with `through`): where the last seed fell, and what that
    /// hole held before it.
    #[allow(clippy::too_many_arguments, reason = "the lap: hole, direction and way")]
    pub(super) fn step_lap(
        &self,
        state: &mut State,
        sow: &SowRules,
        from: Hole,
        rev: bool,
        through: bool,
        tally: &mut Tally,
    ) -> (Hole, u16) {
        let mut n = state.counts[from.index()];
        if let Some(heavy) = sow.heavy
            && state.is_marked(heavy.mark, from)
        {
            if n > heavy.more_than {
                n = heavy.lift;
            } else if let Some(spent) = heavy.spent {
                set_mark(state, heavy.mark, from, false);
                set_mark(state, spent, from, true);
            }
        }
        self.remove(state, from, n);
        self.thin_marks(state);
        self.drop_seeds(state, sow, (from, 1), n, (rev, through), tally)
    }

    /// Take marks kept only while a hole holds some seeds (`, while it holds at least 6
    /// seeds`) from the holes now holding fewer: after every lift and every capture.
    pub(super) fn thin_marks(&self, state: &mut State) {
        for (m, mark) in self.model.marks.iter().enumerate() {
            let Some(min) = mark.keep_min else { continue };
            for h in 0..self.model.board.holes() {
                let hole = Hole(h as u8);
                if state.counts[h] < min && state.is_marked(m as u8, hole) {
                    set_mark(state, m as u8, hole, false);
                }
            }
        }
    }

    /// Sow `n` seeds in hand one by one along the mover's circuit going `rev` (through their
    /// side store with `through`), from the hole after `from`, `first` of them into the first
    /// hole (all that are left, if fewer), passing the holes the sowing skips: where the last
    /// seeds fell, and what that hole held before them.
    pub(super) fn drop_seeds(
        &self,
        state: &mut State,
        sow: &SowRules,
        (from, first): (Hole, u16),
        n: u16,
        (rev, through): (bool, bool),
        tally: &mut Tally,
    ) -> (Hole, u16) {
        let me = state.to_move;
        let ring = &sow.rings[me];
        let reach = self.reach_row(sow).map(|(side, role, _)| (side, role));
        let (mut at, mut before) = (from, 0);
        let mut drops = Vec::new();
        let (mut left, mut overran) = (n, 0u16);
        while left > 0 {
            at = self.step_path(me, at, rev, through);
            while (self.skip_origin && at == from) || ring.skips_hole(at) {
                at = self.step_path(me, at, rev, through);
            }
            let k = if left == n { first.min(left) } else { 1 };
            if reach.is_some_and(|row| self.in_reach_row(me, row, at)) {
                tally.reached_now = true;
            }
            if self.colours {
                // Each seed makes its hole the mover's; the opponent's seeds there stay, or go
                // to the hole the lap was lifted from, as the sowing says.
                tally.held_by = self.holder(state, at);
                if tally.held_by == Some(me.other()) && sow.overrun == Some(Overrun::ToOrigin) {
                    let taken = state.counts[at.index()];
                    self.remove(state, at, taken);
                    tally.overran.push((at, taken));
                    overran += taken;
                }
                self.set_holder(state, at, me);
            }
            before = state.counts[at.index()];
            self.add(state, at, k);
            left -= k;
            if tally.trace.is_some() {
                drops.extend(std::iter::repeat_n(at, usize::from(k)));
            }
        }
        if let Some(trace) = tally.trace.as_mut() {
            trace.push(SownLap { from, drops });
        }
        if self.colours {
            if overran > 0 {
                self.add(state, from, overran);
                self.set_holder(state, from, me);
            }
            self.settle_colours(state);
        } else if self.shared_circuit {
            // Seeds crossed to the other side or into a store: each side's seeds are those
            // of its territory.
            state.seeds = ByPlayer::new_with(|p| self.territory_seeds(state, p));
        }
        tally.laps += 1;
        tally.sown += u32::from(n);
        tally.last = Some(at);
        tally.from = Some(from);
        (at, before)
    }

    /// The end of the lap that ended at `at`, as the captures' shared code reads it: where
    /// it ended and where it was lifted from, along the mover's ring.
    fn step_end(&self, state: &State, sow: &SowRules, at: Hole, tally: &Tally) -> SowEnd {
        let ring = &sow.rings[state.to_move];
        let last_at = ring.pos(at);
        SowEnd {
            laps: tally.laps,
            sown: tally.sown,
            last_at,
            lap_at: tally.from.map_or(last_at, |from| ring.pos(from)) as u16,
            last: at,
            action: LapAction::Stop,
            hash: 0,
            reached: false,
        }
    }

    /// Sow on, seed by seed going `rev`, a capture's seeds put into hole `into`: `hand` of
    /// them (0: the whole hole; with the last seed of the lap, where the rules say so), from
    /// the hole after it or starting with it. Where the last seed fell and what that hole
    /// held before it.
    #[allow(clippy::too_many_arguments, reason = "the capture, its seeds and the sowing's way")]
    fn step_resow(
        &self,
        state: &mut State,
        sow: &SowRules,
        resow: Resow,
        (into, hand): (Hole, u16),
        end: &SowEnd,
        rev: bool,
        tally: &mut Tally,
    ) -> (Hole, u16) {
        let me = state.to_move;
        let whole = hand == 0;
        let mut hand = if whole { state.counts[into.index()] } else { hand };
        self.remove(state, into, hand);
        if resow.with_last && !whole && state.counts[end.last.index()] > 0 {
            self.remove(state, end.last, 1);
            hand += 1;
        }
        self.thin_marks(state);
        // Sowing starting with the hole itself is sowing from the hole before it.
        let from = if resow.itself { self.step_hole(me, into, !rev) } else { into };
        self.drop_seeds(state, sow, (from, 1), hand, (rev, false), tally)
    }

    /// The lap rules' action for a lap that ended in hole `at`, which held `before` seeds
    /// before the last one fell: the first rule that applies, read from the model.
    ///
    /// Where the lap rules ask whether a seed of the turn has reached a row, the lap counts
    /// first: by the seeds it sowed there, or where only the ends of laps count, by its end
    /// from the next lap on.
    pub(super) fn step_action(
        &self,
        state: &State,
        sow: &SowRules,
        (at, before): (Hole, u16),
        cur: &mut Cursor,
        tally: &mut Tally,
    ) -> LapAction {
        cur.held_by = tally.held_by;
        let reach = self.reach_row(sow);
        if matches!(reach, Some((_, _, false))) {
            cur.reached |= tally.reached_now;
        }
        tally.reached_now = false;
        if self.is_side_store(at) {
            // A lap that ends in a side store ends the turn.
            return LapAction::Stop;
        }
        let action = sow
            .lap_rules
            .iter()
            .find(|rule| self.rule_applies(state, rule, (at, before), cur))
            .map_or(sow.lap_otherwise, |rule| rule.action);
        if let Some((side, role, true)) = reach {
            cur.reached |= self.in_reach_row(state.to_move, (side, role), at);
        }
        action
    }

    /// The row the lap rules ask whether a seed of the turn has reached, and whether only
    /// the ends of laps count (`no seed of the turn has reached …`).
    fn reach_row(&self, sow: &SowRules) -> Option<(Side, Role, bool)> {
        sow.lap_rules.iter().flat_map(|r| &r.facts).find_map(|f| match *f {
            Fact::NotReached(side, role, ended) => Some((side, role, ended)),
            _ => None,
        })
    }

    /// Whether hole `h` is in row `role` of `side` as `me` sees it.
    fn in_reach_row(&self, me: Player, (side, role): (Side, Role), h: Hole) -> bool {
        let p = if side == Side::Own { me } else { me.other() };
        !self.is_store(h) && self.hole_owner[h.index()] == p && self.hole_role[h.index()] == role
    }

    /// Whether lap rule `rule` applies to a lap that ended in hole `at`, which held `before`
    /// seeds before the last one fell (its action aside).
    pub(super) fn rule_applies(
        &self,
        state: &State,
        rule: &LapRule,
        (at, before): (Hole, u16),
        cur: &Cursor,
    ) -> bool {
        if self.is_side_store(at) {
            // No lap rule is read in a side store: the lap ends there.
            return false;
        }
        let me = state.to_move;
        let column = usize::from(self.hole_column[at.index()]);
        let count = |h: Hole| state.counts[h.index()];
        let is = |h: Hole, s: HoleState| (count(h) == 0) == (s == HoleState::Empty);
        let facing = |role: Role| self.opposite_count(state, me, at, role);
        let at_store = self.is_store(at);
        {
            rule.store == at_store
                && (!at_store || self.store(me) == Some(at))
                && rule.landing.is_none_or(|want| (before > 0) == (want == HoleState::Occupied))
                && rule.side.is_none_or(|side| self.landed_on(me, at, cur.held_by) == Some(side))
                && rule.role.is_none_or(|role| self.hole_role[at.index()] == role)
                && rule.mark.is_none_or(|m| state.is_marked(m, at))
                && rule.facts.iter().all(|fact| match *fact {
                    Fact::Opposite(role, s) => (facing(role) == 0) == (s == HoleState::Empty),
                    Fact::Column(role, s) => is(self.role_hole[me][usize::from(role)][column], s),
                    Fact::OppositeHolds(role, min, max) => (min..=max).contains(&facing(role)),
                    Fact::Next(s) => is(self.step_hole(me, at, cur.rev), s),
                    Fact::Row(side, role, s) => {
                        let p = if side == Side::Own { me } else { me.other() };
                        self.role_hole[p][usize::from(role)].iter().all(|&h| count(h) == 0)
                            == (s == HoleState::Empty)
                    }
                    Fact::Origin(min, max) => (min..=max).contains(&cur.origin),
                    Fact::Holds(min, max) => (min..=max).contains(&count(at)),
                    Fact::PreviousHolds(min, max) => {
                        (min..=max).contains(&count(self.step_hole(me, at, !cur.rev)))
                    }
                    Fact::NotReached(..) => !cur.reached,
                    Fact::FirstLap => cur.first,
                    Fact::TurnCaptured => cur.captured,
                })
        }
    }

    /// The end holes of `me`'s row `role`, each with the way that sows it inward (against the
    /// circuit's stored order with `true`): the owner's left end first.
    fn row_ends(&self, me: Player, role: Role) -> [(Hole, bool); 2] {
        let board = self.model.board;
        let row = &self.role_hole[me][usize::from(role)];
        let end = |k: usize| {
            let hole = row[board.column_from_left(me, k)];
            let inner = row[board.column_from_left(me, if k == 0 { 1.min(self.columns - 1) } else { k - 1 })];
            (hole, self.step_hole(me, hole, false) != inner)
        };
        [end(0), end(self.columns - 1)]
    }

    /// The row ends the mover may choose from for capture `c`, in board order.
    fn row_end_options(&self, me: Player, c: u8) -> Vec<(Hole, bool)> {
        let Destination::Sow(Resow { into: SowInto::RowEnd { role, .. }, .. }) =
            self.model.captures[usize::from(c)].destination
        else {
            return Vec::new();
        };
        let mut ends = self.row_ends(me, role).to_vec();
        ends.sort_by_key(|(h, _)| self.board_of[h.index()]);
        ends.dedup_by_key(|(h, _)| *h);
        ends
    }

    /// The row end a capture landing at `at` sends its seeds to: the end nearer the landing
    /// column (counted from the owner's seat, or for North from South's with
    /// `far_for_north`); from the row's `middle` holes, the end a lap going `ahead` was
    /// heading for, or else the mover's choice.
    fn row_end_at(
        &self,
        me: Player,
        (role, middle, far_for_north): (Role, u8, bool),
        at: Hole,
        ahead: Option<bool>,
    ) -> EndPick {
        let board = self.model.board;
        let column = usize::from(self.hole_column[at.index()]);
        // The landing's place from the owner's left.
        let k = (0..self.columns).find(|&k| board.column_from_left(me, k) == column).unwrap_or(0);
        let zone = self.columns.saturating_sub(usize::from(middle)) / 2;
        let [left, right] = self.row_ends(me, role);
        let (near_left, near_right) =
            if far_for_north && me == Player::North { (right, left) } else { (left, right) };
        if k < zone {
            EndPick::End(near_left.0, near_left.1)
        } else if k + zone >= self.columns {
            EndPick::End(near_right.0, near_right.1)
        } else if let Some(end) = ahead.and_then(|rev| self.end_ahead(me, [left, right], at, rev)) {
            EndPick::End(end.0, end.1)
        } else {
            EndPick::Choice
        }
    }

    /// Which of a row's two ends (`ends`, each with the way that sows it inward) a lap going
    /// `rev` through hole `at` of the row reaches first along its circuit.
    #[cold]
    fn end_ahead(&self, me: Player, ends: [(Hole, bool); 2], at: Hole, rev: bool) -> Option<(Hole, bool)> {
        let mut h = at;
        for _ in 0..self.circuit[me].len() {
            if let Some(&end) = ends.iter().find(|(e, _)| *e == h) {
                return Some(end);
            }
            h = self.step_hole(me, h, rev);
        }
        None
    }
}

/// Give hole `h` mark `m`, or take it away.
fn set_mark(state: &mut State, m: u8, h: Hole, on: bool) {
    let (word, bit) = (h.index() / 64, 1u64 << (h.index() % 64));
    let marks = &mut state.marks[usize::from(m)][word];
    if on {
        *marks |= bit;
    } else {
        *marks &= !bit;
    }
}

/// The cursor of a sowing paused for the mover to stop or relay, as the turn's bits keep it.
fn paused_cursor(state: &State, choice: LapChoice) -> Cursor {
    Cursor {
        rev: state.turn_bits & TURN_STEP_REV != 0,
        first: false,
        captured: state.turn_bits & TURN_STEP_CAPTURED != 0,
        origin: choice.origin,
        pauses: choice.relays,
        sown: true,
        reached: state.turn_bits & TURN_STEP_REACHED != 0,
        held_by: None,
    }
}
