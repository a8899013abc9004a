//! `sow compare VARIANT... --games N`

use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use indicatif::{MultiProgress, ProgressBar};

use sow::ai::AgentSpec;
use sow::analysis::compare::{CompareConfig, Estimate, Metric, PROFILE_BINS, Summary, figure_games};
use sow::analysis::plot::write_plots;
use sow::analysis::simulate::SimConfig;

use super::load::describe;
use super::output::out;
use super::variant::Variant;
use super::{Failure, Outcome};

/// Play many games of each variant and compare them in play: length, who wins, branching,
/// sowing, captures, follow-up choices, lead changes and decisiveness, each with a 95%
/// confidence interval, and profiles over the course of a game.
#[derive(Args, Debug)]
#[command(
    after_help = "A VARIANT is FILE[:RULESET][?KEY=VALUE&…]: a rules file (a path or a bundled name), optionally\none of its rulesets and parameters.\n\nExamples:\n  sow compare nsolo nsolo:sanderson-1913 njombwa msuwa tsoro chisolo --games 1000\n  sow compare nsolo nsolo?columns=16 nsolo?columns=36 --format markdown\n  sow compare nsolo tsoro --agents greedy --plot charts/\n  sow compare rules/mygame.sow nsolo --format csv > figures.csv"
)]
pub struct CompareArgs {
    /// The variants to compare (at least one).
    #[arg(value_name = "VARIANT", required = true)]
    variants: Vec<Variant>,
    /// Games per variant.
    #[arg(long, short, default_value_t = 1000, value_parser = super::games)]
    games: u32,
    /// The players, the same kind on both sides: random, greedy, alphabeta:DEPTH, mcts:PLAYOUTS, …
    #[arg(long, value_name = "AGENT", default_value = "random")]
    agents: AgentSpec,
    /// Seed; the same seed gives the same games whatever the number of threads.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Threads to play on [default: all cores].
    #[arg(long, short = 't', value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Stop a game still going after this many decisions and count it as unfinished.
    #[arg(long, value_name = "N", default_value_t = SimConfig::MAX_PLIES)]
    max_plies: u32,
    /// How to print the figures.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Also write SVG charts into this directory: game lengths, branching and seeds on the
    /// board over the game, wins of the first and second player.
    #[arg(long, value_name = "DIR")]
    plot: Option<PathBuf>,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Aligned columns for a terminal.
    Table,
    /// Markdown tables.
    Markdown,
    /// One line per variant, every figure and interval in its own column.
    Csv,
    /// One object per variant.
    Json,
}

pub fn run(args: CompareArgs) -> Outcome {
    // Compile everything first: a mistake in the last variant should not cost a long run.
    let mut compiled = Vec::new();
    for variant in &args.variants {
        compiled.push((variant.label.clone(), variant.compile()?));
    }
    let threads = super::threads(args.threads);
    let config = CompareConfig {
        games: args.games,
        seed: args.seed,
        threads,
        max_plies: args.max_plies,
        agent: args.agents,
    };
    let bars = if std::io::stderr().is_terminal() {
        MultiProgress::new()
    } else {
        MultiProgress::with_draw_target(indicatif::ProgressDrawTarget::hidden())
    };
    let width = compiled.iter().map(|(label, _)| label.chars().count()).max().unwrap_or(0);
    let mut results = Vec::new();
    for (label, rules) in &compiled {
        let bar = bars.add(ProgressBar::new(u64::from(args.games)));
        bar.set_style(super::games_style(&format!(
            "{{prefix:{width}}} {{bar:30}} {{pos}}/{{len}} games, {{rate}}, eta {{eta}}"
        )));
        bar.set_prefix(label.clone());
        let (games, elapsed) =
            figure_games(rules, &config, 0..config.games, |done| bar.set_position(u64::from(done)));
        bar.finish();
        results.push((label.clone(), Summary::new(rules.total_seeds(), &games, elapsed)));
    }
    let _ = bars.clear();
    let names: Vec<String> = compiled.iter().map(|(_, rules)| describe(rules)).collect();
    let out = match args.format {
        Format::Table => table(&args, &names, &results),
        Format::Markdown => markdown(&args, &names, &results),
        Format::Csv => csv(&results),
        Format::Json => json(&args, &names, &results),
    };
    out!("{out}")?;
    if let Some(dir) = &args.plot {
        let paths = write_plots(dir, &results).map_err(|e| Failure::Message(e.to_string()))?;
        let paths: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        eprintln!("charts written: {}", paths.join(", "));
    }
    Ok(ExitCode::SUCCESS)
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

fn heading(args: &CompareArgs, names: &[String], results: &[(String, Summary)]) -> String {
    let mut out = String::new();
    let players = if args.agents == AgentSpec::Random {
        "random players".to_string()
    } else {
        format!("two {} players", args.agents)
    };
    let _ = writeln!(
        out,
        "{} games of each variant between {players}, seed {} (± is a 95% confidence interval)",
        args.games, args.seed
    );
    for ((label, _), name) in results.iter().zip(names) {
        let _ = writeln!(out, "  {label}: {name}");
    }
    out
}

fn timing(results: &[(String, Summary)]) -> String {
    let parts: Vec<String> = results
        .iter()
        .map(|(label, s)| format!("{label} {:.2} s ({:.0} games/s)", s.elapsed.as_secs_f64(), s.rate()))
        .collect();
    format!("time: {}\n", parts.join(", "))
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

fn table(args: &CompareArgs, names: &[String], results: &[(String, Summary)]) -> String {
    let mut out = heading(args, names, results);
    for block in BLOCKS {
        let mut rows = vec![
            std::iter::once("variant".to_string())
                .chain(block.iter().map(|m| m.heading().to_string()))
                .collect(),
        ];
        for (label, s) in results {
            rows.push(
                std::iter::once(label.clone()).chain(block.iter().map(|&m| cell(m, s.get(m)))).collect(),
            );
        }
        out.push('\n');
        out.push_str(&aligned(&rows));
    }
    for (title, pick) in profiles() {
        let _ = write!(out, "\n{title}\n");
        let mut rows = vec![
            std::iter::once("variant".to_string())
                .chain((1..=PROFILE_BINS).map(|b| format!("{}%", b * 100 / PROFILE_BINS)))
                .collect(),
        ];
        for (label, s) in results {
            rows.push(std::iter::once(label.clone()).chain(profile_cells(pick(s))).collect());
        }
        out.push_str(&aligned(&rows));
    }
    out.push('\n');
    out.push_str(&timing(results));
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

fn markdown(args: &CompareArgs, names: &[String], results: &[(String, Summary)]) -> String {
    let mut out = heading(args, names, results);
    let mut rows = vec![
        std::iter::once("variant".to_string())
            .chain(Metric::ALL.iter().map(|m| m.heading().to_string()))
            .collect(),
    ];
    for (label, s) in results {
        rows.push(
            std::iter::once(format!("`{label}`"))
                .chain(Metric::ALL.iter().map(|&m| cell(m, s.get(m))))
                .collect(),
        );
    }
    out.push('\n');
    out.push_str(&markdown_table(&rows));
    for (title, pick) in profiles() {
        let _ = write!(out, "\n{}{}\n\n", title[..1].to_uppercase(), &title[1..]);
        let mut rows = vec![
            std::iter::once("variant".to_string())
                .chain((1..=PROFILE_BINS).map(|b| format!("{}%", b * 100 / PROFILE_BINS)))
                .collect(),
        ];
        for (label, s) in results {
            rows.push(std::iter::once(format!("`{label}`")).chain(profile_cells(pick(s))).collect());
        }
        out.push_str(&markdown_table(&rows));
    }
    out.push('\n');
    out.push_str(&timing(results));
    out
}

/// A CSV field, quoted when it needs to be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

fn number(x: f64) -> String {
    if x.is_finite() { format!("{x:.6}") } else { String::new() }
}

fn csv(results: &[(String, Summary)]) -> String {
    let mut header = vec!["variant".to_string(), "games".to_string()];
    for m in Metric::ALL {
        header.push(m.key().to_string());
        header.push(format!("{}_ci95", m.key()));
    }
    for (name, _) in [("branching_profile", ()), ("seeds_profile", ())] {
        header.extend((1..=PROFILE_BINS).map(|b| format!("{name}_{b}")));
    }
    header.push("games_per_second".to_string());
    let mut out = header.join(",") + "\n";
    for (label, s) in results {
        let mut row = vec![csv_field(label), s.games.to_string()];
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

fn json(args: &CompareArgs, names: &[String], results: &[(String, Summary)]) -> String {
    let finite = |x: f64| if x.is_finite() { serde_json::json!(x) } else { serde_json::Value::Null };
    let variants: Vec<serde_json::Value> = results
        .iter()
        .zip(names)
        .map(|((label, s), name)| {
            let metrics: serde_json::Map<String, serde_json::Value> = Metric::ALL
                .iter()
                .map(|&m| {
                    let value = s.get(m).map_or(serde_json::Value::Null, |e| {
                        serde_json::json!({ "value": finite(e.value), "ci95": finite(e.half_width), "n": e.n })
                    });
                    (m.key().to_string(), value)
                })
                .collect();
            serde_json::json!({
                "variant": label,
                "game": name,
                "games": s.games,
                "metrics": metrics,
                "branching_profile": s.branching_profile.iter().map(|&x| finite(x)).collect::<Vec<_>>(),
                "seeds_profile": s.seeds_profile.iter().map(|&x| finite(x)).collect::<Vec<_>>(),
                "seconds": s.elapsed.as_secs_f64(),
                "games_per_second": finite(s.rate()),
            })
        })
        .collect();
    let doc = serde_json::json!({
        "games": args.games,
        "seed": args.seed,
        "agents": args.agents.to_string(),
        "variants": variants,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}
