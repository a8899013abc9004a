//! `sow merge PART...`: the parts of a sharded `compare` or `match` run put back together,
//! printed as the run played whole prints them; and the writing of parts for `--out`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use sow::analysis::parts::{Merged, Part, merge};

use super::compare::{self, Format};
use super::matches;
use super::output::{outln, write_atomically};
use super::{Failure, Outcome};

/// Put the parts of a run played in shards (`sow compare … --shard I/N --out FILE`, `sow
/// match … --shard I/N --out FILE`) back together and print the figures of the whole run,
/// exactly as `sow compare` or `sow match` prints them without shards; only the time line
/// differs: the shards' seconds, summed.
#[derive(Args, Debug)]
#[command(
    after_help = "The parts may be given in any order; every shard 1/N … N/N of one run must be\nthere, once.\n\nExamples:\n  sow compare nsolo tsoro --games 10000 --shard 1/2 --out part-1.json\n  sow compare nsolo tsoro --games 10000 --shard 2/2 --out part-2.json\n  sow merge part-*.json\n  sow merge part-*.json --format markdown --plot charts/\n\nAs a Slurm array job (sbatch --array=1-4: the array must count from 1 to N, as\nshards do), each task runs\n  sow compare nsolo tsoro --games 10000 \\\n      --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT \\\n      --out part-$SLURM_ARRAY_TASK_ID.json\nand once every task has ended, `sow merge part-*.json` prints the figures."
)]
pub struct MergeArgs {
    /// The parts (JSON files written with --out).
    #[arg(value_name = "PART", required = true)]
    parts: Vec<PathBuf>,
    /// How to print the figures (a match prints as table or json).
    #[arg(long, value_enum, default_value_t = Format::Table)]
    format: Format,
    /// Also write SVG charts of a comparison into this directory, as `sow compare --plot`.
    #[arg(long, value_name = "DIR")]
    plot: Option<PathBuf>,
}

/// Read a part: a file that cannot be read, is not UTF-8 text, not JSON or not a part gets
/// a diagnostic naming it.
fn read_part(path: &Path) -> Result<Part, Failure> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Failure::Message(format!("cannot read `{name}`: {e}")))?;
    let text = sow::source::decode(&name, &bytes)?;
    Part::from_json(&name, &text).map_err(|e| Failure::Report(miette::Report::new(*e)))
}

pub fn run(args: MergeArgs) -> Outcome {
    let parts = args.parts.iter().map(|p| read_part(p)).collect::<Result<Vec<_>, _>>()?;
    match merge(parts)? {
        Merged::Compare(report) => compare::print(&report, args.format, args.plot.as_deref()),
        Merged::Match(report) => {
            let format = match args.format {
                Format::Table => matches::Format::Table,
                Format::Json => matches::Format::Json,
                Format::Markdown | Format::Csv => {
                    return Err(Failure::Message(format!(
                        "a match prints as table or json, not {}",
                        if args.format == Format::Csv { "csv" } else { "markdown" }
                    )));
                }
            };
            if args.plot.is_some() {
                return Err(Failure::Message(
                    "--plot draws the charts of a comparison, not of a match".into(),
                ));
            }
            matches::print(&report, format)
        }
    }
}

/// Write a part atomically and say what was written.
pub fn write_part(path: &Path, part: &Part) -> Outcome {
    write_atomically(path, &part.to_json())
        .map_err(|e| Failure::Message(format!("cannot write the part to `{}`: {e}", path.display())))?;
    let games = part.shard.games(part.games);
    let variants = match part.variants.as_slice() {
        [one] => one.label.clone(),
        many => format!("{} variants", many.len()),
    };
    let seconds: f64 = part.variants.iter().map(|v| v.seconds).sum();
    outln!(
        "wrote {}: shard {} of a {} run (games {}..{} of {}, {variants}, {seconds:.2} s)",
        path.display(),
        part.shard,
        part.kind,
        games.start,
        games.end,
        part.games,
    )?;
    Ok(ExitCode::SUCCESS)
}
