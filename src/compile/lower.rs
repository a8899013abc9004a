//! Lower the checked sections into the rules [`Model`]: names become indices, parameters
//! numbers, hole descriptions board coordinates or words relative to the mover's seat.
//! Lowering runs only on what [`check`](super::check) passed; it reports nothing, and
//! gives up (`None`) rather than panic should something it relies on be missing.

use super::assemble::{Effective, SowingSections};
use super::resolve::{Scope, squash};
use super::section::OpeningTurn;
use crate::model::*;
use crate::span::Spanned;
use crate::syntax::ast;

/// The model of the sections in force.
pub(crate) fn lower(scope: &Scope<'_>) -> Option<Model> {
    let eff = scope.eff;
    let sections = &eff.sections;
    let board = scope.board?;
    let names = scope.marks.iter().cloned();
    let starts = scope.marked().ok()?.into_iter().zip(scope.keep_mins().ok()?);
    let marks = names
        .zip(starts)
        .map(|(name, (start, (keep_min, open_at)))| Mark { name, start, keep_min, open_at })
        .collect();
    let (setup, hand) = scope.setup(sections.setup?).ok()?;
    let circuit = scope.circuit(sections.circuit?).ok()?;
    let captures: Option<Vec<Capture>> = eff.captures.values().map(|c| scope.capture_rule(c).ok()).collect();
    let mut captures = captures?;
    let main = sowing(scope, sections.sowing, None)?;
    let mut phases = Vec::new();
    for opening in &eff.openings {
        phases.push(opening_phase(scope, opening, &main, &mut captures)?);
    }
    phases.push(Phase::new(None, None, Turn::Sow(main)));
    let end = scope.end_rules(sections.end?).ok()?;
    let row_names = scope.rows.clone()?;
    let lap_limit = match sections.lap_limit {
        Some(limit) => Some(scope.lap_limit(limit.node).ok()?),
        None => None,
    };
    let opposites = match sections.opposite {
        Some(table) => scope.opposites(table).ok()?,
        None => Vec::new(),
    };
    Some(Model {
        meta: meta(eff),
        params: params(eff),
        board,
        seats: sections.players.map_or(2, |p| p.node.node as usize),
        row_names,
        setup,
        circuit,
        marks,
        phases,
        captures,
        landing_moves: scope.landing_moves(),
        capture_choices: scope.capture_choices(),
        end,
        lap_limit,
        colours: sections.territory.is_some_and(|t| t.node.by_colour.is_some()),
        share: sections.territory.is_some_and(|t| t.node.share.is_some()),
        share_from: share_from(sections.territory.and_then(|t| t.node.half.as_ref()), board.columns),
        common: sections.territory.is_some_and(|t| t.node.common.is_some()),
        hand,
        first_by_lot: sections.setup.is_some_and(|s| s.node.first_by_lot.is_some()),
        opposites,
    })
}

/// Where the first player's part of the circuit begins, along a two-row board's circuit
/// anticlockwise from South's leftmost hole: at South's left half (`b{c/2}`, then round
/// through `b1` to `a1`), or their right half (`a{c/2 + 1}`); 0 for equal parts from `a1`.
fn share_from(half: Option<&Spanned<crate::model::Half>>, columns: usize) -> usize {
    match half.map(|h| h.node) {
        Some(crate::model::Half::Left) => (2 * columns - columns / 2) % (2 * columns).max(1),
        Some(crate::model::Half::Right) => columns / 2,
        None => 0,
    }
}

/// A sowing from its sections, each one not given taken from `base` (the main game's, for an
/// opening), or its default.
fn sowing(scope: &Scope<'_>, own: SowingSections<'_>, base: Option<&Sowing>) -> Option<Sowing> {
    let (choices, must_feed, turnings) = match own.choose.map(|c| c.node) {
        Some(c) => {
            let feed = c.must_feed.map(|m| match m.node {
                crate::syntax::ast::Feed::NoSeeds => Feed::NoSeeds,
                crate::syntax::ast::Feed::CannotMove => Feed::CannotMove,
                crate::syntax::ast::Feed::Always => Feed::Always,
            });
            (scope.choices(c).ok()?, feed, scope.turnings(c).ok()?)
        }
        None => (base?.choices.clone(), base?.must_feed, base?.turnings.clone()),
    };
    let prefer = match own.choose.map(|c| c.node) {
        Some(c) => scope.preferences(c).ok()?,
        None => base?.prefer.clone(),
    };
    let block = match own.choose.map(|c| c.node) {
        Some(c) => match &c.block {
            Some(b) => Some(scope.block(b).ok()?),
            None => None,
        },
        None => base?.block.clone(),
    };
    let (leave_turned, turned_once, hand_entry) = match own.choose.map(|c| c.node) {
        Some(c) => (c.leave_turned.is_some(), c.turned_once.is_some(), c.hand_entry.is_some()),
        None => (base?.leave_turned, base?.turned_once, base?.hand_entry),
    };
    let no_undo = match own.choose.map(|c| c.node) {
        Some(c) => c.no_undo.is_some(),
        None => base?.no_undo,
    };
    let no_wipe = match own.choose.map(|c| c.node) {
        Some(c) => c.no_wipe.is_some(),
        None => base?.no_wipe,
    };
    let hand_sow = match own.choose.map(|c| c.node) {
        Some(c) => match &c.hand_sow {
            Some(hand) => {
                let (role, column) = scope.one_hole(&hand.hole).ok()?;
                let opponent = hand.opponent;
                Some(crate::model::HandSow { role, column, opponent, any: hand.any, round: hand.round })
            }
            None => None,
        },
        None => base?.hand_sow,
    };
    let (direction, overrun, first_lap) = match own.sow {
        Some(s) => (
            s.node.direction.map(|d| d.node.into()),
            s.node.overrun.map(|o| o.node.into()),
            FirstLap {
                lift: match &s.node.count {
                    Some(v) => Some(scope.count(v).ok()?),
                    None => None,
                },
                itself: s.node.itself.is_some() || s.node.every_lap_itself.is_some(),
                unless: s.node.itself_unless.as_ref().map(|n| n.node.min(u64::from(u16::MAX)) as u16),
                chosen: s
                    .node
                    .any
                    .map(|_| s.node.leave.as_ref().map_or(0, |n| n.node.min(u64::from(u16::MAX)) as u16)),
            },
        ),
        None => (
            base.and_then(|m| m.direction),
            base.and_then(|m| m.overrun),
            base.map_or(FirstLap::default(), |m| m.first_lap),
        ),
    };
    // Seeds into the first hole: a sowing's own, never the main game's for an opening.
    let first_hole = match own.sow.and_then(|s| s.node.first_hole.as_ref()) {
        Some(v) => Some(scope.count(v).ok()?),
        None if own.sow.is_some() => None,
        None => base.and_then(|m| m.first_hole),
    };
    // Seeds into each empty hole: likewise.
    let empty_hole = match own.sow.and_then(|s| s.node.empty_hole.as_ref()) {
        Some(v) => Some(scope.count(v).ok()?),
        None if own.sow.is_some() => None,
        None => base.and_then(|m| m.empty_hole),
    };
    // Seeds into every hole: likewise.
    let each_hole = match own.sow.and_then(|s| s.node.each_hole.as_ref()) {
        Some(v) => Some(scope.count(v).ok()?),
        None if own.sow.is_some() => None,
        None => base.and_then(|m| m.each_hole),
    };
    // Holes skipped: the sowing's own `sow` line says, else the main game's for an opening.
    let skip = match own.sow.map(|s| s.node) {
        Some(s) => match &s.skip {
            Some(name) => Some(scope.mark(name).ok()?),
            None => None,
        },
        None => base.and_then(|m| m.skip),
    };
    let skip_side = match own.sow.map(|s| s.node) {
        Some(s) => s.skip_side.map(Into::into),
        None => base.and_then(|m| m.skip_side),
    };
    let skip_when = match own.sow.map(|s| s.node) {
        Some(s) => match &s.skip_when {
            Some(name) => Some(scope.mark(name).ok()?),
            None => None,
        },
        None => base.and_then(|m| m.skip_when),
    };
    let skip_count = match own.sow.map(|s| s.node) {
        Some(s) => match &s.skip_count {
            Some(Spanned { node: (side, range, spares_last, only_last), span }) => {
                let (min, max, step) = scope.count_set(range, *span).ok()?;
                Some(crate::model::SkipCount {
                    side: side.map(Into::into),
                    min,
                    max,
                    step,
                    spares_last: *spares_last,
                    only_last: *only_last,
                })
            }
            None => None,
        },
        None => base.and_then(|m| m.skip_count),
    };
    let whole_move = match own.choose.map(|c| c.node) {
        Some(c) => match &c.whole_move {
            Some(w) => Some(scope.whole_move(&w.node).ok()?),
            None => None,
        },
        None => base.and_then(|m| m.whole_move.clone()),
    };
    let lone = match own.choose.map(|c| c.node) {
        Some(c) => match &c.lone {
            Some(lone) => Some(scope.lone_seed(lone).ok()?),
            None => None,
        },
        None => base.and_then(|m| m.lone),
    };
    // The sow line's clauses: a sowing's own, else the main game's for an opening.
    let side_path = match own.sow {
        Some(s) => s.node.side_path.map(|n| n.node),
        None => base.and_then(|m| m.side_path),
    };
    let (heavy, exit_start, exit_relay) = match own.sow {
        Some(s) => (
            match &s.node.heavy {
                Some(h) => Some(scope.heavy(h).ok()?),
                None => None,
            },
            match &s.node.exit_start {
                Some(row) => Some(scope.row(row).ok()?),
                None => None,
            },
            match &s.node.exit_relay {
                Some(row) => Some(scope.row(row).ok()?),
                None => None,
            },
        ),
        None => {
            (base.and_then(|m| m.heavy), base.and_then(|m| m.exit_start), base.and_then(|m| m.exit_relay))
        }
    };
    let place = match own.sow.and_then(|s| s.node.place.as_ref()) {
        Some(place) => Some(scope.place(place).ok()?),
        None if own.sow.is_some() => None,
        None => base.and_then(|m| m.place),
    };
    let mut choices = choices;
    if place.is_some()
        && let Some(choose) = own.choose.map(|c| c.node)
    {
        // A seed placed from the hand may go into an empty hole: a description that says
        // nothing of the hole's seeds takes empty holes too.
        let unbounded = |written: &ast::Choice| {
            !written.filters.iter().any(|f| matches!(f.node, ast::Filter::Seeds { .. }))
        };
        for (choice, written) in choices.iter_mut().zip(&choose.choices) {
            if unbounded(&written.node) {
                choice.min = 0;
            }
            for (alt, written) in choice.either.iter_mut().zip(&written.node.or) {
                if unbounded(&written.node) {
                    alt.min = 0;
                }
            }
        }
    }
    let (lap_rules, otherwise) = match (own.after_lap.map(|a| a.node), base) {
        (Some(after), _) => {
            let rules: Option<Vec<LapRule>> = after.rules.iter().map(|r| scope.lap_rule(r).ok()).collect();
            (rules?, scope.otherwise(after).ok()?)
        }
        (None, Some(base)) => (base.lap_rules.clone(), base.otherwise),
        (None, None) => (Vec::new(), LapAction::Stop),
    };
    let every_lap_itself = match own.sow {
        Some(s) => s.node.every_lap_itself.is_some(),
        None => base.is_some_and(|m| m.every_lap_itself),
    };
    Some(Sowing {
        every_lap_itself,
        choices,
        direction,
        lap_rules,
        otherwise,
        must_feed,
        no_undo,
        no_wipe,
        turnings,
        overrun,
        lone,
        whole_move,
        first_lap,
        first_hole,
        empty_hole,
        each_hole,
        leave_turned,
        turned_once,
        hand_entry,
        hand_sow,
        place,
        skip,
        skip_side,
        skip_when,
        skip_count,
        heavy,
        exit_start,
        exit_relay,
        side_path,
        prefer,
        block,
    })
}

/// An opening: its own sections, the main game's where it states none. A turn of taking
/// holes is a capture of its own, added to `captures`.
fn opening_phase(
    scope: &Scope<'_>,
    opening: &ast::Opening,
    main: &Sowing,
    captures: &mut Vec<Capture>,
) -> Option<Phase> {
    let (parts, _) = scope.opening_parts(opening);
    let lasts = parts.lasts.and_then(|v| scope.count(v).ok());
    let turn = match parts.turn {
        Some(OpeningTurn::Take(t)) => {
            let (region, count, except) = scope.take_turn(t).ok()?;
            let hand = !captures.is_empty() && captures.iter().all(|c| c.destination == Destination::Hand);
            captures.push(Capture {
                name: format!("opening \"{}\"", opening.name.node),
                take: Vec::new(),
                each: None,
                origin_column: false,
                hand: false,
                except: None,
                destination: if hand { Destination::Hand } else { Destination::OutOfPlay },
                not_every_seed: false,
                relay_after: None,
                again: false,
                again_may: false,
                claim: false,
                mark: None,
                claim_taken: false,
                mark_taken: false,
                follow_ups: vec![FollowUp::ExtraHoles {
                    condition: None,
                    optional: false,
                    counts: vec![count],
                    region,
                    except,
                }],
            });
            Turn::Take { capture: u8::try_from(captures.len() - 1).ok()? }
        }
        Some(OpeningTurn::Transfer(ways)) => Turn::Transfer(scope.transfer_ways(&ways).ok()?),
        Some(OpeningTurn::Mark(t)) => scope.mark_turn(t).ok()?,
        Some(OpeningTurn::Empty(t)) => scope.empty_turn(t).ok()?,
        None => Turn::Sow(sowing(scope, parts.sowing, Some(main))?),
    };
    let mut phase = Phase::new(Some(opening.name.node.clone()), lasts, turn);
    if let Some((facts, _)) = parts.pass {
        phase.pass = Some(scope.side_facts(facts).ok()?);
    }
    phase.ends_on_passes = parts.ends_on_passes.is_some();
    if let Some(facts) = parts.ends_when {
        phase.ends_when = scope.side_facts(facts).ok()?;
    }
    phase.ends_on_pass = parts.ends_on_pass.is_some();
    if let Some((n, _)) = parts.keeps_turn {
        phase.keeps_turn = Some(scope.count(n).ok()?);
    }
    if let Some((d, _)) = parts.drop_capture {
        phase.drop_capture = Some(scope.drop_capture(d).ok()?);
    }
    if let Some((range, _)) = parts.ends_at_capture {
        phase.ends_at_capture = Some(scope.seed_range(range, range.span).ok()?);
    }
    phase.blocked_loses = parts.blocked_loses.is_some();
    phase.swap = parts.swap.map(|(instead, _)| Swap { ends_turn: instead });
    phase.first_only = parts.first_only.is_some();
    phase.first_matched = parts.first_matched.is_some();
    phase.rounds = match parts.rounds.map(|r| r.node) {
        None => PhaseRounds::Every,
        Some(ast::PlayedRounds::From(n)) => PhaseRounds::From(u16::try_from(n).unwrap_or(u16::MAX)),
        Some(ast::PlayedRounds::FirstOnly) => PhaseRounds::FirstOnly,
    };
    Some(phase)
}

/// The game's names and history, the ruleset compiled.
fn meta(eff: &Effective<'_>) -> Meta {
    let sections = &eff.sections;
    let squash_all = |list: &[Spanned<String>]| list.iter().map(|s| squash(&s.node)).collect();
    Meta {
        name: eff.game.name.node.clone(),
        ruleset: eff.ruleset.map(|r| r.name.node.clone()),
        rulesets: eff.game.rulesets.iter().map(|r| r.name.node.clone()).collect(),
        aliases: sections.meta.aliases.map_or_else(Vec::new, |a| squash_all(a.node)),
        origin: sections.meta.origin.map(|o| squash(&o.node.node)),
        family: sections.meta.family.map(|o| squash(&o.node.node)),
        sources: sections.meta.sources.map_or_else(Vec::new, |s| squash_all(s.node)),
        summary: sections.meta.summary.map(|s| squash(&s.node.node)),
        computer: sections.meta.computer.map(|c| c.node.node.into()),
    }
}

/// The parameters, at the values compiled with.
fn params(eff: &Effective<'_>) -> Vec<ParamValue> {
    eff.params
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
                values: p.listed().into_iter().map(|v| v as u32).collect(),
                doc: p.decl.doc.as_ref().map(|d| squash(&d.node)),
            }
        })
        .collect()
}
