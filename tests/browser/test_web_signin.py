"""Sign in with Google in the browser, through a local OpenID provider (tests/browser/oidc_provider.py):
the button appears only when the server is set up for it, the provider sends the person back, and
the page finishes with its own binding."""
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import click_on, is_shown, make_browser, serve, text_of
from oidc_provider import Provider
from test_account import ready, wait

CLIENT = "web-1234.apps.googleusercontent.com"


@pytest.fixture(scope="module")
def with_google():
    provider = Provider(CLIENT, "s3cret", {"sub": "google-sun", "email": "sun@example.com", "email_verified": True, "name": "Sun Park"})
    yield from ((url, provider) for url in serve(tempfile.mkdtemp(prefix="yaruki-oidc-"), extra=(
        "--google-web-client-id", CLIENT, "--google-web-client-secret", "s3cret",
        "--google-issuer", provider.issuer, "--google-jwks", provider.issuer + "/jwks")))
    provider.stop()


def test_without_a_web_client_there_is_no_provider_button(server, phone):
    phone.get(server + "/#/signin")
    ready(phone)
    wait(phone).until(EC.visibility_of_element_located((By.NAME, "email")))
    assert phone.execute_script("return (await fetch('/v1/meta').then((r) => r.json())).webSignIn") == []
    assert not phone.find_elements(By.CSS_SELECTOR, "#web-signin-google:not([hidden])") or \
        not is_shown(phone, By.ID, "web-signin-google")


def test_continue_with_google_signs_up_and_a_stray_return_signs_nobody_in(with_google):
    url, provider = with_google
    driver = make_browser(390, 844, language="ko-KR")
    try:
        # Back at the app without having started here: nothing to finish, and the page says so.
        driver.get(url + "/#/signin?web=finish")
        ready(driver)
        wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "main [role=status]"), "다시 시작해 주세요"))

        driver.get(url + "/#/signin")
        ready(driver)
        assert text_of(driver, By.ID, "web-signin-google") == "Google로 계속하기"
        click_on(driver, By.ID, "web-signin-google")
        # Off to the provider and back: the page finishes with its binding and signs the person in.
        wait(driver).until(lambda d: d.execute_script("return document.body.dataset.view") == "home"
                           and "signin" not in d.current_url)
        wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "Sun Park"))
        assert provider.refusals == []
        assert driver.execute_script("return JSON.parse(localStorage.getItem('yaruki.user')).email") == "sun@example.com"
        # The session is a real one: after a reload the refresh cookie still signs them in.
        driver.refresh()
        ready(driver)
        wait(driver).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "h1"), "Sun Park"))
        assert driver.execute_script("return sessionStorage.getItem('yaruki.webSignIn')") is None
    finally:
        driver.quit()
