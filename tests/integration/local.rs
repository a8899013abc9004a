//! `sow serve`'s routes in the test's own process: the router that `sow::web::App` builds,
//! sent each request with `tower::ServiceExt::oneshot` on a runtime of its own, without a
//! socket, a process or HTTP on the wire. For the tests of what the server answers; what is
//! about the binary (its flags, its signals, its port, its memory, a client that hangs up)
//! goes to the `sow serve` process of `server.rs`.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, header};
use sow::web::{App, Config, Limits};
use tower::ServiceExt as _;

use super::server::{Api, Reply};

/// The port the routes take as their own (the `Host` they answer to); nothing listens on it.
const PORT: u16 = 8080;

/// A server as `sow serve` makes it with no rules files given, in this process.
pub struct Local {
    app: App,
    router: axum::Router,
    /// Taken when dropped.
    runtime: Option<tokio::runtime::Runtime>,
    /// `127.0.0.1:PORT`
    pub addr: String,
}

impl Local {
    /// With the default limits, as `sow serve` without flags.
    pub fn start() -> Local {
        Local::with(Limits::default())
    }

    /// With these limits, as `sow serve` with the flags that set them.
    pub fn with(limits: Limits) -> Local {
        Local::serving(Vec::new(), limits)
    }

    /// Serving these rules files (the bundled ones after them), as `sow serve FILE…`.
    pub fn serving(sources: Vec<sow::web::Source>, limits: Limits) -> Local {
        let mut config = Config::new(sources);
        config.limits = limits;
        let app = App::new(config).expect("the bundled rules compile");
        let router = app.router(PORT);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        Local { app, router, runtime: Some(runtime), addr: format!("127.0.0.1:{PORT}") }
    }
}

impl Drop for Local {
    /// Stop as the server does: its searches told to stop, and not waited for.
    fn drop(&mut self) {
        self.app.stop_searches();
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(Duration::from_millis(200));
        }
    }
}

impl Api for Local {
    fn addr(&self) -> &str {
        &self.addr
    }

    /// The request, its path an origin-form (`/api/rules`) or absolute (`http://host/…`) URI,
    /// through the router; the answer, its head written as HTTP/1.1 would.
    fn exchange(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let mut request = Request::builder().method(method).uri(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if !body.is_empty() {
            request = request.header(header::CONTENT_LENGTH, body.len());
        }
        let request = request.body(Body::from(body.to_vec())).expect("a well-formed request");
        let runtime = self.runtime.as_ref().expect("a runtime until dropped");
        runtime.block_on(async {
            let response = self.router.clone().oneshot(request).await.expect("a router never fails");
            let (parts, body) = response.into_parts();
            let body = axum::body::to_bytes(body, usize::MAX).await.expect("the whole body");
            let mut head = format!("HTTP/1.1 {}\r\n", parts.status);
            for (name, value) in &parts.headers {
                head.push_str(&format!("{name}: {}\r\n", String::from_utf8_lossy(value.as_bytes())));
            }
            Reply {
                status: parts.status.as_u16(),
                head: head.trim_end().to_string(),
                body: String::from_utf8_lossy(&body).into_owned(),
            }
        })
    }
}
