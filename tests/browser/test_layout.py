"""Every page on a phone, as demo group members see them in English, Japanese and Korean: nothing
wider than the screen (its 390 px, whatever the browser's layout viewport grew to), and the timer's and playback's main buttons above the tab bar. Screenshots of
each page go to bench/out/screens/layout-*.png to look at."""
import contextlib
import os
import urllib.error
import uuid
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select

from conftest import click_on, days_ago, demo_copy, make_browser, serve, text_of, type_in
from test_account import OUT, api_call, api_login, api_sign_up, ready, wait

PEOPLE = [("en-US", "ren@yaruki.example", "yaruki-demo-ren"), ("ja-JP", "mina@yaruki.example", "yaruki-demo-mina"),
          ("ko-KR", "jiwoo@yaruki.example", "yaruki-demo-jiwoo")]
PAGES = ["home", "training", "session", "exercises", "body", "import", "timer", "workout", "accountability", "calendar", "record", "community", "compose", "routines", "routine",
         "notifications", "lifelog", "playback", "health", "classes", "more", "account"]


@pytest.fixture(scope="module")
def demo():
    data = demo_copy("yaruki-browser-layout-")
    yield from serve(data)


def sign_in(driver, server, email, password):
    driver.get(server + "/#/signin")
    ready(driver)
    wait(driver).until(EC.visibility_of_element_located((By.NAME, "email")))
    type_in(driver, By.NAME, "email", email, clear=False)
    type_in(driver, By.NAME, "password", password, clear=False)
    click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
    wait(driver).until(lambda d: "#/signin" not in d.current_url)


def opened(driver, server, page):
    """Opens a page and waits until it has drawn and its live parts (a group's standings, which
    arrive a moment after the page) stop changing."""
    driver.get(f"{server}/#/{page}")
    ready(driver)
    settled(driver)
    wait(driver).until(lambda d: d.execute_script("const h = document.body.innerHTML.length; const was = window.__h; window.__h = h; return was === h"))


def settled(driver):
    """The page has drawn: nothing busy, no skeleton left."""
    wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "main [aria-busy=true], main .skeleton"))


def spill(driver, width=390):
    """What reaches past the phone's width. (A phone widens its layout viewport to fit a page that
    spills, so innerWidth grows with the page: the screen's own width is the bound.)"""
    return driver.execute_script("""
        const width = arguments[0];
        if (document.documentElement.scrollWidth <= width) return null;
        return [...document.querySelectorAll('main *, header *, nav *')].filter((e) => e.getBoundingClientRect().right > width + 0.5)
          .slice(0, 6).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} → ${Math.round(e.getBoundingClientRect().right)}`);""", width)


def above_tab_bar(driver, element):
    """Whether `element` (or the element with that id, looked up when measured, so a redraw between
    finding and measuring cannot go stale) ends above the fixed tab bar."""
    return driver.execute_script("""
        const bar = document.getElementById('nav').getBoundingClientRect();
        const target = typeof arguments[0] === 'string' ? document.getElementById(arguments[0]) : arguments[0];
        const box = target.getBoundingClientRect();
        return getComputedStyle(document.getElementById('nav')).position !== 'fixed' || box.bottom <= bar.top;""", element)


def broken_labels(driver):
    """Short labels (an element whose whole text is under 12 characters: a name, a streak, a chip,
    a button) drawn on more than one line: "応/援", "Jiw/oo", "3/주/연/속". Each text node's line
    boxes are counted from its range's rectangles."""
    return driver.execute_script("""
        const found = [];
        const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const owner = node.parentElement;
          if (!owner || node.textContent.trim().length < 2 || owner.closest('[hidden], script, style, svg, textarea')) continue;
          const whole = owner.innerText.trim();
          if (!whole || [...whole].length >= 12) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) found.push(`${owner.tagName.toLowerCase()}.${owner.className}: ${JSON.stringify(whole)} on ${lines.size} lines`);
        }
        return found.slice(0, 8);""")


def printed_nothing(driver):
    """Words a value the page never had prints as ("nullnull" too): none may show."""
    return driver.execute_script("return document.body.innerText.match(/(?<![A-Za-z])(null|undefined|NaN)+(?![A-Za-z])|\\[object Object\\]/g) || []")


@pytest.mark.parametrize("language,email,password", PEOPLE)
def test_no_page_is_wider_than_a_phone_or_prints_null(demo, language, email, password):
    driver = make_browser(390, 844, language=language)
    problems = {}
    try:
        sign_in(driver, demo, email, password)
        token = api_login(demo, email, password=password)["accessToken"]
        post = api_call(demo, "GET", "/v1/posts?board=done", token)["items"][0]["id"]
        booked = api_call(demo, "GET", "/v1/me/classes", token)["items"]
        pages = PAGES + [f"post/{post}"] + ([f"class/{booked[0]['item']['id']}"] if booked else [])
        os.makedirs(OUT, exist_ok=True)
        for page in pages:
            opened(driver, demo, page)
            found = spill(driver)
            # A value the page never had, printed as text: "null", "undefined", "NaN", "[object Object]".
            printed = printed_nothing(driver)
            if printed:
                found = (found or []) + [f"prints {word!r}" for word in printed]
            if found:
                problems[page] = found
                driver.save_screenshot(os.path.join(OUT, f"layout-{language[:2]}-{page.split('/')[0]}-390x844.png"))
        assert not problems, problems
    finally:
        driver.quit()


LONG_NAMES = {"en-US": ["Alexandra Montgomery-Whitfield", "Bartholomew Okonkwo-Lindqvist"],
              "ja-JP": ["長谷川ゆかりさんの練習仲間", "小鳥遊ひなたの週三回"],
              "ko-KR": ["김지우의 아주 긴 운동 친구", "박서연과 함께하는 스쿼트"]}


@pytest.mark.parametrize("width,height", [(390, 844), (1440, 900)])
@pytest.mark.parametrize("language,email,password", PEOPLE)
def test_no_short_label_breaks_across_lines(demo, language, email, password, width, height):
    """The standings as a crowded group shows them (members with long names, streaks, the cheer
    and push chips, someone at risk), on a phone and a desktop, in each language: no name, streak,
    chip or status is broken mid-word (before the row's redesign: "応/援", "Mina (あな/た)",
    "C/h/e/er"); and on every other page, no tab, figure or exercise name either."""
    token = api_login(demo, email, password=password)["accessToken"]
    group = api_call(demo, "GET", "/v1/groups", token)["items"][0]
    for name in LONG_NAMES[language]:
        mate = f"long-{uuid.uuid4().hex[:8]}@example.com"
        api_call(demo, "POST", "/v1/groups/join", api_sign_up(demo, mate, name=name), {"code": group["inviteCode"]})
    driver = make_browser(width, height, language=language)
    problems = {}
    try:
        sign_in(driver, demo, email, password)
        for page in PAGES:
            opened(driver, demo, page)
            if page in ("home", "accountability"):
                wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".member[data-member]"))
            found = broken_labels(driver)
            if found:
                problems[page] = found
                driver.save_screenshot(os.path.join(OUT, f"labels-{language[:2]}-{page}-{width}x{height}.png"))
        assert not problems, problems
    finally:
        driver.quit()


def no_session(server, token):
    """Ends the person's training session, if one is under way (the timer's quick start leaves one)."""
    with contextlib.suppress(urllib.error.HTTPError):
        api_call(server, "DELETE", "/v1/training/session", token)


def looked_at(driver, width, name, problems):
    """The screen as it is, saved as `name`.png to be looked at; what spills, breaks mid-word or
    prints null goes into `problems` under its name."""
    found = (spill(driver, width) or []) + broken_labels(driver) + [f"prints {w!r}" for w in printed_nothing(driver)]
    if found:
        problems[name] = found
    driver.save_screenshot(os.path.join(OUT, f"{name}.png"))


@pytest.mark.parametrize("language", ["ja-JP", "ko-KR"])
def test_the_pages_of_admins_and_coaches_fit_and_read_in_each_language(demo, language):
    """Moderation (with a reported post waiting) as the demo's admin, and the classes a coach
    teaches, on a phone and a desktop: nothing spills, no short label breaks, nothing prints
    null; each looked at in its screenshot."""
    mina = api_login(demo, "mina@yaruki.example", password="yaruki-demo-mina")["accessToken"]
    post = next(p for p in api_call(demo, "GET", "/v1/posts?board=talk", mina)["items"] if not p.get("mine"))
    api_call(demo, "POST", "/v1/reports", mina, {"kind": "post", "id": post["id"], "reason": "広告のようです"})
    views = [("admin@yaruki.example", "yaruki-demo-admin", "moderation", "[data-report]"),
             ("coach@yaruki.example", "yaruki-demo-coach", "classes?tab=teaching", "[data-taught]")]
    problems = {}
    for width, height in ((390, 844), (1440, 900)):
        for email, password, page, shown in views:
            driver = make_browser(width, height, language=language)
            try:
                sign_in(driver, demo, email, password)
                opened(driver, demo, page)
                wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, shown))
                looked_at(driver, width, f"{page.split('?')[0]}{'-teaching' if 'teaching' in page else ''}-{language[:2]}-{width}x{height}", problems)
            finally:
                driver.quit()
    assert not problems, problems


@pytest.mark.parametrize("language,email,password", PEOPLE[1:])
def test_the_way_into_training_and_the_quick_session_fit_and_read_in_each_language(demo, language, email, password):
    """One way to train, on a phone and a desktop in Japanese and Korean: Training opens on its
    start card (routines, repeat last, empty), the timer's quick start is a session whose header
    is the timer (counting, then resting), and Training then offers to resume it. Nothing spills,
    no short label breaks, nothing prints null; each looked at in its screenshot."""
    token = api_login(demo, email, password=password)["accessToken"]
    problems = {}
    for width, height in ((390, 844), (1440, 900)):
        no_session(demo, token)  # opening the timer in the pages above started one
        driver = make_browser(width, height, language=language)
        try:
            sign_in(driver, demo, email, password)
            screens = [("training", "#start-card #empty-session", None), ("timer", "#session-main", "count-rep"),
                       ("session", "#rest-ring", "session-main"), ("training", "#resume-session", None)]
            for index, (page, shown, press_first) in enumerate(screens):
                if page != "session":
                    opened(driver, demo, page)
                if press_first:
                    for _ in range(3 if press_first == "count-rep" else 1):
                        click_on(driver, By.ID, press_first)
                wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, shown))
                looked_at(driver, width, f"train-{index}-{page}-{language[:2]}-{width}x{height}", problems)
        finally:
            driver.quit()
            no_session(demo, token)
    assert not problems, problems


def test_a_page_opens_at_its_top_and_back_returns_where_it_was(demo):
    """Following a link opens the next page at its top (the tab bar's Lifelog from far down
    Training), and back returns to the place the person had read to."""
    driver = make_browser(390, 844)
    try:
        sign_in(driver, demo, "ren@yaruki.example", "yaruki-demo-ren")
        opened(driver, demo, "training")
        wait(driver).until(lambda d: d.execute_script("return document.documentElement.scrollHeight") > 2500)
        driver.execute_script("window.scrollTo(0, 1500)")
        wait(driver).until(lambda d: d.execute_script("return Math.round(window.scrollY)") == 1500)
        # What the person is reading: the workout in the middle of the screen.
        in_view = "return document.elementFromPoint(195, 400)?.closest('[data-workout]')?.dataset.workout"
        reading = driver.execute_script(in_view)
        assert reading
        click_on(driver, By.CSS_SELECTOR, '#nav a[href="#/lifelog"]')
        wait(driver).until(lambda d: d.execute_script("return document.body.dataset.view") == "lifelog")
        settled(driver)
        assert driver.execute_script("return window.scrollY") == 0
        driver.back()
        wait(driver).until(lambda d: d.execute_script("return document.body.dataset.view") == "training")
        # (Content above may settle a little later; the browser keeps the same workout in view.)
        wait(driver).until(lambda d: d.execute_script("return window.scrollY") > 1000 and d.execute_script(in_view) == reading)
        driver.forward()
        wait(driver).until(lambda d: d.execute_script("return document.body.dataset.view") == "lifelog")
        wait(driver).until(lambda d: d.execute_script("return window.scrollY") == 0)
    finally:
        driver.quit()


@pytest.mark.parametrize("email,password,sees_signage", [("ren@yaruki.example", "yaruki-demo-ren", False),
                                                          ("coach@yaruki.example", "yaruki-demo-coach", False),
                                                          ("admin@yaruki.example", "yaruki-demo-admin", True)])
def test_signage_is_shown_only_to_admins(demo, email, password, sees_signage):
    """The navigation (a desktop's bar and a phone's More page) leads only where the person can
    act: members and coaches see no Signage, whose page is for admins; an admin does and can open
    it; a guest sees none."""
    desktop, phone = make_browser(1440, 900), make_browser(390, 844)
    try:
        for driver in (desktop, phone):
            driver.get(f"{demo}/#/more")
            ready(driver)
            assert not driver.find_elements(By.CSS_SELECTOR, '#nav a[href="#/signage"], main a[href="#/signage"]'), "a guest sees no Signage"
            sign_in(driver, demo, email, password)
        wait(desktop).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#nav a[href="#/training"]'))
        assert bool(desktop.find_elements(By.CSS_SELECTOR, '#nav a[href="#/signage"]')) == sees_signage
        opened(phone, demo, "more")
        cards = [a.get_attribute("href").split("#/")[1] for a in phone.find_elements(By.CSS_SELECTOR, "main a.card")]
        assert "health" in cards and "classes" in cards, cards
        assert ("signage" in cards) == sees_signage, cards
        if sees_signage:
            click_on(phone, By.CSS_SELECTOR, 'main a.card[href="#/signage"]')
            wait(phone).until(lambda d: d.find_elements(By.ID, "boards"))
    finally:
        desktop.quit()
        phone.quit()


@pytest.mark.parametrize("language,email,password", PEOPLE)
def test_the_timer_during_rest_and_playback_keep_their_main_button_above_the_tab_bar(demo, language, email, password):
    token = api_login(demo, email, password=password)["accessToken"]
    driver = make_browser(390, 844, language=language)
    try:
        # Signed in, the timer is the quick start into a session: its big button under the number.
        no_session(demo, token)
        sign_in(driver, demo, email, password)
        driver.get(f"{demo}/#/timer")
        ready(driver)
        wait(driver).until(lambda d: "#/session" in d.current_url)
        wait(driver).until(EC.visibility_of_element_located((By.ID, "session-main")))
        assert above_tab_bar(driver, "session-main")
        click_on(driver, By.ID, "session-main")  # rest begins
        driver.execute_script("window.scrollTo(0, 0)")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "skip-rest")))  # the rest's clock redraws each second
        assert above_tab_bar(driver, "skip-rest"), \
            "the rest's main button is hidden under the tab bar"
    finally:
        driver.quit()
        no_session(demo, token)  # the demo person trains on in other tests


def test_a_body_weight_exercise_chart_and_an_empty_session_print_no_null(demo):
    """The two places that printed "null" (the chart of an exercise without weights, and an empty
    session above its exercise picker)."""
    driver = make_browser(390, 844)
    try:
        email = f"nulls-{uuid.uuid4().hex[:6]}@example.com"
        token = api_sign_up(demo, email, "Nia")
        api_call(demo, "POST", "/v1/workouts", token, {"startedAt": days_ago(1),
                                                       "exercises": [{"exerciseId": "push-up", "sets": [{"reps": 12}, {"reps": 10}]}]})
        sign_in(driver, demo, email, "correct horse battery")
        driver.get(demo + "/#/training")
        ready(driver)
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "#progress-exercise option[value=push-up]"))
        Select(driver.find_element(By.ID, "progress-exercise")).select_by_value("push-up")
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "exercise-chart"), "Sets per session"))
        settled(driver)
        assert printed_nothing(driver) == []
        driver.get(demo + "/#/training")
        ready(driver)
        click_on(driver, By.ID, "empty-session")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "finish-session")))
        assert "No exercises yet" in text_of(driver, By.TAG_NAME, "main")
        assert printed_nothing(driver) == []
    finally:
        driver.quit()


def test_playback_starts_with_play_above_the_tab_bar(demo):
    """Aino's Helsinki day (the demo's lifelog, yesterday in her zone) on a phone: Play is where a thumb finds it."""
    driver = make_browser(390, 844)
    try:
        sign_in(driver, demo, "aino@yaruki.example", "yaruki-demo-aino")
        yesterday = (datetime.now(ZoneInfo("Europe/Helsinki")).date() - timedelta(days=1)).isoformat()
        driver.get(f"{demo}/#/playback?range=day&date={yesterday}")
        ready(driver)
        play = wait(driver, 40).until(EC.element_to_be_clickable((By.ID, "playback-play")))
        driver.execute_script("window.scrollTo(0, 0)")
        assert play.is_displayed() and play.size["height"] >= 44
        os.makedirs(OUT, exist_ok=True)
        driver.save_screenshot(os.path.join(OUT, "layout-playback-en-390x844.png"))
        assert above_tab_bar(driver, play), "Play starts under the tab bar"
    finally:
        driver.quit()


def test_every_text_colour_meets_wcag_aa_in_both_themes(demo):
    """Text colours (the theme's variables) against every surface they sit on: at least 4.5:1."""
    pairs = [("--text", "--bg"), ("--text", "--surface"), ("--text", "--surface-2"), ("--muted", "--bg"), ("--muted", "--surface"),
             ("--muted", "--surface-2"), ("--accent-text", "--bg"), ("--accent-text", "--surface"), ("--accent-text", "--surface-2"),
             ("--amber", "--bg"), ("--amber", "--surface"), ("--amber", "--surface-2"), ("--error", "--surface"), ("--error", "--surface-2"),
             ("--accent-ink", "--accent"), ("--amber-ink", "--amber")]
    for scheme in ("dark", "light"):
        driver = make_browser(390, 844, scheme)
        try:
            driver.get(demo + "/")
            ready(driver)
            ratios = driver.execute_script("""
                const style = getComputedStyle(document.documentElement);
                const lum = (hex) => { const c = hex.trim().replace('#', ''); return [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16) / 255)
                  .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0); };
                return arguments[0].map(([a, b]) => { const x = lum(style.getPropertyValue(a)), y = lum(style.getPropertyValue(b));
                  return [a, b, (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)]; });""", pairs)
            low = [(a, b, round(r, 2)) for a, b, r in ratios if r < 4.5]
            assert not low, (scheme, low)
            # The active navigation item is in the accent's text colour.
            assert driver.execute_script("return getComputedStyle(document.querySelector('#nav a[aria-current=page]')).color") == \
                driver.execute_script("const c = getComputedStyle(document.documentElement).getPropertyValue('--accent-text').trim();"
                                      "const d = document.createElement('span'); d.style.color = c; document.body.append(d);"
                                      "const out = getComputedStyle(d).color; d.remove(); return out;")
        finally:
            driver.quit()
