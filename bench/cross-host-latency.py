#!/usr/bin/env python3
"""Measures how long a change written through one host takes to reach a watcher on another.

    cross-host-latency.py WATCHED_SOCKET WRITTEN_SOCKET [--rate N] [--seconds S]

A watcher calls places.watch on WATCHED_SOCKET; a writer sends places.add to
WRITTEN_SOCKET at N adds a second (open loop, paced by the clock, not by the
replies) for S seconds. Each add's latency runs from just before its line is
written to the arrival of its places.changed event at the watcher. Prints one
line of JSON: the count, the rate reached, p50, p99 and the maximum in
milliseconds, and how many adds failed; then the same for the replies to the
adds (ack_p50_ms, ack_p99_ms, ack_max_ms: from the line written to its reply
on the writing host, which is committed by then), which tells a slow commit
from a slow way to the other host. Exits 1 when an event is missing after 30 s
or an add failed.
"""

import argparse
import json
import socket
import statistics
import sys
import threading
import time


def connect(path):
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.settimeout(120)
    connection.connect(path)
    return connection


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description="Cross-host event latency of placesd over one database.")
    parser.add_argument("watched")
    parser.add_argument("written")
    parser.add_argument("--rate", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=5)
    arguments = parser.parse_args()
    count = int(arguments.rate * arguments.seconds)
    prefix = f"latency-{time.time_ns()}-"

    watcher = connect(arguments.watched)
    watcher.sendall(b'{"jsonrpc":"2.0","id":1,"method":"places.watch"}\n')
    events = watcher.makefile("rb")
    while "result" not in json.loads(events.readline()):
        pass
    sent = [0] * count
    received = [0] * count
    done = threading.Event()

    def watch():
        seen = 0
        for line in events:
            message = json.loads(line)
            if message.get("method") != "places.changed":
                continue
            name = message["params"]["place"]["name"]
            if name.startswith(prefix):
                received[int(name[len(prefix):])] = time.monotonic_ns()
                seen += 1
                if seen == count:
                    break
        done.set()

    failures = [0]

    acked = [0] * count

    def drain(replies):
        # Replies come in request order: the index-th line answers add number index.
        for index in range(count):
            line = replies.readline()
            acked[index] = time.monotonic_ns()
            if not line or b'"error"' in line:
                failures[0] += 1

    watching = threading.Thread(target=watch, daemon=True)
    watching.start()
    writer = connect(arguments.written)
    replies = writer.makefile("rb")
    draining = threading.Thread(target=drain, args=(replies,), daemon=True)
    draining.start()
    start = time.monotonic_ns()
    interval = 1e9 / arguments.rate
    for index in range(count):
        due = start + int(index * interval)
        delay = (due - time.monotonic_ns()) / 1e9
        if delay > 0:
            time.sleep(delay)
        line = json.dumps({
            "jsonrpc": "2.0", "id": index, "method": "places.add",
            "params": {"name": f"{prefix}{index}", "latitude": 1, "longitude": 1},
        }).encode() + b"\n"
        sent[index] = time.monotonic_ns()
        writer.sendall(line)
    elapsed = (time.monotonic_ns() - start) / 1e9
    arrived = done.wait(30)
    draining.join(30)
    latencies = [(r - s) / 1e6 for s, r in zip(sent, received) if r]
    acks = [(a - s) / 1e6 for s, a in zip(sent, acked) if a]
    result = {"count": count, "arrived": len(latencies), "rate": round(count / elapsed) if elapsed else None}
    for key, values in (("", latencies), ("ack_", acks)):
        result[f"{key}p50_ms"] = round(statistics.median(values), 3) if values else None
        result[f"{key}p99_ms"] = round(percentile(values, 0.99), 3) if values else None
        result[f"{key}max_ms"] = round(max(values), 3) if values else None
    result["failed"] = failures[0]
    print(json.dumps(result))
    if not arrived or failures[0]:
        sys.exit(1)


if __name__ == "__main__":
    main()
