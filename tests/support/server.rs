//! A `sow serve` process for tests, and a small HTTP/1.1 client for its API (shared by the
//! integration tests and the browser test). [`Api`] is what a test asks of a server: the
//! process here, or its routes in the test's own process (`tests/integration/local.rs`).
#![allow(dead_code)]

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// An answer: its status, its head (the status line and headers) and its body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Reply {
    /// The value of a header (the first of that name), if any.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    /// The body as JSON (or as a JSON string if it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::String(self.body.clone()))
    }
}

/// Requests to a server, and its answers.
pub trait Api {
    /// `127.0.0.1:PORT`: the address a program's `Host` names.
    fn addr(&self) -> &str;

    /// One request with exactly these headers (and Content-Length for a body); the answer.
    fn exchange(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply;

    /// One request as a program would send it: to the server's address, the body (if any) as
    /// JSON; (status, body).
    fn raw(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let headers = [("Host", self.addr()), ("Content-Type", "application/json")];
        let reply = self.exchange(method, path, &headers, body);
        (reply.status, reply.body)
    }

    /// A request with a JSON body (or none); (status, JSON answer).
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let (status, text) = self.raw(method, path, body.as_bytes());
        let value = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        (status, value)
    }

    /// A request that must succeed; its JSON answer.
    fn ok(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, value) = self.call(method, path, body);
        assert!((200..300).contains(&status), "{method} {path}: {status} {value}");
        value
    }
}

/// A server shared with the threads of a test.
impl<A: Api> Api for std::sync::Arc<A> {
    fn addr(&self) -> &str {
        A::addr(self)
    }

    fn exchange(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        A::exchange(self, method, path, headers, body)
    }
}

/// A `sow serve` process on a free port, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`
    pub addr: String,
    _stdout: BufReader<ChildStdout>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Start `sow serve --port 0` with more arguments, and wait for its address.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sow"))
            .args(["serve", "--port", "0"])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start sow serve");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("the server's first line");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, addr, _stdout: stdout }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Send the server a signal (`INT`, `TERM`) with `kill`.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill").args([&format!("-{name}"), &self.pid().to_string()]).status();
        assert!(status.is_ok_and(|s| s.success()), "kill -{name} failed");
    }

    /// Wait up to `limit` for the server to exit; its exit status if it did.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let start = std::time::Instant::now();
        while start.elapsed() < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }

    /// Open a connection and send one request with exactly these headers (and Content-Length
    /// for a body, and `Connection: close`); the stream, to read the answer from or to drop.
    pub fn send(&self, request_line: &str, headers: &[(&str, &str)], body: &[u8]) -> TcpStream {
        let mut stream = TcpStream::connect(&self.addr).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut head = format!("{request_line}\r\nConnection: close\r\n");
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if !body.is_empty() {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        // A refused body may be cut short by the server; what it answered still counts.
        let _ = stream.write_all(body);
        stream
    }

    /// The answer on a stream `send` opened.
    pub fn receive(mut stream: TcpStream) -> Reply {
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let text = String::from_utf8_lossy(&response).to_string();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        Reply { status, head: head.to_string(), body: body.to_string() }
    }
}

impl Api for Server {
    fn addr(&self) -> &str {
        &self.addr
    }

    /// One HTTP/1.1 request on a connection of its own.
    fn exchange(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        Server::receive(self.send(&format!("{method} {path} HTTP/1.1"), headers, body))
    }
}
