// The big button's guards: a double tap counts once, and its last step can be taken back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createMachine, send } from "../js/training/machine.js";
import { restore, snapshot, tapGuard } from "../js/training/timer.js";

test("taps closer than 400 ms are one tap, and the next one after counts again", () => {
  const guard = tapGuard(400);
  assert.deepEqual([0, 120, 399, 400, 650, 801, 1300].map((at) => guard.accept(at)), [true, false, false, true, false, true, true]);
});

test("a double tap on Start rest records one set and leaves the rest running", () => {
  const machine = createMachine(60);
  const guard = tapGuard();
  machine.reps = 8;
  for (const at of [10_000, 10_180]) if (guard.accept(at)) send(machine, { type: "main" }, at);
  assert.equal(machine.phase, "rest");
  assert.equal(machine.sets.length, 1);
  assert.equal(machine.sets[0].reps, 8);
});

test("undo puts the machine back as it was before the step, timer and all", () => {
  const machine = createMachine(90);
  machine.reps = 5;
  send(machine, { type: "main" }, 1_000);  // training → rest, a set of 5
  const resting = snapshot(machine);
  send(machine, { type: "main" }, 20_000);  // the rest ended early by mistake
  assert.equal(machine.phase, "training");
  assert.deepEqual(restore(machine, resting), ["startTimer"], "the rest goes on from where it began");
  assert.equal(machine.phase, "rest");
  assert.equal(machine.restStartedAt, 1_000);
  assert.equal(machine.sets.length, 1);

  const training = snapshot(createMachine(90));
  assert.deepEqual(restore(machine, training), ["stopTimer"]);
  assert.deepEqual({ phase: machine.phase, sets: machine.sets.length, reps: machine.reps }, { phase: "training", sets: 0, reps: 0 });
  machine.sets.push({ reps: 1 });
  assert.equal(training.sets.length, 0, "the saved state is a copy, not the machine itself");
});
