//! `sow lsp`: a language server for rules files, over JSON-RPC on standard input and output.
//!
//! Diagnostics as you type (every error and warning `sow check` gives, for the base game and
//! every ruleset), hover (a phrase's documentation from the grammar, what a name names, what a
//! section compiles to), completion (the phrases the grammar allows at the cursor and the
//! names the file declares), go to definition and find references (rows, marks, parameters,
//! captures, rulesets), formatting (`sow fmt`) and document symbols.
//!
//! The transport is written here rather than taken from a crate, because a hostile or broken
//! client must get an error response and the server must go on: a message that is not JSON
//! gets a parse error (-32700), one that is not a request an invalid request (-32600), one
//! with a bad header or too large a body an error too, after which the server reads the next
//! message. Documents are capped at [`document::MAX_DOCUMENT_BYTES`], and a change at
//! [`MAX_EDITS`] edits.
//!
//! The message loop never parses or checks: an edit is applied to the document's rope (in
//! time logarithmic in its size), and its new text is handed to two threads
//! ([`analysis`]), one that parses it and one that checks it. Requests answer from the parse
//! kept for the newest text, waiting at most [`analysis::PARSE_WAIT`] for it.

pub mod analysis;
pub mod document;
mod features;

use std::collections::HashMap;
use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex, PoisonError};

use lsp_types::{
    InitializeResult, OneOf, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind,
};
use serde_json::{Value, json};

use analysis::{Analysis, Shared, diagnostics_params};
pub use document::Document;

/// The largest message body read; a larger one is skipped with an error response.
pub const MAX_MESSAGE_BYTES: usize = 32 << 20;

/// The longest header line read.
const MAX_HEADER_LINE: u64 = 8 << 10;

/// JSON-RPC's error codes.
mod code {
    pub const PARSE_ERROR: i64 = -32700;
    pub const INVALID_REQUEST: i64 = -32600;
    pub const METHOD_NOT_FOUND: i64 = -32601;
    pub const INVALID_PARAMS: i64 = -32602;
    pub const SERVER_NOT_INITIALIZED: i64 = -32002;
}

/// A message read off the wire, or why none could be.
enum Frame {
    Body(Vec<u8>),
    /// The headers had no usable `Content-Length`.
    NoLength,
    /// The body was longer than [`MAX_MESSAGE_BYTES`] (and was skipped).
    TooLarge(u64),
}

/// Read one message: headers up to an empty line, then the body. `None` at the end of input.
fn read_frame(input: &mut impl BufRead) -> io::Result<Option<Frame>> {
    let mut length: Option<u64> = None;
    let mut any = false;
    loop {
        let mut line = Vec::new();
        let read = input.by_ref().take(MAX_HEADER_LINE).read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(None);
        }
        if !line.ends_with(b"\n") && read as u64 == MAX_HEADER_LINE {
            // An endless header line: skip to its end.
            let mut rest = Vec::new();
            while !rest.ends_with(b"\n") {
                rest.clear();
                if input.by_ref().take(MAX_HEADER_LINE).read_until(b'\n', &mut rest)? == 0 {
                    return Ok(None);
                }
            }
            any = true;
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if !any {
                continue; // blank lines between messages
            }
            break;
        }
        any = true;
        // Anywhere in the line, the last one: after a frame whose Content-Length was wrong,
        // the rest of its body (or the start of the next) runs into the next header line, and
        // reading resumes at the header there, so one bad frame costs at most one more.
        const NAME: &str = "content-length:";
        if let Some(at) = text.to_ascii_lowercase().rfind(NAME) {
            length = text[at + NAME.len()..].trim().parse().ok();
        }
    }
    let Some(length) = length else { return Ok(Some(Frame::NoLength)) };
    if length > MAX_MESSAGE_BYTES as u64 {
        io::copy(&mut input.by_ref().take(length), &mut io::sink())?;
        return Ok(Some(Frame::TooLarge(length)));
    }
    let mut body = Vec::with_capacity(length as usize);
    input.by_ref().take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Ok(None);
    }
    Ok(Some(Frame::Body(body)))
}

/// Write one message.
fn write_message(output: &mut impl Write, message: &Value) -> io::Result<()> {
    let body = message.to_string();
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}

/// The state of the server: open documents, and where it is in its life.
#[derive(Default)]
pub struct Server {
    documents: HashMap<String, Document>,
    initialized: bool,
    shutting_down: bool,
    /// Messages to send, in order.
    outbox: Vec<Value>,
    /// What is known of each document's text beyond the text (its parse, its compiled rules).
    shared: Arc<Shared>,
    /// Whether threads parse and check ([`serve`]); otherwise it is done in the message loop.
    threaded: bool,
    /// Texts analysed so far: each text of a document is asked for under a new number.
    asked: u64,
}

/// The most edits one `didChange` may carry; a change of more is not applied.
pub const MAX_EDITS: usize = 1_000;

/// What a request asks that cannot be answered.
#[derive(Debug)]
struct Refusal {
    code: i64,
    message: String,
}

impl Refusal {
    fn new(code: i64, message: impl Into<String>) -> Refusal {
        Refusal { code, message: message.into() }
    }
}

impl Server {
    /// A server before `initialize`.
    pub fn new() -> Server {
        Server::default()
    }

    /// The text of an open document.
    pub fn document(&self, uri: &str) -> Option<&Document> {
        self.documents.get(uri)
    }

    /// Handle one message body; the messages to send back are returned. `Some(code)` when
    /// the client said `exit`: the process should end with that code.
    pub fn handle(&mut self, body: &[u8]) -> (Vec<Value>, Option<i32>) {
        let exit = self.dispatch(body);
        (std::mem::take(&mut self.outbox), exit)
    }

    fn respond(&mut self, id: Value, result: Result<Value, Refusal>) {
        let message = match result {
            Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
            Err(e) => json!({"jsonrpc": "2.0", "id": id, "error": {"code": e.code, "message": e.message}}),
        };
        self.outbox.push(message);
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.outbox.push(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn dispatch(&mut self, body: &[u8]) -> Option<i32> {
        let message: Value = match serde_json::from_slice(body) {
            Ok(value) => value,
            Err(e) => {
                self.respond(Value::Null, Err(Refusal::new(code::PARSE_ERROR, format!("not JSON: {e}"))));
                return None;
            }
        };
        let id = message.get("id").cloned();
        let method = message.get("method").and_then(Value::as_str).map(str::to_string);
        let id_ok = id.as_ref().is_none_or(|id| id.is_number() || id.is_string() || id.is_null());
        let Some(method) = method.filter(|_| message.is_object() && id_ok) else {
            if message.get("result").is_some() || message.get("error").is_some() {
                return None; // a response to a request of ours (we send none)
            }
            let id = id.filter(|_| id_ok).unwrap_or(Value::Null);
            let why = "not a JSON-RPC request or notification (an object with a string `method`)";
            self.respond(id, Err(Refusal::new(code::INVALID_REQUEST, why)));
            return None;
        };
        let params = message.get("params").cloned().unwrap_or(Value::Null);
        match id {
            Some(id) => {
                let result = self.request(&method, params);
                self.respond(id, result);
                None
            }
            None => self.notification(&method, params),
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Result<Value, Refusal> {
        if method == "initialize" {
            self.initialized = true;
            return Ok(serde_json::to_value(initialize_result()).unwrap_or(Value::Null));
        }
        if !self.initialized {
            return Err(Refusal::new(code::SERVER_NOT_INITIALIZED, "the server has not been initialized"));
        }
        if self.shutting_down {
            return Err(Refusal::new(code::INVALID_REQUEST, "the server is shutting down"));
        }
        match method {
            "shutdown" => {
                self.shutting_down = true;
                Ok(Value::Null)
            }
            "textDocument/hover" => features::hover(self, parse(params)?),
            "textDocument/completion" => features::completion(self, parse(params)?),
            "textDocument/definition" => features::definition(self, parse(params)?),
            "textDocument/references" => features::references(self, parse(params)?),
            "textDocument/formatting" => features::formatting(self, parse(params)?),
            "textDocument/documentSymbol" => features::symbols(self, parse(params)?),
            _ => Err(Refusal::new(code::METHOD_NOT_FOUND, format!("no method `{method}`"))),
        }
    }

    fn notification(&mut self, method: &str, params: Value) -> Option<i32> {
        match method {
            "exit" => return Some(if self.shutting_down { 0 } else { 1 }),
            "textDocument/didOpen" => {
                if let Ok(p) = serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(params) {
                    let uri = p.text_document.uri.as_str().to_string();
                    if p.text_document.text.len() > document::MAX_DOCUMENT_BYTES {
                        self.too_large(&uri);
                        return None;
                    }
                    self.documents
                        .insert(uri.clone(), Document::new(p.text_document.text, p.text_document.version));
                    self.publish(&uri);
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) = serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(params) {
                    let uri = p.text_document.uri.as_str().to_string();
                    let document = self.documents.get_mut(&uri)?;
                    if p.content_changes.len() > MAX_EDITS {
                        let message = format!(
                            "{uri}: a change of {} edits, more than the {MAX_EDITS} allowed; the change is not applied (close and reopen the document)",
                            p.content_changes.len()
                        );
                        self.notify("window/showMessage", json!({"type": 1, "message": message}));
                        return None;
                    }
                    if document.apply(&p.content_changes, p.text_document.version).is_err() {
                        self.too_large(&uri);
                        return None;
                    }
                    self.publish(&uri);
                }
            }
            "textDocument/didClose" => {
                if let Ok(p) = serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(params) {
                    let uri = p.text_document.uri;
                    // What is under way for it is stale now, and publishes nothing after this.
                    self.shared.close(uri.as_str());
                    if self.documents.remove(uri.as_str()).is_some() {
                        let cleared = PublishDiagnosticsParams::new(uri, Vec::new(), None);
                        self.notify("textDocument/publishDiagnostics", json!(cleared));
                    }
                }
            }
            // `initialized`, `didSave`, `$/cancelRequest`, `$/setTrace` and the rest: nothing
            // to do (requests are answered in order, before the next is read, each within
            // about [`analysis::PARSE_WAIT`] plus its own work).
            _ => {}
        }
        None
    }

    fn too_large(&mut self, uri: &str) {
        let message = format!(
            "{uri}: the document would be larger than {} MiB; the change is not applied",
            document::MAX_DOCUMENT_BYTES >> 20
        );
        self.notify("window/showMessage", json!({"type": 1, "message": message}));
    }

    /// Send the diagnostics of a document's text: at once, or (in [`serve`]) once the threads
    /// have parsed and checked it, unless a newer text comes first. Either way, the message
    /// loop does no work in proportion to the document here: the copy sent shares the text.
    fn publish(&mut self, uri: &str) {
        let Some(document) = self.documents.get(uri) else { return };
        self.asked += 1;
        let number = self.asked;
        if self.threaded {
            self.shared.post(uri, number, document.clone());
            return;
        }
        let analysis = Arc::new(Analysis::new(number, document.clone()));
        self.shared.keep(uri, analysis.clone());
        let diagnostics = analysis.check(uri, &|| false).unwrap_or_default();
        let version = analysis.document.version;
        self.notify("textDocument/publishDiagnostics", diagnostics_params(uri, version, diagnostics));
    }
}

fn parse<T: serde::de::DeserializeOwned>(params: Value) -> Result<T, Refusal> {
    serde_json::from_value(params)
        .map_err(|e| Refusal::new(code::INVALID_PARAMS, format!("invalid params: {e}")))
}

fn initialize_result() -> InitializeResult {
    InitializeResult {
        capabilities: ServerCapabilities {
            text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::INCREMENTAL)),
            hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
            completion_provider: Some(lsp_types::CompletionOptions {
                trigger_characters: Some(vec![" ".to_string()]),
                ..lsp_types::CompletionOptions::default()
            }),
            definition_provider: Some(OneOf::Left(true)),
            references_provider: Some(OneOf::Left(true)),
            document_formatting_provider: Some(OneOf::Left(true)),
            document_symbol_provider: Some(OneOf::Left(true)),
            ..ServerCapabilities::default()
        },
        server_info: Some(ServerInfo {
            name: "sow".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    }
}

/// Serve on `input` and `output` until `exit` or the end of input; the process's exit code
/// (0 after `shutdown` then `exit`, 1 otherwise, as the protocol asks).
pub fn serve(input: impl Read, output: impl Write + Send) -> io::Result<i32> {
    let mut input = io::BufReader::new(input);
    let output = Mutex::new(io::BufWriter::new(output));
    let mut server = Server { threaded: true, ..Server::new() };
    let shared = server.shared.clone();
    std::thread::scope(|scope| {
        // Parsing and checking run off the message loop: a hover is answered while a long
        // check runs, and an edit costs the loop no parse.
        let output = &output;
        let (parsing, checking) = (&*shared, &*shared);
        scope.spawn(move || parsing.parse_loop());
        scope.spawn(move || checking.check_loop(output));
        let code = read_messages(&mut input, &mut server, output);
        shared.stop();
        code
    })
}

/// Read and answer messages until `exit` or the end of input.
fn read_messages(
    input: &mut impl BufRead,
    server: &mut Server,
    output: &Mutex<impl Write>,
) -> io::Result<i32> {
    let send = |replies: &[Value]| -> io::Result<()> {
        let mut output = output.lock().unwrap_or_else(PoisonError::into_inner);
        for reply in replies {
            write_message(&mut *output, reply)?;
        }
        Ok(())
    };
    loop {
        let replies = match read_frame(input)? {
            None => return Ok(1),
            Some(Frame::Body(body)) => {
                let (replies, exit) = server.handle(&body);
                send(&replies)?;
                if let Some(code) = exit {
                    return Ok(code);
                }
                continue;
            }
            Some(Frame::NoLength) => {
                vec![error_reply(code::PARSE_ERROR, "a message without a valid Content-Length header")]
            }
            Some(Frame::TooLarge(n)) => vec![error_reply(
                code::INVALID_REQUEST,
                &format!(
                    "a message of {n} bytes, more than the {} MiB allowed; skipped",
                    MAX_MESSAGE_BYTES >> 20
                ),
            )],
        };
        send(&replies)?;
    }
}

fn error_reply(code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": null, "error": {"code": code, "message": message}})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_and_bad_ones_reported() {
        let input = b"Content-Length: 2\r\n\r\n{}Content-Type: x\r\n\r\nContent-Length: 99999999999\r\n\r\n";
        let mut reader = io::BufReader::new(&input[..]);
        assert!(matches!(read_frame(&mut reader).unwrap(), Some(Frame::Body(b)) if b == b"{}"));
        assert!(matches!(read_frame(&mut reader).unwrap(), Some(Frame::NoLength)));
        assert!(matches!(read_frame(&mut reader).unwrap(), Some(Frame::TooLarge(99_999_999_999))));
        assert!(read_frame(&mut reader).unwrap().is_none());
    }
}
