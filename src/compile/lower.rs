//! Check the sections that apply and lower them into the rules [`Model`]. One function per
//! section; each pushes its errors and carries on, so that one run reports every
//! independent problem.

use super::assemble::{At, Effective};
use super::error::CheckError;
use crate::model::*;
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
    /// The board, once it is known to be usable.
    board: Option<Board>,
    /// Row names from the territory, from the seat inward (empty if the territory is missing).
    row_names: Vec<String>,
    /// Names of the kinds of mark.
    mark_names: Vec<String>,
    territory_ok: bool,
    /// `a store for each player`: where it was said.
    stores: Option<Span>,
}

/// A name in a hole description: a row of the territory, or a kind of mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    Row(Role),
    Mark(MarkId),
}

/// Check and lower the sections of `eff` into a model.
pub(crate) fn lower(src: &str, eff: &Effective<'_>) -> Result<Model, Vec<CheckError>> {
    let mut l = Lowerer {
        src,
        eff,
        errors: Vec::new(),
        board: None,
        row_names: Vec::new(),
        mark_names: Vec::new(),
        territory_ok: false,
        stores: None,
    };
    let game_name = eff.game.name.span;

    l.board = l.board(game_name);
    l.territory(game_name);
    let marks = l.marks();
    let setup = l.setup(game_name);
    let circuit = l.circuit(game_name);
    let (mut captures, capture_names) = l.captures();
    let main = l.main_phase(game_name, &capture_names);
    let mut phases = Vec::new();
    for opening in eff.openings.iter().copied() {
        if let Some(phase) = l.opening(opening, main.as_ref(), &capture_names, &mut captures) {
            phases.push(phase);
        }
    }
    let end = l.end(game_name);
    if let Some(main) = &main {
        let mut used: Vec<&LapRule> = Vec::new();
        for phase in phases.iter().chain(std::iter::once(main)) {
            if let Turn::Sow(sowing) = &phase.turn {
                used.extend(sowing.lap_rules.iter());
            }
        }
        l.check_added_captures(&used, &capture_names);
    }
    let meta = l.meta();
    let params = l.params();

    let (Some(board), Some(setup), Some(circuit), Some(main), Some(end), Some(marks)) =
        (l.board, setup, circuit, main, end, marks)
    else {
        return Err(l.errors);
    };
    if !l.errors.is_empty() {
        return Err(l.errors);
    }
    phases.push(main);
    let marks = l.mark_names.into_iter().zip(marks).map(|(name, start)| Mark { name, start }).collect();
    Ok(Model { meta, params, board, row_names: l.row_names, setup, circuit, marks, phases, captures, end })
}

impl<'a> Lowerer<'a> {
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

    fn board(&mut self, game_name: Span) -> Option<Board> {
        let Some(section) = self.eff.sections.board else {
            self.missing("board", "`board 4 rows of 8 holes, no stores`", game_name);
            return None;
        };
        let board = section.node;
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
            let circuit = self.eff.sections.circuit.map_or(section.span, |s| s.span);
            self.errors
                .push(CheckError::EmptyCircuit { span: board.columns.span.into(), circuit: circuit.into() });
            ok = false;
        } else if columns > MAX_COLUMNS as u64 {
            self.errors.push(CheckError::BoardColumns { columns, span: board.columns.span.into() });
            ok = false;
        }
        ok.then_some(Board { rows: rows as usize, columns: columns as usize, stores: self.stores.is_some() })
    }

    fn territory(&mut self, game_name: Span) {
        let Some(At { node: t, .. }) = self.eff.sections.territory else {
            self.missing("territory", "`territory each player owns rows outer, inner`", game_name);
            return;
        };
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
        if let Some(shape) = self.board
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

    fn setup(&mut self, game_name: Span) -> Option<Vec<u16>> {
        let Some(section) = self.eff.sections.setup else {
            self.missing("setup", "`setup { 2 in every hole }`", game_name);
            return None;
        };
        let setup = section.node;
        let board = self.board;
        let mut counts = board.map(|b| vec![0u64; b.holes()]);
        for line in &setup.lines {
            let count = self.value(&line.count);
            let holes = self.setup_holes(&line.holes);
            if let (Some(board), Some(counts), Some(count), Some(holes)) =
                (board, counts.as_mut(), count, holes)
            {
                for h in holes {
                    counts[board.index(h)] = count;
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

    fn setup_holes(&mut self, set: &Spanned<ast::HoleSet>) -> Option<Vec<Cell>> {
        match &set.node {
            ast::HoleSet::Every => Some(self.board?.cells().collect()),
            ast::HoleSet::EveryInRow(row) => {
                let role = self.row(row)? as usize;
                let board = self.board?;
                let rows = Player::BOTH.map(|player| board.row(player, role));
                Some(
                    rows.into_iter().flat_map(|r| (0..board.columns).map(move |c| Cell::new(r, c))).collect(),
                )
            }
            ast::HoleSet::One { position, row, from_right } => {
                let role = self.row(row);
                let column = self.column(position, *from_right, set.span);
                let (role, column, board) = (role? as usize, column?, self.board?);
                let k = column.from_left(board.columns)?;
                Some(
                    Player::BOTH
                        .iter()
                        .map(|&p| Cell::new(board.row(p, role), board.column_from_left(p, k)))
                        .collect(),
                )
            }
        }
    }

    /// Which hole of a row a position names (`the 3rd`, `the rightmost`), counted from the
    /// owner's left, or from their right; off the board (once its size is known) is an error.
    fn column(
        &mut self,
        position: &Spanned<ast::HolePosition>,
        from_right: bool,
        whole: Span,
    ) -> Option<Column> {
        let columns = self.board.map(|b| b.columns);
        let column = match (position.node, from_right) {
            (ast::HolePosition::Leftmost, false) | (ast::HolePosition::Rightmost, true) => {
                Column::FromLeft(0)
            }
            (ast::HolePosition::Rightmost, false) | (ast::HolePosition::Leftmost, true) => {
                Column::FromRight(0)
            }
            (ast::HolePosition::Nth(n), _) if n == 0 || columns.is_some_and(|c| n > c as u64) => {
                let help = match columns {
                    Some(columns) if n > 0 => {
                        format!("rows have {columns} holes here, so the last one is the {}", ordinal(columns))
                    }
                    _ => "holes are counted from 1: the 1st hole is the leftmost, seen from the owner's seat"
                        .to_string(),
                };
                let what = self.text(whole);
                self.errors.push(CheckError::OffBoard { what, span: position.span.into(), help });
                return None;
            }
            (ast::HolePosition::Nth(n), false) => Column::FromLeft((n - 1).min(255) as u8),
            (ast::HolePosition::Nth(n), true) => Column::FromRight((n - 1).min(255) as u8),
        };
        Some(column)
    }

    /// `marks NAME: HOLE, …`: the mark names, and the holes (board indices) marked at the
    /// start, for each kind.
    fn marks(&mut self) -> Option<Vec<Vec<Cell>>> {
        let marks: Vec<&ast::Marks> = self.eff.marks.clone();
        if let Some(extra) = marks.get(MAX_MARKS) {
            self.errors.push(CheckError::TooManyMarks { max: MAX_MARKS, span: extra.name.span.into() });
        }
        self.mark_names = marks.iter().map(|m| m.name.node.clone()).collect();
        let mut out = Vec::new();
        for m in marks {
            let mut holes = Vec::new();
            for set in &m.holes {
                if let Some(hs) = self.setup_holes(set) {
                    holes.extend(hs);
                }
            }
            out.push(holes);
        }
        self.board.map(|_| out)
    }

    fn circuit(&mut self, game_name: Span) -> Option<Circuit> {
        let Some(section) = self.eff.sections.circuit else {
            self.missing("circuit", "`circuit own rows anticlockwise`", game_name);
            return None;
        };
        let c = section.node;
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
        match (self.board, c.all_rows) {
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
        Some(Circuit {
            direction: c.direction.node.into(),
            chosen_once: c.chosen_once.is_some(),
            shared: c.all_rows.is_some(),
            through_store: c.through_store.is_some(),
            skip_origin: c.skip_origin.is_some(),
        })
    }

    /// The main game: `choose`, `sow` and `after each lap` of the game (or ruleset).
    fn main_phase(&mut self, game_name: Span, capture_names: &[String]) -> Option<Phase> {
        let Some(At { node: choose, .. }) = self.eff.sections.choose else {
            self.missing("choose", "`choose { own hole with at least 1 seed }`", game_name);
            return None;
        };
        let choices = self.choose(choose);
        let must_feed = choose.must_feed.is_some();
        let direction = self.eff.sections.sow.and_then(|s| s.node.direction.map(|d| d.node.into()));
        let (lap_rules, otherwise) = match self.eff.sections.after_lap {
            Some(after) => self.after_lap(after, capture_names),
            None => (Vec::new(), LapAction::Stop),
        };
        let sowing = Sowing { choices: choices?, direction, lap_rules, otherwise, must_feed };
        Some(Phase { name: None, lasts: None, turn: Turn::Sow(sowing) })
    }

    /// An opening: its own sections, the main game's where it states none.
    fn opening(
        &mut self,
        opening: &ast::Opening,
        main: Option<&Phase>,
        capture_names: &[String],
        captures: &mut Vec<Capture>,
    ) -> Option<Phase> {
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
                SectionKind::AfterLap(a) => {
                    after = Some(At { node: a, keyword: section.keyword, span: section.span })
                }
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
                Turn::Take { capture: (captures.len() - 1) as u8 }
            }
            Some(SectionKind::TransferTurn(t)) => {
                let count = self.count(&t.count);
                let from = self.hole_filter(&t.from);
                let to = self.hole_filter(&t.to);
                let (count, from, to) = (count?, from?, to?);
                if let Some(board) = self.board {
                    let bound = transfer_bound(board, &from, &to);
                    if bound > MAX_CHOICES {
                        let span = special.map_or(opening.name.span, |s| s.span);
                        self.errors.push(CheckError::TooManyChoices {
                            bound,
                            max: MAX_CHOICES,
                            span: span.into(),
                        });
                    }
                }
                Turn::Transfer { count, from, to }
            }
            Some(SectionKind::MarkTurn(t)) => {
                let hole = self.hole_filter(&t.hole);
                let mark = self.mark(&t.mark);
                Turn::Mark { hole: hole?, mark: mark? }
            }
            _ => {
                let main = match main {
                    Some(Phase { turn: Turn::Sow(sowing), .. }) => Some(sowing),
                    _ => None,
                };
                let must_feed = match choose {
                    Some(c) => c.must_feed.is_some(),
                    None => main.is_some_and(|m| m.must_feed),
                };
                let choices = match choose {
                    Some(c) => self.choose(c)?,
                    None => main?.choices.clone(),
                };
                let direction = match sow {
                    Some(s) => s.direction.map(|d| d.node.into()),
                    None => main.and_then(|m| m.direction),
                };
                let (lap_rules, otherwise) = match after {
                    Some(after) => self.after_lap(after, capture_names),
                    None => main
                        .map(|m| (m.lap_rules.clone(), m.otherwise))
                        .unwrap_or((Vec::new(), LapAction::Stop)),
                };
                Turn::Sow(Sowing { choices, direction, lap_rules, otherwise, must_feed })
            }
        };
        Some(Phase { name, lasts, turn })
    }

    /// Words describing a hole (for turns of openings), from the mover's point of view.
    fn hole_filter(&mut self, words: &Spanned<Vec<Spanned<ast::HoleWord>>>) -> Option<HoleFilter> {
        let mut filter = HoleFilter::default();
        let mut ok = true;
        let mut firsts: Vec<(u8, Span)> = Vec::new();
        for word in &words.node {
            let kind = match &word.node {
                ast::HoleWord::State(s) => {
                    filter.state = Some((*s).into());
                    0
                }
                ast::HoleWord::Side(s) => {
                    filter.side = Some((*s).into());
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

    fn choose(&mut self, choose: &ast::Choose) -> Option<Vec<Choice>> {
        let mut out = Vec::new();
        for choice in &choose.choices {
            let mut min: u64 = 1;
            let mut max: u64 = u64::from(u16::MAX);
            let mut next: Option<Spanned<ast::HoleState>> = None;
            let mut previous: Option<Spanned<ast::HoleState>> = None;
            let holes = match &choice.node.holes.node {
                ast::ChoiceHoles::Own(None) => Some(HoleSet::Territory),
                ast::ChoiceHoles::Own(Some(name)) => match self.row_or_mark(name) {
                    Some(Named::Row(role)) => Some(HoleSet::Row(role)),
                    Some(Named::Mark(mark)) => Some(HoleSet::Marked(mark)),
                    None => None,
                },
                ast::ChoiceHoles::One(ast::HoleSet::One { position, row, from_right }) => {
                    let role = self.row(row);
                    let column = self.column(position, *from_right, choice.node.holes.span);
                    role.zip(column).map(|(role, column)| HoleSet::One { role, column })
                }
                ast::ChoiceHoles::One(_) => Some(HoleSet::Territory),
            };
            let mut ok = holes.is_some();
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
            if let (true, Some(holes)) = (ok, holes) {
                out.push(Choice {
                    holes,
                    min: min.min(u64::from(u16::MAX)) as u16,
                    max: max.min(u64::from(u16::MAX)) as u16,
                    next: next.map(|n| n.node.into()),
                    previous: previous.map(|n| n.node.into()),
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
            let destination = c.destination.map_or(Destination::OutOfPlay, |d| d.node.into());
            if let Some(d) = c.destination
                && d.node == ast::Destination::Store
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
        section: At<'_, ast::AfterLap>,
        capture_names: &[String],
    ) -> (Vec<LapRule>, LapAction) {
        let after = section.node;
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
                    ast::HoleWord::State(s) => {
                        landing.replace(Spanned::new((*s).into(), word.span)).map(|p| p.span)
                    }
                    ast::HoleWord::Side(s) => {
                        side.replace(Spanned::new((*s).into(), word.span)).map(|p| p.span)
                    }
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
                            facts.push(Fact::Opposite(r, (*state).into()));
                        }
                    }
                    ast::Fact::Holds(range) => {
                        if let Some((min, max)) = self.seed_range(range, f.span) {
                            facts.push(Fact::Holds(min, max));
                        }
                    }
                    ast::Fact::Next(state) => facts.push(Fact::Next((*state).into())),
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
        let Some(section) = self.eff.sections.end else {
            self.errors.push(CheckError::NoEndRule { span: game_name.into() });
            return None;
        };
        let end = section.node;
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
                        && prev.node != (*b).into()
                    {
                        self.errors.push(CheckError::ConflictingWords {
                            word: self.text(rule.span),
                            other: self.text(prev.span),
                            span: rule.span.into(),
                            first: prev.span.into(),
                            help: "a player who cannot move either loses, passes or ends the game: keep one of the rules".into(),
                        });
                    }
                    blocked = Some(Spanned::new((*b).into(), rule.span));
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
        let sections = &self.eff.sections;
        let squash_all = |list: &[Spanned<String>]| list.iter().map(|s| squash(&s.node)).collect();
        Meta {
            name: self.eff.game.name.node.clone(),
            ruleset: self.eff.ruleset.map(|r| r.name.node.clone()),
            rulesets: self.eff.game.rulesets.iter().map(|r| r.name.node.clone()).collect(),
            aliases: sections.aliases.map_or_else(Vec::new, |a| squash_all(a.node)),
            origin: sections.origin.map(|o| squash(&o.node.node)),
            sources: sections.sources.map_or_else(Vec::new, |s| squash_all(s.node)),
            summary: sections.summary.map(|s| squash(&s.node.node)),
            computer: sections.computer.map(|c| c.node.node.into()),
        }
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

/// The most moves a turn of moving seeds can offer: pairs of distinct holes that the words
/// can describe, whatever the counts and marks (which only narrow them further).
fn transfer_bound(board: Board, from: &HoleFilter, to: &HoleFilter) -> usize {
    let holes: Vec<(Player, Role)> = (board.cells())
        .map(|cell| {
            let (owner, role) = board.owner(usize::from(cell.row));
            (owner, role as Role)
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
