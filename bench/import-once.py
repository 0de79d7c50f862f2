#!/usr/bin/env python3
"""Sends a JSON export to placesd as one places.import request, as a client that has the file does.

    import-once.py SOCKET FILE COUNT

The request line is the file's array as `places`, sent as it is (placesd's max-line-bytes must be raised above
the file's size). Checks that COUNT places were added and prints the seconds from the first byte sent to the
reply.
"""

import json
import socket
import sys
import time


def main():
    path, file, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(file, "rb") as source:
        places = source.read().strip()
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    reader = connection.makefile("rb")
    started = time.monotonic()
    connection.sendall(b'{"jsonrpc":"2.0","id":1,"method":"places.import","params":{"places":' + places + b"}}\n")
    line = reader.readline()
    seconds = time.monotonic() - started
    if not line:
        sys.exit("import-once: placesd closed the connection")
    reply = json.loads(line)
    if reply.get("result", {}).get("added") != count:
        sys.exit(f"import-once: expected {count} places added, got {json.dumps(reply)[:300]}")
    print(f"{seconds:.3f}")


if __name__ == "__main__":
    main()
