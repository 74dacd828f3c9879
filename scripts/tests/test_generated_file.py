"""The reference fixtures are judged on their verdicts, not on the versions they were made with:
each committed fixture, with every tool it records moved one version on (as the next Chromium from
Debian's security updates, or a new Unicode with a new Python, would move it), still passes `--check`
with a note; the same fixture with one verdict changed fails and names that entry.

    .venv/bin/python -m unittest discover -s scripts/tests      (make test runs it)
"""
import json
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1]
ROOT = SCRIPTS.parent
sys.path.insert(0, str(SCRIPTS))
from generated_file import JSONFixture, TextFixture, judge  # noqa: E402

# Each committed fixture, the script that derives it and how its content is keyed.
FIXTURES = [
    ("Tests/GenkanValidationTests/Fixtures/email-corpus.json", "scripts/corpus/email_corpus.py",
     JSONFixture("entries", "input"), "html"),
    ("Tests/GenkanValidationTests/Fixtures/names-corpus.json", "scripts/corpus/names_corpus.py",
     JSONFixture("cases", "label"), "nickname"),
    ("Tests/GenkanWebAuthnTests/Fixtures/ceremonies.json", "scripts/corpus/webauthn_ceremonies.py",
     JSONFixture("cases", "name"), "expect"),
]


def one_version_on(version):
    """"156" → "157", "3.20" → "3.21", "14.0.0" → "14.0.1": the last number moved on by one."""
    match = re.search(r"(\d+)(?!.*\d)", version)
    assert match, version
    return version[:match.start()] + str(int(match.group(1)) + 1) + version[match.end():]


def moved_on(text):
    document = json.loads(text)
    document["references"] = {tool: one_version_on(v) for tool, v in document["references"].items()}
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def one_verdict_changed(text, kind, member):
    """The document with the first entry's `member` changed, and that entry's name."""
    document = json.loads(text)
    entry = document[kind.entries_key][0]
    value = entry[member]
    entry[member] = ({"changed": True} if isinstance(value, dict) else
                     (not value) if isinstance(value, bool) else f"{value}-changed")
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n", entry[kind.name_key]


class JudgeTests(unittest.TestCase):
    """`judge` on every committed fixture, without running the reference tools."""

    def test_every_recorded_version_one_on_is_a_note(self):
        for path, _, kind, _ in FIXTURES:
            with self.subTest(path):
                committed = (ROOT / path).read_text(encoding="utf-8")
                references = json.loads(committed)["references"]
                self.assertTrue(references, "the fixture records its tools' versions")
                verdict = judge(moved_on(committed), committed, kind)
                self.assertTrue(verdict.same, verdict.changes)
                self.assertEqual(len(verdict.notes), len(references))
                for tool, version in references.items():
                    self.assertTrue(any(f"{tool} {one_version_on(version)}, here {version}" in n for n in verdict.notes),
                                    verdict.notes)

    def test_a_changed_verdict_fails_and_names_its_entry(self):
        for path, _, kind, member in FIXTURES:
            with self.subTest(path):
                committed = (ROOT / path).read_text(encoding="utf-8")
                changed, name = one_verdict_changed(committed, kind, member)
                verdict = judge(changed, committed, kind)
                self.assertFalse(verdict.same)
                self.assertEqual(len(verdict.changes), 1, verdict.changes)
                self.assertIn(json.dumps(name, ensure_ascii=False), verdict.changes[0])
                self.assertIn(member, verdict.changes[0])

    def test_added_and_removed_entries_are_named(self):
        kind = JSONFixture("entries", "input")
        old = {"entries": [{"input": "a", "ok": True}, {"input": "b", "ok": True}]}
        new = {"entries": [{"input": "b", "ok": True}, {"input": "c", "ok": False}]}
        verdict = judge(json.dumps(old), json.dumps(new), kind)
        self.assertFalse(verdict.same)
        self.assertEqual(verdict.changes, ['"c": new entry', '"a": no longer generated'])

    def test_a_text_fixture_is_judged_on_its_lines_not_its_header(self):
        kind = TextFixture()
        committed = "# made from zxcvbn 4.5.0\n123456\npassword\n"
        self.assertTrue(judge("# made from zxcvbn 4.5.1\n123456\npassword\n", committed, kind).same)
        verdict = judge("# made from zxcvbn 4.5.0\n123456\nqwerty\n", committed, kind)
        self.assertFalse(verdict.same)
        self.assertEqual(verdict.changes, ["- qwerty", "+ password"])

    def test_without_a_kind_every_byte_counts(self):
        self.assertFalse(judge("a\n", "b\n").same)
        self.assertTrue(judge("a\n", "a\n").same)


class ScriptTests(unittest.TestCase):
    """The real scripts with `--check --fixture`: the reference tools run (Chromium too) and judge
    an edited copy of the committed fixture."""

    def check(self, script, text):
        with tempfile.TemporaryDirectory() as directory:
            copy = Path(directory) / "fixture.json"
            copy.write_text(text, encoding="utf-8")
            return subprocess.run([sys.executable, str(ROOT / script), "--check", "--fixture", str(copy)],
                                  capture_output=True, text=True, timeout=600)

    def test_the_scripts_pass_a_fixture_made_with_the_next_versions(self):
        for path, script, _, _ in FIXTURES:
            with self.subTest(script):
                committed = (ROOT / path).read_text(encoding="utf-8")
                run = self.check(script, moved_on(committed))
                self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
                self.assertIn("is up to date", run.stdout)
                # A tool installed here at the moved-on version gets no note; the others do.
                self.assertIn("its verdicts are checked, not its versions", run.stdout)

    def test_the_scripts_fail_a_fixture_with_a_changed_verdict(self):
        path, script, kind, member = FIXTURES[1]  # the names corpus: no browser, a second
        changed, name = one_verdict_changed((ROOT / path).read_text(encoding="utf-8"), kind, member)
        run = self.check(script, changed)
        self.assertEqual(run.returncode, 1, run.stdout + run.stderr)
        self.assertIn(f"{json.dumps(name, ensure_ascii=False)}: {member} was", run.stderr)


if __name__ == "__main__":
    unittest.main()
