// "Ready? 3-2-1" before a proof records: each step a second apart, then recording; cancellable.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { countdown } from "../js/accountability/record.js";

test("the countdown says Ready?, 3, 2, 1 a second apart and then starts", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const shown = [];
    let started = 0;
    countdown((step) => shown.push(step), () => { started += 1; });
    assert.deepEqual(shown, ["ready"]);
    mock.timers.tick(999);
    assert.deepEqual(shown, ["ready"], "not a moment early");
    mock.timers.tick(1);
    assert.deepEqual(shown, ["ready", 3]);
    mock.timers.tick(1000);
    mock.timers.tick(1000);
    assert.deepEqual(shown, ["ready", 3, 2, 1]);
    assert.equal(started, 0);
    mock.timers.tick(1000);
    assert.deepEqual(shown, ["ready", 3, 2, 1, null]);
    assert.equal(started, 1);
    for (let i = 0; i < 5; i += 1) mock.timers.tick(1000);
    assert.equal(started, 1, "once");
  } finally {
    mock.timers.reset();
  }
});

test("a cancelled countdown never starts and clears what it showed", () => {
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const shown = [];
    let started = false;
    const cancel = countdown((step) => shown.push(step), () => { started = true; }, { from: 3, step: 1000 });
    mock.timers.tick(1500);
    cancel();
    for (let i = 0; i < 10; i += 1) mock.timers.tick(1000);
    assert.equal(started, false);
    assert.deepEqual(shown, ["ready", 3, null]);
  } finally {
    mock.timers.reset();
  }
});
