"""Location history brought into the lifelog, in a real Chromium, in Japanese on a phone: a Google
Takeout month is uploaded, previewed (its days, check-ins, routes and a sketch) before anything
lands, imported, played back along its own recorded path, downloaded as GPX that gpxpy reads back
the same, and undone as a whole."""
import json
import os
import tempfile
import urllib.request
import uuid
from datetime import datetime, timezone

import gpxpy
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import click_and_confirm, click_on, make_browser, ready, text_of, wait
from test_account import OUT, api_call, api_login
from test_layout import sign_in


def semantic_month():
    """A month of Semantic Location History in Tokyo: an evening visit across midnight, a morning at
    Tokyo Station, a zigzagging walk of 300 recorded points from there, and a stop at Shinjuku Gyoen."""
    walk = [{"latE7": 356812362 + i * 300, "lngE7": 1397671248 - i * 200 + (0 if i % 20 < 10 else 20000),
             "timestamp": f"2024-01-06T00:{i // 10:02d}:{(i % 10) * 6:02d}Z"} for i in range(300)]
    return {"timelineObjects": [
        {"placeVisit": {"location": {"latitudeE7": 356580000, "longitudeE7": 1397016000, "name": "渋谷スカイ", "address": "渋谷2-24-12"},
                        "duration": {"startTimestamp": "2024-01-05T14:30:00Z", "endTimestamp": "2024-01-05T16:10:00Z"}}},
        {"placeVisit": {"location": {"latitudeE7": 356812362, "longitudeE7": 1397671248, "name": "東京駅"},
                        "duration": {"startTimestamp": "2024-01-05T23:00:00Z", "endTimestamp": "2024-01-06T00:00:00Z"}}},
        {"activitySegment": {"startLocation": {"latitudeE7": 356812362, "longitudeE7": 1397671248},
                             "endLocation": {"latitudeE7": 356902000, "longitudeE7": 1397071000},
                             "duration": {"startTimestamp": "2024-01-06T00:00:00Z", "endTimestamp": "2024-01-06T00:30:00Z"},
                             "activityType": "WALKING", "simplifiedRawPath": {"points": walk}}},
        {"placeVisit": {"location": {"latitudeE7": 356902000, "longitudeE7": 1397071000, "name": "新宿御苑"},
                        "duration": {"startTimestamp": "2024-01-06T00:30:00Z", "endTimestamp": "2024-01-06T02:00:00Z"}}},
    ]}


def sign_up_japanese(server, email):
    body = json.dumps({"email": email, "password": "correct horse battery", "displayName": "ゆい", "timeZone": "Asia/Tokyo",
                       "locale": "ja"}).encode()
    request = urllib.request.Request(server + "/v1/auth/signup", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["accessToken"]


def test_a_takeout_month_is_previewed_imported_played_along_its_path_and_undone_in_japanese(server):
    email = f"yui-{uuid.uuid4().hex[:8]}@example.com"
    sign_up_japanese(server, email)
    month = semantic_month()
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "2024_JANUARY.json")
    with open(path, "w") as f:
        json.dump(month, f)
    phone = make_browser(390, 844, language="ja-JP")
    try:
        sign_in(phone, server, email, "correct horse battery")
        phone.get(f"{server}/#/lifelog")
        ready(phone)
        click_on(phone, By.ID, "open-import")
        wait(phone).until(EC.visibility_of_element_located((By.ID, "history-card")))
        assert "まだ何も取り込んでいません" in text_of(phone, By.ID, "imports")
        phone.find_element(By.ID, "history-file").send_keys(path)
        click_on(phone, By.ID, "history-upload")

        # The preview, before anything lands: two days, three check-ins, one route of 301 points, a sketch.
        card = wait(phone, 60).until(EC.visibility_of_element_located((By.CSS_SELECTOR, '.import-card[data-state="ready"]')))
        assert "Google セマンティック履歴" in card.text and "2024年1月5日" in card.text and "2024年1月6日" in card.text, card.text
        facts = [e.text for e in card.find_elements(By.CSS_SELECTOR, ".import-facts dd")]
        assert facts == ["2", "3", "1", "301"], facts
        drawn = phone.execute_script("""
            const c = document.querySelector('.import-sketch');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n;""")
        assert drawn > 200, f"the sketch is drawn ({drawn} pixels)"
        token = api_login(server, email)["accessToken"]
        assert api_call(server, "GET", "/v1/lifelog/timeline?range=day&date=2024-01-06", token)["items"] == [], "a preview lands nothing"
        phone.save_screenshot(os.path.join(OUT, "history-preview-ja-390x844.png"))
        assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")

        # Imported: three check-ins and the walk.
        click_on(phone, By.CSS_SELECTOR, "[data-land]")
        done = wait(phone, 60).until(EC.visibility_of_element_located((By.CSS_SELECTOR, '.import-card[data-state="done"]')))
        assert "チェックイン 3 件と地点 301 件を追加しました" in done.text, done.text
        day = api_call(server, "GET", "/v1/lifelog/timeline?range=day&date=2024-01-06", token)["items"]
        assert [i["record"]["place"] for i in day] == ["東京駅", "新宿御苑"], day

        # Played back along the path it recorded.
        click_on(phone, By.CSS_SELECTOR, "[data-play]")
        wait(phone).until(lambda d: "#/playback" in d.current_url and "2024-01-06" in d.current_url)
        wait(phone).until(EC.text_to_be_present_in_element((By.ID, "playback-routing"), "記録した道のりどおり: 1 区間中 1 区間"))
        phone.save_screenshot(os.path.join(OUT, "history-playback-ja-390x844.png"))

        # GPX of those days, as gpxpy reads it: the same places and the same walk.
        request = urllib.request.Request(server + "/v1/lifelog/gpx?from=2024-01-05&to=2024-01-06", headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Content-Type"].startswith("application/gpx+xml")
            gpx = gpxpy.parse(response.read().decode())
        assert [w.name for w in gpx.waypoints] == ["渋谷スカイ", "東京駅", "新宿御苑"]
        assert gpx.waypoints[1].time == datetime(2024, 1, 5, 23, 0, tzinfo=timezone.utc)
        points = [p for track in gpx.tracks for segment in track.segments for p in segment.points]
        walk = month["timelineObjects"][2]["activitySegment"]["simplifiedRawPath"]["points"]
        assert len(points) == 301 and len(gpx.tracks) == 1 and len(gpx.tracks[0].segments) == 1
        for point, source in zip(points, walk):
            assert (round(point.latitude * 1e7), round(point.longitude * 1e7)) == (source["latE7"], source["lngE7"])
            assert point.time == datetime.fromisoformat(source["timestamp"].replace("Z", "+00:00"))
        assert points[-1].time == datetime(2024, 1, 6, 0, 30, tzinfo=timezone.utc), "the segment's end"

        # Undone as a whole, from the list.
        phone.get(f"{server}/#/lifelog-import")
        ready(phone)
        click_and_confirm(phone, By.CSS_SELECTOR, "[data-undo]")
        wait(phone, 60).until(EC.visibility_of_element_located((By.CSS_SELECTOR, '.import-card[data-state="undone"]')))
        assert api_call(server, "GET", "/v1/lifelog/timeline?range=day&date=2024-01-06", token)["items"] == []
        assert "null" not in text_of(phone, By.ID, "imports") and "undefined" not in text_of(phone, By.ID, "imports")
    finally:
        phone.quit()


def test_a_broken_file_says_where_it_breaks(server):
    email = f"ken-{uuid.uuid4().hex[:8]}@example.com"
    sign_up_japanese(server, email)
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "Records.json")
    with open(path, "w") as f:
        f.write('{"locations": [\n{"latitudeE7": 356812362, "longitudeE7": 1397671248, "timestamp": "2024-01-05T08:00:00Z"},\n{"latitudeE7": 1,,}]}')
    phone = make_browser(390, 844, language="ja-JP")
    try:
        sign_in(phone, server, email, "correct horse battery")
        phone.get(f"{server}/#/lifelog-import")
        ready(phone)
        phone.find_element(By.ID, "history-file").send_keys(path)
        click_on(phone, By.ID, "history-upload")
        card = wait(phone, 60).until(EC.visibility_of_element_located((By.CSS_SELECTOR, '.import-card[data-state="failed"]')))
        assert "このファイルは取り込めませんでした" in card.text and "Line 3" in card.text, card.text
        click_on(phone, By.CSS_SELECTOR, "[data-forget]")
        wait(phone).until(EC.text_to_be_present_in_element((By.ID, "imports"), "まだ何も取り込んでいません"))
    finally:
        phone.quit()


def test_a_check_in_takes_a_suggested_place_without_typing_in_japanese(server):
    """Standing at Helsinki's cathedral, the composer offers the places the map knows there; a tap
    fills in the check-in's place, and the check-in is written under it."""
    email = f"sora-{uuid.uuid4().hex[:8]}@example.com"
    sign_up_japanese(server, email)
    phone = make_browser(390, 844, language="ja-JP")
    try:
        phone.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["geolocation"]})
        phone.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": 60.1704, "longitude": 24.9522, "accuracy": 10})
        sign_in(phone, server, email, "correct horse battery")
        phone.get(f"{server}/#/lifelog")
        ready(phone)
        click_on(phone, By.ID, "lifelog-compose")
        chip = wait(phone).until(EC.element_to_be_clickable((By.CSS_SELECTOR, '#place-suggestions .place-chip[data-place="Helsingin tuomiokirkko"]')))
        assert "施設" in chip.text and " m" in chip.text, chip.text
        phone.save_screenshot(os.path.join(OUT, "place-suggestions-ja-390x844.png"))
        assert phone.find_element(By.ID, "place-name").get_attribute("value") == ""
        click_on(phone, By.CSS_SELECTOR, '#place-suggestions .place-chip[data-place="Helsingin tuomiokirkko"]')
        assert phone.find_element(By.ID, "place-name").get_attribute("value") == "Helsingin tuomiokirkko"
        click_on(phone, By.ID, "check-in")
        wait(phone).until(EC.text_to_be_present_in_element((By.ID, "lifelog-items"), "Helsingin tuomiokirkko"))
        token = api_login(server, email)["accessToken"]
        today = api_call(server, "GET", "/v1/lifelog/timeline?range=day", token)["items"]
        record = next(i["record"] for i in today if i["type"] == "record")
        assert record["kind"] == "checkin" and record["place"] == "Helsingin tuomiokirkko", record
        assert abs(record["position"]["latitude"] - 60.1704) < 1e-4
    finally:
        phone.quit()
