#!/usr/bin/env python3
"""Prints the id of every place the caller owns, one per line.

    place-ids.py SOCKET

Sends one places.list request to the placesd listening on SOCKET and fails
when the reply is an error or its total disagrees with the places it holds.
"""

import json
import socket
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: place-ids.py SOCKET")
    path = sys.argv[1]
    request = {"jsonrpc": "2.0", "id": 1, "method": "places.list", "params": {}}
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(30)
        connection.connect(path)
        connection.sendall(json.dumps(request).encode() + b"\n")
        reply = connection.makefile("rb").readline()
    if not reply:
        sys.exit(f"place-ids.py: '{path}' closed the connection without a reply")
    message = json.loads(reply)
    if "error" in message:
        sys.exit(f"place-ids.py: places.list failed: {json.dumps(message['error'])}")
    places = message["result"]["places"]
    if message["result"]["total"] != len(places):
        sys.exit(f"place-ids.py: total {message['result']['total']} but {len(places)} places in the reply")
    sys.stdout.write("".join(place["id"] + "\n" for place in places))


if __name__ == "__main__":
    main()
