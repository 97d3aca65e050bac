import { test } from "node:test";
import assert from "node:assert/strict";
import { layout, niceMax, trailingAverage } from "../js/graphs.js";
import { periodOf } from "../js/health/view.js";

test("the 7-day average uses the six days before the range", () => {
  const leading = [100, 100, 100, 100, 100, 100];
  assert.deepEqual(trailingAverage([800, 100], leading), [200, 200]);
  // Without them, each day averages what there is.
  assert.deepEqual(trailingAverage([10, 20, 30]), [10, 15, 20]);
});

test("an axis ends on a round number above the largest value and the goal", () => {
  assert.equal(niceMax(8412), 10000);
  assert.equal(niceMax(1900), 2000);
  assert.equal(niceMax(2100), 2500);
  assert.equal(niceMax(0), 1);
  const shape = layout([0, 5000, 10000], { goal: 8000, width: 300, height: 100 });
  assert.equal(shape.top, niceMax(10500));
  assert.equal(shape.bars[0].height, 0);
  assert.equal(shape.bars[2].height, (10000 / shape.top) * 100);
  assert.equal(shape.goalY, 100 - (8000 / shape.top) * 100);
  assert.ok(shape.bars.every((b, i) => b.x >= i * 100 && b.x + b.width <= (i + 1) * 100));
});

test("a week starts on the person's day and a month holds all its days", () => {
  assert.deepEqual(periodOf("week", "2026-12-03"), { first: "2026-11-30", last: "2026-12-06" });
  assert.deepEqual(periodOf("week", "2026-12-03", "sunday"), { first: "2026-11-29", last: "2026-12-05" });
  assert.deepEqual(periodOf("month", "2026-02-14"), { first: "2026-02-01", last: "2026-02-28" });
  assert.deepEqual(periodOf("month", "2024-02-14"), { first: "2024-02-01", last: "2024-02-29" });
  assert.deepEqual(periodOf("month", "2026-12-31"), { first: "2026-12-01", last: "2026-12-31" });
});
