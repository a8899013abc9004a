//! The general interpreter: every sowing played lap by lap, seed by seed, the lap rules read
//! directly from the model, rule by rule, where each lap ends. It plays every construct of
//! the language, in every combination: seeds placed from the hand, captures sown from a row
//! end, facts about the turn so far, an empty row read between laps, laps through a side
//! store at the mover's choice, turned laps (`super::step_turning`), holes that belong by
//! the colour of their seeds (each seed sown turns its hole the mover's), and everything the
//! fast paths play. [`crate::Rules::general`] builds any rules with every sowing played here;
//! the tests compare the fast paths of [`crate::Rules::new`] with it, decision by decision.
//!
//! The turn is here: a sowing started and paused, its laps run, captures sown on and the
//! turn finished. The decisions it offers are in `super::step_choices`, a paused sowing
//! resumed in `super::step_resume`, one lap and its verdict in `super::step_lap`, turned laps
//! in `super::step_turning`.
//!
//! `Rules::new` uses it where the model has a construct that only it plays (the fast path
//! does not cover it: [`crate::model::Model::fast_path_covers`]); other games' move
//! generation and sowing never look at these constructs, and pay nothing for them. Loops that could go on for
//! ever (relays, captures sown on) are checked by Brent's cycle detection within the lap
//! bound of the rules.

use super::path::Lift;
use super::play::Log;
use super::rules::*;
use super::sowing::SowEnd;
use super::state::*;
use super::step_resume::keep_cursor;
use super::trace::SownLap;

/// How many times a turn pauses to let the mover choose the way of a relay past or through
/// the side store: beyond, relays go past it (a bound met only by relays that go round in
/// cycles, which a pause would otherwise hide from the cycle check).
pub(super) const MAX_PATH_PAUSES: u16 = 64;

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
    /// The rows the lap rules ask about (`no seed of the turn has reached …`) that a seed of
    /// the turn has reached, as they count it: one bit for each of [`SowRules::reach`].
    pub(super) reached: u8,
    /// Where holes belong by colour: whose seeds the hole the lap just ended in held before
    /// its last seed fell (`None`: it was empty).
    pub(super) held_by: Option<Player>,
    /// Where each seed goes into a neighbouring hole of the mover's choosing: the laps the
    /// turn has begun.
    pub(super) laps: u16,
    /// Seeds of the lap under way still to fall, where a rule is read as a seed falls
    /// (`a seed lands in …`); 0 where a lap has ended.
    pub(super) hand: u16,
    /// The lap about to end is the mover's hand (`the lap is sown from the hand`).
    pub(super) from_hand: bool,
    /// The last seed of the lap about to end went past a skipped hole (`the last seed skipped
    /// a hole`).
    pub(super) skipped_last: bool,
}

impl Cursor {
    /// A turn's first lap about to be sown going `rev`, nothing captured or reached yet.
    pub(super) fn first_lap(rev: bool) -> Cursor {
        Cursor {
            rev,
            first: true,
            captured: false,
            origin: 0,
            pauses: 0,
            sown: true,
            reached: 0,
            laps: 0,
            held_by: None,
            hand: 0,
            from_hand: false,
            skipped_last: false,
        }
    }
}

/// What a sowing came to, counted as it went.
#[derive(Clone, Debug, Default)]
pub(super) struct Tally {
    pub(super) laps: u32,
    pub(super) sown: u32,
    pub(super) last: Option<Hole>,
    /// The hole the last lap was lifted from (the hole before it for a lap sown starting
    /// with the hole itself).
    pub(super) from: Option<Hole>,
    /// The rows the lap rules ask about in which a seed of the lap just sown fell (one bit
    /// for each of `SowRules::reach`).
    pub(super) reached_now: u8,
    /// Where holes belong by colour: whose seeds the hole the last lap ended in held before
    /// its last seed fell.
    pub(super) held_by: Option<Player>,
    /// Seeds taken while laps were sown, as they were taken (for the log): where holes belong
    /// by colour, the opponent's seeds each lap's seeds took to the hole the lap was lifted
    /// from; and the holes captures in passing took.
    pub(super) overran: Vec<(Hole, u16)>,
    /// Of those, the holes whose seeds went to another player than the mover.
    pub(super) given: Vec<(Hole, Player)>,
    /// Seeds a lap rule moved from the landing hole into another (`move 1 seed from the
    /// landing hole into …`): from, to and how many.
    pub(super) moved: Vec<(Hole, Hole, u16)>,
    /// The sowing's cursor as the lap under way began, where captures in passing (`a seed
    /// lands in …`) read the turn's facts; `None` outside the main paths of a turn (a
    /// lap sown to ask where it would end), where the lap counts as its turn's first.
    pub(super) cur: Option<Cursor>,
    /// A capture in passing was made: the turn has captured.
    pub(super) captured: bool,
    /// Each lap, where a front end asks to show them.
    pub(super) trace: Option<Vec<SownLap>>,
    /// Where the laps are traced: the marks as the last lap traced left them.
    pub(super) marks_seen: [[u64; 3]; MAX_MARKS],
    /// The row (see [`Rules::row_of`]) the lap under way goes round, never out of it (a hand
    /// sown `round own row`).
    pub(super) round: Option<usize>,
    /// The last lap's last seed went past a skipped hole.
    pub(super) skipped_last: bool,
}

impl Tally {
    /// The lap just sown was lifted from hole `h` (sown as from the hole before it, where its
    /// first seed went back into `h`): so it is traced and read.
    pub(super) fn lifted_from(&mut self, h: Hole) {
        self.from = Some(h);
        self.traced_from(h);
    }

    /// The lap just sown is shown as sown from hole `h`, where its seeds were (the hole
    /// itself for a lap starting with it).
    pub(super) fn traced_from(&mut self, h: Hole) {
        if let Some(lap) = self.trace.as_mut().and_then(|t| t.last_mut()) {
            lap.from = h;
        }
    }

    /// The lap just sown sowed a capture's seeds on from hole `h`, where they were put.
    pub(super) fn traced_captured(&mut self, h: Hole) {
        if let Some(lap) = self.trace.as_mut().and_then(|t| t.last_mut()) {
            (lap.from, lap.captured) = (h, true);
        }
    }
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
    /// A capture waits for the mover to choose the hole its seeds are put into (nothing is
    /// taken yet; the turn's facts are kept in its bits).
    PutPaused(PutChoice),
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
    /// A lap ended at this hole where the mover chooses among the captures of choice number
    /// `k` (`capture a or capture b`).
    CaptureChoice(Hole, u8, Cursor),
    /// The game ended between laps (the outcome is set).
    Ended,
    /// The sowing would never end.
    Endless,
    /// A lap where each seed goes into a neighbouring hole of the mover's choosing is under
    /// way: the mover places its next seed (`engine::path`).
    Path(PathStep),
}

impl Step {
    /// The phase in which a sowing that paused for the mover waits for the choice (`None`
    /// for a sowing that did not pause so).
    fn pause_phase(self) -> Option<Phase> {
        match self {
            Step::Paused(choice) => Some(Phase::EndChoice(choice)),
            Step::PutPaused(choice) => Some(Phase::PutChoice(choice)),
            Step::PathPaused(choice) => Some(Phase::LapChoice(choice)),
            Step::Path(p) => Some(Phase::Step(p)),
            _ => None,
        }
    }
}

/// Where a capture or a relay leaves a sowing.
pub(super) enum Next {
    /// A lap ended in this hole, which held that many seeds before its last: its verdict is
    /// read next.
    Landed(Hole, u16),
    /// This hole is lifted and sown.
    Lift(Hole),
    /// The sowing stops here.
    Stop(Step),
}

/// What the cycle check of captures sown on compares: the landing, the seeds it held, the
/// way and the rows reached; the counts, hands and marks.
pub(super) type StepKey = ((Hole, u16, bool, u8), ([u16; MAX_SLOTS], ByPlayer<u16>, [[u64; 3]; MAX_MARKS]));

/// What a capture's row-end destination comes to at a landing.
pub(super) enum EndPick {
    /// This end, sown inward (`rev` against the circuit's stored order).
    End(Hole, bool),
    /// The mover chooses.
    Choice,
}

impl Rules {
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
            (Phase::Step(p), None) => self.path_step(state, sow, p, h, &mut tally, log),
            (Phase::LapChoice(choice), None) if choice.through && h == choice.at => {
                state.phase = Phase::Sow;
                self.step_resume(state, sow, choice, through, &mut tally, log)
            }
            (Phase::EndChoice(choice), Some(d)) => {
                state.phase = Phase::Sow;
                self.step_from_end(state, sow, choice, (h, d != self.direction), &mut tally, log)
            }
            (Phase::PutChoice(choice), None) => self.step_put(state, sow, choice, h, &mut tally, log),
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
                    self.keep_direction(state, me, d);
                }
                state.passes = 0;
                if sow.first_lap.chosen.is_some() {
                    // The mover chooses how many of its seeds to lift next: nothing is sown yet.
                    state.phase = Phase::Lift(LiftChoice { hole: h, rev, through, hand: false });
                    return None;
                }
                self.step_start(state, sow, h, rev, through, None, &mut tally, log)
            }
            _ => return None,
        };
        Some(self.step_finish(state, history, step, tally, (h, 0), log))
    }

    /// Settle the turn a stretch of sowing that came to `step` leaves: end it, pause it for
    /// a choice of the mover's, or hand the turn back; what the sowing came to. `h`: the
    /// hole the stretch began from; `relays`: the pauses to stop or relay the turn has gone
    /// past. The seeds captures took as laps were sown, and once the sowing was over, are
    /// logged.
    pub(super) fn step_finish<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        step: Step,
        mut tally: Tally,
        (h, relays): (Hole, u16),
        log: &mut L,
    ) -> SowEnd {
        let me = state.to_move;
        if self.colours {
            // Captures and moved seeds change whose seeds are where.
            self.settle_colours(state);
        }
        let action = self.step_settle(state, history, step, &mut tally, (h, relays));
        for &(at, n) in &tally.overran {
            log.took(at, n);
        }
        for &(at, to) in &tally.given {
            log.gave(at, to);
        }
        for &(from, to, n) in &tally.moved {
            log.moved(from, to, n);
        }
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

    /// Once the sowing is over (its last lap's rule carried out, the lap ending at `at`): the
    /// rules read then (`when the sowing ends`), `captured` where the sowing's own rules made
    /// a capture; and the holes the turn sowed into forgotten.
    pub(super) fn sowing_over(&self, state: &mut State, at: Hole, captured: bool, tally: &mut Tally) {
        if let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn
            && !sow.at_end.is_empty()
            && state.outcome.is_none()
        {
            self.capture_at_sowing_end(state, sow, at, captured, tally);
        }
        self.forget_sown(state);
    }

    /// The holes the turn sowed into no longer marked so (`sown this turn`).
    fn forget_sown(&self, state: &mut State) {
        if let Some(m) = self.sown_mark {
            state.marks[usize::from(m)] = [0; 3];
        }
    }

    /// [`Rules::step_finish`]'s settling of the turn: the action the sowing came to.
    fn step_settle(
        &self,
        state: &mut State,
        history: &mut History,
        step: Step,
        tally: &mut Tally,
        (h, relays): (Hole, u16),
    ) -> LapAction {
        let me = state.to_move;
        let at = tally.last.unwrap_or(h);
        match step {
            Step::MayStop(at, cur) => {
                Self::pause_to_stop(state, at, cur, relays);
                LapAction::MayStop
            }
            Step::CaptureChoice(at, k, cur) => {
                Self::pause_to_stop(state, at, cur, relays);
                if let Phase::LapChoice(choice) = &mut state.phase {
                    choice.capture = k + 1;
                }
                LapAction::MayStop
            }
            Step::Over(
                again @ (LapAction::MoveAgain | LapAction::MoveAgainBack | LapAction::MayMoveAgain),
            ) => self.settle_again(state, history, again, (at, tally)),
            Step::Over(LapAction::MoveLanding(i)) => {
                // Seeds of the landing hole moved on into a hole of the mover's.
                if let Some((to, n)) = self.move_landing(state, i, at) {
                    tally.moved.push((at, to, n));
                }
                self.sowing_over(state, at, false, tally);
                self.step_block(state);
                self.end_turn(state, history);
                LapAction::MoveLanding(i)
            }
            Step::Over(LapAction::MarkLanding(m)) => {
                // The landing hole takes the mark, which leaves the mover's other holes.
                self.mark_landing(state, me, m, at);
                self.sowing_over(state, at, false, tally);
                self.end_turn(state, history);
                LapAction::MarkLanding(m)
            }
            Step::Paused(_) | Step::PutPaused(_) | Step::PathPaused(_) | Step::Path(_) => {
                state.phase = step.pause_phase().unwrap_or(state.phase);
                LapAction::Stop
            }
            Step::TurnPaused(cur) => {
                self.keep_turn_facts(state, cur);
                LapAction::Stop
            }
            Step::Over(action) => {
                self.sowing_over(state, at, false, tally);
                self.step_block(state);
                self.end_turn(state, history);
                action
            }
            Step::Captured(c, taken, roles) => {
                self.sowing_over(state, at, true, tally);
                self.step_block(state);
                // Read by the blocking rule alone, which has been read: the picks that follow
                // see the turn as every interpreter leaves it.
                state.turn_bits &= !TURN_STEP_TOOK;
                self.follow_up(state, history, c, 0, taken, roles);
                LapAction::Stop
            }
            Step::Ended | Step::Endless | Step::Refused => {
                self.forget_sown(state);
                self.end_turn(state, history);
                LapAction::Stop
            }
        }
    }

    /// A sowing over with a turn again for the mover (`move again`, `move again, turning back`,
    /// `may move again`) where the last seed fell in `at`: the turn ended so, and the next
    /// one's way or option kept.
    fn settle_again(
        &self,
        state: &mut State,
        history: &mut History,
        again: LapAction,
        (at, tally): (Hole, &mut Tally),
    ) -> LapAction {
        let me = state.to_move;
        // The way this turn went (as it was chosen or given), turned for the next.
        let went = match &self.phase_rules(state, me).turn {
            TurnKind::Sow(sow) => self.turn_reversed(state, sow, me),
            _ => false,
        };
        self.sowing_over(state, at, false, tally);
        self.end_turn_again(state, history);
        if state.outcome.is_none() && state.to_move == me {
            match again {
                LapAction::MoveAgainBack => {
                    state.direction[me] = Some(if went { self.direction } else { self.direction.other() });
                    state.again = AGAIN_BACK;
                }
                // The next turn is the mover's to take or pass on.
                LapAction::MayMoveAgain => state.again = AGAIN_MAY,
                _ => {}
            }
        }
        again
    }

    /// A lap that ended at `at` where the mover may stop or relay: the turn's facts so far
    /// kept in the position, and the choice asked.
    fn pause_to_stop(state: &mut State, at: Hole, cur: Cursor, relays: u16) {
        keep_cursor(state, &cur);
        state.phase = Phase::LapChoice(LapChoice {
            at,
            origin: cur.origin,
            relays,
            turn: false,
            hand: 0,
            through: false,
            capture: 0,
        });
    }

    /// The start of a turn: sow hole `h` going `rev`, or put a seed from the hand into it
    /// (which captures there, or is sown with the hole), then on as the lap rules say. `lift`:
    /// the seeds the mover chose to lift, where they choose (`sow any number of seeds …`).
    #[allow(clippy::too_many_arguments, reason = "the decision: hole, direction, way and count")]
    pub(super) fn step_start<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        rev: bool,
        through: bool,
        lift: Option<u16>,
        tally: &mut Tally,
        log: &mut L,
    ) -> Step {
        if self.path {
            return self.path_start(state, sow, h, lift, tally, log);
        }
        if !sow.turnings.is_empty() && rev != self.turn_reversed(state, sow, state.to_move) {
            state.turn_bits |= TURN_FIRST_TURNED;
        }
        match self.step_first(state, sow, h, (rev, through, lift), tally) {
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
    /// `lift`: the seeds the mover chose to lift, where they choose; `None` there is a lap
    /// foreseen before the choice (a description's, a blocking rule's), which lifts the most
    /// the mover may.
    pub(super) fn step_first(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        (rev, through, lift): (bool, bool, Option<u16>),
        tally: &mut Tally,
    ) -> Option<(Hole, u16, LapAction, Cursor)> {
        let me = state.to_move;
        let mut cur = Cursor::first_lap(rev);
        if let Some(m) = self.chosen_mark {
            // The turn's chosen hole, which no lap of the turn sows into.
            set_mark(state, m, h, true);
        }
        match self.placing(state, sow, h) {
            Some(place) => {
                if state.hand[me] == 0 {
                    return None;
                }
                let captures = self.place_captures(state, place, h);
                state.hand[me] -= 1;
                self.put(state, h, 1);
                cur.origin = state.counts[h.index()];
                tally.last = Some(h);
                if captures {
                    cur.sown = false;
                    return Some((h, cur.origin - 1, LapAction::Capture(place.capture), cur));
                }
            }
            None => {
                cur.origin = state.counts[h.index()];
                // A hole of too few seeds to leave some and lift one cannot be chosen.
                if cur.origin == 0 || (sow.first_lap.chosen.is_some() && sow.first_lap.most(cur.origin) == 0)
                {
                    return None;
                }
            }
        }
        tally.cur = Some(cur);
        let (at, before) = if sow.first_lap.is_plain() && sow.first_hole.is_none() {
            self.step_lap(state, sow, h, rev, through, tally)
        } else {
            self.step_first_lap(state, sow, h, (rev, through), lift, tally)
        };
        let action = self.step_action(state, sow, (at, before), &mut cur, tally);
        Some((at, before, action, cur))
    }

    /// `hand`: the mover's hand sown as the turn's first lap, its first seed into the hole the
    /// rules name, then on as any lap; where the mover chooses how many of its seeds to sow,
    /// a pause for the count. `None` where nothing is sown (an empty hand, or the pause).
    pub(super) fn step_hand<L: Log>(
        &self,
        state: &mut State,
        history: &mut History,
        log: &mut L,
    ) -> Option<SowEnd> {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
        let into = self.hand_hole(sow, me)?;
        if sow.hand_sow.is_some_and(|hand| hand.any) && state.hand[me] > 0 {
            let rev = self.sowing_reversed(state, sow, me).unwrap_or(false);
            state.passes = 0;
            state.phase = Phase::Lift(LiftChoice { hole: into, rev, through: false, hand: true });
            return None;
        }
        let mut tally = Tally::default();
        let step = self.step_hand_laps(state, sow, None, &mut tally, log)?;
        Some(self.step_finish(state, history, step, tally, (into, 0), log))
    }

    /// The hole of `me`'s the rules sow a hand from (`… starting with the leftmost pit hole`).
    pub(super) fn hand_hole(&self, sow: &SowRules, me: Player) -> Option<Hole> {
        let hand = sow.hand_sow?;
        self.hole_counted(if hand.opponent { me.next() } else { me }, hand.role, hand.column)
    }

    /// The lap of the mover's hand and the laps that follow it, as any turn's: the hand's
    /// seeds back in play (the captured ones no longer counted as captured), `count` of them
    /// where the mover chose how many (else all), the first into the hole the rules name.
    pub(super) fn step_hand_laps<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        count: Option<u16>,
        tally: &mut Tally,
        log: &mut L,
    ) -> Option<Step> {
        let me = state.to_move;
        let into = self.hand_hole(sow, me)?;
        let hand = count.map_or(state.hand[me], |k| k.min(state.hand[me]));
        if hand == 0 {
            return None;
        }
        Self::take_from_hand(state, me, hand);
        state.passes = 0;
        let rev = self.sowing_reversed(state, sow, me).unwrap_or(false);
        let mut cur = Cursor::first_lap(rev);
        cur.origin = hand;
        cur.from_hand = true;
        tally.cur = Some(cur);
        // Sown starting with the hole: as from the hole before it.
        let from = self.step_hole(me, into, !rev);
        // The lap goes round the row it starts in, where the rules say so.
        tally.round = sow.hand_sow.is_some_and(|h| h.round).then(|| self.row_of(into));
        let landing =
            self.drop_seeds(state, sow, (from, sow.first_hole.unwrap_or(1)), hand, (rev, false), tally);
        tally.round = None;
        tally.lifted_from(into);
        let action = self.step_action(state, sow, landing, &mut cur, tally);
        (cur.first, cur.from_hand) = (false, false);
        Some(self.step_run(state, sow, (landing.0, action), cur, tally, log))
    }

    /// A turn's first lap of its own kind from hole `h` going `rev` (through the mover's
    /// side store with `through`): so many seeds of it (`sow 4 seeds …`, all if it holds
    /// fewer; the `lift` the mover chose, where they choose), the first back into it
    /// (`starting with the chosen hole`), or so many seeds by rule into the first hole (`… 2
    /// seeds into the first hole`). Where the last seed fell and what that hole held before it.
    pub(super) fn step_first_lap(
        &self,
        state: &mut State,
        sow: &SowRules,
        h: Hole,
        (rev, through): (bool, bool),
        lift: Option<u16>,
        tally: &mut Tally,
    ) -> (Hole, u16) {
        let me = state.to_move;
        if !sow.at_start.is_empty() {
            self.capture_at_lap_start(state, sow, h, rev, tally);
        }
        let held = state.counts[h.index()];
        let most = sow.first_lap.most(held);
        let n = self.heavy_lift(state, sow, h, lift.map_or(most, |k| k.min(most)));
        self.remove(state, h, n);
        self.thin_marks(state);
        // Sowing starting with the hole itself is sowing from the hole before it.
        let from = if sow.first_lap.starts_in(held) { self.step_hole(me, h, !rev) } else { h };
        let landing =
            self.drop_seeds(state, sow, (from, sow.first_hole.unwrap_or(1)), n, (rev, through), tally);
        // The lap was lifted from the chosen hole.
        tally.lifted_from(h);
        landing
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
        let max_laps = sow.rings[state.to_move].max_laps;
        // Brent's cycle detection on the relays, between captures.
        let mut relays = super::cycle::Brent::new();
        // Captures whose seeds are sown on may take the mover's own seeds (the landing hole):
        // the sowing through them is checked for cycles on all that its rest depends on.
        let mut resown = super::cycle::Brent::new();
        loop {
            if tally.laps > max_laps {
                return Step::Endless;
            }
            let next = match action {
                LapAction::Capture(c) => {
                    self.step_capture(state, sow, (c, at, None), &mut cur, tally, &mut resown, log)
                }
                LapAction::Relay | LapAction::RelayBack | LapAction::RelayNext => {
                    self.step_relay_from(state, sow, (action, at), &mut cur, &mut relays)
                }
                LapAction::MayStop => return Step::MayStop(at, cur),
                LapAction::ChooseCapture(k) => {
                    let choice = &self.model.capture_choices[usize::from(k)];
                    let options = self.capture_options(state, sow, (k, at), &cur, tally);
                    // One capture alone is made without asking (unless the mover may take
                    // nothing instead), and with none the sowing ends; a turn that has paused too often to be sure to end takes the
                    // first (so that a sowing that goes round is found endless).
                    match options.first() {
                        None => return Step::Over(LapAction::Stop),
                        Some(&(c, _))
                            if (options.len() == 1 && !choice.stop)
                                || cur.pauses >= super::play::MAX_RELAY_CHOICES =>
                        {
                            action = LapAction::Capture(c);
                            continue;
                        }
                        _ => return Step::CaptureChoice(at, k, cur),
                    }
                }
                LapAction::MarkHole(h) => {
                    let me = state.to_move;
                    let hole =
                        if h.previous() { self.along_hole(state, me, at, cur.rev, -1) } else { Some(at) };
                    if let Some(hole) = hole {
                        self.mark_landing(state, me, h.mark(), hole);
                    }
                    if !h.relay() {
                        return Step::Over(action);
                    }
                    self.step_relay_from(state, sow, (LapAction::Relay, at), &mut cur, &mut relays)
                }
                other => return Step::Over(other),
            };
            let (landing, before) = match next {
                Next::Landed(landing, before) => {
                    relays.forget();
                    (landing, before)
                }
                Next::Lift(from) => match self.step_lift_next(state, sow, from, &cur, tally, log) {
                    Ok(landing) => landing,
                    Err(step) => return step,
                },
                Next::Stop(step) => return step,
            };
            at = landing;
            action = self.step_action(state, sow, (landing, before), &mut cur, tally);
        }
    }

    /// The lap a relay or a capture lifts from hole `from`: where it ended and what that hole
    /// held before its last seed; where each seed goes into a neighbouring hole of the mover's
    /// choosing, the path's lap under way instead.
    pub(super) fn step_lift_next<L: Log>(
        &self,
        state: &mut State,
        sow: &SowRules,
        from: Hole,
        cur: &Cursor,
        tally: &mut Tally,
        log: &mut L,
    ) -> Result<(Hole, u16), Step> {
        if self.path {
            if !sow.at_start.is_empty() {
                tally.cur = Some(*cur);
                self.capture_at_lap_start(state, sow, from, cur.rev, tally);
            }
            let lift = Lift { from, most: None, heavy: true, itself: sow.every_lap_itself, bits: 0 };
            return Err(self.path_lap(state, sow, lift, cur, tally, log));
        }
        tally.cur = Some(*cur);
        Ok(self.step_lap(state, sow, from, cur.rev, false, tally))
    }

    /// A relay of the lap that ended at `at` (from that hole, or the next): the hole to lift,
    /// unless the turn ends first, the mover is to choose the way, or the relays go round.
    fn step_relay_from(
        &self,
        state: &mut State,
        sow: &SowRules,
        (action, at): (LapAction, Hole),
        cur: &mut Cursor,
        relays: &mut super::cycle::Brent<(Hole, [u16; MAX_SLOTS])>,
    ) -> Next {
        let me = state.to_move;
        if self.ended_between_laps(state) {
            return Next::Stop(Step::Ended);
        }
        let from = match action {
            LapAction::RelayNext if self.path => match self.along_hole(state, me, at, cur.rev, 1) {
                Some(next) => next,
                None => return Next::Stop(Step::Over(LapAction::Stop)),
            },
            LapAction::RelayNext => self.step_hole(me, at, cur.rev),
            _ => at,
        };
        if self.is_store(from) {
            // A store is never sown from: a relay from the next hole stops before it.
            return Next::Stop(Step::Over(LapAction::Stop));
        }
        if state.counts[from.index()] == 0 {
            return Next::Stop(Step::Over(LapAction::Stop));
        }
        if self.model.end.one_hole_every_lap
            && self.mover_in_one_hole(state)
            && self.end_in_force(state, crate::model::EndKind::OneHole)
        {
            // All the mover's seeds in one hole between laps: they win.
            state.outcome = Some(Outcome::Win { winner: me, reason: WinReason::OneHole });
            return Next::Stop(Step::Ended);
        }
        if self.flags.turnings && self.pause_to_turn(state, from, (cur.origin, cur.pauses), false, 0) {
            return Next::Stop(Step::TurnPaused(*cur));
        }
        cur.rev = if action == LapAction::RelayBack { !cur.rev } else { self.going_on(state, cur.rev) };
        if sow.exit_relay.is_some_and(|role| self.leaves_row(state, role, from, cur.rev)) {
            // The relay may not be sown: the mover is left with no move.
            state.outcome = Some(Outcome::Win { winner: me.other(), reason: WinReason::Blocked });
            return Next::Stop(Step::Ended);
        }
        if let (Some(max), Some(side)) = (sow.side_path, self.side_store(me))
            && cur.pauses < MAX_PATH_PAUSES
        {
            let passes = self.through_passes(state, me, from, cur.rev);
            if passes > 0 && state.counts[side.index()] + passes <= max {
                // The two ways differ and both may be sown: the mover chooses.
                return Next::Stop(Step::PathPaused(LapChoice {
                    at: from,
                    origin: cur.origin,
                    relays: cur.pauses + 1,
                    turn: false,
                    hand: 0,
                    through: true,
                    capture: 0,
                }));
            }
        }
        if relays.repeats((from, state.counts)) {
            return Next::Stop(Step::Endless);
        }
        Next::Lift(from)
    }

    /// Where a sowing goes on between laps, whether an empty row ends the game there (`a
    /// player whose inner row is empty loses, even between laps`); if so the outcome is set.
    pub(super) fn ended_between_laps(&self, state: &mut State) -> bool {
        let end = &self.model.end;
        let (true, Some(role)) = (end.row_empty_every_lap, end.row_empty) else { return false };
        if !self.end_in_force(state, crate::model::EndKind::RowEmpty) {
            return false;
        }
        let me = state.to_move;
        for loser in [me, me.other()] {
            if self.role_hole[loser][usize::from(role)].iter().all(|h| state.counts[h.index()] == 0) {
                state.outcome = Some(Outcome::Win { winner: loser.other(), reason: WinReason::RowEmpty });
                return true;
            }
        }
        false
    }
}

/// Give hole `h` mark `m`, or take it away.
pub(super) fn set_mark(state: &mut State, m: u8, h: Hole, on: bool) {
    let (word, bit) = (h.index() / 64, 1u64 << (h.index() % 64));
    let marks = &mut state.marks[usize::from(m)][word];
    if on {
        *marks |= bit;
    } else {
        *marks &= !bit;
    }
}
