#!/usr/bin/env python3
"""Runs a server as a child, says when it is ready, and stays its parent.

    serve.py [--notify PATH] [--socket PATH] [--timeout SECONDS] --log FILE -- COMMAND...

With --notify, binds an AF_UNIX datagram socket at PATH, passes it to the
server as NOTIFY_SOCKET and waits for READY=1 (as systemd does for
Type=notify). With --socket, waits until PATH accepts a connection. Prints
one line on stdout once every condition holds, saying how long the server
took from spawn to READY=1 (without --notify, to its first accepted
connection) and its pid:

    ready in 0.412 s, pid 1234 (STATUS)

or "failed: REASON" and exits 1 when the server exits first or the deadline
passes. Afterwards it keeps reading the server's notifications (so sd_notify
never blocks), forwards SIGTERM and SIGINT to the server, kills it when it is
still running 15 s later, and exits with the server's status.
"""

import argparse
import os
import select
import signal
import socket
import subprocess
import sys
import time

STOP_GRACE_SECONDS = 15.0


def parse_arguments():
    parser = argparse.ArgumentParser(description="Run a server and report when it is ready.")
    parser.add_argument("--notify", metavar="PATH", help="datagram socket for sd_notify messages")
    parser.add_argument("--socket", metavar="PATH", help="stream socket that must accept a connection")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds to wait for readiness")
    parser.add_argument("--log", required=True, metavar="FILE", help="file for the server's stdout and stderr")
    parser.add_argument("command", nargs="+", help="the server and its arguments (after --)")
    return parser.parse_args()


def accepts_connections(path):
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(path)
        return True
    except OSError:
        return False
    finally:
        probe.close()


def notifications(notify):
    """Reads every pending datagram; returns the assignments they carry."""
    fields = {}
    while True:
        try:
            datagram = notify.recv(65536, socket.MSG_DONTWAIT)
        except BlockingIOError:
            return fields
        for line in datagram.decode("utf-8", "replace").splitlines():
            key, _, value = line.partition("=")
            fields[key] = value


def report(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def exit_status(returncode):
    return 128 - returncode if returncode < 0 else returncode


def main():
    arguments = parse_arguments()
    if not arguments.notify and not arguments.socket:
        sys.exit("serve.py: give --notify, --socket or both")

    notify = None
    environment = dict(os.environ)
    if arguments.notify:
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        if os.path.exists(arguments.notify):
            os.unlink(arguments.notify)
        notify.bind(arguments.notify)
        environment["NOTIFY_SOCKET"] = arguments.notify

    spawned = time.monotonic()
    with open(arguments.log, "ab") as log:
        server = subprocess.Popen(
            arguments.command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=environment
        )

    kill_at = None

    def forward(signum, _frame):
        nonlocal kill_at
        if server.poll() is None:
            server.send_signal(signum)
            kill_at = kill_at or time.monotonic() + STOP_GRACE_SECONDS

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)

    deadline = time.monotonic() + arguments.timeout
    notified = notify is None
    notified_at = None
    status = ""
    while True:
        if server.poll() is not None:
            report(f"failed: exited with status {exit_status(server.returncode)} before it was ready")
            sys.exit(1)
        if notify is not None:
            fields = notifications(notify)
            if not notified and fields.get("READY") == "1":
                notified, notified_at = True, time.monotonic()
            status = fields.get("STATUS", status)
        if notified and (arguments.socket is None or accepts_connections(arguments.socket)):
            # READY=1 is the moment that counts; without --notify, the first accepted connection.
            ready_at = notified_at if notified_at is not None else time.monotonic()
            break
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            waited_for = "READY=1" if not notified else f"a connection to '{arguments.socket}'"
            report(f"failed: no {waited_for} within {arguments.timeout:g} s")
            server.kill()
            server.wait()
            sys.exit(1)
        # Wakes on a notification at once; otherwise looks at the server and its socket again soon.
        select.select([notify] if notify is not None else [], [], [], min(remaining, 0.005))

    report(f"ready in {ready_at - spawned:.3f} s, pid {server.pid}" + (f" ({status})" if status else ""))
    sys.stdout.close()

    while server.poll() is None:
        if kill_at is not None and time.monotonic() > kill_at:
            server.kill()
        if notify is not None:
            select.select([notify], [], [], 0.5)
            notifications(notify)
        else:
            try:
                server.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                pass
    sys.exit(exit_status(server.returncode))


if __name__ == "__main__":
    main()
