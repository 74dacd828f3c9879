#!/usr/bin/env python3
"""Server benchmark for `make bench` (after a release build):

1. GET /signin rendered in Japanese by `genkan serve` against nginx serving the same bytes as a
   static file, with wrk at 64 connections. Both are warmed up first; then rounds alternate which
   server goes first (whoever runs first in a round meets a cooler machine, which favoured genkan
   when it always went first), and the ratio is the sum of genkan's rates over the sum of nginx's
   (goal: at least 0.9x nginx), with the median p50 and p99 (goal: p99 under 10 ms). With
   GENKAN_BASELINE=path/to/another/genkan, that build serves the same page in the same rounds too,
   and its ratio is printed beside (what a change costs, measured in one run).
2. GET /signin latency while a flood of sign-in POSTs keeps every core hashing Argon2id (goal: p99
   under 50 ms). The flood goes through --trust-proxy with a new X-Forwarded-For and e-mail address
   per request, so the rate limits do not stop it; every post is a real Argon2id verification.
3. Resident memory of genkan, anonymous (heap, stacks: what the process itself allocated) and
   file-backed (the binary and libraries, shared with every process that maps them) apart: fresh
   (started, no request yet), at its peak while serving pages and while hashing the flood too
   (sampled every 0.1 s), and idle after the runs; the same for the baseline; nginx's peak
   (VmHWM, master and workers) beside.

Each genkan (and the baseline) writes its access log to a file in the work directory, as a
deployment would, and so does nginx (its default: a line per request, unbuffered), so both sides
pay for the log they keep.
"""
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENKAN = ROOT / ".build" / "release" / "genkan"
CONNECTIONS = 64
DURATION = 5
ROUNDS = 4
CORES = os.cpu_count() or 1


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(url):
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            return urllib.request.urlopen(url, timeout=1)
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up")


def ready_to_bench(name, builds=(GENKAN,), tools=("wrk",)):
    """Whether the tools and the builds a benchmark needs are there; when not, says which is missing."""
    for tool in tools:
        if not shutil.which(tool):
            print(f"{name} skipped: {tool} is not installed (scripts/install-deps.sh bench)")
            return False
    if not all(build.exists() for build in builds):
        print(f"{name}: build first (swift build -c release)")
        return False
    return True


def stop(process, signal_number=signal.SIGTERM, timeout=30):
    """Asks a server to stop (SIGTERM unless told), and kills it if it has not within `timeout` seconds."""
    process.send_signal(signal_number)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()


def peak_memory_kib(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total


def resident_kib(pid):
    """The resident memory of a process (KiB): anonymous, file-backed and their sum, and its peak
    sum so far (VmHWM; the kernel keeps no peak of each part)."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("RssAnon", "RssFile", "RssShmem", "VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0])
    return {"anon": fields["RssAnon"], "file": fields["RssFile"] + fields["RssShmem"], "total": fields["VmRSS"],
            "hwm": fields["VmHWM"]}


class MemorySampler:
    """The largest anonymous and file-backed resident size of a process, read every `interval`
    seconds on a thread of its own between `start()` and `stop()`, over the whole time or in parts
    (`take_peak()`)."""

    def __init__(self, pid, interval=0.1):
        self.pid, self.interval = pid, interval
        self.peak = {"anon": 0, "file": 0, "total": 0, "hwm": 0}
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self._stop.is_set():
            self.sample()
            self._stop.wait(self.interval)

    def sample(self):
        try:
            now = resident_kib(self.pid)
        except (FileNotFoundError, ProcessLookupError):
            return
        with self._lock:
            for key, value in now.items():
                self.peak[key] = max(self.peak[key], value)

    def take_peak(self):
        """The peak so far; the next one is counted from now."""
        with self._lock:
            peak, self.peak = self.peak, {key: 0 for key in self.peak}
        self.sample()
        return peak

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        if self._thread.is_alive():
            self._stop.set()
            self._thread.join()
            self.sample()


def wait_until_listening(port, process, timeout=20):
    """Waits until `port` accepts a connection (nothing is sent: the server stays fresh)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"port {port} did not open")


def memory_line(label, kib, note):
    return (f"  {label:13} anonymous {kib['anon'] / 1024:6.1f} MiB   file-backed {kib['file'] / 1024:6.1f} MiB   "
            f"total {kib['total'] / 1024:6.1f} MiB   ({note})")


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listing:
            return [int(child) for child in listing.read().split()]
    except FileNotFoundError:
        return []


def to_ms(text):
    value = float(re.match(r"[\d.]+", text).group())
    if text.endswith("us"):
        return value / 1000
    if text.endswith("ms"):
        return value
    if text.endswith("s"):
        return value * 1000
    return value


def wrk(url, connections=CONNECTIONS, duration=DURATION, headers=(), script=None):
    command = ["wrk", "-t1", f"-c{connections}", f"-d{duration}s", "--latency"]
    for header in headers:
        command += ["-H", header]
    if script:
        command += ["-s", script]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p50 = to_ms(re.search(r"\s50%\s+(\S+)", output).group(1))
    p99 = to_ms(re.search(r"\s99%\s+(\S+)", output).group(1))
    statuses = re.search(r"statuses (.*)", output)
    return {"rate": rate, "p50": p50, "p99": p99, "output": output, "statuses": statuses.group(1) if statuses else ""}


def alternating_rounds(contestants, rounds):
    """Runs each `(name, measure)` once a round, the order reversed every other round (whoever goes
    first meets a cooler machine, which favoured genkan when it always went first); returns each
    one's runs by name."""
    runs = {name: [] for name, _ in contestants}
    for round_number in range(rounds):
        for name, measure in contestants if round_number % 2 == 0 else list(reversed(contestants)):
            runs[name].append(measure())
    return runs


def mean_rate(runs):
    """The rate over all `runs` (summing them: one slow round counts as much as it cost)."""
    return sum(run["rate"] for run in runs) / len(runs)


# What every wrk script of the benches ends with: each thread counts the statuses it got, and
# `done` prints them as one "statuses 200=… 422=…" line, which `wrk()` returns as "statuses".
STATUS_COUNTING = """
statuses = {}
threads = {}
setup = function(thread) table.insert(threads, thread) end
response = function(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end
done = function(summary, latency, requests)
  local parts = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do table.insert(parts, status .. "=" .. count) end
  end
  io.write("statuses " .. table.concat(parts, " ") .. "\\n")
end
"""

FLOOD_SCRIPT = """
-- Sign-in posts with a fresh address and client each: all of them pass validation and the rate
-- limits, and each costs one Argon2id verification (an unknown address verifies a dummy hash).
counter = 0
request = function()
  counter = counter + 1
  local body = "csrf=" .. csrf .. "&email=flood" .. counter .. "%40example.com&password=not-the-password"
  local headers = {}
  headers["Content-Type"] = "application/x-www-form-urlencoded"
  headers["Cookie"] = "genkan_pre=" .. pre
  headers["X-Forwarded-For"] = "10." .. (counter % 250) .. "." .. (math.floor(counter / 250) % 250) .. ".7"
  return wrk.format("POST", "/signin", headers, body)
end
""" + STATUS_COUNTING


def main():
    if not ready_to_bench("server benchmark", tools=("wrk", "nginx")):
        return 1
    work = Path(tempfile.mkdtemp(prefix="genkan-bench-"))
    work.chmod(0o755)  # nginx workers run as another user
    genkan_port, nginx_port, baseline_port = free_port(), free_port(), free_port()
    baseline_binary = os.environ.get("GENKAN_BASELINE")
    baseline, baseline_url = None, None
    if baseline_binary:
        baseline = subprocess.Popen(
            [baseline_binary, "serve", "--port", str(baseline_port), "--db", str(work / "baseline.sqlite"),
             "--public", str(ROOT / "public"), "--loops", str(CORES)],
            stdout=open(work / "baseline-access.log", "w"), stderr=subprocess.DEVNULL)
        baseline_url = f"http://127.0.0.1:{baseline_port}/signin"
    genkan = subprocess.Popen(
        [str(GENKAN), "serve", "--port", str(genkan_port), "--db", str(work / "bench.sqlite"),
         "--public", str(ROOT / "public"), "--loops", str(CORES), "--trust-proxy"],
        stdout=open(work / "genkan-access.log", "w"), stderr=open(work / "genkan.err", "w"))
    nginx = None
    samplers = []
    try:
        # Fresh: started, the port open, no request yet (a second for what a start leaves running).
        servers = [("genkan", genkan, genkan_port)] + ([("base", baseline, baseline_port)] if baseline else [])
        for _, process, port in servers:
            wait_until_listening(port, process)
        time.sleep(1)
        fresh = {name: resident_kib(process.pid) for name, process, _ in servers}
        samplers = [(name, process, MemorySampler(process.pid).start()) for name, process, _ in servers]
        url = f"http://127.0.0.1:{genkan_port}/signin"
        request = urllib.request.Request(url, headers={"Accept-Language": "ja"})
        page = wait_until_up(request).read()
        (work / "root").mkdir()
        (work / "root" / "signin").write_bytes(page)
        (work / "nginx.conf").write_text(f"""
worker_processes {CORES};
pid {work}/nginx.pid;
error_log {work}/nginx-error.log;
events {{ worker_connections 4096; }}
http {{
  # Like genkan's, one line per request written through to a file (nginx's default: no buffer).
  access_log {work}/nginx-access.log;
  sendfile on;
  tcp_nopush on;
  open_file_cache max=16 inactive=60s;
  keepalive_requests 1000000;
  server {{
    listen 127.0.0.1:{nginx_port};
    root {work}/root;
    location / {{ default_type "text/html; charset=utf-8"; }}
  }}
}}
""")
        nginx = subprocess.Popen(["nginx", "-c", str(work / "nginx.conf"), "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=open(work / "nginx.err", "w"))
        nginx_url = f"http://127.0.0.1:{nginx_port}/signin"
        try:
            wait_until_up(nginx_url)
        except RuntimeError:
            print((work / "nginx.err").read_text(), file=sys.stderr)
            raise
        served = urllib.request.urlopen(nginx_url).read()
        assert served == page, "nginx must serve the very bytes genkan rendered"

        print(f"GET /signin in Japanese ({len(page)} bytes), wrk -t1 -c{CONNECTIONS} -d{DURATION}s, "
              f"{ROUNDS} rounds in alternating order, rates summed; {CORES} loops / {CORES} nginx workers")
        contestants = [("genkan", url, ["Accept-Language: ja"]), ("nginx", nginx_url, [])]
        if baseline_url:
            wait_until_up(urllib.request.Request(baseline_url, headers={"Accept-Language": "ja"}))
            contestants.append(("base", baseline_url, ["Accept-Language: ja"]))
        for _, target, headers in contestants:
            wrk(target, duration=2, headers=headers)
        runs = alternating_rounds(
            [(name, lambda target=target, headers=headers: wrk(target, headers=headers)) for name, target, headers in contestants],
            ROUNDS)
        genkan_runs, nginx_runs, baseline_runs = runs["genkan"], runs["nginx"], runs.get("base", [])

        def median(runs, key):
            return statistics.median(run[key] for run in runs)

        g_rate, n_rate = mean_rate(genkan_runs), mean_rate(nginx_runs)
        ratio = g_rate / n_rate
        g_p99 = median(genkan_runs, "p99")
        print(f"  genkan  {g_rate:10.0f} req/s   p50 {median(genkan_runs, 'p50'):6.2f} ms   p99 {g_p99:6.2f} ms")
        print(f"  nginx   {n_rate:10.0f} req/s   p50 {median(nginx_runs, 'p50'):6.2f} ms   "
              f"p99 {median(nginx_runs, 'p99'):6.2f} ms")
        if baseline_url:
            b_rate = mean_rate(baseline_runs)
            print(f"  base    {b_rate:10.0f} req/s   p50 {median(baseline_runs, 'p50'):6.2f} ms   "
                  f"p99 {median(baseline_runs, 'p99'):6.2f} ms   ({b_rate / n_rate:.2f}x nginx; this build "
                  f"{g_rate / b_rate:.2f}x the baseline)")
        print("  rounds  genkan " + " ".join(f"{run['rate']:.0f}" for run in genkan_runs)
              + "; nginx " + " ".join(f"{run['rate']:.0f}" for run in nginx_runs))
        print(f"  ratio   {ratio:.2f}x nginx (goal >= 0.9x: {'met' if ratio >= 0.9 else 'NOT met'}); "
              f"p99 {g_p99:.2f} ms (goal < 10 ms: {'met' if g_p99 < 10 else 'NOT met'})")

        # A form token and its pre-session cookie for the flood.
        response = urllib.request.urlopen(url)
        cookie = response.headers.get("Set-Cookie", "")
        pre = re.search(r"genkan_pre=([^;]+)", cookie).group(1)
        csrf = re.search(rb'name="csrf" value="([^"]+)"', response.read()).group(1).decode()
        script = work / "flood.lua"
        script.write_text(f'csrf = "{csrf}"\npre = "{pre}"\n' + FLOOD_SCRIPT)
        flood_seconds = DURATION + 4
        # As many posts in flight as the hashing threads and their queue hold: every core hashes
        # all the time, and no post is refused for a full queue.
        flood_connections = CORES * 4
        page_peaks = {name: sampler.take_peak() for name, _, sampler in samplers}
        flood = subprocess.Popen(
            ["wrk", "-t1", f"-c{flood_connections}", f"-d{flood_seconds}s", "-s", str(script), url],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        time.sleep(2)  # let the hashing queue fill
        under_load = wrk(url, headers=["Accept-Language: ja"])
        flood_output = flood.communicate()[0]
        statuses = dict(re.findall(r"(\d{3})=(\d+)", flood_output))
        hashed = int(statuses.get("422", 0))
        print(f"GET /signin during a sign-in flood (wrk -c{flood_connections} POST /signin, each an Argon2id verification)")
        print(f"  genkan  {under_load['rate']:10.0f} req/s   p50 {under_load['p50']:6.2f} ms   "
              f"p99 {under_load['p99']:6.2f} ms (goal < 50 ms: {'met' if under_load['p99'] < 50 else 'NOT met'})")
        print(f"  flood   {hashed / flood_seconds:6.1f} sign-ins hashed/s (422), "
              f"{int(statuses.get('503', 0)) / flood_seconds:8.1f}/s refused by the full queue (503), "
              f"{int(statuses.get('429', 0))} rate-limited")

        with open(work / "genkan-access.log", "rb") as log:
            print(f"Access log: {sum(1 for _ in log)} lines written by genkan during the runs")
        time.sleep(1)
        nginx_pids = [nginx.pid] + children(nginx.pid)
        print("Resident memory (anonymous: the process's own heap and stacks; file-backed: its binary and "
              "libraries, shared with other processes)")
        for name, process, sampler in samplers:
            sampler.stop()
            goal = fresh[name]["anon"] < 10 * 1024
            print(memory_line(f"{name} fresh", fresh[name],
                              f"started, no request yet; VmHWM {fresh[name]['hwm'] / 1024:.1f} MiB, the start's peak; "
                              f"goal anonymous < 10 MiB: {'met' if goal else 'NOT met'}"))
            print(memory_line(f"{name} pages", page_peaks[name], "the peak while serving pages, sampled every 0.1 s"))
            if name == "genkan":  # the flood is sent to genkan only
                print(memory_line(f"{name} flood", sampler.peak,
                                  f"the peak while hashing sign-ins too; VmHWM {sampler.peak['hwm'] / 1024:.1f} MiB"))
            print(memory_line(f"{name} after", resident_kib(process.pid), "idle after the runs"))
        print(f"  nginx peak    {peak_memory_kib(nginx_pids) / 1024:6.1f} MiB (VmHWM, master and {len(nginx_pids) - 1} workers)")
        return 0
    finally:
        for _, _, sampler in samplers:
            sampler.stop()
        if baseline:
            stop(baseline)
        stop(genkan)
        if nginx:
            stop(nginx, signal.SIGQUIT, timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
