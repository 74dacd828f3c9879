#!/usr/bin/env python3
"""Writes Tests/GenkanWebAuthnTests/Fixtures/ceremonies.json: WebAuthn registrations and
assertions made by an authenticator written here with the `cryptography` and `cbor2` packages
(pinned in scripts/requirements.txt), each with the verdict Genkan must reach and the verdict of
an independent verifier, py_webauthn (`webauthn`), RUN on the same bytes.

The authenticator follows WebAuthn Level 3 (§6.1 authenticator data, §6.5 attestation, §5.8.1
client data) and RFC 9052/9053 (COSE keys): ES256 signatures DER-encoded, Ed25519, RS256
(PKCS#1 v1.5). Everything is deterministic, so the fixture regenerates byte for byte: P-256 and
Ed25519 keys come from fixed labels, ECDSA signs with RFC 6979 nonces, and the RSA keys (whose
generation is random) are committed beside this script in webauthn_test_keys/ (test keys only:
they protect nothing).

Each case changes one thing from a good ceremony and names the reason Genkan must give
(`expect`). `reference` is py_webauthn's verdict, "accepted" or "refused"; where Genkan is
stricter or more lenient on purpose, `referenceDiffers` says why, and the Swift tests check
that the two agree everywhere else.

Usage:
    .venv/bin/python scripts/corpus/webauthn_ceremonies.py            # rewrite the fixture
    .venv/bin/python scripts/corpus/webauthn_ceremonies.py --check    # exit 1 if it is stale
"""

import base64
import hashlib
import importlib.metadata
import json
import struct
import sys
from pathlib import Path

import cbor2
import webauthn
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from webauthn.helpers.cose import COSEAlgorithmIdentifier

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from generated_file import JSONFixture, write_or_check  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "Tests" / "GenkanWebAuthnTests" / "Fixtures" / "ceremonies.json"
KEYS = Path(__file__).resolve().parent / "webauthn_test_keys"

RP_ID = "example.com"
ORIGIN = "https://example.com"

# Flags, WebAuthn Level 3 §6.1.
UP, UV, BE, BS, AT, ED = 0x01, 0x04, 0x08, 0x10, 0x40, 0x80


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def label_bytes(label: str, length: int = 32) -> bytes:
    """Fixed bytes named by a label: ids, challenges, key seeds."""
    out = b""
    counter = 0
    while len(out) < length:
        out += hashlib.sha256(f"genkan-webauthn-fixture:{label}:{counter}".encode()).digest()
        counter += 1
    return out[:length]


# ---- Keys ----

class Key:
    """A credential key pair and its COSE encoding."""

    def __init__(self, alg, private, cose):
        self.alg = alg
        self.private = private
        self.cose = cbor2.dumps(cose, canonical=True)

    def sign(self, message: bytes) -> bytes:
        if self.alg == -7:
            return self.private.sign(message, ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
        if self.alg == -35:
            return self.private.sign(message, ec.ECDSA(hashes.SHA384(), deterministic_signing=True))
        if self.alg == -8:
            return self.private.sign(message)
        if self.alg == -257:
            return self.private.sign(message, padding.PKCS1v15(), hashes.SHA256())
        raise ValueError(self.alg)


def int_bytes(value: int, length: int) -> bytes:
    return value.to_bytes(length, "big")


def ec_key(label: str, curve=ec.SECP256R1(), alg=-7, crv=1, size=32) -> Key:
    scalar = int.from_bytes(label_bytes(label, size + 8), "big") % (2 ** (size * 8) - 2**32) + 1
    private = ec.derive_private_key(scalar, curve)
    numbers = private.public_key().public_numbers()
    return Key(alg, private, {1: 2, 3: alg, -1: crv, -2: int_bytes(numbers.x, size), -3: int_bytes(numbers.y, size)})


def ed25519_key(label: str) -> Key:
    private = ed25519.Ed25519PrivateKey.from_private_bytes(label_bytes(label))
    public = private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return Key(-8, private, {1: 1, 3: -8, -1: 6, -2: public})


def rsa_key(bits: int) -> Key:
    path = KEYS / f"rsa{bits}.pem"
    if not path.exists():
        KEYS.mkdir(parents=True, exist_ok=True)
        generated = rsa.generate_private_key(public_exponent=65537, key_size=bits)
        path.write_bytes(generated.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                 serialization.NoEncryption()))
    private = serialization.load_pem_private_key(path.read_bytes(), password=None)
    numbers = private.public_key().public_numbers()
    n = int_bytes(numbers.n, (numbers.n.bit_length() + 7) // 8)
    e = int_bytes(numbers.e, (numbers.e.bit_length() + 7) // 8)
    return Key(-257, private, {1: 3, 3: -257, -1: n, -2: e})


# ---- The authenticator ----

def client_data(kind: str, challenge: bytes, origin: str = ORIGIN, cross_origin=False, extra=None) -> bytes:
    # Chromium's member order and spelling: type, challenge, origin, crossOrigin.
    members = {"type": kind, "challenge": b64url(challenge), "origin": origin, "crossOrigin": cross_origin}
    members.update(extra or {})
    return json.dumps(members, separators=(",", ":")).encode()


def auth_data(flags: int, counter: int, rp_id: str = RP_ID, credential: bytes = b"", extensions: bytes = b"") -> bytes:
    return hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", counter) + credential + extensions


def attested(aaguid: bytes, credential_id: bytes, key: Key) -> bytes:
    return aaguid + struct.pack(">H", len(credential_id)) + credential_id + key.cose


AAGUID_ZERO = bytes(16)
AAGUID_GPM = bytes.fromhex("ea9b8d664d011d213ce4b6b48cb575d4")  # Google Password Manager


def registration(name, key, *, flags=UP | UV | AT, counter=0, rp_id=RP_ID, origin=ORIGIN, kind="webauthn.create",
                 challenge_label=None, credential_id=None, aaguid=AAGUID_ZERO, fmt="none", statement=None,
                 extensions=b"", cross_origin=False, raw_object=None, object_members=None, after_auth_data=b""):
    challenge = label_bytes(f"challenge:{challenge_label or name}")
    credential_id = credential_id if credential_id is not None else label_bytes(f"credential:{name}", 32)
    data = auth_data(flags, counter, rp_id, attested(aaguid, credential_id, key), extensions) + after_auth_data
    cdj = client_data(kind, challenge, origin, cross_origin)
    if statement == "self":
        statement = {"alg": key.alg, "sig": key.sign(data + hashlib.sha256(cdj).digest())}
    members = {"fmt": fmt, "attStmt": statement if statement is not None else {}, "authData": data}
    members.update(object_members or {})
    attestation_object = raw_object if raw_object is not None else cbor2.dumps(members, canonical=True)
    response = {
        "id": b64url(credential_id), "rawId": b64url(credential_id), "type": "public-key",
        "response": {"clientDataJSON": b64url(cdj), "attestationObject": b64url(attestation_object),
                     "transports": ["internal", "hybrid"]},
        "authenticatorAttachment": "platform", "clientExtensionResults": {},
    }
    return {"ceremony": "registration", "challenge": b64url(challenge), "response": response,
            "built": {"credentialId": b64url(credential_id), "publicKey": b64url(key.cose), "alg": key.alg,
                      "signCount": counter, "flags": flags, "aaguid": aaguid.hex(), "authData": b64url(data)}}


def assertion(name, key, *, flags=UP | UV, counter=5, rp_id=RP_ID, origin=ORIGIN, kind="webauthn.get",
              challenge_label=None, expected_challenge_label=None, stored_count=0, stored_be=False, user_handle=None,
              stored_user_handle=None, extensions=b"", sign_key=None, tamper=None):
    challenge = label_bytes(f"challenge:{challenge_label or name}")
    credential_id = label_bytes(f"credential:{name}", 32)
    user_handle = user_handle if user_handle is not None else label_bytes("user:taro", 16)
    data = auth_data(flags, counter, rp_id, b"", extensions)
    cdj = client_data(kind, challenge, origin)
    signature = (sign_key or key).sign(data + hashlib.sha256(cdj).digest())
    if tamper == "signature":
        signature = signature[:-9] + bytes([signature[-9] ^ 0x01]) + signature[-8:]
    elif tamper == "authData":
        data = data[:33] + bytes([data[33] ^ 0x01]) + data[34:]
    expected = label_bytes(f"challenge:{expected_challenge_label}") if expected_challenge_label else challenge
    response = {
        "id": b64url(credential_id), "rawId": b64url(credential_id), "type": "public-key",
        "response": {"clientDataJSON": b64url(cdj), "authenticatorData": b64url(data), "signature": b64url(signature),
                     "userHandle": b64url(user_handle)},
        "authenticatorAttachment": "platform", "clientExtensionResults": {},
    }
    stored = {"id": b64url(credential_id), "publicKey": b64url(key.cose), "signCount": stored_count,
              "backupEligible": stored_be,
              "userHandle": b64url(stored_user_handle if stored_user_handle is not None else label_bytes("user:taro", 16))}
    return {"ceremony": "assertion", "challenge": b64url(expected), "response": response, "stored": stored,
            "built": {"signCount": counter, "flags": flags, "authData": b64url(data)}}


# ---- The reference ----

def reference_verdict(case):
    """py_webauthn's verdict on the case: "accepted" or "refused"."""
    rp = case.get("rp", {"id": RP_ID, "origin": ORIGIN})
    policy = case.get("policy", {})
    required = policy.get("userVerification") == "required"
    algorithms = [COSEAlgorithmIdentifier(a) for a in policy.get("algorithms", [-7, -8, -257])]
    try:
        if case["ceremony"] == "registration":
            webauthn.verify_registration_response(
                credential=case["response"], expected_challenge=base64.urlsafe_b64decode(case["challenge"] + "=="),
                expected_rp_id=rp["id"], expected_origin=rp["origin"], require_user_verification=required,
                supported_pub_key_algs=algorithms)
        else:
            stored = case["stored"]
            webauthn.verify_authentication_response(
                credential=case["response"], expected_challenge=base64.urlsafe_b64decode(case["challenge"] + "=="),
                expected_rp_id=rp["id"], expected_origin=rp["origin"],
                credential_public_key=base64.urlsafe_b64decode(stored["publicKey"] + "=="),
                credential_current_sign_count=stored["signCount"], require_user_verification=required)
        return "accepted"
    except Exception:  # py_webauthn raises a different class per check; the verdict is what matters here
        return "refused"


# ---- The cases ----

def cases():
    es256, eddsa, rs256 = ec_key("es256"), ed25519_key("ed25519"), rsa_key(2048)
    rs1024, es384 = rsa_key(1024), ec_key("es384", ec.SECP384R1(), alg=-35, crv=2, size=48)
    other = ec_key("other-es256")
    required = {"userVerification": "required"}
    out = []

    def add(name, case, expect, note, differs=None, **extra):
        case.update(extra)
        case["name"] = name
        case["note"] = note
        case["expect"] = expect
        case["reference"] = reference_verdict(case)
        if differs:
            case["referenceDiffers"] = differs
        out.append(case)

    ok = "ok"
    # Good ceremonies, one per algorithm, and the shapes a browser may send.
    add("registration-es256", registration("registration-es256", es256), ok, "ES256, attestation none, UV")
    add("registration-ed25519", registration("registration-ed25519", eddsa), ok, "EdDSA (Ed25519)")
    add("registration-rs256", registration("registration-rs256", rs256), ok, "RS256, 2048 bits")
    add("registration-packed-self", registration("registration-packed-self", es256, fmt="packed", statement="self"), ok,
        "packed self-attestation, verified with the credential's own key")
    add("registration-synced", registration("registration-synced", es256, flags=UP | UV | AT | BE | BS, aaguid=AAGUID_GPM), ok,
        "a synced passkey: BE and BS set, Google Password Manager's AAGUID")
    add("registration-extensions", registration("registration-extensions", eddsa, flags=UP | UV | AT | ED,
                                                extensions=cbor2.dumps({"credProtect": 2})), ok,
        "extension outputs after the key (ED), skipped")
    add("registration-presence-only", registration("registration-presence-only", es256, flags=UP | AT), ok,
        "UP without UV under the default policy (userVerification preferred)")
    add("registration-subdomain", registration("registration-subdomain", es256, origin="https://login.example.com"), ok,
        "an origin on a subdomain of the RP ID", rp={"id": RP_ID, "origin": "https://login.example.com"})
    add("assertion-es256", assertion("assertion-es256", es256), ok, "ES256 signature (DER), counter 0 to 5")
    add("assertion-ed25519", assertion("assertion-ed25519", eddsa), ok, "Ed25519 signature")
    add("assertion-rs256", assertion("assertion-rs256", rs256), ok, "RS256 signature")
    add("assertion-synced-zero-counter", assertion("assertion-synced-zero-counter", eddsa, flags=UP | UV | BE | BS, counter=0,
                                                  stored_be=True), ok, "a synced passkey that keeps no counter (both 0)")
    add("assertion-counter-increases", assertion("assertion-counter-increases", es256, counter=11, stored_count=10), ok,
        "a device-bound counter from 10 to 11")
    add("assertion-extensions", assertion("assertion-extensions", es256, flags=UP | UV | ED,
                                          extensions=cbor2.dumps({"credProtect": 2})), ok, "extension outputs (ED), skipped")

    # Registrations refused, one reason each.
    add("registration-wrong-origin", registration("registration-wrong-origin", es256, origin="https://example.org"),
        "webauthn.origin-mismatch", "clientDataJSON from another site")
    add("registration-wrong-rp-id-hash", registration("registration-wrong-rp-id-hash", es256, rp_id="example.org"),
        "webauthn.rp-id-hash-mismatch", "a credential scoped to another RP ID")
    add("registration-wrong-challenge", registration("registration-wrong-challenge", es256, challenge_label="another"),
        "webauthn.challenge-mismatch", "a challenge this ceremony did not issue",
        challenge=b64url(label_bytes("challenge:registration-wrong-challenge")))
    add("registration-wrong-type", registration("registration-wrong-type", es256, kind="webauthn.get"),
        "webauthn.wrong-type", "an assertion's client data sent as a registration")
    add("registration-user-not-present", registration("registration-user-not-present", es256, flags=UV | AT),
        "webauthn.user-not-present", "UP not set")
    add("registration-uv-required", registration("registration-uv-required", es256, flags=UP | AT),
        "webauthn.user-not-verified", "UV required by the policy, not set", policy=required)
    add("registration-unsupported-alg", registration("registration-unsupported-alg", es384),
        "webauthn.unsupported-algorithm", "an ES384 (P-384) key")
    add("registration-alg-not-allowed", registration("registration-alg-not-allowed", eddsa),
        "webauthn.unsupported-algorithm", "an EdDSA key where the policy allows only ES256", policy={"algorithms": [-7]})
    add("registration-rsa-1024", registration("registration-rsa-1024", rs1024),
        "webauthn.key-too-short", "an RSA key of 1024 bits",
        differs="py_webauthn sets no minimum RSA key size")
    add("registration-credential-id-too-long", registration("registration-credential-id-too-long", es256,
                                                            credential_id=label_bytes("long", 1024)),
        "webauthn.credential-id-too-long", "a credential id of 1024 bytes",
        differs="py_webauthn does not check the credential id's length")
    add("registration-backup-state-without-eligibility", registration("registration-bs-without-be", es256,
                                                                      flags=UP | UV | AT | BS),
        "webauthn.invalid-backup-flags", "BS set without BE")
    add("registration-packed-bad-signature", registration("registration-packed-bad-signature", es256, fmt="packed",
                                                          statement={"alg": -7, "sig": other.sign(b"unrelated")}),
        "webauthn.invalid-attestation-statement", "packed self-attestation signed by another key")
    add("registration-unsupported-format", registration("registration-unsupported-format", es256, fmt="fido-u2f",
                                                        statement={"sig": b"\x30\x00", "x5c": [b"\x30\x00"]}),
        "webauthn.unsupported-attestation-format", "fido-u2f attestation (a trust chain Genkan does not check)")
    add("registration-none-with-statement", registration("registration-none-with-statement", es256,
                                                         statement={"alg": -7}),
        "webauthn.invalid-attestation-statement", "format none with a non-empty statement")
    add("registration-cross-origin", registration("registration-cross-origin", es256, cross_origin=True),
        "webauthn.cross-origin", "the ceremony ran in a cross-origin iframe",
        differs="py_webauthn does not read crossOrigin")
    add("registration-trailing-auth-data", registration("registration-trailing-auth-data", es256,
                                                        after_auth_data=b"\x00\x00"),
        "webauthn.malformed-authenticator-data", "two bytes after the COSE key with no ED flag")
    good = registration("registration-malformed-cbor", es256)
    att = base64.urlsafe_b64decode(good["response"]["response"]["attestationObject"] + "==")
    bad = dict(good, response=json.loads(json.dumps(good["response"])))
    bad["response"]["response"]["attestationObject"] = b64url(b"\xa3\x63fmt\x64none\xff" + att[10:])
    add("registration-malformed-cbor", bad, "webauthn.malformed-cbor", "a break code (0xff) where a map key belongs")
    truncated = dict(good, response=json.loads(json.dumps(good["response"])))
    truncated["response"]["response"]["attestationObject"] = b64url(att[: len(att) // 2])
    add("registration-truncated", truncated, "webauthn.truncated", "the attestation object cut in half")
    indefinite = registration("registration-indefinite-length", es256,
                              raw_object=b"\xbf" + cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": b""}, canonical=True)[1:] + b"\xff")
    add("registration-indefinite-length", indefinite, "webauthn.malformed-cbor",
        "an indefinite-length map, which CTAP2 canonical CBOR never writes (py_webauthn reads it, then refuses the empty authData)")

    # Assertions refused, one reason each.
    add("assertion-wrong-origin", assertion("assertion-wrong-origin", es256, origin="https://example.org"),
        "webauthn.origin-mismatch", "clientDataJSON from another site")
    add("assertion-wrong-rp-id-hash", assertion("assertion-wrong-rp-id-hash", es256, rp_id="example.org"),
        "webauthn.rp-id-hash-mismatch", "authenticator data for another RP ID")
    add("assertion-replayed-challenge", assertion("assertion-replayed-challenge", es256, challenge_label="spent",
                                                  expected_challenge_label="fresh"),
        "webauthn.challenge-mismatch", "an earlier ceremony's response replayed against a new challenge")
    add("assertion-wrong-type", assertion("assertion-wrong-type", es256, kind="webauthn.create"),
        "webauthn.wrong-type", "a registration's client data sent as an assertion")
    add("assertion-user-not-present", assertion("assertion-user-not-present", es256, flags=UV),
        "webauthn.user-not-present", "UP not set")
    add("assertion-uv-required", assertion("assertion-uv-required", es256, flags=UP), "webauthn.user-not-verified",
        "UV required by the policy, not set", policy=required)
    add("assertion-tampered-signature", assertion("assertion-tampered-signature", es256, tamper="signature"),
        "webauthn.signature-invalid", "one bit of the ES256 signature flipped")
    add("assertion-tampered-signature-ed25519", assertion("assertion-tampered-signature-ed25519", eddsa, tamper="signature"),
        "webauthn.signature-invalid", "one bit of the Ed25519 signature flipped")
    add("assertion-tampered-signature-rs256", assertion("assertion-tampered-signature-rs256", rs256, tamper="signature"),
        "webauthn.signature-invalid", "one bit of the RS256 signature flipped")
    add("assertion-tampered-auth-data", assertion("assertion-tampered-auth-data", es256, tamper="authData"),
        "webauthn.signature-invalid", "the counter changed after signing")
    add("assertion-other-key", assertion("assertion-other-key", es256, sign_key=other), "webauthn.signature-invalid",
        "signed by a key other than the stored one")
    add("assertion-counter-backwards-device-bound", assertion("assertion-counter-backwards-device-bound", es256,
                                                             counter=5, stored_count=10),
        "webauthn.counter-not-increased", "a device-bound credential's counter from 10 to 5: a possible clone")
    add("assertion-counter-repeated-device-bound", assertion("assertion-counter-repeated-device-bound", eddsa,
                                                            counter=10, stored_count=10),
        "webauthn.counter-not-increased", "a device-bound credential's counter stays at 10")
    add("assertion-counter-backwards-synced", assertion("assertion-counter-backwards-synced", es256,
                                                       flags=UP | UV | BE | BS, counter=5, stored_count=10, stored_be=True),
        "anomaly", "a synced credential's counter from 10 to 5: accepted and reported",
        differs="py_webauthn refuses every counter that does not increase; Genkan reports it for synced credentials")
    add("assertion-backup-eligibility-changed", assertion("assertion-backup-eligibility-changed", es256,
                                                         flags=UP | UV | BE, stored_be=False),
        "webauthn.backup-eligibility-changed", "BE set on a credential registered without it",
        differs="py_webauthn does not compare BE with the stored credential")
    add("assertion-backup-state-without-eligibility", assertion("assertion-bs-without-be", es256, flags=UP | UV | BS),
        "webauthn.invalid-backup-flags", "BS set without BE")
    add("assertion-other-user-handle", assertion("assertion-other-user-handle", es256,
                                                 stored_user_handle=label_bytes("user:hanako", 16)),
        "webauthn.credential-mismatch", "the user handle is another account's",
        differs="py_webauthn does not know the stored user handle")
    return out


def render():
    document = {
        "generator": "scripts/corpus/webauthn_ceremonies.py",
        "references": {name: importlib.metadata.version(name) for name in ("cryptography", "cbor2", "webauthn")},
        "rp": {"id": RP_ID, "origin": ORIGIN, "name": "Example"},
        "cases": cases(),
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def main():
    text = write_or_check(OUTPUT, render, __file__, __doc__.splitlines()[0], kind=JSONFixture("cases", "name"))
    document = json.loads(text)
    accepted = sum(1 for c in document["cases"] if c["expect"] in ("ok", "anomaly"))
    print(f"{len(document['cases'])} cases, {accepted} accepted")
    for case in document["cases"]:
        genkan = "accepted" if case["expect"] in ("ok", "anomaly") else "refused"
        if genkan != case["reference"] and "referenceDiffers" not in case:
            print(f"  {case['name']}: Genkan must say {case['expect']}, py_webauthn {case['reference']}, no reason given",
                  file=sys.stderr)
        if genkan == case["reference"] and "referenceDiffers" in case:
            print(f"  {case['name']}: marked as differing, but py_webauthn agrees", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
