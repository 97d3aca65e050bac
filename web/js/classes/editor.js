// Publishing or changing a class (coaches and admins): title, description, one date or a
// month's series (weekdays and a time), length, place or an online link, seats, price in the
// currency's own unit (cents for dollars), and how long before the start a seat may be
// cancelled for a refund. Fields are checked here first, and the server's word is shown in place.
import { formatInstant, shiftMonth, t, todayIn } from "../i18n.js";
import { el, showProblem, toast } from "../ui.js";
import { currencies, toMajorText, toMinor } from "./money.js";

/** A datetime-local value (the person's wall time) for an instant, and back. */
function localValue(instant) {
  const d = new Date(instant);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The body the form says, or the fields it finds wrong (checked before anything is sent). */
export function readClassForm(values, { editing }) {
  const errors = [];
  const price = toMinor(values.price, values.currency);
  if (!values.title.trim()) errors.push({ field: "title", message: t("classEditor.needTitle") });
  if (price === null) errors.push({ field: "price", message: t("classEditor.badPrice") });
  const capacity = Number(values.capacity);
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > 500) errors.push({ field: "capacity", message: t("classEditor.badCapacity") });
  const duration = Number(values.durationMinutes);
  if (!Number.isInteger(duration) || duration < 10 || duration > 480) errors.push({ field: "durationMinutes", message: t("classEditor.badDuration") });
  if (values.onlineUrl && !/^https?:\/\/\S+$/.test(values.onlineUrl)) errors.push({ field: "onlineUrl", message: t("classEditor.badLink") });
  const body = { title: values.title.trim(), description: values.description, durationMinutes: duration, capacity, price,
    place: values.place, onlineUrl: values.onlineUrl || (editing ? "" : undefined), cancelHours: Number(values.cancelHours) };
  if (!editing) body.currency = values.currency;
  if (values.kind === "series" && !editing) {
    const weekdays = values.weekdays.map(Number);
    if (!weekdays.length) errors.push({ field: "series.weekdays", message: t("classEditor.needWeekday") });
    body.series = { month: values.month, weekdays, time: values.time };
  } else {
    const start = values.startsAt ? new Date(values.startsAt) : null;
    if (!start || Number.isNaN(start.getTime())) errors.push({ field: "startsAt", message: t("classEditor.needStart") });
    else body.startsAt = start.toISOString();
  }
  if (!body.place) delete body.place;
  if (body.onlineUrl === undefined) delete body.onlineUrl;
  return { body, errors };
}

export function classEditorView(session, { classId }) {
  const me = session.user;
  const field = (label, control, hint = null) => el("div", { class: "field" }, el("label", { for: control.id }, label), control,
    hint ? el("p", { class: "muted small" }, hint) : null);
  const title = el("input", { id: "class-title-input", name: "title", maxlength: 120, required: true });
  const description = el("textarea", { id: "class-description", name: "description", rows: 3, maxlength: 4000 });
  const kind = el("div", { class: "segmented two", role: "radiogroup", "aria-label": t("classEditor.when") });
  const once = el("div", { class: "stack" });
  const series = el("div", { class: "stack", hidden: true });
  const startsAt = el("input", { id: "class-starts", name: "startsAt", type: "datetime-local" });
  const month = el("input", { id: "class-month", name: "month", type: "month", value: shiftMonth(todayIn(me?.timeZone).slice(0, 7), 1) });
  const time = el("input", { id: "class-time", name: "time", type: "time", value: "19:00" });
  const weekdays = el("div", { class: "chips", id: "class-weekdays", role: "group", "aria-label": t("classEditor.weekdays") },
    [1, 2, 3, 4, 5, 6, 7].map((day) => {
      const chip = el("button", { type: "button", class: "chip", "data-weekday": day, "aria-pressed": "false" },
        formatInstant(new Date(Date.UTC(2024, 0, day)), { weekday: "short", timeZone: "UTC" }));  // 2024-01-01 was a Monday
      chip.addEventListener("click", () => chip.setAttribute("aria-pressed", String(chip.getAttribute("aria-pressed") !== "true")));
      return chip;
    }));
  const duration = el("input", { id: "class-duration", name: "durationMinutes", type: "number", min: 10, max: 480, value: 60 });
  const place = el("input", { id: "class-place", name: "place", maxlength: 200 });
  const link = el("input", { id: "class-link", name: "onlineUrl", type: "url", inputmode: "url", placeholder: "https://" });
  const capacity = el("input", { id: "class-capacity", name: "capacity", type: "number", min: 1, max: 500, value: 10 });
  const currency = el("select", { id: "class-currency", name: "currency" }, currencies.map((c) => el("option", { value: c }, c)));
  const price = el("input", { id: "class-price", name: "price", inputmode: "decimal", value: "20000" });
  const cancelHours = el("input", { id: "class-cancel-hours", name: "cancelHours", type: "number", min: 0, max: 336, value: 24 });
  let mode = "once";
  function choose(next) {
    mode = next;
    for (const b of kind.children) b.setAttribute("aria-checked", String(b.dataset.kind === next));
    once.hidden = next !== "once";
    series.hidden = next !== "series";
  }
  kind.append(...["once", "series"].map((name) => el("button", { type: "button", role: "radio", "data-kind": name, onclick: () => choose(name) },
    t(`classEditor.${name}`))));
  once.append(field(t("classEditor.startsAt"), startsAt));
  series.append(field(t("classEditor.month"), month), el("div", { class: "field" }, el("span", { class: "label" }, t("classEditor.weekdays")), weekdays),
    field(t("classEditor.time"), time, t("classEditor.seriesHint")));
  choose("once");
  const save = el("button", { type: "submit", class: "button wide", id: "class-save" }, classId ? t("classEditor.saveChanges") : t("classEditor.publish"));
  const form = el("form", { class: "form card editor", novalidate: true, id: "class-form" },
    field(t("classEditor.title"), title), field(t("classEditor.description"), description),
    classId ? null : kind, once, classId ? null : series,
    field(t("classEditor.duration"), duration), field(t("classEditor.place"), place), field(t("classEditor.link"), link),
    field(t("classEditor.capacity"), capacity),
    el("div", { class: "field-pair" }, field(t("classEditor.currency"), currency), field(t("classEditor.price"), price, t("classEditor.priceHint"))),
    field(t("classEditor.cancelHours"), cancelHours, t("classEditor.cancelHint")), save);
  if (classId) {
    currency.disabled = true;
    session.api(`/v1/classes/${classId}`).then(({ item, onlineUrl }) => {
      title.value = item.title;
      description.value = item.description;
      startsAt.value = localValue(item.startsAt);
      duration.value = item.durationMinutes;
      place.value = item.place || "";
      link.value = onlineUrl || "";
      capacity.value = item.capacity;
      currency.value = item.currency;
      price.value = toMajorText(item.price, item.currency);
      cancelHours.value = item.cancelDeadline ? Math.round((new Date(item.startsAt) - new Date(item.cancelDeadline)) / 3600000) : 24;
    }, (problem) => showProblem(problem));
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = { title: title.value, description: description.value, kind: mode, startsAt: startsAt.value, month: month.value, time: time.value,
      weekdays: [...weekdays.querySelectorAll('[aria-pressed="true"]')].map((chip) => chip.dataset.weekday), durationMinutes: duration.value,
      place: place.value.trim(), onlineUrl: link.value.trim(), capacity: capacity.value, currency: currency.value, price: price.value,
      cancelHours: cancelHours.value };
    const { body, errors } = readClassForm(values, { editing: Boolean(classId) });
    if (errors.length) { showProblem({ title: t("classEditor.fix"), errors }, form); return; }
    save.disabled = true;
    try {
      const reply = await session.api(classId ? `/v1/classes/${classId}` : "/v1/classes", { method: classId ? "PATCH" : "POST", body });
      const first = classId ? reply : reply.items[0];
      toast(classId ? t("classEditor.saved") : t("classEditor.published", { n: reply.items.length }));
      location.hash = `#/class/${first.id}`;
    } catch (problem) {
      save.disabled = false;
      showProblem(problem, form);
    }
  });
  return [el("p", {}, el("a", { href: classId ? `#/class/${classId}` : "#/classes", class: "muted" }, `‹ ${t("nav.classes")}`)),
    el("h1", {}, classId ? t("classEditor.editTitle") : t("classEditor.newTitle")), form];
}
