// The browser's outbox under node: what a queued change says, what a push sends, what each answer
// means, how a kept conflict is sent again, and which fields a person is shown to compare.
import { test } from "node:test";
import assert from "node:assert/strict";
import { keepMine, outcomes, pushes, queued } from "../js/sync/outbox.js";

const { differences } = await import("../js/sync/status.js");
const ids = (() => { let n = 0; return () => `change-${++n}`; })();
const at = new Date("2026-11-30T09:00:00Z");

test("a change keeps its id until it is sent, then a new edit takes a new one", () => {
  const first = queued(null, { zone: "lifelog", id: "r1", fields: { text: "a" } }, at, ids);
  assert.equal(first.key, "lifelog:r1");
  assert.equal(first.baseVersion, null);
  const again = queued(first, { zone: "lifelog", id: "r1", fields: { text: "b" } }, at, ids);
  assert.equal(again.changeId, first.changeId, "not sent yet: the same change, now saying b");
  assert.deepEqual(again.fields, { text: "b" });
  const afterSend = queued({ ...again, sent: true }, { zone: "lifelog", id: "r1", fields: { text: "c" } }, at, ids);
  assert.notEqual(afterSend.changeId, again.changeId, "sent already: something new, under a new id");
  const edit = queued(null, { zone: "workouts", id: "w1", fields: { notes: "x" }, baseVersion: 12 }, at, ids);
  assert.equal(queued(edit, { zone: "workouts", id: "w1", fields: { notes: "y" }, baseVersion: 99 }, at, ids).baseVersion, 12,
    "the version the page first saw stays the base");
});

test("pushes group the queue by zone with each record's type, base and change id", () => {
  const entries = [queued(null, { zone: "lifelog", id: "r1", fields: { kind: "memo", text: "a" } }, at, ids),
    queued(null, { zone: "workouts", id: "w1", fields: { notes: "x" }, baseVersion: 7 }, at, ids),
    queued(null, { zone: "lifelog", id: "r2", deleted: true, baseVersion: 3 }, at, ids)];
  const out = pushes(entries, "browser");
  assert.deepEqual(out.map((p) => p.zone), ["lifelog", "workouts"]);
  const [life, work] = out;
  assert.deepEqual(life.body.records.map((r) => r.type), ["lifelogRecord", "lifelogRecord"]);
  assert.equal(life.body.records[0].baseVersion, undefined, "new: no base");
  assert.deepEqual(life.body.records[1], { id: "r2", type: "lifelogRecord", changeId: entries[2].changeId, modifiedAt: at.toISOString(),
    device: "browser", baseVersion: 3, deleted: true });
  assert.equal(work.body.records[0].baseVersion, 7);
  assert.deepEqual(work.body.records[0].fields, { notes: "x" });
});

test("answers: saved and rejected leave the queue, a conflict keeps both versions, an abort waits", () => {
  const records = [{ id: "a", changeId: "1" }, { id: "b", changeId: "2" }, { id: "c", changeId: "3" }, { id: "d", changeId: "4" }];
  const theirs = { id: "c", version: 9, deleted: false, record: { text: "server" } };
  const out = outcomes(records, [{ status: "saved", version: 5 }, { status: "rejected", reason: "too long", errors: [{ field: "text", message: "x" }] },
    { status: "conflict", current: theirs }, { status: "aborted" }]);
  assert.deepEqual(out.map((o) => o.kind), ["saved", "rejected", "conflict", "waiting"]);
  assert.equal(out[0].version, 5);
  assert.equal(out[1].reason, "too long");
  assert.deepEqual(out[2].theirs, theirs);
});

test("keeping this device's side sends the same fields against the other version", () => {
  const mine = queued(null, { zone: "lifelog", id: "r1", fields: { text: "mine" }, baseVersion: 3 }, at, ids);
  const again = keepMine({ zone: "lifelog", id: "r1", mine, theirs: { version: 9, record: { text: "theirs" } } }, at, ids);
  assert.equal(again.baseVersion, 9);
  assert.deepEqual(again.fields, { text: "mine" });
  assert.notEqual(again.changeId, mine.changeId);
  const overDelete = keepMine({ zone: "lifelog", id: "r1", mine, theirs: { version: 11, deleted: true } }, at, ids);
  assert.equal(overDelete.baseVersion, 11, "written again over a delete");
});

test("the fields a person compares are the ones that differ", () => {
  const rows = differences({ fields: { text: "plane", place: "Gym", exercises: [1, 2] } },
    { version: 4, record: { text: "ground", place: "Gym", exercises: [1] } });
  assert.deepEqual(rows.map((r) => r.key), ["text", "exercises"]);
  assert.deepEqual(rows[0], { key: "text", mine: "plane", theirs: "ground" });
  assert.deepEqual(differences({ fields: { text: "x" } }, { deleted: true }), [], "a delete shows as deleted, not as fields");
  assert.deepEqual(differences({ fields: { startedAt: "2026-11-29T07:00:00.000Z" } }, { record: { startedAt: "2026-11-29T07:00:00Z" } }), [],
    "the same instant written two ways is no difference");
});
