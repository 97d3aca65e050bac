"""Fills Yaruki and PocketBase with the same lifter: 30 workouts of three exercises, four sets
each (12 sets), through each one's own API. PocketBase gets a `workouts` collection whose records
only their owner may list, view or create (the rule Yaruki applies to workouts), the sets in a
JSON field, and an index on (owner, startedAt) for the newest-first page.
Prints shell assignments: the tokens, PocketBase's user id, and the write body for each.
Usage: seed.py YARUKI_URL POCKETBASE_URL SUPERUSER_EMAIL SUPERUSER_PASSWORD"""
import json
import sys
import uuid

from calls import call

yaruki, pb, su_email, su_password = sys.argv[1:5]
PASSWORD = "correct horse battery staple"


def workout(w):
    day = f"2026-11-{(w % 28) + 1:02d}"
    return {"startedAt": f"{day}T0{w % 9}:00:00Z", "endedAt": f"{day}T0{w % 9}:45:00Z", "notes": f"Session {w}: felt strong.",
            "exercises": [{"exerciseId": e, "sets": [{"reps": 8 + s, "weightKg": 40 + 2.5 * s, "restSeconds": 90} for s in range(4)]}
                          for e in ("barbell-squat", "bench-press", "deadlift")]}


WRITE = {"startedAt": "2026-11-29T07:00:00Z", "endedAt": "2026-11-29T07:40:00Z", "notes": "bench write",
         "exercises": [{"exerciseId": "barbell-squat", "sets": [{"reps": 5, "weightKg": 60, "restSeconds": 90},
                                                                 {"reps": 5, "weightKg": 62.5, "restSeconds": 90}]}]}

# Yaruki: sign up, log the workouts.
reply = call("POST", f"{yaruki}/v1/auth/signup", {"email": "lifter@bench.example", "password": PASSWORD, "displayName": "Lifter",
                                                  "timeZone": "Asia/Tokyo", "locale": "en", "weekStart": "monday"})
ytoken = "Bearer " + reply["accessToken"]
for w in range(30):
    call("POST", f"{yaruki}/v1/workouts", dict(workout(w), id=str(uuid.uuid4())), ytoken)

# PocketBase: the collection and its rules, the user, the same workouts.
su = call("POST", f"{pb}/api/collections/_superusers/auth-with-password", {"identity": su_email, "password": su_password})["token"]
mine = "owner = @request.auth.id"
call("POST", f"{pb}/api/collections", {
    "name": "workouts", "type": "base",
    "fields": [{"name": "owner", "type": "relation", "required": True, "collectionId": "_pb_users_auth_", "maxSelect": 1},
               {"name": "startedAt", "type": "date", "required": True}, {"name": "endedAt", "type": "date"},
               {"name": "notes", "type": "text"}, {"name": "exercises", "type": "json", "maxSize": 1000000}],
    "indexes": ["CREATE INDEX idx_workouts_owner_started ON workouts (owner, startedAt)"],
    "listRule": mine, "viewRule": mine, "createRule": f"@request.auth.id != '' && @request.body.owner = @request.auth.id",
    "updateRule": mine, "deleteRule": mine}, su)
user = call("POST", f"{pb}/api/collections/users/records", {"email": "lifter@bench.example", "password": PASSWORD, "passwordConfirm": PASSWORD,
                                                             "name": "Lifter"})
ptoken = call("POST", f"{pb}/api/collections/users/auth-with-password", {"identity": "lifter@bench.example", "password": PASSWORD})["token"]
for w in range(30):
    call("POST", f"{pb}/api/collections/workouts/records", dict(workout(w), owner=user["id"]), ptoken)

print(f"ytoken='{ytoken}'")
print(f"ptoken='{ptoken}'")
print(f"puser='{user['id']}'")
print(f"ywrite='{json.dumps(WRITE)}'")
print(f"pwrite='{json.dumps(dict(WRITE, owner=user['id']))}'")
