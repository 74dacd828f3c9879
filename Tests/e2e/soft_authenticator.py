"""A software passkey authenticator for tests that drive Genkan over plain HTTP: it answers the
options of a registration or a sign-in (the JSON the page's script hands to
`navigator.credentials.create` / `.get`) with the JSON a browser sends back, as WebAuthn Level 3
says (§6.1 authenticator data, §6.5.4 "none" attestation, §5.8.1 client data; RFC 9053 COSE keys),
on the `cryptography` and `cbor2` packages. Whether user verification happened (the UV flag) and
the key's type and size are the test's choice, so the tests can ask the server what it accepts.
"""
import base64
import hashlib
import json
import os
import struct

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

UP, UV, BE, BS, AT = 0x01, 0x04, 0x08, 0x10, 0x40


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Credential:
    """One passkey: its id, key pair, user handle and signature counter."""

    def __init__(self, rp_id, user_handle, kind="es256", rsa_key=None):
        self.rp_id, self.user_handle, self.counter = rp_id, user_handle, 0
        self.id = os.urandom(32)
        if kind == "es256":
            self.private = ec.generate_private_key(ec.SECP256R1())
            numbers = self.private.public_key().public_numbers()
            self.alg = -7
            self.cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                                     -3: numbers.y.to_bytes(32, "big")}, canonical=True)
        else:
            self.private = rsa_key or rsa.generate_private_key(public_exponent=65537, key_size=2048)
            numbers = self.private.public_key().public_numbers()
            self.alg = -257
            self.cose = cbor2.dumps({1: 3, 3: -257, -1: numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big"),
                                     -2: numbers.e.to_bytes(3, "big")}, canonical=True)

    def sign(self, message):
        if self.alg == -7:
            return self.private.sign(message, ec.ECDSA(hashes.SHA256()))
        return self.private.sign(message, padding.PKCS1v15(), hashes.SHA256())


class SoftAuthenticator:
    """Passkeys for one origin (`http://localhost:PORT`: WebAuthn refuses an IP address as RP ID)."""

    def __init__(self, origin):
        self.origin = origin
        self.credentials = []

    def client_data(self, kind, challenge):
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False},
                          separators=(",", ":")).encode()

    @staticmethod
    def auth_data(rp_id, flags, counter, attested=b""):
        return hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", counter) + attested

    def create(self, options, verified=True, kind="es256", rsa_key=None):
        """`RegistrationResponseJSON` for `PublicKeyCredentialCreationOptionsJSON` `options`; an
        RSA credential has a new 2048-bit key, or `rsa_key`."""
        credential = Credential(options["rp"]["id"], unb64url(options["user"]["id"]), kind, rsa_key)
        self.credentials.append(credential)
        attested = bytes(16) + struct.pack(">H", len(credential.id)) + credential.id + credential.cose
        flags = UP | AT | (UV if verified else 0)
        data = self.auth_data(credential.rp_id, flags, credential.counter, attested)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": data}, canonical=True)
        return {
            "id": b64url(credential.id), "rawId": b64url(credential.id), "type": "public-key",
            "response": {"clientDataJSON": b64url(self.client_data("webauthn.create", options["challenge"])),
                         "attestationObject": b64url(attestation), "transports": ["internal"]},
            "authenticatorAttachment": "platform", "clientExtensionResults": {},
        }

    def get(self, options, verified=True, credential=None):
        """`AuthenticationResponseJSON` for `PublicKeyCredentialRequestOptionsJSON` `options`, with
        `credential` (by default the newest this authenticator made)."""
        credential = credential or self.credentials[-1]
        credential.counter += 1
        data = self.auth_data(credential.rp_id, UP | (UV if verified else 0), credential.counter)
        client_data = self.client_data("webauthn.get", options["challenge"])
        signature = credential.sign(data + hashlib.sha256(client_data).digest())
        return {
            "id": b64url(credential.id), "rawId": b64url(credential.id), "type": "public-key",
            "response": {"clientDataJSON": b64url(client_data), "authenticatorData": b64url(data),
                         "signature": b64url(signature), "userHandle": b64url(credential.user_handle)},
            "authenticatorAttachment": "platform", "clientExtensionResults": {},
        }
