"""Fills a migrated Yaruki database with 10,000 people, 52 weeks of proofs each (0 to 6 days a
week, about 3) and one group of 1,000 of them, the bench person included. Rows go straight in
(SQLite through sqlite3, PostgreSQL through psql COPY): the bench measures reading, not writing.
With `pauses` after the person's id, a tenth of the group is resting this week on a break for
illness and had a planned break of three weeks in the spring, everyone in it started months ago,
all of them joined a challenge of the month's proofs, and the crew's feed holds the group's last
four weeks of proofs and breaks.
Usage: seed.py sqlite PATH | postgres URL, with the bench person's id, then optionally `pauses`."""
import datetime
import io
import random
import subprocess
import sys
import uuid

engine, target, bench_user = sys.argv[1], sys.argv[2], sys.argv[3]
with_pauses = len(sys.argv) > 4 and sys.argv[4] == "pauses"
random.seed(7)
people = [bench_user] + [str(uuid.UUID(int=random.getrandbits(128))) for _ in range(9_999)]
zones = ["Asia/Tokyo", "Asia/Seoul", "America/Los_Angeles", "Europe/Berlin", "UTC"]
now_ms = int(datetime.datetime(2026, 11, 29, 12, tzinfo=datetime.timezone.utc).timestamp() * 1000)
group = str(uuid.UUID(int=random.getrandbits(128)))
sha = "0" * 64

users = [(p, f"p{i}@bench.example", f"p{i}@bench.example", f"Person {i}", zones[i % len(zones)], "en",
          "sunday" if i % 4 == 0 else "monday", "member", now_ms, now_ms) for i, p in enumerate(people) if p != bench_user]
members = [(group, p, now_ms) for p in people[:1000]]
pauses, starts = [], []
if with_pauses:
    for i, p in enumerate(people[:1000]):
        starts.append((p, now_ms - 200 * 86_400_000))
        if i % 10 == 0:
            # Weeks as the person's calendar starts them (a quarter of the seed starts on Sunday).
            shift = 1 if i % 4 == 0 else 0
            week = (datetime.date(2026, 11, 23) - datetime.timedelta(days=shift)).isoformat()
            spring = (datetime.date(2026, 4, 6) - datetime.timedelta(days=shift))
            pauses.append((str(uuid.UUID(int=random.getrandbits(128))), p, week, week, "illness", now_ms))
            pauses.append((str(uuid.UUID(int=random.getrandbits(128))), p, spring.isoformat(),
                           (spring + datetime.timedelta(days=14)).isoformat(), "planned", now_ms))
proofs = []
first_day = datetime.date(2025, 12, 1)
for p in people:
    for week in range(52):
        for day in random.sample(range(7), random.choice([0, 1, 2, 3, 3, 4, 5, 6])):
            d = first_day + datetime.timedelta(days=week * 7 + day)
            at = int(datetime.datetime(d.year, d.month, d.day, 7, tzinfo=datetime.timezone.utc).timestamp() * 1000)
            proofs.append((str(uuid.UUID(int=random.getrandbits(128))), p, sha, at, d.isoformat(), at))

challenges, challenge_members, feed = [], [], []
if with_pauses:
    challenge = str(uuid.UUID(int=random.getrandbits(128)))
    challenges.append((challenge, group, bench_user, "proofs", 20_000, "2026-11", now_ms))
    challenge_members = [(challenge, p, now_ms) for p in people[:1000]]
    in_group = set(people[:1000])
    for proof_id, p, _, at, day, _ in proofs:
        if p in in_group and now_ms - 28 * 86_400_000 <= at <= now_ms:
            feed.append((group, str(uuid.UUID(int=random.getrandbits(128))), "proof", p, proof_id,
                         f'{{"backdated":false,"day":"{day}","proofId":"{proof_id}"}}', at + 120_000))
    for pause_id, p, first, last, _, created in pauses:
        until = (datetime.date.fromisoformat(last) + datetime.timedelta(days=6)).isoformat()
        feed.append((group, str(uuid.UUID(int=random.getrandbits(128))), "pause", p, pause_id,
                     f'{{"firstWeek":"{first}","until":"{until}"}}', created - random.randrange(86_400_000)))

if engine == "sqlite":
    import sqlite3
    db = sqlite3.connect(target)
    db.execute("PRAGMA synchronous = OFF")
    db.executemany("INSERT INTO users (id, email, email_key, display_name, time_zone, locale, week_start, role, created_at, updated_at) "
                   "VALUES (?,?,?,?,?,?,?,?,?,?)", users)
    db.execute("INSERT INTO media (sha256, kind, size, has_thumbnail, created_at) VALUES (?, 'mp4', 1, 0, ?)", (sha, now_ms))
    db.execute("INSERT INTO training_groups (id, name, owner_id, invite_code, created_at) VALUES (?, 'Bench', ?, 'BENCHBENCH', ?)",
               (group, bench_user, now_ms))
    db.executemany("INSERT INTO group_members (group_id, user_id, joined_at) VALUES (?,?,?)", members)
    db.executemany("INSERT INTO proofs (id, user_id, media_sha256, recorded_at, recorded_day, uploaded_at) VALUES (?,?,?,?,?,?)", proofs)
    db.executemany("INSERT INTO quota_starts (user_id, joined_at) VALUES (?,?)", starts)
    db.executemany("INSERT INTO quota_pauses (id, user_id, first_week, last_week, reason, created_at) VALUES (?,?,?,?,?,?)", pauses)
    db.executemany("INSERT INTO group_challenges (id, group_id, proposed_by, metric, goal, month, created_at) VALUES (?,?,?,?,?,?,?)", challenges)
    db.executemany("INSERT INTO challenge_members (challenge_id, user_id, joined_at) VALUES (?,?,?)", challenge_members)
    db.executemany("INSERT INTO crew_feed (group_id, id, kind, actor_id, subject, facts, at) VALUES (?,?,?,?,?,?,?)", feed)
    db.commit()
else:
    def copy(table, columns, rows):
        data = io.StringIO()
        for row in rows:
            data.write("\t".join(str(v) for v in row) + "\n")
        subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", target, "-c", f"COPY {table} ({columns}) FROM STDIN"],
                       input=data.getvalue(), text=True, check=True)
    copy("users", "id, email, email_key, display_name, time_zone, locale, week_start, role, created_at, updated_at", users)
    copy("media", "sha256, kind, size, has_thumbnail, created_at", [(sha, "mp4", 1, 0, now_ms)])
    copy("training_groups", "id, name, owner_id, invite_code, created_at", [(group, "Bench", bench_user, "BENCHBENCH", now_ms)])
    copy("group_members", "group_id, user_id, joined_at", members)
    copy("proofs", "id, user_id, media_sha256, recorded_at, recorded_day, uploaded_at", proofs)
    if with_pauses:
        copy("quota_starts", "user_id, joined_at", starts)
        copy("quota_pauses", "id, user_id, first_week, last_week, reason, created_at", pauses)
        copy("group_challenges", "id, group_id, proposed_by, metric, goal, month, created_at", challenges)
        copy("challenge_members", "challenge_id, user_id, joined_at", challenge_members)
        copy("crew_feed", "group_id, id, kind, actor_id, subject, facts, at", feed)
    subprocess.run(["psql", "-q", target, "-c", "ANALYZE"], check=True)
print(f"{len(people)} people, {len(proofs)} proofs, {len(pauses)} breaks, {len(challenges)} challenge, {len(feed)} feed items, "
      f"a group of {len(members)}; group id {group}")
