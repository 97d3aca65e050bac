"""Yaruki as an installed app: Chromium finds nothing that keeps it from offering to install the
demo, the manifest it reads is in the page's language with the timer, proof and lifelog
shortcuts, every icon is a PNG of the size the manifest says, and the service worker keeps them
for offline starts."""
import json
import os
import struct
import urllib.request

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import demo_copy, make_browser, ready, serve, wait
from test_account import OUT


@pytest.fixture(scope="module")
def demo():
    data = demo_copy("yaruki-browser-install-")
    yield from serve(data)


def png_size(url):
    """(width, height) of a PNG, from its header (IHDR); fails on anything else."""
    with urllib.request.urlopen(url, timeout=10) as reply:
        assert reply.headers["Content-Type"] == "image/png", url
        head = reply.read()
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", url
    return struct.unpack(">II", head[16:24])


def installability(driver):
    """The page's manifest as Chromium read it, once the service worker controls the page, and
    what Chromium says keeps it from being installed."""
    driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
    errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    return errors, manifest


def manifest_read(driver, ending):
    """Waits for Chromium to read the manifest the page points at. Chromium reads a changed link
    again on its own, but with both cores busy it may not within half a minute: the page is then
    opened again (as a person would find it next time), at most twice."""
    for attempt in range(3):
        try:
            wait(driver, 20).until(lambda d: installability(d)[1]["url"].endswith(ending))
            return
        except TimeoutException:
            if attempt == 2:
                raise
            driver.refresh()
            ready(driver)
            wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "link[rel=manifest]").get_attribute("href").endswith(ending))


def test_the_demo_installs_in_the_persons_language_with_its_shortcuts(demo):
    driver = make_browser(390, 844, language="ja-JP")
    try:
        driver.get(demo + "/#/home")
        ready(driver)
        # The page points at the Japanese manifest once the app knows the language; Chromium reads
        # the new one a moment later (on a busy machine, after the service worker is ready).
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "link[rel=manifest]").get_attribute("href").endswith(".ja.webmanifest"))
        manifest_read(driver, "/manifest.ja.webmanifest")
        errors, manifest = installability(driver)
        assert errors == [], errors
        assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.ja.webmanifest"), manifest["url"]
        data = json.loads(manifest["data"])
        assert data["name"] == "Yaruki" and data["display"] == "standalone" and data["start_url"] == "/#/home"
        assert [s["name"] for s in data["shortcuts"]] == ["タイマー", "証明動画を撮る", "ライフログ"]

        # The person picks Korean: the page points at the Korean manifest, which installs as well.
        Select(driver.find_element(By.ID, "language")).select_by_value("ko")
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "link[rel=manifest]").get_attribute("href").endswith(".ko.webmanifest"))
        manifest_read(driver, "/manifest.ko.webmanifest")
        errors, manifest = installability(driver)
        assert errors == [] and manifest["url"].endswith("/manifest.ko.webmanifest")
        assert [s["name"] for s in json.loads(manifest["data"])["shortcuts"]] == ["타이머", "인증 영상 촬영", "라이프로그"]

        # Each icon is what the manifest says it is, and the page's touch icon and both theme colours are there.
        icons = data["icons"] + [icon for s in data["shortcuts"] for icon in s["icons"]]
        for icon in (i for i in icons if i["type"] == "image/png"):
            width, height = (int(n) for n in icon["sizes"].split("x"))
            assert png_size(demo + icon["src"]) == (width, height), icon["src"]
        touch = driver.find_element(By.CSS_SELECTOR, "link[rel=apple-touch-icon]").get_attribute("href")
        assert png_size(touch) == (180, 180)
        colours = {m.get_attribute("media"): m.get_attribute("content") for m in driver.find_elements(By.CSS_SELECTOR, "meta[name=theme-color]")}
        assert colours == {"(prefers-color-scheme: dark)": "#1C1C1E", "(prefers-color-scheme: light)": "#FFFFFF"}

        # Started offline from the home screen, the manifest and icons come from the service worker's cache.
        kept = driver.execute_async_script("""
            const done = arguments[0];
            Promise.all(["/manifest.ko.webmanifest", "/icons/maskable-512.png", "/icons/shortcut-record.png"].map((path) => caches.match(path)))
              .then((hits) => done(hits.map((hit) => Boolean(hit && hit.ok))));""")
        assert kept == [True, True, True]

        # What an install prompt and a home screen show: the manifest's icons as it gives them, the
        # maskable one cut to a circle as Android does, the shortcuts' beside them (a screenshot).
        driver.execute_script("""
            const [icons, shortcuts] = arguments;
            const sheet = document.createElement("main");
            sheet.id = "icon-sheet";
            for (const icon of [...icons, ...shortcuts]) {
              const img = document.createElement("img");
              img.src = icon.src; img.width = 96; img.height = 96; img.alt = icon.src;
              if ((icon.purpose || "").includes("maskable")) img.style.borderRadius = "50%";
              img.style.margin = "12px";
              sheet.append(img);
            }
            document.body.replaceChildren(sheet);""", data["icons"], [icon for s in data["shortcuts"] for icon in s["icons"]])
        wait(driver).until(lambda d: d.execute_script("return [...document.images].every((i) => i.complete && i.naturalWidth > 0)"))
        os.makedirs(OUT, exist_ok=True)
        driver.save_screenshot(os.path.join(OUT, "install-icons-390x844-ko.png"))
    finally:
        driver.quit()
