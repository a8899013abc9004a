//! The checks of the sections in force: one function per check, each returning what it
//! finds. [`check`] runs them all, in the order of the sections, so that one run reports
//! every independent problem; lowering runs only on a file they find nothing wrong with.

use super::assemble::At;
use super::error::CheckError;
use super::resolve::Scope;
use super::section::{OpeningTurn, catch_all};
use crate::span::Span;
use crate::syntax::ast;

/// Every problem of the sections in force, in the order of the sections.
pub(crate) fn check(scope: &Scope<'_>) -> Vec<CheckError> {
    let game_name = scope.eff.game.name.span;
    [
        board(scope, game_name),
        territory(scope, game_name),
        players(scope),
        opposites(scope),
        marks(scope),
        setup(scope, game_name),
        circuit(scope, game_name),
        captures(scope),
        main_phase(scope, game_name),
        openings(scope),
        skipped_marks(scope),
        sow_clauses(scope),
        choose_clauses(scope),
        end(scope, game_name),
        lap_limit(scope),
        added_captures(scope),
        colours(scope),
        path(scope),
        lifted_hole(scope),
    ]
    .concat()
}

/// Where each seed goes into a neighbouring hole of the mover's choosing (`circuit a path
/// through neighbouring holes, …`): a kind of mark is kept for the holes of a lap. Such a
/// board has no ring, and a lap no way round one until the mover has sown it: a phrase that
/// reads the way of a ring (a direction, a hole ahead, a row end sown inward, the side store
/// passed by), or foresees the lap a hole's sowing makes, says something of laps these rules
/// do not have.
fn path(scope: &Scope<'_>) -> Vec<CheckError> {
    let eff = scope.eff;
    let Some(path) = eff.sections.circuit.and_then(|c| c.node.path) else { return Vec::new() };
    let mut out = Vec::new();
    if eff.marks.len() >= crate::model::MAX_MARKS {
        out.push(CheckError::TooManyMarks { max: crate::model::MAX_MARKS - 1, span: path.into() });
    }
    let mut no_ring =
        |what: Span| out.push(CheckError::RingOnPath { what: scope.text(what), span: what.into() });
    let openings = eff.openings.iter().map(|o| scope.opening_parts(o).0.sowing);
    for sowing in std::iter::once(eff.sections.sowing).chain(openings) {
        if let Some(sow) = sowing.sow {
            let s = sow.node;
            let spans = [
                s.direction.as_ref().map(|d| d.span),
                s.exit_start.as_ref().map(|e| e.span),
                s.exit_relay.as_ref().map(|e| e.span),
                s.side_path.as_ref().map(|p| p.span),
            ];
            spans.into_iter().flatten().for_each(&mut no_ring);
        }
        if let Some(after) = sowing.after_lap {
            let actions = after.node.rules.iter().map(|r| &r.action).chain(&after.node.otherwise);
            actions.filter(|a| a.node == ast::LapAction::RelayBack).for_each(|a| no_ring(a.span));
        }
        if let Some(choose) = sowing.choose {
            let c = choose.node;
            let spans = [
                c.turnings.first().map(|t| t.span),
                c.prefer.first().map(|p| p.span),
                c.block.as_ref().map(|b| b.span),
                c.lone.as_ref().map(|l| l.span),
                c.whole_move.as_ref().map(|w| w.span),
            ];
            spans.into_iter().flatten().for_each(&mut no_ring);
            for choice in &c.choices {
                ring_readers(choice, &mut no_ring);
            }
        }
    }
    for capture in eff.captures.values() {
        if let Some(d) =
            capture.destination.as_ref().filter(|d| matches!(d.node, ast::Destination::RowEnd { .. }))
        {
            no_ring(d.span);
        }
    }
    out
}

/// The parts of a choice description that read a ring or foresee a lap (`whose next hole is
/// empty`, `whose lap captures`, `the rearmost own hole`, `the hole 2 holes after the own
/// pair hole`), its `or` and `if there is no …` descriptions included.
fn ring_readers(choice: &crate::span::Spanned<ast::Choice>, found: &mut impl FnMut(Span)) {
    let c = &choice.node;
    if matches!(c.holes.node, ast::ChoiceHoles::Rearmost | ast::ChoiceHoles::AfterMark { .. }) {
        found(c.holes.span);
    }
    for filter in &c.filters {
        match &filter.node {
            ast::Filter::Neighbour(..)
            | ast::Filter::Captures
            | ast::Filter::Facing
            | ast::Filter::LandsIn(_)
            | ast::Filter::LapEnds(_)
            | ast::Filter::LapReaches(..) => found(filter.span),
            ast::Filter::NoneFits(other, _) => ring_readers(other, found),
            _ => {}
        }
    }
    for other in &c.or {
        ring_readers(other, found);
    }
}

/// `, every lap starting with the hole it lifts` and a circuit `skipping the origin hole` say
/// opposite things of the hole a lap is lifted from; so do a first lap `starting with the
/// chosen hole` (or every lap so) and a circuit `skipping the chosen hole`.
fn lifted_hole(scope: &Scope<'_>) -> Vec<CheckError> {
    let eff = scope.eff;
    let circuit = eff.sections.circuit.map(|c| c.node);
    let (skip, chosen) = match circuit {
        Some(c) => match (c.skip_origin, c.skip_chosen) {
            (_, Some(chosen)) => (chosen, true),
            (Some(origin), None) => (origin, false),
            (None, None) => return Vec::new(),
        },
        None => return Vec::new(),
    };
    let openings = eff.openings.iter().map(|o| scope.opening_parts(o).0.sowing);
    std::iter::once(eff.sections.sowing)
        .chain(openings)
        .filter_map(|s| {
            let sow = s.sow?.node;
            sow.every_lap_itself.or(if chosen { sow.itself } else { None })
        })
        .map(|every| CheckError::ConflictingWords {
            word: scope.text(every),
            other: scope.text(skip),
            span: every.into(),
            first: skip.into(),
            help: "a lap either drops its first seed back into the hole it lifts or never drops one there: keep one of the two".into(),
        })
        .collect()
}

/// A `choose` block's preferred first laps, blocking rule and move for a lone seed name lap
/// conditions, marks and rows the game declares (the main game's and each opening's).
fn choose_clauses(scope: &Scope<'_>) -> Vec<CheckError> {
    let eff = scope.eff;
    let openings = eff.openings.iter().map(|o| scope.opening_parts(o).0.sowing);
    let mut out = Vec::new();
    for choose in std::iter::once(eff.sections.sowing).chain(openings).filter_map(|s| s.choose) {
        if !choose.node.prefer.is_empty() {
            out.extend(errors(scope.preferences(choose.node)));
        }
        if let Some(block) = &choose.node.block {
            out.extend(errors(scope.block(block)));
        }
        if let Some(lone) = &choose.node.lone {
            out.extend(errors(scope.lone_seed(lone)));
        }
        if let Some(hand) = &choose.node.hand_sow {
            out.extend(errors(scope.one_hole(&hand.hole)));
        }
    }
    out
}

/// A section every game needs is missing.
fn missing(section: &str, example: &str, game_name: Span) -> Vec<CheckError> {
    vec![CheckError::MissingSection {
        section: section.into(),
        example: example.into(),
        span: game_name.into(),
    }]
}

/// The diagnostics of a resolution, none if it succeeded.
fn errors<T>(found: Result<T, Vec<CheckError>>) -> Vec<CheckError> {
    found.err().unwrap_or_default()
}

/// A table of opposite holes names holes, rows and side stores the board has, each once.
fn opposites(scope: &Scope<'_>) -> Vec<CheckError> {
    scope.eff.sections.opposite.map(|t| errors(scope.opposites(t))).unwrap_or_default()
}

/// A stated bound on laps is within what the engine allows.
fn lap_limit(scope: &Scope<'_>) -> Vec<CheckError> {
    scope.eff.sections.lap_limit.and_then(|l| scope.lap_limit(l.node).err()).into_iter().collect()
}

/// The board is given, with a number of rows two players can share and a usable number of
/// holes per row.
fn board(scope: &Scope<'_>, game_name: Span) -> Vec<CheckError> {
    match scope.eff.sections.board {
        Some(board) => errors(scope.board_size(board)),
        None => missing("board", "`board 4 rows of 8 holes, no stores`", game_name),
    }
}

/// The territory is given, names each row once, and names as many rows as a side has.
fn territory(scope: &Scope<'_>, game_name: Span) -> Vec<CheckError> {
    let Some(At { node: t, .. }) = scope.eff.sections.territory else {
        return missing("territory", "`territory each player owns rows outer, inner`", game_name);
    };
    let mut out = Vec::new();
    for (i, name) in t.rows.iter().enumerate() {
        if let Some(first) = t.rows[..i].iter().find(|n| n.node == name.node) {
            out.push(CheckError::DuplicateName {
                what: "row".into(),
                name: name.node.clone(),
                span: name.span.into(),
                first: first.span.into(),
            });
        }
    }
    if let Some(shape) = scope.board
        && t.rows.len() != shape.per_side()
        && let (Some(first), Some(last)) = (t.rows.first(), t.rows.last())
    {
        out.push(CheckError::TerritoryRows {
            named: t.rows.len(),
            per_side: shape.per_side(),
            span: first.span.to(last.span).into(),
        });
    }
    out
}

/// From 2 to 8 players; more than two share a circuit in equal parts (for good, or at the
/// start and then by the colour of their seeds) or share every hole, and an equal part needs
/// a shared circuit the players divide.
fn players(scope: &Scope<'_>) -> Vec<CheckError> {
    let sections = &scope.eff.sections;
    let territory = sections.territory.map(|t| t.node);
    let share = territory.and_then(|t| t.share);
    let common = territory.and_then(|t| t.common);
    let mut out = Vec::new();
    if let (Some(common), Some(by_colour)) = (common, territory.and_then(|t| t.by_colour)) {
        out.push(CheckError::ConflictingWords {
            word: scope.text(by_colour),
            other: scope.text(common),
            span: by_colour.into(),
            first: common.into(),
            help:
                "a hole cannot be everyone's and belong to whoever's seeds it holds: keep `every hole`, or \
                   share the circuit by colour"
                    .into(),
        });
    }
    // Rounds refill each player's own holes.
    let rounds =
        sections.end.and_then(|e| e.node.rules.iter().find(|r| matches!(r.node, ast::EndRule::Rounds(_))));
    if let (Some(common), Some(rounds)) = (common, rounds) {
        out.push(CheckError::ConflictingWords {
            word: scope.text(rounds.span),
            other: scope.text(common),
            span: rounds.span.into(),
            first: common.into(),
            help: "a new round fills each player's own holes, and where every hole is everyone's no hole is a player's own: \
                   give each player holes (`territory each player owns row pit`), or play one round"
                .into(),
        });
    }
    // A hole given to the mover is one player's, which no hole is where every hole is
    // everyone's.
    if let Some(common) = common {
        for claim in scope.eff.captures.values().filter_map(|c| c.claim) {
            out.push(CheckError::ConflictingWords {
                word: scope.text(claim),
                other: scope.text(common),
                span: claim.into(),
                first: common.into(),
                help:
                    "where every hole is everyone's, no hole can become one player's: give each player holes \
                       (`territory each player owns row pit`), or leave the hole as it is"
                        .into(),
            });
        }
    }
    let seats = match sections.players {
        Some(p) if !(2..=crate::model::MAX_SEATS as u64).contains(&p.node.node) => {
            out.push(CheckError::Players { count: p.node.node, span: p.node.span.into() });
            return out;
        }
        Some(p) => p.node.node as usize,
        None => 2,
    };
    if let (Some(p), None, None) = (sections.players, share, common)
        && seats > 2
    {
        out.push(CheckError::SeatsWithoutShare {
            seats,
            span: p.node.span.into(),
            territory: territory.and_then(|t| t.rows.first().map(|r| r.span.into())),
        });
    }
    let Some(share) = share else { return out };
    let circuit = sections.circuit.map(|c| c.node);
    // The halves of a board: two players on two rows, the circuit through both.
    if let Some(half) = territory.and_then(|t| t.half.as_ref()) {
        let why = if seats != 2 {
            Some(format!("a board has two halves, and {seats} players"))
        } else if scope.board.is_some_and(|b| b.rows != 2) {
            Some(format!("the board has {} rows, not 2", scope.board.map_or(0, |b| b.rows)))
        } else if circuit.is_some_and(|c| c.edge.is_some() || c.rows_of.is_some()) {
            Some("the circuit does not run through both rows".to_string())
        } else {
            None
        };
        if let Some(why) = why {
            out.push(CheckError::BoardHalf { why, span: half.span.into() });
        }
    }
    let shared = circuit.is_some_and(|c| c.edge.is_some() || c.rows_of.is_some() || c.all_rows.is_some());
    if !shared {
        out.push(CheckError::ShareWithoutRing { span: share.into() });
    } else if let (Some(board), Some(c)) = (scope.board, circuit) {
        let length = if c.edge.is_some() {
            board.edge_ring(crate::model::Direction::Anticlockwise).len()
        } else if c.rows_of.is_some() {
            2 * board.columns
        } else {
            board.holes()
        };
        if length % seats != 0 {
            out.push(CheckError::UnequalShare { length, seats, span: share.into() });
        }
    }
    out
}

/// Not too many kinds of mark, the holes marked at the start exist, and a mark kept while a
/// hole holds some seeds names at least 1.
fn marks(scope: &Scope<'_>) -> Vec<CheckError> {
    let mut out = errors(scope.marked());
    out.extend(errors(scope.keep_mins()));
    out
}

/// The setup is given, names holes that exist, and puts a playable number of seeds.
fn setup(scope: &Scope<'_>, game_name: Span) -> Vec<CheckError> {
    match scope.eff.sections.setup {
        Some(setup) => errors(scope.setup(setup)),
        None => missing("setup", "`setup { 2 in every hole }`", game_name),
    }
}

/// The circuit is given and fits the board.
fn circuit(scope: &Scope<'_>, game_name: Span) -> Vec<CheckError> {
    match scope.eff.sections.circuit {
        Some(circuit) => scope.circuit(circuit).err().into_iter().collect(),
        None => missing("circuit", "`circuit own rows anticlockwise`", game_name),
    }
}

/// Each capture names rows, counts and places that exist.
fn captures(scope: &Scope<'_>) -> Vec<CheckError> {
    scope.eff.captures.values().flat_map(|c| errors(scope.capture_rule(c))).collect()
}

/// The main game: a `choose` section whose descriptions make sense, and lap rules that can
/// all apply and let a lap end.
fn main_phase(scope: &Scope<'_>, game_name: Span) -> Vec<CheckError> {
    let Some(choose) = scope.eff.sections.sowing.choose else {
        return missing("choose", "`choose { own hole with at least 1 seed }`", game_name);
    };
    let mut out = errors(scope.choices(choose.node));
    out.extend(sow_line(scope, scope.eff.sections.sowing.sow));
    if let Some(after) = scope.eff.sections.sowing.after_lap {
        out.extend(after_lap(scope, after));
    }
    out
}

/// A `sow` line's count of seeds lifted (`sow 4 seeds …`) is a number of seeds.
fn sow_line(scope: &Scope<'_>, sow: Option<At<'_, ast::Sow>>) -> Vec<CheckError> {
    sow.and_then(|s| s.node.count.as_ref()).and_then(|v| scope.count(v).err()).into_iter().collect()
}

/// Whether the main game's choices are usable, so that openings can start from them.
fn main_choices_ok(scope: &Scope<'_>) -> bool {
    scope.eff.sections.sowing.choose.is_some_and(|c| scope.choices(c.node).is_ok())
}

/// Each lap rule is reachable and means something, and some lap can end.
fn after_lap(scope: &Scope<'_>, section: At<'_, ast::AfterLap>) -> Vec<CheckError> {
    let after = section.node;
    let by = catch_all(after);
    let mut out = Vec::new();
    let mut passed: Option<Span> = None;
    for rule in &after.rules {
        // A rule read as the seeds before the last fall, or once the sowing is over, is read
        // whatever the rules for a lap's end say (blind test 23, fault 2).
        let at_lap_end = matches!(rule.seeds.node, ast::Seeds::Last | ast::Seeds::Every);
        if let Some(by) = passed
            && at_lap_end
        {
            out.push(CheckError::UnreachableRule { span: rule.span.into(), by: by.into() });
        }
        out.extend(errors(scope.lap_rule(rule)));
        if by == Some(rule.span) {
            passed = by;
        }
    }
    if let Some(o) = &after.otherwise {
        // A rule for every hole leaves a landing in the mover's store to `otherwise`.
        if let Some(by) = by
            && !scope.store_landings()
        {
            out.push(CheckError::UnreachableRule { span: o.span.into(), by: by.into() });
        }
        out.extend(scope.lap_action(o).err());
    }
    if !scope.lap_ends(after) {
        out.push(CheckError::NeverEnds { span: section.keyword.to(section.span).into() });
    }
    out
}

/// Each opening: its sections once each, one kind of turn, and that turn's words.
fn openings(scope: &Scope<'_>) -> Vec<CheckError> {
    let main_ok = main_choices_ok(scope);
    let openings = &scope.eff.openings;
    let mut out: Vec<CheckError> = openings.iter().flat_map(|o| opening(scope, o, main_ok)).collect();
    for (i, o) in openings.iter().enumerate() {
        out.extend(capture_end(scope, o, openings.get(i + 1).copied()));
    }
    out
}

/// `it ends for a player when a capture leaves …`: some capture of the opening's lap rules
/// sows its seeds on with the whole hole they are put into, and the next phase (`next`, else
/// the main game) is a sowing the same way, to play the rest of the turn.
fn capture_end(scope: &Scope<'_>, opening: &ast::Opening, next: Option<&ast::Opening>) -> Vec<CheckError> {
    let (parts, _) = scope.opening_parts(opening);
    let Some((_, span)) = parts.ends_at_capture else { return Vec::new() };
    let name = opening.name.node.clone();
    let main = &scope.eff.sections.sowing;
    let after = parts.sowing.after_lap.or(main.after_lap);
    let whole = |c: &ast::Capture| {
        c.destination.as_ref().is_some_and(|d| {
            matches!(&d.node, ast::Destination::Resow(r)
                if r.whole && !r.one_lap && !r.itself && !r.with_last)
        })
    };
    let sows_whole = parts.turn.is_none()
        && after.is_some_and(|a| {
            a.node.rules.iter().any(|r| match &r.action.node {
                ast::LapAction::Capture(c) => scope.eff.captures.get(&c.node).is_some_and(|c| whole(c)),
                _ => false,
            })
        });
    if !sows_whole {
        return vec![CheckError::CaptureEndNeverComes { span: span.into(), opening: name }];
    }
    let direction =
        |sow: Option<At<'_, ast::Sow>>| sow.or(main.sow).and_then(|s| s.node.direction.map(|d| d.node));
    let (next_sows, next_sow) = match next {
        Some(n) => {
            let (p, _) = scope.opening_parts(n);
            (p.turn.is_none(), p.sowing.sow)
        }
        None => (true, None),
    };
    let reason = if !next_sows {
        Some("is not a sowing")
    } else if direction(parts.sowing.sow) != direction(next_sow) {
        Some("sows the other way")
    } else {
        None
    };
    reason
        .map(|r| CheckError::CaptureEndNextPhase { span: span.into(), opening: name, reason: r.into() })
        .into_iter()
        .collect()
}

fn opening(scope: &Scope<'_>, opening: &ast::Opening, main_ok: bool) -> Vec<CheckError> {
    let (parts, mut out) = scope.opening_parts(opening);
    match parts.turn {
        Some(OpeningTurn::Take(t)) => out.extend(errors(scope.take_turn(t))),
        Some(OpeningTurn::Transfer(ways)) => out.extend(errors(scope.transfer_ways(&ways))),
        Some(OpeningTurn::Mark(t)) => out.extend(errors(scope.mark_turn(t))),
        Some(OpeningTurn::Empty(t)) => out.extend(errors(scope.empty_turn(t))),
        // A sowing: its own choices, else the main game's; its lap rules once it has them.
        None => {
            let chosen = match parts.sowing.choose {
                Some(choose) => scope.choices(choose.node).map(|_| ()),
                None if main_ok => Ok(()),
                None => Err(Vec::new()),
            };
            out.extend(sow_line(scope, parts.sowing.sow));
            match chosen {
                Ok(()) => out.extend(parts.sowing.after_lap.into_iter().flat_map(|a| after_lap(scope, a))),
                Err(e) => out.extend(e),
            }
        }
    }
    out
}

/// A `sow` line that skips the holes of a mark names a mark the game declares.
fn skipped_marks(scope: &Scope<'_>) -> Vec<CheckError> {
    let openings = scope.eff.openings.iter().map(|o| scope.opening_parts(o).0.sowing.sow);
    [scope.eff.sections.sowing.sow]
        .into_iter()
        .chain(openings)
        .flatten()
        .flat_map(|sow| sow.node.skip.iter().chain(&sow.node.skip_when))
        .filter_map(|name| scope.mark(name).err())
        .collect()
}

/// A `sow` line's heavy holes and row ends name marks and rows the game declares.
fn sow_clauses(scope: &Scope<'_>) -> Vec<CheckError> {
    let openings = scope.eff.openings.iter().map(|o| scope.opening_parts(o).0.sowing.sow);
    let mut out = Vec::new();
    for sow in [scope.eff.sections.sowing.sow].into_iter().chain(openings).flatten() {
        // Seeds a hole receives by rule: a count of at least 1 (`zero_amount`).
        for value in [&sow.node.first_hole, &sow.node.empty_hole].into_iter().flatten() {
            if let Err(error) = scope.count(value) {
                out.push(error);
            }
        }
        if let Some(heavy) = &sow.node.heavy {
            out.extend(errors(scope.heavy(heavy)));
        }
        out.extend(chosen_count(scope, sow.node));
        for row in [&sow.node.exit_start, &sow.node.exit_relay].into_iter().flatten() {
            out.extend(errors(scope.row(row)));
        }
        if let Some(path) = &sow.node.side_path {
            let side_stores = scope.eff.sections.board.is_some_and(|b| b.node.side_stores.is_some());
            let shared = scope
                .eff
                .sections
                .circuit
                .is_some_and(|c| c.node.all_rows.is_some() || c.node.rows_of.is_some());
            if !side_stores {
                out.push(CheckError::SidePath {
                    what: "side stores".into(),
                    span: path.span.into(),
                    help: "give the board side stores: `board 4 rows of 8 holes, a store for each player, and a side store for each player in the middle of the inner row`".into(),
                });
            } else if shared {
                out.push(CheckError::SidePath {
                    what: "each player's own circuit".into(),
                    span: path.span.into(),
                    help: "sow round each player's own rows: `circuit own rows anticlockwise`".into(),
                });
            }
        }
    }
    out
}

/// A count the mover chooses (`sow any number of seeds …, leaving at least 1 seed`): the seeds
/// left are said of a chosen count, and are at least 1; the game's seeds fit a position's
/// list of decisions, one per count.
fn chosen_count(scope: &Scope<'_>, sow: &ast::Sow) -> Vec<CheckError> {
    let mut out = Vec::new();
    if let Some(leave) = &sow.leave {
        if sow.any.is_none() {
            let count = sow.count.as_ref().map(|c| c.span.into());
            out.push(CheckError::LeaveWithoutChoice { span: leave.span.into(), count });
        } else if leave.node == 0 {
            out.push(CheckError::LeaveZero { span: leave.span.into() });
        }
    }
    if let (Some(any), Some(setup)) = (sow.any, scope.eff.sections.setup)
        && let Ok((counts, hand)) = scope.setup(setup)
    {
        let seeds = counts.iter().chain(&hand).map(|&c| usize::from(c)).sum::<usize>();
        if seeds > crate::model::MAX_CHOICES {
            out.push(CheckError::TooManyCounts { seeds, max: crate::model::MAX_CHOICES, span: any.into() });
        }
    }
    out
}

/// The end rules are given, say what happens to a player who cannot move, and let the
/// game end.
fn end(scope: &Scope<'_>, game_name: Span) -> Vec<CheckError> {
    match scope.eff.sections.end {
        Some(end) => errors(scope.end_rules(end)),
        None => vec![CheckError::NoEndRule { span: game_name.into() }],
    }
}

/// A capture that a ruleset adds must be used by the lap rules in force; otherwise it is
/// most likely a misspelt override of one of the base game's captures. (Told only once the
/// main game's choices are usable: until then the lap rules of the game are not known.)
fn added_captures(scope: &Scope<'_>) -> Vec<CheckError> {
    let eff = scope.eff;
    let Some(ruleset) = eff.ruleset else { return Vec::new() };
    if !main_choices_ok(scope) {
        return Vec::new();
    }
    let used = used_captures(scope);
    let base: Vec<&str> = eff
        .captures
        .keys()
        .filter(|k| !eff.added_captures.iter().any(|a| a.node == **k))
        .map(String::as_str)
        .collect();
    let unused = eff.added_captures.iter().filter(|added| !used.contains(&added.node.as_str()));
    unused
        .map(|added| CheckError::UnknownOverride {
            ruleset: ruleset.name.node.clone(),
            what: "capture".into(),
            name: added.node.clone(),
            span: added.span.into(),
            help: match crate::suggest::did_you_mean(&added.node, base.iter().copied()) {
                Some(best) => format!(
                    "did you mean `{best}`? A new capture must also be used by the ruleset's `after each lap` rules"
                ),
                None => "a new capture must also be used by the ruleset's `after each lap` rules".into(),
            },
        })
        .collect()
}

/// The captures the lap rules of the game name: the main game's, and those of each opening
/// whose turns are sowings with usable choices.
fn used_captures<'a>(scope: &Scope<'a>) -> Vec<&'a str> {
    let eff = scope.eff;
    let sowing_openings = eff.openings.iter().filter_map(|o| {
        let (parts, _) = scope.opening_parts(o);
        let usable =
            parts.turn.is_none() && parts.sowing.choose.is_none_or(|c| scope.choices(c.node).is_ok());
        usable.then_some(parts.sowing.after_lap).flatten()
    });
    let sections = eff.sections.sowing.after_lap.into_iter().chain(sowing_openings);
    // The actions of the `when` rules and of `otherwise` (`otherwise: capture NAME`).
    let actions = sections.flat_map(|s| s.node.rules.iter().map(|r| &r.action).chain(&s.node.otherwise));
    // A turn that places a seed from the hand names the capture it makes there.
    let sow_lines = eff
        .sections
        .sowing
        .sow
        .into_iter()
        .chain(eff.openings.iter().filter_map(|o| scope.opening_parts(o).0.sowing.sow));
    let placed = sow_lines.filter_map(|s| s.node.place.as_ref()).map(|p| &p.node.capture);
    actions
        .flat_map(|action| match &action.node {
            ast::LapAction::Capture(name) => vec![name],
            ast::LapAction::CaptureChoice(names, _) => names.iter().collect(),
            _ => Vec::new(),
        })
        .chain(placed)
        .filter(|name| scope.capture(name).is_ok())
        .map(|name| name.node.as_str())
        .collect()
}

/// Holes that belong by the colour of their seeds: the phrases about them only there, and
/// there a `sow` line that says what becomes of the opponent's seeds. Every other construct
/// combines with colours.
fn colours(scope: &Scope<'_>) -> Vec<CheckError> {
    let sections = &scope.eff.sections;
    let by_colour = sections.territory.and_then(|t| t.node.by_colour);
    let sowing = &sections.sowing;
    let mut errors = Vec::new();
    let Some(colours) = by_colour else {
        // The phrases that need colours.
        if let Some(choose) = sowing.choose {
            let whole = choose.node.whole_move.iter().map(|w| &w.node.from);
            for c in
                choose.node.choices.iter().chain(whole).flat_map(|c| std::iter::once(c).chain(&c.node.or))
            {
                if c.node.holes.node == ast::ChoiceHoles::Rearmost {
                    let what = "`the rearmost own hole`".to_string();
                    errors.push(CheckError::NeedsColours { what, span: c.node.holes.span.into() });
                }
            }
            if let Some(lone) = &choose.node.lone {
                let what = "a move for a player with one seed".to_string();
                errors.push(CheckError::NeedsColours { what, span: lone.span.into() });
            }
        }
        // A ring of one role's rows or of the edge is shared by every player: by colour, or
        // in equal parts of it.
        let share = sections.territory.is_some_and(|t| t.node.share.is_some());
        if let Some(rows) = sections.circuit.and_then(|c| c.node.rows_of.as_ref()).filter(|_| !share) {
            let what = format!("a ring through the {} rows only", rows.node);
            errors.push(CheckError::NeedsColours { what, span: rows.span.into() });
        }
        if let Some(edge) = sections.circuit.and_then(|c| c.node.edge).filter(|_| !share) {
            let what = "a ring round the board's edge".to_string();
            errors.push(CheckError::NeedsColours { what, span: edge.into() });
        }
        if let Some(overrun) = sowing.sow.and_then(|s| s.node.overrun) {
            let what = "what sowing does to the opponent's seeds".to_string();
            errors.push(CheckError::NeedsColours { what, span: overrun.span.into() });
        }
        return errors;
    };
    // `empty` with `own` or `opponent's`: no hole is both.
    let openings = scope.eff.openings.iter().filter_map(|o| scope.opening_parts(o).0.sowing.after_lap);
    for rule in sowing.after_lap.into_iter().chain(openings).flat_map(|a| &a.node.rules) {
        let words = &rule.landing.node;
        let empty = words.iter().any(|w| w.node == ast::HoleWord::State(ast::HoleState::Empty));
        if let Some(side) = words.iter().find_map(|w| match w.node {
            ast::HoleWord::Side(side) => Some(side),
            _ => None,
        }) && empty
        {
            let side = if side == ast::Side::Own { "own" } else { "opponent's" }.to_string();
            errors.push(CheckError::EmptyAndOwned {
                side,
                span: rule.landing.span.into(),
                colours: colours.into(),
            });
        }
    }
    let missing_overrun = sowing.sow.filter(|sow| sow.node.overrun.is_none());
    if let Some(sow) = missing_overrun {
        errors.push(CheckError::OverrunMissing { span: sow.span.into() });
    } else if sowing.sow.is_none() {
        errors.push(CheckError::OverrunMissing { span: colours.into() });
    }
    errors
}
