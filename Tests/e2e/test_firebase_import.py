"""End-to-end tests of moving users in from Firebase with their passwords: a real `genkan serve
--firebase-project --firebase-emulator`, the Firebase Admin SDK for Python's `auth.import_users`
with every hash algorithm it names, and the `genkan users import` command on a file shaped as
`firebase auth:export` writes it.

Run by `make test`:  .venv/bin/python Tests/e2e/test_firebase_import.py

Every hash is made here, by implementations that are not Genkan's (hashlib and hmac over OpenSSL,
the `bcrypt` package, `cryptography`'s AES-CTR for Firebase's modified scrypt: the functions of
scripts/corpus/imported_hashes.py, whose published Firebase hashes pin them). Then each imported
user signs in through the REST API and another through the sign-in page with the original
password; a wrong password is refused as any is; and the stored hash, read from the database file,
is Argon2id after the first right password.
"""

import hashlib
import hmac
import os
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import unittest

import bcrypt

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "corpus"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts", "bench"))
from imported_hashes import FIREBASE_KEY, FIREBASE_SEPARATOR, firebase_scrypt, repeated_digest  # noqa: E402
from support import genkan_binary, run_tests  # noqa: E402
from test_firebase import PROJECT, Browser, FirebaseServer, call, hidden_fields, sign_in  # noqa: E402
from test_site import Server  # noqa: E402

OWNER = {"Authorization": "Bearer owner"}
BATCH_CREATE = f"/identitytoolkit.googleapis.com/v1/projects/{PROJECT}/accounts:batchCreate"


def algorithms(auth):
    """Each algorithm the Admin SDK names: (its name, the SDK's `UserImportHash`, a function
    making the hash of (password, salt), the prefix of Genkan's stored form)."""
    hmac_key = secrets.token_bytes(32)

    def digest(name, rounds):
        return lambda password, salt: repeated_digest(name, salt + password, rounds)

    def keyed(name):
        return lambda password, salt: hmac.new(hmac_key, password + salt, name).digest()

    return [
        ("SCRYPT", auth.UserImportHash.scrypt(key=FIREBASE_KEY, rounds=8, memory_cost=14, salt_separator=FIREBASE_SEPARATOR),
         lambda password, salt: firebase_scrypt(password, salt, FIREBASE_KEY, FIREBASE_SEPARATOR, 8, 14), "$firebase-scrypt$"),
        ("STANDARD_SCRYPT", auth.UserImportHash.standard_scrypt(memory_cost=1024, parallelization=2, block_size=8, derived_key_length=64),
         lambda password, salt: hashlib.scrypt(password, salt=salt, n=1024, r=8, p=2, dklen=64), "$scrypt$"),
        # bcrypt's salt is inside its string; the user's salt field stays empty.
        ("BCRYPT", auth.UserImportHash.bcrypt(), lambda password, salt: bcrypt.hashpw(password, bcrypt.gensalt(rounds=6)), "$2b$"),
        ("PBKDF2_SHA256", auth.UserImportHash.pbkdf2_sha256(rounds=20000),
         lambda password, salt: hashlib.pbkdf2_hmac("sha256", password, salt, 20000, 64), "$pbkdf2-sha256$"),
        ("PBKDF_SHA1", auth.UserImportHash.pbkdf_sha1(rounds=1000),
         lambda password, salt: hashlib.pbkdf2_hmac("sha1", password, salt, 1000, 20), "$pbkdf2-sha1$"),
        ("HMAC_SHA512", auth.UserImportHash.hmac_sha512(hmac_key), keyed("sha512"), "$hmac-sha512$"),
        ("HMAC_SHA256", auth.UserImportHash.hmac_sha256(hmac_key), keyed("sha256"), "$hmac-sha256$"),
        ("HMAC_SHA1", auth.UserImportHash.hmac_sha1(hmac_key), keyed("sha1"), "$hmac-sha1$"),
        ("HMAC_MD5", auth.UserImportHash.hmac_md5(hmac_key), keyed("md5"), "$hmac-md5$"),
        ("SHA512", auth.UserImportHash.sha512(rounds=3), digest("sha512", 3), "$sha512$"),
        ("SHA256", auth.UserImportHash.sha256(rounds=1), digest("sha256", 1), "$sha256$"),
        ("SHA1", auth.UserImportHash.sha1(rounds=2), digest("sha1", 2), "$sha1$"),
        ("MD5", auth.UserImportHash.md5(rounds=0), digest("md5", 0), "$md5$"),
    ]


def stored_hash(server, uid):
    """The account's `password_hash` as the database file holds it (None when there is none)."""
    with sqlite3.connect(f"file:{server.database}?mode=ro", uri=True) as database:
        row = database.execute("SELECT password_hash FROM accounts WHERE uid = ?", (uid,)).fetchone()
    return row[0] if row else None


def page_sign_in(server, email, password):
    """The sign-in page's form, as a browser without JavaScript posts it: (status, Location)."""
    browser = Browser()
    _, _, page = browser.open(server.url + "/signin")
    fields = hidden_fields(page)
    fields.update({"email": email, "password": password})
    status, headers, _ = browser.open(server.url + "/signin", fields)
    return status, headers.get("Location")


class ImportUsers(FirebaseServer, unittest.TestCase):
    emulator = True
    admin_app = "genkan-e2e-import"

    def test_every_algorithm_signs_in_through_the_api_and_the_page_and_becomes_argon2id(self):
        auth = self.auth
        for name, hash_alg, make, prefix in algorithms(auth):
            with self.subTest(name):
                tag = name.lower().replace("_", "-")
                users, passwords = [], {}
                for door in ("api", "page"):
                    password = f"{door} password for {name} ✓"
                    salt = b"" if name == "BCRYPT" else secrets.token_bytes(16)
                    uid = f"{tag}-{door}"
                    passwords[uid] = password
                    users.append(auth.ImportUserRecord(
                        uid=uid, email=f"{uid}@example.com", email_verified=True, display_name=f"{name} {door}",
                        password_hash=make(password.encode(), salt), password_salt=salt or None))
                result = auth.import_users(users, hash_alg=hash_alg, app=self.app)
                self.assertEqual((result.success_count, result.failure_count), (2, 0),
                                 [(error.index, error.reason) for error in result.errors])
                for uid in passwords:
                    self.assertTrue(stored_hash(self.server, uid).startswith(prefix), stored_hash(self.server, uid))

                # Through the REST API: a wrong password is refused as any is, and changes nothing.
                api_uid = f"{tag}-api"
                status, body = sign_in(self.server, f"{api_uid}@example.com", passwords[api_uid] + "!")
                self.assertEqual((status, body["error"]["message"]), (400, "INVALID_LOGIN_CREDENTIALS"))
                self.assertTrue(stored_hash(self.server, api_uid).startswith(prefix))
                status, body = sign_in(self.server, f"{api_uid}@example.com", passwords[api_uid])
                self.assertEqual(status, 200, body)
                self.assertEqual(body["localId"], api_uid)
                self.assertEqual(auth.verify_id_token(body["idToken"], app=self.app)["uid"], api_uid)
                self.assertTrue(stored_hash(self.server, api_uid).startswith("$argon2id$"), stored_hash(self.server, api_uid))
                # And again, now against Argon2id.
                self.assertEqual(sign_in(self.server, f"{api_uid}@example.com", passwords[api_uid])[0], 200)

                # Through the page.
                page_uid = f"{tag}-page"
                if name in ("SCRYPT", "MD5"):
                    status, _ = page_sign_in(self.server, f"{page_uid}@example.com", passwords[page_uid][:-1])
                    self.assertEqual(status, 422)
                    self.assertTrue(stored_hash(self.server, page_uid).startswith(prefix))
                self.assertEqual(page_sign_in(self.server, f"{page_uid}@example.com", passwords[page_uid]), (303, "/account"))
                self.assertTrue(stored_hash(self.server, page_uid).startswith("$argon2id$"), stored_hash(self.server, page_uid))

    def test_per_user_errors_and_no_overwrite(self):
        auth = self.auth
        hash_alg = auth.UserImportHash.sha256(rounds=1)
        salt = b"NaCl"
        first = auth.ImportUserRecord(uid="kept", email="kept@example.com", password_hash=digest_sha256(b"first", salt),
                                      password_salt=salt)
        self.assertEqual(auth.import_users([first], hash_alg=hash_alg, app=self.app).success_count, 1)
        users = [
            auth.ImportUserRecord(uid="fresh", email="fresh@example.com", password_hash=digest_sha256(b"fresh", salt), password_salt=salt),
            # The same uid again, with another password: reported, never an overwrite.
            auth.ImportUserRecord(uid="kept", email="other@example.com", password_hash=digest_sha256(b"second", salt), password_salt=salt),
            # Another uid with an address an account has.
            auth.ImportUserRecord(uid="thief", email="KEPT@example.com", password_hash=digest_sha256(b"third", salt), password_salt=salt),
        ]
        result = auth.import_users(users, hash_alg=hash_alg, app=self.app)
        self.assertEqual((result.success_count, result.failure_count), (1, 2))
        self.assertEqual([error.index for error in result.errors], [1, 2])
        self.assertIn("existing account", result.errors[0].reason)
        self.assertIn("email exists", result.errors[1].reason)
        self.assertEqual(sign_in(self.server, "kept@example.com", "first")[0], 200)
        self.assertEqual(sign_in(self.server, "other@example.com", "second")[1]["error"]["message"], "INVALID_LOGIN_CREDENTIALS")
        self.assertEqual(auth.get_user("kept", app=self.app).email, "kept@example.com")
        with self.assertRaises(auth.UserNotFoundError):
            auth.get_user("thief", app=self.app)

    def test_malformed_calls_import_nothing(self):
        good = {"localId": "never", "email": "never@example.com"}
        cases = [
            ({"users": [good, {"localId": "x", "passwordHash": "not base64!"}], "hashAlgorithm": "MD5", "rounds": 0}, "INVALID_ARGUMENT"),
            ({"users": [good, {"localId": "x", "passwordHash": "AAAA"}], "hashAlgorithm": "ARGON2"}, "INVALID_HASH_ALGORITHM"),
            ({"users": [good, {"localId": "x", "passwordHash": "AAAA"}]}, "MISSING_HASH_ALGORITHM"),
            ({"users": [good] + [{"localId": f"u{index}"} for index in range(1000)]}, "INVALID_ARGUMENT"),
            ({"users": [good, {"localId": "twice"}, {"localId": "twice"}]}, "DUPLICATE_LOCAL_ID"),
            ({"users": [good], "hashAlgorithm": "SCRYPT", "rounds": 8, "memoryCost": 14}, "INVALID_HASH_KEY"),
        ]
        for body, error in cases:
            status, answer = call(self.server.url, BATCH_CREATE, body, OWNER)
            self.assertEqual(status, 400, answer)
            self.assertTrue(answer["error"]["message"].startswith(error), answer)
        with self.assertRaises(self.auth.UserNotFoundError):
            self.auth.get_user("never", app=self.app)

    def test_a_thousand_users_in_one_call(self):
        auth = self.auth
        salt = b"salt"
        users = [auth.ImportUserRecord(uid=f"many-{index}", email=f"many{index}@example.com", display_name=f"Many {index}",
                                       password_hash=digest_sha256(f"many {index}".encode(), salt), password_salt=salt,
                                       custom_claims={"index": index})
                 for index in range(1000)]
        result = auth.import_users(users, hash_alg=auth.UserImportHash.sha256(rounds=1), app=self.app)
        self.assertEqual((result.success_count, result.failure_count), (1000, 0))
        self.assertEqual(auth.get_user("many-999", app=self.app).custom_claims, {"index": 999})
        self.assertEqual(sign_in(self.server, "many500@example.com", "many 500")[0], 200)


def digest_sha256(password, salt):
    return hashlib.sha256(salt + password).digest()


class ImportCommand(unittest.TestCase):
    """`genkan users import` on a file shaped as `firebase auth:export` writes it
    (scripts/bench/firebase_export.py), a second run, then sign-ins on a server over the database."""

    def test_a_firebase_export_imported_twice_then_signed_in(self):
        import firebase_export

        with tempfile.TemporaryDirectory() as directory:
            export = os.path.join(directory, "users.json")
            subprocess.run([sys.executable, firebase_export.__file__, export, "--users", "2500", "--real", "2"],
                           check=True, capture_output=True)
            server = Server(directory)
            hash_flags = ["--hash-algo", "SCRYPT", "--hash-key", firebase_export.HASH_PARAMETERS["hash_key"],
                          "--salt-separator", firebase_export.HASH_PARAMETERS["salt_separator"], "--rounds", "8", "--mem-cost", "14"]

            def run(*extra):
                return subprocess.run([genkan_binary(), "users", "import", export, "--db", server.database, *hash_flags, *extra],
                                      capture_output=True, text=True, timeout=120)

            dry = run("--dry-run")
            self.assertEqual(dry.returncode, 0, dry.stdout + dry.stderr)
            self.assertIn("would import: 2,500", dry.stdout)
            self.assertFalse(os.path.exists(server.database))
            first = run()
            self.assertEqual(first.returncode, 0, first.stdout + first.stderr)
            self.assertIn("imported: 2,500", first.stdout)
            self.assertIn("phone number (25)", first.stdout)
            second = run()
            self.assertEqual(second.returncode, 0, second.stdout + second.stderr)
            self.assertIn("imported: 0", second.stdout)
            self.assertIn("already present (same uid, left as it is): 2,500", second.stdout)

            server.start()
            try:
                self.assertEqual(page_sign_in(server, "user1@example.com", firebase_export.PASSWORD_PATTERN % 1), (303, "/account"))
                self.assertEqual(page_sign_in(server, "user0@example.com", firebase_export.PASSWORD_PATTERN % 0 + "x")[0], 422)
                self.assertTrue(stored_hash(server, first_uid(server, "user1@example.com")).startswith("$argon2id$"))
                self.assertTrue(stored_hash(server, first_uid(server, "user0@example.com")).startswith("$firebase-scrypt$"))
            finally:
                server.stop()


def first_uid(server, email):
    with sqlite3.connect(f"file:{server.database}?mode=ro", uri=True) as database:
        return database.execute("SELECT uid FROM accounts WHERE email = ?", (email,)).fetchone()[0]


if __name__ == "__main__":
    run_tests()
