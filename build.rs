//! Embed every rules file under `rules/` in the binary, so that `sow play NAME` works
//! without a path.

use std::fmt::Write as _;
use std::{env, fs, path::Path};

fn main() {
    let dir =
        Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("rules");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(&dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "sow"));
    files.sort_by_key(|p| p.file_stem().map(|s| s.to_owned()));
    let mut out = String::from("/// The rules files bundled with sow: (name, text), sorted by name.\n");
    out.push_str("pub const BUNDLED: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let _ = writeln!(out, "    ({name:?}, include_str!({:?})),", path.display().to_string());
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bundled.rs");
    fs::write(dest, out).expect("write bundled.rs");
}
