#!/usr/bin/env python3
"""Calls one JSON-RPC method of the placesd on SOCKET and prints its result as one line of JSON.

    rpc.py SOCKET METHOD [PARAMS_JSON]

Exits 1 with the error when placesd answers with one.
"""

import json
import socket
import sys


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: rpc.py SOCKET METHOD [PARAMS_JSON]")
    path, method = sys.argv[1], sys.argv[2]
    params = json.loads(sys.argv[3]) if len(sys.argv) == 4 else {}
    request = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(120)
        connection.connect(path)
        connection.sendall(json.dumps(request).encode() + b"\n")
        reply = connection.makefile("rb").readline()
    if not reply:
        sys.exit(f"rpc.py: '{path}' closed the connection without a reply")
    message = json.loads(reply)
    if "error" in message:
        sys.exit(f"rpc.py: {method} failed: {json.dumps(message['error'])}")
    print(json.dumps(message["result"], separators=(",", ":")))


if __name__ == "__main__":
    main()
