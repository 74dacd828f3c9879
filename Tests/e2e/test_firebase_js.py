"""The real Firebase JavaScript SDK (10.9.0 compat bundles, Tests/e2e/firebase-js-sdk) in headless
Chromium, pointed at `genkan serve --firebase-project P --firebase-emulator` with `useEmulator`, as
an app on another origin uses it: `signInAnonymously` then `linkWithCredential` (same uid),
`signInWithCustomToken` with the Admin SDK's token, custom claims after `getIdToken(true)`, and
`sendSignInLinkToEmail` then `signInWithEmailLink` on the page the link leads to.

Run by `make test`:  .venv/bin/python Tests/e2e/test_firebase_js.py
"""

import functools
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading
import unittest
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from support import ARTIFACTS, CHROMEDRIVER, CHROMIUM, run_tests  # noqa: E402
from test_firebase import PASSWORD, PROJECT, firebase_server, start_admin_sdk, stop_admin_sdk  # noqa: E402

SDK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "firebase-js-sdk")

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Genkan JS SDK test app</title>
<script src="firebase-app-compat.js"></script>
<script src="firebase-auth-compat.js"></script>
<script src="app.js"></script>
</head><body><p id="state">loaded</p></body></html>
"""

# The app: the SDK configured as a Firebase app is, then `useEmulator`; each flow resolves to a
# JSON-able value or to {error: code}.
APP = """
firebase.initializeApp({apiKey: "fake-api-key", authDomain: "127.0.0.1", projectId: "%(project)s"});
const auth = firebase.auth();
auth.useEmulator("http://127.0.0.1:%(port)d", {disableWarnings: true});
const flows = {
  async anonymousThenLinked(email, password) {
    const guest = await auth.signInAnonymously();
    const before = {uid: guest.user.uid, isAnonymous: guest.user.isAnonymous,
                    provider: (await guest.user.getIdTokenResult()).signInProvider};
    const credential = firebase.auth.EmailAuthProvider.credential(email, password);
    const linked = await guest.user.linkWithCredential(credential);
    const after = {uid: linked.user.uid, isAnonymous: linked.user.isAnonymous, email: linked.user.email};
    await auth.signOut();
    const again = await auth.signInWithEmailAndPassword(email, password);
    return {before, after, againUid: again.user.uid};
  },
  async customToken(token) {
    const result = await auth.signInWithCustomToken(token);
    const token1 = await result.user.getIdTokenResult();
    return {uid: result.user.uid, isNew: result.additionalUserInfo.isNewUser, provider: token1.signInProvider,
            claims: token1.claims};
  },
  async claimsNow() {
    return {cached: (await auth.currentUser.getIdTokenResult()).claims,
            forced: (await auth.currentUser.getIdTokenResult(true)).claims};
  },
  async sendLink(email, url) {
    await auth.signOut();
    await auth.sendSignInLinkToEmail(email, {url, handleCodeInApp: true});
    window.localStorage.setItem("emailForSignIn", email);
    return true;
  },
  async finishLink() {
    const href = window.location.href;
    if (!auth.isSignInWithEmailLink(href)) return {error: "not-a-sign-in-link", href};
    const email = window.localStorage.getItem("emailForSignIn");
    const result = await auth.signInWithEmailLink(email, href);
    let second;
    try { await auth.signInWithEmailLink(email, href); second = "accepted"; } catch (e) { second = e.code; }
    return {uid: result.user.uid, email: result.user.email, verified: result.user.emailVerified,
            isNew: result.additionalUserInfo.isNewUser, second};
  },
};
window.runFlow = function (name, args, done) {
  flows[name](...args).then((value) => done({ok: value}), (error) => done({error: error.code || String(error),
                                                                           message: error.message}));
};
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


class FirebaseJavaScriptSDK(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-e2e-js-")
        cls.server = firebase_server(cls.directory, emulator=True)
        cls.server.start()
        # The app's own origin: another port, as an app's web server is.
        site = os.path.join(cls.directory, "app")
        os.makedirs(site)
        for name in ("firebase-app-compat.js", "firebase-auth-compat.js"):
            shutil.copy(os.path.join(SDK, name), site)
        with open(os.path.join(site, "index.html"), "w") as file:
            file.write(PAGE)
        with open(os.path.join(site, "finish.html"), "w") as file:
            file.write(PAGE)
        with open(os.path.join(site, "app.js"), "w") as file:
            file.write(APP % {"project": PROJECT, "port": cls.server.port})
        cls.app_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
        threading.Thread(target=cls.app_server.serve_forever, daemon=True).start()
        cls.app_url = f"http://127.0.0.1:{cls.app_server.server_address[1]}"
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        cls.browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        cls.browser.set_script_timeout(30)
        cls.auth, cls.admin = start_admin_sdk(cls.server, "genkan-e2e-js")

    @classmethod
    def tearDownClass(cls):
        stop_admin_sdk(cls.admin)
        shots = os.path.join(ARTIFACTS, "firebase-js")
        os.makedirs(shots, exist_ok=True)
        with open(os.path.join(shots, "console.log"), "w") as file:
            for entry in cls.browser.get_log("browser"):
                file.write(json.dumps(entry) + "\n")
        cls.browser.quit()
        cls.app_server.shutdown()
        cls.server.stop()
        shutil.copy(os.path.join(cls.directory, "serve.log"), os.path.join(shots, "serve.log"))
        shutil.rmtree(cls.directory, ignore_errors=True)

    def open_app(self, page="index.html"):
        self.browser.get(f"{self.app_url}/{page}")
        WebDriverWait(self.browser, 15).until(lambda b: b.execute_script("return typeof window.runFlow") == "function")

    def flow(self, name, *arguments):
        result = self.browser.execute_async_script(
            "window.runFlow(arguments[0], arguments[1], arguments[arguments.length - 1]);", name, list(arguments))
        self.assertIn("ok", result, f"{name}: {result}")
        return result["ok"]

    def test_anonymous_then_linked_with_a_password(self):
        self.open_app()
        result = self.flow("anonymousThenLinked", "js-guest@example.com", PASSWORD)
        self.assertTrue(result["before"]["isAnonymous"])
        self.assertEqual(result["before"]["provider"], "anonymous")
        self.assertEqual(result["after"], {"uid": result["before"]["uid"], "isAnonymous": False, "email": "js-guest@example.com"})
        self.assertEqual(result["againUid"], result["before"]["uid"])

    def test_custom_token_and_claims_after_a_forced_refresh(self):
        token = self.auth.create_custom_token("js-backend-user", {"team": "blue"}, app=self.admin).decode()
        self.open_app()
        result = self.flow("customToken", token)
        self.assertEqual((result["uid"], result["isNew"], result["provider"]), ("js-backend-user", True, "custom"))
        self.assertEqual(result["claims"]["team"], "blue")
        self.auth.set_custom_user_claims("js-backend-user", {"role": "moderator"}, app=self.admin)
        claims = self.flow("claimsNow")
        self.assertNotIn("role", claims["cached"])  # the SDK's cached token predates the change
        self.assertEqual(claims["forced"]["role"], "moderator")
        self.assertEqual(claims["forced"]["team"], "blue")

    def test_send_sign_in_link_then_sign_in_with_it(self):
        self.open_app()
        address = "js-link@example.com"
        self.assertTrue(self.flow("sendLink", address, f"{self.app_url}/finish.html"))
        with urllib.request.urlopen(f"{self.server.url}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10) as response:
            codes = [code for code in json.load(response)["oobCodes"] if code["email"] == address]
        self.assertEqual(len(codes), 1, codes)
        self.assertEqual(codes[0]["requestType"], "EMAIL_SIGNIN")
        # The link, opened in the browser: Genkan's action handler, then the app's page.
        self.browser.get(codes[0]["oobLink"])
        WebDriverWait(self.browser, 15).until(lambda b: urllib.parse.urlsplit(b.current_url).path == "/finish.html")
        WebDriverWait(self.browser, 15).until(lambda b: b.execute_script("return typeof window.runFlow") == "function")
        result = self.flow("finishLink")
        self.assertEqual((result["email"], result["verified"], result["isNew"]), (address, True, True), result)
        self.assertEqual(result["second"], "auth/invalid-action-code")
        self.assertEqual(self.auth.get_user_by_email(address, app=self.admin).uid, result["uid"])


if __name__ == "__main__":
    run_tests()
