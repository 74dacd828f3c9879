"""End-to-end tests of the security event log's webhooks: a real `genkan serve --webhook URL
--webhook-secret whsec_…` on SQLite, driven over plain HTTP as a browser and an app drive it, and
a receiver on loopback that checks every request's signature with the Standard Webhooks
reference library (`standardwebhooks`, PyPI), not with anything of Genkan's.

Run by `make test`:  .venv/bin/python Tests/e2e/test_webhooks.py

- a sign-up, a wrong password, a sign-in through the API and a sign-out arrive signed (webhook-id,
  webhook-timestamp, webhook-signature verified), one message per event, in order per account,
  with the body `{"type", "timestamp", "data"}` whose data is the event `genkan events export`
  writes;
- the receiver down (connections refused) for a minute while events happen, and the server killed
  (SIGKILL) and started again meanwhile: once the receiver is back, every event arrives, once per
  id, in order per account.

The server's log is copied to artifacts/e2e/webhooks.log.
"""

import base64
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import (  # noqa: E402
    ARTIFACTS, ROOT, Browser, GenkanServe, eventually, free_port, genkan_binary, hidden_fields, run_tests)
from support import api_call as call  # noqa: E402

from standardwebhooks.webhooks import Webhook, WebhookVerificationError  # noqa: E402

PASSWORD = "correct horse battery staple"
SECRET = "whsec_" + base64.b64encode(b"the e2e webhook secret, 32 bytes").decode()
PROJECT = "demo-genkan"
RECEIVER_DOWN_SECONDS = 60


class Receiver:
    """A webhook receiver on a fixed loopback port that verifies with `standardwebhooks` and keeps
    what it accepted, in arrival order; `stop()` closes its socket (the sender's connections are
    refused), `start()` opens it again on the same port."""

    def __init__(self, port):
        self.port = port
        self.hook = Webhook(SECRET)
        self.lock = threading.Lock()
        self.accepted = []  # (webhook-id, body)
        self.rejected = []
        self.server = None

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/events"

    def start(self):
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *arguments):
                pass

            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {name.lower(): value for name, value in self.headers.items()}
                try:
                    body = receiver.hook.verify(raw.decode("utf-8"), headers)
                except (WebhookVerificationError, UnicodeDecodeError, ValueError) as error:
                    with receiver.lock:
                        receiver.rejected.append(str(error))
                    self.send_response(401)
                else:
                    with receiver.lock:
                        receiver.accepted.append((headers["webhook-id"], body, int(headers["webhook-timestamp"])))
                    self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()

        http.server.ThreadingHTTPServer.allow_reuse_address = True
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def messages(self):
        with self.lock:
            return list(self.accepted)


class Server(GenkanServe):
    label = "genkan serve --webhook"

    def __init__(self, directory, receiver):
        super().__init__(os.path.join(directory, "serve.log"))
        self.database = os.path.join(directory, "genkan.sqlite")
        self.directory, self.receiver = directory, receiver

    def options(self):
        return ["--db", self.database, "--public", os.path.join(ROOT, "public"), "--outbox", os.path.join(self.directory, "outbox"),
                "--trust-proxy=127.0.0.1/32", "--firebase-project", PROJECT,
                "--webhook", self.receiver.url, "--webhook-secret", SECRET]

    def exported(self):
        """`genkan events export` of the server's database, one JSON object per event."""
        output = subprocess.run([genkan_binary(), "events", "export", "--db", self.database], check=True, capture_output=True,
                                text=True).stdout
        return [json.loads(line) for line in output.splitlines()]


def sign_up(browser, server, email):
    return browser.submit(server, "/signup", {
        "name": "Taro Yamada", "email": email, "password": PASSWORD, "password-confirmation": PASSWORD})


class Webhooks(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.mkdtemp(prefix="genkan-webhooks-")
        self.receiver = Receiver(free_port())
        self.receiver.start()
        self.server = Server(self.directory, self.receiver)
        self.server.start()

    def tearDown(self):
        try:
            self.server.stop()
        finally:
            os.makedirs(ARTIFACTS, exist_ok=True)
            shutil.copy(self.server.log_path, os.path.join(ARTIFACTS, "webhooks.log"))
            self.receiver.stop()
            shutil.rmtree(self.directory, ignore_errors=True)

    def assert_delivered_once_in_order(self, exported):
        """Every exported event arrived exactly once under `evt_<id>`, its body the event's, and each
        account's in the order of their ids."""
        messages = self.receiver.messages()
        ids = [identifier for identifier, _, _ in messages]
        self.assertEqual(sorted(ids), sorted(f"evt_{event['id']}" for event in exported), "not every event arrived, once")
        by_id = {event["id"]: event for event in exported}
        for identifier, body, _ in messages:
            event = by_id[int(identifier[4:])]
            self.assertEqual(body, {"type": event["type"], "timestamp": event["time"], "data": event})
        per_account = {}
        for identifier, body, _ in messages:
            per_account.setdefault(body["data"]["uid"], []).append(body["data"]["id"])
        for uid, received in per_account.items():
            self.assertEqual(received, sorted(received), f"the events of {uid} arrived out of order")
        self.assertEqual(self.receiver.rejected, [])

    def test_events_arrive_signed_once_and_in_order(self):
        browser = Browser(address="192.0.2.40")
        status, headers, _ = sign_up(browser, self.server, "taro@example.com")
        self.assertEqual((status, headers["Location"]), (303, "/account"))
        stranger = Browser(address="198.51.100.7")
        status, _, _ = stranger.submit(self.server, "/signin", {"email": "taro@example.com", "password": "not the password"})
        self.assertEqual(status, 422)
        status, body = call(self.server, "accounts:signInWithPassword", {"email": "taro@example.com", "password": PASSWORD,
                                                                         "returnSecureToken": True}, address="203.0.113.5")
        self.assertEqual(status, 200, body)
        _, _, account = browser.open(self.server.url + "/account")
        status, _, _ = browser.open(self.server.url + "/signout", hidden_fields(account))
        self.assertEqual(status, 303)

        exported = self.server.exported()
        self.assertEqual([event["type"] for event in exported],
                         ["account.created", "sign_in.succeeded", "sign_in.failed", "sign_in.succeeded", "session.signed_out"])
        self.assertTrue(eventually(lambda: len(self.receiver.messages()) >= 5, 30), self.server.log())
        self.assert_delivered_once_in_order(exported)
        first = self.receiver.messages()[0]
        # A fresh timestamp at each attempt; the event's own time is in the body.
        self.assertLess(abs(first[2] - time.time()), 60)
        data = first[1]["data"]
        self.assertEqual((data["actor"], data["client"], data["details"]["door"]), ({"kind": "user"}, "192.0.2.40", "page"))
        failed = next(body["data"] for _, body, _ in self.receiver.messages() if body["type"] == "sign_in.failed")
        self.assertEqual((failed["client"], failed["details"]["reason"]), ("198.51.100.7", "wrong-password"))
        api = [body["data"] for _, body, _ in self.receiver.messages() if body["type"] == "sign_in.succeeded"][1]
        self.assertEqual((api["client"], api["details"]["door"]), ("203.0.113.5", "api"))
        # Nothing that could sign anyone in went out.
        for _, body, _ in self.receiver.messages():
            text = json.dumps(body)
            self.assertNotIn(PASSWORD, text)
            self.assertNotIn("taro@example.com", text)

    def test_a_receiver_down_and_a_killed_server_lose_nothing(self):
        browser = Browser(address="192.0.2.41")
        self.assertEqual(sign_up(browser, self.server, "hanako@example.com")[0], 303)
        self.assertTrue(eventually(lambda: len(self.receiver.messages()) >= 2, 30), self.server.log())
        self.receiver.stop()
        down_since = time.monotonic()
        # While it is down: three accounts' events, each a few.
        for number in range(3):
            other = Browser(address=f"192.0.2.{50 + number}")
            self.assertEqual(sign_up(other, self.server, f"user{number}@example.com")[0], 303)
            _, _, account = other.open(self.server.url + "/account")
            self.assertEqual(other.open(self.server.url + "/signout", hidden_fields(account))[0], 303)
        self.assertTrue(eventually(lambda: "attempt 1 of" in self.server.log(), 30), self.server.log())
        # The server is killed while the receiver is down, and another takes over its queue; the
        # receiver stays down for a whole minute, through several of the backoff's attempts.
        self.server.kill()
        self.server.start()
        time.sleep(max(0, RECEIVER_DOWN_SECONDS - (time.monotonic() - down_since)))
        self.receiver.start()
        expected = len(self.server.exported())
        self.assertEqual(expected, 2 + 3 * 3)
        # The next attempt after a minute of failures comes within the backoff's step then (40 s at most).
        self.assertTrue(eventually(lambda: len(self.receiver.messages()) >= expected, 150, interval=0.5),
                        f"{len(self.receiver.messages())} of {expected}:\n{self.server.log()}")
        time.sleep(1)  # nothing more (a second delivery of an id) follows
        self.assert_delivered_once_in_order(self.server.exported())


if __name__ == "__main__":
    run_tests()
