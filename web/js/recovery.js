// Pages a mailed link opens, and the ones that send a link (a password reset, a sign-in): they
// work signed in or out.
import { field, input, submitting } from "./account.js";
import { t } from "./i18n.js";
import { el, showProblem, toast } from "./ui.js";

/** A form that asks for a link mailed to an address (`id`: forgot or signin-link): the answer
 * is the same whether or not an account has the address, and says so. */
function askForALink(session, { id, path, title, lead, sent }) {
  const done = el("p", { class: "notice", id: `${id}-done`, role: "status", hidden: true });
  const form = el("form", { class: "form card", novalidate: true, id: `${id}-form` },
    field(t("auth.email"), input("email", "email", { autocomplete: "username", inputmode: "email" })),
    el("button", { type: "submit", class: "button wide" }, t("recovery.send")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const email = new FormData(form).get("email");
    if (await submitting(form, () => session.api(path, { method: "POST", body: { email } }))) {
      done.hidden = false;
      done.textContent = t(sent, { email });
    }
  });
  return [el("h1", {}, t(title)), el("p", { class: "muted" }, t(lead)), form, done,
    el("p", { class: "switch" }, el("a", { href: "#/signin" }, t("recovery.backToSignIn")))];
}

/** Asks for a reset link. */
export function forgotView(session) {
  return askForALink(session, { id: "forgot", path: "/v1/auth/password/forgot", title: "recovery.forgotTitle", lead: "recovery.forgotLead",
    sent: "recovery.sent" });
}

/** A link that signs in without the password: asked for here, opened here from the mail. It is
 * the owner's way in from a new device while strangers' guesses hold password sign-ins back. */
export function signInLinkView(session, { token, next = "#/home" }) {
  if (token) {
    const status = el("p", { class: "notice", id: "signin-link-status", role: "status", "aria-busy": "true" }, t("signinLink.signingIn"));
    const after = el("p", { class: "switch" });
    queueMicrotask(async () => {
      try {
        await session.signInWithLink(token);
        toast(t("auth.welcome", { name: session.user?.displayName ?? "" }));
        location.replace(next);
      } catch (problem) {
        status.removeAttribute("aria-busy");
        status.classList.add("error");
        status.textContent = problem.detail || problem.title;
        after.replaceChildren(el("a", { href: "#/signin-link", class: "button" }, t("recovery.askAgain")));
      }
    });
    return [el("h1", {}, t("signinLink.title")), status, after];
  }
  return askForALink(session, { id: "signin-link", path: "/v1/auth/link", title: "signinLink.title", lead: "signinLink.lead", sent: "signinLink.sent" });
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
      // The signed-in person's copy first: a page opened from here must not show the old address.
      if (session.user) await session.reloadUser();
      status.textContent = t(changed ? "recovery.changed" : "recovery.confirmed", { email });
      status.classList.add("ok");
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
