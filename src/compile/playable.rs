//! Whether the rules can be played: random games from the setup, looking for phases whose
//! sowings so often go round for ever that the player to move is left with no decision.
//! Finding every such position exactly would mean walking the whole game; a sample of
//! short random games finds the phases where it is common, which is what a rules writer
//! needs to hear about (a rare endless sowing is part of many games, Nsolo's among them).

use super::resolve::Scope;
use super::warning::Warning;
use crate::engine::{History, MoveList, Rules};
use crate::span::Span;

/// Random games played from the setup.
const GAMES: u32 = 16;
/// Decisions played in each, at most.
const PLIES: usize = 200;

/// The phases in which at least a quarter of [`GAMES`] random games reached a position where
/// the player to move had holes to choose but every one of them sowed for ever.
pub(super) fn endless_phases(scope: &Scope<'_>, rules: &Rules) -> Vec<Warning> {
    let phases = rules.model().phases.len();
    let mut games_in = vec![0u32; phases];
    let mut moves = MoveList::new();
    for game in 0..GAMES {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ u64::from(game + 1).wrapping_mul(0x2545_f491_4f6c_dd1d);
        let mut state = rules.start();
        let mut history = History::new(rules, &state);
        let mut met = vec![false; phases];
        for _ in 0..PLIES {
            if state.outcome().is_some() {
                break;
            }
            let stats = rules.legal_moves_counted(&state, &mut moves);
            if moves.is_empty() {
                if stats.endless > 0 {
                    met[state.phase_of(state.to_move()).min(phases - 1)] = true;
                }
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves[(seed % moves.len() as u64) as usize];
            rules.play_unchecked(&mut state, &mut history, mv);
        }
        for (count, met) in games_in.iter_mut().zip(met) {
            *count += u32::from(met);
        }
    }
    let openings = &scope.eff.openings;
    (games_in.into_iter().enumerate())
        .filter(|&(_, games)| games * 4 >= GAMES && games > 0)
        .map(|(i, games)| {
            let (phase, span) = match openings.get(i) {
                Some(opening) => (format!("the opening \"{}\"", opening.name.node), opening.name.span),
                None => ("the main game".to_string(), main_span(scope)),
            };
            Warning::EndlessPhase { phase, span: span.into(), games, sampled: GAMES }
        })
        .collect()
}

/// Where the main game's sowing is described: its lap rules, or else its `sow` line, or
/// else its choices.
fn main_span(scope: &Scope<'_>) -> Span {
    let sowing = &scope.eff.sections.sowing;
    (sowing.after_lap.map(|a| a.span))
        .or(sowing.sow.map(|s| s.span))
        .or(sowing.choose.map(|c| c.span))
        .unwrap_or_default()
}
