"""Proofs, the calendar and group standings, in a real Chromium against the real server."""
import os
import subprocess
import tempfile
import time
import urllib.request
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import click_on, first, is_shown, make_browser, text_of, type_in, wait
from test_account import OUT, api_call, api_login, ready, sign_up



@pytest.fixture(scope="module")
def media():
    """A two-second WebM (VP8 plays in every Chromium build) and a text file dressed as an MP4."""
    folder = tempfile.mkdtemp(prefix="yaruki-media-")
    video = os.path.join(folder, "squats.webm")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=2:size=160x120:rate=10",
                    "-c:v", "libvpx", "-b:v", "200k", video], check=True)
    # Another recording: one file proves one day for one person, so a second person needs their own.
    other = os.path.join(folder, "lunges.webm")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=duration=2:size=160x120:rate=10",
                    "-c:v", "libvpx", "-b:v", "200k", other], check=True)
    fake = os.path.join(folder, "not-a-video.mp4")
    with open(fake, "w") as f:
        f.write("this is only text pretending to be a video\n" * 10)
    yield {"video": video, "other": other, "fake": fake}


def test_upload_a_video_see_it_on_its_day_and_play_it(server, phone, media):
    email = f"proof-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(phone, server, email, name="Pia")
    phone.get(server + "/#/record")
    ready(phone)

    # Not a video: the server's 415 is said in words, and nothing is stored.
    type_in(phone, By.ID, "proof-file", media["fake"], clear=False)
    click_on(phone, By.ID, "upload-proof")
    problem = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    assert problem.get_attribute("data-status") == "415"
    assert "MP4, MOV or WebM" in problem.text
    token = api_login(server, email)["accessToken"]
    assert api_call(server, "GET", "/v1/proofs", token)["items"] == []

    # A real video: the bar moves, then the calendar opens on its day and plays it.
    type_in(phone, By.ID, "proof-file", media["video"], clear=False)
    click_on(phone, By.ID, "upload-proof")
    sheet = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.sheet[open]")))
    day = sheet.get_attribute("data-date")
    assert "#/calendar" in phone.current_url and day in phone.current_url
    cell = phone.find_element(By.CSS_SELECTOR, f'.day[data-date="{day}"]')
    assert cell.get_attribute("data-proofs") == "1"
    assert len(sheet.find_elements(By.CSS_SELECTOR, "button.thumb")) == 1
    video = sheet.find_element(By.CSS_SELECTOR, "video.proof-video")
    phone.execute_script("arguments[0].muted = true; arguments[0].play()", video)
    wait(phone).until(lambda d: d.execute_script("return arguments[0].currentTime > 0.3 && arguments[0].readyState >= 2", video))
    assert phone.execute_script("return arguments[0].duration", video) == pytest.approx(2, abs=0.3)

    # Closing the sheet and tapping the day again brings it back.
    click_on(phone, By.ID, "close-day")
    wait(phone).until(EC.invisibility_of_element_located((By.CSS_SELECTOR, "dialog.sheet")))
    click_on(phone, By.CSS_SELECTOR, f'.day[data-date="{day}"]')
    wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.sheet[open] button.thumb")))
    proofs = api_call(server, "GET", "/v1/proofs", token)["items"]
    assert len(proofs) == 1 and proofs[0]["type"] == "video/webm" and proofs[0]["recordedDay"] == day


def test_record_with_the_camera_and_upload(server):
    """Chromium's fake camera and microphone stand in for a phone's: getUserMedia, MediaRecorder, upload."""
    camera = make_browser(390, 844, extra_args=("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"))
    try:
        email = f"cam-{uuid.uuid4().hex[:8]}@example.com"
        sign_up(camera, server, email, name="Cam")
        camera.get(server + "/#/record")
        ready(camera)
        click_on(camera, By.ID, "camera")
        click_on(camera, By.ID, "record")
        wait(camera).until(EC.text_to_be_present_in_element((By.ID, "proof-status"), "Recording 2"))
        click_on(camera, By.ID, "record")  # stop
        wait(camera).until(EC.text_to_be_present_in_element((By.ID, "proof-status"), "Ready to upload"))
        click_on(camera, By.ID, "upload-proof")
        wait(camera).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "dialog.sheet[open] video.proof-video")))
        proofs = api_call(server, "GET", "/v1/proofs", api_login(server, email)["accessToken"])["items"]
        assert len(proofs) == 1 and proofs[0]["type"] in ("video/webm", "video/mp4")
        assert proofs[0]["durationMs"] >= 1500  # a live WebM has no duration in its header: its packets tell it
    finally:
        camera.quit()


def test_recording_counts_down_first_unless_turned_off(server):
    """"Ready? 3-2-1" over the camera's picture before a proof records; the same button cancels
    the count; switched off (and remembered), recording starts at the tap."""
    camera = make_browser(390, 844, extra_args=("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"))
    try:
        sign_up(camera, server, f"count-{uuid.uuid4().hex[:8]}@example.com", name="Kazu")
        Select(camera.find_element(By.ID, "language")).select_by_value("ja")
        camera.get(server + "/#/record")
        ready(camera)
        click_on(camera, By.ID, "camera")
        assert camera.find_element(By.ID, "proof-countdown-on").is_selected(), "on unless the person turns it off"
        click_on(camera, By.ID, "record")
        wait(camera).until(EC.text_to_be_present_in_element((By.ID, "proof-countdown"), "準備はいい？"))
        assert not camera.find_element(By.ID, "proof-status").text, "nothing is recorded while it counts"
        os.makedirs(OUT, exist_ok=True)
        camera.save_screenshot(os.path.join(OUT, "proof-countdown-ready-390x844-ja.png"))
        seen = set()
        wait(camera, 10).until(lambda d: seen.add(d.find_element(By.ID, "proof-countdown").text) or "録画中" in d.find_element(By.ID, "proof-status").text)
        assert {"3", "2", "1"} <= seen, seen
        assert not camera.find_element(By.ID, "proof-countdown").is_displayed()
        click_on(camera, By.ID, "record")  # stop
        wait(camera).until(EC.text_to_be_present_in_element((By.ID, "proof-status"), "アップロード"))

        # Again, cancelled halfway: nothing records, and the button offers to start again.
        click_on(camera, By.ID, "camera")
        click_on(camera, By.ID, "record")
        wait(camera).until(EC.text_to_be_present_in_element((By.ID, "proof-countdown"), "3"))
        assert text_of(camera, By.ID, "record") == "カウントダウンをやめる"
        click_on(camera, By.ID, "record")
        wait(camera).until(lambda d: not d.find_element(By.ID, "proof-countdown").is_displayed())
        time.sleep(4)
        assert text_of(camera, By.ID, "record") == "録画開始" and "録画中" not in camera.find_element(By.ID, "proof-status").text

        # Turned off: the tap records at once, and the choice holds on the next visit.
        click_on(camera, By.ID, "proof-countdown-on")
        camera.get(server + "/#/home")
        camera.get(server + "/#/record")
        ready(camera)
        assert not camera.find_element(By.ID, "proof-countdown-on").is_selected()
        click_on(camera, By.ID, "camera")
        click_on(camera, By.ID, "record")
        wait(camera, 3).until(EC.text_to_be_present_in_element((By.ID, "proof-status"), "録画中"))
        assert not camera.find_element(By.ID, "proof-countdown").is_displayed()
        click_on(camera, By.ID, "record")
    finally:
        camera.quit()


def test_a_file_over_the_limit_is_refused_before_sending(server, phone, media):
    email = f"big-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(phone, server, email, name="Bo")
    phone.get(server + "/#/record")
    ready(phone)
    wait(phone).until(EC.presence_of_element_located((By.ID, "proof-file")))
    # The page learns the limit from /v1/meta; pretend it is tiny by shrinking what the page was told.
    limit = phone.execute_script("return fetch('/v1/meta').then(r => r.json()).then(m => m.maxUploadBytes)")
    assert limit == 500 * 1024 * 1024
    phone.execute_script("""
        const input = document.getElementById('proof-file');
        const big = new File([new Uint8Array(8)], 'big.webm', { type: 'video/webm' });
        Object.defineProperty(big, 'size', { value: 600 * 1024 * 1024 });
        const list = new DataTransfer(); list.items.add(big);
        input.files = list.files;
        input.dispatchEvent(new Event('change'));
    """)
    problem = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    assert problem.get_attribute("data-status") == "413"
    assert "larger than the server accepts" in problem.text
    assert not phone.find_element(By.ID, "upload-proof").is_enabled()


def test_a_group_started_joined_by_link_and_updated_live(server, phone, media):
    owner = f"owner-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(phone, server, owner, name="Olli")
    phone.get(server + "/#/accountability")
    ready(phone)
    # Home's own empty state may still be on screen for a moment on a busy machine: wait for this page's.
    wait(phone).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-view") == "accountability")
    empty = wait(phone).until(lambda d: first(e for e in d.find_elements(By.CSS_SELECTOR, ".empty") if "not in a group yet" in e.text))
    assert "not in a group yet" in empty.text
    type_in(phone, By.ID, "group-name", "Dawn patrol", clear=False)
    click_on(phone, By.XPATH, "//form[.//input[@id='group-name']]//button[@type='submit']")
    card = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "article.group")))
    assert "Dawn patrol" in card.text
    invite = card.find_element(By.CSS_SELECTOR, "input.invite").get_attribute("value")
    assert "#/join?code=" in invite

    # Someone else follows the invite link in their own browser, and lands in the group.
    friend = f"friend-{uuid.uuid4().hex[:8]}@example.com"
    other = make_browser(390, 844)
    try:
        sign_up(other, server, friend, name="Fumi")
        other.get(invite)
        joined_card = wait(other).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "article.group")))
        assert "Dawn patrol" in joined_card.text and "#/accountability" in other.current_url
    finally:
        other.quit()
    friend_token = api_login(server, friend)["accessToken"]
    members = api_call(server, "GET", f"/v1/groups/{card.get_attribute('data-group')}", friend_token)["members"]
    friend_id = next(m["id"] for m in members if m["displayName"] == "Fumi")

    # The owner's page hears of it over the event stream: the friend's proof moves them up.
    group_id = card.get_attribute("data-group")
    wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, "h2.with-dot .dot.ok")))
    with open(media["other"], "rb") as f:
        request = urllib.request.Request(server + "/v1/proofs", data=f.read(), method="POST",
                                         headers={"Authorization": f"Bearer {friend_token}", "Content-Type": "video/webm"})
    with urllib.request.urlopen(request) as r:
        assert r.status == 201
    # Read in the page: the card is redrawn as events arrive, so held elements go stale.
    row = f'article.group[data-group="{group_id}"] li.member[data-member="{friend_id}"]'
    # Fumi's first week owes 3 prorated to the days that were left of it when they joined (today, whatever day it is).
    owed = api_call(server, "GET", "/v1/me/quota", friend_token)["thisWeek"]
    wait(phone).until(lambda d: f"1/{owed}" in (d.execute_script("return document.querySelector(arguments[0])?.textContent", row) or ""))
    rows = phone.find_elements(By.CSS_SELECTOR, f'article.group[data-group="{group_id}"] li.member')
    assert len(rows) == 2

    # Home shows the same week, with the way to record a proof.
    phone.get(server + "/#/home")
    ready(phone)
    wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f'article.group[data-group="{group_id}"] li.member')))
    assert is_shown(phone, By.ID, "home-record")
