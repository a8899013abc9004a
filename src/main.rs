//! The `sow` command: thin wrappers over the library, one module per subcommand.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
