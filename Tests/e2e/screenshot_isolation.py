"""Screenshots of the pages and mails where a value meets text, in right-to-left languages and in
the regional variants, with the checks a script can make of what Chromium laid out.

    .venv/bin/python Tests/e2e/screenshot_isolation.py                 # ar he pt-PT zh-HK
    .venv/bin/python Tests/e2e/screenshot_isolation.py ar en-GB        # any languages of the catalog

For each language: a sign-up with a Latin name and an address that starts with digits
(`123@example.com`, which an unisolated right-to-left page shows as `example.com@123`), a passkey
named in the language and labelled with an authenticator model (Google Password Manager: the
virtual authenticator reports no model, so its AAGUID is set in the database, as a real one
would have reported it), then:

- /account: the name and the address in their own direction (`dir="auto"`), and the address
  drawn left to right: its "123" to the left of its "example.com" on the screen;
- /account/passkeys: the passkey's name, and the model inside the language's parentheses;
- the passkey-added mail's HTML part, opened as a page (the written-out link `dir="ltr"`);
- sign-in with the address as a plain-text mail gives it, between FSI and PDI, pasted in.

The pictures go to artifacts/e2e/isolation/<lang>-account.png, -passkeys.png, -mail.png, for a
person to look at."""

import os
import shutil
import sqlite3
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the repository for the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import ARTIFACTS, catalog, chromium, outbox_mails, run_tests  # noqa: E402
from test_passkeys import browser_with_authenticator  # noqa: E402
from test_site import Server  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SHOTS = os.path.join(ARTIFACTS, "isolation")
DEFAULT = ["ar", "he", "pt-PT", "zh-HK"]
NAME = "Taro Yamada"
ADDRESS = "123@example.com"
PASSWORD = "correct horse battery staple"
PASSKEY_NAMES = {"ar": "حاسوب العمل", "he": "המחשב בעבודה", "fa": "لپ‌تاپ کاری", "ur": "دفتر کا لیپ ٹاپ",
                 "pt-PT": "Portátil do trabalho", "zh-HK": "公司手提電腦", "ja": "仕事用ノートPC"}
GOOGLE_PASSWORD_MANAGER = bytes.fromhex("ea9b8d664d011d213ce4b6b48cb575d4")
# Where each character of an element is drawn, left to right: [(character, x)].
POSITIONS = r"""
const out = [];
const walker = document.createTreeWalker(arguments[0], NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  for (let i = 0; i < node.data.length; i++) {
    const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
    const rect = range.getClientRects()[0];
    if (rect) out.push([node.data[i], rect.left]);
  }
}
return out;
"""


class Isolation(unittest.TestCase):
    languages = DEFAULT

    def run_language(self, locale):
        directory = tempfile.mkdtemp(prefix="genkan-isolation-")
        server = Server(directory)
        base = f"http://localhost:{server.port}"
        server.arguments = ["--base-url", base]
        server.start()
        browser = browser_with_authenticator(locale)
        try:
            self.journey(locale, base, server, browser)
        finally:
            browser.quit()
            server.stop()
            shutil.rmtree(directory, ignore_errors=True)

    def wait_for_path(self, browser, base, path):
        WebDriverWait(browser, 20).until(lambda b: b.current_url.split("?")[0] == base + path)

    def fill(self, browser, field, value):
        element = browser.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)

    def journey(self, locale, base, server, browser):
        rtl = locale in ("ar", "he", "fa", "ur")
        browser.get(f"{base}/signup?lang={locale}")
        for field, value in (("name", NAME), ("email", ADDRESS), ("password", PASSWORD), ("password-confirmation", PASSWORD)):
            self.fill(browser, field, value)
        browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        self.wait_for_path(browser, base, "/account")

        # A passkey with a name in the language.
        browser.get(base + "/account/passkeys")
        button = browser.find_element(By.CSS_SELECTOR, 'button[data-passkey-action="register"]')
        WebDriverWait(browser, 10).until(lambda b: button.is_displayed() and button.is_enabled())
        self.fill(browser, "passkey-name", PASSKEY_NAMES.get(locale, "Taro’s laptop"))
        button.click()
        WebDriverWait(browser, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, "ul.passkeys > li"))
        # The model the authenticator would have named, as a real Google Password Manager does.
        with sqlite3.connect(server.database) as database:
            tables = [row[0] for row in database.execute("select name from sqlite_master where type = 'table'")]
            table = "passkeys" if "passkeys" in tables else next(name for name in tables if "passkey" in name)
            database.execute(f"update {table} set aaguid = ?", (GOOGLE_PASSWORD_MANAGER,))

        # /account: name and address each in its own direction, the address left to right.
        browser.get(base + "/account")
        html = browser.find_element(By.TAG_NAME, "html")
        self.assertEqual(html.get_attribute("dir"), "rtl" if rtl else "ltr")
        email = browser.find_element(By.ID, "account-email")
        self.assertEqual(email.get_attribute("dir"), "auto")
        self.assertEqual(browser.find_element(By.CSS_SELECTOR, "#account-name bdi").text, NAME)
        positions = browser.execute_script(POSITIONS, email)
        self.assertEqual("".join(c for c, _ in positions), ADDRESS)
        x = {c: left for c, left in reversed(positions)}
        self.assertLess(x["1"], x["@"], f"{locale}: the address is not drawn left to right: {positions}")
        self.assertLess(x["@"], x["e"], f"{locale}: {positions}")
        browser.save_screenshot(os.path.join(SHOTS, f"{locale}-account.png"))

        # /account/passkeys: the model in the language's parentheses, an isolate of its own.
        browser.get(base + "/account/passkeys")
        kind = browser.find_element(By.CSS_SELECTOR, "p.passkey-kind")
        model = kind.find_element(By.TAG_NAME, "bdi")
        self.assertEqual(model.text, "Google Password Manager")
        expected = catalog("ui.passkeys.model-kind", locale).replace("%1$@", "Google Password Manager").replace(
            "%2$@", catalog("ui.passkeys.kind.password-manager", locale))
        self.assertTrue(kind.text.startswith(expected), f"{kind.text!r} does not start with {expected!r}")
        self.assertTrue(browser.find_element(By.CSS_SELECTOR, "h2.passkey-name bdi").text)
        browser.save_screenshot(os.path.join(SHOTS, f"{locale}-passkeys.png"))

        # The passkey-added mail, its HTML part opened as a page.
        subject = catalog("mail.passkey.added.subject", locale)
        mails = [mail for mail in outbox_mails(server.outbox) if mail["Subject"] == subject]
        self.assertTrue(mails, f"no mail {subject!r}")
        part = mails[-1].get_body(preferencelist=("html",))
        page = os.path.join(SHOTS, f"{locale}-mail.html")
        with open(page, "w", encoding="utf-8") as file:
            file.write(part.get_content())
        plain = mails[-1].get_body(preferencelist=("plain",)).get_content()
        self.assertIn("\u2068", plain)  # values isolated in the text part
        browser.get("file://" + page)
        for link in browser.find_elements(By.CSS_SELECTOR, "a[dir=ltr]"):
            self.assertTrue(link.text.startswith("http"))
        browser.save_screenshot(os.path.join(SHOTS, f"{locale}-mail.png"))

        # Sign-in with the address as the text part has it: FSI, the address, PDI. (Another
        # browser: this one's passkey would sign it in from the address field's autofill.)
        other = chromium(language=locale)
        try:
            other.get(base + "/signin")
            self.fill(other, "email", "\u2068" + ADDRESS + "\u2069")
            self.fill(other, "password", PASSWORD)
            other.find_element(By.CSS_SELECTOR, "main form.auth-form button[type=submit]").click()
            self.wait_for_path(other, base, "/account")
            self.assertEqual(other.find_element(By.ID, "account-email").text, ADDRESS)
        finally:
            other.quit()

    def test_languages(self):
        os.makedirs(SHOTS, exist_ok=True)
        for locale in self.languages:
            with self.subTest(locale=locale):
                self.run_language(locale)


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        Isolation.languages = sys.argv[1:]
        sys.argv = sys.argv[:1]
    run_tests()
