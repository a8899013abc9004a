//! The Python package of `python/`, tested as a user installs it: maturin builds its abi3 wheel
//! (`maturin build --release`, as CI publishes it); the wheel is installed into a fresh virtual
//! environment with nothing but its declared dependencies (numpy), where a smoke test plays a
//! game, steps a `VectorEnv` and pickles both; then it is installed into `.venv`, whose
//! `pytest python/tests` runs the whole suite (OpenSpiel, PettingZoo, Ray) with `SOW_BIN` set
//! to the `sow` cargo built, for the figures the Python API must share with the command line.
//! Tests marked slow (minutes of MCTS) run with `SOW_SLOW=1`.
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

/// What a user runs right after `pip install sow-*.whl`, in a venv holding nothing else.
const SMOKE: &str = r#"
import pickle, numpy as np, sow
game = sow.load_game("awari")
state = game.new_initial_state()
while not state.is_terminal():
    state.apply_action(state.legal_actions()[0])
assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
assert pickle.loads(pickle.dumps(state)).history() == state.history()
env = sow.VectorEnv(game, 4)
obs, info = env.reset()
env.step(env.sample_actions())
assert pickle.loads(pickle.dumps(env)).observations.tolist() == env.observations.tolist()
print("ok")
"#;

/// Build the wheel, smoke-test it in a fresh venv, install it into `python`'s venv, then run
/// the suite there.
fn pytest(python: &Path) -> Result<(), Failed> {
    let work = root().join("target/python-wheel");
    let wheels = work.join("wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    run(
        "maturin build --release",
        Command::new(python)
            .args(["-m", "maturin", "build", "--release", "--quiet", "-m", "python/Cargo.toml", "--out"])
            .arg(&wheels),
    )?;
    let wheel = std::fs::read_dir(&wheels)
        .map_err(|e| format!("no wheels in {}: {e}", wheels.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or("maturin built no wheel")?;
    let fresh = work.join("venv");
    let _ = std::fs::remove_dir_all(&fresh);
    run("python -m venv (fresh)", Command::new(python).args(["-m", "venv"]).arg(&fresh))?;
    let fresh_python = fresh.join("bin/python");
    run(
        "pip install the wheel (fresh venv)",
        Command::new(&fresh_python)
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check"])
            .arg(&wheel),
    )?;
    run("the wheel's smoke test (fresh venv)", Command::new(&fresh_python).args(["-c", SMOKE]))?;
    run(
        "pip install the wheel (.venv)",
        Command::new(python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--force-reinstall",
                "--no-deps",
            ])
            .arg(&wheel),
    )?;
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
        .args(["-c", "import pytest, pettingzoo, ray, maturin"])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        Err(format!(
            "{} lacks pytest, pettingzoo, ray or maturin (pip install -r python/requirements-test.txt)",
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
