"""What every script that derives a committed file from a reference tool does at its end: with
`--check`, say whether the committed file holds what the tool gives today (exit 1 when not, which
`make test` and the Swift tests that run the scripts rely on); without it, write the file.

A fixture is judged on what it contains, not on the versions it was made with. A JSON fixture keeps
the versions of its reference tools in a top-level `"references"` object, a text fixture in its `#`
comment lines: they stay in the file as information, and a difference there alone is a printed note.
Some of those tools cannot be pinned (Debian ships Chromium through security updates, the Unicode
version comes with Python), and a new release that gives the same verdicts must not fail a build.
A changed verdict fails, naming the entries that changed.

Import it as `from generated_file import write_or_check, JSONFixture, TextFixture` after putting
scripts/ on `sys.path`."""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOWN_CHANGES = 12


class JSONFixture:
    """A JSON document whose `"references"` member says what made it and whose `entries_key` member
    is a list of verdicts, each named by its `name_key` member (an input, a label, a case name)."""

    def __init__(self, entries_key, name_key):
        self.entries_key = entries_key
        self.name_key = name_key

    def split(self, text):
        """(versions, content): the `references` member as {tool: version}, and the rest."""
        document = json.loads(text)
        return {str(k): str(v) for k, v in document.pop("references", {}).items()}, document

    def note(self, tool, committed, here):
        return f"made with {tool} {committed or '(none)'}, here {here or '(none)'}"

    def changes(self, committed, fresh):
        """Lines naming what differs between two contents (never empty when they differ)."""
        lines = []
        old_entries = committed.get(self.entries_key, [])
        new_entries = fresh.get(self.entries_key, [])
        old = {json.dumps(e.get(self.name_key), ensure_ascii=False): e for e in old_entries}
        new = {json.dumps(e.get(self.name_key), ensure_ascii=False): e for e in new_entries}
        for name, entry in new.items():
            if name not in old:
                lines.append(f"{name}: new entry")
            elif entry != old[name]:
                fields = sorted(k for k in set(entry) | set(old[name]) if entry.get(k) != old[name].get(k))
                lines.append(f"{name}: " + "; ".join(
                    f"{k} was {json.dumps(old[name].get(k), ensure_ascii=False)}, "
                    f"now {json.dumps(entry.get(k), ensure_ascii=False)}" for k in fields))
        lines += [f"{name}: no longer generated" for name in old if name not in new]
        if not lines and [json.dumps(e) for e in old_entries] != [json.dumps(e) for e in new_entries]:
            lines.append(f"the {self.entries_key} are in another order")
        other = sorted(k for k in set(committed) | set(fresh)
                       if k != self.entries_key and committed.get(k) != fresh.get(k))
        lines += [f"member {k!r} differs" for k in other]
        return lines


class TextFixture:
    """A text file whose `#` lines say what made it and whose other lines are the content."""

    def split(self, text):
        lines = text.splitlines()
        notes = [line for line in lines if line.startswith("#")]
        return {f"line {i + 1}": line for i, line in enumerate(notes)}, [line for line in lines if not line.startswith("#")]

    def note(self, line, committed, here):
        return f"made with a header whose {line} is {committed!r}, here {here!r}"

    def changes(self, committed, fresh):
        removed = sorted(set(committed) - set(fresh))
        added = sorted(set(fresh) - set(committed))
        lines = [f"- {line}" for line in removed] + [f"+ {line}" for line in added]
        return lines or ["the same lines in another order"]


class Verdict:
    """What comparing a committed fixture with a fresh rendering found."""

    def __init__(self, same, notes, changes):
        self.same = same          # the content (the verdicts) agrees
        self.notes = notes        # version differences, information only
        self.changes = changes    # what differs in the content, when it does


def judge(committed, fresh, kind=None):
    """Compares the committed text with a fresh rendering: identical, the same content made with
    other versions (notes), or changed content (changes). Without `kind`, every byte is content."""
    if committed == fresh:
        return Verdict(True, [], [])
    if kind is None:
        return Verdict(False, [], ["the file differs"])
    old_versions, old_content = kind.split(committed)
    new_versions, new_content = kind.split(fresh)
    notes = [kind.note(tool, old_versions.get(tool), new_versions.get(tool))
             for tool in sorted(set(old_versions) | set(new_versions)) if old_versions.get(tool) != new_versions.get(tool)]
    if old_content == new_content:
        return Verdict(True, notes, [])
    return Verdict(False, notes, kind.changes(old_content, new_content))


def write_or_check(output, render, script, description, summary="", kind=None):
    """Parses the script's arguments (`--check`, `--fixture` and `--help`, with `description`),
    then judges `output` against the text `render()` returns, or writes it there. `script` is the
    generating script's path (its `__file__`); `summary` (such as "(212 inputs)") follows the file's
    name in what it prints; `kind` (a `JSONFixture` or `TextFixture`) says what in the file is
    provenance and what is content. Returns the rendered text."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="compare with the committed file instead of writing it")
    parser.add_argument("--fixture", type=Path, default=output,
                        help="the file to check or write (default: the committed fixture)")
    arguments = parser.parse_args()
    text = render()
    output = arguments.fixture.resolve()
    shown = output.relative_to(ROOT) if output.is_relative_to(ROOT) else output
    generator = Path(script).resolve().relative_to(ROOT)
    suffix = f" {summary}" if summary else ""
    if not arguments.check:
        output.write_text(text, encoding="utf-8")
        print(f"wrote {shown}{suffix}")
        return text
    if not output.exists():
        sys.exit(f"{shown} is missing; run {generator} to write it")
    verdict = judge(output.read_text(encoding="utf-8"), text, kind)
    for note in verdict.notes:
        print(f"note: {shown} was {note}; its verdicts are checked, not its versions")
    if not verdict.same:
        listed = verdict.changes[:SHOWN_CHANGES]
        more = len(verdict.changes) - len(listed)
        print(f"{shown} differs from what {generator} generates today:", *listed, sep="\n  ", file=sys.stderr)
        if more:
            print(f"  … and {more} more", file=sys.stderr)
        sys.exit(f"run {generator} without --check and review the diff")
    print(f"{shown} is up to date{suffix}")
    return text
