#!/usr/bin/env python3
"""Writes Tests/GenkanValidationTests/Fixtures/names-corpus.json: the reference verdicts for
GenkanValidation's NameProfile, computed by RUNNING precis-i18n (the PRECIS reference
implementation, pinned in scripts/requirements.txt) on every input below.

For each input and each profile the fixture records whether precis-i18n accepts it and, when it
does, the enforced string; for the nickname profile also the comparison key (the
NicknameCaseMapped enforcement, RFC 8266 §2.4).

    .venv/bin/python scripts/corpus/names_corpus.py           # rewrite the fixture
    .venv/bin/python scripts/corpus/names_corpus.py --check   # exit 1 if the fixture is stale

Python 3.11's unicodedata implements Unicode 14.0 and the ICU Genkan uses implements 15.0: the
inputs avoid code points whose properties differ between the two (the script refuses code points
that are unassigned in Python's Unicode unless they are listed as unassigned in 15.0 as well).
"""

import importlib.metadata
import json
import pathlib
import sys
import unicodedata

import precis_i18n

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from generated_file import JSONFixture, write_or_check  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "Tests" / "GenkanValidationTests" / "Fixtures" / "names-corpus.json"

# Code points that are unassigned in Unicode 14.0 and still unassigned in 15.0.
STILL_UNASSIGNED = {0x0378, 0x0379, 0x1FFF, 0x2FFF, 0xE0080}

# (label, input). Labels say what the input exercises; they are not expected values.
CASES = [
    # ASCII
    ("ascii lower", "alice"),
    ("ascii capitalized", "Alice"),
    ("ascii upper", "ALICE"),
    ("ascii two words", "alice smith"),
    ("ascii padded", "  alice  "),
    ("ascii double space", "alice  smith"),
    ("ascii many spaces", "a     b     c"),
    ("ascii single letter", "a"),
    ("empty", ""),
    ("one space", " "),
    ("three spaces", "   "),
    ("underscore", "alice_smith"),
    ("dot", "alice.smith"),
    ("hyphen", "alice-smith"),
    ("at sign", "alice@example"),
    ("exclamation", "alice!"),
    ("digits", "123"),
    ("zero", "0"),
    ("letters and digits", "user123"),
    ("mixed ascii punctuation", "User_Name-99"),
    ("tilde", "~tilde"),
    ("three words", "a b c"),
    ("apostrophe", "O'Brien"),
    ("hyphenated", "Mary-Jane"),
    ("full name", "Jean-Luc Picard"),
    ("d apostrophe", "d'Artagnan"),
    ("title", "Dr. Who"),
    ("droid", "R2-D2"),
    ("suffix", "Ms. Smith III"),
    ("ascii all printable", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    ("long ascii", "a" * 64),
    ("longer ascii", "b" * 65),
    # ASCII controls
    ("tab inside", "a\tb"),
    ("tab at end", "tab\t"),
    ("newline", "new\nline"),
    ("crlf", "\r\n"),
    ("nul", "nul\x00"),
    ("delete", "\x7fdel"),
    ("bell", "bell\x07"),
    ("escape sequence", "\x1b[31mred"),
    ("c1 next line", "a\x85b"),
    ("c1 last", "a\x9f"),
    # Latin with diacritics
    ("precomposed e acute", "Jos\u00e9"),
    ("decomposed e acute", "Jose\u0301"),
    ("diaeresis", "Zo\u00eb"),
    ("angstrom precomposed", "\u00c5ngstr\u00f6m"),
    ("angstrom sign", "\u212bngstr\u00f6m"),
    ("sharp s", "stra\u00dfe"),
    ("upper strasse", "STRASSE"),
    ("capital sharp s", "\u1e9e"),
    ("danish", "\u00c6r\u00f8sk\u00f8bing"),
    ("polish", "\u0141\u00f3d\u017a"),
    ("turkish dotted capital I", "\u0130stanbul"),
    ("turkish dotless i", "\u0131"),
    ("vietnamese", "Nguy\u1ec5n V\u0103n A"),
    ("vietnamese d", "\u0110\u1eb7ng"),
    ("spanish", "\u00d1and\u00fa"),
    ("danish name", "S\u00f8ren Kierkegaard"),
    ("french", "Fran\u00e7ois"),
    ("icelandic thorn", "\u00de\u00f3r"),
    ("icelandic eth", "\u00d0\u00f3ra"),
    ("eng", "\u014a"),
    ("czech", "Dvo\u0159\u00e1k"),
    ("german umlaut", "Schr\u00f6dinger"),
    ("icelandic singer", "Bj\u00f6rk"),
    # Compatibility characters
    ("titlecase dz", "\u01c5emal"),
    ("lowercase dz digraph", "\u01c6"),
    ("uppercase DZ digraph", "\u01f1"),
    ("fi ligature", "\ufb01nance"),
    ("roman numeral twelve", "\u216b"),
    ("circled one", "\u2460"),
    ("superscript two", "x\u00b2"),
    ("vulgar fraction", "\u00bd"),
    ("micro sign", "\u00b5"),
    ("long s", "\u017f"),
    ("kelvin sign", "\u212a"),
    ("ohm sign", "\u2126"),
    ("black-letter H", "\u210cello"),
    ("math bold", "\U0001d400\U0001d401\U0001d402"),
    ("circled A", "\u24b6"),
    ("trade mark", "Acme\u2122"),
    ("ellipsis", "wait\u2026"),
    ("greek prosgegrammeni capital", "\u1fbc"),
    # Full-width and half-width forms
    ("fullwidth latin", "\uff48\uff45\uff4c\uff4c\uff4f"),
    ("fullwidth words with ideographic space", "\uff28\uff45\uff4c\uff4c\uff4f\u3000\uff37\uff4f\uff52\uff4c\uff44"),
    ("issue example", "\uff80\uff9b\uff73\u3000\uff39\uff41\uff4d\uff41\uff44\uff41"),
    ("halfwidth katakana with handakuten", "\uff8a\uff9f\uff9d"),
    ("halfwidth katakana with dakuten", "\uff76\uff9e\uff77\uff9e"),
    ("halfwidth vowels", "\uff71\uff72\uff73\uff74\uff75"),
    ("halfwidth dakuten alone", "\uff9e"),
    ("fullwidth digits", "\uff11\uff12\uff13"),
    ("fullwidth at", "alice\uff20example"),
    ("fullwidth tilde", "\uff5e"),
    ("fullwidth exclamation", "hi\uff01"),
    ("halfwidth hangul", "\uffa1\uffc2"),
    ("fullwidth capital", "\uff21\uff22\uff23"),
    ("halfwidth ideographic full stop", "\uff61"),
    ("fullwidth yen", "\uffe5100"),
    # Japanese
    ("kanji name", "\u5c71\u7530\u592a\u90ce"),
    ("hiragana with space", "\u3084\u307e\u3060 \u305f\u308d\u3046"),
    ("katakana with ideographic space", "\u30e4\u30de\u30c0\u3000\u30bf\u30ed\u30a6"),
    ("katakana middle dot in kanji", "\u5c71\u7530\u30fb\u592a\u90ce"),
    ("katakana middle dot alone", "\u30fb"),
    ("katakana middle dot between latin", "A\u30fbB"),
    ("katakana middle dot with katakana", "\u30b8\u30e7\u30f3\u30fb\u30b9\u30df\u30b9"),
    ("prolonged sound mark", "\u30e9\u30fc\u30e1\u30f3"),
    ("prolonged sound mark alone", "\u30fc"),
    ("ideographic number zero", "\u3007"),
    ("ideographic iteration mark", "\u4eba\u3005"),
    ("vertical ideographic iteration mark", "\u4eba\u303b"),
    ("hiragana iteration marks", "\u3053\u309d\u309e"),
    ("katakana iteration marks", "\u30b3\u30fd\u30fe"),
    ("vertical kana repeat mark", "\u3042\u3033"),
    ("square era name", "\u337b"),
    ("parenthesized ideograph stock", "\u3231"),
    ("small katakana", "\u30a1\u30a3\u30a5"),
    ("city", "\u6771\u4eac\u90fd"),
    ("japanese words", "\u65e5\u672c\u8a9e \u30c6\u30ad\u30b9\u30c8"),
    ("kanji kana ideographic spaces", "\u6f22\u5b57\u3000\u304b\u306a\u3000\u30ab\u30ca"),
    ("wave dash", "\u301c"),
    ("corner brackets", "\u300c\u540d\u524d\u300d"),
    ("ideographic full stop", "\u3002"),
    ("ideographic comma", "\u3001"),
    ("leading ideographic spaces", "\u3000\u3000\u592a\u90ce\u3000\u3000"),
    ("hiragana voiced by combining mark", "\u304b\u3099"),
    # Chinese and Korean
    ("chinese name", "\u5f20\u4f1f"),
    ("chinese given name", "\u738b\u5c0f\u660e"),
    ("korean name", "\uae40\ubbfc\uc900"),
    ("korean word", "\ud55c\uad6d\uc5b4"),
    ("old hangul leading jamo", "\u1100\u1161"),
    ("hangul compatibility jamo", "\u3131"),
    ("hangul syllables", "\uac00\ub098\ub2e4"),
    ("hangul filler", "\u3164"),
    ("hangul choseong filler", "\u115fa"),
    # Arabic
    ("arabic name", "\u0645\u062d\u0645\u062f"),
    ("arabic two words", "\u0639\u0628\u062f \u0627\u0644\u0644\u0647"),
    ("arabic with harakat", "\u0645\u064f\u062d\u064e\u0645\u064e\u0651\u062f"),
    ("arabic-indic digits", "\u0639\u0644\u064a\u0661\u0662\u0663"),
    ("extended arabic-indic digits", "\u0639\u0644\u064a\u06f1\u06f2\u06f3"),
    ("mixed arabic digit kinds", "\u0661\u0662\u06f3"),
    ("tatweel", "\u0640\u0645\u062d\u0645\u062f"),
    ("arabic then european digits", "\u0645\u062d\u0645\u062f123"),
    ("european digits then arabic", "123\u0645\u062d\u0645\u062f"),
    ("arabic then latin", "\u0645\u062d\u0645\u062fabc"),
    ("latin then arabic", "abc\u0645\u062d\u0645\u062f"),
    ("persian", "\u0641\u0627\u0631\u0633\u06cc"),
    ("persian with zwnj", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"),
    ("zwnj after right-joining", "\u062f\u200c\u062f"),
    ("zwnj at start", "\u200c\u0645"),
    ("lam alef", "\u0644\u0627"),
    ("lam alef presentation form", "\ufefb"),
    ("arabic ligature salla", "\ufdfa"),
    ("arabic percent", "\u066a"),
    ("arabic letter then arabic-indic digit", "\u0628\u0661"),
    ("arabic with european and arabic digits", "\u0628\u0661\u0031"),
    ("arabic question mark", "\u0645\u061f"),
    ("arabic comma between words", "\u0628\u060c\u0628"),
    ("arabic ending in space", "\u0645\u062d\u0645\u062f "),
    # Hebrew
    ("hebrew", "\u05e9\u05dc\u05d5\u05dd"),
    ("hebrew name", "\u05d3\u05d5\u05d3"),
    ("hebrew with ascii quote", "\u05e6\u05d4\"\u05dc"),
    ("hebrew with gershayim", "\u05e6\u05d4\u05f4\u05dc"),
    ("gershayim after latin", "abc\u05f4"),
    ("geresh at start", "\u05f3\u05d0"),
    ("hebrew with niqqud", "\u05e9\u05c1\u05b8\u05dc\u05d5\u05b9\u05dd"),
    ("hebrew then latin", "\u05e9\u05dc\u05d5\u05dd world"),
    ("hebrew then digit", "\u05d01"),
    ("digit then hebrew", "1\u05d0"),
    ("hebrew ending in mark", "\u05d0\u05b8"),
    ("hebrew with hyphen", "\u05d1\u05df-\u05d2\u05d5\u05e8\u05d9\u05d5\u05df"),
    # Greek
    ("greek name", "\u0391\u03bb\u03ad\u03be\u03b1\u03bd\u03b4\u03c1\u03bf\u03c2"),
    ("greek upper final sigma", "\u039f\u0394\u039f\u03a3"),
    ("greek capital sigma alone", "\u03a3"),
    ("greek sigma sigma", "\u03a3\u0391\u03a3"),
    ("keraia before greek", "\u0375\u03b1"),
    ("keraia at end", "\u03b1\u0375"),
    ("keraia before latin", "\u0375a"),
    ("greek and latin", "\u03a9mega"),
    ("greek final sigma alone", "\u03c2"),
    # Cyrillic and confusables
    ("cyrillic name", "\u0418\u0432\u0430\u043d"),
    ("cyrillic A in admin", "\u0410dmin"),
    ("mixed paypal", "\u0440\u0430\u0443\u0440\u0430l"),
    ("cyrillic dze", "\u0405\u0441\u043e\u0442\u0442"),
    ("cyrillic komi de", "\u0501"),
    ("cyrillic and latin words", "\u0418\u0432\u0430\u043d Smith"),
    ("armenian", "\u0540\u0561\u0575\u0565\u0580\u0565\u0576"),
    ("georgian", "\u10e5\u10d0\u10e0\u10d7\u10e3\u10da\u10d8"),
    ("cherokee upper", "\u13a0\u13a1"),
    # Indic and Southeast Asian
    ("devanagari", "\u0926\u0947\u0935\u0928\u093e\u0917\u0930\u0940"),
    ("zwj after virama", "\u0915\u094d\u200d\u0937"),
    ("zwj without virama", "\u0915\u200d\u0937"),
    ("zwnj after virama", "\u0995\u09cd\u200c\u09b7"),
    ("tamil", "\u0ba4\u0bae\u0bbf\u0bb4\u0bcd"),
    ("kannada", "\u0c95\u0ca8\u0ccd\u0ca8\u0ca1"),
    ("gujarati", "\u0a97\u0ac1\u0a9c\u0ab0\u0abe\u0aa4\u0ac0"),
    ("thai", "\u0e44\u0e17\u0e22"),
    ("lao", "\u0ea5\u0eb2\u0ea7"),
    ("tibetan", "\u0f40\u0f41\u0f42"),
    ("tibetan tsheg", "\u0f40\u0f0b\u0f41"),
    ("nko lajanyalan", "\u07ca\u07fa"),
    # Emoji
    ("emoji", "\U0001f600"),
    ("name and emoji", "Alice \U0001f600"),
    ("thumbs up with skin tone", "\U0001f44d\U0001f3fd"),
    ("family zwj sequence", "\U0001f468\u200d\U0001f469\u200d\U0001f467"),
    ("heart with variation selector", "\u2764\ufe0f"),
    ("heart without variation selector", "\u2764"),
    ("rainbow flag", "\U0001f3f3\ufe0f\u200d\U0001f308"),
    ("japanese flag", "\U0001f1ef\U0001f1f5"),
    ("keycap one", "1\ufe0f\u20e3"),
    ("copyright", "\u00a9 Acme"),
    ("star", "\u2605"),
    ("music note", "\u266a"),
    ("cat face", "\U0001f431"),
    ("emoji in username style", "cool\U0001f60ecat"),
    # Combining marks
    ("combining mark alone", "\u0301"),
    ("leading combining mark", "\u0301e"),
    ("two combining marks", "a\u0308\u0304"),
    ("combining grapheme joiner", "a\u034fb"),
    ("n tilde decomposed", "n\u0303"),
    ("enclosing circle alone", "\u20dd"),
    ("enclosing circle on letter", "a\u20dd"),
    ("combining diaeresis on space", " \u0308"),
    ("spacing diaeresis", "\u00a8"),
    ("letter and spacing diaeresis", "a \u00a8"),
    ("acute accent", "\u00b4"),
    ("zalgo", "Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u0334\u0319\u0324\u031e"),
    # Spaces
    ("no-break space leading", "\u00a0alice"),
    ("em space", "alice\u2003bob"),
    ("ideographic space", "alice\u3000bob"),
    ("two no-break spaces", "a\u00a0\u00a0b"),
    ("en and em spaces", "x\u2002\u2003y"),
    ("narrow no-break space", "a\u202fb"),
    ("ogham space", "a\u1680b"),
    ("medium mathematical space", "a\u205fb"),
    ("line separator", "a\u2028b"),
    ("paragraph separator", "a\u2029b"),
    ("only no-break spaces", "\u00a0\u00a0"),
    # Invisible characters
    ("zero width space", "\u200balice"),
    ("zwj inside latin", "ali\u200dce"),
    ("zwnj inside latin", "ali\u200cce"),
    ("word joiner", "ali\u2060ce"),
    ("byte order mark", "\ufeffalice"),
    ("soft hyphen", "\u00adsoft"),
    ("mongolian vowel separator", "a\u180eb"),
    ("variation selector alone", "a\ufe00"),
    ("tag character", "a\U000e0041"),
    ("language tag", "\U000e0001a"),
    ("invisible times", "a\u2062b"),
    ("interlinear annotation", "\ufff9a\ufffbb"),
    # Bidi controls
    ("right-to-left override", "\u202eevil"),
    ("left-to-right override at end", "abc\u202d"),
    ("right-to-left mark", "\u200fRLM"),
    ("left-to-right mark", "\u200eLRM"),
    ("isolates", "\u2066iso\u2069"),
    ("arabic letter mark", "\u061cabc"),
    ("right-to-left embedding", "\u202b\u05d0\u202c"),
    # Private use, noncharacters, unassigned
    ("private use", "\ue000"),
    ("apple logo private use", "\uf8ff"),
    ("supplementary private use", "\U000f0000"),
    ("noncharacter fdd0", "\ufdd0"),
    ("noncharacter fffe", "a\ufffe"),
    ("noncharacter 1fffe", "\U0001fffe"),
    ("unassigned greek block", "\u0378"),
    ("unassigned tag block", "a\U000e0080"),
    ("replacement character", "\ufffd"),
    ("object replacement character", "\ufffc"),
    # Symbols and punctuation
    ("dollar", "$money"),
    ("percent", "100%"),
    ("plus", "a+b"),
    ("arrows", "\u2190\u2192"),
    ("n-ary summation", "\u2211"),
    ("not equal", "\u2260"),
    ("pound", "\u00a350"),
    ("euro", "\u20ac"),
    ("yen", "\u00a5"),
    ("hash", "#hash"),
    ("parentheses", "(paren)"),
    ("guillemets", "\u00abquote\u00bb"),
    ("single quotes", "\u2018single\u2019"),
    ("double quotes", "\u201cdouble\u201d"),
    ("em dash", "a\u2014b"),
    ("en dash", "a\u2013b"),
    ("middle dot between l", "l\u00b7l"),
    ("catalan", "col\u00b7lega"),
    ("middle dot between other letters", "a\u00b7b"),
    ("middle dot alone", "\u00b7"),
    ("middle dot at end", "l\u00b7"),
    ("inverted question mark", "\u00bfqu\u00e9?"),
    ("section sign", "\u00a7"),
    ("degree", "20\u00b0"),
    ("bullet", "\u2022"),
    ("dagger", "\u2020"),
    ("check mark", "\u2713"),
]


def enforce(profile, value):
    try:
        return True, profile.enforce(value)
    except UnicodeEncodeError:
        return False, None


def check_inputs():
    labels = set()
    inputs = set()
    for label, value in CASES:
        if label in labels:
            sys.exit(f"duplicate label: {label}")
        if value in inputs:
            sys.exit(f"duplicate input: {label}")
        labels.add(label)
        inputs.add(value)
        for char in value:
            cp = ord(char)
            unassigned = unicodedata.category(char) == "Cn" and not (
                (cp & 0xFFFE) == 0xFFFE or 0xFDD0 <= cp <= 0xFDEF)
            if unassigned and cp not in STILL_UNASSIGNED:
                sys.exit(f"{label}: U+{cp:04X} is unassigned in Unicode {unicodedata.unidata_version}")


def render():
    check_inputs()
    profiles = {
        name: precis_i18n.get_profile(name)
        for name in ("NicknameCasePreserved", "NicknameCaseMapped", "UsernameCaseMapped", "OpaqueString")
    }
    cases = []
    for label, value in CASES:
        valid, output = enforce(profiles["NicknameCasePreserved"], value)
        key_valid, key = enforce(profiles["NicknameCaseMapped"], value)
        username_valid, username = enforce(profiles["UsernameCaseMapped"], value)
        opaque_valid, opaque = enforce(profiles["OpaqueString"], value)
        cases.append({
            "label": label,
            "input": value,
            "nickname": {"valid": valid, "output": output, "comparisonKey": key if key_valid else None},
            "username": {"valid": username_valid, "output": username},
            "opaqueString": {"valid": opaque_valid, "output": opaque},
        })
    document = {
        "generator": "scripts/corpus/names_corpus.py",
        "references": {"precis-i18n": importlib.metadata.version("precis-i18n"), "unicode": unicodedata.unidata_version},
        "profiles": {
            "nickname": "NicknameCasePreserved (comparisonKey: NicknameCaseMapped), RFC 8266",
            "username": "UsernameCaseMapped, RFC 8265 §3.3",
            "opaqueString": "OpaqueString, RFC 8265 §4.2",
        },
        "cases": cases,
    }
    return json.dumps(document, ensure_ascii=True, indent=1) + "\n"


def main():
    write_or_check(OUTPUT, render, __file__, __doc__.splitlines()[0], f"({len(CASES)} inputs)",
                   kind=JSONFixture("cases", "label"))


if __name__ == "__main__":
    main()
