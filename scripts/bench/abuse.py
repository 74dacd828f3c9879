#!/usr/bin/env python3
"""Abuse benchmark for `make bench` (after a release build): can real users sign in while a
flood of sign-ins keeps every core hashing?

`genkan serve --trust-proxy` (loopback) gets, for 15 s, 64 connections of POST /signin through
X-Forwarded-For, in three kinds of flood, each on a fresh database:

1. from 8 addresses (10.66.0.1-8, in turn), wrong passwords, each for a new unknown e-mail
   address (what the sign-in limits count);
2. from 8 addresses, the right passwords of 8 accounts the attacker signed up (what no failure
   count stops: only the fair hashing queue stands between it and the real users);
3. wrong passwords from a new client address for every post (10.x.y.7, as server.py's flood):
   no per-address limit can tell the flood apart, each of its posts is a client of its own;
4. wrong codes at the second step (POST /signin/two-factor) of 8 accounts with an authenticator
   app whose passwords the attacker has (each account signed up, verified from its mail and
   enrolled here first; 4 pending sign-ins each, from 8 addresses): the step hashes nothing, so
   its flood is answered at page speed, and its limits (five codes a step, ten checks an account
   each 15 minutes) end it; the line says how many posts a second it answered.

Meanwhile 5 real users, each with an account and an address of its own (192.0.2.1-5), sign in,
each every 2 s (one every 0.4 s in all), each waiting for its answer before the next; and one more,
the known-device user, signs in as often from the browser it signed up in (its device cookie,
OWASP's device cookies), each time from a new address, and must see p95 < 300 ms in every flood.
Printed per flood: the real users' success rate (303), their p50, p95 and slowest sign-in, what
else they got, the known-device user's the same, and the flood's statuses. With
GENKAN_BASELINE=path/to/another/genkan, that build runs the same floods (plain --trust-proxy).
"""
import base64
import hashlib
import hmac
import http.client
import http.cookiejar
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from email import message_from_bytes, policy
from pathlib import Path

from server import GENKAN, ROOT, STATUS_COUNTING, free_port, ready_to_bench, stop, wait_until_up

CONNECTIONS = 64
FLOOD_ADDRESSES = 8
FLOOD_SECONDS = 15
USERS = 5
USER_INTERVAL = 0.4
PASSWORD = "correct horse battery staple"
KNOWN_DEVICE_GOAL_MS = 300
STEPS_PER_ACCOUNT = 4

FLOOD_SCRIPT = """
counter = 0
request = function()
  counter = counter + 1
  local index = counter % addresses
  local email
  local password
  local address = "10.66.0." .. (index + 1)
  if mode == "spread" then
    address = "10." .. (counter % 250) .. "." .. (math.floor(counter / 250) % 250) .. ".7"
  end
  if mode == "right" then
    email = "attacker" .. index .. "%40example.com"
    password = right_password
  else
    email = "flood" .. counter .. "%40example.com"
    password = "not-the-password"
  end
  local headers = {}
  headers["Content-Type"] = "application/x-www-form-urlencoded"
  headers["X-Forwarded-For"] = address
  if mode == "codes" then
    local step = counter % #steps + 1
    headers["Cookie"] = "genkan_pre=" .. steps[step].pre .. "; genkan_2fa=" .. steps[step].token
    local code = string.format("%06d", (counter * 7919) % 1000000)
    return wrk.format("POST", "/signin/two-factor", headers, "csrf=" .. steps[step].csrf .. "&code=" .. code)
  end
  headers["Cookie"] = "genkan_pre=" .. pre
  return wrk.format("POST", "/signin", headers, "csrf=" .. csrf .. "&email=" .. email .. "&password=" .. password)
end
""" + STATUS_COUNTING


class Page:
    """GET a form page from `address`: its pre-session cookie and CSRF token."""

    def __init__(self, port, path, address, device=None):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.address = address
        self.device = device
        self.connection.request("GET", path, headers={"X-Forwarded-For": address})
        response = self.connection.getresponse()
        body = response.read().decode()
        cookie = response.getheader("Set-Cookie") or ""
        self.pre = re.search(r"genkan_pre=([^;]+)", cookie).group(1)
        self.csrf = re.search(r'name="csrf" value="([^"]+)"', body).group(1)

    def post(self, path, fields):
        """POSTs the form; returns the status and the seconds the answer took."""
        body = urllib.parse.urlencode([("csrf", self.csrf)] + fields)
        cookie = f"genkan_pre={self.pre}" + (f"; genkan_device={self.device}" if self.device else "")
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "X-Forwarded-For": self.address}
        start = time.perf_counter()
        self.connection.request("POST", path, body=body, headers=headers)
        response = self.connection.getresponse()
        response.read()
        elapsed = time.perf_counter() - start
        self.set_cookie = response.getheader("Set-Cookie") or ""
        self.connection.close()
        return response.status, elapsed


def sign_up(port, email, address):
    """Signs up; returns the browser's device cookie (older builds set none)."""
    page = Page(port, "/signup", address)
    status, _ = page.post(
        "/signup", [("name", email.split("@")[0]), ("email", email), ("password", PASSWORD),
                    ("password-confirmation", PASSWORD)])
    if status != 303:
        raise RuntimeError(f"sign-up of {email} answered {status}")
    device = re.search(r"genkan_device=([^;,]+)", page.set_cookie)
    return device.group(1) if device else None


class Browser:
    """A browser with cookies that follows redirects, from one address: the second-step
    accounts' setting up."""

    def __init__(self, port, address):
        self.base = f"http://127.0.0.1:{port}"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.opener.addheaders = [("X-Forwarded-For", address)]

    def open(self, path, fields=None):
        data = urllib.parse.urlencode(fields).encode() if fields is not None else None
        with self.opener.open(self.base + path, data=data, timeout=60) as response:
            return response.read().decode()

    def submit(self, path, page, fields):
        """POSTs the form of `page` (its hidden fields: the CSRF token and what it carries) with `fields`."""
        hidden = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)
        return self.open(path, hidden + fields)


def totp(secret, step):
    """RFC 6238's code for `step` (SHA-1, 6 digits)."""
    mac = hmac.new(secret, struct.pack(">Q", step), hashlib.sha1).digest()
    offset = mac[-1] & 15
    return "%06d" % ((struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def mailed_link(outbox, email, pattern, seconds=60):
    """The path of the first link matching `pattern` in a mail to `email` the outbox holds."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        for path in sorted(outbox.glob("*.eml")) if outbox.is_dir() else []:
            mail = message_from_bytes(path.read_bytes(), policy=policy.default)
            if email in str(mail["To"]):
                found = re.search(pattern, mail.get_body(("plain",)).get_content())
                if found:
                    return found.group(1)
        time.sleep(0.2)
    raise RuntimeError(f"no mail to {email} with {pattern} in {outbox}")


def enrol_second_factor(port, outbox, email, address):
    """Signs up, verifies the address from its mail and adds an authenticator app."""
    browser = Browser(port, address)
    page = browser.open("/signup")
    browser.submit("/signup", page, [("name", email.split("@")[0]), ("email", email), ("password", PASSWORD),
                                     ("password-confirmation", PASSWORD)])
    link = mailed_link(outbox, email, r"https?://\S+?(/verify-email\?code=[A-Za-z0-9_-]+)")
    browser.submit("/verify-email", browser.open(link), [])
    page = browser.submit("/account/two-factor/set-up", browser.open("/account/two-factor"), [("current-password", PASSWORD)])
    key = re.search(r"data-totp-secret[^>]*>([A-Z2-7 ]+)<", page).group(1).replace(" ", "")
    secret = base64.b32decode(key + "=" * (-len(key) % 8))
    page = browser.submit("/account/two-factor/enable", page, [("code", totp(secret, int(time.time()) // 30))])
    if "data-recovery-code" not in page:
        raise RuntimeError(f"{email}: the authenticator was not added")


def pending_second_step(port, email, address):
    """A sign-in with the right password stopped at its second step: the browser's pre-session,
    the step's token and the form's CSRF token."""
    page = Page(port, "/signin", address)
    status, _ = page.post("/signin", [("email", email), ("password", PASSWORD)])
    token = re.search(r"genkan_2fa=([^;,]+)", page.set_cookie)
    if status != 303 or not token:
        raise RuntimeError(f"the sign-in of {email} answered {status} without a second step")
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", "/signin/two-factor", headers={
        "X-Forwarded-For": address, "Cookie": f"genkan_pre={page.pre}; genkan_2fa={token.group(1)}"})
    body = connection.getresponse().read().decode()
    connection.close()
    return page.pre, token.group(1), re.search(r'name="csrf" value="([^"]+)"', body).group(1)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(fraction * len(ordered) + 0.5)) - 1))]


def run_flood(binary, trust_proxy, mode, work):
    """One flood against a fresh server: the real users' results and the flood's statuses."""
    port = free_port()
    database = work / f"abuse-{mode}-{os.getpid()}-{port}.sqlite"
    # A baseline from before the mail issue has no --outbox (and sends no mail).
    serve_help = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True).stdout
    outbox_folder = work / f"outbox-{mode}-{port}"
    outbox = ["--outbox", str(outbox_folder)] if "--outbox" in serve_help else []
    second_factor = ["--two-factor-key", str(work / "two-factor.keys")] if mode == "codes" else []
    server = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--db", str(database), "--public", str(ROOT / "public"),
         *outbox, *second_factor, "--loops", str(os.cpu_count() or 1), *trust_proxy],
        stdout=subprocess.DEVNULL, stderr=open(work / f"genkan-{mode}.err", "w"))
    try:
        wait_until_up(f"http://127.0.0.1:{port}/signin")
        users = [(f"user{index}@example.com", f"192.0.2.{index + 1}") for index in range(USERS)]
        for email, address in users:
            sign_up(port, email, address)
        device = sign_up(port, "owner@example.com", "192.0.2.100")
        if mode == "right":
            for index in range(FLOOD_ADDRESSES):
                sign_up(port, f"attacker{index}@example.com", f"10.67.0.{index + 1}")
        steps = []
        if mode == "codes":
            for index in range(FLOOD_ADDRESSES):
                enrol_second_factor(port, outbox_folder, f"victim{index}@example.com", f"10.67.0.{index + 1}")
                steps += [pending_second_step(port, f"victim{index}@example.com", f"10.66.0.{index + 1}")
                          for _ in range(STEPS_PER_ACCOUNT)]
        flood_page = Page(port, "/signin", "10.66.0.1")
        script = work / f"flood-{mode}.lua"
        step_table = ", ".join(f'{{pre = "{pre}", token = "{token}", csrf = "{csrf}"}}' for pre, token, csrf in steps)
        script.write_text(
            f'csrf = "{flood_page.csrf}"\npre = "{flood_page.pre}"\naddresses = {FLOOD_ADDRESSES}\n'
            f'mode = "{mode}"\nright_password = "{urllib.parse.quote(PASSWORD)}"\nsteps = {{{step_table}}}\n' + FLOOD_SCRIPT)
        flood = subprocess.Popen(
            ["wrk", "-t1", f"-c{CONNECTIONS}", f"-d{FLOOD_SECONDS}s", "--timeout", "30s", "-s", str(script),
             f"http://127.0.0.1:{port}/signin"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        time.sleep(2)  # let the flood fill the queue
        results, known, lock = [], [], threading.Lock()
        deadline = time.time() + FLOOD_SECONDS - 3

        def user(email, address, offset, device=None, into=results):
            # Each user signs in every USERS * USER_INTERVAL seconds, the users staggered; the
            # known-device user from a new address each time (only its browser is known).
            time.sleep(offset)
            attempt = 0
            while time.time() < deadline:
                started = time.time()
                attempt += 1
                where = f"203.0.113.{attempt % 250 + 1}" if device else address
                try:
                    outcome = Page(port, "/signin", where, device).post("/signin", [("email", email), ("password", PASSWORD)])
                except (OSError, http.client.HTTPException, AttributeError):
                    outcome = (0, time.time() - started)
                with lock:
                    into.append(outcome)
                time.sleep(max(0, USERS * USER_INTERVAL - (time.time() - started)))

        threads = [threading.Thread(target=user, args=(email, address, index * USER_INTERVAL))
                   for index, (email, address) in enumerate(users)]
        threads.append(threading.Thread(
            target=user, args=("owner@example.com", None, USER_INTERVAL / 2), kwargs={"device": device, "into": known}))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        output = flood.communicate()[0]
        statuses = dict(re.findall(r"(\d{3})=(\d+)", output))
        rate = re.search(r"Requests/sec:\s+([\d.]+)", output)
        if rate:
            statuses["posts/s"] = rate.group(1)
        return results, known, statuses
    finally:
        stop(server)


def summary(results):
    """The share signed in, p50, p95 and slowest (ms), and what else came back."""
    signed_in = [elapsed for status, elapsed in results if status == 303]
    times = [elapsed * 1000 for _, elapsed in results] or [0]
    others = {}
    for status, _ in results:
        if status != 303:
            others[status] = others.get(status, 0) + 1
    other_text = ", ".join(f"{count}x {status or 'no answer'}" for status, count in sorted(others.items())) or "nothing else"
    return len(signed_in), len(results), statistics.median(times), percentile(times, 0.95), max(times), other_text


def report(name, results, known, statuses):
    """Prints one flood's lines; returns whether the known-device user met its goal."""
    done, tried, p50, p95, slowest, other = summary(results)
    rate = 100 * done / max(1, tried)
    print(f"    {name:9} real users {done}/{tried} signed in ({rate:.0f}%), "
          f"p50 {p50:5.0f} ms, p95 {p95:5.0f} ms, slowest {slowest:5.0f} ms; {other}")
    flood = " ".join(f"{status}={statuses[status]}" for status in sorted(statuses))
    done, tried, p50, p95, slowest, other = summary(known)
    verdict = "meets" if done == tried and p95 < KNOWN_DEVICE_GOAL_MS else "MISSES"
    print(f"    {'':9} known-device user {done}/{tried} signed in, p50 {p50:5.0f} ms, p95 {p95:5.0f} ms "
          f"({verdict} p95 < {KNOWN_DEVICE_GOAL_MS} ms), slowest {slowest:5.0f} ms; {other}")
    print(f"    {'':9} flood {flood or 'no answers'}")
    return verdict == "meets"


def main():
    if not ready_to_bench("abuse benchmark"):
        return 1
    builds = [("genkan", str(GENKAN), ["--trust-proxy"])]
    if os.environ.get("GENKAN_BASELINE"):
        builds.append(("baseline", os.environ["GENKAN_BASELINE"], ["--trust-proxy"]))
    work = Path(tempfile.mkdtemp(prefix="genkan-abuse-"))
    try:
        print(f"Sign-in floods: wrk -t1 -c{CONNECTIONS} -d{FLOOD_SECONDS}s POST /signin (X-Forwarded-For through "
              f"--trust-proxy); meanwhile {USERS} real users, each from its own address, sign in every "
              f"{USERS * USER_INTERVAL:g} s (staggered: one every {USER_INTERVAL} s)")
        for mode, title in [
            ("wrong", f"from {FLOOD_ADDRESSES} addresses: wrong passwords, each for a new unknown e-mail address"),
            ("right", f"from {FLOOD_ADDRESSES} addresses: right passwords of {FLOOD_ADDRESSES} accounts the attacker signed up"),
            ("spread", "from a new address for every post: wrong passwords for new unknown e-mail addresses"),
            ("codes", f"from {FLOOD_ADDRESSES} addresses: wrong codes at the second step of {FLOOD_ADDRESSES} accounts "
                      f"with an authenticator app ({STEPS_PER_ACCOUNT} pending sign-ins each)"),
        ]:
            print(f"  {title}")
            for name, binary, trust_proxy in builds:
                if mode == "codes" and "--two-factor-key" not in subprocess.run(
                        [binary, "serve", "--help"], capture_output=True, text=True).stdout:
                    print(f"    {name:9} has no second factor")
                    continue
                results, known, statuses = run_flood(binary, trust_proxy, mode, work)
                report(name, results, known, statuses)
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
