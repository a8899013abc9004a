//! The figures of `sow compare`, `sow match` and `sow simulate` as text and JSON: functions of
//! a run's settings and results, so that the command line, `sow merge` and the Python
//! package print the very same figures.
//!
//! A run played whole and a run merged from its shards ([`super::parts::merge`]) differ only
//! in their time line: the first says how long it took, the second the shards' seconds
//! summed ([`Timing`]).

use std::fmt::Write as _;
use std::time::Duration;

use serde_json::{Value, json};

use super::codes::{draw_word, win_word};
use super::compare::{Estimate, Metric, PROFILE_BINS, Summary};
use super::matches::MatchStats;
use super::simulate::{DecisionTime, SimStats};
use crate::engine::{DrawReason, Player, WinReason};

/// Where a run's seconds come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// One process played it, on this many threads: wall-clock time.
    Wall {
        /// Threads it played on.
        threads: usize,
    },
    /// It was played in this many shards, and their seconds are summed (the run's cost, not
    /// how long anyone waited).
    Summed {
        /// The shards.
        shards: u32,
    },
}

impl Timing {
    /// `summed over 4 shards: ` for a merged run; nothing otherwise.
    fn summed(self) -> String {
        match self {
            Timing::Wall { .. } => String::new(),
            Timing::Summed { shards } => {
                format!("summed over {shards} shard{}: ", if shards == 1 { "" } else { "s" })
            }
        }
    }

    /// The JSON fields that say where the seconds come from.
    fn json(self, doc: &mut Value) {
        match self {
            Timing::Wall { threads } => doc["threads"] = json!(threads),
            Timing::Summed { shards } => doc["summed_over_shards"] = json!(shards),
        }
    }
}

/// One variant of a comparison and its figures.
#[derive(Clone, Debug, PartialEq)]
pub struct ComparedVariant {
    /// As named on the command line (`nsolo:sanderson-1913`).
    pub label: String,
    /// The game, ruleset and parameters ([`crate::session::describe`]).
    pub game: String,
    /// Its figures.
    pub summary: Summary,
}

/// A comparison: what `sow compare` (or `sow merge` of its parts) prints.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareReport {
    /// Games of each variant.
    pub games: u32,
    /// The seed.
    pub seed: u64,
    /// The players, both of this kind (`random`, `greedy`, `mcts:2000`, …).
    pub agents: String,
    /// The cap on a game's length.
    pub max_plies: u32,
    /// The variants, in the order given.
    pub variants: Vec<ComparedVariant>,
    /// Where the seconds come from.
    pub timing: Timing,
}

impl CompareReport {
    /// Each variant's label and summary, as the charts take them
    /// ([`super::plot::write_plots`]).
    pub fn labelled(&self) -> Vec<(String, Summary)> {
        self.variants.iter().map(|v| (v.label.clone(), v.summary.clone())).collect()
    }
}

/// Decimals for a figure of this size: three significant digits or so.
fn decimals(x: f64) -> usize {
    match x.abs() {
        x if x >= 100.0 => 0,
        x if x >= 10.0 => 1,
        _ => 2,
    }
}

/// `91.8 ± 2.1`, or `55.1 ± 3.1%` for a rate; `–` where nothing was measured.
fn cell(metric: Metric, e: Option<Estimate>) -> String {
    let Some(e) = e else { return "–".to_string() };
    let (value, half, unit) = if metric.is_rate() {
        (100.0 * e.value, 100.0 * e.half_width, "%")
    } else {
        (e.value, e.half_width, "")
    };
    let d = if metric.is_rate() { 1 } else { decimals(value) };
    if half.is_nan() { format!("{value:.d$}{unit}") } else { format!("{value:.d$} ± {half:.d$}{unit}") }
}

/// The metrics shown together in one block of the terminal table.
const BLOCKS: [&[Metric]; 3] = [
    &[
        Metric::Plies,
        Metric::Turns,
        Metric::FirstWins,
        Metric::SecondWins,
        Metric::RepetitionDraws,
        Metric::OtherDraws,
        Metric::Unfinished,
    ],
    &[
        Metric::Branching,
        Metric::Laps,
        Metric::Sown,
        Metric::CaptureTurns,
        Metric::SeedsPerCapture,
        Metric::FollowUps,
    ],
    &[Metric::BlockedLosses, Metric::Endless, Metric::LeadChanges, Metric::Decisiveness],
];

fn heading(report: &CompareReport) -> String {
    let mut out = String::new();
    let players = if report.agents == "random" {
        "random players".to_string()
    } else {
        format!("two {} players", report.agents)
    };
    let _ = writeln!(
        out,
        "{} games of each variant between {players}, seed {} (± is a 95% confidence interval)",
        report.games, report.seed
    );
    for v in &report.variants {
        let _ = writeln!(out, "  {}: {}", v.label, v.game);
    }
    out
}

/// Games per second over `elapsed`.
fn rate(games: usize, elapsed: Duration) -> f64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 { games as f64 / secs } else { f64::INFINITY }
}

fn timing(report: &CompareReport) -> String {
    let parts: Vec<String> = report
        .variants
        .iter()
        .map(|v| {
            format!("{} {:.2} s ({:.0} games/s)", v.label, v.summary.elapsed.as_secs_f64(), v.summary.rate())
        })
        .collect();
    format!("time: {}{}\n", report.timing.summed(), parts.join(", "))
}

fn profile_cells(profile: &[f64; PROFILE_BINS]) -> Vec<String> {
    profile.iter().map(|&x| if x.is_nan() { "–".to_string() } else { format!("{x:.1}") }).collect()
}

/// Aligned columns: left-aligned first column, the rest right-aligned.
fn aligned(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, text) in row.iter().enumerate() {
            let pad = widths[c] - text.chars().count();
            if c == 0 {
                line.push_str(text);
                line.push_str(&" ".repeat(pad));
            } else {
                line.push_str("   ");
                line.push_str(&" ".repeat(pad));
                line.push_str(text);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The header row of a profile table: `variant`, `10%` … `100%`.
fn profile_header() -> Vec<String> {
    std::iter::once("variant".to_string())
        .chain((1..=PROFILE_BINS).map(|b| format!("{}%", b * 100 / PROFILE_BINS)))
        .collect()
}

/// Aligned columns for a terminal (`sow compare`'s default).
pub fn compare_table(report: &CompareReport) -> String {
    let mut out = heading(report);
    for block in BLOCKS {
        let mut rows = vec![
            std::iter::once("variant".to_string())
                .chain(block.iter().map(|m| m.heading().to_string()))
                .collect(),
        ];
        for v in &report.variants {
            rows.push(
                std::iter::once(v.label.clone())
                    .chain(block.iter().map(|&m| cell(m, v.summary.get(m))))
                    .collect(),
            );
        }
        out.push('\n');
        out.push_str(&aligned(&rows));
    }
    for (title, pick) in profiles() {
        let _ = write!(out, "\n{title}\n");
        let mut rows = vec![profile_header()];
        for v in &report.variants {
            rows.push(std::iter::once(v.label.clone()).chain(profile_cells(pick(&v.summary))).collect());
        }
        out.push_str(&aligned(&rows));
    }
    out.push('\n');
    out.push_str(&timing(report));
    out
}

/// A profile's series in a summary.
type Series = fn(&Summary) -> &[f64; PROFILE_BINS];

/// The two profiles: a title and the summary's series.
fn profiles() -> [(&'static str, Series); 2] {
    [
        ("branching (legal decisions at the start of a turn) by tenth of the game", |s| &s.branching_profile),
        ("seeds on the board (% of the start) by tenth of the game", |s| &s.seeds_profile),
    ]
}

fn markdown_table(rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let _ = writeln!(out, "| {} |", row.join(" | "));
        if i == 0 {
            let rule: Vec<&str> = (0..row.len()).map(|c| if c == 0 { "---" } else { "---:" }).collect();
            let _ = writeln!(out, "| {} |", rule.join(" | "));
        }
    }
    out
}

/// Markdown tables (`--format markdown`).
pub fn compare_markdown(report: &CompareReport) -> String {
    let mut out = heading(report);
    let mut rows = vec![
        std::iter::once("variant".to_string())
            .chain(Metric::ALL.iter().map(|m| m.heading().to_string()))
            .collect(),
    ];
    for v in &report.variants {
        rows.push(
            std::iter::once(format!("`{}`", v.label))
                .chain(Metric::ALL.iter().map(|&m| cell(m, v.summary.get(m))))
                .collect(),
        );
    }
    out.push('\n');
    out.push_str(&markdown_table(&rows));
    for (title, pick) in profiles() {
        let _ = write!(out, "\n{}{}\n\n", title[..1].to_uppercase(), &title[1..]);
        let mut rows = vec![profile_header()];
        for v in &report.variants {
            rows.push(
                std::iter::once(format!("`{}`", v.label)).chain(profile_cells(pick(&v.summary))).collect(),
            );
        }
        out.push_str(&markdown_table(&rows));
    }
    out.push('\n');
    out.push_str(&timing(report));
    out
}

/// A CSV field, quoted when it needs to be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

fn number(x: f64) -> String {
    if x.is_finite() { format!("{x:.6}") } else { String::new() }
}

/// One line per variant, every figure and interval in its own column (`--format csv`); the
/// last column is games per second.
pub fn compare_csv(report: &CompareReport) -> String {
    let mut header = vec!["variant".to_string(), "games".to_string()];
    for m in Metric::ALL {
        header.push(m.key().to_string());
        header.push(format!("{}_ci95", m.key()));
    }
    for name in ["branching_profile", "seeds_profile"] {
        header.extend((1..=PROFILE_BINS).map(|b| format!("{name}_{b}")));
    }
    header.push("games_per_second".to_string());
    let mut out = header.join(",") + "\n";
    for v in &report.variants {
        let s = &v.summary;
        let mut row = vec![csv_field(&v.label), s.games.to_string()];
        for m in Metric::ALL {
            let e = s.get(m);
            row.push(e.map_or(String::new(), |e| number(e.value)));
            row.push(e.map_or(String::new(), |e| number(e.half_width)));
        }
        row.extend(s.branching_profile.iter().map(|&x| number(x)));
        row.extend(s.seeds_profile.iter().map(|&x| number(x)));
        row.push(format!("{:.1}", s.rate()));
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

/// A number, or `null` where it is not finite (JSON has no NaN).
fn finite(x: f64) -> Value {
    if x.is_finite() { json!(x) } else { Value::Null }
}

/// The figures of a comparison as JSON (`--format json`): the settings, and per variant
/// every metric (`value`, `ci95`, `n`; rates as fractions), the profiles and the seconds. A
/// merged run has `summed_over_shards`.
pub fn compare_json(report: &CompareReport) -> Value {
    let variants: Vec<Value> = report
        .variants
        .iter()
        .map(|v| {
            let s = &v.summary;
            let metrics: serde_json::Map<String, Value> = Metric::ALL
                .iter()
                .map(|&m| {
                    let value = s.get(m).map_or(
                        Value::Null,
                        |e| json!({ "value": finite(e.value), "ci95": finite(e.half_width), "n": e.n }),
                    );
                    (m.key().to_string(), value)
                })
                .collect();
            json!({
                "variant": v.label,
                "game": v.game,
                "games": s.games,
                "metrics": metrics,
                "branching_profile": s.branching_profile.iter().map(|&x| finite(x)).collect::<Vec<_>>(),
                "seeds_profile": s.seeds_profile.iter().map(|&x| finite(x)).collect::<Vec<_>>(),
                "seconds": s.elapsed.as_secs_f64(),
                "games_per_second": finite(s.rate()),
            })
        })
        .collect();
    let mut doc = json!({
        "games": report.games,
        "seed": report.seed,
        "agents": report.agents,
        "variants": variants,
    });
    if let Timing::Summed { .. } = report.timing {
        report.timing.json(&mut doc);
    }
    doc
}

/// JSON as the commands print it: indented, with a final newline.
pub fn json_text(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}

/// A match between two agents: what `sow match` (or `sow merge` of its parts) prints.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    /// The rules as named on the command line (`nsolo:sanderson-1913?columns=10`).
    pub label: String,
    /// The game, ruleset and parameters ([`crate::session::describe`]).
    pub game: String,
    /// The seed.
    pub seed: u64,
    /// The first agent (South in even-numbered games).
    pub a: String,
    /// The second agent.
    pub b: String,
    /// The cap on a game's length.
    pub max_plies: u32,
    /// The games, in game order, and the seconds.
    pub stats: MatchStats,
    /// Where the seconds come from.
    pub timing: Timing,
}

/// `sow match`'s text: the first agent's wins, draws and losses, its score with a 95%
/// interval, games stopped at the cap, and the time.
pub fn match_text(report: &MatchReport) -> String {
    let stats = &report.stats;
    let (wins, draws, losses) = stats.record();
    let (score, half) = stats.score();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} games of {}, seed {}: {} against {}",
        stats.games.len(),
        report.game,
        report.seed,
        report.a,
        report.b
    );
    let _ = writeln!(out, "  {} wins {wins}, draws {draws}, losses {losses}", report.a);
    let _ = writeln!(
        out,
        "  score {:.1}% ± {:.1}% (95% confidence), as South {:.1}%, as North {:.1}%",
        100.0 * score,
        100.0 * half,
        100.0 * stats.side_score(true),
        100.0 * stats.side_score(false)
    );
    let unfinished = stats.unfinished();
    if unfinished > 0 {
        let _ = writeln!(
            out,
            "  {unfinished} games unfinished after {} decisions (--max-plies), counted as draws",
            report.max_plies
        );
    }
    let secs = stats.elapsed.as_secs_f64();
    let rate = stats.rate();
    let _ = match report.timing {
        Timing::Wall { threads } => writeln!(
            out,
            "  time {secs:.1} s on {threads} thread{}, {rate:.2} games/s",
            if threads == 1 { "" } else { "s" }
        ),
        Timing::Summed { .. } => {
            writeln!(out, "  time {}{secs:.1} s, {rate:.2} games/s", report.timing.summed())
        }
    };
    out
}

/// The figures of a match as JSON: the settings, agent A's wins, draws (unfinished games
/// included), losses, its score (a fraction) with the half-width of its 95% interval, as
/// South and as North, the unfinished games, and the seconds.
pub fn match_json(report: &MatchReport) -> Value {
    let stats = &report.stats;
    let (wins, draws, losses) = stats.record();
    let (score, half) = stats.score();
    let mut doc = json!({
        "rules": report.label,
        "game": report.game,
        "games": stats.games.len(),
        "seed": report.seed,
        "agents": [report.a, report.b],
        "max_plies": report.max_plies,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "unfinished": stats.unfinished(),
        "score": { "value": finite(score), "ci95": finite(half) },
        "score_as_south": finite(stats.side_score(true)),
        "score_as_north": finite(stats.side_score(false)),
        "seconds": stats.elapsed.as_secs_f64(),
        "games_per_second": finite(stats.rate()),
    });
    report.timing.json(&mut doc);
    doc
}

/// A simulation between random players: what `sow simulate` prints.
#[derive(Clone, Debug, PartialEq)]
pub struct SimulateReport {
    /// The game, ruleset and parameters ([`crate::session::describe`]).
    pub game: String,
    /// The seed.
    pub seed: u64,
    /// How many players sit at the board.
    pub seats: usize,
    /// The cap on a game's length.
    pub max_plies: u32,
    /// Threads it played on.
    pub threads: usize,
    /// The games and the time.
    pub stats: SimStats,
    /// The slowest decision, confirmed ([`SimStats::slowest`]), when the run was timed.
    pub slowest: Option<DecisionTime>,
}

/// Reasons to win, in the order and words of `sow simulate`'s text.
const WIN_PHRASES: [(WinReason, &str); 13] = [
    (WinReason::NoSeeds, "when every other side was empty"),
    (WinReason::Emptied, "by emptying their side"),
    (WinReason::FewSeeds, "by leaving the other too few seeds"),
    (WinReason::LastSeeds, "by coming down to their last seeds"),
    (WinReason::Blocked, "by blocking"),
    (WinReason::Score, "on score"),
    (WinReason::RowEmpty, "by emptying a row"),
    (WinReason::OneHole, "by gathering every seed in one hole"),
    (WinReason::EndHoles, "by taking both end holes of a row in one turn"),
    (WinReason::Passed, "when the other passed"),
    (WinReason::CannotFill, "when no one else could fill a hole for another round"),
    (WinReason::Captured, "by capturing enough seeds"),
    (WinReason::Points, "by scoring enough points over the rounds"),
];

/// Reasons to draw, in the order and words of `sow simulate`'s text.
const DRAW_PHRASES: [(DrawReason, &str); 6] = [
    (DrawReason::Repetition, "by repetition"),
    (DrawReason::TurnLimit, "at the turn limit"),
    (DrawReason::EqualScores, "on equal scores"),
    (DrawReason::Passes, "by passing in turn"),
    (DrawReason::Blocked, "when the player who could not move had captured enough"),
    (DrawReason::Agreed, "by agreement"),
];

/// A short time, in the unit that suits it: `840 µs`, `12.5 ms`.
pub fn short_duration(time: Duration) -> String {
    let micros = time.as_secs_f64() * 1e6;
    match micros {
        m if m < 10.0 => format!("{m:.2} µs"),
        m if m < 1000.0 => format!("{m:.0} µs"),
        m => format!("{:.1} ms", m / 1000.0),
    }
}

/// `sow simulate`'s text: wins per side by reason, draws by reason, games stopped at the cap,
/// plies and turns per game, endless sowings refused, the time, and the slowest decision.
pub fn simulate_text(report: &SimulateReport) -> String {
    let stats = &report.stats;
    let n = stats.games.len().max(1) as f64;
    let pct = |k: usize| 100.0 * k as f64 / n;
    let mut out = String::new();
    let _ = writeln!(out, "{} random games of {}, seed {}", stats.games.len(), report.game, report.seed);
    let because = |counts: Vec<(usize, &str)>| {
        let why: Vec<String> =
            counts.into_iter().filter(|&(n, _)| n > 0).map(|(n, words)| format!("{n} {words}")).collect();
        if why.is_empty() { String::new() } else { format!("   ({})", why.join(", ")) }
    };
    for player in Player::all(report.seats) {
        let wins = stats.wins(player, None);
        let why =
            because(WIN_PHRASES.iter().map(|&(r, words)| (stats.wins(player, Some(r)), words)).collect());
        let _ = writeln!(out, "  {:<6} wins {wins:>7}  {:5.1}%{why}", player.name(), pct(wins));
    }
    let draws = stats.draws(None);
    let why = because(DRAW_PHRASES.iter().map(|&(r, words)| (stats.draws(Some(r)), words)).collect());
    let _ = writeln!(out, "  draws       {draws:>7}  {:5.1}%{why}", pct(draws));
    let unfinished = stats.unfinished();
    if unfinished > 0 {
        let _ = writeln!(
            out,
            "  unfinished  {unfinished:>7}  {:5.1}%   (stopped after {} decisions; see --max-plies)",
            pct(unfinished),
            report.max_plies
        );
    }
    let (mean, median) = stats.mean_median(|g| g.plies);
    let _ = writeln!(out, "  plies per game     mean {mean:.1}, median {median}");
    let (mean, median) = stats.mean_median(|g| g.turns);
    let _ = writeln!(out, "  turns per game     mean {mean:.1}, median {median}");
    let (endless, games) = stats.endless();
    let in_games = if games == 1 { "1 game".to_string() } else { format!("{games} games") };
    let _ = writeln!(out, "  endless moves refused: {endless} (in {in_games})");
    let secs = stats.elapsed.as_secs_f64();
    let rate = rate(stats.games.len(), stats.elapsed);
    let threads = report.threads;
    let on = if threads == 1 { "1 thread".to_string() } else { format!("{threads} threads") };
    let _ = writeln!(out, "  time {secs:.2} s on {on}, {rate:.0} games/s");
    if let Some(slowest) = report.slowest {
        let what = if slowest.settled { "finding no decision and ending the game" } else { "a decision" };
        let _ = writeln!(
            out,
            "  slowest decision {}: game #{} (from 0), after {} decisions ({what}); --games {} --seed {} plays it again",
            short_duration(slowest.time),
            slowest.game,
            slowest.ply,
            slowest.game + 1,
            report.seed
        );
    }
    out
}

/// The figures of a simulation as JSON: the settings; wins of each side, with the count for
/// each reason (`no-seeds`, `blocked`, … as in part files); draws by reason; unfinished games;
/// mean and median plies and turns; endless sowings refused and the games they were in; the
/// seconds; and the slowest decision (`null` when the run was not timed).
pub fn simulate_json(report: &SimulateReport) -> Value {
    let stats = &report.stats;
    let wins = |player: Player| {
        let by_reason: serde_json::Map<String, Value> = WIN_PHRASES
            .iter()
            .map(|&(r, _)| (win_word(r).to_string(), json!(stats.wins(player, Some(r)))))
            .collect();
        json!({ "total": stats.wins(player, None), "by_reason": by_reason })
    };
    let draws: serde_json::Map<String, Value> =
        DRAW_PHRASES.iter().map(|&(r, _)| (draw_word(r).to_string(), json!(stats.draws(Some(r))))).collect();
    let (plies_mean, plies_median) = stats.mean_median(|g| g.plies);
    let (turns_mean, turns_median) = stats.mean_median(|g| g.turns);
    let (endless, endless_games) = stats.endless();
    let slowest = report.slowest.map_or(Value::Null, |d| {
        json!({
            "seconds": d.time.as_secs_f64(),
            "game": d.game,
            "ply": d.ply,
            "settled": d.settled,
        })
    });
    json!({
        "game": report.game,
        "games": stats.games.len(),
        "seed": report.seed,
        "max_plies": report.max_plies,
        "wins": Player::all(report.seats).map(|p| (p.word().to_string(), wins(p))).collect::<serde_json::Map<_, _>>(),
        "draws": { "total": stats.draws(None), "by_reason": draws },
        "unfinished": stats.unfinished(),
        "plies": { "mean": finite(plies_mean), "median": finite(plies_median) },
        "turns": { "mean": finite(turns_mean), "median": finite(turns_median) },
        "endless": { "refused": endless, "games": endless_games },
        "seconds": stats.elapsed.as_secs_f64(),
        "threads": report.threads,
        "games_per_second": finite(rate(stats.games.len(), stats.elapsed)),
        "slowest": slowest,
    })
}
