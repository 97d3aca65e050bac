// Pages a mailed link opens, and the one that sends a reset link: they work signed in or out.
import { field, input, submitting } from "./account.js";
import { t } from "./i18n.js";
import { el, showProblem, toast } from "./ui.js";

/** Asks for a reset link; the answer is the same whether or not an account has the address. */
export function forgotView(session) {
  const done = el("p", { class: "notice", id: "forgot-done", role: "status", hidden: true });
  const form = el("form", { class: "form card", novalidate: true, id: "forgot-form" },
    field(t("auth.email"), input("email", "email", { autocomplete: "username", inputmode: "email" })),
    el("button", { type: "submit", class: "button wide" }, t("recovery.send")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const email = new FormData(form).get("email");
    const sent = await submitting(form, () => session.api("/v1/auth/password/forgot", { method: "POST", body: { email } }));
    if (sent) {
      done.hidden = false;
      done.textContent = t("recovery.sent", { email });
    }
  });
  return [el("h1", {}, t("recovery.forgotTitle")), el("p", { class: "muted" }, t("recovery.forgotLead")), form, done,
    el("p", { class: "switch" }, el("a", { href: "#/signin" }, t("recovery.backToSignIn")))];
}

/** A new password from a mailed link: every device is signed out, this one too. */
export function resetView(session, { token }) {
  if (!token) return [el("h1", {}, t("recovery.resetTitle")), el("p", { class: "notice error" }, t("recovery.noToken"))];
  const form = el("form", { class: "form card", novalidate: true, id: "reset-form" },
    field(t("account.newPassword"), input("newPassword", "password", { autocomplete: "new-password", minlength: 8 }), t("auth.passwordHint")),
    el("button", { type: "submit", class: "button wide" }, t("recovery.resetButton")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const newPassword = new FormData(form).get("newPassword");
    const done = await submitting(form, () => session.api("/v1/auth/password/reset", { method: "POST", body: { token, newPassword } }));
    if (done) {
      session.forget();
      toast(t("recovery.resetDone"));
      location.replace("#/signin");
    }
  });
  return [el("h1", {}, t("recovery.resetTitle")), el("p", { class: "muted" }, t("recovery.resetLead")), form,
    el("p", { class: "switch" }, el("a", { href: "#/forgot-password" }, t("recovery.askAgain")))];
}

/** Opens a link that confirms an address (the account's, or a new one it moves to). */
export function confirmEmailView(session, { token }) {
  const status = el("p", { class: "notice", id: "confirm-status", role: "status", "aria-busy": "true" }, t("recovery.confirming"));
  const next = el("p", { class: "switch" });
  async function confirm() {
    try {
      if (!token) throw { title: t("recovery.noToken"), detail: "" };
      const { email, changed } = await session.api("/v1/auth/email/confirm", { method: "POST", body: { token } });
      status.textContent = t(changed ? "recovery.changed" : "recovery.confirmed", { email });
      status.classList.add("ok");
      if (session.user) await session.reloadUser();
      next.replaceChildren(el("a", { href: session.user ? "#/account" : "#/signin", class: "button" },
        t(session.user ? "account.title" : "auth.signIn")));
    } catch (problem) {
      status.textContent = problem.detail || problem.title;
      status.classList.add("error");
      if (problem.title && problem.detail === undefined) showProblem(problem);
      next.replaceChildren(el("a", { href: session.user ? "#/account" : "#/signin" }, t(session.user ? "recovery.askNewLink" : "auth.signIn")));
    } finally {
      status.removeAttribute("aria-busy");
    }
  }
  queueMicrotask(confirm);
  return [el("h1", {}, t("recovery.confirmTitle")), status, next];
}
