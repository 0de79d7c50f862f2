#!/usr/bin/env python3
"""Loads COUNT places into placesd with places.import, CHUNK places per request.

    load-places.py SOCKET COUNT [CHUNK] [--ids FILE] [--tags N]

The places are spread over the whole globe by a fixed pseudo-random sequence
and carry ids from the same sequence, so every run stores the same places.
With --ids, writes their ids to FILE, one per line, in the order they were
added. With --tags, the places hold N tags between them, one each in turn
(`tag-0`, `tag-1`, …). Checks with server.status that the caller holds COUNT more places
afterwards. Prints the seconds the imports took.
"""

import argparse
import json
import random
import socket
import sys
import time
import uuid


class Client:
    """One connection to placesd, one request at a time."""

    def __init__(self, path):
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.connection.connect(path)
        self.reader = self.connection.makefile("rb")
        self.next_id = 1

    def call(self, method, params):
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.next_id += 1
        self.connection.sendall(json.dumps(request, separators=(",", ":")).encode() + b"\n")
        line = self.reader.readline()
        if not line:
            sys.exit(f"load-places: placesd closed the connection during {method}")
        reply = json.loads(line)
        if "error" in reply:
            sys.exit(f"load-places: {method} failed: {json.dumps(reply['error'])}")
        return reply["result"]


def main():
    parser = argparse.ArgumentParser(description="Load places into placesd with places.import.")
    parser.add_argument("socket")
    parser.add_argument("count", type=int)
    parser.add_argument("chunk", type=int, nargs="?", default=50_000)
    parser.add_argument("--ids", metavar="FILE", help="write the ids of the places to FILE")
    parser.add_argument("--tags", type=int, default=0, metavar="N", help="give the places N tags, one each in turn")
    arguments = parser.parse_args()

    rng = random.Random(20261129)
    client = Client(arguments.socket)
    before = client.call("server.status", {})["places"]
    ids = open(arguments.ids, "w") if arguments.ids else None
    started = time.monotonic()
    sent = 0
    while sent < arguments.count:
        size = min(arguments.chunk, arguments.count - sent)
        places = [
            {
                "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                "name": f"Place {sent + i}",
                "latitude": round(rng.uniform(-90, 90), 6),
                "longitude": round(rng.uniform(-180, 180), 6),
            }
            for i in range(size)
        ]
        if arguments.tags > 0:
            for i, place in enumerate(places):
                place["tags"] = [f"tag-{(sent + i) % arguments.tags}"]
        added = client.call("places.import", {"places": places}).get("added")
        if added != size:
            sys.exit(f"load-places: places.import of {size} places added {added}")
        if ids is not None:
            ids.write("".join(place["id"] + "\n" for place in places))
        sent += size
    seconds = time.monotonic() - started
    if ids is not None:
        ids.close()
    after = client.call("server.status", {})["places"]
    if after != before + arguments.count:
        sys.exit(f"load-places: placesd holds {after} places after adding {arguments.count} to {before}")
    print(f"{seconds:.2f}")


if __name__ == "__main__":
    main()
