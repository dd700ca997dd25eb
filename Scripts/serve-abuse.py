#!/usr/bin/env python3
"""The service under abuse (issue #37, class 7): runs `selfsize serve` on loopback through six
abusive clients and prints what each did to the server: whether connections close, what a
malformed request is answered, whether SIGTERM ends the process, how long /healthz takes, the
server's CPU and its RSS (from /proc; the peak is VmHWM).

    Scripts/serve-abuse.py                          # every case, .build/debug/selfsize
    SELFSIZE=.build/release/selfsize Scripts/serve-abuse.py keepalive headers
    SERVE_ARGS="--jobs 2" Scripts/serve-abuse.py memory

Cases: keepalive, headers, stalled, descriptors, memory, templates. Only 127.0.0.1 is contacted;
every case is bounded in time (the server is killed when a case is over).
"""

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time

SELFSIZE = os.environ.get("SELFSIZE", ".build/debug/selfsize")
SERVE_ARGS = os.environ.get("SERVE_ARGS", "").split()


class Server:
    def __init__(self, args=(), nofile=None):
        def limit():
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        self.process = subprocess.Popen(
            [SELFSIZE, "serve", "--port", "0", *SERVE_ARGS, *args],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, preexec_fn=limit)
        line = self.process.stdout.readline().decode()
        self.port = int(line.rsplit(":", 1)[1].strip())

    def status(self, key):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) / 1024  # MB
        return 0.0

    def rss(self):
        return self.status("VmRSS")

    def peak(self):
        return self.status("VmHWM")

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def descriptors(self):
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def connect(self, timeout=5):
        return socket.create_connection(("127.0.0.1", self.port), timeout=timeout)

    def healthz(self, timeout=5):
        """Seconds /healthz took, or None when it did not answer within `timeout`."""
        start = time.monotonic()
        try:
            with self.connect(timeout) as s:
                s.settimeout(timeout)
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                data = b""
                while b"\r\n\r\n" not in data or not data.endswith(b"}\n"):
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    data += chunk
            return time.monotonic() - start if data.startswith(b"HTTP/1.1 200") else None
        except OSError:
            return None

    def metric(self, name, **labels):
        with self.connect() as s:
            s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            text = read_all(s).decode()
        want = ",".join(f'{k}="{v}"' for k, v in labels.items())
        for line in text.splitlines():
            if line.startswith(name + ("{" + want + "}" if want else " ")):
                return float(line.rsplit(" ", 1)[1])
        return None

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def read_all(s, limit=None):
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            return data
        data += chunk
        if limit and len(data) >= limit:
            return data


def closes_within(s, seconds):
    """Seconds until the server closed `s` (reading and discarding), or None."""
    s.settimeout(0.5)
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        try:
            if not s.recv(65536):
                return time.monotonic() - start
        except socket.timeout:
            continue
        except OSError:
            return time.monotonic() - start
    return None


def report(case, **figures):
    print(json.dumps({"case": case, **figures}), flush=True)


def keepalive():
    server = Server()
    try:
        for name, request in [
            ("http/1.0", b"GET /healthz HTTP/1.0\r\n\r\n"),
            ("http/1.1 close", b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n"),
            ("http/1.0 keep-alive", b"GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"),
        ]:
            with server.connect() as s:
                s.sendall(request)
                closed = closes_within(s, 15)
            report("keepalive", request=name, closed_after_s=closed and round(closed, 2))
    finally:
        server.stop()


def headers():
    server = Server()
    try:
        for name, request in [
            ("100 KB header", b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"),
            ("not HTTP", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(200)) + b"\r\n\r\n"),
        ]:
            with server.connect() as s:
                try:
                    s.sendall(request)
                except OSError:
                    pass
                s.settimeout(5)
                response = b""
                try:
                    response = read_all(s, 1 << 20)
                    closed = True
                except socket.timeout:
                    closed = False
                except OSError:
                    closed = True
            head, _, body = response.partition(b"\r\n\r\n")
            report("headers", request=name, status=head.split(b"\r\n")[0].decode(errors="replace"),
                   body=body.decode(errors="replace")[:160], closed=closed)
    finally:
        server.stop()


def stalled():
    server = Server()
    try:
        s = server.connect()
        s.sendall(b"POST /v1/text HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 900000\r\n\r\n{\"texts\":")
        time.sleep(1)
        server.process.send_signal(signal.SIGTERM)
        start = time.monotonic()
        try:
            server.process.wait(timeout=75)
            exited = time.monotonic() - start
        except subprocess.TimeoutExpired:
            exited = None
        report("stalled", sigterm_exit_s=exited and round(exited, 2), exit_status=server.process.poll())
        s.close()
    finally:
        server.stop()
    # Without a signal: how long the stalled upload holds its connection.
    server = Server()
    try:
        s = server.connect()
        s.sendall(b"POST /v1/text HTTP/1.1\r\nHost: x\r\nContent-Length: 900000\r\n\r\n{\"texts\":")
        s.settimeout(75)
        start = time.monotonic()
        try:
            response = read_all(s)
        except OSError:
            response = b""
        held = time.monotonic() - start
        report("stalled", upload_closed_after_s=round(held, 2) if held < 74 else None,
               answer=response.split(b"\r\n")[0].decode() + " " + response.partition(b"\r\n\r\n")[2].decode()[:120])
    finally:
        server.stop()


def descriptors():
    server = Server(nofile=256)
    sockets = []
    try:
        cpu0 = server.cpu_seconds()
        for _ in range(400):
            try:
                sockets.append(server.connect(timeout=2))
            except OSError:
                break
        time.sleep(1)
        latencies = []
        start = time.monotonic()
        cpu1 = server.cpu_seconds()
        while time.monotonic() - start < 10:
            latency = server.healthz(timeout=3)
            latencies.append(None if latency is None else round(latency, 3))
            time.sleep(0.5)
        cpu2 = server.cpu_seconds()
        report("descriptors", connected=len(sockets), server_fds=server.descriptors(),
               healthz_s=latencies, answered=sum(x is not None for x in latencies), asked=len(latencies),
               cpu_percent_while_idle=round(100 * (cpu2 - cpu1) / (time.monotonic() - start), 1),
               cpu_s_accepting=round(cpu1 - cpu0, 2), rss_mb=round(server.rss(), 1))
    finally:
        for s in sockets:
            s.close()
        server.stop()


def text_request(text_bytes=900_000, widths=16):
    word = "Paragraph of words that wrap 中文。 "
    text = (word * (text_bytes // len(word.encode()) + 1)).encode()[:text_bytes].decode(errors="ignore")
    body = json.dumps({"texts": [{"id": "big", "text": text}],
                       "widths": [100 + 20 * i for i in range(widths)]}, ensure_ascii=False).encode()
    return (b"POST /v1/text HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


def memory():
    server = Server(["--deadline", "600"])
    request = text_request()
    statuses = {}
    lock = threading.Lock()
    answer_bytes = []

    def client():
        try:
            with server.connect(timeout=600) as s:
                s.settimeout(600)
                s.sendall(request)
                size = 0
                first = b""
                while True:
                    chunk = s.recv(1 << 20)
                    if not chunk:
                        break
                    if len(first) < 64:
                        first += chunk[:64]
                    size += len(chunk)
                status = first.split(b" ")[1].decode() if first else "none"
        except OSError as error:
            status, size = type(error).__name__, 0
        with lock:
            statuses[status] = statuses.get(status, 0) + 1
            answer_bytes.append(size)

    try:
        rss0 = server.rss()
        threads = [threading.Thread(target=client) for _ in range(48)]
        start = time.monotonic()
        for t in threads:
            t.start()
        latencies = []
        while any(t.is_alive() for t in threads):
            latency = server.healthz(timeout=5)
            latencies.append(None if latency is None else round(latency, 2))
            time.sleep(1)
        report("memory", seconds=round(time.monotonic() - start, 1), statuses=statuses,
               largest_answer_mb=round(max(answer_bytes) / 1e6, 1), rss_start_mb=round(rss0, 1),
               rss_peak_mb=round(server.peak(), 1), rss_end_mb=round(server.rss(), 1),
               healthz_worst_s=max((x for x in latencies if x is not None), default=None),
               healthz_unanswered=sum(x is None for x in latencies), healthz_asked=len(latencies))
    finally:
        server.stop()


def templates(count=700):
    server = Server(["--deadline", "600"])
    template = {"description": "x" * 900_000, "spacing": 4,
                "styles": {"title": {"fontSize": 15, "lineHeight": 21, "maxLines": 2}},
                "stack": [{"label": "title", "style": "title"}]}
    try:
        rss0 = server.rss()
        statuses = {}
        start = time.monotonic()
        worst = 0.0
        with server.connect(timeout=600) as s:
            for n in range(count):
                body = json.dumps({"template": template, "items": [{"id": f"i{n}", "title": f"Title {n}"}],
                                   "widths": [170]}).encode()
                s.sendall(b"POST /v1/measure HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
                head = b""
                while b"\r\n\r\n" not in head:
                    chunk = s.recv(65536)
                    if not chunk:
                        raise OSError("closed")
                    head += chunk
                headers, _, rest = head.partition(b"\r\n\r\n")
                length = int([line.split(b":")[1] for line in headers.split(b"\r\n")
                              if line.lower().startswith(b"content-length")][0])
                while len(rest) < length:
                    rest += s.recv(65536)
                status = headers.split(b" ")[1].decode()
                statuses[status] = statuses.get(status, 0) + 1
                if n % 100 == 99:
                    latency = server.healthz()
                    worst = max(worst, latency if latency is not None else 99)
        report("templates", requests=count, seconds=round(time.monotonic() - start, 1), statuses=statuses,
               rss_start_mb=round(rss0, 1), rss_end_mb=round(server.rss(), 1),
               rss_peak_mb=round(server.peak(), 1), healthz_worst_s=round(worst, 3),
               cells_cache_mb=round((server.metric("selfsize_cache_bytes", cache="cells") or 0) / 1e6, 2),
               templates_cache_mb=round((server.metric("selfsize_cache_bytes", cache="templates") or 0) / 1e6, 2),
               cells_cache_entries=server.metric("selfsize_cache_entries", cache="cells"))
    finally:
        server.stop()


CASES = {"keepalive": keepalive, "headers": headers, "stalled": stalled, "descriptors": descriptors,
         "memory": memory, "templates": templates}

if __name__ == "__main__":
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    for name in sys.argv[1:] or CASES:
        CASES[name]()
