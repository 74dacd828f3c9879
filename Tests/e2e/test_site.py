"""Browser tests of `genkan serve` in headless Chromium (Debian's chromium and chromium-driver),
with JavaScript on and off. Screenshots go to artifacts/e2e/.

Run by `make test` after `swift test`:  .venv/bin/python Tests/e2e/test_site.py
The expected messages are read from Resources/Localizable.xcstrings itself, so the test checks
that the page shows the catalog's text, in the language asked for, next to the form."""

import os
import shutil
import sys
import tempfile

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.dont_write_bytecode = True  # no __pycache__ in the repository for the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import (  # noqa: E402
    ARTIFACTS, ROOT, BrowserForms, GenkanServe, catalog, chromium, run_tests, with_and_without_javascript)


class Server(GenkanServe):
    """`genkan serve` on a free port over a database in a temporary directory."""

    def __init__(self, directory, arguments=()):
        super().__init__(os.path.join(directory, "serve.log"))
        self.arguments = list(arguments)  # more `genkan serve` options
        self.database = os.path.join(directory, "genkan.sqlite")
        self.outbox = os.path.join(directory, "outbox")  # not ./outbox, the repository

    def options(self):
        return ["--db", self.database, "--public", os.path.join(ROOT, "public"), "--outbox", self.outbox] + self.arguments


class ServedBrowserTest(BrowserForms):
    """The class fixture of a browser test: `genkan serve` over a temporary directory and a
    headless Chromium in Japanese, with JavaScript on or off (`javascript`); screenshots and the
    server's log go to `ARTIFACTS/<shots_prefix>js` (or `no-js`)."""

    javascript = True
    shots_prefix = ""

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-e2e-")
        cls.server = Server(cls.directory)
        cls.server.start()
        cls.browser = chromium(javascript=cls.javascript, language="ja")
        cls.shots = os.path.join(ARTIFACTS, cls.shots_prefix + ("js" if cls.javascript else "no-js"))
        os.makedirs(cls.shots, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.server.stop()
        shutil.copy(os.path.join(cls.directory, "serve.log"), os.path.join(cls.shots, "serve.log"))
        shutil.rmtree(cls.directory, ignore_errors=True)


class SiteTest(ServedBrowserTest):
    """The journey of the issue, run once with JavaScript and once without."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.step = 0

    def shot(self, name):
        type(self).step += 1
        self.browser.save_screenshot(os.path.join(self.shots, f"{self.step:02d}-{name}.png"))

    def wait_for_path(self, path):
        WebDriverWait(self.browser, 15).until(lambda browser: browser.current_url.split("?")[0].endswith(path))

    def summary_text(self):
        summary = WebDriverWait(self.browser, 15).until(EC.presence_of_element_located((By.ID, "error-summary")))
        return summary.text

    def wait_for_met_checklist(self, checklist):
        """With JavaScript, waits until the password checklist (`#checklist`) ticks off every requirement."""
        if self.javascript:
            WebDriverWait(self.browser, 10).until(
                lambda b: b.find_elements(By.CSS_SELECTOR, f"#{checklist} li")
                and not b.find_elements(By.CSS_SELECTOR, f"#{checklist} li.unmet"))

    def test_journey(self):
        browser = self.browser
        email = "taro.yamada@example.com"
        password = "correct horse battery staple"

        # Sign up with a Japanese name typed with an ideographic space and half-width katakana.
        browser.get(self.server.url + "/signup?lang=ja")
        self.assertEqual(browser.find_element(By.TAG_NAME, "html").get_attribute("lang"), "ja")
        self.fill_sign_up("山田　ﾀﾛｳ", email, password)
        # The checklist ticks itself off once the password meets every requirement.
        self.wait_for_met_checklist("password-checklist")
        self.shot("signup-filled")
        self.submit()
        self.wait_for_path("/account")
        self.assertEqual(browser.find_element(By.ID, "account-name").text, "山田 タロウ")
        self.assertEqual(browser.find_element(By.ID, "account-email").text, email)
        self.shot("account")

        # Sign out.
        browser.find_element(By.CSS_SELECTOR, "form.signout-form button[type=submit]").click()
        self.wait_for_path("/signin")
        self.shot("signed-out")

        # A wrong password: the message, in Japanese, next to the form.
        self.fill("email", email)
        self.fill("password", "not my password")
        self.submit()
        self.assertIn(catalog("auth.credentials-rejected", "ja"), self.summary_text())
        self.assertEqual(browser.switch_to.active_element.get_attribute("id"), "error-summary")
        self.shot("wrong-password-ja")

        # The same in English, after switching language with the switcher (a GET form: the list
        # names each language in itself, the button reloads the page in it).
        Select(browser.find_element(By.CSS_SELECTOR, "form.languages select[name=lang]")).select_by_value("en")
        self.assertEqual(browser.find_element(By.TAG_NAME, "html").get_attribute("lang"), "ja")  # nothing happens on choosing
        browser.find_element(By.CSS_SELECTOR, "form.languages button[type=submit]").click()
        # The old page's element goes stale when the new page arrives between finding and reading it.
        WebDriverWait(browser, 10, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda b: b.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en")
        self.fill("email", email)
        self.fill("password", "still not my password")
        self.submit()
        self.assertIn(catalog("auth.credentials-rejected", "en"), self.summary_text())
        self.shot("wrong-password-en")

        # The right password.
        self.fill("email", email)
        self.fill("password", password)
        self.submit()
        self.wait_for_path("/account")
        self.shot("signed-in")

        # Restart the server: still signed in.
        self.server.stop()
        self.server.start()
        browser.get(self.server.url + "/")
        self.wait_for_path("/account")
        self.assertEqual(browser.find_element(By.ID, "account-email").text, email)
        self.shot("after-restart")

    def test_settings_journey(self):
        """The account settings in Japanese: sign up, change the name (the notice shows), change the password,
        sign out and in with it, withdraw (退会) with the password, and sign-in then fails."""
        browser = self.browser
        email = f"settings-{'js' if self.javascript else 'nojs'}@example.com"
        first, second = "first passphrase here", "second passphrase here"
        browser.delete_all_cookies()
        browser.get(self.server.url + "/signup?lang=ja")
        self.fill_sign_up("山田 太郎", email, first)
        self.submit()
        self.wait_for_path("/account")

        browser.find_element(By.LINK_TEXT, catalog("ui.account.change-name", "ja")).click()
        self.wait_for_path("/account/name")
        self.assertEqual(browser.find_element(By.ID, "name").get_attribute("value"), "山田 太郎")
        self.fill("name", "山田 次郎")
        self.shot("settings-name")
        self.submit()
        self.wait_for_path("/account")
        self.assertEqual(browser.find_element(By.CSS_SELECTOR, "div.notice").text, catalog("ui.notice.name-updated", "ja"))
        self.assertEqual(browser.find_element(By.ID, "account-name").text, "山田 次郎")
        self.shot("settings-name-updated")

        browser.find_element(By.LINK_TEXT, catalog("ui.account.change-password", "ja")).click()
        self.wait_for_path("/account/password")
        self.fill("current-password", first)
        self.fill("new-password", second)
        self.fill("password-confirmation", second)
        self.wait_for_met_checklist("new-password-checklist")
        self.shot("settings-password")
        self.submit()
        self.wait_for_path("/account")
        self.assertEqual(browser.find_element(By.CSS_SELECTOR, "div.notice").text, catalog("ui.notice.password-changed", "ja"))

        browser.find_element(By.CSS_SELECTOR, "form.signout-form button[type=submit]").click()
        self.wait_for_path("/signin")
        self.fill("email", email)
        self.fill("password", second)
        self.submit()
        self.wait_for_path("/account")

        browser.find_element(By.LINK_TEXT, catalog("ui.account.delete", "ja")).click()
        self.wait_for_path("/account/delete")
        self.fill("current-password", second)
        browser.find_element(By.ID, "confirm").click()
        self.shot("settings-delete")
        self.submit()
        self.wait_for_path("/signin")
        self.assertEqual(browser.find_element(By.CSS_SELECTOR, "div.notice").text, catalog("ui.notice.account-deleted", "ja"))
        self.shot("settings-deleted")
        self.fill("email", email)
        self.fill("password", second)
        self.submit()
        self.assertIn(catalog("auth.credentials-rejected", "ja"), self.summary_text())
        self.shot("settings-signin-after-deletion")

    def test_field_errors(self):
        browser = self.browser
        browser.get(self.server.url + "/signup?lang=ja")
        # Values the browser's own checks (from the rules' attributes) let through and the
        # server refuses: a domain without a dot (WHATWG allows it, the strict rule does not), a
        # password from the blocklist that is long enough, and a different confirmation.
        self.fill("name", "Hanako")
        self.fill("email", "hanako@example")
        if self.javascript:
            # Live validation: leaving the field asks the server and shows its message in Japanese.
            browser.find_element(By.ID, "password").click()
            error = WebDriverWait(browser, 10, ignored_exceptions=[StaleElementReferenceException]).until(
                lambda b: b.find_element(By.ID, "email-error").text or None)
            self.assertEqual(browser.find_element(By.ID, "email").get_attribute("aria-invalid"), "true")
            self.assertIn("email-error", browser.find_element(By.ID, "email").get_attribute("aria-describedby"))
            # Show and hide the password.
            toggle = browser.find_element(By.CSS_SELECTOR, ".toggle-password[aria-controls=password]")
            toggle.click()
            self.assertEqual(browser.find_element(By.ID, "password").get_attribute("type"), "text")
            toggle.click()
            self.assertEqual(browser.find_element(By.ID, "password").get_attribute("type"), "password")
            self.shot("live-validation")
        else:
            self.assertEqual(browser.find_elements(By.CSS_SELECTOR, ".toggle-password"), [])
        self.fill("password", "password")
        self.fill("password-confirmation", "password1")
        self.submit()
        summary = self.summary_text()
        self.assertEqual(browser.switch_to.active_element.get_attribute("id"), "error-summary")
        links = browser.find_elements(By.CSS_SELECTOR, "#error-summary a")
        targets = {link.get_attribute("href").rsplit("#", 1)[-1] for link in links}
        self.assertEqual(targets, {"email", "password", "password-confirmation"})
        # Each field shows its own messages, the same text the summary lists.
        for field in ("email", "password", "password-confirmation"):
            text = browser.find_element(By.ID, field + "-error").text
            self.assertTrue(text)
            self.assertIn(text.splitlines()[0], summary)
            self.assertEqual(browser.find_element(By.ID, field).get_attribute("aria-invalid"), "true")
        self.assertIn(catalog("form.password-mismatch", "ja"), summary)
        self.assertEqual(browser.find_element(By.ID, "email").get_attribute("value"), "hanako@example")
        self.assertEqual(browser.find_element(By.ID, "name").get_attribute("value"), "Hanako")
        self.assertEqual(browser.find_element(By.ID, "password").get_attribute("value"), "")
        self.shot("server-errors")


WithJavaScript, WithoutJavaScript = with_and_without_javascript(SiteTest)


if __name__ == "__main__":
    run_tests()
