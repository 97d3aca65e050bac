"""Fills a migrated Yaruki database with 20,000 people, 1,000,000 posts over a year on the three
boards (a photo on every done post), 10,000,000 likes (more on newer posts) and the bench person's
own likes and 50 blocks. Rows go straight in (SQLite through sqlite3, PostgreSQL through psql COPY,
streamed): the bench measures reading, not writing. Comment counts are set on the posts without
comment rows (a feed page reads only the count).
Usage: seed.py sqlite PATH | postgres URL, with the bench person's id as the last argument."""
import datetime
import random
import subprocess
import sys
import uuid

engine, target, viewer = sys.argv[1], sys.argv[2], sys.argv[3]
random.seed(11)
PEOPLE, POSTS = 20_000, 1_000_000
now_ms = int(datetime.datetime(2026, 11, 29, 12, tzinfo=datetime.timezone.utc).timestamp() * 1000)
people = [viewer] + [str(uuid.UUID(int=random.getrandbits(128))) for _ in range(PEOPLE - 1)]
boards = ["done", "feedback", "talk"]
sha = "f" * 64


def likes_for(i):
    # Newer posts get more likes: 0 to 20, 10 on average: 10 million with the bench person's.
    return (i * 17) // POSTS + (i % 5)


post_ids = [str(uuid.UUID(int=random.getrandbits(128))) for _ in range(POSTS)]
# Every third post has a photo; a post lists its photos itself ("id sha256 width height size" a
# line, as the app's PostStore.setPhotos writes it), and the board page reads that list.
photo_ids = {i: str(uuid.UUID(int=random.getrandbits(128))) for i in range(0, POSTS, 3)}
LIKES = sum(likes_for(i) for i in range(POSTS))


def users():
    for i, p in enumerate(people):
        if p != viewer:
            yield (p, f"p{i}@bench.example", f"p{i}@bench.example", f"Person {i}", "UTC", "en", "monday", "member", now_ms, now_ms)


def posts():
    for i, pid in enumerate(post_ids):
        at = now_ms - (POSTS - i) * 31_000
        photo_list = f"{photo_ids[i]} {sha} 1600 1200 200000" if i in photo_ids else ""
        yield (pid, people[(i * 7919) % PEOPLE], boards[i % 3], f"Post {i}: squats, then a walk.", likes_for(i), i % 7, at, at, photo_list)


def photos():
    for i, pid in enumerate(post_ids):
        if i in photo_ids:
            yield (photo_ids[i], people[(i * 7919) % PEOPLE], sha, 1600, 1200, 200_000, pid, 0, now_ms)


def likes():
    for i, pid in enumerate(post_ids):
        for j in range(likes_for(i)):
            # 104729 is prime, so the users of one post are all different.
            yield (pid, people[1 + (i * 31 + j * 104_729) % (PEOPLE - 1)], now_ms)
        if i % 4 == 0:
            yield (pid, viewer, now_ms)  # the bench person likes every fourth post


blocks = [(viewer, people[(k * 7919) % PEOPLE], now_ms) for k in range(1, 51)]
viewer_likes = POSTS // 4 + (1 if POSTS % 4 else 0)

if engine == "sqlite":
    import sqlite3
    db = sqlite3.connect(target)
    db.execute("PRAGMA synchronous = OFF")
    db.execute("PRAGMA journal_mode = OFF")
    db.executemany("INSERT INTO users (id, email, email_key, display_name, time_zone, locale, week_start, role, created_at, updated_at) "
                   "VALUES (?,?,?,?,?,?,?,?,?,?)", users())
    db.executemany("INSERT INTO posts (id, author_id, board, body, like_count, comment_count, created_at, updated_at, photo_list) VALUES (?,?,?,?,?,?,?,?,?)",
                   ((p[0], p[1], p[2], p[3], p[4] + (1 if int(i) % 4 == 0 else 0), p[5], p[6], p[7], p[8]) for i, p in enumerate(posts())))
    db.executemany("INSERT INTO photos (id, owner_id, sha256, width, height, size, post_id, position, created_at) VALUES (?,?,?,?,?,?,?,?,?)", photos())
    db.executemany("INSERT INTO post_likes (post_id, user_id, created_at) VALUES (?,?,?)", likes())
    db.executemany("INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?,?,?)", blocks)
    db.commit()
    db.execute("ANALYZE")
    db.close()
else:
    def copy(table, columns, rows):
        process = subprocess.Popen(["psql", "-q", "-v", "ON_ERROR_STOP=1", target, "-c", f"COPY {table} ({columns}) FROM STDIN"],
                                   stdin=subprocess.PIPE, text=True)
        batch = []
        for row in rows:
            batch.append("\t".join(str(v) for v in row))
            if len(batch) == 100_000:
                process.stdin.write("\n".join(batch) + "\n")
                batch = []
        if batch:
            process.stdin.write("\n".join(batch) + "\n")
        process.stdin.close()
        if process.wait() != 0:
            sys.exit(f"COPY {table} failed")
    copy("users", "id, email, email_key, display_name, time_zone, locale, week_start, role, created_at, updated_at", users())
    copy("posts", "id, author_id, board, body, like_count, comment_count, created_at, updated_at, photo_list",
         ((p[0], p[1], p[2], p[3], p[4] + (1 if i % 4 == 0 else 0), p[5], p[6], p[7], p[8]) for i, p in enumerate(posts())))
    copy("photos", "id, owner_id, sha256, width, height, size, post_id, position, created_at", photos())
    copy("post_likes", "post_id, user_id, created_at", likes())
    copy("blocks", "blocker_id, blocked_id, created_at", blocks)
    subprocess.run(["psql", "-q", target, "-c", "VACUUM ANALYZE"], check=True)
print(f"{PEOPLE} people, {POSTS} posts, {LIKES + viewer_likes} likes ({viewer_likes} by the bench person), {len(blocks)} blocks")
