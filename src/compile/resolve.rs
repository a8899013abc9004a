//! What the names and numbers of a file mean: parameters, rows, marks, captures, hole
//! descriptions, seed counts. Each resolution is written once and returns its value or the
//! diagnostics that say why there is none: the checks collect the diagnostics, lowering
//! takes the values.

use super::assemble::{At, Effective};
use super::error::CheckError;
use crate::model::*;
use crate::span::{Span, Spanned};
use crate::suggest::unknown_name_help;
use crate::syntax::ast;

/// A resolution that may find several problems, in the order found. No diagnostic and no
/// value means the problem is reported elsewhere (a missing territory, an unusable board).
pub(crate) type Found<T> = Result<T, Vec<CheckError>>;

/// The diagnostics of a resolution made of several, in the order found.
#[derive(Debug, Default)]
pub(crate) struct Errors(pub Vec<CheckError>);

impl Errors {
    /// The value of a part, keeping its diagnostics.
    pub fn take<T>(&mut self, found: Found<T>) -> Option<T> {
        found.map_err(|e| self.0.extend(e)).ok()
    }

    /// The value of a part that has at most one problem, keeping its diagnostic.
    pub fn take_one<T>(&mut self, found: Result<T, CheckError>) -> Option<T> {
        found.map_err(|e| self.0.push(e)).ok()
    }

    /// Add a diagnostic.
    pub fn push(&mut self, error: CheckError) {
        self.0.push(error);
    }

    /// `value` if nothing was wrong, else the diagnostics.
    pub fn finish<T>(self, value: Option<T>) -> Found<T> {
        match value {
            Some(value) if self.0.is_empty() => Ok(value),
            _ => Err(self.0),
        }
    }
}

/// Collapse runs of whitespace into single spaces.
pub(crate) fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A name in a hole description: a row of the territory, or a kind of mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Named {
    Row(Role),
    Mark(MarkId),
}

/// Which earlier word of the same kind a word that conflicts with it is reported against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Against {
    /// The first of its kind.
    First,
    /// The one just before it.
    Previous,
}

/// What names mean in one compilation: the sections in force and the board, rows, marks and
/// captures they declare. Checks and lowering both resolve through it.
pub(crate) struct Scope<'a> {
    /// The file's text.
    pub src: &'a str,
    /// The sections in force.
    pub eff: &'a Effective<'a>,
    /// The board, if it is given and its size usable.
    pub board: Option<Board>,
    /// Row names from the territory, from the seat inward, each once; `None` without a
    /// territory, when every row name is unknown and saying so for each would only repeat
    /// that it is missing.
    pub rows: Option<Vec<String>>,
    /// Names of the kinds of mark.
    pub marks: Vec<String>,
    /// Names of the captures, in order.
    pub captures: Vec<String>,
    /// `a store for each player`: where it was said.
    pub stores: Option<Span>,
}

impl<'a> Scope<'a> {
    /// The names `eff` declares.
    pub fn new(src: &'a str, eff: &'a Effective<'a>) -> Scope<'a> {
        let rows = eff.sections.territory.map(|t| {
            let mut rows: Vec<String> = Vec::new();
            for name in &t.node.rows {
                if !rows.contains(&name.node) {
                    rows.push(name.node.clone());
                }
            }
            rows
        });
        let mut scope = Scope {
            src,
            eff,
            board: None,
            rows,
            marks: eff.marks.iter().map(|m| m.name.node.clone()).collect(),
            captures: eff.captures.keys().cloned().collect(),
            stores: eff.sections.board.and_then(|b| b.node.stores),
        };
        scope.board = eff.sections.board.and_then(|b| scope.board_size(b).ok());
        scope
    }

    /// The row names, from the seat inward (none without a territory).
    pub fn row_names(&self) -> &[String] {
        self.rows.as_deref().unwrap_or_default()
    }

    /// The text of a span as a phrase of the canonical layout on one line (comments left
    /// out), so that it does not depend on the layout of the file.
    pub fn text(&self, span: Span) -> String {
        crate::syntax::phrase(self.src.get(span.start..span.end).unwrap_or(""))
    }

    /// A number, or the value of the parameter named.
    pub fn value(&self, v: &Spanned<ast::Value>) -> Result<u64, CheckError> {
        match &v.node {
            ast::Value::Int(n) => Ok(*n),
            ast::Value::Param(name) => match self.eff.params.get(name) {
                Some(p) => Ok(p.value),
                None => {
                    let known: Vec<&str> = self.eff.params.keys().map(String::as_str).collect();
                    Err(CheckError::UnknownParam {
                        name: name.clone(),
                        span: v.span.into(),
                        help: unknown_name_help(name, "parameter", &known),
                    })
                }
            },
        }
    }

    /// A worked-out count: `2 × columns`, `(columns - 1) / 2`.
    pub fn seed_count(&self, c: &Spanned<ast::Count>) -> Result<u64, CheckError> {
        match &c.node {
            ast::Count::Value(v) => self.value(&Spanned::new(v.clone(), c.span)),
            ast::Count::Op(a, op, b) => {
                let (x, y) = (self.seed_count(a)?, self.seed_count(b)?);
                let text = || self.text(c.span);
                match op {
                    ast::CountOp::Add => Ok(x.saturating_add(y)),
                    ast::CountOp::Mul => Ok(x.saturating_mul(y)),
                    ast::CountOp::Sub => x.checked_sub(y).ok_or_else(|| CheckError::BadCount {
                        what: format!("`{}` is {x} - {y}, below zero", text()),
                        span: c.span.into(),
                    }),
                    ast::CountOp::Div => x.checked_div(y).ok_or_else(|| CheckError::BadCount {
                        what: format!("`{}` divides by zero", text()),
                        span: c.span.into(),
                    }),
                }
            }
        }
    }

    /// A count of seeds or turns: at least 1, at most what 16 bits hold.
    pub fn count(&self, v: &Spanned<ast::Value>) -> Result<u16, CheckError> {
        self.count_of(&Spanned::new(ast::Count::Value(v.node.clone()), v.span))
    }

    /// [`Scope::count`] of a count that may be computed from parameters (`columns * 2`).
    pub fn count_of(&self, c: &Spanned<ast::Count>) -> Result<u16, CheckError> {
        let n = self.seed_count(c)?;
        if n == 0 {
            return Err(CheckError::ZeroAmount { span: c.span.into() });
        }
        let max = u64::from(u16::MAX);
        if n > max {
            return Err(CheckError::TooLarge { value: n, max, span: c.span.into() });
        }
        Ok(n as u16)
    }

    /// The laps of `after N laps a sowing is endless`: from [`MIN_LAP_LIMIT`] to the engine's
    /// own bound.
    pub fn lap_limit(&self, v: &Spanned<ast::Value>) -> Result<u32, CheckError> {
        let n = self.value(v)?;
        let (min, max) = (u64::from(MIN_LAP_LIMIT), u64::from(MAX_SOWING_LAPS));
        if !(min..=max).contains(&n) {
            return Err(CheckError::LapLimit { laps: n, min, max, span: v.span.into() });
        }
        Ok(n as u32)
    }

    /// The board's size, if it can be played on.
    pub fn board_size(&self, section: At<'_, ast::Board>) -> Found<Board> {
        let board = section.node;
        let mut errors = Errors::default();
        let rows = errors.take_one(self.value(&board.rows));
        let columns = errors.take_one(self.value(&board.columns));
        let (Some(rows), Some(columns)) = (rows, columns) else { return Err(errors.0) };
        let middle = self.eff.sections.territory.and_then(|t| t.node.middle);
        if let Some(half) = middle {
            // A middle row shared in halves: three rows, each of an even number of holes.
            if rows != 3 {
                errors.push(CheckError::MiddleRows {
                    rows,
                    span: half.span.into(),
                    board: board.rows.span.into(),
                });
            } else if columns % 2 == 1 {
                errors.push(CheckError::MiddleColumns {
                    columns,
                    span: half.span.into(),
                    what: "half of the middle row".into(),
                });
            }
        } else if rows != 2
            && rows != 4
            && !(rows == 6
                && self
                    .eff
                    .sections
                    .territory
                    .is_none_or(|t| t.node.share.is_none() && t.node.common.is_none()))
            && !(rows == 3
                && self
                    .eff
                    .sections
                    .territory
                    .is_some_and(|t| t.node.share.is_some() || t.node.common.is_some()))
        {
            // Where the players own rows, each owns half of them (of three, the middle one in
            // halves); where they share a ring or every hole, a ring of any length is laid out
            // on two rows, or on three.
            let by_rows =
                self.eff.sections.territory.is_none_or(|t| t.node.share.is_none() && t.node.common.is_none());
            let what = match rows {
                0 => "a board with no rows has no holes".to_string(),
                r if r % 2 == 1 && by_rows => {
                    format!("{r} rows cannot be shared equally between two players")
                }
                1 => "1 row".to_string(),
                r => format!("{r} rows"),
            };
            let help = if by_rows && rows == 3 {
                "a board of 3 rows is shared with half of its middle row to each player: \
                 `territory each player owns row home and the right half of row middle`"
                    .to_string()
            } else if by_rows {
                "a board has 2, 4 or 6 rows: each player owns half of them; of 3 rows, the row nearest \
                 them and half of the middle row"
                    .to_string()
            } else {
                "where every player shares a ring, a board has 2, 3 or 4 rows: a ring of 8 holes is \
                 `board 2 rows of 4 holes` with `circuit all rows anticlockwise`"
                    .to_string()
            };
            errors.push(CheckError::BoardRows { rows, span: board.rows.span.into(), what, help });
        }
        if columns == 0 {
            let circuit = self.eff.sections.circuit.map_or(section.span, |s| s.span);
            errors
                .push(CheckError::EmptyCircuit { span: board.columns.span.into(), circuit: circuit.into() });
        } else if columns > MAX_COLUMNS as u64
            || rows.saturating_mul(columns) > crate::model::MAX_HOLES as u64
        {
            errors.push(CheckError::BoardColumns { columns, span: board.columns.span.into() });
        }
        let side_stores = match &board.side_stores {
            Some(name) => {
                let role = errors.take(self.row(name));
                if columns % 2 == 1 {
                    errors.push(CheckError::SideStoreColumns { columns, span: name.span.into() });
                }
                role
            }
            None => None,
        };
        let board = Board {
            rows: rows as usize,
            columns: columns as usize,
            stores: self.stores.is_some(),
            side_stores,
            middle: middle.map(|h| h.node),
        };
        errors.finish(Some(board))
    }

    /// The diagnostic for a name that is no row (or mark) of the game, unless the territory
    /// is missing.
    fn unknown_name(&self, name: &Spanned<String>, marks_too: bool) -> Vec<CheckError> {
        let Some(rows) = &self.rows else { return Vec::new() };
        // Where a mark would do and none is declared, the help says how to declare one.
        let declare = (marks_too && self.marks.is_empty()).then(|| {
            format!(
                "; or, for holes marked in play, declare the mark: `marks {0}` (`marks {0}: a1` for holes marked from the start)",
                name.node
            )
        });
        let marks_too = marks_too && !self.marks.is_empty();
        let mut known: Vec<&str> = rows.iter().map(String::as_str).collect();
        let label = if marks_too {
            known.extend(self.marks.iter().map(String::as_str));
            format!("no row or mark is called `{}`", name.node)
        } else {
            format!("the territory names no row `{}`", name.node)
        };
        let what = if marks_too { "row or mark" } else { "row" };
        vec![CheckError::UnknownRow {
            name: name.node.clone(),
            span: name.span.into(),
            label,
            help: unknown_name_help(&name.node, what, &known) + declare.as_deref().unwrap_or(""),
        }]
    }

    /// A row of the territory, by name.
    pub fn row(&self, name: &Spanned<String>) -> Found<Role> {
        match self.row_names().iter().position(|r| *r == name.node) {
            Some(i) => Ok(i as Role),
            None => Err(self.unknown_name(name, false)),
        }
    }

    /// A row or a kind of mark, by name.
    pub fn row_or_mark(&self, name: &Spanned<String>) -> Found<Named> {
        if let Some(i) = self.row_names().iter().position(|r| *r == name.node) {
            return Ok(Named::Row(i as Role));
        }
        match self.marks.iter().position(|m| *m == name.node) {
            Some(i) => Ok(Named::Mark(i as MarkId)),
            None => Err(self.unknown_name(name, true)),
        }
    }

    /// A kind of mark, by name.
    pub fn mark(&self, name: &Spanned<String>) -> Result<MarkId, CheckError> {
        if let Some(i) = self.marks.iter().position(|m| *m == name.node) {
            return Ok(i as MarkId);
        }
        let known: Vec<&str> = self.marks.iter().map(String::as_str).collect();
        Err(CheckError::UnknownMark {
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
        })
    }

    /// A capture, by name.
    pub fn capture(&self, name: &Spanned<String>) -> Result<u8, CheckError> {
        match self.captures.iter().position(|n| *n == name.node) {
            // The assembled game's limit keeps the index far below 256; past it, an error,
            // never a capture wrapped round to another.
            Some(i) => u8::try_from(i).map_err(|_| CheckError::TooMany {
                what: "captures".into(),
                max: super::MAX_CAPTURES,
                span: name.span.into(),
                help: "merge captures that take the same holes".into(),
            }),
            None => {
                let known: Vec<&str> = self.captures.iter().map(String::as_str).collect();
                Err(CheckError::UnknownCapture {
                    name: name.node.clone(),
                    span: name.span.into(),
                    help: unknown_name_help(&name.node, "capture", &known),
                })
            }
        }
    }

    /// The row of `the opposite [ROW] hole`: the named one, or the only row of a side.
    pub fn opposite_row(&self, name: Option<&Spanned<String>>, span: Span) -> Found<Role> {
        match name {
            Some(name) => self.row(name),
            None if self.row_names().len() <= 1 => Ok(0),
            None => Err(vec![CheckError::WhichRow {
                span: span.into(),
                rows: self.row_names().len(),
                help: format!(
                    "name the row, e.g. `the opposite {} hole`",
                    self.row_names().last().map_or("ROW", String::as_str)
                ),
            }]),
        }
    }

    /// A share of the game's seeds: `more than half the seeds`, `at least 24 seeds`, `every
    /// seed`; `None` (its diagnostic kept) where the count is no count.
    pub fn store_limit(
        &self,
        limit: &ast::StoreLimit,
        errors: &mut Errors,
    ) -> Option<crate::model::StoreLimit> {
        use crate::model::StoreLimit;
        match limit {
            ast::StoreLimit::MoreThanHalf => Some(StoreLimit::MoreThanHalf),
            ast::StoreLimit::AtLeastHalf => Some(StoreLimit::AtLeastHalf),
            ast::StoreLimit::AtLeast(v) => errors.take_one(self.count(v)).map(StoreLimit::AtLeast),
            ast::StoreLimit::Every => Some(StoreLimit::Every),
        }
    }

    /// Where the end rules say what a player who cannot move does (that rule, in a phase or
    /// not), if they say it.
    pub fn blocked_span(&self) -> Option<Span> {
        let end = self.eff.sections.end?;
        end.node.rules.iter().find_map(|rule| {
            let inner = match &rule.node {
                ast::EndRule::Scoped(_, inner) => &**inner,
                other => other,
            };
            matches!(inner, ast::EndRule::Blocked(..)).then_some(rule.span)
        })
    }

    /// Whether the end rules say that a player whose every sowing is endless is blocked
    /// (`a player who cannot move, or whose every sowing is endless, …`): meant, not warned of.
    pub fn endless_meant(&self) -> bool {
        self.eff.sections.end.is_some_and(|end| {
            end.node.rules.iter().any(|rule| {
                let inner = match &rule.node {
                    ast::EndRule::Scoped(_, inner) => &**inner,
                    other => other,
                };
                matches!(inner, ast::EndRule::Blocked(_, _, true))
            })
        })
    }

    /// A phrase (the text at `span`) that needs a board with stores.
    pub fn need_stores(&self, span: Span) -> Result<(), CheckError> {
        match self.stores {
            Some(_) => Ok(()),
            None => Err(CheckError::NeedsStores { what: self.text(span), span: span.into() }),
        }
    }

    /// `the 3rd hole after the landing hole` (3), `… before …` (-3): holes counted from the
    /// landing hole, at least one and at most [`crate::model::MAX_ALONG`].
    pub fn steps(&self, steps: &Spanned<i64>) -> Result<i16, CheckError> {
        let max = i64::from(crate::model::MAX_ALONG);
        match steps.node {
            0 => Err(CheckError::ZeroAmount { span: steps.span.into() }),
            n if n.abs() > max => Err(CheckError::TooLarge {
                value: n.unsigned_abs(),
                max: max as u64,
                span: steps.span.into(),
            }),
            n => Ok(n as i16),
        }
    }

    /// `2 or 3 seeds`, `2 to 4 seeds`, `at least 2 seeds`: the counts allowed, inclusive. A set
    /// of counts that is not a run (`2, 4 or 6`, `an even number`) is refused: where it is read,
    /// see [`Scope::count_set`].
    pub fn seed_range(&self, range: &ast::SeedRange, span: Span) -> Result<(u16, u16), CheckError> {
        match self.count_set(range, span)? {
            (min, max, 1) => Ok((min, max)),
            (low, high, _) if range.between.is_empty() && range.parity.is_none() => Err(CheckError::SeedRange {
                span: span.into(),
                reason: format!("`{low} or {high}` leaves out the counts between them"),
                help: format!(
                    "write `{low} to {high} seeds` for every count from {low} to {high}; for {low} and {high} alone, join two conditions in a lap rule: `the landing hole holds {low} seeds or the landing hole holds {high} seeds` (a lap rule's fact and a capture's holes also read `{low} or {high} seeds` as the two counts)"
                ),
            }),
            _ => Err(CheckError::SeedRange {
                span: span.into(),
                reason: "a set of counts is read only by lap rules and the holes a capture takes".into(),
                help: "give a run of counts here (`2 to 4 seeds`, `at least 2 seeds`), or join facts with `or` in a lap rule".into(),
            }),
        }
    }

    /// The counts a count phrase allows, as a progression: from `min` to `max` in steps of
    /// `step` (1 for a run). `2, 4 or 6 seeds` is (2, 6, 2), `an even number of seeds` (2,
    /// most, 2), `2 or 4 seeds` (2, 4, 2); counts that do not step evenly are refused.
    pub fn count_set(&self, range: &ast::SeedRange, span: Span) -> Result<(u16, u16, u16), CheckError> {
        let clamp = |n: u64| n.min(u64::from(u16::MAX)) as u16;
        if let Some(even) = range.parity {
            // 2, 4, 6 … or 1, 3, 5 …: an empty hole holds no even number of seeds.
            return Ok((if even { 2 } else { 1 }, u16::MAX, 2));
        }
        let low = clamp(self.value(&range.low)?);
        if !range.between.is_empty() || range.high.as_ref().is_some_and(|(_, or)| *or) {
            // `N, M or K` / `N or M`: a list, stepping evenly upward.
            let Some((high, _)) = &range.high else { unreachable!("a list has a last count") };
            let mut counts = vec![low];
            for v in &range.between {
                counts.push(clamp(self.value(v)?));
            }
            counts.push(clamp(self.value(high)?));
            let step = counts[1].wrapping_sub(counts[0]);
            let listed = counts.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ");
            if step == 0 || counts.windows(2).any(|w| w[1] <= w[0] || w[1] - w[0] != step) {
                return Err(CheckError::SeedRange {
                    span: span.into(),
                    reason: format!("{listed} do not rise in even steps"),
                    help: "list counts from the smallest, each the same step above the one before (`2, 4 or 6 seeds`); for other sets, join facts with `or` in a lap rule: `the landing hole holds 1 seed or the landing hole holds 4 seeds`".into(),
                });
            }
            return Ok((low, *counts.last().unwrap_or(&low), step));
        }
        let Some((high, _)) = &range.high else {
            return Ok(match range.bound {
                ast::Bound::Exactly => (low, low, 1),
                ast::Bound::AtLeast => (low, u16::MAX, 1),
                ast::Bound::AtMost => (0, low, 1),
            });
        };
        let high = clamp(self.value(high)?);
        if high < low {
            return Err(CheckError::SeedRange {
                span: span.into(),
                reason: format!("{low} is above {high}"),
                help: format!("write the smaller count first: `{high} to {low} seeds`"),
            });
        }
        Ok((low, high, 1))
    }

    /// Which hole of a row a position names (`the 3rd`, `the rightmost`), counted from the
    /// owner's left, or from their right; off the board (once its size is known) is an error.
    pub fn column(
        &self,
        position: &Spanned<ast::HolePosition>,
        from_right: bool,
        whole: Span,
    ) -> Result<Column, CheckError> {
        let columns = self.board.map(|b| b.columns);
        match (position.node, from_right) {
            (ast::HolePosition::Leftmost, false) | (ast::HolePosition::Rightmost, true) => {
                Ok(Column::FromLeft(0))
            }
            (ast::HolePosition::Rightmost, false) | (ast::HolePosition::Leftmost, true) => {
                Ok(Column::FromRight(0))
            }
            (ast::HolePosition::Nth(n), _) if n == 0 || columns.is_some_and(|c| n > c as u64) => {
                let help = match columns {
                    Some(columns) if n > 0 => {
                        format!("rows have {columns} holes here, so the last one is the {}", ordinal(columns))
                    }
                    _ => "holes are counted from 1: the 1st hole is the leftmost, seen from the owner's seat"
                        .to_string(),
                };
                Err(CheckError::OffBoard { what: self.text(whole), span: position.span.into(), help })
            }
            (ast::HolePosition::Nth(n), false) => Ok(Column::FromLeft((n - 1).min(255) as u8)),
            (ast::HolePosition::Nth(n), true) => Ok(Column::FromRight((n - 1).min(255) as u8)),
        }
    }

    /// The holes of a setup line or a `marks` section, on both sides of the board.
    pub fn holes(&self, set: &Spanned<ast::HoleSet>) -> Found<Vec<Cell>> {
        match &set.node {
            // Seeds in hand are no holes (the setup counts them apart).
            ast::HoleSet::Hand => Ok(Vec::new()),
            ast::HoleSet::Named(name) => {
                Ok(vec![self.hole_named(&Spanned::new(*name, set.span)).map_err(|e| vec![e])?])
            }
            ast::HoleSet::Every => Ok(self.board.ok_or_else(Vec::new)?.cells().collect()),
            ast::HoleSet::EveryOnCircuit => {
                let board = self.board.ok_or_else(Vec::new)?;
                let anticlockwise = crate::model::Direction::Anticlockwise;
                match self.eff.sections.circuit.map(|c| c.node) {
                    Some(c) if c.edge.is_some() => Ok(board.edge_ring(anticlockwise)),
                    Some(ast::Circuit { rows_of: Some(row), .. }) => {
                        let role = self.row(row)? as usize;
                        let rows = Player::BOTH.map(|player| board.row(player, role));
                        Ok(board.rows_ring(rows[0], rows[1], anticlockwise))
                    }
                    _ => Ok(board.cells().collect()),
                }
            }
            ast::HoleSet::EveryInRow(row) => {
                let role = self.row(row)? as usize;
                let board = self.board.ok_or_else(Vec::new)?;
                Ok(Player::BOTH.into_iter().flat_map(|p| board.role_cells(p, role)).collect())
            }
            ast::HoleSet::Run { count, end, row } => {
                let mut errors = Errors::default();
                let role = errors.take(self.row(row));
                // A row's length: the board's, or half of it for a middle row shared in halves.
                let length = |board: Board| role.map_or(board.columns, |r| board.role_len(usize::from(r)));
                let count = errors.take_one(self.seed_count(count).and_then(|n| match self.board {
                    Some(board) if n > length(board) as u64 => Err(CheckError::RunTooLong {
                        count: n,
                        columns: length(board),
                        span: set.span.into(),
                    }),
                    _ => Ok(n as usize),
                }));
                let (Some(role), Some(count), Some(board)) = (role, count, self.board) else {
                    return Err(errors.0);
                };
                let n = length(board);
                let from_left = |k: usize| if *end == ast::HolePosition::Leftmost { k } else { n - 1 - k };
                let cells = Player::BOTH
                    .iter()
                    .flat_map(|&p| {
                        (0..count).filter_map(move |k| board.counted(p, role as usize, from_left(k)))
                    })
                    .collect();
                Ok(cells)
            }
            ast::HoleSet::One { position, row, from_right } => {
                let mut errors = Errors::default();
                let role = errors.take(self.row(row));
                let column = errors.take_one(self.column(position, *from_right, set.span));
                let (Some(role), Some(column), Some(board)) = (role, column, self.board) else {
                    return Err(errors.0);
                };
                let n = board.role_len(role as usize);
                if n == 0 {
                    // A row the board does not have: reported with the territory.
                    return Err(Vec::new());
                }
                let Some(k) = column.from_left(n).filter(|&k| k < n) else {
                    // Past the end of a row half the board's length (`column` checks the board's).
                    let help =
                        format!("that row has {n} holes on each side, so the last one is the {}", ordinal(n));
                    return Err(vec![CheckError::OffBoard {
                        what: self.text(set.span),
                        span: set.span.into(),
                        help,
                    }]);
                };
                Ok(Player::BOTH.iter().filter_map(|&p| board.counted(p, role as usize, k)).collect())
            }
        }
    }

    /// The holes a capture's follow-up takes from: never the mover's own side.
    pub fn region(&self, region: &Spanned<ast::Region>) -> Found<Region> {
        let role = match &region.node.row {
            Some(row) => Some(self.row(row)?),
            None => None,
        };
        if region.node.side.node == ast::Side::Own {
            return Err(vec![CheckError::OwnSideTarget { span: region.span.into() }]);
        }
        Ok(Region { role })
    }

    /// Words describing a hole, from the mover's point of view: at most one of each kind.
    /// A second word of a kind is reported against the one written `against` it.
    pub fn hole_filter(
        &self,
        words: &Spanned<Vec<Spanned<ast::HoleWord>>>,
        against: Against,
    ) -> Found<HoleFilter> {
        let mut filter = HoleFilter::default();
        let mut errors = Errors::default();
        let mut ok = true;
        let mut earlier: [Option<Span>; 4] = [None; 4];
        // `the rightmost own hole`: one error for the words of place, not one per word.
        let mut placed: Option<Span> = None;
        for word in &words.node {
            if let ast::HoleWord::Row(name) = &word.node
                && is_place_word(name)
                && !self.row_names().contains(name)
                && !self.marks.contains(name)
            {
                placed = Some(placed.map_or(word.span, |p| p.to(word.span)));
                ok = false;
                continue;
            }
            let kind = match &word.node {
                ast::HoleWord::State(s) => {
                    filter.state = Some((*s).into());
                    0
                }
                ast::HoleWord::Side(s) => {
                    filter.side = Some((*s).into());
                    1
                }
                ast::HoleWord::Row(name) => {
                    match errors.take(self.row_or_mark(&Spanned::new(name.clone(), word.span))) {
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
                    }
                }
            };
            let other = match against {
                Against::First => *earlier[kind].get_or_insert(word.span),
                Against::Previous => earlier[kind].replace(word.span).unwrap_or(word.span),
            };
            if other != word.span {
                errors.push(self.conflicting_words(word.span, other));
            }
        }
        if let Some(span) = placed {
            errors.push(self.hole_by_place(&self.text(span), span));
        }
        errors.finish(ok.then_some(filter))
    }

    /// A word naming a hole by its place in a description of what the hole is: the way to
    /// say it is a mark on that hole.
    fn hole_by_place(&self, word: &str, span: Span) -> CheckError {
        let example = match self.row_names().first() {
            Some(row) => format!("`marks end: the rightmost {row} hole`"),
            None => "a mark in board notation, `marks end: a6, b1`".to_string(),
        };
        CheckError::HoleByPlace {
            word: word.to_string(),
            span: span.into(),
            help: format!(
                "a particular hole of each player's is a marked hole: declare the mark ({example}) and describe \
                 the hole by it: `lands in an own end hole`"
            ),
        }
    }

    /// Two words of one kind describe the same hole.
    pub fn conflicting_words(&self, word: Span, first: Span) -> CheckError {
        CheckError::ConflictingWords {
            word: self.text(word),
            other: self.text(first),
            span: word.into(),
            first: first.into(),
            help: "describe the hole with one word of each kind: `empty` or `occupied`, `own` or `opponent's`, and one row or mark".into(),
        }
    }
}

/// Words that name a hole by its place in a row (`the`, `leftmost`, `rightmost`, `first`,
/// `last`, an ordinal such as `3rd`), read where a row name may stand.
fn is_place_word(word: &str) -> bool {
    let ordinal = ["st", "nd", "rd", "th"].iter().any(|suffix| {
        word.strip_suffix(suffix).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    });
    ordinal || ["the", "leftmost", "rightmost", "first", "last"].contains(&word)
}
