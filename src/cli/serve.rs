//! `sow serve [FILE...]`: play in the browser.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use sow::web::{App, Config, Limits, Source};

use super::load::read_rules;
use super::output::outln;
use super::{Failure, Outcome};

/// Serve a page on 127.0.0.1 to play any rules file in the browser, against a person or the
/// computer, and the JSON API it uses. Every bundled rules file is offered, after the FILEs
/// given.
///
/// The server answers only requests addressed to it by its loopback name and port, takes
/// changes only from its own page (or from a program that sends JSON), and keeps within the
/// limits below: past them a request is refused with a JSON error that names the flag.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  sow serve                          play at http://127.0.0.1:8080
  sow serve rules/mygame.sow         offer your own rules file first
  sow serve --port 0                 any free port (the address is printed)
  sow serve --max-think 30s --max-depth 24
                                     let computer players think longer
  sow serve --max-memory 64MiB --max-games 100
                                     keep fewer games (the least recently used go first)

Also fixed: a request body of at most 256 KiB; a team of at most 8 names of at most 40
characters; a turn of at most 2000 characters.")]
pub struct ServeArgs {
    /// Rules files to offer before the bundled ones (paths or bundled names); the first is
    /// chosen when the page opens. Every ruleset of each is checked first, as `sow check`
    /// does.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// The port to listen on, on 127.0.0.1 only (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Forget a game nobody has touched for this long: seconds, or a time like `90s`, `30m`,
    /// `2h`.
    #[arg(long, value_name = "TIME", default_value = "30m", value_parser = parse_duration)]
    idle: Duration,
    /// At most this many games at once; past it, the least recently used game that no
    /// request is using is forgotten.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    max_games: u64,
    /// At most this much memory for the games kept (an estimate of each: its turns, its
    /// positions, its rules), like `256MiB` or `1GiB`; past it, the least recently used
    /// games that no request is using are forgotten.
    #[arg(long, value_name = "SIZE", default_value = "256MiB", value_parser = parse_size)]
    max_memory: usize,
    /// At most this many turns in a game (played, or in a record loaded), above the longest
    /// turn limit of the bundled rules.
    #[arg(long, value_name = "N", default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    max_turns: u64,
    /// The longest a computer player (or a hint) thinks for a decision: a player asking for
    /// more (`mcts:60s`) is refused, the levels offered are cut to it, and a search with a
    /// count budget is stopped at this time.
    #[arg(long, value_name = "TIME", default_value = "10s", value_parser = parse_duration)]
    max_think: Duration,
    /// The deepest alpha-beta search taken (`alphabeta:DEPTH`).
    #[arg(long, value_name = "PLIES", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    max_depth: u32,
    /// The most playouts an MCTS player takes (`mcts:PLAYOUTS`).
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = clap::value_parser!(u32).range(1..))]
    max_playouts: u32,
    /// The memory one search's tree may take (MCTS; past it, the search goes on without
    /// growing the tree), like `64MiB`.
    #[arg(long, value_name = "SIZE", default_value = "64MiB", value_parser = parse_size)]
    search_memory: usize,
    /// At most this many searches (computer players and hints) at once, over all games.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..))]
    max_searches: u64,
}

/// A size in bytes: a number with an optional unit (`B`, `KiB`, `MiB`, `GiB`, or `KB`, `MB`,
/// `GB` for powers of 1000).
fn parse_size(text: &str) -> Result<usize, String> {
    let bad = || format!("`{text}`: write a size such as 64MiB, 512KiB or 1GiB");
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let scale: u64 = match unit.trim() {
        "" | "B" => 1,
        "KiB" | "K" | "k" => 1 << 10,
        "MiB" | "M" => 1 << 20,
        "GiB" | "G" => 1 << 30,
        "KB" | "kB" => 1_000,
        "MB" => 1_000_000,
        "GB" => 1_000_000_000,
        _ => return Err(bad()),
    };
    let n: u64 = digits.parse().map_err(|_| bad())?;
    match n.checked_mul(scale) {
        Some(bytes) if bytes > 0 => usize::try_from(bytes).map_err(|_| bad()),
        _ => Err(bad()),
    }
}

fn parse_duration(text: &str) -> Result<Duration, String> {
    let (digits, unit) = match text.find(|c: char| !c.is_ascii_digit() && c != '.') {
        Some(i) => text.split_at(i),
        None => (text, "s"),
    };
    let scale = match unit {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => return Err(format!("`{text}`: write a time such as 90s, 30m or 2h")),
    };
    match digits.parse::<f64>() {
        Ok(n) if n > 0.0 && n * scale <= 366.0 * 86400.0 => Ok(Duration::from_secs_f64(n * scale)),
        _ => Err(format!("`{text}`: write a time such as 90s, 30m or 2h")),
    }
}

/// The limits the flags set.
fn limits(args: &ServeArgs) -> Limits {
    let count = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    Limits {
        max_games: count(args.max_games),
        max_memory: args.max_memory,
        max_turns: count(args.max_turns),
        max_think: args.max_think,
        max_depth: args.max_depth,
        max_playouts: args.max_playouts,
        search_memory: args.search_memory,
        max_searches: count(args.max_searches),
    }
}

pub fn run(args: ServeArgs) -> Outcome {
    let mut given = Vec::new();
    for file in &args.files {
        let text = read_rules(Some(file))?;
        // Every ruleset, at both ends of every parameter's range, as `sow check` does: a
        // file that does not compile is reported here, before anything is served.
        sow::check(&text.name, &text.text)?;
        given.push(Source { name: text.record_name, display: text.name, text: text.text });
    }
    let mut config = Config::new(given);
    config.idle = args.idle;
    config.limits = limits(&args);
    // The catalogue is compiled before the port is taken: nothing is announced that fails.
    let app = App::new(config).map_err(|e| Failure::Message(e.to_string()))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Message(format!("cannot start the server's runtime: {e}")))?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", args.port)).await.map_err(|e| {
            let hint = if e.kind() == std::io::ErrorKind::AddrInUse {
                format!("; another program uses it: try --port {}", args.port.wrapping_add(1).max(1024))
            } else {
                String::new()
            };
            Failure::Message(format!("cannot listen on 127.0.0.1:{}: {e}{hint}", args.port))
        })?;
        let address =
            listener.local_addr().map_err(|e| Failure::Message(format!("cannot read the address: {e}")))?;
        let stop = stop_signal();
        outln!("sow is serving at http://{address}/ — open it in a browser; Ctrl-C stops.")?;
        sow::web::serve(listener, app, stop).await.map_err(|e| Failure::Message(e.to_string()))
    });
    // A computer still thinking (it was told to stop) is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(200));
    served?;
    outln!("Stopped.")?;
    Ok(ExitCode::SUCCESS)
}

/// A future that completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM. The signals are
/// listened for from this call on (call it in the runtime, before announcing the server), so
/// that one sent at once is not missed; one that cannot be listened for never completes.
fn stop_signal() -> impl std::future::Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{Signal, SignalKind, signal};
        async fn received(signal: Option<Signal>) {
            match signal {
                Some(mut signal) => {
                    signal.recv().await;
                }
                None => std::future::pending().await,
            }
        }
        let interrupt = signal(SignalKind::interrupt()).ok();
        let terminate = signal(SignalKind::terminate()).ok();
        async move {
            tokio::select! {
                () = received(interrupt) => {}
                () = received(terminate) => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("30m"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("0s").is_err());
    }

    #[derive(clap::Parser)]
    struct Command {
        #[command(flatten)]
        args: ServeArgs,
    }

    fn parse(args: &[&str]) -> ServeArgs {
        use clap::Parser as _;
        Command::try_parse_from(std::iter::once("serve").chain(args.iter().copied())).unwrap().args
    }

    #[test]
    fn the_flags_defaults_are_the_library_s() {
        assert_eq!(limits(&parse(&[])), Limits::default());
    }

    /// Each flag sets its own limit (the tests of the server set the limits directly).
    #[test]
    fn each_flag_sets_its_limit() {
        let args = parse(&[
            "--max-games=3",
            "--max-memory=4MiB",
            "--max-turns=2",
            "--max-think=300ms",
            "--max-depth=4",
            "--max-playouts=500",
            "--search-memory=1MiB",
            "--max-searches=1",
            "--idle=1s",
        ]);
        let expected = Limits {
            max_games: 3,
            max_memory: 4 << 20,
            max_turns: 2,
            max_think: Duration::from_millis(300),
            max_depth: 4,
            max_playouts: 500,
            search_memory: 1 << 20,
            max_searches: 1,
        };
        assert_eq!(limits(&args), expected);
        assert_eq!(args.idle, Duration::from_secs(1));
    }

    #[test]
    fn sizes_read() {
        assert_eq!(parse_size("256MiB"), Ok(256 << 20));
        assert_eq!(parse_size("512KiB"), Ok(512 << 10));
        assert_eq!(parse_size("1GiB"), Ok(1 << 30));
        assert_eq!(parse_size("2MB"), Ok(2_000_000));
        assert_eq!(parse_size("4096"), Ok(4096));
        for bad in ["", "0", "MiB", "12 parsecs", "-1MiB", "99999999999999999999GiB"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }
}
