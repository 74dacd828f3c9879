"""Where Chromium breaks the lines of Japanese and Chinese pages, measured in headless Chromium.

Run by `make test`:  .venv/bin/python Tests/e2e/test_line_breaks.py
Screenshots go to artifacts/e2e/line-breaks/ (the sign-in page at each width, for a person to look
at). Each line of a paragraph is read from the browser's own layout (a Range per character and
its client rectangle), so what is checked is what a reader sees:

- Japanese breaks between phrases: with `word-break: auto-phrase` (public/css/genkan.css) no line
  of the sign-in intro ends inside 「ください」 or starts with 「い。」, at any width from a small
  phone to a desktop. Without that property (`PHRASES_OFF`) the same widths do split it, which the
  test shows too, so it can tell the two apart.
- No paragraph of a Japanese or Chinese page ends on a line of one character and its full stop
  (`text-wrap: pretty`), and no heading's last line is under a third of its first (`balance`)."""

import os
import shutil
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the repository for the import below
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import ARTIFACTS, catalog, chromium, run_tests  # noqa: E402
from test_site import Server  # noqa: E402

from selenium.webdriver.common.by import By  # noqa: E402

SHOTS = os.path.join(ARTIFACTS, "line-breaks")
# Phone widths (320 small, 360/375/390/414 common) to a desktop window.
WIDTHS = [320, 360, 375, 390, 414, 480, 600, 800, 1000]
# The page's text lines, as the layout has them: one string per line of the element.
LINES = r"""
const lines = [];
const walker = document.createTreeWalker(arguments[0], NodeFilter.SHOW_TEXT);
let line = '', top = null;
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  for (let i = 0; i < node.data.length; i++) {
    const range = document.createRange();
    range.setStart(node, i); range.setEnd(node, i + 1);
    const rect = range.getClientRects()[0];
    if (!rect || rect.width === 0) continue;
    if (top !== null && rect.top - top > rect.height / 2) { lines.push(line); line = ''; }
    if (top === null || rect.top - top > rect.height / 2) top = rect.top;
    line += node.data[i];
  }
}
lines.push(line);
return lines.filter(l => l.trim() !== '');
"""
# The stylesheet's phrase breaking switched off, to show the test tells the difference.
PHRASES_OFF = "document.querySelectorAll(':lang(ja)').forEach(e => e.style.wordBreak = 'normal');"
PUNCTUATION = set("。、，．！？」』）")


def content(line):
    """A line's characters other than punctuation and spaces."""
    return [c for c in line if c not in PUNCTUATION and not c.isspace()]


class LineBreaks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-line-breaks-")
        cls.server = Server(cls.directory)
        cls.server.start()
        cls.browser = chromium(language="ja", size="1000,900")
        os.makedirs(SHOTS, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.server.stop()
        shutil.rmtree(cls.directory, ignore_errors=True)

    def page(self, path, locale, width):
        self.browser.set_window_size(width, 900)
        self.browser.get(f"{self.server.url}{path}?lang={locale}")
        self.assertEqual(self.browser.find_element(By.TAG_NAME, "html").get_attribute("lang"), locale)

    def lines(self, selector):
        return self.browser.execute_script(LINES, self.browser.find_element(By.CSS_SELECTOR, selector))

    def test_this_chromium_breaks_japanese_by_phrase(self):
        self.page("/signin", "ja", 400)
        self.assertTrue(self.browser.execute_script("return CSS.supports('word-break', 'auto-phrase')"))
        self.assertEqual(self.browser.execute_script(
            "return getComputedStyle(document.querySelector('main p.intro')).wordBreak"), "auto-phrase")

    def test_the_japanese_sign_in_intro_breaks_between_phrases(self):
        intro = catalog("ui.signin.intro", "ja")
        self.assertIn("ください。", intro)
        split_without = []
        for width in WIDTHS:
            with self.subTest(width=width):
                self.page("/signin", "ja", width)
                self.browser.save_screenshot(os.path.join(SHOTS, f"ja-signin-{width}.png"))
                lines = self.lines("main p.intro")
                self.assertEqual("".join(lines), intro)
                for line in lines[1:]:
                    self.assertFalse(line.startswith(("い", "さい", "ださい")), f"{width}px: {lines}")
                self.assertGreaterEqual(len(content(lines[-1])), 3, f"{width}px: {lines}")
                self.browser.execute_script(PHRASES_OFF)
                without = self.lines("main p.intro")
                if any(line.startswith(("い", "さい", "ださい")) for line in without[1:]):
                    split_without.append(width)
        # Breaking anywhere splits 「ください」 at some of these widths: the check can fail.
        self.assertTrue(split_without, "no width splits the intro without auto-phrase; the test would not notice")

    def test_no_paragraph_ends_on_one_character(self):
        pages = ["/signin", "/signup", "/password/forgot", "/signin/link"]
        for locale in ["ja", "zh-Hans", "zh-Hant", "zh-HK"]:
            for path in pages:
                for width in [320, 360, 390, 414]:
                    with self.subTest(locale=locale, path=path, width=width):
                        self.page(path, locale, width)
                        for element in self.browser.find_elements(By.CSS_SELECTOR, "main p, main label"):
                            if not element.is_displayed():
                                continue
                            lines = self.browser.execute_script(LINES, element)
                            if len(lines) > 1:
                                self.assertGreater(len(content(lines[-1])), 1, f"{locale} {path} {width}px: {lines}")
                        heading = self.lines("main h1")
                        if len(heading) > 1:
                            self.assertGreaterEqual(
                                len(content(heading[-1])) * 3, len(content(heading[0])), f"{locale} {path} {width}px: {heading}")
                self.browser.save_screenshot(os.path.join(SHOTS, f"{locale}{path.replace('/', '-')}-414.png"))


if __name__ == "__main__":
    run_tests()
