"""Browser test of the site's e-mail link sign-in ("send me a sign-in link" on /signin) in
Japanese, in headless Chromium with JavaScript on and off: the request page answers alike for an
address with an account and one without (and mails only the first), the mail's link opens a page
that signs in only when its button is pressed, the link works once.

Run by `make test`:  .venv/bin/python Tests/e2e/test_signin_link.py
Texts are read from Resources/Localizable.xcstrings; screenshots go to artifacts/e2e/signin-link-*.
"""

import os
import re
import sys
import time
import urllib.parse

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402
from support import catalog, outbox_mails, run_tests, with_and_without_javascript  # noqa: E402
from test_site import ServedBrowserTest  # noqa: E402

PASSWORD = "correct horse battery staple"


def with_argument(key, locale, value):
    """The catalog's text with its one `%@` filled, as a page's text reads (the value is in a
    `<bdi>` element there, which adds no characters)."""
    return catalog(key, locale).replace("%@", value)


class Outbox:
    """The mails `genkan serve --outbox DIR` wrote, as a mail client reads them."""

    def __init__(self, directory):
        self.directory = directory

    def to(self, address):
        return [mail for mail in outbox_mails(self.directory) if address in str(mail["To"])]

    def wait_for(self, address, count=1, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = self.to(address)
            if len(found) >= count:
                return found
            time.sleep(0.1)
        raise AssertionError(f"no mail to {address} in {timeout}s")


class SignInLinkTest(ServedBrowserTest):
    # Accept-Language ja (the fixture's browser): the link from the mail is opened without ?lang=
    # or a language cookie.
    shots_prefix = "signin-link-"

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.outbox = Outbox(cls.server.outbox)

    def shot(self, name):
        self.browser.save_screenshot(os.path.join(self.shots, name + ".png"))

    def wait_for_path(self, path):
        WebDriverWait(self.browser, 15).until(lambda browser: urllib.parse.urlsplit(browser.current_url).path == path)

    def main_text(self):
        return self.browser.find_element(By.TAG_NAME, "main").text

    def ask_for_link(self, address):
        """From the sign-in page, in Japanese: the link to the request page, the address, the button."""
        browser = self.browser
        browser.get(self.server.url + "/signin?lang=ja")
        browser.find_element(By.LINK_TEXT, catalog("ui.signin.link-option", "ja")).click()
        self.wait_for_path("/signin/link")
        self.assertEqual(browser.find_element(By.TAG_NAME, "h1").text, catalog("ui.signin-link.title", "ja"))
        self.fill("email", address)
        self.submit()
        # The heading is read while the answer page loads: an element of the page being left goes
        # stale between finding and reading, which the wait retries.
        WebDriverWait(browser, 15, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda b: catalog("ui.forgot.sent.title", "ja") in b.find_element(By.TAG_NAME, "h1").text)
        return self.main_text()

    def test_a_link_signs_in_once(self):
        browser = self.browser
        suffix = "js" if self.javascript else "nojs"
        address, stranger = f"link-{suffix}@example.com", f"nobody-{suffix}@example.com"
        # An account made on the sign-up page; then a browser that is signed out.
        browser.delete_all_cookies()
        browser.get(self.server.url + "/signup?lang=ja")
        self.fill_sign_up("山田 花子", address, PASSWORD)
        self.submit()
        self.wait_for_path("/account")
        mails_before = len(self.outbox.to(address))
        browser.delete_all_cookies()

        # The request page: the same answer for the account's address and for an unknown one.
        answer = self.ask_for_link(address)
        self.shot("1-sent")
        self.assertIn(with_argument("ui.signin-link.sent.message", "ja", address), answer)
        unknown = self.ask_for_link(stranger)
        self.assertEqual(unknown.replace(stranger, address), answer)

        # The mail, in Japanese, to the account's address only.
        mail = self.outbox.wait_for(address, mails_before + 1)[-1]
        self.assertEqual(str(mail["Subject"]), catalog("mail.sign-in-link.subject", "ja"))
        body = mail.get_body(("plain",)).get_content()
        self.assertIn(catalog("mail.sign-in-link.intro", "ja"), body)
        links = re.findall(r"https?://[^\s<>\"']+", body)
        link = next(url for url in links if urllib.parse.urlsplit(url).path == "/signin/link/confirm")
        self.assertNotIn(address, link)
        time.sleep(1)
        self.assertEqual(self.outbox.to(stranger), [], "a mail went to an address without an account")

        # Opening the link signs nothing in; its button does.
        browser.get(link)
        self.assertEqual(browser.find_element(By.TAG_NAME, "h1").text, catalog("ui.signin-link.confirm.title", "ja"))
        self.assertIn(with_argument("ui.signin-link.confirm.intro", "ja", address), self.main_text())
        self.shot("2-confirm")
        browser.get(self.server.url + "/account")
        self.wait_for_path("/signin")
        browser.get(link)
        self.submit()
        self.wait_for_path("/account")
        self.assertEqual(browser.find_element(By.ID, "account-email").text, address)
        self.shot("3-account")

        # The link is used up: a new browser gets the invalid-link page, not the account.
        browser.delete_all_cookies()
        browser.get(link)
        self.assertEqual(browser.find_element(By.TAG_NAME, "h1").text, catalog("ui.link.invalid.title", "ja"))
        self.shot("4-used")


WithJavaScript, WithoutJavaScript = with_and_without_javascript(SignInLinkTest)


if __name__ == "__main__":
    run_tests()
