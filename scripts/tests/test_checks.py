"""The two checks `make test` runs before building: the Python environment is the lock, and every
Swift target imports only what Package.swift declares for it. Each is shown failing here.

    .venv/bin/python -m unittest discover -s scripts/tests      (make test runs it)
"""
import contextlib
import importlib.util
import io
import tempfile
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1]


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class PythonEnvironmentTests(unittest.TestCase):
    def setUp(self):
        self.check = load("check-python-env")
        self.pins = self.check.locked()

    def run_with(self, installed):
        self.check.installed = lambda: installed
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
            status = self.check.main()
        return status, errors.getvalue()

    def test_the_lock_pins_every_package_once_with_its_hashes(self):
        text = (SCRIPTS / "requirements.lock").read_text(encoding="utf-8")
        self.assertGreater(len(self.pins), 50)
        self.assertGreaterEqual(text.count("--hash=sha256:"), len(self.pins))
        self.assertIn("idna", self.pins, "what a top-level package pulls in is pinned too")

    def test_exactly_the_lock_passes(self):
        self.assertEqual(self.run_with(dict(self.pins, pip="23.2.1"))[0], 0)

    def test_an_unpinned_package_fails(self):
        status, errors = self.run_with(dict(self.pins, **{"left-pad": "1.0"}))
        self.assertEqual(status, 1)
        self.assertIn("left-pad 1.0 is installed but not pinned in the lock", errors)

    def test_another_version_fails(self):
        status, errors = self.run_with(dict(self.pins, idna="0.1"))
        self.assertEqual(status, 1)
        self.assertIn(f"idna is 0.1, the lock pins {self.pins['idna']}", errors)

    def test_a_missing_package_fails(self):
        installed = dict(self.pins)
        del installed["selenium"]
        status, errors = self.run_with(installed)
        self.assertEqual(status, 1)
        self.assertIn(f"selenium=={self.pins['selenium']} is pinned but not installed", errors)


class ImportTests(unittest.TestCase):
    def imports(self, source):
        check = load("check-imports")
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "File.swift"
            path.write_text(source, encoding="utf-8")
            return [module for _, module in check.swift_imports(path)]

    def test_every_form_of_import_is_read(self):
        source = "\n".join([
            "import Foundation", "@testable import GenkanStore", "private import CSodium",
            "@preconcurrency internal import GenkanThreads", "import struct GenkanJSON.JSONValue",
            "#if canImport(Glibc)", "    import Glibc", "#endif",
        ])
        self.assertEqual(self.imports(source),
                         ["Foundation", "GenkanStore", "CSodium", "GenkanThreads", "GenkanJSON", "Glibc"])

    def test_a_program_inside_a_string_literal_is_not_an_import(self):
        source = 'import Testing\nlet script = """\n    import json, sys\n    """\nlet x = 1 // import Nothing\n'
        self.assertEqual(self.imports(source), ["Testing"])


if __name__ == "__main__":
    unittest.main()
