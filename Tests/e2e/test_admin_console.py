"""The admin console and the activity page in headless Chromium against a real `genkan serve`
(`--firebase-project`, `--base-url http://localhost:PORT` so that passkeys work):

- AdminJourney: an administrator (granted with `genkan admin grant` on the server's database)
  uses the console with JavaScript off: finds a user by the start of the address, disables them
  (their browser's session ends, the sign-in page refuses them, the API answers USER_DISABLED),
  enables them, sends a reset (the mail arrives), ends their sessions, removes their passkey (made
  in their own browser with a virtual authenticator), sets claims (the next ID token carries them)
  and deletes them after typing the address; every action is in /admin/events, by the
  administrator. A signed-in user who is not an administrator, and a visitor, get the same 404 as
  an unknown path on every /admin path, GET and POST.
- ActivityInJapanese: sign-ins from two browsers (two systems) and a password change, then the
  activity page read in Japanese: both browsers, the network, the change, "this wasn't me".
- SecondFactorRemoval: a user (in Japanese) whose address the console verified turns on
  two-step verification, fails and passes the second step; the administrator's page shows the
  factor (on, 10 recovery codes, never the key or a code) and removes it: the user is mailed, signs
  in with the password alone, and reads it all on the activity page in Japanese; the removal is on
  /admin/events by the administrator.

Run by `make test`:  .venv/bin/python Tests/e2e/test_admin_console.py
Screenshots go to artifacts/e2e/admin/."""

import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import Protocol, Transport, VirtualAuthenticatorOptions
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import ARTIFACTS, Browser, api_call, catalog, chromium, eventually, genkan_binary, outbox_mails, run_tests  # noqa: E402
from test_site import Server  # noqa: E402
from test_two_factor import current_step, totp  # noqa: E402

SHOTS = os.path.join(ARTIFACTS, "admin")
PROJECT = "demo-genkan"
ADMIN_PASSWORD = "purple admin staple 42"
USER_PASSWORD = "correct horse battery staple"
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
          "Version/17.0 Mobile/15E148 Safari/604.1")


def claims_of(id_token):
    """The payload of a JWT, unverified (test_firebase_tokens checks the signatures)."""
    payload = id_token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


class ServedTest:
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-admin-")
        cls.server = Server(cls.directory)
        cls.base = f"http://localhost:{cls.server.port}"
        cls.server.arguments = ["--base-url", cls.base, "--firebase-project", PROJECT,
                                "--two-factor-key", os.path.join(cls.directory, "two-factor.key")]
        cls.server.start()
        cls.browsers = []
        os.makedirs(SHOTS, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        for browser in cls.browsers:
            browser.quit()
        cls.server.stop()
        shutil.copy(os.path.join(cls.directory, "serve.log"), os.path.join(SHOTS, f"serve-{cls.__name__}.log"))
        shutil.rmtree(cls.directory, ignore_errors=True)

    def browser(self, language="en", javascript=True, user_agent=None, authenticator=False):
        browser = chromium(javascript=javascript, language=language, size="1100,1400")
        self.browsers.append(browser)
        browser.get("about:blank")
        if user_agent:
            browser.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": user_agent})
        if authenticator:
            browser.add_virtual_authenticator(VirtualAuthenticatorOptions(
                protocol=Protocol.CTAP2, transport=Transport.INTERNAL, has_resident_key=True, has_user_verification=True,
                is_user_consenting=True, is_user_verified=True))
        return browser

    def shot(self, browser, name):
        browser.save_screenshot(os.path.join(SHOTS, f"{name}.png"))

    def path_of(self, browser):
        return browser.current_url.split("?")[0].removeprefix(self.base)

    def wait_for_path(self, browser, path):
        try:
            WebDriverWait(browser, 20, ignored_exceptions=(WebDriverException,)).until(lambda b: self.path_of(b) == path)
        except Exception:
            self.fail(f"expected {path}, at {browser.current_url}")

    def fill(self, browser, field, value):
        element = browser.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)

    def sign_up(self, browser, name, address, password, language="en"):
        browser.get(f"{self.base}/signup?lang={language}")
        for field, value in (("name", name), ("email", address), ("password", password), ("password-confirmation", password)):
            self.fill(browser, field, value)
        browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        self.wait_for_path(browser, "/account")

    def sign_in(self, browser, address, password, expect="/account"):
        browser.get(self.base + "/signin")
        self.fill(browser, "email", address)
        self.fill(browser, "password", password)
        browser.find_element(By.CSS_SELECTOR, "main form.auth-form button[type=submit]").click()
        if expect:
            self.wait_for_path(browser, expect)

    def sign_out(self, browser):
        browser.get(self.base + "/account")
        browser.find_element(By.CSS_SELECTOR, "form.signout-form button[type=submit]").click()
        self.wait_for_path(browser, "/signin")

    def api_sign_in(self, address, password):
        return api_call(self.server, "accounts:signInWithPassword",
                        {"email": address, "password": password, "returnSecureToken": True}, address="127.0.0.1")

    def genkan(self, *arguments):
        return subprocess.run([genkan_binary(), *arguments], capture_output=True, text=True, timeout=60)

    def act(self, admin, action, before=None):
        """Presses the form `data-admin-action=action` on the user's console page (after `before`
        fills it), giving the password again when the console asks for it."""
        if before:
            before()
        page = admin.find_element(By.TAG_NAME, "html")
        admin.find_element(By.CSS_SELECTOR, f'form[data-admin-action="{action}"] button[type=submit]').click()
        # The page before may have shown a notice or a problem too: wait for the next document.
        WebDriverWait(admin, 20, ignored_exceptions=(WebDriverException,)).until(EC.staleness_of(page))
        WebDriverWait(admin, 20, ignored_exceptions=(WebDriverException,)).until(
            lambda b: b.find_elements(By.CSS_SELECTOR, "div.notice, div.error-summary") or self.path_of(b) == "/admin/reauthenticate")
        if self.path_of(admin) == "/admin/reauthenticate":
            self.fill(admin, "current-password", ADMIN_PASSWORD)
            admin.find_element(By.CSS_SELECTOR, "form.console-reauth button[type=submit]").click()
            self.wait_for_path(admin, self.user_page)
            return self.act(admin, action, before)

    def notice(self, browser):
        return browser.find_element(By.CSS_SELECTOR, "div.notice").text


class AdminJourney(ServedTest, unittest.TestCase):
    def test_the_console(self):
        user_address, admin_address = "user-kimura@example.com", "admin-sato@example.com"
        # The user signs up in their own browser and adds a passkey there.
        user = self.browser(authenticator=True)
        self.sign_up(user, "Kimura", user_address, USER_PASSWORD)
        user.get(self.base + "/account/passkeys")
        self.fill(user, "passkey-name", "Laptop")
        button = user.find_element(By.CSS_SELECTOR, 'button[data-passkey-action="register"]')
        WebDriverWait(user, 10).until(lambda b: button.is_displayed() and button.is_enabled())
        button.click()
        WebDriverWait(user, 20, ignored_exceptions=(WebDriverException,)).until(
            lambda b: len(b.find_elements(By.CSS_SELECTOR, "ul.passkeys > li")) == 1)
        # The device keeps no copy: /signin's autofill must not sign in with it behind the test's
        # back (the server's copy is what the console removes).
        user.remove_all_credentials()

        # The administrator: an account like any other, granted the role from the command line.
        admin = self.browser(javascript=False)
        self.sign_up(admin, "Sato", admin_address, ADMIN_PASSWORD)
        granted = self.genkan("admin", "grant", "--db", self.server.database, admin_address)
        self.assertEqual(granted.returncode, 0, granted.stderr)
        listed = self.genkan("admin", "list", "--db", self.server.database)
        self.assertIn(admin_address, listed.stdout)

        # Nobody else finds the console: a signed-in user and a visitor get the site's 404, the
        # same page as for a path that does not exist, for every method the console answers.
        stranger, member = Browser(address="127.0.0.1"), Browser(address="127.0.0.1")
        status, _, _ = member.submit(self.server, "/signin", {"email": user_address, "password": USER_PASSWORD})
        self.assertEqual(status, 303)
        _, _, unknown = stranger.open(self.server.url + "/no-such-page")
        for path in ["/admin", "/admin/", "/admin/users", "/admin/users?q=a", "/admin/users/x", "/admin/users/x/disable",
                     "/admin/users/x/delete", "/admin/events", "/admin/events?type=account.created", "/admin/reauthenticate",
                     "/admin/elsewhere"]:
            for client in (stranger, member):
                status, _, body = client.open(self.server.url + path)
                self.assertEqual((status, body), (404, unknown), f"GET {path}")
                status, _, _ = client.open(self.server.url + path, form={"csrf": "x"})
                self.assertEqual(status, 404, f"POST {path}")
        user.get(self.base + "/admin/users")
        self.assertEqual(user.find_element(By.TAG_NAME, "h1").text, catalog("ui.error.404.title"))
        self.shot(user, "01-user-gets-404")

        # Find the user by the start of the address.
        admin.get(self.base + "/admin/users")
        self.assertEqual(admin.find_element(By.ID, "count-total").text, "2")
        self.assertEqual(admin.find_element(By.ID, "count-administrators").text, "1")
        self.fill(admin, "q", "USER-kim")
        page = admin.find_element(By.TAG_NAME, "html")
        admin.find_element(By.CSS_SELECTOR, "form.console-search button[type=submit]").click()
        # A form's submission is not waited for by click(): read the rows of the next document only.
        WebDriverWait(admin, 20, ignored_exceptions=(WebDriverException,)).until(EC.staleness_of(page))
        WebDriverWait(admin, 20, ignored_exceptions=(WebDriverException,)).until(
            lambda b: b.execute_script("return document.readyState") == "complete" and "q=" in b.current_url)
        rows = admin.find_elements(By.CSS_SELECTOR, "#users tbody tr")
        self.assertEqual([row.find_element(By.CSS_SELECTOR, "td a").text for row in rows], [user_address])
        self.shot(admin, "02-search")
        rows[0].find_element(By.CSS_SELECTOR, "td a").click()
        WebDriverWait(admin, 20, ignored_exceptions=(WebDriverException,)).until(lambda b: b.find_elements(By.ID, "profile-uid"))
        uid = admin.find_element(By.ID, "profile-uid").text
        self.user_page = "/admin/users/" + uid
        self.assertEqual(self.path_of(admin), self.user_page)
        self.assertIn("Laptop", admin.find_element(By.ID, "passkeys").text)
        self.shot(admin, "03-user")

        # Disable: the user's session ends, the page refuses them, the API says USER_DISABLED.
        self.act(admin, "disable")
        self.assertEqual(self.notice(admin), catalog("ui.activity.event.account-disabled"))
        self.assertIn(catalog("ui.admin.count.disabled"), admin.find_element(By.ID, "profile-status").text)
        self.shot(admin, "04-disabled")
        user.get(self.base + "/account")
        self.wait_for_path(user, "/signin")
        self.sign_in(user, user_address, USER_PASSWORD, expect=None)
        WebDriverWait(user, 20).until(lambda b: b.find_elements(By.ID, "error-summary"))
        self.assertEqual(self.path_of(user), "/signin")
        self.shot(user, "05-disabled-user-refused")
        status, body = self.api_sign_in(user_address, USER_PASSWORD)
        self.assertEqual((status, body["error"]["message"]), (400, "USER_DISABLED"))

        # Enable: signing in works again, on the page and through the API.
        self.act(admin, "enable")
        self.assertEqual(self.notice(admin), catalog("ui.activity.event.account-enabled"))
        status, body = self.api_sign_in(user_address, USER_PASSWORD)
        self.assertEqual(status, 200, body)
        self.assertNotIn("role", claims_of(body["idToken"]))
        refresh = body["refreshToken"]
        self.sign_in(user, user_address, USER_PASSWORD)

        # Send a reset: the mail arrives with a link to the reset page.
        self.act(admin, "send-reset")
        self.assertEqual(self.notice(admin), catalog("ui.activity.event.password-reset-sent"))
        mail = eventually(lambda: [m for m in outbox_mails(self.server.outbox) if m["To"] == user_address
                                   and "/password/reset?code=" in m.get_body(("plain",)).get_content()])
        self.assertTrue(mail, "no reset mail")

        # End sessions: the browser is signed out and the app's refresh token no longer works.
        self.act(admin, "end-sessions")
        self.assertEqual(self.notice(admin), catalog("ui.activity.event.sessions-ended"))
        user.get(self.base + "/account")
        self.wait_for_path(user, "/signin")
        request = urllib.request.Request(
            self.server.url + "/securetoken.googleapis.com/v1/token?key=fake-api-key",
            data=urllib.parse.urlencode({"grant_type": "refresh_token", "refresh_token": refresh}).encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"}, method="POST")
        try:
            urllib.request.urlopen(request, timeout=10)
            self.fail("the refresh token still works")
        except urllib.error.HTTPError as error:
            self.assertEqual(error.code, 400)
            self.assertEqual(json.load(error)["error"]["message"], "TOKEN_EXPIRED")

        # Remove the passkey.
        self.act(admin, "remove-passkeys")
        self.assertEqual(self.notice(admin), catalog("ui.activity.event.passkey-removed"))
        self.assertEqual(admin.find_element(By.ID, "passkeys").text, catalog("ui.admin.none-set"))

        # Claims: a reserved name is refused with the page's message; then the next ID token
        # carries the claims set.
        def claims(text):
            return lambda: self.fill(admin, "claims-json", text)
        self.act(admin, "set-claims", claims('{"firebase": 1}'))
        self.assertEqual(admin.find_element(By.CSS_SELECTOR, "div.error-summary").text, catalog("ui.admin.claims.reserved", "en", "firebase"))
        self.shot(admin, "06-claims-refused")
        self.act(admin, "set-claims", claims('{"role": "editor", "plan": 3}'))
        self.assertEqual(self.notice(admin), catalog("ui.activity.event.claims-changed"))
        status, body = self.api_sign_in(user_address, USER_PASSWORD)
        self.assertEqual(status, 200, body)
        token = claims_of(body["idToken"])
        self.assertEqual((token.get("role"), token.get("plan")), ("editor", 3))
        self.shot(admin, "07-claims-set")

        # Every action is in the events, by the administrator.
        admin_uid = json.loads(self.genkan("events", "export", "--db", self.server.database, "--type", "admin.granted")
                               .stdout.splitlines()[0])["uid"]
        admin.get(f"{self.base}/admin/events?uid={uid}")
        by_admin = [row.get_attribute("data-event") for row in admin.find_elements(By.CSS_SELECTOR, "#events tbody tr")
                    if row.get_attribute("data-actor") == "admin:" + admin_uid]
        self.assertEqual(list(reversed(by_admin)), [
            "account.disabled", "account.enabled", "password.reset_sent", "session.ended", "passkey.removed", "account.claims_changed"])
        self.shot(admin, "08-events")

        # Delete, after typing the address: a wrong one deletes nothing.
        admin.get(self.base + self.user_page)
        self.act(admin, "delete", lambda: self.fill(admin, "delete-confirm", "someone@example.com"))
        self.assertEqual(admin.find_element(By.CSS_SELECTOR, "div.error-summary").text, catalog("ui.admin.delete.mismatch"))
        self.act(admin, "delete", lambda: self.fill(admin, "delete-confirm", user_address))
        self.wait_for_path(admin, "/admin/users")
        self.assertEqual(self.notice(admin), catalog("ui.activity.event.account-deleted"))
        self.shot(admin, "09-deleted")
        status, body = self.api_sign_in(user_address, USER_PASSWORD)
        self.assertEqual(status, 400)
        exported = [json.loads(line) for line in self.genkan("events", "export", "--db", self.server.database).stdout.splitlines()]
        deleted = [event for event in exported if event["uid"] == uid and event["type"] == "account.deleted"]
        self.assertEqual([event["actor"] for event in deleted], [{"kind": "admin", "uid": admin_uid}])
        self.assertEqual(deleted[0]["details"].get("door"), "admin")


class ActivityInJapanese(ServedTest, unittest.TestCase):
    def test_two_browsers_and_a_password_change(self):
        address, new_password = "katsu@example.com", "a brand new horse 77"
        first = self.browser(language="ja")
        self.sign_up(first, "カツ", address, USER_PASSWORD, language="ja")
        phone = self.browser(language="ja", user_agent=IPHONE)
        self.sign_in(phone, address, USER_PASSWORD)
        first.get(self.base + "/account/password")
        for field, value in (("current-password", USER_PASSWORD), ("new-password", new_password),
                             ("password-confirmation", new_password)):
            self.fill(first, field, value)
        first.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        self.wait_for_path(first, "/account")
        first.find_element(By.CSS_SELECTOR, 'a[href="/account/activity"]').click()
        self.wait_for_path(first, "/account/activity")
        self.assertEqual(first.find_element(By.TAG_NAME, "html").get_attribute("lang"), "ja")
        self.assertEqual(first.find_element(By.TAG_NAME, "h1").text, catalog("ui.activity.title", "ja"))
        sign_ins = [item.text for item in first.find_elements(By.CSS_SELECTOR, "#sign-ins > li")]
        self.assertTrue(any("iOS" in text and "Safari" in text for text in sign_ins), sign_ins)
        self.assertTrue(any("Linux" in text and "Chrome" in text for text in sign_ins), sign_ins)
        self.assertTrue(all(catalog("ui.activity.place.this-computer", "ja") in text for text in sign_ins), sign_ins)
        changes = [item.get_attribute("data-event") for item in first.find_elements(By.CSS_SELECTOR, "#changes > li")]
        self.assertIn("password.changed", changes)
        self.assertIn("account.created", changes)
        self.assertIn(catalog("ui.activity.event.password-changed", "ja"), first.find_element(By.ID, "changes").text)
        times = [element.get_attribute("datetime") for element in first.find_elements(By.CSS_SELECTOR, "#sign-ins time")]
        self.assertTrue(all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", time) for time in times), times)
        self.assertEqual(first.find_element(By.CSS_SELECTOR, "form.not-me-form button").text, catalog("ui.activity.not-me.submit", "ja"))
        self.shot(first, "10-activity-ja")
        # "This wasn't me": out everywhere, on to the reset page.
        first.find_element(By.CSS_SELECTOR, "form.not-me-form button").click()
        self.wait_for_path(first, "/password/forgot")
        self.assertEqual(first.find_element(By.CSS_SELECTOR, "div.notice").text, catalog("ui.activity.notice.signed-out-everywhere", "ja"))
        self.shot(first, "11-not-me-ja")
        phone.get(self.base + "/account")
        self.wait_for_path(phone, "/signin")


class SecondFactorRemoval(ServedTest, unittest.TestCase):
    def test_an_administrator_removes_a_second_factor(self):
        user_address, admin_address = "nakamura@example.com", "admin-ito@example.com"
        user = self.browser(language="ja")
        self.sign_up(user, "中村", user_address, USER_PASSWORD, language="ja")
        admin = self.browser(javascript=False)
        self.sign_up(admin, "Ito", admin_address, ADMIN_PASSWORD)
        granted = self.genkan("admin", "grant", "--db", self.server.database, admin_address)
        self.assertEqual(granted.returncode, 0, granted.stderr)
        admin_uid = next(line.split("\t")[0] for line in self.genkan("admin", "list", "--db", self.server.database).stdout.splitlines()
                         if admin_address in line)
        admin.get(self.base + "/admin/users?q=nakamura")
        admin.find_element(By.CSS_SELECTOR, "#users tbody tr td a").click()
        WebDriverWait(admin, 20, ignored_exceptions=(WebDriverException,)).until(lambda b: b.find_elements(By.ID, "profile-uid"))
        uid = admin.find_element(By.ID, "profile-uid").text
        self.user_page = "/admin/users/" + uid
        self.assertEqual(admin.find_element(By.ID, "second-factor").get_attribute("data-second-factor"), "off")
        self.assertFalse(admin.find_elements(By.CSS_SELECTOR, 'form[data-admin-action="remove-second-factor"]'))
        # A second factor needs a verified address: the console verifies it.
        self.act(admin, "verify-email")

        # The user turns two-step verification on, with the key the page shows as text (the QR
        # code is test_two_factor's), and keeps the recovery codes.
        user.get(self.base + "/account/two-factor")
        self.fill(user, "current-password", USER_PASSWORD)
        user.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        self.wait_for_path(user, "/account/two-factor/set-up")
        encoded = user.find_element(By.CSS_SELECTOR, "[data-totp-secret]").text.replace(" ", "")
        secret = base64.b32decode(encoded + "=" * (-len(encoded) % 8))
        self.fill(user, "code", totp(secret, current_step()))
        user.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        WebDriverWait(user, 20, ignored_exceptions=(WebDriverException,)).until(
            lambda b: b.find_elements(By.CSS_SELECTOR, "[data-recovery-code]"))
        codes = [element.text for element in user.find_elements(By.CSS_SELECTOR, "[data-recovery-code]")]
        self.assertEqual(len(codes), 10)
        # Signed out, the password is not enough: a wrong code is refused, the app's next one works.
        self.sign_out(user)
        self.sign_in(user, user_address, USER_PASSWORD, expect="/signin/two-factor")
        step = current_step()
        wrong = next(code for code in ("000000", "111111", "222222") if code not in {totp(secret, s) for s in range(step - 1, step + 4)})
        self.fill(user, "code", wrong)
        user.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        WebDriverWait(user, 20, ignored_exceptions=(WebDriverException,)).until(lambda b: b.find_elements(By.ID, "error-summary"))
        self.fill(user, "code", totp(secret, current_step() + 1))
        user.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        self.wait_for_path(user, "/account")

        # The console shows the factor, never its key or a recovery code, and removes it.
        admin.get(self.base + self.user_page)
        shown = admin.find_element(By.ID, "second-factor")
        self.assertEqual(shown.get_attribute("data-second-factor"), "on")
        self.assertIn(catalog("ui.two-factor.codes-left", "en", "10"), re.sub("[\u2066-\u2069]", "", shown.text))
        self.assertNotIn(encoded, admin.page_source)
        self.assertFalse([code for code in codes if code in admin.page_source])
        self.shot(admin, "12-second-factor-on")
        self.act(admin, "remove-second-factor")
        self.assertEqual(self.notice(admin), catalog("ui.activity.event.second-factor-removed"))
        self.assertEqual(admin.find_element(By.ID, "second-factor").get_attribute("data-second-factor"), "off")
        self.shot(admin, "13-second-factor-removed")
        mail = eventually(lambda: [m for m in outbox_mails(self.server.outbox) if m["To"] == user_address
                                   and str(m["Subject"]) == catalog("mail.two-factor.removed.subject")])
        self.assertTrue(mail, "no mail about the removal")

        # The user signs in with the password alone, and reads what happened in Japanese.
        self.sign_out(user)
        self.sign_in(user, user_address, USER_PASSWORD)
        user.get(self.base + "/account/activity")
        sign_ins = user.find_element(By.ID, "sign-ins").text
        self.assertIn(catalog("ui.activity.event.second-step-failed", "ja"), sign_ins)
        self.assertIn(catalog("ui.activity.event.second-step", "ja"), sign_ins)
        removed = user.find_element(By.CSS_SELECTOR, '#changes > li[data-event="second_factor.removed"]').text
        self.assertIn(catalog("ui.activity.event.second-factor-removed", "ja"), removed)
        self.assertIn(catalog("ui.activity.by-administrator", "ja"), removed)
        self.assertIn(catalog("ui.activity.event.second-factor-added", "ja"), user.find_element(By.ID, "changes").text)
        self.shot(user, "14-activity-second-factor-ja")

        # The removal is on /admin/events, by the administrator.
        admin.get(self.base + "/admin/events?type=second_factor.removed")
        rows = admin.find_elements(By.CSS_SELECTOR, "#events tbody tr")
        self.assertEqual([(row.get_attribute("data-event"), row.get_attribute("data-actor")) for row in rows],
                         [("second_factor.removed", "admin:" + admin_uid)])
        self.shot(admin, "15-events-second-factor")


if __name__ == "__main__":
    run_tests()
