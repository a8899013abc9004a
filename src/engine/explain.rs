//! Why a decision is refused: the reasons checked play gives (`super::checked`), in the
//! words of the rules file, for each kind of decision and each pause of a turn.

use super::checked::{Expected, ExpectedTurn, Misfit, PicksOwed, PlayError, opponents_word};
use super::rules::*;
use super::state::*;

impl Rules {
    /// The turning lines of the mover's phase that send a lap `d`, as the file words them,
    /// for telling a mover why a lap cannot be turned.
    fn turn_lines(&self, state: &State, d: Direction) -> Vec<String> {
        let TurnKind::Sow(sow) = &self.phase_rules(state, state.to_move).turn else { return Vec::new() };
        let lines: Vec<String> = (sow.turnings.iter())
            .filter(|t| t.direction == d)
            .map(|t| format!("a lap may go {} only from {}", d.word(), t.choice.rule.text))
            .collect();
        if lines.is_empty() {
            vec![format!("the rules of this phase never let a lap go {}", d.word())]
        } else {
            let mut lines = lines;
            lines.push("where the rules' condition holds and the sowing ends".to_string());
            lines
        }
    }

    /// Why `mv` is not among the legal decisions `moves` of `state`.
    pub fn explain(&self, state: &State, mv: Move, moves: &MoveList) -> PlayError {
        let me = state.to_move;
        if let Some(outcome) = state.outcome {
            return PlayError::GameOver { outcome };
        }
        if let Some(error) = self.explain_pause(state, moves) {
            return error;
        }
        match (state.phase, mv) {
            (Phase::Pick(p), Move::Pick(h)) => self.explain_pick(state, p, h),
            (Phase::Pick(_), Move::Stop) => PlayError::PicksCompulsory,
            (Phase::Pick(p), _) => {
                PlayError::CaptureUnfinished { player: me, owed: self.picks_owed(state, p) }
            }
            (Phase::Sow, Move::Pick(_) | Move::Stop | Move::Relay) => {
                PlayError::NothingPending { expected: self.expected(state) }
            }
            (Phase::Sow, Move::Lift(_)) => PlayError::NoLiftPending { expected: self.expected(state) },
            (_, Move::Lot(_)) => PlayError::NoLot,
            (_, Move::Agree | Move::Refuse) => PlayError::NoOffer {
                player: me,
                answer: if mv == Move::Agree { "agree to" } else { "refuse" },
                expected: self.expected(state),
            },
            (Phase::Sow, Move::Offer) => PlayError::CannotOffer {
                player: me,
                why: match self.flags.agreed {
                    false => "in this game: its rules end no game by agreement",
                    true if state.offer & OFFER_REFUSED != 0 => "again this turn: the offer was refused",
                    true => "now: an offer is made at the start of a turn that begins at a repeated position",
                },
            },
            (Phase::Sow, Move::Pass) => match moves.first() {
                Some(_) => PlayError::CannotPass { player: me },
                None => PlayError::NoPassing { player: me },
            },
            (Phase::Sow, Move::SowDirection(h, d))
                if self.chosen == Chosen::Never && moves.contains(&Move::Sow(h)) =>
            {
                PlayError::CannotTurn {
                    hole: self.hole_name(h),
                    direction: d.word(),
                    lines: self.turn_lines(state, d),
                }
            }
            (Phase::Sow, Move::Sow(h))
                if self.chosen != Chosen::Never
                    && moves.iter().any(|m| matches!(m, Move::SowDirection(x, _) if *x == h)) =>
            {
                PlayError::DirectionOwed {
                    player: me,
                    hole: self.hole_name(h),
                    kept: if self.chosen == Chosen::EachTurn { "for this sowing" } else { "for good" },
                }
            }
            (Phase::Sow, Move::Sow(h) | Move::SowDirection(h, _)) if self.sow_turn_now(state) => {
                self.explain_sow(state, h, mv)
            }
            (Phase::Sow, Move::SowHand) if self.sow_turn_now(state) => PlayError::CannotSow {
                hole: "the hand (it holds no seeds, or the rules offer no sowing of it)".into(),
            },
            (Phase::Sow, Move::Transfer(a, b)) if moves.iter().any(|m| matches!(m, Move::Transfer(..))) => {
                self.explain_transfer(me, (a, b), moves)
            }
            (Phase::Sow, Move::Swap) => PlayError::CannotSwap {
                player: me,
                why: match self.flags.swaps {
                    false => "in this game: its rules have no swap",
                    true => {
                        "now: a swap is on offer once, at the start of the first turn of the opening that offers it, before either player has moved in it"
                    }
                },
            },
            // The pauses are explained above.
            _ => PlayError::WrongTurn { expected: self.expected_with(state, moves) },
        }
    }

    /// Why a decision is not among the legal ones `moves` where the turn is paused for a
    /// choice of the mover's (`None` where it is not).
    fn explain_pause(&self, state: &State, moves: &MoveList) -> Option<PlayError> {
        let me = state.to_move;
        // The decisions on offer, in notation.
        let texts = || moves.iter().map(|&m| self.move_text(m)).collect();
        Some(match state.phase {
            Phase::LapChoice(c) if c.through => PlayError::PathPaused {
                player: me,
                at: self.hole_name(c.at),
                ways: moves
                    .iter()
                    .map(|&m| if m == Move::Relay { "relay".into() } else { "relay+".into() })
                    .collect(),
            },
            Phase::LapChoice(c) if c.turn => PlayError::TurnPaused {
                player: me,
                at: self.hole_name(c.at),
                can_relay: moves.contains(&Move::Relay),
                turn: moves.iter().find(|m| matches!(m, Move::SowDirection(..))).map(|&m| self.move_text(m)),
            },
            Phase::Step(p) => {
                PlayError::StepOwed { player: me, at: self.hole_name(p.at), hand: p.hand, holes: texts() }
            }
            Phase::LapChoice(c) if c.capture > 0 => {
                PlayError::CaptureOwed { player: me, at: self.hole_name(c.at), holes: texts() }
            }
            Phase::Lift(c) => PlayError::LiftOwed {
                player: me,
                hole: if c.hand { "their hand".to_string() } else { self.hole_name(c.hole) },
                counts: moves
                    .iter()
                    .filter_map(|&m| if let Move::Lift(k) = m { Some(k) } else { None })
                    .collect(),
            },
            Phase::PutChoice(c) => {
                PlayError::PutOwed { player: me, at: self.hole_name(c.at), taken: c.taken, holes: texts() }
            }
            Phase::EndChoice(c) => PlayError::EndOwed { player: me, at: self.hole_name(c.at), ends: texts() },
            Phase::Offer(by) => PlayError::OfferOwed { player: me, by },
            Phase::Lot(_) => {
                PlayError::LotOwed { what: "the last hole before the next round", outcomes: texts() }
            }
            Phase::FirstLot => PlayError::LotOwed { what: "the first player", outcomes: texts() },
            Phase::LapChoice(c) => PlayError::LapPaused {
                player: me,
                at: self.hole_name(c.at),
                can_relay: moves.contains(&Move::Relay),
            },
            Phase::Sow | Phase::Pick(_) => return None,
        })
    }

    /// Why `me` cannot move seeds from `a` to `b`, where the legal decisions `moves` move
    /// seeds: the holes they may move from, and where seeds from `a` may go.
    fn explain_transfer(&self, me: Player, (a, b): (Hole, Hole), moves: &MoveList) -> PlayError {
        let mut from_holes = Vec::new();
        let mut to_holes = Vec::new();
        for &m in moves {
            if let Move::Transfer(x, y) = m {
                let name = self.hole_name(x);
                if !from_holes.contains(&name) {
                    from_holes.push(name);
                }
                if x == a {
                    to_holes.push(self.hole_name(y));
                }
            }
        }
        PlayError::CannotMove {
            player: me,
            from: self.hole_name(a),
            to: self.hole_name(b),
            from_holes,
            to_holes,
        }
    }

    /// Whether the player to move's turns are sowings now.
    fn sow_turn_now(&self, state: &State) -> bool {
        matches!(self.phases[state.phase_of(state.to_move)].turn, TurnKind::Sow(_))
    }

    /// What the player to move does now, with a legal decision of `moves` as the example.
    fn expected_with(&self, state: &State, moves: &[Move]) -> Expected {
        let example = moves
            .iter()
            .find(|m| matches!(m, Move::Transfer(..) | Move::Mark(_)))
            .map(|&m| self.move_text(m));
        Expected { example, ..self.expected(state) }
    }

    /// What the player to move does now.
    fn expected(&self, state: &State) -> Expected {
        let player = state.to_move;
        let phase = &self.phases[state.phase_of(player)];
        let turn = match &phase.turn {
            TurnKind::Sow(_) => ExpectedTurn::Sow,
            TurnKind::Take { .. } => ExpectedTurn::Take,
            TurnKind::Transfer(_) => ExpectedTurn::Transfer,
            TurnKind::Mark { .. } => ExpectedTurn::Mark,
            TurnKind::Empty { .. } => ExpectedTurn::Empty,
        };
        Expected { player, turn, opening: phase.name.clone(), example: None }
    }

    fn explain_sow(&self, state: &State, h: Hole, mv: Move) -> PlayError {
        let me = state.to_move;
        let hole = self.hole_name(h);
        if self.seed_colours {
            return self.explain_colour_sow(state, h);
        }
        if !self.holds(state, h, me) && !self.flags.sows_theirs {
            // Whose the hole is now (a hole won, or holding another player's seeds).
            return PlayError::NotYours {
                hole,
                owner: self.owner_at(state, h),
                player: me,
                rows: self.row_words(me),
            };
        }
        let count = state.count(h);
        if count == 0 {
            return PlayError::Empty { hole };
        }
        if let TurnKind::Sow(sow) = &self.phase_rules(state, me).turn
            && let Some(leave) = sow.first_lap.chosen
            && count <= leave
        {
            return PlayError::TooFewToLift { hole, count, leave };
        }
        let choices = self.choices_now(state);
        let in_force = self.choice_in_force(state);
        let fits = choices.iter().position(|c| c.holes[me].contains(&h) && self.fits(state, me, c, h, false));
        match (in_force, fits) {
            (Some(force), Some(fit)) if fit > force => {
                let example = choices[force].holes[me]
                    .iter()
                    .find(|&&x| self.fits(state, me, &choices[force], x, false))
                    .map(|&x| self.hole_name(x));
                PlayError::Outranked {
                    hole,
                    count,
                    chosen: choices[fit].rule.text.clone(),
                    preferred: choices[force].rule.text.clone(),
                    example,
                }
            }
            (Some(force), Some(fit)) if fit == force => self.endless_or_starving(state, mv, hole),
            _ => match choices.get(in_force.unwrap_or(0)) {
                Some(choice) => PlayError::DoesNotFit {
                    hole,
                    choice: choice.rule.text.clone(),
                    why: self.why_not(state, choice, h),
                },
                None => PlayError::CannotSow { hole },
            },
        }
    }

    /// Why the sowing `mv` of a hole (named `hole`) that fits the choice in force may not be
    /// played: its
    /// sowing would never end, it would undo the opponent's last turn, or it would leave an
    /// opponent the mover must feed unfed.
    fn endless_or_starving(&self, state: &State, mv: Move, hole: String) -> PlayError {
        let me = state.to_move;
        let (feed, no_undo, no_wipe) = match &self.phase_rules(state, me).turn {
            TurnKind::Sow(sow) => {
                (sow.must_feed.filter(|_| self.must_feed_now(state, sow)), sow.no_undo, sow.no_wipe)
            }
            _ => (None, false, false),
        };
        let mut after = state.clone();
        let mut history = History::new(self, &after);
        match (feed, self.try_play(&mut after, &mut history, mv)) {
            (_, Ok(())) if no_undo && state.before[1] != 0 && after.before[0] == state.before[1] => {
                PlayError::Undoes { hole, opponent: me.previous() }
            }
            (_, Ok(())) if no_wipe && self.wipes(state, &after, me) => {
                let opponent = (self.players())
                    .find(|&p| p != me && state.seeds[p] > 0 && after.seeds[p] == 0)
                    .unwrap_or(me.next());
                PlayError::Wipes { hole, opponent }
            }
            (Some(feed), Ok(())) => PlayError::Starves {
                hole,
                opponent: me.next(),
                without: if feed == crate::model::Feed::NoSeeds { "without seeds" } else { "without a move" },
                // `must leave the opponent a move if possible` is no feeding rule: the
                // opponent may have seeds (blind test 36, fault 1).
                duty: if feed == crate::model::Feed::Always {
                    "every turn must leave the opponent a move where one can"
                } else {
                    "the mover must feed them"
                },
            },
            _ => PlayError::Endless { hole },
        }
    }

    /// Why the player to move may not sow hole `h` where holes belong by colour.
    fn explain_colour_sow(&self, state: &State, h: Hole) -> PlayError {
        let me = state.to_move;
        let hole = self.hole_name(h);
        match self.holder(state, h) {
            None => return PlayError::Empty { hole },
            Some(p) if p != me => return PlayError::NotTheirSeeds { hole, holder: p, player: me },
            Some(_) => {}
        }
        let only_lone = self
            .model
            .phases
            .iter()
            .any(|p| matches!(&p.turn, crate::model::Turn::Sow(s) if s.lone.is_some_and(|l| l.only)))
            && state.seeds[me] == 1;
        match self.rearmost(state, me) {
            Some(r) if r != h && !only_lone => PlayError::NotRearmost { hole, rearmost: self.hole_name(r) },
            _ => PlayError::CannotSow { hole },
        }
    }

    /// The first condition of `choice` that hole `h` fails.
    fn why_not(&self, state: &State, choice: &Choice, h: Hole) -> Misfit {
        let me = state.to_move;
        let holds = state.count(h);
        // Descriptions joined with `or`: the first condition failed by the one the hole's
        // count fits, else by the first about the hole.
        let among = choice.either.iter().filter(|alt| alt.holes[me].contains(&h));
        if let Some(alt) =
            among.clone().find(|alt| (alt.rule.min..=alt.rule.max).contains(&holds)).or(among.clone().next())
        {
            return self.why_not(state, alt, h);
        }
        if holds < choice.rule.min || holds > choice.rule.max {
            return if choice.rule.min == choice.rule.max {
                Misfit::NotExactly { holds, want: choice.rule.min }
            } else if holds < choice.rule.min {
                Misfit::TooFew { holds, min: choice.rule.min }
            } else {
                Misfit::TooMany { holds, max: choice.rule.max }
            };
        }
        if !choice.holes[me].contains(&h) {
            return Misfit::NotAmong;
        }
        if let Some(m) = choice.mark
            && !state.is_marked(m, h)
        {
            return Misfit::NotMarked { mark: self.marks[m as usize].name.clone() };
        }
        let rev = match &self.phase_rules(state, me).turn {
            TurnKind::Sow(sow) => self.turn_reversed(state, sow, me),
            _ => false,
        };
        if choice.rule.furthest
            && let Some(x) = self.further_fit(state, me, choice, h, rev)
        {
            return Misfit::NotFurthest { further: self.hole_name(x) };
        }
        let next = choice.rule.next.is_some();
        let neighbour = if next {
            self.next_hole(me, h)
        } else {
            self.circuit(me)[(self.circuit(me).iter().position(|&x| x == h).unwrap_or(0)
                + self.circuit(me).len()
                - 1)
                % self.circuit(me).len()]
        };
        Misfit::Neighbour { holds, next, hole: self.hole_name(neighbour), empty: state.count(neighbour) == 0 }
    }

    /// The picks owed by the follow-up `p`.
    fn picks_owed(&self, state: &State, p: Pick) -> PicksOwed {
        let me = state.to_move;
        let follow_up = &self.model.captures[p.capture as usize].follow_ups[p.step as usize];
        let region = self.opponents_region(me, follow_up.region());
        let from = self.hole_name(region[p.lower as usize]);
        let whose = opponents_word(me);
        match follow_up {
            FollowUp::Strip { optional, .. } => {
                PicksOwed::Strip { seeds: p.remaining, whose, from, optional: *optional }
            }
            FollowUp::ExtraHoles { except, optional, .. } => PicksOwed::Holes {
                holes: p.remaining,
                whose,
                except: except.map(|m| self.marks[usize::from(m)].name.clone()),
                from,
                optional: *optional,
            },
        }
    }

    fn explain_pick(&self, state: &State, p: Pick, h: Hole) -> PlayError {
        let me = state.to_move;
        let hole = self.hole_name(h);
        let follow_up = &self.model.captures[p.capture as usize].follow_ups[p.step as usize];
        let region = self.opponents_region(me, follow_up.region());
        let Some(index) = region.iter().position(|&r| r == h).filter(|_| self.held_by_opponent(state, h, me))
        else {
            return PlayError::NotInRegion { hole, owed: self.picks_owed(state, p) };
        };
        if state.count(h) == 0 {
            return PlayError::Empty { hole };
        }
        if let Some(m) = follow_up.except()
            && state.is_marked(m, h)
        {
            return PlayError::Protected { hole, mark: self.marks[usize::from(m)].name.clone() };
        }
        if index < p.lower as usize {
            return PlayError::PickBefore { hole, from: self.hole_name(region[p.lower as usize]) };
        }
        PlayError::TooFewAfter { hole, owed: self.picks_owed(state, p) }
    }
}
