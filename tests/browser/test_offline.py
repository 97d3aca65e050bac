"""Offline in a real Chromium (the network cut through the DevTools protocol): two memos written and
a workout edited with no network wait on the device as "waiting to sync", reach the server when the
network returns, and show in a second browser; a workout changed elsewhere meanwhile is shown to the
person with both versions and a choice."""
import os
import tempfile
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import act, click_on, days_ago, locator, make_browser, serve, text_of, type_in
from test_account import OUT, api_call, api_login, ready, sign_up, wait
from test_lifelog import open_composer

WORKOUT = {"startedAt": days_ago(1, "07:00:00"), "notes": "before",
           "exercises": [{"exerciseId": "squat", "sets": [{"reps": 5, "weightKg": 100}]}]}


def network(driver, online):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def write_memo(driver, text):
    type_in(driver, By.ID, "memo-text", text)
    click_on(driver, By.ID, "save-memo")


def edit_workout_offline(driver, server, email, new_notes):
    """Signs up, logs a workout over HTTP, opens it in the editor, cuts the network and saves new
    notes; returns the person's token and the workout's id."""
    sign_up(driver, server, email)
    token = api_login(server, email)["accessToken"]
    workout = str(uuid.uuid4())
    api_call(server, "PUT", f"/v1/workouts/{workout}", token, WORKOUT)
    driver.get(f"{server}/#/workout/{workout}")
    wait(driver).until(lambda d: d.find_element(By.ID, "f-notes").get_attribute("value") == "before")
    network(driver, online=False)
    wait(driver).until(lambda d: d.execute_script("return navigator.onLine") is False)
    type_in(driver, By.ID, "f-notes", new_notes)
    click_on(driver, By.ID, "save-workout")
    wait(driver).until(lambda d: "#/training" in d.current_url)
    return token, workout


def test_memos_and_a_workout_written_offline_reach_the_server_and_another_browser(server):
    email = f"offline-{uuid.uuid4().hex[:6]}@example.com"
    driver = make_browser(390, 844)
    other = None
    try:
        # A workout open in the editor when the network goes.
        token, workout = edit_workout_offline(driver, server, email, "edited on the train")
        # Two memos, still offline.
        driver.get(f"{server}/#/lifelog")
        ready(driver)
        open_composer(driver)
        if act(driver, locator(By.ID, "memo-place"), lambda e: e.is_selected()):
            click_on(driver, By.ID, "memo-place")
        write_memo(driver, "First memo without a network")
        wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lifelog-items [data-pending=true]")) == 1)
        write_memo(driver, "Second memo without a network")
        wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lifelog-items [data-pending=true]")) == 2)
        # Every page says the network is gone, under the top bar.
        banner = driver.find_element(By.ID, "offline")
        assert banner.is_displayed() and "You are offline" in banner.text
        pill = driver.find_element(By.ID, "sync-status")
        wait(driver).until(lambda d: pill.is_displayed() and pill.get_attribute("data-count") == "3")
        assert "Waiting to sync" in pill.get_attribute("aria-label") and pill.text.strip().endswith("3")
        os.makedirs(OUT, exist_ok=True)
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(OUT, "offline-waiting-en-390x844.png"))
        wide = driver.execute_script("""return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                                        .map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 8)""")
        assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), wide
        # The app opened again without a network: the same person, the memos still waiting.
        driver.refresh()
        ready(driver)
        wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#lifelog-items [data-pending=true]")) == 2)
        assert "#/lifelog" in driver.current_url, "still signed in as the person whose device it is"
        wait(driver).until(lambda d: d.find_element(By.ID, "sync-status").get_attribute("data-count") == "3")
        assert not driver.find_elements(By.CSS_SELECTOR, "#problems .problem"), "offline is not an error"
        # Nothing reached the server yet.
        timeline = api_call(server, "GET", "/v1/lifelog/timeline?range=week", token)
        assert not [i for i in timeline["items"] if i["type"] == "record"]
        # The network returns: everything goes out, and the page shows the server's copies.
        network(driver, online=True)
        wait(driver).until(lambda d: not d.find_element(By.ID, "offline").is_displayed())
        wait(driver, 30).until(lambda d: not d.find_element(By.ID, "sync-status").is_displayed())
        wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#lifelog-items [data-pending=true]"))
        assert "First memo without a network" in text_of(driver, By.ID, "lifelog-items")
        texts = [i["record"]["text"] for i in api_call(server, "GET", "/v1/lifelog/timeline?range=week", token)["items"] if i["type"] == "record"]
        assert sorted(texts) == ["First memo without a network", "Second memo without a network"]
        assert api_call(server, "GET", f"/v1/workouts/{workout}", token)["notes"] == "edited on the train"
        # A second browser sees them.
        other = make_browser(1440, 900)
        other.get(server + "/#/signin")
        ready(other)
        wait(other).until(EC.visibility_of_element_located((By.NAME, "email")))
        type_in(other, By.NAME, "email", email, clear=False)
        type_in(other, By.NAME, "password", "correct horse battery", clear=False)
        click_on(other, By.CSS_SELECTOR, "form button[type=submit]")
        wait(other).until(lambda d: "#/signin" not in d.current_url)
        other.get(server + "/#/lifelog")
        wait(other).until(lambda d: "Second memo without a network" in d.find_element(By.ID, "lifelog-items").text)
    finally:
        driver.quit()
        if other:
            other.quit()


def test_a_workout_changed_elsewhere_meanwhile_is_decided_with_both_versions_shown(server):
    email = f"conflict-{uuid.uuid4().hex[:6]}@example.com"
    driver = make_browser(390, 844)
    try:
        token, workout = edit_workout_offline(driver, server, email, "from the phone, offline")
        # Meanwhile another device changes it.
        api_call(server, "PUT", f"/v1/workouts/{workout}", token, {**WORKOUT, "notes": "from the watch"})
        network(driver, online=True)
        wait(driver, 30).until(lambda d: d.find_element(By.ID, "sync-status").is_displayed()
                               and d.find_element(By.ID, "sync-status").get_attribute("data-decide") == "1")
        click_on(driver, By.ID, "sync-status")
        sheet = wait(driver).until(EC.visibility_of_element_located((By.ID, "conflicts")))
        assert "from the phone, offline" in sheet.text and "from the watch" in sheet.text, "both versions side by side"
        assert "Started" not in sheet.text, "only what differs"
        wait(driver).until(lambda d: d.execute_script("return document.getAnimations().every((a) => a.playState !== 'running')"))
        assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        driver.save_screenshot(os.path.join(OUT, "offline-conflict-en-390x844.png"))
        click_on(driver, By.CSS_SELECTOR, "#conflicts [data-choice=mine]")
        wait(driver, 30).until(lambda d: api_call(server, "GET", f"/v1/workouts/{workout}", token)["notes"] == "from the phone, offline")
        wait(driver).until(lambda d: not d.find_element(By.ID, "sync-status").is_displayed())
    finally:
        driver.quit()


def test_health_and_home_open_offline_on_what_they_showed_last():
    """Every page keeps its last data: Health and Home, opened once online, open again with no
    network on what they showed, under the offline banner, with no error, also when the app is
    opened again from nothing. The server is stopped for it (the DevTools protocol's offline
    covers the page, not its service worker, which would still reach the server)."""
    running = serve(tempfile.mkdtemp(prefix="yaruki-browser-offline-"))
    server = next(running)
    email = f"offline-health-{uuid.uuid4().hex[:6]}@example.com"
    driver = make_browser(390, 844)
    try:
        sign_up(driver, server, email)
        token = api_login(server, email)["accessToken"]
        today = api_call(server, "GET", "/v1/health/days", token)["today"]
        api_call(server, "PUT", f"/v1/health/days/{today}", token, {"source": "Watch", "steps": 12345, "activeEnergyKcal": 420, "standHours": 9})
        driver.execute_script("location.hash = '#/health'")
        wait(driver).until(lambda d: "12,345" in d.find_element(By.TAG_NAME, "main").text)
        driver.get(server + "/#/home")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "home-record")))
        # The network goes: the server stops, and the page hears it is offline.
        next(running, None)
        network(driver, online=False)
        wait(driver).until(lambda d: d.execute_script("return navigator.onLine") is False)
        driver.execute_script("location.hash = '#/health'")  # under More on a phone
        wait(driver).until(lambda d: "12,345" in d.find_element(By.TAG_NAME, "main").text)
        banner = driver.find_element(By.ID, "offline")
        assert banner.is_displayed() and "You are offline" in banner.text
        assert not driver.find_elements(By.CSS_SELECTOR, "#problems .problem"), "kept data is not an error"
        driver.save_screenshot(os.path.join(OUT, "offline-health-en-390x844.png"))
        # The app opened again from nothing, still without a server: the pages from what they kept.
        driver.refresh()
        ready(driver)
        wait(driver).until(lambda d: "12,345" in d.find_element(By.TAG_NAME, "main").text)
        assert not driver.find_elements(By.CSS_SELECTOR, "#problems .problem")
        driver.execute_script("location.hash = '#/home'")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "home-record")))
        assert not driver.find_elements(By.CSS_SELECTOR, "#problems .problem")
    finally:
        driver.quit()
        next(running, None)
