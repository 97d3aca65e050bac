import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("YARUKI_BINARY", os.path.join(ROOT, ".build", "debug", "yaruki"))
# The running server's data folder, for tests that need the operator's CLI (an admin account).
SERVER = {}


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


def wait(driver, seconds=20):
    """Waits up to `seconds` (a generous ceiling, not a timing) for a condition. An element the page
    draws anew while the condition looks at it (a stale handle) or has not drawn yet is tried again."""
    return WebDriverWait(driver, seconds, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))
