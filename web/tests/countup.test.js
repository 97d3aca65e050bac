import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createCountUp, formatMoney, retarget, valueAt } from "../js/signage/countup.js";

// Written by the Swift tests (CountUpTests): the wall must show the same figure at every frame.
const scenarios = JSON.parse(readFileSync(new URL("./vectors/count-up.json", import.meta.url)));

test("the vectors are there", () => { assert.ok(scenarios.length >= 5); });

for (const scenario of scenarios) {
  test(`count-up vector: ${scenario.name}`, () => {
    const counter = createCountUp(scenario.start, 0);
    const pending = [...scenario.retargets];
    for (const sample of scenario.samples) {
      while (pending.length && pending[0].at <= sample.at) {
        const next = pending.shift();
        retarget(counter, next.target, next.at);
      }
      assert.equal(valueAt(counter, sample.at), sample.value, `${scenario.name} at ${sample.at}`);
    }
  });
}

test("money by locale: yen, won and dollars", () => {
  assert.equal(formatMoney(1234567, "JPY", "ja"), "1,234,567円");
  assert.equal(formatMoney(1234567, "JPY", "en"), "¥1,234,567");
  assert.equal(formatMoney(1234567, "KRW", "ko"), "₩1,234,567");
  assert.equal(formatMoney(1234567, "USD", "en"), "$12,345.67");
});
