"""The timer page driven with the keyboard in a real Chromium: training → rest → rest ends → next set."""
import json
import os
import time
import urllib.request
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import attribute_of, click_on, text_of, type_in, wait

from test_account import OUT, ready, sign_up



def text(driver, element_id):
    return text_of(driver, By.ID, element_id)


def test_keyboard_drives_a_set_and_the_set_is_saved(server, phone):
    email = f"timer-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(phone, server, email, name="Tia")
    phone.get(server + "/#/timer")
    ready(phone)
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Start rest"))
    body = phone.find_element(By.TAG_NAME, "body")
    for _ in range(4):
        body.send_keys(Keys.ARROW_UP)
    body.send_keys(Keys.ARROW_DOWN)
    assert text(phone, "timer-figure") == "3"
    click_on(phone, By.CSS_SELECTOR, "[data-preset='30']")
    assert attribute_of(phone, By.CSS_SELECTOR, "[data-preset='30']", "aria-pressed") == "true"

    body.send_keys(Keys.SPACE)  # training → rest
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Next set"))
    assert int(text(phone, "timer-figure")) in (29, 30)
    click_on(phone, By.ID, "timer-less")  # the shortest rest there is: 15 s
    wait(phone).until(lambda d: int(d.find_element(By.ID, "timer-figure").text) <= 15)
    os.makedirs(OUT, exist_ok=True)
    phone.save_screenshot(os.path.join(OUT, "timer-rest-390x844-dark.png"))
    started = time.monotonic()
    wait(phone, 25).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-rest-finished") == "1")
    assert time.monotonic() - started > 8, "the rest ran its course, it was not cut short"
    assert text(phone, "timer-figure") == "0"
    assert "Rest is over" in text(phone, "timer-caption")
    time.sleep(1.2)  # nothing moves on by itself, and the end is reported once
    assert text(phone, "timer-main") == "Next set"
    assert attribute_of(phone, By.TAG_NAME, "body", "data-rest-finished") == "1"

    body.send_keys(Keys.SPACE)  # rest → training
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Start rest"))
    assert text(phone, "timer-figure") == "0"
    sets = phone.find_elements(By.CSS_SELECTOR, "#timer-sets li")
    assert [s.text for s in sets] == ["Set 1: 3 reps, 30 s rest"]
    body.send_keys("r")
    assert text(phone, "timer-figure") == "0"
    phone.save_screenshot(os.path.join(OUT, "timer-training-390x844-dark.png"))

    click_on(phone, By.ID, "timer-save")
    wait(phone).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-view") == "training")
    wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, "article.workout")))
    # And it is really stored: read it back over the API.
    login = json.dumps({"email": email, "password": "correct horse battery"}).encode()
    with urllib.request.urlopen(urllib.request.Request(server + "/v1/auth/login", data=login,
                                                       headers={"Content-Type": "application/json"})) as r:
        token = json.load(r)["accessToken"]
    with urllib.request.urlopen(urllib.request.Request(server + "/v1/workouts", headers={"Authorization": f"Bearer {token}"})) as r:
        items = json.load(r)["items"]
    assert len(items) == 1
    assert items[0]["exercises"][0]["sets"] == [{"reps": 3, "restSeconds": 30}]


def test_the_timer_speaks_japanese(server):
    from conftest import make_browser
    driver = make_browser(390, 844, language="ja-JP")
    try:
        driver.get(server + "/#/timer")
        ready(driver)
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "休憩スタート"))
        type_in(driver, By.TAG_NAME, "body", Keys.SPACE, clear=False)
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "次のセット"))
    finally:
        driver.quit()


def test_the_catalog_is_revalidated_not_fetched_again(server, phone):
    """The exercise catalog carries an ETag: after a reload the app's request for it is answered
    304 and the browser uses the copy it holds, so only headers cross the network."""
    sign_up(phone, server, f"catalog-{uuid.uuid4().hex[:8]}@example.com", name="Cat")
    phone.get(server + "/#/timer")
    ready(phone)
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Start rest"))
    sizes = "return performance.getEntriesByType('resource').filter(e => e.name.endsWith('/v1/exercises'))" \
            ".map(e => [e.transferSize, e.encodedBodySize])"
    first = wait(phone).until(lambda d: d.execute_script(sizes))
    transferred, body = first[-1]
    assert body > 2000 and transferred > body, first
    phone.refresh()
    ready(phone)
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Start rest"))
    again = wait(phone).until(lambda d: d.execute_script(sizes))
    transferred, body = again[-1]
    assert body > 2000 and 0 < transferred < 1000, f"revalidated: headers only, the body from the cache ({again})"
