//! The general interpreter's decisions: the holes, directions and ways through a side store
//! that start a turn, the choices offered where a sowing pauses (stop or relay, a row end, a
//! way past or through the side store), and whether a decision's sowing ends, with the
//! first laps a choice prefers and the holes a block spares.

use super::rules::*;
use super::state::*;
use super::step_resume::paused_cursor;
use super::stepwise::{Cursor, EndPick, Step, Tally, set_mark};
use super::trace::SownLap;
use crate::model::{BlockExempt, LoneSeed};

/// How many pauses to choose a row end deep the legality check of a sowing looks (beyond, a
/// pause counts as an end of the sowing: the mover decides there).
const MAX_END_DEPTH: u8 = 8;

/// A lone seed's move where its rule applies now: the rule, the hole of the seed and where
/// it may go (`None`: nowhere).
type LoneMove = (LoneSeed, (Hole, Option<Hole>));

impl Rules {
    /// The decisions that start a turn of a sowing played lap by lap: each hole the choice in
    /// force allows, in each direction the mover may choose, if the sowing ends. A seed
    /// placed where it captures is one decision whatever the direction, since the capture's
    /// seeds are sown from the row end it picks.
    pub(super) fn step_moves(&self, state: &State, sow: &SowRules, out: &mut MoveList) -> super::MoveStats {
        let me = state.to_move;
        let mut stats = super::MoveStats::default();
        if sow.place.is_some_and(|p| p.needs_hand()) && state.hand[me] == 0 {
            return stats;
        }
        let ways = self.step_ways(state, sow);
        // Where holes belong by colour, a player left with one seed may have a move of its own,
        // which may be their only one.
        let lone = sow.lone.and_then(|lone| Some((lone, self.lone_target(state, lone, me)?)));
        let only_lone = matches!(lone, Some((l, _)) if l.only);
        let rearmost = if self.seed_colours { self.rearmost(state, me) } else { None };
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
            // Where holes belong by colour, any hole of the board may be the mover's (but for
            // a description of another player's alone).
            let holes = if self.colours && choice.rule.only.is_none_or(|only| only == me) {
                &self.slot_of
            } else {
                &choice.holes[me]
            };
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
        self.step_other_moves(state, sow, (ways[0].1, lone, rearmost), out);
        stats
    }

    /// The ways a turn of [`Rules::step_moves`] may sow: each with its direction where the
    /// mover chooses one, and whether it goes against the circuit's stored order.
    #[inline(always)]
    fn step_ways(&self, state: &State, sow: &SowRules) -> &'static [(Option<Direction>, bool)] {
        match self.sowing_reversed(state, sow, state.to_move) {
            Some(false) => &[(None, false)],
            Some(true) => &[(None, true)],
            None if self.direction == Direction::Anticlockwise => {
                &[(Some(Direction::Anticlockwise), false), (Some(Direction::Clockwise), true)]
            }
            None => &[(Some(Direction::Clockwise), false), (Some(Direction::Anticlockwise), true)],
        }
    }

    /// The decisions of [`Rules::step_moves`] besides the holes chosen and turned laps: the
    /// side store lifted through itself (going `rev`), the `lone` seed's move, the rearmost
    /// hole's seeds moved on, seeds entered from the hand, the feeding the rules demand, and no
    /// turn that undoes the opponent's last where they forbid it.
    #[inline(always)]
    fn step_other_moves(
        &self,
        state: &State,
        sow: &SowRules,
        (rev, lone, rearmost): (bool, Option<LoneMove>, Option<Hole>),
        out: &mut MoveList,
    ) {
        let me = state.to_move;
        let only_lone = matches!(lone, Some((l, _)) if l.only);
        // The side store itself, lifted only through it.
        if sow.side_path.is_some()
            && let Some(side) = self.side_store(me)
            && state.counts[side.index()] > 0
            && self.step_ends(state, sow, side, rev, true)
        {
            out.push(Move::SowThrough(side));
        }
        if let Some((_, (from, Some(to)))) = lone {
            out.push(Move::Transfer(from, to));
        }
        // A turn of moving again that the mover may pass on (`may move again`).
        if state.again == AGAIN_MAY && !out.contains(&Move::Pass) {
            out.push(Move::Pass);
        }
        // All the seeds of a hole the description fits into the next hole, where the rules
        // let the mover.
        if let Some((not_again, from)) = &sow.whole_move
            && !only_lone
            && !(*not_again && state.again != 0)
        {
            let holes = if self.colours && from.rule.only.is_none_or(|only| only == me) {
                &self.slot_of
            } else {
                &from.holes[me]
            };
            for &h in holes {
                if state.counts[h.index()] == 0
                    || (self.colours && !self.colour_fits(state, me, from, h, rearmost))
                    || !self.fits(state, me, from, h, rev)
                {
                    continue;
                }
                let mv = Move::Transfer(h, self.ahead(me, h, 1));
                if !out.contains(&mv) {
                    out.push(mv);
                }
            }
        }
        if sow.hand_entry && self.may_enter(state) {
            out.push(Move::Enter);
        }
        if self.may_sow_hand(state, sow) {
            out.push(Move::SowHand);
        }
        self.keep_duties(state, sow, out);
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
    pub(super) fn through_passes(&self, state: &State, me: Player, h: Hole, rev: bool) -> u16 {
        self.through_passes_with(me, h, state.counts[h.index()], rev)
    }

    /// [`Rules::through_passes`] of a lap of `n` seeds.
    pub(super) fn through_passes_with(&self, me: Player, h: Hole, n: u16, rev: bool) -> u16 {
        let Some(side) = self.side_store(me) else { return 0 };
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
    pub(super) fn side_allowed(&self, state: &State, sow: &SowRules) -> bool {
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

    /// The holes the mover may put the seeds of the capture paused at `choice` into, in board
    /// order.
    pub(super) fn put_choice_holes(&self, state: &State, sow: &SowRules, choice: PutChoice) -> Vec<Hole> {
        let (Destination::Put(into) | Destination::Sow(Resow { into, .. })) =
            self.model.captures[usize::from(choice.capture)].destination
        else {
            return Vec::new();
        };
        let tally = Tally { from: Some(choice.from), ..Tally::default() };
        let end = self.step_end(state, sow, choice.at, &tally);
        self.put_options(state, sow, into, &end)
    }

    /// The decisions of a mover choosing the hole a capture's seeds are put into: each hole
    /// the capture names (one `Sow` of it), in board order, if the sowing then ends; where the
    /// mover must feed, those that feed.
    #[cold]
    #[inline(never)]
    pub(super) fn put_moves(&self, state: &State, choice: PutChoice, out: &mut MoveList) {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return };
        for h in self.put_choice_holes(state, sow, choice) {
            let mut s = state.clone();
            let mut tally = Tally::default();
            let step = self.step_put(&mut s, sow, choice, h, &mut tally, &mut ());
            if self.step_settles(&s, sow, step, 1) {
                out.push(Move::Sow(h));
            }
        }
        if self.must_feed_now(state, sow) {
            self.keep_feeding(state, out);
        }
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
        if choice.capture > 0 {
            return self.capture_choice_moves(state, sow, choice, out);
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

    /// The laps decision `mv` sows from `state`, the laps of its captured seeds included (each
    /// shown from the row end they are sown from), for a front end to show; empty for a
    /// decision that sows nothing.
    pub(super) fn step_laps(&self, state: &State, mv: Move) -> Vec<SownLap> {
        let me = state.to_move;
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return Vec::new() };
        let mut s = state.clone();
        let mut tally = Tally { trace: Some(Vec::new()), marks_seen: state.marks, ..Tally::default() };
        let mut log = CapturesTraced::default();
        match (state.phase, mv) {
            // Where each seed goes into a neighbouring hole, a lift sows nothing yet, and each
            // later decision sows one seed (or the seeds dropped where the lap stands).
            (Phase::Sow, _) if self.path => {}
            (Phase::Step(p), Move::Sow(to)) => {
                self.path_step(&mut s, sow, p, to, &mut tally, &mut log);
            }
            (Phase::EndChoice(choice), Move::SowDirection(h, d)) => {
                self.step_from_end(&mut s, sow, choice, (h, d != self.direction), &mut tally, &mut log);
            }
            (Phase::PutChoice(choice), Move::Sow(h)) => {
                self.step_put(&mut s, sow, choice, h, &mut tally, &mut log);
            }
            (Phase::LapChoice(choice), Move::SowDirection(h, d)) if choice.turn => {
                self.step_turn_resume(&mut s, sow, choice, (h, d != self.direction), &mut tally, &mut log);
            }
            (Phase::LapChoice(choice), Move::Relay) if choice.turn => {
                let rev = self.turn_reversed(state, sow, me);
                self.step_turn_resume(&mut s, sow, choice, (choice.at, rev), &mut tally, &mut log);
            }
            (Phase::LapChoice(choice), Move::Relay | Move::SowThrough(_)) if choice.through => {
                let through = matches!(mv, Move::SowThrough(_));
                self.step_resume(&mut s, sow, choice, through, &mut tally, &mut log);
            }
            // A relay where the mover might have stopped, as `step_relay` plays it.
            (Phase::LapChoice(choice), Move::Relay) => {
                let cur = paused_cursor(state, choice);
                s.phase = Phase::Sow;
                self.step_run(&mut s, sow, (choice.at, LapAction::Relay), cur, &mut tally, &mut log);
            }
            // Where the mover chooses how many of the hand's seeds to sow, `hand` sows nothing
            // yet; the count sows the lap.
            (Phase::Sow, Move::SowHand) if sow.hand_sow.is_some_and(|h| h.any) => {}
            (Phase::Sow, Move::SowHand) => {
                self.step_hand_laps(&mut s, sow, None, &mut tally, &mut log);
            }
            (Phase::Lift(choice), Move::Lift(k)) if choice.hand => {
                s.phase = Phase::Sow;
                self.step_hand_laps(&mut s, sow, Some(k), &mut tally, &mut log);
            }
            // Where the mover chooses how many seeds to lift, the hole sows nothing yet; the
            // count sows the first lap.
            (Phase::Sow, _) if sow.first_lap.chosen.is_some() => {}
            (Phase::Lift(choice), Move::Lift(k)) => {
                s.phase = Phase::Sow;
                self.step_start(
                    &mut s,
                    sow,
                    choice.hole,
                    choice.rev,
                    choice.through,
                    Some(k),
                    &mut tally,
                    &mut log,
                );
            }
            (Phase::Sow, Move::Sow(h) | Move::SowDirection(h, _) | Move::SowThrough(h))
                if self.may_lift(state, me, h) =>
            {
                let rev = match mv {
                    Move::SowDirection(_, d) => d != self.direction,
                    _ => self.sowing_reversed(state, sow, me).unwrap_or(false),
                };
                let through = matches!(mv, Move::SowThrough(_));
                self.step_start(&mut s, sow, h, rev, through, None, &mut tally, &mut log);
            }
            _ => {}
        }
        let mut laps = tally.trace.unwrap_or_default();
        // The k-th lap of captured seeds sows the k-th group of captures' seeds on.
        for (lap, taken) in laps.iter_mut().filter(|l| l.captured).zip(log.groups) {
            lap.taken = taken;
        }
        laps
    }

    /// Whether the turn that sowing (or placing in) hole `h` going `rev` starts ends: played
    /// out on a copy, a pause to choose a row end counting as an end where some choice ends.
    /// Where the mover chooses how many seeds to lift, whether some count's sowing ends.
    pub(super) fn step_ends(&self, state: &State, sow: &SowRules, h: Hole, rev: bool, through: bool) -> bool {
        if sow.first_lap.chosen.is_some() {
            let Some(mut counts) = sow.first_lap.counts(state.counts[h.index()]) else { return false };
            return counts
                .any(|k| self.lift_ends(state, sow, LiftChoice { hole: h, rev, through, hand: false }, k));
        }
        self.lift_ends(state, sow, LiftChoice { hole: h, rev, through, hand: false }, 0)
    }

    /// Whether the mover may sow their hand now: they hold seeds, and where they choose how
    /// many, some count's sowing ends (else `hand` would leave them no count to choose).
    pub(super) fn may_sow_hand(&self, state: &State, sow: &SowRules) -> bool {
        let me = state.to_move;
        let Some(hand) = sow.hand_sow else { return false };
        if state.hand[me] == 0 {
            return false;
        }
        if !hand.any {
            return true;
        }
        let Some(into) = self.hand_hole(sow, me) else { return false };
        let rev = self.sowing_reversed(state, sow, me).unwrap_or(false);
        let choice = LiftChoice { hole: into, rev, through: false, hand: true };
        (1..=state.hand[me]).take(MoveList::CAPACITY).any(|k| self.lift_ends(state, sow, choice, k))
    }

    /// Whether the turn that sows the hole of `choice` ends, its first lap lifting `k` seeds
    /// (0: as the rules say).
    pub(super) fn lift_ends(&self, state: &State, sow: &SowRules, choice: LiftChoice, k: u16) -> bool {
        if self.path {
            // The mover sows it seed by seed: its laps are theirs to end.
            return true;
        }
        let mut s = state.clone();
        s.phase = Phase::Sow;
        let mut tally = Tally::default();
        let lift = (k > 0).then_some(k);
        if choice.hand {
            let Some(step) = self.step_hand_laps(&mut s, sow, lift, &mut tally, &mut ()) else {
                return false;
            };
            return self.step_settles(&s, sow, step, 0);
        }
        let step =
            self.step_start(&mut s, sow, choice.hole, choice.rev, choice.through, lift, &mut tally, &mut ());
        self.step_settles(&s, sow, step, 0)
    }

    /// The decisions where the mover chooses how many seeds of the hole just chosen to lift
    /// (`sow any number of seeds …`): each count they may lift (within the room of a list of
    /// decisions) whose sowing ends, in order, and of those, where the rules prefer some first
    /// laps, those of the most preferred condition any meets, and where the mover must feed,
    /// those that feed.
    pub(super) fn lift_moves(&self, state: &State, choice: LiftChoice, out: &mut MoveList) {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return };
        let Some(counts) = choice.counts(state, sow.first_lap) else { return };
        let me = state.to_move;
        // Where the lap goes through the side store, only the counts that reach it: the
        // others sow as the lap past it does.
        let reaches =
            |k: u16| !choice.through || self.through_passes_with(me, choice.hole, k, choice.rev) > 0;
        for k in counts.take(MoveList::CAPACITY) {
            if reaches(k) && self.lift_ends(state, sow, choice, k) {
                out.push(Move::Lift(k));
            }
        }
        if !sow.prefer.is_empty() {
            let ranked: Vec<(Move, usize)> = (out.iter())
                .map(|&mv| {
                    let k = if let Move::Lift(k) = mv { k } else { 0 };
                    (mv, self.lift_rank(state, sow, choice.hole, choice.rev, Some(k)))
                })
                .collect();
            let best = ranked.iter().map(|&(_, rank)| rank).min().unwrap_or(0);
            out.clear();
            out.extend(ranked.into_iter().filter(|&(_, rank)| rank == best).map(|(mv, _)| mv));
        }
        if self.must_feed_now(state, sow) {
            self.keep_feeding(state, out);
        }
    }

    /// Where a sowing paused for the mover to choose among captures: a pick of the first hole
    /// each capture would take whose sowing on ends, and `stop` where the rules let the mover
    /// take nothing.
    fn capture_choice_moves(&self, state: &State, sow: &SowRules, choice: LapChoice, out: &mut MoveList) {
        let cur = paused_cursor(state, choice);
        let k = choice.capture - 1;
        for (c, h) in self.capture_options(state, sow, (k, choice.at), &cur, &Tally::default()) {
            let mut s = state.clone();
            s.phase = Phase::Sow;
            let mut tally = Tally::default();
            let step =
                self.step_run(&mut s, sow, (choice.at, LapAction::Capture(c)), cur, &mut tally, &mut ());
            if self.step_settles(&s, sow, step, 0) {
                out.push(Move::Pick(h));
            }
        }
        if self.model.capture_choices[usize::from(k)].stop {
            out.push(Move::Stop);
        }
    }

    /// Whether a stretch of sowing that came to `step` (leaving `state`) ends: at a pause,
    /// whether some choice of row end does, looked at a few pauses deep.
    pub(super) fn step_settles(&self, state: &State, sow: &SowRules, step: Step, depth: u8) -> bool {
        match step {
            Step::Over(_) | Step::Captured(..) | Step::Ended | Step::MayStop(..) => true,
            Step::CaptureChoice(_, k, _) if self.model.capture_choices[usize::from(k)].stop => true,
            Step::CaptureChoice(..) if depth >= MAX_END_DEPTH => true,
            Step::CaptureChoice(at, k, cur) => self
                .capture_options(state, sow, (k, at), &cur, &Tally::default())
                .into_iter()
                .any(|(c, _)| {
                    let mut s = state.clone();
                    let mut tally = Tally::default();
                    let step =
                        self.step_run(&mut s, sow, (at, LapAction::Capture(c)), cur, &mut tally, &mut ());
                    self.step_settles(&s, sow, step, depth + 1)
                }),
            Step::Endless | Step::Refused => false,
            // The mover sows it on seed by seed: its laps are theirs to end.
            Step::Path(_) => true,
            Step::Paused(_) | Step::PathPaused(_) | Step::TurnPaused(_) | Step::PutPaused(_)
                if depth >= MAX_END_DEPTH =>
            {
                true
            }
            Step::PutPaused(choice) => self.put_choice_holes(state, sow, choice).into_iter().any(|h| {
                let mut s = state.clone();
                let mut tally = Tally::default();
                let step = self.step_put(&mut s, sow, choice, h, &mut tally, &mut ());
                self.step_settles(&s, sow, step, depth + 1)
            }),
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
            .filter(|&h| self.holds(state, h, opponent) && !spared(h))
            .collect();
        for h in blocked {
            set_mark(state, block.mark, h, true);
        }
    }

    /// The occupied holes of the opponent's that player `p`'s first laps that capture would
    /// take, of the sowings `p` could choose were it their turn to sow now.
    pub(super) fn capture_targets(&self, state: &State, p: Player) -> Vec<Hole> {
        let mut s = state.clone();
        s.to_move = p;
        s.phase = Phase::Sow;
        let TurnKind::Sow(sow) = &self.phase_rules(&s, p).turn else { return Vec::new() };
        let mut out = Vec::new();
        for (h, rev) in self.first_laps(&s, sow) {
            let mut lap = s.clone();
            let mut tally = Tally::default();
            let Some((at, _, LapAction::Capture(c), _)) =
                self.step_first(&mut lap, sow, h, (rev, false, None), &mut tally)
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
    pub(super) fn first_laps(&self, state: &State, sow: &SowRules) -> Vec<(Hole, bool)> {
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
    pub(super) fn keep_preferred(
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
    /// (sown on a copy), or their number where it meets none. Where the mover chooses how many
    /// seeds to lift, the best of the counts they may choose.
    pub(super) fn first_lap_rank(&self, state: &State, sow: &SowRules, h: Hole, rev: bool) -> usize {
        match sow.first_lap.counts(state.counts[h.index()]) {
            Some(counts) => {
                counts.map(|k| self.lift_rank(state, sow, h, rev, Some(k))).min().unwrap_or(sow.prefer.len())
            }
            None => self.lift_rank(state, sow, h, rev, None),
        }
    }

    /// [`Rules::first_lap_rank`] of the first lap lifting `lift` seeds (the rules' count with
    /// `None`).
    pub(super) fn lift_rank(
        &self,
        state: &State,
        sow: &SowRules,
        h: Hole,
        rev: bool,
        lift: Option<u16>,
    ) -> usize {
        let mut s = state.clone();
        let mut tally = Tally::default();
        let Some((at, before, action, cur)) = self.step_first(&mut s, sow, h, (rev, false, lift), &mut tally)
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

    /// The first lap of a sowing of hole `h` by `me` going `rev`, sown on a copy of the
    /// position as the turn would sow it: the copy, the hole the lap ended in, what that hole
    /// held before the last seed fell, and the turn's cursor. `None` where there is nothing
    /// to sow.
    fn first_lap_on_copy(
        &self,
        state: &State,
        me: Player,
        h: Hole,
        rev: bool,
    ) -> Option<(State, Hole, u16, Cursor)> {
        let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn else { return None };
        let mut s = state.clone();
        s.to_move = me;
        let mut tally = Tally::default();
        let (at, before, _, cur) = self.step_first(&mut s, sow, h, (rev, false, None), &mut tally)?;
        Some((s, at, before, cur))
    }

    /// Whether the first lap of `me`'s sowing of hole `h` going `rev` ends where lap rule
    /// `rule` applies (`whose lap ends in an empty own hole`).
    #[cold]
    pub(super) fn first_lap_ends(
        &self,
        state: &State,
        me: Player,
        h: Hole,
        rev: bool,
        rule: &LapRule,
    ) -> bool {
        self.first_lap_on_copy(state, me, h, rev)
            .is_some_and(|(s, at, before, cur)| self.rule_applies(&s, rule, (at, before), &cur))
    }

    /// Whether the first lap of `me`'s sowing of hole `h` going `rev` drops a seed into row
    /// `role` of `side` (`whose lap reaches the opponent's inner row`).
    #[cold]
    pub(super) fn first_lap_reaches(
        &self,
        state: &State,
        me: Player,
        h: Hole,
        rev: bool,
        (side, role): (Side, Role),
    ) -> bool {
        self.first_lap_on_copy(state, me, h, rev)
            .is_some_and(|(s, _, _, cur)| self.has_reached(&s, &cur, (side, role, false)))
    }

    /// Whether a lap of the mover's from hole `h` going `rev` leaves their row `role` at once
    /// from its end while another hole of that row is occupied.
    pub(super) fn leaves_row(&self, state: &State, role: Role, h: Hole, rev: bool) -> bool {
        let me = state.to_move;
        let in_row = |x: Hole| self.hole_owner[x.index()] == me && self.hole_role[x.index()] == role;
        in_row(h)
            && !in_row(self.step_hole(me, h, rev))
            && self.role_hole[me][usize::from(role)].iter().any(|&x| x != h && state.counts[x.index()] > 0)
    }

    /// Whether the seeds of `me`'s hole `h`, counted on along their circuit going `rev` one
    /// hole a seed, would end in a hole with an occupied hole in front of it: the own hole of
    /// the next row inward in its column, or for the innermost row the opponent's facing hole.
    pub(super) fn lands_facing(&self, state: &State, me: Player, h: Hole, rev: bool) -> bool {
        let n = state.counts[h.index()];
        let at = (0..n).fold(h, |x, _| self.step_hole(me, x, rev));
        let (owner, role) = (self.hole_owner[at.index()], usize::from(self.hole_role[at.index()]));
        let column = usize::from(self.hole_column[at.index()]);
        let front = match self.column_hole[owner].get(role + 1) {
            Some(row) => row[column],
            None => self.column_hole[owner.other()][role][column],
        };
        front.is_some_and(|front| state.counts[front.index()] > 0)
    }

    /// Whether a seed placed in hole `h` captures there: the mover has a seed in hand and the
    /// opponent's facing hole is as the placing line says.
    pub(super) fn place_captures(&self, state: &State, place: crate::model::Place, h: Hole) -> bool {
        let (role, want) = place.opposite;
        state.hand[state.to_move] > 0
            && (self.opposite_count(state, state.to_move, h, role) == 0) == (want == HoleState::Empty)
    }

    /// The placing a turn from hole `h` makes: the phase's, unless it puts a seed only where
    /// it captures (`without the seed`) and it would not capture there.
    pub(super) fn placing(&self, state: &State, sow: &SowRules, h: Hole) -> Option<crate::model::Place> {
        sow.place.filter(|&p| !p.keep || self.place_captures(state, p, h))
    }

    /// The end holes of `me`'s row `role`, each with the way that sows it inward (against the
    /// circuit's stored order with `true`): the owner's left end first.
    pub(super) fn row_ends(&self, me: Player, role: Role) -> [(Hole, bool); 2] {
        let row = &self.role_hole[me][usize::from(role)];
        let n = row.len();
        // From the owner's left (North reads the row from the other end).
        let at = |k: usize| row[if me == Player::North { n - 1 - k } else { k }];
        let end = |k: usize| {
            let hole = at(k);
            let inner = at(if k == 0 { 1.min(n - 1) } else { k - 1 });
            (hole, self.step_hole(me, hole, false) != inner)
        };
        [end(0), end(n - 1)]
    }

    /// The row ends the mover may choose from for capture `c`, in board order.
    pub(super) fn row_end_options(&self, me: Player, c: u8) -> Vec<(Hole, bool)> {
        let Destination::Sow(resow) = self.model.captures[usize::from(c)].destination else {
            return Vec::new();
        };
        let SowInto::RowEnd { role, .. } = resow.into.first() else { return Vec::new() };
        let mut ends = self.row_ends(me, role).to_vec();
        ends.sort_by_key(|(h, _)| self.board_of[h.index()]);
        ends.dedup_by_key(|(h, _)| *h);
        ends
    }

    /// The row end a capture landing at `at` sends its seeds to: the end nearer the landing
    /// column (counted from the owner's seat, or for North from South's with
    /// `far_for_north`); from the row's `middle` holes, the end a lap going `ahead` was
    /// heading for, or else the mover's choice.
    pub(super) fn row_end_at(
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
    pub(super) fn end_ahead(
        &self,
        me: Player,
        ends: [(Hole, bool); 2],
        at: Hole,
        rev: bool,
    ) -> Option<(Hole, bool)> {
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

/// What captures took while a decision's laps were traced, grouped by the laps of captured
/// seeds that sow them on.
#[derive(Default)]
struct CapturesTraced {
    /// The captures' holes and seeds before each lap of captured seeds, in order.
    groups: Vec<Vec<(Hole, u16)>>,
    /// Those since the last such lap.
    pending: Vec<(Hole, u16)>,
}

impl super::play::Log for CapturesTraced {
    fn took(&mut self, h: Hole, n: u16) {
        self.pending.push((h, n));
    }

    fn captured_lap(&mut self) {
        self.groups.push(std::mem::take(&mut self.pending));
    }
}
