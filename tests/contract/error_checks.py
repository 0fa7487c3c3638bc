"""The contract suite's own Schemathesis checks, loaded by the CLI through
SCHEMATHESIS_HOOKS (test_schemathesis.py sets it to this file).

Error answers speak the API's words: every 4xx JSON error's message is free of the
JSON decoder's wording (Swift type names, coding keys, Foundation's "The given data
was not valid JSON."), and a 400 about a request whose body was a JSON object names
the field at fault (`error.field`). Before, 1,352 of 2,114 4xx answers to malformed
JSON read like ``Type mismatch for `defaultRestSeconds` key, expected `Int` type.``
with `field: null`.

Every 4xx answer is also written (one JSON line each) to the file named by
SPOTTER_CONTRACT_ERRORS, when set, for the counts the suite reports.
"""

from __future__ import annotations

import json
import os

import schemathesis

DECODER_WORDS = ("Type mismatch", "CodingKeys", "expected `", "The given data", "Swift", "keyNotFound", "Int`")


def _error_of(response) -> dict | None:
    """The `error` object of a JSON error answer, if it is one."""
    if "json" not in ";".join(response.headers.get("content-type", [])):
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        return None
    error = body.get("error") if isinstance(body, dict) else None
    return error if isinstance(error, dict) else None


def _object_body_of(request) -> dict | None:
    """The request's body when it was a JSON object sent as JSON."""
    if "json" not in (request.headers.get("Content-Type") or "") or not request.body:
        return None
    try:
        body = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return None
    return body if isinstance(body, dict) else None


def _record(response, case, error: dict, leaked: list[str], object_body: bool) -> None:
    path = os.environ.get("SPOTTER_CONTRACT_ERRORS")
    if not path:
        return
    body = response.request.body
    line = {
        "operation": case.operation.label,
        "url": response.request.url,
        "body": body.decode("utf-8", "replace") if isinstance(body, bytes) else body,
        "status": response.status_code,
        "code": error.get("code"),
        "message": error.get("message"),
        "field": error.get("field"),
        "leaked": leaked,
        "object_body": object_body,
    }
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(line, sort_keys=True) + "\n")


@schemathesis.check
def error_answers_in_the_apis_words(ctx, response, case):
    """A 4xx JSON error never shows the decoder's wording; a 400 about a JSON object body names a field."""
    if not 400 <= response.status_code < 500:
        return None
    error = _error_of(response)
    if error is None:
        return None
    message = str(error.get("message") or "")
    leaked = [word for word in DECODER_WORDS if word in message]
    object_body = _object_body_of(response.request) is not None
    _record(response, case, error, leaked, object_body)
    if leaked:
        raise AssertionError(f"The {response.status_code} answer speaks the decoder's words ({', '.join(leaked)}): {message!r}")
    if response.status_code == 400 and object_body and error.get("field") is None:
        raise AssertionError(f"The 400 answer to a JSON object body names no field: {message!r}")
    return None
