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
    ? el("ul", {}, problem.errors.map((e) => el("li", {}, fieldLine(e.field, e.message)))) : null;
  const detail = problemDetail(problem);
  const card = el("div", { class: "problem", "data-status": problem.status },
    el("strong", {}, problemTitle(problem)), detail ? el("span", {}, detail) : null, items,
    el("button", { type: "button", "aria-label": t("problem.dismiss"), onclick: () => card.remove() }, "×"));
  region.replaceChildren(card);
  if (form) {
    for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
    for (const error of problem.errors || []) form.querySelector(`[name="${CSS.escape(error.field)}"]`)?.setAttribute("aria-invalid", "true");
  }
  return card;
}

export function clearProblems() { document.getElementById("problems").replaceChildren(); }

export function toast(message) {
  const node = document.getElementById("toast");
  node.textContent = message;
  node.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => node.classList.remove("show"), 2200);
}

export function emptyState(icon, message, action = null) {
  return el("div", { class: "empty" }, icon,
    el("h2", {}, t("empty.title")), el("p", { class: "muted" }, message), action);
}
