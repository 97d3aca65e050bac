"""The wall screen in a real Chromium: a burst of sales arrives faster than the count-up lasts,
and the figure counts up without going back and stops on the right total."""
import subprocess
import urllib.request
import json
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import BINARY, SERVER, make_browser
from test_account import api_call, api_login


def admin_token(server):
    email = f"wall-admin-{uuid.uuid4().hex[:6]}@example.com"
    subprocess.run([BINARY, "user", "create", "--email", email, "--role", "admin", "--password-stdin", "--data-dir", SERVER["data"]],
                   input="correct horse battery\n", text=True, check=True, capture_output=True)
    return api_login(server, email)["accessToken"]


def send(server, key, events):
    request = urllib.request.Request(server + "/v1/signage/events", data=json.dumps({"events": events}).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def test_the_wall_counts_up_to_the_total_after_a_burst(server):
    admin = admin_token(server)
    key = api_call(server, "POST", "/v1/admin/api-keys", admin, {"name": "till", "scopes": ["signage:write"]})["key"]
    board = api_call(server, "POST", "/v1/signage/boards", admin, {"title": "Beauty week", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00",
                                                                   "endsAt": "2026-12-05T00:00:00+09:00", "goal": 5_000_000})
    wall = make_browser(1280, 720)
    try:
        wall.get(server + board["wallURL"])
        WebDriverWait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-dot").get_attribute("class") == "dot ok")
        assert wall.find_element(By.ID, "wall-total").text == "¥0"
        assert wall.find_element(By.CSS_SELECTOR, ".wall-empty").is_displayed(), "no sales yet says so"
        # Record every figure the screen shows from here on.
        wall.execute_script("""
            window.__seen = [];
            const total = document.getElementById('wall-total');
            new MutationObserver(() => window.__seen.push(Number(total.dataset.value))).observe(total, { childList: true, characterData: true, subtree: true });
        """)
        expected = 0
        for batch in range(20):
            events = [{"id": f"w{batch}-{i}", "amount": 1_000 + batch * 37 + i, "currency": "JPY", "channel": ["store", "online"][i % 2],
                       "occurredAt": "2026-12-02T12:30:00+09:00"} for i in range(50)]
            expected += sum(e["amount"] for e in events)
            assert send(server, key, events)["accepted"] == 50
        WebDriverWait(wall, 30).until(lambda d: d.find_element(By.ID, "wall-total").get_attribute("data-value") == str(expected))
        assert wall.find_element(By.ID, "wall-total").text == f"¥{expected:,}"
        seen = wall.execute_script("return window.__seen")
        assert seen == sorted(seen), "the figure never goes back"
        assert len([v for v in seen if 0 < v < expected]) > 5, "it counted up rather than jumping"
        channels = {li.get_attribute("data-channel"): li.text for li in wall.find_elements(By.CSS_SELECTOR, ".wall-channels li")}
        assert set(channels) == {"store", "online"}
        assert channels["store"].startswith("Store") and channels["online"].startswith("Online"), "known channels by name"
        assert "%" in wall.find_element(By.CSS_SELECTOR, ".wall-goal p").text
        # A new link: the screen on the old one is closed and says the link no longer works.
        api_call(server, "POST", f"/v1/signage/boards/{board['board']['id']}/link", admin)
        WebDriverWait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-gone").is_displayed())
        assert wall.find_element(By.ID, "wall-dot").get_attribute("class") == "dot bad"
    finally:
        wall.quit()
