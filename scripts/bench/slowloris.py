#!/usr/bin/env python3
"""Slow-connection benchmark for `make bench` (after a release build):
`GET /signin` in Japanese with wrk (64 connections, 5 s), first alone, then while 1,000 slow
connections hold the server: 16 client addresses (127.0.1.1-16, so the per-client cap of 64
does not simply refuse them all) each open 63 connections that send one byte of a request head
every 2 s and reconnect as soon as they are closed (the head timeout ends them). Printed: the
rate, p50 and p99 without and with them, and how many slow connections were open at the end.
"""
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from server import GENKAN, ROOT, free_port, wait_until_up, wrk

ADDRESSES = 16
PER_ADDRESS = 63
DRIP_SECONDS = 2.0


class Slowloris:
    """1,000 connections that never finish their request head."""

    def __init__(self, port):
        self.port = port
        self.stopping = threading.Event()
        self.counts = [0] * ADDRESSES
        self.threads = [threading.Thread(target=self.address, args=(n,), daemon=True) for n in range(ADDRESSES)]

    def connect(self, source):
        sock = socket.socket()
        sock.settimeout(2)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", self.port))
        sock.setblocking(False)
        return sock

    def address(self, n):
        source = f"127.0.1.{n + 1}"
        sockets = []
        while not self.stopping.is_set():
            while len(sockets) < PER_ADDRESS and not self.stopping.is_set():
                try:
                    sockets.append(self.connect(source))
                except OSError:
                    break
            alive = []
            for sock in sockets:
                try:
                    sock.send(b"G")
                    alive.append(sock)
                except OSError:
                    sock.close()
            sockets = alive
            self.counts[n] = len(sockets)
            self.stopping.wait(DRIP_SECONDS)
        for sock in sockets:
            sock.close()

    def start(self):
        for thread in self.threads:
            thread.start()

    def stop(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=10)


def main():
    if not GENKAN.exists():
        print("slow-connection benchmark: build first (swift build -c release)")
        return 1
    work = Path(tempfile.mkdtemp(prefix="genkan-slowloris-"))
    port = free_port()
    genkan = subprocess.Popen(
        [str(GENKAN), "serve", "--port", str(port), "--db", str(work / "bench.sqlite"), "--public", str(ROOT / "public"),
         "--outbox", str(work / "outbox")],
        stdout=open(work / "access.log", "w"), stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/signin"
        wait_until_up(url)
        quiet = wrk(url, headers=["Accept-Language: ja"])
        slow = Slowloris(port)
        slow.start()
        time.sleep(3 * DRIP_SECONDS)  # every slow connection open and dripping
        attacked = wrk(url, headers=["Accept-Language: ja"])
        held = sum(slow.counts)
        slow.stop()
        print(f"GET /signin in Japanese, wrk -t1 -c64 -d5s, alone and with {ADDRESSES * PER_ADDRESS} slow connections "
              f"({ADDRESSES} addresses, a byte every {DRIP_SECONDS:.0f} s, reconnecting)")
        print(f"  alone        {quiet['rate']:10.0f} req/s   p50 {quiet['p50']:6.2f} ms   p99 {quiet['p99']:6.2f} ms")
        print(f"  slowloris    {attacked['rate']:10.0f} req/s   p50 {attacked['p50']:6.2f} ms   p99 {attacked['p99']:6.2f} ms   "
              f"({held} slow connections open at the end)")
        return 0
    finally:
        genkan.terminate()
        genkan.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
