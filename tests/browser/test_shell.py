"""The browser app's shell in a real headless Chromium against the real server."""
import os

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select

from conftest import attribute_of, click_on, make_browser, text_of, wait



def test_shell_loads_signed_out_with_navigation_and_says_what_yaruki_is(server, phone):
    phone.get(server + "/")
    wait(phone).until(EC.visibility_of_element_located((By.ID, "home-signup")))
    assert text_of(phone, By.CSS_SELECTOR, "h1") == "Keep it going"
    assert "quota" in text_of(phone, By.CSS_SELECTOR, "main .lead")
    assert not phone.find_elements(By.ID, "server-status"), "operator facts are not for members"
    # A signed-out start is silent: nothing refused in the console (no refresh without a session).
    failed = [e["message"] for e in phone.get_log("browser") if "Failed to load resource" in e["message"]]
    assert not failed, failed
    tabs = [a.text.split("\n")[-1] for a in phone.find_elements(By.CSS_SELECTOR, "#nav a") if a.is_displayed()]
    assert tabs == ["Home", "Training", "Community", "Lifelog", "More"]
    bar = phone.find_element(By.ID, "nav").rect
    assert bar["y"] + bar["height"] >= 844 - 120, "the tab bar sits at the bottom on a phone"


def test_language_switch_translates_the_page_and_sticks(server, phone):
    phone.get(server + "/#/training")
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "Training"))
    Select(phone.find_element(By.ID, "language")).select_by_value("ja")
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "トレーニング"))
    assert attribute_of(phone, By.TAG_NAME, "html", "lang") == "ja"
    assert "ログインするとワークアウトを記録できます" in text_of(phone, By.CSS_SELECTOR, ".empty")
    Select(phone.find_element(By.ID, "language")).select_by_value("ko")
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "트레이닝"))
    phone.refresh()
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "트레이닝"))


def test_browser_language_is_the_default(server):
    driver = make_browser(390, 844, language="ja-JP")
    try:
        driver.get(server + "/")
        wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "続けよう"))
    finally:
        driver.quit()


def test_problem_responses_show_in_the_page(server, phone):
    phone.get(server + "/")
    wait(phone).until(EC.visibility_of_element_located((By.ID, "home-signup")))
    phone.execute_script("window.yaruki.api('/v1/no-such-thing').catch((p) => window.yaruki.showProblem(p))")
    problem = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    assert "Not Found" in problem.text
    assert "/v1/no-such-thing" in problem.text
    assert problem.get_attribute("data-status") == "404"
    click_on(phone, By.CSS_SELECTOR, "#problems .problem button")
    assert phone.find_elements(By.CSS_SELECTOR, "#problems .problem") == []


def test_unknown_page_has_an_empty_state_with_a_way_back(server, phone):
    phone.get(server + "/#/nowhere")
    empty = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".empty")))
    assert "does not exist" in empty.text
    click_on(phone, By.CSS_SELECTOR, ".empty a.button")
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "Keep it going"))


def test_screenshots_for_review(server):
    """Phone and desktop, dark and light; kept under bench/out for a person to look at."""
    out = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "bench", "out", "screens")
    os.makedirs(out, exist_ok=True)
    for width, height in ((390, 844), (1440, 900)):
        for scheme in ("dark", "light"):
            driver = make_browser(width, height, scheme)
            try:
                driver.get(server + "/")
                wait(driver).until(EC.visibility_of_element_located((By.ID, "home-signup")))
                path = os.path.join(out, f"home-{width}x{height}-{scheme}.png")
                driver.save_screenshot(path)
                assert os.path.getsize(path) > 5000
            finally:
                driver.quit()
