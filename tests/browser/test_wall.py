"""The wall screen in a real Chromium: a burst of sales arrives faster than the count-up lasts,
and the figure counts up without going back and stops on the right total."""
import os
import subprocess
import time
import urllib.error
import urllib.request
import json
import uuid

from selenium.webdriver.common.by import By

from conftest import BINARY, SERVER, attribute_of, click_and_confirm, click_on, first, is_shown, make_browser, not_red, overflowing, text_of, wait
from test_account import OUT, api_call, api_login


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
        wait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-dot").get_attribute("class") == "dot ok")
        assert text_of(wall, By.ID, "wall-total") == "¥0"
        assert is_shown(wall, By.CSS_SELECTOR, ".wall-empty"), "no sales yet says so"
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
        wait(wall, 30).until(lambda d: d.find_element(By.ID, "wall-total").get_attribute("data-value") == str(expected))
        assert text_of(wall, By.ID, "wall-total") == f"¥{expected:,}"
        seen = wall.execute_script("return window.__seen")
        assert seen == sorted(seen), "the figure never goes back"
        assert len([v for v in seen if 0 < v < expected]) > 5, "it counted up rather than jumping"
        channels = {li.get_attribute("data-channel"): li.text for li in wall.find_elements(By.CSS_SELECTOR, ".wall-channels li")}
        assert set(channels) == {"store", "online"}
        assert channels["store"].startswith("Store") and channels["online"].startswith("Online"), "known channels by name"
        assert "%" in text_of(wall, By.CSS_SELECTOR, ".wall-goal p")
        # A time axis under the hours (at most eight labels, on the screen's clock), and every
        # piece of text, secondary ones too, at WCAG AA contrast or more on the wall's black.
        labels = [e.text for e in wall.find_elements(By.CSS_SELECTOR, "#wall-axis .wall-tick") if e.text]
        assert 2 <= len(labels) <= 8, labels
        assert len(wall.find_elements(By.CSS_SELECTOR, "#wall-axis .wall-tick")) == len(wall.find_elements(By.CSS_SELECTOR, ".wall-hour"))
        low = wall.execute_script("""
            const lum = (c) => { const [r, g, b] = c.match(/\\d+/g).slice(0, 3).map(Number).map((v) => v / 255)
              .map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
            const back = lum(getComputedStyle(document.body).backgroundColor);
            return [...document.querySelectorAll('#wall *')].filter((e) => e.children.length === 0 && e.textContent.trim() && e.offsetParent !== null)
              .map((e) => { const f = lum(getComputedStyle(e).color); return [e.className || e.tagName, ((Math.max(f, back) + 0.05) / (Math.min(f, back) + 0.05))]; })
              .filter(([, ratio]) => ratio < 4.5);""")
        assert not low, low
        wall.save_screenshot(os.path.join(OUT, "wall-axis-en-1280x720.png"))
        # A new link: the screen on the old one is closed and says the link no longer works.
        api_call(server, "POST", f"/v1/signage/boards/{board['board']['id']}/link", admin)
        wait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-gone").is_displayed())
        assert attribute_of(wall, By.ID, "wall-dot", "class") == "dot bad"
    finally:
        wall.quit()


def test_an_admin_makes_a_board_and_a_key_and_opens_the_wall_on_a_phone(server, phone):
    from selenium.webdriver.support import expected_conditions as EC
    from test_account import fill, ready
    email = f"boards-{uuid.uuid4().hex[:6]}@example.com"
    subprocess.run([BINARY, "user", "create", "--email", email, "--role", "admin", "--password-stdin", "--data-dir", SERVER["data"]],
                   input="correct horse battery\n", text=True, check=True, capture_output=True)
    phone.get(server + "/#/signin?next=%23%2Fsignage")
    ready(phone)
    wait(phone).until(EC.visibility_of_element_located((By.NAME, "email")))
    fill(phone, "email", email)
    fill(phone, "password", "correct horse battery")
    click_on(phone, By.CSS_SELECTOR, "form button[type=submit]")
    wait(phone).until(lambda d: d.find_element(By.ID, "board-form").is_displayed())
    wait(phone).until(lambda d: d.find_element(By.ID, "boards").get_attribute("aria-busy") is None)
    # Fresh data folder per run, but other tests may have made boards: look for ours only.
    set_value = "arguments[0].value = arguments[1]"

    # A window that ends before it starts: refused, the field marked, nothing made.
    fill(phone, "title", "Year-end sale")
    phone.execute_script(set_value, phone.find_element(By.NAME, "startsAt"), "2026-12-28T09:00")
    phone.execute_script(set_value, phone.find_element(By.NAME, "endsAt"), "2026-12-27T09:00")
    fill(phone, "goal", "1000000")
    click_on(phone, By.CSS_SELECTOR, "#board-form button[type=submit]")
    wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    assert attribute_of(phone, By.NAME, "endsAt", "aria-invalid") == "true"
    assert not [c for c in phone.find_elements(By.CSS_SELECTOR, ".board h3") if c.text == "Year-end sale"]

    # Fixed: the board is made, its wall link shown once, its card listed with a total of nothing yet.
    phone.execute_script(set_value, phone.find_element(By.NAME, "endsAt"), "2026-12-31T18:00")
    click_on(phone, By.CSS_SELECTOR, "#board-form button[type=submit]")
    # Read in the page, not through an element handle: the secret box is drawn anew for each secret.
    secret = "const e = document.getElementById('secret-value'); return e ? e.value : null"
    link = wait(phone).until(lambda d: d.execute_script(secret))
    assert "/wall/" in link and "/#/" not in link and "token=" in link
    card = wait(phone).until(lambda d: first(c for c in d.find_elements(By.CSS_SELECTOR, ".board") if "Year-end sale" in c.text))
    board_id = card.get_attribute("data-board")
    wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, f'[data-board="{board_id}"] .board-total').text == "¥0")
    assert "¥1,000,000" in card.text

    # A key for the tills: shown once, then listed as not used yet.
    fill(phone, "name", "Year-end tills")
    click_on(phone, By.CSS_SELECTOR, "#api-keys + form button[type=submit]")
    key = wait(phone).until(lambda d: (d.execute_script(secret) or "").startswith("yk_") and d.execute_script(secret))
    row = wait(phone).until(lambda d: first(r for r in d.find_elements(By.CSS_SELECTOR, "#api-keys li") if "Year-end tills" in r.text))
    assert "not used yet" in row.text
    assert send(server, key, [{"id": "ye-1", "amount": 12_345, "currency": "JPY", "channel": "store", "occurredAt": "2026-12-29T12:00:00+09:00"}])["accepted"] == 1

    # The day's sales and the board's hours download as CSV from its card (the file is caught as the page hands it over).
    phone.execute_script("""
        window.__saved = [];
        const make = URL.createObjectURL;
        URL.createObjectURL = (blob) => { window.__blob = blob; return make(blob); };
        HTMLAnchorElement.prototype.click = function () {
          if (this.download) { const name = this.download; window.__blob.text().then((text) => window.__saved.push([name, text])); } };""")
    card_day = phone.find_element(By.CSS_SELECTOR, f'[data-board="{board_id}"] .board-export-day')
    phone.execute_script(set_value, card_day, "2026-12-29")
    click_on(phone, By.CSS_SELECTOR, f'[data-board="{board_id}"] [data-action="export-sales"]')
    saved = wait(phone).until(lambda d: d.execute_script("return window.__saved.length && window.__saved[0]"))
    assert saved[0].endswith("-sales-2026-12-29.csv") and "ye-1," in saved[1] and saved[1].startswith("id,occurred_at,amount_minor"), saved
    click_on(phone, By.CSS_SELECTOR, f'[data-board="{board_id}"] [data-action="export-hours"]')
    saved = wait(phone).until(lambda d: d.execute_script("return window.__saved.length > 1 && window.__saved[1]"))
    assert saved[0].endswith("-hours.csv") and "12345,12345,JPY,1,0,0" in saved[1], saved
    assert not phone.find_elements(By.CSS_SELECTOR, "#problems .problem")

    # The admin opens the wall without the link (their own access) and sees the sale.
    click_on(phone, By.CSS_SELECTOR, f'[data-board="{board_id}"] a[href^="#/wall/"]')
    wait(phone, 20).until(lambda d: d.find_element(By.ID, "wall-total").get_attribute("data-value") == "12345")
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "the wall fits a phone"

    # Back on the page: the key was used; revoking it stops it at once.
    phone.get(server + "/#/signage")
    key = "//*[@id='api-keys']/li[contains(., 'Year-end tills')]"
    assert "last used" in text_of(phone, By.XPATH, key)
    assert not_red(phone) == [], "Delete board and Revoke key show red"
    click_and_confirm(phone, By.XPATH, key + "//button", expect="Year-end tills")
    key_row = "return [...document.querySelectorAll('#revoked-keys li')].find((li) => li.textContent.includes('Year-end tills'))?.textContent ?? ''"
    wait(phone).until(lambda d: "revoked" in d.execute_script(key_row))
    assert "Year-end tills" not in text_of(phone, By.ID, "api-keys"), "a revoked key is folded away"
    try:
        send(server, key, [{"id": "ye-2", "amount": 1, "currency": "JPY", "channel": "store", "occurredAt": "2026-12-29T12:00:00+09:00"}])
        assert False, "a revoked key still sends"
    except urllib.error.HTTPError as error:
        assert error.code == 401


def test_only_the_sites_a_board_names_may_frame_its_wall(server):
    """Another site frames the app and two walls: the app and the board that names nobody are
    refused (frame-ancestors 'none'); the board that names that site shows in its frame."""
    import http.server
    import threading
    from conftest import free_port
    admin = admin_token(server)
    port = free_port()
    site = f"http://localhost:{port}"
    window = {"title": "Framed", "currency": "JPY", "startsAt": "2026-12-01T00:00:00+09:00", "endsAt": "2026-12-05T00:00:00+09:00"}
    bad = urllib.request.Request(server + "/v1/signage/boards", method="POST", data=json.dumps({**window, "embedOrigins": ["https://x.example/path"]}).encode(),
                                 headers={"Authorization": f"Bearer {admin}", "Content-Type": "application/json"})
    try:
        urllib.request.urlopen(bad)
        raise AssertionError("an origin with a path was accepted")
    except urllib.error.HTTPError as error:
        assert error.code == 400 and "embedOrigins" in error.read().decode()
    framed = api_call(server, "POST", "/v1/signage/boards", admin, {**window, "embedOrigins": [site]})
    closed = api_call(server, "POST", "/v1/signage/boards", admin, window)
    page = (f'<!doctype html><iframe id="app" src="{server}/#/home"></iframe>'
            f'<iframe id="open" src="{server}{framed["wallURL"]}"></iframe><iframe id="shut" src="{server}{closed["wallURL"]}"></iframe>').encode()

    class Site(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    httpd = http.server.HTTPServer(("127.0.0.1", port), Site)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    browser = make_browser(1280, 720)
    try:
        browser.get(site)
        browser.switch_to.frame(browser.find_element(By.ID, "open"))
        wait(browser, 20).until(lambda d: d.find_element(By.ID, "wall-dot").get_attribute("class") == "dot ok")
        browser.switch_to.default_content()
        refused = [e["message"] for e in browser.get_log("browser") if "frame-ancestors" in e["message"]]
        assert len(refused) == 2 and all("frame-ancestors 'none'" in m for m in refused), refused
        # The refused frames hold the browser's error page, not the app.
        for name in ("app", "shut"):
            browser.switch_to.frame(browser.find_element(By.ID, name))
            assert browser.execute_script("return location.href").startswith("chrome-error://"), name
            browser.switch_to.default_content()
    finally:
        browser.quit()
        httpd.shutdown()


def at_rest(driver):
    """The wall's figure has counted up to what it shows (a screenshot then shows the figure, not a step on the way)."""
    return driver.execute_script("const t = document.querySelector('.wall-total'); return t.dataset.value === t.dataset.target")


def test_the_wall_paces_today_against_yesterday_in_the_boards_zone(server):
    """At 1920×1080: a board in Tokyo (or Helsinki near Tokyo's midnight) with sales yesterday and a week ago; today's sales so far
    show ahead of or behind the same time yesterday, the three lines are drawn on the board's
    clock, and a burst of sales moves today's line and the difference live."""
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo
    admin = admin_token(server)
    key = api_call(server, "POST", "/v1/admin/api-keys", admin, {"name": "pace-till", "scopes": ["signage:write"]})["key"]
    # The board's clock is Tokyo's, unless Tokyo is within 20 minutes of its midnight: a reference
    # day's quarter hour in progress counts in part, so a sale earlier in the same quarter hour (all
    # there is just after midnight) or the late sale (just before it) would count in part, and the
    # whole figures below would not hold. Then Helsinki's, seven hours away.
    def clear_of_midnight(name):
        local = datetime.now(ZoneInfo(name))
        return 20 <= local.hour * 60 + local.minute <= 23 * 60 + 30
    zone_name = next(name for name in ("Asia/Tokyo", "Europe/Helsinki") if clear_of_midnight(name))
    zone = ZoneInfo(zone_name)
    now = datetime.now(zone)
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    board = api_call(server, "POST", "/v1/signage/boards", admin, {
        "title": "Shibuya today", "currency": "JPY", "timeZone": zone_name, "goal": 900_000, "campaign": "pace-test",
        "startsAt": midnight.isoformat(), "endsAt": (midnight + timedelta(days=1)).isoformat()})
    # Earlier today, yesterday and a week ago, each well before this time of day (and one after, yesterday).
    early = max(timedelta(minutes=1), (now - midnight) / 3)
    def at(day_offset, offset):
        return (midnight + timedelta(days=day_offset) + offset).isoformat()
    sales = [{"id": f"p-y{i}", "amount": 20_000, "currency": "JPY", "channel": "store", "occurredAt": at(-1, early)} for i in range(5)]
    sales += [{"id": "p-y-late", "amount": 300_000, "currency": "JPY", "channel": "store", "occurredAt": at(-1, timedelta(hours=23, minutes=50))}]
    sales += [{"id": f"p-w{i}", "amount": 10_000, "currency": "JPY", "channel": "online", "occurredAt": at(-7, early)} for i in range(3)]
    sales += [{"id": "p-t1", "amount": 30_000, "currency": "JPY", "channel": "store", "occurredAt": at(0, early)}]
    for sale in sales:
        sale["campaign"] = "pace-test"
    assert send(server, key, sales)["accepted"] == len(sales)
    wall = make_browser(1920, 1080)
    try:
        wall.get(server + board["wallURL"])
        wait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-pace").is_displayed())
        behind = text_of(wall, By.ID, "wall-vs-yesterday")
        assert behind.startswith("▼ −¥70,000") and "yesterday" in behind, behind
        assert text_of(wall, By.ID, "wall-vs-last-week").startswith("▲ +¥0") or "+¥0" in text_of(wall, By.ID, "wall-vs-last-week")
        assert len(wall.find_elements(By.CSS_SELECTOR, ".pace-lines polyline")) == 3
        before = attribute_of(wall, By.CSS_SELECTOR, "polyline.pace-today", "points")
        labels = [e.text for e in wall.find_elements(By.CSS_SELECTOR, ".pace-axis span")]
        assert len(labels) == 5 and all(labels), labels
        # A burst: today moves ahead of yesterday, and its line with it.
        burst = [{"id": f"p-b{i}", "amount": 5_000, "currency": "JPY", "channel": "store", "occurredAt": datetime.now(zone).isoformat(),
                  "campaign": "pace-test"} for i in range(20)]
        assert send(server, key, burst)["accepted"] == 20
        wait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-vs-yesterday").text.startswith("▲ +¥30,000"))
        assert attribute_of(wall, By.CSS_SELECTOR, "polyline.pace-today", "points") != before
        assert "at this pace" in text_of(wall, By.ID, "wall-projection")
        # Everything fits the screen: nothing cut off at the bottom, nothing sideways.
        overflow = wall.execute_script("""
            const wall = document.getElementById('wall');
            return [...wall.querySelectorAll('*')].filter((e) => e.offsetParent !== null)
              .filter((e) => { const r = e.getBoundingClientRect(); return r.bottom > innerHeight + 1 || r.right > innerWidth + 1; })
              .map((e) => e.className || e.tagName).slice(0, 5);""")
        # The picture shows the figure at rest, not part way through counting up to it.
        wait(wall, 10).until(at_rest)
        wall.save_screenshot(os.path.join(OUT, "wall-pace-en-1920x1080.png"))
        assert not overflow, overflow
        # In Japanese: the same figures, the clock's hours as 時.
        wall.execute_script("window.yaruki.applyLanguage('ja')")
        wait(wall, 20).until(lambda d: "昨日の同じ時刻" in d.find_element(By.ID, "wall-vs-yesterday").text)
        assert "0時" in text_of(wall, By.CSS_SELECTOR, ".pace-axis")
        wait(wall, 10).until(at_rest)
        wall.save_screenshot(os.path.join(OUT, "wall-pace-ja-1920x1080.png"))
    finally:
        wall.quit()


def test_a_product_overtakes_another_with_its_animation(server):
    """At 1920×1080: products and stores ranked live, orders with their average and refunds beside
    the total; a burst of one product moves it past the leader, sliding and glowing."""
    admin = admin_token(server)
    key = api_call(server, "POST", "/v1/admin/api-keys", admin, {"name": "rank-till", "scopes": ["signage:write"]})["key"]
    board = api_call(server, "POST", "/v1/signage/boards", admin, {"title": "Winter beauty", "currency": "JPY", "timeZone": "Asia/Tokyo", "campaign": "rank-test",
                                                                   "startsAt": "2026-12-01T00:00:00+09:00", "endsAt": "2026-12-31T00:00:00+09:00"})
    names = {"LIP": "Rose lip balm", "CRM": "Hand cream", "SOA": "Yuzu soap", "OIL": "Camellia hair oil"}
    def sale(i, product, amount, store):
        return {"id": f"rank-{i}", "amount": amount, "currency": "JPY", "channel": "store", "occurredAt": "2026-12-03T12:00:00+09:00", "campaign": "rank-test",
                "product": product, "productName": names[product], "store": store, "staff": "Aoi"}
    first = [sale(1, "CRM", 9_000, "Shibuya"), sale(2, "LIP", 6_000, "Umeda"), sale(3, "SOA", 4_000, "Shibuya"), sale(4, "OIL", 2_000, "Umeda"),
             sale(5, "SOA", -1_000, "Shibuya")]
    assert send(server, key, first)["accepted"] == 5
    wall = make_browser(1920, 1080)
    try:
        wall.get(server + board["wallURL"])
        wait(wall, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#wall-products li"))
        order = lambda d: [li.get_attribute("data-key") for li in d.find_elements(By.CSS_SELECTOR, "#wall-products li")]
        assert order(wall) == ["CRM", "LIP", "SOA", "OIL"]
        assert "Hand cream" in text_of(wall, By.CSS_SELECTOR, "#wall-products li:first-child")
        assert [li.get_attribute("data-key") for li in wall.find_elements(By.CSS_SELECTOR, "#wall-stores li")] == ["Shibuya", "Umeda"]
        # 4 orders (the refund is none), their average over what they sold (¥21,000 / 4), and the refund said as such.
        assert text_of(wall, By.ID, "wall-orders") == "4 orders · ¥5,250 average", text_of(wall, By.ID, "wall-orders")
        assert "¥1,000 refunded" in text_of(wall, By.ID, "wall-refunded")
        # The lip balm sells twice more: it overtakes the cream, with its slide and glow. The glow's
        # start is written down as it happens (on a busy machine it may be over before we look).
        wall.execute_script("""window.glowed = [];
          document.getElementById('wall-products').addEventListener('animationstart', (e) => window.glowed.push([e.target.dataset.key, e.animationName]));""")
        assert send(server, key, [sale(6, "LIP", 2_000, "Umeda"), sale(7, "LIP", 2_500, "Umeda")])["accepted"] == 2
        wait(wall, 20).until(lambda d: order(d)[0] == "LIP")
        assert order(wall) == ["LIP", "CRM", "SOA", "OIL"]
        assert attribute_of(wall, By.ID, "wall-products", "data-overtakes") == "1"
        assert "overtook" in attribute_of(wall, By.CSS_SELECTOR, '#wall-products li[data-key="LIP"]', "class")
        wait(wall, 20).until(lambda d: ["LIP", "overtook"] in d.execute_script("return window.glowed"))
        assert [li.get_attribute("data-key") for li in wall.find_elements(By.CSS_SELECTOR, "#wall-stores li")] == ["Umeda", "Shibuya"]
        # A refund: said on the wall, the total counting down to what was really sold.
        before = int(attribute_of(wall, By.ID, "wall-total", "data-target"))
        assert send(server, key, [sale(8, "LIP", -2_000, "Umeda")])["accepted"] == 1
        wait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-correction").is_displayed())
        assert "Refunded: −¥2,000" in text_of(wall, By.ID, "wall-correction")
        assert int(attribute_of(wall, By.ID, "wall-total", "data-target")) == before - 2_000
        overflow = overflowing(wall, "#wall")
        time.sleep(0.3)
        wall.save_screenshot(os.path.join(OUT, "wall-ranks-en-1920x1080.png"))
        assert not overflow, overflow
    finally:
        wall.quit()


def test_a_milestone_crossed_by_a_burst_is_celebrated_once(server):
    """At 1920×1080 in Japanese: a board celebrating every ¥100,000; a burst of sales crosses it,
    the wall celebrates once with the figure, and the admin's notifications say so."""
    admin = admin_token(server)
    key = api_call(server, "POST", "/v1/admin/api-keys", admin, {"name": "party-till", "scopes": ["signage:write"]})["key"]
    board = api_call(server, "POST", "/v1/signage/boards", admin, {
        "title": "年末セール", "currency": "JPY", "timeZone": "Asia/Tokyo", "campaign": "party-test", "goal": 500_000,
        "startsAt": "2026-12-01T00:00:00+09:00", "endsAt": "2026-12-31T00:00:00+09:00", "milestones": {"every": 100_000, "goal": True, "recordDay": False}})
    wall = make_browser(1920, 1080, language="ja-JP")
    try:
        wall.get(server + board["wallURL"])
        wait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-dot").get_attribute("class") == "dot ok")
        assert not wall.find_element(By.ID, "wall-celebration").is_displayed()
        burst = [{"id": f"party-{i}", "amount": 9_000, "currency": "JPY", "channel": "store", "campaign": "party-test",
                  "occurredAt": "2026-12-03T18:00:00+09:00"} for i in range(12)]
        assert send(server, key, burst)["accepted"] == 12
        wait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-celebration").is_displayed())
        said = wall.execute_script("return document.getElementById('wall-celebration').textContent")
        assert "100,000円" in said and "達成" in said, said
        assert attribute_of(wall, By.ID, "wall-celebration", "data-key") == "every-100000"
        time.sleep(0.8)
        wall.save_screenshot(os.path.join(OUT, "wall-milestone-ja-1920x1080.png"))
        # More sales that cross nothing: no second celebration of the same milestone.
        assert send(server, key, [{"id": "party-x", "amount": 1_000, "currency": "JPY", "channel": "store", "campaign": "party-test",
                                   "occurredAt": "2026-12-03T18:05:00+09:00"}])["accepted"] == 1
        wait(wall, 20).until(lambda d: d.find_element(By.ID, "wall-total").get_attribute("data-target") == "109000")
        assert attribute_of(wall, By.ID, "wall-celebration", "data-count") == "1"
        notes = api_call(server, "GET", "/v1/notifications", admin)["items"]
        assert [n["kind"] for n in notes].count("boardMilestone") == 1, notes
    finally:
        wall.quit()
