"""A local OpenID provider for the browser tests, speaking what Google publishes: discovery,
authorize (it signs the person in at once and sends them back with a code), the token endpoint
(checks the client secret, the redirect URI and the PKCE verifier, S256) and JWKS. Its RS256 ID
tokens carry the nonce the authorize request asked for."""
import base64
import hashlib
import json
import secrets
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Provider:
    def __init__(self, client_id, client_secret, person):
        self.client_id, self.client_secret, self.person = client_id, client_secret, person
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.grants, self.refusals = {}, []
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def reply(self, status, body, content_type="application/json", headers=()):
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers:
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                url = urllib.parse.urlsplit(self.path)
                if url.path == "/.well-known/openid-configuration":
                    return self.reply(200, {"issuer": provider.issuer, "authorization_endpoint": provider.issuer + "/authorize",
                                            "token_endpoint": provider.issuer + "/token", "jwks_uri": provider.issuer + "/jwks"})
                if url.path == "/jwks":
                    numbers = provider.key.public_key().public_numbers()
                    n = numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big")
                    return self.reply(200, {"keys": [{"kty": "RSA", "kid": "op", "alg": "RS256", "use": "sig", "n": b64url(n), "e": "AQAB"}]})
                if url.path == "/authorize":
                    q = dict(urllib.parse.parse_qsl(url.query))
                    if q.get("client_id") != provider.client_id or q.get("code_challenge_method") != "S256" or "state" not in q:
                        return self.reply(400, b"invalid_request", "text/plain")
                    code = secrets.token_urlsafe(16)
                    provider.grants[code] = {"redirect": q["redirect_uri"], "nonce": q.get("nonce"), "challenge": q["code_challenge"]}
                    back = q["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": q["state"]})
                    return self.reply(302, b"", "text/plain", [("Location", back)])
                return self.reply(404, {"error": "not_found"})

            def do_POST(self):
                form = dict(urllib.parse.parse_qsl(self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()))
                grant = provider.grants.pop(form.get("code"), None)
                reason = ("unknown code" if grant is None else
                          "client" if form.get("client_id") != provider.client_id or form.get("client_secret") != provider.client_secret else
                          "redirect" if form.get("redirect_uri") != grant["redirect"] else
                          "PKCE" if b64url(hashlib.sha256(form.get("code_verifier", "").encode()).digest()) != grant["challenge"] else None)
                if reason:
                    provider.refusals.append(reason)
                    return self.reply(400, {"error": "invalid_grant", "error_description": reason})
                now = int(time.time())
                claims = {"iss": provider.issuer, "aud": provider.client_id, "iat": now, "exp": now + 600, "nonce": grant["nonce"],
                          **provider.person}
                header = b64url(json.dumps({"alg": "RS256", "kid": "op", "typ": "JWT"}).encode())
                payload = b64url(json.dumps(claims).encode())
                signature = provider.key.sign(f"{header}.{payload}".encode(), padding.PKCS1v15(), hashes.SHA256())
                return self.reply(200, {"access_token": "at", "token_type": "Bearer", "id_token": f"{header}.{payload}.{b64url(signature)}"})

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.issuer = f"http://127.0.0.1:{self.http.server_address[1]}"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def stop(self):
        self.http.shutdown()
