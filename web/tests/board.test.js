import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { applyChange } from "../js/signage/board.js";

// Written by the Swift tests (BoardTotalsTests): states, the change from each to the next, and
// what a screen must hold after applying it.
const scenarios = JSON.parse(readFileSync(new URL("./vectors/board-changes.json", import.meta.url)));

test("the vectors are there", () => { assert.ok(scenarios.length >= 2); });

for (const scenario of scenarios) {
  test(`board changes replay (seed ${scenario.seed})`, () => {
    let screen = scenario.start;
    let applied = 0;
    for (const step of scenario.steps) {
      if (step.change) { screen = applyChange(screen, step.change); applied += 1; }
      assert.deepEqual(screen, step.expected);
    }
    assert.ok(applied > 10);
  });
}

test("a change replaces a channel's figures and keeps the largest first", () => {
  const state = { total: 30, sales: 2, version: 1, at: "x", channels: [{ channel: "store", amount: 20, sales: 1 }, { channel: "app", amount: 10, sales: 1 }],
    hours: [{ start: "2026-12-01T00:00:00Z", amount: 30 }, { start: "2026-12-01T01:00:00Z", amount: 0 }] };
  const next = applyChange(state, { total: 60, sales: 3, version: 2, at: "y", channels: [{ channel: "app", amount: 40, sales: 2 }],
    hours: [{ start: "2026-12-01T01:00:00.000Z", amount: 30 }] });
  assert.deepEqual(next.channels.map((c) => c.channel), ["app", "store"]);
  assert.deepEqual(next.hours.map((h) => h.amount), [30, 30]);
  assert.equal(state.total, 30, "the old state is left as it was");
});
