//! The language server's latency on a 500-line rules file: the time from an edit (a
//! `didChange` of one character) to its diagnostics written out (every ruleset checked), and
//! of hover, completion and formatting requests. The file is the longest bundled one with
//! copies of its last ruleset added, under new names, until it has 500 lines.
//!
//! Run: `cargo bench --bench lsp`.

use divan::{Bencher, black_box};
use serde_json::{Value, json};
use sow::lsp::Server;

fn main() {
    divan::main();
}

const URI: &str = "file:///bench/long.sow";

/// The longest bundled file, grown to at least 500 lines with copies of its last ruleset.
fn long_file() -> String {
    let (_, text) = sow::bundled::BUNDLED.iter().max_by_key(|(_, t)| t.lines().count()).unwrap();
    let outline = sow::syntax::outline::outline(text).unwrap();
    let last = outline.sections[0].children.iter().rev().find(|s| s.rule == "ruleset").unwrap();
    let block = &text[last.span.start..last.span.end];
    let name = outline
        .names
        .iter()
        .find(|n| n.declaration && n.span.start > last.span.start && n.span.end < last.span.end)
        .map(|n| n.name.clone())
        .unwrap();
    let end = text.rfind('}').unwrap();
    let mut grown = text[..end].to_string();
    let mut n = 0;
    while grown.lines().count() < 500 {
        n += 1;
        grown.push_str(&format!(
            "\n    {}\n",
            block.replacen(&format!("\"{name}\""), &format!("\"{name}-copy-{n}\""), 1)
        ));
    }
    grown.push_str("}\n");
    if let Err(e) = sow::check("long.sow", &grown) {
        panic!("the grown file does not check: {:?}", miette::Report::new(e));
    }
    grown
}

fn message(id: Option<i64>, method: &str, params: Value) -> Vec<u8> {
    let mut m = json!({"jsonrpc": "2.0", "method": method, "params": params});
    if let Some(id) = id {
        m["id"] = json!(id);
    }
    m.to_string().into_bytes()
}

/// A server with the long file open, and the file.
fn server() -> (Server, String) {
    let text = long_file();
    let mut server = Server::new();
    server.handle(&message(Some(1), "initialize", json!({"capabilities": {}})));
    server.handle(&message(
        None,
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "sow", "version": 1, "text": text}}),
    ));
    (server, text)
}

/// From a one-character edit to its diagnostics: a space typed after the first word of
/// line 300, then taken away (each iteration one edit).
#[divan::bench(sample_count = 50)]
fn diagnostics_after_an_edit(bencher: Bencher) {
    let (mut server, text) = server();
    assert!(text.lines().count() >= 500);
    let mut version = 1;
    bencher.bench_local(|| {
        version += 1;
        let (start, end, insert) = if version % 2 == 0 { (4, 4, " ") } else { (4, 5, "") };
        let edit = json!({"range": {"start": {"line": 300, "character": start}, "end": {"line": 300, "character": end}}, "text": insert});
        let (out, _) = server.handle(&message(
            None,
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [edit]}),
        ));
        black_box(out)
    });
}

fn request(bencher: Bencher, method: &str, params: Value) {
    let (mut server, _) = server();
    let body = message(Some(2), method, params);
    bencher.bench_local(|| black_box(server.handle(&body)));
}

#[divan::bench(sample_count = 50)]
fn hover(bencher: Bencher) {
    request(
        bencher,
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 300, "character": 6}}),
    );
}

#[divan::bench(sample_count = 50)]
fn completion(bencher: Bencher) {
    request(
        bencher,
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": {"line": 300, "character": 6}}),
    );
}

#[divan::bench(sample_count = 50)]
fn formatting(bencher: Bencher) {
    request(
        bencher,
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
}
