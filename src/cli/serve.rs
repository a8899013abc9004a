//! `sow serve [FILE...]`: play in the browser.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use sow::web::{Config, Source};

use super::load::{compile, read_rules};
use super::{Failure, Outcome, RulesOptions};

/// Serve a page on 127.0.0.1 to play any rules file in the browser, against a person or the
/// computer, and the JSON API it uses. Every bundled rules file is offered, after the FILEs
/// given.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  sow serve                          play at http://127.0.0.1:8080\n  sow serve rules/mygame.sow         offer your own rules file first\n  sow serve --port 0                 any free port (the address is printed)"
)]
pub struct ServeArgs {
    /// Rules files to offer before the bundled ones (paths or bundled names); the first is
    /// chosen when the page opens.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// The port to listen on, on 127.0.0.1 only (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Forget a game nobody has touched for this long: seconds, or a time like `90s`, `30m`,
    /// `2h`.
    #[arg(long, value_name = "TIME", default_value = "30m", value_parser = parse_duration)]
    idle: Duration,
    /// At most this many games at once.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    max_games: usize,
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

pub fn run(args: ServeArgs) -> Outcome {
    let mut given = Vec::new();
    for file in &args.files {
        let text = read_rules(Some(file))?;
        // A file that does not compile is reported here, with its diagnostics.
        compile(&text, &RulesOptions::default())?;
        given.push(Source { name: text.record_name, display: text.name, text: text.text });
    }
    let mut config = Config::new(given);
    config.idle = args.idle;
    config.max_games = args.max_games.max(1);
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
            format!("cannot listen on 127.0.0.1:{}: {e}{hint}", args.port)
        })?;
        let address = listener.local_addr().map_err(|e| format!("cannot read the address: {e}"))?;
        println!("sow is serving at http://{address}/ — open it in a browser; Ctrl-C stops.");
        let shutdown = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        sow::web::serve(listener, config, shutdown).await
    });
    // A computer still thinking for a closed connection is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(200));
    served.map_err(Failure::Message)?;
    println!("Stopped.");
    Ok(ExitCode::SUCCESS)
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
}
