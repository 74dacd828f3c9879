"""An HTTP(S) server on a free loopback port for GenkanHTTPClient's tests (Python's standard
library only). With --tls DIR it serves HTTPS with a certificate the openssl command makes in DIR
(cert.pem, valid for 127.0.0.1 and localhost), which the tests trust through the client's CA file.

    python http_server.py [--tls DIR]      prints READY <port>; stops when stdin closes

Paths: /small (a JSON body with Cache-Control), /big (300 KiB), /slow (answers after 5 s),
/echo (POST: the request's method, content type, authorization and body as JSON)."""

import argparse
import http.server
import json
import os
import ssl
import subprocess
import sys
import threading
import time


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, body, headers=()):
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/small":
            self.answer(b'{"ok":true}', [("Content-Type", "application/json"), ("Cache-Control", "public, max-age=600"), ("Age", "20")])
        elif self.path == "/big":
            self.answer(b"x" * (300 * 1024))
        elif self.path == "/slow":
            time.sleep(5)
            self.answer(b"late")
        else:
            self.send_error(404)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.answer(json.dumps({
            "method": self.command, "contentType": self.headers.get("Content-Type"),
            "authorization": self.headers.get("Authorization"), "expect": self.headers.get("Expect"),
            "body": body.decode()}).encode(), [("Content-Type", "application/json")])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tls")
    options = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    if options.tls:
        cert, key = os.path.join(options.tls, "cert.pem"), os.path.join(options.tls, "key.pem")
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=genkan-test",
             "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"READY {server.server_address[1]}", flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main()
