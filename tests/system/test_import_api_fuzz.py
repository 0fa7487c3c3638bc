"""Import fuzzing through the API: a bounded share of the mutated exports of
test_import_fuzz.py (every API_STRIDE-th case, same seed) goes to a running server,
CSV files through POST /api/v1/imports and its commit, full exports through POST
/api/v1/restore. Every case must:
  - get an answer, never a 5xx: 201 then a committed import, or a refusal (400, 409,
    413) with a message;
  - when refused, change no row and leave no upload behind;
  - when imported, add as many workouts and sets as the answer says.

Environment: SPOTTER_BIN (see spotter_server.py). Standard library + pytest.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest

from spotter_server import Server, create_user, report
from test_import_fuzz import CORPUS, fuzz_state, mutate

API_STRIDE = 8
API_CASES = CORPUS[::API_STRIDE]
REQUEST_TIMEOUT = 60.0


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory, pytestconfig):
    state = fuzz_state(tmp_path_factory)
    started = time.monotonic()
    yield state
    report(pytestconfig, f"import fuzz through the API: {len(API_CASES)} cases in {time.monotonic() - started:.1f} s; {state.outcomes}")


@pytest.fixture(scope="module")
def api_server(fuzz):
    server = Server(fuzz.data_dir, "import-api")
    server.wait_until_healthy()
    yield server
    server.stop()


def post(server: Server, path: str, token: str, body: bytes, content_type: str) -> tuple[int, dict]:
    request = urllib.request.Request(server.base_url + path, data=body, method="POST")
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw)
        except ValueError:
            return error.code, {"raw": raw.decode(errors="replace")}


def uploads_left(fuzz) -> list[str]:
    folder = fuzz.data_dir / "imports"
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


@pytest.mark.parametrize("case", API_CASES, ids=[case.id for case in API_CASES])
def test_mutated_upload_through_the_api(fuzz, api_server, case):
    content = mutate(case, fuzz.originals)
    fuzz.made += 1
    token = create_user(f"api{fuzz.made}", fuzz.data_dir)
    before = fuzz.database.counts()
    uploads_before = uploads_left(fuzz)

    if case.app == "json":
        status, body = post(api_server, "/api/v1/restore", token, content, "application/json")
        added = (body.get("workouts", 0), body.get("sets", 0)) if status == 201 else (0, 0)
    else:
        status, body = post(api_server, f"/api/v1/imports?app={case.app}", token, content, "text/csv")
        added = (0, 0)
        if status == 201:
            committed, result = post(api_server, f"/api/v1/imports/{body['id']}/commit", token, b"{}", "application/json")
            assert committed == 200, f"{case.id}: the commit answered {committed}: {result}\n{api_server.log_tail()}"
            added = (result["workouts"], result["sets"])
    assert status < 500, f"{case.id}: {status} {body}\n{api_server.log_tail()}"
    after = fuzz.database.counts()

    if status != 201:
        assert status in (400, 409, 413), f"{case.id}: {status} {body}"
        assert body.get("error", {}).get("message"), f"{case.id}: refused without a message: {body}"
        changed = {t: (before.get(t), after.get(t)) for t in set(before) | set(after)
                   if before.get(t) != after.get(t) and t not in ("users", "api_tokens", "sessions")}
        assert not changed, f"{case.id}: refused ({status}) but changed rows: {changed}"
        assert uploads_left(fuzz) == uploads_before, f"{case.id}: a refused upload left files behind"
        fuzz.outcomes["refused"] = fuzz.outcomes.get("refused", 0) + 1
        return
    fuzz.outcomes["imported"] = fuzz.outcomes.get("imported", 0) + 1
    gained = (after["workouts"] - before["workouts"], after["workout_sets"] - before["workout_sets"])
    assert gained == added, f"{case.id}: answered {added} workouts / sets, the database gained {gained}"
