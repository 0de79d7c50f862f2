#!/usr/bin/env python3
"""Writes an export of COUNT places with long descriptions, as `placesctl export` writes it, or as KML or CSV.

    make-export.py FILE [COUNT] [--description-bytes N] [--format json|kml|csv]

The places carry ids, names, descriptions of about N bytes (default 1,150: 50,000 places make about 60 MB),
coordinates spread over the globe by a fixed pseudo-random sequence, the visited flag, a version and timestamps
(which an import ignores), so every run writes the same file. With --format kml, a KML 2.2 document as Google My
Maps writes one list: one Folder, each Placemark with a name, a description and a Point; with --format
csv, a header row (name, latitude, longitude, description, visited) and a row per place. Prints the file's size in
bytes.
"""

import argparse
import json
import os
import random
import uuid
from xml.sax.saxutils import escape


def write_kml(file, places):
    """A KML document of `places` in one Folder (GDAL reads each Folder as a layer, and its GeoJSON driver writes
    one)."""
    file.write('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n'
               "<Document><name>Bench</name>\n<Folder><name>Saved</name>\n")
    for place in places:
        file.write(f"<Placemark><name>{escape(place['name'])}</name>"
                   f"<description>{escape(place['description'])}</description>"
                   f"<Point><coordinates>{place['longitude']},{place['latitude']},0</coordinates></Point>"
                   "</Placemark>\n")
    file.write("</Folder>\n</Document></kml>\n")


def write_csv(file, places):
    """A CSV document of `places` with a header row (RFC 4180 line ends)."""
    file.write("name,latitude,longitude,description,visited\r\n")
    for place in places:
        description = '"' + place["description"].replace('"', '""') + '"'
        visited = "true" if place["visited"] else "false"
        file.write(f"{place['name']},{place['latitude']},{place['longitude']},{description},{visited}\r\n")


def main():
    parser = argparse.ArgumentParser(description="Write a JSON export of many places.")
    parser.add_argument("file")
    parser.add_argument("count", type=int, nargs="?", default=50_000)
    parser.add_argument("--description-bytes", type=int, default=1_150)
    parser.add_argument("--format", choices=["json", "kml", "csv"], default="json")
    arguments = parser.parse_args()

    rng = random.Random(20261205)
    words = "a long note about this place kept with it through exports and imports".split()
    places = []
    for number in range(arguments.count):
        text = []
        length = 0
        while length < arguments.description_bytes:
            word = rng.choice(words)
            text.append(word)
            length += len(word) + 1
        places.append({
            "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "name": f"Place {number}",
            "description": " ".join(text),
            "latitude": round(rng.uniform(-90, 90), 6),
            "longitude": round(rng.uniform(-180, 180), 6),
            "visited": number % 3 == 0,
            "version": 1,
            "createdAt": "2026-12-05T00:00:00.000Z",
            "updatedAt": "2026-12-05T00:00:00.000Z",
        })
    with open(arguments.file, "w", newline="") as file:
        if arguments.format == "kml":
            write_kml(file, places)
        elif arguments.format == "csv":
            write_csv(file, places)
        else:
            file.write("[")
            for number, place in enumerate(places):
                if number:
                    file.write(",")
                file.write(json.dumps(place, separators=(",", ":"), ensure_ascii=False))
            file.write("]\n")
    print(os.path.getsize(arguments.file))


if __name__ == "__main__":
    main()
