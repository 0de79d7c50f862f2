#!/usr/bin/env python3
"""Loads COUNT places into placesd with places.import, CHUNK places per request.

    load-places.py SOCKET COUNT [CHUNK]

The places are spread over the whole globe by a fixed pseudo-random sequence, so
every run stores the same ones. Prints the seconds taken.
"""

import json
import random
import socket
import sys
import time


def main():
    path, count = sys.argv[1], int(sys.argv[2])
    chunk = int(sys.argv[3]) if len(sys.argv) > 3 else 50_000
    rng = random.Random(20261129)
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    reader = connection.makefile("rb")
    started = time.monotonic()
    sent = 0
    while sent < count:
        size = min(chunk, count - sent)
        places = [
            {
                "name": f"Place {sent + i}",
                "latitude": round(rng.uniform(-90, 90), 6),
                "longitude": round(rng.uniform(-180, 180), 6),
            }
            for i in range(size)
        ]
        request = {"jsonrpc": "2.0", "id": sent, "method": "places.import", "params": {"places": places}}
        connection.sendall(json.dumps(request, separators=(",", ":")).encode() + b"\n")
        reply = json.loads(reader.readline())
        if reply.get("result", {}).get("added") != size:
            sys.exit(f"load-places: import of {size} places failed: {reply}")
        sent += size
    print(f"{time.monotonic() - started:.1f}")


if __name__ == "__main__":
    main()
