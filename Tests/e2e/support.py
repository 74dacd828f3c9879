"""What every end-to-end test and benchmark script shares: where things are, the catalog's texts
as pages and mails write them, a free loopback port, the built `genkan`, a headless Chromium.

Import it as `from support import ...` (each test puts its own folder on `sys.path` when run as a
script, which Python does by itself)."""

import email
import email.policy
import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ARTIFACTS = os.path.join(ROOT, "artifacts", "e2e")
# Debian's chromium and chromium-driver; selenium must be handed the driver's path, or it looks
# for one on the internet.
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"

with open(os.path.join(ROOT, "Resources", "Localizable.xcstrings"), encoding="utf-8") as catalog_file:
    CATALOG = json.load(catalog_file)["strings"]


def catalog(key, locale="en", *arguments):
    """The catalog's text for a key, each `%@` replaced by the next argument."""
    text = CATALOG[key]["localizations"][locale]["stringUnit"]["value"]
    for argument in arguments:
        text = text.replace("%@", argument, 1)
    return text


def catalog_locales():
    """The languages of the catalog (what the built genkan serves), sorted."""
    return sorted({locale for entry in CATALOG.values() for locale in entry.get("localizations", {})})


def escaped(text):
    """Text as Genkan's HTML writer escapes it."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#39;")


def on_page(key, locale="en", *arguments):
    """The catalog's text as a page writes it: escaped, each argument a value in an element of
    its own (`<bdi>`, bidirectional isolation)."""
    text = escaped(CATALOG[key]["localizations"][locale]["stringUnit"]["value"])
    for argument in arguments:
        text = text.replace("%@", "<bdi>" + escaped(argument) + "</bdi>", 1)
    return text


def genkan_binary():
    """The built `genkan` (the debug build first, which `make test` makes); `GENKAN_BINARY` names
    another (an older build, to show what a test finds there)."""
    if os.environ.get("GENKAN_BINARY"):
        return os.environ["GENKAN_BINARY"]
    for configuration in ("debug", "release"):
        path = os.path.join(ROOT, ".build", configuration, "genkan")
        if os.path.exists(path):
            return path
    raise RuntimeError("build genkan first (swift build)")


def free_port():
    """A TCP port nobody listens on at the moment, on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_serve(arguments, log_path, port, name="genkan serve", timeout=30):
    """Starts the built `genkan serve` with `arguments` (the options after `serve`, `--port PORT`
    among them), its output appended to `log_path`, and returns the process once `GET /signin` on
    127.0.0.1:`port` answers. Raises, with the log, when it exits first or does not answer within
    `timeout` seconds."""
    with open(log_path, "ab") as log:
        process = subprocess.Popen([genkan_binary(), "serve"] + list(arguments), stdout=log, stderr=log)

    def logged():
        with open(log_path, encoding="utf-8", errors="replace") as file:
            return file.read()

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with {process.returncode}:\n{logged()}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/signin", timeout=2).read()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError(f"{name} did not answer within {timeout}s:\n{logged()}")


def stop_serve(process, name="genkan serve", timeout=30):
    """Sends a running `genkan serve` SIGTERM and requires the clean exit (status 0) it must bring."""
    if process and process.poll() is None:
        process.send_signal(signal.SIGTERM)
        status = process.wait(timeout=timeout)
        assert status == 0, f"{name} did not stop cleanly on SIGTERM ({status})"


class GenkanServe:
    """A `genkan serve` on a free loopback port, both its outputs appended to `log_path`; a
    subclass gives the options it runs with besides `--port` (`options()`)."""

    label = "genkan serve"  # how failures name it

    def __init__(self, log_path):
        self.port = free_port()
        self.log_path = log_path
        self.process = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def options(self):
        raise NotImplementedError

    def start(self):
        self.process = start_serve(["--port", str(self.port)] + self.options(), self.log_path, self.port, self.label)

    def stop(self):
        stop_serve(self.process, self.label)

    def kill(self):
        """Ends the process at once (SIGKILL): no shutdown at all."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def log(self):
        """Everything it has printed so far."""
        with open(self.log_path, encoding="utf-8", errors="replace") as file:
            return file.read()


def outbox_mails(directory):
    """The mails `genkan serve --outbox DIR` wrote (its .eml files in name order), parsed as a mail
    client reads them; none while the folder does not exist."""
    if not os.path.isdir(directory):
        return []
    found = []
    for name in sorted(os.listdir(directory)):
        if name.endswith(".eml"):
            with open(os.path.join(directory, name), "rb") as file:
                found.append(email.message_from_bytes(file.read(), policy=email.policy.default))
    return found


def chromium(javascript=True, language=None, size="1000,1200"):
    """A headless Chromium under Debian's chromedriver, with JavaScript on or off and, given a
    language, that language in `Accept-Language`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={size}"):
        options.add_argument(argument)
    preferences = {}
    if language:
        options.add_argument(f"--lang={language}")
        preferences["intl.accept_languages"] = language
    if not javascript:
        preferences["profile.managed_default_content_settings.javascript"] = 2
    if preferences:
        options.add_experimental_option("prefs", preferences)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


class BrowserForms:
    """For a test case with a `self.browser`: type into a field by its id, submit the page's form."""

    def fill(self, field, value):
        from selenium.webdriver.common.by import By

        element = self.browser.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)

    def submit(self):
        from selenium.webdriver.common.by import By

        self.browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()

    def fill_sign_up(self, name, email, password):
        """Types a name, an address and a password (twice) into the sign-up form."""
        for field, value in (("name", name), ("email", email), ("password", password),
                             ("password-confirmation", password)):
            self.fill(field, value)


class Browser:
    """A browser without a browser: urllib with cookies, following no redirects, from one client
    address (X-Forwarded-For, which a server believes from loopback with --trust-proxy) in one
    language. For what the tests drive over plain HTTP: forms with their CSRF fields, JSON calls."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *arguments):
            return None

    def __init__(self, address="192.0.2.1", language="en"):
        self.address, self.language = address, language
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), self.NoRedirect())

    def open(self, url, form=None, timeout=10, headers=None, data=None, method=None):
        """(status, headers, body) of a GET, or of a form's POST when `form` is given (or of
        `method` with raw `data`)."""
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(
            url, data=data, method=method,
            headers={"X-Forwarded-For": self.address, "Accept-Language": self.language, **(headers or {})})
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode()

    def submit(self, server, path, fields, form_server=None):
        """Reads the form at `path` on `form_server` (default `server`) and posts it, with its
        hidden fields and `fields`, to `server`."""
        status, _, page = self.open((form_server or server).url + path)
        assert status == 200, f"GET {path}: {status}"
        values = hidden_fields(page)
        values.update(fields)
        return self.open(server.url + path, values)

    def carry_cookies_to(self, other):
        """Copies this browser's cookies (servers on 127.0.0.1 share one host name)."""
        for cookie in self.jar:
            other.jar.set_cookie(cookie)


def eventually(check, seconds=15, interval=0.1):
    """Polls `check` until it returns something true or `seconds` pass; returns its last value."""
    deadline = time.time() + seconds
    while True:
        value = check()
        if value or time.time() > deadline:
            return value
        time.sleep(interval)


def hidden_fields(page):
    """The hidden inputs of a page's forms (the CSRF token, a code), by name."""
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))


FIREBASE_API = "/identitytoolkit.googleapis.com/v1/"


def api_call(server, method, fields, address="192.0.2.1", headers=None):
    """POSTs JSON to the Firebase-compatible API as the client SDKs do; (status, body)."""
    request = urllib.request.Request(
        server.url + FIREBASE_API + method + "?key=fake-api-key", data=json.dumps(fields).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": address, **(headers or {})}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def with_and_without_javascript(browser_test, prefix=""):
    """The two test cases of a browser test mixin that reads `javascript`: `<prefix>WithJavaScript`
    and `<prefix>WithoutJavaScript`, to be bound to those names in the test's module."""
    return tuple(
        type(prefix + name, (browser_test, unittest.TestCase),
             {"javascript": javascript, "__module__": browser_test.__module__, "__qualname__": prefix + name})
        for name, javascript in (("WithJavaScript", True), ("WithoutJavaScript", False)))


def run_tests():
    """Runs the calling script's test cases verbosely; the process exits 1 when one failed."""
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() else 1)
