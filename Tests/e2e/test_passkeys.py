"""Passkeys in headless Chromium (Debian's chromium and chromium-driver) with WebDriver virtual
authenticators (CTAP2, internal transport, resident keys, user verification), against
`genkan serve --base-url http://localhost:PORT`, in Japanese and in Hebrew (right to left).

Each journey: sign up with a password, add a passkey, rename it, sign out, sign in with it (the
browser ends on /account); a second browser profile whose authenticator has no passkey gets the
page's own message and can then sign in with the password on the same page; the passkey is
removed with the current password, and signing in with it afterwards is refused with the page's
message. A site whose base URL is an IP address shows no passkey button and says so at start.

Run by `make test`:  .venv/bin/python Tests/e2e/test_passkeys.py
Screenshots go to artifacts/e2e/passkeys/."""

import email
import email.policy
import os
import re
import shutil
import sys
import tempfile
import time
import unittest
import urllib.request

from selenium.webdriver.common.by import By
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.common.virtual_authenticator import Protocol, Transport, VirtualAuthenticatorOptions
from selenium.webdriver.support.ui import WebDriverWait

sys.dont_write_bytecode = True  # no __pycache__ in the repository for the imports below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import ARTIFACTS, catalog, chromium, run_tests  # noqa: E402
from test_site import Server  # noqa: E402

SHOTS = os.path.join(ARTIFACTS, "passkeys")


def browser_with_authenticator(locale):
    """A fresh Chromium profile with a virtual platform authenticator that holds no passkey yet."""
    browser = chromium(language=locale, size="1000,1300")
    browser.get("about:blank")
    browser.add_virtual_authenticator(VirtualAuthenticatorOptions(
        protocol=Protocol.CTAP2, transport=Transport.INTERNAL, has_resident_key=True, has_user_verification=True,
        is_user_consenting=True, is_user_verified=True))
    return browser


class PasskeyJourney:
    locale = "ja"

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-passkeys-")
        cls.server = Server(cls.directory)
        cls.base = f"http://localhost:{cls.server.port}"
        cls.server.arguments = ["--base-url", cls.base]
        cls.server.start()
        cls.browser = browser_with_authenticator(cls.locale)
        cls.other = None
        os.makedirs(SHOTS, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        if cls.other:
            cls.other.quit()
        cls.server.stop()
        shutil.copy(os.path.join(cls.directory, "serve.log"), os.path.join(SHOTS, f"serve-{cls.locale}.log"))
        shutil.rmtree(cls.directory, ignore_errors=True)

    def text(self, key):
        return catalog(key, self.locale)

    def shot(self, browser, name):
        browser.save_screenshot(os.path.join(SHOTS, f"{self.locale}-{name}.png"))

    def wait_for_path(self, browser, path):
        WebDriverWait(browser, 20).until(lambda b: b.current_url.split("?")[0] == self.base + path)

    def fill(self, browser, field, value):
        element = browser.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)

    def expect_notice(self, browser, key):
        """Waits for the one-time notice `key` (a page still showing an older notice is not it)."""
        expected = self.text(key)
        try:
            WebDriverWait(browser, 20, ignored_exceptions=(WebDriverException,)).until(
                lambda b: b.find_element(By.CSS_SELECTOR, "div.notice").text == expected)
        except TimeoutException:
            notices = [element.text for element in browser.find_elements(By.CSS_SELECTOR, "div.notice")]
            self.fail(f"notice {expected!r} not shown on {browser.current_url}: {notices}")

    def status(self, browser):
        """The passkey live region's text, once it has one."""
        return WebDriverWait(browser, 20).until(lambda b: b.find_element(By.ID, "passkey-status").text)

    def passkey_button(self, browser, action):
        button = browser.find_element(By.CSS_SELECTOR, f'button[data-passkey-action="{action}"]')
        WebDriverWait(browser, 10).until(lambda b: button.is_displayed() and button.is_enabled())
        return button

    def sign_up(self, browser, name, email, password):
        """Fills and sends the sign-up form on the page, then waits for the account page."""
        for field, value in (("name", name), ("email", email), ("password", password),
                             ("password-confirmation", password)):
            self.fill(browser, field, value)
        browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        self.wait_for_path(browser, "/account")

    def sign_in_with_password(self, browser, email, password):
        self.fill(browser, "email", email)
        self.fill(browser, "password", password)
        browser.find_element(By.CSS_SELECTOR, "main form.auth-form button[type=submit]").click()
        self.wait_for_path(browser, "/account")

    def sign_out(self, browser):
        browser.get(self.base + "/account")
        browser.find_element(By.CSS_SELECTOR, "form.signout-form button[type=submit]").click()
        self.wait_for_path(browser, "/signin")

    def test_journey(self):
        browser = self.browser
        address = f"passkey-{self.locale}@example.com"
        password = "correct horse battery staple"
        first_name, second_name = {"ja": ("ノートPC", "仕事用ノートPC"), "he": ("מחשב נייד", "מחשב עבודה")}[self.locale]

        # Sign up with a password.
        browser.get(f"{self.base}/signup?lang={self.locale}")
        self.assertEqual(browser.find_element(By.TAG_NAME, "html").get_attribute("lang"), self.locale)
        self.sign_up(browser, "Taro", address, password)

        # Add a passkey from the settings, with a name: no other input.
        browser.find_element(By.LINK_TEXT, self.text("ui.passkeys.title")).click()
        self.wait_for_path(browser, "/account/passkeys")
        self.assertEqual(browser.find_element(By.CSS_SELECTOR, "p.passkeys-empty").text, self.text("ui.passkeys.empty"))
        self.shot(browser, "01-passkeys-empty")
        self.fill(browser, "passkey-name", first_name)
        self.passkey_button(browser, "register").click()
        self.expect_notice(browser, "ui.notice.passkey-added")
        items = browser.find_elements(By.CSS_SELECTOR, "ul.passkeys > li")
        self.assertEqual(len(items), 1)
        self.assertEqual(items[0].find_element(By.CSS_SELECTOR, "h2").text, first_name)
        self.assertIn(self.text("ui.passkeys.device-bound"), items[0].text)  # the virtual authenticator's BE is 0
        self.assertIn(self.text("ui.passkeys.never-used").strip(), items[0].text)
        self.shot(browser, "02-passkey-added")
        # The same authenticator again: it holds a passkey of this account already.
        self.passkey_button(browser, "register").click()
        self.assertEqual(self.status(browser), self.text("ui.passkey.error.exists"))
        self.shot(browser, "03-passkey-exists")

        # Rename it.
        passkey_id = items[0].get_attribute("id").removeprefix("passkey-")
        self.fill(browser, f"name-{passkey_id}", second_name)
        browser.find_element(By.CSS_SELECTOR, f'#passkey-{passkey_id} button[data-passkey-action="rename"]').click()
        self.expect_notice(browser, "ui.notice.passkey-renamed")
        self.assertEqual(browser.find_element(By.CSS_SELECTOR, f"#passkey-{passkey_id} h2").text, second_name)

        # Sign out: /signin starts an autofill request (conditional mediation), and the virtual
        # authenticator answers it as a person picking the passkey from the e-mail field's
        # suggestions would: the browser is signed in and ends on /account.
        browser.get(self.base + "/account")
        before = browser.get_cookie("genkan_session")["value"]
        browser.find_element(By.CSS_SELECTOR, "form.signout-form button[type=submit]").click()
        WebDriverWait(browser, 20).until(
            lambda b: b.current_url.split("?")[0] == self.base + "/account"
            and (b.get_cookie("genkan_session") or {}).get("value", before) != before)
        self.assertEqual(browser.find_element(By.ID, "account-email").text, address)

        # The button: with the passkey taken out of the authenticator, /signin's autofill request
        # finds nothing (and says nothing); the button aborts it, and its own request gets the
        # page's message; with the passkey back, the same button signs in, from /signin opened
        # directly, and the browser ends on /account.
        credentials = browser.get_credentials()
        self.assertEqual(len(credentials), 1)
        browser.remove_all_credentials()
        self.sign_out(browser)
        email_field = browser.find_element(By.ID, "email")
        self.assertEqual(email_field.get_attribute("autocomplete"), "username webauthn")
        self.assertEqual(browser.find_element(By.ID, "passkey-status").text, "")
        self.shot(browser, "04-signin")
        self.passkey_button(browser, "sign-in").click()
        self.assertEqual(self.status(browser), self.text("ui.passkey.error.sign-in-cancelled"))
        self.shot(browser, "05-signin-no-passkey")
        browser.add_credential(credentials[0])
        self.passkey_button(browser, "sign-in").click()
        self.wait_for_path(browser, "/account")
        self.assertEqual(browser.find_element(By.ID, "account-email").text, address)
        browser.get(self.base + "/account/passkeys")
        self.assertNotIn(self.text("ui.passkeys.never-used").strip(), browser.find_element(By.CSS_SELECTOR, "ul.passkeys").text)
        self.shot(browser, "06-passkey-used")

        # A sensitive form takes the passkey instead of the current password.
        browser.get(self.base + "/account/email")
        self.fill(browser, "email", f"new-{self.locale}@example.com")
        self.passkey_button(browser, "reauthenticate").click()
        # (While the next page loads, the old page's nodes go away under the driver: ignored.)
        WebDriverWait(browser, 20, ignored_exceptions=(WebDriverException,)).until(
            lambda b: b.find_element(By.TAG_NAME, "h1").text == self.text("ui.email-change.sent.title"))

        # A second browser profile, whose authenticator has no passkey for the site: the page's
        # message, twice (the button works again), then the password form on the same page.
        other = type(self).other = browser_with_authenticator(self.locale)
        other.get(f"{self.base}/signin?lang={self.locale}")
        for _ in range(2):
            self.passkey_button(other, "sign-in").click()
            self.assertEqual(self.status(other), self.text("ui.passkey.error.sign-in-cancelled"))
            WebDriverWait(other, 10).until(
                lambda b: b.find_element(By.CSS_SELECTOR, 'button[data-passkey-action="sign-in"]').is_enabled())
            other.execute_script("document.getElementById('passkey-status').textContent = ''")
        self.passkey_button(other, "sign-in").click()
        self.status(other)
        self.shot(other, "07-other-profile-no-passkey")
        self.sign_in_with_password(other, address, password)

        # Remove the passkey: a confirmation page asks for the current password.
        browser.get(self.base + "/account/passkeys")
        browser.find_element(By.CSS_SELECTOR, f'#passkey-{passkey_id} button[data-passkey-action="remove"]').click()
        self.wait_for_path(browser, f"/account/passkeys/{passkey_id}/remove")
        self.assertIn(second_name, browser.find_element(By.TAG_NAME, "h1").text)
        self.shot(browser, "08-remove-confirmation")
        self.fill(browser, "current-password", "a wrong password")
        browser.find_element(By.CSS_SELECTOR, "main form.auth-form button[type=submit]").click()
        WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.ID, "error-summary"))
        self.fill(browser, "current-password", password)
        browser.find_element(By.CSS_SELECTOR, "main form.auth-form button[type=submit]").click()
        self.expect_notice(browser, "ui.notice.passkey-removed")
        self.assertEqual(browser.find_elements(By.CSS_SELECTOR, "ul.passkeys > li"), [])

        # The authenticator still holds the removed passkey: /signin's autofill offers it, and the
        # refusal shows the page's message; the button gets the same; the password form on the
        # same page still signs in.
        self.sign_out(browser)
        self.assertEqual(self.status(browser), self.text("ui.passkey.error.unknown"))
        browser.execute_script("document.getElementById('passkey-status').textContent = ''")
        self.passkey_button(browser, "sign-in").click()
        self.assertEqual(self.status(browser), self.text("ui.passkey.error.unknown"))
        self.assertTrue(browser.current_url.startswith(self.base + "/signin"))
        self.shot(browser, "09-removed-passkey-refused")
        self.passkey_button(browser, "sign-in")  # enabled again
        self.sign_in_with_password(browser, address, password)

        # The account's address was told of each change, in the page's language.
        subjects = []
        for name in sorted(os.listdir(self.server.outbox)):
            with open(os.path.join(self.server.outbox, name), "rb") as file:
                message = email.message_from_bytes(file.read(), policy=email.policy.default)
            if address in str(message["To"]):
                subjects.append(str(message["Subject"]))
        for key in ("mail.passkey.added.subject", "mail.passkey.removed.subject"):
            self.assertIn(self.text(key), subjects)

        # Every message came from the page: no dialog is open (WebDriver would refuse the call).
        for window in (browser, other):
            self.assertEqual(window.execute_script("return document.readyState"), "complete")


class JapaneseJourney(PasskeyJourney, unittest.TestCase):
    locale = "ja"

    def test_an_account_without_a_password(self):
        """Add a passkey, remove the password with the passkey standing in for it; the passkey,
        now the last way in, cannot be removed; the passkey still signs in."""
        browser = browser_with_authenticator(self.locale)
        try:
            address, password = "no-password@example.com", "correct horse battery staple"
            browser.get(f"{self.base}/signup?lang={self.locale}")
            self.sign_up(browser, "Hanako", address, password)
            browser.get(self.base + "/account/passkeys")
            self.passkey_button(browser, "register").click()
            self.expect_notice(browser, "ui.notice.passkey-added")
            browser.find_element(By.LINK_TEXT, self.text("ui.passkeys.password.remove")).click()
            self.wait_for_path(browser, "/account/password/remove")
            self.passkey_button(browser, "reauthenticate").click()
            self.expect_notice(browser, "ui.notice.password-removed")
            item = browser.find_element(By.CSS_SELECTOR, "ul.passkeys > li")
            self.assertEqual(item.find_elements(By.CSS_SELECTOR, 'button[data-passkey-action="remove"]'), [])
            self.assertEqual(item.find_element(By.CSS_SELECTOR, "p.hint").text, self.text("ui.passkeys.last-method"))
            self.assertEqual(browser.find_elements(By.LINK_TEXT, self.text("ui.passkeys.password.remove")), [])
            self.shot(browser, "10-without-password")
            # Posting the removal anyway is refused with the same reason.
            passkey_id = item.get_attribute("id").removeprefix("passkey-")
            browser.get(f"{self.base}/account/passkeys/{passkey_id}/remove")
            self.assertIn(self.text("ui.passkeys.last-method"), browser.find_element(By.ID, "error-summary").text)
            # The password no longer signs in; the passkey does (autofill on /signin).
            browser.delete_all_cookies()
            browser.get(self.base + "/signin")
            WebDriverWait(browser, 20).until(lambda b: b.current_url.split("?")[0] == self.base + "/account")
            self.assertEqual(browser.find_element(By.ID, "account-email").text, address)
        finally:
            browser.quit()


class HebrewJourney(PasskeyJourney, unittest.TestCase):
    locale = "he"

    def test_right_to_left(self):
        self.browser.get(f"{self.base}/signin?lang=he")
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "html").get_attribute("dir"), "rtl")


class WithoutADomain(unittest.TestCase):
    """`--base-url` left out: the site is http://127.0.0.1:PORT, an IP address, which cannot be a
    relying party. The pages carry no passkey button, the passkey endpoints do not exist, and the
    start says why in one line."""

    def test_no_passkeys_on_an_ip_address(self):
        directory = tempfile.mkdtemp(prefix="genkan-passkeys-ip-")
        server = Server(directory)
        server.start()
        try:
            page = urllib.request.urlopen(server.url + "/signin", timeout=5).read().decode()
            self.assertNotIn("data-passkey-action", page)
            self.assertNotIn("webauthn", page)
            self.assertNotIn("passkeys.js", page)
            request = urllib.request.Request(server.url + "/api/passkeys/sign-in/options", data=b"csrf=x", method="POST")
            with self.assertRaises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=5)
            self.assertIn(refused.exception.code, (403, 404))
        finally:
            server.stop()
        with open(os.path.join(directory, "serve.log"), encoding="utf-8") as log:
            lines = [line for line in log if "passkeys are off" in line]
        shutil.rmtree(directory, ignore_errors=True)
        self.assertEqual(len(lines), 1)
        self.assertIn("http://localhost:PORT", lines[0])

    def test_buttons_are_server_rendered_and_hidden_until_the_script_shows_them(self):
        directory = tempfile.mkdtemp(prefix="genkan-passkeys-html-")
        server = Server(directory)
        server.arguments = ["--base-url", f"http://localhost:{server.port}"]
        server.start()
        try:
            page = urllib.request.urlopen(server.url + "/signin?lang=ja", timeout=5).read().decode()
        finally:
            server.stop()
            shutil.rmtree(directory, ignore_errors=True)
        button = re.search(r'<button[^>]*data-passkey-action="sign-in"[^>]*>', page)
        self.assertIsNotNone(button)
        self.assertIn(" hidden", button.group(0))
        self.assertIn('autocomplete="username webauthn"', page)
        self.assertIn('role="alert"', page)
        self.assertNotIn("<script>", page)  # no inline script: the strict CSP holds
        with open(os.path.join(os.path.dirname(__file__), "..", "..", "public", "js", "passkeys.js"), encoding="utf-8") as script:
            self.assertNotIn("alert(", script.read())  # messages go to the page's live region


if __name__ == "__main__":
    run_tests()
