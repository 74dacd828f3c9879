"""Black-box tests of a security review's findings, each against a real `genkan serve` over plain
HTTP (a software authenticator for the passkey cases), each written to fail on the code before its
fix (`GENKAN_BINARY=path/to/older/genkan` runs them against another build).

Run by `make test`:  .venv/bin/python Tests/e2e/test_security.py

- the owner of an address who takes the account in hand through a mailed link (a reset, the first
  sign-in link) ends every way in a stranger added before: a passkey registered by someone who
  signed up with the address first no longer signs in; a password set by that stranger ends with
  the owner's first sign-in link even after a click on the verification link;
- a browser the account signed in from is held by its own limit, not by strangers' 100 guesses,
  only for the account's credentials as they were then (not after a password change, not for a
  new account with the address), and only five such browsers may start failing; the owner's
  signed-in browser confirms its own forms through the lock;
- a passkey signs in (and registers) only with user verification, and an RSA passkey of more
  than 4096 bits is refused;
- the emulator answers cross-origin reads only from loopback, the site's own and the authorized
  origins; its action handler redirects nowhere else; it refuses to start behind `--trust-proxy`;
- an ID token of a deleted account does not open a new account given the same uid;
- a custom token never reaches an account whose uid is its row number from before uids were
  strings;
- a PostgreSQL database on another machine without a verified certificate is named at start;
- a password added through the API mails the address a notice; the SDKs' `unlink` of the last way
  in is refused rather than answered with a success that changed nothing;
"""

import concurrent.futures
import html
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soft_authenticator import SoftAuthenticator  # noqa: E402
from support import ROOT, Browser, api_call, genkan_binary, hidden_fields, outbox_mails, run_tests  # noqa: E402
from test_site import Server  # noqa: E402

PROJECT = "demo-genkan"
EMULATOR = ["--firebase-project", PROJECT, "--firebase-emulator"]
PASSWORD = "correct horse battery staple"
NEW_PASSWORD = "maple syrup over pancakes 42"


def eventually(check, seconds=15):
    """Polls `check` until it returns something true or `seconds` pass; its last value."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


class Site:
    """What a person does on the site, over plain HTTP at `base` (a `Browser` keeps the cookies)."""

    def __init__(self, server, base):
        self.server, self.base = server, base

    def get(self, browser, path):
        return browser.open(self.base + path)

    def post_form(self, browser, path, fields):
        """GETs `path`, then posts its form back with its hidden fields and `fields`."""
        status, _, page = browser.open(self.base + path)
        assert status == 200, f"GET {path}: {status}"
        action = html.unescape(re.search(r'<form[^>]* action="([^"]+)"[^>]* method="post"|<form[^>]* method="post"[^>]* action="([^"]+)"',
                                         page).group(1) or "")
        values = {name: html.unescape(value) for name, value in hidden_fields(page).items()}
        values.update(fields)
        return browser.open(self.base + (action or path.split("?")[0]), form=values)

    def sign_up(self, browser, email, password=PASSWORD):
        status, headers, _ = self.post_form(browser, "/signup", {
            "name": "Taro Yamada", "email": email, "password": password, "password-confirmation": password})
        assert status == 303, status
        return headers

    def sign_in(self, browser, email, password):
        """The status and the `Location` of the sign-in form's answer (303 to /account when right)."""
        status, headers, _ = self.post_form(browser, "/signin", {"email": email, "password": password})
        return status, headers.get("Location")

    def signed_in(self, browser):
        return self.get(browser, "/account")[0] == 200

    def sign_out(self, browser):
        """The account page's sign-out button (the browser keeps its device cookie)."""
        status, _, page = self.get(browser, "/account")
        assert status == 200, status
        form = re.search(r'<form[^>]*action="/signout"[^>]*>(.*?)</form>', page, re.S).group(1)
        fields = {name: html.unescape(value) for name, value in hidden_fields(form).items()}
        assert browser.open(self.base + "/signout", form=fields)[0] == 303

    def mailed_link(self, to, path, after=0):
        """The newest link to `path` in a mail to `to`, once the outbox has more than `after` mails to it."""
        def find():
            mails = [m for m in outbox_mails(self.server.outbox) if to in str(m["To"])]
            if len(mails) <= after:
                return None
            body = mails[-1].get_body(preferencelist=("plain",)).get_content()
            links = [u for u in re.findall(r"https?://[^\s<>\"']+", body) if urllib.parse.urlsplit(u).path == path]
            return links[-1] if links else None
        link = eventually(find)
        assert link, f"no mail to {to} with a link to {path}"
        return urllib.parse.urlsplit(link)._replace(scheme="", netloc="").geturl()

    def mails_to(self, to):
        return len([m for m in outbox_mails(self.server.outbox) if to in str(m["To"])])

    def csrf_of(self, browser, path):
        status, _, page = self.get(browser, path)
        assert status == 200, f"GET {path}: {status}"
        return html.unescape(re.search(r'data-csrf="([^"]+)"', page).group(1))

    def call(self, browser, path, fields):
        """A call of the page's script: a form POST answered with JSON; (status, body)."""
        status, _, body = browser.open(self.base + path, form=fields)
        return status, json.loads(body) if body.startswith("{") else body

    def add_passkey(self, browser, authenticator, **options):
        csrf = self.csrf_of(browser, "/account/passkeys")
        status, answer = self.call(browser, "/api/passkeys/register/options", {"csrf": csrf})
        assert status == 200, answer
        credential = authenticator.create(answer["publicKey"], **options)
        return self.call(browser, "/api/passkeys/register", {"csrf": csrf, "credential": json.dumps(credential), "name": "key"})

    def passkey_sign_in(self, browser, authenticator, **options):
        csrf = self.csrf_of(browser, "/signin")
        status, answer = self.call(browser, "/api/passkeys/sign-in/options", {"csrf": csrf})
        assert status == 200, answer
        credential = authenticator.get(answer["publicKey"], **options)
        return self.call(browser, "/api/passkeys/sign-in", {"csrf": csrf, "credential": json.dumps(credential)})

    def reset_password(self, browser, email, new_password):
        before = self.mails_to(email)
        self.post_form(browser, "/password/forgot", {"email": email})
        link = self.mailed_link(email, "/password/reset", after=before)
        status, _, _ = self.post_form(browser, link, {"new-password": new_password, "password-confirmation": new_password})
        assert status == 303, status

    def sign_in_by_link(self, browser, email):
        before = self.mails_to(email)
        self.post_form(browser, "/signin/link", {"email": email})
        link = self.mailed_link(email, "/signin/link/confirm", after=before)
        status, _, _ = self.post_form(browser, link, {})
        assert status == 303, status


class ServedCase(unittest.TestCase):
    """A `genkan serve` with `arguments` for the whole test case, over a temporary directory."""

    arguments = []

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-security-")
        cls.server = Server(cls.directory, cls.arguments)
        cls.server.start()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()


class LocalhostSite(unittest.TestCase):
    """A `genkan serve` at `http://localhost:PORT` for the test case: passkeys need a host name
    (WebAuthn refuses an IP address as RP ID)."""

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-security-")
        cls.server = Server(cls.directory)
        # Passkeys need a host name (WebAuthn refuses an IP address as RP ID).
        cls.server.arguments = ["--base-url", f"http://localhost:{cls.server.port}"]
        cls.server.start()
        cls.site = Site(cls.server, f"http://localhost:{cls.server.port}")

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()


class OwnerTakesOver(LocalhostSite):
    """Someone signs up with another person's address first (or learns their password) and adds
    ways in; the address's owner then takes the account in hand through a link mailed to it."""

    def test_a_reset_removes_a_passkey_a_stranger_added(self):
        site, address = self.site, "victim-passkey@example.com"
        stranger, key = Browser(), SoftAuthenticator(site.base)
        site.sign_up(stranger, address)
        status, answer = site.add_passkey(stranger, key)
        self.assertEqual(status, 200, answer)
        self.assertEqual(site.passkey_sign_in(Browser(), key)[0], 200, "the stranger's passkey signs in before the reset")

        site.reset_password(Browser(), address, NEW_PASSWORD)

        status, answer = site.passkey_sign_in(Browser(), key)
        self.assertNotEqual(status, 200, f"the stranger's passkey still signs in after the owner's reset: {answer}")
        self.assertFalse(site.signed_in(stranger), "the stranger's session survived the reset")
        self.assertEqual(site.sign_in(Browser(), address, NEW_PASSWORD)[0], 303)

    def test_the_first_sign_in_link_ends_a_strangers_password_even_after_a_verification_click(self):
        site, address = self.site, "victim-link@example.com"
        stranger = Browser()
        site.sign_up(stranger, address)
        # The owner clicks the verification link that the stranger's sign-up mailed them.
        site.post_form(Browser(), site.mailed_link(address, "/verify-email"), {})

        owner = Browser()
        site.sign_in_by_link(owner, address)

        self.assertTrue(site.signed_in(owner))
        self.assertFalse(site.signed_in(stranger), "the stranger's session survived the owner's first sign-in link")
        self.assertNotEqual(site.sign_in(Browser(), address, PASSWORD)[1], "/account",
                            "the stranger's password still signs in after the owner's first sign-in link")

    def test_a_later_sign_in_link_keeps_what_the_owner_set(self):
        site, address = self.site, "owner-later-link@example.com"
        owner, key = Browser(), SoftAuthenticator(site.base)
        site.sign_up(owner, address)
        site.sign_in_by_link(owner, address)  # the first: from now on the ways in are the owner's
        self.assertEqual(site.add_passkey(owner, key)[0], 200)

        site.sign_in_by_link(Browser(), address)

        self.assertTrue(site.signed_in(owner), "a later sign-in link ended the owner's session")
        self.assertEqual(site.passkey_sign_in(Browser(), key)[0], 200, "a later sign-in link removed the owner's passkey")


class PasskeyChecks(LocalhostSite):
    """A passkey stands in for the password: only with user verification, and only keys whose
    checks cost what an authenticator's do."""

    def test_a_passkey_without_user_verification_neither_registers_nor_signs_in(self):
        site, owner, key = self.site, Browser(), SoftAuthenticator(self.site.base)
        site.sign_up(owner, "uv@example.com")
        status, answer = site.add_passkey(owner, key, verified=False)
        self.assertNotEqual(status, 200, f"a passkey registered without user verification: {answer}")
        self.assertEqual(site.add_passkey(owner, key)[0], 200)
        status, answer = site.passkey_sign_in(Browser(), key, verified=False)
        self.assertNotEqual(status, 200, f"a passkey signed in without user verification: {answer}")
        self.assertEqual(site.passkey_sign_in(Browser(), key)[0], 200)

    def test_an_rsa_key_larger_than_authenticators_make_is_refused(self):
        site, owner, key = self.site, Browser(), SoftAuthenticator(self.site.base)
        site.sign_up(owner, "rsa@example.com")
        from cryptography.hazmat.primitives import serialization
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "keys", "rsa8192.pem"), "rb") as file:
            large = serialization.load_pem_private_key(file.read(), password=None)
        status, answer = site.add_passkey(owner, key, kind="rsa", rsa_key=large)
        self.assertNotEqual(status, 200, f"an 8192-bit RSA passkey was registered: {answer}")
        self.assertEqual(site.add_passkey(owner, key, kind="rsa")[0], 200)
        self.assertEqual(site.passkey_sign_in(Browser(), key)[0], 200)


class KnownBrowsers(unittest.TestCase):
    """Strangers' wrong passwords lock an account against new browsers (100 in a row), never
    against the owner's: a browser the account signed in from, and the owner's signed-in browser
    on its own forms. A browser counts as the owner's only for the account's credentials as they
    were when it signed in, and only so many of them may start failing."""

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-security-")
        cls.server = Server(cls.directory, ["--trust-proxy"])
        cls.server.start()
        cls.site = Site(cls.server, cls.server.url)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def lock(self, email, first_address):
        """100 wrong passwords in a row, 10 from each of 10 addresses (each pair's own limit), the
        addresses at once (the server hashes on every core)."""
        def guess_ten(index):
            stranger = Browser(address=f"198.51.{first_address}.{index + 1}")
            return [self.site.sign_in(stranger, email, f"not the password {attempt}")[0] for attempt in range(10)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as strangers:
            statuses = [status for ten in strangers.map(guess_ten, range(10)) for status in ten]
        self.assertEqual(statuses, [422] * 100, "a wrong password was not even checked")
        self.assertEqual(self.site.sign_in(Browser(address=f"198.51.{first_address}.99"), email, PASSWORD)[0], 429,
                         "the account is not locked against a new browser")

    def test_only_five_known_browsers_may_start_failing(self):
        site, address = self.site, "five-browsers@example.com"
        site.sign_up(Browser(address="203.0.113.1"), address)
        others = [Browser(address=f"203.0.113.{index + 10}") for index in range(6)]
        for browser in others:
            self.assertEqual(site.sign_in(browser, address, PASSWORD)[0], 303)
            site.sign_out(browser)
        self.lock(address, 100)
        statuses = [site.sign_in(browser, address, "one wrong guess")[0] for browser in others]
        self.assertEqual(statuses, [422] * 5 + [429], "known browsers multiplied the guesses past the account's cap")

    def test_the_owners_signed_in_browser_confirms_its_own_form_through_a_lock(self):
        site, address = self.site, "signed-in-owner@example.com"
        owner = Browser(address="203.0.113.2")
        site.sign_up(owner, address)
        self.lock(address, 101)
        status, _, _ = site.post_form(owner, "/account/password", {
            "current-password": PASSWORD, "new-password": NEW_PASSWORD, "password-confirmation": NEW_PASSWORD})
        self.assertEqual(status, 303, "the owner's signed-in browser was held by strangers' guessing")

    def test_a_browser_remembered_before_a_password_change_is_a_strangers_after_it(self):
        site, address = self.site, "changed-password@example.com"
        owner, earlier = Browser(address="203.0.113.3"), Browser(address="203.0.113.4")
        site.sign_up(owner, address)
        self.assertEqual(site.sign_in(earlier, address, PASSWORD)[0], 303)
        site.sign_out(earlier)
        status, _, _ = site.post_form(owner, "/account/password", {
            "current-password": PASSWORD, "new-password": NEW_PASSWORD, "password-confirmation": NEW_PASSWORD})
        self.assertEqual(status, 303)
        site.sign_out(owner)
        self.lock(address, 102)
        self.assertEqual(site.sign_in(earlier, address, NEW_PASSWORD)[0], 429,
                         "a browser remembered before the password change still passed the lock")
        self.assertEqual(site.sign_in(owner, address, NEW_PASSWORD)[0], 303,
                         "the browser that changed the password is not remembered with the new one")

    def test_a_browser_of_a_deleted_account_is_not_known_to_the_next_one_with_its_address(self):
        site, address = self.site, "reused-address@example.com"
        old = Browser(address="203.0.113.50")
        site.sign_up(old, address)
        status, _, _ = site.post_form(old, "/account/delete", {"current-password": PASSWORD, "confirm": "on"})
        self.assertIn(status, (200, 303), status)
        self.assertFalse(site.signed_in(old))
        site.sign_up(Browser(address="203.0.113.51"), address, NEW_PASSWORD)
        self.lock(address, 103)
        self.assertEqual(site.sign_in(old, address, NEW_PASSWORD)[0], 429,
                         "the deleted account's browser passed the new account's lock")


class EmulatorOrigins(ServedCase):
    """The emulator's unsigned tokens and open admin endpoints stay on the developer's machine:
    a web page elsewhere cannot read its answers, and its links lead nowhere else."""

    arguments = EMULATOR + ["--authorized-domain", "https://app.example"]

    def preflight(self, path, origin, method="DELETE"):
        status, headers, _ = Browser().open(
            self.server.url + path, method="OPTIONS",
            headers={"Origin": origin, "Access-Control-Request-Method": method,
                     "Access-Control-Request-Headers": "authorization"})
        return status, headers.get("Access-Control-Allow-Origin")

    def test_a_page_on_another_origin_cannot_call_the_admin_endpoints(self):
        path = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:delete"
        self.assertEqual(self.preflight(path, "https://evil.example")[1], None)
        self.assertEqual(self.preflight(f"/emulator/v1/projects/{PROJECT}/accounts", "https://evil.example")[1], None)

    def test_a_page_on_another_origin_cannot_read_live_codes(self):
        status, headers, _ = Browser().open(
            self.server.url + f"/emulator/v1/projects/{PROJECT}/oobCodes", headers={"Origin": "https://evil.example"})
        self.assertEqual(status, 200)
        self.assertIsNone(headers.get("Access-Control-Allow-Origin"))

    def test_loopback_and_authorized_origins_are_answered(self):
        path = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:delete"
        for origin in ("http://localhost:5173", "http://127.0.0.1:3000", "https://app.example"):
            with self.subTest(origin):
                self.assertEqual(self.preflight(path, origin), (204, origin))

    def test_the_action_handler_redirects_only_to_allowed_origins(self):
        code = "A" * 43
        for target, allowed in (("https://evil.example/finish", False), ("http://localhost:8765/finish", True),
                                ("https://app.example/finish", True)):
            with self.subTest(target):
                query = urllib.parse.urlencode({"mode": "signIn", "oobCode": code, "apiKey": "k", "continueUrl": target})
                status, headers, _ = Browser().open(self.server.url + "/__/auth/action?" + query)
                if allowed:
                    self.assertEqual(status, 303)
                    self.assertTrue(headers["Location"].startswith(target + "?"), headers["Location"])
                else:
                    self.assertEqual(status, 400)
                    self.assertIsNone(headers.get("Location"))


class ReusedUID(ServedCase):
    """A uid is a name an app chooses and may give again after a deletion."""

    arguments = EMULATOR

    def admin(self, method, fields):
        return api_call(self.server, f"projects/{PROJECT}/{method}", fields, headers={"Authorization": "Bearer owner"})

    def test_a_deleted_accounts_id_token_does_not_open_the_next_account_with_its_uid(self):
        self.assertEqual(self.admin("accounts", {"localId": "reused", "email": "first@example.com", "password": PASSWORD})[0], 200)
        status, signed_in = api_call(self.server, "accounts:signInWithPassword",
                                     {"email": "first@example.com", "password": PASSWORD, "returnSecureToken": True})
        self.assertEqual(status, 200, signed_in)
        old_token = signed_in["idToken"]
        self.assertEqual(self.admin("accounts:delete", {"localId": "reused"})[0], 200)
        time.sleep(1.1)  # the next account is made in a later second than the token
        self.assertEqual(self.admin("accounts", {"localId": "reused", "email": "second@example.com", "password": PASSWORD})[0], 200)

        status, answer = api_call(self.server, "accounts:lookup", {"idToken": old_token})
        self.assertEqual((status, answer.get("error", {}).get("message")), (400, "USER_NOT_FOUND"), answer)
        status, answer = api_call(self.server, "accounts:update", {"idToken": old_token, "displayName": "Taken over"})
        self.assertEqual(status, 400, answer)


class ApiWaysIn(ServedCase):
    """Every new way into an account is announced to its address, and the SDKs' `unlink` does
    what it says."""

    arguments = EMULATOR

    def link_account(self, email):
        """An account made by an e-mail link (an address, no password) and its sign-in's tokens."""
        status, link = api_call(self.server, f"projects/{PROJECT}/accounts:sendOobCode",
                                {"requestType": "EMAIL_SIGNIN", "email": email, "returnOobLink": True,
                                 "continueUrl": "http://localhost:8765/finish"}, headers={"Authorization": "Bearer owner"})
        self.assertEqual(status, 200, link)
        code = urllib.parse.parse_qs(urllib.parse.urlsplit(link["oobLink"]).query)["oobCode"][0]
        status, tokens = api_call(self.server, "accounts:signInWithEmailLink", {"email": email, "oobCode": code})
        self.assertEqual(status, 200, tokens)
        return tokens

    def mails_to(self, address):
        return [m for m in outbox_mails(self.server.outbox) if address in str(m["To"])]

    def test_a_password_added_through_the_api_is_announced(self):
        address = "linked-password@example.com"
        tokens = self.link_account(address)
        before = len(self.mails_to(address))
        status, answer = api_call(self.server, "accounts:signUp",
                                  {"idToken": tokens["idToken"], "email": address, "password": PASSWORD})
        self.assertEqual(status, 200, answer)
        notice = eventually(lambda: self.mails_to(address)[before:])
        self.assertTrue(notice, "adding a password through the API mailed no notice")

    def test_unlink_of_the_last_way_in_is_refused_not_pretended(self):
        address = "unlink-last@example.com"
        tokens = self.link_account(address)
        status, answer = api_call(self.server, "accounts:signUp",
                                  {"idToken": tokens["idToken"], "email": address, "password": PASSWORD})
        self.assertEqual(status, 200, answer)
        status, answer = api_call(self.server, "accounts:update", {"idToken": answer["idToken"], "deleteProvider": ["password"]})
        self.assertEqual(status, 400, f"unlink answered success: {answer}")
        self.assertTrue(answer["error"]["message"].startswith("OPERATION_NOT_ALLOWED"), answer)
        status, _ = api_call(self.server, "accounts:signInWithPassword",
                             {"email": address, "password": PASSWORD, "returnSecureToken": True})
        self.assertEqual(status, 200)


class LegacyUIDs(unittest.TestCase):
    """Accounts from before uids were strings got their row number as uid ("1", "2"…): the site's
    numbering, which a backend's custom token for its own user 1 must not reach."""

    VERSION_1 = (
        "CREATE TABLE accounts (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, display_name TEXT NOT NULL, "
        "name_key TEXT NOT NULL, password_hash TEXT NOT NULL, created_at INTEGER NOT NULL, verified_at INTEGER, "
        "disabled_at INTEGER) STRICT; "
        "CREATE TABLE sessions (token_hash BLOB PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE, "
        "created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL, expires_at INTEGER NOT NULL) STRICT, WITHOUT ROWID; "
        "CREATE TABLE secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL) STRICT, WITHOUT ROWID; "
        "INSERT INTO accounts VALUES (1, 'first@example.com', 'First', 'first', '$argon2id$x', 1700000000, 1700000000, NULL); "
        "PRAGMA user_version = 1;")

    def test_a_custom_token_does_not_reach_an_account_numbered_by_the_site(self):
        directory = tempfile.mkdtemp(prefix="genkan-security-")
        server = Server(directory, EMULATOR)
        subprocess.run(["sqlite3", server.database, self.VERSION_1], check=True)
        server.start()
        try:
            status, answer = api_call(server, "accounts:signInWithCustomToken", {"token": '{"uid":"1"}', "returnSecureToken": True})
            self.assertEqual(status, 400, f"a custom token for uid 1 signed in to the site's first account: {answer}")
            self.assertEqual(answer["error"]["message"].split(" ")[0], "INVALID_CUSTOM_TOKEN")
            status, answer = api_call(server, "accounts:signInWithCustomToken", {"token": '{"uid":"backend-1"}', "returnSecureToken": True})
            self.assertEqual((status, answer.get("isNewUser")), (200, True), answer)
        finally:
            server.stop()


class DatabaseTransport(unittest.TestCase):
    """A PostgreSQL server on another machine reached without a verified certificate is said at
    once, in one line; a local one, or a verified one, is not."""

    def check(self, url):
        environment = {name: value for name, value in os.environ.items() if name != "PGSSLMODE"}
        run = subprocess.run([genkan_binary(), "db", "check", "--db", url], capture_output=True, text=True, timeout=60, env=environment)
        return run.stderr

    def test_a_remote_database_without_verified_tls_is_named_at_start(self):
        for url in ("postgresql://genkan:secret@198.51.100.1:5432/genkan?sslmode=require&connect_timeout=1",
                    "postgresql://genkan:secret@198.51.100.1:5432/genkan?connect_timeout=1"):
            with self.subTest(url):
                said = self.check(url)
                self.assertIn("warning: PostgreSQL at 198.51.100.1", said)
                self.assertIn("sslmode=verify-full", said)
                self.assertNotIn("secret", said)
        for url in ("postgresql://genkan@198.51.100.1:5432/genkan?sslmode=verify-full&connect_timeout=1",
                    "postgresql://genkan@127.0.0.1:1/genkan", "postgresql://genkan@localhost:1/genkan"):
            with self.subTest(url):
                self.assertNotIn("warning:", self.check(url))


class EmulatorBehindAProxy(unittest.TestCase):
    def test_the_emulator_refuses_to_start_behind_a_proxy(self):
        with tempfile.TemporaryDirectory() as directory:
            run = subprocess.run(
                [genkan_binary(), "serve", "--port", "0", "--db", os.path.join(directory, "g.sqlite"),
                 "--public", os.path.join(ROOT, "public"), "--trust-proxy"] + EMULATOR,
                capture_output=True, text=True, timeout=30)
        self.assertEqual(run.returncode, 2, run.stderr)
        self.assertIn("--firebase-emulator", run.stderr)
        self.assertIn("--trust-proxy", run.stderr)


if __name__ == "__main__":
    run_tests()
