#!/usr/bin/env python3
"""Writes an export of COUNT places with long descriptions, as `placesctl export` writes it.

    make-export.py FILE [COUNT] [--description-bytes N]

The places carry ids, names, descriptions of about N bytes (default 1,150: 50,000 places make about 60 MB),
coordinates spread over the globe by a fixed pseudo-random sequence, the visited flag, a version and timestamps
(which an import ignores), so every run writes the same file. Prints the file's size in bytes.
"""

import argparse
import json
import os
import random
import uuid


def main():
    parser = argparse.ArgumentParser(description="Write a JSON export of many places.")
    parser.add_argument("file")
    parser.add_argument("count", type=int, nargs="?", default=50_000)
    parser.add_argument("--description-bytes", type=int, default=1_150)
    arguments = parser.parse_args()

    rng = random.Random(20261205)
    words = "a long note about this place kept with it through exports and imports".split()
    with open(arguments.file, "w") as file:
        file.write("[")
        for number in range(arguments.count):
            text = []
            length = 0
            while length < arguments.description_bytes:
                word = rng.choice(words)
                text.append(word)
                length += len(word) + 1
            place = {
                "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                "name": f"Place {number}",
                "description": " ".join(text),
                "latitude": round(rng.uniform(-90, 90), 6),
                "longitude": round(rng.uniform(-180, 180), 6),
                "visited": number % 3 == 0,
                "version": 1,
                "createdAt": "2026-12-05T00:00:00.000Z",
                "updatedAt": "2026-12-05T00:00:00.000Z",
            }
            if number:
                file.write(",")
            file.write(json.dumps(place, separators=(",", ":"), ensure_ascii=False))
        file.write("]\n")
    print(os.path.getsize(arguments.file))


if __name__ == "__main__":
    main()
