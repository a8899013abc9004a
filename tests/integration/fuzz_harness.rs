//! What the fuzz targets in `fuzz/` do with each input, shared with the regression test
//! ([`super::fuzz`]) that runs every input they ever crashed on in the normal suite. A fuzz
//! target includes this file by path (`#[path = …] mod harness;`), so the two never drift.
//!
//! Each function takes arbitrary bytes and must return normally: any panic (an `unwrap`, an
//! index out of bounds, an overflow in a debug build, a broken invariant asserted here) is a
//! finding. Errors are fine as long as they render as diagnostics.

#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource};
use sow::ai::{AgentSpec, Budget};
use sow::engine::{Game, Move, Rules, State};
use sow::record::{Record, RecordError, write_record};

/// The most decisions a fuzzed game plays before it stops (the byte stream usually ends first).
const MAX_PLIES: usize = 3_000;

/// The most decisions played on rules from the `rules` target.
const RULES_PLIES: usize = 40;

/// Render a diagnostic in full, as the command line does: a label pointing outside its
/// source must not panic either.
pub fn render(diagnostic: &dyn Diagnostic) -> String {
    let mut out = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .render_report(&mut out, diagnostic)
        .expect("rendering into a String cannot fail");
    assert!(!out.trim().is_empty(), "an empty diagnostic");
    out
}

/// The bytes as text, or `None` once the diagnostic saying why they are not has rendered.
fn decoded(name: &str, data: &[u8]) -> Option<String> {
    sow::source::decode(name, data).map_err(|e| render(&e)).ok()
}

/// Target `rules`: bytes as a rules file. Read, parse, check the base game and every
/// ruleset at the ends of every parameter's range; every error renders; every set of rules
/// that compiles plays the first moves of a game chosen by the same bytes (whole games are
/// the `game` target's work).
pub fn rules_file(data: &[u8]) {
    let Some(text) = decoded("fuzz.sow", data) else { return };
    match sow::check("fuzz.sow", &text) {
        Err(e) => {
            render(&e);
        }
        Ok(all) => {
            for rules in &all {
                play_bytes(rules, data, RULES_PLIES);
            }
        }
    }
}

/// Target `extends`: bytes as a chain of rulesets over a bundled game. Each ruleset, chosen
/// by a few bytes, extends an earlier one (or a later one, or itself: cycles are errors),
/// and declares parameters, captures and lap rules of its own, sometimes many, so that the
/// counts add up past the limits along a chain. The file is checked whole (every ruleset at
/// the ends of every range) and every error renders; libFuzzer's `-timeout=2` holds each
/// case to 2 s (checking is bounded by the limits on the assembled game).
pub fn extends_chain(data: &[u8]) {
    let mut text = sow::bundled::bundled("kalah").unwrap_or_default().trim_end().to_string();
    if !text.ends_with('}') {
        return;
    }
    text.pop();
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next();
    let count = next().map_or(0, |b| usize::from(b) % 80);
    for i in 0..count {
        let Some(shape) = next() else { break };
        let parent = next().map_or(0, usize::from) % (count + 1);
        let extends =
            if shape & 1 == 1 && parent != 0 { format!(" extends \"r{parent}\"") } else { String::new() };
        text.push_str(&format!("    ruleset \"r{}\"{extends} {{\n", i + 1));
        let params = usize::from(next().unwrap_or(0) % if shape & 2 == 2 { 24 } else { 3 });
        for p in 0..params {
            let name: String =
                format!("{i:x}z{p:x}").chars().map(|c| (b'a' + (c as u8 % 26)) as char).collect();
            text.push_str(&format!("        param w{name}q = 2 in 1..3 \"p\"\n"));
        }
        let captures = usize::from(next().unwrap_or(0) % if shape & 4 == 4 { 70 } else { 2 });
        for c in 0..captures {
            text.push_str(&format!(
                "        capture c{i}x{c} {{\n            take the opposite hole\n        }}\n"
            ));
        }
        if shape & 8 == 8 {
            let rules = usize::from(next().unwrap_or(0)) * 4;
            text.push_str("        after each lap {\n");
            for r in 0..rules {
                let what = if r < captures { format!("capture c{i}x{r}") } else { "relay".to_string() };
                text.push_str(&format!(
                    "            when the last seed lands in an occupied hole and the landing hole holds {} seeds: {what}\n",
                    r + 2
                ));
            }
            text.push_str("        }\n");
        }
        text.push_str("    }\n");
    }
    text.push_str("}\n");
    match sow::check_with_warnings("extends.sow", &text) {
        Err(e) => {
            render(&e);
        }
        Ok((_, warnings)) => {
            render(&warnings);
        }
    }
}

/// Target `record`: bytes as a game record. Read it, compile the bundled rules its tags
/// name (Nsolo if none), replay it; a record that replays is written out again and must
/// replay to the same game. Every error renders.
pub fn record_file(data: &[u8]) {
    let Some(text) = decoded("fuzz.txt", data) else { return };
    let source: Arc<str> = Arc::from(text.as_str());
    let fail = |problem| RecordError { src: NamedSource::new("fuzz.txt", source.clone()), problem };
    let record = match Record::parse(&text) {
        Ok(record) => record,
        Err(problem) => {
            render(&fail(problem));
            return;
        }
    };
    let name = record.tag("Rules").map_or("nsolo", |t| t.node.as_str());
    let Some(rules_text) = sow::bundled::bundled(name) else { return };
    let options =
        sow::Options { ruleset: record.tag("Ruleset").map(|t| t.node.clone()), params: record.params() };
    let rules = match compiled(name, rules_text, options) {
        Ok(rules) => rules,
        Err(e) => {
            render(&e);
            return;
        }
    };
    match record.replay(rules) {
        Err(problem) => {
            render(&fail(problem));
        }
        Ok(game) => same_game_again(&game),
    }
}

/// Target `game`: the first bytes choose a bundled rules file, a ruleset and parameter
/// values; the rest choose decisions until the game ends or the bytes run out.
pub fn bundled_game(data: &[u8]) {
    if let Some((rules, rest)) = bundled_rules(data) {
        play_bytes(rules, rest, MAX_PLIES);
    }
}

/// Bundled rules chosen by the first bytes: one for the file, one for the ruleset (or the
/// base game), one for each parameter's value among those its range allows. Returns the
/// rules and the bytes left; `None` if there are fewer than two bytes.
pub fn bundled_rules(data: &[u8]) -> Option<(&'static Rules, &[u8])> {
    let [file, ruleset, rest @ ..] = data else { return None };
    let names: Vec<&str> = sow::bundled::bundled_names().collect();
    let name = names[usize::from(*file) % names.len()];
    let text = sow::bundled::bundled(name).expect("a bundled name");
    let base = compiled(name, text, sow::Options::default()).expect("bundled rules compile");
    let rulesets = &base.meta().rulesets;
    let ruleset = match usize::from(*ruleset) % (rulesets.len() + 1) {
        0 => None,
        i => Some(rulesets[i - 1].clone()),
    };
    let with_ruleset = compiled(name, text, sow::Options { ruleset: ruleset.clone(), params: Vec::new() })
        .expect("bundled rulesets compile");
    let mut rest = rest;
    let mut params = Vec::new();
    for p in with_ruleset.params() {
        let Some((&b, tail)) = rest.split_first() else { break };
        rest = tail;
        let values = (p.high - p.low) / p.step.max(1) + 1;
        params.push(format!("{}={}", p.name, p.low + (u32::from(b) % values) * p.step.max(1)));
    }
    let rules = compiled(name, text, sow::Options { ruleset, params }).expect("values in range compile");
    Some((rules, rest))
}

/// Rules compiled once per (file, ruleset, parameters) and kept for the process: fuzzing
/// runs the same few configurations millions of times. Leaked on purpose, so that games
/// can borrow them freely; the cache stops growing at a few thousand entries.
fn compiled(name: &str, text: &str, options: sow::Options) -> Result<&'static Rules, sow::RulesError> {
    type Key = (String, Option<String>, Vec<String>);
    static CACHE: OnceLock<Mutex<HashMap<Key, &'static Rules>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (name.to_string(), options.ruleset.clone(), options.params.clone());
    if let Some(rules) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(rules);
    }
    let rules: &'static Rules = Box::leak(Box::new(sow::compile(name, text, &options)?));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if cache.len() < 4096 {
        cache.insert(key, rules);
    }
    Ok(rules)
}

/// Every seed is on the board, in a store, captured or set aside by an opening, or still in
/// the hand the setup put it in (seeds in a hand are captured seeds the mover keeps, those an
/// opening put there, and those the setup put there that turns of placing have not put on
/// the board yet): always as many as at the start.
pub fn seeds_accounted(rules: &Rules, state: &State) -> u32 {
    let (captured, hand) = (state.captured().zip_map(state.aside(), |c, a| c + a), state.hand());
    let model = rules.model();
    assert!(
        rules.players().all(|p| hand[p] <= captured[p].saturating_add(model.hand_of(p))),
        "more seeds in hand than captured and dealt"
    );
    rules.seeds_on_board(state)
        + rules
            .players()
            .map(|p| {
                let unplaced = hand[p].saturating_sub(captured[p]);
                u32::from(captured[p]) + u32::from(unplaced) + rules.store_seeds(state, p)
            })
            .sum::<u32>()
}

/// Every decision kind on every hole: the universe that `play` must sort into legal and not.
pub fn universe(rules: &Rules) -> Vec<Move> {
    use sow::engine::rules::Direction::{Anticlockwise, Clockwise};
    let mut all: Vec<Move> = rules
        .all_holes()
        .flat_map(|h| {
            [Move::Sow(h), Move::Pick(h), Move::Mark(h), Move::SowDirection(h, Clockwise)]
                .into_iter()
                .chain([Move::SowDirection(h, Anticlockwise), Move::Empty(h)])
        })
        .collect();
    all.extend([Move::Stop, Move::Relay, Move::Pass, Move::Enter, Move::Lift(1), Move::Lift(2), Move::Swap]);
    let holes: Vec<_> = rules.all_holes().collect();
    all.extend(holes.iter().zip(holes.iter().rev()).map(|(&a, &b)| Move::Transfer(a, b)));
    all
}

/// Play a game on `rules`, each byte choosing a decision. A byte of 255 instead tries the
/// decision the next byte names from the whole universe of decisions: if it is not legal it
/// must be refused and leave the game as it was. A byte of 254 takes back a turn; 253 lets
/// the computer player the next byte names choose. After
/// every decision the seeds are all accounted for and the incremental position hash equals
/// the one computed afresh; at the end, the game's record replays to the same game.
fn play_bytes(rules: &Rules, bytes: &[u8], max_plies: usize) {
    let total = rules.total_seeds();
    let all = universe(rules);
    let mut game = Game::new(rules);
    let mut bytes = bytes.iter().copied();
    for _ in 0..max_plies {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        assert!(
            !legal.is_empty(),
            "no legal decision, yet the game goes on:\n{}",
            rules.picture(game.state())
        );
        let Some(b) = bytes.next() else { break };
        match b {
            255 => {
                let Some(i) = bytes.next() else { break };
                let mv = all[usize::from(i) * 7 % all.len()];
                if !legal.contains(&mv) {
                    let before = game.state().clone();
                    assert!(game.play(mv).is_err(), "{mv:?} is not legal, yet it was played");
                    assert_eq!(game.state(), &before, "a refused {mv:?} changed the state");
                    continue;
                }
                game.play(mv).unwrap_or_else(|e| panic!("legal {mv:?} refused: {e}"));
            }
            254 => {
                game.undo();
            }
            253 => {
                // A computer player chooses: its choice must be one of the legal decisions.
                let Some(i) = bytes.next() else { break };
                let spec = match i % 3 {
                    0 => AgentSpec::Greedy,
                    1 => AgentSpec::AlphaBeta(Budget::Count(2)),
                    _ => AgentSpec::Mcts(Budget::Count(2)),
                };
                let mv = spec.build(u64::from(i)).choose(rules, game.state(), &legal);
                assert!(legal.contains(&mv), "{spec} chose {mv:?}, which is not legal");
                game.play(mv).unwrap_or_else(|e| panic!("legal {mv:?} refused: {e}"));
            }
            _ => {
                let mv = legal[usize::from(b) % legal.len()];
                game.play(mv).unwrap_or_else(|e| panic!("legal {mv:?} refused: {e}"));
            }
        }
        let state = game.state();
        assert_eq!(seeds_accounted(rules, state), total, "seeds lost or made:\n{}", rules.picture(state));
        assert_eq!(state.hash(), rules.position_hash(state), "the incremental hash went wrong");
    }
    same_game_again(&game);
}

/// A game written as a record and read back replays to the very same game.
fn same_game_again(game: &Game<'_>) {
    let text = write_record(game, &[]);
    let record =
        Record::parse(&text).unwrap_or_else(|e| panic!("a written record does not read: {e}\n{text}"));
    let again = record
        .replay(game.rules())
        .unwrap_or_else(|e| panic!("a written record does not replay: {e}\n{text}"));
    assert_eq!(again.turns(), game.turns(), "{text}");
    assert_eq!(again.state(), game.state(), "{text}");
}

/// The `//` comments of a rules file, each without its line end and trailing spaces, in
/// order (a `//` inside a string is not one).
pub fn comments(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(['"', '/']) {
        let tail = &rest[at..];
        if tail.starts_with('"') {
            // Skip the string, escapes and all (an unclosed string runs to the end).
            let mut chars = tail.char_indices().skip(1);
            let mut end = tail.len();
            while let Some((i, c)) = chars.next() {
                if c == '\\' {
                    chars.next();
                } else if c == '"' {
                    end = i + 1;
                    break;
                }
            }
            rest = &tail[end..];
        } else if tail.starts_with("//") {
            let end = tail.find('\n').unwrap_or(tail.len());
            found.push(tail[..end].trim_end());
            rest = &tail[end..];
        } else {
            rest = &tail[1..];
        }
    }
    found
}

/// Target `fmt`: bytes as a rules file to format. A file that parses formats; formatting
/// the result changes nothing; it keeps every comment, in order; and it compiles to the same
/// rules (the base game and every ruleset), or fails to compile with the same message.
pub fn format_file(data: &[u8]) {
    let Some(text) = decoded("fuzz.sow", data) else { return };
    let formatted = match sow::syntax::format(&text) {
        Ok(formatted) => formatted,
        Err(e) => {
            // Formatting refuses exactly what does not parse.
            assert!(sow::syntax::parse(&text).is_err(), "formatting refused a file that parses: {e}");
            return;
        }
    };
    let again = sow::syntax::format(&formatted).expect("the formatted text parses");
    assert_eq!(again, formatted, "formatting twice changed the text");
    assert_eq!(comments(&formatted), comments(&text), "formatting lost or changed a comment");
    same_rules(&text, &formatted);
}

/// Whether two texts compile to the same rules: every ruleset's model equal, or the same
/// error message.
pub fn same_rules(before: &str, after: &str) {
    match (sow::check("rules.sow", before), sow::check("rules.sow", after)) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.len(), b.len(), "formatting changed the rulesets");
            for (a, b) in a.iter().zip(&b) {
                assert!(
                    a.model() == b.model(),
                    "formatting changed the rules:\n{}\n---\n{}",
                    a.model(),
                    b.model()
                );
            }
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "formatting changed the error"),
        (a, b) => panic!("formatting changed whether the file compiles: {:?} → {:?}", a.err(), b.err()),
    }
}

/// Target `lsp`: bytes as a session of the language server, in process: a bundled file (or
/// the bytes' own text) opened, then edits at positions the bytes choose (past the ends of
/// lines and of the text, inside characters, ranges reversed), each followed by a request
/// (hover, completion, definition, references, formatting, symbols) and, now and then, a
/// raw message of the bytes. Every message must get its answer without a panic, and the
/// document must stay the text the edits make.
pub fn lsp_session(data: &[u8]) {
    use serde_json::{Value, json};
    use sow::lsp::Server;
    const URI: &str = "file:///fuzz/rules.sow";
    let message = |id: Option<i64>, method: &str, params: Value| {
        let mut m = json!({"jsonrpc": "2.0", "method": method, "params": params});
        if let Some(id) = id {
            m["id"] = json!(id);
        }
        m.to_string().into_bytes()
    };
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next();
    let mut server = Server::new();
    server.handle(&message(Some(0), "initialize", json!({"capabilities": {}})));
    let names: Vec<&str> = sow::bundled::bundled_names().collect();
    let text = match next() {
        Some(b) if usize::from(b) < names.len() * 4 => {
            sow::bundled::bundled(names[usize::from(b) % names.len()]).unwrap().to_string()
        }
        _ => String::from_utf8_lossy(data).into_owned(),
    };
    server.handle(&message(
        None,
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "sow", "version": 1, "text": text}}),
    ));
    let mut model = text;
    let mut version = 1;
    let mut id = 1;
    while let Some(op) = next() {
        let position = |line: Option<u8>, character: Option<u8>| json!({"line": u32::from(line.unwrap_or(0)) * 3, "character": u32::from(character.unwrap_or(0)) / 2});
        let (a, b) = (position(next(), next()), position(next(), next()));
        match op % 8 {
            0..=2 => {
                // A change of one to four edits, applied in order: each inserted text from the
                // bytes (a multi-byte character now and then), each range read in the text as
                // the edits before it left it.
                let count = 1 + usize::from(op >> 3) % 4;
                let mut edits = Vec::new();
                let mut ranges = vec![(a, b)];
                for _ in 1..count {
                    ranges.push((position(next(), next()), position(next(), next())));
                }
                let mut expected = server.document(URI).cloned().unwrap();
                model = expected.text().to_string();
                for (a, b) in ranges {
                    let len = usize::from(next().unwrap_or(0) % 8);
                    let insert: String = (0..len)
                        .map(|_| match next().unwrap_or(b' ') {
                            b @ 0..=0x7f => char::from(b),
                            0x80..=0xbf => 'é',
                            _ => '😀',
                        })
                        .collect();
                    // The edit as a plain string takes it, positions found on the model.
                    let (start, end) = (
                        expected.offset(serde_json::from_value(a.clone()).unwrap()),
                        expected.offset(serde_json::from_value(b.clone()).unwrap()),
                    );
                    let (start, end) = (start.min(end), start.max(end));
                    model = format!("{}{insert}{}", &model[..start], &model[end..]);
                    expected = sow::lsp::Document::new(model.clone(), 0);
                    edits.push(json!({"range": {"start": a, "end": b}, "text": insert}));
                }
                version += 1;
                server.handle(&message(
                    None,
                    "textDocument/didChange",
                    json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": edits}),
                ));
                assert_eq!(server.document(URI).unwrap().text(), model, "the edits were applied as asked");
            }
            3 => {
                let len = usize::from(next().unwrap_or(0));
                let raw: Vec<u8> = (0..len).map(|_| next().unwrap_or(b'{')).collect();
                let (out, _) = server.handle(&raw);
                assert!(out.iter().all(|m| m.get("error").is_some()
                    || m.get("method").is_some()
                    || m.get("result").is_some()));
            }
            kind => {
                id += 1;
                let method = [
                    "textDocument/hover",
                    "textDocument/completion",
                    "textDocument/definition",
                    "textDocument/references",
                    "textDocument/formatting",
                ][usize::from(kind - 4 + op / 8 % 2)];
                let mut params = json!({"textDocument": {"uri": URI}, "position": a});
                if method.ends_with("references") {
                    params["context"] = json!({"includeDeclaration": op % 2 == 0});
                } else if method.ends_with("formatting") {
                    params["options"] = json!({"tabSize": 4, "insertSpaces": true});
                }
                let (out, _) = server.handle(&message(Some(id), method, params));
                assert_eq!(out.len(), 1, "{method}: one answer");
                assert!(out[0].get("error").is_none(), "{method}: {}", out[0]);
                let (out, _) = server.handle(&message(
                    Some(id),
                    "textDocument/documentSymbol",
                    json!({"textDocument": {"uri": URI}}),
                ));
                assert!(out[0].get("error").is_none(), "{}", out[0]);
            }
        }
    }
    // Positions and offsets agree on the final text (at a thousand offsets or so, and its
    // end: each conversion takes a walk of a few hundred bytes, too long for them all).
    let document = server.document(URI).unwrap();
    let step = (model.len() / 1_000).max(1);
    let offsets = (0..model.len()).step_by(step).chain([model.len()]);
    for offset in offsets.filter(|&i| model.is_char_boundary(i)) {
        assert_eq!(document.offset(document.position(offset)), offset);
    }
}
