"""Sign-up, silent sign-in on reload, devices and sign-out in a real Chromium against the real server."""
import json
import os
import urllib.request
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select

from conftest import attribute_of, click_on, first, make_browser, press, ready, text_of, type_in, wait

OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "bench", "out", "screens")


def click(driver, element):
    """A click on an element a test holds (found by a wait just before); prefer `click_on`."""
    press(driver, element)


def fill(driver, name, value):
    type_in(driver, By.NAME, name, value)


def sign_up(driver, server, email, name="Ana", password="correct horse battery"):
    driver.get(server + "/#/signup")
    ready(driver)
    wait(driver).until(EC.visibility_of_element_located((By.NAME, "displayName")))
    fill(driver, "displayName", name)
    fill(driver, "email", email)
    fill(driver, "password", password)
    click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
    wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), f"Hello, {name}"))


def api_login(server, email, password="correct horse battery", device="Other phone"):
    body = json.dumps({"email": email, "password": password, "device": device}).encode()
    request = urllib.request.Request(server + "/v1/auth/login", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def api_call(server, method, path, token, body=None):
    """JSON over HTTP as the given person, for setting the scene around a browser."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server + path, data=data, method=method,
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response) if response.status != 204 else None


def api_sign_up(server, email, name):
    """A second person, made over HTTP; returns their access token."""
    body = json.dumps({"email": email, "password": "correct horse battery", "displayName": name, "timeZone": "UTC"}).encode()
    request = urllib.request.Request(server + "/v1/auth/signup", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["accessToken"]


def test_sign_up_then_reload_stays_signed_in(server, phone):
    email = f"ana-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(phone, server, email)
    assert text_of(phone, By.ID, "account-chip") == "Ana"
    # The refresh token is an HttpOnly cookie: the page's scripts cannot read it.
    assert "yaruki_refresh" not in phone.execute_script("return document.cookie")
    # WebDriver lists only the page path's cookies; the DevTools protocol lists every one.
    cookies = phone.execute_cdp_cmd("Network.getAllCookies", {})["cookies"]
    cookie = next(c for c in cookies if c["name"] == "yaruki_refresh")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/v1/auth"
    phone.refresh()
    ready(phone)
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "Hello, Ana"))
    assert phone.execute_script("return window.yaruki.session.signedIn") is True


def test_devices_can_be_signed_out_and_sign_out_sticks(server, phone):
    email = f"ben-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(phone, server, email, name="Ben")
    api_login(server, email)  # a second device
    phone.get(server + "/#/account")
    ready(phone)
    wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.row")) == 2)
    rows = phone.find_elements(By.CSS_SELECTOR, "li.row")
    assert any("This device" in row.text for row in rows)
    assert any("Other phone" in row.text for row in rows)
    click_on(phone, By.XPATH, "//button[text()='Sign out other devices']")
    wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.row")) == 1)
    os.makedirs(OUT, exist_ok=True)
    phone.save_screenshot(os.path.join(OUT, "account-390x844-dark.png"))
    click_on(phone, By.XPATH, "//button[text()='Sign out']")
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "Welcome back"))
    phone.refresh()
    ready(phone)
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "account-chip"), "Sign in"))
    assert phone.execute_script("return window.yaruki.session.signedIn") is False


def test_problems_show_in_place_with_fields_marked(server, phone):
    phone.get(server + "/#/signup")
    ready(phone)
    wait(phone).until(EC.visibility_of_element_located((By.NAME, "email")))
    fill(phone, "displayName", "Cy")
    fill(phone, "email", "not-an-email")
    fill(phone, "password", "short")
    click_on(phone, By.CSS_SELECTOR, "form button[type=submit]")
    problem = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    # Fields by the names the form shows them with, never the API's.
    assert "Email: must be an email address" in problem.text and "Password: must have at least 8" in problem.text
    # Checked in the page: nothing was sent.
    assert not phone.execute_script("return performance.getEntriesByType('resource').some((e) => e.name.includes('/v1/auth/signup'))")
    assert attribute_of(phone, By.NAME, "email", "aria-invalid") == "true"
    assert attribute_of(phone, By.NAME, "password", "aria-invalid") == "true"
    assert attribute_of(phone, By.NAME, "displayName", "aria-invalid") is None

    phone.get(server + "/#/signin")
    ready(phone)
    wait(phone).until(EC.visibility_of_element_located((By.NAME, "email")))
    fill(phone, "email", "nobody@example.com")
    fill(phone, "password", "wrong password")
    click_on(phone, By.CSS_SELECTOR, "form button[type=submit]")
    problem = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    assert "not right" in problem.text


def test_a_page_that_needs_an_account_comes_back_after_sign_in(server, phone):
    email = f"dee-{uuid.uuid4().hex[:8]}@example.com"
    body = json.dumps({"email": email, "password": "correct horse battery", "displayName": "Dee"}).encode()
    urllib.request.urlopen(urllib.request.Request(server + "/v1/auth/signup", data=body, headers={"Content-Type": "application/json"}))
    phone.get(server + "/#/account")
    ready(phone)
    wait(phone).until(EC.url_contains("#/signin?next="))
    wait(phone).until(EC.visibility_of_element_located((By.NAME, "email")))
    fill(phone, "email", email)
    fill(phone, "password", "correct horse battery")
    click_on(phone, By.CSS_SELECTOR, "form button[type=submit]")
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "Account"))


def test_sign_in_speaks_japanese_and_korean(server):
    for language, title, button in (("ja-JP", "おかえりなさい", "ログイン"), ("ko-KR", "다시 오신 걸 환영해요", "로그인")):
        driver = make_browser(390, 844, language=language)
        try:
            driver.get(server + "/#/signin")
            ready(driver)
            wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), title))
            assert text_of(driver, By.CSS_SELECTOR, "form button[type=submit]") == button
            # An empty form is checked in the page and named in the language, field by field.
            click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
            problem = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
            expected = {"ja-JP": "メールアドレスを入力してください", "ko-KR": "이메일"}[language]
            assert expected in problem.text and "email" not in problem.text, problem.text
        finally:
            driver.quit()


def test_account_screenshots_for_review(server):
    os.makedirs(OUT, exist_ok=True)
    email = f"eve-{uuid.uuid4().hex[:8]}@example.com"
    for width, height in ((390, 844), (1440, 900)):
        for scheme in ("dark", "light"):
            driver = make_browser(width, height, scheme)
            try:
                driver.get(server + "/#/signin")
                ready(driver)
                wait(driver).until(EC.visibility_of_element_located((By.NAME, "email")))
                driver.save_screenshot(os.path.join(OUT, f"signin-{width}x{height}-{scheme}.png"))
                if width == 1440 and scheme == "dark":
                    sign_up(driver, server, email, name="Eve")
                    driver.get(server + "/#/account")
                    wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.row")) == 1)
                    driver.save_screenshot(os.path.join(OUT, f"account-{width}x{height}-{scheme}.png"))
            finally:
                driver.quit()


def test_my_data_downloads_as_a_zip_with_progress(server, tmp_path):
    """Account → Download my data: a bar while the zip arrives, then the browser saves it; the
    zip holds the account and what the person wrote."""
    import zipfile
    driver = make_browser(390, 844, language="ja-JP")
    try:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
        email = f"export-{uuid.uuid4().hex[:8]}@example.com"
        token = json.load(urllib.request.urlopen(urllib.request.Request(server + "/v1/auth/signup", data=json.dumps(
            {"email": email, "password": "correct horse battery", "displayName": "Emi", "timeZone": "Asia/Tokyo", "locale": "ja"}).encode(),
            headers={"Content-Type": "application/json"})))["accessToken"]
        api_call(server, "PUT", f"/v1/lifelog/records/{uuid.uuid4()}", token,
                 {"kind": "memo", "occurredAt": "2026-11-29T08:00:00+09:00", "text": "朝のコーヒー"})
        driver.get(server + "/#/signin")
        ready(driver)
        wait(driver).until(EC.visibility_of_element_located((By.NAME, "email")))
        fill(driver, "email", email)
        fill(driver, "password", "correct horse battery")
        click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
        wait(driver).until(lambda d: d.execute_script("return window.yaruki.session.user !== null"))
        driver.get(server + "/#/account")
        assert text_of(driver, By.ID, "export-button") == "データをダウンロード"
        click_on(driver, By.ID, "export-button")
        wait(driver, 30).until(lambda d: ".zip" in d.find_element(By.ID, "export-status").text)
        assert attribute_of(driver, By.ID, "export-progress", "value") == "100"
        assert driver.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        driver.execute_script("document.getElementById('export-title').scrollIntoView({block: 'start'})")
        os.makedirs(OUT, exist_ok=True)
        driver.save_screenshot(os.path.join(OUT, "account-export-390x844-ja.png"))
        path = wait(driver, 30).until(lambda d: first(os.path.join(tmp_path, name) for name in os.listdir(tmp_path) if name.endswith(".zip")))
        with zipfile.ZipFile(path) as archive:
            assert archive.testzip() is None
            names = archive.namelist()
            assert names[0] == "yaruki-export/export.json"
            account = json.loads(archive.read("yaruki-export/account/account.json"))
            assert account["email"] == email
            records = json.loads(archive.read("yaruki-export/lifelog/records.json"))
            assert [r["text"] for r in records] == ["朝のコーヒー"]
    finally:
        driver.quit()


def test_the_page_runs_under_a_strict_content_security_policy(server, phone):
    """An inline script or style that found its way in does nothing, and says so in the console."""
    phone.get(server + "/#/home")
    ready(phone)
    phone.execute_script("""
        const script = document.createElement('script'); script.textContent = 'window.__inline = 1'; document.body.append(script);
        const box = document.createElement('div'); box.id = 'inline-style'; box.setAttribute('style', 'color: rgb(255, 0, 0)');
        document.body.append(box);""")
    assert phone.execute_script("return window.__inline") is None
    assert phone.execute_script("return getComputedStyle(document.getElementById('inline-style')).color") != "rgb(255, 0, 0)"
    refused = [e["message"] for e in phone.get_log("browser") if "Content Security Policy" in e["message"]]
    assert len(refused) >= 2, refused


def test_the_accounts_language_and_time_zone_are_chosen_on_the_account_page_and_honoured(server):
    """Mina's account says Japanese: an English browser shows her the app in Japanese once she
    signs in; she switches to Korean and to Seoul time on the Account page, and the account keeps both."""
    email = "language-mina@example.com"
    body = json.dumps({"email": email, "password": "correct horse battery", "displayName": "Mina", "timeZone": "Asia/Tokyo", "locale": "ja"}).encode()
    urllib.request.urlopen(urllib.request.Request(server + "/v1/auth/signup", data=body, headers={"Content-Type": "application/json"}))
    driver = make_browser(390, 844, language="en-US")
    try:
        driver.get(server + "/#/signin")
        ready(driver)
        fill(driver, "email", email)
        fill(driver, "password", "correct horse battery")
        click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
        wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja")
        driver.get(server + "/#/account")
        ready(driver)
        language = wait(driver).until(EC.visibility_of_element_located((By.ID, "f-locale")))
        Select(language).select_by_value("ko")
        Select(driver.find_element(By.ID, "f-timeZone")).select_by_value("Asia/Seoul")
        click_on(driver, By.XPATH, "//*[@id='f-locale']/ancestor::form//button[@type='submit']")
        wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko")
        me = api_call(server, "GET", "/v1/me", api_login(server, email)["accessToken"])
        assert me["locale"].startswith("ko") and me["timeZone"] == "Asia/Seoul"
        driver.refresh()
        ready(driver)
        wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko")
        # One language setting: the top bar's English shows in the form, and saving the profile
        # (a new name) keeps English instead of switching back to Korean.
        Select(wait(driver).until(EC.visibility_of_element_located((By.ID, "language")))).select_by_value("en")
        wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en")
        wait(driver).until(lambda d: Select(d.find_element(By.ID, "f-locale")).first_selected_option.get_attribute("value") == "en")
        fill(driver, "displayName", "Mina K")
        click_on(driver, By.XPATH, "//*[@id='f-locale']/ancestor::form//button[@type='submit']")
        wait(driver).until(lambda d: api_call(server, "GET", "/v1/me", api_login(server, email)["accessToken"])["displayName"] == "Mina K")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
        assert api_call(server, "GET", "/v1/me", api_login(server, email)["accessToken"])["locale"].startswith("en")
    finally:
        driver.quit()
