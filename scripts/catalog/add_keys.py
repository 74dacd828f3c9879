#!/usr/bin/env python3
"""Adds (or replaces) keys in Resources/Localizable.xcstrings from a JSON file of the form

    {"key": {"comment": "...", "values": {"en": "...", "ja": "...", ...}}, ...}

and writes the catalog back as Xcode writes it (keys sorted, two-space indent, " : "). A plural is
given as {"one": "...", "other": "..."} instead of a string. Every value is marked translated. Run
`genkan catalog lint` afterwards: it checks placeholders and plural categories per language.
"""
import json
import sys

CATALOG = "Resources/Localizable.xcstrings"


def unit(value):
    return {"stringUnit": {"state": "translated", "value": value}}


def localization(value):
    if isinstance(value, dict):
        return {"variations": {"plural": {category: unit(text) for category, text in sorted(value.items())}}}
    return unit(value)


def main(path):
    with open(CATALOG, encoding="utf-8") as file:
        catalog = json.load(file)
    with open(path, encoding="utf-8") as file:
        additions = json.load(file)
    strings = catalog["strings"]
    for key, entry in additions.items():
        strings[key] = {
            "comment": entry["comment"],
            "extractionState": "manual",
            "localizations": {locale: localization(value) for locale, value in sorted(entry["values"].items())},
        }
    catalog["strings"] = dict(sorted(strings.items()))
    with open(CATALOG, "w", encoding="utf-8") as file:
        file.write(json.dumps(catalog, indent=2, ensure_ascii=False, separators=(",", " : ")) + "\n")
    print(f"{CATALOG}: {len(additions)} keys added or replaced")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/catalog/add_keys.py KEYS.json")
    main(sys.argv[1])
