//! The `sow` command: thin wrappers over the library, one module per subcommand.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    reset_sigpipe();
    cli::main()
}

/// Let a closed pipe end the process quietly (`sow list | head`), as Unix tools do: Rust
/// ignores SIGPIPE, which turns every later write into an error and `println!` into a panic.
fn reset_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any thread starts or any output is
    // written; SIG_DFL is a valid action for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
