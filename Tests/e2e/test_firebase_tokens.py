"""End-to-end tests of the Firebase-compatible API's anonymous accounts and
their linking, custom tokens, custom claims, revocation, e-mail link sign-in — against a real
`genkan serve --firebase-project`, driven by the Firebase Admin SDK for Python and by plain HTTP as
the client SDKs call it.

Run by `make test`:  .venv/bin/python Tests/e2e/test_firebase_tokens.py

- Emulator (`--firebase-emulator`, `FIREBASE_AUTH_EMULATOR_HOST`): `create_custom_token`,
  `set_custom_user_claims`, `revoke_refresh_tokens`, `verify_id_token(check_revoked=True)`,
  `generate_sign_in_with_email_link`, and the client calls that go with them.
- Signed (no emulator, `--firebase-service-account` with a key this test generates): custom tokens
  the Admin SDK signs with RS256, the Ed25519 ID tokens checked with PyJWT against the published
  JWKS, and the admin endpoints over HTTP with the service account's self-signed JWT (google-auth).
"""

import base64
import json
import os
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import run_tests  # noqa: E402
from test_firebase import PASSWORD, PROJECT, FirebaseServer, call, sign_in  # noqa: E402
from test_site import Server  # noqa: E402

TOOLKIT = "/identitytoolkit.googleapis.com/v1"
CONTINUE = "http://localhost:8765/finish"


def payload(token):
    """The claims of a JWT, unverified (the test checks signatures separately where they exist)."""
    part = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))


def refresh(server, refresh_token):
    """The JS SDK's refresh: a form body to securetoken."""
    request = urllib.request.Request(
        server.url + "/securetoken.googleapis.com/v1/token?key=fake-api-key",
        data=urllib.parse.urlencode({"grant_type": "refresh_token", "refresh_token": refresh_token}).encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def error_message(body):
    return body.get("error", {}).get("message", "")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None


def open_without_redirect(url):
    opener = urllib.request.build_opener(NoRedirect())
    try:
        with opener.open(url, timeout=10) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers


def unsigned_token(claims):
    """A custom token as the Admin SDKs make it for the emulator (alg none), with any claims."""
    def encode(value):
        return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()
    return f"{encode({'alg': 'none', 'typ': 'JWT'})}.{encode(claims)}."


class Emulator(FirebaseServer, unittest.TestCase):
    emulator = True
    admin_app = "genkan-e2e-tokens"

    def api(self, endpoint, fields):
        return call(self.server.url, f"{TOOLKIT}/{endpoint}", fields)

    def admin(self, endpoint, fields):
        return call(self.server.url, f"{TOOLKIT}/projects/{PROJECT}/{endpoint}", fields, {"Authorization": "Bearer owner"})

    def test_a_custom_token_signs_in_and_carries_its_claims(self):
        auth = self.auth
        token = auth.create_custom_token("backend-user-1", {"premium": True, "tier": 2}, app=self.app).decode()
        self.assertEqual(json.loads(base64.urlsafe_b64decode(token.split(".")[0] + "=="))["alg"], "none")
        status, body = self.api("accounts:signInWithCustomToken", {"token": token, "returnSecureToken": True})
        self.assertEqual(status, 200, body)
        self.assertTrue(body["isNewUser"])
        claims = payload(body["idToken"])
        self.assertEqual((claims["sub"], claims["user_id"]), ("backend-user-1", "backend-user-1"))
        self.assertEqual(claims["firebase"]["sign_in_provider"], "custom")
        self.assertEqual((claims["premium"], claims["tier"]), (True, 2))
        verified = auth.verify_id_token(body["idToken"], app=self.app, check_revoked=True)
        self.assertEqual((verified["uid"], verified["premium"]), ("backend-user-1", True))
        # The claims come back in tokens refreshed from this sign-in.
        status, refreshed = refresh(self.server, body["refreshToken"])
        self.assertEqual(status, 200, refreshed)
        self.assertEqual(refreshed["user_id"], "backend-user-1")
        self.assertEqual(payload(refreshed["id_token"])["tier"], 2)
        # The account exists, without an address; a second sign-in is not new.
        user = auth.get_user("backend-user-1", app=self.app)
        self.assertIsNone(user.email)
        status, again = self.api("accounts:signInWithCustomToken", {"token": token, "returnSecureToken": True})
        self.assertEqual(status, 200, again)
        self.assertFalse(again["isNewUser"])
        # Garbage, another audience, a reserved claim.
        status, body = self.api("accounts:signInWithCustomToken", {"token": "not.a.token"})
        self.assertEqual((status, error_message(body).split(" ")[0]), (400, "INVALID_CUSTOM_TOKEN"))
        wrong_audience = unsigned_token({"aud": PROJECT, "uid": "x"})
        status, body = self.api("accounts:signInWithCustomToken", {"token": wrong_audience})
        self.assertEqual(error_message(body).split(" ")[0], "INVALID_CUSTOM_TOKEN")
        reserved = unsigned_token({
            "aud": "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit",
            "uid": "backend-user-2", "claims": {"firebase": {"sign_in_provider": "password"}}})
        status, body = self.api("accounts:signInWithCustomToken", {"token": reserved})
        self.assertEqual(status, 400, body)
        self.assertNotIn("idToken", body)
        with self.assertRaises(auth.UserNotFoundError):
            auth.get_user("backend-user-2", app=self.app)

    def test_custom_claims_reach_the_next_refresh(self):
        auth = self.auth
        user = auth.create_user(email="claims@example.com", password=PASSWORD, app=self.app)
        status, body = sign_in(self.server, "claims@example.com", PASSWORD)
        self.assertEqual(status, 200, body)
        self.assertNotIn("role", payload(body["idToken"]))
        auth.set_custom_user_claims(user.uid, {"role": "editor", "level": 3}, app=self.app)
        self.assertEqual(auth.get_user(user.uid, app=self.app).custom_claims, {"role": "editor", "level": 3})
        status, refreshed = refresh(self.server, body["refreshToken"])
        self.assertEqual(status, 200, refreshed)
        claims = auth.verify_id_token(refreshed["id_token"], app=self.app)
        self.assertEqual((claims["role"], claims["level"]), ("editor", 3))
        self.assertEqual(claims["firebase"]["sign_in_provider"], "password")
        # Reserved names and oversized claims are refused, and change nothing.
        status, answer = self.admin("accounts:update", {"localId": user.uid, "customAttributes": json.dumps({"iss": "x"})})
        self.assertEqual(status, 400, answer)
        status, answer = self.admin(
            "accounts:update", {"localId": user.uid, "customAttributes": json.dumps({"blob": "x" * 1000})})
        self.assertEqual((status, error_message(answer)), (400, "CLAIMS_TOO_LARGE"))
        self.assertEqual(auth.get_user(user.uid, app=self.app).custom_claims, {"role": "editor", "level": 3})
        # Removed: gone from the next token.
        auth.set_custom_user_claims(user.uid, None, app=self.app)
        status, refreshed = refresh(self.server, body["refreshToken"])
        self.assertNotIn("role", payload(refreshed["id_token"]))

    def test_revocation_ends_refresh_tokens_and_older_id_tokens(self):
        auth = self.auth
        user = auth.create_user(email="revoke@example.com", password=PASSWORD, app=self.app)
        status, body = sign_in(self.server, "revoke@example.com", PASSWORD)
        self.assertEqual(status, 200, body)
        auth.verify_id_token(body["idToken"], app=self.app, check_revoked=True)
        time.sleep(1.1)  # validSince has whole seconds: the token must be from an earlier one.
        auth.revoke_refresh_tokens(user.uid, app=self.app)
        revoked = auth.get_user(user.uid, app=self.app)
        self.assertFalse(revoked.disabled)
        self.assertGreater(revoked.tokens_valid_after_timestamp, 0)
        with self.assertRaises(auth.RevokedIdTokenError):
            auth.verify_id_token(body["idToken"], app=self.app, check_revoked=True)
        status, answer = refresh(self.server, body["refreshToken"])
        self.assertEqual((status, error_message(answer)), (400, "TOKEN_EXPIRED"))
        status, answer = self.api("accounts:lookup", {"idToken": body["idToken"]})
        self.assertEqual((status, error_message(answer)), (400, "TOKEN_EXPIRED"))
        # The account still signs in, and its new tokens pass the check.
        status, again = sign_in(self.server, "revoke@example.com", PASSWORD)
        self.assertEqual(status, 200, again)
        auth.verify_id_token(again["idToken"], app=self.app, check_revoked=True)

    def test_an_anonymous_account_is_linked_to_a_password_and_keeps_its_uid(self):
        status, guest = self.api("accounts:signUp", {"returnSecureToken": True})
        self.assertEqual(status, 200, guest)
        uid = guest["localId"]
        self.assertEqual(payload(guest["idToken"])["firebase"]["sign_in_provider"], "anonymous")
        status, looked = self.api("accounts:lookup", {"idToken": guest["idToken"]})
        record = looked["users"][0]
        # What the SDKs read as isAnonymous: no address, no password, no provider.
        for absent in ("email", "passwordHash", "providerUserInfo"):
            self.assertFalse(record.get(absent), f"{absent} in {record}")
        # The JS SDK 10's linkWithCredential: accounts:signUp with the user's idToken.
        status, linked = self.api(
            "accounts:signUp", {"idToken": guest["idToken"], "email": "guest@example.com", "password": PASSWORD,
                                "returnSecureToken": True})
        self.assertEqual(status, 200, linked)
        self.assertEqual(linked["localId"], uid)
        self.assertEqual(payload(linked["idToken"])["email"], "guest@example.com")
        status, looked = self.api("accounts:lookup", {"idToken": linked["idToken"]})
        self.assertEqual(looked["users"][0]["email"], "guest@example.com")
        self.assertTrue(looked["users"][0].get("passwordHash"))
        status, body = sign_in(self.server, "guest@example.com", PASSWORD)
        self.assertEqual((status, body.get("localId")), (200, uid))
        self.assertEqual(self.auth.get_user(uid, app=self.app).email, "guest@example.com")
        # Linking again, or to an address another account has, is refused.
        status, other = self.api("accounts:signUp", {"returnSecureToken": True})
        status, answer = self.api(
            "accounts:signUp", {"idToken": other["idToken"], "email": "guest@example.com", "password": PASSWORD})
        self.assertEqual((status, error_message(answer)), (400, "EMAIL_EXISTS"))

    def test_an_email_link_from_the_admin_sdk_signs_in_once(self):
        auth = self.auth
        settings = auth.ActionCodeSettings(url=CONTINUE, handle_code_in_app=True)
        link = auth.generate_sign_in_with_email_link("Link.New@example.com", settings, app=self.app)
        parts = urllib.parse.urlsplit(link)
        query = dict(urllib.parse.parse_qsl(parts.query))
        self.assertEqual(parts.path, "/__/auth/action")
        self.assertEqual((query["mode"], query["continueUrl"]), ("signIn", CONTINUE))
        self.assertTrue(query["apiKey"] and query["oobCode"])
        # The emulator lists the code with its link.
        with urllib.request.urlopen(f"{self.server.url}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10) as response:
            listed = json.load(response)["oobCodes"]
        entry = next(code for code in listed if code["oobCode"] == query["oobCode"])
        self.assertEqual((entry["requestType"], entry["oobLink"]), ("EMAIL_SIGNIN", link))
        # The action handler sends the browser on to the app with what isSignInWithEmailLink wants.
        status, headers = open_without_redirect(link)
        self.assertIn(status, (302, 303))
        target = urllib.parse.urlsplit(headers["Location"])
        self.assertEqual(f"{target.scheme}://{target.netloc}{target.path}", CONTINUE)
        forwarded = dict(urllib.parse.parse_qsl(target.query))
        self.assertEqual((forwarded["mode"], forwarded["oobCode"], forwarded["apiKey"]),
                         ("signIn", query["oobCode"], query["apiKey"]))
        # Another address than the one it was sent to is refused and uses nothing up.
        status, answer = self.api("accounts:signInWithEmailLink", {"email": "other@example.com", "oobCode": query["oobCode"]})
        self.assertEqual(status, 400, answer)
        status, body = self.api("accounts:signInWithEmailLink", {"email": "link.new@example.com", "oobCode": query["oobCode"]})
        self.assertEqual(status, 200, body)
        self.assertTrue(body["isNewUser"])
        self.assertEqual(payload(body["idToken"])["email_verified"], True)
        user = auth.get_user_by_email("link.new@example.com", app=self.app)
        self.assertTrue(user.email_verified)
        self.assertEqual(user.uid, body["localId"])
        status, answer = self.api("accounts:signInWithEmailLink", {"email": "link.new@example.com", "oobCode": query["oobCode"]})
        self.assertEqual((status, error_message(answer)), (400, "INVALID_OOB_CODE"))
        # An existing account signs in with a link: not new, the same uid.
        existing = auth.create_user(email="link.old@example.com", password=PASSWORD, app=self.app)
        link = auth.generate_sign_in_with_email_link("link.old@example.com", settings, app=self.app)
        code = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(link).query))["oobCode"]
        status, body = self.api("accounts:signInWithEmailLink", {"email": "link.old@example.com", "oobCode": code})
        self.assertEqual((status, body.get("isNewUser"), body.get("localId")), (200, False, existing.uid), body)

    def test_send_oob_code_mails_a_sign_in_link(self):
        status, body = self.api(
            "accounts:sendOobCode", {"requestType": "EMAIL_SIGNIN", "email": "mailed@example.com", "continueUrl": CONTINUE,
                                     "canHandleCodeInApp": True})
        self.assertEqual(status, 200, body)
        self.assertEqual(body["email"], "mailed@example.com")
        status, body = self.api("accounts:sendOobCode", {"requestType": "EMAIL_SIGNIN", "email": "mailed@example.com"})
        self.assertEqual((status, error_message(body)), (400, "MISSING_CONTINUE_URI"))
        with urllib.request.urlopen(f"{self.server.url}/emulator/v1/projects/{PROJECT}/oobCodes", timeout=10) as response:
            listed = [code for code in json.load(response)["oobCodes"] if code["email"] == "mailed@example.com"]
        self.assertEqual(len(listed), 1)
        link = listed[0]["oobLink"]
        self.assertIn("mode=signIn", link)
        # The mail is in the outbox, with the same link.
        deadline = time.time() + 10
        while time.time() < deadline:
            mails = []
            for name in sorted(os.listdir(self.server.outbox)) if os.path.isdir(self.server.outbox) else []:
                if name.endswith(".eml"):
                    with open(os.path.join(self.server.outbox, name), "rb") as file:
                        mails.append(file.read())
            mailed = [mail for mail in mails if b"mailed@example.com" in mail]
            if mailed:
                break
            time.sleep(0.1)
        self.assertTrue(mailed, "no sign-in mail in the outbox")
        import email
        import email.policy
        message = email.message_from_bytes(mailed[0], policy=email.policy.default)
        self.assertIn(link, message.get_body(("plain",)).get_content())


class AnonymousLifetime(unittest.TestCase):
    """`--anonymous-lifetime DAYS`: anonymous accounts nothing used for that long are deleted (at
    start and hourly); used ones, and accounts that are anonymous no more, stay."""

    def test_unused_anonymous_accounts_are_deleted_at_start(self):
        import sqlite3
        with tempfile.TemporaryDirectory() as directory:
            server = Server(directory, ["--firebase-project", PROJECT, "--firebase-emulator", "--anonymous-lifetime", "7"])
            server.start()
            try:
                uids = []
                for _ in range(3):
                    status, body = call(server.url, f"{TOOLKIT}/accounts:signUp", {"returnSecureToken": True})
                    self.assertEqual(status, 200, body)
                    uids.append(body["localId"])
                stale, fresh, linked = uids
                status, _ = call(server.url, f"{TOOLKIT}/accounts:signUp", {
                    "idToken": call(server.url, f"{TOOLKIT}/accounts:signInWithCustomToken", {
                        "token": unsigned_token({"aud": "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit",
                                                 "uid": linked})})[1]["idToken"],
                    "email": "kept@example.com", "password": PASSWORD})
                self.assertEqual(status, 200)
            finally:
                server.stop()
            # Eight days without use for two of them (the third is anonymous no more).
            eight_days = 8 * 86400
            with sqlite3.connect(server.database) as database:
                database.execute("UPDATE accounts SET created_at = created_at - ?, last_login_at = last_login_at - ? "
                                 "WHERE uid IN (?, ?)", (eight_days, eight_days, stale, linked))
                database.execute("UPDATE refresh_tokens SET last_used_at = last_used_at - ?, created_at = created_at - ? "
                                 "WHERE account_id IN (SELECT id FROM accounts WHERE uid IN (?, ?))",
                                 (eight_days, eight_days, stale, linked))
            database.close()
            server.start()
            try:
                def exists(uid):
                    status, body = call(server.url, f"{TOOLKIT}/projects/{PROJECT}/accounts:lookup", {"localId": [uid]},
                                        {"Authorization": "Bearer owner"})
                    self.assertEqual(status, 200, body)
                    return bool(body.get("users"))
                deadline = time.time() + 10
                while exists(stale) and time.time() < deadline:
                    time.sleep(0.1)
                self.assertFalse(exists(stale), "an anonymous account unused for 8 days is still there")
                self.assertTrue(exists(fresh))
                self.assertTrue(exists(linked))
            finally:
                server.stop()


class Signed(unittest.TestCase):
    """No emulator: custom tokens must be signed by the registered service account."""

    @classmethod
    def setUpClass(cls):
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import rsa
        cls.directory = tempfile.TemporaryDirectory()

        def key_file(name, email):
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption()).decode()
            path = os.path.join(cls.directory.name, name)
            with open(path, "w") as file:
                json.dump({
                    "type": "service_account", "project_id": PROJECT, "private_key_id": name.split(".")[0] + "-key-id",
                    "private_key": pem, "client_email": email, "client_id": "1234567890",
                    "auth_uri": "https://accounts.google.com/o/oauth2/auth", "token_uri": "https://oauth2.googleapis.com/token",
                }, file)
            return path

        cls.key = key_file("registered.json", f"firebase-adminsdk@{PROJECT}.iam.gserviceaccount.com")
        cls.stranger = key_file("stranger.json", f"someone-else@{PROJECT}.iam.gserviceaccount.com")
        cls.server = Server(cls.directory.name, ["--firebase-project", PROJECT, "--firebase-service-account", cls.key])
        cls.server.start()
        import firebase_admin
        from firebase_admin import auth, credentials
        cls.auth = auth
        cls.app = firebase_admin.initialize_app(credentials.Certificate(cls.key), {"projectId": PROJECT}, name="signed")
        cls.stranger_app = firebase_admin.initialize_app(credentials.Certificate(cls.stranger), {"projectId": PROJECT},
                                                         name="stranger")

    @classmethod
    def tearDownClass(cls):
        import firebase_admin
        firebase_admin.delete_app(cls.app)
        firebase_admin.delete_app(cls.stranger_app)
        cls.server.stop()
        cls.directory.cleanup()

    def api(self, endpoint, fields):
        return call(self.server.url, f"{TOOLKIT}/{endpoint}", fields)

    def admin(self, endpoint, fields, bearer=None):
        """The admin endpoint with the registered account's self-signed JWT (google-auth)."""
        if bearer is None:
            from google.auth import jwt as google_jwt
            credentials = google_jwt.Credentials.from_service_account_file(
                self.key, audience="https://identitytoolkit.googleapis.com/")
            credentials.refresh(None)  # a self-signed JWT: made here, no request
            bearer = credentials.token
            bearer = bearer.decode() if isinstance(bearer, bytes) else bearer
        return call(self.server.url, f"{TOOLKIT}/projects/{PROJECT}/{endpoint}", fields, {"Authorization": f"Bearer {bearer}"})

    def verified_claims(self, id_token):
        import jwt
        with urllib.request.urlopen(self.server.url + "/securetoken.googleapis.com/v1/jwks", timeout=10) as response:
            key = json.load(response)["keys"][0]
        return jwt.decode(id_token, jwt.PyJWK(key).key, algorithms=["EdDSA"], audience=PROJECT,
                          issuer=f"https://securetoken.google.com/{PROJECT}")

    def test_signed_custom_tokens_and_the_admin_endpoints(self):
        import jwt
        auth = self.auth
        token = auth.create_custom_token("signed-user", {"plan": "pro"}, app=self.app).decode()
        self.assertEqual(jwt.get_unverified_header(token)["alg"], "RS256")
        status, body = self.api("accounts:signInWithCustomToken", {"token": token, "returnSecureToken": True})
        self.assertEqual(status, 200, body)
        self.assertTrue(body["isNewUser"])
        claims = self.verified_claims(body["idToken"])
        self.assertEqual((claims["sub"], claims["plan"], claims["firebase"]["sign_in_provider"]), ("signed-user", "pro", "custom"))

        # Another project's key, a changed signature, another audience, an expired token.
        foreign = auth.create_custom_token("signed-user", app=self.stranger_app).decode()
        status, answer = self.api("accounts:signInWithCustomToken", {"token": foreign})
        self.assertEqual((status, error_message(answer)), (400, "CREDENTIAL_MISMATCH"))
        header, claims_part, signature = token.split(".")
        forged = header + "." + claims_part + "." + ("A" if signature[0] != "A" else "B") + signature[1:]
        status, answer = self.api("accounts:signInWithCustomToken", {"token": forged})
        self.assertEqual(error_message(answer).split(" ")[0], "INVALID_CUSTOM_TOKEN")
        with open(self.key) as file:
            private_key = json.load(file)["private_key"]
        issuer = f"firebase-adminsdk@{PROJECT}.iam.gserviceaccount.com"
        now = int(time.time())
        audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
        for claims_set in (
            {"iss": issuer, "sub": issuer, "aud": PROJECT, "iat": now, "exp": now + 600, "uid": "x"},
            {"iss": issuer, "sub": issuer, "aud": audience, "iat": now - 7200, "exp": now - 3600, "uid": "x"},
            {"iss": issuer, "sub": issuer, "aud": audience, "iat": now, "exp": now + 7200, "uid": "x"},
        ):
            crafted = jwt.encode(claims_set, private_key, algorithm="RS256", headers={"kid": "registered-key-id"})
            status, answer = self.api("accounts:signInWithCustomToken", {"token": crafted})
            self.assertEqual(error_message(answer).split(" ")[0], "INVALID_CUSTOM_TOKEN", claims_set)

        # The admin endpoints: only with the registered account's JWT.
        self.assertEqual(self.admin("accounts:lookup", {"localId": ["signed-user"]}, bearer="owner")[0], 403)
        status, looked = self.admin("accounts:lookup", {"localId": ["signed-user"]})
        self.assertEqual(status, 200, looked)
        self.assertEqual(looked["users"][0]["localId"], "signed-user")
        status, answer = self.admin("accounts:update", {"localId": "signed-user", "customAttributes": json.dumps({"role": "admin"})})
        self.assertEqual(status, 200, answer)
        status, refreshed = refresh(self.server, body["refreshToken"])
        self.assertEqual(status, 200, refreshed)
        claims = self.verified_claims(refreshed["id_token"])
        self.assertEqual((claims["role"], claims["plan"]), ("admin", "pro"))
        # Revocation over HTTP: the refresh token is void from then on.
        time.sleep(1.1)
        status, answer = self.admin("accounts:update", {"localId": "signed-user", "validSince": str(int(time.time()))})
        self.assertEqual(status, 200, answer)
        status, answer = refresh(self.server, body["refreshToken"])
        self.assertEqual((status, error_message(answer)), (400, "TOKEN_EXPIRED"))
        status, looked = self.admin("accounts:lookup", {"localId": ["signed-user"]})
        self.assertFalse(looked["users"][0].get("disabled", False))


if __name__ == "__main__":
    run_tests()
