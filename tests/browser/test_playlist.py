"""A playlist's wall screen in a real Chromium at 1920×1080: two boards on one link take turns, a
milestone reached while a board is off screen is celebrated when it comes back, and the screen
follows an admin's edits (side by side, a board taken out, a new link) without anyone touching
it. And the Signage page where an admin makes, orders, changes and deletes a playlist."""
import os
import subprocess
import time
import urllib.error
import urllib.request
import uuid

from selenium.webdriver.common.by import By

from conftest import BINARY, SERVER, attribute_of, click_and_confirm, click_on, first, make_browser, not_red, overflowing, text_of, type_in, wait
from test_account import OUT, api_call, fill, ready
from test_wall import admin_token, send

SHOWN = "return [...document.querySelectorAll('#playlist-stage > .wall')].filter((w) => !w.hidden).map((w) => w.dataset.board)"


def urllib_status(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def board(server, admin, title, campaign, **extra):
    return api_call(server, "POST", "/v1/signage/boards", admin, {
        "title": title, "currency": "JPY", "timeZone": "Asia/Tokyo", "campaign": campaign,
        "startsAt": "2026-12-01T00:00:00+09:00", "endsAt": "2026-12-31T00:00:00+09:00", **extra})["board"]


def sale(sale_id, amount, campaign):
    return {"id": sale_id, "amount": amount, "currency": "JPY", "channel": "store", "campaign": campaign, "occurredAt": "2026-12-03T12:00:00+09:00"}


def total_of(driver, board_id):
    return driver.execute_script(f"return document.querySelector('#playlist-stage > .wall[data-board=\"{board_id}\"] .wall-total')?.dataset.value ?? null")


def test_a_playlist_of_two_boards_rotates_and_follows_an_edit(server):
    admin = admin_token(server)
    key = api_call(server, "POST", "/v1/admin/api-keys", admin, {"name": "playlist-till", "scopes": ["signage:write"]})["key"]
    tag = uuid.uuid4().hex[:6]
    shop = board(server, admin, "Shibuya store", f"pl-a-{tag}")
    online = board(server, admin, "Online shop", f"pl-b-{tag}", milestones={"every": 10_000, "goal": False, "recordDay": False})
    assert send(server, key, [sale(f"a1-{tag}", 3_000, f"pl-a-{tag}"), sale(f"b1-{tag}", 7_000, f"pl-b-{tag}")])["accepted"] == 2
    made = api_call(server, "POST", "/v1/signage/playlists", admin, {"title": "Shop floor", "boards": [shop["id"], online["id"]], "seconds": 5,
                                                                     "layout": "rotate"})
    playlist = made["playlist"]
    wall = make_browser(1920, 1080)
    try:
        wall.get(server + made["wallURL"])
        # The first board, alone on the screen, with its own figure; the bar and the place say a second one follows.
        wait(wall, 20).until(lambda d: d.execute_script(SHOWN) == [shop["id"]] and total_of(d, shop["id"]) == "3000")
        assert text_of(wall, By.ID, "playlist-place") == "1 / 2"
        assert wall.find_element(By.ID, "playlist-progress").is_displayed()
        assert wall.title.startswith("Shop floor")
        # Five seconds later the second board takes its turn, then the first again: the page notes
        # when each turn starts (a busy machine may start one late, never early).
        wall.execute_script("""window.__turns = [];
            new MutationObserver(() => window.__turns.push(performance.now()))
              .observe(document.getElementById('playlist-stage'), { attributes: true, attributeFilter: ['data-page'] });""")
        wait(wall, 12).until(lambda d: d.execute_script(SHOWN) == [online["id"]] and total_of(d, online["id"]) == "7000")
        assert text_of(wall, By.ID, "playlist-place") == "2 / 2"
        time.sleep(0.7)
        wall.save_screenshot(os.path.join(OUT, "playlist-rotate-en-1920x1080.png"))
        wait(wall, 12).until(lambda d: d.execute_script(SHOWN) == [shop["id"]])
        turns = wall.execute_script("return window.__turns")
        assert len(turns) >= 2 and turns[1] - turns[0] >= 4_900, turns
        # While the first board is on screen, the online shop passes ¥10,000: celebrated when it comes back, once.
        assert send(server, key, [sale(f"b2-{tag}", 4_000, f"pl-b-{tag}")])["accepted"] == 1
        celebration = f'#playlist-stage > .wall[data-board="{online["id"]}"] .wall-celebration'
        wait(wall, 12).until(lambda d: d.execute_script(SHOWN) == [online["id"]])
        wait(wall, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, celebration).is_displayed())
        assert attribute_of(wall, By.CSS_SELECTOR, celebration, "data-key") == "every-10000"
        wait(wall, 10).until(lambda d: total_of(d, online["id"]) == "11000")
        wait(wall, 12).until(lambda d: d.execute_script(SHOWN) == [shop["id"]])
        wait(wall, 12).until(lambda d: d.execute_script(SHOWN) == [online["id"]])
        assert attribute_of(wall, By.CSS_SELECTOR, celebration, "data-count") == "1", "a milestone is celebrated once per screen"

        # An admin sets the playlist side by side, for a minute each: the screen follows by itself.
        api_call(server, "PUT", f"/v1/signage/playlists/{playlist['id']}", admin, {"title": "Shop floor", "boards": [shop["id"], online["id"]],
                                                                                 "seconds": 60, "layout": "split"})
        wait(wall, 10).until(lambda d: d.execute_script(SHOWN) == [shop["id"], online["id"]])
        assert "split" in attribute_of(wall, By.ID, "playlist-stage", "class")
        left, right = (wall.execute_script(f"return document.querySelector('#playlist-stage > .wall[data-board=\"{b}\"]').getBoundingClientRect().toJSON()")
                       for b in (shop["id"], online["id"]))
        assert left["right"] <= right["left"] and abs(left["top"] - right["top"]) < 2, (left, right)
        assert text_of(wall, By.ID, "playlist-place") == "" and not wall.find_element(By.ID, "playlist-progress").is_displayed()
        wait(wall, 10).until(lambda d: total_of(d, shop["id"]) == "3000" and total_of(d, online["id"]) == "11000")
        # A sale on a board in view counts up there.
        assert send(server, key, [sale(f"a2-{tag}", 2_500, f"pl-a-{tag}")])["accepted"] == 1
        wait(wall, 10).until(lambda d: total_of(d, shop["id"]) == "5500")
        overflow = overflowing(wall, "#playlist")
        time.sleep(2.5)
        wall.save_screenshot(os.path.join(OUT, "playlist-split-en-1920x1080.png"))
        assert not overflow, overflow

        # The shop taken out: the online shop alone.
        api_call(server, "PUT", f"/v1/signage/playlists/{playlist['id']}", admin, {"title": "Shop floor", "boards": [online["id"]],
                                                                                 "seconds": 60, "layout": "split"})
        wait(wall, 10).until(lambda d: d.execute_script(SHOWN) == [online["id"]])
        assert wall.execute_script("return document.querySelectorAll('#playlist-stage > .wall').length") == 1
        # A new link: this screen's stops, and says so.
        api_call(server, "POST", f"/v1/signage/playlists/{playlist['id']}/link", admin)
        wait(wall, 15).until(lambda d: d.find_element(By.ID, "playlist-gone").is_displayed())
        assert wall.execute_script("return document.querySelectorAll('#playlist-stage > .wall').length") == 0
    finally:
        wall.quit()


def test_an_admin_makes_orders_changes_and_deletes_a_playlist(server):
    admin = admin_token(server)
    tag = uuid.uuid4().hex[:6]
    first_board = board(server, admin, f"Front desk {tag}", f"pm-a-{tag}")
    second_board = board(server, admin, f"Juice bar {tag}", f"pm-b-{tag}")
    email = f"playlists-{tag}@example.com"
    subprocess.run([BINARY, "user", "create", "--email", email, "--role", "admin", "--password-stdin", "--data-dir", SERVER["data"]],
                   input="correct horse battery\n", text=True, check=True, capture_output=True)
    page = make_browser(1280, 900)
    try:
        page.get(server + "/#/signin?next=%23%2Fsignage")
        ready(page)
        fill(page, "email", email)
        fill(page, "password", "correct horse battery")
        click_on(page, By.CSS_SELECTOR, "form button[type=submit]")
        wait(page).until(lambda d: d.find_element(By.ID, "playlists").get_attribute("aria-busy") is None)
        rows = lambda d: [li.get_attribute("data-board") for li in d.find_elements(By.CSS_SELECTOR, "#playlist-boards li")]
        assert first_board["id"] in rows(page) and second_board["id"] in rows(page)

        # Nothing checked: refused, said in the page, nothing made.
        type_in(page, By.ID, "playlist-title", "Lobby")
        click_on(page, By.CSS_SELECTOR, "#playlist-form button[type=submit]")
        wait(page).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#problems .problem"))
        assert "boards" in text_of(page, By.ID, "problems")
        click_on(page, By.CSS_SELECTOR, "#problems .problem button")

        # The juice bar first (moved up past the front desk), then the desk; 15 s each, side by side.
        for b in (first_board, second_board):
            click_on(page, By.CSS_SELECTOR, f'#playlist-boards li[data-board="{b["id"]}"] input[type=checkbox]')
        while rows(page).index(second_board["id"]) > rows(page).index(first_board["id"]):
            click_on(page, By.CSS_SELECTOR, f'#playlist-boards li[data-board="{second_board["id"]}"] button:first-of-type')
        type_in(page, By.ID, "playlist-seconds", "15")
        click_on(page, By.CSS_SELECTOR, '#playlist-layout input[value="split"]')
        click_on(page, By.CSS_SELECTOR, "#playlist-form button[type=submit]")
        secret = "const e = document.getElementById('secret-value'); return e ? e.value : null"
        link = wait(page).until(lambda d: (d.execute_script(secret) or "") if "/wall/playlist/" in (d.execute_script(secret) or "") else None)
        assert "token=" in link
        card = wait(page).until(lambda d: first(c for c in d.find_elements(By.CSS_SELECTOR, "[data-playlist]") if "Lobby" in c.text))
        assert f"Juice bar {tag} → Front desk {tag}" in card.text and "2 boards · 15 s each · Two side by side" in card.text, card.text
        playlist_id = card.get_attribute("data-playlist")
        made = api_call(server, "GET", f"/v1/signage/playlists/{playlist_id}", admin)
        assert made["boards"] == [second_board["id"], first_board["id"]] and made["layout"] == "split" and made["seconds"] == 15

        # Changed: the desk taken out.
        click_on(page, By.XPATH, f"//*[@data-playlist='{playlist_id}']//button[contains(., 'Change')]")
        wait(page).until(lambda d: d.find_element(By.ID, "playlist-title").get_attribute("value") == "Lobby")
        click_on(page, By.CSS_SELECTOR, f'#playlist-boards li[data-board="{first_board["id"]}"] input[type=checkbox]')
        click_on(page, By.CSS_SELECTOR, "#playlist-form button[type=submit]")
        wait(page).until(lambda d: "1 board · 15 s each" in d.find_element(By.CSS_SELECTOR, f'[data-playlist="{playlist_id}"]').text)
        assert api_call(server, "GET", f"/v1/signage/playlists/{playlist_id}", admin)["boards"] == [second_board["id"]]
        page.save_screenshot(os.path.join(OUT, "signage-playlists-en-1280x900.png"))
        assert not_red(page) == [], "Delete shows red"

        # The admin opens it with their own access.
        click_on(page, By.CSS_SELECTOR, f'[data-playlist="{playlist_id}"] a[href^="#/wall/playlist/"]')
        wait(page, 20).until(lambda d: d.execute_script(SHOWN) == [second_board["id"]])
        page.back()
        wait(page).until(lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-playlist="{playlist_id}"]'))
        # A new link, after a confirmation: shown once; the old one stops.
        click_and_confirm(page, By.XPATH, f"//*[@data-playlist='{playlist_id}']//button[contains(., 'New link')]", expect="new link")
        renewed = wait(page).until(lambda d: (d.execute_script(secret) or "") if (d.execute_script(secret) or "") not in ("", link) else None)
        assert f"/wall/playlist/{playlist_id.lower()}?token=" in renewed
        old = link.split("token=")[1]
        assert urllib_status(server + f"/v1/signage/playlists/{playlist_id}?token={old}") == 404
        assert urllib_status(server + f"/v1/signage/playlists/{playlist_id}?token={renewed.split('token=')[1]}") == 200
        # Deleted, after a confirmation that names it; the boards stay.
        click_and_confirm(page, By.XPATH, f"//*[@data-playlist='{playlist_id}']//button[contains(., 'Delete')]", expect="Lobby")
        wait(page).until(lambda d: not d.find_elements(By.CSS_SELECTOR, f'[data-playlist="{playlist_id}"]'))
        assert api_call(server, "GET", f"/v1/signage/boards/{second_board['id']}", admin)["board"]["title"] == f"Juice bar {tag}"
        assert not page.find_elements(By.CSS_SELECTOR, "#problems .problem")
    finally:
        page.quit()


def test_a_side_by_side_playlist_on_a_phone_in_korean_shows_one_board_at_a_time(server):
    """390×844 in Korean: a playlist set side by side shows its boards one at a time on a screen
    too narrow for two, says which of how many, and nothing spills sideways or breaks a word."""
    admin = admin_token(server)
    tag = uuid.uuid4().hex[:6]
    boards = [board(server, admin, title, f"pk-{i}-{tag}") for i, title in enumerate(["강남점", "온라인 스토어"])]
    made = api_call(server, "POST", "/v1/signage/playlists", admin, {"title": "매장 화면", "boards": [b["id"] for b in boards], "seconds": 30,
                                                                     "layout": "split"})
    phone = make_browser(390, 844, language="ko-KR")
    try:
        phone.get(server + made["wallURL"])
        wait(phone, 20).until(lambda d: d.execute_script(SHOWN) == [boards[0]["id"]] and total_of(d, boards[0]["id"]) == "0")
        assert "split" not in attribute_of(phone, By.ID, "playlist-stage", "class")
        # Where it says which of how many, and the bar, lie inside the window (not fixed to a larger layout viewport).
        place = phone.execute_script("""const p = document.getElementById('playlist-place').getBoundingClientRect();
            const bar = document.getElementById('playlist-progress').getBoundingClientRect();
            return [document.getElementById("playlist-place").textContent, p.right <= document.documentElement.clientWidth && p.bottom <= document.documentElement.clientHeight,
                    bar.bottom <= document.documentElement.clientHeight + 1]""")
        assert place == ["1 / 2", True, True], place
        wide = phone.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        # A Korean word is kept whole: no line of the title holds a lone syllable.
        lines = phone.execute_script("""
            const title = [...document.querySelectorAll('#playlist-stage > .wall')].find((w) => !w.hidden).querySelector('.wall-title');
            return Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight || 40));""")
        time.sleep(0.7)
        phone.save_screenshot(os.path.join(OUT, "playlist-phone-ko-390x844.png"))
        assert wide, "the playlist fits a phone's width"
        assert lines <= 1, lines
    finally:
        phone.quit()
