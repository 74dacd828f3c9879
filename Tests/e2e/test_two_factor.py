"""Two-step verification on the site's own pages, in headless Chromium (Debian's chromium and
chromium-driver) against `genkan serve --two-factor-key FILE`, in Japanese and in Arabic (right to
left): an account signs up and verifies its address from the mailed link, sets up an authenticator
by reading the QR code from a screenshot of the page with ZBar's `zbarimg` (the page's text is not
used for the secret), signs out and in with its password and a code, sees a replayed code refused,
signs in with a recovery code once and is refused it the second time, turns the second factor off
with its password and a code, turns it on again, and meets the limit on wrong codes (the page says
so, and the owner is mailed). The mails are read from the outbox, in the page's language.

The codes are computed here, by Python's own HMAC (RFC 6238), from the secret the QR code holds.
Screenshots go to artifacts/e2e/two-factor-<language>/.

Run by `make test`:  .venv/bin/python Tests/e2e/test_two_factor.py
"""

import base64
import hashlib
import hmac
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import ARTIFACTS, BrowserForms, catalog, chromium, outbox_mails, run_tests  # noqa: E402
from test_site import Server  # noqa: E402

PASSWORD = "correct horse battery staple"


def totp(secret, step):
    """RFC 6238 with SHA-1, 6 digits: the code of time step `step` (Unix time // 30)."""
    mac = hmac.new(secret, struct.pack(">Q", step), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def current_step():
    return int(time.time()) // 30


class TwoFactorJourney(BrowserForms):
    """The journey in `language`; a subclass per language binds it to unittest."""

    language = "ja"
    name = "山田 太郎"

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-e2e-2fa-")
        cls.key_file = os.path.join(cls.directory, "two-factor.key")
        cls.server = Server(cls.directory, ["--two-factor-key", cls.key_file])
        cls.server.start()
        cls.browser = chromium(javascript=True, language=cls.language)
        cls.shots = os.path.join(ARTIFACTS, "two-factor-" + cls.language)
        os.makedirs(cls.shots, exist_ok=True)
        cls.step = 0

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.server.stop()
        shutil.copy(os.path.join(cls.directory, "serve.log"), os.path.join(cls.shots, "serve.log"))
        shutil.rmtree(cls.directory, ignore_errors=True)

    # MARK: Helpers

    def text(self, key, *arguments):
        return catalog(key, self.language, *arguments)

    def shot(self, name):
        type(self).step += 1
        path = os.path.join(self.shots, f"{self.step:02d}-{name}.png")
        self.browser.save_screenshot(path)
        return path

    def open(self, path):
        self.browser.get(self.server.url + path)

    def wait_for_path(self, path):
        WebDriverWait(self.browser, 15).until(lambda browser: urllib.parse.urlsplit(browser.current_url).path == path)

    def main_text(self):
        return self.browser.find_element(By.TAG_NAME, "main").text

    def plain_main_text(self):
        """The page's text without the isolates around values (a number keeps its own direction)."""
        return re.sub("[\u2066-\u2069]", "", self.main_text())

    def mails_to(self, address, subject_key, count=1, timeout=20):
        """The mails to `address` whose subject is the catalog's `subject_key` in the page's
        language, once there are `count` of them."""
        subject = self.text(subject_key)
        deadline = time.monotonic() + timeout
        while True:
            found = [mail for mail in outbox_mails(self.server.outbox)
                     if mail["To"] and address in str(mail["To"]) and str(mail["Subject"]) == subject]
            if len(found) >= count or time.monotonic() > deadline:
                return found
            time.sleep(0.2)

    def sign_out(self):
        self.open("/account")
        self.browser.find_element(By.CSS_SELECTOR, "form.signout-form button[type=submit]").click()
        self.wait_for_path("/signin")

    def sign_in_with_password(self, address):
        """The first factor: the page after it must be the second step, with no session yet."""
        self.open("/signin")
        self.fill("email", address)
        self.fill("password", PASSWORD)
        self.submit()
        self.wait_for_path("/signin/two-factor")

    def wait_until_replaced(self, page):
        """Waits for the document `page` belongs to to be replaced by the next one. While the
        navigation is under way Chromium may answer a question about the old node with an inspector
        error ("does not belong to the document") rather than a stale reference; that is asked again."""
        WebDriverWait(self.browser, 15, ignored_exceptions=(WebDriverException,)).until(EC.staleness_of(page))

    def enter_code(self, code):
        """Types `code` into the one field and submits it; returns once the next page is there."""
        field = self.browser.find_element(By.ID, "code")
        self.assertEqual(field.get_attribute("autocomplete"), "one-time-code")
        self.assertEqual(field.get_attribute("inputmode"), "numeric")
        self.fill("code", code)
        page = self.browser.find_element(By.TAG_NAME, "html")
        self.submit()
        self.wait_until_replaced(page)

    def wait_for_error(self):
        return WebDriverWait(self.browser, 15).until(lambda b: b.find_elements(By.ID, "error-summary"))[0].text

    def sign_up_and_verify(self, address):
        self.open("/signup?lang=" + self.language)
        self.fill_sign_up(self.name, address, PASSWORD)
        self.submit()
        self.wait_for_path("/account")
        [mail] = self.mails_to(address, "mail.verify.subject")
        link = re.search(r"https?://\S+?(/verify-email\?code=[A-Za-z0-9_-]+)", mail.get_body(("plain",)).get_content()).group(1)
        self.open(link)
        page = self.browser.find_element(By.TAG_NAME, "html")
        self.submit()
        self.wait_until_replaced(page)
        self.open("/account")
        self.assertTrue(self.browser.find_elements(By.CSS_SELECTOR, "#account-email-status.status-verified"))

    def set_up_authenticator(self, address):
        """From the account page to the recovery codes: the secret read from the QR code in a
        screenshot. Returns the secret and the codes."""
        self.open("/account")
        self.browser.find_element(By.CSS_SELECTOR, "a[href='/account/two-factor']").click()
        self.wait_for_path("/account/two-factor")
        self.assertIn(self.text("ui.two-factor.intro"), self.main_text())
        self.fill("current-password", PASSWORD)
        self.submit()
        self.wait_for_path("/account/two-factor/set-up")
        qr = self.browser.find_element(By.CSS_SELECTOR, "svg.totp-qr")
        self.assertEqual(qr.get_attribute("role"), "img")
        self.assertEqual(qr.get_attribute("aria-label"), self.text("ui.two-factor.qr-label"))
        self.browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", qr)
        screenshot = self.shot("qr-code")
        decoded = subprocess.run(["zbarimg", "--raw", "-q", screenshot], capture_output=True, text=True, timeout=60)
        self.assertEqual(decoded.returncode, 0, "zbarimg found no QR code in " + screenshot)
        uri = decoded.stdout.strip()
        parsed = urllib.parse.urlsplit(uri)
        self.assertEqual((parsed.scheme, parsed.netloc), ("otpauth", "totp"))
        label = urllib.parse.unquote(parsed.path[1:])
        self.assertTrue(label.endswith(":" + address), label)
        parameters = dict(urllib.parse.parse_qsl(parsed.query))
        self.assertEqual((parameters["algorithm"], parameters["digits"], parameters["period"]), ("SHA1", "6", "30"))
        self.assertEqual(parameters["issuer"], label.rsplit(":", 1)[0])
        encoded = parameters["secret"]
        secret = base64.b32decode(encoded + "=" * (-len(encoded) % 8))
        # The key as text says the same, in groups of four, read left to right in any language.
        key = self.browser.find_element(By.CSS_SELECTOR, "[data-totp-secret]")
        self.assertEqual(key.text.replace(" ", ""), encoded)
        self.assertEqual(key.get_attribute("dir"), "ltr")
        # A wrong code says so and keeps the same secret.
        step = current_step()
        wrong = next(code for code in ("000000", "111111", "222222") if code not in {totp(secret, s) for s in (step - 1, step, step + 1)})
        self.enter_code(wrong)
        self.assertIn(catalog("auth/invalid-verification-code", self.language), self.wait_for_error())
        self.assertEqual(self.browser.find_element(By.CSS_SELECTOR, "[data-totp-secret]").text.replace(" ", ""), encoded)
        self.shot("wrong-first-code")
        self.enter_code(totp(secret, current_step()))
        WebDriverWait(self.browser, 15).until(lambda b: b.find_elements(By.CSS_SELECTOR, "[data-recovery-code]"))
        codes = [element.text for element in self.browser.find_elements(By.CSS_SELECTOR, "[data-recovery-code]")]
        self.assertEqual(len(codes), 10)
        self.assertEqual(len(set(codes)), 10)
        self.assertTrue(all(re.fullmatch(r"[0-9a-z]{4}(-[0-9a-z]{4}){3}", code) for code in codes), codes)
        # The download is the same codes as a text file; "copy" is shown by the script.
        download = self.browser.find_element(By.ID, "recovery-codes-download")
        self.assertEqual(download.get_attribute("download"), "recovery-codes.txt")
        contents = urllib.parse.unquote(download.get_attribute("href").split(",", 1)[1])
        self.assertTrue(all(code in contents for code in codes))
        self.assertTrue(self.browser.find_element(By.ID, "recovery-codes-copy").is_displayed())
        self.shot("recovery-codes")
        self.browser.find_element(By.ID, "recovery-codes-done").click()
        self.wait_for_path("/account/two-factor")
        self.assertIn(self.text("ui.two-factor.codes-left", "10"), self.plain_main_text())
        return secret, codes

    def signed_in(self):
        self.wait_for_path("/account")
        self.assertTrue(self.browser.find_elements(By.CSS_SELECTOR, "form.signout-form"))

    # MARK: The journey

    def test_journey(self):
        browser = self.browser
        address = f"taro.{self.language}@example.com"
        self.sign_up_and_verify(address)
        secret, codes = self.set_up_authenticator(address)
        self.assertEqual(browser.find_element(By.TAG_NAME, "html").get_attribute("dir"), "rtl" if self.language in ("ar", "he", "fa", "ur") else "ltr")
        [added] = self.mails_to(address, "mail.two-factor.added.subject")
        self.assertIn(self.text("mail.two-factor.added.body"), added.get_body(("plain",)).get_content())

        # Signing in: the password leads to the second step; no session exists until the code.
        self.sign_out()
        self.sign_in_with_password(address)
        self.assertIn(self.text("ui.second-step.intro"), self.main_text())
        self.open("/account")
        self.wait_for_path("/signin")
        self.open("/signin/two-factor")
        self.shot("second-step")
        # The enrolment spent this time step's code: the next one is accepted (one step of skew).
        code = totp(secret, current_step() + 1)
        self.enter_code(code)
        self.signed_in()
        self.shot("signed-in")

        # The same code again is refused: each works once.
        self.sign_out()
        self.sign_in_with_password(address)
        self.enter_code(code)
        self.assertIn(self.text("ui.second-step.code-used"), self.wait_for_error())
        self.shot("code-replayed")

        # A recovery code (typed in capitals, without its hyphens) works once.
        self.enter_code(codes[0].replace("-", "").upper())
        self.signed_in()
        self.sign_out()
        self.sign_in_with_password(address)
        self.enter_code(codes[0])
        self.assertIn(catalog("auth/invalid-verification-code", self.language), self.wait_for_error())
        self.shot("recovery-code-reused")
        self.enter_code(codes[1])
        self.signed_in()
        self.open("/account/two-factor")
        self.assertIn(self.text("ui.two-factor.codes-left", "8"), self.plain_main_text())

        # Turning it off: the password and a code.
        browser.find_element(By.CSS_SELECTOR, "a[href='/account/two-factor/remove']").click()
        self.wait_for_path("/account/two-factor/remove")
        self.fill("current-password", PASSWORD)
        self.fill("code", codes[2])
        self.shot("removal")
        self.submit()
        self.wait_for_path("/account/two-factor")
        self.assertIn(self.text("ui.notice.two-factor-removed"), self.main_text())
        self.shot("removed")
        [removed] = self.mails_to(address, "mail.two-factor.removed.subject")
        self.assertIn(self.text("mail.two-factor.removed.body"), removed.get_body(("plain",)).get_content())
        self.sign_out()
        self.open("/signin")
        self.fill("email", address)
        self.fill("password", PASSWORD)
        self.submit()
        self.signed_in()

        self.sign_out()

    def test_wrong_codes_are_limited(self):
        """Another account: ten checks each 15 minutes per account reach the code, five per
        sign-in; the wrong one that fills the limit mails the owner, and the page says so from
        then on, even for a right code."""
        address = f"hanako.{self.language}@example.com"
        self.sign_up_and_verify(address)
        secret, _ = self.set_up_authenticator(address)
        self.sign_out()
        self.sign_in_with_password(address)
        step = current_step()
        wrong = next(c for c in ("123123", "456456", "789789") if c not in {totp(secret, s) for s in range(step - 2, step + 60)})
        locked = self.text("ui.second-step.locked")
        restarted = 0
        for _ in range(20):
            self.enter_code(wrong)
            if urllib.parse.urlsplit(self.browser.current_url).path == "/signin":
                # Five wrong codes ended this sign-in: it starts again from the password.
                self.assertIn(catalog("auth/invalid-multi-factor-session", self.language), self.main_text())
                restarted += 1
                self.sign_in_with_password(address)
                continue
            error = self.wait_for_error()
            if locked in error:
                break
            self.assertIn(catalog("auth/invalid-verification-code", self.language), error)
        else:
            self.fail("wrong codes were never limited")
        self.assertGreaterEqual(restarted, 1)
        self.shot("codes-limited")
        # Even the right code is not checked now.
        self.enter_code(totp(secret, current_step() + 1))
        self.assertIn(locked, self.wait_for_error())
        self.assertEqual(urllib.parse.urlsplit(self.browser.current_url).path, "/signin/two-factor")
        guessed = self.mails_to(address, "mail.two-factor.codes-guessed.subject")
        self.assertTrue(guessed, "the owner was not mailed")
        body = guessed[0].get_body(("plain",)).get_content()
        self.assertIn(self.text("mail.two-factor.codes-guessed.body"), body)
        self.assertIn("/password/forgot", body)


class Japanese(TwoFactorJourney, unittest.TestCase):
    language = "ja"
    name = "山田 太郎"


class Arabic(TwoFactorJourney, unittest.TestCase):
    language = "ar"
    name = "طارق"


if __name__ == "__main__":
    run_tests()
