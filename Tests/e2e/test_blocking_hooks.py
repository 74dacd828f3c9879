"""End-to-end tests of the blocking hooks: a real `genkan serve --before-create URL --before-sign-in
URL --webhook-secret whsec_…` (with the Firebase API in emulator mode), a receiver on loopback that
checks every call's signature with the Standard Webhooks reference library (`standardwebhooks`,
PyPI) and answers as a Firebase blocking function does, headless Chromium on the site's pages, and
the real Firebase JavaScript SDK (Tests/e2e/firebase-js-sdk) in Chromium on an app's own origin.

Run by `make test`:  .venv/bin/python Tests/e2e/test_blocking_hooks.py

- the before-create hook refuses addresses at blocked.example: the sign-up page shows the site's
  Japanese "not allowed" sentence and makes no account; the SDK's `createUserWithEmailAndPassword`
  fails with `auth/internal-error` carrying the hook's message (Firebase's
  `BLOCKING_FUNCTION_ERROR_RESPONSE`, as the REST API answers it byte for byte); another domain
  signs up on both;
- the before-sign-in hook adds a custom claim and a session claim: the SDK's ID token carries both,
  and so does the next one (`getIdTokenResult(true)`); the account keeps the custom claim.

Screenshots, the browser's console and the server's log go to artifacts/e2e/blocking-hooks/.
"""

import base64
import functools
import http.server
import json
import os
import shutil
import sqlite3
import sys
import tempfile
import threading
import unittest
import urllib.error
import urllib.request

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from support import ARTIFACTS, BrowserForms, catalog, chromium, free_port, run_tests  # noqa: E402
from test_site import Server  # noqa: E402

from standardwebhooks.webhooks import Webhook, WebhookVerificationError  # noqa: E402

PASSWORD = "correct horse battery staple"
SECRET = "whsec_" + base64.b64encode(b"the e2e blocking hooks secret 32").decode()
PROJECT = "demo-genkan"
REFUSAL = "Addresses at blocked.example may not sign up."
SDK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "firebase-js-sdk")
SHOTS = os.path.join(ARTIFACTS, "blocking-hooks")

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Genkan blocking hooks test app</title>
<script src="firebase-app-compat.js"></script>
<script src="firebase-auth-compat.js"></script>
<script src="app.js"></script>
</head><body><p>app</p></body></html>
"""

APP = """
firebase.initializeApp({apiKey: "fake-api-key", authDomain: "127.0.0.1", projectId: "%(project)s"});
const auth = firebase.auth();
auth.useEmulator("http://127.0.0.1:%(port)d", {disableWarnings: true});
const flows = {
  async signUp(email, password) {
    const result = await auth.createUserWithEmailAndPassword(email, password);
    const first = await result.user.getIdTokenResult();
    const next = await result.user.getIdTokenResult(true);
    return {uid: result.user.uid, first: first.claims, next: next.claims, token: first.token};
  },
};
window.runFlow = function (name, args, done) {
  flows[name](...args).then((value) => done({ok: value}), (error) => done({error: error.code || String(error),
                                                                           message: error.message}));
};
"""


class Hooks:
    """The operator's hooks: every call verified with `standardwebhooks` (401 otherwise) and kept.
    /before-create refuses addresses at blocked.example as a Firebase blocking function refuses;
    /before-sign-in adds {"plan": "gold"} to the account and {"session": "e2e"} to the sign-in's
    tokens."""

    def __init__(self):
        self.hook = Webhook(SECRET)
        self.lock = threading.Lock()
        self.calls, self.rejected = [], []
        hooks = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *arguments):
                pass

            def answer(self, status, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {name.lower(): value for name, value in self.headers.items()}
                try:
                    body = hooks.hook.verify(raw.decode("utf-8"), headers)
                except (WebhookVerificationError, UnicodeDecodeError, ValueError) as error:
                    with hooks.lock:
                        hooks.rejected.append(str(error))
                    return self.answer(401, {"error": {"status": "UNAUTHENTICATED", "message": "bad signature"}})
                with hooks.lock:
                    hooks.calls.append((self.path, body))
                email = (body["data"]["user_record"].get("email") or "").lower()
                if self.path == "/before-create" and email.endswith("@blocked.example"):
                    return self.answer(403, {"error": {"status": "PERMISSION_DENIED", "message": REFUSAL}})
                if self.path == "/before-sign-in":
                    return self.answer(200, {"userRecord": {"updateMask": "customClaims,sessionClaims",
                                                            "customClaims": {"plan": "gold"}, "sessionClaims": {"session": "e2e"}}})
                return self.answer(200, {})

        http.server.ThreadingHTTPServer.allow_reuse_address = True
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


class BlockingHooks(BrowserForms, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-e2e-hooks-")
        cls.hooks = Hooks()
        cls.server = Server(cls.directory, [
            "--firebase-project", PROJECT, "--firebase-emulator", "--webhook-secret", SECRET,
            "--before-create", cls.hooks.url + "/before-create", "--before-sign-in", cls.hooks.url + "/before-sign-in"])
        cls.server.start()
        # The app's own origin: another port, as an app's web server is.
        site = os.path.join(cls.directory, "app")
        os.makedirs(site)
        for name in ("firebase-app-compat.js", "firebase-auth-compat.js"):
            shutil.copy(os.path.join(SDK, name), site)
        with open(os.path.join(site, "index.html"), "w") as file:
            file.write(PAGE)
        with open(os.path.join(site, "app.js"), "w") as file:
            file.write(APP % {"project": PROJECT, "port": cls.server.port})
        cls.app_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
        threading.Thread(target=cls.app_server.serve_forever, daemon=True).start()
        cls.app_url = f"http://127.0.0.1:{cls.app_server.server_address[1]}"
        cls.browser = chromium(language="ja")
        cls.browser.set_script_timeout(30)
        os.makedirs(SHOTS, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.app_server.shutdown()
        cls.server.stop()
        cls.hooks.stop()
        shutil.copy(os.path.join(cls.directory, "serve.log"), os.path.join(SHOTS, "serve.log"))
        shutil.rmtree(cls.directory, ignore_errors=True)

    def accounts(self, domain):
        with sqlite3.connect(self.server.database) as database:
            return database.execute("SELECT COUNT(*) FROM accounts WHERE email LIKE ?", (f"%@{domain}",)).fetchone()[0]

    def rest(self, method, fields):
        request = urllib.request.Request(
            f"{self.server.url}/identitytoolkit.googleapis.com/v1/accounts:{method}?key=fake-api-key",
            data=json.dumps(fields).encode(), headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def flow(self, name, *arguments):
        self.browser.get(self.app_url + "/index.html")
        WebDriverWait(self.browser, 15).until(lambda b: b.execute_script("return typeof window.runFlow") == "function")
        return self.browser.execute_async_script(
            "window.runFlow(arguments[0], arguments[1], arguments[arguments.length - 1]);", name, list(arguments))

    def sign_up_on_the_page(self, email):
        self.browser.get(self.server.url + "/signup")
        self.fill_sign_up("Taro Yamada", email, PASSWORD)
        self.submit()

    def test_the_page_refuses_a_blocked_domain_in_the_visitors_language(self):
        self.sign_up_on_the_page("taro@blocked.example")
        WebDriverWait(self.browser, 15).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".error-summary, [role=alert]"))
        self.browser.save_screenshot(os.path.join(SHOTS, "signup-refused-ja.png"))
        text = self.browser.find_element(By.TAG_NAME, "main").text
        self.assertIn(catalog("ui.signin.hook-refused", "ja"), text)
        self.assertNotIn(REFUSAL, self.browser.page_source)  # the hook's words are for the API, not the page
        self.assertTrue(self.browser.current_url.endswith("/signup"), self.browser.current_url)
        self.assertEqual(self.accounts("blocked.example"), 0)
        # Another domain goes through, and its first sign-in was asked about too.
        self.sign_up_on_the_page("taro@page.example")
        WebDriverWait(self.browser, 15).until(lambda b: b.current_url.endswith("/account"))
        self.assertEqual(self.accounts("page.example"), 1)
        with self.hooks.lock:
            paths = [path for path, body in self.hooks.calls if body["data"]["user_record"].get("email") == "taro@page.example"]
        self.assertEqual(paths, ["/before-create", "/before-sign-in"])
        self.assertEqual(self.hooks.rejected, [])

    def test_the_sdk_and_the_rest_api_get_firebases_blocking_function_error(self):
        result = self.flow("signUp", "hanako@blocked.example", PASSWORD)
        self.assertEqual(result.get("error"), "auth/internal-error", result)
        self.assertIn(REFUSAL, result["message"])
        self.assertIn("HTTP Cloud Function returned an error", result["message"])
        status, body = self.rest("signUp", {"email": "jiro@Blocked.example", "password": PASSWORD, "returnSecureToken": True})
        self.assertEqual(status, 400)
        self.assertEqual(body["error"]["message"], "BLOCKING_FUNCTION_ERROR_RESPONSE : HTTP Cloud Function returned an error: "
                         + json.dumps({"error": {"message": REFUSAL, "status": "PERMISSION_DENIED"}}, separators=(",", ":")))
        self.assertNotIn("idToken", body)
        self.assertEqual(self.accounts("blocked.example"), 0)
        self.assertEqual(self.hooks.rejected, [])

    def test_a_claim_from_the_sign_in_hook_is_in_the_id_tokens(self):
        result = self.flow("signUp", "saburo@example.com", PASSWORD)
        self.assertIn("ok", result, result)
        claims = result["ok"]
        self.assertEqual((claims["first"]["plan"], claims["first"]["session"]), ("gold", "e2e"))
        self.assertEqual((claims["next"]["plan"], claims["next"]["session"]), ("gold", "e2e"))
        # The token itself, decoded here: the claims are in its payload.
        payload = claims["token"].split(".")[1]
        payload = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        self.assertEqual((payload["plan"], payload["session"], payload["user_id"]), ("gold", "e2e", claims["uid"]))
        with sqlite3.connect(self.server.database) as database:
            stored = database.execute("SELECT custom_claims FROM accounts WHERE email = ?", ("saburo@example.com",)).fetchone()[0]
        self.assertEqual(json.loads(stored), {"plan": "gold"})
        self.assertEqual(self.hooks.rejected, [])


if __name__ == "__main__":
    run_tests()
