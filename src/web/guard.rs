//! What every request passes before a route sees it, and what every answer carries.
//!
//! - **The `Host` is the server's own.** A page of another site can point its own name at
//!   127.0.0.1 (DNS rebinding) and then read this server as if it were its own origin; the
//!   `Host` it sends still names that site. So only `127.0.0.1:PORT`, `localhost:PORT` and
//!   `[::1]:PORT` (the names a browser on this machine sends for this server) are answered;
//!   anything else, or none, is refused with 421.
//! - **A request that changes something comes from this server's page, or from no page.**
//!   Browsers send `Origin` with every request that is not a `GET` or `HEAD`; one naming
//!   another origin (or `null`) is refused with 403, whatever its content.
//! - **A POST is JSON.** A body must be sent as `application/json`: a form of another site
//!   cannot send that, and a script of another site that tries must first ask with a CORS
//!   preflight, which this server never grants. A POST without a body needs no type when its
//!   `Origin` is this server's (the page sends none for a bare action such as `undo`); without
//!   either, it is refused with 415. So every POST taken is either shown to come from this
//!   server's page, or is of a kind no other site's page can send.
//!
//! Every answer, an error included, carries a content security policy (scripts, styles and
//! connections from this server only; no frames), `nosniff`, `X-Frame-Options: DENY`, no
//! referrer, and a resource policy that keeps other sites from loading the API's answers.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::api::{ApiError, quote};

/// The headers put on every answer.
const SECURITY_HEADERS: [(&str, &str); 6] = [
    (
        "content-security-policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-resource-policy", "same-origin"),
    ("cross-origin-opener-policy", "same-origin"),
];

/// The loopback names this server answers to.
const NAMES: [&str; 3] = ["127.0.0.1", "localhost", "[::1]"];

/// Who the server is: the port it listens on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Own {
    pub port: u16,
}

impl Own {
    /// Whether `authority` (`name:port`, as a `Host` header or an origin writes it) names this
    /// server: one of its loopback names and its port (which may be left out only if it is 80).
    fn is_own(&self, authority: &str) -> bool {
        let (name, port) = if authority.starts_with('[') {
            match authority.find(']') {
                Some(end) => authority.split_at(end + 1),
                None => return false,
            }
        } else {
            match authority.find(':') {
                Some(colon) => authority.split_at(colon),
                None => (authority, ""),
            }
        };
        let port_ok = match port.strip_prefix(':') {
            Some(digits) => {
                !digits.is_empty()
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && digits.parse::<u16>() == Ok(self.port)
            }
            None => port.is_empty() && self.port == 80,
        };
        port_ok && NAMES.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// The address to show in messages.
    fn address(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// Refuse a request not addressed to this server by name.
    fn check_host(&self, request: &Request) -> Result<(), ApiError> {
        // Two Host headers: which one a proxy or a cache would believe is anyone's guess.
        if request.headers().get_all(header::HOST).iter().nth(1).is_some() {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "two_hosts",
                "a request names its host once; this one had two Host headers".to_string(),
            ));
        }
        let host = request.headers().get(header::HOST).map(|h| h.to_str().unwrap_or("\u{fffd}"));
        // An absolute URI (`GET http://evil.example/ HTTP/1.1`) names its host too.
        let in_uri = request.uri().authority().map(|a| a.as_str());
        let wrong = match (host, in_uri) {
            (None, None) => Some(None),
            (Some(h), _) if !self.is_own(h) => Some(Some(h)),
            (_, Some(a)) if !self.is_own(a) => Some(Some(a)),
            _ => None,
        };
        match wrong {
            None => Ok(()),
            Some(named) => Err(ApiError::new(
                StatusCode::MISDIRECTED_REQUEST,
                "wrong_host",
                format!(
                    "this server answers only to its own address, {} (or localhost:{}); {}",
                    self.address(),
                    self.port,
                    match named {
                        Some(h) => format!("this request was addressed to `{}`", quote(h)),
                        None => "this request named no host".to_string(),
                    }
                ),
            )),
        }
    }

    /// Refuse a request that changes something and comes from another origin's page.
    fn check_origin(&self, headers: &HeaderMap) -> Result<bool, ApiError> {
        // A browser that sends no Origin still says where the request came from.
        let site = headers.get("sec-fetch-site").map(|s| s.to_str().unwrap_or("\u{fffd}"));
        if let Some(site) = site.filter(|s| !matches!(*s, "same-origin" | "none")) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "cross_origin",
                format!(
                    "a request that changes a game must come from this server's own page ({}); this one came from another site (`Sec-Fetch-Site: {}`)",
                    self.address(),
                    quote(site)
                ),
            ));
        }
        let Some(origin) = headers.get(header::ORIGIN) else { return Ok(false) };
        let text = origin.to_str().unwrap_or("\u{fffd}");
        match text.strip_prefix("http://") {
            Some(authority) if self.is_own(authority) => Ok(true),
            _ => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "cross_origin",
                format!(
                    "a request that changes a game must come from this server's own page ({}); this one came from `{}`",
                    self.address(),
                    quote(text)
                ),
            )),
        }
    }
}

/// Whether the request says it has no body.
fn bodyless(headers: &HeaderMap) -> bool {
    !headers.contains_key(header::TRANSFER_ENCODING)
        && headers.get(header::CONTENT_LENGTH).is_none_or(|n| n.as_bytes() == b"0")
}

/// Whether the request's body is declared as JSON (`application/json`, any parameters).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|t| t.to_str().ok())
        .and_then(|t| t.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// Refuse what this module's header says, then let the route answer; add the security
/// headers to whatever is answered.
pub(crate) async fn guard(State(own): State<Arc<Own>>, request: Request, next: Next) -> Response {
    let mut response = match check(&own, &request) {
        Ok(()) => next.run(request).await,
        Err(refused) => refused.into_response(),
    };
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

fn check(own: &Own, request: &Request) -> Result<(), ApiError> {
    own.check_host(request)?;
    let method = request.method();
    if method == Method::GET || method == Method::HEAD {
        return Ok(());
    }
    let headers = request.headers();
    let same_origin = own.check_origin(headers)?;
    let takes_body = method == Method::POST || method == Method::PUT || method == Method::PATCH;
    if takes_body && !is_json(headers) && !(same_origin && bodyless(headers)) {
        let sent = match headers.get(header::CONTENT_TYPE) {
            Some(t) => format!("this one was sent as `{}`", quote(t.to_str().unwrap_or("\u{fffd}"))),
            None => "this one had no Content-Type".to_string(),
        };
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "json_only",
            format!("send a POST with `Content-Type: application/json` (a JSON body, or none); {sent}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_names_and_port_only() {
        let own = Own { port: 8080 };
        for good in ["127.0.0.1:8080", "localhost:8080", "LocalHost:8080", "[::1]:8080"] {
            assert!(own.is_own(good), "{good}");
        }
        for bad in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1",
            "127.0.0.1:80",
            "127.0.0.1:8081",
            "127.0.0.1:08080x",
            "127.0.0.1:",
            "localhost.:8080",
            "127.0.0.2:8080",
            "[::1]",
            "[::1:8080",
            "localhost:8080@evil.example",
            "",
        ] {
            assert!(!own.is_own(bad), "{bad}");
        }
        let web = Own { port: 80 };
        assert!(web.is_own("localhost") && web.is_own("127.0.0.1:80") && web.is_own("[::1]"));
    }
}
