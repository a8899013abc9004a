//! Warnings: rules that compile and play, but most likely do not say what their writer
//! meant. A warning never stops a file from compiling; `sow check` shows them (and fails on
//! them with `--deny-warnings`), and nothing else does.
//!
//! Each warning is found on the model of one compilation (one ruleset at one set of
//! parameter values), with the spans of the sections that made it. Four kinds:
//! - a lap rule that no landing can reach, because the rules before it take every landing
//!   it describes (or an `otherwise` that no landing reaches), [`shadowed_lap_rules`];
//! - two end rules that give different results for one position, [`conflicting_end_rules`];
//! - a game that nothing forces to end, [`no_way_to_end`];
//! - a relay sowing whose file does not say when one that never ends is refused, so that the
//!   engine's bound on laps decides it, [`unstated_lap_limit`].

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, NamedSource, Severity, SourceCode, SourceSpan};
use thiserror::Error;

use super::assemble::At;
use super::resolve::Scope;
use crate::model::{
    Blocked, Destination, Ending, Fact, HoleState, LapAction, LapRule, MAX_MARKS, MAX_ROWS, MAX_SOWING_LAPS,
    MIN_LAP_LIMIT, Model, Role, Score, Side, Target, Turn,
};
use crate::span::Span;
use crate::syntax::ast;

/// A rules file that compiles, but says something its writer most likely did not mean.
#[derive(Clone, Debug, Error, Diagnostic, PartialEq, Eq, Hash)]
pub enum Warning {
    /// A lap rule that never applies: every landing it describes is taken by a rule before
    /// it (the rules are tried in order, and the first that applies is carried out).
    #[error("this lap rule never applies: the rules before it take every landing it describes")]
    #[diagnostic(
        code(sow::warning::shadowed_lap_rule),
        severity(Warning),
        help(
            "the rules of `after each lap` are tried in order and the first that applies is carried out. Put this rule before {those} if it is the more specific, or remove it"
        )
    )]
    ShadowedLapRule {
        /// The rule that never applies.
        #[label("never applies")]
        span: SourceSpan,
        /// The earlier rules that apply to some landing it describes.
        #[label(collection, "applies first")]
        by: Vec<SourceSpan>,
        /// `the rule above` or `the rules above`.
        those: String,
    },

    /// A lap rule about a landing on the opponent's side that asks about the opposite hole
    /// of the landing hole's own row: the opponent's hole of that row in the landing column,
    /// which is the landing hole itself.
    #[error("on the opponent's side, the opposite {row} hole is the landing hole itself")]
    #[diagnostic(
        code(sow::warning::opposite_is_landing),
        severity(Warning),
        help(
            "`the opposite {row} hole` is the opponent's {row} hole in the landing column: where the last seed lands in the opponent's {row} row, that is where it landed. For the mover's hole facing it, say `the own {own} hole in the landing column`{either}"
        )
    )]
    OppositeIsLanding {
        /// The fact.
        #[label("{label}")]
        span: SourceSpan,
        /// The row asked about.
        row: String,
        /// The mover's row that faces it (the same name on a board of two rows).
        own: String,
        /// What the label says.
        label: &'static str,
        /// More help where the landing may be on either side.
        either: String,
    },

    /// An `otherwise` that no landing reaches: the `when` rules before it take every landing.
    #[error("this `otherwise` never applies: the rules before it take every landing")]
    #[diagnostic(
        code(sow::warning::unreachable_otherwise),
        severity(Warning),
        help(
            "every landing is taken by one of the `when` rules, so `otherwise` is never used: remove it, or narrow the rules if some landing should fall through to it"
        )
    )]
    UnreachableOtherwise {
        /// The `otherwise` rule.
        #[label("never applies")]
        span: SourceSpan,
        /// The rules that between them take every landing.
        #[label(collection, "takes some landings")]
        by: Vec<SourceSpan>,
    },

    /// Two end rules that can both apply to the same position and give it different
    /// results: which one the engine checks first decides the game.
    #[error("these end rules give different results for the same position")]
    #[diagnostic(code(sow::warning::conflicting_end_rules), severity(Warning))]
    ConflictingEndRules {
        /// The rule the engine checks first, which decides.
        #[label("checked first: {first_says}")]
        first: SourceSpan,
        /// What the first rule says of the position.
        first_says: String,
        /// The rule that is overruled.
        #[label("overruled: {second_says}")]
        second: SourceSpan,
        /// What the overruled rule would say.
        second_says: String,
        /// The position both rules apply to, and how to settle it.
        #[help]
        help: String,
    },

    /// A game that nothing forces to end: no repetition rule, no turn limit, and no seed
    /// ever leaves the board.
    #[error("nothing stops this game from going on for ever")]
    #[diagnostic(
        code(sow::warning::no_way_to_end),
        severity(Warning),
        help(
            "no seed ever leaves the board (no capture takes seeds out of play, into a store, or into a hand that no turn sows or places again, and the circuit passes no store), so the seeds can go round in a cycle of positions. The game can still end when a player is blocked or loses their seeds, but nothing makes it: add `a repeated position is a draw`, or a limit such as `after 2500 turns the game is a draw`"
        )
    )]
    NoWayToEnd {
        /// The `end` section.
        #[label("no rule here ends a game that goes round in a cycle")]
        span: SourceSpan,
    },

    /// A game of rounds with no turn limit: rounds end only when a player cannot fill a hole,
    /// and nothing stops one round following another for ever.
    #[error("nothing stops the rounds of this game from following each other for ever")]
    #[diagnostic(
        code(sow::warning::endless_rounds),
        severity(Warning),
        help(
            "a game of rounds ends between rounds only when a player cannot fill a hole for the next, or when a player's points come to what `a player who has scored 60 points wins` asks for; otherwise one round follows another, and random play may never finish the game. Say how the game ends if the rounds do not: add a limit such as `after 5000 turns the game is a draw`"
        )
    )]
    EndlessRounds {
        /// The rounds rule.
        #[label("{why}")]
        span: SourceSpan,
        /// What ends the rounds, if anything.
        why: &'static str,
    },

    /// A sowing that may relay from lap to lap, in a file that states no lap limit: one that
    /// neither ends nor repeats for the engine's bound of laps is refused by the engine, not
    /// by the rules.
    #[error("the file does not say when a sowing that goes on and on is refused")]
    #[diagnostic(code(sow::warning::unstated_lap_limit), severity(Warning))]
    UnstatedLapLimit {
        /// Where a lap may relay.
        #[label("{what}")]
        span: SourceSpan,
        /// What goes on here.
        what: String,
        /// The engine's bound, and how to state a limit.
        #[help]
        help: String,
    },

    /// A phase in which random play from the setup often reaches a position where every
    /// decision the rules offer would sow for ever: the player to move is then blocked by
    /// rules that cannot end, not by the board.
    #[error("in {phase}, every decision is often an endless sowing")]
    #[diagnostic(
        code(sow::warning::endless_phase),
        severity(Warning),
        help(
            "in {games} of {sampled} random games from the setup, a player reached a position of {phase} where every hole they may choose sows for ever, and so could not move. Look at the lap rules that relay or capture and sow on: one of them may apply to every landing. Where the rules mean it, say so in the end rules: `a player who cannot move, or whose every sowing is endless, loses`"
        )
    )]
    EndlessPhase {
        /// The phase's words: `the main game` or `the opening "NAME"`.
        phase: String,
        /// Where its sowing is described.
        #[label("every sowing here may go round for ever")]
        span: SourceSpan,
        /// Games that reached such a position.
        games: u32,
        /// Games played.
        sampled: u32,
    },
}

/// Every warning of one rules file, with its source for rendering.
#[derive(Clone, Debug)]
pub struct Warnings {
    /// The file's name and text.
    pub src: NamedSource<Arc<str>>,
    /// The warnings, in the order found.
    pub warnings: Vec<Warning>,
}

impl Warnings {
    /// A report of `warnings` in the named source.
    pub fn new(name: &str, text: Arc<str>, warnings: Vec<Warning>) -> Warnings {
        Warnings { src: NamedSource::new(name, text), warnings }
    }

    /// Whether there is no warning.
    pub fn is_empty(&self) -> bool {
        self.warnings.is_empty()
    }

    /// How many warnings there are.
    pub fn len(&self) -> usize {
        self.warnings.len()
    }

    fn single(&self) -> Option<&Warning> {
        match self.warnings.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }
}

impl fmt::Display for Warnings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.single() {
            Some(one) => one.fmt(f),
            None => write!(f, "{} warnings in {}", self.warnings.len(), self.src.name()),
        }
    }
}

impl std::error::Error for Warnings {}

impl Diagnostic for Warnings {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.single().and_then(|w| w.code())
    }

    fn severity(&self) -> Option<Severity> {
        Some(Severity::Warning)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.single().and_then(|w| w.help())
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.single().and_then(|w| w.labels())
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        match self.single() {
            Some(_) => None,
            None => Some(Box::new(self.warnings.iter().map(|w| w as &dyn Diagnostic))),
        }
    }
}

/// Every warning of one compilation: `model` is what `scope` lowered to.
pub(crate) fn find(scope: &Scope<'_>, model: &Model) -> Vec<Warning> {
    let mut out = Vec::new();
    let sowing = scope.eff.sections.sowing.after_lap.into_iter();
    let openings = scope.eff.openings.iter().filter_map(|o| scope.opening_parts(o).0.sowing.after_lap);
    for after in sowing.chain(openings) {
        out.extend(shadowed_lap_rules(scope, model, after));
        out.extend(opposite_of_landing(scope, model, after));
    }
    if let Some(end) = scope.eff.sections.end {
        out.extend(conflicting_end_rules(model, end));
        out.extend(no_way_to_end(model, end));
        out.extend(endless_rounds(model, end));
    }
    out.extend(unstated_lap_limit(scope, model));
    out
}

// ─── The opposite hole of a landing on the opponent's side ───────────────────────────────

/// Lap rules about a landing on the opponent's side that ask about the opposite hole of the
/// landing row: the landing hole itself (where holes belong by rows).
fn opposite_of_landing(scope: &Scope<'_>, model: &Model, after: At<'_, ast::AfterLap>) -> Vec<Warning> {
    if model.colours || model.common || model.row_names.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for rule in &after.node.rules {
        let Ok(lowered) = scope.lap_rule(rule) else { continue };
        // A landing in any hole is on the opponent's side some of the time (blind test 26,
        // fault 1: `when the last seed lands in a hole and the opposite hole …`).
        let either = match lowered.side {
            Some(Side::Opponent) => false,
            // … where laps reach the opponent's side: a shared circuit.
            None if model.seats == 2 && !lowered.store && model.circuit.shared => true,
            _ => continue,
        };
        let landing_row = lowered.role.or((model.row_names.len() == 1).then_some(0));
        let mut warn = |span: Span, role: Role| {
            if landing_row == Some(role) {
                let row = model.row_names[usize::from(role)].clone();
                let (label, more) = match either {
                    false => ("the landing hole", String::new()),
                    true => (
                        "the landing hole, where it is the opponent's",
                        format!(
                            ". This rule is about a landing in a hole of either side: to ask about the hole across on both, write a rule for each side, `… lands in an own {row} hole and the opposite {row} hole …` and `… lands in an opponent's {row} hole and the own {row} hole in the landing column …` (a capture may take both holes of the column: `take the opposite {row} hole and the own {row} hole in the landing column`)"
                        ),
                    ),
                };
                // The mover's row facing the opponent's row of this role: the same role seen
                // from the other seat (a board of two rows has one name for both).
                out.push(Warning::OppositeIsLanding {
                    span: span.into(),
                    own: row.clone(),
                    row,
                    label,
                    either: more,
                });
            }
        };
        for (fact, lowered_fact) in rule.facts.iter().zip(&lowered.facts) {
            if let Fact::Opposite(role, _)
            | Fact::OppositeHolds(role, ..)
            | Fact::OppositeSide(role, _)
            | Fact::OppositeMarked(role, _)
            | Fact::Stepped(crate::model::CountAt::Opposite(role), ..) = *lowered_fact
            {
                warn(fact.span, role);
            }
        }
        // A capture that takes the opposite hole of that row takes the landing hole (unless,
        // for a landing on either side, it takes the own hole of the landing column too: both
        // holes of the column, whichever side the landing is on).
        let LapAction::Capture(c) = lowered.action else { continue };
        let Some(capture) = model.captures.get(usize::from(c)) else { continue };
        let Some(written) = scope.eff.captures.get(&capture.name) else { continue };
        if either && capture.take.iter().any(|t| matches!(t, Target::Column(_))) {
            continue;
        }
        for (target, lowered_target) in written.take.iter().zip(&capture.take) {
            if let Target::Opposite(role) = *lowered_target {
                warn(target.span, role);
            }
        }
    }
    out
}

// ─── Shadowed lap rules ──────────────────────────────────────────────────────────────────

/// The largest count a hole can hold.
const MAX_COUNT: u32 = u16::MAX as u32;

/// The dimensions of a landing, each an interval of whole numbers: the facts a lap rule can
/// ask about a landing, and nothing else. A lap rule is a box in this space (a constraint
/// on each dimension, the whole range where it says nothing), so "the rules before it take
/// every landing it describes" is "its box is covered by the union of theirs": exact for
/// whatever the rules say. The space may hold landings no game can reach (a landing hole
/// in an empty row, say); that only makes a rule look reachable when it is not, so a
/// warning is never given wrongly.
mod dim {
    /// The landing is the mover's store (1) or a hole (0).
    pub const STORE: usize = 0;
    /// The landing hole's side: 0 own, 1 the opponent's.
    pub const SIDE: usize = 1;
    /// The landing hole's row role.
    pub const ROLE: usize = 2;
    /// Whether the landing hole carries mark `m` (1) or not (0): `MARK + m`.
    pub const MARK: usize = 3;
    /// Seeds in the landing hole, the last one included.
    pub const HOLDS: usize = MARK + super::MAX_MARKS;
    /// Seeds in the opponent's hole of row role `r` in the landing column: `OPPOSITE + r`.
    pub const OPPOSITE: usize = HOLDS + 1;
    /// Seeds in the mover's own hole of row role `r` in the landing column: `COLUMN + r`.
    pub const COLUMN: usize = OPPOSITE + super::MAX_ROWS;
    /// Seeds in the hole after the landing hole.
    pub const NEXT: usize = COLUMN + super::MAX_ROWS;
    /// A row, `ROW + side * MAX_ROWS + role`: 0 every hole empty, 1 some hole occupied.
    pub const ROW: usize = NEXT + 1;
    /// Seeds the chosen hole held.
    pub const ORIGIN: usize = ROW + 2 * super::MAX_ROWS;
    /// Seeds in the hole before the landing hole.
    pub const PREVIOUS: usize = ORIGIN + 1;
    /// Whether the lap is the turn's first (1) or a later one (0).
    pub const FIRST_LAP: usize = PREVIOUS + 1;
    /// Whether the turn has captured before the lap (1) or not (0).
    pub const CAPTURED: usize = FIRST_LAP + 1;
    /// Whether a seed of the turn has reached a row, `REACHED + side * MAX_ROWS + role`: 0
    /// not yet, 1 it has.
    pub const REACHED: usize = CAPTURED + 1;
    /// Seeds in the hole `k + 2` holes after the landing hole: `AHEAD + k`.
    pub const AHEAD: usize = REACHED + 2 * super::MAX_ROWS;
    /// Seeds in the hole `k + 2` holes before the landing hole: `BEHIND + k`.
    pub const BEHIND: usize = AHEAD + super::ALONG_DIMS;
    /// How many dimensions.
    pub const COUNT: usize = BEHIND + super::ALONG_DIMS;
}

/// The holes counted from the landing hole that have a dimension of their own, each way,
/// beyond the next and the previous hole: up to the 9th after or before it.
const ALONG_DIMS: usize = 8;

/// A set of landings: an interval on each dimension.
type LandingBox = [(u32, u32); dim::COUNT];

/// Every landing the game can have: a store only on a circuit through the mover's store,
/// the opponent's holes only on a shared circuit.
fn landing_space(model: &Model) -> LandingBox {
    let roles = model.row_names.len().clamp(1, MAX_ROWS) as u32;
    let mut space = [(0, 1); dim::COUNT];
    space[dim::STORE] = (0, u32::from(model.circuit.through_store));
    space[dim::SIDE] = (0, u32::from(model.circuit.shared));
    space[dim::ROLE] = (0, roles - 1);
    for m in 0..MAX_MARKS {
        space[dim::MARK + m] = (0, u32::from(m < model.marks.len()));
    }
    space[dim::HOLDS] = (1, MAX_COUNT);
    for r in 0..MAX_ROWS {
        space[dim::OPPOSITE + r] = if (r as u32) < roles { (0, MAX_COUNT) } else { (0, 0) };
        space[dim::COLUMN + r] = if (r as u32) < roles { (0, MAX_COUNT) } else { (0, 0) };
    }
    for side in 0..2 {
        for r in 0..MAX_ROWS {
            space[dim::ROW + side * MAX_ROWS + r] = if (r as u32) < roles { (0, 1) } else { (0, 0) };
        }
    }
    space[dim::ORIGIN] = (1, MAX_COUNT);
    space[dim::PREVIOUS] = (0, MAX_COUNT);
    space[dim::NEXT] = (0, MAX_COUNT);
    for k in 0..ALONG_DIMS {
        space[dim::AHEAD + k] = (0, MAX_COUNT);
        space[dim::BEHIND + k] = (0, MAX_COUNT);
    }
    space[dim::FIRST_LAP] = (0, 1);
    space[dim::CAPTURED] = (0, 1);
    space
}

/// The landings a lap rule applies to, within `space`; `None` if it applies to none. The box
/// may be larger than the rule's landings where a fact has no dimension (a hole counted
/// more than [`ALONG_DIMS`] + 1 holes from the landing hole): then the second value is
/// false, and the box may not stand for the rule as one that takes landings from others.
fn rule_box(rule: &LapRule, space: &LandingBox) -> Option<(LandingBox, bool)> {
    // Facts joined with `or` or negated have no box: the rule's own is larger than its
    // landings.
    let mut exact = rule.either.is_empty();
    let mut b = *space;
    let mut set = |d: usize, lo: u32, hi: u32| b[d] = (b[d].0.max(lo), b[d].1.min(hi));
    let state = |s: HoleState| match s {
        HoleState::Empty => (0, 0),
        HoleState::Occupied => (1, MAX_COUNT),
    };
    let side = |s: Side| match s {
        Side::Own => 0,
        Side::Opponent => 1,
    };
    if rule.store {
        set(dim::STORE, 1, 1);
    } else {
        set(dim::STORE, 0, 0);
    }
    if let Some(s) = rule.side {
        set(dim::SIDE, side(s), side(s));
    }
    if let Some(r) = rule.role {
        set(dim::ROLE, u32::from(r), u32::from(r));
    }
    if let Some(m) = rule.mark {
        set(dim::MARK + usize::from(m), 1, 1);
    }
    // Empty before the last seed fell is 1 seed after it; occupied is 2 or more.
    match rule.landing {
        Some(HoleState::Empty) => set(dim::HOLDS, 1, 1),
        Some(HoleState::Occupied) => set(dim::HOLDS, 2, MAX_COUNT),
        None => {}
    }
    for fact in &rule.facts {
        match *fact {
            Fact::Opposite(r, s) => {
                let (lo, hi) = state(s);
                set(dim::OPPOSITE + usize::from(r), lo, hi);
            }
            Fact::OppositeHolds(r, lo, hi) => set(dim::OPPOSITE + usize::from(r), lo.into(), hi.into()),
            Fact::Column(r, s) => {
                let (lo, hi) = state(s);
                set(dim::COLUMN + usize::from(r), lo, hi);
            }
            Fact::ColumnHolds(r, lo, hi) => set(dim::COLUMN + usize::from(r), lo.into(), hi.into()),
            Fact::Next(s) => {
                let (lo, hi) = state(s);
                set(dim::NEXT, lo, hi);
            }
            Fact::Along(steps, lo, hi) => {
                let k = usize::from(steps.unsigned_abs());
                match steps {
                    1 => set(dim::NEXT, lo.into(), hi.into()),
                    -1 => set(dim::PREVIOUS, lo.into(), hi.into()),
                    2.. if k - 2 < ALONG_DIMS => set(dim::AHEAD + k - 2, lo.into(), hi.into()),
                    ..=-2 if k - 2 < ALONG_DIMS => set(dim::BEHIND + k - 2, lo.into(), hi.into()),
                    _ => exact = false,
                }
            }
            // Whether a hole counted from the landing carries a mark has no dimension; a set of
            // counts is boxed by its run, not exactly.
            Fact::AlongMarked(..)
            | Fact::RowMarked(..)
            | Fact::HandLap
            | Fact::LastSkipped
            | Fact::ChosenMarked(_)
            | Fact::SameIndex(..) => exact = false,
            Fact::Stepped(at, lo, hi, _) => {
                exact = false;
                match at {
                    crate::model::CountAt::Landing => set(dim::HOLDS, lo.into(), hi.into()),
                    crate::model::CountAt::Opposite(r) => {
                        set(dim::OPPOSITE + usize::from(r), lo.into(), hi.into())
                    }
                    crate::model::CountAt::Column(r) => {
                        set(dim::COLUMN + usize::from(r), lo.into(), hi.into())
                    }
                    crate::model::CountAt::Along(_) => {}
                }
            }
            Fact::Row(s, r, st) => {
                let (lo, hi) = state(st);
                set(dim::ROW + side(s) as usize * MAX_ROWS + usize::from(r), lo, hi.min(1));
            }
            Fact::Origin(lo, hi) => set(dim::ORIGIN, lo.into(), hi.into()),
            Fact::Holds(lo, hi) => set(dim::HOLDS, lo.into(), hi.into()),
            Fact::PreviousHolds(lo, hi) => set(dim::PREVIOUS, lo.into(), hi.into()),
            Fact::FirstLap => set(dim::FIRST_LAP, 1, 1),
            Fact::TurnCaptured => set(dim::CAPTURED, 1, 1),
            // The captures of the game so far are not a dimension of the box.
            Fact::Made(..)
            | Fact::OnBoard(..)
            | Fact::Holes { .. }
            | Fact::OppositeSide(..)
            | Fact::OppositeMarked(..) => exact = false,
            Fact::NotReached(s, r, _) => {
                set(dim::REACHED + side(s) as usize * MAX_ROWS + usize::from(r), 0, 0)
            }
        }
    }
    b.iter().all(|(lo, hi)| lo <= hi).then_some((b, exact))
}

fn intersects(a: &LandingBox, b: &LandingBox) -> bool {
    a.iter().zip(b).all(|(x, y)| x.0 <= y.1 && y.0 <= x.1)
}

fn contains(outer: &LandingBox, inner: &LandingBox) -> bool {
    outer.iter().zip(inner).all(|(o, i)| o.0 <= i.0 && i.1 <= o.1)
}

/// Work allowed to find the shadowed rules of one `after each lap`, counted in boxes compared:
/// enough for any file a person writes many times over. Past it, the rules not yet looked at
/// are not warned about (a warning missed, never one given wrongly), so that a file of
/// thousands of rules is checked in bounded time.
const COVER_BUDGET: usize = 4_000_000;

/// Labels naming the earlier rules of one warning; the others are counted in its help.
const MAX_BY: usize = 8;

/// Whether the boxes of `rules` together cover `target`: split `target` along the edges of
/// the first rule that meets it until each piece lies inside one rule or outside them all.
/// `None` when `budget` (boxes compared) runs out first.
fn covered(target: &LandingBox, rules: &[&LandingBox], budget: &mut usize) -> Option<bool> {
    *budget = budget.checked_sub(rules.len() + 1)?;
    let meeting: Vec<&LandingBox> = rules.iter().copied().filter(|r| intersects(r, target)).collect();
    let Some(first) = meeting.first() else { return Some(false) };
    if contains(first, target) {
        return Some(true);
    }
    for d in 0..dim::COUNT {
        let (lo, hi) = target[d];
        let (rlo, rhi) = first[d];
        let cut = if rlo > lo {
            rlo
        } else if rhi < hi {
            rhi + 1
        } else {
            continue;
        };
        let (mut below, mut above) = (*target, *target);
        below[d] = (lo, cut - 1);
        above[d] = (cut, hi);
        return Some(covered(&below, &meeting, budget)? && covered(&above, &meeting, budget)?);
    }
    // `first` meets `target` without containing it, so some dimension has a cut.
    Some(false)
}

/// The spans of the rules that take some of `own`'s landings, at most [`MAX_BY`], and what
/// the help calls them.
fn takers(applying: &[(Span, LandingBox)], own: &LandingBox) -> (Vec<SourceSpan>, String) {
    let all: Vec<SourceSpan> =
        applying.iter().filter(|(_, b)| intersects(b, own)).map(|(s, _)| (*s).into()).collect();
    let those = match all.len() {
        1 => "the rule above".to_string(),
        n if n > MAX_BY => format!("the rules above ({MAX_BY} marked, and {} more)", n - MAX_BY),
        _ => "the rules above".to_string(),
    };
    (all.into_iter().take(MAX_BY).collect(), those)
}

/// The lap rules of one `after each lap` that never apply, and its `otherwise` if no
/// landing reaches it. A rule whose own words contradict each other (so that it applies to
/// no landing at all) is not reported here: no earlier rule is to blame. Each warning names
/// only rules that do apply (a rule that never applies takes no landing from another), so
/// a run of rules shadowed by one is warned about once each, pointing at that one.
fn shadowed_lap_rules(scope: &Scope<'_>, model: &Model, after: At<'_, ast::AfterLap>) -> Vec<Warning> {
    let space = landing_space(model);
    let mut budget = COVER_BUDGET;
    // The rules that apply where a lap ends, and those read as the seeds before its last
    // fall (`a seed lands …`, `a seed before the last lands …`): a rule read at both is
    // shadowed only where rules before it take its landings at both.
    let mut applying: Vec<(Span, LandingBox)> = Vec::new();
    let mut passing: Vec<(Span, LandingBox)> = Vec::new();
    let mut out = Vec::new();
    for rule in &after.node.rules {
        let Some((own, exact)) = scope.lap_rule(rule).ok().and_then(|r| rule_box(&r, &space)) else {
            continue;
        };
        let seeds = rule.seeds.node;
        if matches!(seeds, ast::Seeds::SowingEnd | ast::Seeds::LapStart) {
            // Read once the sowing is over, or before a lap, whatever the lap rules did: it
            // neither shadows them nor is shadowed by them.
            continue;
        }
        let boxes: Vec<&LandingBox> = applying.iter().map(|(_, b)| b).collect();
        let at_last = match seeds {
            // A rule read only as the seeds before a lap's last fall takes no landing from
            // another, and is not warned about.
            ast::Seeds::BeforeLast | ast::Seeds::SowingEnd | ast::Seeds::LapStart => Some(false),
            ast::Seeds::Last | ast::Seeds::Every => covered(&own, &boxes, &mut budget),
        };
        let before_last = match seeds {
            ast::Seeds::Every if at_last == Some(true) => {
                let boxes: Vec<&LandingBox> = passing.iter().map(|(_, b)| b).collect();
                covered(&own, &boxes, &mut budget)
            }
            _ => Some(true),
        };
        match (at_last, before_last) {
            (Some(true), Some(true)) => {
                let (by, those) = takers(&applying, &own);
                out.push(Warning::ShadowedLapRule { span: rule.span.into(), by, those });
            }
            (Some(_), Some(_)) => {
                if exact && seeds != ast::Seeds::BeforeLast {
                    applying.push((rule.span, own));
                }
                if exact && seeds != ast::Seeds::Last {
                    passing.push((rule.span, own));
                }
            }
            _ => return out,
        }
    }
    if let Some(otherwise) = &after.node.otherwise {
        let boxes: Vec<&LandingBox> = applying.iter().map(|(_, b)| b).collect();
        if !applying.is_empty() && covered(&space, &boxes, &mut budget) == Some(true) {
            let (by, _) = takers(&applying, &space);
            out.push(Warning::UnreachableOtherwise { span: otherwise.span.into(), by });
        }
    }
    out
}

// ─── Conflicting end rules ───────────────────────────────────────────────────────────────

/// The end rules as written, by kind, each with its span.
#[derive(Default)]
struct EndSpans {
    no_seeds: Option<Span>,
    blocked: Option<Span>,
    row_empty: Option<Span>,
    one_hole: Option<Span>,
    store_majority: Option<Span>,
}

fn end_spans(end: &ast::EndRules) -> EndSpans {
    let mut spans = EndSpans::default();
    for rule in &end.rules {
        let slot = match rule.node {
            ast::EndRule::NoSeeds(..) | ast::EndRule::NoSeedsWins(_) => &mut spans.no_seeds,
            ast::EndRule::Blocked(..) => &mut spans.blocked,
            ast::EndRule::RowEmpty(..) => &mut spans.row_empty,
            ast::EndRule::OneHole(_) => &mut spans.one_hole,
            ast::EndRule::StoreMajority(..) => &mut spans.store_majority,
            _ => continue,
        };
        // A second blocked rule is an error (or the same rule twice): keep the last, as the
        // compiler does.
        *slot = Some(rule.span);
    }
    spans
}

/// Whether seeds can be kept off the board's holes for a player (in a store or a hand),
/// where a score counts them: only then can a score favour a player with no seeds on their
/// side, or name someone other than the player with seeds on the board.
fn banked(model: &Model) -> bool {
    model.circuit.through_store
        || model.captures.iter().any(|c| c.destination.in_hand() || c.destination.in_store())
}

/// Whether seeds can reach a store (so that a store can hold more than half of them).
fn stored(model: &Model) -> bool {
    model.circuit.through_store || model.captures.iter().any(|c| c.destination.in_store())
}

/// The pairs of end rules that can both apply to one position and give it different results.
/// The engine checks, at the end of every turn: no seeds, then a row empty, then all seeds
/// in one hole, then a store majority; and only at a turn whose player has no legal decision,
/// the rule for a player who cannot move. Repetitions and turn limits are checked last, as
/// the way out of a game that no other rule ends: they never conflict. The pairs:
///
/// | checked first | overruled | position both apply to | when it is warned |
/// |---|---|---|---|
/// | no seeds loses | cannot move: more seeds wins | the player to move has no seeds (so no move) | seeds can be banked (a store or a hand), so the score may favour them; passing not on offer |
/// | no seeds: more seeds wins | cannot move loses | the same | the same |
/// | no seeds: more seeds wins | a row empty loses | a player has no seeds (so the row is empty) | seeds can be banked |
/// | no seeds: more seeds wins | one hole wins | one player has no seeds, the other one occupied hole | seeds can be banked |
/// | no seeds loses | store majority | a player has no seeds, a store holds more than half | seeds can reach a store |
/// | a row empty loses | one hole wins | a player's only occupied hole is in another row | a player owns 2 rows or more |
/// | a row empty loses | store majority | a player's row is empty, a store holds more than half | seeds can reach a store |
/// | a row empty loses | cannot move: more seeds wins | the player to move has no seeds (so the row is empty) | seeds can be banked; passing not on offer |
/// | one hole wins | store majority | a player has one occupied hole, a store holds more than half | seeds can reach a store |
/// | store majority | cannot move loses | the player to move cannot move, a store holds more than half | seeds can reach a store |
///
/// Two rules that both make a player lose (or both score) never conflict over that
/// player. Not warned: a player with one occupied hole who cannot move (one hole wins,
/// cannot move loses), since whether that can happen depends on the `choose` rules; and two
/// rules that each condemn a different player at the same moment, which the engine's order
/// settles.
fn conflicting_end_rules(model: &Model, end: At<'_, ast::EndRules>) -> Vec<Warning> {
    let spans = end_spans(end.node);
    let rules = &model.end;
    // A score of captured seeds may favour a player with no seeds on their side whenever
    // anything is captured.
    let banked = banked(model) || (model.end.score == Score::Captured && !model.captures.is_empty());
    let stored = stored(model);
    let blocked_applies = !rules.pass_loses;
    let two_rows = model.row_names.len() >= 2;
    let mut out = Vec::new();
    let mut warn =
        |first: Option<Span>, first_says: &str, second: Option<Span>, second_says: &str, help: &str| {
            if let (Some(first), Some(second)) = (first, second) {
                out.push(Warning::ConflictingEndRules {
                    first: first.into(),
                    first_says: first_says.into(),
                    second: second.into(),
                    second_says: second_says.into(),
                    help: help.into(),
                });
            }
        };
    let in_holes;
    let score = match model.end.score {
        Score::Seeds => "the player with more seeds (on their side, in hand and in store) wins",
        Score::Captured => "the player who captured more seeds wins",
        Score::Holes(holes) => {
            in_holes = format!("the player with more seeds in their {} wins", model.their_holes_text(holes));
            in_holes.as_str()
        }
    };
    const EITHER: &str = "Keep the rule you mean and remove the other, or make both end the game the same way (both `loses`, or both `ends the game and the player with more seeds wins`)";
    let no_seeds = rules.no_seeds.and(spans.no_seeds);
    let scored_blocked = (rules.blocked == Blocked::Scores).then_some(spans.blocked).flatten();
    let losing_blocked = (rules.blocked == Blocked::Loses).then_some(spans.blocked).flatten();
    let store_majority = rules.store_limit.is_some().then_some(spans.store_majority).flatten();
    let row_empty = rules.row_empty.and(spans.row_empty);
    let one_hole = rules.one_hole.then_some(spans.one_hole).flatten();
    match rules.no_seeds {
        Some(Ending::Plain) => {
            if banked && blocked_applies {
                warn(
                    no_seeds,
                    "the player with no seeds loses",
                    scored_blocked,
                    score,
                    &format!(
                        "a player with no seeds on their side cannot move either, and seeds kept in a store or a hand may give them the higher score: the first rule makes them lose where the second might make them win. {EITHER}"
                    ),
                );
            }
            if stored {
                warn(
                    no_seeds,
                    "the player with no seeds loses",
                    store_majority,
                    score,
                    &format!(
                        "a player with no seeds on their side may own the store that holds more than half the seeds: the first rule makes them lose where the second makes them win. {EITHER}"
                    ),
                );
            }
        }
        Some(Ending::Scored) => {
            if banked && blocked_applies {
                warn(
                    no_seeds,
                    score,
                    losing_blocked,
                    "the player who cannot move loses",
                    &format!(
                        "a player with no seeds on their side cannot move either, and seeds kept in a store or a hand may give them the higher score: the first rule may make them win where the second makes them lose. {EITHER}"
                    ),
                );
            }
            if banked {
                warn(
                    no_seeds,
                    score,
                    row_empty,
                    "the player whose row is empty loses",
                    &format!(
                        "a player with no seeds has an empty row too, and seeds kept in a store or a hand may give them the higher score: the first rule may make them win where the second makes them lose. {EITHER}"
                    ),
                );
                warn(
                    no_seeds,
                    score,
                    one_hole,
                    "the player with all their seeds in one hole wins",
                    &format!(
                        "when one player has no seeds and the other all theirs in one hole, seeds kept in a store or a hand may give the first the higher score: the first rule may make them win where the second makes the other player win. {EITHER}"
                    ),
                );
            }
        }
        Some(Ending::Wins) => warn(
            no_seeds,
            "the player with no seeds wins",
            row_empty,
            "the player whose row is empty loses",
            "a player with no seeds has an empty row too: the first rule makes them win where the second makes them lose. Keep the rule you mean and remove the other",
        ),
        None => {}
    }
    if two_rows {
        warn(
            row_empty,
            "the player whose row is empty loses",
            one_hole,
            "the player with all their seeds in one hole wins",
            "a player with all their seeds in one hole of another row has an empty row: the first rule makes them lose where the second makes them win. Keep the rule you mean and remove the other",
        );
    }
    if stored {
        warn(
            row_empty,
            "the player whose row is empty loses",
            store_majority,
            score,
            &format!(
                "a player whose row is empty may own the store that holds more than half the seeds: the first rule makes them lose where the second makes them win. {EITHER}"
            ),
        );
        warn(
            one_hole,
            "the player with all their seeds in one hole wins",
            store_majority,
            score,
            "a player with all their seeds in one hole may face an opponent whose store holds more than half the seeds: the first rule makes one player win where the second makes the other win. Keep the rule you mean and remove the other",
        );
        warn(
            store_majority,
            score,
            losing_blocked,
            "the player who cannot move loses",
            &format!(
                "a player who cannot move may own the store that holds more than half the seeds: the first rule makes them win where the second makes them lose. {EITHER}"
            ),
        );
    }
    if banked && blocked_applies {
        warn(
            row_empty,
            "the player whose row is empty loses",
            scored_blocked,
            score,
            &format!(
                "a player with no seeds on their side has an empty row and cannot move, and seeds kept in a store or a hand may give them the higher score: the first rule makes them lose where the second might make them win. {EITHER}"
            ),
        );
    }
    out
}

// ─── No way to end ───────────────────────────────────────────────────────────────────────

/// Whether a seed can ever leave the board's holes: a circuit through a store, a capture
/// that keeps what it takes off the board (out of play, in a hand or a store), or one that
/// takes further seeds or holes after it (those never go back on the board), or a turn of
/// taking holes.
fn seeds_leave(model: &Model) -> bool {
    // Seeds in a hand come back where a turn sows or places them (blind test 24, fault 3:
    // captures into the hand, sown back, were taken as leaving the board).
    let hand_returns = model.end.gift.is_some()
        || model.phases.iter().any(
            |p| matches!(&p.turn, Turn::Sow(s) if s.hand_sow.is_some() || s.hand_entry || s.place.is_some()),
        );
    let to_hand = |d: Destination| matches!(d, Destination::Hand | Destination::OwnersHand);
    // A capture that takes holes and keeps their seeds off the board (not one that takes
    // nothing, or puts or sows them back: blind test 22), or one with picks.
    let keeps = |c: &crate::model::Capture| {
        let back = matches!(c.destination, Destination::Sow(_) | Destination::Put(_))
            || (hand_returns && to_hand(c.destination));
        !c.take.is_empty() && c.each != Some(0) && !back
    };
    model.circuit.through_store
        || model.captures.iter().any(|c| keeps(c) || !c.follow_ups.is_empty())
        || model.phases.iter().any(|p| match p.turn {
            Turn::Take { .. } => true,
            Turn::Empty { to_hand, .. } => !(hand_returns && to_hand),
            _ => false,
        })
}

/// A game with no repetition rule, no turn limit, and seeds that never leave the board: the
/// number of positions is finite, so a long enough game repeats one, and from there it can
/// go round for ever. (It may still end by a block or a player running out of seeds, but
/// nothing makes it.)
fn endless_rounds(model: &Model, end: At<'_, ast::EndRules>) -> Vec<Warning> {
    let Some(rounds) = model.end.rounds else { return Vec::new() };
    // Points to a target end the rounds: every round won on score brings its winner closer.
    if model.end.turn_limit.is_some() || model.end.points_win.is_some() {
        return Vec::new();
    }
    let why = match rounds.refill {
        Some(_) => "rounds follow each other until a player cannot fill a hole",
        None => "each round starts as the game does, and nothing ends the game between rounds",
    };
    let rule = end.node.rules.iter().find(|r| matches!(r.node, ast::EndRule::Rounds(_)));
    rule.map(|r| Warning::EndlessRounds { span: r.span.into(), why }).into_iter().collect()
}

fn no_way_to_end(model: &Model, end: At<'_, ast::EndRules>) -> Vec<Warning> {
    let rules = &model.end;
    if rules.repetition.is_some() || rules.turn_limit.is_some() || seeds_leave(model) {
        return Vec::new();
    }
    vec![Warning::NoWayToEnd { span: end.keyword.into() }]
}

// ─── An unstated lap limit ───────────────────────────────────────────────────────────────

/// Whether a sowing of some phase may go on after a lap: a lap rule (or `otherwise`) that
/// relays or lets the mover relay, or a capture whose seeds are sown on as a lap of their own
/// or that relays from the hole after the landing.
fn sowing_goes_on(model: &Model) -> bool {
    let relays = |a: LapAction| {
        matches!(a, LapAction::Relay | LapAction::RelayBack | LapAction::RelayNext | LapAction::MayStop)
    };
    let sows_on = |c: &crate::model::Capture| {
        c.relay_after.is_some() || matches!(c.destination, Destination::Sow(resow) if resow.goes_on())
    };
    let phases = model.phases.iter().filter_map(|p| match &p.turn {
        Turn::Sow(sowing) => Some(sowing),
        _ => None,
    });
    phases.into_iter().any(|s| s.actions().any(relays)) || model.captures.iter().any(sows_on)
}

/// A sowing that may go on from lap to lap, with no `after N laps a sowing is endless`: how
/// long a sowing may run before it is refused is then the engine's bound, which the file
/// does not state. Placed on the first `after each lap` section (the main game's, else an
/// opening's), else on the `sow` section.
fn unstated_lap_limit(scope: &Scope<'_>, model: &Model) -> Vec<Warning> {
    if model.lap_limit.is_some() || !sowing_goes_on(model) {
        return Vec::new();
    }
    let openings = scope.eff.openings.iter().map(|o| scope.opening_parts(o).0.sowing);
    let sowings: Vec<_> = [scope.eff.sections.sowing].into_iter().chain(openings).collect();
    let after = sowings.iter().find_map(|s| s.after_lap.map(|a| a.keyword));
    let sow = sowings.iter().find_map(|s| s.sow.map(|a| a.keyword));
    let Some(span) = after.or(sow) else { return Vec::new() };
    let what = if after.is_some() { "a lap may go on from here" } else { "sowings go on here" };
    let help = format!(
        "a sowing that would never end is refused as a move. `sow` finds one exactly when its laps repeat, but one that has neither ended nor repeated after {MAX_SOWING_LAPS} laps is refused then, by the engine's own bound. Say what the game does: `after {MAX_SOWING_LAPS} laps a sowing is endless` makes that bound a rule of the file, and a lower limit (at least {MIN_LAP_LIMIT}) makes long decisions cheaper"
    );
    vec![Warning::UnstatedLapLimit { span: span.into(), what: what.to_string(), help }]
}
