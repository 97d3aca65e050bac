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
