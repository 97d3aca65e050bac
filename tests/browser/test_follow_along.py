"""Follow-along videos: a coach attaches one to an exercise on the Exercises page; a member who
records a proof of that exercise sees it play picture-in-picture while the camera records."""
import os
import subprocess
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import attribute_of, click_on, make_browser, pick_exercise, type_in, wait
from test_account import ready
from test_layout import demo, settled, sign_in  # noqa: F401 (demo is a fixture)


def test_a_coach_attaches_a_video_and_it_plays_while_a_member_records(demo):  # noqa: F811
    clip = os.path.join(tempfile.mkdtemp(), "press.mp4")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=duration=3:size=320x180:rate=15",
                    "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip], check=True)
    coach = make_browser(390, 844, language="ko-KR")
    try:
        sign_in(coach, demo, "coach@yaruki.example", "yaruki-demo-coach")
        coach.get(demo + "/#/exercises")
        ready(coach)
        settled(coach)
        # The demo's exercises come with generated clips already, shown first.
        assert coach.find_elements(By.CSS_SELECTOR, "[data-exercise=squat] video.follow-video")
        type_in(coach, By.ID, "exercise-search", "오버헤드 프레스")
        card = wait(coach).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-exercise=overhead-press]"))
        assert not card.find_elements(By.TAG_NAME, "video")
        type_in(coach, By.ID, "video-file-overhead-press", clip, clear=False)
        wait(coach).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-exercise=overhead-press] video.follow-video"))
        src = attribute_of(coach, By.CSS_SELECTOR, "[data-exercise=overhead-press] video", "src")
        assert "/v1/exercises/overhead-press/video?v=" in src
        # A link that is not one is refused in the page, before sending.
        type_in(coach, By.ID, "exercise-search", "스쿼트")
        click_on(coach, By.CSS_SELECTOR, "[data-exercise=squat] details summary")
        type_in(coach, By.CSS_SELECTOR, "[data-exercise=squat] input[type=url]", "not a link", clear=False)
        click_on(coach, By.CSS_SELECTOR, "[data-exercise=squat] form button")
        wait(coach).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#problems .problem")))
    finally:
        coach.quit()

    member = make_browser(390, 844, extra_args=("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"))
    try:
        sign_in(member, demo, "ren@yaruki.example", "yaruki-demo-ren")
        # A member sees the catalog but no tools to change it.
        member.get(demo + "/#/exercises")
        ready(member)
        settled(member)
        assert not member.find_elements(By.CSS_SELECTOR, "[data-exercise] input[type=file]")
        member.get(demo + "/#/record")
        ready(member)
        pick_exercise(member, By.ID, "proof-exercise", "overhead-press", query="ショルダープレス")
        click_on(member, By.ID, "camera")
        click_on(member, By.ID, "record")
        follow = wait(member).until(EC.visibility_of_element_located((By.ID, "follow-along")))
        assert "/v1/exercises/overhead-press/video" in follow.get_attribute("src")
        # It plays, muted, in a corner of the camera's picture while recording.
        wait(member).until(lambda d: d.execute_script("const v = document.getElementById('follow-along');"
                                                      " return !v.paused && v.currentTime > 0.3 && v.muted"))
        box = member.execute_script("const s = document.querySelector('.record-stage').getBoundingClientRect(),"
                                    " f = document.querySelector('.follow-box').getBoundingClientRect();"
                                    " return [s.left <= f.left, f.right <= s.right + 0.5, f.bottom <= s.bottom + 0.5, f.width < s.width / 2];")
        assert box == [True, True, True, True], box
        click_on(member, By.ID, "record")  # stop
        wait(member).until(lambda d: not d.find_element(By.ID, "follow-along").is_displayed())
    finally:
        member.quit()
