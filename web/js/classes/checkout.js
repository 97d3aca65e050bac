// Paying for a seat, full screen. The order names the amount (the class's, never ours to
// choose) and the provider. With the sandbox, a local card form approves or declines; with
// PortOne, its own script opens the card companies' checkout or an easy-pay app (KakaoPay,
// NaverPay, Toss Pay), each through the channel the operator set up. On phones PortOne leaves
// this page for the payment company's and comes back to `redirectUrl` (`/?checkout=ORDER`),
// where the app opens this page again and confirms. Either way the page asks the server to
// confirm, which checks the payment with the provider itself, and shows the outcome: booked,
// declined, refunded because the class filled up, or expired. The order's changes also arrive
// over my event stream (a webhook may settle it first).
import { currentLanguage, formatInstant, t } from "../i18n.js";
import { listen } from "../events.js";
import { el, showProblem } from "../ui.js";
import { calendarButton, classFacts, refundPolicy } from "./detail.js";
import { formatMoney } from "./money.js";
import { classZone } from "./view.js";

/** What the outcome says, by the order's state (and its reason). */
export function outcomeOf(order) {
  switch (order.state) {
    case "paid": return { tone: "ok", title: t("checkout.paidTitle"), text: t("checkout.paidText") };
    case "failed": return { tone: "bad", title: t("checkout.declinedTitle"), text: t(`order.reason.${order.reason || "declined"}`) };
    case "refunding":
    case "refunded": return { tone: "warn", title: t("checkout.refundedTitle"), text: t(`order.reason.${order.reason}`) };
    case "suspicious": return { tone: "bad", title: t("checkout.suspiciousTitle"), text: t("order.reason.amountMismatch") };
    case "expired": return { tone: "bad", title: t("checkout.expiredTitle"), text: t("order.reason.expired") };
    case "cancelled": return { tone: "bad", title: t("checkout.cancelledTitle"), text: t("order.reason.memberCancelled") };
    default: return null;
  }
}

/** Where PortOne sends a phone back after paying: the app's own address, naming the order
 * (PortOne adds `paymentId`, `code` and `message` to it). */
export function redirectUrl(origin, orderId) {
  return `${origin}/?checkout=${encodeURIComponent(orderId)}`;
}

/** The page to open when the app is loaded at PortOne's redirect (`?checkout=ORDER&code=…`): the
 * checkout of that order, told it came back and whether PortOne reported a failure; null for
 * any other address. */
export function providerReturn(search) {
  const query = new URLSearchParams(search);
  const order = query.get("checkout");
  if (!order || !/^[0-9A-Fa-f-]{36}$/.test(order)) return null;
  const back = new URLSearchParams({ returned: "1" });
  if (query.get("code")) back.set("code", query.get("code"));
  if (query.get("message")) back.set("message", query.get("message"));
  return `#/checkout/${order}?${back}`;
}

/** PortOne's request for one way to pay (the SDK's `requestPayment` argument). */
export function portOneRequest(order, method, { origin, language }) {
  const request = { storeId: order.checkout.storeId, channelKey: method.channelKey, paymentId: order.paymentId, orderName: order.checkout.orderName,
    totalAmount: order.amount, currency: order.currency, payMethod: method.payMethod, redirectUrl: redirectUrl(origin, order.id),
    locale: { ja: "JA_JP", ko: "KO_KR" }[language.slice(0, 2)] || "EN_US" };
  if (method.easyPayProvider) request.easyPay = { easyPayProvider: method.easyPayProvider };
  return request;
}

/** Loads PortOne's browser SDK once (the page's policy allows its origin when PortOne is the provider). */
function portOneScript() {
  if (globalThis.PortOne) return Promise.resolve(globalThis.PortOne);
  return new Promise((resolve, reject) => {
    const script = el("script", { src: "https://cdn.portone.io/v2/browser-sdk.js" });
    script.addEventListener("load", () => resolve(globalThis.PortOne));
    script.addEventListener("error", () => reject(new Error(t("checkout.providerUnavailable"))));
    document.head.append(script);
  });
}

export function checkoutView(session, { orderId, query = new URLSearchParams() }) {
  const panel = el("section", { class: "card checkout", id: "checkout", "aria-busy": "true", "aria-live": "polite" }, el("span", { class: "skeleton" }));
  let order = null;
  let classTitle = "";
  let detail = null;
  let stream = null;
  let timer = null;

  function showOutcome() {
    const outcome = outcomeOf(order);
    if (!outcome) return false;
    clearInterval(timer);
    const confirmation = order.state === "paid" ? el("div", { class: "stack confirmation", id: "checkout-confirmation" }) : null;
    panel.replaceChildren(...[
      el("div", { class: `outcome ${outcome.tone}`, id: "checkout-outcome", "data-state": order.state },
        el("h2", {}, outcome.title), el("p", {}, outcome.text),
        ["refunding", "refunded"].includes(order.state) ? el("p", { class: "muted small" },
          order.state === "refunded" ? t("checkout.refundDone", { amount: formatMoney(order.amount, order.currency) }) : t("checkout.refundSoon")) : null),
      confirmation,
      el("a", { class: "button wide", href: order.state === "paid" ? "#/classes?tab=mine" : `#/class/${order.classId}`, id: "checkout-done" },
        order.state === "paid" ? t("checkout.toMine") : t("checkout.backToClass"))].filter(Boolean));
    // Booked: the class's date, place or link (now given: the seat is paid), and the event to keep.
    if (confirmation) {
      session.api(`/v1/classes/${order.classId}`).then((paid) => {
        detail = paid;
        confirmation.replaceChildren(el("p", { class: "muted" }, paid.item.title), ...classFacts(paid, session.user?.timeZone),
          el("p", { class: "muted small" }, t("classes.cancelUntil", {
            time: formatInstant(order.cancelDeadline || paid.item.cancelDeadline,
              { dateStyle: "medium", timeStyle: "short", timeZone: classZone(paid.item, session.user?.timeZone) }) })),
          calendarButton(session, paid.item, "checkout-add-to-calendar"));
      }, showProblem);
    }
    return true;
  }

  async function confirmPayment() {
    panel.setAttribute("aria-busy", "true");
    try {
      order = await session.api(`/v1/orders/${order.id}/confirm`, { method: "POST" });
      panel.removeAttribute("aria-busy");
      if (!showOutcome()) showForm(t("checkout.stillPending"));
    } catch (problem) {
      panel.removeAttribute("aria-busy");
      showProblem(problem);
      showForm();
    }
  }

  function countdown(node) {
    const tick = () => {
      const left = Math.max(0, new Date(order.expiresAt).getTime() - Date.now());
      node.textContent = t("checkout.expiresIn", { time: `${Math.floor(left / 60000)}:${String(Math.floor(left / 1000) % 60).padStart(2, "0")}` });
      if (left === 0) { clearInterval(timer); order = { ...order, state: "expired" }; showOutcome(); }
    };
    tick();
    clearInterval(timer);
    timer = setInterval(tick, 1000);
  }

  function showForm(note = null) {
    const expiry = el("p", { class: "muted small", id: "checkout-expiry" });
    // What is bought and the rule for giving it back, before paying.
    const head = [el("p", { class: "muted" }, classTitle), ...(detail ? classFacts(detail, session.user?.timeZone) : []),
      el("p", { class: "checkout-amount figure", id: "checkout-amount" }, formatMoney(order.amount, order.currency)),
      detail ? refundPolicy(detail.item, session.user?.timeZone) : null, expiry, note ? el("p", { class: "notice" }, note) : null].filter(Boolean);
    if (order.checkout.provider === "portone") {
      // The card first (the primary button), then each easy-pay app the operator offers.
      const buttons = order.checkout.methods.map((method, i) => {
        const pay = el("button", { type: "button", class: i === 0 ? "button wide" : "button wide quiet", id: i === 0 ? "checkout-pay" : null,
          "data-method": method.method },
        i === 0 ? t("checkout.pay", { amount: formatMoney(order.amount, order.currency) }) : t(`checkout.method.${method.method}`));
        pay.addEventListener("click", async () => {
          buttons.forEach((button) => { button.disabled = true; });
          const again = () => buttons.forEach((button) => { button.disabled = false; });
          try {
            const PortOne = await portOneScript();
            const reply = await PortOne.requestPayment(portOneRequest(order, method, { origin: location.origin, language: currentLanguage() }));
            if (reply?.code) { again(); showProblem({ title: t("checkout.declinedTitle"), detail: reply.message || reply.code }); return; }
            await confirmPayment();
          } catch (problem) { again(); showProblem({ title: t("checkout.providerUnavailable"), detail: problem.message }); }
        });
        return pay;
      });
      panel.replaceChildren(...head, ...buttons);
    } else {
      const cards = el("fieldset", { class: "sandbox-cards" }, el("legend", {}, t("checkout.sandboxCard")),
        ...[["approve", "4242 4242 4242 4242"], ["decline", "4000 0000 0000 0002"]].map(([value, number], i) => el("label", { class: "row sandbox-card" },
          el("input", { type: "radio", name: "card", value, checked: i === 0 }),
          el("span", {}, el("strong", {}, number), el("span", { class: "muted small" }, ` · ${t(`checkout.card.${value}`)}`)))));
      const pay = el("button", { type: "submit", class: "button wide", id: "checkout-pay" }, t("checkout.pay", { amount: formatMoney(order.amount, order.currency) }));
      const form = el("form", { class: "stack", id: "checkout-form" }, el("p", { class: "notice small" }, t("checkout.sandboxNote")), cards, pay);
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        pay.disabled = true;
        try {
          await session.api(`/v1/payments/sandbox/${encodeURIComponent(order.paymentId)}`, { method: "POST",
            body: { amount: order.amount, currency: order.currency, card: form.elements.card.value } });
          await confirmPayment();
        } catch (problem) { pay.disabled = false; showProblem(problem); }
      });
      panel.replaceChildren(...head, form);
    }
    countdown(expiry);
  }

  (async () => {
    try {
      order = await session.api(`/v1/orders/${orderId}`);
      classTitle = order.checkout.orderName;
      detail = await session.api(`/v1/classes/${order.classId}`).catch(() => null);  // the order stands without it
      panel.removeAttribute("aria-busy");
      if (!showOutcome()) {
        // Back from the payment company's page: PortOne said it failed (or was closed), or the
        // server is asked at once what became of the payment.
        if (query.get("returned") && query.get("code")) showForm(query.get("message") || t("checkout.notCompleted"));
        else if (query.get("returned")) await confirmPayment();
        else showForm();
      }
      stream = listen(session, { order: (changed) => { if (changed.id === order?.id && changed.state !== "pending") { order = changed; showOutcome(); } } });
    } catch (problem) {
      panel.removeAttribute("aria-busy");
      panel.replaceChildren(el("p", { class: "muted" }, t("classes.notFound")));
      showProblem(problem);
    }
  })();
  const view = [el("h1", {}, t("checkout.title")), panel,
    el("p", { class: "muted small" }, t("checkout.serverChecks"))];
  view.close = () => { clearInterval(timer); stream?.close(); };
  return view;
}
