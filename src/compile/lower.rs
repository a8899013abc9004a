//! Check the sections that apply and lower them into the engine's tables. One function per
//! section; each pushes its errors and carries on, so that one run reports every
//! independent problem.

use super::assemble::Effective;
use super::error::CheckError;
use crate::engine::MoveList;
use crate::engine::rules::*;
use crate::engine::sowing::Ring;
use crate::span::{Span, Spanned};
use crate::suggest::unknown_name_help;
use crate::syntax::ast::{self, Section, SectionKind};

/// Collapse runs of whitespace into single spaces.
pub(crate) fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

struct Lowerer<'a> {
    src: &'a str,
    eff: &'a Effective<'a>,
    errors: Vec<CheckError>,
    /// Row names from the territory, from the seat inward (empty if the territory is missing).
    row_names: Vec<String>,
    /// Names of the kinds of mark.
    mark_names: Vec<String>,
    territory_ok: bool,
    /// `a store for each player`: where it was said.
    stores: Option<Span>,
}

/// The board's shape, once it is known to be usable.
#[derive(Clone, Copy)]
struct Shape {
    rows: usize,
    columns: usize,
}

impl Shape {
    fn per_side(self) -> usize {
        self.rows / 2
    }

    fn holes(self) -> usize {
        self.rows * self.columns
    }

    /// The absolute row of `player`'s row `role`.
    fn row(self, player: Player, role: usize) -> usize {
        match player {
            Player::South => role,
            Player::North => self.rows - 1 - role,
        }
    }

    /// The absolute column of the `k`-th hole (0-based) from `player`'s left.
    fn column_from_left(self, player: Player, k: usize) -> usize {
        match player {
            Player::South => k,
            Player::North => self.columns - 1 - k,
        }
    }

    fn hole(self, row: usize, column: usize) -> Hole {
        Hole((row * self.columns + column) as u8)
    }
}

/// A name in a hole description: a row of the territory, or a kind of mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    Row(Role),
    Mark(MarkId),
}

/// A choice description before the board's slots are known.
struct ChoiceDraft {
    /// `own ROW hole` / `own MARK hole`, or `own hole` (None).
    own: Option<Named>,
    /// `the Nth ROW hole`: (row, index from the owner's left, from 0).
    one: Option<(Role, usize)>,
    min: u16,
    max: u16,
    next: Option<HoleState>,
    previous: Option<HoleState>,
    text: String,
}

/// A phase before the board's slots are known.
struct PhaseDraft {
    name: Option<String>,
    lasts: Option<u16>,
    turn: TurnDraft,
}

enum TurnDraft {
    Sow {
        choices: Vec<ChoiceDraft>,
        direction: Option<Direction>,
        lap_rules: Vec<LapRule>,
        otherwise: LapAction,
        must_feed: bool,
    },
    Take {
        capture: u8,
    },
    Transfer {
        count: u16,
        from: HoleFilter,
        to: HoleFilter,
        /// The `move …` line.
        span: Span,
    },
    Mark {
        hole: HoleFilter,
        mark: MarkId,
    },
}

/// Check and lower the sections of `eff` into `Rules`.
pub(crate) fn lower(src: &str, eff: &Effective<'_>) -> Result<Rules, Vec<CheckError>> {
    let mut l = Lowerer {
        src,
        eff,
        errors: Vec::new(),
        row_names: Vec::new(),
        mark_names: Vec::new(),
        territory_ok: false,
        stores: None,
    };
    let game_name = eff.game.name.span;

    let shape = l.board(game_name);
    l.territory(game_name, shape);
    let marks = l.marks(shape);
    let start = l.setup(game_name, shape);
    let circuit = l.circuit(game_name, shape);
    let (mut captures, capture_names) = l.captures();
    let main = l.main_phase(game_name, &capture_names);
    let mut phases = Vec::new();
    for opening in eff.openings.iter().copied() {
        if let Some(phase) = l.opening(opening, main.as_ref(), &capture_names, &mut captures) {
            phases.push(phase);
        }
    }
    let end = l.end(game_name);
    if let Some(shape) = shape {
        for phase in &phases {
            if let TurnDraft::Transfer { from, to, span, .. } = &phase.turn {
                let bound = transfer_bound(shape, from, to);
                if bound > MoveList::CAPACITY {
                    let max = MoveList::CAPACITY;
                    l.errors.push(CheckError::TooManyChoices { bound, max, span: (*span).into() });
                }
            }
        }
    }
    if let Some(main) = &main {
        let mut used: Vec<&LapRule> = Vec::new();
        for phase in phases.iter().chain(std::iter::once(main)) {
            if let TurnDraft::Sow { lap_rules, .. } = &phase.turn {
                used.extend(lap_rules.iter());
            }
        }
        l.check_added_captures(&used, &capture_names);
    }
    let meta = l.meta();
    let params = l.params();

    let (Some(shape), Some(start), Some(circuit), Some(main), Some(end), Some(marks)) =
        (shape, start, circuit, main, end, marks)
    else {
        return Err(l.errors);
    };
    if !l.errors.is_empty() {
        return Err(l.errors);
    }
    phases.push(main);
    Ok(build(BuildParts {
        meta,
        params,
        shape,
        row_names: l.row_names,
        mark_names: l.mark_names,
        marks,
        direction: circuit.direction,
        chosen_once: circuit.chosen_once,
        shared: circuit.shared,
        through_store: circuit.through_store,
        skip_origin: circuit.skip_origin,
        stores: l.stores.is_some(),
        start,
        phases,
        captures,
        end,
    }))
}

impl<'a> Lowerer<'a> {
    fn section(&self, key: &str) -> Option<&'a Section> {
        self.eff.sections.get(key).copied()
    }

    fn text(&self, span: Span) -> String {
        squash(self.src.get(span.start..span.end).unwrap_or(""))
    }

    fn missing(&mut self, section: &str, example: &str, game_name: Span) {
        self.errors.push(CheckError::MissingSection {
            section: section.into(),
            example: example.into(),
            span: game_name.into(),
        });
    }

    fn value(&mut self, v: &Spanned<ast::Value>) -> Option<u64> {
        match &v.node {
            ast::Value::Int(n) => Some(*n),
            ast::Value::Param(name) => match self.eff.params.get(name) {
                Some(p) => Some(p.value),
                None => {
                    let known: Vec<&str> = self.eff.params.keys().map(String::as_str).collect();
                    self.errors.push(CheckError::UnknownParam {
                        name: name.clone(),
                        span: v.span.into(),
                        help: unknown_name_help(name, "parameter", &known),
                    });
                    None
                }
            },
        }
    }

    fn unknown_name(&mut self, name: &Spanned<String>, marks_too: bool) {
        if !self.territory_ok {
            return;
        }
        let mut known: Vec<&str> = self.row_names.iter().map(String::as_str).collect();
        let label = if marks_too && !self.mark_names.is_empty() {
            known.extend(self.mark_names.iter().map(String::as_str));
            format!("no row or mark is called `{}`", name.node)
        } else {
            format!("the territory names no row `{}`", name.node)
        };
        let what = if marks_too && !self.mark_names.is_empty() { "row or mark" } else { "row" };
        self.errors.push(CheckError::UnknownRow {
            name: name.node.clone(),
            span: name.span.into(),
            label,
            help: unknown_name_help(&name.node, what, &known),
        });
    }

    /// The row of `the opposite [ROW] hole`: the named one, or the only row of a side.
    fn opposite_row(&mut self, name: Option<&Spanned<String>>, span: Span) -> Option<Role> {
        match name {
            Some(name) => self.row(name),
            None if self.row_names.len() <= 1 => Some(0),
            None => {
                self.errors.push(CheckError::WhichRow {
                    span: span.into(),
                    rows: self.row_names.len(),
                    help: format!(
                        "name the row, e.g. `the opposite {} hole`",
                        self.row_names.last().map_or("ROW", String::as_str)
                    ),
                });
                None
            }
        }
    }

    /// A phrase that needs a board with stores.
    fn need_stores(&mut self, what: &str, span: Span) -> bool {
        if self.stores.is_none() {
            self.errors.push(CheckError::NeedsStores { what: what.to_string(), span: span.into() });
        }
        self.stores.is_some()
    }

    /// `2 or 3 seeds`, `2 to 4 seeds`, `at least 2 seeds`: the counts allowed, inclusive.
    fn seed_range(&mut self, range: &ast::SeedRange, span: Span) -> Option<(u16, u16)> {
        let clamp = |n: u64| n.min(u64::from(u16::MAX)) as u16;
        let low = clamp(self.value(&range.low)?);
        let Some((high, or)) = &range.high else {
            return Some(match range.bound {
                ast::Bound::Exactly => (low, low),
                ast::Bound::AtLeast => (low, u16::MAX),
                ast::Bound::AtMost => (0, low),
            });
        };
        let high = clamp(self.value(high)?);
        let problem = if high < low {
            Some((
                format!("{low} is above {high}"),
                format!("write the smaller count first: `{high} to {low} seeds`"),
            ))
        } else if *or && high != low + 1 {
            Some((
                format!("`{low} or {high}` leaves out the counts between them"),
                format!("write `{low} to {high} seeds` for every count from {low} to {high}"),
            ))
        } else {
            None
        };
        if let Some((reason, help)) = problem {
            self.errors.push(CheckError::SeedRange { span: span.into(), reason, help });
            return None;
        }
        Some((low, high))
    }

    fn row(&mut self, name: &Spanned<String>) -> Option<Role> {
        if let Some(i) = self.row_names.iter().position(|r| *r == name.node) {
            return Some(i as Role);
        }
        self.unknown_name(name, false);
        None
    }

    fn row_or_mark(&mut self, name: &Spanned<String>) -> Option<Named> {
        if let Some(i) = self.row_names.iter().position(|r| *r == name.node) {
            return Some(Named::Row(i as Role));
        }
        if let Some(i) = self.mark_names.iter().position(|m| *m == name.node) {
            return Some(Named::Mark(i as MarkId));
        }
        self.unknown_name(name, true);
        None
    }

    fn mark(&mut self, name: &Spanned<String>) -> Option<MarkId> {
        match self.mark_names.iter().position(|m| *m == name.node) {
            Some(i) => Some(i as MarkId),
            None => {
                let known: Vec<&str> = self.mark_names.iter().map(String::as_str).collect();
                self.errors.push(CheckError::UnknownMark {
                    name: name.node.clone(),
                    span: name.span.into(),
                    label: format!("no `marks {}` section", name.node),
                    help: if known.is_empty() {
                        format!(
                            "declare the mark first: `marks {0}: the leftmost outer hole` for holes marked from the start, or `marks {0}` for holes marked in play",
                            name.node
                        )
                    } else {
                        unknown_name_help(&name.node, "mark", &known)
                    },
                });
                None
            }
        }
    }

    fn board(&mut self, game_name: Span) -> Option<Shape> {
        let Some(section) = self.section("board") else {
            self.missing("board", "`board 4 rows of 8 holes, no stores`", game_name);
            return None;
        };
        let SectionKind::Board(board) = &section.kind else { return None };
        self.stores = board.stores;
        let rows = self.value(&board.rows);
        let columns = self.value(&board.columns);
        let (rows, columns) = (rows?, columns?);
        let mut ok = true;
        if rows != 2 && rows != 4 {
            let what = match rows {
                0 => "a board with no rows has no holes".to_string(),
                r if r % 2 == 1 => format!("{r} rows cannot be shared equally between two players"),
                r => format!("{r} rows"),
            };
            self.errors.push(CheckError::BoardRows { rows, span: board.rows.span.into(), what });
            ok = false;
        }
        if columns == 0 {
            let circuit = self.section("circuit").map_or(section.span, |s| s.span);
            self.errors
                .push(CheckError::EmptyCircuit { span: board.columns.span.into(), circuit: circuit.into() });
            ok = false;
        } else if columns > MAX_COLUMNS as u64 {
            self.errors.push(CheckError::BoardColumns { columns, span: board.columns.span.into() });
            ok = false;
        }
        ok.then_some(Shape { rows: rows as usize, columns: columns as usize })
    }

    fn territory(&mut self, game_name: Span, shape: Option<Shape>) {
        let Some(section) = self.section("territory") else {
            self.missing("territory", "`territory each player owns rows outer, inner`", game_name);
            return;
        };
        let SectionKind::Territory(t) = &section.kind else { return };
        let mut names: Vec<&Spanned<String>> = Vec::new();
        for name in &t.rows {
            if let Some(first) = names.iter().find(|n| n.node == name.node) {
                self.errors.push(CheckError::DuplicateName {
                    what: "row".into(),
                    name: name.node.clone(),
                    span: name.span.into(),
                    first: first.span.into(),
                });
            } else {
                names.push(name);
            }
        }
        self.row_names = names.iter().map(|n| n.node.clone()).collect();
        self.territory_ok = true;
        if let Some(shape) = shape
            && t.rows.len() != shape.per_side()
        {
            let span = t.rows[0].span.to(t.rows[t.rows.len() - 1].span);
            self.errors.push(CheckError::TerritoryRows {
                named: t.rows.len(),
                per_side: shape.per_side(),
                span: span.into(),
            });
        }
    }

    fn setup(&mut self, game_name: Span, shape: Option<Shape>) -> Option<Vec<u16>> {
        let Some(section) = self.section("setup") else {
            self.missing("setup", "`setup { 2 in every hole }`", game_name);
            return None;
        };
        let SectionKind::Setup(setup) = &section.kind else { return None };
        let mut counts = shape.map(|s| vec![0u64; s.holes()]);
        for line in &setup.lines {
            let count = self.value(&line.count);
            let holes = self.setup_holes(&line.holes, shape);
            if let (Some(counts), Some(count), Some(holes)) = (counts.as_mut(), count, holes) {
                for h in holes {
                    counts[h.index()] = count;
                }
            }
        }
        let counts = counts?;
        let total: u64 = counts.iter().sum();
        if total == 0 {
            self.errors.push(CheckError::NoSeeds { span: section.span.into() });
            return None;
        }
        if total > u64::from(MAX_SEEDS) {
            self.errors.push(CheckError::TooManySeeds { total, span: section.span.into() });
            return None;
        }
        Some(counts.into_iter().map(|c| c as u16).collect())
    }

    fn setup_holes(&mut self, set: &Spanned<ast::HoleSet>, shape: Option<Shape>) -> Option<Vec<Hole>> {
        match &set.node {
            ast::HoleSet::Every => {
                let shape = shape?;
                Some((0..shape.holes()).map(|i| Hole(i as u8)).collect())
            }
            ast::HoleSet::EveryInRow(row) => {
                let role = self.row(row)? as usize;
                let shape = shape?;
                let mut holes = Vec::new();
                for player in Player::BOTH {
                    let r = shape.row(player, role);
                    holes.extend((0..shape.columns).map(|c| shape.hole(r, c)));
                }
                Some(holes)
            }
            ast::HoleSet::One { position, row, from_right } => {
                let role = self.row(row)? as usize;
                let shape = shape?;
                // 0-based index from the owner's left.
                let k = match (position.node, from_right) {
                    (ast::HolePosition::Leftmost, false) | (ast::HolePosition::Rightmost, true) => 0,
                    (ast::HolePosition::Rightmost, false) | (ast::HolePosition::Leftmost, true) => {
                        shape.columns - 1
                    }
                    (ast::HolePosition::Nth(n), _) if n == 0 || n > shape.columns as u64 => {
                        let what = self.text(set.span);
                        let help = if n == 0 {
                            "holes are counted from 1: the 1st hole is the leftmost, seen from the owner's seat".to_string()
                        } else {
                            format!(
                                "rows have {} holes here, so the last one is the {}",
                                shape.columns,
                                ordinal(shape.columns)
                            )
                        };
                        self.errors.push(CheckError::OffBoard { what, span: position.span.into(), help });
                        return None;
                    }
                    (ast::HolePosition::Nth(n), false) => n as usize - 1,
                    (ast::HolePosition::Nth(n), true) => shape.columns - n as usize,
                };
                Some(
                    Player::BOTH
                        .iter()
                        .map(|&p| shape.hole(shape.row(p, role), shape.column_from_left(p, k)))
                        .collect(),
                )
            }
        }
    }

    /// `marks NAME: HOLE, …`: the mark names, and the holes (board indices) marked at the
    /// start, for each kind.
    fn marks(&mut self, shape: Option<Shape>) -> Option<Vec<Vec<Hole>>> {
        let marks: Vec<&ast::Marks> = self.eff.marks.clone();
        if let Some(extra) = marks.get(MAX_MARKS) {
            self.errors.push(CheckError::TooManyMarks { max: MAX_MARKS, span: extra.name.span.into() });
        }
        self.mark_names = marks.iter().map(|m| m.name.node.clone()).collect();
        let mut out = Vec::new();
        for m in marks {
            let mut holes = Vec::new();
            for set in &m.holes {
                if let Some(hs) = self.setup_holes(set, shape) {
                    holes.extend(hs);
                }
            }
            out.push(holes);
        }
        shape.map(|_| out)
    }

    fn circuit(&mut self, game_name: Span, shape: Option<Shape>) -> Option<CircuitDraft> {
        let Some(section) = self.section("circuit") else {
            self.missing("circuit", "`circuit own rows anticlockwise`", game_name);
            return None;
        };
        let SectionKind::Circuit(c) = &section.kind else { return None };
        if let Some(through) = c.through_store {
            if c.all_rows.is_none() {
                self.errors
                    .push(CheckError::NeedsSharedCircuit { what: self.text(through), span: through.into() });
                return None;
            }
            if !self.need_stores(&self.text(through), through) {
                return None;
            }
        }
        match (shape, c.all_rows) {
            (Some(shape), None) if shape.per_side() != 2 => {
                self.errors
                    .push(CheckError::CircuitRows { span: section.span.into(), per_side: shape.per_side() });
                return None;
            }
            (Some(shape), Some(all)) if shape.rows != 2 => {
                self.errors.push(CheckError::SharedCircuitRows { span: all.into(), rows: shape.rows });
                return None;
            }
            _ => {}
        }
        if let Some(other) = c.chosen_once
            && other.node == c.direction.node
        {
            self.errors.push(CheckError::ConflictingWords {
                word: self.text(other.span),
                other: self.text(c.direction.span),
                span: other.span.into(),
                first: c.direction.span.into(),
                help: "name both directions: `anticlockwise or clockwise, chosen once`".into(),
            });
            return None;
        }
        Some(CircuitDraft {
            direction: c.direction.node,
            chosen_once: c.chosen_once.is_some(),
            shared: c.all_rows.is_some(),
            through_store: c.through_store.is_some(),
            skip_origin: c.skip_origin.is_some(),
        })
    }

    /// The main game: `choose`, `sow` and `after each lap` of the game (or ruleset).
    fn main_phase(&mut self, game_name: Span, capture_names: &[String]) -> Option<PhaseDraft> {
        let Some(section) = self.section("choose") else {
            self.missing("choose", "`choose { own hole with at least 1 seed }`", game_name);
            return None;
        };
        let SectionKind::Choose(choose) = &section.kind else { return None };
        let choices = self.choose(choose);
        let must_feed = choose.must_feed.is_some();
        let direction = self.section("sow").and_then(|s| match &s.kind {
            SectionKind::Sow(sow) => sow.direction.map(|d| d.node),
            _ => None,
        });
        let (lap_rules, otherwise) = match self.section("after each lap") {
            Some(s) => match &s.kind {
                SectionKind::AfterLap(after) => self.after_lap(s, after, capture_names),
                _ => (Vec::new(), LapAction::Stop),
            },
            None => (Vec::new(), LapAction::Stop),
        };
        Some(PhaseDraft {
            name: None,
            lasts: None,
            turn: TurnDraft::Sow { choices: choices?, direction, lap_rules, otherwise, must_feed },
        })
    }

    /// An opening: its own sections, the main game's where it states none.
    fn opening(
        &mut self,
        opening: &ast::Opening,
        main: Option<&PhaseDraft>,
        capture_names: &[String],
        captures: &mut Vec<Capture>,
    ) -> Option<PhaseDraft> {
        let mut lasts = None;
        let mut choose = None;
        let mut sow = None;
        let mut after = None;
        let mut special: Option<&Section> = None;
        let mut first_kind: Option<Span> = None;
        let mut seen: Vec<(&'static str, Span)> = Vec::new();
        for section in &opening.sections {
            let key = section.kind.keyword();
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                self.errors.push(CheckError::DuplicateSection {
                    section: key.to_string(),
                    span: section.keyword.into(),
                    first: (*first).into(),
                    help: format!("keep a single `{key}` in this opening"),
                });
                continue;
            }
            seen.push((key, section.keyword));
            let turn_kind = matches!(
                section.kind,
                SectionKind::Choose(_)
                    | SectionKind::TakeTurn(_)
                    | SectionKind::TransferTurn(_)
                    | SectionKind::MarkTurn(_)
            );
            if turn_kind {
                if let Some(first) = first_kind {
                    self.errors.push(CheckError::ConflictingTurns {
                        span: section.keyword.into(),
                        first: first.into(),
                    });
                    continue;
                }
                first_kind = Some(section.keyword);
            }
            match &section.kind {
                SectionKind::Lasts(v) => lasts = self.count(v),
                SectionKind::Choose(c) => choose = Some(c),
                SectionKind::Sow(s) => sow = Some(s),
                SectionKind::AfterLap(a) => after = Some((section, a)),
                SectionKind::TakeTurn(_) | SectionKind::TransferTurn(_) | SectionKind::MarkTurn(_) => {
                    special = Some(section)
                }
                _ => {}
            }
        }
        let name = Some(opening.name.node.clone());
        let turn = match special.map(|s| &s.kind) {
            Some(SectionKind::TakeTurn(t)) => {
                let region = self.region(&t.region);
                let count = self.count(&t.count);
                let except = t.except.as_ref().and_then(|m| self.mark(m));
                let (region, count) = (region?, count?);
                let destination =
                    if !captures.is_empty() && captures.iter().all(|c| c.destination == Destination::Hand) {
                        Destination::Hand
                    } else {
                        Destination::OutOfPlay
                    };
                captures.push(Capture {
                    name: format!("opening \"{}\"", opening.name.node),
                    take: Vec::new(),
                    destination,
                    not_every_seed: false,
                    follow_ups: vec![FollowUp::ExtraHoles {
                        condition: None,
                        optional: false,
                        counts: vec![count],
                        region,
                        except,
                    }],
                });
                TurnDraft::Take { capture: (captures.len() - 1) as u8 }
            }
            Some(SectionKind::TransferTurn(t)) => {
                let count = self.count(&t.count);
                let from = self.hole_filter(&t.from);
                let to = self.hole_filter(&t.to);
                let span = special.map_or(opening.name.span, |s| s.span);
                TurnDraft::Transfer { count: count?, from: from?, to: to?, span }
            }
            Some(SectionKind::MarkTurn(t)) => {
                let hole = self.hole_filter(&t.hole);
                let mark = self.mark(&t.mark);
                TurnDraft::Mark { hole: hole?, mark: mark? }
            }
            _ => {
                let main = match main {
                    Some(PhaseDraft {
                        turn: TurnDraft::Sow { choices, direction, lap_rules, otherwise, must_feed },
                        ..
                    }) => Some((choices, *direction, lap_rules, *otherwise, *must_feed)),
                    _ => None,
                };
                let must_feed = match choose {
                    Some(c) => c.must_feed.is_some(),
                    None => main.is_some_and(|m| m.4),
                };
                let choices = match choose {
                    Some(c) => self.choose(c)?,
                    None => main?.0.iter().map(ChoiceDraft::clone_draft).collect(),
                };
                let direction = match sow {
                    Some(s) => s.direction.map(|d| d.node),
                    None => main.and_then(|m| m.1),
                };
                let (lap_rules, otherwise) = match after {
                    Some((section, a)) => self.after_lap(section, a, capture_names),
                    None => main.map(|m| (m.2.clone(), m.3)).unwrap_or((Vec::new(), LapAction::Stop)),
                };
                TurnDraft::Sow { choices, direction, lap_rules, otherwise, must_feed }
            }
        };
        Some(PhaseDraft { name, lasts, turn })
    }

    /// Words describing a hole (for turns of openings), from the mover's point of view.
    fn hole_filter(&mut self, words: &Spanned<Vec<Spanned<ast::HoleWord>>>) -> Option<HoleFilter> {
        let mut filter = HoleFilter::default();
        let mut ok = true;
        let mut firsts: Vec<(u8, Span)> = Vec::new();
        for word in &words.node {
            let kind = match &word.node {
                ast::HoleWord::State(s) => {
                    filter.state = Some(*s);
                    0
                }
                ast::HoleWord::Side(s) => {
                    filter.side = Some(*s);
                    1
                }
                ast::HoleWord::Row(name) => match self.row_or_mark(&Spanned::new(name.clone(), word.span)) {
                    Some(Named::Row(r)) => {
                        filter.role = Some(r);
                        2
                    }
                    Some(Named::Mark(m)) => {
                        filter.mark = Some(m);
                        3
                    }
                    None => {
                        ok = false;
                        continue;
                    }
                },
            };
            if let Some((_, first)) = firsts.iter().find(|(k, _)| *k == kind) {
                self.errors.push(CheckError::ConflictingWords {
                    word: self.text(word.span),
                    other: self.text(*first),
                    span: word.span.into(),
                    first: (*first).into(),
                    help: "describe the hole with one word of each kind: `empty` or `occupied`, `own` or `opponent's`, and one row or mark".into(),
                });
                ok = false;
            }
            firsts.push((kind, word.span));
        }
        ok.then_some(filter)
    }

    fn choose(&mut self, choose: &ast::Choose) -> Option<Vec<ChoiceDraft>> {
        let mut out = Vec::new();
        for choice in &choose.choices {
            let mut min: u64 = 1;
            let mut max: u64 = u64::from(u16::MAX);
            let mut next: Option<Spanned<ast::HoleState>> = None;
            let mut previous: Option<Spanned<ast::HoleState>> = None;
            let mut ok = true;
            let (own, one) = match &choice.node.holes.node {
                ast::ChoiceHoles::Own(None) => (None, None),
                ast::ChoiceHoles::Own(Some(name)) => match self.row_or_mark(name) {
                    Some(n) => (Some(n), None),
                    None => {
                        ok = false;
                        (None, None)
                    }
                },
                ast::ChoiceHoles::One(ast::HoleSet::One { position, row, from_right }) => {
                    match self.row(row) {
                        Some(role) => (None, Some((role, position.node, *from_right, position.span))),
                        None => {
                            ok = false;
                            (None, None)
                        }
                    }
                }
                ast::ChoiceHoles::One(_) => (None, None),
            };
            for filter in &choice.node.filters {
                match &filter.node {
                    ast::Filter::Seeds { bound, count } => {
                        let Some(n) = self.value(count) else {
                            ok = false;
                            continue;
                        };
                        match bound {
                            ast::Bound::Exactly => {
                                min = min.max(n);
                                max = max.min(n);
                            }
                            ast::Bound::AtLeast => min = min.max(n),
                            ast::Bound::AtMost => max = max.min(n),
                        }
                        if max == 0 {
                            self.errors.push(CheckError::ImpossibleChoice {
                                span: filter.span.into(),
                                reason: "a hole with no seeds cannot be sown".into(),
                                help: "a chosen hole always holds at least one seed; ask for 1 or more"
                                    .into(),
                            });
                            ok = false;
                        } else if min > max {
                            self.errors.push(CheckError::ImpossibleChoice {
                                span: choice.span.into(),
                                reason: format!("no count is at least {min} and at most {max}"),
                                help: "remove one of the conflicting conditions".into(),
                            });
                            ok = false;
                        }
                    }
                    ast::Filter::Neighbour(which, state) => {
                        let (slot, name) = match which {
                            ast::Neighbour::Next => (&mut next, "next"),
                            ast::Neighbour::Previous => (&mut previous, "previous"),
                        };
                        if let Some(prev) = *slot
                            && prev.node != *state
                        {
                            let (word, other) = (self.text(filter.span), self.text(prev.span));
                            self.errors.push(CheckError::ConflictingWords {
                                word,
                                other,
                                span: filter.span.into(),
                                first: prev.span.into(),
                                help: format!(
                                    "the {name} hole is either empty or occupied: keep one of the two conditions"
                                ),
                            });
                            ok = false;
                        }
                        *slot = Some(Spanned::new(*state, filter.span));
                    }
                }
            }
            let one = one.map(|(role, position, from_right, _)| (role, position, from_right));
            if ok {
                out.push(ChoiceDraft {
                    own,
                    one: one.map(|(role, position, from_right)| (role, position_index(position, from_right))),
                    min: min.min(u64::from(u16::MAX)) as u16,
                    max: max.min(u64::from(u16::MAX)) as u16,
                    next: next.map(|n| n.node),
                    previous: previous.map(|n| n.node),
                    text: self.text(choice.span),
                });
            }
        }
        (out.len() == choose.choices.len()).then_some(out)
    }

    fn captures(&mut self) -> (Vec<Capture>, Vec<String>) {
        let mut out = Vec::new();
        let mut names = Vec::new();
        let captures: Vec<&ast::Capture> = self.eff.captures.values().copied().collect();
        for c in captures {
            let take = c
                .take
                .iter()
                .filter_map(|t| match &t.node {
                    ast::Target::Landing => Some(Target::Landing),
                    ast::Target::Opposite(row) => {
                        self.opposite_row(row.as_ref(), t.span).map(Target::Opposite)
                    }
                    ast::Target::HolesBefore(range) => {
                        self.seed_range(range, t.span).map(|(min, max)| Target::HolesBefore(min, max))
                    }
                })
                .collect();
            let mut follow_ups = Vec::new();
            for f in &c.follow_ups {
                match &f.node {
                    ast::FollowUp::Strip { condition, optional, amount, region } => {
                        let condition = condition.as_ref().map(|r| self.row(r));
                        let region = self.region(region);
                        let amount = match &amount.node {
                            ast::Amount::AsTaken => Some(Amount::AsTaken),
                            ast::Amount::Seeds(v) => self.count(v).map(Amount::Seeds),
                        };
                        if let (Some(region), Some(amount), Some(condition)) =
                            (region, amount, condition.map_or(Some(None), |c| c.map(Some)))
                        {
                            follow_ups.push(FollowUp::Strip {
                                condition,
                                optional: *optional,
                                amount,
                                region,
                            });
                        }
                    }
                    ast::FollowUp::ExtraHoles { condition, optional, counts, region, except } => {
                        let condition = condition.as_ref().map(|r| self.row(r));
                        let region = self.region(region);
                        let counts: Vec<Option<u16>> = counts.iter().map(|v| self.count(v)).collect();
                        let except = except.as_ref().map(|m| self.mark(m));
                        let counts: Option<Vec<u16>> = counts.into_iter().collect();
                        if let (Some(region), Some(counts), Some(condition), Some(except)) = (
                            region,
                            counts,
                            condition.map_or(Some(None), |c| c.map(Some)),
                            except.map_or(Some(None), |e| e.map(Some)),
                        ) {
                            follow_ups.push(FollowUp::ExtraHoles {
                                condition,
                                optional: *optional,
                                counts,
                                region,
                                except,
                            });
                        }
                    }
                }
            }
            let destination = c.destination.map_or(Destination::OutOfPlay, |d| d.node);
            if let Some(d) = c.destination
                && d.node == Destination::Store
            {
                self.need_stores(&self.text(d.span), d.span);
            }
            names.push(c.name.node.clone());
            out.push(Capture {
                name: c.name.node.clone(),
                take,
                destination,
                not_every_seed: c.not_every_seed.is_some(),
                follow_ups,
            });
        }
        (out, names)
    }

    fn count(&mut self, v: &Spanned<ast::Value>) -> Option<u16> {
        let n = self.value(v)?;
        if n == 0 {
            self.errors.push(CheckError::ZeroAmount { span: v.span.into() });
            return None;
        }
        let max = u64::from(u16::MAX);
        if n > max {
            self.errors.push(CheckError::TooLarge { value: n, max, span: v.span.into() });
            return None;
        }
        Some(n as u16)
    }

    fn region(&mut self, region: &Spanned<ast::Region>) -> Option<Region> {
        let role = match &region.node.row {
            Some(row) => Some(self.row(row)?),
            None => None,
        };
        if region.node.side.node == ast::Side::Own {
            self.errors.push(CheckError::OwnSideTarget { span: region.span.into() });
            return None;
        }
        Some(Region { role })
    }

    fn after_lap(
        &mut self,
        section: &Section,
        after: &ast::AfterLap,
        capture_names: &[String],
    ) -> (Vec<LapRule>, LapAction) {
        let mut rules = Vec::new();
        let mut catch_all: Option<Span> = None;
        for rule in &after.rules {
            if let Some(by) = catch_all {
                self.errors.push(CheckError::UnreachableRule { span: rule.span.into(), by: by.into() });
            }
            let mut landing: Option<Spanned<HoleState>> = None;
            let mut side: Option<Spanned<Side>> = None;
            let mut role: Option<(Span, Role)> = None;
            let mut mark: Option<(Span, MarkId)> = None;
            for word in &rule.landing.node {
                let conflict = match &word.node {
                    ast::HoleWord::State(s) => landing.replace(Spanned::new(*s, word.span)).map(|p| p.span),
                    ast::HoleWord::Side(s) => side.replace(Spanned::new(*s, word.span)).map(|p| p.span),
                    ast::HoleWord::Row(name) => {
                        match self.row_or_mark(&Spanned::new(name.clone(), word.span)) {
                            Some(Named::Row(r)) => role.replace((word.span, r)).map(|p| p.0),
                            Some(Named::Mark(m)) => mark.replace((word.span, m)).map(|p| p.0),
                            None => None,
                        }
                    }
                };
                if let Some(first) = conflict {
                    self.errors.push(CheckError::ConflictingWords {
                        word: self.text(word.span),
                        other: self.text(first),
                        span: word.span.into(),
                        first: first.into(),
                        help: "describe the hole with one word of each kind: `empty` or `occupied`, `own` or `opponent's`, and one row or mark".into(),
                    });
                }
            }
            if let Some(store) = rule.store {
                self.need_stores(&self.text(store), store);
                if let Some(fact) = rule.facts.first() {
                    self.errors
                        .push(CheckError::StoreRuleFacts { span: fact.span.into(), store: store.into() });
                }
            }
            let mut facts = Vec::new();
            for f in &rule.facts {
                match &f.node {
                    ast::Fact::Opposite { row, state } => {
                        if let Some(r) = self.opposite_row(row.as_ref(), f.span) {
                            facts.push(Fact::Opposite(r, *state));
                        }
                    }
                    ast::Fact::Holds(range) => {
                        if let Some((min, max)) = self.seed_range(range, f.span) {
                            facts.push(Fact::Holds(min, max));
                        }
                    }
                    ast::Fact::Next(state) => facts.push(Fact::Next(*state)),
                    ast::Fact::Origin { bound, count } => {
                        if let Some(n) = self.value(count) {
                            let n = n.min(u64::from(u16::MAX)) as u16;
                            facts.push(match bound {
                                ast::Bound::Exactly => Fact::Origin(n, n),
                                ast::Bound::AtLeast => Fact::Origin(n, u16::MAX),
                                ast::Bound::AtMost => Fact::Origin(0, n),
                            });
                        }
                    }
                }
            }
            let action = self.lap_action(&rule.action, capture_names);
            if rule.landing.node.is_empty()
                && rule.store.is_none()
                && rule.facts.is_empty()
                && catch_all.is_none()
            {
                catch_all = Some(rule.span);
            }
            if let Some(action) = action {
                rules.push(LapRule {
                    store: rule.store.is_some(),
                    landing: landing.map(|s| s.node),
                    side: side.map(|s| s.node),
                    role: role.map(|r| r.1),
                    mark: mark.map(|m| m.1),
                    facts,
                    action,
                    text: self.text(rule.span),
                });
            }
        }
        let otherwise = match &after.otherwise {
            Some(o) => {
                if let Some(by) = catch_all {
                    self.errors.push(CheckError::UnreachableRule { span: o.span.into(), by: by.into() });
                }
                self.lap_action(o, capture_names).unwrap_or(LapAction::Stop)
            }
            None => LapAction::Stop,
        };
        // Only the rules up to the first catch-all can apply; `otherwise` only without one.
        let reachable = match catch_all {
            Some(by) => after.rules.iter().take_while(|r| r.span != by).count() + 1,
            None => rules.len(),
        };
        let relays = |a: LapAction| matches!(a, LapAction::Relay | LapAction::RelayNext);
        let ends = rules.iter().take(reachable).any(|r| !relays(r.action))
            || (catch_all.is_none() && !relays(otherwise));
        if !ends {
            self.errors.push(CheckError::NeverEnds { span: section.keyword.to(section.span).into() });
        }
        (rules, otherwise)
    }

    fn lap_action(
        &mut self,
        action: &Spanned<ast::LapAction>,
        capture_names: &[String],
    ) -> Option<LapAction> {
        match &action.node {
            ast::LapAction::Relay => Some(LapAction::Relay),
            ast::LapAction::RelayNext => Some(LapAction::RelayNext),
            ast::LapAction::MayStop => Some(LapAction::MayStop),
            ast::LapAction::MoveAgain => Some(LapAction::MoveAgain),
            ast::LapAction::Stop => Some(LapAction::Stop),
            ast::LapAction::Capture(name) => match capture_names.iter().position(|n| *n == name.node) {
                Some(i) => Some(LapAction::Capture(i as u8)),
                None => {
                    let known: Vec<&str> = capture_names.iter().map(String::as_str).collect();
                    self.errors.push(CheckError::UnknownCapture {
                        name: name.node.clone(),
                        span: name.span.into(),
                        help: unknown_name_help(&name.node, "capture", &known),
                    });
                    None
                }
            },
        }
    }

    /// A capture that a ruleset adds must be used by the ruleset's lap rules; otherwise it
    /// is most likely a misspelt override of one of the base game's captures.
    fn check_added_captures(&mut self, lap_rules: &[&LapRule], capture_names: &[String]) {
        let Some(ruleset) = self.eff.ruleset else { return };
        let used: Vec<&str> = lap_rules
            .iter()
            .filter_map(|r| match r.action {
                LapAction::Capture(i) => capture_names.get(i as usize).map(String::as_str),
                _ => None,
            })
            .collect();
        let base: Vec<&str> = self
            .eff
            .captures
            .keys()
            .filter(|k| !self.eff.added_captures.iter().any(|a| a.node == **k))
            .map(String::as_str)
            .collect();
        for added in &self.eff.added_captures {
            if !used.contains(&added.node.as_str()) {
                self.errors.push(CheckError::UnknownOverride {
                    ruleset: ruleset.name.node.clone(),
                    what: "capture".into(),
                    name: added.node.clone(),
                    span: added.span.into(),
                    help: match crate::suggest::did_you_mean(&added.node, base.iter().copied()) {
                        Some(best) => format!("did you mean `{best}`? A new capture must also be used by the ruleset's `after each lap` rules"),
                        None => "a new capture must also be used by the ruleset's `after each lap` rules".into(),
                    },
                });
            }
        }
    }

    fn end(&mut self, game_name: Span) -> Option<EndRules> {
        let Some(section) = self.section("end") else {
            self.errors.push(CheckError::NoEndRule { span: game_name.into() });
            return None;
        };
        let SectionKind::End(end) = &section.kind else { return None };
        if end.rules.is_empty() {
            self.errors.push(CheckError::NoEndRule { span: section.span.into() });
            return None;
        }
        let mut no_seeds = None;
        let mut repetition = None;
        let mut store_majority = false;
        let mut turn_limit = None;
        let mut blocked: Option<Spanned<Blocked>> = None;
        let ending = |scored: bool| if scored { Ending::Scored } else { Ending::Plain };
        for rule in &end.rules {
            match &rule.node {
                ast::EndRule::NoSeeds(scored) => no_seeds = Some(ending(*scored)),
                ast::EndRule::Repetition(scored) => repetition = Some(ending(*scored)),
                ast::EndRule::StoreMajority => {
                    store_majority = self.need_stores(&self.text(rule.span), rule.span);
                }
                ast::EndRule::TurnLimit(v) => {
                    turn_limit = self.count(v).map(u32::from);
                }
                ast::EndRule::Blocked(b) => {
                    if let Some(prev) = blocked
                        && prev.node != *b
                    {
                        self.errors.push(CheckError::ConflictingWords {
                            word: self.text(rule.span),
                            other: self.text(prev.span),
                            span: rule.span.into(),
                            first: prev.span.into(),
                            help: "a player who cannot move either loses, passes or ends the game: keep one of the rules".into(),
                        });
                    }
                    blocked = Some(Spanned::new(*b, rule.span));
                }
            }
        }
        let Some(blocked) = blocked else {
            self.errors.push(CheckError::BlockedUnstated { span: section.keyword.into() });
            return None;
        };
        if blocked.node == Blocked::Passes && repetition.is_none() && turn_limit.is_none() {
            self.errors.push(CheckError::EndlessPassing { span: blocked.span.into() });
            return None;
        }
        Some(EndRules { no_seeds, blocked: blocked.node, repetition, store_majority, turn_limit })
    }

    fn meta(&self) -> Meta {
        let mut meta = Meta {
            name: self.eff.game.name.node.clone(),
            ruleset: self.eff.ruleset.map(|r| r.name.node.clone()),
            rulesets: self.eff.game.rulesets.iter().map(|r| r.name.node.clone()).collect(),
            ..Meta::default()
        };
        for section in self.eff.sections.values() {
            match &section.kind {
                SectionKind::Aliases(list) => meta.aliases = list.iter().map(|s| squash(&s.node)).collect(),
                SectionKind::Origin(s) => meta.origin = Some(squash(&s.node)),
                SectionKind::Sources(list) => meta.sources = list.iter().map(|s| squash(&s.node)).collect(),
                SectionKind::Summary(s) => meta.summary = Some(squash(&s.node)),
                SectionKind::Computer(search) => {
                    meta.computer = Some(match search.node {
                        ast::SearchKind::AlphaBeta => Search::AlphaBeta,
                        ast::SearchKind::Mcts => Search::Mcts,
                    })
                }
                _ => {}
            }
        }
        meta
    }

    fn params(&self) -> Vec<ParamValue> {
        self.eff
            .params
            .values()
            .map(|p| {
                let (low, high, step) = p.bounds();
                ParamValue {
                    name: p.decl.name.node.clone(),
                    value: p.value as u32,
                    default: p.default.node as u32,
                    low: low as u32,
                    high: high as u32,
                    step: step as u32,
                    doc: p.decl.doc.as_ref().map(|d| squash(&d.node)),
                }
            })
            .collect()
    }
}

impl ChoiceDraft {
    fn clone_draft(&self) -> ChoiceDraft {
        ChoiceDraft {
            own: self.own,
            one: self.one,
            min: self.min,
            max: self.max,
            next: self.next,
            previous: self.previous,
            text: self.text.clone(),
        }
    }
}

/// The index from the owner's left (from 0) of a hole position; `usize::MAX - k` counts
/// from the right (resolved once the row length is known).
fn position_index(position: ast::HolePosition, from_right: bool) -> usize {
    match (position, from_right) {
        (ast::HolePosition::Leftmost, false) | (ast::HolePosition::Rightmost, true) => 0,
        (ast::HolePosition::Rightmost, false) | (ast::HolePosition::Leftmost, true) => usize::MAX,
        (ast::HolePosition::Nth(n), false) => (n as usize).saturating_sub(1),
        (ast::HolePosition::Nth(n), true) => usize::MAX - (n as usize).saturating_sub(1),
    }
}

/// The most moves a turn of moving seeds can offer: pairs of distinct holes that the words
/// can describe, whatever the counts and marks (which only narrow them further).
fn transfer_bound(shape: Shape, from: &HoleFilter, to: &HoleFilter) -> usize {
    let holes: Vec<(Player, Role)> = (0..shape.holes())
        .map(|h| {
            let row = h / shape.columns;
            match row < shape.per_side() {
                true => (Player::South, row as Role),
                false => (Player::North, (shape.rows - 1 - row) as Role),
            }
        })
        .collect();
    Player::BOTH
        .iter()
        .map(|&me| {
            let fits = |f: &HoleFilter, (owner, role): (Player, Role)| {
                f.side.is_none_or(|side| (owner == me) == (side == Side::Own))
                    && f.role.is_none_or(|r| r == role)
            };
            let froms = holes.iter().filter(|&&h| fits(from, h)).count();
            let tos = holes.iter().filter(|&&h| fits(to, h)).count();
            let both = holes.iter().filter(|&&h| fits(from, h) && fits(to, h)).count();
            froms * tos - both
        })
        .max()
        .unwrap_or(0)
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What the `circuit` section says.
struct CircuitDraft {
    direction: Direction,
    chosen_once: bool,
    /// `all rows`: one ring of the whole board.
    shared: bool,
    /// `through the mover's store`.
    through_store: bool,
    /// `skipping the origin hole`.
    skip_origin: bool,
}

struct BuildParts {
    meta: Meta,
    params: Vec<ParamValue>,
    shape: Shape,
    row_names: Vec<String>,
    mark_names: Vec<String>,
    marks: Vec<Vec<Hole>>,
    direction: Direction,
    chosen_once: bool,
    shared: bool,
    through_store: bool,
    skip_origin: bool,
    stores: bool,
    start: Vec<u16>,
    phases: Vec<PhaseDraft>,
    captures: Vec<Capture>,
    end: EndRules,
}

/// Build the tables from checked parts.
fn build(p: BuildParts) -> Rules {
    let shape = p.shape;
    let holes = shape.holes();
    let per_side = shape.per_side();
    // Slots: the holes, then a store for each player where the board has them.
    let slots = holes + if p.stores { 2 } else { 0 };
    // Circuits in board coordinates. The engine stores the holes in the order of South's
    // circuit then North's (or of the one shared circuit), so that a lap of an own-rows
    // circuit is a run of consecutive slots.
    let board_circuit = if p.shared {
        let ring = all_rows_circuit(shape, p.direction);
        ByPlayer { south: ring.clone(), north: Vec::new() }
    } else {
        ByPlayer::new_with(|player| own_rows_circuit(shape, player, p.direction))
    };
    let mut slot_of = vec![Hole(0); holes];
    let mut board_of = vec![0u16; holes];
    for (slot, h) in board_circuit.south.iter().chain(&board_circuit.north).enumerate() {
        slot_of[h.index()] = Hole(slot as u8);
        board_of[slot] = h.index() as u16;
    }
    let at = |row: usize, column: usize| slot_of[row * shape.columns + column];
    let store = p.stores.then(|| ByPlayer { south: Hole(holes as u8), north: Hole(holes as u8 + 1) });
    let circuit: ByPlayer<Vec<Hole>> = if p.shared {
        // The shared ring in slots: South's holes are slots 0..c, North's c..2c.
        let ring: Vec<Hole> = (0..holes).map(|i| Hole(i as u8)).collect();
        match store.filter(|_| p.through_store) {
            Some(store) => ByPlayer::new_with(|player| {
                let (own, other) = ring.split_at(shape.columns);
                let (own, other) = if player == Player::South { (own, other) } else { (other, own) };
                own.iter()
                    .copied()
                    .chain(std::iter::once(store[player]))
                    .chain(other.iter().copied())
                    .collect()
            }),
            None => ByPlayer { south: ring.clone(), north: ring },
        }
    } else {
        board_circuit.clone().map(|c| c.iter().map(|h| slot_of[h.index()]).collect::<Vec<_>>())
    };
    let circuit_pos = circuit.clone().map(|c| {
        let mut pos = vec![u8::MAX; slots];
        for (i, h) in c.iter().enumerate() {
            pos[h.index()] = i as u8;
        }
        pos
    });

    let mut hole_owner = vec![Player::South; slots];
    let mut hole_role = vec![0 as Role; slots];
    let mut hole_column = vec![0u8; slots];
    let role_hole = ByPlayer::new_with(|player| {
        (0..per_side)
            .map(|role| (0..shape.columns).map(|c| at(shape.row(player, role), c)).collect::<Vec<_>>())
            .collect::<Vec<_>>()
    });
    for player in Player::BOTH {
        for (role, row) in role_hole[player].iter().enumerate() {
            for (column, h) in row.iter().enumerate() {
                hole_owner[h.index()] = player;
                hole_role[h.index()] = role as Role;
                hole_column[h.index()] = column as u8;
            }
        }
        if let Some(store) = store {
            hole_owner[store[player].index()] = player;
            hole_role[store[player].index()] = Role::MAX;
        }
    }
    let territory = ByPlayer::new_with(|player| {
        slot_of.iter().copied().filter(|h| hole_owner[h.index()] == player).collect::<Vec<_>>()
    });
    let territory_slots = territory.clone().map(|t| {
        let first = t.iter().map(|h| h.index()).min().unwrap_or(0);
        let end = first + t.len();
        debug_assert!(t.iter().all(|h| (first..end).contains(&h.index())), "a territory is one run of slots");
        first..end
    });
    let next = ByPlayer::new_with(|player| {
        let mut next: Vec<Hole> = (0..slots).map(|i| Hole(i as u8)).collect();
        let c = &circuit[player];
        for (i, h) in c.iter().enumerate() {
            next[h.index()] = c[(i + 1) % c.len()];
        }
        next
    });
    let regions = ByPlayer::new_with(|player| {
        let own = &territory[player];
        let mut regions = vec![own.clone()];
        for role in 0..per_side {
            regions.push(own.iter().copied().filter(|h| hole_role[h.index()] == role as Role).collect());
        }
        regions
    });
    let mut start = vec![0u16; holes];
    for (board, &count) in p.start.iter().enumerate() {
        start[slot_of[board].index()] = count;
    }
    let marks: Vec<MarkDef> = p
        .mark_names
        .iter()
        .zip(&p.marks)
        .map(|(name, holes)| MarkDef {
            name: name.clone(),
            start: holes.iter().map(|h| slot_of[h.index()]).collect(),
        })
        .collect();
    let total_seeds = start.iter().map(|&c| u32::from(c)).sum();
    let mut keys_rng = {
        use rand_core::SeedableRng as _;
        rand_xoshiro::SplitMix64::seed_from_u64(0x5eed_0f50_u64 ^ (holes as u64) << 32)
    };
    let mut next_key = || rand_core::Rng::next_u64(&mut keys_rng);
    let keys: Vec<u64> = (0..slots).map(|_| next_key() | 1).collect();
    let north_key = next_key();
    // The holes each choice description is about, per player, in board order.
    let choice_holes = |draft: &ChoiceDraft| -> (ByPlayer<Vec<Hole>>, Option<MarkId>) {
        let mut mark = None;
        let holes = ByPlayer::new_with(|player| match (draft.one, draft.own) {
            (Some((role, k)), _) => {
                let k = if k >= shape.columns {
                    shape.columns - 1 - (usize::MAX - k).min(shape.columns - 1)
                } else {
                    k
                };
                vec![at(shape.row(player, role as usize), shape.column_from_left(player, k))]
            }
            (None, Some(Named::Row(role))) => {
                territory[player].iter().copied().filter(|h| hole_role[h.index()] == role).collect()
            }
            (None, Some(Named::Mark(m))) => {
                mark = Some(m);
                territory[player].clone()
            }
            (None, None) => territory[player].clone(),
        });
        (holes, mark)
    };
    let phases: Vec<PhaseRules> = p
        .phases
        .into_iter()
        .map(|phase| {
            let turn = match phase.turn {
                TurnDraft::Sow { choices, direction, lap_rules, otherwise, must_feed } => {
                    TurnKind::Sow(SowRules {
                        choices: choices
                            .iter()
                            .map(|c| {
                                let (holes, mark) = choice_holes(c);
                                Choice {
                                    holes,
                                    mark,
                                    min: c.min,
                                    max: c.max,
                                    next: c.next,
                                    previous: c.previous,
                                    text: c.text.clone(),
                                }
                            })
                            .collect(),
                        direction,
                        lap_rules,
                        lap_otherwise: otherwise,
                        must_feed,
                        rings: ByPlayer::default(),
                    })
                }
                TurnDraft::Take { capture } => TurnKind::Take { capture },
                TurnDraft::Transfer { count, from, to, .. } => TurnKind::Transfer { count, from, to },
                TurnDraft::Mark { hole, mark } => TurnKind::Mark { hole, mark },
            };
            PhaseRules { name: phase.name, lasts: phase.lasts, turn }
        })
        .collect();
    let mut rules = Rules {
        meta: p.meta,
        params: p.params,
        rows: shape.rows,
        columns: shape.columns,
        row_names: p.row_names,
        direction: p.direction,
        slot_of,
        board_of,
        hole_column,
        hole_owner,
        hole_role,
        start,
        total_seeds,
        territory,
        territory_slots,
        store,
        shared_circuit: p.shared,
        skip_origin: p.skip_origin,
        circuit,
        circuit_pos,
        next,
        role_hole,
        regions,
        marks,
        chosen_once: p.chosen_once,
        phases,
        captures: p.captures,
        end: p.end,
        keys,
        north_key,
    };
    let rings: Vec<Option<ByPlayer<Ring>>> = rules
        .phases
        .iter()
        .map(|phase| match &phase.turn {
            TurnKind::Sow(sow) => {
                Some(ByPlayer::new_with(|me| Ring::build(&rules, me, &sow.lap_rules, sow.lap_otherwise)))
            }
            _ => None,
        })
        .collect();
    for (phase, ring) in rules.phases.iter_mut().zip(rings) {
        if let (TurnKind::Sow(sow), Some(ring)) = (&mut phase.turn, ring) {
            sow.rings = ring;
        }
    }
    rules
}

/// The ring of a player's two rows, starting at the owner's outer-row leftmost hole.
///
/// Seen from above with South at the bottom, anticlockwise runs left to right along the
/// lower of the two rows and right to left along the upper one.
fn own_rows_circuit(shape: Shape, player: Player, direction: Direction) -> Vec<Hole> {
    let outer = shape.row(player, 0);
    let inner = shape.row(player, 1);
    let (lower, upper) = (outer.min(inner), outer.max(inner));
    let mut ring: Vec<Hole> = (0..shape.columns).map(|c| shape.hole(lower, c)).collect();
    ring.extend((0..shape.columns).rev().map(|c| shape.hole(upper, c)));
    if direction == Direction::Clockwise {
        ring.reverse();
    }
    let first = shape.hole(outer, shape.column_from_left(player, 0));
    let at = ring.iter().position(|&h| h == first).unwrap_or(0);
    ring.rotate_left(at);
    ring
}

/// The ring of every hole of a two-row board, starting at South's first hole in the
/// direction of sowing (the hole after North's last one): anticlockwise, left to right along
/// South's row and right to left along North's.
fn all_rows_circuit(shape: Shape, direction: Direction) -> Vec<Hole> {
    let mut ring: Vec<Hole> = (0..shape.columns).map(|c| shape.hole(0, c)).collect();
    ring.extend((0..shape.columns).rev().map(|c| shape.hole(1, c)));
    if direction == Direction::Clockwise {
        ring.reverse();
    }
    let south = |h: &Hole| h.index() < shape.columns;
    let n = ring.len();
    let at = (0..n).find(|&i| south(&ring[i]) && !south(&ring[(i + n - 1) % n])).unwrap_or(0);
    ring.rotate_left(at);
    ring
}
