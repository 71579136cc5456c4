"""HTTP backends behind one interface: an OpenAI-compatible endpoint and Azure OpenAI.

Both use the official SDK's async client with its own retries turned off: the runner retries
itself so that every attempt is counted, the limiter sees every call, and failures the SDK lets
through as successes (a 200 with a malformed body or with no choices) are retried too.

The API key is read (and checked, :mod:`scifigbench.llm.apikey`) from the environment variable
named in params when the client is opened, and every failure leaves this module scrubbed of it in
every escaped form (some providers echo a wrong key back in their 401 body, and the HTTP library
quotes an illegal header value).

The SDK (and its HTTP library) is imported when a client is opened or a failure is classified,
not with this module: simulated respondents go through the same runner and never need it, and
importing it costs a stage most of a second.
"""

from __future__ import annotations

import email.utils
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scifigbench.llm.apikey import read_key
from scifigbench.llm.config import ModelConfig

if TYPE_CHECKING:
    import httpx2

RETRYABLE_STATUS = frozenset({408, 409, 429}) | frozenset(range(500, 600))
# Failures that say the run as configured cannot work (wrong key, no credit, model not allowed or
# not found, a request the HTTP library refuses to send, nothing listening): retrying them is
# pointless, and a few identical ones in a row stop the whole run. A 400 joins them only while
# nothing has succeeded (see retrying.FailFast): later it is one request's own problem.
FATAL_KINDS = frozenset({"http_401", "http_402", "http_403", "http_404", "unsendable", "connect"})
CONNECT_TIMEOUT_S = 10.0  # an unreachable host is known after this, not after the whole per-attempt timeout
REASON_CHARS = 300  # of the server's reason kept in a message


@dataclass(frozen=True)
class Completion:
    text: str
    finish_reason: str | None
    prompt_tokens: int | None
    completion_tokens: int | None


class CallFailed(Exception):
    """One attempt failed; ``kind`` is a short category for the statistics.

    ``from_server`` says whether the server itself produced this outcome (an HTTP status, a reply
    we could not read): only such outcomes are worth journalling, a local failure (no connection,
    a client-side timeout) says nothing about the request and is retried on resume.
    """

    def __init__(
        self, kind: str, message: str, *, retryable: bool, retry_after: float | None = None, from_server: bool = True
    ) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.retryable = retryable
        self.retry_after = retry_after
        self.from_server = from_server

    @property
    def fatal(self) -> bool:
        """True for failures that make every other request of the run fail the same way."""
        return self.kind in FATAL_KINDS

    def scrubbed(self, scrub: Callable[[str], str]) -> CallFailed:
        """The same failure with its message passed through ``scrub``."""
        return CallFailed(
            self.kind,
            scrub(self.message),
            retryable=self.retryable,
            retry_after=self.retry_after,
            from_server=self.from_server,
        )


def parse_retry_after(headers: Any) -> float | None:
    """Seconds to wait from ``retry-after-ms`` / ``Retry-After`` (seconds or an HTTP date)."""
    if headers is None:
        return None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            return max(0.0, float(ms) / 1000.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        return max(0.0, when.timestamp() - time.time())


def server_reason(exc: Any) -> str:
    """What the server said about a refused request: its JSON error message, else the start of its body."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        body = body["error"]
    if isinstance(body, dict) and isinstance(body.get("message"), str) and body["message"].strip():
        return body["message"]
    try:
        text = exc.response.text
    except Exception:  # a streamed or undecodable body: the SDK's own message says what it can
        text = ""
    return text.strip() or str(exc)


def _classify(exc: Exception, scrub: Callable[[str], str], url: str) -> CallFailed:
    """The counted failure for an SDK exception; every text taken from it is passed through ``scrub``."""
    import httpx2
    import openai

    msg = scrub(str(exc))[:500]
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        reason = scrub(server_reason(exc))[:REASON_CHARS]
        return CallFailed(
            f"http_{status}",
            f"the server answered {status}: {reason}",
            retryable=status in RETRYABLE_STATUS,
            retry_after=parse_retry_after(exc.response.headers),
        )
    if isinstance(exc, openai.APITimeoutError):
        if isinstance(exc.__cause__, httpx2.ConnectTimeout):  # an unreachable host: nobody answers
            return CallFailed(
                "connect", f"cannot connect to {url} within {CONNECT_TIMEOUT_S:g} s", retryable=True, from_server=False
            )
        return CallFailed("timeout", msg, retryable=True, from_server=False)
    cause = exc.__cause__
    if isinstance(exc, UnicodeEncodeError) or isinstance(cause, httpx2.LocalProtocolError):
        # an illegal header value (a key with a CR, say): every request would fail the same way, so this
        # is not a connection error to retry for minutes
        detail = scrub(str(cause if cause is not None else exc))[:300]
        return CallFailed(
            "unsendable", f"the request to {url} cannot be sent: {detail}", retryable=False, from_server=False
        )
    if isinstance(exc, openai.APIConnectionError):
        detail = scrub(str(cause))[:300] if cause is not None else msg
        if isinstance(cause, httpx2.ConnectError):  # refused, DNS failure, unreachable network: nobody answers
            return CallFailed("connect", f"cannot connect to {url}: {detail}", retryable=True, from_server=False)
        return CallFailed("connection", f"{url}: {detail}", retryable=True, from_server=False)
    if isinstance(exc, (json.JSONDecodeError, openai.APIResponseValidationError)):
        return CallFailed("malformed", msg, retryable=True)
    return CallFailed("unexpected", f"{type(exc).__name__}: {msg}", retryable=False, from_server=False)


def _malformed(what: str) -> CallFailed:
    return CallFailed("malformed", f"the reply is not a chat completion: {what}", retryable=True)


def _token_count(usage: Any, field: str) -> int | None:
    value = usage.get(field) if isinstance(usage, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def parse_completion(body: bytes) -> Completion:
    """The text of a chat-completion reply body, or :class:`CallFailed` saying why it is unusable.

    The body is read as plain JSON rather than through the SDK's models, which accept anything
    (an HTML page becomes a string, a list of parts or a number becomes the "content"): the only
    readable answer is ``choices[0].message.content`` being a string. A reply without choices is
    ``empty`` and one whose content is null ``no_content``; every other shape is ``malformed``.
    """
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        head = body[:60].decode("utf-8", "replace")
        raise _malformed(f"the body is not JSON (starts {head!r})") from None
    if not isinstance(data, dict):
        raise _malformed(f"top level is a {type(data).__name__}, not an object")
    choices = data.get("choices")
    if choices is None:
        raise _malformed("no 'choices' field")
    if not isinstance(choices, list):
        raise _malformed(f"'choices' is a {type(choices).__name__}, not a list")
    if not choices:
        raise CallFailed("empty", "the reply had no choices", retryable=True)
    choice = choices[0]
    message = choice.get("message") if isinstance(choice, dict) else None
    if not isinstance(message, dict):
        raise _malformed(f"choices[0].message is {type(message).__name__}, not an object")
    finish = choice.get("finish_reason")
    if "content" not in message:
        raise _malformed("choices[0].message has no 'content' field")
    text = message["content"]
    if text is None:
        raise CallFailed("no_content", f"the reply had no text (finish_reason={finish})", retryable=False)
    if not isinstance(text, str):
        raise _malformed(f"choices[0].message.content is a {type(text).__name__}, not a string")
    usage = data.get("usage")
    return Completion(
        text=text,
        finish_reason=finish if isinstance(finish, str) else None,
        prompt_tokens=_token_count(usage, "prompt_tokens"),
        completion_tokens=_token_count(usage, "completion_tokens"),
    )


class ChatBackend:
    """Sends chat requests through an SDK client built by :meth:`_client`."""

    def __init__(self, model: ModelConfig, generation: dict[str, Any], timeout_s: float) -> None:
        self.model = model
        self.generation = dict(generation)
        self.timeout_s = timeout_s
        self.scrub: Callable[[str], str] = lambda text: text  # masks the key once one is read
        self._sdk: Any = None

    def _client(self, key: str) -> Any:
        raise NotImplementedError

    def _model_arg(self) -> str:
        return str(self.model.model)

    def _timeout(self) -> httpx2.Timeout:
        """The per-attempt timeout, with a short connect phase so an unreachable host fails fast."""
        import httpx2

        return httpx2.Timeout(self.timeout_s, connect=min(CONNECT_TIMEOUT_S, self.timeout_s))

    def open(self) -> None:
        """Read and check the key (:class:`ConfigError` naming its variable) and build the SDK client."""
        key = read_key(str(self.model.api_key_env))
        self.scrub = key.scrub
        self._sdk = self._client(key.value)

    async def close(self) -> None:
        if self._sdk is not None:
            await self._sdk.close()
            self._sdk = None

    def _body(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        gen = dict(self.generation)
        extra = gen.pop("extra_body", None) or {}
        return {"model": self._model_arg(), "messages": messages, **gen, **extra}

    @property
    def url(self) -> str:
        """Where requests go, for messages (never contains the key)."""
        return str(self.model.base_url or self.model.endpoint)

    async def complete(self, messages: list[dict[str, Any]]) -> Completion:
        """One attempt; raises :class:`CallFailed` (scrubbed) on any failure.

        The body is posted as built (it is already in wire format) rather than through
        ``chat.completions.create``, whose generic parameter transformation walks every message
        and costs ~9 ms of CPU per request with an inlined image: on a small machine that alone
        kept throughput below 80 % of what the concurrency allows. Errors, auth and Azure routing
        are the SDK's own; the reply body is read by :func:`parse_completion`.
        """
        import httpx2

        try:
            resp = await self._sdk.post("/chat/completions", body=self._body(messages), cast_to=httpx2.Response)
            body = await resp.aread()
        except Exception as exc:  # every SDK failure becomes a counted, scrubbed CallFailed
            raise _classify(exc, self.scrub, self.url) from None
        try:
            return parse_completion(body)
        except CallFailed as failure:  # an odd reply may quote anything, the key included
            raise failure.scrubbed(self.scrub) from None


class OpenAICompatBackend(ChatBackend):
    """OpenAI, OpenRouter, vLLM, Ollama, LM Studio: anything serving ``/chat/completions``."""

    def _client(self, key: str) -> Any:
        import openai

        return openai.AsyncOpenAI(base_url=self.model.base_url, api_key=key, max_retries=0, timeout=self._timeout())


class AzureBackend(ChatBackend):
    """Azure OpenAI: requests go to the deployment; the model argument is the deployment name."""

    def _client(self, key: str) -> Any:
        import openai

        return openai.AsyncAzureOpenAI(
            azure_endpoint=self.model.endpoint,
            api_version=self.model.api_version,
            azure_deployment=self.model.deployment,
            api_key=key,
            max_retries=0,
            timeout=self._timeout(),
        )

    def _model_arg(self) -> str:
        return str(self.model.deployment)


def make_backend(model: ModelConfig, generation: dict[str, Any], timeout_s: float) -> ChatBackend:
    if model.backend == "openai":
        return OpenAICompatBackend(model, generation, timeout_s)
    if model.backend == "azure":
        return AzureBackend(model, generation, timeout_s)
    raise ValueError(f"backend '{model.backend}' is not an HTTP backend")
