import atexit
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from datetime import datetime, timedelta, timezone

import pytest
from selenium import webdriver
from selenium.common.exceptions import (ElementClickInterceptedException, ElementNotInteractableException, NoSuchElementException,
                                        StaleElementReferenceException)
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("YARUKI_BINARY", os.path.join(ROOT, ".build", "debug", "yaruki"))
# The running server's data folder, for tests that need the operator's CLI (an admin account).
SERVER = {}


def days_ago(days, clock="08:00:00"):
    """An instant `days` days before today (UTC), for workouts the training page and the default
    list must show: they show the last 30 days, so a fixed date would drop out of them."""
    return (datetime.now(timezone.utc) - timedelta(days=days)).strftime(f"%Y-%m-%dT{clock}Z")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(data, extra=()):
    """The real yaruki binary on a free port over `data`, serving web/ and routing on the Helsinki
    extract (and `extra` options); yields its URL and stops it afterwards."""
    assert os.access(BINARY, os.X_OK), f"build first: {BINARY} is missing"
    port = free_port()
    process = subprocess.Popen([BINARY, "serve", "--port", str(port), "--data-dir", data, "--web-dir", os.path.join(ROOT, "web"),
                                "--map", os.path.join(ROOT, "vendor", "osm", "helsinki.osm.pbf"), "--access-log", "off",
                                # Every test signs up from this one address; the limit has its own test.
                                "--signups-per-hour", "100000", "--public-url", f"http://127.0.0.1:{port}",
                                # Seats are bought through the sandbox, as in the demo, unless a test chooses.
                                *([] if "--payments" in extra else ["--payments", "sandbox"]), *extra],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.05)
    else:
        process.kill()
        raise RuntimeError("yaruki did not start: " + process.stderr.read().decode())
    yield url
    process.terminate()
    process.wait(timeout=15)
    shutil.rmtree(data, ignore_errors=True)


DEMO = {}


def demo_copy(prefix):
    """A data folder holding the demo as `yaruki demo` seeds it (what `make run` shows). The demo
    is seeded once per worker and copied for each module that serves it: seeding draws photos and
    videos with ffmpeg, and six modules seeding their own took a minute of both cores."""
    if "template" not in DEMO:
        template = tempfile.mkdtemp(prefix="yaruki-browser-demo-template-")
        subprocess.run([BINARY, "demo", "--data-dir", template], check=True, capture_output=True, timeout=600)
        atexit.register(shutil.rmtree, template, True)
        DEMO["template"] = template
    data = tempfile.mkdtemp(prefix=prefix)
    shutil.copytree(DEMO["template"], data, dirs_exist_ok=True)
    return data


@pytest.fixture(scope="session")
def server():
    """A fresh data folder, shared by the browser tests."""
    data = tempfile.mkdtemp(prefix="yaruki-browser-")
    SERVER["data"] = data
    yield from serve(data)


def make_browser(width, height, scheme="dark", language="en-US", extra_args=()):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}", f"--lang={language}", "--force-device-scale-factor=1", *extra_args):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # The app runs under a strict Content-Security-Policy: anything it refuses (an inline style,
    # a script from elsewhere) is a bug the console reports, and fails the test when the browser closes.
    close = driver.quit

    def quit_after_checking_the_policy():
        try:
            refused = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
        finally:
            close()
        assert not refused, refused

    driver.quit = quit_after_checking_the_policy
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    # New headless Chromium keeps windows at least ~500 px wide; the viewport is set exactly here.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 768})
    return driver


@pytest.fixture
def phone():
    driver = make_browser(390, 844)
    yield driver
    driver.quit()


# What a page drawing anew does to a test that looks at it: an element not drawn yet, one drawn
# over again since it was found (a stale handle), one not yet ready for a click or keys. Every
# interaction below finds its element and acts on it inside one wait that tries again on these,
# so no test depends on the page drawing quickly; a test may wait long (the ceilings are generous).
REDRAWN = (NoSuchElementException, StaleElementReferenceException, ElementNotInteractableException, ElementClickInterceptedException)


def wait(driver, seconds=30):
    """Waits up to `seconds` (a generous ceiling, not a timing) for a condition, trying again when the
    page redraws under it."""
    return WebDriverWait(driver, seconds, ignored_exceptions=REDRAWN)


def first(items):
    """The first of `items`, or None: for conditions inside a wait (`next()` without a default
    raises StopIteration, which a wait does not try again)."""
    return next(iter(items), None)


def act(driver, locate, action, seconds=30):
    """Finds an element (`locate(driver)`, None while it is not there) and does `action(element)`
    to it, both inside one retried wait; returns what the action returned, wrapped so that a
    falsy answer (an empty text) is an answer."""
    def attempt(d):
        element = locate(d)
        if element is None:
            return False
        return (action(element),)
    return wait(driver, seconds).until(attempt)[0]


def locator(by, value, within=None):
    """How to find one element: by a locator in the page, or in what `within(driver)` finds."""
    if within is None:
        return lambda d: d.find_element(by, value)
    return lambda d: within(d).find_element(by, value)


def press(driver, element):
    """A click as a person's: scrolled to the middle first (the phone's tab bar is fixed over the
    bottom edge). After a scroll, chromedriver's idea of the window and the emulated phone viewport
    can disagree and a real click lands beside the element; then it is clicked in the page instead."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    driver.execute_script("window.__clicked = null; document.addEventListener('click', (e) => { window.__clicked = e.target; },"
                          " { capture: true, once: true })")
    if not element.is_enabled():
        raise ElementNotInteractableException("not enabled yet")
    element.click()
    try:
        hit = driver.execute_script("return window.__clicked")
        if hit is not None and not driver.execute_script("return arguments[0].contains(arguments[1])", element, hit):
            driver.execute_script("arguments[0].click()", element)
    except StaleElementReferenceException:
        pass  # the click took effect and the page drew anew


def click_on(driver, by, value, within=None, seconds=30):
    """Clicks the element `by`/`value` once it is there and enabled."""
    act(driver, locator(by, value, within), lambda e: press(driver, e), seconds)


def pick_exercise(driver, by, value, exercise_id, query=None):
    """Chooses `exercise_id` with the exercise picker `by`/`value` (a button that opens a sheet):
    searches for `query` (the id's words when left out) and taps the exercise in the list."""
    click_on(driver, by, value)
    type_in(driver, By.ID, "picker-search", query or exercise_id.replace("-", " "))
    click_on(driver, By.CSS_SELECTOR, f"dialog[open] .picker-item[data-exercise='{exercise_id}']")
    wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.picker-sheet[open]"))


def click_where(driver, by, value, condition, seconds=30):
    """Clicks the first element of `by`/`value` for which `condition(element)` holds."""
    act(driver, lambda d: first(e for e in d.find_elements(by, value) if condition(e)), lambda e: press(driver, e), seconds)


def type_in(driver, by, value, text, clear=True, within=None):
    """Types `text` into a field (emptied first unless `clear` is False)."""
    def keys(element):
        if clear:
            element.clear()
        element.send_keys(text)
    act(driver, locator(by, value, within), keys)


def text_of(driver, by, value, within=None):
    """The element's text, once it is there."""
    return act(driver, locator(by, value, within), lambda e: e.text)


def texts_of(driver, css):
    """The rendered text of every element `css` finds, read at once in the page (a list the page
    redraws every second cannot go stale between finding its items and reading them)."""
    return driver.execute_script("return [...document.querySelectorAll(arguments[0])].map((e) => e.innerText.trim())", css)


def attribute_of(driver, by, value, name, within=None):
    """One of the element's attributes (or DOM properties), once it is there."""
    return act(driver, locator(by, value, within), lambda e: e.get_attribute(name))


def is_shown(driver, by, value, within=None):
    """Whether the element is displayed, once it is there."""
    return act(driver, locator(by, value, within), lambda e: e.is_displayed())


def ready(driver):
    wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")


def click_and_confirm(driver, by, value, expect=None, answer=True):
    """Clicks a button that asks first (the page's confirm()) and answers yes (no when `answer` is
    False); returns the question. While it is open nothing else may run, so the click is the last
    thing done before the dialog is awaited; `expect`, when given, is a piece of its text."""
    from selenium.webdriver.support import expected_conditions as EC

    # Clicked in the page: a real click that the emulated phone places beside the element (see
    # `press`) could open another row's question, and nothing may be checked after it.
    act(driver, locator(by, value), lambda element: driver.execute_script("arguments[0].click()", element))
    wait(driver).until(EC.alert_is_present())
    question = driver.switch_to.alert.text
    if expect is not None:
        assert expect in question, question
    if answer:
        driver.switch_to.alert.accept()
    else:
        driver.switch_to.alert.dismiss()
    return question


def with_class(name):
    """An XPath test for an element whose class list holds `name` itself (contains() alone would
    also match "entry-head" for "entry")."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


def not_red(driver):
    """The destructive buttons shown on the page whose text is not the error colour (red): none should be."""
    return driver.execute_script("""
        const probe = document.createElement('span'); probe.style.color = 'var(--error)'; document.body.append(probe);
        const red = getComputedStyle(probe).color; probe.remove();
        return [...document.querySelectorAll('.danger-text')].filter((e) => e.offsetParent !== null && getComputedStyle(e).color !== red)
          .map((e) => `${e.textContent.trim()}: ${getComputedStyle(e).color} (red is ${red})`);""")


def overflowing(driver, root):
    """Up to five shown elements under `root` (a CSS selector) that reach past the window's edge."""
    return driver.execute_script("""
        return [...document.querySelectorAll(arguments[0] + ' *')].filter((e) => e.offsetParent !== null)
          .filter((e) => { const r = e.getBoundingClientRect(); return r.bottom > innerHeight + 1 || r.right > innerWidth + 1; })
          .map((e) => e.className || e.tagName).slice(0, 5);""", root)
