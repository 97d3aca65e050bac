"""Schemathesis hooks for the fuzz run: an upload's body is the file's bytes as they are, under any
of the media types the document names (the server reads the bytes, not the Content-Type); and in
the signed-in runs, an access token signed in for afresh every five minutes (one lasts fifteen),
so a long run never turns into a signed-out one."""
import json
import os
import urllib.request

import schemathesis

MEDIA = ["video/mp4", "video/quicktime", "video/webm", "image/jpeg", "image/png", "image/webp", "image/heic",
         "audio/mp4", "audio/webm", "audio/ogg", "audio/mpeg", "audio/wav", "application/zip", "application/xml", "text/xml"]


@schemathesis.serializer(*MEDIA)
def raw_bytes(ctx, value):
    if isinstance(value, bytes):
        return value
    return str(value).encode()


# CPython 3.11.7 (the Python here) can raise "SystemError: AST constructor recursion depth
# mismatch" from ast.parse deep in a stack (fixed in later 3.11/3.12 releases). Hypothesis parses
# source only to describe a lambda in its reports, and a large nested schema (a training
# session) reaches that; the run then reports an internal error instead of a result. A
# description it cannot make is "<unknown>", as Hypothesis itself says when confused.
from hypothesis.internal import lambda_sources  # noqa: E402

_describe = lambda_sources._lambda_description


def _described_or_unknown(f, *args, **kwargs):
    try:
        return _describe(f, *args, **kwargs)
    except SystemError:
        return "lambda: <unknown>"


lambda_sources._lambda_description = _described_or_unknown


@schemathesis.auth(refresh_interval=300)
class SignedIn:
    """The run's person (YARUKI_FUZZ_EMAIL and _PASSWORD at YARUKI_FUZZ_URL), signed in again
    every five minutes and whenever the server answers 401; nobody when they are not set."""

    def get(self, case, context):
        url, email = os.environ.get("YARUKI_FUZZ_URL"), os.environ.get("YARUKI_FUZZ_EMAIL")
        if not url or not email:
            return None
        body = json.dumps({"email": email, "password": os.environ["YARUKI_FUZZ_PASSWORD"], "device": "schemathesis"}).encode()
        request = urllib.request.Request(url + "/v1/auth/login", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as reply:
            return json.load(reply)["accessToken"]

    def set(self, case, data, context):
        if data is None:
            return
        # Replacing whatever was generated: the document names a bearer scheme, so Schemathesis
        # makes up an Authorization header of its own, and keeping that one made every
        # "signed-in" request a signed-out one (the ignored_auth check still sends its own without).
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"
