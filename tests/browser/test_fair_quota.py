"""A fair quota and a group that does things together, in a real Chromium, in Korean on a phone:
joining a group mid-week shows the first week's prorated quota, a break is taken for next week and
called off, a challenge is joined and its bar moves when a groupmate finishes a session in a second
browser, and the crew's feed shows that session and, live, a cheer."""
import json
import os
import urllib.request
import uuid
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select

from conftest import click_on, make_browser, text_of, wait
from test_account import OUT, api_call, api_login, api_sign_up
from test_layout import sign_in


def sign_up_korean(server, email, name):
    """A person who reads Korean and lives in Seoul, made over HTTP."""
    body = json.dumps({"email": email, "password": "correct horse battery", "displayName": name, "timeZone": "Asia/Seoul",
                       "locale": "ko"}).encode()
    request = urllib.request.Request(server + "/v1/auth/signup", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["accessToken"]


def iso(moment):
    return moment.replace(microsecond=0).isoformat().replace("+00:00", "Z")


def session_started_earlier(server, token, minutes, title):
    """A training session under way that a phone started `minutes` ago (offline, say) with a squat
    set done, as the phone's state replaces the server's (`PUT /v1/training/session`)."""
    state = api_call(server, "POST", "/v1/training/session", token, {"title": title})
    now = datetime.now(timezone.utc)
    state["startedAt"] = iso(now - timedelta(minutes=minutes))
    state["exercises"] = [{"exerciseId": "squat", "restSeconds": 60, "sets": [
        {"reps": 8, "weightKg": 60, "done": True, "completedAt": iso(now - timedelta(minutes=minutes // 2))}]}]
    request = urllib.request.Request(server + "/v1/training/session", data=json.dumps(state).encode(), method="PUT",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json", "If-Match": '"v1"'})
    with urllib.request.urlopen(request) as response:
        assert response.status == 200


def test_a_newcomer_sees_the_prorated_quota_and_takes_a_break_in_korean(server):
    owner_email = f"owner-{uuid.uuid4().hex[:8]}@example.com"
    owner = api_sign_up(server, owner_email, "Olli")
    code = api_call(server, "POST", "/v1/groups", owner, {"name": "새벽 팀"})["inviteCode"]
    email = f"minji-{uuid.uuid4().hex[:8]}@example.com"
    sign_up_korean(server, email, "민지")
    phone = make_browser(390, 844, language="ko-KR")
    try:
        sign_in(phone, server, email, "correct horse battery")
        phone.get(f"{server}/#/join?code={code}")
        wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "article.group")))
        token = api_login(server, email)["accessToken"]
        quota = api_call(server, "GET", "/v1/me/quota", token)
        # Joined today, whatever weekday it is: 3 prorated to the days left of this week, 3 from next week.
        today = datetime.now(ZoneInfo("Asia/Seoul")).date()
        left = 7 - (today - date.fromisoformat(quota["week"]["week"])).days
        assert quota["firstWeek"] is True and quota["nextWeek"] == 3 and quota["thisWeek"] == min(3, 3 * left // 7), quota
        first = wait(phone).until(EC.visibility_of_element_located((By.ID, "first-week")))
        assert "첫 주" in first.text and f"{quota['thisWeek']}일" in first.text, first.text
        assert text_of(phone, By.ID, "my-done") == f"0/{quota['thisWeek']}"
        me = api_call(server, "GET", "/v1/me", token)["id"]
        row = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'li.member[data-member="{me}"]')))
        assert f"0/{quota['thisWeek']}" in row.text
        phone.save_screenshot(os.path.join(OUT, "first-week-ko-390x844.png"))

        # A break of two weeks from next week, planned.
        click_on(phone, By.CSS_SELECTOR, "#breaks summary")
        Select(phone.find_element(By.ID, "break-reason")).select_by_value("planned")
        Select(phone.find_element(By.ID, "break-weeks")).select_by_value("2")
        click_on(phone, By.CSS_SELECTOR, "#break-form button[type=submit]")
        taken = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".breaks-list li[data-break]")))
        pauses = api_call(server, "GET", "/v1/me/pauses", token)
        next_week = date.fromisoformat(quota["week"]["week"]) + timedelta(days=7)
        assert [(p["firstWeek"], p["until"], p["reason"], p["started"]) for p in pauses["items"]] == \
            [(next_week.isoformat(), (next_week + timedelta(days=13)).isoformat(), "planned", False)], pauses
        assert "계획" in taken.text, taken.text
        phone.save_screenshot(os.path.join(OUT, "break-ko-390x844.png"))
        # The same page in a wide window is not needed: the form wraps on a phone without spilling sideways.
        assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")

        # Called off before it begins.
        click_on(phone, By.CSS_SELECTOR, ".breaks-list button[data-cancel]")
        wait(phone).until(EC.text_to_be_present_in_element((By.ID, "breaks"), "쉰 적이 없어요"))
        assert api_call(server, "GET", "/v1/me/pauses", token)["items"] == []

        # The owner proposes a month of 60 training minutes: it appears live; Minji joins it.
        group = api_call(server, "GET", "/v1/groups", owner)["items"][0]["id"]
        challenge = api_call(server, "POST", f"/v1/groups/{group}/challenges", owner, {"metric": "minutes", "goal": 60})["id"]
        row = f'.challenge[data-challenge="{challenge}"]'
        wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, row)))
        assert "함께 운동 60분" in text_of(phone, By.CSS_SELECTOR, row)
        click_on(phone, By.CSS_SELECTOR, row + ' button[data-challenge-action="join"]')
        wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, row + ' button[data-challenge-action="leave"]')))
        joined = api_call(server, "GET", f"/v1/groups/{group}/challenges", token)["items"][0]
        assert joined["joined"] is True and me.lower() in [m["id"].lower() for m in joined["members"]]
        # The owner finishes a 30-minute session on his own phone: the bar on Minji's phone moves to half, live.
        session_started_earlier(server, owner, 30, "아침 하체")
        other = make_browser(390, 844)
        try:
            sign_in(other, server, owner_email, "correct horse battery")
            other.get(f"{server}/#/session")
            click_on(other, By.ID, "finish-session")
            wait(other).until(EC.visibility_of_element_located((By.ID, "session-summary")))
        finally:
            other.quit()
        wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, row + " [role=progressbar]").get_attribute("aria-valuenow") == "30")
        assert text_of(phone, By.CSS_SELECTOR, row + " .challenge-total") == "30/60"
        width = phone.execute_script("return document.querySelector(arguments[0]).getBoundingClientRect().width", row + " .bar .share")
        bar = phone.execute_script("return document.querySelector(arguments[0]).getBoundingClientRect().width", row + " .bar")
        assert abs(width / bar - 0.5) < 0.02, (width, bar)
        assert "Olli 30" in text_of(phone, By.CSS_SELECTOR, row + " .challenge-shares")
        phone.save_screenshot(os.path.join(OUT, "challenge-ko-390x844.png"))

        # The crew's feed: Olli's session with its record, his challenge, the halfway mark, in Korean.
        click_on(phone, By.CSS_SELECTOR, f'a[data-crew="{group}"]')
        item = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, '#crew-feed li[data-kind="session"]')))
        assert "Olli님이 '아침 하체'을(를) 마쳤어요" in item.text and "1세트" in item.text, item.text
        assert phone.find_elements(By.CSS_SELECTOR, '#crew-feed li[data-kind="session"] .crew-records li[data-kind="heaviest"]'), "its record"
        feed = text_of(phone, By.ID, "crew-feed")
        assert "Olli님이 챌린지를 제안했어요: 함께 운동 60분" in feed and "절반 달성" in feed, feed
        assert "null" not in feed and "undefined" not in feed and "{" not in feed, feed
        # Live: Olli cheers Minji on, and it arrives on top without a reload.
        api_call(server, "POST", f"/v1/groups/{group}/members/{me}/cheers", owner, {"kind": "cheer"})
        top = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, '#crew-feed li[data-kind="cheer"]:first-child')))
        assert "Olli님이 민지님을 응원했어요" in top.text, top.text
        assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        phone.save_screenshot(os.path.join(OUT, "crew-ko-390x844.png"))
    finally:
        phone.quit()
