"""The lifelog in a real Chromium: write a memo, check in where the (emulated) device is, and play
a Helsinki day on the map until the person stops at a memo."""
import os
import subprocess
import time
import urllib.request
import uuid
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import act, attribute_of, click_on, demo_copy, is_shown, locator, make_browser, serve, text_of, type_in, with_class
from test_account import OUT, api_call, api_login, ready, sign_up, wait
from test_layout import sign_in
from test_lifelog_history import sign_up_japanese

# A morning in central Helsinki (inside the extract the server routes on).
DAY = [
    ("08:00", 60.1712, 24.9413, "memo", "Off the train, coffee first", None),
    ("08:30", 60.1686, 24.9440, "checkin", "", "Stockmann"),
    ("09:10", 60.1676, 24.9520, "memo", "Market Square: fresh berries", None),
    ("09:40", 60.1660, 24.9455, "checkin", "", "Esplanadi"),
]


def put_day(server, token):
    for clock, lat, lon, kind, text, place in DAY:
        body = {"kind": kind, "occurredAt": f"2026-11-28T{clock}:00+02:00", "text": text, "position": {"latitude": lat, "longitude": lon},
                "source": "phone"}
        if place:
            body["place"] = place
        api_call(server, "PUT", f"/v1/lifelog/records/{uuid.uuid4()}", token, body)


def put_voice(server, token, tmp):
    """A voice note at the market right after its memo (the same stop): a second of tone as AAC."""
    path = f"{tmp}/note.m4a"
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", path], check=True)
    with open(path, "rb") as f:
        data = f.read()
    query = "occurredAt=2026-11-28T09:12:00%2B02:00&latitude=60.1676&longitude=24.9520&source=phone&text=berries%20note"
    request = urllib.request.Request(f"{server}/v1/lifelog/voice?{query}", data=data, method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "audio/mp4"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 201


def base_map_pixels(driver):
    """Pixels the base map's road and area canvases have drawn (0 before the tiles arrive)."""
    return driver.execute_script("""
        let n = 0;
        for (const c of document.querySelectorAll('.leaflet-base-lines-pane canvas, .leaflet-base-areas-pane canvas')) {
          if (!c.width || !c.height) continue;
          const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          for (let i = 3; i < data.length; i += 64) if (data[i] > 0) n++;
        }
        return n;""")


def test_a_day_beyond_the_map_says_which_legs_are_straight(server):
    """A day that flies from Helsinki to Tokyo: the Tokyo leg is outside the server's one region,
    so it is drawn straight and the page says so in Japanese, with the region's outline."""
    driver = make_browser(390, 844, language="ja-JP")
    try:
        email = f"beyond-{uuid.uuid4().hex[:6]}@example.com"
        sign_up_japanese(server, email)
        token = api_login(server, email)["accessToken"]
        for minutes, (lat, lon) in [(0, (60.1712, 24.9413)), (30, (60.1676, 24.9520)), (600, (35.6812, 139.7671))]:
            api_call(server, "PUT", f"/v1/lifelog/records/{uuid.uuid4()}", token,
                     {"kind": "memo", "text": "ここ", "occurredAt": f"2026-11-28T{8 + minutes // 60:02d}:{minutes % 60:02d}:00+09:00",
                      "position": {"latitude": lat, "longitude": lon}})
        sign_in(driver, server, email, "correct horse battery")
        driver.get(server + "/#/playback?range=day&date=2026-11-28")
        ready(driver)
        wait(driver, 20).until(lambda d: d.find_element(By.ID, "playback-outside").is_displayed())
        note = text_of(driver, By.ID, "playback-outside")
        assert "1 区間" in note and "直線" in note, note
        assert driver.find_elements(By.CSS_SELECTOR, "path.region-outline"), "the region's outline is drawn"
        wait(driver, 20).until(lambda d: base_map_pixels(d) > 2000)
        driver.save_screenshot(os.path.join(OUT, "playback-outside-ja-390x844.png"))
    finally:
        driver.quit()


def test_a_helsinki_day_plays_and_the_person_stops_at_a_memo(server, tmp_path):
    driver = make_browser(390, 844)
    try:
        email = f"play-{uuid.uuid4().hex[:6]}@example.com"
        sign_up(driver, server, email)
        token = api_login(server, email)["accessToken"]
        api_call(server, "PATCH", "/v1/me", token, {"timeZone": "Europe/Helsinki"})
        put_day(server, token)
        put_voice(server, token, tmp_path)
        driver.get(server + "/#/playback?range=day&date=2026-11-28")
        ready(driver)
        wait(driver, 20).until(lambda d: not d.find_element(By.ID, "playback-play").get_attribute("disabled"))
        # The offline base map is drawn from its tiles (canvases of roads over water and parks), with the credit.
        wait(driver, 20).until(lambda d: base_map_pixels(d) > 2000)
        assert "OpenStreetMap" in text_of(driver, By.CSS_SELECTOR, ".leaflet-control-attribution")
        stops = driver.find_elements(By.CSS_SELECTOR, "path.stop-marker")
        assert len(stops) == 4
        assert len(driver.find_elements(By.CSS_SELECTOR, ".scrubber-dot")) == 2, "chapter dots for the two memos"
        wait(driver).until(lambda d: "routes estimated" in d.find_element(By.ID, "playback-routing").text)
        # A chapter dot is a button: tapping the second jumps the scrubber there.
        second = f"(//*[{with_class('scrubber-dot')}])[2]"
        assert attribute_of(driver, By.XPATH, second, "aria-label")
        assert act(driver, locator(By.XPATH, second), lambda e: e.size["width"]) > 0
        click_on(driver, By.XPATH, second)
        at = float(attribute_of(driver, By.XPATH, second, "data-at"))
        wait(driver).until(lambda d: abs(int(d.find_element(By.ID, "playback-scrubber").get_attribute("value")) - round(at * 1000)) <= 2)
        driver.execute_script("const s = document.getElementById('playback-scrubber'); s.value = '0'; s.dispatchEvent(new Event('input'))")
        # 2× speed (0.5 → 1 → 2), then play.
        click_on(driver, By.ID, "playback-speed")
        click_on(driver, By.ID, "playback-speed")
        assert text_of(driver, By.ID, "playback-speed") == "2×"
        click_on(driver, By.ID, "playback-play")
        assert text_of(driver, By.ID, "playback-play") == "Pause"
        # The person walks (a leg), then rests at the market's memo with its bubble open.
        map_node = driver.find_element(By.ID, "playback-map")
        wait(driver, 30).until(lambda d: map_node.get_attribute("data-leg") == "1")
        wait(driver, 30).until(lambda d: map_node.get_attribute("data-stop") == "2")
        # Paused, then back at the market by its chapter dot: on a loaded machine the person may walk on
        # past a short rest between the wait above and the click, so the pause alone does not pin the stop.
        # There, with the map still, the marker stands on the stop's own marker.
        click_on(driver, By.ID, "playback-play")
        assert text_of(driver, By.ID, "playback-play") != "Pause"
        click_on(driver, By.XPATH, second)
        assert text_of(driver, By.ID, "playback-play") != "Pause", "a chapter dot does not start playing"
        wait(driver).until(lambda d: map_node.get_attribute("data-stop") == "2")
        bubble = driver.find_element(By.ID, "memo-bubble")
        wait(driver).until(EC.visibility_of(bubble))
        assert "fresh berries" in bubble.text
        # The voice note recorded there plays right in the bubble.
        voice = bubble.find_element(By.CSS_SELECTOR, "audio.bubble-voice")
        assert "/v1/lifelog/records/" in voice.get_attribute("src") or "/voice" in voice.get_attribute("src")
        person = driver.find_element(By.CSS_SELECTOR, "path.person-marker")
        # Read while the map is still: during a zoom or pan Leaflet moves its layers a frame apart
        # (the camera may still glide to the stop after the pause).
        still, seen = 0, None
        for _ in range(30):
            moving, (px, py), (sx, sy) = driver.execute_script("""
                const centre = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
                const m = arguments[0].classList;
                return [m.contains("leaflet-zoom-anim") || m.contains("leaflet-pan-anim"), centre(arguments[1]), centre(arguments[2])];""",
                                                               map_node, person, stops[2])
            seen = (px, py, sx, sy)
            if not moving and abs(px - sx) < 3 and abs(py - sy) < 3:
                still += 1
                if still == 2:
                    break
            time.sleep(0.1)
        assert still == 2, f"the person stands on the stop while paused there: last read at {seen[:2]}, the stop at {seen[2:]}"
        click_on(driver, By.ID, "playback-play")
        assert text_of(driver, By.ID, "playback-play") == "Pause"
        # Dragging the map stops following; playback goes on; "follow" takes the camera back.
        assert not is_shown(driver, By.ID, "playback-follow")
        driver.execute_script("arguments[0].dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}))", map_node)
        assert is_shown(driver, By.ID, "playback-follow")
        before = text_of(driver, By.ID, "playback-clock")
        wait(driver).until(lambda d: d.find_element(By.ID, "playback-clock").text != before)
        click_on(driver, By.ID, "playback-follow")
        assert not is_shown(driver, By.ID, "playback-follow")
        # It plays to the end and stops there.
        wait(driver, 40).until(lambda d: d.find_element(By.ID, "playback-play").text == "Play")
        assert attribute_of(driver, By.ID, "playback-scrubber", "value") == "1000"
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"
    finally:
        driver.quit()


def open_composer(driver):
    """The lifelog opens on the day; its composer opens when asked."""
    wait(driver).until(EC.visibility_of_element_located((By.ID, "lifelog-compose")))
    if not driver.find_element(By.ID, "memo-form").is_displayed():
        click_on(driver, By.ID, "lifelog-compose")
    wait(driver).until(EC.visibility_of_element_located((By.ID, "memo-text")))


def record_menu(driver, record_id, action):
    """Opens a record's "⋯" and picks `action` (edit or delete)."""
    click_on(driver, By.CSS_SELECTOR, f'[data-id="{record_id}"] .lifelog-more summary')
    click_on(driver, By.CSS_SELECTOR, f'[data-id="{record_id}"] [data-action="{action}"]')


def test_a_record_is_edited_searched_found_and_deleted_with_undo(server):
    driver = make_browser(390, 844)
    try:
        email = f"journal-{uuid.uuid4().hex[:6]}@example.com"
        sign_up(driver, server, email)
        token = api_login(server, email)["accessToken"]
        just_now = (datetime.now(timezone.utc) - timedelta(seconds=10)).replace(microsecond=0).isoformat().replace("+00:00", "Z")
        old, leg = str(uuid.uuid4()).upper(), str(uuid.uuid4()).upper()  # as the API writes ids
        api_call(server, "PUT", f"/v1/lifelog/records/{old}", token, {"kind": "memo", "occurredAt": "2025-06-01T08:00:00Z", "text": "Swim at the harbour"})
        api_call(server, "PUT", f"/v1/lifelog/records/{leg}", token, {"kind": "memo", "occurredAt": just_now, "text": "Leg day"})
        today = datetime.now(timezone.utc).date()
        year_ago = f"{today.year - 1:04d}-{today.month:02d}-{min(today.day, 28):02d}T12:00:00Z"
        if today.day <= 28:  # the same date last year ("On this day")
            api_call(server, "PUT", f"/v1/lifelog/records/{uuid.uuid4()}", token, {"kind": "memo", "occurredAt": year_ago, "text": "First run of the season"})
        driver.get(server + "/#/lifelog")
        ready(driver)
        # The day first: the composer waits closed below it.
        wait(driver).until(lambda d: "Leg day" in d.find_element(By.ID, "lifelog-items").text)
        assert not driver.find_element(By.ID, "memo-form").is_displayed()
        if today.day <= 28:
            past = wait(driver).until(EC.visibility_of_element_located((By.ID, "on-this-day")))
            assert "On this day" in past.text and "First run of the season" in past.text and "last year" in past.text, past.text
        top = driver.execute_script("return document.getElementById('lifelog-items').getBoundingClientRect().top")
        assert top < 844, "the day's records are on the first screen"
        driver.save_screenshot(os.path.join(OUT, "lifelog-journal-en-390x844.png"))
        # Edited in place, through ⋯.
        record_menu(driver, leg, "edit")
        editor = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'[data-id="{leg}"] .lifelog-edit-text')))
        editor.clear()
        editor.send_keys("Leg day, then stretching")
        click_on(driver, By.CSS_SELECTOR, f'[data-id="{leg}"] [data-action="save-edit"]')
        wait(driver).until(lambda d: "Leg day, then stretching" in d.find_element(By.ID, "lifelog-items").text)
        assert api_call(server, "GET", f"/v1/lifelog/records/{leg}", token)["text"] == "Leg day, then stretching"
        # Searched across every day: last year's swim is found, with its date.
        type_in(driver, By.ID, "lifelog-search", "HARBOUR")
        found = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'#lifelog-found [data-id="{old}"]')))
        assert "Swim at the harbour" in found.text and "2025" in found.text, found.text
        assert not driver.find_element(By.ID, "lifelog-items").is_displayed()
        driver.save_screenshot(os.path.join(OUT, "lifelog-search-en-390x844.png"))
        type_in(driver, By.ID, "lifelog-search", "nothing like this")
        wait(driver).until(lambda d: "Nothing found" in d.find_element(By.ID, "lifelog-found").text)
        type_in(driver, By.ID, "lifelog-search", "")
        driver.find_element(By.ID, "lifelog-search").send_keys(" \b")
        wait(driver).until(lambda d: d.find_element(By.ID, "lifelog-items").is_displayed())
        # Deleted through ⋯ with Undo: undone, it stays; left alone, it goes.
        record_menu(driver, leg, "delete")
        wait(driver).until(lambda d: not d.find_element(By.CSS_SELECTOR, f'#lifelog-items [data-id="{leg}"]').is_displayed())
        click_on(driver, By.ID, "undo")
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, f'#lifelog-items [data-id="{leg}"]').is_displayed())
        assert api_call(server, "GET", f"/v1/lifelog/records/{leg}", token)["text"] == "Leg day, then stretching"
        record_menu(driver, leg, "delete")
        wait(driver, 15).until(lambda d: not d.find_elements(By.ID, "undo"))
        wait(driver).until(lambda d: [i for i in api_call(server, "GET", "/v1/lifelog/timeline?range=day", token)["items"] if i["type"] == "record"] == [])
        # The composer opens when asked.
        open_composer(driver)
        assert driver.find_element(By.ID, "lifelog-compose").get_attribute("aria-expanded") == "true"
    finally:
        driver.quit()


def test_memo_and_check_in_from_the_browser(server):
    driver = make_browser(390, 844)
    try:
        email = f"memo-{uuid.uuid4().hex[:6]}@example.com"
        sign_up(driver, server, email)
        # The device stands on the Market Square.
        driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["geolocation"]})
        driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 60.1676, "longitude": 24.9520, "accuracy": 12})
        driver.get(server + "/#/lifelog")
        ready(driver)
        wait(driver).until(lambda d: d.find_element(By.ID, "lifelog-items").get_attribute("aria-busy") is None)
        assert is_shown(driver, By.CSS_SELECTOR, "#lifelog-items .empty"), "an empty day says so"
        play = driver.find_element(By.ID, "lifelog-play")
        assert play.get_attribute("aria-disabled") == "true", "nothing to play yet"
        # An empty memo is refused in the page.
        open_composer(driver)
        click_on(driver, By.ID, "save-memo")
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "#problems .problem"))
        type_in(driver, By.ID, "memo-text", "Stretching by the harbour", clear=False)
        click_on(driver, By.ID, "save-memo")
        wait(driver).until(lambda d: "Stretching by the harbour" in d.find_element(By.ID, "lifelog-items").text)
        memo = driver.find_element(By.CSS_SELECTOR, "#lifelog-items [data-kind=memo]")
        assert memo.find_elements(By.CSS_SELECTOR, ".has-place"), "the memo carries where the device was"
        # A check-in needs the place's name.
        click_on(driver, By.ID, "check-in")
        wait(driver).until(lambda d: d.find_element(By.ID, "place-name").get_attribute("aria-invalid") == "true")
        type_in(driver, By.ID, "place-name", "Kauppatori", clear=False)
        click_on(driver, By.ID, "check-in")
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#lifelog-items [data-kind=checkin]"))
        assert "Kauppatori" in text_of(driver, By.CSS_SELECTOR, "#lifelog-items [data-kind=checkin]")
        # Without a photo, the row shows a small map of the spot, drawn from the offline base map:
        # not one flat colour, and the pin in its middle.
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-kind=checkin] canvas.lifelog-minimap[data-drawn=true]"))
        colours, pin = driver.execute_script("""
            const c = document.querySelector('[data-kind=checkin] canvas.lifelog-minimap');
            const g = c.getContext('2d'), d = g.getImageData(0, 0, c.width, c.height).data, seen = new Set();
            for (let i = 0; i < d.length; i += 4 * 97) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
            const m = g.getImageData(Math.floor(c.width / 2), Math.floor(c.height / 2), 1, 1).data;
            return [seen.size, [m[0], m[1], m[2]]];""")
        assert colours > 3, "roads and land, not a blank box"
        accent = driver.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()")
        assert "#%02X%02X%02X" % tuple(pin) == accent.upper(), (pin, accent)
        token = api_login(server, email)["accessToken"]
        items = api_call(server, "GET", "/v1/lifelog/timeline?range=day", token)["items"]
        assert [i["record"]["kind"] for i in items] == ["memo", "checkin"]
        assert abs(items[1]["record"]["position"]["latitude"] - 60.1676) < 1e-6
        assert items[0]["record"]["source"] == "web"
        # The memo is named after the place the map has beside the device, shown on its row.
        named = items[0]["record"].get("place")
        assert named, items[0]["record"]
        assert named in text_of(driver, By.CSS_SELECTOR, "#lifelog-items [data-kind=memo]")
        wait(driver).until(lambda d: d.find_element(By.ID, "lifelog-play").get_attribute("aria-disabled") == "false")
        # The week view lists the same, in Japanese too.
        driver.execute_script("window.yaruki.applyLanguage('ja')")
        wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "ライフログ"))
        click_on(driver, By.CSS_SELECTOR, "[data-range=week]")
        wait(driver).until(lambda d: "Kauppatori" in d.find_element(By.ID, "lifelog-items").text)
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        driver.quit()


def test_voice_note_and_photo_from_the_browser(server, tmp_path):
    """Chromium's fake microphone records a voice note; a geotagged JPEG is placed by its EXIF."""
    driver = make_browser(390, 844, extra_args=("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"))
    try:
        email = f"voice-{uuid.uuid4().hex[:6]}@example.com"
        sign_up(driver, server, email)
        driver.get(server + "/#/lifelog")
        ready(driver)
        # No place for these two: the checkbox is for memos; uploads take the device's place only when allowed.
        open_composer(driver)
        click_on(driver, By.ID, "voice")
        wait(driver).until(lambda d: d.find_element(By.ID, "voice").text == "Stop and save")
        time.sleep(1.5)
        click_on(driver, By.ID, "voice")
        wait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#lifelog-items [data-kind=voice] audio"))
        photo = tmp_path / "harbour.jpg"
        subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240", "-frames:v", "1", str(photo)], check=True)
        subprocess.run(["exiftool", "-q", "-overwrite_original", "-GPSLatitude=60.1676", "-GPSLatitudeRef=N", "-GPSLongitude=24.9520",
                        "-GPSLongitudeRef=E", "-DateTimeOriginal=2026:11:28 09:10:00", "-OffsetTimeOriginal=+02:00", str(photo)], check=True)
        type_in(driver, By.ID, "photo-file", str(photo), clear=False)
        token = api_login(server, email)["accessToken"]
        wait(driver, 20).until(lambda d: api_call(server, "GET", "/v1/lifelog/timeline?range=day&date=2026-11-28", token)["items"])
        record = api_call(server, "GET", "/v1/lifelog/timeline?range=day&date=2026-11-28", token)["items"][0]["record"]
        assert record["kind"] == "photo" and record["occurredAt"] == "2026-11-28T09:10:00+02:00"
        assert abs(record["position"]["latitude"] - 60.1676) < 1e-6
        voices = [i["record"] for i in api_call(server, "GET", "/v1/lifelog/timeline?range=day", token)["items"] if i["record"]["kind"] == "voice"]
        assert len(voices) == 1 and voices[0]["voice"]["type"] in ("audio/webm", "audio/mp4", "audio/ogg") and voices[0]["voice"]["size"] > 1000
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def demo_server():
    """A server of its own with the demo data seeded, as `make run` shows it (the shared server
    stays free of demo people and boards)."""
    data = demo_copy("yaruki-browser-demo-")
    yield from serve(data)


def test_the_demo_day_plays_to_a_memo(demo_server):
    """The seeded demo: Aino's yesterday in Helsinki, from just before a stop with a memo."""
    server = demo_server
    yesterday = (datetime.now(ZoneInfo("Europe/Helsinki")) - timedelta(days=1)).strftime("%Y-%m-%d")
    driver = make_browser(390, 844)
    try:
        driver.get(server + "/#/signin")
        ready(driver)
        wait(driver).until(EC.visibility_of_element_located((By.NAME, "email")))
        type_in(driver, By.NAME, "email", "aino@yaruki.example", clear=False)
        type_in(driver, By.NAME, "password", "yaruki-demo-aino", clear=False)
        click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
        wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "Aino"))
        driver.get(server + f"/#/playback?range=day&date={yesterday}")
        wait(driver, 20).until(lambda d: not d.find_element(By.ID, "playback-play").get_attribute("disabled"))
        token = api_login(server, "aino@yaruki.example", password="yaruki-demo-aino")["accessToken"]
        plan = api_call(server, "GET", f"/v1/lifelog/playback?range=day&date={yesterday}", token)
        memo = next(i for i, stop in enumerate(plan["stops"]) if stop["hasMemo"] and i > 0)
        words = next(r["text"] for r in plan["stops"][memo]["records"] if r["text"])
        # Seek to the start of the leg into that stop, then play at 1×.
        dots = driver.find_elements(By.CSS_SELECTOR, ".scrubber-dot")
        assert len(dots) == sum(1 for s in plan["stops"] if s["hasMemo"])
        total = sum(s["dwell"] for s in plan["stops"]) + sum(leg["duration"] for leg in plan["legs"])
        before = sum(s["dwell"] for s in plan["stops"][:memo]) + sum(leg["duration"] for leg in plan["legs"][:memo - 1])
        driver.execute_script("const s = document.getElementById('playback-scrubber'); s.value = arguments[0];"
                              " s.dispatchEvent(new Event('input'))", str(int(before / total * 1000) + 1))
        map_node = driver.find_element(By.ID, "playback-map")
        assert map_node.get_attribute("data-leg") == str(memo - 1)
        click_on(driver, By.ID, "playback-play")
        wait(driver, 30).until(lambda d: map_node.get_attribute("data-stop") == str(memo))
        bubble = driver.find_element(By.ID, "memo-bubble")
        wait(driver).until(EC.visibility_of(bubble))
        assert words in bubble.text
    finally:
        driver.quit()
