"""Health in a real Chromium: an Apple Health export imported with its progress, today's rings,
a chart's exact value on hover and tap, goals checked in the page, and screenshots of a demo
member's Health page in Japanese and Korean on a phone and a desktop."""
import os
import zipfile
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import click_on, demo_copy, is_shown, make_browser, serve, text_of, type_in
from test_account import OUT, api_call, api_login, ready, sign_up, wait

WATCH = ('sourceName="Ana’s Apple Watch" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, '
         'manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;"')
PHONE = ('sourceName="Ana’s iPhone" sourceVersion="17.1" device="&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, '
         'manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:17.1&gt;"')


def export_zip(path, zone, days):
    """An export.zip whose data file has a localized name: `days` maps a date to (steps, kcal,
    stand hours), each walk counted by both the Watch and the phone."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<!DOCTYPE HealthData [", "<!ELEMENT HealthData (ExportDate,Me,(Record)*)>",
             "<!ELEMENT WorkoutActivity ((MetadataEntry)*)>", "<!ELEMENT WorkoutActivity ((MetadataEntry)*)>", "]>", '<HealthData locale="ko_KR">']

    def stamp(t):
        return t.strftime("%Y-%m-%d %H:%M:%S %z")

    def record(kind, source, unit, start, end, value):
        u = f' unit="{unit}"' if unit else ""
        return f' <Record type="{kind}" {source}{u} startDate="{stamp(start)}" endDate="{stamp(end)}" value="{value}"/>'

    for date, (steps, kcal, stand) in days.items():
        base = datetime.fromisoformat(date).replace(tzinfo=zone)
        walk = base + timedelta(hours=7)
        lines.append(record("HKQuantityTypeIdentifierStepCount", WATCH, "count", walk, walk + timedelta(minutes=30), steps))
        lines.append(record("HKQuantityTypeIdentifierStepCount", PHONE, "count", walk, walk + timedelta(minutes=30), steps - 300))
        lines.append(record("HKQuantityTypeIdentifierActiveEnergyBurned", WATCH, "kcal", walk, walk + timedelta(minutes=30), kcal))
        for hour in range(stand):
            h = base + timedelta(hours=6 + hour)
            lines.append(record("HKCategoryTypeIdentifierAppleStandHour", WATCH, None, h, h + timedelta(hours=1), "HKCategoryValueAppleStandHourStood"))
    lines.append("</HealthData>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("apple_health_export/書き出したデータ.xml", "\n".join(lines))
        z.writestr("apple_health_export/export_cda.xml", "<ClinicalDocument/>")


def test_an_import_shows_progress_then_the_rings_and_the_chart(server, tmp_path):
    driver = make_browser(390, 844)
    try:
        sign_up(driver, server, "health-ana@example.com", name="Ana")
        me = api_call(server, "GET", "/v1/me", api_login(server, "health-ana@example.com")["accessToken"])
        zone = ZoneInfo(me["timeZone"])
        today = datetime.now(zone).date()
        days = {(today - timedelta(days=back)).isoformat(): (4000 + 1000 * back, 300 + 20 * back, 8 + back % 3) for back in range(0, 6)}
        days[today.isoformat()] = (9100, 450, 12)
        path = tmp_path / "export.zip"
        export_zip(path, zone, days)

        driver.get(server + "/#/health")
        ready(driver)
        wait(driver).until(EC.presence_of_element_located((By.ID, "health-empty")))
        wait(driver).until(lambda d: d.find_element(By.ID, "health-empty").is_displayed())
        # Watch what the page shows while it works: the bar, and each status line.
        driver.execute_script("""
            window.__seen = [];
            const status = document.getElementById('health-status'), bar = document.getElementById('health-progress');
            new MutationObserver(() => window.__seen.push((bar.hidden ? '' : 'bar:') + status.textContent))
              .observe(document.getElementById('health-import-card'), { subtree: true, childList: true, characterData: true, attributes: true });""")
        type_in(driver, By.ID, "health-file", str(path), clear=False)
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "health-chosen"), "export.zip"))
        click_on(driver, By.ID, "health-import")
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "health-status"), "Imported 6 days"))
        seen = driver.execute_script("return window.__seen")
        assert any(s.startswith("bar:Uploading") for s in seen), seen
        # "Import finished" comes only from the event stream's last health-import event.
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "toast"), "Import finished"))

        # Today's rings: steps 9,100 of 8,000 (closed), move 450 of 400, stand 12 of 12.
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-ring=steps] .figure").text == "9,100")
        shares = {ring.get_attribute("data-ring"): float(ring.get_attribute("data-share"))
                  for ring in driver.find_elements(By.CSS_SELECTOR, "circle[data-ring]")}
        assert shares == {"energy": 1.0, "steps": 1.0, "standHours": 1.0}, shares
        assert text_of(driver, By.CSS_SELECTOR, "[data-ring=standHours] .figure") == "12"
        assert "Ana’s Apple Watch" in text_of(driver, By.ID, "health-streak")

        # The chart: today's bar says its exact value when hovered, and when tapped.
        bar = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, f".chart-bar[data-date='{today.isoformat()}']"))
        assert bar.get_attribute("data-value") == "9100"
        ActionChains(driver).move_to_element(bar).perform()
        tip = driver.find_element(By.ID, "health-tip")
        wait(driver).until(lambda d: tip.is_displayed() and "9,100 steps" in tip.text)
        yesterday = (today - timedelta(days=1)).isoformat()
        other = driver.find_elements(By.CSS_SELECTOR, f".chart-bar[data-date='{yesterday}']")
        if other:  # (on a Monday, yesterday is last week)
            driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', { bubbles: true }))", other[0])
            wait(driver).until(lambda d: "5,000 steps" in tip.text)
        # Another metric, and the month: the goal line and the average are drawn.
        Select = __import__("selenium.webdriver.support.select", fromlist=["Select"]).Select
        Select(driver.find_element(By.ID, "health-metric")).select_by_value("energy")
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, f".chart-bar[data-date='{today.isoformat()}']").get_attribute("data-value") == "450")
        click_on(driver, By.CSS_SELECTOR, ".segmented [data-kind=month]")
        wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".chart-bar")) >= today.day)
        assert driver.find_elements(By.CSS_SELECTOR, ".chart-goal") and driver.find_elements(By.CSS_SELECTOR, ".chart-average")
        assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")

        # Goals are checked in the page before they are sent.
        type_in(driver, By.ID, "goal-steps", "50")
        click_on(driver, By.CSS_SELECTOR, "#health-goals button[type=submit]")
        wait(driver).until(lambda d: d.find_element(By.ID, "goal-steps").get_attribute("aria-invalid") == "true")
        type_in(driver, By.ID, "goal-steps", "10000")
        click_on(driver, By.CSS_SELECTOR, "#health-goals button[type=submit]")
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "toast"), "Goals saved"))
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "circle[data-ring=steps]").get_attribute("data-share") == "0.910")
        os.makedirs(OUT, exist_ok=True)
        driver.save_screenshot(os.path.join(OUT, "health-import-390x844-dark.png"))

        # A workout done today shows the day's activity on the Training page.
        token = api_login(server, "health-ana@example.com")["accessToken"]
        started = datetime.now(zone).replace(microsecond=0)
        api_call(server, "POST", "/v1/workouts", token, {"startedAt": started.isoformat(), "notes": "",
                                                         "exercises": [{"exerciseId": "push-up", "sets": [{"reps": 10, "restSeconds": 60}]}]})
        driver.get(server + "/#/training")
        line = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, f".day-activity[data-day='{started.date().isoformat()}']"))
        wait(driver).until(lambda d: "9,100 steps" in line.text and "450 kcal" in line.text and "12 h stood" in line.text)
    finally:
        driver.quit()


def test_an_import_that_ends_before_its_upload_is_answered_stays_ended(server, tmp_path):
    """The runner may finish a small import, and say so on the stream, before the upload's own
    reply ("running") reaches the page: the page holds that reply back here until the stream's
    end has shown, and the reply must not turn the finished import back into a running one."""
    driver = make_browser(390, 844)
    try:
        sign_up(driver, server, "health-quick@example.com", name="Quick")
        me = api_call(server, "GET", "/v1/me", api_login(server, "health-quick@example.com")["accessToken"])
        zone = ZoneInfo(me["timeZone"])
        today = datetime.now(zone).date()
        path = tmp_path / "export.zip"
        export_zip(path, zone, {(today - timedelta(days=back)).isoformat(): (5000, 300, 8) for back in range(3)})
        driver.get(server + "/#/health")
        ready(driver)
        wait(driver).until(EC.presence_of_element_located((By.ID, "health-empty")))
        # Every XMLHttpRequest answer waits until the status line says the import ended.
        driver.execute_script("""
            const own = Object.getOwnPropertyDescriptor(XMLHttpRequestEventTarget.prototype, 'onload');
            window.__heldUntil = null;
            Object.defineProperty(XMLHttpRequest.prototype, 'onload', {
              configurable: true, get() { return own.get.call(this); },
              set(handler) {
                own.set.call(this, (event) => {
                  const held = setInterval(() => {
                    const status = document.getElementById('health-status').textContent;
                    if (!status.startsWith('Imported')) return;
                    clearInterval(held);
                    window.__heldUntil = status;
                    handler.call(this, event);
                  }, 20);
                });
              } });""")
        type_in(driver, By.ID, "health-file", str(path), clear=False)
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "health-chosen"), "export.zip"))
        click_on(driver, By.ID, "health-import")
        wait(driver).until(lambda d: d.execute_script("return window.__heldUntil"))
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "toast"), "Import finished"))
        assert text_of(driver, By.ID, "health-status").startswith("Imported 3 days")
        assert not is_shown(driver, By.ID, "health-progress")
        assert driver.find_element(By.ID, "health-import").is_enabled()
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-ring=steps] .figure").text == "5,000")
    finally:
        driver.quit()


def test_a_broken_export_says_why_in_the_page(server, tmp_path):
    driver = make_browser(390, 844)
    try:
        sign_up(driver, server, "health-broken@example.com", name="Bo")
        path = tmp_path / "export.xml"
        path.write_text('<?xml version="1.0"?>\n<HealthData locale="en_US">\n <Record type="HKQuantityTypeIdentifierStepCount" sourceName="x" ')
        driver.get(server + "/#/health")
        ready(driver)
        type_in(driver, By.ID, "health-file", str(path), clear=False)
        click_on(driver, By.ID, "health-import")
        problem = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "#problems .problem"))
        wait(driver).until(lambda d: "ends early" in problem.text)
        assert "nothing was changed" in problem.text
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def demo_server():
    data = demo_copy("yaruki-browser-health-demo-")
    yield from serve(data)


@pytest.mark.parametrize("language,email,password", [("ja-JP", "mina@yaruki.example", "yaruki-demo-mina"),
                                                      ("ko-KR", "jiwoo@yaruki.example", "yaruki-demo-jiwoo"),
                                                      ("en-US", "ren@yaruki.example", "yaruki-demo-ren")])
def test_a_demo_members_health_page_in_every_language(demo_server, language, email, password):
    """Three months of a phone and a watch, for members of the demo group: the rings are drawn, the month chart has a bar for every
    day so far, nothing spills sideways on a phone, and the screenshots are there to look at."""
    for width, height in ((390, 844), (1440, 900)):
        driver = make_browser(width, height, language=language)
        try:
            driver.get(demo_server + "/#/signin")
            ready(driver)
            wait(driver).until(EC.visibility_of_element_located((By.NAME, "email")))
            type_in(driver, By.NAME, "email", email, clear=False)
            type_in(driver, By.NAME, "password", password, clear=False)
            click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
            wait(driver).until(lambda d: "#/home" in d.current_url or "#/signin" not in d.current_url)
            driver.get(demo_server + "/#/health")
            wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "circle[data-ring=steps]"))
            wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".chart-bar")) >= 1)
            assert not is_shown(driver, By.ID, "health-empty")
            assert text_of(driver, By.CSS_SELECTOR, "h1") == {"ja-JP": "ヘルス", "ko-KR": "건강", "en-US": "Health"}[language]
            assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
            os.makedirs(OUT, exist_ok=True)
            driver.save_screenshot(os.path.join(OUT, f"health-{language[:2]}-{width}x{height}.png"))
            driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
            driver.save_screenshot(os.path.join(OUT, f"health-{language[:2]}-{width}x{height}-end.png"))
        finally:
            driver.quit()
