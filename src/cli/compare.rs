//! `sow compare VARIANT... --games N`, and one shard of it with `--shard I/N --out FILE`.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, ValueEnum};
use indicatif::{MultiProgress, ProgressBar};

use sow::ai::AgentSpec;
use sow::analysis::compare::CompareConfig;
use sow::analysis::parts::{Merged, Variant as PartVariant, compare_part, merge};
use sow::analysis::plot::write_plots;
use sow::analysis::report::{self, CompareReport, Timing};
use sow::analysis::shard::Shard;
use sow::analysis::simulate::SimConfig;
use sow::solve::endgame::Endgame;

use super::load::describe;
use super::output::out;
use super::variant::Variant;
use super::{Failure, Outcome};

/// Play many games of each variant and compare them in play: length, who wins, branching,
/// sowing, captures, follow-up choices, lead changes and decisiveness, each with a 95%
/// confidence interval, and profiles over the course of a game.
#[derive(Args, Debug)]
#[command(
    after_help = "A VARIANT is FILE[:RULESET][?KEY=VALUE&…]: a rules file (a path or a bundled name), optionally\none of its rulesets and parameters.\n\nExamples:\n  sow compare nsolo nsolo:sanderson-1913 njombwa msuwa tsoro chisolo --games 1000\n  sow compare nsolo nsolo?columns=16 nsolo?columns=36 --format markdown\n  sow compare nsolo tsoro --agents greedy --plot charts/\n  sow compare rules/mygame.sow nsolo --format csv > figures.csv\n\nAgainst perfect play (each variant solved first; then easy, medium and hard measured\ndecision by decision):\n  sow compare 'kalah?columns=3&start=3' 'kalah:empty-capture?columns=4&start=2' --perfect\n  sow solve kalah --param columns=5 --endgame 14 --out k5-14.sowdb\n  sow compare 'kalah?columns=5&start=3' 'kalah?columns=5&start=4' --perfect --endgame-db k5-14.sowdb\n  sow compare 'kalah?columns=4&start=2' --perfect --levels easy,mcts:1000 --games 20 --budget 30\n\nSharded runs: each shard plays a slice of the games, and `sow merge` prints the\nfigures of the whole run, exactly as without shards:\n  sow compare nsolo tsoro --games 10000 --shard 1/2 --out part-1.json\n  sow compare nsolo tsoro --games 10000 --shard 2/2 --out part-2.json\n  sow merge part-*.json\nAs a Slurm array job (sbatch --array=1-4: the array must count from 1 to N):\n  sow compare nsolo tsoro --games 10000 \\\n      --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT \\\n      --out part-$SLURM_ARRAY_TASK_ID.json"
)]
pub struct CompareArgs {
    /// The variants to compare (at least one).
    #[arg(value_name = "VARIANT", required = true)]
    variants: Vec<Variant>,
    /// Games per variant (of the whole run, when it is split into shards) [default: 1000;
    /// with --perfect, 10 per player].
    #[arg(long, short, value_parser = super::games)]
    games: Option<u32>,
    /// The players, the same kind on both sides: random, greedy, alphabeta:DEPTH, mcts:PLAYOUTS, …
    #[arg(long, value_name = "AGENT", default_value = "random")]
    agents: AgentSpec,
    /// Seed; the same seed gives the same games whatever the number of threads or shards.
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
    /// Play only shard I of N of the games (1/4 … 4/4: each shard a contiguous slice of them)
    /// and write its part with --out; `sow merge` puts the parts together.
    #[arg(long, value_name = "I/N", requires = "out")]
    shard: Option<Shard>,
    /// Write the games' records to FILE (a part, JSON) instead of printing figures: the
    /// shard given by --shard, or the whole run as shard 1/1.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["format", "plot"])]
    out: Option<PathBuf>,
    /// Compare with perfect play instead: for each variant solved within --budget, the value
    /// of the start, the share of first decisions that keep it, and for each of --levels the
    /// seeds it loses per decision against perfect play, over games from random openings.
    #[arg(long, conflicts_with_all = ["shard", "out", "plot", "agents"])]
    perfect: bool,
    /// With --perfect: seconds for each solve (the start, and each decision measured); a
    /// variant whose start takes longer is reported as not solved.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, requires = "perfect", value_parser = positive_seconds)]
    budget: f64,
    /// With --perfect: the players measured, by level or as agents.
    #[arg(
        long,
        value_name = "AGENT,…",
        value_delimiter = ',',
        default_value = "easy,medium,hard",
        requires = "perfect"
    )]
    levels: Vec<String>,
    /// With --perfect: random decisions that open each game.
    #[arg(long, value_name = "N", default_value_t = 2, requires = "perfect")]
    opening: u32,
    /// With --perfect: memory for the solver's transposition table, e.g. 512M or 2G.
    #[arg(long, default_value = "256M", value_parser = sow::solve::parse_memory, requires = "perfect")]
    memory: usize,
    /// With --perfect: an endgame database (built by `sow solve --endgame N`); each variant
    /// whose rules it was built for is solved with it (the positions it covers are not
    /// searched), and `+endgame` players of --levels play them perfectly. Give it once per
    /// database, for variants of different rules.
    #[arg(long, value_name = "FILE", requires = "perfect")]
    endgame_db: Vec<PathBuf>,
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s <= 1e6 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds (give e.g. 10 or 0.5)")),
    }
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
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
        let rules = variant.compile()?;
        compiled.push((variant.label.clone(), describe(&rules), rules));
    }
    if args.perfect {
        if let Some((label, lots)) =
            compiled.iter().find_map(|(label, _, rules)| Some((label, rules.lots_drawn()?)))
        {
            return Err(Failure::Message(format!(
                "{label} draws {lots}: a game of chance has no value with perfect play to compare with"
            )));
        }
        let databases = load_databases(&args.endgame_db, &compiled)?;
        return run_perfect(&args_perfect(&args)?, &compiled, &databases, args.format);
    }
    let games = args.games.unwrap_or(1000);
    let variants: Vec<PartVariant<'_>> =
        compiled.iter().map(|(label, game, rules)| PartVariant { label, game, rules }).collect();
    let threads = super::threads(args.threads);
    let config =
        CompareConfig { games, seed: args.seed, threads, max_plies: args.max_plies, agent: args.agents };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let part = with_progress(&variants, shard.games(games).len() as u64, |progress| {
        compare_part(&variants, &config, shard, progress)
    });
    if let Some(path) = &args.out {
        return super::merge::write_part(path, &part);
    }
    match merge(vec![part])?.with_timing(Timing::Wall { threads }) {
        Merged::Compare(report) => print(&report, args.format, args.plot.as_deref()),
        Merged::Match(_) => {
            Err(Failure::Message("a comparison was played as a match: a fault in sow".into()))
        }
    }
}

/// The settings of `--perfect`, the levels read.
fn args_perfect(args: &CompareArgs) -> Result<sow::solve::perfect::PerfectConfig, Failure> {
    let mut levels = Vec::new();
    for name in &args.levels {
        let spec = name.parse::<AgentSpec>().map_err(|e| Failure::Message(format!("--levels: {e}")))?;
        levels.push((name.clone(), spec));
    }
    Ok(sow::solve::perfect::PerfectConfig {
        budget: std::time::Duration::from_secs_f64(args.budget),
        games: args.games.unwrap_or(10),
        opening: args.opening,
        seed: args.seed,
        levels,
        memory: args.memory,
        endgame: None,
        max_plies: args.max_plies,
    })
}

/// Read the endgame databases of `--endgame-db`; each must belong to one of the variants'
/// rules at least (a file for none of them is a mistake, said). `+endgame` players find them.
fn load_databases(
    paths: &[PathBuf],
    compiled: &[(String, String, sow::Rules)],
) -> Result<Vec<Arc<Endgame>>, Failure> {
    let mut databases = Vec::new();
    for path in paths {
        let db = Endgame::open(path).map_err(|e| Failure::Message(e.to_string()))?;
        let used: Vec<&str> = compiled
            .iter()
            .filter(|(_, _, rules)| db.check(rules).is_ok())
            .map(|(l, _, _)| l.as_str())
            .collect();
        if used.is_empty() {
            let labels: Vec<&str> = compiled.iter().map(|(l, _, _)| l.as_str()).collect();
            return Err(Failure::Message(format!(
                "the endgame database {} was built for {} (model hash {:032x}), which none of the variants plays ({}): a database serves the rules it was built from, on the same board",
                path.display(),
                db.game(),
                db.hash(),
                labels.join(", ")
            )));
        }
        eprintln!(
            "endgame database {} (at most {} seeds in play) for {}",
            path.display(),
            db.max_seeds(),
            used.join(", ")
        );
        let db = Arc::new(db);
        sow::ai::endgame::register(db.clone());
        databases.push(db);
    }
    Ok(databases)
}

/// Run `play` with a progress bar per variant on a terminal (none otherwise), each of
/// `per_variant` games, fed by the count of games finished in all.
fn with_progress<T>(
    variants: &[PartVariant<'_>],
    per_variant: u64,
    play: impl FnOnce(&mut dyn FnMut(u32)) -> T,
) -> T {
    let bars = if std::io::stderr().is_terminal() {
        MultiProgress::new()
    } else {
        MultiProgress::with_draw_target(indicatif::ProgressDrawTarget::hidden())
    };
    let width = variants.iter().map(|v| v.label.chars().count()).max().unwrap_or(0);
    let style = super::games_style(&format!(
        "{{prefix:{width}}} {{bar:30}} {{pos}}/{{len}} games, {{rate}}, eta {{eta}}"
    ));
    let mut shown: Vec<ProgressBar> = Vec::new();
    let mut progress = |done: u32| {
        let done = u64::from(done);
        // The variant being played: games `k·per_variant ..` of the count are its.
        let current = done.checked_div(per_variant).unwrap_or(0) as usize;
        let current = current.min(variants.len().saturating_sub(1));
        while shown.len() <= current && shown.len() < variants.len() {
            let bar = bars.add(ProgressBar::new(per_variant));
            bar.set_style(style.clone());
            bar.set_prefix(variants[shown.len()].label.to_string());
            shown.push(bar);
        }
        for (k, bar) in shown.iter().enumerate() {
            bar.set_position(done.saturating_sub(k as u64 * per_variant).min(per_variant));
        }
    };
    let result = play(&mut progress);
    for bar in &shown {
        bar.finish();
    }
    let _ = bars.clear();
    result
}

/// Print a comparison in a format, and write its charts into `plot`.
pub fn print(report: &CompareReport, format: Format, plot: Option<&Path>) -> Outcome {
    let text = match format {
        Format::Table => report::compare_table(report),
        Format::Markdown => report::compare_markdown(report),
        Format::Csv => report::compare_csv(report),
        Format::Json => report::json_text(&report::compare_json(report)),
    };
    out!("{text}")?;
    if let Some(dir) = plot {
        let paths = write_plots(dir, &report.labelled()).map_err(|e| Failure::Message(e.to_string()))?;
        let paths: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        eprintln!("charts written: {}", paths.join(", "));
    }
    Ok(ExitCode::SUCCESS)
}

/// `sow compare --perfect`: measure each variant against perfect play and print a table.
fn run_perfect(
    config: &sow::solve::perfect::PerfectConfig,
    compiled: &[(String, String, sow::Rules)],
    databases: &[Arc<Endgame>],
    format: Format,
) -> Outcome {
    use sow::solve::perfect::measure;
    let terminal = std::io::stderr().is_terminal();
    let mut rows = Vec::new();
    for (label, _, rules) in compiled {
        let bar = if terminal { ProgressBar::new_spinner() } else { ProgressBar::hidden() };
        let config = sow::solve::perfect::PerfectConfig {
            endgame: databases.iter().find(|db| db.check(rules).is_ok()).cloned(),
            ..config.clone()
        };
        let figures = measure(rules, &config, &mut |what: &str| {
            bar.set_message(format!("{label}: {what}"));
            bar.tick();
        });
        bar.finish_and_clear();
        rows.push((label.as_str(), figures));
    }
    out!("{}", perfect_text(config, &rows, format))?;
    Ok(ExitCode::SUCCESS)
}

/// The figures of `--perfect` in a format.
fn perfect_text(
    config: &sow::solve::perfect::PerfectConfig,
    rows: &[(&str, sow::solve::perfect::PerfectFigures)],
    format: Format,
) -> String {
    let names: Vec<&str> = config.levels.iter().map(|(n, _)| n.as_str()).collect();
    let pct = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{:.1}%", 100.0 * x));
    let seeds = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{x:.2}"));
    let budget = format!("{} s", config.budget.as_secs_f64());
    // One row of cells per variant: variant, value, first decisions keeping it, then per
    // level seeds lost per decision, % losing value, % changing the result, decisions.
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|(label, f)| {
            let mut row = vec![label.to_string()];
            match f.start {
                None => {
                    row.push(format!("not solved in {budget}"));
                    row.push("–".into());
                    for _ in &names {
                        row.extend(["–".into(), "–".into(), "–".into(), "–".into()]);
                    }
                }
                Some(v) => {
                    row.push(v.to_string());
                    let (kept, all) = f.keeping();
                    row.push(format!("{kept} of {all}"));
                    for level in &f.levels {
                        row.push(seeds(level.seeds_lost()));
                        row.push(pct(level.share_losing()));
                        row.push(pct(level.share_result_lost()));
                        let unsolved = if level.unsolved > 0 {
                            format!(" ({} unsolved)", level.unsolved)
                        } else {
                            String::new()
                        };
                        row.push(format!("{}{unsolved}", level.decisions.len()));
                    }
                }
            }
            row
        })
        .collect();
    let mut header = vec!["variant".to_string(), "value".to_string(), "kept".to_string()];
    for n in &names {
        header.push(format!("{n} seeds lost"));
        header.push(format!("{n} worse"));
        header.push(format!("{n} result lost"));
        header.push(format!("{n} decisions"));
    }
    let note = format!(
        "Against perfect play. value: the start's, for the first player; kept: first decisions that keep it. Each player plays {} games from {} random opening decisions, itself on both sides; of its decisions with a choice: seeds lost per decision (the best final margin with perfect play less the one of its decision), the share that lose value (worse) and that give up a win or a draw (result lost). Each solve given {budget}.",
        config.games, config.opening
    );
    match format {
        Format::Markdown => {
            let mut t = format!("{note}\n\n| {} |\n|{}\n", header.join(" | "), "---|".repeat(header.len()));
            for row in &cells {
                t.push_str(&format!("| {} |\n", row.join(" | ")));
            }
            t
        }
        Format::Csv => {
            let quote = |c: &String| {
                if c.contains([',', '"']) { format!("\"{}\"", c.replace('"', "\"\"")) } else { c.clone() }
            };
            let mut t = header.iter().map(quote).collect::<Vec<_>>().join(",") + "\n";
            for row in &cells {
                t.push_str(&(row.iter().map(quote).collect::<Vec<_>>().join(",") + "\n"));
            }
            t
        }
        Format::Json => {
            let items: Vec<serde_json::Value> = rows
                .iter()
                .map(|(label, f)| {
                    let (kept, all) = f.keeping();
                    serde_json::json!({
                        "variant": label,
                        "value": f.start.map(|v| v.to_string()),
                        "margin": f.start.map(|v| v.margin()),
                        "first_decisions": all,
                        "first_decisions_keeping": kept,
                        "levels": f.levels.iter().map(|l| serde_json::json!({
                            "level": l.name,
                            "games": l.games,
                            "decisions": l.decisions.len(),
                            "unsolved": l.unsolved,
                            "seeds_lost_per_decision": l.seeds_lost(),
                            "share_losing_value": l.share_losing(),
                            "share_changing_result": l.share_result_lost(),
                        })).collect::<Vec<_>>(),
                        "nodes": f.nodes,
                        "endgame_hits": f.endgame_hits,
                        "seconds": f.elapsed.as_secs_f64(),
                    })
                })
                .collect();
            report::json_text(&serde_json::Value::Array(items))
        }
        Format::Table => {
            let widths: Vec<usize> = (0..header.len())
                .map(|i| {
                    cells
                        .iter()
                        .map(|r| r[i].chars().count())
                        .chain([header[i].chars().count()])
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            let line = |row: &[String]| {
                row.iter()
                    .zip(&widths)
                    .map(|(c, &w)| format!("{c:<w$}"))
                    .collect::<Vec<_>>()
                    .join("  ")
                    .trim_end()
                    .to_string()
            };
            let mut t = format!("{note}\n{}\n", line(&header));
            for row in &cells {
                t.push_str(&format!("{}\n", line(row)));
            }
            t
        }
    }
}
