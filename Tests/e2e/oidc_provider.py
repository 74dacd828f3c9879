"""A real OpenID provider for Genkan's tests: `oidc-provider-mock` (RS256, nonce, the code flow)
run in this process, with what Google and Apple do that the mock does not, added around it:

- PKCE: the code_challenge of each authorization is kept with its code, and the token request's
  code_verifier must match it (S256), or the token endpoint answers invalid_grant;
- --apple: `response_mode=form_post` (the browser gets a page that POSTs code and state to the
  redirect URI, by script or by its button without JavaScript), Apple's `user` field with the name
  on a subject's first authorization only, and Apple's client secret: the token request must carry
  an ES256 JWT signed by the key in --apple-public-key (iss the team, sub the client, aud the
  issuer, a lifetime of at most 10 minutes);
- for the cases a provider only produces by accident, control endpoints under /_test/: `rotate`
  replaces the signing key (a new kid in the JWKS), `tamper` makes the next ID token carry other
  claims (re-signed with the provider's key) or be signed with a key the JWKS does not have, and
  `log` returns what the token endpoint saw.

    .venv/bin/python Tests/e2e/oidc_provider.py [--apple --apple-public-key PEM --apple-team-id ID]
Prints `READY <port>` once it listens on 127.0.0.1 (a free port), and stops when stdin closes."""

import argparse
import base64
import hashlib
import html
import json
import os
import sys
import threading
import time
import urllib.parse

import oidc_provider_mock
import oidc_provider_mock._app as mock_app
import werkzeug.serving
from authlib import jose
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

# The mock's own command line sets this; authlib refuses plain HTTP without it.
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"

STORAGES = []


class RecordedStorage(mock_app.Storage):
    """The mock's storage, remembered so the harness can reach its signing key."""

    def __init__(self):
        super().__init__()
        STORAGES.append(self)


mock_app.Storage = RecordedStorage


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Harness:
    def __init__(self, app, options):
        self.app = app
        self.options = options
        self.lock = threading.Lock()
        self.challenges = {}  # code -> code_challenge
        self.tamper = None
        self.seen_subjects = set()
        self.log = []
        self.apple_key = None
        if options.apple_public_key:
            with open(options.apple_public_key, "rb") as file:
                self.apple_key = serialization.load_pem_public_key(file.read())

    @property
    def storage(self):
        return STORAGES[0]

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        method = environ["REQUEST_METHOD"]
        if path.startswith("/_test/"):
            return self.control(path, environ, start_response)
        if path == "/oauth2/token" and method == "POST":
            return self.token(environ, start_response)
        if path == "/oauth2/authorize":
            return self.authorize(environ, start_response)
        if path == "/.well-known/openid-configuration" and self.options.apple:
            return self.apple_discovery(environ, start_response)
        return self.app(environ, start_response)

    # -- control

    def control(self, path, environ, start_response):
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        with self.lock:
            if path == "/_test/rotate":
                self.storage.jwk = jose.RSAKey.generate_key(is_private=True)
                answer = {"kid": self.storage.jwk.as_dict()["kid"]}
            elif path == "/_test/tamper":
                self.tamper = json.loads(body or b"{}")
                answer = {}
            elif path == "/_test/log":
                answer = {"log": self.log}
            else:
                start_response("404 Not Found", [("Content-Type", "text/plain")])
                return [b"no such control"]
        start_response("200 OK", [("Content-Type", "application/json")])
        return [json.dumps(answer).encode()]

    def apple_discovery(self, environ, start_response):
        """The mock's discovery document with what Apple's says of its token endpoint and answers."""
        captured = {}

        def capture(status, headers, exc_info=None):
            captured["status"], captured["headers"] = status, headers
            return lambda data: None

        document = json.loads(b"".join(self.app(environ, capture)))
        document["token_endpoint_auth_methods_supported"] = ["client_secret_post"]
        document["response_modes_supported"] = ["query", "fragment", "form_post"]
        body = json.dumps(document).encode()
        start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))])
        return [body]

    # -- authorization: PKCE and form_post

    def authorize(self, environ, start_response):
        query = urllib.parse.parse_qs(environ.get("QUERY_STRING", ""))
        challenge = query.get("code_challenge", [None])[0]
        method = query.get("code_challenge_method", [None])[0]
        form_post = query.get("response_mode", [None])[0] == "form_post"
        captured = {}

        def capture(status, headers, exc_info=None):
            captured["status"], captured["headers"] = status, headers
            return lambda data: None

        chunks = list(self.app(environ, capture))
        location = dict((name.lower(), value) for name, value in captured["headers"]).get("location")
        if location and captured["status"].startswith("302"):
            parsed = urllib.parse.urlsplit(location)
            answer = urllib.parse.parse_qs(parsed.query)
            code = answer.get("code", [None])[0]
            if code:
                with self.lock:
                    self.challenges[code] = (challenge, method)
            if form_post:
                return self.form_post(parsed, answer, environ, start_response)
        start_response(captured["status"], captured["headers"])
        return chunks

    def form_post(self, parsed, answer, environ, start_response):
        """Apple's answer: a page whose form POSTs the code and state to the redirect URI."""
        target = urllib.parse.urlunsplit((parsed.scheme, parsed.netloc, parsed.path, "", ""))
        fields = {name: values[0] for name, values in answer.items()}
        sub = self.last_subject
        with self.lock:
            first = sub not in self.seen_subjects
            self.seen_subjects.add(sub)
        if first and "code" in fields and self.options.apple_user_name:
            first_name, _, last_name = self.options.apple_user_name.partition(" ")
            fields["user"] = json.dumps({"name": {"firstName": first_name, "lastName": last_name}, "email": sub})
        inputs = "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">' for k, v in fields.items())
        page = (f'<!doctype html><html lang="en"><title>Apple</title><body><main>'
                f'<form id="form_post" method="post" action="{html.escape(target)}">{inputs}'
                f'<button type="submit">Continue</button></form>'
                f'<script>document.getElementById("form_post").submit()</script></main></body></html>')
        start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
        return [page.encode()]

    # -- token endpoint: PKCE, Apple's client secret, tampering

    def token(self, environ, start_response):
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        form = {name: values[0] for name, values in urllib.parse.parse_qs(body.decode()).items()}
        entry = {"auth": "basic" if environ.get("HTTP_AUTHORIZATION", "").startswith("Basic ") else "post",
                 "pkce": None, "client_secret": None}
        with self.lock:
            challenge, method = self.challenges.pop(form.get("code"), (None, None))
        verifier = form.get("code_verifier")
        if challenge is not None:
            computed = b64url(hashlib.sha256((verifier or "").encode()).digest())
            entry["pkce"] = method == "S256" and computed == challenge
            if not entry["pkce"]:
                return self.refuse(start_response, entry, "invalid_grant", "PKCE verification failed")
        if self.apple_key is not None:
            problem = self.check_apple_secret(form.get("client_secret", ""), form.get("client_id", ""))
            entry["client_secret"] = problem or "ok"
            if problem:
                return self.refuse(start_response, entry, "invalid_client", problem, status="401 Unauthorized")
        environ["wsgi.input"] = __import__("io").BytesIO(body)
        captured = {}

        def capture(status, headers, exc_info=None):
            captured["status"], captured["headers"] = status, headers
            return lambda data: None

        chunks = b"".join(self.app(environ, capture))
        with self.lock:
            tamper, self.tamper = self.tamper, None
            self.log.append(entry)
        if captured["status"].startswith("200"):
            # The mock signs without `kid`; Google and Apple name the key, so the token is signed
            # again with the same key and its kid (and with the changes a test asked for).
            document = json.loads(chunks)
            document["id_token"] = self.retouched(document["id_token"], tamper or {})
            chunks = json.dumps(document).encode()
            captured["headers"] = [(n, v) for n, v in captured["headers"] if n.lower() != "content-length"]
            captured["headers"].append(("Content-Length", str(len(chunks))))
        start_response(captured["status"], captured["headers"])
        return [chunks]

    def refuse(self, start_response, entry, error, description, status="400 Bad Request"):
        with self.lock:
            self.log.append(entry)
        start_response(status, [("Content-Type", "application/json")])
        return [json.dumps({"error": error, "error_description": description}).encode()]

    def retouched(self, id_token, tamper):
        header = json.loads(b64url_decode(id_token.split(".")[0]))
        claims = json.loads(b64url_decode(id_token.split(".")[1]))
        now = int(time.time())
        for name, value in tamper.get("claims", {}).items():
            claims[name] = now + value["relative"] if isinstance(value, dict) and "relative" in value else value
        key = self.storage.jwk
        if tamper.get("unknown_key"):
            key = jose.RSAKey.generate_key(is_private=True)
        header = {"alg": "RS256", "kid": key.as_dict()["kid"], "typ": header.get("typ", "JWT")}
        token = jose.JsonWebToken(["RS256"]).encode(header, claims, key.as_dict(is_private=True))
        return token.decode() if isinstance(token, bytes) else token

    def check_apple_secret(self, secret, client_id):
        try:
            head, payload, signature = secret.split(".")
            header = json.loads(b64url_decode(head))
            claims = json.loads(b64url_decode(payload))
            raw = b64url_decode(signature)
            if header.get("alg") != "ES256" or header.get("kid") != self.options.apple_key_id:
                return f"client secret header {header}"
            if len(raw) != 64:
                return "client secret signature is not r||s"
            der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
            self.apple_key.verify(der, f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
        except (ValueError, InvalidSignature) as error:
            return f"client secret does not verify: {error!r}"
        now = int(time.time())
        if claims.get("iss") != self.options.apple_team_id or claims.get("sub") != client_id:
            return f"client secret names {claims.get('iss')}/{claims.get('sub')}"
        if claims.get("aud") != self.issuer:
            return f"client secret audience {claims.get('aud')}"
        if not (claims["iat"] <= now + 60 and now < claims["exp"] <= claims["iat"] + 600):
            return "client secret lifetime"
        return None

    @property
    def last_subject(self):
        recent = self.storage.get_recent_subjects()
        return recent[0] if recent else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--apple", action="store_true")
    parser.add_argument("--apple-public-key")
    parser.add_argument("--apple-team-id")
    parser.add_argument("--apple-key-id")
    parser.add_argument("--apple-user-name", default="")
    parser.add_argument("--host-name", default="127.0.0.1", help="the issuer's host (localhost makes it another site)")
    parser.add_argument("--user", action="append", default=[], help="a predefined subject's claims as JSON")
    options = parser.parse_args()
    users = [oidc_provider_mock.User(sub=claims.pop("sub"), claims=claims) for claims in map(json.loads, options.user)]
    app = oidc_provider_mock.app(require_nonce=True, user_claims=users)
    harness = Harness(app.wsgi_app, options)
    app.wsgi_app = harness
    server = werkzeug.serving.make_server("127.0.0.1", 0, app, threaded=True)
    port = server.server_port
    harness.issuer = f"http://{options.host_name}:{port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    print(f"READY {port}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
