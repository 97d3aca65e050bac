// New record ids under node: version 7, sorted by the time they were made.
import { test } from "node:test";
import assert from "node:assert/strict";
import { newRecordId } from "../js/ids.js";

test("an id says version 7 and RFC 9562's variant, with its time in the first 48 bits", () => {
  const at = Date.UTC(2026, 11, 6, 14, 45, 0, 123);
  const id = newRecordId(at);
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(parseInt(id.slice(0, 8) + id.slice(9, 13), 16), at);
});

test("ids made later sort after, and ids of one millisecond differ", () => {
  const at = Date.UTC(2026, 0, 1);
  const ids = [at, at + 1, at + 1000, at + 86_400_000].map((t) => newRecordId(t));
  assert.deepEqual([...ids].sort(), ids);
  const same = new Set(Array.from({ length: 1000 }, () => newRecordId(at)));
  assert.equal(same.size, 1000);
});

test("the random bytes fill the rest, the version and variant bits aside", () => {
  const id = newRecordId(0, (bytes) => bytes.fill(0xff));
  assert.equal(id, "00000000-0000-7fff-bfff-ffffffffffff");
});
