"""Accessibility of every page of the site, checked by axe-core (the `axe-core-python` package
carries axe 4.4) in headless Chromium: WCAG 2.1 A and AA rules and axe's best practices, in
English, Japanese and Arabic (right to left), and Hebrew and Hindi once the catalog has them,
with and without errors on the forms.

Run by `make test`:  .venv/bin/python Tests/e2e/test_accessibility.py
A page with any violation fails the test with axe's rule, its help text and the offending nodes."""

import email
import email.policy
import glob
import os
import re
import shutil
import signal
import sys
import tempfile
import time
import unittest

import axe_core_python
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import Protocol, Transport, VirtualAuthenticatorOptions
from selenium.webdriver.support.ui import WebDriverWait

sys.dont_write_bytecode = True  # no __pycache__ in the repository for the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import ROOT, BrowserForms, chromium, free_port, run_tests, start_serve  # noqa: E402

AXE = open(os.path.join(os.path.dirname(axe_core_python.__file__), "axe.min.js"), encoding="utf-8").read()
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


# English, Japanese, Arabic (right to left), Hebrew (right to left, another script) and Hindi
# (Devanagari).
CHECKED_LANGUAGES = ["en", "ja", "ar", "he", "hi"]


class AccessibilityTest(BrowserForms, unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-a11y-")
        cls.outbox = os.path.join(cls.directory, "outbox")
        cls.port = free_port()
        # localhost, a domain: passkeys work, so every page carries its passkey buttons.
        cls.url = f"http://localhost:{cls.port}"
        cls.process = start_serve(
            ["--port", str(cls.port), "--db", os.path.join(cls.directory, "genkan.sqlite"),
             "--public", os.path.join(ROOT, "public"), "--outbox", cls.outbox, "--require-verified",
             "--base-url", cls.url,
             # Providers, so that sign-in and sign-up show their buttons and /account/providers
             # lists them (nothing listens on port 9: the pages need no provider to render).
             "--oidc", "google=http://127.0.0.1:9", "--oidc-client-id", "google=a11y", "--oidc-client-secret", "google=a11y",
             "--oidc", "corp=http://127.0.0.1:9/corp", "--oidc-client-id", "corp=a11y", "--oidc-client-secret", "corp=a11y"],
            os.path.join(cls.directory, "serve.log"), cls.port)
        cls.browser = chromium()
        cls.browser.get("about:blank")
        cls.browser.add_virtual_authenticator(VirtualAuthenticatorOptions(
            protocol=Protocol.CTAP2, transport=Transport.INTERNAL, has_resident_key=True, has_user_verification=True,
            is_user_consenting=True, is_user_verified=True))
        cls.checked = []

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.process.send_signal(signal.SIGTERM)
        cls.process.wait(timeout=20)
        shutil.rmtree(cls.directory, ignore_errors=True)

    def check(self, name):
        """Runs axe on the page now in the browser and fails on any violation."""
        self.browser.execute_script(AXE)
        # axe-core 4.4.3 predates HTML's "webauthn" autofill token (`autocomplete="username
        # webauthn"`, the passkey autofill of the sign-in page), which it would report as invalid
        # (axe-core accepts it from 4.7 on): the check sees the field as without it.
        self.browser.execute_script(
            "document.querySelectorAll('[autocomplete$=\" webauthn\"]').forEach(e =>"
            " e.setAttribute('autocomplete', e.getAttribute('autocomplete').replace(/ webauthn$/, '')))")
        result = self.browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}}).then(r => done(r.violations));",
            RULES)
        self.checked.append(name)
        problems = [f"{v['id']}: {v['help']} — " + "; ".join(n['html'][:120] for n in v['nodes'][:3]) for v in result]
        self.assertEqual(problems, [], f"{name} ({self.browser.current_url})")

    def submit(self):
        super().submit()
        time.sleep(0.3)

    def mail_link(self, path, before):
        """The link to `path` in the newest mail written after `before` files."""
        deadline = time.time() + 15
        while time.time() < deadline:
            files = sorted(glob.glob(os.path.join(self.outbox, "*.eml")))
            for name in reversed(files[before:]):
                with open(name, "rb") as file:
                    message = email.message_from_bytes(file.read(), policy=email.policy.default)
                match = re.search(r"http://\S+" + re.escape(path) + r"\?code=[A-Za-z0-9_-]+", message.get_body(("plain",)).get_content())
                if match:
                    return match.group(0)
            time.sleep(0.1)
        self.fail(f"no mail with a link to {path}")

    def mails(self):
        return len(glob.glob(os.path.join(self.outbox, "*.eml")))

    def test_every_page_in_every_checked_language(self):
        browser = self.browser
        for index, language in enumerate(CHECKED_LANGUAGES):
            address = f"a11y{index}@example.com"
            browser.delete_all_cookies()
            for path in ["/signin", "/signup", "/password/forgot", "/signin/link", "/signin/link/confirm?code=" + "A" * 43,
                         "/nowhere", "/password/reset?code=" + "A" * 43,
                         "/signin/google/callback?state=" + "A" * 43]:
                browser.get(f"{self.url}{path}{'&' if '?' in path else '?'}lang={language}")
                self.check(f"{path} {language}")
            # A form with every kind of error.
            browser.get(f"{self.url}/signup?lang={language}")
            browser.execute_script("document.querySelector('form.auth-form').noValidate = true")
            self.fill("email", "taro@@example")
            self.fill("password", "short")
            self.fill("password-confirmation", "other")
            self.submit()
            self.check(f"/signup with errors {language}")
            # Sign up: the "verify your e-mail" page (--require-verified), then the verification pages.
            before = self.mails()
            browser.get(f"{self.url}/signup?lang={language}")
            self.fill("name", "Taro")
            self.fill("email", address)
            self.fill("password", "correct horse battery")
            self.fill("password-confirmation", "correct horse battery")
            self.submit()
            self.check(f"/verify-email/required {language}")
            link = self.mail_link("/verify-email", before)
            browser.get(link)
            self.check(f"/verify-email {language}")
            self.submit()
            self.check(f"verified {language}")
            browser.get(f"{self.url}/account")
            self.check(f"/account {language}")
            # Reset: the answer, the new-password form (with errors too), the account with its notice.
            browser.delete_all_cookies()
            before = self.mails()
            browser.get(f"{self.url}/password/forgot?lang={language}")
            self.fill("email", address)
            self.submit()
            self.check(f"forgot answer {language}")
            link = self.mail_link("/password/reset", before)
            browser.get(link)
            self.check(f"/password/reset {language}")
            browser.execute_script("document.querySelector('form.auth-form').noValidate = true")
            self.fill("new-password", "password")
            self.fill("password-confirmation", "passwort")
            self.submit()
            self.check(f"/password/reset with errors {language}")
            self.fill("new-password", "a new passphrase here")
            self.fill("password-confirmation", "a new passphrase here")
            self.submit()
            self.check(f"/account with a notice {language}")
            for path in ["/account/name", "/account/password", "/account/email", "/account/providers", "/account/sessions",
                         "/account/delete"]:
                browser.get(self.url + path)
                self.check(f"{path} {language}")
            browser.execute_script("document.querySelector('form.auth-form').noValidate = true")
            self.fill("current-password", "not the password")
            self.submit()
            self.check(f"/account/delete with errors {language}")
            # Passkeys: the empty list, one added (the virtual authenticator), its removal page.
            browser.get(self.url + "/account/passkeys")
            self.check(f"/account/passkeys {language}")
            browser.find_element(By.CSS_SELECTOR, 'button[data-passkey-action="register"]').click()
            WebDriverWait(browser, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, "ul.passkeys > li"))
            self.check(f"/account/passkeys with a passkey {language}")
            browser.find_element(By.CSS_SELECTOR, 'button[data-passkey-action="remove"]').click()
            WebDriverWait(browser, 20).until(lambda b: b.current_url.split("?")[0].endswith("/remove"))
            self.check(f"passkey removal {language}")
            browser.get(self.url + "/account/passkeys/confirm")
            self.check(f"/account/passkeys/confirm {language}")
            # Without it, the next /signin's autofill request would sign in on its own.
            browser.remove_all_credentials()
            browser.get(link)
            self.check(f"used link {language}")
        self.assertGreaterEqual(len(self.checked), 60)

    def test_the_check_finds_a_violation(self):
        """The harness itself: a field whose label is removed must be reported."""
        self.browser.delete_all_cookies()
        self.browser.get(self.url + "/signin")
        self.browser.execute_script("document.querySelector('label[for=email]').remove()")
        with self.assertRaises(AssertionError) as failure:
            self.check("signin without a label")
        self.assertIn("label", str(failure.exception))


if __name__ == "__main__":
    run_tests()
