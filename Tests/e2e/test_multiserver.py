"""End-to-end tests of several `genkan serve` acting as one site on one PostgreSQL database: two
real servers (both with --trust-proxy, as behind nginx, and --firebase-project), a real
PostgreSQL cluster the test starts, stops and starts again (scripts/postgres-cluster.sh), and
plain HTTP as a browser and the Firebase SDKs send it. One cluster serves the whole run.

Run by `make test`:  .venv/bin/python Tests/e2e/test_multiserver.py

- a session made on one server is valid on the other; a form from one posts to the other; a
  sign-out on one ends the session on both within 2 s;
- a password reset asked on one sends one mail (the two servers' outboxes together hold one),
  whose link works on the other;
- wrong passwords spread over both servers meet the limit one server alone meets;
- an ID token from one is accepted by the other;
- SIGKILL of one server during a burst of sign-ups loses no acknowledged sign-up;
- PostgreSQL stopped: 503s (localized page, JSON for the API, quickly), the blank sign-in form
  still served; PostgreSQL started again: service back without restarting the servers;
- `genkan db copy` from an SQLite site: the session cookie, the password, the ID token and the
  refresh token made on SQLite all work on PostgreSQL.

Each server's log is copied to artifacts/e2e/multiserver-logs/.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.parse
import urllib.request

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import (  # noqa: E402
    ARTIFACTS, ROOT, Browser, GenkanServe, catalog, eventually, genkan_binary, hidden_fields, outbox_mails)
from support import api_call as call  # noqa: E402

CLUSTER_SCRIPT = os.path.join(ROOT, "scripts", "postgres-cluster.sh")
LOGS = os.path.join(ARTIFACTS, "multiserver-logs")
PROJECT = "demo-genkan"
PASSWORD = "correct horse battery staple"
NEW_PASSWORD = "maple syrup over pancakes 42"


# MARK: PostgreSQL

class Cluster:
    """A throwaway PostgreSQL cluster (scripts/postgres-cluster.sh) with a database per site."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="genkan-multiserver-pg-")
        os.rmdir(self.directory)  # the script creates it
        self.url = subprocess.run([CLUSTER_SCRIPT, "start", self.directory], check=True, capture_output=True,
                                  text=True).stdout.strip().splitlines()[-1]

    def psql(self, sql, database="postgres"):
        """Runs SQL as the cluster's superuser; returns the rows, one line each, columns by '|'."""
        url = self.database_url(database)
        psql = shutil.which("psql") or "/usr/lib/postgresql/15/bin/psql"
        result = subprocess.run([psql, url, "-XAtq", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, capture_output=True,
                                text=True)
        return result.stdout.splitlines()

    def create_database(self, name):
        self.psql(f"CREATE DATABASE {name}")
        return self.database_url(name)

    def database_url(self, name):
        return self.url.rsplit("/", 1)[0] + "/" + name

    def down(self):
        subprocess.run([CLUSTER_SCRIPT, "down", self.directory], check=True)

    def up(self):
        subprocess.run([CLUSTER_SCRIPT, "up", self.directory], check=True)

    def remove(self):
        subprocess.run([CLUSTER_SCRIPT, "stop", self.directory], check=False)


# MARK: Servers and clients

class Server(GenkanServe):
    """`genkan serve --db URL` on a free port, behind a (pretended) proxy on loopback, with its
    own outbox directory."""

    def __init__(self, name, directory, database, arguments=()):
        super().__init__(os.path.join(directory, name + ".log"))
        self.name, self.database = name, database
        self.label = f"genkan serve {name}"
        self.outbox = os.path.join(directory, name + "-outbox")
        self.arguments = list(arguments)

    def options(self):
        return ["--db", self.database, "--public", os.path.join(ROOT, "public"), "--outbox", self.outbox,
                "--trust-proxy=127.0.0.1/32", "--firebase-project", PROJECT] + self.arguments

    def mails(self):
        """The .eml files this server delivered, parsed."""
        return outbox_mails(self.outbox)


def sign_up(browser, server, email, form_server=None):
    return browser.submit(server, "/signup", {
        "name": "Taro Yamada", "email": email, "password": PASSWORD, "password-confirmation": PASSWORD,
    }, form_server=form_server)


def link_in(message):
    body = message.get_body(preferencelist=("plain",)).get_content()
    return re.search(r"https?://\S+/password/reset\?code=[A-Za-z0-9_-]+", body).group(0)


# MARK: The tests

CLUSTER = None  # one for the whole run (setUpModule)


def setUpModule():
    global CLUSTER
    CLUSTER = Cluster()


def tearDownModule():
    CLUSTER.remove()


class TwoServersOneDatabase(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.mkdtemp(prefix="genkan-multiserver-")
        cls.cluster = CLUSTER
        cls.database = cls.cluster.create_database("genkan_site")
        cls.one = Server("one", cls.directory, cls.database)
        cls.two = Server("two", cls.directory, cls.database)
        # Started at once: the schema is created once, under the advisory lock.
        threads = [threading.Thread(target=server.start) for server in (cls.one, cls.two)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    @classmethod
    def tearDownClass(cls):
        os.makedirs(LOGS, exist_ok=True)
        for server in (cls.one, cls.two):
            try:
                server.stop()
            finally:
                shutil.copy(server.log_path, os.path.join(LOGS, server.name + ".log"))
        shutil.rmtree(cls.directory, ignore_errors=True)

    def test_a_session_and_a_form_cross_servers_and_a_sign_out_ends_both(self):
        browser = Browser(address="192.0.2.10")
        # The sign-up form comes from one server and is posted to the other.
        status, headers, _ = sign_up(browser, self.two, "session@example.com", form_server=self.one)
        self.assertEqual(status, 303, "a form from one server was refused by the other")
        self.assertEqual(headers["Location"], "/account")
        for server in (self.one, self.two):
            status, _, page = browser.open(server.url + "/account")
            self.assertEqual(status, 200, f"the session is not valid on {server.name}")
            self.assertIn("session@example.com", page)
        # A settings form from one, posted to the other.
        status, _, _ = browser.submit(self.two, "/account/name", {"name": "Jiro Yamada"}, form_server=self.one)
        self.assertEqual(status, 303)
        self.assertIn("Jiro Yamada", browser.open(self.one.url + "/account")[2])
        # A second browser holding the same session: signed out on one, it is out on both.
        other = Browser(address="192.0.2.10")
        browser.carry_cookies_to(other)
        _, _, account = browser.open(self.one.url + "/account")
        status, headers, _ = browser.open(self.one.url + "/signout", hidden_fields(account))
        self.assertEqual((status, headers["Location"]), (303, "/signin"))
        started = time.time()
        ended = eventually(lambda: other.open(self.two.url + "/account")[0] == 303, seconds=2, interval=0.05)
        self.assertTrue(ended, "the session signed out on one server still works on the other after 2 s")
        self.assertLess(time.time() - started, 2)
        self.assertEqual(other.open(self.one.url + "/account")[0], 303)

    def test_a_reset_asked_on_one_sends_one_mail_whose_link_works_on_the_other(self):
        owner = Browser(address="192.0.2.20")
        self.assertEqual(sign_up(owner, self.one, "reset@example.com")[0], 303)
        status, _, page = Browser(address="192.0.2.21").submit(self.one, "/password/forgot", {"email": "reset@example.com"})
        self.assertEqual(status, 200, page)

        def reset_mails():
            return [message for server in (self.one, self.two) for message in server.mails()
                    if message["To"] and "reset@example.com" in message["To"] and "/password/reset?code=" in
                    message.get_body(preferencelist=("plain",)).get_content()]

        self.assertTrue(eventually(reset_mails, seconds=30), "no reset mail")
        # Both senders look at the outbox (every 5 s at most): give the other one its chance.
        time.sleep(6)
        mails = reset_mails()
        self.assertEqual(len(mails), 1, "a reset asked once was mailed more than once")
        link = link_in(mails[0])
        self.assertTrue(link.startswith(self.one.url), link)
        # The link, opened on the other server.
        on_two = self.two.url + link[len(self.one.url):]
        browser = Browser(address="192.0.2.22")
        status, _, page = browser.open(on_two)
        self.assertEqual(status, 200, page)
        fields = hidden_fields(page)
        fields.update({"new-password": NEW_PASSWORD, "password-confirmation": NEW_PASSWORD})
        status, headers, _ = browser.open(self.two.url + "/password/reset", fields)
        self.assertEqual((status, headers["Location"]), (303, "/account"))
        # The old session (made on one) ended with the reset; the new password signs in on one.
        self.assertEqual(owner.open(self.one.url + "/account")[0], 303)
        self.assertEqual(call(self.one, "accounts:signInWithPassword",
                              {"email": "reset@example.com", "password": NEW_PASSWORD, "returnSecureToken": True},
                              address="192.0.2.23")[0], 200)

    def test_wrong_passwords_spread_over_both_meet_the_limit_of_one(self):
        def refused_after(email, address, servers):
            """How many wrong passwords the servers (taken in turn) check before refusing."""
            self.assertEqual(call(servers[0], "accounts:signUp", {"email": email, "password": PASSWORD},
                                  address="198.51.100.1")[0], 200)
            for attempt in range(40):
                status, body = call(servers[attempt % len(servers)], "accounts:signInWithPassword",
                                    {"email": email, "password": "wrong password " + str(attempt), "returnSecureToken": True},
                                    address=address)
                message = body["error"]["message"]
                if message != "INVALID_LOGIN_CREDENTIALS":
                    self.assertTrue(message.startswith("TOO_MANY_ATTEMPTS_TRY_LATER"), message)
                    return attempt
            self.fail("40 wrong passwords and no limit")

        alone = refused_after("alone@example.com", "203.0.113.1", [self.one])
        spread = refused_after("spread@example.com", "203.0.113.2", [self.one, self.two])
        self.assertEqual(spread, alone, "wrong passwords over two servers are counted apart")
        self.assertGreater(alone, 0)

    def test_an_id_token_from_one_is_accepted_by_the_other(self):
        status, body = call(self.one, "accounts:signUp", {"email": "token@example.com", "password": PASSWORD},
                            address="198.51.100.2")
        self.assertEqual(status, 200, body)
        status, found = call(self.two, "accounts:lookup", {"idToken": body["idToken"]})
        self.assertEqual(status, 200, found)
        self.assertEqual(found["users"][0]["localId"], body["localId"])
        self.assertEqual(found["users"][0]["email"], "token@example.com")
        # A token changed by one byte is refused there all the same (the key is shared, not absent).
        header, payload, signature = body["idToken"].split(".")
        forged = f"{header}.{payload}.{signature[:-2]}{'A' if signature[-2] != 'A' else 'B'}{signature[-1]}"
        self.assertEqual(call(self.two, "accounts:lookup", {"idToken": forged})[1]["error"]["message"], "INVALID_ID_TOKEN")

    def test_sigkill_during_a_burst_of_sign_ups_loses_no_acknowledged_one(self):
        acknowledged, lock = [], threading.Lock()
        stop = threading.Event()
        counter = iter(range(1_000_000))

        def sign_up_repeatedly(server):
            while not stop.is_set():
                with lock:
                    number = next(counter)
                email = f"burst{number}@example.com"
                try:
                    status, body = call(server, "accounts:signUp", {"email": email, "password": PASSWORD},
                                        address=f"10.{number // 250 % 250}.{number % 250}.1")
                except OSError:
                    continue  # the killed server's connections
                if status == 200 and body.get("localId"):
                    with lock:
                        acknowledged.append((email, body["localId"]))

        threads = [threading.Thread(target=sign_up_repeatedly, args=(server,)) for server in (self.one, self.one, self.two)]
        for thread in threads:
            thread.start()
        try:
            self.assertTrue(eventually(lambda: len(acknowledged) >= 6, seconds=60), "no sign-ups acknowledged")
            self.one.kill()
            time.sleep(1)
        finally:
            stop.set()
            for thread in threads:
                thread.join()
        stored = dict(row.split("|") for row in self.cluster.psql(
            "SELECT email, id FROM accounts WHERE email LIKE 'burst%'", database="genkan_site"))
        lost = [email for email, _ in acknowledged if email not in stored]
        self.assertEqual(lost, [], "acknowledged sign-ups are missing from the database")
        # One of them signs in on the surviving server; the killed one starts again on the database.
        email, local_id = acknowledged[0]
        status, body = call(self.two, "accounts:signInWithPassword",
                            {"email": email, "password": PASSWORD, "returnSecureToken": True}, address="198.51.100.3")
        self.assertEqual((status, body.get("localId")), (200, local_id))
        self.one.start()
        self.assertEqual(call(self.one, "accounts:signInWithPassword",
                              {"email": acknowledged[-1][0], "password": PASSWORD, "returnSecureToken": True},
                              address="198.51.100.4")[0], 200)

    def test_z_postgresql_stopped_then_started_503s_then_service_without_restart(self):
        # Last (the name): a stopped database must leave the other tests alone.
        browser = Browser(address="192.0.2.30", language="ja")
        self.assertEqual(sign_up(browser, self.one, "outage@example.com")[0], 303)
        self.assertEqual(browser.open(self.two.url + "/account")[0], 200)
        pids = (self.one.process.pid, self.two.process.pid)
        self.cluster.down()
        try:
            for server in (self.one, self.two):
                for path in ("/account", "/account/sessions"):
                    started = time.time()
                    status, headers, page = browser.open(server.url + path)
                    self.assertEqual(status, 503, f"{server.name} {path} during the outage")
                    self.assertLess(time.time() - started, 3, "a 503 that took its time")
                    self.assertIsNotNone(headers["Retry-After"])
                    self.assertIn(catalog("ui.error.503.title", "ja"), page)
                status, body = call(server, "accounts:signInWithPassword",
                                    {"email": "outage@example.com", "password": PASSWORD, "returnSecureToken": True},
                                    address="192.0.2.31")
                self.assertEqual((status, body["error"]["status"] if "error" in body else None), (503, "UNAVAILABLE"), body)
                self.assertEqual(body["error"]["message"], "UNAVAILABLE")
                # The blank form needs no database.
                self.assertEqual(Browser(address="192.0.2.32").open(server.url + "/signin")[0], 200)
        finally:
            self.cluster.up()
        for server in (self.one, self.two):
            self.assertTrue(eventually(lambda: browser.open(server.url + "/account")[0] == 200, seconds=20),
                            f"{server.name} did not recover by itself")
            for _ in range(8):  # every connection of the pool, in turn
                self.assertEqual(browser.open(server.url + "/account")[0], 200)
        self.assertEqual((self.one.process.pid, self.two.process.pid), pids)
        self.assertIsNone(self.one.process.poll())
        self.assertIsNone(self.two.process.poll())


class CopyFromSQLite(unittest.TestCase):
    """A site on SQLite moved with `genkan db copy` to PostgreSQL: nobody is signed out."""

    def test_sessions_passwords_and_tokens_survive_the_move(self):
        directory = tempfile.mkdtemp(prefix="genkan-copy-")
        cluster = CLUSTER
        old = Server("sqlite", directory, os.path.join(directory, "genkan.sqlite"))
        try:
            old.start()
            browser = Browser(address="192.0.2.40")
            self.assertEqual(sign_up(browser, old, "moving@example.com")[0], 303)
            status, tokens = call(old, "accounts:signInWithPassword",
                                  {"email": "moving@example.com", "password": PASSWORD, "returnSecureToken": True})
            self.assertEqual(status, 200, tokens)
            old.stop()

            destination = cluster.create_database("genkan_moved")
            copy = subprocess.run([genkan_binary(), "db", "copy", old.database, destination], capture_output=True, text=True)
            self.assertEqual(copy.returncode, 0, copy.stderr)
            self.assertIn("accounts: 1 row", copy.stdout)
            self.assertIn("sessions: 1 row", copy.stdout)
            check = subprocess.run([genkan_binary(), "db", "check", "--db", destination], capture_output=True, text=True)
            self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
            self.assertIn("matches this Genkan", check.stdout)
            # A second copy into the same database is refused and changes nothing.
            again = subprocess.run([genkan_binary(), "db", "copy", old.database, destination], capture_output=True, text=True)
            self.assertEqual(again.returncode, 1)
            self.assertIn("is not empty", again.stderr)

            new = Server("postgresql", directory, destination)
            new.start()
            try:
                status, _, page = browser.open(new.url + "/account")
                self.assertEqual(status, 200, "the session cookie from SQLite does not work on PostgreSQL")
                self.assertIn("moving@example.com", page)
                status, found = call(new, "accounts:lookup", {"idToken": tokens["idToken"]})
                self.assertEqual((status, found.get("users", [{}])[0].get("localId")), (200, tokens["localId"]), found)
                request = urllib.request.Request(
                    new.url + "/securetoken.googleapis.com/v1/token?key=fake-api-key",
                    data=urllib.parse.urlencode({"grant_type": "refresh_token", "refresh_token": tokens["refreshToken"]}).encode(),
                    headers={"Content-Type": "application/x-www-form-urlencoded"})
                with urllib.request.urlopen(request, timeout=10) as response:
                    self.assertEqual(json.load(response)["user_id"], tokens["localId"])
                fresh = Browser(address="192.0.2.41")
                status, headers, _ = fresh.submit(new, "/signin", {"email": "moving@example.com", "password": PASSWORD})
                self.assertEqual((status, headers["Location"]), (303, "/account"))
            finally:
                new.stop()
                os.makedirs(LOGS, exist_ok=True)
                shutil.copy(new.log_path, os.path.join(LOGS, "copy-postgresql.log"))
        finally:
            if old.process and old.process.poll() is None:
                old.stop()
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() else 1)
