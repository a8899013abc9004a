//! `Position`: the one way above the engine to play. Checked play leaves the position alone
//! when it refuses a decision; what a decision took is recorded as it is taken, and agrees
//! with the seeds the mover captured; a saved state played again replays the same game.

use sow::ai::{below, rng};
use sow::engine::{Draw, Move, MoveList, Position, Rules};
use sow::model::Destination;

use crate::common;

/// Every bundled rules file's base game.
fn bundled() -> Vec<Rules> {
    sow::bundled::bundled_names().map(|name| common::rules(name, None, &[])).collect()
}

#[test]
fn a_refused_decision_leaves_the_position_as_it_was() {
    for rules in bundled() {
        let mut position = Position::new(&rules);
        let before = position.state().clone();
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        // A hole not to be sown, or (where every hole may be) a stop with nothing to stop.
        let illegal = (rules.all_holes().map(Move::Sow).chain([Move::Stop]))
            .find(|mv| !moves.contains(mv))
            .expect("an illegal decision");
        assert!(position.play(illegal).is_err(), "{}", rules.meta().name);
        assert_eq!(*position.state(), before, "{}", rules.meta().name);
    }
}

/// Over random games of every bundled file, checked play's `taken` lists holes the
/// decision emptied or picked from, the mover's side first and each side in board order,
/// and (where captured seeds leave the board rather than go to a store or back on it) adds
/// up to the seeds the mover captured.
#[test]
fn what_was_taken_is_what_the_mover_captured() {
    let mut captures = 0;
    for rules in bundled() {
        // Where holes belong by colour, the seeds a sowing takes from the opponent's holes
        // go back on the board (into the hole the lap began from): not captured seeds.
        let counted = !rules.colours()
            && rules
                .captures()
                .iter()
                .all(|c| !matches!(c.destination, Destination::Store | Destination::Sow(_)));
        for seed in 0..20 {
            let mut rng = rng(seed);
            let mut position = Position::new(&rules);
            let mut moves = MoveList::new();
            for _ in 0..400 {
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let before = position.state().clone();
                let me = before.to_move();
                let mv = moves[below(&mut rng, moves.len())];
                let effect = position.play(mv).expect("a legal decision");
                let key = |&(h, _): &(sow::engine::Hole, u16)| {
                    (rules.owner(h) != me, rules.row_of(h), rules.column_of(h))
                };
                assert!(effect.taken.windows(2).all(|w| key(&w[0]) < key(&w[1])), "{:?}", effect.taken);
                assert!(
                    effect.taken.iter().all(|&(h, n)| n > 0 && n <= before.count(h) + effect.sown as u16)
                );
                let taken: u32 = effect.taken.iter().map(|&(_, n)| u32::from(n)).sum();
                // What the mover holds off the board: captured, or set aside by an opening's
                // emptying (taken too, but no capture).
                let held = |s: &sow::engine::State| i32::from(s.captured()[me]) + i32::from(s.aside()[me]);
                let held = held(position.state()) - held(&before);
                if mv == Move::Enter {
                    // Seeds from hand go back on the board (Mwambulula's hand is what its
                    // opening emptied).
                    assert!(taken == 0 && held < 0, "{} {mv:?}", rules.meta().name);
                } else if counted {
                    assert_eq!(i64::from(taken), i64::from(held), "{} {mv:?}", rules.meta().name);
                }
                if let Move::Pick(h) = mv {
                    let left = before.count(h) - position.state().count(h);
                    assert_eq!(effect.taken, vec![(h, left)]);
                }
                captures += usize::from(taken > 0);
                assert_eq!(effect.passed, mv == Move::Pass);
            }
        }
    }
    assert!(captures > 1000, "{captures} decisions took seeds");
}

/// Search's scratch position: after a line of play, `restore` goes back to a saved state
/// and the same decisions give the same states (the history dropping what came after), and
/// `reset` starts a new root; perft leaves the position as it found it.
#[test]
fn restore_and_reset_replay_the_same_game() {
    for rules in bundled() {
        let mut position = Position::new(&rules);
        let mut below_rng = rng(7);
        position.playout(Draw::Lists, 30, &mut |n| below(&mut below_rng, n));
        let saved = position.state().clone();
        let mut line = Vec::new();
        let mut moves = MoveList::new();
        for _ in 0..60 {
            position.legal_moves(&mut moves);
            let Some(&mv) = moves.first() else { break };
            position.play_unchecked(mv);
            line.push((mv, position.state().clone()));
        }
        for again in [false, true] {
            if again {
                position.reset(saved.clone());
            } else {
                position.restore(saved.clone());
            }
            for (mv, after) in &line {
                position.play_unchecked(*mv);
                assert_eq!(position.state(), after, "{}", rules.meta().name);
            }
        }
        position.restore(saved.clone());
        position.perft(3);
        assert_eq!(*position.state(), saved);
    }
}
