"""Notifications when the app is closed, in Chromium: the account page lists this person's
devices and removes one; a push delivered to the service worker (CDP
ServiceWorker.deliverPushMessage, as a push service would) is shown as a notification with the
server's words and the page its tap opens, and a newer one with the same tag replaces it."""
import json
import os
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import click_on, make_browser, text_of, wait
from test_account import OUT, api_call, api_login, ready, sign_up


def deliver(driver, origin, message):
    """Hands `message` to the service worker as a push service's delivery would (CDP). CDP names a
    registration by the browser's own counter, which starts at 0 in a fresh profile: the first
    that takes the message is this origin's."""
    errors = []
    for registration in range(4):
        try:
            driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage",
                                   {"origin": origin, "registrationId": str(registration), "data": json.dumps(message)})
            return
        except Exception as error:  # noqa: BLE001 (a wrong id is an error from CDP; the next is tried)
            errors.append(str(error))
    raise AssertionError(errors)


def test_devices_are_listed_and_removed_and_a_push_shows_its_notification(server):
    driver = make_browser(390, 844)
    try:
        email = f"push-{uuid.uuid4().hex[:8]}@example.com"
        sign_up(driver, server, email, name="Jiwoo")
        token = api_login(server, email)["accessToken"]
        keys = {"p256dh": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", "auth": "BTBZMqHH6r4Tts7J_aSIgg"}
        device = api_call(server, "POST", "/v1/me/push-subscriptions", token,
                          {"endpoint": "https://fcm.googleapis.com/fcm/send/jiwoo-galaxy", "keys": keys, "device": "Galaxy S24, Chrome"})
        driver.get(server + "/#/account")
        ready(driver)
        row = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f"#push-devices [data-device='{device['id']}']")))
        assert "Galaxy S24, Chrome" in row.text
        assert text_of(driver, By.ID, "push-on")  # offered on this browser, which has PushManager
        os.makedirs(OUT, exist_ok=True)
        driver.execute_script("document.getElementById('push-title').scrollIntoView()")
        driver.save_screenshot(os.path.join(OUT, "push-devices-390x844-en.png"))
        click_on(driver, By.CSS_SELECTOR, f"#push-devices [data-device='{device['id']}'] button")
        wait(driver).until(lambda d: "No device" in d.find_element(By.ID, "push-devices").text)
        assert api_call(server, "GET", "/v1/me/push-subscriptions", token)["items"] == []

        # In Korean: likes off, quiet hours 22:00–07:00, the quota reminder at 07:30, saved for the server to hold to.
        Select(driver.find_element(By.ID, "language")).select_by_value("ko")
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "push-title"), "기기 알림"))
        wait(driver).until(EC.presence_of_element_located((By.ID, "mode-like")))
        Select(driver.find_element(By.ID, "mode-like")).select_by_value("off")
        driver.execute_script("""
            for (const [id, value] of [["quiet-start", "22:00"], ["quiet-end", "07:00"], ["quota-reminder-at", "07:30"]]) {
              const input = document.getElementById(id); input.value = value; input.dispatchEvent(new Event("input", { bubbles: true }));
            }""")
        assert text_of(driver, By.CSS_SELECTOR, "label[for=mode-like]") == "내 글의 좋아요"
        driver.execute_script("document.getElementById('notification-settings').scrollIntoView()")
        driver.save_screenshot(os.path.join(OUT, "push-settings-390x844-ko.png"))
        click_on(driver, By.ID, "save-notification-settings")
        wait(driver).until(EC.text_to_be_present_in_element((By.ID, "toast"), "알림 설정을 저장했어요"))
        saved = api_call(server, "GET", "/v1/me/notification-settings", token)
        assert {k["kind"]: k["mode"] for k in saved["kinds"]}["like"] == "off" and saved["quietHours"] == {"start": "22:00", "end": "07:00"}
        assert saved["quotaReminderAt"] == "07:30", saved
        Select(driver.find_element(By.ID, "language")).select_by_value("ja")
        wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "label[for=mode-like]"), "投稿へのいいね"))
        assert Select(driver.find_element(By.ID, "mode-like")).first_selected_option.get_attribute("value") == "off", "the saved choice shows"
        driver.execute_script("document.getElementById('notification-settings').scrollIntoView()")
        driver.save_screenshot(os.path.join(OUT, "push-settings-390x844-ja.png"))

        # A push as the push service hands it to the browser: the service worker shows it.
        driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
        driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["notifications"]})
        driver.execute_cdp_cmd("ServiceWorker.enable", {})
        for body in ("Mina님이 응원했어요", "Mina님 외 1명이 내 글을 좋아해요"):
            deliver(driver, server, {"title": "Yaruki", "body": body, "url": "/#/community", "tag": "like post-1"})
        shown = wait(driver).until(lambda d: d.execute_async_script("""
            const done = arguments[0];
            navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) =>
              done(list.length ? list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url })) : null));"""))
        assert shown == [{"title": "Yaruki", "body": "Mina님 외 1명이 내 글을 좋아해요", "tag": "like post-1", "url": "/#/community"}], shown
    finally:
        driver.quit()
