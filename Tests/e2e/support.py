"""What every end-to-end test and benchmark script shares: where things are, the catalog's texts
as pages and mails write them, a free loopback port, the built `genkan`, a headless Chromium.

Import it as `from support import ...` (each test puts its own folder on `sys.path` when run as a
script, which Python does by itself)."""

import json
import os
import socket
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ARTIFACTS = os.path.join(ROOT, "artifacts", "e2e")
# Debian's chromium and chromium-driver; selenium must be handed the driver's path, or it looks
# for one on the internet.
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM = "/usr/bin/chromium"

with open(os.path.join(ROOT, "Resources", "Localizable.xcstrings"), encoding="utf-8") as catalog_file:
    CATALOG = json.load(catalog_file)["strings"]


def catalog(key, locale="en", *arguments):
    """The catalog's text for a key, each `%@` replaced by the next argument."""
    text = CATALOG[key]["localizations"][locale]["stringUnit"]["value"]
    for argument in arguments:
        text = text.replace("%@", argument, 1)
    return text


def catalog_locales():
    """The languages of the catalog (what the built genkan serves), sorted."""
    return sorted({locale for entry in CATALOG.values() for locale in entry.get("localizations", {})})


def escaped(text):
    """Text as Genkan's HTML writer escapes it."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#39;")


def on_page(key, locale="en", *arguments):
    """The catalog's text as a page writes it: escaped, each argument a value in an element of
    its own (`<bdi>`, bidirectional isolation)."""
    text = escaped(CATALOG[key]["localizations"][locale]["stringUnit"]["value"])
    for argument in arguments:
        text = text.replace("%@", "<bdi>" + escaped(argument) + "</bdi>", 1)
    return text


def genkan_binary():
    """The built `genkan` (the debug build first, which `make test` makes)."""
    for configuration in ("debug", "release"):
        path = os.path.join(ROOT, ".build", configuration, "genkan")
        if os.path.exists(path):
            return path
    raise RuntimeError("build genkan first (swift build)")


def free_port():
    """A TCP port nobody listens on at the moment, on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def chromium(javascript=True, language=None, size="1000,1200"):
    """A headless Chromium under Debian's chromedriver, with JavaScript on or off and, given a
    language, that language in `Accept-Language`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={size}"):
        options.add_argument(argument)
    preferences = {}
    if language:
        options.add_argument(f"--lang={language}")
        preferences["intl.accept_languages"] = language
    if not javascript:
        preferences["profile.managed_default_content_settings.javascript"] = 2
    if preferences:
        options.add_experimental_option("prefs", preferences)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


class BrowserForms:
    """For a test case with a `self.browser`: type into a field by its id, submit the page's form."""

    def fill(self, field, value):
        from selenium.webdriver.common.by import By

        element = self.browser.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)

    def submit(self):
        from selenium.webdriver.common.by import By

        self.browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()


def run_tests():
    """Runs the calling script's test cases verbosely; the process exits 1 when one failed."""
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() else 1)
