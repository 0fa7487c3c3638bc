"""Import fuzzing: mutated exports run through `spotter import` must never crash,
hang, or leave anything behind when they fail.

The corpus is made deterministically (a fixed seed; the export's own times are
replaced by a fixed one) from the three sample files in
../shared/samples (Strong, Hevy, FitNotes) and from a full JSON export (`spotter
export`) of an account that imported those samples: truncations, byte flips, NUL and
other control characters, invalid UTF-8, a 1 MB field, deep nesting, the wrong app,
the wrong delimiter, empty files and binary garbage, plus text fields holding a
control character behind a marker.

Every case must:
  - end without a crash: no signal, exit code 0 or an error code with a message on
    standard error, never a Swift fatal error or a stack trace;
  - end within CASE_TIMEOUT seconds;
  - when it failed, leave the database exactly as it was (row count of every table);
  - when it succeeded, have added as many workouts and sets as it printed, and have
    stored no text with a control character (other than tab, line feed, carriage
    return) and no text cut at a NUL: the marker cases must leave no marked text.

All cases share one SQLite data folder; an import that added something makes a
fresh account for the next case (a CSV import of the same workouts again adds
nothing, and a full export goes only into an empty account).

Environment: SPOTTER_BIN (see spotter_server.py). Standard library + pytest.
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
import sqlite3
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from spotter_server import PASSWORD, REPO_ROOT, cli, report, run_cli, sqlite_path

SAMPLES = REPO_ROOT.parent / "shared" / "samples"
SAMPLE_FILES = {
    "strong": SAMPLES / "strong" / "legacy-comma-kg-W-D-F.prefix.csv",
    "hevy": SAMPLES / "hevy" / "kg-warmup-dropset-timed.prefix.csv",
    "fitnotes": SAMPLES / "fitnotes" / "new-weight-unit-col-unquoted-commas.prefix.csv",
}
SEED = 1414
TRUNCATIONS = 6  # per sample (random points)
FLIPS = 10  # per sample (1 to 12 random bytes each)
CASE_TIMEOUT = 60.0  # seconds one import may take with a debug build
HUGE = 1 << 20  # a 1 MB field
MARKER = "Zq7Mark"  # starts the text of the marker cases; must never be stored
CRASH_SIGNS = ("Fatal error", "Stack dump", "Program crashed", "Current stack trace", "Segmentation fault",
               "Illegal instruction", "Assertion failed", "Precondition failed")
IMPORTED_CSV = re.compile(r"^Imported (\d+) workouts? \((\d+) sets?\)", re.M)
IMPORTED_JSON = re.compile(r"^Imported (\d+) workouts? with (\d+) sets?", re.M)

# Control characters a text field must not keep, as (name, UTF-8 bytes).
CONTROLS = [("nul", b"\x00"), ("soh", b"\x01"), ("bs", b"\x08"), ("vt", b"\x0b"), ("ff", b"\x0c"),
            ("esc", b"\x1b"), ("del", b"\x7f"), ("c1-nel", b"\xc2\x85"), ("c1-csi", b"\xc2\x9b")]
INVALID_UTF8 = [("ff", b"\xff"), ("lone-lead", b"\xc3("), ("surrogate", b"\xed\xa0\x80"), ("overlong", b"\xc0\xaf"),
                ("cut-4byte", b"\xf0\x9f\x92")]


# The corpus ------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One mutated file: which sample it starts from, how it is changed, and which
    importer it is given to."""
    source: str  # strong, hevy, fitnotes, json, or none (made from nothing)
    mutation: str
    params: tuple
    app: str  # the importer: strong, hevy, fitnotes or json

    @property
    def id(self) -> str:
        extra = "-".join(_short(p) for p in self.params)
        return f"{self.source}-as-{self.app}-{self.mutation}" + (f"-{extra}" if extra else "")


def _short(value) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, bytes):
        return value.hex()
    text = str(value).replace(" ", "_")
    return "".join(c if c.isalnum() or c in "_." else f"U+{ord(c):04X}" for c in text)


def build_corpus() -> list[Case]:
    rng = random.Random(SEED)
    cases: list[Case] = []
    for source in ("strong", "hevy", "fitnotes", "json"):
        add = lambda mutation, *params, app=source: cases.append(Case(source, mutation, params, app))  # noqa: E731
        add("original")
        for _ in range(TRUNCATIONS):
            add("truncate", round(rng.uniform(0.02, 0.98), 3))
        add("truncate-header", round(rng.uniform(0.05, 0.95), 3))
        for _ in range(FLIPS):
            add("flip", rng.randrange(1 << 30), rng.randint(1, 12))
        for name, raw in CONTROLS:
            add("insert", name, raw, round(rng.uniform(0.02, 0.98), 3))
        add("insert", "nul-header", b"\x00", round(rng.uniform(0.01, 0.05), 3))
        for name, raw in INVALID_UTF8:
            add("insert", "utf8-" + name, raw, round(rng.uniform(0.02, 0.98), 3))
        add("huge-field")
        add("garbage-tail", rng.randrange(1 << 30))
        for other in ("strong", "hevy", "fitnotes", "json"):
            if other != source:
                add("original", app=other)
        if source == "json":
            for target, control in (("workout-name", "\u0000"), ("workout-notes", "\u0000"), ("entry-notes", "\u0001"),
                                    ("set-note", "\u001b"), ("type-name", "\u007f"), ("exercise-name", "\u0085"),
                                    ("workout-name", "\u009b")):
                add("marker", target, control)
            add("deep-nesting", 100_000)
            add("numbers", "finite")
            add("numbers", "overflow")
            add("wrong-format")
        else:
            for column, control in zip(TEXT_COLUMNS[source], ("\x00", "\x01", "\x1b", "\x7f", "\x85")):
                add("marker", column, control)
            add("delimiter", ";")
            add("delimiter", "\t")
            add("crlf-bom")
            add("shuffle", rng.randrange(1 << 30))
            add("drop-column")
    for app in ("strong", "hevy", "fitnotes", "json"):
        cases.append(Case("none", "empty", (), app))
        cases.append(Case("none", "garbage", (rng.randrange(1 << 30),), app))
    cases.append(Case("none", "newlines", (), "strong"))
    cases.append(Case("none", "bom-only", (), "hevy"))
    return cases


# Text columns of each CSV format that the marker cases fill (first data row).
TEXT_COLUMNS = {
    "strong": ["Workout Name", "Notes", "Exercise Name", "Workout Notes", "Notes"],
    "hevy": ["title", "description", "exercise_title", "exercise_notes", "title"],
    "fitnotes": ["Exercise", "Category", "Exercise", "Category", "Exercise"],
}

CORPUS = build_corpus()


def _at(data: bytes, fraction: float) -> int:
    return max(0, min(len(data), int(len(data) * fraction)))


def mutate(case: Case, originals: dict[str, bytes]) -> bytes:
    """The bytes of the case's file."""
    if case.source == "none":
        if case.mutation == "empty":
            return b""
        if case.mutation == "garbage":
            return random.Random(case.params[0]).randbytes(64 * 1024)
        if case.mutation == "newlines":
            return b"\n\r\n\n"
        if case.mutation == "bom-only":
            return b"\xef\xbb\xbf"
        raise AssertionError(case)
    data = originals[case.source]
    kind, params = case.mutation, case.params
    if kind == "original":
        return data
    if kind == "truncate":
        return data[:_at(data, params[0])]
    if kind == "truncate-header":
        return data[:max(1, int(data.index(b"\n") * params[0]))]
    if kind == "flip":
        rng = random.Random(params[0])
        out = bytearray(data)
        for _ in range(params[1]):
            out[rng.randrange(len(out))] ^= rng.randint(1, 255)
        return bytes(out)
    if kind == "insert":
        at = _at(data, params[2])
        return data[:at] + params[1] + data[at:]
    if kind == "garbage-tail":
        return data + random.Random(params[0]).randbytes(4096)
    if kind == "huge-field":
        return huge_field(case.source, data)
    if kind == "marker":
        return marked(case.source, data, params[0], params[1])
    if kind == "delimiter":
        return data.replace(b",", params[0].encode())
    if kind == "crlf-bom":
        return b"\xef\xbb\xbf" + data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    if kind == "shuffle":
        header, *rows = data.split(b"\n")
        random.Random(params[0]).shuffle(rows)
        return b"\n".join([header, *rows])
    if kind == "drop-column":
        header, rest = data.split(b"\n", 1)
        return header.rsplit(b",", 1)[0] + b"\n" + rest
    if kind == "deep-nesting":
        return b"[" * params[0] + b"]" * params[0]
    if kind == "numbers":
        document = json.loads(data)
        sets = document["workouts"][0]["exercises"][0]["sets"]
        for one, value in zip(sets, (1e308, -5, 2 ** 63, 0.1 ** 300, -0.0, 123456789012345678901234567890)):
            one["reps"] = value
            one["weight"] = value
        text = json.dumps(document)
        return (text.replace('"reps": 1e+308', '"reps": 1e999') if params[0] == "overflow" else text).encode()
    if kind == "wrong-format":
        document = json.loads(data)
        document["version"] = 99
        document["workouts"] = {"not": "a list"}
        return json.dumps(document).encode()
    raise AssertionError(case)


def _rows(source: str, data: bytes) -> tuple[list[str], list[list[str]]]:
    text = data.decode("utf-8-sig")
    if source == "fitnotes":  # never quoted
        lines = [line.split(",") for line in text.splitlines() if line]
    else:
        lines = list(csv.reader(io.StringIO(text)))
    return lines[0], lines[1:]


def _write(source: str, header: list[str], rows: list[list[str]]) -> bytes:
    if source == "fitnotes":
        return ("\n".join(",".join(row) for row in [header, *rows]) + "\n").encode()
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL if source == "hevy" else csv.QUOTE_MINIMAL, lineterminator="\n")
    writer.writerows([header, *rows])
    return out.getvalue().encode()


def marked(source: str, data: bytes, target: str, control: str) -> bytes:
    """The file with one text field of the first workout set to MARKER + control + tail."""
    value = f"{MARKER}{control}tail"
    if source == "json":
        document = json.loads(data)
        workout = document["workouts"][0]
        entry = workout["exercises"][0]
        if target == "workout-name":
            workout["name"] = value
        elif target == "workout-notes":
            workout["notes"] = value
        elif target == "entry-notes":
            entry["notes"] = value
        elif target == "set-note":
            entry["sets"][0]["note"] = value
        elif target == "type-name":
            document["workoutTypes"][0]["name"] = value
        elif target == "exercise-name":
            custom = document["exercises"]
            assert custom, "the source account has no custom exercise"
            old = custom[0]["name"]
            custom[0]["name"] = value
            for one in document["workouts"]:
                for item in one["exercises"]:
                    if item.get("exercise") == old and not item.get("catalogKey"):
                        item["exercise"] = value
        else:
            raise AssertionError(target)
        return json.dumps(document, ensure_ascii=True).encode()  # the control as a \u escape
    header, rows = _rows(source, data)
    column = header.index(target)
    first = rows[0]
    # Every row of the first workout (Strong, Hevy: same date and name) gets the marker,
    # so the workout's name stays one; FitNotes has one workout per date.
    for row in rows:
        if row[:2] == first[:2] and len(row) > column:
            row[column] = value
    return _write(source, header, rows)


def huge_field(source: str, data: bytes) -> bytes:
    big = "H" * HUGE
    if source == "json":
        document = json.loads(data)
        document["workouts"][0]["name"] = big
        document["workouts"][0]["notes"] = big
        return json.dumps(document).encode()
    header, rows = _rows(source, data)
    column = header.index(TEXT_COLUMNS[source][0])
    rows[0][column] = big
    return _write(source, header, rows)


# Looking at the database ------------------------------------------------------------


class _Text(bytes):
    """A TEXT value as SQLite holds it (BLOBs come back as plain bytes)."""


def _forbidden(text: str) -> bool:
    return any((ord(c) < 0x20 and c not in "\t\n\r") or 0x7F <= ord(c) <= 0x9F for c in text)


class Database:
    def __init__(self, path: Path):
        self.path = path

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30)
        connection.text_factory = _Text
        return connection

    def counts(self) -> dict[str, int]:
        with self._connect() as connection:
            tables = [row[0].decode() for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
            counts = {table: connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0] for table in tables}
        connection.close()
        return counts

    def bad_text(self) -> set[tuple[str, str, str]]:
        """Every stored text with a control character or invalid UTF-8, and every text with
        the marker: (table, column, the value's start)."""
        found: set[tuple[str, str, str]] = set()
        with self._connect() as connection:
            tables = [row[0].decode() for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
            for table in tables:
                cursor = connection.execute(f'SELECT * FROM "{table}"')
                columns = [d[0] for d in cursor.description]
                for row in cursor:
                    for column, value in zip(columns, row):
                        if not isinstance(value, _Text):
                            continue
                        try:
                            text = bytes(value).decode("utf-8")
                        except UnicodeDecodeError:
                            found.add((table, column, "invalid UTF-8: " + repr(bytes(value)[:60])))
                            continue
                        if _forbidden(text) or MARKER in text:
                            found.add((table, column, repr(text[:60])))
        connection.close()
        return found


def data_files(data_dir: Path) -> set[str]:
    """The files of the data folder besides the database (images, for example)."""
    return {str(path.relative_to(data_dir)) for path in data_dir.rglob("*")
            if path.is_file() and not path.name.startswith("spotter.sqlite")}


# The run -----------------------------------------------------------------------------


@dataclass
class Fuzz:
    data_dir: Path
    files: Path
    database: Database
    originals: dict[str, bytes]
    users: dict[str, str] = field(default_factory=dict)  # importer -> the account it imports into now
    made: int = 0
    bad_before: set = field(default_factory=set)
    times: list[tuple[float, str]] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)  # imported / nothing added / refused

    def fresh_user(self, app: str) -> str:
        self.made += 1
        name = f"fuzz{self.made}"
        cli("user", "create", name, data_dir=self.data_dir, stdin=PASSWORD + "\n" + PASSWORD + "\n")
        self.users[app] = name
        return name

    def user(self, app: str) -> str:
        key = "json" if app == "json" else "csv"
        return self.users.get(key) or self.fresh_user(key)


def with_program(export: bytes) -> bytes:
    """The export with a program added (the CLI makes none): a template of the account's
    first exercise, a 4-week program with it on Monday and Thursday, followed from a
    fixed day with week 2 skipped, and the first workout started from its first day.
    Its template is a guided one, with a break between its two exercise rows, and the
    exercise has two training maxes. So the cases made from the file reach the program,
    timeline and training max parts of the reader too."""
    document = json.loads(export)
    entry = document["workouts"][0]["exercises"][0]
    stamp = "2026-01-02T03:04:05.678Z"
    document["templates"].append({
        "name": "Fuzz day", "category": "strength", "notes": "", "pinned": False, "createdAt": stamp, "updatedAt": stamp,
        "exercises": [{"exercise": entry["exercise"], **({"catalogKey": entry["catalogKey"]} if entry.get("catalogKey") else {}),
                       "sets": 3, "repMin": 5, "repMax": 5, **({"targetDurationSeconds": 30} if timed else {})}
                      for timed in (False, True)],
        "breaks": [{"position": 1, "seconds": 45}], "guided": True})
    days = [{"weekday": day, "template": "Fuzz day", "notes": "Heavy", "suggestedRPE": 8} for day in ("monday", "thursday")]
    document["programs"] = [{
        "name": "Fuzz block", "description": "Four weeks.", "category": "strength", "difficulty": "intermediate",
        "pattern": "three-up-one-deload", "baseIntensity": 1, "weeklyIncrement": 0.05, "createdAt": stamp, "updatedAt": stamp,
        "weeks": [{"number": n, "modifier": m, "deload": n == 4, "days": days} for n, m in ((1, 1), (2, 1.05), (3, 1.1), (4, 0.9))],
        "skippedWeeks": [{"week": 2, "day": "2026-01-10"}]}]
    document["activeProgram"] = {"program": "Fuzz block", "startDay": "2026-01-01", "activatedAt": stamp}
    document["workouts"][0]["program"] = {"program": "Fuzz block", "week": 1, "weekday": "monday"}
    lift = {"exercise": entry["exercise"], **({"catalogKey": entry["catalogKey"]} if entry.get("catalogKey") else {})}
    document["trainingMaxes"] = [
        {**lift, "weight": 100, "unit": "kg", "day": "2026-01-01", "source": "estimated", "createdAt": stamp},
        {**lift, "weight": 235, "unit": "lb", "day": "2026-01-15", "source": "typed", "createdAt": stamp}]
    return json.dumps(document, indent=2, sort_keys=True).encode()


def fuzz_state(tmp_path_factory) -> Fuzz:
    """A data folder with the account whose full export the JSON cases start from,
    and the unmutated files; shared with test_import_api_fuzz.py."""
    root = tmp_path_factory.mktemp("fuzz")
    data_dir = root / "data"
    data_dir.mkdir()
    files = root / "files"
    files.mkdir()
    originals = {source: path.read_bytes() for source, path in SAMPLE_FILES.items()}
    # The full export of an account that imported all three samples.
    cli("user", "create", "source", data_dir=data_dir, stdin=PASSWORD + "\n" + PASSWORD + "\n")
    for source, path in SAMPLE_FILES.items():
        cli("import", source, str(path), "--user", "source", data_dir=data_dir)
    export = root / "source.json"
    cli("export", "--user", "source", "--output", str(export), data_dir=data_dir)
    # The times the export was made and the rows written are now: fixed, so the JSON
    # file (and every case made from it) is the same bytes on every run.
    originals["json"], replaced = re.subn(rb'("(?:createdAt|updatedAt|exportedAt)" : )"[^"]*"',
                                          rb'\1"2026-01-02T03:04:05.678Z"', export.read_bytes())
    assert replaced, "the export has no createdAt, updatedAt or exportedAt written as expected"
    originals["json"] = with_program(originals["json"])
    state = Fuzz(data_dir, files, Database(sqlite_path(data_dir)), originals)
    state.bad_before = state.database.bad_text()
    assert not state.bad_before, f"the unmutated samples already store bad text: {state.bad_before}"
    return state


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory, pytestconfig):
    state = fuzz_state(tmp_path_factory)
    started = time.monotonic()
    yield state
    slowest = sorted(state.times, reverse=True)[:5]
    report(pytestconfig, f"import fuzz: {len(state.times)} cases in {time.monotonic() - started:.1f} s, "
          f"{state.made} accounts made; {state.outcomes}; slowest: " + ", ".join(f"{name} {t:.1f} s" for t, name in slowest))


@pytest.mark.parametrize("case", CORPUS, ids=[case.id for case in CORPUS])
def test_mutated_import(fuzz: Fuzz, case: Case):
    content = mutate(case, fuzz.originals)
    path = fuzz.files / f"{case.id}.{'json' if case.app == 'json' else 'csv'}"
    path.write_bytes(content)
    user = fuzz.user(case.app)
    before = fuzz.database.counts()
    files_before = data_files(fuzz.data_dir)

    started = time.monotonic()
    try:
        result = run_cli("import", case.app, str(path), "--user", user, data_dir=fuzz.data_dir, timeout=CASE_TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{case.id}: the import ran past {CASE_TIMEOUT:.0f} s (file of {len(content)} bytes)", pytrace=False)
    # run_cli decodes as text; a message may quote the file's bytes, which is fine.
    elapsed = time.monotonic() - started
    fuzz.times.append((elapsed, case.id))
    output = f"--- stdout (end) ---\n{result.stdout[-1500:]}\n--- stderr (end) ---\n{result.stderr[-1500:]}"

    assert result.returncode >= 0, f"killed by signal {-result.returncode}\n{output}"
    crash = [sign for sign in CRASH_SIGNS if sign in result.stderr or sign in result.stdout]
    assert not crash, f"crashed ({crash[0]}), exit {result.returncode}\n{output}"
    after = fuzz.database.counts()

    if result.returncode != 0:
        fuzz.outcomes["refused"] = fuzz.outcomes.get("refused", 0) + 1
        assert result.stderr.strip(), f"failed with exit {result.returncode} but said nothing on stderr\n{output}"
        changed = {t: (before.get(t), after.get(t)) for t in set(before) | set(after) if before.get(t) != after.get(t)}
        assert not changed, f"the import failed (exit {result.returncode}) but changed rows (table: before, after): " \
                            f"{changed}\n{output}"
        left = sorted(data_files(fuzz.data_dir) - files_before)
        assert not left, f"the import failed (exit {result.returncode}) but left files behind: {left[:5]}\n{output}"
        return

    pattern = IMPORTED_JSON if case.app == "json" else IMPORTED_CSV
    match = pattern.search(result.stdout)
    workouts, sets = (int(match[1]), int(match[2])) if match else (0, 0)
    added_workouts = after["workouts"] - before["workouts"]
    added_sets = after["workout_sets"] - before["workout_sets"]
    outcome = "imported" if workouts or sets or added_workouts or added_sets else "nothing added"
    fuzz.outcomes[outcome] = fuzz.outcomes.get(outcome, 0) + 1
    if outcome == "imported":
        fuzz.users.pop("json" if case.app == "json" else "csv", None)  # the next case gets an empty account
    bad = fuzz.database.bad_text()
    new_bad = sorted(bad - fuzz.bad_before)
    fuzz.bad_before = bad
    assert (added_workouts, added_sets) == (workouts, sets), \
        f"printed {workouts} workouts / {sets} sets, the database gained {added_workouts} / {added_sets}\n{output}"
    assert not new_bad, (
        "the import succeeded and stored text with a control character, invalid UTF-8 or the marker "
        f"(a marker without its control character and tail means it was cut at a NUL or changed): {new_bad[:5]}\n{output}")
