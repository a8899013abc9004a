//! Hosting a game for people, whatever the front end (the terminal's `sow play`, the
//! browser's `sow serve`): who plays each side, teams taking turns, the record's tags, a
//! turn told in words, undo back to a person, the pending part of a turn, hints.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::ai::{AgentSpec, Budget, SpecError};
use crate::engine::rules::FollowUp;
use crate::engine::{ByPlayer, Effect, Game, Hole, Move, Phase, Player, Rules, State};

/// Who makes a side's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person.
    Human,
    /// A computer player.
    Computer(AgentSpec),
}

impl FromStr for Controller {
    type Err = SpecError;

    /// `human` (or `you`), or a computer player as [`AgentSpec`] reads it (`easy`,
    /// `mcts:2s`, …).
    fn from_str(text: &str) -> Result<Controller, SpecError> {
        match text.trim() {
            "human" | "you" => Ok(Controller::Human),
            other => other.parse().map(Controller::Computer),
        }
    }
}

impl fmt::Display for Controller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Controller::Human => f.write_str("human"),
            Controller::Computer(spec) => spec.fmt(f),
        }
    }
}

/// The computer's strengths offered to people, weakest first, as [`AgentSpec::level`] reads
/// them.
pub const LEVELS: [&str; 3] = ["easy", "medium", "hard"];

/// The player a hint asks: the stronger search at equal time (alpha-beta; see
/// [`AgentSpec::level`]), a second a decision.
pub const HINT: AgentSpec = AgentSpec::AlphaBeta(Budget::Time(Duration::from_secs(1)));

/// The game's name, its ruleset and its parameters, for headers:
/// `Game, ruleset "x" (columns = 8)`.
pub fn describe(rules: &Rules) -> String {
    let meta = rules.meta();
    let mut out = meta.name.clone();
    if let Some(r) = &meta.ruleset {
        out.push_str(&format!(", ruleset \"{r}\""));
    }
    let params: Vec<String> = rules.params().iter().map(|p| format!("{} = {}", p.name, p.value)).collect();
    if !params.is_empty() {
        out.push_str(&format!(" ({})", params.join(", ")));
    }
    out
}

/// The tags of a game record: the game, the rules file as `record_name` names it (so that
/// the record finds them again), the ruleset, the parameters and who played each side (a
/// team's names, or the controller).
pub fn record_tags(
    rules: &Rules,
    record_name: &str,
    controllers: &ByPlayer<Controller>,
    teams: &ByPlayer<Vec<String>>,
) -> Vec<(&'static str, String)> {
    let mut tags = vec![("Game", rules.meta().name.clone()), ("Rules", record_name.to_string())];
    if let Some(r) = &rules.meta().ruleset {
        tags.push(("Ruleset", r.clone()));
    }
    let params: Vec<String> = rules.params().iter().map(|p| format!("{}={}", p.name, p.value)).collect();
    if !params.is_empty() {
        tags.push(("Params", params.join(",")));
    }
    for p in Player::BOTH {
        let who = match &teams[p][..] {
            [] => controllers[p].to_string(),
            names => names.join(", "),
        };
        tags.push((if p == Player::South { "South" } else { "North" }, who));
    }
    tags
}

/// Who of a team plays the turn with index `turn_index` (from 0) of the game: a side's own
/// turns alternate with the other side's, and its members take them in order.
pub fn team_member(teams: &ByPlayer<Vec<String>>, turn_index: usize, player: Player) -> Option<&str> {
    let names = &teams[player];
    (!names.is_empty()).then(|| names[(turn_index / 2) % names.len()].as_str())
}

/// The index (from 0) of the turn the player to move is playing: a new one, or the last
/// recorded one if decisions of it were played already.
pub fn turn_index(game: &Game<'_>) -> usize {
    let started = game.state().phase() != Phase::Sow
        && game.turns().last().is_some_and(|t| t.player == game.state().to_move());
    game.turns().len() - usize::from(started)
}

/// What the player to move still owes in the turn under way, in words (`take 3 seeds from
/// North's side`, `stop at b3 or relay`); `None` at the start of a turn.
pub fn pending(rules: &Rules, state: &State) -> Option<String> {
    let me = state.to_move();
    match state.phase() {
        Phase::Sow => None,
        Phase::LapChoice(c) => Some(format!("stop at {} or relay", rules.hole_name(c.at))),
        Phase::Pick(p) => {
            let follow_up = &rules.captures()[p.capture as usize].follow_ups[p.step as usize];
            let unit = match follow_up {
                FollowUp::Strip { .. } => "seed",
                FollowUp::ExtraHoles { .. } => "hole",
            };
            let plural = if p.remaining == 1 { "" } else { "s" };
            Some(format!("take {} {unit}{plural} from {}'s side", p.remaining, me.other()))
        }
    }
}

/// What a turn (or part of one) did, in words: `South sows b3: 2 laps, 7 seeds sown, the
/// last in b8; captures 4 from c8; takes d1, d1.`
pub fn narrate(rules: &Rules, me: Player, moves: &[Move], effects: &[Effect]) -> String {
    let mut parts = Vec::new();
    let mut picks = Vec::new();
    for (&mv, effect) in moves.iter().zip(effects) {
        match mv {
            Move::Sow(h) | Move::SowDirection(h, _) => {
                let laps =
                    if effect.laps == 1 { "1 lap".to_string() } else { format!("{} laps", effect.laps) };
                let last = effect.last.map(|l| rules.hole_name(l)).unwrap_or_default();
                let sown =
                    if effect.sown == 1 { "1 seed".to_string() } else { format!("{} seeds", effect.sown) };
                let mut s =
                    format!("{me} sows {}: {laps}, {sown} sown, the last in {last}", rules.hole_name(h));
                if !effect.taken.is_empty() {
                    let taken: Vec<String> = effect
                        .taken
                        .iter()
                        .map(|(hole, n)| format!("{n} from {}", rules.hole_name(*hole)))
                        .collect();
                    s.push_str(&format!("; captures {}", taken.join(" and ")));
                }
                parts.push(s);
            }
            Move::Pick(h) => picks.push(rules.hole_name(h)),
            Move::Stop => picks.push("stop".to_string()),
            Move::Relay => parts.push(format!("{me} relays on")),
            Move::Transfer(a, b) => {
                parts.push(format!("{me} moves seeds from {} to {}", rules.hole_name(a), rules.hole_name(b)))
            }
            Move::Mark(h) => parts.push(format!("{me} marks {}", rules.hole_name(h))),
            Move::Pass => parts.push(format!("{me} cannot move and passes")),
        }
    }
    if !picks.is_empty() {
        let who = if parts.is_empty() { format!("{me} takes") } else { "takes".to_string() };
        parts.push(format!("{who} {}", picks.join(", ")));
    }
    let mut text = parts.join("; ");
    text.push('.');
    text
}

/// The holes a turn touched directly (its origin and picks), to mark on the board.
pub fn touched(moves: &[Move]) -> Vec<Hole> {
    moves
        .iter()
        .filter_map(|m| match m {
            Move::Sow(h) | Move::SowDirection(h, _) | Move::Pick(h) | Move::Mark(h) => Some(*h),
            Move::Transfer(a, _) => Some(*a),
            _ => None,
        })
        .collect()
}

/// Undo turns until a person is at the start of a turn again (at least one turn). Returns
/// false if there was nothing to undo.
pub fn undo_to_human(game: &mut Game<'_>, controllers: &ByPlayer<Controller>) -> bool {
    if !game.undo() {
        return false;
    }
    while controllers[game.state().to_move()] != Controller::Human {
        if !game.undo() {
            break;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controllers_read_and_print_back() {
        assert_eq!("you".parse::<Controller>().unwrap(), Controller::Human);
        assert_eq!("hard".parse::<Controller>().unwrap().to_string(), "alphabeta:2s");
        assert!("wizard".parse::<Controller>().is_err());
    }

    #[test]
    fn team_members_take_their_side_s_turns_in_order() {
        let teams = ByPlayer { south: vec!["Ama".to_string(), "Kofi".to_string()], north: Vec::new() };
        let south: Vec<_> = [0, 2, 4].iter().map(|&i| team_member(&teams, i, Player::South)).collect();
        assert_eq!(south, [Some("Ama"), Some("Kofi"), Some("Ama")]);
        assert_eq!(team_member(&teams, 1, Player::North), None);
    }
}
