"""A local OpenAI-compatible chat-completions server for tests and benchmarks.

The runner must be exercised over real HTTP (the openai SDK speaks httpx2, which request mocks do
not intercept), so this server answers ``POST /v1/chat/completions`` and the Azure path
``/openai/deployments/<deployment>/chat/completions`` on 127.0.0.1 with an ephemeral port.

Faults are injected deterministically from the request content: for each attempt the server draws
a number from ``sha256(seed, content hash, attempt number)`` and picks a fault by the configured
rates, so a run sees the same faults whatever the concurrency or ordering. A configurable share of
contents fails on every attempt (a permanent error). The server counts every request per content
hash, which lets tests prove that no completed request was sent twice.

With ``echo_key`` it quotes the key it was sent in every refusal and odd reply (JSON-escaped in
error bodies, raw in an HTML page, URL-quoted in a link), as careless providers and proxies do,
so tests can prove the client masks every form. Each record keeps the request's parameters (the
body without its messages), so tests can check exactly which keys a model's requests carry.

It is bounded: it stops itself after ``lifetime_s`` seconds or ``max_requests`` requests.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import socket
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

FAULT_KINDS = ("400", "429", "500", "503", "timeout", "malformed", "empty",
               "html", "message_string", "content_list", "content_number", "missing_fields", "prose")
# the answer of fault "prose": a well-formed completion, but not the JSON object a judge prompt asks for
# (a judge sends its one repair request; for a respondent it is an ordinary answer)
PROSE = "Looking at the figure, I would say the answer is mostly right {but"
# 200 replies that are not a readable chat completion, as some proxies and providers send them
ODD_BODIES: dict[str, bytes] = {
    "html": b"<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>",
    "message_string": json.dumps({"id": "x", "choices": [{"index": 0, "message": "just a string"}]}).encode(),
    "content_list": json.dumps({"id": "x", "choices": [{"index": 0, "finish_reason": "stop", "message": {
        "role": "assistant", "content": [{"type": "text", "text": "a list"}]}}]}).encode(),
    "content_number": json.dumps({"id": "x", "choices": [{"index": 0, "finish_reason": "stop", "message": {
        "role": "assistant", "content": 42}}]}).encode(),
    "missing_fields": json.dumps({"id": "x", "object": "chat.completion"}).encode(),
}


@dataclass(frozen=True)
class Faults:
    """Per-attempt fault probabilities by kind (see FAULT_KINDS) and the share of always-failing contents."""

    rates: dict[str, float] = field(default_factory=dict)
    permanent_rate: float = 0.0
    permanent_kind: str = "500"
    retry_after_s: float = 0.05
    timeout_sleep_s: float = 3.0
    seed: int = 0

    def __post_init__(self) -> None:
        unknown = set(self.rates) - set(FAULT_KINDS) | ({self.permanent_kind} - set(FAULT_KINDS))
        if unknown:
            raise ValueError(f"unknown fault kind(s) {sorted(unknown)}; known: {FAULT_KINDS}")
        if sum(self.rates.values()) > 1:
            raise ValueError("fault rates sum to more than 1")

    def _draw(self, *parts: object) -> float:
        digest = hashlib.sha256(json.dumps([self.seed, *parts]).encode()).digest()
        return int.from_bytes(digest[:8], "big") / 2**64

    def choose(self, content_hash: str, attempt: int) -> str | None:
        """The fault for the ``attempt``-th request (1-based) of this content, or None to answer."""
        if self.permanent_rate and self._draw(content_hash, "permanent") < self.permanent_rate:
            return self.permanent_kind
        u = self._draw(content_hash, attempt)
        edge = 0.0
        for kind in FAULT_KINDS:
            edge += self.rates.get(kind, 0.0)
            if u < edge:
                return kind
        return None


@dataclass(frozen=True)
class RequestRecord:
    content_hash: str
    user_text: str
    outcome: str  # "ok" or a fault kind or an HTTP status such as "401"
    path: str
    params: dict[str, Any] = field(default_factory=dict)  # the body without its messages


def content_hash(body: dict[str, Any]) -> str:
    """Hash of a request body, independent of key order."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _user_text(body: dict[str, Any]) -> str:
    parts = []
    for msg in body.get("messages", []):
        if msg.get("role") != "user":
            continue
        content = msg.get("content")
        if isinstance(content, str):
            parts.append(content)
        else:
            parts += [p.get("text", "") for p in content or [] if p.get("type") == "text"]
    return "\n".join(parts)


def _count_images(body: dict[str, Any]) -> int:
    return sum(
        1
        for msg in body.get("messages", [])
        if isinstance(msg.get("content"), list)
        for p in msg["content"]
        if p.get("type") == "image_url"
    )


def reply_text(user_text: str) -> str:
    """The answer the server gives: it quotes the request's text so tests can match rows to setups."""
    return f"Reply to: {user_text}"


class DevServer:
    """Run with ``with DevServer(latency_s=0.25) as srv: ... srv.base_url ...``."""

    def __init__(
        self,
        *,
        latency_s: float = 0.0,
        faults: Faults | None = None,
        api_key: str | None = None,
        echo_key: bool = False,
        fail_status: int | None = None,
        reply: Callable[[dict[str, Any]], str] | None = None,
        lifetime_s: float = 600.0,
        max_requests: int = 200_000,
    ) -> None:
        self.latency_s = latency_s
        self.faults = faults or Faults()
        self.api_key = api_key
        self.echo_key = echo_key  # quote the presented key in refusals and odd replies
        self.fail_status = fail_status  # answer every request with this status (e.g. 403, 404)
        self.reply = reply or (lambda body: reply_text(_user_text(body)))  # request body -> answer text
        self.in_flight = 0
        self.peak_in_flight = 0  # most requests the server was working on at once
        self.lifetime_s = lifetime_s
        self.max_requests = max_requests
        self.lock = threading.Lock()
        self.requests: Counter[str] = Counter()  # content hash -> requests received
        self.records: list[RequestRecord] = []
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._timer: threading.Timer | None = None
        self._port = 0
        self.down = False  # during an outage: requests on open connections are dropped unanswered
        self.dropped = 0  # requests that reached the server during an outage and got no answer
        self._connections: set[socket.socket] = set()

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self) -> "DevServer":
        self._listen(0)
        self._timer = threading.Timer(self.lifetime_s, self.stop)
        self._timer.daemon = True
        self._timer.start()
        return self

    def outage(self, seconds: float) -> threading.Thread:
        """Go away for ``seconds`` as a restarting server does, then listen on the same port again.

        Requests being answered finish first (no answer is lost), then the listener and every open
        connection close: new connections are refused until the server is back. Returns the thread
        that brings it back (join it to wait).
        """
        port = self.port
        with self.lock:
            self.down = True
        while True:
            with self.lock:
                if not self.in_flight:
                    break
            time.sleep(0.01)
        httpd, self._httpd = self._httpd, None
        if httpd is not None:
            httpd.shutdown()
            httpd.server_close()
        with self.lock:
            for conn in list(self._connections):
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        def back() -> None:
            time.sleep(seconds)
            self._listen(port)
            with self.lock:
                self.down = False

        thread = threading.Thread(target=back, daemon=True)
        thread.start()
        return thread

    def _listen(self, port: int) -> None:
        server = self

        class Handler(_Handler):
            owner = server

        httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler, bind_and_activate=False)
        # a receive buffer that holds a whole request with an inlined image: the client can write
        # it in one go instead of waiting for this process to be scheduled and drain it in pieces
        httpd.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        httpd.server_bind()
        httpd.request_queue_size = 256  # before activate: listen() takes it as the backlog
        httpd.server_activate()
        httpd.daemon_threads = True
        self._httpd = httpd
        self._port = httpd.server_address[1]
        self._thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        httpd, self._httpd = self._httpd, None
        if httpd is not None:
            threading.Thread(target=httpd.shutdown, daemon=True).start()  # shutdown blocks until the loop exits
            httpd.server_close()
        if self._timer is not None and threading.current_thread() is not self._timer:
            self._timer.cancel()

    def __enter__(self) -> "DevServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._port, "server not started"
        return self._port

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL (``.../v1``)."""
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def azure_endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # --- bookkeeping -------------------------------------------------------------------------
    def register(self, chash: str) -> int:
        with self.lock:
            self.requests[chash] += 1
            n = self.requests[chash]
            if sum(self.requests.values()) >= self.max_requests:
                threading.Thread(target=self.stop, daemon=True).start()
            return n

    def record(self, rec: RequestRecord) -> None:
        with self.lock:
            self.records.append(rec)

    def outcomes(self) -> Counter[str]:
        with self.lock:
            return Counter(r.outcome for r in self.records)

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()
            self.records.clear()


class _Handler(BaseHTTPRequestHandler):
    owner: DevServer
    protocol_version = "HTTP/1.1"  # keep-alive, as real providers
    disable_nagle_algorithm = True  # headers and body go out in separate writes: no 40 ms delayed-ACK stall

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        return

    def handle(self) -> None:
        with self.owner.lock:
            self.owner._connections.add(self.connection)
        try:
            super().handle()
        except (ConnectionResetError, BrokenPipeError):
            pass  # the client went away (killed, or gave up waiting): nothing to answer, nothing to report
        finally:
            with self.owner.lock:
                self.owner._connections.discard(self.connection)

    def _send(self, status: int, payload: bytes, headers: dict[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout fault): nothing to answer

    def _error(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        self._send(status, json.dumps({"error": {"message": message, "type": "devserver", "code": status}}).encode(), headers)

    def _presented_key(self) -> str | None:
        if self.headers.get("api-key"):
            return self.headers["api-key"]
        auth = self.headers.get("Authorization", "")
        return auth[7:] if auth.startswith("Bearer ") else None

    def do_POST(self) -> None:  # noqa: N802 (http.server naming)
        owner = self.owner
        path = self.path.split("?", 1)[0]
        is_openai = path == "/v1/chat/completions"
        is_azure = path.startswith("/openai/deployments/") and path.endswith("/chat/completions")
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        with owner.lock:
            if owner.down:  # going away: the request is dropped unanswered (not in records)
                owner.dropped += 1
                self.close_connection = True
                return
            owner.in_flight += 1
            owner.peak_in_flight = max(owner.peak_in_flight, owner.in_flight)
        try:
            self._post(owner, path, raw, is_openai or is_azure)
        finally:
            with owner.lock:
                owner.in_flight -= 1

    def _post(self, owner: DevServer, path: str, raw: bytes, routed: bool) -> None:
        if not routed:
            self._error(404, f"no route {path}")
            return
        try:
            body = json.loads(raw)
        except json.JSONDecodeError:
            self._error(400, "request body is not JSON")
            return
        chash = content_hash(body)
        attempt = owner.register(chash)
        self._answer(owner, path, body, chash, _user_text(body), attempt)

    def _answer(self, owner: DevServer, path: str, body: dict[str, Any], chash: str, user_text: str,
                attempt: int) -> None:
        if owner.latency_s:
            time.sleep(owner.latency_s)
        key = self._presented_key()
        echo = (f" (you sent {key}; see /account/keys?key={urllib.parse.quote(key or '', safe='')})"
                if owner.echo_key else "")
        params = {k: v for k, v in body.items() if k != "messages"}

        def record(outcome: str) -> None:
            owner.record(RequestRecord(chash, user_text, outcome, path, params))

        if owner.api_key is not None and key != owner.api_key:
            record("401")
            self._error(401, "Incorrect API key provided" + echo)
            return
        if owner.fail_status is not None:
            record(str(owner.fail_status))
            self._error(owner.fail_status, f"status {owner.fail_status} for every request" + echo)
            return
        fault = owner.faults.choose(chash, attempt)
        record(fault or "ok")
        f = owner.faults
        if fault == "400":
            self._error(400, f"this request is refused: {chash[:8]}" + echo)  # a reason of its own per request
        elif fault == "429":
            self._error(429, "rate limited" + echo, {"Retry-After": f"{f.retry_after_s:g}"})
        elif fault in ("500", "503"):
            self._error(int(fault), "upstream failure" + echo)
        elif fault == "timeout":
            time.sleep(f.timeout_sleep_s)
            self._error(504, "too slow")
        elif fault == "malformed":
            self._send(200, b'{"id": "x", "choices": [{"message": {"content": "trunc')
        elif fault == "html" and echo:
            self._send(200, f"<html><body>Bad Gateway{echo}</body></html>".encode("utf-8", "replace"))
        elif fault in ODD_BODIES:
            self._send(200, ODD_BODIES[fault])
        elif fault == "empty":
            self._send(200, json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model", ""),
                                        "choices": []}).encode())
        else:
            text = PROSE if fault == "prose" else owner.reply(body)
            payload = {
                "id": f"chatcmpl-{chash[:12]}",
                "object": "chat.completion",
                "created": 0,
                "model": body.get("model") or path.split("/")[3],
                "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}],
                "usage": {
                    "prompt_tokens": len(user_text) // 4 + 85 * _count_images(body),
                    "completion_tokens": len(text.split()),
                    "total_tokens": len(user_text) // 4 + 85 * _count_images(body) + len(text.split()),
                },
            }
            self._send(200, json.dumps(payload).encode())


def main() -> None:
    """Serve until interrupted (or the lifetime ends), for trying a backend by hand."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--latency", type=float, default=0.0)
    ap.add_argument("--lifetime", type=float, default=3600.0)
    ap.add_argument("--rate-429", type=float, default=0.0, help="share of attempts answered 429")
    ap.add_argument("--retry-after", type=float, default=0.05, help="seconds in the 429's Retry-After")
    ap.add_argument("--reply", default=None, help="answer every request with this text (e.g. a judge's JSON)")
    args = ap.parse_args()
    faults = Faults(rates={"429": args.rate_429} if args.rate_429 else {}, retry_after_s=args.retry_after)
    reply = (lambda body: args.reply) if args.reply is not None else None
    with DevServer(latency_s=args.latency, lifetime_s=args.lifetime, faults=faults, reply=reply) as srv:
        print(f"serving on {srv.base_url} (azure endpoint {srv.azure_endpoint})", flush=True)
        try:
            while srv._httpd is not None:
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
