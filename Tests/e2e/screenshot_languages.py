"""Screenshots of /signin and /account in headless Chromium for the languages whose scripts need
their own fonts, with a check of what Chromium rendered them with.

    .venv/bin/python Tests/e2e/screenshot_languages.py            # he fa hi th ta bn
    .venv/bin/python Tests/e2e/screenshot_languages.py ar ja gu   # any languages of the catalog
    .venv/bin/python Tests/e2e/screenshot_languages.py --all      # every language of the catalog

For each language: the sign-in page, then a sign-up with a name in the language's script, then
the account page ("signed in as <address>", the name, "member since"). The pictures go to
artifacts/e2e/languages/<lang>-signin.png and <lang>-account.png, for a person to look at.
What a script can tell is checked too: `<html lang dir>`, the address isolated in its own
element, and, through the DevTools protocol (CSS.getPlatformFontsForNode), that the heading and
the intro were drawn with fonts that have the script's glyphs (a font named for the script where
Debian's fonts-noto-core has one), not with a fallback box."""

import os
import shutil
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the repository for the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import ARTIFACTS, catalog_locales, chromium  # noqa: E402
from test_site import Server  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SHOTS = os.path.join(ARTIFACTS, "languages")
DEFAULT = ["he", "fa", "hi", "th", "ta", "bn"]
RIGHT_TO_LEFT = {"ar", "he", "fa", "ur"}
# A display name in each language's own script, so the account page shows one.
NAMES = {
    "he": "דנה כהן", "fa": "سارا احمدی", "ur": "عائشہ خان", "ar": "سارة أحمد", "hi": "प्रिया शर्मा", "mr": "अमित पाटील",
    "bn": "রাহুল দাস", "gu": "નિશા પટેલ", "kn": "ಅನಿಲ್ ಕುಮಾರ್", "ta": "பிரியா ராமன்", "th": "สมชาย ใจดี",
    "ja": "山田 花子", "ko": "김민준", "zh-Hans": "王小明", "zh-Hant": "陳大文", "el": "Νίκος Παππάς",
    "ru": "Анна Иванова", "uk": "Олена Коваль", "bg": "Иван Петров", "sr": "Марко Јовановић",
}
# Scripts Debian's fonts-noto-core covers with a font named for them; DejaVu Sans (the default
# sans-serif) has Latin, Greek, Cyrillic, Hebrew and Arabic glyphs itself.
SCRIPT_FONTS = {"hi": "Devanagari", "mr": "Devanagari", "bn": "Bengali", "gu": "Gujarati", "kn": "Kannada", "ta": "Tamil",
                "th": "Thai"}


class LanguageScreenshots(unittest.TestCase):
    languages = DEFAULT

    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-languages-")
        cls.server = Server(cls.directory)
        cls.server.start()
        cls.browser = chromium(size="900,1000")
        os.makedirs(SHOTS, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.server.stop()
        shutil.rmtree(cls.directory, ignore_errors=True)

    def fonts(self, selector):
        """The platform fonts Chromium drew the first element matching `selector` with."""
        document = self.browser.execute_cdp_cmd("DOM.getDocument", {"depth": 0})
        node = self.browser.execute_cdp_cmd("DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": selector})
        self.browser.execute_cdp_cmd("CSS.enable", {})
        fonts = self.browser.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
        return {font["familyName"]: font["glyphCount"] for font in fonts}

    def check_fonts(self, language, page):
        for selector in ("main h1", "main p.intro"):
            fonts = self.fonts(selector)
            print(f"{language} {page} {selector}: {fonts}", file=sys.stderr)
            self.assertTrue(fonts and all(count > 0 for count in fonts.values()), f"{language} {page} {selector}: {fonts}")
            if language in SCRIPT_FONTS:
                self.assertTrue(any(SCRIPT_FONTS[language] in family for family in fonts),
                                f"{language} {page} {selector} drawn without a {SCRIPT_FONTS[language]} font: {fonts}")

    def test_languages(self):
        present = set(catalog_locales())
        missing = [language for language in self.languages if language not in present]
        if missing:
            print(f"not in the catalog yet, skipped: {' '.join(missing)}", file=sys.stderr)
        browser = self.browser
        for language in [language for language in self.languages if language in present]:
            with self.subTest(language=language):
                browser.delete_all_cookies()
                browser.get(f"{self.server.url}/signin?lang={language}")
                html = browser.find_element(By.TAG_NAME, "html")
                self.assertEqual(html.get_attribute("lang"), language)
                self.assertEqual(html.get_attribute("dir"), "rtl" if language in RIGHT_TO_LEFT else "ltr")
                self.check_fonts(language, "signin")
                browser.save_screenshot(os.path.join(SHOTS, f"{language}-signin.png"))

                browser.get(f"{self.server.url}/signup")
                address = f"{language.lower()}.person@example.com"
                for field, value in (("name", NAMES.get(language, "Taro Yamada")), ("email", address),
                                     ("password", "correct horse battery"), ("password-confirmation", "correct horse battery")):
                    browser.find_element(By.ID, field).send_keys(value)
                browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
                WebDriverWait(browser, 15).until(lambda b: b.current_url.split("?")[0].endswith("/account"))
                intro = browser.find_element(By.CSS_SELECTOR, "main p.intro")
                self.assertEqual(intro.find_element(By.TAG_NAME, "bdi").text, address)
                self.check_fonts(language, "account")
                browser.save_screenshot(os.path.join(SHOTS, f"{language}-account.png"))


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments == ["--all"]:
        LanguageScreenshots.languages = catalog_locales()
    elif arguments:
        LanguageScreenshots.languages = arguments
    unittest.main(argv=[sys.argv[0], "-v"])
