#!/usr/bin/env python3
"""Gathers the raw results of bench/run.sh into one JSON file and prints the comparison table.

    report.py --raw DIR --out FILE [--meta KEY=VALUE]...

DIR holds what run.sh measured: jsonl-load's JSON lines (ceiling-c10.json,
placesd-get-c50.json, ...), redis-benchmark's CSV (redis-get.csv,
redis-set-always.csv) and hyperfine's export (startup.json). A missing
measurement shows as n/a.
"""

import argparse
import csv
import json
import os
import sys


def read_json(directory, name):
    path = os.path.join(directory, name)
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return None
    with open(path) as file:
        return json.load(file)


def read_redis_csv(directory, name):
    """Returns redis-benchmark's single CSV row with numbers for values."""
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        return None
    with open(path, newline="") as file:
        rows = list(csv.DictReader(file))
    if not rows:
        return None
    return {key: (value if key == "test" else float(value)) for key, value in rows[0].items()}


def startup_means(directory):
    """Maps each command name of the start-up measurement to its mean in milliseconds."""
    export = read_json(directory, "startup.json")
    if export is None:
        return {}, None
    return {result["command"]: result["mean"] * 1000 for result in export["results"]}, export


def field(result, key, scale=1.0):
    return None if result is None or key not in result else result[key] * scale


def comparisons(raw):
    get10, get50 = raw["placesd"]["get"]["c10"], raw["placesd"]["get"]["c50"]
    add50 = raw["placesd"]["add"]["c50"]
    redis_get, redis_set = raw["redis"]["get"], raw["redis"]["set_appendfsync_always"]
    startup = raw["startup_ms"]
    return [
        ("get req/s, 10 conns", field(get10, "rps"), field(raw["ceiling"]["c10"], "rps"), "ceiling, 10 conns"),
        ("get req/s, 50 conns", field(get50, "rps"), field(raw["ceiling"]["c50"], "rps"), "ceiling, 50 conns"),
        ("get req/s, 50 conns", field(get50, "rps"), field(redis_get, "rps"), "Redis GET, 50 conns"),
        ("add req/s, 50 conns", field(add50, "rps"), field(redis_set, "rps"), "Redis SET fsync always"),
        ("get p99 ms, 50 conns", field(get50, "p99_us", 0.001), field(redis_get, "p99_latency_ms"), "Redis GET p99"),
        ("start-up ms", startup.get("placesctl list"), startup.get("redis-cli PING"), "redis-cli PING"),
    ]


def show(value):
    if value is None:
        return "n/a"
    return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"


def print_table(rows):
    header = ("figure", "placesd", "reference", "ratio", "reference is")
    lines = [header]
    for figure, placesd, reference, reference_name in rows:
        ratio = placesd / reference if placesd is not None and reference else None
        lines.append((figure, show(placesd), show(reference), "n/a" if ratio is None else f"{ratio:.2f}", reference_name))
    widths = [max(len(line[column]) for line in lines) for column in range(len(header))]
    for line in lines:
        cells = [line[0].ljust(widths[0])]
        cells += [line[column].rjust(widths[column]) for column in (1, 2, 3)]
        cells.append(line[4])
        print("  ".join(cells))


def main():
    parser = argparse.ArgumentParser(description="Summarise bench/run.sh results.")
    parser.add_argument("--raw", required=True, help="directory of raw results")
    parser.add_argument("--out", required=True, help="JSON file to write")
    parser.add_argument("--meta", action="append", default=[], metavar="KEY=VALUE", help="context to record")
    arguments = parser.parse_args()

    directory = arguments.raw
    means, hyperfine = startup_means(directory)
    raw = {
        "meta": dict(item.split("=", 1) for item in arguments.meta),
        "ceiling": {count: read_json(directory, f"ceiling-{count}.json") for count in ("c10", "c50")},
        "placesd": {
            "load": read_json(directory, "placesd-load.json"),
            "get": {count: read_json(directory, f"placesd-get-{count}.json") for count in ("c10", "c50")},
            "add": {count: read_json(directory, f"placesd-add-{count}.json") for count in ("c10", "c50")},
            "near": {count: read_json(directory, f"placesd-near-{count}.json") for count in ("c1", "c10")},
        },
        "redis": {
            "get": read_redis_csv(directory, "redis-get.csv"),
            "set_appendfsync_always": read_redis_csv(directory, "redis-set-always.csv"),
        },
        "startup_ms": means,
        "hyperfine": hyperfine,
    }
    rows = comparisons(raw)
    raw["comparisons"] = [
        {"figure": figure, "placesd": placesd, "reference": reference, "reference_is": name,
         "ratio": placesd / reference if placesd is not None and reference else None}
        for figure, placesd, reference, name in rows
    ]
    with open(arguments.out, "w") as file:
        json.dump(raw, file, indent=2)
        file.write("\n")
    print_table(rows)
    near = raw["placesd"]["near"]["c1"]
    if near is not None:
        print(f"places.near (limit 10) at {raw['meta'].get('near_places', '?')} places, one connection: "
              f"p50 {near['p50_us'] / 1000:.3f} ms, p99 {near['p99_us'] / 1000:.3f} ms (target: under 5 ms)")
    print(f"raw results: {arguments.out}")


if __name__ == "__main__":
    sys.exit(main())
