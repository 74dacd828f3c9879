#!/usr/bin/env python3
"""Writes a file shaped as `firebase auth:export` writes its JSON, for timing `genkan users import`
and for its end-to-end test: `{"users": [` then each user as firebase-tools' accountExporter writes
one (`JSON.stringify(user, null, 2)`: localId, email, emailVerified, passwordHash, salt, displayName,
photoUrl, lastSignedInAt, createdAt, disabled, customAttributes, providerUserInfo, in its order;
hashes and salts in standard base64; times as strings of milliseconds), joined by `,` and a line
break, then `]}`.

Every user has a Firebase SCRYPT hash under the sample project parameters firebase/scrypt publishes
(signer key `jxspr8…`, separator `Bw==`, rounds 8, memory cost 14: the `HASH_PARAMETERS` below).
Computing 100,000 of them would take an hour, so only the first `--real` users' hashes are real
(password `PASSWORD_PATTERN % index`, computed with hashlib.scrypt and `cryptography`'s AES-CTR);
the rest are random bytes of the right length, which the import takes as it takes any hash
(nothing is hashed at import) and no password signs in to. Every tenth user has a Google identity,
every hundredth a phone number, every fiftieth custom claims. Deterministic for a given `--seed`.

Usage:
    .venv/bin/python scripts/bench/firebase_export.py OUT.json [--users 100000] [--real 3] [--seed 1]
"""
import argparse
import base64
import hashlib
import json
import random
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

HASH_PARAMETERS = {
    "hash_algo": "SCRYPT",
    "hash_key": "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
    "salt_separator": "Bw==",
    "rounds": 8,
    "mem_cost": 14,
}
PASSWORD_PATTERN = "imported password %d"
ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def firebase_scrypt(password: bytes, salt: bytes) -> bytes:
    key = base64.b64decode(HASH_PARAMETERS["hash_key"])
    derived = hashlib.scrypt(password, salt=salt + base64.b64decode(HASH_PARAMETERS["salt_separator"]),
                             n=2 ** HASH_PARAMETERS["mem_cost"], r=HASH_PARAMETERS["rounds"], p=1, dklen=64)
    encryptor = Cipher(algorithms.AES(derived[:32]), modes.CTR(bytes(16))).encryptor()
    return encryptor.update(key) + encryptor.finalize()


def uid(rng: random.Random) -> str:
    """28 letters and digits, as Firebase's generated uids are."""
    return "".join(rng.choice(ALPHABET) for _ in range(28))


def users(count: int, real: int, seed: int):
    rng = random.Random(seed)
    for index in range(count):
        salt = rng.randbytes(12)
        password_hash = firebase_scrypt((PASSWORD_PATTERN % index).encode(), salt) if index < real else rng.randbytes(64)
        user = {
            "localId": uid(rng),
            "email": f"user{index}@example.com",
            "emailVerified": index % 3 != 0,
            "passwordHash": base64.b64encode(password_hash).decode(),
            "salt": base64.b64encode(salt).decode(),
            "displayName": f"User {index}",
            "lastSignedInAt": str(1_700_000_000_000 + index),
            "createdAt": str(1_600_000_000_000 + index),
            "disabled": False,
        }
        if index % 50 == 7:
            user["customAttributes"] = json.dumps({"plan": "gold", "index": index})
        if index % 100 == 11:
            user["phoneNumber"] = f"+1555{index:07d}"
        if index % 10 == 3:
            user["providerUserInfo"] = [{"providerId": "google.com", "rawId": str(10**20 + index),
                                         "email": f"user{index}@gmail.com", "displayName": f"User {index}"}]
        else:
            user["providerUserInfo"] = []
        yield user


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output")
    parser.add_argument("--users", type=int, default=100_000)
    parser.add_argument("--real", type=int, default=3, help="users whose hash is real (password: PASSWORD_PATTERN %% index)")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    with open(arguments.output, "w", encoding="utf-8") as file:
        file.write('{"users": [\n')
        for index, user in enumerate(users(arguments.users, arguments.real, arguments.seed)):
            if index:
                file.write(",\n")
            file.write(json.dumps(user, indent=2, ensure_ascii=False))
        file.write("]}")
    print(f"wrote {arguments.output}: {arguments.users} users, {min(arguments.real, arguments.users)} with real hashes", file=sys.stderr)


if __name__ == "__main__":
    main()
