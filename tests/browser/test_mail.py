"""Links mailed to an address, opened in a real Chromium: confirming it, changing it, and a
forgotten password reset. Without --smtp-url the server writes each mail into its data folder's
mail/ as an .eml file; these tests read them there as a mail app would."""
import email
import email.policy
import glob
import json
import os
import re
import tempfile
import time
import urllib.error
import urllib.request
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import SERVER, click_on, first, make_browser, serve, text_of, type_in
from test_account import OUT, api_login, fill, ready, wait


def mails_to(address, timeout=15, data=None):
    """Every mail to `address` so far (waiting for at least one), oldest first; from the shared
    server's folder unless `data` names another."""
    end = time.time() + timeout
    while True:
        found = []
        for path in sorted(glob.glob(os.path.join(data or SERVER["data"], "mail", "*.eml"))):
            with open(path, "rb") as f:
                message = email.message_from_binary_file(f, policy=email.policy.default)
            if message["To"].strip("<>").lower() == address.lower():
                found.append(message)
        if found or time.time() > end:
            return found
        time.sleep(0.1)


def link_in(message, page):
    body = message.get_body(("plain",)).get_content()
    match = re.search(r"(http\S+/#/" + page + r"\?token=[A-Za-z0-9_-]+)", body)
    assert match, body
    return match.group(1)


def mail_linking(address, page, data=None, timeout=30):
    """The newest mail to `address` with a link to `page`, waiting for it: mails go out in the
    background, so an earlier one (the sign-up's confirmation) may be there before it."""
    end = time.time() + timeout
    while True:
        found = [m for m in mails_to(address, data=data, timeout=0) if f"/#/{page}?token=" in m.get_body(("plain",)).get_content()]
        if found:
            return found[-1]
        assert time.time() < end, f"no mail to {address} links to {page}"
        time.sleep(0.1)


def wait_for_mails(address, count):
    end = time.time() + 15
    while len(found := mails_to(address)) < count and time.time() < end:
        time.sleep(0.1)
    assert len(found) >= count, f"{address} has {len(found)} mails"
    return found


def refused_then_accepted(driver, form, name, wrong, right):
    """Sends the form (its id) with `wrong` in field `name` (its problem shows in the page), then with `right`."""
    within = lambda d: d.find_element(By.ID, form)  # noqa: E731
    type_in(driver, By.NAME, name, wrong, within=within)
    click_on(driver, By.CSS_SELECTOR, "button[type=submit]", within=within)
    wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    type_in(driver, By.NAME, name, right, within=within)
    click_on(driver, By.CSS_SELECTOR, "button[type=submit]", within=within)


def test_confirm_the_address_then_change_it_in_korean(server):
    driver = make_browser(390, 844, language="ko-KR")
    try:
        address = f"min-{uuid.uuid4().hex[:8]}@example.com"
        driver.get(server + "/#/signup")
        ready(driver)
        wait(driver).until(EC.visibility_of_element_located((By.NAME, "displayName")))
        fill(driver, "displayName", "민")
        fill(driver, "email", address)
        fill(driver, "password", "correct horse battery")
        click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
        wait(driver).until(EC.url_contains("#/home"))
        driver.get(server + "/#/account")
        ready(driver)
        status = wait(driver).until(EC.visibility_of_element_located((By.ID, "email-status")))
        assert "미확인" in status.text
        os.makedirs(OUT, exist_ok=True)
        driver.save_screenshot(os.path.join(OUT, "account-email-ko-390.png"))
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        # The mail is in Korean; its link confirms the address in the page.
        [mail] = mails_to(address)
        assert mail["Subject"] == "Yaruki 이메일 주소를 확인해 주세요"
        driver.get(link_in(mail, "confirm-email"))
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "confirm-status"), "확인이 끝났습니다"))
        driver.get(server + "/#/account")
        ready(driver)
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "email-status"), "확인됨"))
        # A new address: the password, a link to it, a word to the old one.
        click_on(driver, By.XPATH, "//*[@id='email-form']/ancestor::details/summary")
        new = address.replace("min-", "min.new-")
        type_in(driver, By.CSS_SELECTOR, "#email-form [name=email]", new)
        refused_then_accepted(driver, "email-form", "password", "wrong password here", "correct horse battery")
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "email-pending"), new))
        notice = wait_for_mails(address, 2)[-1]
        assert new in notice.get_body(("plain",)).get_content()
        driver.get(link_in(mails_to(new)[0], "confirm-email"))
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "confirm-status"), new))
        driver.get(server + "/#/account")
        ready(driver)
        wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".email-address"), new))
    finally:
        driver.quit()


def test_a_forgotten_password_is_reset_by_mail_in_japanese(server):
    driver = make_browser(390, 844, language="ja-JP")
    try:
        address = f"sora-{uuid.uuid4().hex[:8]}@example.com"
        body = json.dumps({"email": address, "password": "correct horse battery", "displayName": "そら", "locale": "ja"}).encode()
        urllib.request.urlopen(urllib.request.Request(server + "/v1/auth/signup", data=body, headers={"Content-Type": "application/json"}))
        other = api_login(server, address)  # another device, signed in
        driver.get(server + "/#/signin")
        ready(driver)
        click_on(driver, By.ID, "forgot-link")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "forgot-form")))
        driver.save_screenshot(os.path.join(OUT, "forgot-ja-390.png"))
        fill(driver, "email", address)
        click_on(driver, By.CSS_SELECTOR, "#forgot-form button[type=submit]")
        done = wait(driver).until(EC.visibility_of_element_located((By.ID, "forgot-done")))
        assert address in done.text
        mails = wait_for_mails(address, 2)
        reset = first(m for m in mails if "#/reset-password" in m.get_body(("plain",)).get_content())
        assert reset is not None, f"no reset mail among {[m['Subject'] for m in mails]}"
        assert reset["Subject"] == "Yarukiのパスワードを再設定してください"
        driver.get(link_in(reset, "reset-password"))
        wait(driver).until(EC.visibility_of_element_located((By.ID, "reset-form")))
        driver.save_screenshot(os.path.join(OUT, "reset-ja-390.png"))
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        refused_then_accepted(driver, "reset-form", "newPassword", "short", "a new sentence to remember")
        wait(driver).until(EC.url_contains("#/signin"))
        fill(driver, "email", address)
        fill(driver, "password", "a new sentence to remember")
        click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
        wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "そら"))
        # The other device was signed out by the reset.
        request = urllib.request.Request(server + "/v1/me", headers={"Authorization": f"Bearer {other['accessToken']}"})
        try:
            urllib.request.urlopen(request)
            raise AssertionError("the other device is still signed in")
        except urllib.error.HTTPError as error:
            assert error.code == 401
        # The link is spent.
        driver.get(link_in(reset, "reset-password"))
        type_in(driver, By.CSS_SELECTOR, "#reset-form [name=newPassword]", "yet another sentence here")
        click_on(driver, By.CSS_SELECTOR, "#reset-form button[type=submit]")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    finally:
        driver.quit()


def test_strangers_guesses_hold_back_a_password_but_a_mailed_link_signs_the_owner_in():
    """Fifty wrong guesses from ten addresses reach the account's ceiling: a password sign-in from a
    device and network never seen before is held back, and the page offers a link by mail, which
    signs the owner in at once (once)."""
    data = tempfile.mkdtemp(prefix="yaruki-browser-link-")
    running = serve(data)
    url = next(running)
    driver = make_browser(390, 844)
    try:
        address = f"owner-{uuid.uuid4().hex[:8]}@example.com"
        def post(path, body, client):
            request = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                             headers={"Content-Type": "application/json", "X-Forwarded-For": client})
            try:
                with urllib.request.urlopen(request) as response:
                    return response.status
            except urllib.error.HTTPError as error:
                return error.code
        assert post("/v1/auth/signup", {"email": address, "password": "correct horse battery", "displayName": "Oona"}, "198.51.100.7") == 201
        for stranger in range(10):
            for _ in range(5):
                assert post("/v1/auth/login", {"email": address, "password": "a wrong guess"}, f"203.0.113.{stranger + 1}") in (401, 429)
        driver.get(url + "/#/signin")
        ready(driver)
        type_in(driver, By.NAME, "email", address)
        type_in(driver, By.NAME, "password", "correct horse battery")
        click_on(driver, By.CSS_SELECTOR, "form button[type=submit]")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "signin-held-back")))
        driver.save_screenshot(os.path.join(OUT, "signin-held-back-en-390x844.png"))
        click_on(driver, By.CSS_SELECTOR, "#signin-held-back a")
        type_in(driver, By.CSS_SELECTOR, "#signin-link-form [name=email]", address)
        click_on(driver, By.CSS_SELECTOR, "#signin-link-form button[type=submit]")
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "signin-link-done"), address))
        link = link_in(mail_linking(address, "signin-link", data=data), "signin-link")
        driver.get(link)
        wait(driver).until(lambda d: d.execute_script("return window.yaruki.session.user?.displayName") == "Oona")
        assert text_of(driver, By.ID, "account-chip") == "Oona"
        # The link works once.
        driver.get(link)
        wait(driver).until(lambda d: "error" in (d.find_element(By.ID, "signin-link-status").get_attribute("class") or ""))
    finally:
        driver.quit()
        next(running, None)
