"""What a person taps, in a real Chromium against the real server: a routine shared in a post,
red on what destroys, a workout's delete that asks first, pounds in the log and its editor, a day
proved late drawn hollow for the group, and the storage an account uses."""
import json
import os
import subprocess
import tempfile
import urllib.request
import uuid
from datetime import datetime, timedelta, timezone

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import attribute_of, click_and_confirm, click_on, days_ago, is_shown, not_red, text_of, type_in, wait
from test_account import OUT, api_call, api_login, api_sign_up, ready, sign_up
from test_community import geotagged_photo
from test_layout import sign_in

SQUATS = {"exerciseId": "squat", "sets": 3, "reps": 5, "restSeconds": 90}


def sign_up_with(server, email, name, **fields):
    """A person made over HTTP with account fields of the test's choosing; returns their token."""
    body = json.dumps({"email": email, "password": "correct horse battery", "displayName": name, "timeZone": "UTC", **fields}).encode()
    request = urllib.request.Request(server + "/v1/auth/signup", data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["accessToken"]


def upload(server, path, token, data, content_type):
    request = urllib.request.Request(server + path, data=data, method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def a_video():
    """A one-second WebM of a colour no other test uses: one file proves one day for one person."""
    path = os.path.join(tempfile.mkdtemp(prefix="yaruki-late-"), "late.webm")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"color=c=0x{uuid.uuid4().hex[:6]}:s=160x120:d=1:r=10",
                    "-c:v", "libvpx", "-b:v", "100k", path], check=True)
    with open(path, "rb") as f:
        return f.read()


def test_a_routine_shared_in_a_post_shows_with_save_and_start(server, phone):
    coach = api_sign_up(server, f"coach-{uuid.uuid4().hex[:6]}@example.com", "Coach Kim")
    title = f"Leg day {uuid.uuid4().hex[:4]}"
    routine = api_call(server, "POST", "/v1/routines", coach, {"title": title, "public": True, "items": [SQUATS]})["id"]
    post = api_call(server, "POST", "/v1/posts", coach, {"board": "talk", "body": "How does this look?", "routineId": routine})["id"]
    sign_up(phone, server, f"reader-{uuid.uuid4().hex[:6]}@example.com", name="Rae")
    # On the board the post says it shares a routine and links to it.
    phone.get(server + "/#/community?board=talk")
    ready(phone)
    click_on(phone, By.CSS_SELECTOR, f'[data-post="{post}"] [data-routine-link="{routine}"]')
    wait(phone).until(lambda d: f"#/post/{post}" in d.current_url)
    # The post page shows the routine: its exercises and sets, with Save and Start.
    card = f'#post-routine [data-routine="{routine}"]'
    shown = text_of(phone, By.CSS_SELECTOR, card)
    assert title in shown and "Squat" in shown and "3 × 5" in shown, shown
    phone.save_screenshot(os.path.join(OUT, "post-routine-en-390x844.png"))
    click_on(phone, By.CSS_SELECTOR, f'{card} [data-save="{routine}"]')
    wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, f'{card} [data-save="{routine}"]').get_attribute("aria-pressed") == "true")
    click_on(phone, By.CSS_SELECTOR, f'{card} [data-start-routine="{routine}"]')
    wait(phone).until(lambda d: "#/session" in d.current_url)
    wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-exercise=squat] .session-set")) == 3)
    assert attribute_of(phone, By.CSS_SELECTOR, "[data-exercise=squat] .session-set [name=reps]", "value") == "5"


def test_destructive_buttons_are_red_and_deleting_a_workout_asks_first(server, phone):
    email = f"red-{uuid.uuid4().hex[:6]}@example.com"
    sign_up(phone, server, email, name="Red")
    token = api_login(server, email)["accessToken"]
    workout = api_call(server, "POST", "/v1/workouts", token, {"startedAt": days_ago(1),
                                                               "exercises": [{"exerciseId": "squat", "sets": [{"reps": 5, "weightKg": 60}]}]})["id"]
    routine = api_call(server, "POST", "/v1/routines", token, {"title": "Mine", "public": False, "items": [SQUATS]})["id"]

    phone.get(server + "/#/routines")
    ready(phone)
    click_on(phone, By.CSS_SELECTOR, '[data-tab="mine"]')
    assert is_shown(phone, By.CSS_SELECTOR, f'[data-delete-routine="{routine}"]')
    assert not_red(phone) == []

    phone.get(server + "/#/training")
    ready(phone)
    delete = f'[data-delete-workout="{workout}"]'
    assert is_shown(phone, By.CSS_SELECTOR, delete)
    assert not_red(phone) == []
    # Asked first: "no" keeps it, "yes" deletes it.
    question = click_and_confirm(phone, By.CSS_SELECTOR, delete, answer=False)
    assert "Delete the workout" in question
    assert len(api_call(server, "GET", "/v1/workouts", token)["items"]) == 1
    click_and_confirm(phone, By.CSS_SELECTOR, delete)
    wait(phone).until(lambda d: not d.find_elements(By.CSS_SELECTOR, delete))
    assert api_call(server, "GET", "/v1/workouts", token)["items"] == []


def test_pounds_in_the_workout_log_and_its_editor(server, phone):
    email = f"lb-{uuid.uuid4().hex[:6]}@example.com"
    token = sign_up_with(server, email, "Lou")
    api_call(server, "PATCH", "/v1/me", token, {"weightUnit": "lb"})
    workout = api_call(server, "POST", "/v1/workouts", token, {"startedAt": days_ago(1),
                                                               "exercises": [{"exerciseId": "deadlift", "sets": [{"reps": 5, "weightKg": 100}]}]})["id"]
    sign_in(phone, server, email, "correct horse battery")
    phone.get(server + "/#/training")
    ready(phone)
    entry = f'[data-workout="{workout}"]'
    wait(phone).until(lambda d: "220.5 lb" in d.find_element(By.CSS_SELECTOR, entry).text)
    assert " kg" not in text_of(phone, By.CSS_SELECTOR, entry)
    # The editor shows and takes pounds: 225 lb is kept as 102.058 kg.
    phone.get(server + f"/#/workout/{workout}")
    ready(phone)
    weight = "#workout-form .set-row input[name=weight]"
    wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, weight).get_attribute("value") == "220.5")
    assert "lb" in attribute_of(phone, By.CSS_SELECTOR, weight, "aria-label")
    type_in(phone, By.CSS_SELECTOR, weight, "225")
    click_on(phone, By.ID, "save-workout")
    wait(phone).until(lambda d: "#/training" in d.current_url)
    wait(phone).until(lambda d: api_call(server, "GET", f"/v1/workouts/{workout}", token)["exercises"][0]["sets"][0]["weightKg"] == 102.058)


def test_a_day_proved_late_is_drawn_hollow_for_the_group(server, phone):
    today = datetime.now(timezone.utc)
    # Yesterday must fall in the late one's week: a week from Sunday when today is Monday.
    week_start = "sunday" if today.weekday() == 0 else "monday"
    owner_email = f"owner-{uuid.uuid4().hex[:6]}@example.com"
    sign_up(phone, server, owner_email, name="Owen")
    owner = api_login(server, owner_email)["accessToken"]
    code = api_call(server, "POST", "/v1/groups", owner, {"name": "Late club"})["inviteCode"]
    late = sign_up_with(server, f"late-{uuid.uuid4().hex[:6]}@example.com", "Lena", weekStart=week_start)
    group = api_call(server, "POST", "/v1/groups/join", late, {"code": code})["id"]
    yesterday = (today - timedelta(days=1)).replace(hour=12, minute=0, second=0, microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")
    proof = upload(server, f"/v1/proofs?recordedAt={yesterday}", late, a_video(), "video/webm")
    assert proof["recordedDay"] == yesterday[:10]
    upload(server, "/v1/proofs", late, a_video(), "video/webm")  # and today's, on time

    phone.get(server + "/#/accountability")
    ready(phone)
    row = f'article.group[data-group="{group}"] li.member[data-member="{api_call(server, "GET", "/v1/me", late)["id"]}"]'
    wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, row + " .pip.on")) == 2)
    assert len(phone.find_elements(By.CSS_SELECTOR, row + " .pip.on.late")) == 1, "one of the two days was proved late"
    assert text_of(phone, By.CSS_SELECTOR, row + " .late-count") == "1 late"
    # Hollow: the late pip has no fill, the on-time one has.
    fills = phone.execute_script("return [...document.querySelectorAll(arguments[0])].map((p) => getComputedStyle(p).backgroundColor)",
                                 row + " .pip.on")
    assert fills[0] != "rgba(0, 0, 0, 0)" and fills[1] == "rgba(0, 0, 0, 0)", fills
    phone.save_screenshot(os.path.join(OUT, "standings-late-en-390x844.png"))


def test_the_account_page_shows_the_storage_used(server, phone):
    email = f"store-{uuid.uuid4().hex[:6]}@example.com"
    sign_up(phone, server, email, name="Sia")
    phone.get(server + "/#/account")
    ready(phone)
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "storage"), "Nothing uploaded yet."))
    token = api_login(server, email)["accessToken"]
    with open(geotagged_photo(), "rb") as f:
        upload(server, "/v1/photos", token, f.read(), "image/jpeg")
    used = api_call(server, "GET", "/v1/me/storage", token)
    assert used["photoBytes"] > 0 and used["quotaBytes"] > 0
    phone.refresh()
    ready(phone)
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "storage"), "Photos"))
    line = text_of(phone, By.ID, "storage-line")
    assert "kB" in line and "of 5 GB" in line, line
    assert attribute_of(phone, By.CSS_SELECTOR, "#storage progress", "value") is not None
