//! Check the sections that apply and lower them into the engine's tables. One function per
//! section; each pushes its errors and carries on, so that one run reports every
//! independent problem.

use super::assemble::Effective;
use super::error::CheckError;
use crate::engine::rules::*;
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
    territory_ok: bool,
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

/// Check and lower the sections of `eff` into `Rules`.
pub(crate) fn lower(src: &str, eff: &Effective<'_>) -> Result<Rules, Vec<CheckError>> {
    let mut l = Lowerer { src, eff, errors: Vec::new(), row_names: Vec::new(), territory_ok: false };
    let game_name = eff.game.name.span;

    let shape = l.board(game_name);
    l.territory(game_name, shape);
    let start = l.setup(game_name, shape);
    let direction = l.circuit(game_name, shape);
    let choices = l.choose(game_name);
    let (captures, capture_names) = l.captures();
    let (lap_rules, lap_otherwise) = l.after_lap(&capture_names);
    let end = l.end(game_name);
    l.check_added_captures(&lap_rules, &capture_names);
    let meta = l.meta();
    let params = l.params();

    let (Some(shape), Some(start), Some(direction), Some(choices), Some(end)) =
        (shape, start, direction, choices, end)
    else {
        return Err(l.errors);
    };
    if !l.errors.is_empty() {
        return Err(l.errors);
    }
    Ok(build(BuildParts {
        meta,
        params,
        shape,
        row_names: l.row_names,
        direction,
        start,
        choices,
        lap_rules,
        lap_otherwise,
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

    fn row(&mut self, name: &Spanned<String>) -> Option<Role> {
        if let Some(i) = self.row_names.iter().position(|r| *r == name.node) {
            return Some(i as Role);
        }
        if self.territory_ok {
            let known: Vec<&str> = self.row_names.iter().map(String::as_str).collect();
            self.errors.push(CheckError::UnknownRow {
                name: name.node.clone(),
                span: name.span.into(),
                help: unknown_name_help(&name.node, "row", &known),
            });
        }
        None
    }

    fn board(&mut self, game_name: Span) -> Option<Shape> {
        let Some(section) = self.section("board") else {
            self.missing("board", "`board 4 rows of 8 holes, no stores`", game_name);
            return None;
        };
        let SectionKind::Board(board) = &section.kind else { return None };
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

    fn circuit(&mut self, game_name: Span, shape: Option<Shape>) -> Option<Direction> {
        let Some(section) = self.section("circuit") else {
            self.missing("circuit", "`circuit own rows anticlockwise`", game_name);
            return None;
        };
        let SectionKind::Circuit(c) = &section.kind else { return None };
        if let Some(shape) = shape
            && shape.per_side() != 2
        {
            self.errors
                .push(CheckError::CircuitRows { span: section.span.into(), per_side: shape.per_side() });
            return None;
        }
        Some(c.direction.node)
    }

    fn choose(&mut self, game_name: Span) -> Option<Vec<Choice>> {
        let Some(section) = self.section("choose") else {
            self.missing("choose", "`choose { own hole with at least 1 seed }`", game_name);
            return None;
        };
        let SectionKind::Choose(choose) = &section.kind else { return None };
        let mut out = Vec::new();
        for choice in &choose.choices {
            let mut min: u64 = 1;
            let mut max: u64 = u64::from(u16::MAX);
            let mut next: Option<Spanned<ast::HoleState>> = None;
            let mut ok = true;
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
                    ast::Filter::Next(state) => {
                        if let Some(prev) = next
                            && prev.node != *state
                        {
                            self.errors.push(CheckError::ConflictingWords {
                                word: self.text(filter.span),
                                other: self.text(prev.span),
                                span: filter.span.into(),
                                first: prev.span.into(),
                                help: "the next hole is either empty or occupied: keep one of the two conditions"
                                    .into(),
                            });
                            ok = false;
                        }
                        next = Some(Spanned::new(*state, filter.span));
                    }
                }
            }
            if ok {
                out.push(Choice {
                    min: min as u16,
                    max: max.min(u64::from(u16::MAX)) as u16,
                    next: next.map(|n| n.node),
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
            let take = c.take.iter().filter_map(|t| self.row(&t.node.row)).collect();
            let mut follow_ups = Vec::new();
            for f in &c.follow_ups {
                match &f.node {
                    ast::FollowUp::Strip { optional, amount, region } => {
                        let region = self.region(region);
                        let amount = match &amount.node {
                            ast::Amount::AsTaken => Some(Amount::AsTaken),
                            ast::Amount::Seeds(v) => self.count(v).map(Amount::Seeds),
                        };
                        if let (Some(region), Some(amount)) = (region, amount) {
                            follow_ups.push(FollowUp::Strip { optional: *optional, amount, region });
                        }
                    }
                    ast::FollowUp::ExtraHoles { count, region } => {
                        let region = self.region(region);
                        let count = self.count(count);
                        if let (Some(region), Some(count)) = (region, count) {
                            follow_ups.push(FollowUp::ExtraHoles { count, region });
                        }
                    }
                }
            }
            names.push(c.name.node.clone());
            out.push(Capture { name: c.name.node.clone(), take, follow_ups });
        }
        (out, names)
    }

    fn count(&mut self, v: &Spanned<ast::Value>) -> Option<u16> {
        let n = self.value(v)?;
        if n == 0 {
            self.errors.push(CheckError::ZeroAmount { span: v.span.into() });
            return None;
        }
        Some(n.min(u64::from(u16::MAX)) as u16)
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

    fn after_lap(&mut self, capture_names: &[String]) -> (Vec<LapRule>, LapAction) {
        let Some(section) = self.section("after each lap") else { return (Vec::new(), LapAction::Stop) };
        let SectionKind::AfterLap(after) = &section.kind else { return (Vec::new(), LapAction::Stop) };
        let mut rules = Vec::new();
        let mut catch_all: Option<Span> = None;
        for rule in &after.rules {
            if let Some(by) = catch_all {
                self.errors.push(CheckError::UnreachableRule { span: rule.span.into(), by: by.into() });
            }
            let mut landing: Option<Spanned<HoleState>> = None;
            let mut side: Option<Spanned<Side>> = None;
            let mut role: Option<(Spanned<()>, Role)> = None;
            for word in &rule.landing.node {
                let conflict = match &word.node {
                    ast::HoleWord::State(s) => landing.replace(Spanned::new(*s, word.span)).map(|p| p.span),
                    ast::HoleWord::Side(s) => side.replace(Spanned::new(*s, word.span)).map(|p| p.span),
                    ast::HoleWord::Row(name) => {
                        let r = self.row(&Spanned::new(name.clone(), word.span));
                        match r {
                            Some(r) => role.replace((Spanned::new((), word.span), r)).map(|p| p.0.span),
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
                        help: "describe the hole with one word of each kind: `empty` or `occupied`, `own` or `opponent's`, and one row".into(),
                    });
                }
            }
            let facts = rule
                .facts
                .iter()
                .filter_map(|f| self.row(&f.node.row).map(|r| (r, f.node.state)))
                .collect::<Vec<_>>();
            let action = self.lap_action(&rule.action, capture_names);
            if rule.landing.node.is_empty() && rule.facts.is_empty() && catch_all.is_none() {
                catch_all = Some(rule.span);
            }
            if let Some(action) = action {
                rules.push(LapRule {
                    landing: landing.map(|s| s.node),
                    side: side.map(|s| s.node),
                    role: role.map(|r| r.1),
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
        let ends = rules.iter().take(reachable).any(|r| r.action != LapAction::Relay)
            || (catch_all.is_none() && otherwise != LapAction::Relay);
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
    fn check_added_captures(&mut self, lap_rules: &[LapRule], capture_names: &[String]) {
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
        let mut no_seeds = false;
        let mut repetition = false;
        let mut blocked: Option<Spanned<Blocked>> = None;
        for rule in &end.rules {
            match rule.node {
                ast::EndRule::NoSeedsLoses => no_seeds = true,
                ast::EndRule::RepetitionDraws => repetition = true,
                ast::EndRule::Blocked(b) => {
                    if let Some(prev) = blocked
                        && prev.node != b
                    {
                        self.errors.push(CheckError::ConflictingWords {
                            word: self.text(rule.span),
                            other: self.text(prev.span),
                            span: rule.span.into(),
                            first: prev.span.into(),
                            help:
                                "a player who cannot move either loses or passes: keep one of the two rules"
                                    .into(),
                        });
                    }
                    blocked = Some(Spanned::new(b, rule.span));
                }
            }
        }
        let Some(blocked) = blocked else {
            self.errors.push(CheckError::BlockedUnstated { span: section.keyword.into() });
            return None;
        };
        if blocked.node == Blocked::Passes && !repetition {
            self.errors.push(CheckError::EndlessPassing { span: blocked.span.into() });
            return None;
        }
        Some(EndRules { no_seeds_loses: no_seeds, blocked: blocked.node, repetition_draws: repetition })
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

struct BuildParts {
    meta: Meta,
    params: Vec<ParamValue>,
    shape: Shape,
    row_names: Vec<String>,
    direction: Direction,
    start: Vec<u16>,
    choices: Vec<Choice>,
    lap_rules: Vec<LapRule>,
    lap_otherwise: LapAction,
    captures: Vec<Capture>,
    end: EndRules,
}

/// Build the tables from checked parts.
fn build(p: BuildParts) -> Rules {
    let shape = p.shape;
    let holes = shape.holes();
    let per_side = shape.per_side();
    // Circuits in board coordinates; the engine stores the holes in the order of South's
    // circuit then North's, so that every lap is a run of consecutive slots.
    let board_circuit = ByPlayer::new_with(|player| own_rows_circuit(shape, player, p.direction));
    let mut slot_of = vec![Hole(0); holes];
    let mut board_of = vec![0u16; holes];
    for (slot, h) in board_circuit.south.iter().chain(&board_circuit.north).enumerate() {
        slot_of[h.index()] = Hole(slot as u8);
        board_of[slot] = h.index() as u16;
    }
    let at = |row: usize, column: usize| slot_of[row * shape.columns + column];
    let circuit_base = ByPlayer { south: 0, north: board_circuit.south.len() };
    let circuit = board_circuit.map(|c| c.iter().map(|h| slot_of[h.index()]).collect::<Vec<_>>());

    let mut hole_owner = vec![Player::South; holes];
    let mut hole_role = vec![0 as Role; holes];
    let mut hole_column = vec![0u8; holes];
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
    }
    let territory = ByPlayer::new_with(|player| {
        slot_of.iter().copied().filter(|h| hole_owner[h.index()] == player).collect::<Vec<_>>()
    });
    let next = ByPlayer::new_with(|player| {
        let mut next: Vec<Hole> = (0..holes).map(|i| Hole(i as u8)).collect();
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
    let total_seeds = start.iter().map(|&c| u32::from(c)).sum();
    let mut seed = 0x5eed_0f50_u64 ^ (holes as u64) << 32;
    let keys: Vec<u64> = (0..holes).map(|_| splitmix64(&mut seed) | 1).collect();
    let north_key = splitmix64(&mut seed);
    let key_prefix = circuit.clone().map(|c| {
        let mut prefix = vec![0u64; c.len() + 1];
        for (i, h) in c.iter().enumerate() {
            prefix[i + 1] = prefix[i].wrapping_add(keys[h.index()]);
        }
        prefix
    });
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
        circuit,
        circuit_base,
        key_prefix,
        next,
        role_hole,
        regions,
        choices: p.choices,
        lap_rules: p.lap_rules,
        lap_otherwise: p.lap_otherwise,
        captures: p.captures,
        end: p.end,
        keys,
        north_key,
        lap_table: ByPlayer::default(),
        rings: ByPlayer::default(),
    };
    rules.lap_table = rules.build_lap_table();
    rules.rings = rules.build_rings();
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

/// A fixed pseudo-random sequence for hashing keys (Steele, Lea & Flood's SplitMix64).
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
