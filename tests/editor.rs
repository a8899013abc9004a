//! The VS Code extension of `editors/vscode`, tested by its own `npm test`: the keyword
//! check (every word of the grammar's `kw_*` rules is highlighted), the hand-written
//! assertions of `tests/grammar/*.sow`, and the snapshots of every bundled rules file.
//!
//! This is its own harness (libtest-mimic), as `tests/browser.rs` is: without the
//! extension's npm packages (`npm ci --prefix editors/vscode`) the test is reported as
//! ignored and the reason is printed; in CI (`CI=true`) it fails instead: `.ci/run`
//! installs them.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use libtest_mimic::{Arguments, Completion, Failed, Trial};

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
}

fn extension_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/vscode")
}

/// `npm test --prefix editors/vscode`, its output shown when it fails.
fn npm_test(npm: &Path) -> Result<(), Failed> {
    let output = Command::new(npm)
        .arg("test")
        .arg("--prefix")
        .arg(extension_dir())
        .output()
        .map_err(|e| format!("could not run {}: {e}", npm.display()))?;
    if output.status.success() {
        return Ok(());
    }
    Err(format!(
        "`npm test --prefix editors/vscode` failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
    .into())
}

/// The extension's tests. Without npm or the extension's packages they are reported as
/// ignored, saying why — and fail in CI (`CI=true`), where `.ci/run` installs them.
fn main() -> ExitCode {
    let args = Arguments::from_args();
    let modules = extension_dir().join("node_modules");
    let lacking = match find_program("npm") {
        None => Err("npm is not installed (apt-get install nodejs npm)".to_string()),
        Some(_) if !modules.is_dir() => Err(format!(
            "the extension's npm packages are not installed (npm ci --prefix editors/vscode; looked for {})",
            modules.display()
        )),
        Some(npm) => Ok(npm),
    };
    let trial = Trial::ignorable_test("vscode::npm_test", move || match lacking {
        Ok(npm) => npm_test(&npm).map(|()| Completion::Completed),
        Err(why) if in_ci() => Err(format!("CI must run the extension's tests, but {why}").into()),
        Err(why) => Ok(Completion::ignored_with(why)),
    });
    libtest_mimic::run(&args, vec![trial]).exit_code()
}
