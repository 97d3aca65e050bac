"""Fills a running Yaruki server, through its API, with what bench/api reads: the bench person
(Tokyo) with 30 workouts of three exercises each, 100 lifelog records (memos and check-ins with
positions) on one day, 24 posts on the Done board by eleven people, each with a photo, liked
by several of them and by the bench person, and five years of health days from a watch and a phone
(as an import of someone's Apple Health history leaves them; the month read is November). Prints
the bench person's credentials as JSON.
Usage: seed.py BASE_URL PHOTO.jpg"""
import datetime
import json
import sys
import urllib.request
import uuid

base, photo_path = sys.argv[1], sys.argv[2]
photo = open(photo_path, "rb").read()


def call(method, path, body=None, token=None, raw=None, content_type="application/json"):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request) as response:
        text = response.read()
        return json.loads(text) if text else None


def person(i, zone):
    email = f"bench{i}@bench.example"
    reply = call("POST", "/v1/auth/signup", {"email": email, "password": "correct horse battery staple",
                                               "displayName": f"Bench {i}", "timeZone": zone, "locale": "en", "weekStart": "monday"})
    return reply["accessToken"]


me = person(0, "Asia/Tokyo")
others = [person(i, "Europe/Helsinki") for i in range(1, 11)]
people = [me] + others

for w in range(30):
    day = f"2026-11-{(w % 28) + 1:02d}"
    call("POST", "/v1/workouts", {
        "id": str(uuid.uuid4()), "startedAt": f"{day}T0{w % 9}:00:00Z", "endedAt": f"{day}T0{w % 9}:45:00Z",
        "notes": f"Session {w}: felt strong.",
        "exercises": [{"exerciseId": e, "sets": [{"reps": 8 + s, "weightKg": 40 + 2.5 * s, "restSeconds": 90} for s in range(4)]}
                      for e in ("barbell-squat", "bench-press", "deadlift")]}, me)

for r in range(100):
    minute = 6 * 60 + r * 9
    at = f"2026-11-28T{minute // 60:02d}:{minute % 60:02d}:00+09:00"
    record = {"id": str(uuid.uuid4()), "occurredAt": at, "source": "phone",
              "position": {"latitude": 35.68 + r * 0.0004, "longitude": 139.76 + r * 0.0003, "accuracy": 8}}
    if r % 2:
        record.update(kind="checkin", place=f"Place {r}", text="")
    else:
        record.update(kind="memo", text=f"Memo {r}: a walk by the river, then coffee.")
    call("PUT", f"/v1/lifelog/records/{record['id']}", record, me)

# The five years before November, 500 dates (1,000 days of two sources, the most one report takes) at a time.
history = [datetime.date(2021, 11, 1) + datetime.timedelta(days=d) for d in range((datetime.date(2026, 11, 1) - datetime.date(2021, 11, 1)).days)]
for start in range(0, len(history), 500):
    call("POST", "/v1/health/days", {"days": [
        {"date": day.isoformat(), "source": source, "steps": 5000 + day.toordinal() % 4000, "distanceMeters": 3800.0,
         "activeEnergyKcal": 350.0, "standMinutes": 110, "standHours": 9, "exerciseMinutes": 25}
        for day in history[start:start + 500] for source in ("Bench's Apple Watch", "Bench's iPhone")]}, me)
call("POST", "/v1/health/days", {"days": [
    {"date": f"2026-11-{d:02d}", "source": source, "steps": 6000 + 97 * d + extra, "distanceMeters": 4300.5 + 60 * d,
     "activeEnergyKcal": 380.5 + d, "standMinutes": 120 + d, "standHours": 8 + d % 5, "exerciseMinutes": 20 + d % 30}
    for d in range(1, 31) for source, extra in (("Bench's Apple Watch", 0), ("Bench's iPhone", 150))]}, me)

for p in range(24):
    author = people[p % len(people)]
    shot = call("POST", "/v1/photos", raw=photo, token=author, content_type="image/jpeg")
    post = call("POST", "/v1/posts", {"board": "done", "body": f"Leg day {p}, done. Squats 5×5, then a long walk.", "photoIds": [shot["id"]]}, author)
    for liker in people[1:1 + p % 7]:
        if liker != author:
            call("PUT", f"/v1/posts/{post['id']}/like", token=liker)
    if p % 2 and author != me:
        call("PUT", f"/v1/posts/{post['id']}/like", token=me)

print(json.dumps({"email": "bench0@bench.example", "password": "correct horse battery staple"}))
