//! Comparing games in play: many games of one compiled rules file between two players of
//! the same kind, traced turn by turn, summarised as metrics with 95% confidence intervals
//! and profiles over the course of a game.
//!
//! A *turn* is everything one player does before the other's turn begins: a sowing and the
//! decisions that follow it (strip picks, extra holes), or a pass. Per-turn figures are
//! averaged within each game first, then across games, so that every game weighs the same
//! and the confidence interval is over independent games.
//!
//! Each traced game is reduced to a [`GameFigures`] record of whole numbers, and a
//! [`Summary`] is computed from those records alone, in game order. So the records of a run
//! played in shards ([`super::parts`]), put back together, give the very summary of the run
//! played whole, to the last bit.

use std::ops::Range;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::codes;
use super::parallel::play_all;
use super::simulate::game_seed;
use crate::ai::AgentSpec;
use crate::engine::{DrawReason, Move, MoveList, Outcome, Player, Position, Rules, WinReason};

/// Bins of a profile over the course of a game (tenths of its turns).
pub const PROFILE_BINS: usize = 10;

/// What to play for one variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompareConfig {
    /// Number of games.
    pub games: u32,
    /// Seed: game `i` uses `game_seed(seed, i)` whatever the number of threads.
    pub seed: u64,
    /// Threads to play on (at least 1).
    pub threads: usize,
    /// Decisions after which a game still going is stopped and counted as unfinished.
    pub max_plies: u32,
    /// The kind of player on both sides.
    pub agent: AgentSpec,
}

/// One game, traced turn by turn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameTrace {
    /// How it ended; `None` if stopped at the cap.
    pub outcome: Option<Outcome>,
    /// The player who moved first.
    pub first: Option<Player>,
    /// Decisions played.
    pub plies: u32,
    /// Turns completed.
    pub turns: u32,
    /// Candidate sowings refused because they would never end.
    pub endless: u32,
    /// Legal decisions at the first decision of each turn.
    pub branching: Vec<u16>,
    /// Seeds on the board at the start of each turn, and once more at the end.
    pub on_board: Vec<u32>,
    /// The first player's lead (score minus the other's) at the same moments.
    pub lead: Vec<i32>,
    /// Sowing decisions, and the laps and seeds they sowed.
    pub sowings: u32,
    /// Laps sown in all.
    pub laps: u32,
    /// Seeds dropped in all.
    pub sown: u32,
    /// Turns that took seeds from the opponent (or captured a landing hole).
    pub capture_turns: u32,
    /// Seeds taken in those turns, strips and extra holes included.
    pub captured: u32,
    /// Decisions after a sowing within the same turn: strip and extra-hole picks, stops.
    pub follow_ups: u32,
}

impl GameTrace {
    /// Times the lead passed from one player to the other (equal scores in between do not
    /// count as a change).
    pub fn lead_changes(&self) -> u32 {
        let mut last = 0;
        let mut changes = 0;
        for &l in &self.lead {
            let s = l.signum();
            if s != 0 {
                if last != 0 && s != last {
                    changes += 1;
                }
                last = s;
            }
        }
        changes
    }

    /// For a won game, the share of the game (in turns) the winner played with a lead they
    /// kept to the end: 1 if they led from the first turn on, near 0 if they only took the
    /// lead at the end (or won while behind on seeds).
    pub fn decisiveness(&self) -> Option<f64> {
        self.led_for_good().map(|(led_for, samples)| f64::from(led_for) / f64::from(samples))
    }

    /// For a won game, the samples of the lead (turn starts and the end) from which on the
    /// winner led to the end, and the number of samples: [`GameTrace::decisiveness`] as a
    /// pair of whole numbers.
    pub fn led_for_good(&self) -> Option<(u32, u32)> {
        let winner = self.outcome?.winner()?;
        let sign = if Some(winner) == self.first { 1 } else { -1 };
        let n = self.lead.len();
        if n == 0 {
            return None;
        }
        let last_not_leading = self.lead.iter().rposition(|&l| l * sign <= 0);
        let led_for = match last_not_leading {
            None => n,
            Some(k) => n - 1 - k,
        };
        Some((led_for as u32, n as u32))
    }
}

/// A bin of a profile in one game: the sum of the values that fell in it and their count.
pub type Bin = (u64, u32);

/// What a [`Summary`] needs of one game, in whole numbers only: the reduced form of a
/// [`GameTrace`], written one a line in a part file ([`super::parts`]).
///
/// Sums of whole numbers are exact, so the summary of a run computed from these records is
/// the same whether the records were made in one process or in several and put together.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameFigures {
    /// How it ended (`south:no-seeds`, `draw:repetition`, …); `null` if stopped at the cap.
    #[serde(with = "codes::outcome")]
    pub outcome: Option<Outcome>,
    /// The player who moved first (`south` or `north`).
    #[serde(with = "codes::player")]
    pub first: Option<Player>,
    /// Decisions played.
    pub plies: u32,
    /// Turns completed.
    pub turns: u32,
    /// Candidate sowings refused because they would never end.
    pub endless: u32,
    /// Sowing decisions.
    pub sowings: u32,
    /// Laps sown in all.
    pub laps: u32,
    /// Seeds dropped in all.
    pub sown: u32,
    /// Turns that took seeds.
    pub capture_turns: u32,
    /// Seeds taken in those turns.
    pub captured: u32,
    /// Decisions after a sowing within the same turn.
    pub follow_ups: u32,
    /// Legal decisions at the start of each turn, summed.
    pub branching_sum: u64,
    /// Turns begun (the number of values in `branching_sum`).
    pub branching_count: u32,
    /// Times the lead passed from one player to the other.
    pub lead_changes: u32,
    /// For a won game, [`GameTrace::led_for_good`]: (samples led for good, samples).
    pub decisiveness: Option<(u32, u32)>,
    /// Legal decisions at the start of a turn, by tenth of the game: (sum, turns) per bin.
    pub branching_profile: [Bin; PROFILE_BINS],
    /// Seeds on the board at the start of a turn (and at the end), by tenth of the game:
    /// (sum of seed counts, samples) per bin; a share of the start only in the summary.
    pub seeds_profile: [Bin; PROFILE_BINS],
}

impl GameFigures {
    /// The figures of a traced game.
    pub fn of(trace: &GameTrace) -> GameFigures {
        GameFigures {
            outcome: trace.outcome,
            first: trace.first,
            plies: trace.plies,
            turns: trace.turns,
            endless: trace.endless,
            sowings: trace.sowings,
            laps: trace.laps,
            sown: trace.sown,
            capture_turns: trace.capture_turns,
            captured: trace.captured,
            follow_ups: trace.follow_ups,
            branching_sum: trace.branching.iter().map(|&b| u64::from(b)).sum(),
            branching_count: trace.branching.len() as u32,
            lead_changes: trace.lead_changes(),
            decisiveness: trace.led_for_good(),
            branching_profile: bins(trace.branching.iter().map(|&b| u64::from(b))),
            seeds_profile: bins(trace.on_board.iter().map(|&s| u64::from(s))),
        }
    }

    /// The share of the game the winner led for good ([`GameTrace::decisiveness`]).
    pub fn decisiveness(&self) -> Option<f64> {
        self.decisiveness.filter(|&(_, n)| n > 0).map(|(led, n)| f64::from(led) / f64::from(n))
    }
}

/// A series over a game, binned by tenth of its length: value `k` of `n` falls in bin
/// `k·10/n`.
fn bins(values: impl ExactSizeIterator<Item = u64>) -> [Bin; PROFILE_BINS] {
    let n = values.len();
    let mut bins = [(0, 0); PROFILE_BINS];
    for (k, v) in values.enumerate() {
        let bin = &mut bins[k * PROFILE_BINS / n];
        bin.0 += v;
        bin.1 += 1;
    }
    bins
}

/// Play one traced game.
pub fn trace_game(rules: &Rules, config: &CompareConfig, index: u32) -> GameTrace {
    let seed = game_seed(config.seed, u64::from(index));
    let mut players = [config.agent.build(seed), config.agent.build(seed ^ 0x5851_f42d_4c95_7f2d)];
    let mut lots = crate::ai::rng(seed ^ crate::ai::LOTS);
    let mut position = Position::unsettled(rules, rules.start());
    let mut moves = MoveList::new();
    let first = position.to_move();
    let lead = |state: &crate::engine::State| {
        rules.score(state, first) as i32 - rules.score(state, first.other()) as i32
    };
    let mut trace = GameTrace { first: Some(first), ..GameTrace::default() };
    let mut turn_begins = true;
    let mut turn_taken = 0u32;
    let outcome = loop {
        if let Some(outcome) = position.outcome() {
            break Some(outcome);
        }
        if trace.plies >= config.max_plies {
            break None;
        }
        trace.endless += position.legal_moves_or_settle(&mut moves).endless;
        if moves.is_empty() {
            continue;
        }
        let state = position.state();
        if turn_begins {
            trace.branching.push(moves.len().min(usize::from(u16::MAX)) as u16);
            trace.on_board.push(rules.seeds_on_board(state));
            trace.lead.push(lead(state));
            turn_begins = false;
            turn_taken = 0;
        } else {
            trace.follow_ups += 1;
        }
        let mover = state.to_move();
        let mv = match state.is_chance() {
            true => crate::ai::draw(&mut lots, &moves),
            false => players[mover.index()].choose(rules, state, &moves),
        };
        let Ok(effect) = position.play(mv) else {
            // The agent chose from the legal list, so this cannot happen; stop the game
            // rather than loop.
            break None;
        };
        trace.plies += 1;
        if matches!(mv, Move::Sow(_) | Move::SowDirection(..)) {
            trace.sowings += 1;
            trace.laps += effect.laps;
            trace.sown += effect.sown;
        }
        turn_taken += effect.taken.iter().map(|&(_, n)| u32::from(n)).sum::<u32>();
        if effect.turn_over {
            trace.turns += 1;
            if turn_taken > 0 {
                trace.capture_turns += 1;
                trace.captured += turn_taken;
            }
            turn_begins = true;
        }
    };
    trace.on_board.push(rules.seeds_on_board(position.state()));
    trace.lead.push(lead(position.state()));
    trace.outcome = outcome;
    trace
}

/// Play `config.games` traced games on `config.threads` threads, calling `progress` with the
/// number finished. The result, in game order, does not depend on the number of threads
/// (nor on the machine, for agents with count budgets).
pub fn trace_games(
    rules: &Rules,
    config: CompareConfig,
    progress: impl FnMut(u32),
) -> (Vec<GameTrace>, Duration) {
    play_all(0..config.games, config.threads, 1, |i| trace_game(rules, &config, i), progress)
}

/// Play the games numbered `games` (of a run of `config.games`: a shard's, or all of them)
/// on `config.threads` threads and keep each one's [`GameFigures`], in game order; `progress`
/// is called with the number finished.
pub fn figure_games(
    rules: &Rules,
    config: &CompareConfig,
    games: Range<u32>,
    progress: impl FnMut(u32),
) -> (Vec<GameFigures>, Duration) {
    play_all(games, config.threads, 1, |i| GameFigures::of(&trace_game(rules, config, i)), progress)
}

/// A mean or a rate with the half-width of its 95% confidence interval (normal
/// approximation; `None` where there is nothing to average).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean (a rate is a mean of 0s and 1s).
    pub value: f64,
    /// Half the width of the 95% confidence interval.
    pub half_width: f64,
    /// Games the estimate is over.
    pub n: usize,
}

impl Estimate {
    /// The mean of `values` and its confidence interval; `None` if there are none.
    pub fn of(values: impl IntoIterator<Item = f64>) -> Option<Estimate> {
        let values: Vec<f64> = values.into_iter().collect();
        let n = values.len();
        if n == 0 {
            return None;
        }
        let mean = values.iter().sum::<f64>() / n as f64;
        let half_width = if n < 2 {
            f64::NAN
        } else {
            let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
            1.96 * (var / n as f64).sqrt()
        };
        Some(Estimate { value: mean, half_width, n })
    }

    /// The share of `games` for which `f` holds.
    pub fn rate<T>(games: &[T], f: impl Fn(&T) -> bool) -> Option<Estimate> {
        Estimate::of(games.iter().map(|g| if f(g) { 1.0 } else { 0.0 }))
    }
}

/// A metric of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Decisions per game.
    Plies,
    /// Turns per game.
    Turns,
    /// Share of games the player moving first won.
    FirstWins,
    /// Share of games the player moving second won.
    SecondWins,
    /// Share of games drawn by repetition.
    RepetitionDraws,
    /// Share of games drawn otherwise (turn limit, equal scores).
    OtherDraws,
    /// Share of games stopped at the cap on decisions.
    Unfinished,
    /// Share of games lost by a player left without a legal move.
    BlockedLosses,
    /// Legal decisions at the start of a turn.
    Branching,
    /// Laps per sowing.
    Laps,
    /// Seeds dropped per sowing.
    Sown,
    /// Share of turns that capture.
    CaptureTurns,
    /// Seeds taken per capturing turn.
    SeedsPerCapture,
    /// Follow-up decisions (strip, extra holes) per game.
    FollowUps,
    /// Endless sowings refused per game.
    Endless,
    /// Lead changes per game.
    LeadChanges,
    /// Share of a won game the winner led for good.
    Decisiveness,
}

impl Metric {
    /// Every metric, in report order.
    pub const ALL: [Metric; 17] = [
        Metric::Plies,
        Metric::Turns,
        Metric::FirstWins,
        Metric::SecondWins,
        Metric::RepetitionDraws,
        Metric::OtherDraws,
        Metric::Unfinished,
        Metric::BlockedLosses,
        Metric::Branching,
        Metric::Laps,
        Metric::Sown,
        Metric::CaptureTurns,
        Metric::SeedsPerCapture,
        Metric::FollowUps,
        Metric::Endless,
        Metric::LeadChanges,
        Metric::Decisiveness,
    ];

    /// A machine-readable name (CSV and JSON).
    pub fn key(self) -> &'static str {
        match self {
            Metric::Plies => "plies",
            Metric::Turns => "turns",
            Metric::FirstWins => "first_player_wins",
            Metric::SecondWins => "second_player_wins",
            Metric::RepetitionDraws => "repetition_draws",
            Metric::OtherDraws => "other_draws",
            Metric::Unfinished => "unfinished",
            Metric::BlockedLosses => "blocked_losses",
            Metric::Branching => "branching",
            Metric::Laps => "laps_per_sowing",
            Metric::Sown => "seeds_sown_per_sowing",
            Metric::CaptureTurns => "capturing_turns",
            Metric::SeedsPerCapture => "seeds_per_capture",
            Metric::FollowUps => "follow_ups_per_game",
            Metric::Endless => "endless_per_game",
            Metric::LeadChanges => "lead_changes",
            Metric::Decisiveness => "decisiveness",
        }
    }

    /// A short column heading.
    pub fn heading(self) -> &'static str {
        match self {
            Metric::Plies => "plies",
            Metric::Turns => "turns",
            Metric::FirstWins => "1st wins",
            Metric::SecondWins => "2nd wins",
            Metric::RepetitionDraws => "rep. draws",
            Metric::OtherDraws => "other draws",
            Metric::Unfinished => "unfinished",
            Metric::BlockedLosses => "blocked",
            Metric::Branching => "branching",
            Metric::Laps => "laps/sowing",
            Metric::Sown => "sown/sowing",
            Metric::CaptureTurns => "capturing",
            Metric::SeedsPerCapture => "seeds/capture",
            Metric::FollowUps => "follow-ups",
            Metric::Endless => "endless",
            Metric::LeadChanges => "lead changes",
            Metric::Decisiveness => "decisiveness",
        }
    }

    /// Whether the metric is a share of games or turns, shown as a percentage.
    pub fn is_rate(self) -> bool {
        matches!(
            self,
            Metric::FirstWins
                | Metric::SecondWins
                | Metric::RepetitionDraws
                | Metric::OtherDraws
                | Metric::Unfinished
                | Metric::BlockedLosses
                | Metric::CaptureTurns
                | Metric::Decisiveness
        )
    }
}

/// The comparison figures of one variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Seeds in play at the start.
    pub total_seeds: u32,
    /// One estimate per metric of [`Metric::ALL`], `None` where nothing was measured (e.g.
    /// seeds per capture in games without captures).
    pub metrics: Vec<(Metric, Option<Estimate>)>,
    /// Mean legal decisions at the start of a turn, by tenth of the game.
    pub branching_profile: [f64; PROFILE_BINS],
    /// Mean share of the starting seeds still on the board, by tenth of the game.
    pub seeds_profile: [f64; PROFILE_BINS],
    /// Plies of each game, in game order.
    pub lengths: Vec<u32>,
}

impl Summary {
    /// Summarise the figures of a run's games, in game order, from those records only; the
    /// rules' `total_seeds` turns the seeds profile into a share of the start.
    pub fn new(total_seeds: u32, games: &[GameFigures], elapsed: Duration) -> Summary {
        let metrics = Metric::ALL.iter().map(|&m| (m, metric(m, games))).collect();
        let branching_profile = profile(games, |g| &g.branching_profile, 1.0);
        let seeds_profile = profile(games, |g| &g.seeds_profile, 100.0 / f64::from(total_seeds.max(1)));
        Summary {
            games: games.len(),
            elapsed,
            total_seeds,
            metrics,
            branching_profile,
            seeds_profile,
            lengths: games.iter().map(|g| g.plies).collect(),
        }
    }

    /// The estimate of one metric.
    pub fn get(&self, metric: Metric) -> Option<Estimate> {
        self.metrics.iter().find(|(m, _)| *m == metric).and_then(|&(_, e)| e)
    }

    /// Games per second.
    pub fn rate(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 { self.games as f64 / secs } else { f64::INFINITY }
    }
}

fn ratio(num: u32, den: u32) -> Option<f64> {
    (den > 0).then(|| f64::from(num) / f64::from(den))
}

fn metric(m: Metric, games: &[GameFigures]) -> Option<Estimate> {
    let won_by = |g: &GameFigures, second: bool| match (g.outcome.and_then(Outcome::winner), g.first) {
        (Some(w), Some(f)) => (w == f) != second,
        _ => false,
    };
    match m {
        Metric::Plies => Estimate::of(games.iter().map(|g| f64::from(g.plies))),
        Metric::Turns => Estimate::of(games.iter().map(|g| f64::from(g.turns))),
        Metric::FirstWins => Estimate::rate(games, |g| won_by(g, false)),
        Metric::SecondWins => Estimate::rate(games, |g| won_by(g, true)),
        Metric::RepetitionDraws => {
            Estimate::rate(games, |g| g.outcome == Some(Outcome::Draw(DrawReason::Repetition)))
        }
        Metric::OtherDraws => Estimate::rate(
            games,
            |g| matches!(g.outcome, Some(Outcome::Draw(r)) if r != DrawReason::Repetition),
        ),
        Metric::Unfinished => Estimate::rate(games, |g| g.outcome.is_none()),
        Metric::BlockedLosses => Estimate::rate(games, |g| {
            matches!(g.outcome, Some(Outcome::Win { reason: WinReason::Blocked, .. }))
        }),
        Metric::Branching => Estimate::of(
            games
                .iter()
                .filter(|g| g.branching_count > 0)
                .map(|g| g.branching_sum as f64 / f64::from(g.branching_count)),
        ),
        Metric::Laps => Estimate::of(games.iter().filter_map(|g| ratio(g.laps, g.sowings))),
        Metric::Sown => Estimate::of(games.iter().filter_map(|g| ratio(g.sown, g.sowings))),
        Metric::CaptureTurns => Estimate::of(games.iter().filter_map(|g| ratio(g.capture_turns, g.turns))),
        Metric::SeedsPerCapture => {
            Estimate::of(games.iter().filter_map(|g| ratio(g.captured, g.capture_turns)))
        }
        Metric::FollowUps => Estimate::of(games.iter().map(|g| f64::from(g.follow_ups))),
        Metric::Endless => Estimate::of(games.iter().map(|g| f64::from(g.endless))),
        Metric::LeadChanges => Estimate::of(games.iter().map(|g| f64::from(g.lead_changes))),
        Metric::Decisiveness => Estimate::of(games.iter().filter_map(GameFigures::decisiveness)),
    }
}

/// The mean of a per-turn series by tenth of the game, times `scale`: each game's values
/// are averaged within each tenth of its own length, then across the games that have a value
/// there, in game order.
fn profile(
    games: &[GameFigures],
    series: impl Fn(&GameFigures) -> &[Bin; PROFILE_BINS],
    scale: f64,
) -> [f64; PROFILE_BINS] {
    let mut sum = [0.0; PROFILE_BINS];
    let mut count = [0u32; PROFILE_BINS];
    for game in games {
        for (bin, &(bin_sum, bin_count)) in series(game).iter().enumerate() {
            if bin_count > 0 {
                sum[bin] += scale * bin_sum as f64 / f64::from(bin_count);
                count[bin] += 1;
            }
        }
    }
    std::array::from_fn(|bin| if count[bin] > 0 { sum[bin] / f64::from(count[bin]) } else { f64::NAN })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace(lead: &[i32], outcome: Option<Outcome>) -> GameTrace {
        GameTrace { lead: lead.to_vec(), outcome, first: Some(Player::South), ..GameTrace::default() }
    }

    fn win(winner: Player) -> Option<Outcome> {
        Some(Outcome::Win { winner, reason: WinReason::NoSeeds })
    }

    #[test]
    fn lead_changes_ignore_equal_scores() {
        assert_eq!(trace(&[0, 2, 0, 3, -1, -1, 0, 4], None).lead_changes(), 2);
        assert_eq!(trace(&[0, 0, 0], None).lead_changes(), 0);
    }

    #[test]
    fn decisiveness_is_the_share_led_for_good() {
        // South leads from the second of four samples on.
        assert_eq!(trace(&[0, 1, 2, 5], win(Player::South)).decisiveness(), Some(0.75));
        // North (second) takes the lead for good only at the last sample.
        assert_eq!(trace(&[0, 1, 1, -3], win(Player::North)).decisiveness(), Some(0.25));
        // A win while behind on seeds counts as decided at the very end.
        assert_eq!(trace(&[0, 1, 1, 2], win(Player::North)).decisiveness(), Some(0.0));
        assert_eq!(trace(&[0, 1], Some(Outcome::Draw(DrawReason::Repetition))).decisiveness(), None);
    }

    #[test]
    fn estimates_have_a_normal_interval() {
        let e = Estimate::of([1.0, 2.0, 3.0, 4.0]).expect("values");
        assert_eq!(e.value, 2.5);
        // sample sd = 1.29099; 1.96 × 1.29099 / 2 = 1.26517
        assert!((e.half_width - 1.265_17).abs() < 1e-4);
        assert_eq!(Estimate::of([]), None);
    }

    #[test]
    fn profiles_average_within_then_across_games() {
        let a = GameTrace { branching: vec![10; 10], ..GameTrace::default() };
        let b = GameTrace { branching: vec![2, 2, 2, 2, 2, 4, 4, 4, 4, 4], ..GameTrace::default() };
        let c = GameTrace { branching: vec![3, 5, 7], ..GameTrace::default() };
        let figures: Vec<GameFigures> = [a, b, c].iter().map(GameFigures::of).collect();
        // Three values fall in bins 0, 3 and 6 of ten.
        assert_eq!(figures[2].branching_profile[3], (5, 1));
        assert_eq!(figures[2].branching_profile[1], (0, 0));
        let p = profile(&figures, |g| &g.branching_profile, 1.0);
        assert_eq!(p[0], 5.0);
        assert_eq!(p[3], 17.0 / 3.0);
        assert_eq!(p[9], 7.0);
        let s = Summary::new(40, &figures, Duration::ZERO);
        assert_eq!(s.branching_profile, p);
        assert_eq!(s.get(Metric::Branching).map(|e| e.value), Some(6.0));
    }

    #[test]
    fn figures_keep_decisiveness_as_whole_numbers() {
        let t = trace(&[0, 1, 2, 5], win(Player::South));
        let f = GameFigures::of(&t);
        assert_eq!(f.decisiveness, Some((3, 4)));
        assert_eq!(f.decisiveness(), t.decisiveness());
        assert_eq!(f.lead_changes, 0);
        // No seeds were counted in this made-up trace: an empty profile.
        assert_eq!(f.seeds_profile, [(0, 0); PROFILE_BINS]);
    }
}
