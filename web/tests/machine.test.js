import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createMachine, remainingSeconds, send } from "../js/training/machine.js";

// Written by the Swift tests (RepRestMachineTests): the browser must make the same moves.
const scenarios = JSON.parse(readFileSync(new URL("./vectors/rep-rest.json", import.meta.url)));

test("the vectors are there", () => {
  assert.ok(scenarios.length > 40);
});

for (const scenario of scenarios) {
  test(`vector: ${scenario.name}`, () => {
    const machine = createMachine();
    for (const [i, step] of scenario.steps.entries()) {
      const now = (scenario.start + step.at) * 1000;
      const effects = send(machine, { type: step.event, value: step.value }, now);
      const where = `${scenario.name}, step ${i} (${step.event})`;
      assert.deepEqual(effects, step.effects, where);
      assert.equal(machine.phase, step.phase, where);
      assert.equal(machine.reps, step.reps, where);
      assert.equal(machine.restPreset, step.restPreset, where);
      assert.equal(remainingSeconds(machine, now), step.remaining, where);
      assert.deepEqual(machine.sets.map((s) => [s.reps, s.restSeconds]), step.sets, where);
      assert.equal(machine.closed, step.closed, where);
    }
  });
}
