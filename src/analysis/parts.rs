//! Runs played in shards and put back together: a [`Part`] holds the per-game records of one
//! shard of a `compare` or `match` run, with the run's settings; [`merge`] checks that a set
//! of parts is exactly one run, every shard once, and gives what the run played whole would
//! print ([`Merged`]).
//!
//! The command line writes parts with `--shard I/N --out FILE` and merges them with `sow
//! merge`; the Python package plays the shards as Ray tasks through [`compare_part`] and
//! [`match_part`] and merges them here. Each game depends only on its number and the seed,
//! and the figures are computed from the records in game order, so the merged figures are
//! those of the run played whole, bit for bit, however it was split; only the time differs
//! (the shards' seconds, summed).
//!
//! A part is JSON:
//!
//! ```json
//! {
//!   "format": "sow-part",
//!   "version": 1,
//!   "kind": "compare",
//!   "games": 1000,
//!   "seed": 1,
//!   "agents": ["random"],
//!   "max_plies": 100000,
//!   "shard": { "index": 2, "count": 4 },
//!   "variants": [
//!     {
//!       "label": "nsolo",
//!       "game": "Nsolo (columns = 8)",
//!       "total_seeds": 64,
//!       "seconds": 0.052,
//!       "records": {
//!         "compare": [
//!           {"outcome":"south:no-seeds","first":"south","plies":91,…},
//!           …
//!         ]
//!       }
//!     }
//!   ]
//! }
//! ```
//!
//! with one record a line ([`GameFigures`] for `compare`, [`MatchGame`] for `match`: one
//! variant and two agents). The threads a shard played on are not in it: they change no
//! result.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use miette::{Diagnostic, NamedSource, SourceSpan};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::compare::{CompareConfig, GameFigures, Summary, figure_games};
use super::matches::{MatchConfig, MatchGame, MatchStats, match_games};
use super::report::{CompareReport, ComparedVariant, MatchReport, Timing};
use super::shard::Shard;
use crate::engine::Rules;
use crate::source::InSource;

/// The `format` of every part.
pub const FORMAT: &str = "sow-part";

/// The `version` of the parts this sow writes and reads.
pub const VERSION: u32 = 1;

/// What kind of run a part is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// `sow compare`: variants played by two players of one kind.
    Compare,
    /// `sow match`: two agents on one game.
    Match,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Compare => "compare",
            Kind::Match => "match",
        })
    }
}

/// The games of one shard of one variant, in game order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Records {
    /// The figures of each game of a comparison.
    Compare(Vec<GameFigures>),
    /// How each game of a match went.
    Match(Vec<MatchGame>),
}

impl Records {
    /// The kind of run these records are of.
    pub fn kind(&self) -> Kind {
        match self {
            Records::Compare(_) => Kind::Compare,
            Records::Match(_) => Kind::Match,
        }
    }

    /// Games recorded.
    pub fn len(&self) -> usize {
        match self {
            Records::Compare(g) => g.len(),
            Records::Match(g) => g.len(),
        }
    }

    /// Whether no game is recorded (an empty shard).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One variant of a part: its settings, the games of the shard, and the seconds they took.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariantPart {
    /// As named on the command line (`nsolo:sanderson-1913`).
    pub label: String,
    /// The game, ruleset and parameters ([`crate::session::describe`]).
    pub game: String,
    /// Seeds in play at the start (the seeds profile is a share of them).
    pub total_seeds: u32,
    /// Wall-clock seconds the shard's games of this variant took.
    pub seconds: f64,
    /// The shard's games.
    pub records: Records,
}

/// One shard of a run: the run's settings and the shard's games, per variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Part {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] when written by this sow.
    pub version: u32,
    /// `compare` or `match`.
    pub kind: Kind,
    /// Games of the whole run (of each variant).
    pub games: u32,
    /// The run's seed.
    pub seed: u64,
    /// The players as written on the command line: one kind for a comparison, A and B for a
    /// match.
    pub agents: Vec<String>,
    /// The cap on a game's length.
    pub max_plies: u32,
    /// Which shard this is.
    pub shard: Shard,
    /// The variants, in the run's order (one for a match).
    pub variants: Vec<VariantPart>,
    /// Where the part was read from (a file name), to name it in messages; not written.
    #[serde(skip)]
    pub source: Option<String>,
}

/// A variant to play: its label, its description and its compiled rules.
#[derive(Clone, Copy, Debug)]
pub struct Variant<'a> {
    /// As the user named it (`nsolo:sanderson-1913`, `rules/mygame.sow?columns=10`).
    pub label: &'a str,
    /// What it is, as the reports say it ([`crate::session::describe`] of the rules).
    pub game: &'a str,
    /// The compiled rules.
    pub rules: &'a Rules,
}

/// Play shard `shard` of a comparison of `variants` (`config.games` games each, of which the
/// shard plays [`Shard::games`]), one variant after the other, on `config.threads` threads.
/// `progress` is called with the games finished in all: those of the variants already played
/// plus those of the current one (so from 0 to the shard's games × the variants).
pub fn compare_part(
    variants: &[Variant<'_>],
    config: &CompareConfig,
    shard: Shard,
    mut progress: impl FnMut(u32),
) -> Part {
    let range = shard.games(config.games);
    let per_variant = range.len() as u32;
    let parts = variants
        .iter()
        .enumerate()
        .map(|(k, v)| {
            let before = k as u32 * per_variant;
            let (games, elapsed) =
                figure_games(v.rules, config, range.clone(), |done| progress(before + done));
            VariantPart {
                label: v.label.to_string(),
                game: v.game.to_string(),
                total_seeds: v.rules.total_seeds(),
                seconds: elapsed.as_secs_f64(),
                records: Records::Compare(games),
            }
        })
        .collect();
    Part {
        format: FORMAT.to_string(),
        version: VERSION,
        kind: Kind::Compare,
        games: config.games,
        seed: config.seed,
        agents: vec![config.agent.to_string()],
        max_plies: config.max_plies,
        shard,
        variants: parts,
        source: None,
    }
}

/// Play shard `shard` of a match on `variant` (`config.games` games, of which the shard
/// plays [`Shard::games`]) on `config.threads` threads, calling `progress` with the games
/// finished.
pub fn match_part(
    variant: &Variant<'_>,
    config: &MatchConfig,
    shard: Shard,
    progress: impl FnMut(u32),
) -> Part {
    let (games, elapsed) = match_games(variant.rules, config, shard.games(config.games), progress);
    Part {
        format: FORMAT.to_string(),
        version: VERSION,
        kind: Kind::Match,
        games: config.games,
        seed: config.seed,
        agents: vec![config.a.to_string(), config.b.to_string()],
        max_plies: config.max_plies,
        shard,
        variants: vec![VariantPart {
            label: variant.label.to_string(),
            game: variant.game.to_string(),
            total_seeds: variant.rules.total_seeds(),
            seconds: elapsed.as_secs_f64(),
            records: Records::Match(games),
        }],
        source: None,
    }
}

impl Part {
    /// How messages name this part: its file, or its shard.
    pub fn name(&self) -> String {
        match &self.source {
            Some(file) => format!("`{file}`"),
            None => format!("shard {}", self.shard),
        }
    }

    /// The part as JSON: indented, with each game's record on one line, and a final newline.
    pub fn to_json(&self) -> String {
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, Layout::new(RECORD_LEVEL));
        // Plain data (strings, whole numbers, finite seconds) always serialises.
        let _ = self.serialize(&mut ser);
        let mut text = String::from_utf8(out).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Read a part from the JSON text of the file `name` (named in messages): broken JSON, a
    /// file that is not a part, a part of another version, or one that is not well formed
    /// gets a diagnostic naming the file and pointing at the place.
    pub fn from_json(name: &str, text: &str) -> Result<Part, Box<PartError>> {
        let fail = |problem: PartProblem| {
            Box::new(PartError { src: NamedSource::new(name, Arc::from(text)), problem })
        };
        let at = |e: &serde_json::Error| {
            let message = e.to_string();
            let message = match message.rfind(" at line ") {
                Some(cut) => message[..cut].to_string(),
                None => message,
            };
            (message, e.line(), e.column(), span_at(text, e.line(), e.column()))
        };
        let file = name.to_string();
        // First what any JSON file has, to tell broken JSON and other files from parts.
        let header: Header = serde_json::from_str(text).map_err(|e| {
            let (message, line, column, span) = at(&e);
            if e.is_syntax() || e.is_eof() {
                fail(PartProblem::Json { file: file.clone(), message, line, column, span })
            } else {
                fail(PartProblem::NotAPart {
                    file: file.clone(),
                    found: "is JSON, but not an object".to_string(),
                })
            }
        })?;
        // serde reads a struct from an array too: a part is an object.
        if !text.trim_start().starts_with('{') {
            return Err(fail(PartProblem::NotAPart {
                file,
                found: "is JSON, but not an object".to_string(),
            }));
        }
        match header.format.as_ref().and_then(serde_json::Value::as_str) {
            Some(FORMAT) => {}
            Some(other) => {
                return Err(fail(PartProblem::NotAPart {
                    file,
                    found: format!("has the format `{other}`, not `{FORMAT}`"),
                }));
            }
            None => {
                return Err(fail(PartProblem::NotAPart {
                    file,
                    found: format!("has no `\"format\": \"{FORMAT}\"`"),
                }));
            }
        }
        match header.version.as_ref().and_then(serde_json::Value::as_u64) {
            Some(v) if v == u64::from(VERSION) => {}
            version => {
                let version = version.map_or_else(|| "no version".to_string(), |v| format!("version {v}"));
                return Err(fail(PartProblem::Version { file, version }));
            }
        }
        let mut part: Part = serde_json::from_str(text).map_err(|e| {
            let (message, line, column, span) = at(&e);
            fail(PartProblem::Invalid { file: file.clone(), message, line, column, span })
        })?;
        part.source = Some(file);
        Ok(part)
    }
}

/// What any JSON object has of a part's first fields, read before the rest.
#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

/// The byte span of serde_json's `line` and `column` (both from 1) in `text`.
fn span_at(text: &str, line: usize, column: usize) -> SourceSpan {
    let start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    let offset = (start + column.saturating_sub(1)).min(text.len());
    let len = text[offset..].chars().next().map_or(0, char::len_utf8);
    (offset, len).into()
}

/// Why a file is not a part this sow can merge.
#[derive(Clone, Debug, Error, Diagnostic, PartialEq, Eq)]
pub enum PartProblem {
    /// Not JSON at all.
    #[error("`{file}` is not valid JSON: {message} (line {line}, column {column})")]
    #[diagnostic(
        code(sow::part::json),
        help("a part is the JSON file `sow compare … --shard I/N --out FILE` wrote; was it cut short?")
    )]
    Json {
        /// The file.
        file: String,
        /// What serde_json says.
        message: String,
        /// Where (from 1).
        line: usize,
        /// Where (from 1).
        column: usize,
        /// Where, in the text.
        #[label("here")]
        span: SourceSpan,
    },
    /// JSON, but not a part.
    #[error("`{file}` is not a sow part: it {found}")]
    #[diagnostic(
        code(sow::part::not_a_part),
        help("give the files that `sow compare … --shard I/N --out FILE` or `sow match … --out FILE` wrote")
    )]
    NotAPart {
        /// The file.
        file: String,
        /// What it has instead.
        found: String,
    },
    /// A part of another version.
    #[error("`{file}` is a sow part of {version}; this sow reads version {VERSION}")]
    #[diagnostic(code(sow::part::version), help("merge the parts with the sow that wrote them"))]
    Version {
        /// The file.
        file: String,
        /// `version 2`, or `no version`.
        version: String,
    },
    /// A part, but not well formed.
    #[error("`{file}` is a sow part, but broken: {message} (line {line}, column {column})")]
    #[diagnostic(code(sow::part::invalid), help("write the part again with `--shard I/N --out FILE`"))]
    Invalid {
        /// The file.
        file: String,
        /// What serde_json says.
        message: String,
        /// Where (from 1).
        line: usize,
        /// Where (from 1).
        column: usize,
        /// Where, in the text.
        #[label("here")]
        span: SourceSpan,
    },
}

/// A file that is not a part, with its text for the diagnostic's labels.
pub type PartError = InSource<PartProblem>;

/// Why a set of parts is not one whole run.
#[derive(Clone, Debug, Error, Diagnostic, PartialEq, Eq)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no parts to merge")]
    #[diagnostic(code(sow::merge::no_parts))]
    NoParts,
    /// A part made in another format or version (read from somewhere other than a file).
    #[error("{part} is not a sow part of version {VERSION}: its format is `{format}`, version {version}")]
    #[diagnostic(code(sow::merge::format), help("merge the parts with the sow that wrote them"))]
    Format {
        /// The part.
        part: String,
        /// Its format tag.
        format: String,
        /// Its version.
        version: u32,
    },
    /// A part whose own fields disagree (its records and its kind or shard).
    #[error("{part} is not well formed: {problem}")]
    #[diagnostic(code(sow::merge::malformed), help("write the part again with `--shard I/N --out FILE`"))]
    Malformed {
        /// The part.
        part: String,
        /// What disagrees.
        problem: String,
    },
    /// Parts of a comparison and of a match.
    #[error("{part} is a part of a {kind} run, but {first} of a {first_kind} run")]
    #[diagnostic(code(sow::merge::kinds_mixed), help("merge the parts of one run at a time"))]
    KindsMixed {
        /// The part.
        part: String,
        /// Its kind.
        kind: Kind,
        /// The first part.
        first: String,
        /// Its kind.
        first_kind: Kind,
    },
    /// Parts of one run split in different numbers of shards.
    #[error(
        "{part} is shard {shard}, but {first} is shard {first_shard}: a run is split into one number of shards"
    )]
    #[diagnostic(code(sow::merge::shard_counts), help("merge the parts of one run at a time"))]
    ShardCounts {
        /// The part.
        part: String,
        /// Its shard.
        shard: Shard,
        /// The first part.
        first: String,
        /// Its shard.
        first_shard: Shard,
    },
    /// Parts of different runs.
    #[error("{part} is not of the same run as {first}: {difference}")]
    #[diagnostic(
        code(sow::merge::different_runs),
        help(
            "the parts of a run are made by one command line, only --shard (and --out, --threads) changing"
        )
    )]
    DifferentRuns {
        /// The part.
        part: String,
        /// The first part.
        first: String,
        /// What differs: `seed 2 against 1`.
        difference: String,
    },
    /// A shard given twice.
    #[error("shard {shard} is given twice: {first} and {second}")]
    #[diagnostic(code(sow::merge::twice), help("give each shard's part once"))]
    Twice {
        /// The shard.
        shard: Shard,
        /// The first part that is it.
        first: String,
        /// The second.
        second: String,
    },
    /// Shards missing.
    #[error("{} missing", missing_list(.missing))]
    #[diagnostic(
        code(sow::merge::missing),
        help("play the missing shards with --shard I/N, then merge them all")
    )]
    Missing {
        /// The shards missing, in order.
        missing: Vec<Shard>,
    },
}

/// `shard 3/4 is`, `shards 2/4 and 3/4 are`, `shards 1/8, 2/8 and 5/8 are`.
fn missing_list(missing: &[Shard]) -> String {
    let names: Vec<String> = missing.iter().map(Shard::to_string).collect();
    match names.as_slice() {
        [one] => format!("shard {one} is"),
        [rest @ .., last] => format!("shards {} and {last} are", rest.join(", ")),
        [] => "no shard is".to_string(),
    }
}

/// What a merged run prints: the report of the run played whole, its time the shards'
/// seconds summed ([`Timing::Summed`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Merged {
    /// A comparison ([`super::report::compare_table`] and the other formats).
    Compare(CompareReport),
    /// A match ([`super::report::match_text`], [`super::report::match_json`]).
    Match(MatchReport),
}

impl Merged {
    /// The kind of run.
    pub fn kind(&self) -> Kind {
        match self {
            Merged::Compare(_) => Kind::Compare,
            Merged::Match(_) => Kind::Match,
        }
    }

    /// Say where the seconds come from: [`Timing::Wall`] for a run played whole in this
    /// process and merged from its one part.
    pub fn with_timing(mut self, timing: Timing) -> Merged {
        match &mut self {
            Merged::Compare(r) => r.timing = timing,
            Merged::Match(r) => r.timing = timing,
        }
        self
    }
}

/// The first difference between the settings of two parts, if any: `seed 2 against 1`.
fn difference(part: &Part, first: &Part) -> Option<String> {
    if part.games != first.games {
        return Some(format!("{} games against {}", part.games, first.games));
    }
    if part.seed != first.seed {
        return Some(format!("seed {} against {}", part.seed, first.seed));
    }
    if part.agents != first.agents {
        return Some(format!("agents {} against {}", part.agents.join(" "), first.agents.join(" ")));
    }
    if part.max_plies != first.max_plies {
        return Some(format!("--max-plies {} against {}", part.max_plies, first.max_plies));
    }
    let labels = |p: &Part| p.variants.iter().map(|v| v.label.as_str()).collect::<Vec<_>>().join(" ");
    if part.variants.len() != first.variants.len()
        || part.variants.iter().zip(&first.variants).any(|(a, b)| a.label != b.label)
    {
        return Some(format!("variants {} against {}", labels(part), labels(first)));
    }
    for (a, b) in part.variants.iter().zip(&first.variants) {
        if a.game != b.game {
            return Some(format!("`{}` is {} against {}", a.label, a.game, b.game));
        }
        if a.total_seeds != b.total_seeds {
            return Some(format!(
                "`{}` starts with {} seeds against {}",
                a.label, a.total_seeds, b.total_seeds
            ));
        }
    }
    None
}

/// Check one part on its own: its format, and its records against its kind and shard.
fn check_part(part: &Part) -> Result<(), MergeError> {
    if part.format != FORMAT || part.version != VERSION {
        return Err(MergeError::Format {
            part: part.name(),
            format: part.format.clone(),
            version: part.version,
        });
    }
    let malformed = |problem: String| MergeError::Malformed { part: part.name(), problem };
    let agents = match part.kind {
        Kind::Compare => 1,
        Kind::Match => 2,
    };
    if part.agents.len() != agents {
        return Err(malformed(format!("a {} run has {agents} agents, not {}", part.kind, part.agents.len())));
    }
    if part.variants.is_empty() || (part.kind == Kind::Match && part.variants.len() != 1) {
        let want = if part.kind == Kind::Match { "one variant" } else { "at least one variant" };
        return Err(malformed(format!("a {} run has {want}, not {}", part.kind, part.variants.len())));
    }
    let range = part.shard.games(part.games);
    for v in &part.variants {
        if v.records.kind() != part.kind {
            return Err(malformed(format!(
                "`{}` has the records of a {} run in a {} part",
                v.label,
                v.records.kind(),
                part.kind
            )));
        }
        if v.records.len() != range.len() {
            return Err(malformed(format!(
                "`{}` has {} games, but shard {} of {} games has {} (games {}..{})",
                v.label,
                v.records.len(),
                part.shard,
                part.games,
                range.len(),
                range.start,
                range.end
            )));
        }
    }
    Ok(())
}

/// Put the parts of one run back together: every shard `1/N` … `N/N` of one run, each once,
/// in any order. The result is what the run played whole prints, its time the shards'
/// seconds summed. Refused, with a message naming the part (its file, or its shard): parts
/// of another format or version, of different kinds, of runs split differently, of
/// different runs (settings or variants), a shard given twice, shards missing.
pub fn merge(parts: Vec<Part>) -> Result<Merged, MergeError> {
    let Some(first) = parts.first() else { return Err(MergeError::NoParts) };
    for part in &parts {
        check_part(part)?;
    }
    for part in &parts[1..] {
        if part.kind != first.kind {
            return Err(MergeError::KindsMixed {
                part: part.name(),
                kind: part.kind,
                first: first.name(),
                first_kind: first.kind,
            });
        }
        if part.shard.count != first.shard.count {
            return Err(MergeError::ShardCounts {
                part: part.name(),
                shard: part.shard,
                first: first.name(),
                first_shard: first.shard,
            });
        }
        if let Some(difference) = difference(part, first) {
            return Err(MergeError::DifferentRuns { part: part.name(), first: first.name(), difference });
        }
    }
    let count = first.shard.count;
    let mut by_shard: Vec<Option<&Part>> = vec![None; count as usize];
    for part in &parts {
        let slot = &mut by_shard[part.shard.index as usize - 1];
        if let Some(earlier) = slot {
            return Err(MergeError::Twice { shard: part.shard, first: earlier.name(), second: part.name() });
        }
        *slot = Some(part);
    }
    let missing: Vec<Shard> =
        Shard::all(count).zip(&by_shard).filter(|(_, p)| p.is_none()).map(|(s, _)| s).collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing });
    }
    let ordered: Vec<&Part> = by_shard.into_iter().flatten().collect();
    let timing = Timing::Summed { shards: count };
    let seconds = |k: usize| {
        let sum: f64 = ordered.iter().map(|p| p.variants[k].seconds).sum();
        Duration::try_from_secs_f64(sum).unwrap_or_default()
    };
    match first.kind {
        Kind::Compare => {
            let variants = first
                .variants
                .iter()
                .enumerate()
                .map(|(k, v)| {
                    let games: Vec<GameFigures> = ordered
                        .iter()
                        .flat_map(|p| match &p.variants[k].records {
                            Records::Compare(g) => g.as_slice(),
                            Records::Match(_) => &[],
                        })
                        .cloned()
                        .collect();
                    ComparedVariant {
                        label: v.label.clone(),
                        game: v.game.clone(),
                        summary: Summary::new(v.total_seeds, &games, seconds(k)),
                    }
                })
                .collect();
            Ok(Merged::Compare(CompareReport {
                games: first.games,
                seed: first.seed,
                agents: first.agents[0].clone(),
                max_plies: first.max_plies,
                variants,
                timing,
            }))
        }
        Kind::Match => {
            let games: Vec<MatchGame> = ordered
                .iter()
                .flat_map(|p| match &p.variants[0].records {
                    Records::Match(g) => g.as_slice(),
                    Records::Compare(_) => &[],
                })
                .copied()
                .collect();
            let v = &first.variants[0];
            Ok(Merged::Match(MatchReport {
                label: v.label.clone(),
                game: v.game.clone(),
                seed: first.seed,
                a: first.agents[0].clone(),
                b: first.agents[1].clone(),
                max_plies: first.max_plies,
                stats: MatchStats { games, elapsed: seconds(0) },
                timing,
            }))
        }
    }
}

/// The nesting level of a part's JSON whose values are written one a line: the records'
/// arrays (part, `variants`, a variant, `records`, the array).
const RECORD_LEVEL: usize = 5;

/// serde_json's pretty layout down to nesting level `flat_below`, and the compact one below
/// it: each game's record on one line.
struct Layout {
    pretty: serde_json::ser::PrettyFormatter<'static>,
    compact: serde_json::ser::CompactFormatter,
    /// Containers open.
    depth: usize,
    /// The deepest level laid out over lines.
    flat_below: usize,
}

impl Layout {
    fn new(flat_below: usize) -> Layout {
        Layout {
            pretty: serde_json::ser::PrettyFormatter::with_indent(b"  "),
            compact: serde_json::ser::CompactFormatter,
            depth: 0,
            flat_below,
        }
    }

    /// Whether a container at `level` is laid out over lines.
    fn pretty_at(&self, level: usize) -> bool {
        level <= self.flat_below
    }
}

impl serde_json::ser::Formatter for Layout {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        if self.pretty_at(self.depth) { self.pretty.begin_array(w) } else { self.compact.begin_array(w) }
    }

    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        let pretty = self.pretty_at(self.depth);
        self.depth -= 1;
        if pretty { self.pretty.end_array(w) } else { self.compact.end_array(w) }
    }

    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if self.pretty_at(self.depth) {
            self.pretty.begin_array_value(w, first)
        } else {
            self.compact.begin_array_value(w, first)
        }
    }

    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        if self.pretty_at(self.depth) {
            self.pretty.end_array_value(w)
        } else {
            self.compact.end_array_value(w)
        }
    }

    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        if self.pretty_at(self.depth) { self.pretty.begin_object(w) } else { self.compact.begin_object(w) }
    }

    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        let pretty = self.pretty_at(self.depth);
        self.depth -= 1;
        if pretty { self.pretty.end_object(w) } else { self.compact.end_object(w) }
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        if self.pretty_at(self.depth) {
            self.pretty.begin_object_key(w, first)
        } else {
            self.compact.begin_object_key(w, first)
        }
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        if self.pretty_at(self.depth) {
            self.pretty.begin_object_value(w)
        } else {
            self.compact.begin_object_value(w)
        }
    }

    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        if self.pretty_at(self.depth) {
            self.pretty.end_object_value(w)
        } else {
            self.compact.end_object_value(w)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Outcome, Player, WinReason};

    fn match_part_of(shard: Shard, games: u32) -> Part {
        let records: Vec<MatchGame> = shard
            .games(games)
            .map(|i| MatchGame {
                a_south: i % 2 == 0,
                outcome: Some(Outcome::Win { winner: Player::South, reason: WinReason::NoSeeds }),
                plies: 10 + i,
            })
            .collect();
        Part {
            format: FORMAT.to_string(),
            version: VERSION,
            kind: Kind::Match,
            games,
            seed: 1,
            agents: vec!["random".to_string(), "greedy".to_string()],
            max_plies: 100,
            shard,
            variants: vec![VariantPart {
                label: "nsolo".to_string(),
                game: "Nsolo (columns = 8)".to_string(),
                total_seeds: 64,
                seconds: 0.5,
                records: Records::Match(records),
            }],
            source: None,
        }
    }

    #[test]
    fn a_part_is_laid_out_one_record_a_line_and_reads_back() {
        let part = match_part_of(Shard { index: 2, count: 3 }, 7);
        let text = part.to_json();
        assert!(text.starts_with("{\n  \"format\": \"sow-part\",\n  \"version\": 1,\n"), "{text}");
        assert!(
            text.contains("\n          {\"a_south\":true,\"outcome\":\"south:no-seeds\",\"plies\":12},\n"),
            "{text}"
        );
        assert!(text.contains("\"shard\": {\n    \"index\": 2,\n    \"count\": 3\n  },"), "{text}");
        let read = Part::from_json("p.json", &text).expect("a part");
        assert_eq!(read.source.as_deref(), Some("p.json"));
        assert_eq!(Part { source: None, ..read }, part);
    }

    #[test]
    fn spans_point_at_the_line_and_column() {
        let text = "{\n  \"a\": 1,\n  x\n}";
        assert_eq!(span_at(text, 3, 3), SourceSpan::from((14, 1)));
        assert_eq!(span_at(text, 9, 9), SourceSpan::from((text.len(), 0)));
    }

    #[test]
    fn missing_shards_are_listed() {
        let s = |i| Shard { index: i, count: 8 };
        assert_eq!(missing_list(&[s(3)]), "shard 3/8 is");
        assert_eq!(missing_list(&[s(2), s(3)]), "shards 2/8 and 3/8 are");
        assert_eq!(missing_list(&[s(1), s(2), s(5)]), "shards 1/8, 2/8 and 5/8 are");
    }

    #[test]
    fn merged_matches_keep_game_order_whatever_the_order_of_the_parts() {
        let whole = merge(vec![match_part_of(Shard::WHOLE, 7)]).expect("merged");
        let parts: Vec<Part> = [3, 1, 2].map(|i| match_part_of(Shard { index: i, count: 3 }, 7)).to_vec();
        let Merged::Match(merged) = merge(parts).expect("merged") else { panic!("a match") };
        let Merged::Match(whole) = whole else { panic!("a match") };
        assert_eq!(merged.stats.games, whole.stats.games);
        assert_eq!(merged.stats.elapsed, Duration::from_secs_f64(1.5));
        assert_eq!(merged.timing, Timing::Summed { shards: 3 });
    }
}
