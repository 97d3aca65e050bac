"""Classes in a real Chromium on a phone: a seat bought through the sandbox's checkout, a declined
card, and a class that filled up while the person paid (refunded, with the reason); then the
demo's classes as members and the coach see them, in Japanese, Korean and English, with
screenshots to look at."""
import os
import subprocess
from datetime import datetime, timedelta, timezone

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import BINARY, SERVER, click_and_confirm, click_on, is_shown, make_browser, not_red, text_of, type_in
from test_account import OUT, api_call, api_login, api_sign_up, ready, sign_up, wait
from test_layout import demo, sign_in  # noqa: F401  (the demo server fixture, signing in)


def coach_token(server, email):
    subprocess.run([BINARY, "user", "create", "--email", email, "--name", "Coach Aki", "--role", "coach", "--password-stdin",
                    "--data-dir", SERVER["data"]], input=b"coach password 12\n", check=True, capture_output=True, timeout=60)
    return api_login(server, email, password="coach password 12")["accessToken"]


def publish(server, token, title, capacity=5, price=20000, currency="KRW"):
    start = (datetime.now(timezone.utc) + timedelta(days=3)).replace(microsecond=0).isoformat().replace("+00:00", "Z")
    made = api_call(server, "POST", "/v1/classes", token, {"title": title, "startsAt": start, "durationMinutes": 60, "capacity": capacity,
                                                         "price": price, "currency": currency, "place": "Studio 2"})
    return made["items"][0]["id"]


def open_checkout(driver, server, class_id):
    driver.get(f"{server}/#/class/{class_id}")
    click_on(driver, By.ID, "class-book")
    wait(driver).until(EC.visibility_of_element_located((By.ID, "checkout-form")))


def test_a_seat_bought_through_the_sandbox(server, tmp_path):
    coach = coach_token(server, "coach-buy@example.com")
    class_id = publish(server, coach, "Kettlebell basics", capacity=4, price=1500, currency="USD")
    driver = make_browser(390, 844)
    try:
        sign_up(driver, server, "classes-ana@example.com", name="Ana")
        driver.get(server + "/#/classes")
        card = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'[data-class="{class_id}"]')))
        assert "$15.00" in card.text and "4 seats left" in card.text
        click_on(driver, By.CSS_SELECTOR, f'[data-class="{class_id}"]')
        assert "$15.00" in text_of(driver, By.ID, "class-book")
        click_on(driver, By.ID, "class-book")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "checkout-form")))
        assert text_of(driver, By.ID, "checkout-amount") == "$15.00"
        assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        os.makedirs(OUT, exist_ok=True)
        driver.save_screenshot(os.path.join(OUT, "classes-checkout-en-390x844.png"))
        click_on(driver, By.ID, "checkout-pay")
        outcome = wait(driver).until(EC.visibility_of_element_located((By.ID, "checkout-outcome")))
        assert outcome.get_attribute("data-state") == "paid"
        assert "booked" in outcome.text
        driver.save_screenshot(os.path.join(OUT, "classes-paid-en-390x844.png"))
        # The seat shows on the class and among my classes; the server holds one enrollment.
        detail = api_call(server, "GET", f"/v1/classes/{class_id}", coach)
        assert detail["item"]["seatsLeft"] == 3
        assert [entry["person"]["displayName"] for entry in detail["roster"]] == ["Ana"]
        click_on(driver, By.ID, "checkout-done")
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-class="{class_id}"] .order-state.paid'))
        # The seat's class goes into the person's calendar as an event.
        click_on(driver, By.CSS_SELECTOR, f'[data-class="{class_id}"]')
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
        click_on(driver, By.ID, "class-add-to-calendar")
        wait(driver).until(lambda d: "yaruki-class.ics" in os.listdir(tmp_path))
        event = open(os.path.join(tmp_path, "yaruki-class.ics"), encoding="utf-8").read()
        assert "BEGIN:VEVENT" in event and "SUMMARY:Kettlebell basics" in event, event
        # Plans change: the seat is given back from the class's page before the deadline, and refunded.
        click_and_confirm(driver, By.ID, "class-cancel-seat", expect="$15.00")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "class-book")))
        assert "Refunded" in text_of(driver, By.ID, "class-last-order")
        assert "null" not in text_of(driver, By.TAG_NAME, "main")
        assert api_call(server, "GET", f"/v1/classes/{class_id}", coach)["item"]["seatsLeft"] == 4
    finally:
        driver.quit()


def test_a_class_in_seoul_is_told_in_seoul_time_with_its_date_to_ren_in_los_angeles(server, tmp_path):
    """Ren lives in Los Angeles. A class in a Seoul studio at 7:00 is shown as 7:00 Seoul with its
    date (not 2 PM the day before); an online class at the same moment in Ren's own time. The
    refund rule shows before paying, and the paid seat is confirmed with its date, place and event."""
    from zoneinfo import ZoneInfo
    coach = coach_token(server, "coach-seoul@example.com")
    seoul = ZoneInfo("Asia/Seoul")
    day = (datetime.now(seoul) + timedelta(days=4)).date()
    start = datetime(day.year, day.month, day.day, 7, 0, tzinfo=seoul).astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
    common = {"startsAt": start, "durationMinutes": 60, "capacity": 5, "price": 1500, "currency": "USD", "timeZone": "Asia/Seoul", "cancelHours": 24}
    studio = api_call(server, "POST", "/v1/classes", coach, {**common, "title": "Dawn kettlebells", "place": "Gangnam studio"})["items"][0]["id"]
    online = api_call(server, "POST", "/v1/classes", coach, {**common, "title": "Dawn mobility online", "onlineUrl": "https://meet.example.com/dawn"})
    online = online["items"][0]["id"]
    driver = make_browser(390, 844)
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "America/Los_Angeles"})
    try:
        sign_up(driver, server, "classes-ren@example.com", name="Ren")
        token = api_login(server, "classes-ren@example.com")["accessToken"]
        assert api_call(server, "GET", "/v1/me", token)["timeZone"] == "America/Los_Angeles"
        la_month = datetime.fromisoformat(start.replace("Z", "+00:00")).astimezone(ZoneInfo("America/Los_Angeles")).strftime("%Y-%m")
        driver.get(f"{server}/#/classes?month={la_month}")
        card = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'[data-class="{studio}"]')))
        weekday_month_day = f"{day.strftime('%a')}, {day.strftime('%b')} {day.day}"
        assert "7:00" in card.text and "Seoul" in card.text and weekday_month_day in card.text, card.text
        assert card.get_attribute("data-zone") == "Asia/Seoul"
        # Online: joined from home, so in Ren's clock (the afternoon before), with no place named.
        remote = driver.find_element(By.CSS_SELECTOR, f'[data-class="{online}"]')
        la_start = datetime.fromisoformat(start.replace("Z", "+00:00")).astimezone(ZoneInfo("America/Los_Angeles"))
        assert f"{la_start.hour % 12 or 12}:00" in remote.text and "Seoul" not in remote.text, remote.text
        assert remote.get_attribute("data-zone") == "America/Los_Angeles"
        driver.save_screenshot(os.path.join(OUT, "classes-zones-en-390x844.png"))
        # The class page says when in Seoul, and the refund rule before anything is paid.
        click_on(driver, By.CSS_SELECTOR, f'[data-class="{studio}"]')
        when = text_of(driver, By.CSS_SELECTOR, ".class-when")
        assert "7:00" in when and "Seoul" in when and day.strftime("%B") in when, when
        policy = text_of(driver, By.ID, "class-refund-policy")
        deadline_day = day - timedelta(days=1)
        assert "refunded in full" in policy and f"{deadline_day.strftime('%b')} {deadline_day.day}" in policy, policy
        click_on(driver, By.ID, "class-book")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "checkout-form")))
        checkout = text_of(driver, By.ID, "checkout")
        assert "Gangnam studio" in checkout and "Seoul" in checkout and "refunded in full" in checkout, checkout
        driver.save_screenshot(os.path.join(OUT, "classes-checkout-policy-en-390x844.png"))
        click_on(driver, By.ID, "checkout-pay")
        confirmation = wait(driver).until(EC.visibility_of_element_located((By.ID, "checkout-add-to-calendar")))
        confirmed = text_of(driver, By.ID, "checkout-confirmation")
        assert "Dawn kettlebells" in confirmed and "Gangnam studio" in confirmed and "7:00" in confirmed and "Seoul" in confirmed, confirmed
        driver.save_screenshot(os.path.join(OUT, "classes-confirmation-en-390x844.png"))
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
        confirmation.click()
        wait(driver).until(lambda d: "yaruki-class.ics" in os.listdir(tmp_path))
        event = open(os.path.join(tmp_path, "yaruki-class.ics"), encoding="utf-8").read()
        assert "SUMMARY:Dawn kettlebells" in event and "LOCATION:Gangnam studio" in event, event
        assert "null" not in text_of(driver, By.TAG_NAME, "main")
    finally:
        driver.quit()


def test_a_declined_card_books_nothing(server):
    coach = coach_token(server, "coach-decline@example.com")
    class_id = publish(server, coach, "Morning mobility", capacity=3)
    driver = make_browser(390, 844, language="ko-KR")
    try:
        sign_up_ko = "classes-bo@example.com"
        driver.get(server + "/#/signup")
        ready(driver)
        wait(driver).until(EC.visibility_of_element_located((By.NAME, "displayName")))
        for name, value in (("displayName", "Bo"), ("email", sign_up_ko), ("password", "correct horse battery")):
            type_in(driver, By.NAME, name, value, clear=False)
        click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
        wait(driver).until(lambda d: "#/signup" not in d.current_url)
        open_checkout(driver, server, class_id)
        assert "₩20,000" in text_of(driver, By.ID, "checkout-amount")
        click_on(driver, By.CSS_SELECTOR, 'input[name=card][value=decline]')
        click_on(driver, By.ID, "checkout-pay")
        outcome = wait(driver).until(EC.visibility_of_element_located((By.ID, "checkout-outcome")))
        assert outcome.get_attribute("data-state") == "failed"
        assert "카드가 거절됐어요" in outcome.text
        driver.save_screenshot(os.path.join(OUT, "classes-declined-ko-390x844.png"))
        assert api_call(server, "GET", f"/v1/classes/{class_id}", coach)["item"]["seatsLeft"] == 3
    finally:
        driver.quit()


def test_a_class_that_fills_up_while_paying_is_refunded_with_the_reason(server):
    coach = coach_token(server, "coach-full@example.com")
    class_id = publish(server, coach, "Last seat", capacity=1)
    driver = make_browser(390, 844)
    try:
        sign_up(driver, server, "classes-cy@example.com", name="Cy")
        open_checkout(driver, server, class_id)
        # Someone else takes the only seat while Cy is on the checkout page.
        other = api_sign_up(server, "classes-dee@example.com", "Dee")
        order = api_call(server, "POST", f"/v1/classes/{class_id}/orders", other)
        api_call(server, "POST", f"/v1/payments/sandbox/{order['paymentId']}", other, {"amount": order["amount"], "currency": order["currency"],
                                                                                   "card": "approve"})
        assert api_call(server, "POST", f"/v1/orders/{order['id']}/confirm", other)["state"] == "paid"
        click_on(driver, By.ID, "checkout-pay")
        outcome = wait(driver).until(EC.visibility_of_element_located((By.ID, "checkout-outcome")))
        assert outcome.get_attribute("data-state") in ("refunded", "refunding")
        assert "last seat" in outcome.text
        driver.save_screenshot(os.path.join(OUT, "classes-refunded-en-390x844.png"))
        # Told in the notifications too.
        driver.get(server + "/#/notifications")
        wait(driver).until(lambda d: any("Last seat" in n.text for n in d.find_elements(By.CSS_SELECTOR, '[data-kind="refund"]')))
        assert api_call(server, "GET", f"/v1/classes/{class_id}", coach)["item"]["seatsLeft"] == 0
    finally:
        driver.quit()


@pytest.mark.parametrize("language,email,password", [("ja-JP", "mina@yaruki.example", "yaruki-demo-mina"),
                                                      ("ko-KR", "jiwoo@yaruki.example", "yaruki-demo-jiwoo"),
                                                      ("en-US", "ren@yaruki.example", "yaruki-demo-ren")])
def test_the_demo_classes_as_members_see_them(demo, language, email, password):
    """The demo coach's month: full mornings, seats left, the member's own bookings; nothing spills sideways on a phone."""
    for width, height in ((390, 844), (1440, 900)):
        driver = make_browser(width, height, language=language)
        try:
            sign_in(driver, demo, email, password)
            driver.get(demo + "/#/classes")
            wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".class-card")) >= 3)
            assert driver.find_elements(By.CSS_SELECTOR, '.class-card[data-seats="full"]'), "the demo's first mornings are full"
            assert driver.find_elements(By.CSS_SELECTOR, ".class-card .badge.ok"), "the member's own seats are marked"
            assert not driver.find_elements(By.ID, "classes-tab-teaching"), "members teach nothing"
            assert all(card.find_elements(By.CSS_SELECTOR, ".class-date") for card in driver.find_elements(By.CSS_SELECTOR, ".class-card"))
            assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
            os.makedirs(OUT, exist_ok=True)
            driver.save_screenshot(os.path.join(OUT, f"classes-{language[:2]}-{width}x{height}.png"))
            click_on(driver, By.CSS_SELECTOR, '[data-tab="mine"]')
            wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".order-state"))
            assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
            driver.save_screenshot(os.path.join(OUT, f"classes-mine-{language[:2]}-{width}x{height}.png"))
            click_on(driver, By.CSS_SELECTOR, ".class-card")
            wait(driver).until(EC.visibility_of_element_located((By.ID, "class-booking")))
            assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
            driver.save_screenshot(os.path.join(OUT, f"class-detail-{language[:2]}-{width}x{height}.png"))
        finally:
            driver.quit()


def test_the_demo_coach_sees_the_roster_and_revenue(demo):
    for width, height in ((390, 844), (1440, 900)):
        driver = make_browser(width, height, language="ko-KR")
        try:
            sign_in(driver, demo, "coach@yaruki.example", "yaruki-demo-coach")
            # Classes I teach: each with its seats taken and what it took, agreeing with the server.
            driver.get(demo + "/#/classes?tab=teaching")
            wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#classes-teaching [data-taught]"))
            token = api_login(demo, "coach@yaruki.example", password="yaruki-demo-coach")["accessToken"]
            taught = api_call(demo, "GET", "/v1/me/teaching", token)["items"]
            shown = driver.find_elements(By.CSS_SELECTOR, "#classes-teaching [data-taught]")
            assert len(shown) == len(taught) > 0
            full = next(x for x in taught if x["revenue"]["net"] == 60000 and x["item"]["seatsLeft"] == 0)
            line = driver.find_element(By.CSS_SELECTOR, f'[data-taught="{full["item"]["id"]}"]').text
            assert "₩60,000" in line and f'{full["item"]["capacity"]}/{full["item"]["capacity"]}' in line, line
            assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
            driver.save_screenshot(os.path.join(OUT, f"classes-teaching-ko-{width}x{height}.png"))
            click_on(driver, By.CSS_SELECTOR, f'.class-card[data-class="{full["item"]["id"]}"]')
            roster = wait(driver).until(EC.visibility_of_element_located((By.ID, "class-roster")))
            assert len(roster.find_elements(By.CSS_SELECTOR, 'li[data-state="paid"]')) == 4
            assert roster.find_elements(By.CSS_SELECTOR, 'li[data-state="refunded"]'), "the late buyer's refund"
            assert "₩60,000" in text_of(driver, By.ID, "class-revenue")
            assert is_shown(driver, By.ID, "class-renew")
            assert is_shown(driver, By.ID, "class-cancel") and not_red(driver) == [], "Cancel class (which refunds everyone) shows red"
            assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
            driver.save_screenshot(os.path.join(OUT, f"class-coach-ko-{width}x{height}.png"))
            driver.get(demo + "/#/class-editor")
            wait(driver).until(EC.visibility_of_element_located((By.ID, "class-form")))
            click_on(driver, By.CSS_SELECTOR, '[data-kind="series"]')
            assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width
            driver.save_screenshot(os.path.join(OUT, f"class-editor-ko-{width}x{height}.png"))
        finally:
            driver.quit()
