import test from "node:test";
import assert from "node:assert/strict";
import { loadBar, PLATES } from "../js/training/plates.js";

const kg = { bar: 20, plates: PLATES.kg };
const lb = { bar: 45, plates: PLATES.lb };

test("a weight the plates make, in kilograms and in pounds", () => {
  assert.deepEqual(loadBar(100, kg), { perSide: [25, 15], total: 100, exact: true, underBar: false, below: 100, above: 102.5 });
  assert.deepEqual(loadBar(102.5, kg).perSide, [25, 15, 1.25]);
  assert.deepEqual(loadBar(225, lb).perSide, [45, 45]);
  assert.deepEqual(loadBar(230, lb).perSide, [45, 45, 2.5]);
  assert.equal(loadBar(20, kg).exact, true);
  assert.deepEqual(loadBar(20, kg).perSide, []);
});

test("a weight the plates cannot make: the nearest below is loaded, the nearest above is offered", () => {
  const odd = loadBar(101, kg);
  assert.equal(odd.exact, false);
  assert.equal(odd.total, 100);
  assert.equal(odd.above, 102.5);
  assert.deepEqual(loadBar(231, lb), { perSide: [45, 45, 2.5], total: 230, exact: false, underBar: false, below: 230, above: 235 });
  // A gym with only 20s and 10s.
  const few = loadBar(75, { bar: 20, plates: [20, 10] });
  assert.deepEqual([few.total, few.above, few.perSide], [60, 80, [20]]);
  // Lighter than the bar.
  assert.equal(loadBar(15, kg).underBar, true);
  // No plates at all: the bar alone, and nothing above.
  assert.deepEqual([loadBar(60, { bar: 20, plates: [] }).total, loadBar(60, { bar: 20, plates: [] }).above], [20, null]);
});

test("the fewest plates, where the largest first would take more", () => {
  assert.deepEqual(loadBar(100, { bar: 20, plates: [25, 20, 2.5] }).perSide, [20, 20]);
  assert.deepEqual(loadBar(15 + 2 * 7.5, { bar: 15, plates: [5, 2.5] }).perSide, [5, 2.5]);
});
