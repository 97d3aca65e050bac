"""Cheering a groupmate from the standings, in two real browsers: Mina (in Japanese) cheers Ren on
from Home; Ren (in English) hears it at once, finds it among his notifications, and mutes her."""
import os

from selenium.webdriver.common.by import By

from conftest import click_on, make_browser, text_of, with_class
from test_account import OUT, wait
from test_layout import demo, sign_in  # noqa: F401  (the demo server fixture)


def test_a_cheer_from_the_standings_arrives_live_and_can_be_muted(demo):  # noqa: F811
    mina = make_browser(390, 844, language="ja-JP")
    ren = make_browser(390, 844, language="en-US")
    try:
        sign_in(ren, demo, "ren@yaruki.example", "yaruki-demo-ren")
        ren.get(demo + "/#/home")
        sign_in(mina, demo, "mina@yaruki.example", "yaruki-demo-mina")
        mina.get(demo + "/#/home")
        row = wait(mina).until(lambda d: d.find_element(By.CSS_SELECTOR, '.member[data-member] .cheers button[data-kind="cheer"]'))
        target = row.find_element(By.XPATH, "ancestor::li[@data-member]")
        name = target.find_element(By.TAG_NAME, "strong").text
        # Cheer Ren (whichever row is his).
        ren_row = f"//li[{with_class('member')} and @data-member][.//strong[text()='Ren']]"
        click_on(mina, By.XPATH, ren_row + "//button[@data-kind='cheer']")
        wait(mina).until(lambda d: "Renさんを応援しました" in d.find_element(By.ID, "toast").text)
        wait(mina).until(lambda d: all(b.get_attribute("disabled") for b in d.find_elements(By.XPATH, ren_row + f"//*[{with_class('cheers')}]//button")))
        os.makedirs(OUT, exist_ok=True)
        mina.save_screenshot(os.path.join(OUT, "cheers-ja-390x844.png"))
        # Ren hears it live, then in his notifications, and mutes Mina.
        wait(ren, 30).until(lambda d: "Mina is cheering you on!" in d.find_element(By.ID, "toast").text)
        ren.get(demo + "/#/notifications")
        assert "Mina cheered you on" in text_of(ren, By.CSS_SELECTOR, '[data-kind="cheer"]')
        click_on(ren, By.CSS_SELECTOR, "[data-mute]")
        wait(ren).until(lambda d: "muted" in d.find_element(By.ID, "toast").text)
        assert name
    finally:
        mina.quit()
        ren.quit()
