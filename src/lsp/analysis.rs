//! What the server knows of each open document beyond its text: the text parsed (outline and
//! parse tree) and, once checked, its compiled rules and diagnostics. In [`super::serve`] two
//! threads make them, off the message loop: one parses each new text, one checks it. Each
//! edit asks for a new analysis under a new number; work for an older number is stale: a
//! text waiting to be parsed or checked is replaced by the newer one, and a check under way
//! is given up before its next compilation ([`crate::compile::check_unless`]), so the work
//! done never piles up behind the edits.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::Duration;

use serde_json::{Value, json};

use super::Document;
use crate::engine::Rules;
use crate::syntax::outline::{self, Outline, Tree};

/// One text of a document, as parsed and checked.
#[derive(Debug)]
pub struct Analysis {
    /// The number this text was asked under.
    pub number: u64,
    /// The text (a copy of the document as it was).
    pub document: Document,
    /// Its outline and parse tree; `None` if it does not parse.
    pub parsed: Option<(Outline, Tree)>,
    /// The base game and every ruleset compiled, once a check of this text succeeds.
    pub compiled: OnceLock<Vec<Rules>>,
}

impl Analysis {
    /// Parse a text (the work of the parsing thread).
    pub fn new(number: u64, document: Document) -> Analysis {
        let parsed = outline::parse(document.text()).ok();
        Analysis { number, document, parsed, compiled: OnceLock::new() }
    }

    /// Check the text: its diagnostics, or `None` if `stop` said to give up. A check that
    /// succeeds keeps the compiled rules.
    pub fn check(&self, uri: &str, stop: &dyn Fn() -> bool) -> Option<Vec<lsp_types::Diagnostic>> {
        let (diagnostics, compiled) = super::features::diagnostics(uri, &self.document, stop)?;
        if let Some(compiled) = compiled {
            let _ = self.compiled.set(compiled);
        }
        Some(diagnostics)
    }
}

/// How long a request waits for the parse of its document's newest text before it answers
/// with what it has.
pub const PARSE_WAIT: Duration = Duration::from_millis(50);

/// The state shared by the message loop and the two threads.
#[derive(Default)]
pub struct Shared {
    state: Mutex<State>,
    /// Signalled when work is posted, a parse is done, or the server stops.
    changed: Condvar,
}

#[derive(Default)]
struct State {
    /// The newest number asked for each document; `None`: not open (any work is stale).
    latest: HashMap<String, u64>,
    /// Texts to parse, the newest of each document.
    to_parse: HashMap<String, Analysis>,
    /// Texts parsed, to check: the newest of each document.
    to_check: HashMap<String, Arc<Analysis>>,
    /// The analysis of each document's newest text parsed so far.
    current: HashMap<String, Arc<Analysis>>,
    /// The newest analysis of each document whose text parsed.
    parsed: HashMap<String, Arc<Analysis>>,
    stopped: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `number` is still the newest asked for `uri` (and the server goes on).
    pub fn is_latest(&self, uri: &str, number: u64) -> bool {
        let state = self.lock();
        !state.stopped && state.latest.get(uri) == Some(&number)
    }

    /// A new text of a document, under a new number: to be parsed and checked by the threads.
    pub fn post(&self, uri: &str, number: u64, document: Document) {
        let mut state = self.lock();
        state.latest.insert(uri.to_string(), number);
        state
            .to_parse
            .insert(uri.to_string(), Analysis { number, document, parsed: None, compiled: OnceLock::new() });
        self.changed.notify_all();
    }

    /// A text analysed on the message loop (without the threads): kept as the threads keep it.
    pub fn keep(&self, uri: &str, analysis: Arc<Analysis>) {
        let mut state = self.lock();
        state.latest.insert(uri.to_string(), analysis.number);
        Self::store(&mut state, uri, &analysis);
    }

    fn store(state: &mut State, uri: &str, analysis: &Arc<Analysis>) {
        state.current.insert(uri.to_string(), analysis.clone());
        if analysis.parsed.is_some() {
            state.parsed.insert(uri.to_string(), analysis.clone());
        }
    }

    /// A document closed: everything about it is dropped, and work under way is stale (a
    /// check publishes while it holds the state, so none publishes after this).
    pub fn close(&self, uri: &str) {
        let mut state = self.lock();
        state.latest.remove(uri);
        state.to_parse.remove(uri);
        state.to_check.remove(uri);
        state.current.remove(uri);
        state.parsed.remove(uri);
    }

    /// The analysis of a document's newest text, waiting up to [`PARSE_WAIT`] for its parse.
    pub fn current(&self, uri: &str) -> Option<Arc<Analysis>> {
        let state = self.lock();
        let newest = |s: &State| s.current.get(uri).filter(|a| s.latest.get(uri) == Some(&a.number)).cloned();
        if let Some(found) = newest(&state) {
            return Some(found);
        }
        let (state, _) = self
            .changed
            .wait_timeout_while(state, PARSE_WAIT, |s| newest(s).is_none() && !s.stopped)
            .unwrap_or_else(PoisonError::into_inner);
        newest(&state)
    }

    /// The newest analysis of a document whose text parsed (perhaps of an older text).
    pub fn parsed(&self, uri: &str) -> Option<Arc<Analysis>> {
        self.lock().parsed.get(uri).cloned()
    }

    /// Stop the threads (once their work in hand is done or given up).
    pub fn stop(&self) {
        self.lock().stopped = true;
        self.changed.notify_all();
    }

    /// The parsing thread: parse each document's newest text, until stopped.
    pub fn parse_loop(&self) {
        loop {
            let (uri, mut analysis) = {
                let mut state = self.lock();
                loop {
                    if state.stopped {
                        return;
                    }
                    if let Some(uri) = state.to_parse.keys().next().cloned()
                        && let Some(job) = state.to_parse.remove(&uri)
                    {
                        break (uri, job);
                    }
                    state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
                }
            };
            analysis.parsed = outline::parse(analysis.document.text()).ok();
            let analysis = Arc::new(analysis);
            let mut state = self.lock();
            if state.latest.get(&uri) != Some(&analysis.number) {
                continue;
            }
            Self::store(&mut state, &uri, &analysis);
            state.to_check.insert(uri, analysis);
            self.changed.notify_all();
        }
    }

    /// The checking thread: check each document's newest parsed text, and write its
    /// diagnostics unless a newer text was asked for meanwhile; until stopped.
    pub fn check_loop(&self, output: &Mutex<impl Write>) {
        loop {
            let (uri, analysis) = {
                let mut state = self.lock();
                loop {
                    if state.stopped {
                        return;
                    }
                    if let Some(uri) = state.to_check.keys().next().cloned()
                        && let Some(job) = state.to_check.remove(&uri)
                    {
                        break (uri, job);
                    }
                    state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
                }
            };
            let stale = || !self.is_latest(&uri, analysis.number);
            let Some(diagnostics) = analysis.check(&uri, &stale) else { continue };
            let state = self.lock();
            if state.latest.get(&uri) != Some(&analysis.number) {
                continue;
            }
            let message = json!({
                "jsonrpc": "2.0",
                "method": "textDocument/publishDiagnostics",
                "params": diagnostics_params(&uri, analysis.document.version, diagnostics),
            });
            let mut output = output.lock().unwrap_or_else(PoisonError::into_inner);
            if super::write_message(&mut *output, &message).is_err() {
                drop(state);
                self.stop();
                return;
            }
        }
    }
}

/// The parameters of a `publishDiagnostics`.
pub fn diagnostics_params(uri: &str, version: i32, diagnostics: Vec<lsp_types::Diagnostic>) -> Value {
    json!({"uri": uri, "version": version, "diagnostics": diagnostics})
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    #[test]
    fn a_check_told_to_stop_gives_up_before_its_next_compilation() {
        let text = crate::bundled::bundled("kalah").unwrap().to_string();
        let analysis = Analysis::new(1, Document::new(text, 1));
        assert!(analysis.parsed.is_some());
        assert!(analysis.check("file:///kalah.sow", &|| true).is_none());
        // Stopped after its second compilation: nothing kept, nothing to publish.
        let asked = Cell::new(0);
        let stop = || {
            asked.set(asked.get() + 1);
            asked.get() > 2
        };
        assert!(analysis.check("file:///kalah.sow", &stop).is_none());
        assert_eq!(asked.get(), 3);
        assert!(analysis.compiled.get().is_none());
        let diagnostics = analysis.check("file:///kalah.sow", &|| false).expect("a check not stopped ends");
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        assert!(analysis.compiled.get().is_some_and(|c| c.len() > 1));
    }
}
