"""`yaruki timer --routine NAME` in a real terminal (tmux), against a real server: the same training
session as the browser's, saved on the server as it goes, left and carried on, finished with its records."""
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
import uuid

import pytest

from test_timer_tmux import BINARY, keys, pane, screen, terminal_is_cooked, until  # noqa: F401 (pane is a fixture)


def call(url, method, path, token=None, body=None):
    request = urllib.request.Request(url + path, data=json.dumps(body).encode() if body is not None else None, method=method,
                                     headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request) as response:
        return json.load(response) if response.status != 204 else None


@pytest.fixture(scope="module")
def server():
    data = tempfile.mkdtemp(prefix="yaruki-tui-")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen([BINARY, "serve", "--port", str(port), "--data-dir", data, "--access-log", "off"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.05)
    yield url
    process.terminate()
    process.wait(timeout=15)
    shutil.rmtree(data, ignore_errors=True)


def test_a_routine_session_in_the_terminal(pane, server):
    email = f"tui-{uuid.uuid4().hex[:6]}@example.com"
    token = call(server, "POST", "/v1/auth/signup", body={"email": email, "password": "correct horse battery", "displayName": "Tui",
                                                          "timeZone": "UTC"})["accessToken"]
    call(server, "POST", "/v1/workouts", token, {"startedAt": "2026-11-20T08:00:00Z",
                                                 "exercises": [{"exerciseId": "squat", "sets": [{"reps": 5, "weightKg": 60}]}]})
    call(server, "POST", "/v1/routines", token, {"title": "Legs", "public": False,
                                                 "items": [{"exerciseId": "squat", "sets": 2, "reps": 5, "restSeconds": 30}]})
    command = f"YARUKI_PASSWORD='correct horse battery' {BINARY} timer --routine legs --url {server} --email {email}"
    keys(pane, command, "Enter")
    shown = until(pane, "SQUAT - SET 1 OF 2 - REPS")
    assert "[>] 1  60 kg × 5   last time 60 kg × 5" in shown
    keys(pane, "+", "+", "+", "+", "+", "+", " ")
    until(pane, "[SPACE] NEXT SET")
    assert "[x] 1  60 kg × 6" in screen(pane)
    # Saved on the server as it goes: the browser would find it mid-rest.
    state = call(server, "GET", "/v1/training/session", token)
    assert state["phase"] == "rest" and state["exercises"][0]["sets"][0]["done"] and state["exercises"][0]["sets"][0]["reps"] == 6

    # Leave it under way, and carry on with the same command.
    keys(pane, "q")
    until(pane, "The session stays under way: 1 sets done")
    assert terminal_is_cooked(pane)
    keys(pane, "clear", "Enter", command, "Enter")
    shown = until(pane, "[x] 1  60 kg × 6")
    keys(pane, " ") if "NEXT SET" in shown else None   # end the rest if it is still running
    until(pane, "SQUAT - SET 2 OF 2 - REPS")
    keys(pane, " ")
    until(pane, "[x] 2  60 kg × 5")
    keys(pane, "f")
    shown = until(pane, "Finished: 2 sets, 660 kg")
    assert "record: Squat most reps at 60 kg: 6" in shown and "best estimated 1RM, 72 kg (60 kg × 6)" in shown
    assert terminal_is_cooked(pane)
    workouts = call(server, "GET", "/v1/workouts", token)["items"]
    assert len(workouts) == 2 and [s["reps"] for s in workouts[0]["exercises"][0]["sets"]] == [6, 5]
    with pytest.raises(urllib.error.HTTPError) as gone:
        call(server, "GET", "/v1/training/session", token)
    assert gone.value.code == 404


def test_an_unknown_routine_is_said_plainly(pane, server):
    email = f"tui-{uuid.uuid4().hex[:6]}@example.com"
    call(server, "POST", "/v1/auth/signup", body={"email": email, "password": "correct horse battery", "displayName": "Tui", "timeZone": "UTC"})
    keys(pane, f"YARUKI_PASSWORD='correct horse battery' {BINARY} timer --routine nothing --url {server} --email {email}", "Enter")
    until(pane, "no routine of yours is called 'nothing'")
    assert terminal_is_cooked(pane)
