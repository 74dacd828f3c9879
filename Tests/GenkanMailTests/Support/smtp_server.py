#!/usr/bin/env python3
"""A throwaway SMTP server for GenkanMailTests, on aiosmtpd (pinned in scripts/requirements.txt).

Listens on 127.0.0.1 at --port (0: a free port), prints "READY <port>" on standard output once
it accepts connections, and stores every message it accepts in --out: NNNN.json (envelope, TLS,
authenticated user) and then NNNN.eml (the bytes received), each written under a temporary name
and renamed. AUTH attempts are appended to --out/auth.jsonl (mechanism, user, success, TLS;
never the password). Exits when its standard input closes (the test finished or died) or on
SIGTERM.

Options: --auth PLAIN|LOGIN with --user and --password offers that one mechanism and requires
AUTH before MAIL; --starttls offers STARTTLS (and then takes AUTH only over TLS); --implicit-tls
speaks TLS from the first byte (smtps). Both use a throwaway self-signed certificate that the
openssl command writes to --cert-dir (cert.pem, key.pem), valid for 127.0.0.1, localhost and
mail.genkan.test. --reject ADDRESS answers 550 to RCPT TO that address, --defer ADDRESS 451.
"""
import argparse
import asyncio
import json
import logging
import os
import signal
import ssl
import subprocess
import sys
import warnings

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

TLS_NAMES = "IP:127.0.0.1,DNS:localhost,DNS:mail.genkan.test"


def make_certificate(directory):
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    if not (os.path.exists(cert) and os.path.exists(key)):
        os.makedirs(directory, exist_ok=True)
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=genkan-test",
             "-addext", "subjectAltName=" + TLS_NAMES],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def write_atomically(path, data):
    temporary = path + ".tmp"
    with open(temporary, "wb") as file:
        file.write(data)
    os.rename(temporary, path)


def uses_tls(server):
    return server.transport is not None and server.transport.get_extra_info("ssl_object") is not None


class Handler:
    def __init__(self, out, rejected, deferred):
        self.out, self.rejected, self.deferred = out, set(rejected), set(deferred)
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.rejected:
            return "550 5.1.1 No such user here"
        if address in self.deferred:
            return "451 4.3.0 Try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        stem = os.path.join(self.out, "%04d" % self.count)
        info = {"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos, "tls": uses_tls(server),
                "ehlo": session.host_name,
                "user": session.auth_data.login.decode() if isinstance(session.auth_data, LoginPassword) else None}
        write_atomically(stem + ".json", json.dumps(info).encode())
        write_atomically(stem + ".eml", envelope.original_content)
        return "250 2.0.0 Message accepted for delivery"


def authenticator_for(out, user, password):
    def authenticate(server, session, envelope, mechanism, auth_data):
        success = (isinstance(auth_data, LoginPassword) and auth_data.login == user.encode()
                   and auth_data.password == password.encode())
        login = auth_data.login.decode(errors="replace") if isinstance(auth_data, LoginPassword) else None
        with open(os.path.join(out, "auth.jsonl"), "a") as log:
            log.write(json.dumps({"mechanism": mechanism, "user": login, "success": success,
                                  "tls": uses_tls(server)}) + "\n")
        return AuthResult(success=success, handled=False, auth_data=auth_data if success else None)
    return authenticate


async def serve(args):
    os.makedirs(args.out, exist_ok=True)
    handler = Handler(args.out, args.reject, args.defer)
    options = {"hostname": "genkan-test", "ident": "genkan test server"}
    listen_context = None
    if args.starttls or args.implicit_tls:
        context = make_certificate(args.cert_dir or args.out)
        if args.starttls:
            options["tls_context"] = context
        else:
            listen_context = context
    if args.auth:
        options.update(
            authenticator=authenticator_for(args.out, args.user, args.password), auth_required=True,
            # Over STARTTLS, AUTH only after TLS; otherwise the client alone decides (what the
            # tests check), and with implicit TLS aiosmtpd cannot tell that the line is secure.
            auth_require_tls=bool(args.starttls),
            auth_exclude_mechanism=[m for m in ("PLAIN", "LOGIN") if m != args.auth])

    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: SMTP(handler, **options), host="127.0.0.1", port=args.port,
                                      ssl=listen_context)
    print("READY %d" % server.sockets[0].getsockname()[1], flush=True)

    stop = asyncio.Event()

    def stdin_readable():
        if not os.read(sys.stdin.fileno(), 4096):
            stop.set()
    loop.add_reader(sys.stdin.fileno(), stdin_readable)
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    server.close()


def main():
    # aiosmtpd's own chatter: deprecations, and a warning about AUTH without TLS, which the
    # tests allow on purpose (the client is what they check).
    logging.getLogger("mail.log").setLevel(logging.ERROR)
    warnings.simplefilter("ignore")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--out", required=True)
    parser.add_argument("--auth", choices=["PLAIN", "LOGIN"])
    parser.add_argument("--user", default="")
    parser.add_argument("--password", default="")
    parser.add_argument("--starttls", action="store_true")
    parser.add_argument("--implicit-tls", action="store_true")
    parser.add_argument("--cert-dir")
    parser.add_argument("--reject", action="append", default=[])
    parser.add_argument("--defer", action="append", default=[])
    asyncio.run(serve(parser.parse_args()))


if __name__ == "__main__":
    main()
