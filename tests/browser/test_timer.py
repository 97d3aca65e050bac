"""The timer page, a guest's (signed in, the timer is the session's quick start: test_session), driven
with the keyboard in a real Chromium: training → rest → rest ends → next set."""
import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import attribute_of, click_on, text_of, texts_of, type_in, wait

from test_account import OUT, ready



def text(driver, element_id):
    return text_of(driver, By.ID, element_id)


def seconds(clock):
    """The timer's figure ("1:00", "45") in seconds."""
    minutes, _, rest = clock.rpartition(":")
    return int(minutes or 0) * 60 + int(rest)


def test_keyboard_drives_a_set_and_saving_asks_a_guest_to_sign_in(server, phone):
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
    assert texts_of(phone, "#timer-sets li") == ["Set 1: 3 reps, 30 s rest"]
    body.send_keys("r")
    assert text(phone, "timer-figure") == "0"
    phone.save_screenshot(os.path.join(OUT, "timer-training-390x844-dark.png"))

    click_on(phone, By.ID, "timer-save")
    wait(phone).until(lambda d: "#/signin" in d.current_url)


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


def test_a_double_tap_counts_once_a_step_undoes_and_sound_starts_in_the_tap(server, phone):
    """The big button on a phone: two taps 100 ms apart record one set (the rest keeps running),
    Undo takes back an early "Next set" (the same rest goes on) and then the set itself, and
    the page's audio is made inside the first tap, where phones allow it, not in a timer."""
    phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        const Real = window.AudioContext;
        window.audioMadeInGesture = [];
        window.AudioContext = class extends Real {
          constructor(...args) { super(...args); window.audioMadeInGesture.push(navigator.userActivation.isActive); }
        };"""})
    phone.get(server + "/#/timer")
    ready(phone)
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Start rest"))
    assert phone.execute_script("return window.audioMadeInGesture") == []
    for _ in range(6):
        click_on(phone, By.CSS_SELECTOR, "[aria-label='One rep more']")
    assert text(phone, "timer-figure") == "6"
    # A sweaty double tap: the second is 100 ms after the first, by the taps' own times (a busy
    # machine may deliver them further apart; the page judges by when they happened).
    x, y = phone.execute_script("const r = document.getElementById('timer-main').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]")
    first = time.time()
    for at in (first, first + 0.1):
        for kind in ("mousePressed", "mouseReleased"):
            phone.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1, "timestamp": at})
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Next set"))
    time.sleep(0.5)
    assert text(phone, "timer-main") == "Next set", "the second tap did not end the rest"
    assert texts_of(phone, "#timer-sets li") == ["Set 1: 6 reps, 60 s rest"]
    assert phone.execute_script("return window.audioMadeInGesture") == [True], "sound is unlocked by the tap itself"
    resting = seconds(text(phone, "timer-figure"))
    assert 55 <= resting <= 60

    # Next set by mistake: Undo brings the same rest back, still counting down from where it was.
    time.sleep(0.5)
    click_on(phone, By.ID, "timer-main")
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Start rest"))
    click_on(phone, By.ID, "timer-undo")
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Next set"))
    assert resting - 3 <= seconds(text(phone, "timer-figure")) <= resting
    assert attribute_of(phone, By.ID, "timer-undo", "hidden") is not None, "one step back at a time"

    # Undo the set itself: back to training with its six reps and no set recorded.
    time.sleep(0.5)
    click_on(phone, By.ID, "timer-main")  # rest → training
    time.sleep(0.5)
    click_on(phone, By.ID, "timer-main")  # training → rest: a second set of 0
    wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#timer-sets li")) == 2)
    click_on(phone, By.ID, "timer-undo")
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "timer-main"), "Start rest"))
    assert len(phone.find_elements(By.CSS_SELECTOR, "#timer-sets li")) == 1
    assert "Undone" in phone.find_element(By.ID, "timer-announce").get_attribute("textContent")
