"""A training session on a phone: start a saved routine, mark sets done and see the rest start on
its own, reload mid-rest and find it as it was, finish and see the summary with its records."""
import json
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import make_browser
from test_account import api_call, api_login, click, ready, sign_up, wait


def test_a_routine_session_from_start_to_personal_records(server):
    driver = make_browser(390, 844)
    try:
        email = f"session-{uuid.uuid4().hex[:6]}@example.com"
        sign_up(driver, server, email, name="Sam")
        token = api_login(server, email)["accessToken"]
        # Last week: squats 5 × 60, the routine: squats 3 × 5 with 60 s rest.
        api_call(server, "POST", "/v1/workouts", token, {"startedAt": "2026-11-20T08:00:00Z", "notes": "Legs",
                                                          "exercises": [{"exerciseId": "squat", "sets": [{"reps": 5, "weightKg": 60}]}]})
        api_call(server, "POST", "/v1/routines", token, {"title": "Legs", "public": False, "items": [
            {"exerciseId": "squat", "sets": 3, "reps": 5, "restSeconds": 60}]})

        driver.get(server + "/#/training")
        ready(driver)
        click(driver, wait(driver).until(EC.element_to_be_clickable((By.ID, "start-session"))))
        start = wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-routine] button")))
        click(driver, start)
        card = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-exercise=squat]")))
        rows = card.find_elements(By.CSS_SELECTOR, ".session-set")
        assert len(rows) == 3
        # Last time's numbers beside each set, and pre-filled.
        assert "60 kg × 5" in rows[0].find_element(By.CSS_SELECTOR, ".set-previous").text
        assert rows[0].find_element(By.NAME, "weightKg").get_attribute("value") == "60"

        # Counting reps with the big number, then one tap marks the set done: the rest starts by itself.
        for _ in range(6):
            click(driver, driver.find_element(By.ID, "count-rep"))
        assert driver.find_element(By.ID, "count-rep").text == "6"
        click(driver, driver.find_element(By.CSS_SELECTOR, "[data-set='0-0']"))
        ring = wait(driver).until(EC.visibility_of_element_located((By.ID, "rest-ring")))
        assert ring.get_attribute("role") == "timer"
        text = driver.find_element(By.ID, "rest-left").text  # "1:00", then "59"…
        left = sum(int(part) * 60 ** i for i, part in enumerate(reversed(text.split(":"))))
        assert 50 <= left <= 60, text
        assert driver.find_element(By.CSS_SELECTOR, "[data-set='0-0']").get_attribute("aria-pressed") == "true"

        # The server has it (saved after the change), and a reload mid-rest finds it as it was.
        wait(driver).until(lambda d: api_call(server, "GET", "/v1/training/session", token)["phase"] == "rest")
        driver.refresh()
        ready(driver)
        wait(driver).until(EC.visibility_of_element_located((By.ID, "rest-ring")))
        assert driver.find_element(By.CSS_SELECTOR, "[data-set='0-0']").get_attribute("aria-pressed") == "true"
        rows = driver.find_elements(By.CSS_SELECTOR, "[data-exercise=squat] .session-set")
        assert rows[0].find_element(By.NAME, "reps").get_attribute("value") == "6"

        # Skip the rest; the third set moves up (its menu) and back; make the second heavier, done, finish.
        click(driver, driver.find_element(By.ID, "skip-rest"))
        rows = driver.find_elements(By.CSS_SELECTOR, "[data-exercise=squat] .session-set")
        click(driver, rows[2].find_element(By.CSS_SELECTOR, ".set-menu summary"))
        click(driver, rows[2].find_element(By.CSS_SELECTOR, "[data-move=up]"))
        rows = driver.find_elements(By.CSS_SELECTOR, "[data-exercise=squat] .session-set")
        click(driver, rows[1].find_element(By.CSS_SELECTOR, ".set-menu summary"))
        click(driver, rows[1].find_element(By.CSS_SELECTOR, "[data-move=down]"))
        rows = driver.find_elements(By.CSS_SELECTOR, "[data-exercise=squat] .session-set")
        assert [r.find_element(By.CSS_SELECTOR, ".set-index").text for r in rows] == ["1", "2", "3"]
        weight = rows[1].find_element(By.NAME, "weightKg")
        weight.clear()
        weight.send_keys("70")
        driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", weight)
        click(driver, driver.find_element(By.CSS_SELECTOR, "[data-set='0-1']"))
        wait(driver).until(EC.visibility_of_element_located((By.ID, "rest-ring")))
        click(driver, driver.find_element(By.ID, "finish-session"))
        summary = wait(driver).until(EC.visibility_of_element_located((By.ID, "session-summary")))
        assert driver.find_element(By.ID, "summary-sets").text == "2"
        assert driver.find_element(By.ID, "summary-volume").text == "710 kg"  # 6 × 60 + 5 × 70
        records = driver.find_element(By.ID, "session-records").text
        assert "heaviest ever, 70 kg" in records and "most reps at 60 kg: 6" in records
        assert "Last time: 300 kg in 1 sets" in summary.text
        assert driver.execute_script("return localStorage.getItem('yaruki.trainingSession')") is None
        workouts = api_call(server, "GET", "/v1/workouts", token)["items"]
        assert workouts[0]["exercises"][0]["sets"] == [{"reps": 6, "weightKg": 60, "restSeconds": 60}, {"reps": 5, "weightKg": 70, "restSeconds": 60}]
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390

        # The training page opens on the week and the charts: the squat's best estimated 1RM per
        # session (last week's 5 × 60 → 70; today's best, 5 × 70 → 81.7), and its records.
        click(driver, driver.find_element(By.CSS_SELECTOR, "a[href='#/training']"))
        wait(driver).until(EC.visibility_of_element_located((By.ID, "training-progress")))
        assert "1" in driver.find_element(By.ID, "week-figures").text
        bars = wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#exercise-chart > svg rect.chart-bar"))
        assert [float(b.get_attribute("data-value")) for b in bars] == [70, 81.7]
        assert driver.find_elements(By.CSS_SELECTOR, "#weeks-chart rect.chart-bar")
        assert [float(b.get_attribute("data-value")) for b in driver.find_elements(By.CSS_SELECTOR, "#exercise-volume rect.chart-bar")] == [300, 710]
        assert "70 kg" in driver.find_element(By.ID, "exercise-records").text
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        driver.quit()


def test_pounds_are_shown_and_stored_as_kilograms(server):
    driver = make_browser(390, 844)
    try:
        email = f"pounds-{uuid.uuid4().hex[:6]}@example.com"
        sign_up(driver, server, email, name="Pat")
        token = api_login(server, email)["accessToken"]
        api_call(server, "POST", "/v1/workouts", token, {"startedAt": "2026-11-20T08:00:00Z",
                                                          "exercises": [{"exerciseId": "deadlift", "sets": [{"reps": 5, "weightKg": 100}]}]})
        # The Account page keeps the unit.
        driver.get(server + "/#/account")
        ready(driver)
        unit = wait(driver).until(EC.presence_of_element_located((By.ID, "f-weightUnit")))
        driver.execute_script("arguments[0].value = 'lb'", unit)
        click(driver, unit.find_element(By.XPATH, "ancestor::form//button[@type='submit']"))
        wait(driver).until(lambda d: api_call(server, "GET", "/v1/me", token)["weightUnit"] == "lb")

        driver.get(server + "/#/session")
        ready(driver)
        click(driver, wait(driver).until(EC.element_to_be_clickable((By.ID, "repeat-last"))))
        row = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-exercise=deadlift] .session-set")))
        assert "220.5 lb × 5" in row.find_element(By.CSS_SELECTOR, ".set-previous").text
        # Last time's 100 kg (220.5 lb) is pre-filled as what plates make in pounds: 220 lb.
        weight = row.find_element(By.NAME, "weightKg")
        assert weight.get_attribute("value") == "220"
        weight.clear()
        weight.send_keys("225")
        driver.execute_script("arguments[0].dispatchEvent(new Event('change'))", weight)
        wait(driver).until(lambda d: abs((api_call(server, "GET", "/v1/training/session", token)["exercises"][0]["sets"][0].get("weightKg") or 0)
                                         - 102.0582) < 0.001)
    finally:
        driver.quit()
