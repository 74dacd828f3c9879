#!/usr/bin/env python3
"""Writes the committed seed corpora, Fuzz/Corpus/TARGET/, from the test fixtures and a few
hand-made inputs. Run it after changing a target's input layout (the option bytes each target
reads first) or the fixtures; it needs a built `genkan` (.build/debug/genkan) for the exports.

Each seed is the target's option bytes followed by the input proper, as the target's main.swift
or .c file describes.
"""

import base64
import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "Corpus"
FIXTURES = ROOT / "Tests" / "GenkanCatalogToolsTests" / "Fixtures"
GENKAN = ROOT / ".build" / "debug" / "genkan"


def write(target, seeds):
    folder = CORPUS / target
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for seed in seeds:
        data = seed if isinstance(seed, bytes) else seed.encode()
        (folder / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def email_seeds():
    corpus = json.loads((ROOT / "Tests/GenkanValidationTests/Fixtures/email-corpus.json").read_text())
    entries = corpus["entries"] if "entries" in corpus else next(v for v in corpus.values() if isinstance(v, list))
    # Every tenth address: valid and invalid, ASCII, Unicode local parts, IDN domains, lookalikes.
    return [entry["input"] for entry in entries[::10]]


def name_seeds():
    cases = json.loads((ROOT / "Tests/GenkanValidationTests/Fixtures/names-corpus.json").read_text())["cases"]
    return [bytes([index % 3]) + case["input"].encode() for index, case in enumerate(cases[::8])]


def exports(format_name, locales):
    """The fixtures exported by `genkan catalog export`: {relative path: bytes}."""
    files = {}
    for fixture in ("Exchange.xcstrings", "States.xcstrings", "Plurals.xcstrings", "AppShortcuts.xcstrings"):
        with tempfile.TemporaryDirectory() as out:
            command = [str(GENKAN), "catalog", "export", str(FIXTURES / fixture), "--format", format_name, "--output", out]
            for locale in locales:
                command += ["--locale", locale]
            if subprocess.run(command, capture_output=True).returncode != 0:
                continue
            for path in Path(out).rglob("*"):
                if path.is_file() and path.name != "genkan-export.json":
                    files[f"{fixture}/{path.relative_to(out)}"] = path.read_bytes()
    return files


def main():
    emails = email_seeds()
    write("email-strict", emails)
    write("email-html", emails + [" taro@example.com\n", "taro@ＥＸＡＭＰＬＥ.com", "\ttaro@bücher.example"])
    write("name", name_seeds())
    write("password", [
        b"\x00correct horse battery staple\x00taro@example.com\x00Taro Yamada",
        b"\x01taro2024\x00taro@example.com",
        b"\x02password1",
        b"\x3f\x08\x40Aa1!aaaa\x00a@b.c\x00A",
        "\x00パスワード　ｐａｓｓ\x00太郎@例え.jp\x00山田 太郎".encode(),
        b"\x00qwertyuiop123456",
    ])
    write("form", [
        "name=%EF%BE%80%EF%BE%9B%EF%BD%B3&email=taro%40example.com&password=correct+horse&password-confirmation=correct+horse",
        "csrf=abc-_DEF&return=%2Faccount%3Fx%3D1&remember",
        "a=1&a=2&=&&b",
        b"name\x00value\x00%zz\x00+",
    ])
    write("cookies", [
        b"\x00lang=ja; genkan_presession=abc\x00genkan_session=0123456789abcdef",
        b"\x01theme=\"dark\"; lang=pt-BR\x00x=1\x00genkan_notice=password-changed",
        b"\x02a=b;;  c = d ;e\x00lang=ja",
    ])
    write("accept-language", [
        "ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7",
        "zh-TW,zh;q=0.9,en;q=0.5",
        "pt, *;q=0.1, en;q=0",
        "de-DE@euro, fr_FR.UTF-8;q=0.5",
        "sr-Latn-RS, zh-Hans-CN;Q=1.000, x-klingon;q=0.001",
    ])
    write("auth-error", [
        b"\x00\x00" + s.encode() for s in [
            "17008", "auth/invalid-email", "ERROR_INVALID_EMAIL", "invalidEmail", "INVALID_LOGIN_CREDENTIALS",
            '{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[{"message":"EMAIL_EXISTS","domain":"global","reason":"invalid"}]}}',
            "WEAK_PASSWORD : Password should be at least 6 characters",
            "Firebase: Error (auth/invalid-email).",
            "Firebase: Password should be at least 6 characters (auth/weak-password).",
            "An internal error has occurred. [ PASSWORD_DOES_NOT_MEET_REQUIREMENTS:Missing password requirements: "
            "[Password must contain an upper case character, Password must contain a numeric character] ]",
            '{"code":"auth/user-disabled","customData":{}}',
        ]
    ] + [b"\x01\x03USER_NOT_FOUND", b"\x01\x07auth/network-request-failed"])

    # The catalog readers: option bytes (format or base, locale), then the file.
    xcstrings = [path.read_bytes() for path in sorted(FIXTURES.glob("*.xcstrings"))]
    flat = exports("json", ["ja", "de"])
    write("xcstrings", [bytes([i % 5, i % 4]) + data for i, data in enumerate(xcstrings)]
          + [b"\x00\x00" + data for data in flat.values()])
    write("po", [bytes([i % 4, i % 8]) + data for i, data in enumerate(exports("po", ["ja", "pl", "uk"]).values())])
    write("xliff", [bytes([i % 4]) + data for i, data in enumerate(exports("xliff", ["ja", "de"]).values())])
    write("strings", [bytes([i % 4, 0, 1 if path.endswith(".strings") else 0]) + data
                      for i, (path, data) in enumerate(exports("strings", ["ja"]).items())])
    write("android", [bytes([i % 4, 0]) + data for i, data in enumerate(exports("android", ["ja"]).values())])

    # The Firebase API: the endpoint's index (see fuzz-firebase-api), the options, the body.
    write("firebase-api", [
        b"\x00\x00" + b'{"email":"new@example.com","password":"correct horse battery","returnSecureToken":true}',
        b"\x01\x00" + b'{"email":"$EMAIL","password":"correct horse battery","returnSecureToken":true}',
        b"\x01\x80" + b'{"email":"$EMAIL","password":"wrong","returnSecureToken":true}',
        b"\x02\x00" + b'{"idToken":"$ID"}',
        b"\x02\x80" + b'{"idToken":"$ID"}',
        b"\x03\x10" + b'{"requestType":"PASSWORD_RESET","email":"$EMAIL"}',
        b"\x03\x00" + b'{"requestType":"VERIFY_AND_CHANGE_EMAIL","idToken":"$ID","newEmail":"other@example.com"}',
        b"\x05\x00" + b'{"idToken":"$ID","displayName":"\xef\xbe\x80\xef\xbe\x9b\xef\xbd\xb3","photoUrl":"https://example.com/a.png","returnSecureToken":true}',
        b"\x07\x20" + b'{"identifier":"$EMAIL","continueUri":"http://localhost"}',
        b"\x10\x00" + b'{"grant_type":"refresh_token","refresh_token":"$REFRESH"}',
        b"\x10\x01" + b"grant_type=refresh_token&refresh_token=$REFRESH",
        b"\x11\x00",
        b"\x12\x05" + b'{"email":"admin@example.com","password":"correct horse battery","emailVerified":true}',
        b"\x13\x05" + b'{"localId":["$UID"],"email":["$EMAIL"]}',
        b"\x14\x05" + b'{"localId":"$UID","disableUser":true,"customAttributes":"{}"}',
        b"\x17\x05" + b'{"requestType":"PASSWORD_RESET","email":"$EMAIL","returnOobLink":true}',
        b"\x18\x00", b"\x1b\x00" + b'{"signIn":{"allowDuplicateEmails":true}}',
        b"\x1c\x20",
        b"\x20\x00" + b'{"postBody":"id_token=eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2FjY291bnRzLmdvb2dsZS5jb20ifQ.c2ln&providerId=google.com",'
                      b'"requestUri":"http://localhost","returnSecureToken":true}',
        b"\x21\x80" + b'{"postBody":"id_token=x&providerId=apple.com&nonce=abc","requestUri":"http://localhost","returnIdpCredential":true}',
    ])

    # JOSE: the mode (0 a compact JWS; 1 a JWK Set), then the bytes.
    def b64(data):
        import base64
        return base64.urlsafe_b64encode(data).rstrip(b"=")
    header = b'{"alg":"RS256","kid":"k1","typ":"JWT"}'
    claims = '{"iss":"https://accounts.google.com","aud":"client","sub":"1","email":"taro@example.com",' \
             '"email_verified":"true","iat":1700000000,"exp":1700003600,"nonce":"n","name":"山田"}'.encode()
    write("jose", [
        b"\x00" + b64(header) + b"." + b64(claims) + b"." + b64(b"signature"),
        b"\x00" + b64(b'{"alg":"none"}') + b"." + b64(b"{}") + b".",
        b"\x01" + b'{"keys":[{"kty":"RSA","kid":"k1","use":"sig","alg":"RS256","n":"' + b64(bytes(range(1, 129)) * 2)
        + b'","e":"AQAB"},{"kty":"EC","crv":"P-256","kid":"k2","x":"' + b64(bytes(range(32))) + b'","y":"' + b64(bytes(range(32, 64)))
        + b'"},{"kty":"OKP","crv":"Ed25519","x":"' + b64(bytes(32)) + b'"}]}',
    ])

    # JSON: the option byte (1 lone surrogates replaced, 2 a byte order mark allowed, 4 depth 3),
    # then the text: hand-made cases at the edges of RFC 8259, and the catalog fixtures.
    write("json", [
        b"\x00" + claims,
        b"\x00" + b'[1, -2.5e3, 0.1E+2, -0, 123456789012345678901234567890, true, false, null, {"": [{}]}]',
        b"\x01" + b'["\\u00e9\\ud83d\\ude00", "\\ud800", "\\udc00\\u0041", "a\\/b\\b\\f\\n\\r\\t\\"\\\\"]',
        b"\x00" + b'{"a": 1, "b": {"a": 2, "a": 3}, "a": [4]}',
        b"\x02" + b"\xef\xbb\xbf" + b' {"sourceLanguage" : "en", "strings" : {\n\n}}',
        b"\x04" + b"[[[[1]]]]",
        b"\x00" + "\"名前 \u2028 <script>&\"".encode(),
    ] + [bytes([i % 8]) + path.read_bytes() for i, path in enumerate(sorted(FIXTURES.glob("*.xcstrings"))[:3])])

    # CH2O: the option byte (see each .c file), then what the client sends.
    head = [
        b"GET / HTTP/1.1\r\nHost: a\r\n\r\n",
        b"POST /signin?return=%2Faccount HTTP/1.1\r\nHost: genkan.test\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        b"Content-Length: 7\r\nCookie: lang=ja\r\nAccept-Language: ja\r\n\r\n",
        b"GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        b"\r\n\r\nOPTIONS * HTTP/1.1\nHost: x\n\n",
        b"GET / HTTP/1.1\r\nHost: a\r\nX-Folded: a\r\n b\r\n\r\n",
    ]
    write("ch2o-head", [bytes([s]) + h for s, h in zip((0, 1, 7, 3, 64), head)])
    chunked = [
        b"5\r\nhello\r\n0\r\n\r\n",
        b"3;name=value;q=\"a\\\"b\"\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\nExpires: never\r\n\r\nGET / HTTP/1.1\r\n",
        b"3zz\r\nabc\r\n0\r\n\r\n",
        b"3\nabc\n0\n\n",
        b"0000000000000000001\r\na\r\n0\r\n\r\n",
        b"ffffffffffffffff\r\n",
        b"1 ;a = b ; c=\"d\\\"e\"\r\nx\r\n00;last\r\nA: 1\r\nB-c:\t v \r\n\r\n",
        b"4\r\nwiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\n\r\n",
    ]
    write("ch2o-chunked", [bytes([s]) + c for s, c in zip((0, 1, 5, 0, 2, 0, 3, 7), chunked)])
    requests = [
        b"GET / HTTP/1.1\r\nHost: a\r\n\r\n",
        b"POST /f HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET /next HTTP/1.1\r\nHost: a\r\n\r\n",
        b"POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\nHEAD / HTTP/1.1\r\nHost: a\r\n\r\n",
        b"POST /e HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n\xffbody",
        b"GET / HTTP/1.0\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\nGET /after HTTP/1.1\r\nHost: a\r\n\r\n",
        b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        b"POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999\r\n\r\n",
        b"\r\n\r\nGET http://x/ HTTP/1.1\r\nHost: a\r\n\r\n",
    ]
    write("ch2o-connection", [bytes([o]) + r for o, r in zip((0, 1 | 4, 2 | 8 | 32, 0x80 | 1, 3, 0x40, 0, 0x80, 2, 0x40 | 1), requests)])

    write("webauthn", webauthn_seeds())


def webauthn_seeds():
    """Each part of every recorded ceremony, behind the byte that chooses its parser."""
    fixtures = ROOT / "Tests" / "GenkanWebAuthnTests" / "Fixtures"

    def unb64(text):
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

    responses = [case["response"] for case in json.loads((fixtures / "ceremonies.json").read_text())["cases"]]
    chromium = json.loads((fixtures / "chromium-ceremonies.json").read_text())
    responses += [chromium["registration"]["response"]] + [a["response"] for a in chromium["assertions"]]
    seeds = []
    for response in responses:
        parts = response["response"]
        if "attestationObject" in parts:
            seeds.append(b"\x00" + unb64(parts["attestationObject"]))
            seeds.append(b"\x04" + json.dumps(response).encode())
        if "authenticatorData" in parts:
            seeds.append(b"\x01" + unb64(parts["authenticatorData"]))
        if "signature" in parts:
            seeds.append(b"\x05" + json.dumps(response).encode())
        seeds.append(b"\x03" + unb64(parts["clientDataJSON"]))
    for case in json.loads((fixtures / "ceremonies.json").read_text())["cases"]:
        if "built" in case and "publicKey" in case["built"]:
            seeds.append(b"\x02" + unb64(case["built"]["publicKey"]))
    # Keep the corpus small: each distinct seed once, and at most 2 KiB of it (the 1024-byte id case).
    return sorted({seed[:2048] for seed in seeds})


if __name__ == "__main__":
    main()
