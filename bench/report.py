#!/usr/bin/env python3
"""Gathers the raw results of bench/run.sh into one JSON file and prints three tables.

    report.py --raw DIR --out FILE [--meta KEY=VALUE]...

DIR holds what run.sh measured: jsonl-load's JSON lines, one per run
(ceiling-c10.jsonl, placesd-list-c50.jsonl, placesd-10k-get-c50.jsonl, ...),
redis-benchmark's CSV rows, one per run (redis-get.csv, redis-set-always.csv),
hyperfine's exports (startup.json, oneshot.json), one KEY=VALUE file per
store size (placesd-1M.txt: load time, start-up times, VmRSS, export size),
the backups' wall times, one JSON line per run (placesd-backup.jsonl,
sqlite3-backup.jsonl), and the share of each run a backup covered, one
number a line (placesd-get-c50-during-backup.coverage, ...), and the formats'
wall times, one JSON line per run (placesd-import-kml.jsonl, ogr2ogr-kml.jsonl,
placesd-import-csv.jsonl, ogr2ogr-csv.jsonl, placesd-export-kml.jsonl,
placesd-export-gpx.jsonl).
Each figure of a repeated measurement is the median over its runs; one-shot
commands count with hyperfine's median. The meta keys `sizes`, `places` and
`near_places` say which sizes were measured.

The tables: placesd against its references; the targets, each with PASS or
FAIL; and how cost grows with the number of places stored. A missing
measurement shows as n/a and never fails a target silently: its row says n/a.
"""

import argparse
import csv
import json
import os
import statistics
import sys

DEFAULT_SIZES = "10000,100000,1000000"
FLAT_LOW, FLAT_HIGH = 0.8, 1.2  # "flat": the largest store within 20 % of the smallest
COVERED = 0.9  # the least share of a run's wall time a backup must cover for the run to count as "during a backup"


def read_json(directory, name):
    path = os.path.join(directory, name)
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return None
    try:
        with open(path) as file:
            return json.load(file)
    except (OSError, ValueError):
        return None


def medians(runs):
    """One result whose every numeric field is the median of that field over `runs`; the runs themselves too."""
    if not runs:
        return None
    result = {}
    for key in runs[0]:
        values = [run.get(key) for run in runs]
        numbers = [value for value in values if isinstance(value, (int, float)) and not isinstance(value, bool)]
        result[key] = statistics.median(numbers) if len(numbers) == len(values) else values[0]
    result["runs"] = runs
    return result


def read_runs(directory, name):
    """jsonl-load's lines, one per run, as one result of medians (a line that is not JSON is left out)."""
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        return None
    runs = []
    with open(path) as file:
        for line in file:
            try:
                run = json.loads(line)
            except ValueError:
                continue
            if isinstance(run, dict):
                runs.append(run)
    return medians(runs)


def read_redis_csv(directory, name):
    """redis-benchmark's CSV rows, one per run, as one result of medians."""
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        return None
    runs = []
    try:
        with open(path, newline="") as file:
            for row in csv.DictReader(file):
                runs.append({key: (value if key == "test" else float(value)) for key, value in row.items()})
    except (OSError, ValueError):
        return None
    return medians(runs)


def read_facts(directory, name):
    """Reads run.sh's KEY=VALUE lines: numbers, comma-separated lists of numbers, or None for n/a."""
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        return {}
    facts = {}
    with open(path) as file:
        for line in file:
            key, separator, value = line.strip().partition("=")
            if separator:
                facts[key] = parse_value(value)
    return facts


def parse_value(text):
    def number(item):
        try:
            return float(item)
        except ValueError:
            return None

    if "," in text:
        return [number(item) for item in text.split(",")]
    return number(text)


def hyperfine_medians(directory, name):
    """Maps each command name of a hyperfine export to its median (else mean) in milliseconds."""
    export = read_json(directory, name)
    if export is None:
        return {}, None
    return {
        result["command"]: result.get("median", result.get("mean")) * 1000 for result in export.get("results", [])
    }, export


def size_label(size):
    if size % 1_000_000 == 0:
        return f"{size // 1_000_000}M"
    if size % 1000 == 0:
        return f"{size // 1000}k"
    return str(size)


def field(result, key, scale=1.0):
    if not isinstance(result, dict) or result.get(key) is None:
        return None
    return result[key] * scale


def ratio(value, reference):
    return value / reference if value is not None and reference else None


def scale_facts(directory, size):
    """Everything measured with `size` places stored."""
    name = f"placesd-{size_label(size)}"
    facts = read_facts(directory, f"{name}.txt")
    startups = facts.get("startup_seconds")
    startups = startups if isinstance(startups, list) else [startups] if startups is not None else []
    startups = [value for value in startups if value is not None]
    facts["startup_seconds"] = startups
    facts["startup_median_seconds"] = statistics.median(startups) if startups else None
    for method, counts in (("get", ("c10", "c50")), ("add", ("c10", "c50")), ("near", ("c1", "c10"))):
        facts[method] = {count: read_runs(directory, f"{name}-{method}-{count}.jsonl") for count in counts}
    return facts


def comparisons(raw):
    """The table placesd has always been shown in: each figure against its reference."""
    placesd = raw["placesd"]
    get10, get50, add50 = placesd["get"]["c10"], placesd["get"]["c50"], placesd["add"]["c50"]
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


AT_LEAST, AT_MOST, BELOW = ">=", "<=", "<"


def targets(raw):
    """The targets of "Faster than Redis on the same socket": (figure, placesd, reference, reference is, op, bound)."""
    meta, placesd = raw["meta"], raw["placesd"]
    small, large = size_label(int(meta["places"])), size_label(int(meta["near_places"]))
    get10, get50 = placesd["get"]["c10"], placesd["get"]["c50"]
    redis_get, redis_set = raw["redis"]["get"], raw["redis"]["set_appendfsync_always"]
    list_places = meta.get("list_places", "100")
    large_facts = raw["scaling"].get(large, {})
    startup = large_facts.get("startup_median_seconds")
    rss_kb, export_bytes = large_facts.get("rss_kb"), large_facts.get("export_bytes")
    return [
        (f"get req/s, 50 conns, {small} places", field(get50, "rps"), field(redis_get, "rps"),
         "Redis GET, 50 conns", AT_LEAST, 1.0),
        ("durable add req/s, 50 conns", field(placesd["add"]["c50"], "rps"), field(redis_set, "rps"),
         "Redis SET fsync always", AT_LEAST, 1.0),
        ("get req/s, 10 conns", field(get10, "rps"), field(raw["ceiling"]["c10"], "rps"),
         "ceiling, 10 conns", AT_LEAST, 0.5),
        ("get p99 ms, 50 conns", field(get50, "p99_us", 0.001), field(redis_get, "p99_latency_ms"),
         "Redis GET p99", AT_MOST, 1.0),
        (f"list {list_places} places req/s, 50 conns", field(placesd["list"]["c50"], "rps"), field(get50, "rps"),
         "placesd get, 50 conns", AT_LEAST, 0.5),
        (f"list {list_places} places req/s, 10 conns", field(placesd["list"]["c10"], "rps"), field(get10, "rps"),
         "placesd get, 10 conns", AT_LEAST, 0.5),
        ("placesctl get ID ms", raw["oneshot_ms"].get("placesctl get ID"), raw["oneshot_ms"].get("redis-cli GET key"),
         "redis-cli GET key", AT_MOST, 1.0),
        (f"spawn to READY=1 ms, {large} places", None if startup is None else startup * 1000, 1000.0,
         "1 s", BELOW, 1.0),
        (f"VmRSS MB, {large} places", None if rss_kb is None else rss_kb / 1024,
         None if export_bytes is None else export_bytes / 1048576, "JSON export MB", BELOW, 3.0),
        (f"near p50 ms, 1 conn, {large} places", field(placesd["near"]["c1"], "p50_us", 0.001), 5.0,
         "5 ms", BELOW, 1.0),
        ("placesctl add Kyoto ms (gazetteer)", raw["gazetteer_ms"].get("placesctl add Kyoto"),
         raw["gazetteer_ms"].get("placesctl add Kyoto --lat --lon"), "add Kyoto --lat --lon", AT_MOST, 1.5),
    ]


def pipeline_targets(raw):
    """The figures of "Scripts on the socket at full speed": pipelined and batched durable adds against Redis."""
    pipelines, redis = raw["pipelines"], raw["redis"]
    batch = field(pipelines["batch1000"], "rps", float(raw["meta"].get("batch_size", 1000)))
    return [
        ("pipelined adds/s, 1 conn, 64 in flight", field(pipelines["c1p64"], "rps"), field(redis["set_c1p64"], "rps"),
         "Redis SET -c 1 -P 64, always", AT_LEAST, 1.0),
        ("adds/s in batches of 1000, 1 conn", batch, field(redis["set_c1p1000"], "rps"),
         "Redis SET -c 1 -P 1000, always", AT_LEAST, 0.5),
        ("pipelined adds/s, 10 conns x 16", field(pipelines["c10p16"], "rps"), field(redis["set_c10p16"], "rps"),
         "Redis SET -c 10 -P 16, always", AT_LEAST, 1.0),
        ("100,000 adds through socat, adds/s", pipelines["script"].get("rps"), raw["redis"]["pipe"].get("rps"),
         "redis-cli --pipe, always", AT_LEAST, 0.5),
    ]


def shared_targets(raw):
    """The figures of "One list across many hosts": placesd over PostgreSQL against placesd over SQLite."""
    shared, meta = raw["shared"], raw["meta"]
    small, large = size_label(int(meta["places"])), size_label(int(meta["near_places"]))
    sqlite = shared.get("sqlite", {})
    latency = shared["latency"] or {}
    startups = shared["large"].get("startup_seconds")
    startups = [value for value in (startups if isinstance(startups, list) else [startups]) if value is not None]
    startup = statistics.median(startups) if startups else None
    return [
        ("durable adds/s, 50 conns, one PostgreSQL host", field(shared["add"], "rps"),
         field(sqlite.get("add"), "rps"), "SQLite host, 50 conns", AT_LEAST, 0.5),
        ("durable adds/s, 2 hosts x 50 conns", field(shared["add_two_hosts_c50"], "rps"), field(shared["add"], "rps"),
         "one PostgreSQL host, 50 conns", AT_LEAST, 1.0),
        (f"get req/s, 50 conns, {small} places, PostgreSQL host", field(shared["get"], "rps"),
         field(sqlite.get("get"), "rps"), "SQLite host", AT_LEAST, 0.9),
        (f"near req/s, 10 conns, {small} places, PostgreSQL host", field(shared["near"]["c10"], "rps"),
         field(sqlite.get("near", {}).get("c10"), "rps"), "SQLite host", AT_LEAST, 0.9),
        ("cross-host event p99 ms at 1,000 writes/s (median of runs)", latency.get("p99_ms"), 10.0, "10 ms", BELOW,
         1.0),
        (f"spawn to READY=1 s, {large} places from PostgreSQL", startup, 3.0, "3 s", BELOW, 1.0),
    ]


def search_targets(directory, large):
    """The figures of sorting and folded search at the largest store (bench/run.sh's search_figures): a sorted
    page against the list's own order, and a folded text search against SQLite's LIKE on the same rows; and the
    density of the same store (density_targets)."""
    name = read_runs(directory, "placesd-search-name-c1.jsonl")
    position = read_runs(directory, "placesd-search-position-c1.jsonl")
    query = read_runs(directory, "placesd-search-query-c1.jsonl")
    like, _ = hyperfine_medians(directory, "search-like.json")
    like_ms = next(iter(like.values()), None)
    tag = read_runs(directory, "placesd-search-tag-c1.jsonl")
    get = read_runs(directory, "placesd-search-get-c1.jsonl")
    return [
        (f"list tag (100 places) p50 us, 1 conn, {large} places", field(tag, "p50_us"), field(get, "p50_us"),
         "places.get p50, 1 conn", AT_MOST, 3.0),
        (f"list sort name limit 50 p50 us, 1 conn, {large} places", field(name, "p50_us"),
         field(position, "p50_us"), "the same with sort position", AT_MOST, 2.0),
        (f"list query p50 ms, 1 conn, {large} places", field(query, "p50_us", 0.001), like_ms,
         "sqlite3 SELECT ... LIKE '%q%' (ms)", AT_MOST, 0.5),
    ] + density_targets(directory, large)


def density_targets(directory, large):
    """places.density of the world in 120 x 40 cells at the largest store (bench/run.sh's density_figures) against
    100 places.get, both at one connection, in rounds."""
    density = read_runs(directory, "placesd-density-world-c1.jsonl")
    get = read_runs(directory, "placesd-density-get-c1.jsonl")
    return [
        (f"density 120 x 40 cells p50 us, 1 conn, {large} places", field(density, "p50_us"),
         field(get, "p50_us", 100), "places.get p50 x 100, 1 conn", AT_MOST, 1.0),
    ]


def map_targets(directory, large):
    """The terminal map of the largest store (bench/run.sh's map_figure): `placesctl map --width 120 --height 40`
    against `placesctl list --json` of the same places, both wall times from hyperfine (map-vs-list.json)."""
    times, _ = hyperfine_medians(directory, "map-vs-list.json")
    return [
        (f"placesctl map 120x40 ms, {large} places", times.get("placesctl map"), times.get("placesctl list --json"),
         "placesctl list --json > /dev/null (ms)", AT_MOST, 0.1),
    ]


def backup_targets(raw):
    """The figures of backups of the largest store while it is served: the copy against sqlite3's own, and what a
    running backup costs the reads and durable adds beside it."""
    backup, large = raw["backup"], size_label(int(raw["meta"]["near_places"]))

    def during(kind, key, scale=1.0):
        # A run that a backup did not cover (or whose cover is unknown) measured no backup: n/a, never a PASS.
        covered = backup["coverage"][kind]
        runs = backup[f"{kind}_during"]
        if not covered or min(covered) < COVERED or len(covered) != len((runs or {}).get("runs", [])):
            return None
        return field(runs, key, scale)

    return [
        (f"backup s, {large} places (placesctl backup)", field(backup["placesd"], "seconds"),
         field(backup["sqlite3"], "seconds"), "sqlite3 .backup, same file", AT_MOST, 1.5),
        (f"get req/s, 50 conns, {large} places, backups running", during("get", "rps"),
         field(backup["get_without"], "rps"), "the same, no backup", AT_LEAST, 0.8),
        (f"durable add p99 ms, 50 conns, {large} places, backups running", during("add", "p99_us", 0.001),
         field(backup["add_without"], "p99_us", 0.001), "the same, no backup", AT_MOST, 2.0),
    ]


def read_numbers(directory, name):
    """The numbers in a file of one number a line (a line that is not one is left out)."""
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        return []
    with open(path) as file:
        return [value for value in (parse_value(line.strip()) for line in file) if isinstance(value, float)]


def import_targets(raw):
    """The figure of "Imports of any size": the staged import with default settings against one request."""
    imports = raw["imports"]
    places = (imports["staged"] or imports["one_request"] or {}).get("places")
    label = f"{int(places):,}" if isinstance(places, (int, float)) else "n/a"
    return [
        (f"import of a {label}-place export, places/s (placesctl import, defaults)", field(imports["staged"], "rps"),
         field(imports["one_request"], "rps"), "places.import in one request, line limit raised", AT_LEAST, 0.8),
    ]


def format_targets(raw):
    """The figures of the formats of other software: KML and CSV imports against GDAL reading the same file, and the
    KML export against our GPX export; wall times in seconds (ratio = placesd / reference, lower is better)."""
    formats = raw["formats"]
    places = field(formats["import_kml"], "places") or field(formats["import_csv"], "places")
    label = f"{int(places):,}" if places is not None else "n/a"
    return [
        (f"import of {label} places from KML, s (placesctl import)", field(formats["import_kml"], "seconds"),
         field(formats["ogr2ogr_kml"], "seconds"), "ogr2ogr -f GeoJSON of the same KML", AT_MOST, 1.0),
        (f"import of {label} places from CSV, s (placesctl import)", field(formats["import_csv"], "seconds"),
         field(formats["ogr2ogr_csv"], "seconds"), "ogr2ogr -f GeoJSON of the same CSV", AT_MOST, 1.0),
        (f"export of {label} places to KML, s (placesctl export)", field(formats["export_kml"], "seconds"),
         field(formats["export_gpx"], "seconds"), "placesctl export --format gpx", AT_MOST, 1.5),
    ]


def verdict(value, op, bound):
    if value is None:
        return "n/a"
    passed = {AT_LEAST: value >= bound, AT_MOST: value <= bound, BELOW: value < bound}[op]
    return "PASS" if passed else "FAIL"


def judged_rows(goals):
    """Each goal (figure, placesd, reference, reference's name, operator, bound) as a row with its ratio and verdict."""
    return [
        {"figure": figure, "placesd": placesd, "reference": reference, "reference_is": name,
         "ratio": ratio(placesd, reference), "target": f"{op} {bound}",
         "result": verdict(ratio(placesd, reference), op, bound)}
        for figure, placesd, reference, name, op, bound in goals
    ]


def print_judged(rows):
    """Prints rows made by judged_rows as a table."""
    print_table(
        ("figure", "placesd", "reference", "reference is", "ratio", "target", "result"),
        [(row["figure"], show(row["placesd"]), show(row["reference"]), row["reference_is"], show_ratio(row["ratio"], 3),
          row["target"], row["result"]) for row in rows],
        left=(0, 3, 5, 6),
    )


def flat_verdict(value):
    """PASS when the largest store's figure is within 20 % of the smallest's, either way."""
    if value is None:
        return "n/a"
    return "PASS" if FLAT_LOW <= value <= FLAT_HIGH else "FAIL"


def scaling_rows(raw):
    """How cost grows: (figure, values per size, judged) with the smallest and largest size compared."""
    labels = [size_label(size) for size in raw["sizes"]]
    facts = [raw["scaling"].get(label, {}) for label in labels]

    def values(pick):
        return [pick(fact) for fact in facts]

    def ms(seconds):
        return None if seconds is None else seconds * 1000

    return [
        ("get req/s, 50 conns", values(lambda f: field(f.get("get", {}).get("c50"), "rps")), True),
        ("add req/s, 50 conns", values(lambda f: field(f.get("add", {}).get("c50"), "rps")), True),
        ("near req/s, 10 conns", values(lambda f: field(f.get("near", {}).get("c10"), "rps")), True),
        ("near p50 ms, 1 conn", values(lambda f: field(f.get("near", {}).get("c1"), "p50_us", 0.001)), False),
        ("spawn to READY=1 ms", values(lambda f: ms(f.get("startup_median_seconds"))), False),
        ("VmRSS MB after gets", values(lambda f: None if f.get("rss_kb") is None else f["rss_kb"] / 1024), False),
        ("places.import s", values(lambda f: f.get("load_seconds")), False),
    ]


def show(value):
    if value is None:
        return "n/a"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}" if abs(value) >= 1 else f"{value:.3f}"


def show_ratio(value, decimals=2):
    return "n/a" if value is None else f"{value:.{decimals}f}"


def print_table(header, lines, left=(0,), after=()):
    """Prints rows of strings; columns in `left` align left, the rest right; `after` columns follow unaligned."""
    lines = [header] + lines
    widths = [max(len(line[column]) for line in lines) for column in range(len(header))]
    for line in lines:
        cells = []
        for column, cell in enumerate(line):
            if column in after:
                cells.append(cell)
            elif column in left:
                cells.append(cell.ljust(widths[column]))
            else:
                cells.append(cell.rjust(widths[column]))
        print("  ".join(cells).rstrip())


def main():
    parser = argparse.ArgumentParser(description="Summarise bench/run.sh results.")
    parser.add_argument("--raw", required=True, help="directory of raw results")
    parser.add_argument("--out", required=True, help="JSON file to write")
    parser.add_argument("--meta", action="append", default=[], metavar="KEY=VALUE", help="context to record")
    arguments = parser.parse_args()

    directory = arguments.raw
    meta = dict(item.split("=", 1) for item in arguments.meta)
    sizes = [int(size) for size in meta.setdefault("sizes", DEFAULT_SIZES).split(",")]
    meta.setdefault("places", str(sizes[0]))
    meta.setdefault("near_places", str(sizes[-1]))
    small, large = size_label(int(meta["places"])), size_label(int(meta["near_places"]))
    scaling = {size_label(size): scale_facts(directory, size) for size in sizes}
    startup, startup_export = hyperfine_medians(directory, "startup.json")
    oneshot, oneshot_export = hyperfine_medians(directory, "oneshot.json")
    gazetteer, gazetteer_export = hyperfine_medians(directory, "gazetteer.json")
    raw = {
        "meta": meta,
        "sizes": sizes,
        "ceiling": {count: read_runs(directory, f"ceiling-{count}.jsonl") for count in ("c10", "c50")},
        "placesd": {
            "get": scaling.get(small, {}).get("get", {"c10": None, "c50": None}),
            "add": scaling.get(small, {}).get("add", {"c10": None, "c50": None}),
            "near": scaling.get(large, {}).get("near", {"c1": None, "c10": None}),
            "list": {count: read_runs(directory, f"placesd-list-{count}.jsonl") for count in ("c10", "c50")},
        },
        "redis": {
            "get": read_redis_csv(directory, "redis-get.csv"),
            "set_appendfsync_always": read_redis_csv(directory, "redis-set-always.csv"),
            "set_c1p64": read_redis_csv(directory, "redis-set-c1p64.csv"),
            "set_c1p1000": read_redis_csv(directory, "redis-set-c1p1000.csv"),
            "set_c10p16": read_redis_csv(directory, "redis-set-c10p16.csv"),
            "pipe": read_facts(directory, "redis-pipe.txt"),
        },
        "pipelines": {
            "c1p64": read_runs(directory, "placesd-pipe-c1p64.jsonl"),
            "c10p16": read_runs(directory, "placesd-pipe-c10p16.jsonl"),
            "batch1000": read_runs(directory, "placesd-batch1000.jsonl"),
            "script": read_facts(directory, "placesd-script.txt"),
        },
        # Not placesd: only the SQLite statements of the same adds in commits of 64 (bench/sqlite-floor.c).
        "sqlite_floor": {"c1p64": read_runs(directory, "sqlite-floor-c1p64.jsonl")},
        "shared": {
            "add": read_runs(directory, "placesd-pg-add-c50.jsonl"),
            "add_two_hosts": read_runs(directory, "placesd-pg-2hosts-add.jsonl"),
            "add_two_hosts_c50": read_runs(directory, "placesd-pg-2hosts-add-c50.jsonl"),
            "get": read_runs(directory, "placesd-pg-get-c50.jsonl"),
            "near": {count: read_runs(directory, f"placesd-pg-near-{count}.jsonl") for count in ("c1", "c10")},
            # A SQLite host measured in the same rounds as the PostgreSQL-backed ones, on the same stores.
            "sqlite": {
                "add": read_runs(directory, "placesd-sqlite-add-c50.jsonl"),
                "get": read_runs(directory, "placesd-sqlite-get-c50.jsonl"),
                "near": {count: read_runs(directory, f"placesd-sqlite-near-{count}.jsonl") for count in ("c1", "c10")},
            },
            "latency": read_runs(directory, "placesd-pg-latency.jsonl"),
            "large": read_facts(directory, "placesd-pg-large.txt"),
        },
        # Backups of the largest store: the copy's wall time against sqlite3 .backup of the same file, and
        # places.get and durable places.add while backups run one after another against the same without; coverage
        # is the share of each run's wall time a backup was under way.
        "backup": {
            "placesd": read_runs(directory, "placesd-backup.jsonl"),
            "sqlite3": read_runs(directory, "sqlite3-backup.jsonl"),
            "get_during": read_runs(directory, "placesd-get-c50-during-backup.jsonl"),
            "get_without": read_runs(directory, "placesd-get-c50-no-backup.jsonl"),
            "add_during": read_runs(directory, "placesd-add-c50-during-backup.jsonl"),
            "add_without": read_runs(directory, "placesd-add-c50-no-backup.jsonl"),
            "coverage": {
                "get": read_numbers(directory, "placesd-get-c50-during-backup.coverage"),
                "add": read_numbers(directory, "placesd-add-c50-during-backup.coverage"),
            },
        },
        # placesctl import of a large export (staged, default settings) and the same places in one request.
        "imports": {
            "staged": read_runs(directory, "placesd-import-staged.jsonl"),
            "one_request": read_runs(directory, "placesd-import-one-request.jsonl"),
        },
        # The formats of other software: imports against ogr2ogr of the same file, the KML export against GPX's.
        "formats": {
            "import_kml": read_runs(directory, "placesd-import-kml.jsonl"),
            "ogr2ogr_kml": read_runs(directory, "ogr2ogr-kml.jsonl"),
            "import_csv": read_runs(directory, "placesd-import-csv.jsonl"),
            "ogr2ogr_csv": read_runs(directory, "ogr2ogr-csv.jsonl"),
            "export_kml": read_runs(directory, "placesd-export-kml.jsonl"),
            "export_gpx": read_runs(directory, "placesd-export-gpx.jsonl"),
        },
        "startup_ms": startup,
        "hyperfine": startup_export,
        "oneshot_ms": oneshot,
        "oneshot_hyperfine": oneshot_export,
        "gazetteer_ms": gazetteer,
        "gazetteer_hyperfine": gazetteer_export,
        "scaling": scaling,
    }

    rows = comparisons(raw)
    raw["comparisons"] = [
        {"figure": figure, "placesd": placesd, "reference": reference, "reference_is": name,
         "ratio": ratio(placesd, reference)}
        for figure, placesd, reference, name in rows
    ]
    raw["targets"] = judged_rows(targets(raw))
    raw["pipeline_targets"] = judged_rows(pipeline_targets(raw))
    raw["shared_targets"] = judged_rows(shared_targets(raw))
    raw["search_targets"] = judged_rows(search_targets(directory, large))
    raw["map_targets"] = judged_rows(map_targets(directory, large))
    raw["backup_targets"] = judged_rows(backup_targets(raw))
    raw["import_targets"] = judged_rows(import_targets(raw))
    raw["format_targets"] = judged_rows(format_targets(raw))
    growth = scaling_rows(raw)
    labels = [size_label(size) for size in sizes]
    raw["growth"] = [
        {"figure": figure, "values": dict(zip(labels, values)), "ratio": ratio(values[-1], values[0]),
         "target": f"{FLAT_LOW}-{FLAT_HIGH}" if judged else None,
         "result": flat_verdict(ratio(values[-1], values[0])) if judged else None}
        for figure, values, judged in growth
    ]
    with open(arguments.out, "w") as file:
        json.dump(raw, file, indent=2)
        file.write("\n")

    print("placesd against its references (for p99 and start-up, lower is better)")
    print_table(
        ("figure", "placesd", "reference", "ratio", "reference is"),
        [(figure, show(placesd), show(reference), show_ratio(ratio(placesd, reference)), name)
         for figure, placesd, reference, name in rows],
        after=(4,),
    )

    print("\ntargets (ratio = placesd / reference)")
    print_judged(raw["targets"])

    print("\npipelines and batches: durable adds (ratio = placesd / reference)")
    print_judged(raw["pipeline_targets"])

    floor = field(raw["sqlite_floor"]["c1p64"], "rps")
    if floor is not None:
        print(f"(SQLite alone, the same adds' statements in commits of 64 with nothing around them: {show(floor)} "
              f"adds/s, {show_ratio(ratio(floor, field(raw['redis']['set_c1p64'], 'rps')), 3)} x Redis -c 1 -P 64; "
              f"placesd 64 in flight at {show_ratio(ratio(field(raw['pipelines']['c1p64'], 'rps'), floor), 3)} x "
              "that floor)")

    print("\nsorting and folded search (ratio = placesd / reference)")
    print_judged(raw["search_targets"])

    print("\nthe terminal map (ratio = placesctl map / placesctl list --json)")
    print_judged(raw["map_targets"])

    print("\nmany hosts over PostgreSQL (ratio = PostgreSQL figure / reference)")
    print_judged(raw["shared_targets"])
    split = field(raw["shared"]["add_two_hosts"], "rps")
    if split is not None:
        print(f"(the same 50 connections split 2 x 25 over two hosts: {show(split)} adds/s, "
              f"{show_ratio(ratio(split, field(raw['shared']['add'], 'rps')), 3)} x one host: transactions take the "
              "counter's lock one at a time, so each commit serves one host's waiting clients)")
    latency = raw["shared"]["latency"]
    if isinstance(latency, dict):
        for number, run in enumerate(latency["runs"], 1):
            print(f"cross-host events, run {number}: {run.get('arrived')} of {run.get('count')} at "
                  f"{run.get('rate')}/s, p50 {run.get('p50_ms')} ms, p99 {run.get('p99_ms')} ms, max "
                  f"{run.get('max_ms')} ms; the adds' replies on the writing host: p50 {run.get('ack_p50_ms')} ms, "
                  f"p99 {run.get('ack_p99_ms')} ms, max {run.get('ack_max_ms')} ms")

    print(f"\nbackups of the {large}-place store while it is served (ratio = placesd / reference)")
    print_judged(raw["backup_targets"])
    coverage = raw["backup"]["coverage"]
    if coverage["get"] or coverage["add"]:
        shares = {kind: ", ".join(show_ratio(value) for value in values) or "n/a" for kind, values in coverage.items()}
        print(f"(a backup was under way through {shares['get']} of each get run's wall time and {shares['add']} of "
              "each add run's)")
    print("\nimports of any size (ratio = staged import / one request)")
    print_judged(raw["import_targets"])
    print("\nthe formats of other software (wall time; ratio = placesd / reference)")
    print_judged(raw["format_targets"])

    print(f"\nhow cost grows ({', '.join(labels)} places; ratio = {labels[-1]} / {labels[0]}; "
          f"req/s must stay within {FLAT_LOW}-{FLAT_HIGH})")
    print_table(
        ("figure", *labels, f"{labels[-1]}/{labels[0]}", "target", "result"),
        [(row["figure"], *(show(row["values"][label]) for label in labels), show_ratio(row["ratio"], 3),
          row["target"] or "", row["result"] or "") for row in raw["growth"]],
        left=(0, len(labels) + 2, len(labels) + 3),
    )

    near = raw["placesd"]["near"]["c1"]
    if field(near, "p50_us") is not None and field(near, "p99_us") is not None:
        print(f"\nplaces.near (limit 10) at {meta['near_places']} places, one connection: "
              f"p50 {near['p50_us'] / 1000:.3f} ms, p99 {near['p99_us'] / 1000:.3f} ms (target: under 5 ms)")
    large_facts = scaling.get(large, {})
    if large_facts.get("export_bytes") is not None:
        print(f"JSON export of {meta['near_places']} places: {large_facts['export_bytes']:,.0f} bytes")
    judged = (raw["targets"] + raw["pipeline_targets"] + raw["shared_targets"] + raw["search_targets"]
              + raw["map_targets"] + raw["backup_targets"] + raw["import_targets"] + raw["format_targets"]
              + raw["growth"])
    failed = [row["figure"] for row in judged if row["result"] == "FAIL"]
    missing = [row["figure"] for row in judged if row["result"] == "n/a"]
    print(f"targets: {len(failed)} FAIL, {len(missing)} n/a")
    print(f"raw results: {arguments.out}")


if __name__ == "__main__":
    sys.exit(main())
