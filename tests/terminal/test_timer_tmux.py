"""`yaruki timer` in a real terminal (tmux): keys in, the screen read back, the terminal restored."""
import os
import shutil
import subprocess
import time
import uuid

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("YARUKI_BINARY", os.path.join(ROOT, ".build", "debug", "yaruki"))
BIG_THREE = ["█████", "    █", " ████", "    █", "█████"]


def tmux(*args):
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def pane():
    assert shutil.which("tmux"), "tmux is missing (scripts/setup.sh test installs it)"
    assert os.access(BINARY, os.X_OK), f"build first: {BINARY}"
    name = f"yaruki-{uuid.uuid4().hex[:8]}"
    tmux("new-session", "-d", "-s", name, "-x", "90", "-y", "28", "env -i TERM=xterm-256color PATH=/usr/bin:/bin bash --norc --noprofile")
    yield name
    subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def screen(name):
    return tmux("capture-pane", "-t", name, "-p")


def keys(name, *sequence):
    for key in sequence:
        tmux("send-keys", "-t", name, "-l", key) if len(key) == 1 else tmux("send-keys", "-t", name, key)
        time.sleep(0.05)


def until(name, text, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        shown = screen(name)
        if text in shown:
            return shown
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never showed; the screen was:\n{screen(name)}")


def terminal_is_cooked(name):
    keys(name, "clear; stty -a", "Enter")
    shown = until(name, "speed")
    words = shown.replace("\n", " ").split()
    return "icanon" in words and "echo" in words and "-icanon" not in words and "-echo" not in words


def test_a_set_through_rest_and_back_then_quit(pane):
    keys(pane, f"{BINARY} timer --rest 30", "Enter")
    until(pane, "TRAINING - REPS")
    assert "[SPACE] START REST" in screen(pane)
    keys(pane, "+", "+", "+", "+", "-")
    shown = until(pane, "█████")
    rows = [line.strip() for line in shown.splitlines() if "█" in line]
    assert [r.strip() for r in rows] == [r.strip() for r in BIG_THREE], shown
    keys(pane, " ")
    shown = until(pane, "[SPACE] NEXT SET")
    assert "REST" in shown and "set 1: 3 reps" in shown
    keys(pane, "[", "[")  # 30 s → 15 s → ends now: the shortest way to see the end of a rest
    until(pane, "REST IS OVER")
    keys(pane, " ")
    shown = until(pane, "[SPACE] START REST")
    assert "set 1: 3 reps" in shown
    keys(pane, "q")
    shown = until(pane, "1 set: 3 reps")
    assert "TRAINING - REPS" not in shown, "the alternate screen was left"
    assert terminal_is_cooked(pane)


def test_sigterm_and_ctrl_c_restore_the_terminal(pane):
    keys(pane, f"{BINARY} timer", "Enter")
    until(pane, "TRAINING - REPS")
    subprocess.run(["pkill", "-TERM", "-f", f"{BINARY} timer"], check=True)
    until(pane, "No sets recorded.")
    assert terminal_is_cooked(pane)
    keys(pane, f"{BINARY} timer", "Enter")
    until(pane, "TRAINING - REPS")
    keys(pane, "C-c")
    until(pane, "No sets recorded.")
    assert terminal_is_cooked(pane)


def test_no_terminal_is_a_clear_error():
    result = subprocess.run([BINARY, "timer"], stdin=subprocess.DEVNULL, capture_output=True, text=True)
    assert result.returncode == 1
    assert result.stderr == "yaruki: timer needs a terminal\n"
