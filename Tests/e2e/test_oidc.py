"""Signing in with OpenID providers, end to end: `genkan serve` against two real providers run
locally (`oidc-provider-mock` from PyPI in Tests/e2e/oidc_provider.py, which adds PKCE checks,
Apple's form_post, `user` field and ES256 client secret, and control endpoints for key rotation
and tampered tokens), one configured as `google` and one as `apple`.

The provider cases are driven over HTTP with a cookie jar (each redirect looked at, so every
check is visible): success, a wrong state, a state from another browser, a replayed code, a token
for another audience, an expired token, a wrong nonce, an unknown kid (and a rotation that must
succeed), an address that already belongs to a password account (then linked from the settings),
Apple's form_post arriving without cookies. Then the journey in headless Chromium, in Japanese,
with JavaScript on and off: the sign-in page's button, the provider's page, back signed in.

Run by `make test`:  .venv/bin/python Tests/e2e/test_oidc.py"""

import base64
import email
import email.policy
import hashlib
import html
import http.cookiejar
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

sys.dont_write_bytecode = True  # no __pycache__ in the repository for the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import (  # noqa: E402
    ROOT, catalog, chromium, escaped, free_port, on_page, run_tests, start_serve, with_and_without_javascript)

ARTIFACTS = os.path.join(ROOT, "artifacts", "e2e", "oidc")
PYTHON = sys.executable


class Provider:
    """Tests/e2e/oidc_provider.py as a subprocess on a free loopback port."""

    def __init__(self, directory, name, host="127.0.0.1", extra=()):
        self.log = open(os.path.join(directory, f"{name}.log"), "ab")
        self.process = subprocess.Popen(
            [PYTHON, os.path.join(ROOT, "Tests", "e2e", "oidc_provider.py"), "--host-name", host, *extra],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log)
        line = self.process.stdout.readline().decode()
        if not line.startswith("READY "):
            raise RuntimeError(f"the {name} provider did not start: {line!r}")
        self.port = int(line.split()[1])
        self.issuer = f"http://{host}:{self.port}"

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)

    def call(self, path, body=None, method="POST"):
        data = json.dumps(body).encode() if body is not None else b""
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return json.loads(text) if text else None

    def user(self, sub, **claims):
        self.call("/users/" + urllib.parse.quote(sub, safe=""), claims, method="PUT")

    def tamper(self, **change):
        self.call("/_test/tamper", change)

    def rotate(self):
        return self.call("/_test/rotate", {})["kid"]

    def token_log(self):
        return self.call("/_test/log", None, method="GET")["log"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """A browser without script: a cookie jar, and every response returned as it is."""

    def __init__(self, language="en"):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())
        self.language = language

    def send(self, url, fields=None, cookies=True):
        data = urllib.parse.urlencode(fields).encode() if fields is not None else None
        request = urllib.request.Request(url, data=data, headers={"Accept-Language": self.language})
        opener = self.opener if cookies else urllib.request.build_opener(NoRedirect())
        try:
            response = opener.open(request, timeout=20)
        except urllib.error.HTTPError as error:
            response = error
        body = response.read().decode("utf-8", "replace")
        return response.status, response.headers, body

    def sign_up(self, genkan, name, email):
        """Makes a password account on `genkan`'s sign-up page; the status of the form's post."""
        _, _, page = self.send(genkan + "/signup")
        csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        status, _, _ = self.send(genkan + "/signup", {
            "csrf": csrf, "name": name, "email": email, "password": "correct horse battery staple",
            "password-confirmation": "correct horse battery staple"})
        return status

    def authorize(self, genkan, provider_name, sub, start=None, start_fields=None):
        """From Genkan's button (or a form posted to `start`) to the provider's answer: returns the
        callback URL (or the form_post page) the provider sends the browser to, without following it."""
        status, headers, _ = self.send(start or f"{genkan}/signin/{provider_name}", start_fields)
        assert status == 303, status
        authorization = headers["Location"]
        status, _, page = self.send(authorization)
        assert status == 200 and "Authorize" in page, (status, page[:200])
        return self.send(authorization, {"sub": sub})


def form_fields(page):
    return {name: html.unescape(value) for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page)}


class Site:
    """Both providers and `genkan serve` configured with them, shared by every test here."""

    def start(self):
        self.directory = tempfile.mkdtemp(prefix="genkan-oidc-")
        os.makedirs(ARTIFACTS, exist_ok=True)
        key = ec.generate_private_key(ec.SECP256R1())
        self.apple_key_file = os.path.join(self.directory, "AuthKey_KEY123.p8")
        with open(self.apple_key_file, "wb") as file:
            file.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                         serialization.NoEncryption()))
        public_file = os.path.join(self.directory, "apple-public.pem")
        with open(public_file, "wb") as file:
            file.write(key.public_key().public_bytes(serialization.Encoding.PEM,
                                                     serialization.PublicFormat.SubjectPublicKeyInfo))
        self.google = Provider(self.directory, "google")
        # Apple at `localhost`, Genkan at 127.0.0.1: two sites, so its form_post is cross-site.
        self.apple = Provider(self.directory, "apple", host="localhost", extra=[
            "--apple", "--apple-public-key", public_file, "--apple-team-id", "TEAM123", "--apple-key-id", "KEY123",
            "--apple-user-name", "Hanako Yamada"])
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = start_serve(
            ["--port", str(self.port), "--db", os.path.join(self.directory, "genkan.sqlite"),
             "--public", os.path.join(ROOT, "public"), "--outbox", os.path.join(self.directory, "outbox"),
             "--oidc", f"google={self.google.issuer}", "--oidc-client-id", "google=genkan-web",
             "--oidc-client-secret", "google=s3cret",
             "--oidc", f"apple={self.apple.issuer}", "--oidc-client-id", "apple=com.example.genkan",
             "--oidc-apple-team-id", "TEAM123", "--oidc-apple-key-id", "KEY123", "--oidc-apple-key", self.apple_key_file,
             "--firebase-project", "demo-genkan"],
            os.path.join(self.directory, "serve.log"), self.port)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout=20)
        self.google.stop()
        self.apple.stop()
        shutil.copy(os.path.join(self.directory, "serve.log"), os.path.join(ARTIFACTS, "serve.log"))
        shutil.rmtree(self.directory, ignore_errors=True)
        assert status == 0, "genkan serve did not stop cleanly"


SITE = Site()


def setUpModule():
    SITE.start()


def tearDownModule():
    SITE.stop()


class OIDCTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.url, cls.google, cls.apple, cls.directory = SITE.url, SITE.google, SITE.apple, SITE.directory

    def sign_in(self, browser, sub, provider=None):
        provider = provider or self.google
        status, headers, _ = browser.authorize(self.url, "google" if provider is self.google else "apple", sub)
        self.assertEqual(status, 302)
        return browser.send(headers["Location"])

    def assert_signed_in_as(self, browser, email, name=None):
        status, _, page = browser.send(self.url + "/account")
        self.assertEqual(status, 200, page[:300])
        self.assertIn(escaped(email), page)
        if name:
            self.assertIn(escaped(name), page)
        return page

    def assert_refused(self, response, key, status=400):
        code, _, page = response
        self.assertEqual(code, status, page[:500])
        self.assertIn(escaped(catalog(key)), page)

    # -- the cases

    def test_01_success_creates_a_verified_account(self):
        self.google.user("sub-taro", email="taro@example.com", email_verified=True, name="Taro Yamada")
        browser = Browser()
        status, headers, _ = self.sign_in(browser, "sub-taro")
        self.assertEqual((status, headers["Location"]), (303, "/account"))
        page = self.assert_signed_in_as(browser, "taro@example.com", "Taro Yamada")
        self.assertIn(catalog("ui.account.email-verified"), page)
        # PKCE was checked by the provider; Google's client secret went by HTTP Basic.
        entry = self.google.token_log()[-1]
        self.assertEqual((entry["pkce"], entry["auth"]), (True, "basic"))
        # Signing in again finds the same account.
        again = Browser()
        status, headers, _ = self.sign_in(again, "sub-taro")
        self.assertEqual(status, 303)
        self.assert_signed_in_as(again, "taro@example.com")

    def test_02_wrong_state(self):
        browser = Browser()
        status, headers, _ = browser.authorize(self.url, "google", "sub-taro")
        callback = headers["Location"]
        forged = re.sub(r"state=[^&]+", "state=" + "A" * 43, callback)
        self.assert_refused(browser.send(forged), "auth/invalid-credential")
        # The real state still works once: a wrong one does not consume it.
        self.assertEqual(browser.send(callback)[0], 303)

    def test_03_state_from_another_browser(self):
        victim, attacker = Browser(), Browser()
        victim.send(self.url + "/signin")  # the victim has a pre-session of its own
        status, headers, _ = attacker.authorize(self.url, "google", "sub-taro")
        self.assert_refused(victim.send(headers["Location"]), "auth/invalid-credential")
        # and the state is used up: the attacker cannot complete it either.
        self.assert_refused(attacker.send(headers["Location"]), "auth/invalid-credential")

    def test_04_replayed_code(self):
        browser = Browser()
        status, headers, _ = browser.authorize(self.url, "google", "sub-taro")
        callback = headers["Location"]
        self.assertEqual(browser.send(callback)[0], 303)
        # The same callback again: its state is used.
        self.assert_refused(browser.send(callback), "auth/invalid-credential")
        # The old code with a fresh state of this browser: the provider refuses the code.
        second = Browser()
        status, headers, _ = second.authorize(self.url, "google", "sub-taro")
        fresh_state = urllib.parse.parse_qs(urllib.parse.urlsplit(headers["Location"]).query)["state"][0]
        old_code = urllib.parse.parse_qs(urllib.parse.urlsplit(callback).query)["code"][0]
        replay = f"{self.url}/signin/google/callback?code={old_code}&state={fresh_state}"
        self.assert_refused(second.send(replay), "auth/invalid-credential")

    def tampered_sign_in(self, **change):
        self.google.tamper(**change)
        return self.sign_in(Browser(), "sub-taro")

    def test_05_token_for_another_audience(self):
        self.assert_refused(self.tampered_sign_in(claims={"aud": "someone-else"}), "auth/invalid-credential")

    def test_06_expired_token(self):
        self.assert_refused(
            self.tampered_sign_in(claims={"exp": {"relative": -3600}, "iat": {"relative": -7200}}), "auth/invalid-credential")

    def test_07_wrong_nonce(self):
        wrong = hashlib.sha256(b"another nonce").hexdigest()
        self.assert_refused(self.tampered_sign_in(claims={"nonce": wrong}), "auth/missing-or-invalid-nonce")

    def test_08_unknown_kid_and_rotation(self):
        # A key the provider never published: refused after one fresh look at its key set.
        self.assert_refused(self.tampered_sign_in(unknown_key=True), "auth/invalid-credential")
        # The provider rotates its key: the next token has a kid Genkan has not seen, and the key
        # set is fetched again (once the refresh interval, 5 s, has passed since the last fetch).
        time.sleep(5.5)
        self.google.rotate()
        browser = Browser()
        status, _, page = self.sign_in(browser, "sub-taro")
        self.assertEqual(status, 303, page[:400])
        self.assert_signed_in_as(browser, "taro@example.com")

    def test_09_address_of_a_password_account(self):
        browser = Browser()
        self.assertEqual(browser.sign_up(self.url, "Jiro", "jiro@example.com"), 303)
        self.google.user("sub-jiro", email="jiro@example.com", email_verified=True, name="Jiro G")
        stranger = Browser()
        response = self.sign_in(stranger, "sub-jiro")
        self.assert_refused(response, "auth/account-exists-with-different-credential", status=409)
        self.assertIn(on_page("ui.provider.link-hint", "en", "Google"), response[2])
        # Signed in with the password, the person connects Google from the sign-in methods page,
        # which leads to a page that asks for the current password first.
        _, _, page = browser.send(self.url + "/account/providers")
        self.assertIn('href="/account/providers/google/connect"', page)
        status, headers, page = browser.send(self.url + "/account/providers/google/connect")
        self.assertEqual(status, 200)
        self.assertRegex(page, r'<input[^>]*name="current-password"[^>]*autocomplete="current-password"|'
                               r'<input[^>]*autocomplete="current-password"[^>]*name="current-password"')
        # The page's policy lets its form lead to the provider, and nowhere else but here.
        policy = headers["Content-Security-Policy"]
        self.assertTrue(policy.endswith("form-action 'self' " + self.google.issuer.split("/", 3)[0] + "//"
                                        + self.google.issuer.split("/", 3)[2]), policy)
        csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        connect = self.url + "/account/providers/google/connect"
        # A wrong password, or none, goes nowhere and says why.
        status, _, page = browser.send(connect, {"csrf": csrf, "current-password": "not my password"})
        self.assertEqual(status, 422)
        self.assertIn(escaped(catalog("auth/wrong-password")), page)
        status, _, page = browser.send(connect, {"csrf": csrf, "current-password": ""})
        self.assertEqual(status, 422)
        self.assertIn(escaped(catalog("auth/missing-password")), page)
        # Without the page's token, nothing happens either.
        self.assertEqual(browser.send(connect, {"current-password": "correct horse battery staple"})[0], 403)
        status, headers, _ = browser.authorize(
            self.url, "google", "sub-jiro", start=connect,
            start_fields={"csrf": csrf, "current-password": "correct horse battery staple"})
        status, headers, _ = browser.send(headers["Location"])
        self.assertEqual((status, headers["Location"]), (303, "/account/providers"))
        _, _, page = browser.send(self.url + "/account/providers")
        self.assertIn(catalog("ui.notice.provider-connected"), page)
        self.assertIn(on_page("ui.providers.connected-as", "en", "jiro@example.com"), page)
        self.assert_mailed("jiro@example.com", catalog("mail.sign-in-method.connected.subject"))
        # Now Google signs in to that account.
        other = Browser()
        self.assertEqual(self.sign_in(other, "sub-jiro")[0], 303)
        self.assert_signed_in_as(other, "jiro@example.com", "Jiro")
        # The old link that skipped the password is gone.
        self.assertEqual(browser.send(self.url + "/account/providers/apple/link?token=forged")[0], 404)
        # Disconnecting asks for the password too, and mails a notice.
        disconnect = self.url + "/account/providers/google/disconnect"
        _, _, page = browser.send(disconnect)
        csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
        self.assertEqual(browser.send(disconnect, {"csrf": csrf, "current-password": "wrong"})[0], 422)
        status, headers, _ = browser.send(disconnect, {"csrf": csrf, "current-password": "correct horse battery staple"})
        self.assertEqual((status, headers["Location"]), (303, "/account/providers"))
        self.assert_mailed("jiro@example.com", catalog("mail.sign-in-method.removed.subject"))
        self.assert_refused(self.sign_in(Browser(), "sub-jiro"), "auth/account-exists-with-different-credential", status=409)

    def assert_mailed(self, recipient, subject):
        """Waits up to 5 s for the outbox sender to write a mail with `subject` to `recipient`."""
        deadline = time.time() + 5
        while subject not in self.mail_subjects(recipient) and time.time() < deadline:
            time.sleep(0.1)
        self.assertIn(subject, self.mail_subjects(recipient))

    def mail_subjects(self, recipient):
        """The decoded subjects of the mails written to the outbox for `recipient`."""
        outbox = os.path.join(SITE.directory, "outbox")
        subjects = []
        for name in sorted(os.listdir(outbox)) if os.path.isdir(outbox) else []:
            with open(os.path.join(outbox, name), "rb") as file:
                message = email.message_from_binary_file(file, policy=email.policy.default)
            if recipient in str(message["To"]):
                subjects.append(str(message["Subject"]))
        return subjects

    def test_10_apple_form_post_without_cookies(self):
        browser = Browser()
        status, _, page = browser.authorize(self.url, "apple", "hanako@privaterelay.example")
        self.assertEqual(status, 200)
        fields = form_fields(page)
        action = re.search(r'action="([^"]+)"', page).group(1)
        self.assertIn("user", fields)  # Apple sends the name on the first authorization only
        # The cross-site POST arrives without the browser's cookies and sets none.
        status, headers, _ = browser.send(action, fields, cookies=False)
        self.assertEqual(status, 303)
        self.assertIsNone(headers.get("Set-Cookie"))
        location = headers["Location"]
        self.assertNotIn("code=", location)
        status, headers, _ = browser.send(self.url + location)
        self.assertEqual((status, headers["Location"]), (303, "/account"))
        page = self.assert_signed_in_as(browser, "hanako@privaterelay.example", "Hanako Yamada")
        entry = self.apple.token_log()[-1]
        self.assertEqual((entry["client_secret"], entry["auth"], entry["pkce"]), ("ok", "post", True))
        # Apple's user made the account without a password: its only way in cannot be disconnected.
        _, _, page = browser.send(self.url + "/account/providers")
        self.assertIn(catalog("ui.providers.password-not-set"), page)
        self.assertIn(catalog("ui.providers.last-method"), page)
        # A second sign-in has no `user` field; the account keeps its name.
        again = Browser()
        status, _, page = again.authorize(self.url, "apple", "hanako@privaterelay.example")
        self.assertNotIn("user", form_fields(page))
        status, headers, _ = again.send(action, form_fields(page), cookies=False)
        self.assertEqual(again.send(self.url + headers["Location"])[0], 303)
        self.assert_signed_in_as(again, "hanako@privaterelay.example", "Hanako Yamada")

    def test_11_apple_form_post_replayed_in_another_browser(self):
        browser, other = Browser(), Browser()
        status, _, page = browser.authorize(self.url, "apple", "hanako@privaterelay.example")
        action = re.search(r'action="([^"]+)"', page).group(1)
        status, headers, _ = other.send(action, form_fields(page), cookies=False)
        self.assert_refused(other.send(self.url + headers["Location"]), "auth/invalid-credential")

    def test_12_cancelled_at_the_provider(self):
        browser = Browser()
        status, headers, _ = browser.send(self.url + "/signin/google")
        authorization = headers["Location"]
        status, headers, _ = browser.send(authorization, {"action": "deny"})
        self.assertEqual(status, 302)
        self.assert_refused(browser.send(headers["Location"]), "auth/web-context-cancelled")


class FirebaseSignInWithIdpTest(unittest.TestCase):
    """The Firebase-compatible API's accounts:signInWithIdp verifies with the same code: an app
    signs in at the provider itself (with the SHA-256 of its raw nonce) and hands Genkan the ID
    token and the raw nonce."""

    def id_token(self, sub, raw_nonce):
        provider = SITE.google
        query = urllib.parse.urlencode({
            "response_type": "code", "client_id": "genkan-web", "redirect_uri": "http://127.0.0.1:1/app",
            "scope": "openid email profile", "state": "app", "nonce": hashlib.sha256(raw_nonce.encode()).hexdigest()})
        browser = Browser()
        status, headers, _ = browser.send(f"http://127.0.0.1:{provider.port}/oauth2/authorize?{query}", {"sub": sub})
        code = urllib.parse.parse_qs(urllib.parse.urlsplit(headers["Location"]).query)["code"][0]
        status, _, body = browser.send(f"http://127.0.0.1:{provider.port}/oauth2/token", {
            "grant_type": "authorization_code", "code": code, "redirect_uri": "http://127.0.0.1:1/app",
            "client_id": "genkan-web", "client_secret": "app"})
        return json.loads(body)["id_token"]

    def sign_in_with_idp(self, id_token, raw_nonce, provider_id="google.com", user_id_token=None):
        fields = {
            "requestUri": "http://localhost", "returnSecureToken": True, "returnIdpCredential": True,
            "postBody": urllib.parse.urlencode({"id_token": id_token, "providerId": provider_id, "nonce": raw_nonce})}
        if user_id_token:
            fields["idToken"] = user_id_token  # linkWithCredential: the signed-in user's token
        return self.api("accounts:signInWithIdp", fields)

    def api(self, endpoint, fields):
        request = urllib.request.Request(
            SITE.url + f"/identitytoolkit.googleapis.com/v1/{endpoint}?key=demo", data=json.dumps(fields).encode(),
            headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.status, json.loads(error.read())

    def test_success_and_the_same_account_on_the_pages(self):
        SITE.google.user("sub-api", email="api@example.com", email_verified=True, name="Api User")
        status, body = self.sign_in_with_idp(self.id_token("sub-api", "raw-1"), "raw-1")
        self.assertEqual(status, 200, body)
        self.assertEqual((body["providerId"], body["email"], body["emailVerified"], body.get("isNewUser")),
                         ("google.com", "api@example.com", True, True))
        payload = json.loads(base64.urlsafe_b64decode(body["idToken"].split(".")[1] + "=="))
        self.assertEqual(payload["firebase"]["sign_in_provider"], "google.com")
        self.assertEqual(payload["user_id"], body["localId"])
        self.assertIn("oauthIdToken", body)
        # Again: the same account, not new.
        status, again = self.sign_in_with_idp(self.id_token("sub-api", "raw-2"), "raw-2")
        self.assertEqual((status, again["localId"], again.get("isNewUser")), (200, body["localId"], None))
        # The site's button finds the same account.
        browser = Browser()
        status, headers, _ = browser.authorize(SITE.url, "google", "sub-api")
        self.assertEqual(browser.send(headers["Location"])[0], 303)
        self.assertIn("api@example.com", browser.send(SITE.url + "/account")[2])

    def test_failures_are_firebase_errors(self):
        SITE.google.user("sub-api2", email="api2@example.com", email_verified=True)
        token = self.id_token("sub-api2", "raw")
        status, body = self.sign_in_with_idp(token, "another raw nonce")
        self.assertEqual(status, 400)
        self.assertTrue(body["error"]["message"].startswith("MISSING_OR_INVALID_NONCE"), body)
        status, body = self.sign_in_with_idp(token, "raw", provider_id="facebook.com")
        self.assertTrue(body["error"]["message"].startswith("OPERATION_NOT_ALLOWED"), body)
        SITE.google.tamper(claims={"exp": {"relative": -3600}, "iat": {"relative": -7200}})
        status, body = self.sign_in_with_idp(self.id_token("sub-api2", "raw"), "raw")
        self.assertEqual(status, 400)
        self.assertTrue(body["error"]["message"].startswith("INVALID_IDP_RESPONSE"), body)

    def test_a_guest_links_a_provider_and_keeps_its_uid(self):
        status, guest = self.api("accounts:signUp", {"returnSecureToken": True})
        self.assertEqual(status, 200, guest)
        SITE.google.user("sub-guest", email="guest-idp@example.com", email_verified=True, name="Guest")
        status, linked = self.sign_in_with_idp(self.id_token("sub-guest", "raw-g"), "raw-g", user_id_token=guest["idToken"])
        self.assertEqual(status, 200, linked)
        self.assertEqual(linked["localId"], guest["localId"])
        payload = json.loads(base64.urlsafe_b64decode(linked["idToken"].split(".")[1] + "=="))
        self.assertEqual((payload["email"], payload["firebase"]["sign_in_provider"]), ("guest-idp@example.com", "google.com"))
        status, looked = self.api("accounts:lookup", {"idToken": linked["idToken"]})
        providers = [entry["providerId"] for entry in looked["users"][0].get("providerUserInfo", [])]
        self.assertEqual(providers, ["google.com"])
        # Signing in with the provider later finds the same account; linking it again is refused.
        status, again = self.sign_in_with_idp(self.id_token("sub-guest", "raw-h"), "raw-h")
        self.assertEqual((status, again["localId"]), (200, guest["localId"]))
        status, other = self.api("accounts:signUp", {"returnSecureToken": True})
        status, refused = self.sign_in_with_idp(self.id_token("sub-guest", "raw-i"), "raw-i", user_id_token=other["idToken"])
        self.assertEqual(status, 400, refused)

    def test_an_address_with_an_account_needs_confirmation(self):
        browser = Browser()
        self.assertEqual(browser.sign_up(SITE.url, "Saburo", "saburo@example.com"), 303)
        SITE.google.user("sub-saburo", email="saburo@example.com", email_verified=True)
        status, body = self.sign_in_with_idp(self.id_token("sub-saburo", "raw"), "raw")
        self.assertEqual((status, body.get("needConfirmation"), body.get("email")), (200, True, "saburo@example.com"))
        self.assertNotIn("idToken", body)


class Journey:
    """The sign-in page's button, the provider's page, back signed in: in Chromium, in Japanese."""

    javascript = True

    @classmethod
    def setUpClass(cls):
        cls.browser = chromium(javascript=cls.javascript, language="ja")
        cls.shots = os.path.join(ARTIFACTS, "js" if cls.javascript else "no-js")
        os.makedirs(cls.shots, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()

    def shot(self, name):
        self.browser.save_screenshot(os.path.join(self.shots, f"{name}.png"))

    def wait_for(self, condition, what):
        deadline = time.time() + 15
        while time.time() < deadline:
            if condition():
                return
            time.sleep(0.1)
        self.fail(f"timed out waiting for {what}; at {self.browser.current_url}")

    def journey(self, provider, label_key, sub, email, name):
        from selenium.webdriver.common.by import By
        self.browser.delete_all_cookies()
        self.browser.get(SITE.url + "/signin")
        self.shot(f"{provider}-1-signin")
        button = self.browser.find_element(By.LINK_TEXT, catalog(label_key, "ja"))
        button.click()
        self.wait_for(lambda: "/oauth2/authorize" in self.browser.current_url, "the provider's page")
        self.shot(f"{provider}-2-provider")
        self.browser.find_element(By.NAME, "sub").send_keys(sub)
        self.browser.find_element(By.XPATH, "//button[normalize-space()='Authorize']").click()
        if provider == "apple" and not self.javascript:
            # Apple's page posts by script; without it, its button does.
            self.wait_for(lambda: self.browser.find_elements(By.ID, "form_post"), "Apple's form_post page")
            self.shot(f"{provider}-3-form-post")
            self.browser.find_element(By.XPATH, "//button[normalize-space()='Continue']").click()
        self.wait_for(lambda: self.browser.current_url == SITE.url + "/account", "the account page")
        self.shot(f"{provider}-4-account")
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "h1").text, catalog("ui.account.title", "ja"))
        self.assertEqual(self.browser.find_element(By.ID, "account-email").text, email)
        self.assertEqual(self.browser.find_element(By.ID, "account-name").text, name)
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "html").get_attribute("lang"), "ja")
        # The sign-in methods page: this provider connected, the other one offered.
        self.browser.find_element(By.LINK_TEXT, catalog("ui.account.providers", "ja")).click()
        self.wait_for(lambda: self.browser.current_url == SITE.url + "/account/providers", "the sign-in methods page")
        self.shot(f"{provider}-5-providers")
        self.assertIn(catalog("ui.providers.connected-as", "ja", email), self.browser.find_element(By.ID, f"method-{provider}").text)
        self.assertIn(catalog("ui.providers.password-not-set", "ja"), self.browser.find_element(By.ID, "method-password").text)

    def test_google(self):
        mode = "js" if self.javascript else "nojs"
        SITE.google.user(f"journey-{mode}", email=f"hiro-{mode}@example.com", email_verified=True, name="山田 ひろ")
        self.journey("google", "ui.provider.google.signin", f"journey-{mode}", f"hiro-{mode}@example.com", "山田 ひろ")

    def test_apple(self):
        mode = "js" if self.javascript else "nojs"
        SITE.apple.user(f"apple-{mode}@privaterelay.example", email=f"apple-{mode}@privaterelay.example", email_verified="true")
        self.journey("apple", "ui.provider.apple.signin", f"apple-{mode}@privaterelay.example",
                     f"apple-{mode}@privaterelay.example", "Hanako Yamada")


JourneyWithJavaScript, JourneyWithoutJavaScript = with_and_without_javascript(Journey, prefix="Journey")


if __name__ == "__main__":
    run_tests()
