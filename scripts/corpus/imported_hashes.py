#!/usr/bin/env python3
"""Writes Tests/GenkanStoreTests/Fixtures/imported-hashes.json: password hashes of every algorithm
Firebase Authentication imports (the `hashAlgorithm` names of `accounts:batchCreate`), each made
here by an implementation that is not Genkan's: Python's hashlib (scrypt, PBKDF2, HMAC, digests,
all over OpenSSL), the `cryptography` package's AES-256-CTR for Firebase's modified scrypt, and
the `bcrypt` package (pinned in scripts/requirements.txt). Genkan's verifiers must accept each
`password` and refuse each `wrongPassword`.

What each algorithm computes is what Firebase's own Admin SDK integration tests compute before
importing a user into a real project and signing in (firebase-admin-node,
test/integration/auth.spec.ts): HMAC over password then salt, digests over salt then password,
MD5 given as its hexadecimal digits, PBKDF2 and standard scrypt with the hash's length. Firebase's
scrypt is scrypt(password, salt + separator, N = 2^memCost, r = rounds, p = 1, 64 bytes), whose
first 32 bytes key AES-256-CTR (counter from zero) over the signer key. Three hashes Firebase
published are included as they were published and checked here against this computation
(`published`): the firebase/scrypt README's example, the Admin SDK tests' SCRYPT user, and a SHA1
user imported with PASSWORD_FIRST.

Every value is deterministic (fixed salts; bcrypt salts are given, not drawn), so the file
regenerates byte for byte. Byte fields are base64 as `firebase auth:export` writes them
(standard alphabet, padded).

Usage:
    .venv/bin/python scripts/corpus/imported_hashes.py            # rewrite the fixture
    .venv/bin/python scripts/corpus/imported_hashes.py --check    # exit 1 if it is stale
"""

import base64
import hashlib
import hmac
import importlib.metadata
import json
import ssl
import sys
from pathlib import Path

import bcrypt
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from generated_file import JSONFixture, write_or_check  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "Tests" / "GenkanStoreTests" / "Fixtures" / "imported-hashes.json"

# The signer key and separator of firebase/scrypt's README and the Admin SDKs' tests (a sample
# project's, published by Firebase; it protects nothing).
FIREBASE_KEY = base64.b64decode("jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==")
FIREBASE_SEPARATOR = base64.b64decode("Bw==")
DIGESTS = {"MD5": "md5", "SHA1": "sha1", "SHA256": "sha256", "SHA512": "sha512"}


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def firebase_scrypt(password: bytes, salt: bytes, key: bytes, separator: bytes, rounds: int, memory_cost: int) -> bytes:
    derived = hashlib.scrypt(password, salt=salt + separator, n=2**memory_cost, r=rounds, p=1, dklen=64)
    encryptor = Cipher(algorithms.AES(derived[:32]), modes.CTR(bytes(16))).encryptor()
    return encryptor.update(key) + encryptor.finalize()


def repeated_digest(name: str, data: bytes, rounds: int) -> bytes:
    digest = hashlib.new(name, data).digest()
    for _ in range(max(rounds, 1) - 1):
        digest = hashlib.new(name, digest).digest()
    return digest


def entry(name, options, password, wrong, salt, password_hash, made_by, published=None):
    case = {
        "name": name,
        "options": {k: v for k, v in options.items() if v is not None},
        "password": password,
        "wrongPassword": wrong,
        "salt": b64(salt),
        "passwordHash": b64(password_hash),
        "madeBy": made_by,
    }
    if published:
        case["published"] = published
    return case


def cases():
    out = []
    made_scrypt = "hashlib.scrypt + cryptography AES-256-CTR"

    # Firebase's own scrypt: two published hashes, then hashes made here.
    readme = firebase_scrypt(b"user1password", base64.b64decode("42xEC+ixf3L2lw=="), FIREBASE_KEY, FIREBASE_SEPARATOR, 8, 14)
    assert b64(readme) == "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ=="
    scrypt_options = {"hashAlgorithm": "SCRYPT", "signerKey": b64(FIREBASE_KEY), "saltSeparator": b64(FIREBASE_SEPARATOR),
                      "rounds": 8, "memoryCost": 14}
    out.append(entry("SCRYPT firebase/scrypt README", scrypt_options, "user1password", "user1Password",
                     base64.b64decode("42xEC+ixf3L2lw=="), readme, made_scrypt, "github.com/firebase/scrypt README"))
    sdk = firebase_scrypt(b"password", b"NaCl", FIREBASE_KEY, FIREBASE_SEPARATOR, 8, 14)
    assert b64(sdk) == "V358E8LdWJXAO7muq0CufVpEOXaj8aFiC7T/rcaGieN04q/ZPJ08WhJEHGjj9lz/2TT+/86N5VjVoc5DdBhBiw=="
    out.append(entry("SCRYPT Admin SDK test user", scrypt_options, "password", "passwore", b"NaCl", sdk, made_scrypt,
                     "firebase-admin-node test/integration/auth.spec.ts"))
    key = hashlib.sha512(b"genkan test signer key").digest()
    for rounds, memory_cost, separator, password in ((1, 10, b"", "パスワード"), (2, 12, b"\x07\x00", "correct horse 🐎"),
                                                     (8, 14, b"\x01", "a" * 200)):
        salt = hashlib.sha256(password.encode()).digest()[:16]
        options = {"hashAlgorithm": "SCRYPT", "signerKey": b64(key), "saltSeparator": b64(separator) if separator else None,
                   "rounds": rounds, "memoryCost": memory_cost}
        out.append(entry(f"SCRYPT r={rounds} m={memory_cost}", options, password, password + " ", salt,
                         firebase_scrypt(password.encode(), salt, key, separator, rounds, memory_cost), made_scrypt))

    # RFC 7914 scrypt.
    for n, r, p, length in ((1024, 8, 16, 64), (16384, 8, 1, 32), (2, 1, 1, 16)):
        salt = f"salt-{n}".encode()
        options = {"hashAlgorithm": "STANDARD_SCRYPT", "cpuMemCost": n, "blockSize": r, "parallelization": p, "dkLen": length}
        out.append(entry(f"STANDARD_SCRYPT N={n} r={r} p={p}", options, "password", "Password", salt,
                         hashlib.scrypt(b"password", salt=salt, n=n, r=r, p=p, dklen=length), "hashlib.scrypt"))

    # bcrypt: the whole string is the hash; the salt field is empty.
    for prefix, cost, password in ((b"2b", 4, "password"), (b"2b", 10, "ünïcödé pässwörd"), (b"2a", 5, "x"), (b"2y", 6, "72" * 36)):
        setting = b"$" + prefix + b"$%02d$" % cost + bcrypt_salt(prefix + str(cost).encode())
        made = bcrypt.hashpw(password.encode(), setting)
        assert made.startswith(b"$" + prefix + b"$"), made
        out.append(entry(f"BCRYPT ${prefix.decode()}$ cost {cost}", {"hashAlgorithm": "BCRYPT"}, password, password[:-1] + "?", b"",
                         made, "bcrypt.hashpw"))

    # PBKDF2: the hash's length is the derived key's; 0 rounds count as 1.
    for algorithm, name, rounds, length in (("PBKDF2_SHA256", "sha256", 100000, 64), ("PBKDF2_SHA256", "sha256", 0, 32),
                                            ("PBKDF_SHA1", "sha1", 1000, 20), ("PBKDF_SHA1", "sha1", 120000, 32)):
        salt = f"{algorithm}{rounds}".encode()
        out.append(entry(f"{algorithm} {rounds} rounds {length} bytes", {"hashAlgorithm": algorithm, "rounds": rounds},
                         "pässword", "passwörd", salt, hashlib.pbkdf2_hmac(name, "pässword".encode(), salt, max(rounds, 1), length),
                         "hashlib.pbkdf2_hmac"))

    # HMAC: password then salt unless SALT_AND_PASSWORD.
    for algorithm, name in (("HMAC_SHA512", "sha512"), ("HMAC_SHA256", "sha256"), ("HMAC_SHA1", "sha1"), ("HMAC_MD5", "md5")):
        key = f"secret for {algorithm}".encode()
        for order in (None, "SALT_AND_PASSWORD"):
            salt = b"NaCl"
            message = salt + b"password" if order else b"password" + salt
            options = {"hashAlgorithm": algorithm, "signerKey": b64(key), "passwordHashOrder": order}
            out.append(entry(f"{algorithm} {order or 'default order'}", options, "password", "passwordNaCl", salt,
                             hmac.new(key, message, name).digest(), "hmac.new"))

    # Digests: salt then password unless PASSWORD_AND_SALT, then the digest of the digest.
    for algorithm, name in DIGESTS.items():
        for rounds in ((0, 1, 5) if algorithm == "MD5" else (1, 2, 8192)):
            salt = f"{algorithm}-salt".encode()
            out.append(entry(f"{algorithm} {rounds} rounds", {"hashAlgorithm": algorithm, "rounds": rounds}, "hunter2", "hunter3",
                             salt, repeated_digest(name, salt + b"hunter2", rounds), "hashlib"))
        salt = b"\x00\xffsalt"
        out.append(entry(f"{algorithm} PASSWORD_AND_SALT", {"hashAlgorithm": algorithm, "rounds": 1, "passwordHashOrder": "PASSWORD_AND_SALT"},
                         "Ωmega", "ωmega", salt, repeated_digest(name, "Ωmega".encode() + salt, 1), "hashlib"))
        out.append(entry(f"{algorithm} without salt", {"hashAlgorithm": algorithm, "rounds": 1}, "no salt", "no salt ", b"",
                         repeated_digest(name, b"no salt", 1), "hashlib"))
    # MD5 as its hexadecimal digits, as the Admin SDK test imports it.
    md5_hex = hashlib.md5(b"NaCl" + b"password").hexdigest().encode()
    out.append(entry("MD5 as hexadecimal digits", {"hashAlgorithm": "MD5", "rounds": 0}, "password", "password1", b"NaCl", md5_hex,
                     "hashlib.md5().hexdigest()"))
    # A published SHA1 user whose hash was made over password then salt.
    published_sha1 = repeated_digest("sha1", b"Password1" + b"XiwiihQ=", 1)
    assert b64(published_sha1) == "kfjS+dtoePcY0vEKx1w5ol2ZJ88="
    out.append(entry("SHA1 PASSWORD_AND_SALT published", {"hashAlgorithm": "SHA1", "rounds": 1, "passwordHashOrder": "PASSWORD_AND_SALT"},
                     "Password1", "password1", b"XiwiihQ=", published_sha1, "hashlib",
                     "blog.salrashid.dev/articles/2020/firebase_import (imported into Identity Platform and signed in)"))
    return out


def bcrypt_salt(label: bytes) -> bytes:
    """22 characters of bcrypt's base64 alphabet from a label (the last one's low bits zero, as bcrypt writes it)."""
    alphabet = b"./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    digest = hashlib.sha256(label).digest()
    chars = bytes(alphabet[b % 64] for b in digest[:21])
    return chars + bytes([alphabet[(digest[21] % 4) * 16]])


def render():
    document = {
        "references": {
            "openssl": ssl.OPENSSL_VERSION,
            "cryptography": importlib.metadata.version("cryptography"),
            "bcrypt": importlib.metadata.version("bcrypt"),
        },
        "cases": cases(),
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    write_or_check(OUTPUT, render, __file__, __doc__.splitlines()[0], kind=JSONFixture("cases", "name"))
