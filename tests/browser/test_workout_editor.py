"""Logging a workout by hand and editing it, in a real Chromium against the real server."""
import json
import urllib.request
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import attribute_of, click_on, pick_exercise, type_in, wait, with_class

from test_account import ready, sign_up



def workouts(server, email):
    login = json.dumps({"email": email, "password": "correct horse battery"}).encode()
    with urllib.request.urlopen(urllib.request.Request(server + "/v1/auth/login", data=login, headers={"Content-Type": "application/json"})) as r:
        token = json.load(r)["accessToken"]
    with urllib.request.urlopen(urllib.request.Request(server + "/v1/workouts", headers={"Authorization": f"Bearer {token}"})) as r:
        return json.load(r)["items"]


def entry(n):
    """The editor's n-th exercise (from 1), as an XPath."""
    return f"(//*[@id='workout-form']//*[{with_class('entry')}])[{n}]"


def set_field(n, row, name):
    """A field of the n-th exercise's row-th set (both from 1)."""
    return f"({entry(n)}//*[{with_class('set-row')}])[{row}]//input[@name='{name}']"


def choose(driver, xpath, value):
    pick_exercise(driver, By.XPATH, xpath, value)


def test_log_by_hand_fix_a_mistake_and_edit(server, phone):
    email = f"hand-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(phone, server, email, name="Hal")
    phone.get(server + "/#/training")
    ready(phone)
    click_on(phone, By.ID, "log-by-hand")
    choose(phone, entry(1) + "//button[@name='exerciseId']", "push-up")
    click_on(phone, By.XPATH, entry(1) + "//button[text()='Add a set']")
    type_in(phone, By.XPATH, set_field(1, 1, "amount"), "12")
    type_in(phone, By.XPATH, set_field(1, 2, "amount"), "-1")  # a slip of the thumb
    click_on(phone, By.XPATH, "//*[@id='workout-form']//button[text()='Add an exercise']")
    choose(phone, entry(2) + "//button[@name='exerciseId']", "plank")
    type_in(phone, By.XPATH, set_field(2, 1, "amount"), "60")
    click_on(phone, By.CSS_SELECTOR, "#workout-form button[type=submit]")
    # Checked in the page before sending: the slipped set is named and marked, not its neighbour.
    problem = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    assert "Reps: must be 0 to 1000" in problem.text
    assert attribute_of(phone, By.XPATH, set_field(1, 2, "amount"), "aria-invalid") == "true"
    assert attribute_of(phone, By.XPATH, set_field(1, 1, "amount"), "aria-invalid") is None
    assert workouts(server, email) == []

    type_in(phone, By.XPATH, set_field(1, 2, "amount"), "10")
    # A push-up is a body-weight move: no weight column until one is asked for (a vest, say).
    assert not phone.find_element(By.XPATH, set_field(1, 2, "weight")).is_displayed()
    click_on(phone, By.XPATH, entry(1) + "//button[@data-action='add-weight']")
    type_in(phone, By.XPATH, set_field(1, 2, "weight"), "7.5")
    click_on(phone, By.CSS_SELECTOR, "#workout-form button[type=submit]")
    wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, "article.workout")))
    saved = workouts(server, email)
    assert len(saved) == 1
    assert saved[0]["exercises"] == [
        {"exerciseId": "push-up", "sets": [{"reps": 12}, {"reps": 10, "weightKg": 7.5}]},
        {"exerciseId": "plank", "sets": [{"seconds": 60}]},
    ]

    click_on(phone, By.XPATH, f"//article[{with_class('workout')}]//a[text()='Edit']")
    wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#workout-form .entry")) == 2)
    # Edited again: the set with a weight shows its field, the one without keeps none.
    assert phone.find_element(By.XPATH, set_field(1, 2, "weight")).is_displayed()
    assert not phone.find_element(By.XPATH, set_field(1, 1, "weight")).is_displayed()
    assert attribute_of(phone, By.XPATH, set_field(1, 1, "amount"), "value") == "12"
    type_in(phone, By.XPATH, set_field(1, 1, "amount"), "15")
    click_on(phone, By.CSS_SELECTOR, "#workout-form button[type=submit]")
    wait(phone).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-view") == "training")
    wait(phone).until(lambda d: workouts(server, email)[0]["exercises"][0]["sets"][0] == {"reps": 15})
    assert len(workouts(server, email)) == 1
