"""The Firebase JS SDK's TOTP second factor (10.14.1 modular modules, Tests/e2e/firebase-js-sdk) in
headless Chromium against `genkan serve --firebase-project P --firebase-emulator --two-factor-key
FILE`, as an app on another origin uses it: `TotpMultiFactorGenerator.generateSecret`,
`multiFactor(user).enroll`, a sign-in that throws `auth/multi-factor-auth-required`,
`getMultiFactorResolver` and `resolveSignIn`, a replayed code refused, a wrong one refused,
`enrolledFactors` (read from `accounts:lookup`'s `mfaInfo`), and `unenroll`. The codes are computed here, by Python's own HMAC
(RFC 6238), from the secret the SDK was given.

Run by `make test`:  .venv/bin/python Tests/e2e/test_firebase_totp.py
"""

import functools
import hashlib
import hmac
import http.server
import json
import os
import shutil
import struct
import sys
import tempfile
import threading
import time
import unittest
import base64

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from support import ARTIFACTS, CHROMEDRIVER, CHROMIUM, run_tests  # noqa: E402
from test_firebase import PASSWORD, PROJECT, start_admin_sdk, stop_admin_sdk  # noqa: E402
from test_site import Server  # noqa: E402

SDK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "firebase-js-sdk")

# The published module imports the app module from its CDN address; the import map points that
# address at the local copy, so the bytes stay as published and nothing leaves the machine.
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Genkan TOTP test app</title>
<script type="importmap">{"imports": {"https://www.gstatic.com/firebasejs/10.14.1/firebase-app.js": "./firebase-app.js"}}</script>
<script type="module" src="app.js"></script>
</head><body><p id="state">loaded</p></body></html>
"""

APP = """
import {initializeApp} from "./firebase-app.js";
import {getAuth, connectAuthEmulator, signInWithEmailAndPassword, signOut, multiFactor, getMultiFactorResolver,
        TotpMultiFactorGenerator} from "./firebase-auth.js";
const app = initializeApp({apiKey: "fake-api-key", authDomain: "127.0.0.1", projectId: "%(project)s"});
const auth = getAuth(app);
connectAuthEmulator(auth, "http://127.0.0.1:%(port)d", {disableWarnings: true});
let secret = null, resolver = null;
const flows = {
  async generateSecret(email, password) {
    const credential = await signInWithEmailAndPassword(auth, email, password);
    const session = await multiFactor(credential.user).getSession();
    secret = await TotpMultiFactorGenerator.generateSecret(session);
    return {secretKey: secret.secretKey, length: secret.codeLength, algorithm: secret.hashingAlgorithm,
            period: secret.codeIntervalSeconds, url: secret.generateQrCodeUrl("acct", "Genkan")};
  },
  async enroll(code) {
    const assertion = TotpMultiFactorGenerator.assertionForEnrollment(secret, code);
    await multiFactor(auth.currentUser).enroll(assertion, "Phone");
    return multiFactor(auth.currentUser).enrolledFactors.map((f) => ({factorId: f.factorId, uid: f.uid, name: f.displayName}));
  },
  async signIn(email, password) {
    await signOut(auth);
    try {
      await signInWithEmailAndPassword(auth, email, password);
      return {signedIn: true};
    } catch (error) {
      if (error.code !== "auth/multi-factor-auth-required") throw error;
      resolver = getMultiFactorResolver(auth, error);
      return {required: true, current: auth.currentUser && auth.currentUser.uid,
              hints: resolver.hints.map((h) => ({factorId: h.factorId, uid: h.uid, name: h.displayName}))};
    }
  },
  async resolve(code) {
    const assertion = TotpMultiFactorGenerator.assertionForSignIn(resolver.hints[0].uid, code);
    const credential = await resolver.resolveSignIn(assertion);
    return {uid: credential.user.uid, email: credential.user.email};
  },
  async unenroll() {
    const user = auth.currentUser;
    await multiFactor(user).unenroll(multiFactor(user).enrolledFactors[0]);
    return multiFactor(user).enrolledFactors.length;
  },
};
window.runFlow = function (name, args, done) {
  flows[name](...args).then((value) => done({ok: value}), (error) => done({error: error.code || String(error), message: error.message}));
};
window.ready = true;
"""


def totp(secret_base32, at=None, step_offset=0):
    """RFC 6238 with SHA-1, 6 digits, 30 s: Python's hmac and hashlib, not Genkan's code."""
    key = base64.b32decode(secret_base32 + "=" * (-len(secret_base32) % 8))
    counter = int((time.time() if at is None else at) // 30) + step_offset
    mac = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    number = struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF
    return "%06d" % (number % 1_000_000)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


class FirebaseTOTP(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-e2e-totp-")
        cls.key_file = os.path.join(cls.directory, "two-factor.key")
        cls.server = Server(cls.directory, ["--firebase-project", PROJECT, "--firebase-emulator", "--two-factor-key", cls.key_file])
        cls.server.start()
        site = os.path.join(cls.directory, "app")
        os.makedirs(site)
        for name in ("firebase-app.js", "firebase-auth.js"):
            shutil.copy(os.path.join(SDK, name), site)
        with open(os.path.join(site, "index.html"), "w") as file:
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
        cls.auth, cls.admin = start_admin_sdk(cls.server, "genkan-e2e-totp")

    @classmethod
    def tearDownClass(cls):
        stop_admin_sdk(cls.admin)
        shots = os.path.join(ARTIFACTS, "firebase-totp")
        os.makedirs(shots, exist_ok=True)
        with open(os.path.join(shots, "console.log"), "w") as file:
            for entry in cls.browser.get_log("browser"):
                file.write(json.dumps(entry) + "\n")
        cls.browser.quit()
        cls.app_server.shutdown()
        cls.server.stop()
        shutil.copy(os.path.join(cls.directory, "serve.log"), os.path.join(shots, "serve.log"))
        shutil.rmtree(cls.directory, ignore_errors=True)

    def flow(self, name, *arguments, expect_error=None):
        result = self.browser.execute_async_script(
            "window.runFlow(arguments[0], arguments[1], arguments[arguments.length - 1]);", name, list(arguments))
        if expect_error:
            self.assertEqual(result.get("error"), expect_error, f"{name}: {result}")
            return result
        self.assertIn("ok", result, f"{name}: {result}")
        return result["ok"]

    def test_enrol_sign_in_with_the_resolver_and_unenrol(self):
        email = "totp-js@example.com"
        user = self.auth.create_user(email=email, password=PASSWORD, app=self.admin)
        self.browser.get(f"{self.app_url}/index.html")
        WebDriverWait(self.browser, 15).until(lambda b: b.execute_script("return window.ready === true"))

        # An address not yet verified cannot take a second factor (Identity Platform's rule).
        self.flow("generateSecret", email, PASSWORD, expect_error="auth/unverified-email")
        self.auth.update_user(user.uid, email_verified=True, app=self.admin)

        secret = self.flow("generateSecret", email, PASSWORD)
        self.assertEqual((secret["length"], secret["algorithm"], secret["period"]), (6, "SHA1", 30))
        self.assertEqual(len(secret["secretKey"]), 32)
        self.assertTrue(secret["url"].startswith("otpauth://totp/Genkan:acct?secret=" + secret["secretKey"]))
        # A wrong code keeps the enrolment open; the right one finishes it.
        wrong = "%06d" % ((int(totp(secret["secretKey"])) + 500_000) % 1_000_000)
        self.flow("enroll", wrong, expect_error="auth/invalid-verification-code")
        factors = self.flow("enroll", totp(secret["secretKey"]))
        self.assertEqual([(f["factorId"], f["name"]) for f in factors], [("totp", "Phone")])

        # Signing in now stops at the second factor: no user until the resolver finishes.
        pending = self.flow("signIn", email, PASSWORD)
        self.assertEqual((pending["required"], pending["current"]), (True, None))
        self.assertEqual(pending["hints"], [{"factorId": "totp", "uid": factors[0]["uid"], "name": "Phone"}])
        self.flow("resolve", wrong, expect_error="auth/invalid-verification-code")
        # The enrolment spent this step's code; the next step's is within the window.
        code = totp(secret["secretKey"], step_offset=1)
        self.assertEqual(self.flow("resolve", code), {"uid": user.uid, "email": email})
        # The same code again, in a new sign-in: refused, it was used.
        self.flow("signIn", email, PASSWORD)
        self.flow("resolve", code, expect_error="auth/invalid-verification-code")

        # Unenrol (the resolver's sign-in is recent), then a sign-in needs no second factor.
        self.flow("signIn", email, PASSWORD)
        self.flow("resolve", totp(secret["secretKey"], step_offset=1), expect_error="auth/invalid-verification-code")
        time.sleep(max(0, 30 - time.time() % 30) + 0.5)
        self.assertEqual(self.flow("resolve", totp(secret["secretKey"], step_offset=1)), {"uid": user.uid, "email": email})
        self.assertEqual(self.flow("unenroll"), 0)
        self.assertEqual(self.flow("signIn", email, PASSWORD), {"signedIn": True})

    def test_the_key_file_was_made_private(self):
        self.assertEqual(os.stat(self.key_file).st_mode & 0o777, 0o600)


if __name__ == "__main__":
    run_tests()
