// Paying for a seat, full screen. The order names the amount (the class's, never ours to
// choose) and the provider. With the sandbox, a local card form approves or declines; with
// PortOne, its own script opens the card companies' checkout. Either way the page then asks the
// server to confirm, which checks the payment with the provider itself, and shows the outcome:
// booked, declined, refunded because the class filled up, or expired. The order's changes also
// arrive over my event stream (a webhook may settle it first).
import { t } from "../i18n.js";
import { listen } from "../events.js";
import { el, showProblem } from "../ui.js";
import { formatMoney } from "./money.js";

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

export function checkoutView(session, { orderId }) {
  const panel = el("section", { class: "card checkout", id: "checkout", "aria-busy": "true", "aria-live": "polite" }, el("span", { class: "skeleton" }));
  let order = null;
  let classTitle = "";
  let stream = null;
  let timer = null;

  function showOutcome() {
    const outcome = outcomeOf(order);
    if (!outcome) return false;
    clearInterval(timer);
    panel.replaceChildren(
      el("div", { class: `outcome ${outcome.tone}`, id: "checkout-outcome", "data-state": order.state },
        el("h2", {}, outcome.title), el("p", {}, outcome.text),
        ["refunding", "refunded"].includes(order.state) ? el("p", { class: "muted small" },
          order.state === "refunded" ? t("checkout.refundDone", { amount: formatMoney(order.amount, order.currency) }) : t("checkout.refundSoon")) : null),
      el("a", { class: "button wide", href: order.state === "paid" ? "#/classes?tab=mine" : `#/class/${order.classId}`, id: "checkout-done" },
        order.state === "paid" ? t("checkout.toMine") : t("checkout.backToClass")));
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
    const head = [el("p", { class: "muted" }, classTitle), el("p", { class: "checkout-amount figure", id: "checkout-amount" }, formatMoney(order.amount, order.currency)),
      expiry, note ? el("p", { class: "notice" }, note) : null].filter(Boolean);
    if (order.checkout.provider === "portone") {
      const pay = el("button", { type: "button", class: "button wide", id: "checkout-pay" }, t("checkout.pay", { amount: formatMoney(order.amount, order.currency) }));
      pay.addEventListener("click", async () => {
        pay.disabled = true;
        try {
          const PortOne = await portOneScript();
          const reply = await PortOne.requestPayment({ storeId: order.checkout.storeId, channelKey: order.checkout.channelKey, paymentId: order.paymentId,
            orderName: order.checkout.orderName, totalAmount: order.amount, currency: order.currency, payMethod: "CARD" });
          if (reply?.code) { pay.disabled = false; showProblem({ title: t("checkout.declinedTitle"), detail: reply.message || reply.code }); return; }
          await confirmPayment();
        } catch (problem) { pay.disabled = false; showProblem({ title: t("checkout.providerUnavailable"), detail: problem.message }); }
      });
      panel.replaceChildren(...head, pay);
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
      panel.removeAttribute("aria-busy");
      if (!showOutcome()) showForm();
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
