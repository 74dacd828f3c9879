"""A receiver for Genkan's webhooks and blocking hooks on a loopback port, checking every request's
signature with the `standardwebhooks` package (Python's standard library otherwise).

    python hook_server.py --secret whsec_… --log FILE [--port N]
        prints READY <port>; stops when stdin closes

Every request whose signature verifies is appended to FILE as one JSON line {"path", "id",
"body"}; one that does not is answered 401 and logged with "rejected". Paths:
  /events                   a webhook receiver: 204
  /down                     a receiver that is down: 503
  /refuse-domain/DOMAIN     a blocking hook refusing addresses at DOMAIN (403 PERMISSION_DENIED)
  /claims                   a blocking hook adding {"plan": "gold"} to the account and
                            {"session": "hooked"} to the sign-in's tokens
  /slow                     answers after 8 s (past the 3 s a hook is given, and a loaded machine's hashing)
  /error                    500
  /garbage                  200 with a body that is not JSON"""

import argparse
import http.server
import json
import sys
import threading
import time

from standardwebhooks.webhooks import Webhook, WebhookVerificationError


def handler(hook, log, lock):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def answer(self, status, body=b""):
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def record(self, entry):
            with lock, open(log, "a") as file:
                file.write(json.dumps(entry) + "\n")

        def do_POST(self):
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            headers = {name.lower(): value for name, value in self.headers.items()}
            try:
                body = hook.verify(raw.decode("utf-8"), headers)
            except (WebhookVerificationError, UnicodeDecodeError, ValueError) as error:
                self.record({"path": self.path, "rejected": str(error)})
                return self.answer(401, json.dumps({"error": {"status": "UNAUTHENTICATED", "message": str(error)}}).encode())
            self.record({"path": self.path, "id": headers.get("webhook-id"), "body": body})
            if self.path == "/events":
                return self.answer(204)
            if self.path == "/down":
                return self.answer(503)
            if self.path.startswith("/refuse-domain/"):
                domain = self.path.split("/", 2)[2].lower()
                email = (body["data"]["user_record"].get("email") or "").lower()
                if email.endswith("@" + domain):
                    error = {"error": {"status": "PERMISSION_DENIED", "message": f"Addresses at {domain} may not sign up."}}
                    return self.answer(403, json.dumps(error).encode())
                return self.answer(200, b"{}")
            if self.path == "/claims":
                record = {"updateMask": "customClaims,sessionClaims", "customClaims": {"plan": "gold"},
                          "sessionClaims": {"session": "hooked"}}
                return self.answer(200, json.dumps({"userRecord": record}).encode())
            if self.path == "/slow":
                time.sleep(8)
                return self.answer(200, b"{}")
            if self.path == "/error":
                return self.answer(500, b"{}")
            if self.path == "/garbage":
                return self.answer(200, b"<html>")
            self.answer(404, b"{}")

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--secret", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    server = http.server.ThreadingHTTPServer(("127.0.0.1", options.port), handler(Webhook(options.secret), options.log, threading.Lock()))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"READY {server.server_address[1]}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
