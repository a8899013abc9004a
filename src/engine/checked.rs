//! Checked play: a decision is applied only if it is legal; otherwise the error says why,
//! in the words of the rules file.

use std::fmt;

use super::rules::*;
use super::state::*;

/// Why a decision was refused. The state it was tried on is left untouched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// What kind of problem.
    pub kind: PlayErrorKind,
    /// An explanation for the player, naming holes in board notation.
    pub reason: String,
}

/// The kinds of illegal decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayErrorKind {
    /// The game is over.
    GameOver,
    /// A sowing was given while picks are owed, or a pick while none are.
    WrongPhase,
    /// The hole is not the mover's (for a sowing) or not in the region (for a pick).
    NotYours,
    /// The hole is empty.
    Empty,
    /// The hole does not fit the choice description in force.
    NotAllowed,
    /// The sowing would never end.
    Endless,
    /// A pick out of canonical order, or one that leaves the follow-up impossible to finish.
    OutOfOrder,
    /// A pass while a legal decision exists, or where the rules have no passing.
    NoPass,
    /// The hole carries a mark that protects it from this capture's picks.
    Protected,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for PlayError {}

/// What a decision did, for showing to players.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Laps sown (for a sowing).
    pub laps: u32,
    /// Seeds dropped (for a sowing).
    pub sown: u32,
    /// Where the last seed fell (for a sowing).
    pub last: Option<Hole>,
    /// Holes emptied by a capture and the seeds taken from each.
    pub taken: Vec<(Hole, u16)>,
    /// Whether the turn is over (no picks owed).
    pub turn_over: bool,
}

fn err(kind: PlayErrorKind, reason: String) -> PlayError {
    PlayError { kind, reason }
}

fn seeds(n: u32) -> String {
    if n == 1 { "1 seed".to_string() } else { format!("{n} seeds") }
}

impl Rules {
    /// Play a decision if it is legal; otherwise explain why not, leaving the state as it was.
    ///
    /// Unlike [`Rules::play_unchecked`], this also settles the outcome when the next player
    /// has no legal decision, so the state always says whether the game is over.
    pub fn play(&self, state: &mut State, history: &mut History, mv: Move) -> Result<Effect, PlayError> {
        let mut moves = MoveList::new();
        self.legal_moves(state, &mut moves);
        if !moves.contains(&mv) {
            return Err(self.explain(state, mv, &moves));
        }
        let before = state.clone();
        let end = self.apply(state, history, mv);
        self.legal_moves(state, &mut moves);
        self.settle(state, &moves);
        // A new turn number means the turn is over, even when the next turn opens with picks.
        let turn_over = state.turn != before.turn || state.outcome.is_some();
        let mut effect = Effect { turn_over, ..Effect::default() };
        if let Some(end) = end {
            effect.laps = end.laps;
            effect.sown = end.sown;
            effect.last = Some(end.last);
        }
        // What was taken: the holes that hold fewer seeds than the sowing left in them (or,
        // for a pick, than before it), the mover's own side first (a captured landing hole),
        // then the opponent's, each in board order.
        let me = before.to_move;
        let reference = self.counts_after_sowing(&before, mv).unwrap_or(before.counts);
        for player in [me, me.other()] {
            for &h in self.territory(player) {
                let (was, now) = (reference[h.index()], state.count(h));
                if was > now {
                    effect.taken.push((h, was - now));
                }
            }
        }
        Ok(effect)
    }

    /// Why `mv` is not among the legal decisions `moves` of `state`.
    pub fn explain(&self, state: &State, mv: Move, moves: &MoveList) -> PlayError {
        use PlayErrorKind::*;
        let me = state.to_move;
        if let Some(outcome) = state.outcome {
            return err(GameOver, format!("the game is over ({outcome})"));
        }
        match (state.phase, mv) {
            (Phase::LapChoice(c), _) => err(
                WrongPhase,
                format!(
                    "{me}'s sowing paused at {}: type `stop` to stop there{}",
                    self.hole_name(c.at),
                    if moves.contains(&Move::Relay) {
                        " or `relay` to sow on"
                    } else {
                        " (relaying from it would never end)"
                    }
                ),
            ),
            (Phase::Pick(p), Move::Pick(h)) => self.explain_pick(state, p, h),
            (Phase::Pick(_), Move::Stop) => {
                err(OutOfOrder, "this follow-up is not optional: every pick must be made".to_string())
            }
            (Phase::Pick(p), _) => err(
                WrongPhase,
                format!("{me} must first finish the capture: {}", self.describe_pick(state, p)),
            ),
            (Phase::Sow, Move::Pick(_) | Move::Stop | Move::Relay) => {
                err(WrongPhase, format!("no capture or paused sowing is pending; {}", self.what_now(state)))
            }
            (Phase::Sow, Move::Pass) => match moves.first() {
                Some(_) => err(NoPass, format!("{me} has a legal move and cannot pass")),
                None => err(NoPass, format!("{me} has no legal move; passing is not in these rules")),
            },
            (Phase::Sow, Move::Sow(h))
                if moves.iter().any(|m| matches!(m, Move::SowDirection(x, _) if *x == h)) =>
            {
                err(
                    WrongPhase,
                    format!(
                        "{me} chooses a direction now, for good: write `{0}:ccw` (anticlockwise) or `{0}:cw` (clockwise)",
                        self.hole_name(h)
                    ),
                )
            }
            (Phase::Sow, Move::Sow(h) | Move::SowDirection(h, _)) if self.sow_turn_now(state) => {
                self.explain_sow(state, h)
            }
            (Phase::Sow, _) => err(WrongPhase, self.what_now(state)),
        }
    }

    /// Whether the player to move's turns are sowings now.
    fn sow_turn_now(&self, state: &State) -> bool {
        matches!(self.phases[state.phase_of(state.to_move)].turn, TurnKind::Sow(_))
    }

    /// What the player to move does now, in words.
    fn what_now(&self, state: &State) -> String {
        let me = state.to_move;
        let phase = &self.phases[state.phase_of(me)];
        let during = phase.name.as_ref().map(|n| format!(" (opening \"{n}\")")).unwrap_or_default();
        match &phase.turn {
            TurnKind::Sow(_) => format!("{me} chooses a hole to sow from{during}"),
            TurnKind::Take { .. } => format!("{me} takes holes of {}'s{during}", me.other()),
            TurnKind::Transfer { .. } => {
                format!("{me} moves seeds from one hole to another, written `b3-a5`{during}")
            }
            TurnKind::Mark { .. } => format!("{me} marks a hole, written `+a3`{during}"),
        }
    }

    fn explain_sow(&self, state: &State, h: Hole) -> PlayError {
        use PlayErrorKind::*;
        let me = state.to_move;
        let name = self.hole_name(h);
        if self.owner(h) != me {
            let rows: Vec<String> = self.row_letters(me).iter().map(char::to_string).collect();
            return err(
                NotYours,
                format!("{name} is {}'s hole; {me} sows from rows {}", me.other(), rows.join(" and ")),
            );
        }
        let count = state.count(h);
        if count == 0 {
            return err(Empty, format!("{name} is empty"));
        }
        let choices = self.choices_now(state);
        let in_force = self.choice_in_force(state);
        let fits = choices.iter().position(|c| c.holes[me].contains(&h) && self.fits(state, me, c, h, false));
        match (in_force, fits) {
            (Some(force), Some(fit)) if fit > force => {
                let example = choices[force].holes[me]
                    .iter()
                    .find(|&&x| self.fits(state, me, &choices[force], x, false))
                    .map(|&x| format!(" ({} does)", self.hole_name(x)))
                    .unwrap_or_default();
                err(
                    NotAllowed,
                    format!(
                        "{name} holds {}; `{}` may be chosen only when no hole fits `{}`{example}",
                        seeds(u32::from(count)),
                        choices[fit].text,
                        choices[force].text
                    ),
                )
            }
            (Some(force), Some(fit)) if fit == force => err(
                Endless,
                format!(
                    "sowing from {name} would never end: its relay laps repeat forever, so the move is not allowed"
                ),
            ),
            _ => match choices.get(in_force.unwrap_or(0)) {
                Some(choice) => err(
                    NotAllowed,
                    format!("{name} does not fit `{}`: {}", choice.text, self.why_not(state, choice, h)),
                ),
                None => err(NotAllowed, format!("{name} cannot be sown now")),
            },
        }
    }

    /// The first condition of `choice` that hole `h` fails, in words.
    fn why_not(&self, state: &State, choice: &Choice, h: Hole) -> String {
        let me = state.to_move;
        let count = state.count(h);
        let holds = seeds(u32::from(count));
        if count < choice.min || count > choice.max {
            let want = if choice.min == choice.max {
                seeds(u32::from(choice.min))
            } else if count < choice.min {
                format!("at least {}", choice.min)
            } else {
                format!("at most {}", choice.max)
            };
            return format!("it holds {holds}, not {want}");
        }
        if !choice.holes[me].contains(&h) {
            return "it is not one of the holes that description is about".to_string();
        }
        if let Some(m) = choice.mark
            && !state.is_marked(m, h)
        {
            return format!("it is not a {} hole", self.marks[m as usize].name);
        }
        let (which, neighbour) = if choice.next.is_some() {
            ("next", self.next_hole(me, h))
        } else {
            (
                "previous",
                self.circuit(me)[(self.circuit(me).iter().position(|&x| x == h).unwrap_or(0)
                    + self.circuit(me).len()
                    - 1)
                    % self.circuit(me).len()],
            )
        };
        let state_word = if state.count(neighbour) == 0 { "empty" } else { "occupied" };
        format!("it holds {holds} and its {which} hole, {}, is {state_word}", self.hole_name(neighbour))
    }

    fn describe_pick(&self, state: &State, p: Pick) -> String {
        let opp = state.to_move.other();
        let follow_up = &self.captures[p.capture as usize].follow_ups[p.step as usize];
        let region = self.region_holes(opp, follow_up.region());
        let from = self.hole_name(region[p.lower as usize]);
        match follow_up {
            FollowUp::Strip { optional, .. } => {
                let more = if *optional { " (or stop)" } else { "" };
                format!(
                    "strip {} more from {opp}'s holes, at {from} or after in board order{more}",
                    seeds(u32::from(p.remaining))
                )
            }
            FollowUp::ExtraHoles { except, optional, .. } => {
                let holes =
                    if p.remaining == 1 { "hole".to_string() } else { format!("{} holes", p.remaining) };
                let except = match except {
                    Some(m) => format!(" except {} holes", self.marks[usize::from(*m)].name),
                    None => String::new(),
                };
                let more = if *optional { " (or stop)" } else { "" };
                format!(
                    "take {holes} more from {opp}'s occupied holes{except}, at {from} or after in board order{more}"
                )
            }
        }
    }

    fn explain_pick(&self, state: &State, p: Pick, h: Hole) -> PlayError {
        use PlayErrorKind::*;
        let opp = state.to_move.other();
        let name = self.hole_name(h);
        let follow_up = &self.captures[p.capture as usize].follow_ups[p.step as usize];
        let region = self.region_holes(opp, follow_up.region());
        let Some(index) = region.iter().position(|&r| r == h) else {
            return err(
                NotYours,
                format!("{name} is not one of the holes to pick from: {}", self.describe_pick(state, p)),
            );
        };
        if state.count(h) == 0 {
            return err(Empty, format!("{name} is empty"));
        }
        if let Some(m) = follow_up.except()
            && state.is_marked(m, h)
        {
            let mark = &self.marks[usize::from(m)].name;
            return err(
                Protected,
                format!("{name} is a {mark} hole, and {mark} holes cannot be taken by these picks"),
            );
        }
        if index < p.lower as usize {
            let from = self.hole_name(region[p.lower as usize]);
            return err(
                OutOfOrder,
                format!("picks are written in board order: the next pick is at {from} or after, not {name}"),
            );
        }
        err(
            OutOfOrder,
            format!(
                "picking {name} would leave too few seeds after it to finish: {}",
                self.describe_pick(state, p)
            ),
        )
    }
}
