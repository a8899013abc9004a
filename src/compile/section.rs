//! The body of each section in the model's terms: setup counts, the circuit, choice
//! descriptions, lap rules, captures, end rules and the turns of openings. Each is resolved
//! once, to its value or to the diagnostics that say what is wrong with it.

use super::assemble::{At, SowingSections, put};
use super::error::CheckError;
use super::resolve::{Against, Errors, Found, Named, Scope};
use crate::model::*;
use crate::span::{Span, Spanned};
use crate::syntax::ast::{self, SectionKind};

/// The sections of an opening, each the first of its kind.
#[derive(Default)]
pub(crate) struct OpeningParts<'a> {
    /// `lasts N turns`.
    pub lasts: Option<&'a Spanned<ast::Value>>,
    /// Its own `choose`, `sow` and `after each lap`.
    pub sowing: SowingSections<'a>,
    /// What a turn of it is, if not a sowing.
    pub turn: Option<OpeningTurn<'a>>,
    /// `a player may pass [when …]`: its facts, and where it is written.
    pub pass: Option<(&'a [Spanned<ast::SideFact>], Span)>,
    /// `it ends when both players pass in a row`, where it is written.
    pub ends_on_passes: Option<Span>,
    /// `it ends for a player when …`: its facts.
    pub ends_when: Option<&'a [Spanned<ast::SideFact>]>,
    /// `it ends for a player when they pass`, where it is written.
    pub ends_on_pass: Option<Span>,
    /// `a player keeps the turn until they pass, at most N moves`: N, and where it is written.
    pub keeps_turn: Option<(&'a Spanned<ast::Value>, Span)>,
    /// `a seed moved into … captures NAME`, and where it is written.
    pub drop_capture: Option<(&'a ast::DropCapture, Span)>,
    /// `it ends for a player when a capture leaves N seeds in the hole it sows from`: the
    /// seeds, and where the line is written.
    pub ends_at_capture: Option<(&'a Spanned<ast::SeedRange>, Span)>,
    /// `a player who cannot move in it loses`, where it is written.
    pub blocked_loses: Option<Span>,
    /// `a player may swap sides[, instead of moving]`.
    pub swap: Option<(bool, Span)>,
    /// `only the first player plays it`.
    pub first_only: Option<Span>,
    /// `, the other matching their arrangement`.
    pub first_matched: Option<Span>,
    /// `it is played from the second round on` (or `, from …` after `only the first player
    /// plays it`), `… in the first round only`.
    pub rounds: Option<Spanned<ast::PlayedRounds>>,
}

/// A turn of an opening other than a sowing.
#[derive(Clone)]
pub(crate) enum OpeningTurn<'a> {
    /// `take N occupied holes from …`.
    Take(&'a ast::TakeTurn),
    /// `move N seeds from … to …`, one or more lines, and where each is written.
    Transfer(Vec<(&'a ast::TransferTurn, Span)>),
    /// `mark … hole as NAME`.
    Mark(&'a ast::MarkTurn),
    /// `remove the seeds of … from play` or `put the seeds of … in the mover's hand`.
    Empty(&'a ast::EmptyTurn),
}

/// The first rule that applies to every landing, if any: the rules after it never apply.
pub(crate) fn catch_all(after: &ast::AfterLap) -> Option<Span> {
    after
        .rules
        .iter()
        // A rule read only as the seeds before the last fall, or once the sowing is over, is
        // never read where a lap ends.
        .filter(|r| matches!(r.seeds.node, ast::Seeds::Last | ast::Seeds::Every))
        .find(|r| r.landing.node.is_empty() && r.store.is_none() && r.facts.is_empty() && r.either.is_empty())
        .map(|r| r.span)
}

impl Scope<'_> {
    /// The seeds in each hole at the start, in board order.
    pub fn setup(&self, section: At<'_, ast::Setup>) -> Found<(Vec<u16>, Vec<u16>)> {
        let mut errors = Errors::default();
        let mut counts = self.board.map(|b| vec![0u64; b.holes()]);
        let seats = self.eff.sections.players.map_or(2, |p| p.node.node as usize).clamp(2, MAX_SEATS);
        let mut hand = vec![0u64; seats];
        for line in &section.node.lines {
            if !errors.take_one(self.setup_line_holds(line)).unwrap_or(true) {
                continue;
            }
            let count = errors.take_one(self.seed_count(&line.count));
            let only = line.only.as_ref().map(|seat| match seat.node {
                ast::SeatName::South => Player::South,
                ast::SeatName::North => Player::North,
            });
            if line.holes.node == ast::HoleSet::Hand {
                // `, for North only`: that player's hand alone.
                for (seat, h) in hand.iter_mut().enumerate() {
                    if only.is_none_or(|p| p.index() == seat) {
                        *h = count.unwrap_or(0);
                    }
                }
                continue;
            }
            let holes = errors.take(self.holes(&line.holes));
            if let (Some(board), Some(counts), Some(count), Some(holes)) =
                (self.board, counts.as_mut(), count, holes)
            {
                for h in holes {
                    if only.is_some_and(|p| board.owner_of(h).0 != p) {
                        continue;
                    }
                    if let Some(c) = counts.get_mut(board.index(h)) {
                        *c = count;
                    }
                }
            }
        }
        let Some(counts) = counts else { return Err(errors.0) };
        let total: u64 = counts.iter().sum::<u64>().saturating_add(hand.iter().sum::<u64>());
        if total == 0 {
            errors.push(CheckError::NoSeeds { span: section.span.into() });
        } else if total > u64::from(MAX_SEEDS) {
            errors.push(CheckError::TooManySeeds { total, span: section.span.into() });
        }
        errors.finish(Some((
            counts.into_iter().map(|c| c as u16).collect(),
            hand.into_iter().map(|c| c as u16).collect(),
        )))
    }

    /// Whether a setup line's `when` holds on this board.
    fn setup_line_holds(&self, line: &ast::SetupLine) -> Result<bool, CheckError> {
        line.when.as_ref().map_or(Ok(true), |when| self.when_holds(when))
    }

    /// Whether `, when PARAM is N` holds on this board.
    fn when_holds(&self, when: &Spanned<ast::SetupWhen>) -> Result<bool, CheckError> {
        let param = &when.node.param;
        let value = self.value(&Spanned::new(ast::Value::Param(param.node.clone()), param.span))?;
        Ok(match when.node.bound {
            ast::Bound::Exactly => value == when.node.value,
            ast::Bound::AtLeast => value >= when.node.value,
            ast::Bound::AtMost => value <= when.node.value,
        })
    }

    /// The table of opposite holes (`opposite holes { … }`): empty where its `when` does not
    /// hold (and then not read further). Each hole and row is given at most once, every hole
    /// named is on the board, and a side store named is on it too.
    pub fn opposites(&self, table: At<'_, ast::OppositeHoles>) -> Found<Vec<OppositeHole>> {
        let mut errors = Errors::default();
        let holds = match &table.node.when {
            Some(when) => errors.take_one(self.when_holds(when)),
            None => Some(true),
        };
        let mut out: Vec<OppositeHole> = Vec::new();
        let mut given: Vec<(Cell, Role, Span)> = Vec::new();
        // A table for other boards names holes of theirs: it is read where it holds, as a
        // setup line is.
        let lines = if holds == Some(false) { &[][..] } else { &table.node.lines[..] };
        for line in lines {
            let hole = errors.take_one(self.hole_named(&line.hole));
            for (row, facing) in &line.faces {
                let role = errors.take(self.row(row));
                let facing = match facing.node {
                    ast::Facing::Hole(name) => {
                        errors.take_one(self.hole_named(&Spanned::new(name, facing.span))).map(Facing::Hole)
                    }
                    ast::Facing::SideStore(side) => {
                        let side_stores =
                            self.eff.sections.board.is_some_and(|b| b.node.side_stores.is_some());
                        if side_stores {
                            Some(Facing::SideStore(side.into()))
                        } else {
                            errors.push(CheckError::NoSideStores { span: facing.span.into() });
                            None
                        }
                    }
                    ast::Facing::Nothing => Some(Facing::Nothing),
                };
                let (Some(hole), Some(role), Some(facing)) = (hole, role, facing) else { continue };
                let at = line.hole.span.to(row.span);
                if let Some(&(_, _, first)) = given.iter().find(|g| g.0 == hole && g.1 == role) {
                    errors.push(CheckError::OppositeTwice {
                        hole: self.text(line.hole.span),
                        row: row.node.clone(),
                        span: at.into(),
                        first: first.into(),
                    });
                    continue;
                }
                given.push((hole, role, at));
                out.push(OppositeHole { hole, role, facing });
            }
        }
        errors.finish(self.board.map(|_| out))
    }

    /// A hole named in board notation (`b1`), on the board.
    pub(super) fn hole_named(&self, name: &Spanned<ast::HoleName>) -> Result<Cell, CheckError> {
        let board = self.board.ok_or_else(|| CheckError::OffBoard {
            what: format!("`{}`", self.text(name.span)),
            span: name.span.into(),
            help: "the board's size is not known".into(),
        })?;
        let (row, column) = (usize::from(name.node.row), name.node.column);
        if row < board.rows && (1..=board.columns as u64).contains(&column) {
            return Ok(Cell::new(row, column as usize - 1));
        }
        let last_row = (b'a' + board.rows as u8 - 1) as char;
        Err(CheckError::OffBoard {
            what: format!("`{}`", self.text(name.span)),
            span: name.span.into(),
            help: format!(
                "holes are named by a row letter a–{last_row} (from South's outer row) and a column 1–{} (from South's left), e.g. `b{}`",
                board.columns, board.columns
            ),
        })
    }

    /// The holes marked at the start, for each kind of mark.
    pub fn marked(&self) -> Found<Vec<Vec<Cell>>> {
        let mut errors = Errors::default();
        if let Some(extra) = self.eff.marks.get(MAX_MARKS) {
            errors.push(CheckError::TooManyMarks { max: MAX_MARKS, span: extra.name.span.into() });
        }
        let mut out = Vec::new();
        for m in &self.eff.marks {
            let mut cells = Vec::new();
            for line in &m.holes {
                let holds = match &line.when {
                    Some(when) => errors.take_one(self.when_holds(when)).unwrap_or(false),
                    None => true,
                };
                if holds && let Some(holes) = errors.take(self.holes(&line.holes)) {
                    cells.extend(holes);
                }
            }
            out.push(cells);
        }
        errors.finish(self.board.map(|_| out))
    }

    /// For each kind of mark, in the order declared: the fewest seeds a hole keeps it with
    /// (`, while it holds at least 6 seeds`), and the count at which a hole loses it (`, until
    /// it holds at least 8 seeds`).
    pub fn keep_mins(&self) -> Found<Vec<(Option<u16>, Option<u16>)>> {
        let mut errors = Errors::default();
        let mut out = Vec::new();
        let mut count = |v: &Option<Spanned<ast::Count>>| match v {
            Some(v) => match errors.take_one(self.count_of(v)) {
                Some(0) => {
                    errors.push(CheckError::ZeroAmount { span: v.span.into() });
                    None
                }
                Some(n) if u32::from(n) > crate::model::MAX_SEEDS => {
                    let max = u64::from(crate::model::MAX_SEEDS);
                    errors.push(CheckError::TooLarge { value: u64::from(n), max, span: v.span.into() });
                    None
                }
                n => n,
            },
            None => None,
        };
        for m in &self.eff.marks {
            out.push((count(&m.keep_min), count(&m.open_at)));
        }
        errors.finish(Some(out))
    }

    /// The circuit seeds go round.
    pub fn circuit(&self, section: At<'_, ast::Circuit>) -> Result<Circuit, CheckError> {
        let c = section.node;
        if c.path.is_some() {
            return Ok(Circuit {
                direction: Direction::Anticlockwise,
                chosen: Chosen::Never,
                each_round: false,
                for_all: false,
                shared: true,
                edge: false,
                through_store: false,
                skip_origin: false,
                skip_chosen: false,
                ring_role: None,
                path: true,
            });
        }
        if let Some(through) = c.through_store {
            if c.all_rows.is_none() {
                return Err(CheckError::NeedsSharedCircuit {
                    what: self.text(through),
                    span: through.into(),
                });
            }
            self.need_stores(through)?;
        }
        let ring_role = match &c.rows_of {
            Some(name) => Some(self.row(name).map_err(|mut e| e.remove(0))?),
            None => None,
        };
        match (self.board, c.all_rows) {
            (Some(_), None) if ring_role.is_some() || c.edge.is_some() => {}
            (Some(shape), None) if !(2..=3).contains(&shape.per_side()) => {
                return Err(CheckError::CircuitRows {
                    span: section.span.into(),
                    per_side: shape.per_side(),
                });
            }
            // On three rows, all rows run through each player's row and half of the middle row.
            (Some(shape), Some(all)) if shape.rows == 3 && shape.columns % 2 == 1 => {
                return Err(CheckError::MiddleColumns {
                    columns: shape.columns as u64,
                    span: all.into(),
                    what: "through each player's row and half of the middle row".into(),
                });
            }
            (Some(shape), Some(all)) if shape.rows != 2 && shape.rows != 3 => {
                return Err(CheckError::SharedCircuitRows { span: all.into(), rows: shape.rows });
            }
            _ => {}
        }
        if let Some((other, _)) = c.other
            && other.node == c.direction.node
        {
            return Err(CheckError::ConflictingWords {
                word: self.text(other.span),
                other: self.text(c.direction.span),
                span: other.span.into(),
                first: c.direction.span.into(),
                help: "name both directions: `anticlockwise or clockwise, chosen once`".into(),
            });
        }
        Ok(Circuit {
            direction: c.direction.node.into(),
            chosen: match c.other {
                None => Chosen::Never,
                Some((_, false)) => Chosen::Once,
                Some((_, true)) => Chosen::EachTurn,
            },
            each_round: c.each_round.is_some(),
            for_all: c.for_all.is_some(),
            shared: c.all_rows.is_some() || ring_role.is_some() || c.edge.is_some(),
            edge: c.edge.is_some(),
            through_store: c.through_store.is_some(),
            skip_origin: c.skip_origin.is_some(),
            skip_chosen: c.skip_chosen.is_some(),
            ring_role,
            path: false,
        })
    }

    /// The choice descriptions of a `choose` section, in order (its turning lines checked
    /// too: see [`Scope::turnings`]).
    pub fn choices(&self, choose: &ast::Choose) -> Found<Vec<Choice>> {
        let mut errors = Errors::default();
        let out: Vec<Option<Choice>> = choose.choices.iter().map(|c| errors.take(self.choice(c))).collect();
        errors.take(self.turnings(choose));
        if let Some(whole) = &choose.whole_move {
            errors.take(self.whole_move(&whole.node));
        }
        errors.finish(out.into_iter().collect())
    }

    /// `a player may instead move all seeds of … into the next hole`.
    pub fn whole_move(&self, whole: &ast::WholeMove) -> Found<crate::model::WholeMove> {
        Ok(crate::model::WholeMove { from: self.choice(&whole.from)?, not_again: whole.not_again })
    }

    /// The `also …, DIRECTION, if …` lines of a `choose` section, in order.
    pub fn turnings(&self, choose: &ast::Choose) -> Found<Vec<Turning>> {
        let mut errors = Errors::default();
        let circuit = self.eff.sections.circuit.map(|c| c.node);
        let out: Vec<Option<Turning>> = choose
            .turnings
            .iter()
            .map(|t| {
                let choice = errors.take(self.choice(&t.node.choice));
                if let Some(c) = circuit {
                    if let Some((other, _)) = c.other {
                        errors.push(CheckError::ConflictingWords {
                            word: self.text(t.node.direction.span),
                            other: self.text(other.span),
                            span: t.node.direction.span.into(),
                            first: other.span.into(),
                            help:
                                "a lap is turned only where the mover's direction is not theirs to choose: \
                                   keep the circuit's `or …, chosen …` or the `also` line"
                                    .into(),
                        });
                    } else if c.direction.node == t.node.direction.node {
                        errors.push(CheckError::ConflictingWords {
                            word: self.text(t.node.direction.span),
                            other: self.text(c.direction.span),
                            span: t.node.direction.span.into(),
                            first: c.direction.span.into(),
                            help: "an `also` line names the other way than the circuit's, the way a lap \
                                   may be turned"
                                .into(),
                        });
                    }
                }
                let condition = match &t.node.condition {
                    None => Some(None),
                    Some(c) => match &c.node {
                        ast::TurnCondition::Captures => Some(Some(TurnCondition::Captures)),
                        ast::TurnCondition::Lands(rule) => {
                            errors.take(self.lap_end_rule(rule)).map(|r| Some(TurnCondition::Lands(r)))
                        }
                    },
                };
                let (choice, condition) = (choice?, condition?);
                let judged_whole = t.node.judged_whole.is_some();
                Some(Turning { choice, direction: t.node.direction.node.into(), condition, judged_whole })
            })
            .collect();
        if choose.turnings.is_empty() {
            let lines = [
                (choose.leave_turned, "leaving a turned lap's captured seeds"),
                (choose.turned_once, "a limit on turned laps that capture"),
            ];
            for (span, what) in lines {
                if let Some(span) = span {
                    errors.push(CheckError::NeedsTurning { what: what.into(), span: span.into() });
                }
            }
        }
        errors.finish(out.into_iter().collect())
    }

    /// A `choose` block's preferred first laps, most preferred first.
    pub fn preferences(&self, choose: &ast::Choose) -> Found<Vec<TurnCondition>> {
        let mut errors = Errors::default();
        let out: Vec<Option<TurnCondition>> = choose
            .prefer
            .iter()
            .map(|c| match &c.node {
                ast::TurnCondition::Captures => Some(TurnCondition::Captures),
                ast::TurnCondition::Lands(rule) => {
                    errors.take(self.lap_end_rule(rule)).map(TurnCondition::Lands)
                }
            })
            .collect();
        errors.finish(out.into_iter().collect())
    }

    /// One hole of each player's (`the leftmost pit hole`, as where a hand is sown from): its
    /// row and column, from the owner's seat.
    pub fn one_hole(&self, hole: &Spanned<ast::HoleSet>) -> Found<(Role, Column)> {
        match &hole.node {
            ast::HoleSet::One { position, row, from_right } => {
                let mut errors = Errors::default();
                let role = errors.take(self.row(row));
                let column = errors.take_one(self.column(position, *from_right, hole.span));
                errors.finish(role.zip(column))
            }
            _ => Ok((0, Column::FromLeft(0))),
        }
    }

    /// A `choose` block's blocking rule.
    pub fn block(&self, block: &Spanned<ast::Block>) -> Found<Block> {
        let mut errors = Errors::default();
        let mark = errors.take_one(self.mark(&block.node.mark));
        let mut exempt = Vec::new();
        for e in &block.node.exempt {
            let found = match &e.node {
                ast::BlockExempt::Marked(name) => errors.take_one(self.mark(name)).map(BlockExempt::Marked),
                ast::BlockExempt::OnlyOccupied(row) => {
                    errors.take(self.row(row)).map(BlockExempt::OnlyOccupied)
                }
                ast::BlockExempt::OnlyMoreThan(row, n) => {
                    let role = errors.take(self.row(row));
                    if n.node > u64::from(crate::model::MAX_SEEDS) {
                        let max = u64::from(crate::model::MAX_SEEDS);
                        errors.push(CheckError::TooLarge { value: n.node, max, span: n.span.into() });
                    }
                    role.map(|role| BlockExempt::OnlyMoreThan(role, n.node.min(u64::from(u16::MAX)) as u16))
                }
            };
            exempt.extend(found);
        }
        errors.finish(mark.map(|mark| Block { mark, exempt }))
    }

    /// The holes a choice description is about.
    fn choice_holes(&self, holes: &Spanned<ast::ChoiceHoles>) -> Found<HoleSet> {
        match &holes.node {
            ast::ChoiceHoles::Own(None) | ast::ChoiceHoles::Theirs(None) => Ok(HoleSet::Territory),
            ast::ChoiceHoles::Own(Some(name)) | ast::ChoiceHoles::Theirs(Some(name)) => {
                Ok(match self.row_or_mark(name)? {
                    Named::Row(role) => HoleSet::Row(role),
                    Named::Mark(mark) => HoleSet::Marked(mark),
                })
            }
            ast::ChoiceHoles::One(hole @ ast::HoleSet::One { .. })
            | ast::ChoiceHoles::TheirOne(hole @ ast::HoleSet::One { .. }) => {
                let (role, column) = self.one_hole(&Spanned::new(hole.clone(), holes.span))?;
                Ok(HoleSet::One { role, column })
            }
            ast::ChoiceHoles::One(_) | ast::ChoiceHoles::TheirOne(_) => Ok(HoleSet::Territory),
            ast::ChoiceHoles::Rearmost => Ok(HoleSet::Rearmost),
            ast::ChoiceHoles::AfterMark { steps, mark } => {
                let mut errors = Errors::default();
                let steps = errors.take_one(self.value(steps));
                let mark = errors.take_one(self.mark(mark));
                errors.finish(steps.zip(mark).map(|(steps, mark)| HoleSet::AfterMark {
                    mark,
                    steps: steps.min(u64::from(u8::MAX)) as u8,
                }))
            }
        }
    }

    /// One choice description: its holes and the conditions on them.
    fn choice(&self, choice: &Spanned<ast::Choice>) -> Found<Choice> {
        let mut errors = Errors::default();
        let holes = errors.take(self.choice_holes(&choice.node.holes));
        if matches!(choice.node.holes.node, ast::ChoiceHoles::Theirs(_) | ast::ChoiceHoles::TheirOne(_)) {
            // The mover sows an opponent's hole along their own circuit, which must pass it.
            let circuit = self.eff.sections.circuit.map(|c| c.node);
            let shared =
                circuit.is_some_and(|c| c.edge.is_some() || c.rows_of.is_some() || c.all_rows.is_some());
            if !shared {
                errors.push(CheckError::TheirsOffCircuit { span: choice.node.holes.span.into() });
            }
        }
        let (mut min, mut max): (u64, u64) = (1, u64::from(u16::MAX));
        let mut next: Option<Spanned<ast::HoleState>> = None;
        let mut previous: Option<Spanned<ast::HoleState>> = None;
        let mut except = Vec::new();
        let mut most = false;
        let mut furthest = false;
        let mut opposite = None;
        let mut captures = false;
        let mut facing = false;
        let mut lands_in = None;
        let mut lap_ends = None;
        let mut reaches = None;
        let (mut none_fits, mut none_theirs) = (None, false);
        let mut only = None;
        for filter in &choice.node.filters {
            match &filter.node {
                ast::Filter::Only(seat) => {
                    only = Some(match seat {
                        ast::SeatName::South => Player::South,
                        ast::SeatName::North => Player::North,
                    })
                }
                ast::Filter::Most => most = true,
                ast::Filter::Furthest => furthest = true,
                ast::Filter::Captures => captures = true,
                ast::Filter::Facing => facing = true,
                ast::Filter::LandsIn(row) => lands_in = errors.take(self.row(row)),
                ast::Filter::LapEnds(rule) => lap_ends = errors.take(self.lap_end_rule(rule)),
                ast::Filter::LapReaches(side, row) => {
                    reaches = errors.take(self.row(row)).map(|role| ((*side).into(), role));
                }
                ast::Filter::NoneFits(other, theirs) => {
                    none_theirs = *theirs;
                    if let Some(inner) =
                        other.node.filters.iter().find(|f| matches!(f.node, ast::Filter::NoneFits(..)))
                    {
                        errors.push(CheckError::NestedNoneFits {
                            span: inner.span.into(),
                            outer: filter.span.into(),
                        });
                    }
                    none_fits = errors.take(self.choice(other)).map(Box::new);
                }
                ast::Filter::Opposite(row, state) => {
                    opposite = errors.take(self.row(row)).map(|role| (role, (*state).into()));
                }
                ast::Filter::Except(holes) => {
                    except.extend(holes.iter().filter_map(|h| errors.take(self.choice_holes(h))));
                }
                ast::Filter::Seeds { bound, count } => {
                    let Some(n) = errors.take_one(self.value(count)) else { continue };
                    match bound {
                        ast::Bound::Exactly => (min, max) = (min.max(n), max.min(n)),
                        ast::Bound::AtLeast => min = min.max(n),
                        ast::Bound::AtMost => max = max.min(n),
                    }
                    errors.0.extend(impossible_counts(min, max, filter.span, choice.span));
                }
                ast::Filter::Neighbour(which, state) => {
                    let (slot, name) = match which {
                        ast::Neighbour::Next => (&mut next, "next"),
                        ast::Neighbour::Previous => (&mut previous, "previous"),
                    };
                    if let Some(prev) = *slot
                        && prev.node != *state
                    {
                        errors.push(CheckError::ConflictingWords {
                            word: self.text(filter.span),
                            other: self.text(prev.span),
                            span: filter.span.into(),
                            first: prev.span.into(),
                            help: format!(
                                "the {name} hole is either empty or occupied: keep one of the two conditions"
                            ),
                        });
                    }
                    *slot = Some(Spanned::new(*state, filter.span));
                }
            }
        }
        let either = choice.node.or.iter().filter_map(|other| errors.take(self.choice(other))).collect();
        errors.finish(holes.map(|holes| Choice {
            holes,
            min: min.min(u64::from(u16::MAX)) as u16,
            max: max.min(u64::from(u16::MAX)) as u16,
            next: next.map(|n| n.node.into()),
            previous: previous.map(|n| n.node.into()),
            except,
            most,
            furthest,
            opposite,
            captures,
            facing,
            lands_in,
            lap_ends,
            reaches,
            none_fits,
            none_theirs,
            theirs: matches!(
                choice.node.holes.node,
                ast::ChoiceHoles::Theirs(_) | ast::ChoiceHoles::TheirOne(_)
            ),
            only,
            either,
            text: self.text(choice.span),
        }))
    }

    /// What to do after a lap ends by a lap rule, or `otherwise`.
    pub fn lap_action(&self, action: &Spanned<ast::LapAction>) -> Result<LapAction, CheckError> {
        Ok(match &action.node {
            ast::LapAction::Relay => LapAction::Relay,
            ast::LapAction::RelayBack => LapAction::RelayBack,
            ast::LapAction::RelayNext => LapAction::RelayNext,
            ast::LapAction::MayStop => LapAction::MayStop,
            ast::LapAction::MayMoveAgain => LapAction::MayMoveAgain,
            ast::LapAction::MoveAgain => LapAction::MoveAgain,
            ast::LapAction::MoveAgainBack => {
                // A way chosen once is kept for the game: a turn may not go the other way.
                if let Some(c) = self.eff.sections.circuit
                    && let Some((other, false)) = &c.node.other
                {
                    return Err(CheckError::ConflictingWords {
                        word: "move again, turning back".into(),
                        other: "chosen once".into(),
                        span: action.span.into(),
                        first: other.span.into(),
                        help: "a way chosen once is the player's for the game, and a turn turned back would go the other: \
                               let the way be chosen each turn (`anticlockwise or clockwise, chosen each turn`), or move again without turning back"
                            .into(),
                    });
                }
                LapAction::MoveAgainBack
            }
            ast::LapAction::Stop => LapAction::Stop,
            ast::LapAction::Capture(name) => LapAction::Capture(self.capture(name)?),
            ast::LapAction::CaptureChoice(..) => {
                let choice = self.capture_choice(&action.node)?;
                let index = self.capture_choices().iter().position(|c| *c == choice).unwrap_or(0);
                LapAction::ChooseCapture(Self::table_index(
                    index,
                    "different choices of captures",
                    action.span,
                    "lap rules that choose among captures share a few choices: merge them",
                )?)
            }
            ast::LapAction::MarkLanding(name) => LapAction::MarkLanding(self.mark(name)?),
            ast::LapAction::MarkHole(name, previous, relay) => {
                LapAction::MarkHole(crate::model::MarkHole::new(self.mark(name)?, *previous, *relay))
            }
            ast::LapAction::MoveLanding { .. } => {
                let moved = self.landing_move(&action.node)?;
                let index = self.landing_moves().iter().position(|m| *m == moved).unwrap_or(0);
                LapAction::MoveLanding(Self::table_index(
                    index,
                    "different ways of moving a landing hole's seeds",
                    action.span,
                    "lap rules that move seeds share a few destinations: merge them",
                )?)
            }
        })
    }

    /// `move N seeds from the landing hole into HOLE`, resolved (nothing moved for another
    /// action).
    fn landing_move(&self, action: &ast::LapAction) -> Result<LandingMove, CheckError> {
        let ast::LapAction::MoveLanding { count, position, row, from_right, opponent, to } = action else {
            return Ok(LandingMove { count: 0, role: 0, column: Column::FromLeft(0), opponent: false });
        };
        let count = self.count(count)?;
        let role = self.row(row).map_err(|e| {
            e.into_iter().next().unwrap_or_else(|| CheckError::UnknownRow {
                name: row.node.clone(),
                span: row.span.into(),
                label: "no rows are declared".into(),
                help: "declare the rows with `territory each player owns rows …`".into(),
            })
        })?;
        let column = self.column(position, *from_right, *to)?;
        Ok(LandingMove { count, role, column, opponent: *opponent })
    }

    /// `capture a or capture b [or stop]`, resolved (no capture for another action).
    fn capture_choice(&self, action: &ast::LapAction) -> Result<CaptureChoice, CheckError> {
        let ast::LapAction::CaptureChoice(names, stop) = action else {
            return Ok(CaptureChoice { captures: Vec::new(), stop: false });
        };
        let captures = names.iter().map(|name| self.capture(name)).collect::<Result<Vec<u8>, _>>()?;
        Ok(CaptureChoice { captures, stop: *stop })
    }

    /// Every distinct `capture a or capture b [or stop]` of the lap rules in force (the main
    /// game's, then each opening's), in the order written: the table lap rules refer to by
    /// index.
    pub fn capture_choices(&self) -> Vec<CaptureChoice> {
        self.lap_table(|action| match action {
            ast::LapAction::CaptureChoice(..) => self.capture_choice(action).ok(),
            _ => None,
        })
    }

    /// Every distinct `move N seeds from the landing hole into HOLE` of the lap rules in
    /// force (the main game's, then each opening's), in the order written: the table lap
    /// rules refer to by index.
    pub fn landing_moves(&self) -> Vec<LandingMove> {
        self.lap_table(|action| match action {
            ast::LapAction::MoveLanding { .. } => self.landing_move(action).ok(),
            _ => None,
        })
    }

    /// What `entry` makes of each action of the lap rules in force (the main game's, then
    /// each opening's), each distinct one once, in the order written.
    fn lap_table<T: PartialEq>(&self, entry: impl Fn(&ast::LapAction) -> Option<T>) -> Vec<T> {
        let openings = self.eff.openings.iter().filter_map(|o| self.opening_parts(o).0.sowing.after_lap);
        let mut out: Vec<T> = Vec::new();
        for after in self.eff.sections.sowing.after_lap.into_iter().chain(openings) {
            let actions = after.node.rules.iter().map(|r| &r.action).chain(after.node.otherwise.as_ref());
            for made in actions.filter_map(|action| entry(&action.node)) {
                if !out.contains(&made) {
                    out.push(made);
                }
            }
        }
        out
    }

    /// The index of an entry of a table lap rules refer to (`what` it holds), or the error
    /// of a table too long for one byte.
    fn table_index(index: usize, what: &str, span: Span, help: &str) -> Result<u8, CheckError> {
        u8::try_from(index).map_err(|_| CheckError::TooMany {
            what: what.into(),
            max: usize::from(u8::MAX) + 1,
            span: span.into(),
            help: help.into(),
        })
    }

    /// `sow 1 seed from the mover's hand into the chosen hole, then capture NAME if …, else
    /// sow the hole`.
    pub fn place(&self, place: &Spanned<ast::Place>) -> Found<Place> {
        let p = &place.node;
        let mut errors = Errors::default();
        if p.count.node != 1 {
            errors.push(CheckError::OffBoard {
                what: format!("{} seeds from the hand", p.count.node),
                span: p.count.span.into(),
                help: "a turn puts one seed from the hand into the chosen hole: write `sow 1 seed from \
                       the mover's hand into the chosen hole, …`"
                    .to_string(),
            });
        }
        let capture = errors.take_one(self.capture(&p.capture));
        let opposite = match errors.take(self.fact(&p.condition)) {
            Some(Fact::Opposite(role, state)) => Some((role, state)),
            _ => None,
        };
        let keep = p.keep;
        errors.finish(capture.zip(opposite).map(|(capture, opposite)| Place { capture, opposite, keep }))
    }

    /// `only N seed from a MARK hole with more than M seeds[, and one sown whole becomes
    /// MARK]`.
    pub fn heavy(&self, heavy: &Spanned<ast::Heavy>) -> Found<Heavy> {
        let h = &heavy.node;
        let mut errors = Errors::default();
        let more_than = u16::try_from(h.more_than.node).unwrap_or(u16::MAX);
        if h.lift.node == 0 || h.lift.node > u64::from(more_than) {
            errors.push(CheckError::OffBoard {
                what: format!("{} seeds lifted from a hole with more than {more_than}", h.lift.node),
                span: h.lift.span.into(),
                help: format!(
                    "lift at least 1 seed and at most {more_than}, so that the lap leaves some behind"
                ),
            });
        }
        let mark = errors.take_one(self.mark(&h.mark));
        let spent = match &h.spent {
            Some(name) => errors.take_one(self.mark(name)).map(Some),
            None => Some(None),
        };
        errors.finish(mark.zip(spent).map(|(mark, spent)| Heavy {
            lift: u16::try_from(h.lift.node).unwrap_or(u16::MAX),
            mark,
            more_than,
            spent,
        }))
    }

    /// `a player with one seed … move it …`.
    pub fn lone_seed(&self, lone: &Spanned<ast::LoneSeed>) -> Found<LoneSeed> {
        let l = &lone.node;
        let mut errors = Errors::default();
        let (next_empty, on_mark) = match l.place.as_ref().map(|p| &p.node) {
            None => (false, None),
            Some(ast::LonePlace::NextEmpty) => (true, None),
            Some(ast::LonePlace::Marked(name)) => (false, errors.take_one(self.mark(name))),
        };
        let to = match &l.target.node {
            ast::LoneTarget::Steps(n) => errors.take_one(self.count(n)).map(LoneTo::Steps),
            ast::LoneTarget::NextMarked(name) => errors.take_one(self.mark(name)).map(LoneTo::NextMarked),
            ast::LoneTarget::FirstHeld(None) => Some(LoneTo::FirstHeld(None)),
            ast::LoneTarget::FirstHeld(Some(name)) => {
                errors.take_one(self.mark(name)).map(|m| LoneTo::FirstHeld(Some(m)))
            }
        };
        errors.finish(to.map(|to| LoneSeed { next_empty, on_mark, only: l.must, to }))
    }

    /// What to do when no lap rule applies.
    pub fn otherwise(&self, after: &ast::AfterLap) -> Result<LapAction, CheckError> {
        after.otherwise.as_ref().map_or(Ok(LapAction::Stop), |o| self.lap_action(o))
    }

    /// One lap rule: the landing hole it describes, the facts it asks for, its action.
    /// A condition on where a lap would end (a turning's `if …`, a preference): about its
    /// last seed alone.
    fn lap_end_rule(&self, rule: &ast::LapRule) -> Found<LapRule> {
        if rule.seeds.node != ast::Seeds::Last {
            return Err(vec![CheckError::PassingRule {
                label: Moment::of(rule.seeds.node).label(),
                reason: "this condition asks where a lap would end, not where each seed falls".into(),
                span: rule.seeds.span.into(),
                help: "write `the last seed lands in …` here".into(),
            }]);
        }
        self.lap_rule(rule)
    }

    /// A capture made as a seed falls, before the lap is sown out: its seeds can only be kept
    /// (in a store, a hand, or out of play), and nothing may follow it within the turn. So
    /// too a capture made once the sowing is over, after the last lap's own capture and its
    /// picks have been settled: nothing is left of the sowing to go on with. A capture made
    /// before a lap is lifted may also put its seeds into one hole named; the lap follows.
    fn passing_capture(&self, name: &Spanned<String>, moment: Moment) -> Vec<CheckError> {
        let Some(capture) = self.eff.captures.get(&name.node) else { return Vec::new() };
        let (when, during) = match moment {
            Moment::SowingEnd => ("once the sowing is over", ""),
            Moment::Passing => ("as a seed falls", " while the lap is still being sown"),
            Moment::LapStart => ("before a lap is lifted", ", and the lap is still to be sown"),
        };
        let wrong = |span: Span, what: &str| {
            CheckError::PassingRule {
            label: moment.label(),
            reason: format!("capture `{}` is made {when}, but {what}{during}", name.node),
            span: span.into(),
            help: match moment {
                Moment::SowingEnd => {
                    "a capture once the sowing is over keeps its seeds (`put the taken seeds in the mover's store`, `… in the owner's store`, `… in the mover's hand`, or out of play) and the turn ends; \
                     give a rule of the lap's end (`when the last seed lands in …`) the capture that sows on, relays or lets the mover pick"
                }
                Moment::Passing => {
                    "a capture in passing keeps its seeds (`put the taken seeds in the mover's store`, `… in the owner's store`, `… in the mover's hand`, or out of play) and the lap goes on; \
                     give the rule of the lap's end a capture of its own for the rest"
                }
                Moment::LapStart => {
                    "a capture before a lap keeps its seeds (`put the taken seeds in the mover's store`, `… in the mover's hand`, or out of play) or puts them into one hole (`put the taken seeds into the own outer hole behind the landing hole`), and then the lap is sown; \
                     give a rule of the lap's end (`when the last seed lands in …`) the capture that sows on, relays or lets the mover pick"
                }
            }
            .into(),
        }
        };
        let mut out = Vec::new();
        if let Some(d) = &capture.destination {
            match &d.node {
                ast::Destination::Put(into) if moment == Moment::LapStart && into.len() > 1 => {
                    out.push(wrong(d.span, "the mover chooses the hole its seeds go into"));
                }
                ast::Destination::Put(_) if moment == Moment::LapStart => {}
                ast::Destination::Resow(_) | ast::Destination::RowEnd { .. }
                    if moment == Moment::LapStart =>
                {
                    out.push(wrong(d.span, "its seeds are sown on"));
                }
                ast::Destination::Resow(_) | ast::Destination::Put(_) | ast::Destination::RowEnd { .. } => {
                    out.push(wrong(d.span, "its seeds are put back on the board"));
                }
                _ => {}
            }
        }
        if let Some(relay) = &capture.relay_after {
            out.push(wrong(relay.span, "a relay follows it"));
        }
        if let Some(f) = capture.follow_ups.first() {
            out.push(wrong(f.span, "the mover chooses more holes after it"));
        }
        if let Some(again) = capture.again {
            out.push(wrong(again, "the mover moves again after it"));
        }
        out
    }

    pub fn lap_rule(&self, rule: &ast::LapRule) -> Found<LapRule> {
        let mut errors = Errors::default();
        if rule.seeds.node != ast::Seeds::Last {
            let moment = Moment::of(rule.seeds.node);
            if let Some(store) = rule.store {
                errors.push(CheckError::PassingRule {
                    label: moment.label(),
                    reason: if moment == Moment::LapStart {
                        "a lap is never lifted from the mover's store: the store is not sown from".into()
                    } else {
                        "a seed falling into the mover's store on its way captures nothing there".into()
                    },
                    span: store.into(),
                    help: if moment == Moment::LapStart {
                        "a rule read before a lap is about the hole it is lifted from: `when a lap starts from an own inner hole and the opposite inner hole is occupied: capture across`".into()
                    } else {
                        "a rule read as each seed falls is about holes: `when a seed lands in a hole and the landing hole holds 4 seeds: capture fours`".into()
                    },
                });
            } else if let ast::LapAction::Capture(name) = &rule.action.node {
                errors.0.extend(self.passing_capture(name, moment));
            } else if moment == Moment::LapStart {
                errors.push(CheckError::PassingRule {
                    label: moment.label(),
                    reason: "a rule read before a lap is lifted can only capture: the lap is then sown, and its own end decides what follows".into(),
                    span: rule.action.span.into(),
                    help: "write `: capture NAME`, or make it a rule of the lap's end: `when the last seed lands in …`".into(),
                });
            } else if rule.seeds.node == ast::Seeds::SowingEnd {
                errors.push(CheckError::PassingRule {
                    label: "read once the sowing is over",
                    reason: "a rule read once the sowing is over can only capture: the turn is ending".into(),
                    span: rule.action.span.into(),
                    help: "write `: capture NAME`, or make it a rule of the lap's end: `when the last seed lands in …`".into(),
                });
            } else {
                errors.push(CheckError::PassingRule {
                    label: "read as each seed falls",
                    reason: "a rule read as each seed falls can only capture: the lap is still being sown".into(),
                    span: rule.action.span.into(),
                    help: format!(
                        "write `: capture NAME`, or make it a rule of the lap's end: `when the last seed lands in …`{}",
                        if rule.seeds.node == ast::Seeds::Every { "" } else { " (a relay, a stop or another move is decided where a lap ends)" }
                    ),
                });
            }
        }
        let landing = errors.take(self.hole_filter(&rule.landing, Against::Previous));
        if let Some(store) = rule.store {
            errors.take_one(self.need_stores(store));
        }
        // A fact about the landing hole's column or marks, where the landing place is a store
        // (which has neither): a contradiction.
        let in_store = |f: Option<Fact>, span: Span, errors: &mut Errors| {
            if let (Some(store), Some(f)) = (rule.store, f)
                && reads_column(f)
            {
                errors.push(CheckError::StoreRuleFacts { span: span.into(), store: store.into() });
            }
            f
        };
        let facts: Vec<Option<Fact>> =
            rule.facts.iter().map(|f| in_store(errors.take(self.fact(f)), f.span, &mut errors)).collect();
        let either: Vec<Option<Vec<(bool, Fact)>>> = (rule.either.iter())
            .map(|clause| {
                let literals: Vec<Option<(bool, Fact)>> = (clause.node.iter())
                    .map(|(not, f)| {
                        in_store(errors.take(self.fact(f)), f.span, &mut errors).map(|f| (*not, f))
                    })
                    .collect();
                literals.into_iter().collect()
            })
            .collect();
        let action = errors.take_one(self.lap_action(&rule.action));
        let (Some(filter), Some(facts), Some(either), Some(action)) =
            (landing, facts.into_iter().collect(), either.into_iter().collect(), action)
        else {
            return Err(errors.0);
        };
        errors.finish(Some(LapRule {
            store: rule.store.is_some(),
            landing: filter.state,
            side: filter.side,
            role: filter.role,
            mark: filter.mark,
            facts,
            either,
            action,
            seeds: match rule.seeds.node {
                ast::Seeds::Last => AtSeeds::Last,
                ast::Seeds::BeforeLast => AtSeeds::BeforeLast,
                ast::Seeds::Every => AtSeeds::Every,
                ast::Seeds::SowingEnd => AtSeeds::SowingEnd,
                ast::Seeds::LapStart => AtSeeds::LapStart,
            },
            text: self.text(rule.span),
        }))
    }

    /// A fact a lap rule asks for.
    fn fact(&self, fact: &Spanned<ast::Fact>) -> Found<Fact> {
        Ok(match &fact.node {
            ast::Fact::Opposite { row, state } => {
                Fact::Opposite(self.opposite_row(row.as_ref(), fact.span)?, (*state).into())
            }
            ast::Fact::Row { side, row, state } => Fact::Row((*side).into(), self.row(row)?, (*state).into()),
            ast::Fact::RowMarked { side, row, mark, some } => {
                Fact::RowMarked((*side).into(), self.row(row)?, self.mark(mark).map_err(|e| vec![e])?, *some)
            }
            ast::Fact::Column { row, state } => Fact::Column(self.row(row)?, (*state).into()),
            ast::Fact::SameIndex { row, condition } => {
                let role = self.row(row)?;
                match condition {
                    ast::HoleCondition::Marked(mark) => {
                        Fact::SameIndex(role, Some(self.mark(mark).map_err(|e| vec![e])?), 0, 0, 1)
                    }
                    ast::HoleCondition::Is(state) => match HoleState::from(*state) {
                        HoleState::Empty => Fact::SameIndex(role, None, 0, 0, 1),
                        HoleState::Occupied => Fact::SameIndex(role, None, 1, u16::MAX, 1),
                    },
                    ast::HoleCondition::Holds(range) => {
                        let (min, max, step) = self.count_set(range, fact.span).map_err(|e| vec![e])?;
                        Fact::SameIndex(role, None, min, max, step)
                    }
                }
            }
            ast::Fact::ColumnHolds { row, range } => {
                let role = self.row(row)?;
                match self.count_set(range, fact.span).map_err(|e| vec![e])? {
                    (min, max, 1) => Fact::ColumnHolds(role, min, max),
                    (min, max, step) => Fact::Stepped(CountAt::Column(role), min, max, step),
                }
            }
            ast::Fact::OppositeMarked { row, mark } => Fact::OppositeMarked(
                self.opposite_row(row.as_ref(), fact.span)?,
                self.mark(mark).map_err(|e| vec![e])?,
            ),
            ast::Fact::OppositeSide { row, opponents } => Fact::OppositeSide(
                self.opposite_row(row.as_ref(), fact.span)?,
                if *opponents { Side::Opponent } else { Side::Own },
            ),
            ast::Fact::OppositeHolds { row, range } => {
                let role = self.opposite_row(row.as_ref(), fact.span)?;
                match self.count_set(range, fact.span).map_err(|e| vec![e])? {
                    (min, max, 1) => Fact::OppositeHolds(role, min, max),
                    (min, max, step) => Fact::Stepped(CountAt::Opposite(role), min, max, step),
                }
            }
            ast::Fact::Holds(range) => match self.count_set(range, fact.span).map_err(|e| vec![e])? {
                (min, max, 1) => Fact::Holds(min, max),
                (min, max, step) => Fact::Stepped(CountAt::Landing, min, max, step),
            },
            ast::Fact::Next(state) => Fact::Next((*state).into()),
            ast::Fact::NotReached { side, row, ended } => {
                Fact::NotReached((*side).into(), self.row(row)?, *ended)
            }
            ast::Fact::PreviousHolds(range) => match self.count_set(range, fact.span).map_err(|e| vec![e])? {
                (min, max, 1) => Fact::PreviousHolds(min, max),
                (min, max, step) => Fact::Stepped(CountAt::Along(-1), min, max, step),
            },
            ast::Fact::Along { steps, condition: ast::HoleCondition::Marked(mark) } => {
                // `the landing hole is a MARK hole` is the hole 0 holes on.
                let steps = if steps.node == 0 { 0 } else { self.steps(steps).map_err(|e| vec![e])? };
                Fact::AlongMarked(steps, self.mark(mark).map_err(|e| vec![e])?)
            }
            ast::Fact::Along { steps, condition } => {
                let steps = self.steps(steps).map_err(|e| vec![e])?;
                let (min, max, step) = match condition {
                    ast::HoleCondition::Is(ast::HoleState::Empty) => (0, 0, 1),
                    ast::HoleCondition::Is(ast::HoleState::Occupied) => (1, u16::MAX, 1),
                    ast::HoleCondition::Holds(range) => {
                        self.count_set(range, fact.span).map_err(|e| vec![e])?
                    }
                    ast::HoleCondition::Marked(_) => unreachable!("a mark is read above"),
                };
                if step > 1 {
                    return Ok(Fact::Stepped(CountAt::Along(steps), min, max, step));
                }
                match (steps, condition) {
                    (1, ast::HoleCondition::Is(state)) => Fact::Next((*state).into()),
                    (-1, _) => Fact::PreviousHolds(min, max),
                    _ => Fact::Along(steps, min, max),
                }
            }
            ast::Fact::Origin { bound, count } => {
                let n = self.value(count).map_err(|e| vec![e])?.min(u64::from(u16::MAX)) as u16;
                let (min, max) = bounded(*bound, n, u16::MAX);
                Fact::Origin(min, max)
            }
            ast::Fact::FirstLap => Fact::FirstLap,
            ast::Fact::HandLap => Fact::HandLap,
            ast::Fact::LastSkipped => Fact::LastSkipped,
            ast::Fact::ChosenMarked(mark) => Fact::ChosenMarked(self.mark(mark).map_err(|e| vec![e])?),
            ast::Fact::TurnCaptured => Fact::TurnCaptured,
            ast::Fact::Made { bound, count } => {
                let n = self.value(count).map_err(|e| vec![e])?.min(u64::from(u16::MAX)) as u16;
                let (min, max) = bounded(*bound, n, u16::MAX);
                Fact::Made(min, max, 1)
            }
            ast::Fact::Holes { mover, occupied, bound, count } => {
                let n = self.value(count).map_err(|e| vec![e])?.min(u64::from(u16::MAX)) as u16;
                let (min, max) = bounded(*bound, n, u16::MAX);
                Fact::Holes { mover: *mover, occupied: *occupied, min, max }
            }
            ast::Fact::OnBoard { bound, count, in_play } => {
                let n = self.value(count).map_err(|e| vec![e])?.min(u64::from(u32::MAX)) as u32;
                let (min, max) = bounded(*bound, n, u32::MAX);
                Fact::OnBoard(min, max, *in_play)
            }
            ast::Fact::MadeEvery(counts) => {
                // Counted in u64: no sum of counts written in a file can overflow it.
                let mut ns = Vec::new();
                for v in counts {
                    ns.push(self.value(v).map_err(|e| vec![e])?.min(u64::from(u16::MAX - 1)));
                }
                let step = ns[1].saturating_sub(ns[0]);
                if step == 0 || ns.windows(2).any(|w| w[1] != w[0] + step) {
                    let first = counts.first().map_or(fact.span, |v| v.span);
                    let last = counts.last().map_or(fact.span, |v| v.span);
                    let step = step.max(1);
                    return Err(vec![CheckError::SeedRange {
                        span: first.to(last).into(),
                        reason: "these counts do not go up by one step".into(),
                        help: format!(
                            "write counts that each add the same to the one before, as `{}, {}, {} …`",
                            ns[0],
                            ns[0] + step,
                            ns[0] + 2 * step
                        ),
                    }]);
                }
                let (first, step) = (ns[0] as u16, step as u16);
                Fact::Made(first, u16::MAX, step)
            }
        })
    }

    /// Whether some lap can end: a reachable rule or `otherwise` that does not relay.
    pub fn lap_ends(&self, after: &ast::AfterLap) -> bool {
        let catch_all = catch_all(after);
        let actions: Vec<LapAction> =
            after.rules.iter().filter_map(|r| self.lap_action(&r.action).ok()).collect();
        // Only the rules up to the first catch-all can apply; `otherwise` only without one.
        let reachable = match catch_all {
            Some(by) => after.rules.iter().take_while(|r| r.span != by).count() + 1,
            None => actions.len(),
        };
        let relays =
            |a: LapAction| matches!(a, LapAction::Relay | LapAction::RelayBack | LapAction::RelayNext);
        let otherwise = self.otherwise(after).unwrap_or(LapAction::Stop);
        let otherwise_reached = catch_all.is_none() || self.store_landings();
        actions.iter().take(reachable).any(|&a| !relays(a)) || (otherwise_reached && !relays(otherwise))
    }

    /// Whether a lap can end in the mover's store (a circuit through it), where no rule
    /// about holes applies.
    pub fn store_landings(&self) -> bool {
        self.eff.sections.circuit.is_some_and(|c| c.node.through_store.is_some())
    }

    /// A capture: what it takes, where the seeds go, what follows.
    pub fn capture_rule(&self, c: &ast::Capture) -> Found<Capture> {
        let mut errors = Errors::default();
        let take: Vec<Option<Target>> = c.take.iter().map(|t| errors.take(self.target(t))).collect();
        // A run's `it` is the one hole named before it (or the landing hole): a sweep names none.
        let mut sweep: Option<Span> = None;
        for t in &c.take {
            match t.node {
                ast::Target::Every(..) => sweep = Some(t.span),
                ast::Target::HolesBefore(..) | ast::Target::HolesAfter(..) => {
                    if let Some(first) = sweep {
                        errors.push(CheckError::ConflictingWords {
                            word: self.text(t.span),
                            other: self.text(first),
                            span: t.span.into(),
                            first: first.into(),
                            help: "a run of holes goes on from one hole, `it`: the hole named just before it, or the landing hole where it comes first; a sweep names many holes. Put the run first, or name its hole before it: `take every hole that holds 4 seeds and the landing hole and the holes before it, while …`".into(),
                        });
                    }
                }
                _ => sweep = None,
            }
        }
        let follow_ups: Vec<Option<FollowUp>> =
            c.follow_ups.iter().map(|f| errors.take(self.follow_up(f))).collect();
        if let Some(d) = &c.destination
            && matches!(d.node, ast::Destination::Store | ast::Destination::OwnersStore)
        {
            errors.take_one(self.need_stores(d.span));
        }
        let destination = match &c.destination {
            None => Some(Destination::OutOfPlay),
            Some(d) => errors.take(self.destination(d)),
        };
        let relay_after = match &c.relay_after {
            None => Some(None),
            Some(Spanned { node: (landing, None), .. }) => {
                Some(Some(RelayAfter { landing: *landing, min: 1, max: u16::MAX }))
            }
            Some(Spanned { node: (landing, Some(range)), span }) => errors
                .take_one(self.seed_range(range, *span))
                .map(|(min, max)| Some(RelayAfter { landing: *landing, min, max })),
        };
        let each = match &c.each {
            // `take nothing from …`: the holes named keep their seeds.
            None if c.nothing.is_some() && !c.take.is_empty() => Some(Some(0)),
            None => Some(None),
            Some(v) => errors.take_one(self.count(v)).map(Some),
        };
        if let Some(nothing) = c.nothing {
            let says_taken = c.claim_taken || c.mark_taken;
            if c.take.is_empty() && says_taken {
                errors.push(CheckError::NothingTaken {
                    message: "the capture takes no hole, so `the taken holes` are none".into(),
                    span: nothing.into(),
                    label: "no hole is taken".into(),
                    help: "name the holes, which keep their seeds: `take nothing from the landing hole and the opposite hole`; or speak of the landing hole: `then the landing hole becomes the mover's`".into(),
                });
            } else if !c.take.is_empty() && !says_taken {
                errors.push(CheckError::NothingTaken {
                    message: "the holes the capture takes nothing from are not used".into(),
                    span: nothing.into(),
                    label: "these holes keep their seeds, and nothing else is done with them".into(),
                    help: "say what becomes of them: `then the taken holes become the mover's` or `then mark the taken holes as NAME`; or write `take nothing`".into(),
                });
            }
        }
        let mark = match &c.mark {
            None => Some(None),
            Some(name) => errors.take_one(self.mark(name)).map(Some),
        };
        let except = match &c.take_except {
            None => Some(None),
            Some(name) => errors.take_one(self.mark(name)).map(Some),
        };
        for &(again, first) in &c.repeated {
            errors.push(CheckError::ConflictingWords {
                word: self.text(again),
                other: self.text(first),
                span: again.into(),
                first: first.into(),
                help: "a capture says once where its seeds go, which holes become the mover's, which mark they get, and whether a relay or another move follows: keep one of these lines (say `then the taken holes …` for every hole the capture takes)".into(),
            });
        }
        let (
            Some(take),
            Some(follow_ups),
            Some(destination),
            Some(relay_after),
            Some(each),
            Some(mark),
            Some(except),
        ) = (
            take.into_iter().collect(),
            follow_ups.into_iter().collect(),
            destination,
            relay_after,
            each,
            mark,
            except,
        )
        else {
            return Err(errors.0);
        };
        errors.finish(Some(Capture {
            name: c.name.node.clone(),
            take,
            each,
            origin_column: c.origin_column.is_some(),
            hand: c.take_hand.is_some(),
            except,
            destination,
            not_every_seed: c.not_every_seed.is_some(),
            relay_after,
            follow_ups,
            again: c.again.is_some(),
            again_may: c.again_may,
            claim: c.claim.is_some(),
            mark,
            claim_taken: c.claim_taken,
            mark_taken: c.mark_taken,
        }))
    }

    /// The hole a capture's seeds are put into.
    fn sow_into(&self, into: &ast::ResowInto) -> Found<SowInto> {
        Ok(match into {
            ast::ResowInto::Landing => SowInto::Landing,
            ast::ResowInto::Origin => SowInto::Origin,
            ast::ResowInto::RunStart => SowInto::RunStart,
            ast::ResowInto::Behind(row) => SowInto::Behind(self.row(row)?),
            ast::ResowInto::Named(hole) => match &hole.node {
                ast::HoleSet::One { .. } => {
                    let (role, column) = self.one_hole(hole)?;
                    SowInto::Hole { role, column }
                }
                _ => SowInto::Origin,
            },
        })
    }

    /// The holes a capture's seeds are put into (`… or the …`, the mover's choice), each
    /// named once and at most [`MAX_PUT_HOLES`] of them; `span`, the whole destination.
    fn sow_into_holes(&self, holes: &[Spanned<ast::ResowInto>], span: Span) -> Found<IntoHoles> {
        let mut errors = Errors::default();
        let mut found: Vec<(SowInto, Span)> = Vec::new();
        for hole in holes {
            let Some(into) = errors.take(self.sow_into(&hole.node)) else { continue };
            match found.iter().find(|&&(named, _)| named == into) {
                Some(&(_, first)) => errors.push(CheckError::PutHoleTwice {
                    hole: self.text(hole.span),
                    span: hole.span.into(),
                    first: first.into(),
                }),
                None => found.push((into, hole.span)),
            }
        }
        if found.len() > MAX_PUT_HOLES {
            errors.push(CheckError::TooManyPutHoles {
                count: found.len(),
                max: MAX_PUT_HOLES,
                span: span.into(),
            });
        }
        let into: Vec<SowInto> = found.iter().map(|&(into, _)| into).collect();
        errors.finish(IntoHoles::new(&into))
    }

    /// Where a capture's seeds go.
    fn destination(&self, d: &Spanned<ast::Destination>) -> Found<Destination> {
        Ok(match &d.node {
            ast::Destination::OutOfPlay => Destination::OutOfPlay,
            ast::Destination::Hand => Destination::Hand,
            ast::Destination::Store => Destination::Store,
            ast::Destination::OwnersHand => Destination::OwnersHand,
            ast::Destination::OwnersStore => Destination::OwnersStore,
            ast::Destination::Put(into) => Destination::Put(self.sow_into_holes(into, d.span)?),
            ast::Destination::Resow(r) => Destination::Sow(Resow {
                into: self.sow_into_holes(&r.into, d.span)?,
                whole: r.whole,
                with_last: r.with_last,
                itself: r.itself,
                one_lap: r.one_lap,
                single: r.single,
                whole_if_one: r.whole_if_one,
                keep_way: r.keep_way,
            }),
            ast::Destination::RowEnd { row, far_for_north, middle, ahead, whole, itself } => {
                let role = self.row(row)?;
                let n = self.value(middle).map_err(|e| vec![e])?;
                let columns = self.board.map_or(0, |b| b.columns as u64);
                if n >= columns || !(columns - n).is_multiple_of(2) {
                    return Err(vec![CheckError::RowEndMiddle {
                        middle: n,
                        columns: columns as usize,
                        example: columns.saturating_sub(4).max(columns % 2) as usize,
                        span: middle.span.into(),
                    }]);
                }
                Destination::Sow(Resow {
                    into: IntoHoles::one(SowInto::RowEnd {
                        role,
                        middle: n as u8,
                        far_for_north: *far_for_north,
                        ahead: *ahead,
                    }),
                    whole: *whole,
                    with_last: false,
                    single: false,
                    whole_if_one: false,
                    itself: *itself,
                    one_lap: false,
                    keep_way: false,
                })
            }
        })
    }

    /// What a capture takes.
    fn target(&self, target: &Spanned<ast::Target>) -> Found<Target> {
        Ok(match &target.node {
            ast::Target::Landing => Target::Landing,
            ast::Target::Opposite(row) => Target::Opposite(self.opposite_row(row.as_ref(), target.span)?),
            ast::Target::HolesAfter(own, range, gaps, across) => {
                let (min, max, step) = self.count_set(range, target.span).map_err(|e| vec![e])?;
                let side = own.map(|own| if own { Side::Own } else { Side::Opponent });
                Target::HolesAfter(Run::new(side, *gaps).across(*across), min, max, step)
            }
            ast::Target::HolesBefore(own, range, gaps, across) => {
                let (min, max, step) = self.count_set(range, target.span).map_err(|e| vec![e])?;
                let side = own.map(|own| if own { Side::Own } else { Side::Opponent });
                Target::HolesBefore(Run::new(side, *gaps).across(*across), min, max, step)
            }
            ast::Target::Every(own, range, sown) => {
                let (min, max, step) = self.count_set(range, target.span).map_err(|e| vec![e])?;
                let side = own.map(|own| if own { Side::Own } else { Side::Opponent });
                if *sown {
                    Target::EverySown(side, min, max, step)
                } else {
                    Target::Every(side, min, max, step)
                }
            }
            ast::Target::Column(row) => Target::Column(self.row(row)?),
            ast::Target::ColumnAlong(row, steps) => {
                Target::ColumnAlong(self.row(row)?, self.steps(steps).map_err(|e| vec![e])?)
            }
            ast::Target::Along(steps) => Target::Along(self.steps(steps).map_err(|e| vec![e])?),
            ast::Target::OppositeAlong(row, steps) => Target::OppositeAlong(
                self.opposite_row(row.as_ref(), target.span)?,
                self.steps(steps).map_err(|e| vec![e])?,
            ),
        })
    }

    /// A row a follow-up is conditioned on, if any.
    fn condition(&self, row: Option<&Spanned<String>>) -> Found<Option<Role>> {
        row.map(|r| self.row(r)).transpose()
    }

    /// What follows a capture.
    fn follow_up(&self, follow_up: &Spanned<ast::FollowUp>) -> Found<FollowUp> {
        let mut errors = Errors::default();
        match &follow_up.node {
            ast::FollowUp::Strip { condition, optional, amount, region } => {
                let condition = errors.take(self.condition(condition.as_ref()));
                let region = errors.take(self.region(region));
                let amount = match &amount.node {
                    ast::Amount::AsTaken => Some(Amount::AsTaken),
                    ast::Amount::Seeds(v) => errors.take_one(self.count(v)).map(Amount::Seeds),
                };
                let (Some(condition), Some(region), Some(amount)) = (condition, region, amount) else {
                    return Err(errors.0);
                };
                errors.finish(Some(FollowUp::Strip { condition, optional: *optional, amount, region }))
            }
            ast::FollowUp::ExtraHoles { condition, optional, counts, region, except } => {
                let condition = errors.take(self.condition(condition.as_ref()));
                let region = errors.take(self.region(region));
                let counts: Vec<Option<u16>> =
                    counts.iter().map(|v| errors.take_one(self.count(v))).collect();
                let except = errors.take_one(except.as_ref().map(|m| self.mark(m)).transpose());
                let (Some(condition), Some(region), Some(counts), Some(except)) =
                    (condition, region, counts.into_iter().collect(), except)
                else {
                    return Err(errors.0);
                };
                errors.finish(Some(FollowUp::ExtraHoles {
                    condition,
                    optional: *optional,
                    counts,
                    region,
                    except,
                }))
            }
        }
    }

    /// How the game ends.
    pub fn end_rules(&self, section: At<'_, ast::EndRules>) -> Found<EndRules> {
        let end = section.node;
        if end.rules.is_empty() {
            return Err(vec![CheckError::NoEndRule { span: section.span.into() }]);
        }
        let mut errors = Errors::default();
        let mut out = EndRules {
            no_seeds: None,
            no_seeds_most: 0,
            blocked: Blocked::Loses,
            blocked_draw: None,
            repetition: None,
            agreed: false,
            store_limit: None,
            captured_win: None,
            turn_limit: None,
            row_empty: None,
            row_empty_every_lap: false,
            one_hole: false,
            one_hole_every_lap: false,
            passes_draw: false,
            passes_scored: false,
            pass_loses: false,
            end_holes: None,
            few_seeds: None,
            few_seeds_each: false,
            every_holds: None,
            gift: None,
            score: Score::Seeds,
            left_to_last: false,
            rounds: None,
            points_win: None,
            last_turns: Vec::new(),
            marks_empty: None,
            marks_hold_all: false,
            only_in: Vec::new(),
        };
        let mut blocked: Option<Spanned<Blocked>> = None;
        let ending =
            |scored: &Option<ast::Scoring>| if scored.is_some() { Ending::Scored } else { Ending::Plain };
        // The first scored rule, and how it counts: every other must count the same way.
        let mut scored: Option<(ast::Scoring, Span)> = None;
        for rule in &end.rules {
            // A rule scoped to a phase is lowered as any other, and its phase kept.
            let (rule, scope) = match &rule.node {
                ast::EndRule::Scoped(scope, inner) => (&**inner, Some(scope)),
                _ => (rule, None),
            };
            if let (Some(scope), Some(kind)) = (scope, end_kind(&rule.node))
                && let Some(phase) = errors.take_one(self.end_phase(scope))
            {
                out.only_in.push((kind, phase));
            }
            let score = match &rule.node {
                ast::EndRule::NoSeeds(s, _) | ast::EndRule::Repetition(s, _) => s.as_ref(),
                ast::EndRule::StoreMajority(_, s)
                | ast::EndRule::FewSeeds(_, s, _)
                | ast::EndRule::EveryHolds(_, s)
                | ast::EndRule::MarksEmpty(_, s, _) => Some(s),
                ast::EndRule::Blocked(ast::Blocked::Scores(s), ..) => Some(s),
                ast::EndRule::PassesDraw(s) => s.as_ref(),
                ast::EndRule::Rounds(r) => r.refill.as_ref().and_then(|f| f.unable.as_ref()),
                _ => None,
            };
            if let Some(at) = score.and_then(|s| s.last_turns) {
                match (&rule.node, end_kind(&rule.node)) {
                    (ast::EndRule::Blocked(..), _) => errors.push(CheckError::NoLastTurns {
                        span: at.into(),
                        why: "a player who cannot move has no turn to play",
                    }),
                    (ast::EndRule::Rounds(_), _) | (_, None) => errors.push(CheckError::NoLastTurns {
                        span: at.into(),
                        why: "a game ended because a player cannot fill a hole for a round has no board to play on",
                    }),
                    (_, Some(kind)) => out.last_turns.push(kind),
                }
            }
            if let Some(score) = score {
                match &scored {
                    &Some((ref first, at))
                        if !(first.score.counts_as(&score.score) && first.left_to_last == score.left_to_last) =>
                    {
                        errors.push(CheckError::ConflictingWords {
                        word: self.text(rule.span),
                        other: self.text(at),
                        span: rule.span.into(),
                        first: at.into(),
                        help: "a game keeps one score: end every scored rule with `the player with more seeds wins`, or every one with `the player who captured more seeds wins` (or every one with the same `in their NAME holes`), each with `, the seeds left going to the player who moved last,` or none".into(),
                    })
                    }
                    Some(_) => {}
                    None => scored = Some((score.clone(), rule.span)),
                }
            }
            match &rule.node {
                ast::EndRule::EqualRound => {}
                ast::EndRule::NoSeeds(_, most) | ast::EndRule::NoSeedsWins(most) => {
                    let max = u64::from(crate::model::MAX_SEEDS);
                    out.no_seeds = Some(match &rule.node {
                        ast::EndRule::NoSeeds(scored, _) => ending(scored),
                        _ => Ending::Wins,
                    });
                    out.no_seeds_most = errors
                        .take_one(match most {
                            Some(n) if n.node > max => {
                                Err(CheckError::TooLarge { value: n.node, max, span: n.span.into() })
                            }
                            n => Ok(n.as_ref().map_or(0, |n| n.node as u16)),
                        })
                        .unwrap_or(0);
                }
                ast::EndRule::Repetition(scored, agreed) => {
                    out.repetition = Some(ending(scored));
                    out.agreed = *agreed;
                }
                ast::EndRule::StoreMajority(limit, _) => {
                    let limit = self.store_limit(limit, &mut errors);
                    let stores = errors.take_one(self.need_stores(rule.span)).is_some();
                    out.store_limit = limit.filter(|_| stores);
                }
                ast::EndRule::CapturedWin(limit) => out.captured_win = self.store_limit(limit, &mut errors),
                ast::EndRule::EveryHolds(fact, _) => out.every_holds = errors.take(self.side_fact(fact)),
                ast::EndRule::FewSeeds(v, _, each) => {
                    out.few_seeds_each = *each;
                    out.few_seeds = errors.take_one(self.value(v).and_then(|n| {
                        u16::try_from(n).map_err(|_| CheckError::TooLarge {
                            value: n,
                            max: u64::from(u16::MAX),
                            span: v.span.into(),
                        })
                    }));
                }
                ast::EndRule::TurnLimit(v) => out.turn_limit = errors.take_one(self.count(v)).map(u32::from),
                ast::EndRule::RowEmpty(row, every_lap) => {
                    out.row_empty = errors.take(self.row(row));
                    out.row_empty_every_lap = *every_lap;
                }
                ast::EndRule::OneHole(every_lap) => {
                    out.one_hole = true;
                    out.one_hole_every_lap = *every_lap;
                }
                ast::EndRule::PassesDraw(score) => {
                    out.passes_draw = true;
                    out.passes_scored = score.is_some();
                }
                ast::EndRule::PassLoses => out.pass_loses = true,
                ast::EndRule::EndHoles(row) => out.end_holes = errors.take(self.row(row)),
                ast::EndRule::MarksEmpty(mark, _, hold_all) => {
                    out.marks_empty = errors.take_one(self.mark(mark));
                    out.marks_hold_all = *hold_all;
                }
                ast::EndRule::Gift(count, hole) => {
                    let into = errors.take(self.sow_into(&ast::ResowInto::Named(Box::new(hole.clone()))));
                    let max = u64::from(crate::model::MAX_SEEDS);
                    let count = errors.take_one(match count.node {
                        0 => Err(CheckError::ZeroAmount { span: count.span.into() }),
                        n if n > max => Err(CheckError::TooLarge { value: n, max, span: count.span.into() }),
                        n => Ok(n as u16),
                    });
                    if let (Some(SowInto::Hole { role, column }), Some(count)) = (into, count) {
                        out.gift = Some(crate::model::Gift { count, role, column });
                    }
                }
                // Lowered above: the grammar scopes no rule twice.
                ast::EndRule::Scoped(..) => {}
                ast::EndRule::Rounds(r) => out.rounds = self.rounds(r, &mut errors),
                ast::EndRule::PointsWin(v) => out.points_win = errors.take_one(self.count(v)),
                ast::EndRule::Blocked(b, draw, _) => {
                    out.blocked_draw = draw.as_ref().and_then(|v| errors.take_one(self.count(v)));
                    if let Some(prev) = blocked
                        && prev.node != b.into()
                    {
                        errors.push(CheckError::ConflictingWords {
                            word: self.text(rule.span),
                            other: self.text(prev.span),
                            span: rule.span.into(),
                            first: prev.span.into(),
                            help: "a game has one rule for a player who cannot move: they lose, pass or end the game. Keep one of the rules; a rule scoped to a phase (`in opening \"NAME\", …`) holds there alone, and in every other phase a player who cannot move passes".into(),
                        });
                    }
                    blocked = Some(Spanned::new(b.into(), rule.span));
                }
            }
        }
        for rule in &end.rules {
            match &rule.node {
                ast::EndRule::PointsWin(_) if out.rounds.is_none_or(|r| r.points.is_none()) => {
                    let why = match out.rounds {
                        None => "this game is not played in rounds",
                        Some(_) => "no round of this game scores points",
                    };
                    let target = out.points_win.unwrap_or(0);
                    errors.push(CheckError::NeedsPoints { span: rule.span.into(), target, why });
                }
                ast::EndRule::Rounds(ast::Rounds { points: Some(points), .. })
                    if out.points_win.is_none() =>
                {
                    errors.push(CheckError::PointsUnread { span: points.span.into() });
                }
                _ => {}
            }
        }
        for rule in end.rules.iter().filter(|r| r.node == ast::EndRule::EqualRound) {
            match &mut out.rounds {
                Some(rounds) => rounds.equal_draw = true,
                None => errors.push(CheckError::NeedsRounds { span: rule.span.into() }),
            }
        }
        let Some(blocked) = blocked else {
            errors.push(CheckError::BlockedUnstated { span: section.keyword.into() });
            return Err(errors.0);
        };
        // Whether a game of passes can go on for ever is asked of the whole model (see
        // `Model::passes_forever`), with this rule's place.
        out.blocked = blocked.node;
        if let Some((scoring, _)) = scored {
            match &scoring.score {
                ast::Score::Seeds => {}
                ast::Score::Captured => out.score = Score::Captured,
                ast::Score::Holes(name) => {
                    if let Some(named) = errors.take(self.row_or_mark(name)) {
                        out.score = Score::Holes(match named {
                            Named::Row(role) => HoleSet::Row(role),
                            Named::Mark(mark) => HoleSet::Marked(mark),
                        });
                    }
                }
            }
            out.left_to_last = scoring.left_to_last;
        }
        errors.finish(Some(out))
    }

    /// A game of rounds: how the board is made for the next round, what a round scores and
    /// who starts the next.
    fn rounds(&self, r: &ast::Rounds, errors: &mut Errors) -> Option<Rounds> {
        let refill = match &r.refill {
            Some(f) => Some(self.refill(f, errors)?),
            None => None,
        };
        let points = match &r.points {
            Some(p) => Some(match &p.node {
                ast::RoundPoints::Difference => RoundPoints::Difference,
                ast::RoundPoints::Points(v) => RoundPoints::Points(errors.take_one(self.count(v))?),
            }),
            None => None,
        };
        let starts = match r.starts {
            None => RoundStart::Next,
            Some(ast::RoundStarter::Winner) => RoundStart::Winner,
            Some(ast::RoundStarter::Loser) => RoundStart::Loser,
            Some(ast::RoundStarter::Second) => RoundStart::InTurn,
            Some(ast::RoundStarter::First) => RoundStart::First,
        };
        Some(Rounds { refill, points, starts, equal_draw: false })
    }

    /// The rounds an opening is played in (`it is played from the second round on`), in a
    /// game played in rounds.
    fn played_rounds(
        &self,
        rounds: &Spanned<ast::PlayedRounds>,
        parts: &mut OpeningParts<'_>,
        errors: &mut Errors,
    ) {
        let in_rounds = self
            .eff
            .sections
            .end
            .is_some_and(|e| e.node.rules.iter().any(|r| matches!(r.node, ast::EndRule::Rounds(_))));
        if !in_rounds {
            errors.push(CheckError::OpeningNeedsRounds { span: rounds.span.into() });
        }
        parts.rounds = Some(*rounds);
    }

    /// Why no hole of one player's faces each hole of the other's, where the file matches one
    /// player's holes with the other's (`matching`): more than two players, a shared circuit,
    /// holes that are every player's.
    fn no_facing_holes(&self) -> Option<String> {
        let seats = self.eff.sections.players.map_or(2, |p| p.node.node as usize);
        let territory = self.eff.sections.territory.map(|t| t.node);
        if seats != 2 {
            Some(format!("at a table of {seats} there is no one hole facing each hole of a player's"))
        } else if territory.is_some_and(|t| t.share.is_some()) {
            Some("the players share a circuit, not rows facing each other".to_string())
        } else if territory.is_some_and(|t| t.common.is_some()) {
            Some("every hole is every player's".to_string())
        } else {
            None
        }
    }

    /// The refill of a game of rounds, from the seeds each player has.
    fn refill(&self, r: &ast::Refill, errors: &mut Errors) -> Option<Refill> {
        if let (Some(fewest), Some(win)) = (r.fewest, r.win) {
            // Seeds over are kept, or fill the others' holes: not both.
            errors.push(CheckError::ConflictingWords {
                word: "then the empty holes of the others, which become theirs".into(),
                other: "as many as the player with the fewest seeds can".into(),
                span: win.into(),
                first: fewest.into(),
                help: "with `as many as the player with the fewest seeds can` every player keeps the seeds over, \
                       which cannot also fill the others' holes: keep one of the two"
                    .into(),
            });
        }
        if let Some(matching) = r.matching
            && let Some(why) = self.no_facing_holes()
        {
            errors.push(CheckError::Matching { why, span: matching.into() });
        }
        let seeds = match &r.seeds {
            Some(seeds) => errors.take_one(self.count_of(seeds)),
            // Each hole's own count: a full hole is read hole by hole.
            None => Some(u16::MAX),
        };
        let rest = match &r.rest {
            None => Some(None),
            Some(None) => Some(Some(1)),
            Some(Some(least)) => errors.take_one(self.count(least)).map(Some),
        };
        // A last hole of as many seeds as a full one or more is a full hole.
        if let (Some(Some(least)), Some(seeds), Some(Some(v))) = (rest, seeds, &r.rest)
            && least >= seeds
        {
            errors.push(CheckError::SeedRange {
                span: v.span.into(),
                reason: format!("{least} seeds or more fill a whole hole of {seeds}"),
                help: format!("a last hole holds fewer seeds than a full one: at least 1 to {}", seeds - 1),
            });
        }
        // Lots are drawn where no player has enough for a last hole: for fewer seeds than that.
        let lot = match (&r.lot, rest) {
            (None, _) => Some(0),
            (Some(v), Some(least)) => errors.take_one(self.count(v).and_then(|n| match least {
                Some(least) if (1..least).contains(&n) => Ok(n),
                _ => Err(CheckError::SeedRange {
                    span: v.span.into(),
                    reason: match least {
                        Some(least) if n >= least => {
                            format!("a player with {n} seeds left makes the last hole without a lot (`at least {least}`)")
                        }
                        _ => "a lot is drawn between players who have seeds left".to_string(),
                    },
                    help: format!(
                        "the lots are for seeds too few to make a last hole: from 1 to {}",
                        least.unwrap_or(2).saturating_sub(1).max(1)
                    ),
                }),
            })),
            (Some(_), None) => None,
        };
        let closed = match &r.closed {
            Some(m) => errors.take_one(self.mark(m)).map(Some),
            None => Some(None),
        };
        let except = match &r.except {
            Some(m) => errors.take_one(self.mark(m)).map(Some),
            None => Some(None),
        };
        let few = match &r.few {
            Some(v) => errors.take_one(self.count(v).and_then(|n| {
                if n >= 2 {
                    Ok(n)
                } else {
                    Err(CheckError::SeedRange {
                        span: v.span.into(),
                        reason: "a player with so few has no seed to fill a hole with".into(),
                        help: format!(
                            "one seed a hole is for a player with some seeds, but too few to fill as the line says: \
                             under 2 seeds or more, not {n}"
                        ),
                    })
                }
            })),
            None => Some(0),
        };
        let shrink = match &r.shrink {
            Some(shrink) => errors.take_one(self.shrink(shrink, r.closed.is_some())),
            None => Some([None; MAX_SHRINK_STEPS]),
        };
        Some(Refill {
            seeds: seeds?,
            from_right: r.from_right,
            along: r.along,
            except: except?,
            fewest: r.fewest.is_some(),
            rest: rest?,
            lot: lot?,
            made_up: r.made_up.is_some(),
            matching: r.matching.is_some(),
            as_setup: r.seeds.is_none(),
            spread: r.spread,
            few: few?,
            fresh: r.fresh.is_some(),
            win: r.win.is_some(),
            closed: closed?,
            closed_short: r.closed_short,
            shrink: shrink?,
            unable_ends: r.unable.is_some(),
        })
    }

    /// The steps of a board that shrinks with the loser's share, each checked: a share below
    /// the whole, later steps for smaller shares and more columns, a row left with a hole, and
    /// a mark that keeps the holes cut off out of play (`closed`: whether the refill marks the
    /// holes left empty).
    fn shrink(
        &self,
        shrink: &Spanned<Vec<ast::ShrinkStep>>,
        closed: bool,
    ) -> Result<[Option<ShrinkStep>; MAX_SHRINK_STEPS], CheckError> {
        let error = |span: Span, reason: String, help: String| CheckError::BoardShrink {
            span: span.into(),
            reason,
            help,
        };
        if !closed {
            return Err(error(
                shrink.span,
                "the holes cut off would still be sown into".into(),
                "mark them out of play: `…, marking the holes left empty as closed, the board smaller by …`, with \
                 `marks closed` and a sowing `skipping closed holes`"
                    .into(),
            ));
        }
        if shrink.node.len() > MAX_SHRINK_STEPS {
            return Err(error(
                shrink.span,
                format!("{} steps", shrink.node.len()),
                format!("a board shrinks in at most {MAX_SHRINK_STEPS} steps"),
            ));
        }
        let columns = self.board.map_or(0, |b| b.columns);
        let mut steps = [None; MAX_SHRINK_STEPS];
        let mut before: Option<&ast::ShrinkStep> = None;
        for (slot, step) in steps.iter_mut().zip(&shrink.node) {
            let (num, den) = step.share.node;
            if num == 0 || num >= den || den > u64::from(u16::MAX) {
                return Err(error(
                    step.share.span,
                    "not a share of the seeds below the whole".into(),
                    "a share between nothing and all the seeds: `1/2`, `1/4`".into(),
                ));
            }
            let n = step.columns.node;
            if n == 0 || n >= columns as u64 {
                return Err(error(
                    step.columns.span,
                    format!("{n} columns of {columns}"),
                    format!(
                        "a board smaller by 1 to {} columns keeps a hole in every row",
                        columns.saturating_sub(1)
                    ),
                ));
            }
            if let Some(b) = before {
                let (bn, bd) = b.share.node;
                if num * bd >= bn * den || n <= b.columns.node {
                    return Err(error(
                        step.share.span,
                        "a step for a share no smaller, or a board no smaller, than the one before".into(),
                        "write the steps from the largest share to the smallest, each smaller by more columns: `by 1 \
                         column while the loser has under 1/2 of the seeds, by 2 under 1/4`"
                            .into(),
                    ));
                }
            }
            *slot = Some(ShrinkStep { columns: n as u8, share: (num as u16, den as u16) });
            before = Some(step);
        }
        Ok(steps)
    }

    /// The phase an end rule is scoped to: its index among the phases (the openings in
    /// order, then the main game).
    fn end_phase(&self, scope: &Spanned<ast::EndScope>) -> Result<u8, CheckError> {
        let openings = &self.eff.openings;
        match &scope.node {
            ast::EndScope::Main => Ok(openings.len() as u8),
            ast::EndScope::Opening(name) => {
                openings.iter().position(|o| o.name.node == *name).map(|i| i as u8).ok_or_else(|| {
                    let known: Vec<String> = openings.iter().map(|o| format!("`{}`", o.name.node)).collect();
                    CheckError::UnknownOpening {
                        name: name.clone(),
                        span: scope.span.into(),
                        help: if known.is_empty() {
                            "the file has no openings: scope the rule to `the main game`, or leave the scope out".into()
                        } else {
                            format!("the openings are {}; or scope the rule to `the main game`", known.join(", "))
                        },
                    }
                })
            }
        }
    }

    /// The sections of an opening, the first of each kind; a second one of a kind, or a
    /// second kind of turn, is an error. `lasts` is checked here, in the order written.
    pub fn opening_parts<'o>(&self, opening: &'o ast::Opening) -> (OpeningParts<'o>, Vec<CheckError>) {
        let mut parts = OpeningParts::default();
        let mut errors = Errors::default();
        let mut first_turn: Option<Span> = None;
        let mut seen: Vec<(&'static str, Span)> = Vec::new();
        for section in &opening.sections {
            let key = section.kind.keyword();
            // Several `move` lines are several ways to move: the turn is any one of them.
            let another_way = matches!(section.kind, SectionKind::TransferTurn(_))
                && matches!(parts.turn, Some(OpeningTurn::Transfer(_)));
            if another_way {
                if let (SectionKind::TransferTurn(t), Some(OpeningTurn::Transfer(ways))) =
                    (&section.kind, &mut parts.turn)
                {
                    ways.push((t, section.span));
                }
                continue;
            }
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                errors.push(CheckError::DuplicateSection {
                    section: key.to_string(),
                    span: section.keyword.into(),
                    first: (*first).into(),
                    help: format!("keep a single `{key}` in this opening"),
                });
                continue;
            }
            seen.push((key, section.keyword));
            if is_turn(&section.kind) {
                if let Some(first) = first_turn {
                    errors.push(CheckError::ConflictingTurns {
                        span: section.keyword.into(),
                        first: first.into(),
                    });
                    continue;
                }
                first_turn = Some(section.keyword);
            }
            match &section.kind {
                SectionKind::Lasts(v) => {
                    errors.take_one(self.count(v));
                    parts.lasts = Some(v);
                }
                SectionKind::Choose(c) => _ = put(&mut parts.sowing.choose, section, c, false),
                SectionKind::Sow(s) => _ = put(&mut parts.sowing.sow, section, s, false),
                SectionKind::AfterLap(a) => _ = put(&mut parts.sowing.after_lap, section, a, false),
                SectionKind::TakeTurn(t) => parts.turn = Some(OpeningTurn::Take(t)),
                SectionKind::TransferTurn(t) => {
                    parts.turn = Some(OpeningTurn::Transfer(vec![(t, section.span)]))
                }
                SectionKind::MarkTurn(t) => parts.turn = Some(OpeningTurn::Mark(t)),
                SectionKind::EmptyTurn(t) => parts.turn = Some(OpeningTurn::Empty(t)),
                SectionKind::OpeningPass(facts) => {
                    errors.take(self.side_facts(facts));
                    parts.pass = Some((facts, section.span));
                }
                SectionKind::OpeningEnd(ast::OpeningEnd::BothPass) => {
                    parts.ends_on_passes = Some(section.span)
                }
                SectionKind::OpeningEnd(ast::OpeningEnd::ForPlayer(facts)) => {
                    errors.take(self.side_facts(facts));
                    parts.ends_when = Some(facts);
                }
                SectionKind::OpeningEnd(ast::OpeningEnd::OwnPass) => parts.ends_on_pass = Some(section.span),
                SectionKind::OpeningEnd(ast::OpeningEnd::AtCapture(range)) => {
                    errors.take_one(self.seed_range(range, range.span));
                    parts.ends_at_capture = Some((range, section.span));
                }
                SectionKind::OpeningBlocked => parts.blocked_loses = Some(section.span),
                SectionKind::FirstOnly(matched, rounds) => {
                    if let Some(matched) = matched
                        && let Some(why) = self.no_facing_holes()
                    {
                        errors.push(CheckError::Matching { why, span: (*matched).into() });
                    }
                    parts.first_only = Some(section.span);
                    parts.first_matched = *matched;
                    if let Some(rounds) = rounds {
                        self.played_rounds(rounds, &mut parts, &mut errors);
                    }
                }
                SectionKind::Rounds(rounds) => self.played_rounds(rounds, &mut parts, &mut errors),
                SectionKind::OpeningSwap(instead) => {
                    let seats = self.eff.sections.players.map_or(2, |p| p.node.node as usize);
                    if seats != 2 {
                        errors.push(CheckError::SwapSeats { seats, span: section.span.into() });
                    }
                    parts.swap = Some((*instead, section.span));
                }
                SectionKind::KeepTurn(n) => {
                    errors.take_one(self.count(n));
                    parts.keeps_turn = Some((n, section.span));
                }
                SectionKind::DropCapture(d) => {
                    errors.take(self.drop_capture(d));
                    parts.drop_capture = Some((d, section.span));
                }
                // The grammar allows no other section in an opening.
                _ => {}
            }
        }
        if let Some(span) = parts.ends_on_passes
            && parts.pass.is_none()
        {
            errors.push(CheckError::EndsOnPassesWithoutPass {
                span: span.into(),
                opening: opening.name.node.clone(),
            });
        }
        for span in [parts.ends_on_pass, parts.keeps_turn.map(|(_, s)| s)].into_iter().flatten() {
            if parts.pass.is_none() {
                errors.push(CheckError::WaitsForPassWithoutPass {
                    span: span.into(),
                    opening: opening.name.node.clone(),
                });
            }
        }
        let moves = matches!(parts.turn, Some(OpeningTurn::Transfer(..)));
        for span in
            [parts.keeps_turn.map(|(_, s)| s), parts.drop_capture.map(|(_, s)| s)].into_iter().flatten()
        {
            if !moves {
                errors.push(CheckError::NeedsMoveTurn {
                    span: span.into(),
                    opening: opening.name.node.clone(),
                });
            }
        }
        (parts, errors.0)
    }

    /// Facts about a player's holes (a pass's conditions, an opening's end).
    pub fn side_facts(&self, facts: &[Spanned<ast::SideFact>]) -> Found<Vec<SideFact>> {
        let mut errors = Errors::default();
        let out: Vec<Option<SideFact>> = facts.iter().map(|f| errors.take(self.side_fact(f))).collect();
        errors.finish(out.into_iter().collect())
    }

    /// One fact about a player's holes.
    fn side_fact(&self, fact: &Spanned<ast::SideFact>) -> Found<SideFact> {
        let holes = |row: &Option<Spanned<String>>| -> Found<HoleSet> {
            match row {
                None => Ok(HoleSet::Territory),
                Some(name) => Ok(match self.row_or_mark(name)? {
                    Named::Row(role) => HoleSet::Row(role),
                    Named::Mark(mark) => HoleSet::Marked(mark),
                }),
            }
        };
        let mut errors = Errors::default();
        let out = match &fact.node {
            ast::SideFact::Most(one) => match &one.node {
                ast::HoleSet::One { position, row, from_right } => {
                    let role = errors.take(self.row(row));
                    let column = errors.take_one(self.column(position, *from_right, one.span));
                    role.zip(column).map(|(role, column)| SideFact::Most { role, column })
                }
                // The grammar gives one hole here.
                _ => None,
            },
            ast::SideFact::Every { own, row, range } => {
                let holes = errors.take(holes(row));
                let range = errors.take_one(self.seed_range(range, fact.span));
                let side = own.map(|own| if own { Side::Own } else { Side::Opponent });
                holes.zip(range).map(|(holes, (min, max))| SideFact::Every { side, holes, min, max })
            }
            ast::SideFact::AtMost { count, row, range } => {
                let count = errors.take_one(self.value(count)).map(|n| n.min(u64::from(u16::MAX)) as u16);
                let holes = errors.take(holes(row));
                let range = errors.take_one(self.seed_range(range, fact.span));
                match (count, holes, range) {
                    (Some(count), Some(holes), Some((min, max))) => {
                        Some(SideFact::AtMost { count, holes, min, max })
                    }
                    _ => None,
                }
            }
            ast::SideFact::NotMoreThanLeft => Some(SideFact::NotMoreThanLeft),
            ast::SideFact::OpponentCaptured(n) => {
                errors.take_one(self.count(n)).map(SideFact::OpponentCaptured)
            }
        };
        errors.finish(out)
    }

    /// `take N occupied holes from …`: the holes, how many, and the mark they must not have.
    pub fn take_turn(&self, t: &ast::TakeTurn) -> Found<(Region, u16, Option<MarkId>)> {
        let mut errors = Errors::default();
        let region = errors.take(self.region(&t.region));
        let count = errors.take_one(self.count(&t.count));
        let except = errors.take_one(t.except.as_ref().map(|m| self.mark(m)).transpose());
        let (Some(region), Some(count)) = (region, count) else { return Err(errors.0) };
        errors.finish(except.map(|except| (region, count, except)))
    }

    /// `move N seeds from … to …`, written at `span`: not more moves than a turn may offer.
    /// The ways of a turn that moves seeds (`move …` lines), which together must offer no
    /// more moves than a position has room for.
    pub fn transfer_ways(&self, ways: &[(&ast::TransferTurn, Span)]) -> Found<Vec<Transfer>> {
        let mut errors = Errors::default();
        let found: Vec<Transfer> =
            ways.iter().filter_map(|&(t, span)| errors.take(self.transfer_turn(t, span))).collect();
        if let (Some(board), [_, _, ..], true) = (self.board, ways, found.len() == ways.len()) {
            let fixed = self.fixed_marks();
            let bound: usize = (found.iter())
                .map(|way| match way.place {
                    TransferTo::Any | TransferTo::NotOpposite => {
                        transfer_bound(board, &way.from, &way.to, &fixed)
                    }
                    // One hole to go to from each hole.
                    TransferTo::Behind | TransferTo::Next => board.cells().count(),
                })
                .sum();
            if bound > MAX_CHOICES {
                let span = ways[0].1.to(ways[ways.len() - 1].1);
                errors.push(CheckError::TooManyChoices { bound, max: MAX_CHOICES, span: span.into() });
            }
        }
        errors.finish(Some(found))
    }

    /// One `move …` line of an opening.
    pub fn transfer_turn(&self, t: &ast::TransferTurn, span: Span) -> Found<Transfer> {
        let mut errors = Errors::default();
        let count = match &t.count {
            Some(c) => errors.take_one(self.count(c)).map(Some),
            None => Some(None),
        };
        let from = errors.take(self.hole_filter(&t.from, Against::First));
        let to = match t.place {
            ast::TransferPlace::Next => Some(HoleFilter::default()),
            _ => errors.take(self.hole_filter(&t.to, Against::First)),
        };
        let holds = match &t.holds {
            Some(Spanned { node: ast::Filter::Seeds { bound, count }, span: at }) => {
                errors.take_one(self.value(count)).and_then(|n| {
                    let n = u16::try_from(n).unwrap_or(u16::MAX);
                    let (lo, hi) = match bound {
                        ast::Bound::Exactly => (n, n),
                        ast::Bound::AtLeast => (n, u16::MAX),
                        ast::Bound::AtMost => (1, n),
                    };
                    match impossible_counts(lo.into(), hi.into(), *at, span) {
                        Some(e) => {
                            errors.push(e);
                            None
                        }
                        None => Some(Some((lo, hi))),
                    }
                })
            }
            _ => Some(None),
        };
        let (mut except_rows, mut except_marks) = (0u8, 0u8);
        for name in &t.except {
            match errors.take(self.row_or_mark(name)) {
                Some(Named::Row(role)) => except_rows |= 1 << role,
                Some(Named::Mark(mark)) => except_marks |= 1 << mark,
                None => {}
            }
        }
        let (Some(count), Some(from), Some(to), Some(holds)) = (count, from, to, holds) else {
            return Err(errors.0);
        };
        if t.place == ast::TransferPlace::Behind && to.role.is_none() {
            errors.push(CheckError::ImpossibleChoice {
                span: t.to.span.into(),
                reason: "a column holds one hole of each row".into(),
                help: "name the row of the hole behind it, as in `the own outer hole behind it`".into(),
            });
        }
        if let Some(board) = self.board {
            let fixed = self.fixed_marks();
            let bound = match t.place {
                ast::TransferPlace::Described | ast::TransferPlace::NotOpposite => {
                    transfer_bound(board, &from, &to, &fixed)
                }
                ast::TransferPlace::Behind | ast::TransferPlace::Next => 1,
            };
            if bound > MAX_CHOICES {
                errors.push(CheckError::TooManyChoices { bound, max: MAX_CHOICES, span: span.into() });
            }
        }
        let place = match t.place {
            ast::TransferPlace::Described => TransferTo::Any,
            ast::TransferPlace::Behind => TransferTo::Behind,
            ast::TransferPlace::Next => TransferTo::Next,
            ast::TransferPlace::NotOpposite => TransferTo::NotOpposite,
        };
        errors.finish(Some(Transfer { count, from, holds, to, place, except_rows, except_marks }))
    }

    /// `a seed moved into … captures NAME`: the hole, the opposite hole's state, and a capture
    /// that takes holes only (no `then` line; its seeds out of play or to the mover's hand).
    pub fn drop_capture(&self, d: &ast::DropCapture) -> Found<DropCapture> {
        let mut errors = Errors::default();
        let hole = errors.take(self.hole_filter(&d.hole, Against::First));
        let opposite = match &d.opposite {
            Some((row, state)) => errors.take(self.row(row)).map(|role| Some((role, (*state).into()))),
            None => Some(None),
        };
        let capture = errors.take_one(self.capture(&d.capture));
        if let Some(c) = self.eff.captures.get(&d.capture.node) {
            let plain_targets = c.take.iter().all(|t| {
                matches!(t.node, ast::Target::Landing | ast::Target::Opposite(_) | ast::Target::Column(_))
            });
            let plain_destination = c
                .destination
                .as_ref()
                .is_none_or(|d| matches!(d.node, ast::Destination::OutOfPlay | ast::Destination::Hand));
            if !plain_targets
                || !plain_destination
                || c.each.is_some()
                || c.origin_column.is_some()
                || c.not_every_seed.is_some()
                || c.relay_after.is_some()
                || !c.follow_ups.is_empty()
                || c.again.is_some()
            {
                errors.push(CheckError::DropCaptureNotPlain {
                    span: d.capture.span.into(),
                    capture: d.capture.node.clone(),
                    at: c.name.span.into(),
                });
            }
        }
        let (Some(hole), Some(opposite), Some(capture)) = (hole, opposite, capture) else {
            return Err(errors.0);
        };
        errors.finish(Some(DropCapture { hole, opposite, capture, until_captured: d.until_captured }))
    }

    /// `remove the seeds of … from play`, `put the seeds of … in the mover's hand`.
    pub fn empty_turn(&self, t: &ast::EmptyTurn) -> Found<Turn> {
        let hole = self.hole_filter(&t.hole, Against::First)?;
        Ok(Turn::Empty { hole, to_hand: t.to_hand })
    }

    /// For each mark, the holes it is on for good, where no turn of an opening marks more.
    fn fixed_marks(&self) -> Vec<Option<Vec<Cell>>> {
        let marked = self.marked().unwrap_or_default();
        let marking: Vec<&str> = (self.eff.openings.iter())
            .flat_map(|o| &o.sections)
            .filter_map(|s| match &s.kind {
                SectionKind::MarkTurn(t) => Some(t.mark.node.as_str()),
                _ => None,
            })
            .collect();
        (self.eff.marks.iter().zip(marked.into_iter().map(Some).chain(std::iter::repeat(None))))
            .map(|(m, cells)| if marking.contains(&m.name.node.as_str()) { None } else { cells })
            .collect()
    }

    /// `mark … hole as NAME`.
    pub fn mark_turn(&self, t: &ast::MarkTurn) -> Found<Turn> {
        let mut errors = Errors::default();
        let hole = errors.take(self.hole_filter(&t.hole, Against::First));
        let mark = errors.take_one(self.mark(&t.mark));
        errors.finish(hole.zip(mark).map(|(hole, mark)| Turn::Mark { hole, mark }))
    }
}

/// Whether a section of an opening says what its turns are.
fn is_turn(kind: &SectionKind) -> bool {
    matches!(
        kind,
        SectionKind::Choose(_)
            | SectionKind::TakeTurn(_)
            | SectionKind::TransferTurn(_)
            | SectionKind::MarkTurn(_)
            | SectionKind::EmptyTurn(_)
    )
}

/// The diagnostic for seed counts no hole can have: none (`max` 0), or none between `min`
/// and `max`.
fn impossible_counts(min: u64, max: u64, filter: Span, choice: Span) -> Option<CheckError> {
    if max == 0 {
        Some(CheckError::ImpossibleChoice {
            span: filter.into(),
            reason: "a hole with no seeds cannot be sown".into(),
            help: "a chosen hole always holds at least one seed; ask for 1 or more".into(),
        })
    } else if min > max {
        Some(CheckError::ImpossibleChoice {
            span: choice.into(),
            reason: format!("no count is at least {min} and at most {max}"),
            help: "remove one of the conflicting conditions".into(),
        })
    } else {
        None
    }
}

/// The most moves a turn of moving seeds can offer: pairs of distinct holes that the words
/// can describe, whatever the counts and marks (which only narrow them further).
/// `fixed[m]`: the holes mark `m` stays on for good (no turn marks more), if so.
fn transfer_bound(board: Board, from: &HoleFilter, to: &HoleFilter, fixed: &[Option<Vec<Cell>>]) -> usize {
    let holes: Vec<(Player, Role, Cell)> = (board.cells())
        .map(|cell| {
            let (owner, role) = board.owner_of(cell);
            (owner, role as Role, cell)
        })
        .collect();
    Player::BOTH
        .iter()
        .map(|&me| {
            let fits = |f: &HoleFilter, (owner, role, cell): (Player, Role, Cell)| {
                f.side.is_none_or(|side| (owner == me) == (side == Side::Own))
                    && f.role.is_none_or(|r| r == role)
                    && f.mark.is_none_or(|m| match fixed.get(usize::from(m)) {
                        Some(Some(cells)) => cells.contains(&cell),
                        _ => true,
                    })
            };
            let froms = holes.iter().filter(|&&h| fits(from, h)).count();
            let tos = holes.iter().filter(|&&h| fits(to, h)).count();
            let both = holes.iter().filter(|&&h| fits(from, h) && fits(to, h)).count();
            froms * tos - both
        })
        .max()
        .unwrap_or(0)
}

/// The kind of an end rule the engine reads in one place, for scoping it to a phase.
fn end_kind(rule: &ast::EndRule) -> Option<EndKind> {
    Some(match rule {
        ast::EndRule::NoSeeds(..) | ast::EndRule::NoSeedsWins(_) => EndKind::NoSeeds,
        ast::EndRule::Blocked(..) => EndKind::Blocked,
        ast::EndRule::Repetition(..) => EndKind::Repetition,
        ast::EndRule::StoreMajority(..) => EndKind::StoreLimit,
        ast::EndRule::CapturedWin(_) => EndKind::CapturedWin,
        ast::EndRule::FewSeeds(..) => EndKind::FewSeeds,
        ast::EndRule::EveryHolds(..) => EndKind::EveryHolds,
        ast::EndRule::TurnLimit(_) => EndKind::TurnLimit,
        ast::EndRule::RowEmpty(..) => EndKind::RowEmpty,
        ast::EndRule::OneHole(_) => EndKind::OneHole,
        ast::EndRule::PassesDraw(_) => EndKind::PassesDraw,
        ast::EndRule::PassLoses => EndKind::PassLoses,
        ast::EndRule::EndHoles(_) => EndKind::EndHoles,
        ast::EndRule::MarksEmpty(..) => EndKind::MarksEmpty,
        ast::EndRule::Gift(..) => EndKind::Gift,
        ast::EndRule::Rounds(_)
        | ast::EndRule::EqualRound
        | ast::EndRule::PointsWin(_)
        | ast::EndRule::Scoped(..) => {
            return None;
        }
    })
}

/// The counts a bound on `n` allows, up to `most`: exactly `n`, `n` and more, or up to `n`.
fn bounded<T: Copy + Default>(bound: ast::Bound, n: T, most: T) -> (T, T) {
    match bound {
        ast::Bound::Exactly => (n, n),
        ast::Bound::AtLeast => (n, most),
        ast::Bound::AtMost => (T::default(), n),
    }
}

/// Whether a lap rule's fact reads the landing hole's column (the holes across from it) or
/// its marks: what a store, the landing place of a rule about it, does not have.
fn reads_column(fact: Fact) -> bool {
    matches!(
        fact,
        Fact::Opposite(..)
            | Fact::OppositeHolds(..)
            | Fact::OppositeSide(..)
            | Fact::OppositeMarked(..)
            | Fact::Column(..)
            | Fact::ColumnHolds(..)
            | Fact::Stepped(CountAt::Opposite(_) | CountAt::Column(_), ..)
            | Fact::AlongMarked(0, _)
    )
}

/// When a lap rule other than one of a lap's end is read, for its check errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Moment {
    /// As a seed falls (`a seed lands in …`).
    Passing,
    /// Once the sowing is over (`the sowing ends`).
    SowingEnd,
    /// Before a lap is lifted (`a lap starts from …`).
    LapStart,
}

impl Moment {
    fn of(seeds: ast::Seeds) -> Moment {
        match seeds {
            ast::Seeds::SowingEnd => Moment::SowingEnd,
            ast::Seeds::LapStart => Moment::LapStart,
            ast::Seeds::Last | ast::Seeds::BeforeLast | ast::Seeds::Every => Moment::Passing,
        }
    }

    /// The label of a check error about such a rule.
    fn label(self) -> &'static str {
        match self {
            Moment::Passing => "read as each seed falls",
            Moment::SowingEnd => "read once the sowing is over",
            Moment::LapStart => "read before a lap is lifted",
        }
    }
}
