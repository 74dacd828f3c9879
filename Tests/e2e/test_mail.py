"""End-to-end tests of Genkan's mail: a real `genkan serve`, a real SMTP server (aiosmtpd, the
script the Swift mail tests use), real headless Chromium with JavaScript on and off.

Run by `make test` after test_site.py:  .venv/bin/python Tests/e2e/test_mail.py

- SignUpVerification: sign up -> the verification mail reaches the SMTP server (over STARTTLS) ->
  its link -> the button -> /account says verified; the mail read as a mail client reads it.
- PasswordResetFlow: forgot -> mail -> reset; other sessions end, the new password works, the old
  one does not, the used link is refused, the "password changed" mail arrives.
- SMTPOutage: nothing listens on the --smtp port while a reset is asked; the page still answers,
  and once a server listens there the mail arrives, once.
- KillDuringResetBurst: SIGKILL while reset requests come in (three rounds); after each restart
  every request that got its answer has its mail; the database passes `PRAGMA integrity_check`.
- ChromiumWithJavaScript, ChromiumWithoutJavaScript: in Japanese, /signin -> the forgot link ->
  the mail -> the new-password form -> /account signed in with the notice; the used link; the
  sign-up's verification link -> verified. The mails' HTML parts rendered in Chromium (no
  external resources; the button and the written-out link).

Every wait polls against a deadline. Screenshots go to artifacts/e2e/mail-*.png; each server's
log is copied to artifacts/e2e/mail-logs/.
"""

import email.policy
import html
import json
import os
import re
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.parse
import http.client
from datetime import datetime, timezone
from email.parser import BytesParser
from html.parser import HTMLParser

sys.dont_write_bytecode = True  # no __pycache__ in the repository for the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import (  # noqa: E402
    ARTIFACTS, CATALOG, ROOT, BrowserForms, GenkanServe, chromium, free_port, run_tests, with_and_without_javascript)

from selenium.common.exceptions import TimeoutException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SMTP_SCRIPT = os.path.join(ROOT, "Tests", "GenkanMailTests", "Support", "smtp_server.py")
LOGS = os.path.join(ARTIFACTS, "mail-logs")
MAIL_FROM = "no-reply@genkan.test"
PASSWORD = "correct horse battery staple"
NEW_PASSWORD = "maple syrup over pancakes 42"
MAIL_WAIT = 30  # seconds for a mail to reach the SMTP server (retries start at 1 s)


# MARK: The catalog

def text(key, locale, *arguments):
    """The catalog's text for `key` in `locale`, with `%@`/`%lld` filled in order; plural
    variations choose "one" for 1 when the language has it, else "other"."""
    unit = CATALOG[key]["localizations"][locale]
    if "variations" in unit:
        forms = unit["variations"]["plural"]
        count = next(a for a in arguments if isinstance(a, int))
        unit = forms["one"] if count == 1 and "one" in forms else forms["other"]
    value = unit["stringUnit"]["value"]
    queue = list(arguments)
    return re.sub(r"%(?:\d+\$)?(?:@|lld|ld|d)", lambda _: str(queue.pop(0)), value)


def isolate(value):
    """A text argument as Genkan's pages and mails write it: between FIRST STRONG ISOLATE and POP
    DIRECTIONAL ISOLATE (UAX #9), so a name or an address keeps its own direction in a sentence."""
    return "\u2068" + value + "\u2069"


def subjects(kind):
    """Every language's subject of a kind of mail."""
    return {unit["stringUnit"]["value"] for unit in CATALOG[f"mail.{kind}.subject"]["localizations"].values()}


KINDS = {kind: subjects(kind) for kind in ("verify", "reset", "password-changed", "signup-attempt")}


# MARK: Pages

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Page(HTMLParser):
    """An HTTP answer and its HTML as elements (tag, attributes, text inside) and forms."""

    def __init__(self, status, headers, body):
        super().__init__(convert_charrefs=True)
        self.status, self.headers, self.body = status, headers, body
        self.elements, self.forms, self.text = [], [], ""
        self._open, self._form = [], None
        self.feed(body)
        self.close()

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        element = {"tag": tag, "attrs": attributes, "text": ""}
        self.elements.append(element)
        if tag == "form":
            self._form = {"action": attributes.get("action", ""), "fields": {}, "attrs": attributes}
            self.forms.append(self._form)
        elif tag in ("input", "textarea", "select") and self._form is not None and "name" in attributes:
            self._form["fields"][attributes["name"]] = attributes.get("value", "")
        if tag not in VOID:
            self._open.append(element)

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index]["tag"] == tag:
                del self._open[index:]
                break

    def handle_data(self, data):
        self.text += data
        for element in self._open:
            element["text"] += data

    @property
    def location(self):
        return self.headers.get("Location")

    def by_id(self, identifier):
        return next((e for e in self.elements if e["attrs"].get("id") == identifier), None)

    def select(self, tag, css_class=None):
        return [e for e in self.elements if e["tag"] == tag
                and (css_class is None or css_class in e["attrs"].get("class", "").split())]

    def form(self, action):
        found = [f for f in self.forms if f["action"] == action]
        assert found, f"no form posting to {action} on a {self.status} page: {self.text[:400]!r}"
        return found[0]

    def plain(self):
        """The visible words with runs of white space made one space, to compare messages."""
        return re.sub(r"\s+", " ", self.text)


class Client:
    """A browser without JavaScript, over http.client: cookies, no redirects followed, one
    connection per request, from a chosen loopback address (the rate limits count per client
    address, so each test speaks from its own)."""

    def __init__(self, port, source="127.0.0.1", language="en"):
        self.port, self.source, self.language = port, source, language
        self.cookies = {}

    def request(self, method, target, fields=None, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30, source_address=(self.source, 0))
        sent = {"Accept-Language": self.language}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        sent.update(headers or {})
        try:
            connection.request(method, target, body=body, headers=sent)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            pair, *attributes = [part.strip() for part in header.split(";")]
            name, _, value = pair.partition("=")
            if any(a.lower() == "max-age=0" for a in attributes):
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        return Page(response.status, response.headers, data.decode("utf-8", errors="replace"))

    def get(self, target, **options):
        return self.request("GET", target, **options)

    def post(self, target, fields, **options):
        return self.request("POST", target, fields, **options)

    def submit(self, page_path, action, fields, **options):
        """Opens the page, then posts its form to `action` with its hidden fields and `fields`."""
        page = self.get(page_path)
        assert page.status == 200, f"GET {page_path}: {page.status}"
        values = {name: value for name, value in page.form(action)["fields"].items() if value}
        values.update(fields)
        return self.post(action, values, **options)

    def sign_up(self, name, address, password=PASSWORD):
        # A sign-up waits its turn to hash: on a loaded machine the queue may answer 503 with
        # Retry-After (nothing was created), and a person would try again, as this does.
        for _ in range(3):
            page = self.submit("/signup", "/signup", {
                "name": name, "email": address, "password": password, "password-confirmation": password})
            if page.status != 503 or page.headers.get("Retry-After") is None:
                break
            time.sleep(min(5, int(page.headers["Retry-After"])))
        assert page.status == 303 and page.location == "/account", (page.status, page.location, page.plain()[:400])
        return page

    def sign_in(self, address, password):
        return self.submit("/signin", "/signin", {"email": address, "password": password})


def path_of(url):
    parts = urllib.parse.urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


# MARK: Mail

class Mail:
    """One message the SMTP server accepted: its envelope and the message as Python's `email`
    package (policy.default, as a mail client) reads it."""

    def __init__(self, stem):
        with open(stem + ".json", encoding="utf-8") as file:
            self.envelope = json.load(file)
        with open(stem + ".eml", "rb") as file:
            self.raw = file.read()
        self.name = os.path.basename(stem)
        self.message = BytesParser(policy=email.policy.default).parsebytes(self.raw)
        self.subject = str(self.message["subject"])
        plain, markup = self.message.get_body(("plain",)), self.message.get_body(("html",))
        self.text = plain.get_content() if plain else ""
        self.html = markup.get_content() if markup else ""
        self.kind = next((kind for kind, known in KINDS.items() if self.subject in known), None)

    @property
    def recipients(self):
        return self.envelope["rcpt_tos"]

    def links(self):
        return re.findall(r"https?://[^\s<>\"']+", self.text)

    def link(self, path):
        found = [link for link in self.links() if urllib.parse.urlsplit(link).path == path]
        assert len(found) == 1, f"{self.name}: expected one {path} link in {self.text!r}"
        return found[0]

    def __repr__(self):
        return f"<{self.name} {self.kind} to {self.recipients}>"


class MailServer:
    """Tests/GenkanMailTests/Support/smtp_server.py as a subprocess on a loopback port."""

    def __init__(self, directory, port=0, starttls=False):
        self.directory, self.port, self.starttls = directory, port, starttls
        self.out = os.path.join(directory, "received")
        self.process = None
        self._parsed = {}

    def start(self):
        command = [sys.executable, SMTP_SCRIPT, "--port", str(self.port), "--out", self.out]
        if self.starttls:
            command += ["--starttls", "--cert-dir", os.path.join(self.directory, "tls")]
        with open(os.path.join(self.directory, "smtp.log"), "ab") as log:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log)
        line, deadline = b"", time.monotonic() + 30
        while not line.endswith(b"\n"):
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self.process.poll() is not None:
                self.process.kill()
                raise RuntimeError(f"the SMTP server did not start: {line!r}")
            if select.select([self.process.stdout], [], [], remaining)[0]:
                chunk = os.read(self.process.stdout.fileno(), 100)
                if not chunk:
                    continue
                line += chunk
        word, port = line.split()
        assert word == b"READY", line
        self.port = int(port)

    @property
    def certificate(self):
        return os.path.join(self.directory, "tls", "cert.pem")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process:
            self.process.stdout.close()

    def mails(self):
        """Every message stored so far, in the order received."""
        if not os.path.isdir(self.out):
            return []
        for name in sorted(os.listdir(self.out)):
            if name.endswith(".eml") and name not in self._parsed:
                self._parsed[name] = Mail(os.path.join(self.out, name[:-4]))
        return [self._parsed[name] for name in sorted(self._parsed)]

    def to(self, address, kind=None):
        return [m for m in self.mails() if address in m.recipients and (kind is None or m.kind == kind)]

    def wait_for(self, address, kind, count=1, timeout=MAIL_WAIT, log=None):
        """The first `count` mails of `kind` to `address`, once they have arrived."""
        deadline = time.monotonic() + timeout
        while True:
            found = self.to(address, kind)
            if len(found) >= count:
                return found[:count]
            if time.monotonic() > deadline:
                tail = "\n".join(log().splitlines()[-15:]) if log else ""
                raise AssertionError(
                    f"no {kind} mail to {address} within {timeout}s; received {self.mails()}\n{tail}")
            time.sleep(0.05)


# MARK: genkan serve

class Genkan(GenkanServe):
    """`genkan serve` sending mail through the SMTP server at `smtp_port`, retrying after 1 s."""

    def __init__(self, directory, smtp_port, smtp_ca=None, name="serve"):
        super().__init__(os.path.join(directory, name + ".log"))
        self.directory, self.smtp_port, self.smtp_ca = directory, smtp_port, smtp_ca
        self.database = os.path.join(directory, "genkan.sqlite")
        self.name = name

    def options(self):
        options = ["--db", self.database, "--public", os.path.join(ROOT, "public"), "--base-url", self.url,
                   "--smtp", f"smtp://127.0.0.1:{self.smtp_port}", "--mail-from", MAIL_FROM, "--mail-retry", "1"]
        if self.smtp_ca:
            options += ["--smtp-ca", self.smtp_ca]
        return options

    def query(self, sql):
        """One value from the live database (WAL: a reader does not disturb the server)."""
        connection = sqlite3.connect(self.database, timeout=10)
        try:
            return connection.execute(sql).fetchone()[0]
        finally:
            connection.close()

    def wait_until(self, sql, expected, timeout=MAIL_WAIT, what=""):
        deadline = time.monotonic() + timeout
        while True:
            value = self.query(sql)
            if value == expected:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{what or sql}: {value!r}, not {expected!r}, after {timeout}s\n{self.log()[-2000:]}")
            time.sleep(0.05)

    def wait_for_log(self, pattern, count=1, timeout=10):
        """Waits for `count` lines matching `pattern` (a line follows the change it reports)."""
        deadline = time.monotonic() + timeout
        while len(re.findall(pattern, self.log())) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"not {count} lines like {pattern!r} within {timeout}s:\n{self.log()[-3000:]}")
            time.sleep(0.05)

    def keep_log(self, label):
        os.makedirs(LOGS, exist_ok=True)
        if os.path.exists(self.log_path):
            shutil.copy(self.log_path, os.path.join(LOGS, f"{label}.log"))


def integrity_check(database):
    result = subprocess.run(["sqlite3", database, "PRAGMA integrity_check"],
                            capture_output=True, text=True, timeout=60)
    return result.stdout.strip() or result.stderr.strip()


# MARK: Checks shared by the tests

class MailChecks:
    def assertMailReadable(self, mail, address, locale, kind, name):
        """What a mail client shows: structure, charset, headers, language, the link."""
        message = mail.message
        defects = [type(d).__name__ for part in message.walk() for d in part.defects]
        self.assertEqual(defects, [], mail)
        self.assertEqual(message.get_content_type(), "multipart/alternative")
        parts = [(p.get_content_type(), p.get_content_charset()) for p in message.iter_parts()]
        self.assertEqual(parts, [("text/plain", "utf-8"), ("text/html", "utf-8")])
        self.assertEqual(mail.envelope["mail_from"], MAIL_FROM)
        self.assertEqual(mail.recipients, [address])
        self.assertEqual([a.addr_spec for a in message["to"].addresses], [address])
        self.assertEqual([a.addr_spec for a in message["from"].addresses], [MAIL_FROM])
        self.assertEqual(mail.subject, text(f"mail.{kind}.subject", locale))
        sent = message["date"].datetime
        self.assertIsNotNone(sent.tzinfo, "the Date header has no zone")
        self.assertLess(abs((datetime.now(timezone.utc) - sent).total_seconds()), 300, message["date"])
        self.assertRegex(str(message["message-id"]), r"^<[^<>@\s]+@[^<>@\s]+>$")
        self.assertEqual(str(message["auto-submitted"]), "auto-generated")
        # Names are isolates: FSI…PDI in the text part, an element of their own in the HTML part.
        self.assertIn(text("mail.greeting", locale, isolate(name)), mail.text)
        self.assertIn(f"<bdi>{name}</bdi>", mail.html)
        self.assertIn(f'lang="{locale}"', mail.html)
        self.assertIn(text("mail.footer", locale, isolate(text("ui.site.name", locale))), mail.text)

    def assertLinkSafe(self, link, base_url, path, address):
        self.assertTrue(link.startswith(base_url + path + "?code="), link)
        lowered = urllib.parse.unquote(link).lower()
        for piece in (address.lower(), address.split("@")[0].lower(), urllib.parse.quote(address).lower()):
            self.assertNotIn(piece, lowered, f"the link carries the address: {link}")
        code = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["code"][0]
        self.assertRegex(code, r"^[A-Za-z0-9_-]{43}$", "not 256 bits in base64url")


# MARK: One SMTP server (with STARTTLS) and one site for the tests that do not stop them

SHARED = {}


def setUpModule():
    directory = tempfile.mkdtemp(prefix="genkan-e2e-mail-")
    smtp = MailServer(directory, starttls=True)
    smtp.start()
    site = Genkan(directory, smtp.port, smtp_ca=smtp.certificate, name="shared")
    try:
        site.start()
    except Exception:
        smtp.stop()
        raise
    SHARED.update(directory=directory, smtp=smtp, site=site)


def tearDownModule():
    site, smtp = SHARED["site"], SHARED["smtp"]
    try:
        site.stop()
    finally:
        smtp.stop()
        site.keep_log("shared")
        shutil.rmtree(SHARED["directory"], ignore_errors=True)


class SharedSite:
    @property
    def site(self):
        return SHARED["site"]

    @property
    def smtp(self):
        return SHARED["smtp"]

    def wait_mail(self, address, kind, count=1):
        return self.smtp.wait_for(address, kind, count, log=self.site.log)


# MARK: 1. Sign up -> verification mail -> verified

class SignUpVerification(SharedSite, MailChecks, unittest.TestCase):

    def journey(self, locale, name, address, source, verify_elsewhere):
        client = Client(self.site.port, source=source, language=locale)
        client.sign_up(name, address)
        account = client.get("/account")
        self.assertEqual(account.status, 200)
        self.assertEqual(account.by_id("account-email")["text"], address)
        status = account.by_id("account-email-status")
        self.assertIn("status-unverified", status["attrs"]["class"].split())
        self.assertEqual(status["text"].strip(), text("ui.account.email-unverified", locale))
        self.assertTrue(account.form("/verify-email/resend"), "no 'send the link again' button")

        [mail] = self.wait_mail(address, "verify")
        self.assertMailReadable(mail, address, locale, "verify", name)
        self.assertTrue(mail.envelope["tls"], "the mail did not travel over STARTTLS")
        self.assertIn(text("mail.verify.intro", locale), mail.text)
        self.assertIn(text("mail.verify.action", locale), mail.text)
        self.assertIn(text("mail.link.expiry-days", locale, 3), mail.text)
        link = mail.link("/verify-email")
        self.assertLinkSafe(link, self.site.url, "/verify-email", address)
        self.assertIn(html.escape(link), mail.html)

        # The link opens a page with a button; opening it verifies nothing (mail scanners open links).
        opener = Client(self.site.port, source=source, language=locale) if verify_elsewhere else client
        shown = opener.get(path_of(link))
        self.assertEqual(shown.status, 200)
        self.assertEqual(shown.headers.get("Referrer-Policy"), "no-referrer")
        self.assertIn(text("ui.verify.intro", locale, address), shown.plain())
        code = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["code"][0]
        self.assertEqual(shown.form("/verify-email")["fields"].get("code"), code)
        shown = opener.get(path_of(link))
        self.assertIn(text("ui.verify.intro", locale, address), shown.plain(), "a second GET changed something")
        self.assertIn("status-unverified", client.get("/account").by_id("account-email-status")["attrs"]["class"])

        fields = shown.form("/verify-email")["fields"]
        done = opener.post("/verify-email", fields)
        self.assertEqual(done.status, 200, done.plain()[:400])
        self.assertIn(text("ui.verify.done.message", locale, address), done.plain())

        status = client.get("/account").by_id("account-email-status")
        self.assertIn("status-verified", status["attrs"]["class"].split())
        self.assertEqual(status["text"].strip(), text("ui.account.email-verified", locale))
        self.assertEqual([f for f in client.get("/account").forms if f["action"] == "/verify-email/resend"], [],
                         "'send the link again' is still offered")

        # The same button again: a friendly page, not an error.
        again = opener.post("/verify-email", fields)
        self.assertEqual(again.status, 200)
        self.assertIn(text("ui.verify.already.message", locale, address), again.plain())
        self.assertEqual(len(self.smtp.to(address)), 1, self.smtp.to(address))

    def test_english(self):
        self.journey("en", "Alice Example", "alice.verify@example.com", "127.0.0.11", verify_elsewhere=False)

    def test_japanese_opened_on_another_device(self):
        self.journey("ja", "山田 花子", "hanako.verify@example.com", "127.0.0.12", verify_elsewhere=True)


# MARK: 2. Forgot -> mail -> reset

class PasswordResetFlow(SharedSite, MailChecks, unittest.TestCase):

    def test_reset(self):
        port, source, address, name = self.site.port, "127.0.0.21", "taro.reset@example.com", "Taro Reset"
        first = Client(port, source)
        first.sign_up(name, address)
        second = Client(port, source)
        self.assertEqual(second.sign_in(address, PASSWORD).location, "/account")
        self.assertEqual(second.get("/account").status, 200)
        self.wait_mail(address, "verify")

        # The sign-in page leads to the form; an unknown address gets the same answer, and no mail.
        visitor = Client(port, source)
        signin = visitor.get("/signin")
        self.assertIn("/password/forgot", [a["attrs"].get("href") for a in signin.select("a")])
        unknown = "nobody.here@example.com"
        # A forged Host header must not reach the link (links come from --base-url).
        forged = {"Host": "attacker.example"}
        answer_unknown = visitor.submit("/password/forgot", "/password/forgot", {"email": unknown}, headers=forged)
        answer = visitor.submit("/password/forgot", "/password/forgot", {"email": address}, headers=forged)
        for page, asked in ((answer_unknown, unknown), (answer, address)):
            self.assertEqual(page.status, 200)
            self.assertIn(text("ui.forgot.sent.message", "en", asked), page.plain())
        self.assertEqual(answer.plain().replace(address, "@"), answer_unknown.plain().replace(unknown, "@"))

        [mail] = self.wait_mail(address, "reset")
        self.assertMailReadable(mail, address, "en", "reset", name)
        self.assertIn(text("mail.link.expiry-hours", "en", 1), mail.text)
        link = mail.link("/password/reset")
        self.assertLinkSafe(link, self.site.url, "/password/reset", address)
        self.assertNotIn("attacker.example", mail.text + mail.html)

        form = visitor.get(path_of(link))
        self.assertEqual(form.status, 200)
        self.assertEqual(form.headers.get("Referrer-Policy"), "no-referrer")
        fields = form.form("/password/reset")["fields"]
        self.assertEqual({"csrf", "code", "new-password", "password-confirmation"} - set(fields), set())
        self.assertEqual(second.get("/account").status, 200, "the second client was signed out before the reset")

        fields.update({"new-password": NEW_PASSWORD, "password-confirmation": NEW_PASSWORD})
        done = visitor.post("/password/reset", fields)
        self.assertEqual((done.status, done.location), (303, "/account"), done.plain()[:400])
        account = visitor.get("/account")
        self.assertEqual(account.status, 200)
        [notice] = account.select("div", "notice")
        self.assertEqual(notice["text"].strip(), text("ui.notice.password-changed", "en"))
        self.assertEqual(visitor.get("/account").select("div", "notice"), [], "the notice is shown twice")

        # Every session from before the reset has ended.
        for client in (first, second):
            page = client.get("/account")
            self.assertEqual(page.status, 303)
            self.assertTrue(page.location.startswith("/signin"), page.location)

        old = Client(port, source).sign_in(address, PASSWORD)
        self.assertNotEqual(old.status, 303)
        self.assertIn(text("auth.credentials-rejected", "en"), old.plain())
        self.assertEqual(Client(port, source).sign_in(address, NEW_PASSWORD).location, "/account")

        # The link is used up: the page and the form both refuse it.
        for page in (visitor.get(path_of(link)), visitor.post("/password/reset", fields)):
            self.assertEqual(page.status, 400)
            self.assertIn(text("ui.link.invalid.title", "en"), page.plain())
            self.assertIn(text("auth/invalid-action-code", "en"), page.plain())
            self.assertIn("/password/forgot", [a["attrs"].get("href") for a in page.select("a")])

        [changed] = self.wait_mail(address, "password-changed")
        self.assertMailReadable(changed, address, "en", "password-changed", name)
        self.assertIn(text("mail.password-changed.body-kept", "en"), changed.text)
        self.assertEqual(changed.link("/password/forgot"), self.site.url + "/password/forgot")
        self.assertEqual(len(self.smtp.to(address, "reset")), 1)
        self.assertEqual(self.smtp.to(unknown), [])


# MARK: 3. The SMTP server is down while a reset is asked

class SMTPOutage(MailChecks, unittest.TestCase):

    def test_mail_arrives_once_the_server_is_back(self):
        directory = tempfile.mkdtemp(prefix="genkan-e2e-outage-")
        smtp = MailServer(directory, port=free_port())  # nothing listens there yet
        site = Genkan(directory, smtp.port, name="outage")
        try:
            site.start()
            address = "outage@example.com"
            client = Client(site.port, "127.0.0.31")
            client.sign_up("Outage Example", address)
            answer = client.submit("/password/forgot", "/password/forgot", {"email": address})
            self.assertEqual(answer.status, 200)
            self.assertIn(text("ui.forgot.sent.message", "en", address), answer.plain())

            # Both mails (verification, reset) were tried twice (the first retry after 0.5 to 1 s)
            # and failed while nothing listened; neither was given up.
            site.wait_until("SELECT count(*) FROM outbox WHERE attempts >= 2 AND given_up_at IS NULL", 2,
                            what="two failed attempts at each mail")
            for attempt in (1, 2):
                site.wait_for_log(rf"mail \d+ to …@example\.com: attempt {attempt} of 10 failed: "
                                  r"mail\.smtp\.connection-failed", count=2)

            smtp.start()
            [reset] = smtp.wait_for(address, "reset", log=site.log)
            smtp.wait_for(address, "verify", log=site.log)
            self.assertLinkSafe(reset.link("/password/reset"), site.url, "/password/reset", address)
            # Delivered mail leaves the outbox: once it is empty nothing more can come.
            site.wait_until("SELECT count(*) FROM outbox", 0, what="mail left in the outbox")
            self.assertEqual(len(smtp.to(address, "reset")), 1, smtp.mails())
            self.assertEqual(len(smtp.to(address, "verify")), 1, smtp.mails())
            self.assertEqual(len(smtp.mails()), 2, smtp.mails())
            self.assertEqual(client.get(path_of(reset.link("/password/reset"))).status, 200)
        finally:
            try:
                site.stop()
            finally:
                smtp.stop()
                site.keep_log("outage")
                shutil.rmtree(directory, ignore_errors=True)


# MARK: 4. SIGKILL during a burst of reset requests

class KillDuringResetBurst(unittest.TestCase):
    """Rounds of: a burst of reset requests for every account, SIGKILL from the thread that
    gets the KILL_AT-th answer, a restart. Whether the kill catches a request between its answer
    and its mail is a matter of timing (about half the rounds do), hence several rounds."""
    ACCOUNTS = 20
    THREADS = 5
    KILL_AT = 6  # answered requests before the kill
    ROUNDS = 3  # each address is asked once a round: the per-address limit allows 3 (and persists)

    def test_no_acknowledged_request_is_lost(self):
        directory = tempfile.mkdtemp(prefix="genkan-e2e-kill-")
        smtp = MailServer(directory)
        smtp.start()
        site = Genkan(directory, smtp.port, name="kill")
        try:
            site.start()
            addresses = [f"burst{n:02d}@example.com" for n in range(self.ACCOUNTS)]
            groups = [addresses[n::self.THREADS] for n in range(self.THREADS)]

            # Sign-ups hash with Argon2id: a few threads, each from its own address (rate limits).
            def sign_up(group, source):
                client = Client(site.port, source)
                for address in group:
                    client.cookies.clear()
                    client.sign_up("Burst " + address[5:7], address)
            self.run_threads([(sign_up, (group, f"127.0.0.{41 + n}")) for n, group in enumerate(groups)])

            for round in range(1, self.ROUNDS + 1):
                self.burst_kill_restart(round, site, smtp, addresses, groups, directory)

            self.assertEqual({r for m in smtp.mails() for r in m.recipients} - set(addresses), set())
            site.stop()
            self.assertEqual(integrity_check(site.database), "ok")
        finally:
            try:
                if site.process and site.process.poll() is None:
                    site.stop()
            finally:
                smtp.stop()
                site.keep_log("kill")
                shutil.rmtree(directory, ignore_errors=True)

    def burst_kill_restart(self, round, site, smtp, addresses, groups, directory):
        before = {address: len(smtp.to(address, "reset")) for address in addresses}
        # Each thread holds its form (pre-session cookie and CSRF token) before the burst, from an
        # address of its own this round: the limits per client address survive the restarts.
        clients = [Client(site.port, f"127.0.{round}.{51 + n}") for n in range(self.THREADS)]
        tokens = [c.get("/password/forgot").form("/password/forgot")["fields"]["csrf"] for c in clients]
        acknowledged, failed, lock, killed = [], [], threading.Lock(), threading.Event()
        start = threading.Barrier(self.THREADS + 1)

        def burst(client, token, group):
            start.wait(timeout=30)
            for address in group:
                try:
                    page = client.post("/password/forgot", {"csrf": token, "email": address})
                    outcome = page.status
                except (OSError, http.client.HTTPException) as error:
                    outcome = type(error).__name__
                with lock:
                    (acknowledged if outcome == 200 else failed).append((address, outcome))
                    # At once, from the thread that got the answer: requests are in flight and
                    # the last ones answered may not have become mail yet.
                    if len(acknowledged) == self.KILL_AT and not killed.is_set():
                        os.kill(site.process.pid, signal.SIGKILL)
                        killed.set()

        threads = [threading.Thread(target=burst, args=(c, t, g)) for c, t, g in zip(clients, tokens, groups)]
        for thread in threads:
            thread.start()
        start.wait(timeout=30)
        for thread in threads:
            thread.join(timeout=60)
            self.assertFalse(thread.is_alive())
        if not killed.is_set():
            site.kill()
        site.process.wait(timeout=30)
        self.assertTrue(killed.is_set(), f"round {round}: fewer than {self.KILL_AT} answers: {failed}")
        statuses = {outcome for _, outcome in failed if isinstance(outcome, int)}
        self.assertEqual(statuses, set(), f"round {round}: answers other than 200 before the kill: {failed}")

        # The database as the kill left it (a copy, so that genkan recovers the original).
        crashed = os.path.join(directory, f"crashed-{round}")
        os.makedirs(crashed)
        for suffix in ("", "-wal"):
            if os.path.exists(site.database + suffix):
                shutil.copy(site.database + suffix, os.path.join(crashed, "genkan.sqlite" + suffix))
        copy = os.path.join(crashed, "genkan.sqlite")
        self.assertEqual(integrity_check(copy), "ok", f"round {round}")
        left = sqlite3.connect(copy)
        pending = left.execute("SELECT count(*) FROM reset_requests").fetchone()[0]
        queued = left.execute("SELECT count(*) FROM outbox").fetchone()[0]
        left.close()
        print(f"\n  round {round}: {len(acknowledged)} requests answered, {len(failed)} not; the kill left "
              f"{pending} requests without a code and {queued} mails unsent", file=sys.stderr, end="")

        site.start()
        deadline = time.monotonic() + 45
        while True:
            missing = [a for a, _ in acknowledged if len(smtp.to(a, "reset")) <= before[a]]
            if not missing:
                break
            if time.monotonic() > deadline:
                self.fail(f"round {round}: answered, but no reset mail after the restart: {missing}\n"
                          f"{site.log()[-3000:]}")
            time.sleep(0.05)
        # Quiet before the next round: every request processed, every mail sent.
        site.wait_until("SELECT count(*) FROM reset_requests", 0, what="reset requests left")
        site.wait_until("SELECT count(*) FROM outbox", 0, what="mail left in the outbox")
        # Each answered request's latest link opens the new-password form.
        reader = Client(site.port, "127.0.0.59")
        for address, _ in acknowledged:
            link = smtp.to(address, "reset")[-1].link("/password/reset")
            self.assertEqual(reader.get(path_of(link)).status, 200, f"round {round}: {address}")

    def run_threads(self, jobs):
        errors = []

        def guarded(function, arguments):
            try:
                function(*arguments)
            except BaseException as error:  # reported below, on the test's thread
                errors.append(error)
        threads = [threading.Thread(target=guarded, args=job) for job in jobs]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        self.assertEqual(errors, [])
        self.assertFalse(any(thread.is_alive() for thread in threads))


# MARK: 5. Chromium: forgot password in Japanese, through the mail, signed in

class ChromiumJourney(SharedSite, MailChecks, BrowserForms):
    javascript = True

    @classmethod
    def setUpClass(cls):
        cls.browser = chromium(javascript=cls.javascript, language="ja")
        cls.browser.set_page_load_timeout(30)
        cls.suffix = "js" if cls.javascript else "nojs"
        os.makedirs(ARTIFACTS, exist_ok=True)
        cls.temporary = tempfile.mkdtemp(prefix="genkan-e2e-mailhtml-")

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        shutil.rmtree(cls.temporary, ignore_errors=True)

    def shot(self, name):
        self.browser.save_screenshot(os.path.join(ARTIFACTS, f"mail-{name}.png"))

    def wait(self, condition, timeout=20, what="the page"):
        # While one page replaces another, element handles go stale and the inspector may
        # answer with errors: poll through them until the deadline.
        try:
            return WebDriverWait(self.browser, timeout, ignored_exceptions=(WebDriverException,)).until(condition)
        except TimeoutException:
            try:
                where = f"at {self.browser.current_url}, heading {self.heading()!r}"
            except WebDriverException as error:
                where = f"({error.msg})"
            self.fail(f"{what}: not within {timeout}s; {where}")

    def heading(self):
        """The loaded page's h1, read in one step (no element handle to go stale)."""
        return self.browser.execute_script(
            "const h = document.querySelector('h1');"
            "return document.readyState === 'complete' && h ? h.textContent.trim() : null")

    def wait_for_heading(self, expected):
        self.wait(lambda b: self.heading() == expected, what=f"the heading {expected!r}")

    def wait_for_path(self, path):
        self.wait(lambda b: urllib.parse.urlsplit(b.current_url).path == path
                  and b.execute_script("return document.readyState") == "complete", what=path)
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "html").get_attribute("lang"), "ja")

    def test_forgot_password_in_japanese(self):
        browser, suffix = self.browser, self.suffix
        address, name = f"hanako.{suffix}@example.com", "山田 花子"
        Client(self.site.port, "127.0.0.61" if self.javascript else "127.0.0.62", "ja").sign_up(name, address)
        self.wait_mail(address, "verify")

        browser.get(self.site.url + "/signin?lang=ja")
        self.wait_for_path("/signin")
        self.shot(f"signin-ja-{suffix}")
        link = browser.find_element(By.CSS_SELECTOR, "a[href='/password/forgot']")
        self.assertEqual(link.text, text("ui.signin.forgot-link", "ja"))
        link.click()
        self.wait_for_path("/password/forgot")
        self.assertEqual(browser.find_element(By.TAG_NAME, "h1").text, text("ui.forgot.title", "ja"))
        self.fill("email", address)
        self.shot(f"forgot-ja-{suffix}")
        self.submit()
        self.wait_for_heading(text("ui.forgot.sent.title", "ja"))
        self.assertIn(text("ui.forgot.sent.message", "ja", address), browser.find_element(By.TAG_NAME, "main").text)
        self.shot(f"forgot-sent-ja-{suffix}")

        [mail] = self.wait_mail(address, "reset")
        self.assertMailReadable(mail, address, "ja", "reset", name)
        reset_link = mail.link("/password/reset")
        self.assertLinkSafe(reset_link, self.site.url, "/password/reset", address)

        if self.javascript:
            # The mail as a mail client would draw it, then its button.
            self.show_mail(mail, reset_link, text("mail.reset.action", "ja"))
            browser.find_element(By.LINK_TEXT, text("mail.reset.action", "ja")).click()
        else:
            browser.get(reset_link)
        self.wait_for_path("/password/reset")
        self.assertEqual(browser.find_element(By.TAG_NAME, "h1").text, text("ui.reset.title", "ja"))
        self.assertIn(text("ui.reset.intro", "ja", address), browser.find_element(By.TAG_NAME, "main").text)
        self.shot(f"newpassword-ja-{suffix}")
        self.fill("new-password", NEW_PASSWORD)
        self.fill("password-confirmation", NEW_PASSWORD)
        if self.javascript:
            self.wait(lambda b: b.find_elements(By.CSS_SELECTOR, "#new-password-checklist li")
                      and not b.find_elements(By.CSS_SELECTOR, "#new-password-checklist li.unmet"))
        self.shot(f"newpassword-filled-ja-{suffix}")
        self.submit()
        self.wait_for_path("/account")
        notice = browser.find_element(By.CSS_SELECTOR, "div.notice")
        self.assertTrue(notice.is_displayed())
        self.assertEqual(notice.text, text("ui.notice.password-changed", "ja"))
        self.assertEqual(browser.find_element(By.ID, "account-email").text, address)
        self.shot(f"account-ja-{suffix}")

        [changed] = self.wait_mail(address, "password-changed")
        self.assertMailReadable(changed, address, "ja", "password-changed", name)
        if self.javascript:
            self.show_mail(changed, changed.link("/password/forgot"), text("mail.password-changed.action", "ja"),
                           name="changed")

        # The reset link a second time: used up.
        browser.get(reset_link)
        self.wait_for_heading(text("ui.link.invalid.title", "ja"))
        self.assertIn(text("auth/invalid-action-code", "ja"), browser.find_element(By.TAG_NAME, "main").text)
        self.shot(f"link-used-ja-{suffix}")

        # The verification mail of the sign-up, opened in the same (signed-in) browser: the reset
        # link already proved the mailbox, so the address is verified and the page says so.
        [verify] = self.smtp.to(address, "verify")
        verify_link = verify.link("/verify-email")
        if self.javascript:
            self.show_mail(verify, verify_link, text("mail.verify.action", "ja"), name="verification")
        browser.get(verify_link)
        self.wait_for_heading(text("ui.verify.done.title", "ja"))
        self.assertIn(text("ui.verify.already.message", "ja", address), browser.find_element(By.TAG_NAME, "main").text)
        self.shot(f"verify-done-ja-{suffix}")
        browser.find_element(By.LINK_TEXT, text("ui.verify.continue", "ja")).click()
        self.wait_for_path("/account")
        status = browser.find_element(By.ID, "account-email-status")
        self.assertIn("status-verified", status.get_attribute("class").split())
        self.assertEqual(status.text, text("ui.account.email-verified", "ja"))
        self.shot(f"account-verified-ja-{suffix}")

    def show_mail(self, mail, link, label, name="reset"):
        """Opens the HTML part from a file, checks it loads nothing from elsewhere and shows the
        button and the link, and takes a screenshot."""
        markup = Page(200, {}, mail.html)
        for element in markup.elements:
            self.assertNotIn(element["tag"], ("script", "img", "link", "iframe", "object", "embed", "style"), element)
            for attribute, value in element["attrs"].items():
                self.assertNotIn(attribute, ("src", "srcset", "background", "poster", "data"), element)
                self.assertNotRegex(value, r"url\(|@import", element)
        path = os.path.join(self.temporary, f"{name}.html")
        with open(path, "w", encoding="utf-8") as file:
            file.write(mail.html)
        self.browser.get("file://" + path)
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "html").get_attribute("lang"), "ja")
        self.assertEqual(self.browser.execute_script("return performance.getEntriesByType('resource').length"), 0)
        anchors = self.browser.find_elements(By.TAG_NAME, "a")
        self.assertEqual({a.get_attribute("href") for a in anchors}, {link})
        self.assertTrue(all(a.is_displayed() for a in anchors))
        self.assertEqual(sorted(a.text for a in anchors), sorted([label, link]), "the button or the written-out URL")
        self.assertEqual(self.browser.title, mail.subject)
        self.shot(f"{name}-ja")


ChromiumWithJavaScript, ChromiumWithoutJavaScript = with_and_without_javascript(ChromiumJourney, prefix="Chromium")


if __name__ == "__main__":
    run_tests()
