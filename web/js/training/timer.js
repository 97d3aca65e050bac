// The timer page: one screen, one big button. The rules are machine.js; this file only draws
// the state and carries out the effects (timer, beep, vibration, screen wake lock).
import { formatNumber, t } from "../i18n.js";
import { el, showProblem, toast } from "../ui.js";
import { createMachine, PRESETS, remainingSeconds, send } from "./machine.js";
import { exercisePicker } from "./picker.js";

export function clockText(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m}:${String(s).padStart(2, "0")}` : String(s);
}

/** The page's one audio context, made (or woken) inside a tap: iOS Safari and Chrome only let a
 *  page sound that started its audio from a person's gesture, never from a timer's callback. A
 *  silent sample played at once is what unlocks it for good on iOS. */
export function unlockAudio() {
  try {
    const Context = globalThis.AudioContext || globalThis.webkitAudioContext;
    if (!Context) return null;
    if (!unlockAudio.context) {
      unlockAudio.context = new Context();
      const silence = unlockAudio.context.createBuffer(1, 1, 22050);
      const source = unlockAudio.context.createBufferSource();
      source.buffer = silence;
      source.connect(unlockAudio.context.destination);
      source.start(0);
    }
    if (unlockAudio.context.state === "suspended") unlockAudio.context.resume().catch(() => {});
    return unlockAudio.context;
  } catch {
    return null;
  }
}

/** Taps on one button closer than `gap` ms are one tap: a sweaty double tap on "Start rest" must
 *  not record a set and end its rest at once. `accept(now)` says whether a tap counts. */
export function tapGuard(gap = 400) {
  let last = -Infinity;
  return {
    accept(now) {
      if (now - last < gap) return false;
      last = now;
      return true;
    },
  };
}

/** The machine's state before a step, to put back with `restore` (the undo of the big button). */
export function snapshot(machine) {
  return structuredClone(machine);
}

export function restore(machine, saved) {
  for (const key of Object.keys(machine)) delete machine[key];
  Object.assign(machine, structuredClone(saved));
  return machine.phase === "rest" && !machine.restFinished ? ["startTimer"] : ["stopTimer"];
}

/** A short two-tone beep through Web Audio; silent where audio was never unlocked by a tap. */
export function beep() {
  try {
    const context = unlockAudio.context;
    if (!context) return;
    for (const [offset, frequency] of [[0, 880], [0.22, 1320]]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.25, context.currentTime + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + offset + 0.2);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + offset);
      oscillator.stop(context.currentTime + offset + 0.2);
    }
  } catch { /* no sound is better than no timer */ }
}

export function timerView(session, { exercises }) {
  const machine = createMachine();
  const exerciseOfSet = [];
  let interval = null;
  let wakeLock = null;
  const now = () => Date.now();

  const reps = el("output", { class: "timer-figure", "aria-live": "off", id: "timer-figure" }, "0");
  const caption = el("p", { class: "timer-caption muted", id: "timer-caption" });
  const main = el("button", { type: "button", class: "timer-main", id: "timer-main" });
  const minus = el("button", { type: "button", class: "chip", "aria-label": t("timer.minusLabel") }, "−1");
  const plus = el("button", { type: "button", class: "chip", "aria-label": t("timer.plusLabel") }, "+1");
  const reset = el("button", { type: "button", class: "chip", id: "timer-reset" }, t("timer.reset"));
  const less = el("button", { type: "button", class: "chip", id: "timer-less" }, "−15s");
  const more = el("button", { type: "button", class: "chip", id: "timer-more" }, "+15s");
  const presets = PRESETS.map((seconds) => el("button", { type: "button", class: "chip preset", "data-preset": seconds,
    "aria-pressed": "false" }, `${seconds}s`));
  const countable = new Set(exercises.filter((e) => e.unit === "reps").map((e) => e.id));
  const picker = exercisePicker(exercises, { id: "timer-exercise", label: t("timer.exercise"), only: (e) => countable.has(e.id) });
  let remembered = null;
  try { remembered = localStorage.getItem("yaruki.timer.exercise"); } catch { /* private mode */ }
  picker.value = countable.has(remembered) ? remembered : "push-up";
  picker.addEventListener("change", () => { try { localStorage.setItem("yaruki.timer.exercise", picker.value); } catch { /* private mode */ } });
  const setList = el("ol", { class: "set-list", id: "timer-sets" });
  const save = el("button", { type: "button", class: "button quiet wide", id: "timer-save", hidden: true }, t("timer.save"));
  const announce = el("p", { class: "visually-hidden", role: "status", "aria-live": "assertive", id: "timer-announce" });
  const undo = el("button", { type: "button", class: "chip", id: "timer-undo", hidden: true }, t("timer.undo"));
  const guard = tapGuard(400);
  // What the big button last changed, while it can still be taken back.
  let undoable = null;
  let undoTimer = null;

  function perform(effects) {
    for (const effect of effects) {
      if (effect === "startTimer") {
        clearInterval(interval);
        interval = setInterval(() => { perform(send(machine, { type: "tick" }, now())); draw(); }, 250);
      } else if (effect === "stopTimer") {
        clearInterval(interval);
        interval = null;
      } else if (effect === "playSound") {
        beep();
      } else if (effect === "vibrate") {
        navigator.vibrate?.([200, 100, 200]);
      } else if (effect === "restFinished") {
        announce.textContent = t("timer.restOver");
        document.body.dataset.restFinished = String(Number(document.body.dataset.restFinished || 0) + 1);
      }
    }
  }

  function act(event) {
    const before = machine.sets.length;
    perform(send(machine, event, now()));
    if (machine.sets.length > before) exerciseOfSet.push(picker.value);
    draw();
  }

  function draw() {
    const resting = machine.phase === "rest";
    const at = now();
    reps.textContent = resting ? clockText(remainingSeconds(machine, at)) : formatNumber(machine.reps);
    reps.classList.toggle("rest", resting);
    reps.classList.toggle("done", resting && machine.restFinished);
    caption.textContent = resting ? (machine.restFinished ? t("timer.restOver") : t("timer.resting")) : t("timer.reps");
    main.textContent = resting ? t("timer.nextSet") : t("timer.startRest");
    main.dataset.action = resting ? "nextSet" : "startRest";
    less.hidden = !resting;
    more.hidden = !resting;
    for (const chip of presets) chip.setAttribute("aria-pressed", String(Number(chip.dataset.preset) === machine.restPreset));
    setList.replaceChildren(...machine.sets.map((set, i) => el("li", {},
      t("timer.setLine", { n: i + 1, reps: formatNumber(set.reps), rest: set.restSeconds }))));
    save.hidden = machine.sets.length === 0;
  }

  function pressMain() {
    const saved = { machine: snapshot(machine), sets: exerciseOfSet.length };
    act({ type: "main" });
    undoable = saved;
    undo.hidden = false;
    clearTimeout(undoTimer);
    undoTimer = setTimeout(() => { undoable = null; undo.hidden = true; }, 8000);
  }

  // Judged by when each tap happened, not when it is handled: two taps a busy page handles late are still one.
  main.addEventListener("click", (event) => { if (guard.accept(event.timeStamp)) pressMain(); });
  undo.addEventListener("click", () => {
    if (!undoable) return;
    perform(restore(machine, undoable.machine));
    exerciseOfSet.length = undoable.sets;
    undoable = null;
    undo.hidden = true;
    clearTimeout(undoTimer);
    announce.textContent = t("timer.undone");
    draw();
  });
  // The first touch of the page unlocks its sound, so the rest's end can beep later.
  const unlock = () => unlockAudio();
  minus.addEventListener("click", () => act({ type: "decrement" }));
  plus.addEventListener("click", () => act({ type: "increment" }));
  reset.addEventListener("click", () => act({ type: "reset" }));
  less.addEventListener("click", () => act({ type: "adjustRest", value: -15 }));
  more.addEventListener("click", () => act({ type: "adjustRest", value: 15 }));
  for (const chip of presets) chip.addEventListener("click", () => act({ type: "choosePreset", value: Number(chip.dataset.preset) }));

  function onKey(event) {
    if (event.target.closest?.("select, input, textarea")) return;
    const handled = { " ": "main", Enter: "main", ArrowUp: "increment", ArrowDown: "decrement", r: "reset", R: "reset" }[event.key];
    if (!handled) return;
    event.preventDefault();
    unlockAudio();
    if (handled === "main") pressMain(); else act({ type: handled });
  }

  // After the tab slept, the remaining time is right at once: it is computed, not counted.
  function onVisible() {
    if (document.visibilityState === "visible") { perform(send(machine, { type: "tick" }, now())); draw(); requestWakeLock(); }
  }

  async function requestWakeLock() {
    try { wakeLock = await navigator.wakeLock?.request("screen"); } catch { wakeLock = null; }
  }

  save.addEventListener("click", async () => {
    if (!session.user) { location.hash = "#/signin?next=%23%2Ftimer"; return; }
    const entries = [];
    machine.sets.forEach((set, i) => {
      const id = exerciseOfSet[i];
      const last = entries[entries.length - 1];
      const row = { reps: set.reps, restSeconds: set.restSeconds };
      if (last && last.exerciseId === id) last.sets.push(row); else entries.push({ exerciseId: id, sets: [row] });
    });
    const started = machine.sets[0].completedAt;
    save.disabled = true;
    try {
      await session.api("/v1/workouts", { method: "POST", body: {
        startedAt: new Date(started).toISOString(), endedAt: new Date(now()).toISOString(), notes: "", exercises: entries } });
      toast(t("timer.saved"));
      location.hash = "#/training";
    } catch (problem) {
      showProblem(problem);
    } finally {
      save.disabled = false;
    }
  });

  document.addEventListener("keydown", onKey);
  document.addEventListener("visibilitychange", onVisible);
  document.addEventListener("pointerdown", unlock, true);
  requestWakeLock();
  // Started from a routine (#/timer?exercise=squat&rest=45): its exercise, and the rest preset nearest its rest.
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  if (countable.has(params.get("exercise"))) picker.value = params.get("exercise");
  const rest = Number(params.get("rest"));
  if (rest > 0) {
    const nearest = PRESETS.reduce((best, p) => (Math.abs(p - rest) < Math.abs(best - rest) ? p : best));
    perform(send(machine, { type: "choosePreset", value: nearest }, now()));
  }
  draw();

  const view = [
    el("div", { class: "timer", id: "timer" },
      el("div", { class: "timer-top" }, picker, el("div", { class: "chips", role: "group", "aria-label": t("timer.presets") }, presets)),
      el("div", { class: "timer-display" }, reps, caption, announce),
      el("div", { class: "chips timer-small" }, minus, plus, less, more, reset, undo),
      main),
    el("section", { class: "card stack timer-log" }, el("h2", {}, t("timer.sets")), setList,
      el("p", { class: "muted small", hidden: machine.sets.length > 0 }, t("timer.keys")), save),
  ];
  // Leaving the page closes the machine: the timer always stops with the screen.
  view.close = () => {
    perform(send(machine, { type: "close" }, now()));
    clearInterval(interval);
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("visibilitychange", onVisible);
    document.removeEventListener("pointerdown", unlock, true);
    clearTimeout(undoTimer);
    wakeLock?.release?.().catch(() => {});
  };
  view.machine = machine;
  return view;
}
