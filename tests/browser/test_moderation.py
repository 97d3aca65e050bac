"""Moderation in a real Chromium, as the admin of a server: a reported post waits on the
moderation page with its reason; the admin warns its author (who is told in their inbox), hides
it, then bans the author, who is signed out and cannot sign in again until the ban is lifted. A
member sees no Moderation anywhere and is told the page is for admins."""
import json
import os
import subprocess
import urllib.error
import urllib.request
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import BINARY, SERVER, click_and_confirm, click_on, make_browser, not_red, text_of, wait
from test_account import OUT, api_call, api_login, api_sign_up, sign_up
from test_layout import sign_in


def status_of(server, method, path, token=None, body=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    try:
        with urllib.request.urlopen(urllib.request.Request(server + path, data=data, method=method, headers=headers)) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_an_admin_warns_hides_and_bans_from_the_moderation_page(server):
    tag = uuid.uuid4().hex[:6]
    admin_email = f"mod-admin-{tag}@example.com"
    subprocess.run([BINARY, "user", "create", "--email", admin_email, "--name", "Ada", "--role", "admin", "--password-stdin", "--data-dir", SERVER["data"]],
                   input="correct horse battery\n", text=True, check=True, capture_output=True, timeout=60)
    spammer_email = f"mod-spam-{tag}@example.com"
    spammer = api_sign_up(server, spammer_email, "Spammy")
    reporter = api_sign_up(server, f"mod-reporter-{tag}@example.com", "Rin")
    post = api_call(server, "POST", "/v1/posts", spammer, {"board": "talk", "body": f"Cheap followers here {tag}"})["id"]
    assert api_call(server, "POST", "/v1/reports", reporter, {"kind": "post", "id": post, "reason": "Spam"})["hidden"] is False
    driver = make_browser(390, 844)
    try:
        sign_in(driver, server, admin_email, "correct horse battery")
        driver.get(server + "/#/more")
        click_on(driver, By.CSS_SELECTOR, 'main a[href="#/moderation"]')
        row = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'[data-report="{post}"]')))
        assert f"Cheap followers here {tag}" in row.text and "Spammy" in row.text and "Spam" in row.text and "1 report" in row.text, row.text
        assert row.get_attribute("data-hidden") == "false"
        os.makedirs(OUT, exist_ok=True)
        driver.save_screenshot(os.path.join(OUT, "moderation-en-390x844.png"))
        # Warn: the author is told in their inbox, and the post stays.
        click_on(driver, By.CSS_SELECTOR, f'[data-report="{post}"] [data-decision="warn"]')
        wait(driver).until(lambda d: "Spammy was warned" in d.find_element(By.ID, "toast").get_attribute("textContent"))
        kinds = [item["kind"] for item in api_call(server, "GET", "/v1/notifications", spammer)["items"]]
        assert "moderationWarning" in kinds, kinds
        # Hide: gone from the board at once, shown hidden here.
        click_on(driver, By.CSS_SELECTOR, f'[data-report="{post}"] [data-decision="hide"]')
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, f'[data-report="{post}"]').get_attribute("data-hidden") == "true")
        assert post not in [p["id"] for p in api_call(server, "GET", "/v1/posts?board=talk", reporter)["items"]]
        assert driver.find_elements(By.CSS_SELECTOR, f'[data-report="{post}"] [data-decision="restore"]')
        assert not not_red(driver), "Delete and Ban are red"
        # Ban: the author's sessions end, signing in is refused, and the post is deleted.
        question = click_and_confirm(driver, By.CSS_SELECTOR, f'[data-report="{post}"] [data-decision="ban"]', expect="Spammy")
        assert "cannot sign in" in question
        wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, f'[data-report="{post}"]'))
        assert status_of(server, "POST", "/v1/auth/login", body={"email": spammer_email, "password": "correct horse battery", "device": "x"}) == 403
        assert status_of(server, "GET", "/v1/me", spammer) == 401, "the banned person's session ended"
        assert status_of(server, "GET", f"/v1/posts/{post}", reporter) == 404
        assert "null" not in text_of(driver, By.TAG_NAME, "main")
        # Lifted over the API (the row went with the post): they may sign in again.
        users = api_call(server, "GET", "/v1/admin/users", api_login(server, admin_email)["accessToken"])["items"]
        spammer_id = next(u["id"] for u in users if u["email"] == spammer_email)
        admin = api_login(server, admin_email)["accessToken"]
        assert status_of(server, "DELETE", f"/v1/admin/users/{spammer_id}/ban", admin) == 204
        assert api_login(server, spammer_email)["accessToken"]
    finally:
        driver.quit()


def test_a_member_sees_no_moderation(server):
    driver = make_browser(390, 844)
    try:
        sign_up(driver, server, f"mod-member-{uuid.uuid4().hex[:6]}@example.com", name="Mei")
        driver.get(server + "/#/more")
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "main .card"))
        assert not driver.find_elements(By.CSS_SELECTOR, 'a[href="#/moderation"]')
        driver.get(server + "/#/moderation")
        wait(driver).until(lambda d: "Only admins moderate." in d.find_element(By.TAG_NAME, "main").text)
    finally:
        driver.quit()
