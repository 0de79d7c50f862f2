#!/usr/bin/env python3
"""Writes data/coastline.txt, the land outlines placesctl draws its maps with.

The source is GSHHG's crude land outlines (GSHHS level 1, version 2.2.0, LGPL-3.0-or-later) as Debian's
python-cartopy-data package ships them: usr/share/cartopy/data/shapefiles/gshhs/c/GSHHS_c_L1.shp. The script
downloads that package with `apt-get download` (or takes the .shp given with --shp), reads the shapefile's polygons
(the format is simple enough to read here, without a shapefile library), rounds every point to a hundredth of a
degree, drops the points that rounding makes repeat, and writes one ring a line: the first longitude and latitude,
then the differences to each next point, all in hundredths of a degree.

Usage: scripts/make-coastline.py [--shp FILE] [--out data/coastline.txt]
"""

import argparse
import glob
import os
import struct
import subprocess
import sys
import tempfile

PACKAGE = "python-cartopy-data"
MEMBER = "usr/share/cartopy/data/shapefiles/gshhs/c/GSHHS_c_L1.shp"
POLYGON = 5


def read_rings(data):
    """The rings of a shapefile of polygons, as lists of (longitude, latitude)."""
    (code,) = struct.unpack(">i", data[0:4])
    (shape_type,) = struct.unpack("<i", data[32:36])
    if code != 9994 or shape_type != POLYGON:
        sys.exit(f"make-coastline: not a shapefile of polygons (code {code}, type {shape_type})")
    rings = []
    offset = 100
    while offset < len(data):
        _, words = struct.unpack(">ii", data[offset : offset + 8])
        record = data[offset + 8 : offset + 8 + 2 * words]
        offset += 8 + 2 * words
        (record_type,) = struct.unpack("<i", record[0:4])
        if record_type != POLYGON:
            continue
        part_count, point_count = struct.unpack("<ii", record[36:44])
        parts = list(struct.unpack(f"<{part_count}i", record[44 : 44 + 4 * part_count])) + [point_count]
        start = 44 + 4 * part_count
        values = struct.unpack(f"<{2 * point_count}d", record[start : start + 16 * point_count])
        for first, end in zip(parts, parts[1:]):
            rings.append([(values[2 * i], values[2 * i + 1]) for i in range(first, end)])
    return rings


def encode(ring):
    """One line of the data file, or None when the ring has fewer than 3 distinct points once rounded."""
    points = []
    for longitude, latitude in ring:
        point = (round(longitude * 100), round(latitude * 100))
        if not points or points[-1] != point:
            points.append(point)
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()  # the reader closes every ring itself
    if len(points) < 3:
        return None
    numbers = [points[0][0], points[0][1]]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        numbers += [x1 - x0, y1 - y0]
    return " ".join(str(n) for n in numbers), len(points)


def shapefile_from_package(directory):
    """Downloads the Debian package into directory, unpacks it there, and returns the .shp's path."""
    subprocess.run(["apt-get", "download", PACKAGE], cwd=directory, check=True)
    (deb,) = glob.glob(os.path.join(directory, f"{PACKAGE}_*.deb"))
    subprocess.run(["dpkg-deb", "-x", deb, os.path.join(directory, "root")], check=True)
    version = os.path.basename(deb).split("_")[1]
    return os.path.join(directory, "root", MEMBER), f"{PACKAGE} {version}"


def main():
    parser = argparse.ArgumentParser(description="Write the map's coastline data file.")
    parser.add_argument("--shp", help="GSHHS_c_L1.shp to read instead of downloading the Debian package")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "data", "coastline.txt"))
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        if arguments.shp:
            path, source = arguments.shp, os.path.basename(arguments.shp)
        else:
            path, source = shapefile_from_package(scratch)
        with open(path, "rb") as file:
            rings = read_rings(file.read())
    lines = []
    total = 0
    for ring in rings:
        encoded = encode(ring)
        if encoded:
            lines.append(encoded[0])
            total += encoded[1]
    header = [
        "# Land outlines for placesd's maps: GSHHG (GSHHS) 2.2.0, crude resolution, level 1 (land), from",
        f"# {source} (GSHHS_c_L1.shp). GSHHG is by Paul Wessel and Walter H. F. Smith, released under the",
        "# GNU Lesser General Public License, version 3 or later. Written by scripts/make-coastline.py.",
        f"# {len(lines)} rings, {total} points. One ring a line: the first longitude and latitude, then the",
        "# differences to each next point, in hundredths of a degree; the last point joins the first.",
    ]
    text = "\n".join(header + lines) + "\n"
    with open(arguments.out, "w", encoding="ascii") as file:
        file.write(text)
    print(f"make-coastline: {arguments.out}: {len(lines)} rings, {total} points, {len(text)} bytes")


if __name__ == "__main__":
    main()
