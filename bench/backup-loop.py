#!/usr/bin/env python3
"""Keeps a backup of the placesd on SOCKET running until STOP exists: server.backup to TARGET, again and again.

    backup-loop.py SOCKET TARGET STOP

One connection sends each server.backup as soon as the one before has been answered, so that a backup is under
way the whole time but for a round trip between two. Each backup prints a line as it starts and as it ends,
"start NS" and "end NS" (the realtime clock in nanoseconds, as `date +%s%N` reads it), flushed at once, so that
bench/run.sh can tell how much of a measurement's window a backup covered. Exits 1 at the first error.
"""

import json
import os
import socket
import sys
import time


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: backup-loop.py SOCKET TARGET STOP")
    path, target, stop = sys.argv[1:]
    # server.backup takes an absolute path; placesctl makes one from its working directory, and so does this.
    target = os.path.abspath(target)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(600)
        connection.connect(path)
        replies = connection.makefile("rb")
        number = 0
        while not os.path.exists(stop):
            number += 1
            request = {"jsonrpc": "2.0", "id": number, "method": "server.backup", "params": {"path": target}}
            print(f"start {time.time_ns()}", flush=True)
            connection.sendall(json.dumps(request).encode() + b"\n")
            reply = replies.readline()
            print(f"end {time.time_ns()}", flush=True)
            if not reply:
                sys.exit(f"backup-loop.py: '{path}' closed the connection without a reply")
            message = json.loads(reply)
            if "error" in message:
                sys.exit(f"backup-loop.py: server.backup failed: {json.dumps(message['error'])}")


if __name__ == "__main__":
    main()
