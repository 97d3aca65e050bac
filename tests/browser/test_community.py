"""The community in a real Chromium against the real server: post with a photo, like, comment,
and routines saved with a like and started in the timer."""
import os
import subprocess
import tempfile
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import act, attribute_of, click_and_confirm, click_on, locator, pick_exercise, type_in, wait

from test_account import api_call, api_login, api_sign_up, ready, sign_up





def geotagged_photo():
    path = os.path.join(tempfile.mkdtemp(prefix="yaruki-photo-"), "legs.jpg")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=800x600", "-frames:v", "1", path], check=True)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-GPSLatitude=37.5665", "-GPSLatitudeRef=N", "-GPSLongitude=126.978",
                    "-GPSLongitudeRef=E", "-Make=Phone", path], check=True)
    return path


def test_post_a_photo_like_it_and_talk_under_it(server, phone):
    email = f"poster-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(phone, server, email, name="Pat")
    # A board nobody has posted on (no test posts for feedback): it is empty and says what to do.
    phone.get(server + "/#/community?board=feedback")
    ready(phone)
    empty = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".feed .empty")))
    assert "Nobody has asked for feedback yet" in empty.text
    phone.get(server + "/#/community?board=done")
    ready(phone)
    click_on(phone, By.ID, "new-post")
    # A done post without a photo is refused, with the photos field marked.
    type_in(phone, By.ID, "compose-body", "Legs day done.", clear=False)
    click_on(phone, By.ID, "send-post")
    problem = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    assert "Photos:" in problem.text and "photoIds" not in problem.text
    assert attribute_of(phone, By.ID, "compose-photos", "aria-invalid") == "true"

    type_in(phone, By.ID, "compose-photos", geotagged_photo(), clear=False)
    wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".preview[data-photo]")))
    click_on(phone, By.ID, "send-post")
    wait(phone).until(lambda d: "#/post/" in d.current_url)
    image = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".post-detail img.photo-full")))
    wait(phone).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) == 800)

    # Edit it: new text, the photo kept.
    click_on(phone, By.ID, "edit-post")
    wait(phone).until(lambda d: d.find_element(By.ID, "compose-body").get_attribute("value") == "Legs day done."
                      and d.find_elements(By.CSS_SELECTOR, ".preview[data-photo]"))
    type_in(phone, By.ID, "compose-body", "Legs day done. Knees held up.")
    click_on(phone, By.ID, "send-post")
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".post-detail .post-body"), "Knees held up."))
    assert len(phone.find_elements(By.CSS_SELECTOR, ".post-detail img.photo-full")) == 1

    # On the board, with a like that counts once.
    phone.get(server + "/#/community?board=done")
    card = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "article.post")))
    assert "Legs day done." in card.text
    click_on(phone, By.CSS_SELECTOR, "article.post button.like")
    wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, "article.post button.like").get_attribute("aria-pressed") == "true"
                      and d.find_element(By.CSS_SELECTOR, "article.post button.like").text.strip() == "1")
    post_id = card.get_attribute("data-post")
    token = api_login(server, email)["accessToken"]
    assert api_call(server, "GET", f"/v1/posts/{post_id}", token)["likeCount"] == 1

    # Someone comments; the author sees it and may remove it.
    other = f"commenter-{uuid.uuid4().hex[:8]}@example.com"
    other_token = api_sign_up(server, other, "Cole")
    badge = phone.find_element(By.ID, "bell-badge")
    assert not badge.is_displayed()
    api_call(server, "POST", f"/v1/posts/{post_id}/comments", other_token, {"body": "Knees out a little more!"})
    # The bell hears of it over the event stream, without a reload.
    wait(phone).until(lambda d: badge.is_displayed() and badge.text == "1")
    click_on(phone, By.ID, "bell")
    note = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".notifications li[data-kind=comment]")))
    assert "Cole commented on your post" in note.text
    wait(phone).until(lambda d: not d.find_element(By.ID, "bell-badge").is_displayed())
    phone.get(server + f"/#/post/{post_id}")
    comment = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "li.comment")))
    assert "Knees out" in comment.text and "Cole" in comment.text
    type_in(phone, By.ID, "comment-body", "Thanks, will do.", clear=False)
    click_on(phone, By.CSS_SELECTOR, ".comment-form button[type=submit]")
    wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.comment")) == 2)
    click_and_confirm(phone, By.XPATH, "//li[contains(., 'Knees out')]//button[text()='Delete']", expect="comment")
    wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "li.comment")) == 1)


def test_save_a_routine_with_a_like_and_start_it(server, phone):
    author = f"coach-{uuid.uuid4().hex[:8]}@example.com"
    coach = api_sign_up(server, author, "Coach")
    title = f"Push day {uuid.uuid4().hex[:4]}"
    routine = api_call(server, "POST", "/v1/routines", coach, {"title": title, "public": True,
                                                           "items": [{"exerciseId": "push-up", "sets": 4, "reps": 10, "restSeconds": 90}]})
    email = f"saver-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(phone, server, email, name="Sam")
    phone.get(server + "/#/routines")
    ready(phone)
    type_in(phone, By.ID, "routine-search", "腕立て", clear=False)  # the exercise's Japanese name finds it
    click_on(phone, By.CSS_SELECTOR, f'[data-routine="{routine["id"]}"] button.like')
    wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, f'[data-save="{routine["id"]}"]').get_attribute("aria-pressed") == "true")
    click_on(phone, By.CSS_SELECTOR, '[data-tab="mine"]')
    # The browse list held the same card: wait until My routines has been drawn, then look.
    wait(phone).until(lambda d: not d.find_element(By.ID, "routine-search").is_displayed()
                      and not d.find_elements(By.CSS_SELECTOR, "main [aria-busy]"))
    click_on(phone, By.CSS_SELECTOR, f'[data-routine="{routine["id"]}"] [data-start-routine="{routine["id"]}"]')
    # Start opens a training session of the routine: four sets of ten push-ups, none done yet.
    wait(phone).until(lambda d: "#/session" in d.current_url)
    card = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-exercise=push-up]")))
    assert len(card.find_elements(By.CSS_SELECTOR, ".session-set")) == 4
    assert attribute_of(phone, By.CSS_SELECTOR, "[data-exercise=push-up] .session-set [name=reps]", "value") == "10"
    assert attribute_of(phone, By.CSS_SELECTOR, "[data-set='0-0']", "aria-pressed") == "false"


def test_a_save_landing_while_a_search_redraws_the_list_still_shows(server, phone):
    """A save tapped just after typing a search: the search may redraw the list before the save
    is answered, or read the routines before the save lands and answer after it. Either way the
    card on the screen must end up showing what was saved (a loaded CI run once left it unsaved)."""
    coach = api_sign_up(server, f"coach-{uuid.uuid4().hex[:8]}@example.com", "Coach")
    title = f"Race day {uuid.uuid4().hex[:4]}"
    routine = api_call(server, "POST", "/v1/routines", coach, {"title": title, "public": True,
                                                           "items": [{"exerciseId": "squat", "sets": 3, "reps": 8, "restSeconds": 60}]})
    rid = routine["id"]
    sign_up(phone, server, f"racer-{uuid.uuid4().hex[:8]}@example.com", name="Rae")
    phone.get(server + "/#/routines")
    ready(phone)
    card = f'[data-routine="{rid}"]'
    wait(phone).until(lambda d: d.find_elements(By.CSS_SELECTOR, card))
    # The save is tapped, then a search typed; the save goes out only once the search has read
    # the routines and drawn the list again (its cards are new ones, showing it unsaved).
    phone.execute_script("""
        const real = window.fetch, card = arguments[0];
        document.querySelector(card).dataset.old = "yes";
        window.fetch = async (url, options = {}) => {
          if ((options.method || "GET") === "PUT" && String(url).includes("/like")) {
            await new Promise((done) => { const held = setInterval(() => {
              const now = document.querySelector(card);
              if (now && !now.dataset.old && !document.querySelector("main [aria-busy]")) { clearInterval(held); done(); }
            }, 20); });
          }
          return real(url, options);
        };""", card)
    click_on(phone, By.CSS_SELECTOR, f"{card} button.like")
    type_in(phone, By.ID, "routine-search", title, clear=False)
    wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, f'[data-save="{rid}"]').get_attribute("aria-pressed") == "true")
    assert phone.find_element(By.CSS_SELECTOR, f'[data-save="{rid}"]').text == "1"
    # The search reads the routines before the unsave lands and is answered after it.
    phone.execute_script("""
        const real = window.fetch;
        window.__searchRead = false;
        window.__released = false;
        const wrapped = async (url, options = {}) => {
          const method = options.method || "GET";
          if (method === "DELETE" && String(url).includes("/like")) {
            await new Promise((done) => { const held = setInterval(() => { if (window.__searchRead) { clearInterval(held); done(); } }, 20); });
            return real(url, options);
          }
          const reply = await real(url, options);
          if (method === "GET" && String(url).includes("/v1/routines?") && String(url).includes("q=")) {
            window.__searchRead = true;
            await new Promise((done) => { const held = setInterval(() => {
              if (document.getElementById("toast").textContent.includes("Removed from my routines")) { clearInterval(held); done(); }
            }, 20); });
            window.__released = true;
          }
          return reply;
        };
        window.fetch = wrapped;""")
    click_on(phone, By.CSS_SELECTOR, f'[data-save="{rid}"]')
    type_in(phone, By.ID, "routine-search", " ", clear=False)
    # Once the search held back has been answered and the list drawn, it shows the unsave.
    wait(phone).until(lambda d: d.execute_script("return window.__released") and not d.find_elements(By.CSS_SELECTOR, "main [aria-busy]"))
    assert attribute_of(phone, By.CSS_SELECTOR, f'[data-save="{rid}"]', "aria-pressed") == "false"
    assert phone.find_element(By.CSS_SELECTOR, f'[data-save="{rid}"]').text == "0"
    assert api_call(server, "GET", f"/v1/routines/{rid}", coach)["saveCount"] == 0


def test_write_a_routine_and_fix_a_mistake(server, phone):
    sign_up(phone, server, f"writer-{uuid.uuid4().hex[:8]}@example.com", name="Wren")
    phone.get(server + "/#/routines")
    ready(phone)
    click_on(phone, By.ID, "new-routine")
    type_in(phone, By.ID, "routine-title", "Five minute core", clear=False)
    pick_exercise(phone, By.CSS_SELECTOR, "#routine-items li [name=exerciseId]", "plank")
    act(phone, locator(By.CSS_SELECTOR, "#routine-items li [name=amount]"), lambda e: e.clear())  # planks count seconds: none given is a mistake
    click_on(phone, By.ID, "save-routine")
    problem = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    assert "Seconds:" in problem.text and "items[0]" not in problem.text
    assert attribute_of(phone, By.CSS_SELECTOR, "#routine-items li [name=amount]", "aria-invalid") == "true"
    type_in(phone, By.CSS_SELECTOR, "#routine-items li [name=amount]", "45", clear=False)
    click_on(phone, By.ID, "save-routine")
    wait(phone).until(lambda d: "tab=mine" in d.current_url)
    card = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "article.routine")))
    assert "Five minute core" in card.text and "Plank\n3 × 45s" in card.text
