#!/usr/bin/env python3
"""Sets translations in Resources/Localizable.xcstrings from a JSON file of the form

    {"key": {"locale": "text", "other-locale": {"plural.one": "…", "plural.other": "…"}}, ...}

Each text replaces the string at that place (the plain string, or the variation path as in
`genkan catalog` ids: `plural.one`, `substitutions.actual.plural.other`) and is marked translated.
A locale the key does not have yet is added (localizations stay in code-point order, as Xcode
writes them); a key the catalog does not have is an error (scripts/catalog/add_keys.py adds keys).
The file is written back byte for byte as Xcode writes it: only the strings named change. Run
`genkan catalog lint` afterwards.
"""
import json
import sys

CATALOG = "Resources/Localizable.xcstrings"


def dump(catalog):
    return json.dumps(catalog, indent=2, ensure_ascii=False, separators=(",", " : ")) + "\n"


def set_unit(node, path, text):
    """Puts `text` at `path` (a list of variation steps) under the localization `node`."""
    for step in path:
        node = node.setdefault(step, {})
    unit = node.setdefault("stringUnit", {})
    unit["state"] = "translated"
    unit["value"] = text


def ordered(node):
    """`node` with every object's members in code-point order, as Xcode writes them."""
    if isinstance(node, dict):
        return {name: ordered(node[name]) for name in sorted(node)}
    return node


def split(path):
    if not path:
        return []
    parts = path.split(".")
    # "plural.one" -> variations/plural/one; "substitutions.NAME.plural.one" -> substitutions/NAME/variations/plural/one
    steps = []
    while parts:
        head = parts.pop(0)
        if head in ("plural", "device"):
            steps += ["variations", head, parts.pop(0)]
        elif head == "substitutions":
            name = []
            while parts and parts[0] not in ("plural", "device"):
                name.append(parts.pop(0))
            steps += ["substitutions", ".".join(name)]
        else:
            raise SystemExit(f"cannot read the path {path!r}")
    return steps


def main(path):
    with open(CATALOG, encoding="utf-8") as file:
        original = file.read()
    catalog = json.loads(original)
    if dump(catalog) != original:
        raise SystemExit(f"{CATALOG} is not in the layout this script writes; refusing to rewrite it")
    with open(path, encoding="utf-8") as file:
        changes = json.load(file)
    count = 0
    for key, locales in changes.items():
        entry = catalog["strings"].get(key)
        if entry is None:
            raise SystemExit(f"{key}: no such key (add it with scripts/catalog/add_keys.py)")
        localizations = entry.setdefault("localizations", {})
        for locale, value in locales.items():
            texts = value if isinstance(value, dict) else {"": value}
            node = localizations.get(locale)
            if node is None:
                node = localizations[locale] = {}
            for unit_path, text in texts.items():
                steps = split(unit_path)
                if not steps and "variations" in node:
                    raise SystemExit(f"{key} [{locale}] varies by {list(node['variations'])}: name the form")
                set_unit(node, steps, text)
                count += 1
            localizations[locale] = ordered(node)
        entry["localizations"] = dict(sorted(localizations.items()))
    with open(CATALOG, "w", encoding="utf-8") as file:
        file.write(dump(catalog))
    print(f"{CATALOG}: {count} strings set")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/catalog/set_values.py CHANGES.json")
    main(sys.argv[1])
