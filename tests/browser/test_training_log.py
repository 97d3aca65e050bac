"""Sets as lifters log them, on a phone in Korean and Japanese: a superset session where the rest
waits for the round's last exercise, a warm-up and an RPE marked from the set's menu, through to
the summary; and a Strong export brought in with one name mapped by hand in the picker, then
brought in again adding nothing."""
import os
import time
import urllib.error
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select

from conftest import click_and_confirm, click_on, days_ago, make_browser, pick_exercise, text_of, type_in, wait
from test_account import OUT, api_call, api_sign_up, ready
from test_community import geotagged_photo
from test_layout import broken_labels, printed_nothing, sign_in, spill

STRONG = """Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
2024-08-13 7:32:05\u202fAM,Push Day,1h 5m,Bench Press (Barbell),W,40,10,0,0,,"Felt good, slept 8h",
2024-08-13 7:32:05\u202fAM,Push Day,1h 5m,Bench Press (Barbell),1,100,5,0,0,"Paused, 1 s
on the chest","Felt good, slept 8h",8.5
2024-08-13 7:32:05\u202fAM,Push Day,1h 5m,Belt Squat (Machine),1,80,10,0,0,,"Felt good, slept 8h",
2024-08-15 6:10:00 PM,Cardio,30m,"Running, Treadmill",1,0,0,5.2,1800,,,
"""


def person(server, lang, prefix):
    email = f"{prefix}-{uuid.uuid4().hex[:8]}@example.com"
    token = api_sign_up(server, email, "Jiwoo")
    api_call(server, "PATCH", "/v1/me", token, {"locale": lang, "timeZone": "Asia/Seoul"})
    return email, token


def press_main(driver, button="session-main"):
    """The big button, as a person presses it: presses closer than 400 ms are one (a double tap)."""
    time.sleep(0.45)
    click_on(driver, By.ID, button)


def test_a_superset_rests_after_the_round_with_a_warm_up_and_an_rpe_through_to_the_summary(server):
    email, token = person(server, "ko", "superset")
    driver = make_browser(390, 844, language="ko-KR")
    try:
        sign_in(driver, server, email, "correct horse battery")
        # The routine written in the editor: the bench "with the next one", then the pull-up, then a plank.
        driver.get(server + "/#/routines")
        ready(driver)
        click_on(driver, By.ID, "new-routine")
        type_in(driver, By.ID, "routine-title", "상체", clear=False)
        row = "#routine-items li:nth-child({}) ".format
        for i, (exercise, query, sets, amount, rest) in enumerate([("bench-press", "벤치프레스", 2, 8, 120), ("pull-up", "풀업", 2, 6, 90),
                                                                   ("plank", "플랭크", 1, 45, 30)], start=1):
            if i > 1:
                click_on(driver, By.ID, "add-routine-item")
            pick_exercise(driver, By.CSS_SELECTOR, row(i) + "[name=exerciseId]", exercise, query=query)
            type_in(driver, By.CSS_SELECTOR, row(i) + "[name=sets]", str(sets))
            type_in(driver, By.CSS_SELECTOR, row(i) + "[name=amount]", str(amount))
            type_in(driver, By.CSS_SELECTOR, row(i) + "[name=restSeconds]", str(rest))
        click_on(driver, By.CSS_SELECTOR, row(1) + "[name=withNext]")
        click_on(driver, By.ID, "save-routine")
        wait(driver).until(lambda d: "tab=mine" in d.current_url)
        saved = api_call(server, "GET", "/v1/routines/mine", token)["items"][0]["items"]
        assert [i.get("superset") for i in saved] == [1, 1, None], saved
        driver.get(server + "/#/training")
        ready(driver)
        click_on(driver, By.CSS_SELECTOR, "#start-card [data-routine] .button")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-exercise=bench-press]")))
        # The superset is drawn as one: named once, the bench leading straight to the pull-up.
        assert text_of(driver, By.CSS_SELECTOR, "[data-exercise=bench-press] .superset-label") == "슈퍼세트"
        assert "쉬지 않고" in text_of(driver, By.CSS_SELECTOR, "[data-exercise=bench-press] .rest-after")
        assert "한 바퀴마다 90초" in text_of(driver, By.CSS_SELECTOR, "[data-exercise=pull-up] .rest-after")

        # The bench's first set is a warm-up; its second is RPE 8.5 (both from the set's menu).
        first_menu = "[data-exercise=bench-press] .session-set:nth-child(1) .set-menu"
        click_on(driver, By.CSS_SELECTOR, first_menu + " > summary")
        click_on(driver, By.CSS_SELECTOR, first_menu + " [data-set-type=warmup]")
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-exercise=bench-press] .session-set:nth-child(1) .set-index").text == "W")
        second_menu = "[data-exercise=bench-press] .session-set:nth-child(2) .set-menu"
        click_on(driver, By.CSS_SELECTOR, second_menu + " > summary")
        Select(driver.find_element(By.CSS_SELECTOR, second_menu + " select[name=rpe]")).select_by_value("8.5")
        wait(driver).until(lambda d: api_call(server, "GET", "/v1/training/session", token)["exercises"][0]["sets"][1].get("rpe") == 8.5)
        assert broken_labels(driver) == [] and not spill(driver, 390)
        driver.save_screenshot(os.path.join(OUT, "session-superset-ko-390x844.png"))

        # The big button: the bench's set, no rest, the pull-up is next; its set, then the rest (90 s).
        press_main(driver)
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-set='0-0']").get_attribute("aria-pressed") == "true")
        assert not driver.find_elements(By.ID, "rest-ring")
        assert "풀업" in text_of(driver, By.ID, "session-header") or "Pull" in text_of(driver, By.ID, "session-header")
        press_main(driver)
        wait(driver).until(EC.visibility_of_element_located((By.ID, "rest-ring")))
        left = text_of(driver, By.ID, "rest-left")
        assert left in ("1:30", "1:29", "1:28"), left
        press_main(driver, "skip-rest")
        for _ in range(2):  # the second round
            press_main(driver)
        wait(driver).until(EC.visibility_of_element_located((By.ID, "rest-ring")))
        click_on(driver, By.ID, "finish-session")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "session-summary")))
        # Three sets count: the warm-up is left out.
        assert text_of(driver, By.ID, "summary-sets") == "3"
        assert broken_labels(driver) == [] and not spill(driver, 390) and printed_nothing(driver) == []
        driver.save_screenshot(os.path.join(OUT, "session-superset-summary-ko-390x844.png"))
        logged = api_call(server, "GET", "/v1/workouts", token)["items"][0]["exercises"]
        assert [e["exerciseId"] for e in logged] == ["bench-press", "pull-up"] and [e.get("superset") for e in logged] == [1, 1]
        assert logged[0]["sets"][0]["type"] == "warmup" and logged[0]["sets"][1]["rpe"] == 8.5
        assert [s["restSeconds"] for s in logged[0]["sets"]] == [0, 0] and [s["restSeconds"] for s in logged[1]["sets"]] == [90, 90]
    finally:
        driver.quit()


def test_a_strong_file_is_imported_with_a_name_mapped_by_hand_and_again_adds_nothing(server, tmp_path):
    email, token = person(server, "ja", "import")
    csv = tmp_path / "strong_workouts.csv"
    csv.write_text(STRONG, encoding="utf-8")
    driver = make_browser(390, 844, language="ja-JP")
    try:
        sign_in(driver, server, email, "correct horse battery")
        driver.get(server + "/#/training")
        ready(driver)
        click_on(driver, By.ID, "import-log")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "import-file")))
        assert driver.find_element(By.ID, "import-look").get_attribute("disabled") is not None
        driver.find_element(By.ID, "import-file").send_keys(str(csv))
        click_on(driver, By.ID, "import-look")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "import-found")))
        assert "ワークアウト2件、4セット" in text_of(driver, By.ID, "import-summary")
        # The name nothing matched comes first, marked; the import waits for it.
        first = driver.find_element(By.CSS_SELECTOR, "#import-found .import-name")
        assert first.get_attribute("data-name") == "Belt Squat (Machine)" and "unmatched" in first.get_attribute("class")
        assert "一致なし" in first.text
        assert driver.find_element(By.ID, "import-go").get_attribute("disabled") is not None
        assert broken_labels(driver) == [] and not spill(driver, 390) and printed_nothing(driver) == []
        driver.save_screenshot(os.path.join(OUT, "import-preview-ja-390x844.png"))
        assert api_call(server, "GET", "/v1/workouts?from=2024-01-01&to=2024-12-31", token)["items"] == []

        # Mapped by hand to the squat in the picker; then the import lands.
        pick_exercise(driver, By.CSS_SELECTOR, "#import-found .import-name.unmatched .picker-button", "squat", query="スクワット")
        wait(driver).until(lambda d: d.find_element(By.ID, "import-go").get_attribute("disabled") is None)
        click_on(driver, By.ID, "import-go")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "import-result")))
        assert "2件を追加" in text_of(driver, By.ID, "import-result")
        logged = api_call(server, "GET", "/v1/workouts?from=2024-01-01&to=2024-12-31", token)["items"]
        push = next(w for w in logged if w["notes"].startswith("Push Day"))
        assert [e["exerciseId"] for e in push["exercises"]] == ["bench-press", "squat"]
        assert push["exercises"][0]["sets"][0]["type"] == "warmup" and push["exercises"][0]["notes"] == "Paused, 1 s\non the chest"
        assert push["startedAt"] == "2024-08-12T22:32:05Z"  # 7:32 in Seoul
        driver.save_screenshot(os.path.join(OUT, "import-done-ja-390x844.png"))

        # Again: the mapping is remembered, and nothing more is added.
        click_on(driver, By.CSS_SELECTOR, "#import-found a[href='#/training']")
        click_on(driver, By.ID, "import-log")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "import-file")))
        driver.find_element(By.ID, "import-file").send_keys(str(csv))
        click_on(driver, By.ID, "import-look")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#import-found .import-name")))
        assert "前回と同じ" in driver.find_element(By.CSS_SELECTOR, "#import-found .import-name[data-name='Belt Squat (Machine)']").text
        click_on(driver, By.ID, "import-go")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "import-result")))
        assert "0件を追加" in text_of(driver, By.ID, "import-result") and "2件はすでに" in text_of(driver, By.ID, "import-result")
        assert len(api_call(server, "GET", "/v1/workouts?from=2024-01-01&to=2024-12-31", token)["items"]) == 2
    finally:
        driver.quit()


def test_body_weight_in_pounds_is_logged_charted_and_removed(server):
    email = f"body-{uuid.uuid4().hex[:8]}@example.com"
    token = api_sign_up(server, email, "Ren")
    api_call(server, "PATCH", "/v1/me", token, {"weightUnit": "lb", "timeZone": "America/Los_Angeles"})
    # Two earlier weighings in kilograms, as the server keeps them.
    for day, kg in (("2026-10-01", 80), ("2026-10-15", 79)):
        api_call(server, "PUT", f"/v1/me/body/{day}", token, {"measures": {"weight": kg}})
    driver = make_browser(390, 844)
    try:
        sign_in(driver, server, email, "correct horse battery")
        driver.get(server + "/#/training")
        ready(driver)
        click_on(driver, By.ID, "body-log")
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#body-days .body-day"))
        assert "176.4 lb" in text_of(driver, By.CSS_SELECTOR, "#body-days .body-day[data-day='2026-10-01']")
        # Saved with nothing written: said in the page, nothing sent.
        click_on(driver, By.ID, "body-save")
        assert text_of(driver, By.CSS_SELECTOR, "#problems .problem, #body-form .problem")
        driver.execute_script("document.getElementById('body-day').value = '2026-11-01'")
        type_in(driver, By.ID, "body-weight", "170")
        driver.find_element(By.CSS_SELECTOR, "#body-form details > summary").click()
        type_in(driver, By.ID, "body-waist", "82.5")
        click_on(driver, By.ID, "body-save")
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#body-days .body-day[data-day='2026-11-01']"))
        saved = api_call(server, "GET", "/v1/me/body", token)["items"][0]
        assert saved["day"] == "2026-11-01" and abs(saved["measures"]["weight"] - 77.111) < 0.001 and saved["measures"]["waist"] == 82.5
        assert "170 lb" in text_of(driver, By.CSS_SELECTOR, "#body-days .body-day[data-day='2026-11-01']")
        dots = driver.find_elements(By.CSS_SELECTOR, "#weight-chart .chart-dot")
        assert [d.get_attribute("data-value") for d in dots] == ["176.4", "174.2", "170"]
        assert not spill(driver, 390) and printed_nothing(driver) == [] and broken_labels(driver) == []
        driver.save_screenshot(os.path.join(OUT, "body-log-en-390x844.png"))
        driver.execute_script("window.confirm = () => true")
        click_on(driver, By.CSS_SELECTOR, "#body-days .body-day[data-day='2026-10-01'] button")
        wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#body-days .body-day[data-day='2026-10-01']"))
        assert [d["day"] for d in api_call(server, "GET", "/v1/me/body", token)["items"]] == ["2026-11-01", "2026-10-15"]

        # Two progress photos on two days, fetched with the token (no shareable link), compared side by side.
        for day in ("2026-10-01", "2026-11-01"):
            driver.execute_script(f"document.getElementById('body-photo-day').value = '{day}'")
            driver.find_element(By.ID, "body-photo-file").send_keys(geotagged_photo())
            wait(driver).until(lambda d: d.find_elements(By.XPATH, f"//*[@id='body-photos']//span[text()='{day}']"))
        wait(driver).until(lambda d: all((i.get_attribute("src") or "").startswith("blob:") for i in d.find_elements(By.CSS_SELECTOR, "#body-photos img"))
                           and len(d.find_elements(By.CSS_SELECTOR, "#body-photos img")) == 2)
        assert driver.find_element(By.ID, "body-compare").get_attribute("disabled") is not None
        for tile in driver.find_elements(By.CSS_SELECTOR, "#body-photos .body-photo"):
            tile.click()
        click_on(driver, By.ID, "body-compare")
        sheet = wait(driver).until(EC.visibility_of_element_located((By.ID, "body-compare-sheet")))
        wait(driver).until(lambda d: len([i for i in sheet.find_elements(By.TAG_NAME, "img") if d.execute_script("return arguments[0].naturalWidth", i)]) == 2)
        assert [f.text for f in sheet.find_elements(By.TAG_NAME, "figcaption")] == ["2026-10-01", "2026-11-01"]
        driver.save_screenshot(os.path.join(OUT, "body-photos-compare-en-390x844.png"))
        photo = api_call(server, "GET", "/v1/me/body/photos", token)["items"][0]
        other = api_sign_up(server, f"other-{uuid.uuid4().hex[:8]}@example.com", "Other")
        with pytest.raises(urllib.error.HTTPError) as refused:
            api_call(server, "GET", f"/v1/me/body/photos/{photo['id']}/thumb", other)
        assert refused.value.code == 404
    finally:
        driver.quit()


def test_editing_a_workout_keeps_what_the_editor_does_not_show(server):
    """A workout with a warm-up, RPE, rests, notes and a superset, edited by hand: the change lands
    and nothing else is lost; the log shows the set types and the RPE."""
    email = f"editor-{uuid.uuid4().hex[:8]}@example.com"
    token = api_sign_up(server, email, "Eda")
    workout = api_call(server, "POST", "/v1/workouts", token, {"startedAt": days_ago(1), "notes": "Upper", "exercises": [
        {"exerciseId": "bench-press", "superset": 1, "notes": "Paused, 1 s", "sets": [
            {"reps": 10, "weightKg": 40, "type": "warmup", "restSeconds": 0}, {"reps": 5, "weightKg": 100, "rpe": 8.5, "restSeconds": 0}]},
        {"exerciseId": "pull-up", "superset": 1, "sets": [{"reps": 6, "rir": 2, "restSeconds": 90}]},
        {"exerciseId": "running-treadmill", "sets": [{"seconds": 1800, "distanceM": 5200, "restSeconds": 0}]}]})
    driver = make_browser(390, 844)
    try:
        sign_in(driver, server, email, "correct horse battery")
        driver.get(server + "/#/training")
        ready(driver)
        row = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f"[data-workout='{workout['id']}'] .rows li")))
        assert "W 10 × 40 kg" in row.text and "@8.5" in row.text and "Paused, 1 s" in row.text, row.text
        driver.get(server + f"/#/workout/{workout['id']}")
        ready(driver)
        amount = "#workout-entries .entry:nth-child(1) .set-row:nth-child(2) [name=amount]"
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, amount).get_attribute("value") == "5")
        assert Select(driver.find_element(By.CSS_SELECTOR, "#workout-entries .entry:nth-child(1) .set-row:nth-child(1) [name=type]")).first_selected_option.get_attribute("value") == "warmup"
        type_in(driver, By.CSS_SELECTOR, amount, "6")
        Select(driver.find_element(By.CSS_SELECTOR, "#workout-entries .entry:nth-child(2) .set-row:nth-child(1) [name=type]")).select_by_value("failure")
        distance = "#workout-entries .entry:nth-child(3) .set-row [name=distance]"
        assert driver.find_element(By.CSS_SELECTOR, distance).get_attribute("value") == "5.2"
        type_in(driver, By.CSS_SELECTOR, distance, "6.25")
        click_on(driver, By.ID, "save-workout")
        wait(driver).until(lambda d: d.current_url.endswith("#/training"))
        saved = api_call(server, "GET", f"/v1/workouts/{workout['id']}", token)["exercises"]
        assert saved[0]["sets"] == [{"reps": 10, "weightKg": 40, "type": "warmup", "restSeconds": 0},
                                    {"reps": 6, "weightKg": 100, "rpe": 8.5, "restSeconds": 0}], saved
        assert saved[0]["notes"] == "Paused, 1 s" and [e.get("superset") for e in saved] == [1, 1, None]
        assert saved[1]["sets"] == [{"reps": 6, "rir": 2, "restSeconds": 90, "type": "failure"}], saved
        assert saved[2]["sets"] == [{"seconds": 1800, "distanceM": 6250, "restSeconds": 0}], saved
    finally:
        driver.quit()


def test_a_run_in_a_session_takes_its_distance_and_sets_the_farthest_record(server):
    email = f"runner-{uuid.uuid4().hex[:8]}@example.com"
    token = api_sign_up(server, email, "Runa")
    api_call(server, "POST", "/v1/workouts", token, {"startedAt": days_ago(1), "exercises": [
        {"exerciseId": "running-treadmill", "sets": [{"seconds": 1500, "distanceM": 5000}]}]})
    driver = make_browser(390, 844)
    try:
        sign_in(driver, server, email, "correct horse battery")
        driver.get(server + "/#/session?start=empty")
        ready(driver)
        pick_exercise(driver, By.ID, "add-exercise", "running-treadmill", query="treadmill")
        row = "[data-exercise='running-treadmill'] .session-set"
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, row + " [name=distanceM]"))
        type_in(driver, By.CSS_SELECTOR, row + " [name=distanceM]", "5.5")
        type_in(driver, By.CSS_SELECTOR, row + " [name=seconds]", "1620")
        def saved_distance(_):
            exercises = api_call(server, "GET", "/v1/training/session", token)["exercises"]
            return exercises and exercises[0]["sets"][0].get("distanceM") == 5500
        wait(driver).until(saved_distance)
        click_on(driver, By.CSS_SELECTOR, "[data-set='0-0']")
        click_on(driver, By.ID, "finish-session")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "session-summary")))
        records = text_of(driver, By.ID, "session-records")
        assert "farthest, 5.5 km" in records and "longest" in records, records
        logged = api_call(server, "GET", "/v1/workouts", token)["items"][0]["exercises"][0]["sets"]
        assert logged[0]["distanceM"] == 5500 and logged[0]["seconds"] == 1620, logged
    finally:
        driver.quit()


def test_older_workouts_come_a_page_at_a_time_back_through_empty_years(server):
    """The log opens on the last 30 days; "older" brings the rest of them past the first page, then
    the year before (a workout 45 days back), the year before that (400 days back), and says when
    three years back hold nothing more. An older workout deleted leaves the list where it was."""
    email, token = person(server, "ja", "older")
    recent = [api_call(server, "POST", "/v1/workouts", token, {
        "startedAt": days_ago(1 + i % 28, f"{8 + i // 28:02d}:{i:02d}:00"),
        "exercises": [{"exerciseId": "squat", "sets": [{"reps": 5, "weightKg": 60 + i}]}]})["id"] for i in range(51)]
    old = {n: api_call(server, "POST", "/v1/workouts", token, {"startedAt": days_ago(n), "notes": f"{n} days back",
                                                                "exercises": [{"exerciseId": "deadlift", "sets": [{"reps": 3, "weightKg": 140}]}]})["id"]
           for n in (45, 400)}
    driver = make_browser(390, 844, language="ja-JP")
    shown = lambda d: [e.get_attribute("data-workout") for e in d.find_elements(By.CSS_SELECTOR, "article[data-workout]")]
    try:
        sign_in(driver, server, email, "correct horse battery")
        driver.get(server + "/#/training")
        ready(driver)
        wait(driver).until(lambda d: len(shown(d)) == 50)
        assert text_of(driver, By.ID, "older-workouts") == "以前のワークアウトを表示"
        click_on(driver, By.ID, "older-workouts")
        wait(driver).until(lambda d: len(shown(d)) == 51)
        assert sorted(shown(driver)) == sorted(recent)
        click_on(driver, By.ID, "older-workouts")
        wait(driver).until(lambda d: len(shown(d)) == 52)
        assert shown(driver)[-1] == old[45]
        click_on(driver, By.ID, "older-workouts")
        wait(driver).until(lambda d: len(shown(d)) == 53)
        assert shown(driver)[-1] == old[400] and "400 days back" in text_of(driver, By.CSS_SELECTOR, f"[data-workout='{old[400]}']")
        click_on(driver, By.ID, "older-workouts")
        wait(driver).until(lambda d: d.find_element(By.ID, "older-note").is_displayed())
        assert "さかのぼっても" in text_of(driver, By.ID, "older-note")
        assert not driver.find_element(By.ID, "older-workouts").is_displayed() and len(shown(driver)) == 53
        driver.save_screenshot(os.path.join(OUT, "training-older-ja-390.png"))

        click_and_confirm(driver, By.CSS_SELECTOR, f'[data-delete-workout="{old[400]}"]')
        wait(driver).until(lambda d: old[400] not in shown(d))
        assert len(shown(driver)) == 52 and old[45] in shown(driver)
        gone = api_call(server, "GET", "/v1/workouts?from=" + days_ago(401)[:10] + "&to=" + days_ago(399)[:10], token)["items"]
        assert gone == []
    finally:
        driver.quit()
