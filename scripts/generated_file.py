"""What every script that derives a committed file from a reference tool does at its end: with
`--check`, say whether the committed file is what the tool gives today (exit 1 when not, which
`make test` and the Swift tests that run the scripts rely on); without it, write the file.

Import it as `from generated_file import write_or_check` after putting scripts/ on `sys.path`."""

import argparse
import sys
from pathlib import Path


def write_or_check(output, render, script, description, summary=""):
    """Parses the script's arguments (`--check` and `--help`, with `description`), then compares
    `output` with the text `render()` returns or writes it there. `script` is the generating
    script's path (its `__file__`); `summary` (such as "(212 inputs)") follows the file's name in
    what it prints."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="compare with the committed file instead of writing it")
    arguments = parser.parse_args()
    text = render()
    output = Path(output)
    root = Path(__file__).resolve().parent.parent
    shown = output.relative_to(root)
    suffix = f" {summary}" if summary else ""
    if arguments.check:
        if not output.exists() or output.read_text(encoding="utf-8") != text:
            sys.exit(f"{shown} differs from what {Path(script).resolve().relative_to(root)} generates; "
                     "run it without --check and review the diff")
        print(f"{shown} is up to date{suffix}")
        return
    output.write_text(text, encoding="utf-8")
    print(f"wrote {shown}{suffix}")
