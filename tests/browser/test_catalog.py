"""The catalog of the whole gym on a phone in Japanese and Korean: the exercises page finds every
bench press by "ベンチ" or "벤치" and narrows them by equipment, and a session adds one found by
its equipment and name ("덤벨 벤치") in the picker's search, used lately first the next time."""
import os
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select

from conftest import click_on, make_browser, type_in, wait
from test_account import OUT, api_call, api_sign_up, ready
from test_layout import broken_labels, printed_nothing, sign_in, spill

BENCHES = {"bench-press", "dumbbell-bench-press", "decline-barbell-bench-press", "incline-dumbbell-press", "close-grip-barbell-bench-press"}


def shown_ids(driver, css):
    return driver.execute_script(f"return [...document.querySelectorAll({css!r})].map(e => e.dataset.exercise)")


@pytest.mark.parametrize("language,query,both", [("ja-JP", "ベンチ", "ダンベル ベンチ"), ("ko-KR", "벤치", "덤벨 벤치")])
def test_bench_presses_are_found_in_each_language_and_one_is_added_to_a_session(server, language, query, both):
    lang = language[:2]
    email = f"catalog-{uuid.uuid4().hex[:8]}@example.com"
    api_call(server, "PATCH", "/v1/me", api_sign_up(server, email, "Kai"), {"locale": lang})
    driver = make_browser(390, 844, language=language)
    try:
        sign_in(driver, server, email, "correct horse battery")
        driver.get(server + "/#/exercises")
        ready(driver)
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#exercise-list [data-exercise]"))
        everything = int("".join(ch for ch in driver.find_element(By.ID, "exercise-count").text if ch.isdigit()))
        assert everything == 877
        type_in(driver, By.ID, "exercise-search", query)
        wait(driver).until(lambda d: "bench-press" in shown_ids(d, "#exercise-list [data-exercise]"))
        found = shown_ids(driver, "#exercise-list [data-exercise]")
        assert "bench-press" in found[:5], found[:5]
        assert BENCHES - {"incline-dumbbell-press"} <= set(found), found
        # Each card says what it is done with and trains, in the page's language.
        facts = driver.find_element(By.CSS_SELECTOR, "#exercise-list [data-exercise='dumbbell-bench-press'] .muted").text
        assert {"ja": "ダンベル", "ko": "덤벨"}[lang] in facts and {"ja": "胸", "ko": "가슴"}[lang] in facts, facts
        Select(driver.find_element(By.ID, "exercise-equipment")).select_by_value("dumbbell")
        wait(driver).until(lambda d: "bench-press" not in shown_ids(d, "#exercise-list [data-exercise]"))
        narrowed = shown_ids(driver, "#exercise-list [data-exercise]")
        assert "dumbbell-bench-press" in narrowed and len(narrowed) < len(found)
        assert not spill(driver, 390) and printed_nothing(driver) == []
        driver.save_screenshot(os.path.join(OUT, f"catalog-search-{lang}-390x844.png"))

        # In a session, the picker finds it by equipment and name together.
        driver.get(server + "/#/session?start=empty")
        ready(driver)
        click_on(driver, By.ID, "add-exercise")
        type_in(driver, By.ID, "picker-search", both)
        wait(driver).until(lambda d: shown_ids(d, "dialog[open] .picker-item")[:1] == ["dumbbell-bench-press"])
        assert "bench-press" not in shown_ids(driver, "dialog[open] .picker-item")
        assert broken_labels(driver) == []
        driver.save_screenshot(os.path.join(OUT, f"catalog-picker-{lang}-390x844.png"))
        click_on(driver, By.CSS_SELECTOR, "dialog[open] .picker-item[data-exercise='dumbbell-bench-press']")
        wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#session-exercises [data-exercise='dumbbell-bench-press']")))
        # The next time, with nothing typed, it is the first one offered.
        click_on(driver, By.ID, "add-exercise")
        wait(driver).until(lambda d: shown_ids(d, "dialog[open] .picker-item")[:1] == ["dumbbell-bench-press"])
        assert {"ja": "最近", "ko": "최근"}[lang] in driver.find_element(By.CSS_SELECTOR, "dialog[open] .picker-item").text
    finally:
        driver.quit()


def test_an_exercise_of_my_own_is_added_logged_in_a_session_and_merged(server):
    """Not in the catalog: Ivy adds her own, finds it in the session's picker, logs a set of it,
    then merges it into the catalog's landmine jammer: her set moves there, her own is gone."""
    email = f"own-{uuid.uuid4().hex[:8]}@example.com"
    token = api_sign_up(server, email, "Ivy")
    driver = make_browser(390, 844)
    try:
        sign_in(driver, server, email, "correct horse battery")
        driver.get(server + "/#/exercises")
        ready(driver)
        click_on(driver, By.ID, "own-new")
        type_in(driver, By.ID, "own-name", "Half-kneeling landmine press")
        Select(driver.find_element(By.ID, "own-equipment")).select_by_value("barbell")
        Select(driver.find_element(By.ID, "own-muscle")).select_by_value("shoulders")
        driver.save_screenshot(os.path.join(OUT, "own-exercise-new-en-390x844.png"))
        click_on(driver, By.ID, "own-save")
        mine = wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#exercise-list article.mine"))
        assert "Half-kneeling landmine press" in mine[0].text and "Mine" in mine[0].text
        own_id = mine[0].get_attribute("data-exercise")
        assert own_id.startswith("my-")
        assert api_call(server, "GET", "/v1/me/exercises", token)["items"][0]["names"]["ja"] == "Half-kneeling landmine press"

        # The session's picker finds it, and a set of it is logged.
        driver.get(server + "/#/session?start=empty")
        ready(driver)
        click_on(driver, By.ID, "add-exercise")
        type_in(driver, By.ID, "picker-search", "kneeling landmine")
        click_on(driver, By.CSS_SELECTOR, f"dialog[open] .picker-item[data-exercise='{own_id}']")
        row = f"[data-exercise='{own_id}'] .session-set"
        type_in(driver, By.CSS_SELECTOR, row + " [name=weightKg]", "30")
        driver.execute_script("document.querySelector(arguments[0]).dispatchEvent(new Event('change'))", row + " [name=weightKg]")
        type_in(driver, By.CSS_SELECTOR, row + " [name=reps]", "8")
        driver.execute_script("document.querySelector(arguments[0]).dispatchEvent(new Event('change'))", row + " [name=reps]")
        click_on(driver, By.CSS_SELECTOR, "[data-set='0-0']")
        click_on(driver, By.ID, "finish-session")
        wait(driver).until(EC.visibility_of_element_located((By.ID, "session-summary")))
        logged = api_call(server, "GET", "/v1/workouts", token)["items"][0]["exercises"]
        assert logged == [{"exerciseId": own_id, "sets": [{"reps": 8, "weightKg": 30, "restSeconds": 90}]}], logged

        # Merged into the catalog's: the set moves, the card goes.
        driver.get(server + "/#/exercises")
        ready(driver)
        click_on(driver, By.CSS_SELECTOR, f"[data-exercise='{own_id}'] .more-menu summary")
        click_on(driver, By.CSS_SELECTOR, f"[data-exercise='{own_id}'] [name=merge-into]")
        type_in(driver, By.ID, "picker-search", "landmine jammer")
        click_on(driver, By.CSS_SELECTOR, "dialog[open] .picker-item[data-exercise='landmine-linear-jammer']")
        wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#exercise-list article.mine"))
        logged = api_call(server, "GET", "/v1/workouts", token)["items"][0]["exercises"]
        assert logged[0]["exerciseId"] == "landmine-linear-jammer" and logged[0]["sets"][0]["reps"] == 8
        assert api_call(server, "GET", "/v1/me/exercises", token)["items"] == []
    finally:
        driver.quit()
