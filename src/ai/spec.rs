//! Agents named on the command line: `random`, `greedy`, `alphabeta:6`, `alphabeta:1s`,
//! `mcts:5000`, `mcts:2s`, and the friendly levels `easy`, `medium`, `hard`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::{Agent, AlphaBetaAgent, EndgameAgent, GreedyAgent, MctsAgent, RandomAgent, StrongestAgent};

/// How much a search may do per decision: a count (plies of depth for alpha-beta, playouts
/// for MCTS) or a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Depth or iterations.
    Count(u32),
    /// Wall-clock time per decision.
    Time(Duration),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Count(n) => write!(f, "{n}"),
            Budget::Time(t) if t.subsec_millis() == 0 => write!(f, "{}s", t.as_secs()),
            Budget::Time(t) => write!(f, "{}ms", t.as_millis()),
        }
    }
}

/// A kind of agent and its budget, as written on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    /// Uniformly random.
    Random,
    /// Best immediate material.
    Greedy,
    /// Alpha-beta search.
    AlphaBeta(Budget),
    /// Monte Carlo tree search.
    Mcts(Budget),
    /// The stronger of the two on the game played, a time a decision ([`StrongestAgent`]).
    Strongest(Duration),
    /// The same, playing perfectly where the registered endgame database covers the
    /// position ([`EndgameAgent`]): `hard+endgame`, `strongest:2s+endgame`.
    StrongestEndgame(Duration),
}

impl AgentSpec {
    /// The agents behind `--level`: `easy` (greedy), `medium` (MCTS, ½ s a decision), `hard`
    /// (the stronger search on the game, 2 s: alpha-beta, or MCTS where the rules file says
    /// `computer mcts`; the README's table "The computer's strength" has the measurements).
    pub fn level(name: &str) -> Option<AgentSpec> {
        match name {
            "easy" => Some(AgentSpec::Greedy),
            "medium" => Some(AgentSpec::Mcts(Budget::Time(Duration::from_millis(500)))),
            "hard" => Some(AgentSpec::Strongest(Duration::from_secs(2))),
            _ => None,
        }
    }

    /// A new agent of this kind, its random choices fixed by `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Agent + Send> {
        match *self {
            AgentSpec::Random => Box::new(RandomAgent::new(seed)),
            AgentSpec::Greedy => Box::new(GreedyAgent::new(seed)),
            AgentSpec::AlphaBeta(budget) => Box::new(AlphaBetaAgent::new(budget)),
            AgentSpec::Mcts(budget) => Box::new(MctsAgent::new(budget, seed)),
            AgentSpec::Strongest(time) => Box::new(StrongestAgent::new(time, seed)),
            AgentSpec::StrongestEndgame(time) => {
                Box::new(EndgameAgent::new(Box::new(StrongestAgent::new(time, seed))))
            }
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::AlphaBeta(b) => write!(f, "alphabeta:{b}"),
            AgentSpec::Mcts(b) => write!(f, "mcts:{b}"),
            AgentSpec::Strongest(t) => write!(f, "strongest:{}", Budget::Time(*t)),
            AgentSpec::StrongestEndgame(t) => write!(f, "strongest:{}+endgame", Budget::Time(*t)),
        }
    }
}

/// Why an agent spec could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(String);

const KINDS: &str = "random, greedy, alphabeta:DEPTH, alphabeta:TIME, mcts:PLAYOUTS, mcts:TIME, strongest:TIME (TIME like 500ms or 2s), or a level: easy, medium, hard (hard+endgame, strongest:TIME+endgame: perfect where an endgame database covers the position)";

fn budget(kind: &str, text: &str) -> Result<Budget, SpecError> {
    let bad = || {
        SpecError(format!(
            "`{kind}:{text}`: the budget is a number ({}) or a time such as `500ms` or `2s`",
            if kind == "alphabeta" { "a depth in plies" } else { "a number of playouts" }
        ))
    };
    let time = |digits: &str, unit: u64| -> Result<Budget, SpecError> {
        let n: f64 = digits.parse().map_err(|_| bad())?;
        if !(n > 0.0 && n <= 3600.0 * 1000.0 / unit as f64) {
            return Err(bad());
        }
        Ok(Budget::Time(Duration::from_secs_f64(n * unit as f64 / 1000.0)))
    };
    if let Some(ms) = text.strip_suffix("ms") {
        time(ms, 1)
    } else if let Some(s) = text.strip_suffix('s') {
        time(s, 1000)
    } else {
        match text.parse::<u32>() {
            Ok(n) if n > 0 => Ok(Budget::Count(n)),
            _ => Err(bad()),
        }
    }
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<AgentSpec, SpecError> {
        let text = text.trim();
        if let Some(inner) = text.strip_suffix("+endgame") {
            return match inner.parse()? {
                AgentSpec::Strongest(t) => Ok(AgentSpec::StrongestEndgame(t)),
                _ => Err(SpecError(format!(
                    "`{text}`: only the strongest player (hard, strongest:TIME) takes +endgame"
                ))),
            };
        }
        if let Some(level) = AgentSpec::level(text) {
            return Ok(level);
        }
        let (kind, rest) = match text.split_once(':') {
            Some((k, r)) => (k, Some(r)),
            None => (text, None),
        };
        match (kind, rest) {
            ("random", None) => Ok(AgentSpec::Random),
            ("greedy", None) => Ok(AgentSpec::Greedy),
            ("alphabeta", None) => Ok(AgentSpec::AlphaBeta(Budget::Time(Duration::from_secs(1)))),
            ("mcts", None) => Ok(AgentSpec::Mcts(Budget::Time(Duration::from_secs(1)))),
            ("alphabeta", Some(b)) => Ok(AgentSpec::AlphaBeta(budget(kind, b)?)),
            ("mcts", Some(b)) => Ok(AgentSpec::Mcts(budget(kind, b)?)),
            ("strongest", None) => Ok(AgentSpec::Strongest(Duration::from_secs(1))),
            ("strongest", Some(b)) => match budget(kind, b)? {
                Budget::Time(t) => Ok(AgentSpec::Strongest(t)),
                Budget::Count(_) => {
                    Err(SpecError(format!("`{text}`: strongest takes a time a decision, such as 2s")))
                }
            },
            ("random" | "greedy", Some(_)) => Err(SpecError(format!("`{text}`: {kind} takes no budget"))),
            _ => {
                let names = ["random", "greedy", "alphabeta", "mcts", "strongest", "easy", "medium", "hard"];
                let hint = crate::suggest::did_you_mean(kind, names.iter().copied())
                    .map(|b| format!(" (did you mean `{b}`?)"))
                    .unwrap_or_default();
                Err(SpecError(format!("unknown player `{text}`{hint}; players are {KINDS}")))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_and_print_back() {
        for text in [
            "random",
            "greedy",
            "alphabeta:6",
            "alphabeta:1s",
            "mcts:5000",
            "mcts:2s",
            "mcts:500ms",
            "strongest:2s",
        ] {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!("hard".parse::<AgentSpec>().unwrap().to_string(), "strongest:2s");
        assert!("strongest:6".parse::<AgentSpec>().unwrap_err().to_string().contains("takes a time"));
        assert_eq!("alphabeta".parse::<AgentSpec>().unwrap().to_string(), "alphabeta:1s");
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let err = |t: &str| t.parse::<AgentSpec>().unwrap_err().to_string();
        assert!(err("alphabet:3").contains("did you mean `alphabeta`"), "{}", err("alphabet:3"));
        assert!(err("mcts:0").contains("a number of playouts"));
        assert!(err("alphabeta:fast").contains("a depth in plies"));
        assert!(err("random:3").contains("takes no budget"));
        assert!(err("mcts:-1s").contains("a time such as"));
    }
}
