"""The HTTP runtime of this SDK: requests, tokens, errors, pages and signed-URL files.

The same for every generated project (the client module beside it is generated from the
project's API). Standard library only (urllib), Python 3.9+.
"""

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Tuple, Type

__all__ = [
    "ApiError",
    "ValidationError",
    "UnauthorizedError",
    "ForbiddenError",
    "NotFoundError",
    "ConflictError",
    "PayloadTooLargeError",
    "UnsupportedMediaTypeError",
    "RateLimitedError",
    "ServerError",
    "NetworkError",
    "BaseClient",
]


class ApiError(Exception):
    """An error answer of the API: its HTTP status, machine code and message."""

    def __init__(self, status: int, code: str, message: str, details: Optional[List[Dict[str, Any]]] = None, retry_after: Optional[int] = None) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details or []
        self.retry_after = retry_after


class ValidationError(ApiError):
    """400: the request was refused (details say which input and why)."""


class UnauthorizedError(ApiError):
    """401: a missing, invalid or expired token, or wrong credentials."""


class ForbiddenError(ApiError):
    """403: the caller's role or level does not allow it, or the account is not confirmed."""


class NotFoundError(ApiError):
    """404: no such record, or not visible to the caller."""


class ConflictError(ApiError):
    """409: the request conflicts with the current state."""


class PayloadTooLargeError(ApiError):
    """413: a body or file over its limit."""


class UnsupportedMediaTypeError(ApiError):
    """415: a content type the API does not take."""


class RateLimitedError(ApiError):
    """429: too many requests (retry_after says how many seconds to wait)."""


class ServerError(ApiError):
    """5xx: the API failed; the request may be retried later."""


class NetworkError(ApiError):
    """The API could not be reached or did not answer in time (status 0)."""


_ERRORS_BY_STATUS: Dict[int, Type[ApiError]] = {
    400: ValidationError,
    401: UnauthorizedError,
    403: ForbiddenError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    415: UnsupportedMediaTypeError,
    429: RateLimitedError,
}


def _error_of(status: int, body: bytes, headers: Mapping[str, str]) -> ApiError:
    code, message, details = "HTTP_%d" % status, "HTTP %d" % status, None
    try:
        parsed = json.loads(body.decode("utf-8"))
        if isinstance(parsed, dict):
            code = str(parsed.get("code", code))
            message = str(parsed.get("error", message))
            details = parsed.get("details")
    except ValueError:
        pass
    retry_after = headers.get("Retry-After")
    kind = _ERRORS_BY_STATUS.get(status, ServerError if status >= 500 else ApiError)
    return kind(status, code, message, details, int(retry_after) if retry_after and retry_after.isdigit() else None)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    # An API answer is never a redirect; following one would resend the bearer token elsewhere.
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


class BaseClient:
    """Sends requests with the access token, and refreshes an expired one once, automatically."""

    #: The API's address (set by the generated client).
    DEFAULT_BASE_URL = ""
    #: The route that exchanges a refresh token for a new access token.
    REFRESH_PATH = "/auth/refresh"

    def __init__(self, base_url: Optional[str] = None, *, timeout: float = 30.0, access_token: Optional[str] = None, refresh_token: Optional[str] = None) -> None:
        self.base_url = (base_url or self.DEFAULT_BASE_URL).rstrip("/")
        self.timeout = timeout
        self.access_token = access_token
        self.refresh_token = refresh_token
        self.id_token: Optional[str] = None
        self._opener = urllib.request.build_opener(_NoRedirect)

    # --- tokens -------------------------------------------------------------------------------

    def _remember_tokens(self, tokens: Any) -> Any:
        """Keeps the tokens of a login or refresh answer for the next requests."""
        self.access_token = tokens.get("accessToken", self.access_token)
        self.refresh_token = tokens.get("refreshToken", self.refresh_token)
        self.id_token = tokens.get("idToken", self.id_token)
        return tokens

    def refresh(self) -> None:
        """Exchanges the refresh token for a new access token."""
        if not self.refresh_token:
            raise UnauthorizedError(401, "UNAUTHORIZED", "No refresh token: log in first")
        self._remember_tokens(self._send("POST", self.REFRESH_PATH, None, {"refreshToken": self.refresh_token}, False))

    # --- requests -----------------------------------------------------------------------------

    def _call(self, method: str, path: str, *, path_params: Optional[Mapping[str, str]] = None, query: Optional[Mapping[str, Any]] = None, body: Any = None, authenticated: bool = True) -> Any:
        for name, value in (path_params or {}).items():
            path = path.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        try:
            return self._send(method, path, query, body, authenticated)
        except UnauthorizedError as error:
            # An expired access token is refreshed once and the request sent again.
            if not authenticated or error.code != "TOKEN_EXPIRED" or not self.refresh_token:
                raise
            self.refresh()
            return self._send(method, path, query, body, authenticated)

    def _send(self, method: str, path: str, query: Optional[Mapping[str, Any]], body: Any, authenticated: bool) -> Any:
        url = self.base_url + path
        pairs = [(k, _query_value(v)) for k, v in (query or {}).items() if v is not None]
        if pairs:
            url += "?" + urllib.parse.urlencode(pairs)
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if authenticated and self.access_token:
            headers["Authorization"] = "Bearer " + self.access_token
        status, payload, _ = self._exchange(urllib.request.Request(url, data=data, headers=headers, method=method))
        return json.loads(payload.decode("utf-8")) if payload else None

    def _exchange(self, request: urllib.request.Request) -> Tuple[int, bytes, Mapping[str, str]]:
        try:
            with self._opener.open(request, timeout=self.timeout) as response:
                return response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            raise _error_of(error.code, error.read(), error.headers) from None
        except (urllib.error.URLError, OSError) as error:
            raise NetworkError(0, "NETWORK_ERROR", str(getattr(error, "reason", error))) from None

    # --- pages and files ----------------------------------------------------------------------

    def _iterate(self, list_page: Callable[..., Any], query: Dict[str, Any]) -> Iterator[Any]:
        """Every item of a list, page after page (following next_cursor)."""
        while True:
            page = list_page(**query)
            for item in page["items"]:
                yield item
            if not page.get("next_cursor"):
                return
            query = dict(query, cursor=page["next_cursor"])

    def upload_to_signed_url(self, upload_url: str, data: bytes, content_type: str) -> None:
        """Uploads bytes to a signed upload URL (no token: the URL is the permission)."""
        self._exchange(urllib.request.Request(upload_url, data=data, headers={"Content-Type": content_type, "Content-Length": str(len(data))}, method="PUT"))

    def download_from_signed_url(self, download_url: str) -> bytes:
        """Downloads the bytes behind a signed download URL."""
        return self._exchange(urllib.request.Request(download_url, method="GET"))[1]


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
