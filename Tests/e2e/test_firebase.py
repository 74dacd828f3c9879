"""End-to-end tests of the Firebase-compatible API: a real `genkan serve --firebase-project`,
driven by the Firebase Admin SDK for Python and by plain HTTP as the client SDKs call it.

Run by `make test`:  .venv/bin/python Tests/e2e/test_firebase.py

- AdminSDK (`--firebase-emulator`, `FIREBASE_AUTH_EMULATOR_HOST`): create, get (by uid and by
  address), update, list and delete users; a password-reset link from
  `generate_password_reset_link` opened and used on Genkan's own reset page, after which the new
  password signs in through the API and the old one does not; an ID token from
  `accounts:signInWithPassword` verified by `auth.verify_id_token` (with `check_revoked`).
- SignedTokens (no emulator): the ID token's Ed25519 signature and claims checked independently
  with PyJWT and `cryptography` against the JWKS the server publishes; a token with a changed
  payload fails; the same account signs in on the web page.
"""

import http.cookiejar
import json
import os
import re
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import run_tests  # noqa: E402
from test_site import Server  # noqa: E402

PROJECT = "demo-genkan"
PASSWORD = "correct horse battery staple"
NEW_PASSWORD = "maple syrup over pancakes 42"


def firebase_server(directory, emulator):
    """`genkan serve` with the API for PROJECT, in emulator mode or not."""
    return Server(directory, ["--firebase-project", PROJECT] + (["--firebase-emulator"] if emulator else []))


def start_admin_sdk(server, name):
    """The Admin SDK pointed at `server` in emulator mode (`FIREBASE_AUTH_EMULATOR_HOST`), with an
    app `name` for PROJECT: (the auth module, the app)."""
    os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = f"127.0.0.1:{server.port}"
    import firebase_admin
    from firebase_admin import auth
    return auth, firebase_admin.initialize_app(options={"projectId": PROJECT}, name=name)


def stop_admin_sdk(app):
    """Deletes the app `start_admin_sdk` made and forgets the emulator's address."""
    import firebase_admin
    firebase_admin.delete_app(app)
    del os.environ["FIREBASE_AUTH_EMULATOR_HOST"]


class FirebaseServer:
    """The class fixture of a test case: `firebase_server` in a temporary directory; in emulator
    mode (`emulator`), with the Admin SDK's app `admin_app` pointed at it as `cls.auth`, `cls.app`."""

    emulator = True
    admin_app = "genkan-e2e"

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.TemporaryDirectory()
        cls.server = firebase_server(cls.directory.name, cls.emulator)
        cls.server.start()
        if cls.emulator:
            cls.auth, cls.app = start_admin_sdk(cls.server, cls.admin_app)

    @classmethod
    def tearDownClass(cls):
        if cls.emulator:
            stop_admin_sdk(cls.app)
        cls.server.stop()
        cls.directory.cleanup()


def call(base, path, fields, headers=None):
    """POSTs JSON as the client SDKs do; returns (status, parsed body)."""
    request = urllib.request.Request(
        base + path + "?key=fake-api-key", data=json.dumps(fields).encode(),
        headers={"Content-Type": "application/json", **(headers or {})}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def sign_in(server, email, password):
    return call(server.url, "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword",
                {"email": email, "password": password, "returnSecureToken": True})


class Browser:
    """urllib with cookies, following no redirects (the reset page's form needs its cookie)."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *arguments):
            return None

    def __init__(self):
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), self.NoRedirect())

    def open(self, url, form=None):
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with self.opener.open(url, data=data, timeout=10) as response:
                return response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode()


def hidden_fields(page):
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))


class AdminSDK(FirebaseServer, unittest.TestCase):
    emulator = True

    def test_users_created_read_updated_listed_and_deleted(self):
        auth = self.auth
        user = auth.create_user(email="taro@example.com", password=PASSWORD, display_name="Taro", app=self.app)
        self.assertEqual(user.email, "taro@example.com")
        self.assertEqual(user.display_name, "Taro")
        self.assertFalse(user.email_verified)
        self.assertEqual(auth.get_user_by_email("TARO@example.com", app=self.app).uid, user.uid)
        with self.assertRaises(auth.EmailAlreadyExistsError):
            auth.create_user(email="taro@example.com", password=PASSWORD, app=self.app)
        updated = auth.update_user(user.uid, display_name="Jiro", email_verified=True, app=self.app)
        self.assertEqual(updated.display_name, "Jiro")
        self.assertTrue(updated.email_verified)
        other = auth.create_user(email="hanako@example.com", password=PASSWORD, app=self.app)
        listed = [record.email for record in auth.list_users(app=self.app).iterate_all()]
        self.assertIn("taro@example.com", listed)
        self.assertIn("hanako@example.com", listed)
        page = auth.list_users(max_results=1, app=self.app)
        self.assertEqual(len(page.users), 1)
        self.assertTrue(page.has_next_page)
        auth.delete_user(other.uid, app=self.app)
        with self.assertRaises(auth.UserNotFoundError):
            auth.get_user(other.uid, app=self.app)
        # The account made by the Admin SDK signs in through the API.
        status, body = sign_in(self.server, "taro@example.com", PASSWORD)
        self.assertEqual(status, 200, body)

    def test_a_reset_link_works_on_genkans_reset_page(self):
        auth = self.auth
        auth.create_user(email="reset@example.com", password=PASSWORD, app=self.app)
        link = auth.generate_password_reset_link("reset@example.com", app=self.app)
        self.assertTrue(link.startswith(self.server.url + "/password/reset?code="), link)
        browser = Browser()
        status, _, page = browser.open(link)
        self.assertEqual(status, 200)
        fields = hidden_fields(page)
        self.assertIn("csrf", fields)
        fields.update({"new-password": NEW_PASSWORD, "password-confirmation": NEW_PASSWORD})
        status, headers, _ = browser.open(self.server.url + "/password/reset", fields)
        self.assertEqual(status, 303, "the reset page refused the Admin SDK's link")
        self.assertEqual(sign_in(self.server, "reset@example.com", NEW_PASSWORD)[0], 200)
        status, body = sign_in(self.server, "reset@example.com", PASSWORD)
        self.assertEqual(body["error"]["message"], "INVALID_LOGIN_CREDENTIALS")
        # The link is used up.
        status, _, _ = browser.open(link)
        self.assertNotEqual(status, 200)

    def test_an_id_token_from_sign_in_verifies(self):
        auth = self.auth
        user = auth.create_user(email="token@example.com", password=PASSWORD, display_name="Token", app=self.app)
        status, body = sign_in(self.server, "token@example.com", PASSWORD)
        self.assertEqual(status, 200, body)
        claims = auth.verify_id_token(body["idToken"], app=self.app, check_revoked=True)
        self.assertEqual(claims["uid"], user.uid)
        self.assertEqual(claims["email"], "token@example.com")
        self.assertEqual(claims["firebase"]["sign_in_provider"], "password")
        self.assertEqual(claims["aud"], PROJECT)
        # Revoked by a password change: check_revoked says so.
        time.sleep(1.1)
        auth.update_user(user.uid, password=NEW_PASSWORD, app=self.app)
        with self.assertRaises(auth.RevokedIdTokenError):
            auth.verify_id_token(body["idToken"], app=self.app, check_revoked=True)


class SignedTokens(FirebaseServer, unittest.TestCase):
    emulator = False

    def test_the_signature_verifies_with_the_published_key(self):
        import base64
        import jwt
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        status, body = call(self.server.url, "/identitytoolkit.googleapis.com/v1/accounts:signUp",
                            {"email": "signed@example.com", "password": PASSWORD, "displayName": "Signed"})
        self.assertEqual(status, 200, body)
        token = body["idToken"]
        with urllib.request.urlopen(self.server.url + "/securetoken.googleapis.com/v1/jwks", timeout=10) as response:
            jwks = json.load(response)
        self.assertEqual(len(jwks["keys"]), 1)
        key = jwks["keys"][0]
        self.assertEqual((key["kty"], key["crv"], key["alg"]), ("OKP", "Ed25519", "EdDSA"))

        # PyJWT: signature, audience, issuer and expiry.
        claims = jwt.decode(token, jwt.PyJWK(key).key, algorithms=["EdDSA"], audience=PROJECT,
                            issuer=f"https://securetoken.google.com/{PROJECT}")
        self.assertEqual(claims["user_id"], body["localId"])
        self.assertEqual(claims["exp"] - claims["iat"], 3600)
        self.assertEqual(jwt.get_unverified_header(token)["kid"], key["kid"])

        # cryptography directly, and a changed payload.
        def unb64(text):
            return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

        public = Ed25519PublicKey.from_public_bytes(unb64(key["x"]))
        header, payload, signature = token.split(".")
        public.verify(unb64(signature), f"{header}.{payload}".encode())
        forged = dict(claims, user_id="999", sub="999")
        forged_payload = base64.urlsafe_b64encode(json.dumps(forged).encode()).rstrip(b"=").decode()
        with self.assertRaises(InvalidSignature):
            public.verify(unb64(signature), f"{header}.{forged_payload}".encode())
        status, answer = call(self.server.url, "/identitytoolkit.googleapis.com/v1/accounts:lookup",
                              {"idToken": f"{header}.{forged_payload}.{signature}"})
        self.assertEqual(answer["error"]["message"], "INVALID_ID_TOKEN")

        # The account signs in on the web page.
        browser = Browser()
        _, _, page = browser.open(self.server.url + "/signin")
        fields = hidden_fields(page)
        fields.update({"email": "signed@example.com", "password": PASSWORD})
        status, headers, _ = browser.open(self.server.url + "/signin", fields)
        self.assertEqual(status, 303)
        self.assertEqual(headers["Location"], "/account")


if __name__ == "__main__":
    run_tests()
