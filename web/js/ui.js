// Page-level feedback: problems shown in place (with the fields marked), toasts, empty states.
import { t } from "./i18n.js";
import { fieldLine, problemDetail, problemTitle } from "./problems.js";

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = value;
    // Through the CSS object model: the page's policy allows no inline style attributes.
    else if (name === "style") node.style.cssText = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Shows a ProblemError in the problems region and marks the named fields of `form`. */
export function showProblem(problem, form = null) {
  const region = document.getElementById("problems");
  const items = problem.errors?.length
    ? el("ul", {}, problem.errors.map((e) => el("li", {}, fieldLine(e.field, e.message, e.label ?? undefined)))) : null;
  const detail = problemDetail(problem);
  const card = el("div", { class: "problem", "data-status": problem.status },
    el("strong", {}, problemTitle(problem)), detail ? el("span", {}, detail) : null, items,
    el("button", { type: "button", "aria-label": t("problem.dismiss"), onclick: () => card.remove() }, "×"));
  region.replaceChildren(card);
  if (form) {
    for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
    for (const error of problem.errors || []) {
      (error.element || form.querySelector(`[name="${CSS.escape(error.field)}"]`))?.setAttribute("aria-invalid", "true");
    }
  }
  return card;
}

export function clearProblems() { document.getElementById("problems").replaceChildren(); }

/** What the browser's own constraints (required, minlength, maxlength, type=email, min/max) find
 *  wrong in `form`, said as the server says it, so the same translated lines show; null when
 *  nothing is. */
export function formProblem(form) {
  const errors = [];
  for (const input of form.querySelectorAll("input[name], textarea[name], select[name]")) {
    if (input.disabled || input.type === "hidden" || input.type === "file" || input.validity.valid) continue;
    const v = input.validity;
    const message = v.valueMissing ? "is required"
      : v.typeMismatch && input.type === "email" ? "must be an email address"
        : v.tooShort ? `must have at least ${input.minLength} characters`
          : v.tooLong ? `is longer than ${input.maxLength} characters`
            : v.rangeUnderflow || v.rangeOverflow ? `must be ${input.min} to ${input.max}` : "is not valid";
    // Named as the page names it (a set's "Reps" has no field name of its own), and marked itself.
    const label = input.getAttribute("aria-label") || input.labels?.[0]?.textContent.trim() || null;
    errors.push({ field: input.name, label, message, element: input });
  }
  return errors.length ? { status: 400, title: "Bad Request", detail: "Some fields need a fix before this can be sent.", errors } : null;
}

/** Every form is checked in the page before its own submit handler runs: a form the browser's
 *  constraints find wrong is not sent; its fields are marked and named in the person's language. */
export function checkFormsBeforeSending(root = document) {
  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const problem = formProblem(form);
    if (!problem) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    showProblem(problem, form);
    form.querySelector("[aria-invalid=true]")?.focus();
  }, { capture: true });
}

export function toast(message) {
  const node = document.getElementById("toast");
  node.textContent = message;
  node.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => node.classList.remove("show"), 2200);
}

/** A message with Undo, for `ms`: `onUndo` if it is tapped in time, else `onDone` (also when
 *  another undoable action replaces it). One at a time, above the tab bar. */
export function undoToast(message, { onUndo, onDone, ms = 5000 }) {
  undoToast.current?.settle();
  const undo = el("button", { type: "button", class: "button quiet small", id: "undo" }, t("undo.undo"));
  const node = el("div", { class: "undo-toast", role: "status", "aria-live": "polite" }, el("span", {}, message), undo);
  let settled = false;
  const settle = (undone = false) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    node.remove();
    if (undoToast.current?.node === node) undoToast.current = null;
    if (undone) onUndo(); else onDone();
  };
  const timer = setTimeout(() => settle(false), ms);
  undo.addEventListener("click", () => settle(true));
  document.body.append(node);
  undoToast.current = { node, settle: () => settle(false) };
  return undoToast.current;
}

export function emptyState(icon, message, action = null) {
  return el("div", { class: "empty" }, icon,
    el("h2", {}, t("empty.title")), el("p", { class: "muted" }, message), action);
}

/** A person's picture: their initials on a colour their id picks (the same everywhere). Latin
 *  names of several words give the first and last word's first letters, others their first character. */
export function avatar(person) {
  const name = String(person?.displayName || "?").trim() || "?";
  const words = name.split(/\s+/).filter(Boolean);
  const initials = /^[\p{Script=Latin}\p{Nd}]/u.test(name) && words.length > 1
    ? [...words[0]][0] + [...words[words.length - 1]][0] : [...name][0];
  let hash = 0;
  for (const c of String(person?.id || name)) hash = (hash * 31 + c.codePointAt(0)) >>> 0;
  return el("span", { class: `avatar c${hash % 8}`, "aria-hidden": "true" }, initials.toUpperCase());
}
