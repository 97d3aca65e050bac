// The training session page: start from a routine, from the last workout or empty; then every
// exercise with its sets (last time's beside them), one tap marks a set done and the rest starts
// on its own. The header is the one-button timer: tap the number to count reps, the big button
// marks the set in hand done (or, with no plan, logs a set of the reps counted) and rests, a
// ring while resting. Finish shows the summary and personal records. The rules are session.js; this file
// draws and performs. The session lives in this browser (a reload or a locked phone finds it)
// and on the server (another device finds it), saved after each change with If-Match.
import { exerciseName, formatNumber, t } from "../i18n.js";
import { clearProblems, el, showProblem, toast } from "../ui.js";
import { block, current, restProgress, remainingSeconds, send, workoutOf } from "./session.js";
import { beep, clockText, tapGuard, unlockAudio } from "./timer.js";
import { PRESETS } from "./machine.js";
import { startCard } from "./start.js";
import { exercisePicker, usedExercise } from "./picker.js";
import { plateSheet } from "./plates.js";
import { coversDistance, distanceIn, takesWeight, weightIn } from "./units.js";
import { versionOf } from "../sync/save.js";
import { composeWith } from "../community/compose.js";

const KEPT = "yaruki.trainingSession";
const ms = (text) => (text ? Date.parse(text) : null);
const iso = (time) => (time === null || time === undefined ? null : new Date(time).toISOString());

/** The server's JSON (dates as text) as session.js keeps it (milliseconds), and back. */
export function fromServer(s) {
  return { ...s, startedAt: ms(s.startedAt), restStartedAt: ms(s.restStartedAt), endedAt: ms(s.endedAt), routineId: s.routineId ?? null,
    exercises: s.exercises.map((e) => ({ exerciseId: e.exerciseId, restSeconds: e.restSeconds ?? null, superset: e.superset ?? null,
      notes: e.notes ?? null,
      sets: e.sets.map((set) => ({ reps: set.reps ?? null, seconds: set.seconds ?? null, weightKg: set.weightKg ?? null, done: set.done,
        completedAt: ms(set.completedAt), previous: set.previous ?? null, type: set.type ?? null, rpe: set.rpe ?? null, rir: set.rir ?? null,
        distanceM: set.distanceM ?? null })) })) };
}

export function toServer(s) {
  return { ...s, startedAt: iso(s.startedAt), restStartedAt: iso(s.restStartedAt), endedAt: iso(s.endedAt),
    exercises: s.exercises.map((e) => ({ ...e, sets: e.sets.map((set) => ({ ...set, completedAt: iso(set.completedAt) })) })) };
}

export function formatDuration(seconds) {
  if (seconds < 60) return t("session.seconds", { s: formatNumber(seconds) });
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 ? t("session.hours", { h: formatNumber(Math.floor(minutes / 60)), m: formatNumber(minutes % 60) })
    : t("session.minutes", { m: formatNumber(minutes) });
}

/** A personal record in the person's unit (`units` from weightIn; most reps keeps its count). */
export function recordText(r, units) {
  const value = r.kind === "mostReps" ? formatNumber(r.value) : r.kind === "longest" ? formatDuration(r.value)
    : r.kind === "farthest" ? `${formatNumber(Math.round(r.value / 10) / 100)} km` : units.text(r.value);
  return t(`session.record.${r.kind}`, { value, weight: units.text(r.weightKg), reps: formatNumber(r.reps) });
}

function kept() { try { return JSON.parse(localStorage.getItem(KEPT) || "null"); } catch { return null; } }
function keep(value) { try { if (value) localStorage.setItem(KEPT, JSON.stringify(value)); else localStorage.removeItem(KEPT); } catch { /* private mode */ } }

function previousText(previous, weight) {
  if (!previous) return "—";
  if (previous.distanceM != null) {
    const d = distanceIn(weight.unit);
    return `${formatNumber(d.shown(previous.distanceM))} ${d.unit}` + (previous.seconds != null ? ` · ${formatNumber(previous.seconds)} s` : "");
  }
  if (previous.seconds != null) return `${formatNumber(previous.seconds)} s`;
  return previous.weightKg != null ? `${weight.text(previous.weightKg)} × ${formatNumber(previous.reps ?? 0)}` : `× ${formatNumber(previous.reps ?? 0)}`;
}

export function sessionView(session, { exercises, routineId = null, start: startWith = null }) {
  const catalog = new Map(exercises.map((e) => [e.id, e]));
  const nameOf = (id) => (catalog.get(id) ? exerciseName(catalog.get(id)) : id);
  const units = weightIn(session.user?.weightUnit || "kg");
  const root = el("div", { class: "stack", id: "session-root", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  let state = null;          // { session, version, dirty }
  let ticker = null, saving = null, wakeLock = null, closed = false;
  let edits = 0;             // changes made on this page: a save knows whether one came after what it carried
  let putting = false, putAgain = false;

  // MARK: keeping it

  function store() { keep(state); }

  /** One save at a time. A change made while a save is on its way is saved after it, at the
   *  version that save brings back: two at once carried the same If-Match, so the second was
   *  refused, the first's state was loaded back, and the later change (a rest skipped) was lost. */
  async function save() {
    if (putting) { putAgain = true; return; }
    putting = true;
    try { await put(); } finally { putting = false; }
    if (putAgain) { putAgain = false; if (state?.dirty) await save(); }
  }

  async function put() {
    if (!state || state.session.phase === "finished") return;
    const body = toServer(state.session), carried = edits;
    try {
      await session.api("/v1/training/session", { method: "PUT", body, headers: state.version ? { "If-Match": `"v${state.version}"` } : {},
        onResponse: (response) => { if (state) state.version = versionOf(response) ?? state.version; } });
      if (!state) return;  // finished meanwhile
      if (edits === carried) state.dirty = false;
      store();
    } catch (problem) {
      if (!state) return;  // finished or discarded meanwhile: a save that came late has nothing to say
      if (problem.status === 412) {
        toast(t("session.changedElsewhere"));
        await load();
      } else if (problem.status !== 0) {
        showProblem(problem);
      }
    }
  }

  function changed() {
    edits += 1;
    state.dirty = true;
    store();
    clearTimeout(saving);
    saving = setTimeout(save, 600);
  }

  /** Applies the event; the page is drawn again unless the input that sent it already shows it. */
  function act(event, { redraw = true } = {}) {
    if (!state) return;
    const effects = send(state.session, event, Date.now());
    perform(effects);
    changed();
    if (redraw) draw();
  }

  function perform(effects) {
    for (const effect of effects) {
      if (effect === "startTimer") startTicking();
      else if (effect === "stopTimer") stopTicking();
      else if (effect === "playSound") beep();
      else if (effect === "vibrate") navigator.vibrate?.([200, 100, 200]);
    }
  }

  function startTicking() {
    stopTicking();
    ticker = setInterval(() => {
      if (!state) return;
      const effects = send(state.session, { type: "tick" }, Date.now());
      if (effects.length) { perform(effects); changed(); }
      drawHeader();
    }, 250);
  }
  function stopTicking() { clearInterval(ticker); ticker = null; }

  // MARK: drawing

  const header = el("section", { class: "card session-header", id: "session-header" });
  const body = el("div", { class: "stack", id: "session-exercises" });

  // The big button: a set in hand is marked done, with no set in hand (no plan, or every planned
  // set done) one is logged of the reps counted, the way the timer did; resting, it ends the rest.
  // Taps closer than 400 ms are one: a sweaty double tap must not log a set and end its rest.
  const guard = tapGuard(400);
  const repsOnly = exercises.filter((e) => e.unit === "reps");
  let free = null;
  try { free = localStorage.getItem("yaruki.timer.exercise"); } catch { /* private mode */ }

  /** The exercise the big button logs with no plan: the one chosen, else the last one done. */
  function freeExercise(s) {
    const last = s.exercises.at(-1)?.exerciseId;
    const chosen = [free, last, "push-up"].find((id) => repsOnly.some((e) => e.id === id));
    return chosen ?? repsOnly[0]?.id;
  }

  function pressMain() {
    const s = state?.session;
    if (!s) return;
    if (s.phase === "rest") { act({ type: "skipRest" }); return; }
    const hand = current(s);
    if (hand) act({ type: "toggleSet", exercise: hand[0], set: hand[1] });
    else if (freeExercise(s)) act({ type: "logSet", id: freeExercise(s) });
  }

  function mainButton(action, label, id) {
    const main = el("button", { type: "button", class: "timer-main", id, "data-action": action }, label);
    main.addEventListener("click", (event) => { if (guard.accept(event.timeStamp)) pressMain(); });
    return main;
  }

  function drawHeader() {
    const s = state.session;
    const now = Date.now();
    if (s.phase === "rest") {
      const left = remainingSeconds(s, now);
      const ring = el("div", { class: `rest-ring${left === 0 ? " over" : ""}`, role: "timer", id: "rest-ring", "aria-label": t("session.restLeft") });
      ring.style.setProperty("--progress", String(restProgress(s, now)));
      ring.append(el("span", { class: "rest-figure", id: "rest-left" }, clockText(left)));
      header.replaceChildren(ring,
        el("p", { class: "timer-caption" }, left === 0 ? t("timer.restOver") : t("session.resting")),
        el("div", { class: "chips timer-small" },
          el("button", { type: "button", class: "chip", onclick: () => act({ type: "adjustRest", value: -15 }) }, "−15 s"),
          el("button", { type: "button", class: "chip", onclick: () => act({ type: "adjustRest", value: 15 }) }, "+15 s")),
        mainButton("nextSet", t("timer.nextSet"), "skip-rest"));
      header.dataset.phase = "rest";
      return;
    }
    const hand = current(s);
    const count = el("button", { type: "button", class: "count-button", id: "count-rep", "aria-label": t("session.countRep") },
      el("span", { class: "timer-figure" }, formatNumber(s.counted)));
    count.addEventListener("click", () => act({ type: "countRep" }));
    const less = el("button", { type: "button", class: "chip", id: "uncount-rep", "aria-label": t("timer.minusLabel"), hidden: s.counted === 0,
      onclick: () => act({ type: "uncountRep" }) }, "−1");
    const tools = [less];
    if (!hand) {
      const picker = exercisePicker(exercises, { id: "session-exercise", label: t("timer.exercise"), value: freeExercise(s), only: (e) => e.unit === "reps" });
      picker.addEventListener("change", () => { free = picker.value; try { localStorage.setItem("yaruki.timer.exercise", free); } catch { /* private mode */ } });
      tools.push(picker, ...PRESETS.map((seconds) => el("button", { type: "button", class: "chip preset", "data-preset": seconds,
        "aria-pressed": String(s.defaultRest === seconds), onclick: () => act({ type: "setDefaultRest", value: seconds }) }, `${seconds}s`)));
    }
    header.replaceChildren(count, el("p", { class: "timer-caption" },
      hand ? t("session.inHand", { name: nameOf(s.exercises[hand[0]].exerciseId), n: hand[1] + 1 }) : t("session.freeCaption")),
      el("div", { class: "chips timer-small", role: "group", "aria-label": t("timer.presets") }, tools),
      mainButton(hand ? "doneSet" : "logSet", hand ? t("session.doneAndRest") : t("timer.startRest"), "session-main"));
    header.dataset.phase = "training";
  }

  function setRow(e, i, set, exercise) {
    const timed = set.seconds !== null || catalog.get(exercise.exerciseId)?.unit === "seconds";
    // A body-weight move has no weight to write, unless this set already carries one (a vest, a belt).
    const bodyweight = !takesWeight(catalog.get(exercise.exerciseId)) && set.weightKg == null;
    const weight = bodyweight ? null : el("input", { type: "number", inputmode: "decimal", min: 0, max: units.unit === "lb" ? 2204 : 1000, step: "any", name: "weightKg",
      class: "set-weight", "aria-label": t("session.weightIn", { unit: units.unit }), value: units.shown(set.weightKg) ?? "", placeholder: units.unit });
    const amount = el("input", { type: "number", inputmode: "numeric", min: 0, max: timed ? 86400 : 1000, name: timed ? "seconds" : "reps",
      class: "set-amount", "aria-label": timed ? t("editor.seconds") : t("editor.reps"), value: (timed ? set.seconds : set.reps) ?? "" });
    // A run or a carry covers a distance: its own field, under the set, in km (mi for pounds).
    const miles = distanceIn(units.unit);
    const distance = coversDistance(catalog.get(exercise.exerciseId)) || set.distanceM != null
      ? el("input", { type: "number", inputmode: "decimal", min: 0, max: miles.unit === "mi" ? 621 : 1000, step: "any", name: "distanceM",
        class: "set-distance", "aria-label": t("session.distanceIn", { unit: miles.unit }), value: miles.shown(set.distanceM) ?? "",
        placeholder: miles.unit })
      : null;
    const update = () => {
      const number = (input) => (input.value === "" ? null : Number(input.value));
      act({ type: "setValues", exercise: e, set: i, weightKg: weight ? units.stored(number(weight)) : null, reps: timed ? null : number(amount),
        seconds: timed ? number(amount) : null, distanceM: distance ? miles.stored(number(distance)) : set.distanceM ?? null },
        { redraw: false });
    };
    weight?.addEventListener("change", update);
    amount.addEventListener("change", update);
    distance?.addEventListener("change", update);
    const done = el("button", { type: "button", class: `set-done${set.done ? " on" : ""}`, "aria-pressed": String(set.done),
      "data-set": `${e}-${i}`, "aria-label": t(set.done ? "session.undoSet" : "session.doneSet", { n: i + 1 }) }, "✓");
    done.addEventListener("click", () => act({ type: "toggleSet", exercise: e, set: i }));
    // Reordering and removing stay out of the way, in the set's own menu.
    const count = exercise.sets.length;
    const menu = el("details", { class: "more-menu set-menu" }, el("summary", { "aria-label": t("session.setMenu", { n: i + 1 }) }, "⋯"),
      el("div", { class: "menu" },
        i > 0 ? el("button", { type: "button", class: "button quiet small", "data-move": "up",
          onclick: () => act({ type: "moveSet", exercise: e, from: i, to: i - 1 }) }, t("session.moveUp")) : null,
        i < count - 1 ? el("button", { type: "button", class: "button quiet small", "data-move": "down",
          onclick: () => act({ type: "moveSet", exercise: e, from: i, to: i + 1 }) }, t("session.moveDown")) : null,
        count > 1 ? el("button", { type: "button", class: "button quiet small", "data-remove": "set",
          onclick: () => act({ type: "removeSet", exercise: e, set: i }) }, t("editor.removeSet")) : null,
        // Which plates make this set's weight on the bar in hand.
        weight && set.weightKg ? el("button", { type: "button", class: "button quiet small", "data-action": "plates",
          onclick: () => openPlates(units.shown(set.weightKg)) }, t("plates.open")) : null,
        effort(e, i, set)));
    const type = set.type && set.type !== "working" ? set.type : null;
    return el("li", { class: `session-set${set.done ? " done" : ""}${type ? ` ${type}` : ""}` },
      el("span", { class: "set-index", title: type ? t(`session.setType.${type}`) : null }, type ? t(`session.setShort.${type}`) : formatNumber(i + 1)),
      el("span", { class: "muted small set-previous" }, previousText(set.previous, units)),
      weight ?? el("span", { class: "set-weight", "aria-hidden": "true" }), amount, done, menu,
      distance ? el("label", { class: "set-distance-row" }, distance, el("span", { class: "muted small" }, miles.unit)) : null);
  }

  /** What the set is for, and how hard it was (RPE, or reps in reserve when no RPE is given). */
  function effort(e, i, set) {
    const mark = (changes) => act({ type: "markSet", exercise: e, set: i, setType: set.type ?? null, rpe: set.rpe ?? null, rir: set.rir ?? null,
      ...changes });
    const types = el("div", { class: "chips", role: "group", "aria-label": t("session.setTypes") },
      ["warmup", "working", "drop", "failure"].map((type) => el("button", { type: "button", class: "chip", "data-set-type": type,
        "aria-pressed": String((set.type ?? "working") === type), onclick: () => mark({ setType: type === "working" ? null : type }) },
        t(`session.setType.${type}`))));
    const rpe = el("select", { name: "rpe", "aria-label": t("session.rpe") },
      el("option", { value: "" }, t("session.rpeNone")),
      [6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10].map((v) => el("option", { value: String(v), selected: set.rpe === v }, `RPE ${formatNumber(v)}`)));
    rpe.addEventListener("change", () => mark({ rpe: rpe.value === "" ? null : Number(rpe.value), rir: null }));
    const rir = el("select", { name: "rir", "aria-label": t("session.rir") },
      el("option", { value: "" }, t("session.rirNone")),
      [0, 1, 2, 3, 4, 5].map((v) => el("option", { value: String(v), selected: set.rir === v }, t("session.rirValue", { n: formatNumber(v) }))));
    rir.addEventListener("change", () => mark({ rir: rir.value === "" ? null : Number(rir.value), rpe: null }));
    return el("div", { class: "set-effort" }, types, el("div", { class: "row" }, rpe, rir));
  }

  function openPlates(target) {
    const sheet = plateSheet(target, units.unit, (n) => formatNumber(n));
    document.body.append(sheet);
    sheet.showModal();
  }

  function exerciseCard(exercise, e) {
    const s = state.session;
    const swap = exercisePicker(exercises, { label: t("session.swap"), placeholder: t("session.swap") });
    swap.addEventListener("change", () => { if (swap.value) act({ type: "swapExercise", exercise: e, id: swap.value, lastTime: [] }); });
    const [low, high] = block(s, e);
    const grouped = high - low > 1;
    const linked = e + 1 < s.exercises.length && grouped && e + 1 < high;
    const menu = el("details", { class: "more-menu" }, el("summary", { "aria-label": t("post.more") }, "⋯"),
      el("div", { class: "menu" }, swap,
        e + 1 < s.exercises.length && !linked ? el("button", { type: "button", class: "button quiet small", "data-action": "link-next",
          onclick: () => act({ type: "linkNext", exercise: e }) }, t("session.linkNext", { name: nameOf(s.exercises[e + 1].exerciseId) })) : null,
        grouped ? el("button", { type: "button", class: "button quiet small", "data-action": "unlink",
          onclick: () => act({ type: "unlink", exercise: e }) }, t("session.unlink")) : null,
        el("button", { type: "button", class: "button quiet small", onclick: () => act({ type: "moveExercise", from: e, to: Math.max(0, e - 1) }) },
          t("session.moveUp")),
        el("button", { type: "button", class: "button quiet small", onclick: () => act({ type: "removeExercise", exercise: e }) },
          t("editor.removeExercise"))));
    const rest = exercise.restSeconds ?? s.defaultRest;
    // In a superset, only the round's last exercise rests; the others lead straight to the next.
    const restText = linked ? t("session.thenNext", { name: nameOf(s.exercises[e + 1].exerciseId) })
      : grouped ? t("session.restAfterRound", { seconds: formatNumber(rest) }) : t("session.restAfter", { seconds: formatNumber(rest) });
    const notes = el("textarea", { name: "notes", rows: 2, maxlength: 1000, class: "exercise-notes", "aria-label": t("session.notes"),
      placeholder: t("session.notesPlaceholder") }, exercise.notes ?? "");
    notes.addEventListener("change", () => act({ type: "setNotes", exercise: e, text: notes.value.trim() }, { redraw: false }));
    const label = grouped && e === low ? el("p", { class: "superset-label" }, t(high - low > 2 ? "session.circuit" : "session.superset")) : null;
    return el("section", { class: `card session-exercise${grouped ? " in-superset" : ""}${grouped && e === low ? " superset-first" : ""}`,
      "data-exercise": exercise.exerciseId, "data-superset": exercise.superset ?? null },
      label, el("div", { class: "entry-head" }, el("h2", {}, nameOf(exercise.exerciseId)), menu),
      el("p", { class: "muted small rest-after" }, restText),
      el("ol", { class: "session-sets" }, exercise.sets.map((set, i) => setRow(e, i, set, exercise))),
      el("button", { type: "button", class: "button quiet small", onclick: () => act({ type: "addSet", exercise: e }) }, t("editor.addSet")),
      el("details", { class: "exercise-notes-box", open: exercise.notes ? true : null }, el("summary", {}, t("session.notes")), notes));
  }

  function draw() {
    if (!state) return;
    const s = state.session;
    if (s.phase === "rest" && !ticker) startTicking();
    drawHeader();
    const add = exercisePicker(exercises, { id: "add-exercise", label: t("session.addExercise"), placeholder: t("session.addExercise") });
    add.addEventListener("change", () => { if (add.value) act({ type: "addExercise", id: add.value, restSeconds: null, lastTime: [] }); });
    body.replaceChildren(...s.exercises.map(exerciseCard),
      ...(s.exercises.length ? [] : [el("p", { class: "muted" }, t("session.noExercises"))]), add);
    root.replaceChildren(el("h1", {}, s.title || t("session.title")), header, body,
      el("button", { type: "button", class: "button quiet wide", id: "finish-session", onclick: finish }, t("session.finish")),
      el("button", { type: "button", class: "button quiet wide danger-text", id: "discard-session", onclick: discard }, t("session.discard")));
    root.removeAttribute("aria-busy");
  }

  // MARK: starting and ending

  async function start(body) {
    clearProblems();
    try {
      const started = await session.api("/v1/training/session", { method: "POST", body });
      state = { session: fromServer(started), version: 1, dirty: false };
      store();
      draw();
    } catch (problem) {
      if (problem.status === 409) { await load(); return; }
      showProblem(problem);
    }
  }

  function startScreen() {
    keep(null);
    state = null;
    stopTicking();
    root.replaceChildren(el("h1", {}, t("session.title")), startCard(session, { nameOf }));
    root.removeAttribute("aria-busy");
  }

  async function finish() {
    if (!state) return;
    clearTimeout(saving);
    const final = structuredClone(state.session);
    perform(send(final, { type: "finish" }, Date.now()));
    if (!workoutOf(final).exercises.length) { showProblem({ status: 422, title: t("session.nothingDone") }); return; }
    try {
      const result = await session.api("/v1/training/session/finish", { method: "POST", body: toServer(final) });
      // What was trained comes first the next time an exercise is chosen.
      for (const entry of [...result.workout.exercises].reverse()) usedExercise(entry.exerciseId);
      keep(null);
      state = null;
      stopTicking();
      summaryScreen(result);
    } catch (problem) { showProblem(problem); }
  }

  async function discard() {
    if (!confirm(t("session.discardConfirm"))) return;
    try { await session.api("/v1/training/session", { method: "DELETE" }); } catch (problem) { if (problem.status !== 404) { showProblem(problem); return; } }
    toast(t("session.discarded"));
    startScreen();
  }

  function totalReps(workout) {
    return workout.exercises.reduce((sum, entry) => sum + entry.sets.reduce((n, set) => n + (set.reps ?? 0), 0), 0);
  }

  function summaryScreen({ workout, summary }) {
    const records = summary.records.map((r) => el("li", { class: "record", "data-kind": r.kind },
      el("strong", {}, nameOf(r.exerciseId)), " ",
      recordText(r, units)));
    const previous = summary.previous;
    // The Done board is for a photo of it: the composer opens with the workout written out,
    // for the person to add their photo and post.
    const post = el("button", { type: "button", class: "button wide", id: "post-done" }, t("session.postDone"));
    post.addEventListener("click", () => {
      const lines = [workout.notes || t("session.title"), t("session.summaryLine", { sets: formatNumber(summary.sets),
        volume: units.text(summary.volumeKg), duration: formatDuration(summary.durationSeconds) })];
      for (const entry of workout.exercises) {
        lines.push(`${nameOf(entry.exerciseId)}: ${entry.sets.map((s) => (s.reps != null ? formatNumber(s.reps) : `${formatNumber(s.seconds)}s`)
          + (s.weightKg ? ` × ${units.text(s.weightKg)}` : "")).join(", ")}`);
      }
      for (const r of summary.records) lines.push(`🏆 ${nameOf(r.exerciseId)}: ${recordText(r, units)}`);
      composeWith({ board: "done", body: lines.join("\n").slice(0, 5000) });
    });
    root.replaceChildren(el("h1", {}, t("session.finished")),
      el("section", { class: "card stack", id: "session-summary" },
        el("div", { class: "summary-figures" },
          el("div", {}, el("strong", { id: "summary-duration" }, formatDuration(summary.durationSeconds)), el("span", { class: "muted small" }, t("session.duration"))),
          // Nothing lifted (body-weight moves, holds): the reps done, not "0 kg".
          summary.volumeKg > 0 || totalReps(workout) === 0
            ? el("div", {}, el("strong", { id: "summary-volume" }, units.text(summary.volumeKg)), el("span", { class: "muted small" }, t("session.volume")))
            : el("div", {}, el("strong", { id: "summary-reps" }, formatNumber(totalReps(workout))), el("span", { class: "muted small" }, t("editor.reps"))),
          el("div", {}, el("strong", { id: "summary-sets" }, formatNumber(summary.sets)), el("span", { class: "muted small" }, t("session.sets")))),
        previous ? el("p", { class: "muted small", id: "summary-previous" }, previous.volumeKg > 0
          ? t("session.comparedTo", { volume: units.text(previous.volumeKg), sets: formatNumber(previous.sets) })
          : t("session.comparedToSets", { sets: formatNumber(previous.sets) })) : null),
      el("section", { class: "card stack" }, el("h2", {}, t("session.records")),
        records.length ? el("ul", { class: "rows", id: "session-records" }, records) : el("p", { class: "muted", id: "session-records" }, t("session.noRecords"))),
      post, el("a", { class: "button quiet wide", href: "#/training" }, t("session.toTraining")));
  }

  // MARK: opening

  async function load() {
    const local = kept();
    let server = null;
    try {
      let version = 1;
      const found = await session.api("/v1/training/session", { onResponse: (response) => { version = versionOf(response) ?? 1; } });
      server = { session: fromServer(found), version, dirty: false };
    } catch (problem) {
      if (problem.status === 0 && local) { state = local; draw(); return; }  // offline: this browser's copy
      if (problem.status !== 404) { showProblem(problem); return; }
    }
    if (server && local && local.session.id === server.session.id && local.dirty) {
      state = { ...local, version: server.version };  // this browser's unsaved steps go first
      draw();
      save();
    } else if (server) {
      state = server;
      store();
      draw();
      // Asked to start a routine while another session is under way: that one goes first.
      if (routineId && server.session.routineId !== routineId) toast(t("session.underWay"));
    } else if (routineId || startWith === "last" || startWith === "empty") {
      // From a routine's Start (Training, the routines page, a post), Repeat last, or the timer's quick start.
      await start(routineId ? { routineId } : startWith === "last" ? { repeatLast: true } : {});
      // Started once: a reload opens the session, it does not start another.
      if (state) history.replaceState(null, "", "#/session");
    } else {
      startScreen();
    }
  }

  async function requestWakeLock() { try { wakeLock = await navigator.wakeLock?.request("screen"); } catch { wakeLock = null; } }
  const onVisible = () => {
    if (document.visibilityState !== "visible" || closed) return;
    requestWakeLock();
    if (state) { perform(send(state.session, { type: "tick" }, Date.now())); drawHeader(); }
  };
  document.addEventListener("visibilitychange", onVisible);
  // The first touch unlocks the page's sound (phones allow it only inside a gesture), so the end of a rest can beep.
  const unlock = () => unlockAudio();
  document.addEventListener("pointerdown", unlock, true);
  requestWakeLock();
  // The timer's keys: Space or Enter is the big button, ↑ and ↓ count reps. Not while typing or on a control.
  function onKey(event) {
    if (!state || event.target.closest?.("input, select, textarea, button, a, summary")) return;
    const handled = { " ": "main", Enter: "main", ArrowUp: "countRep", ArrowDown: "uncountRep" }[event.key];
    if (!handled || (handled !== "main" && state.session.phase !== "training")) return;
    event.preventDefault();
    unlockAudio();
    if (handled === "main") { if (guard.accept(event.timeStamp)) pressMain(); } else act({ type: handled });
  }
  document.addEventListener("keydown", onKey);
  const online = () => { if (state?.dirty) save(); };
  window.addEventListener("online", online);
  load();

  const view = [root];
  view.close = () => {
    closed = true;
    stopTicking();
    clearTimeout(saving);
    if (state?.dirty) save();
    document.removeEventListener("visibilitychange", onVisible);
    document.removeEventListener("pointerdown", unlock, true);
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("online", online);
    wakeLock?.release?.().catch(() => {});
  };
  return view;
}
