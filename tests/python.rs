//! The Python package of `python/`, tested by its own pytest suite: it is installed into the
//! virtual environment `.venv` exactly as a user installs it (`pip install ./python`, which
//! builds it with maturin), then `pytest python/tests` runs with `SOW_BIN` set to the `sow`
//! that cargo built, for the figures the Python API must share with the command line.
//!
//! This is its own harness (libtest-mimic), as `tests/browser.rs` and `tests/editor.rs`
//! are: without `.venv` (or with a venv lacking pytest) the test is reported as ignored and
//! the reason is printed; in CI (`CI=true`) it fails instead: `.ci/run` makes the venv
//! (python3 -m venv .venv, then pip install -r python/requirements-test.txt).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use libtest_mimic::{Arguments, Completion, Failed, Trial};

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The venv's Python: `SOW_PYTHON` if set, else `.venv/bin/python` at the root.
fn python() -> PathBuf {
    std::env::var_os("SOW_PYTHON").map_or_else(|| root().join(".venv/bin/python"), PathBuf::from)
}

/// Run a command at the root, its output shown when it fails.
fn run(what: &str, command: &mut Command) -> Result<(), Failed> {
    let output = command.current_dir(root()).output().map_err(|e| format!("could not run {what}: {e}"))?;
    if output.status.success() {
        return Ok(());
    }
    Err(format!(
        "`{what}` failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
    .into())
}

/// Install the package as a user does, then run its tests.
fn pytest(python: &Path) -> Result<(), Failed> {
    run("pip install ./python", Command::new(python).args(["-m", "pip", "install", "--quiet", "./python"]))?;
    run(
        "pytest python/tests",
        Command::new(python)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "python/tests"])
            .env("SOW_BIN", env!("CARGO_BIN_EXE_sow")),
    )
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let python = python();
    let lacking = if !python.is_file() {
        Err(format!(
            "no Python virtual environment at {} (python3 -m venv .venv && .venv/bin/pip install -r python/requirements-test.txt)",
            python.display()
        ))
    } else if !Command::new(&python)
        .args(["-c", "import pytest, pettingzoo, ray"])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        Err(format!(
            "{} lacks pytest, pettingzoo or ray (pip install -r python/requirements-test.txt)",
            python.display()
        ))
    } else {
        Ok(python)
    };
    let trial = Trial::ignorable_test("python::pytest", move || match lacking {
        Ok(python) => pytest(&python).map(|()| Completion::Completed),
        Err(why) if in_ci() => Err(format!("CI must run the Python tests, but {why}").into()),
        Err(why) => Ok(Completion::ignored_with(why)),
    });
    libtest_mimic::run(&args, vec![trial]).exit_code()
}
