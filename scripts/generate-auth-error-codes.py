#!/usr/bin/env python3
"""Generates Sources/GenkanErrorCodes/AuthErrorCode.swift from the reference table of Firebase
Authentication errors, so the Swift table and the reference cannot drift apart.

    scripts/generate-auth-error-codes.py            rewrite the Swift file
    scripts/generate-auth-error-codes.py --check    exit 1 when the Swift file is out of date

Input: Tests/GenkanLocalizationTests/Fixtures/firebase-auth-errors.tsv, a copy of the project's
reference table (columns ios_case, ios_code, ios_name_key, android_code, web_code, server_string,
status, english_message, notes). The localization tests read the same file and check that every
spelling in it parses to its row.

Decisions recorded here rather than in the table:
- The canonical spelling (the enum's raw value and the catalog key) is the web code. Rows that
  have none (errors only the iOS SDK raises) get `auth/` plus their ERROR_ name in kebab case,
  `ERROR_KEYCHAIN_ERROR` -> `auth/keychain-error`; `webCode` stays nil for them.
- Swift case names are the iOS case names; web-only rows get the web code in lower camel case with
  the iOS SDK's acronym spelling (ID, OAuth, SDK). `auth/unauthorized-domain` (an OAuth origin
  error) cannot be `unauthorizedDomain`, which iOS uses for the continue-URL error
  (`auth/unauthorized-continue-uri`), so it becomes `unauthorizedOAuthDomain`.
- Spellings the notes column records outside the other columns are listed in NOTE_SPELLINGS.
"""
import csv
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "Tests/GenkanLocalizationTests/Fixtures/firebase-auth-errors.tsv")
OUTPUT = os.path.join(ROOT, "Sources/GenkanErrorCodes/AuthErrorCode.swift")

# Spellings stated only in the notes column, with the note that states them.
NOTE_SPELLINGS = {
    # "Raw value was 17993 before iOS SDK 10.14.0; 17093 since."
    "missingClientIdentifier": {"formerIOSCodes": [17993]},
    # "earlier fallback gave auth/invalid-login-credentials" (web SDK before 10.7.0)
    "invalidCredential": {"aliases": ["auth/invalid-login-credentials"]},
}

CASE_NAME_OVERRIDES = {"auth/unauthorized-domain": "unauthorizedOAuthDomain"}
ACRONYMS = {"id": "ID", "oauth": "OAuth", "sdk": "SDK", "api": "API", "uri": "URI", "url": "URL", "jwt": "JWT"}
SWIFT_KEYWORDS = {"default", "internal", "private", "public", "return", "self", "timeout_"}


def camel_case(words):
    out = []
    for index, word in enumerate(words):
        if index == 0:
            out.append(word.lower())
        else:
            out.append(ACRONYMS.get(word.lower(), word.capitalize()))
    return "".join(out)


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def parse_server_strings(cell):
    """`A, B[ios], C[web->auth/x]` -> [(string, platform or None, web alias or None)]."""
    entries = []
    for item in filter(None, (part.strip() for part in cell.split(","))):
        match = re.fullmatch(r"([A-Za-z0-9_:*]+)(?:\[(ios|web)(?:->(auth/[a-z0-9-]+))?\])?", item)
        if not match:
            sys.exit(f"unreadable server string {item!r}")
        entries.append(match.groups())
    return entries


def load_rows():
    with open(TABLE, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        rows = list(reader)
    if len(rows) != 127:
        sys.exit(f"expected 127 rows in {TABLE}, found {len(rows)}")
    result = []
    for row in rows:
        web = row["web_code"] or None
        name_key = row["ios_name_key"] or None
        if web:
            key = web
        elif name_key and name_key.startswith("ERROR_"):
            key = "auth/" + name_key[len("ERROR_"):].lower().replace("_", "-")
        else:
            sys.exit(f"row without web code or ERROR_ name: {row}")
        if row["ios_case"]:
            case = row["ios_case"]
        else:
            case = CASE_NAME_OVERRIDES.get(web) or camel_case(web[len("auth/"):].split("-"))
        notes = NOTE_SPELLINGS.get(case, {})
        server = parse_server_strings(row["server_string"])
        aliases = list(notes.get("aliases", [])) + [alias for _, _, alias in server if alias]
        result.append({
            "case": case,
            "key": key,
            "iosCase": row["ios_case"] or None,
            "iosCode": int(row["ios_code"]) if row["ios_code"] else None,
            "formerIOSCodes": notes.get("formerIOSCodes", []),
            "errorName": name_key,
            "androidCode": row["android_code"] or None,
            "webCode": web,
            "server": [(string, platform) for string, platform, _ in server],
            "aliases": aliases,
            "removed": row["status"] != "current",
            "status": row["status"],
            "english": row["english_message"],
        })
    return result


def check_unique(rows):
    """Every spelling must name one row (server strings once per platform)."""
    seen = {}
    def claim(spelling, platform, case):
        for target in (["ios", "web"] if platform is None else [platform]):
            other = seen.setdefault((spelling, target), case)
            if other != case:
                sys.exit(f"spelling {spelling!r} ({target}) names both {other} and {case}")
    for row in rows:
        plain = [row["case"], row["key"], row["iosCase"], row["errorName"], row["androidCode"], row["webCode"],
                 *row["aliases"], *(str(code) for code in [row["iosCode"], *row["formerIOSCodes"]] if code)]
        for spelling in filter(None, plain):
            claim(spelling, None, row["case"])
        for string, platform in row["server"]:
            claim(string, platform, row["case"])
    cases = [row["case"] for row in rows]
    if len(set(cases)) != len(cases) or any(case in SWIFT_KEYWORDS for case in cases):
        sys.exit("case names are not unique Swift identifiers")


def optional(value, render=swift_string):
    return "nil" if value is None else render(value)


def render(rows):
    lines = [
        "// Generated by scripts/generate-auth-error-codes.py from",
        "// Tests/GenkanLocalizationTests/Fixtures/firebase-auth-errors.tsv. Do not edit.",
        "",
        "/// A Firebase Authentication error: one value per row of the reference table (the iOS SDK's",
        "/// current and removed codes, and the web SDK's codes that iOS lacks).",
        "///",
        "/// The raw value is the canonical spelling and the String Catalog key: the web code",
        "/// (`auth/invalid-email`), or for errors only the iOS SDK raises, `auth/` and the `ERROR_` name in",
        "/// kebab case (`auth/keychain-error`, whose `webCode` is nil).",
        "public enum AuthErrorCode: String, CaseIterable, Sendable, Hashable, Codable, Error {",
    ]
    for row in rows:
        status = "" if not row["removed"] else f" Removed from the iOS SDK ({row['status']})."
        lines.append(f"    /// {row['english']}{status}")
        lines.append(f"    case {row['case']} = {swift_string(row['key'])}")
    lines += [
        "}",
        "",
        "extension AuthErrorCode {",
        "    /// Every way the SDKs and the server spell this error.",
        "    public var spellings: AuthErrorSpellings {",
        "        switch self {",
    ]
    for row in rows:
        server = ", ".join(
            f"AuthServerString({swift_string(s)}{'' if p is None else ', platform: .' + p})" for s, p in row["server"])
        fields = [
            f"iosCaseName: {optional(row['iosCase'])}",
            f"iosCode: {optional(row['iosCode'], str)}",
            f"formerIOSCodes: [{', '.join(map(str, row['formerIOSCodes']))}]",
            f"errorName: {optional(row['errorName'])}",
            f"androidCode: {optional(row['androidCode'])}",
            f"webCode: {optional(row['webCode'])}",
            f"serverStrings: [{server}]",
            f"aliases: [{', '.join(map(swift_string, row['aliases']))}]",
            f"isRemovedFromIOS: {'true' if row['removed'] else 'false'}",
        ]
        lines.append(f"        case .{row['case']}:")
        lines.append("            AuthErrorSpellings(")
        lines += [f"                {field}," for field in fields[:-1]]
        lines.append(f"                {fields[-1]})")
    lines += [
        "        }",
        "    }",
        "",
        "    /// The Swift case name (`invalidEmail`); for web-only errors it is not an iOS name.",
        "    public var caseName: String {",
        "        switch self {",
    ]
    lines += [f"        case .{row['case']}: {swift_string(row['case'])}" for row in rows]
    lines += ["        }", "    }", "}", ""]
    return "\n".join(lines)


def main():
    rows = load_rows()
    check_unique(rows)
    text = render(rows)
    if "--check" in sys.argv[1:]:
        with open(OUTPUT, encoding="utf-8") as handle:
            if handle.read() != text:
                sys.exit(f"{os.path.relpath(OUTPUT, ROOT)} is out of date: run scripts/generate-auth-error-codes.py")
        return
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write(text)
    print(f"wrote {os.path.relpath(OUTPUT, ROOT)}: {len(rows)} codes")


if __name__ == "__main__":
    main()
