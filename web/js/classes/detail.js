// One class: when, where, the price and the seats left, and the one action that fits: book a
// seat (to the checkout), or see my seat and give it back before the cancel deadline. Its coach
// and admins also see the roster and what it took, and can change, renew or cancel it.
import { formatInstant, t } from "../i18n.js";
import { icon } from "../icons.js";
import { download, save } from "../download.js";
import { el, emptyState, showProblem, toast } from "../ui.js";
import { formatMoney } from "./money.js";
import { classWhen, classZone, seatsLabel } from "./view.js";

function when(item, zone) {
  const { day, time } = classWhen(item, zone, { weekday: "long", month: "long" });
  return `${day} · ${time}`;
}

/** The class as an event for the person's own calendar (with its online link: the server gives
 * it to seat holders only). */
export function calendarButton(session, item, id = "class-add-to-calendar") {
  const button = el("button", { type: "button", class: "button quiet small", id }, t("classes.addToCalendar"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const { blob, name } = await download(session, `/v1/classes/${item.id}/calendar.ics`);
      save(blob, name);
    } catch (problem) { showProblem(problem); } finally { button.disabled = false; }
  });
  return button;
}

/** When and where, as the class page and the checkout say it. */
export function classFacts(detail, viewerZone) {
  const { item } = detail;
  return [el("p", { class: "class-when" }, when(item, viewerZone)),
    item.place ? el("p", { class: "class-place" }, item.place) : null,
    item.online ? el("p", { id: "class-online" }, detail.onlineUrl
      ? el("a", { href: detail.onlineUrl, rel: "noopener", target: "_blank" }, t("classes.joinOnline")) : t("classes.online")) : null].filter(Boolean);
}

/** The refund rule, said before anyone pays: until when a seat given back is refunded. */
export function refundPolicy(item, viewerZone) {
  const deadline = formatInstant(item.cancelDeadline, { dateStyle: "medium", timeStyle: "short", timeZone: classZone(item, viewerZone) });
  return el("p", { class: "muted small refund-policy", id: "class-refund-policy" }, t("classes.refundPolicy", { time: deadline }));
}

function bookingCard(session, detail, reload, payments) {
  const { item, myOrder } = detail;
  const card = el("section", { class: "card booking", id: "class-booking" });
  const now = Date.now();
  const started = new Date(item.startsAt).getTime() <= now;
  if (item.booked && myOrder?.state === "paid") {
    // My seat keeps the deadline it was bought under (later, if the class moved since).
    const deadline = new Date(myOrder.cancelDeadline || item.cancelDeadline);
    const canCancel = deadline.getTime() > now;
    const cancel = canCancel ? el("button", { type: "button", class: "button quiet small", id: "class-cancel-seat" }, t("classes.cancelSeat")) : null;
    cancel?.addEventListener("click", async () => {
      if (!confirm(t("classes.cancelSeatConfirm", { amount: formatMoney(myOrder.amount, myOrder.currency) }))) return;
      cancel.disabled = true;
      try {
        const order = await session.api(`/v1/orders/${myOrder.id}/cancel`, { method: "POST" });
        toast(order.state === "refunded" ? t("classes.refunded") : t("classes.refundPending"));
        reload();
      } catch (problem) { cancel.disabled = false; showProblem(problem); }
    });
    const addToCalendar = calendarButton(session, item);
    card.append(...[el("p", { class: "booked-line" }, icon("accountability"), el("strong", {}, t("classes.youreBooked"))), addToCalendar,
      myOrder.refundedAmount ? el("p", { class: "notice small", id: "class-partly-refunded" },
        t("classes.partlyRefunded", { amount: formatMoney(myOrder.refundedAmount, myOrder.currency) })) : null,
      el("p", { class: "muted small" }, canCancel
        ? t("classes.cancelUntil", { time: formatInstant(deadline, { dateStyle: "medium", timeStyle: "short", timeZone: classZone(item, session.user?.timeZone) }) })
        : t("classes.cancelClosed")), cancel].filter(Boolean));
    return card;
  }
  if (myOrder && ["refunding", "refunded", "failed", "suspicious"].includes(myOrder.state)) {
    card.append(el("p", { class: `order-state ${myOrder.state}`, id: "class-last-order" }, t(`order.state.${myOrder.state}`),
      myOrder.reason ? ` · ${t(`order.reason.${myOrder.reason}`)}` : ""));
  }
  const selling = payments !== "off";
  const open = item.state === "open" && item.seatsLeft > 0 && !started && selling;
  const book = el("button", { type: "button", class: "button wide", id: "class-book", disabled: !open },
    open ? t("classes.book", { price: formatMoney(item.price, item.currency) })
      : item.state === "cancelled" ? t("classes.cancelled") : started ? t("classes.started") : !selling ? t("classes.notForSale") : t("classes.full"));
  if (!selling) card.append(el("p", { class: "muted small", id: "class-not-for-sale" }, t("classes.notForSaleWhy")));
  if (open) card.append(refundPolicy(item, session.user?.timeZone));
  book.addEventListener("click", async () => {
    book.disabled = true;
    try {
      const order = await session.api(`/v1/classes/${item.id}/orders`, { method: "POST" });
      location.hash = `#/checkout/${order.id}`;
    } catch (problem) { book.disabled = false; showProblem(problem); }
  });
  card.append(book);
  return card;
}

function coachCard(session, detail, reload) {
  const { item, roster, revenue } = detail;
  const rows = roster.length ? el("ul", { class: "rows", id: "class-roster" }, roster.map((entry) => el("li", { class: "row", "data-state": entry.state },
    el("span", {}, entry.person.displayName),
    el("span", { class: "muted small" }, entry.state === "paid" ? formatMoney(entry.amount, item.currency)
      : `${t(`order.state.${entry.state}`)}${entry.reason ? ` · ${t(`order.reason.${entry.reason}`)}` : ""}`))))
    : el("p", { class: "muted" }, t("classes.rosterEmpty"));
  const actions = el("div", { class: "post-actions" });
  if (item.state === "open") {
    actions.append(el("a", { class: "button quiet small", href: `#/class-editor/${item.id}`, id: "class-edit" }, t("classes.edit")));
    if (item.seriesId) {
      const renew = el("button", { type: "button", class: "button quiet small", id: "class-renew" }, t("classes.renew"));
      renew.addEventListener("click", async () => {
        renew.disabled = true;
        try {
          const made = await session.api(`/v1/classes/${item.id}/renew`, { method: "POST" });
          toast(t("classes.renewed", { n: made.items.length }));
          location.hash = `#/classes?month=${made.month}`;
        } catch (problem) { renew.disabled = false; showProblem(problem); }
      });
      actions.append(renew);
    }
    const cancel = el("button", { type: "button", class: "button quiet small danger-text", id: "class-cancel" }, t("classes.cancelClass"));
    cancel?.addEventListener("click", async () => {
      if (!confirm(t("classes.cancelClassConfirm"))) return;
      cancel.disabled = true;
      try { await session.api(`/v1/classes/${item.id}/cancel`, { method: "POST" }); toast(t("classes.classCancelled")); reload(); }
      catch (problem) { cancel.disabled = false; showProblem(problem); }
    });
    actions.append(cancel);
  }
  return el("section", { class: "card", id: "class-coach" },
    el("h2", {}, t("classes.roster"), el("span", { class: "muted small" }, ` · ${item.capacity - item.seatsLeft}/${item.capacity}`)),
    el("p", { class: "class-revenue", id: "class-revenue" },
      el("span", { class: "muted small" }, t("classes.revenue")), " ",
      el("strong", { class: "figure-small" }, formatMoney(revenue.net, revenue.currency)),
      revenue.refunded ? el("span", { class: "muted small" }, ` (${t("classes.refundedTotal", { amount: formatMoney(revenue.refunded, revenue.currency) })})`) : null),
    rows, actions);
}

export function classView(session, { classId, payments = null }) {
  const body = el("div", { class: "stack", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  async function load() {
    try {
      const detail = await session.api(`/v1/classes/${classId}`);
      const { item } = detail;
      const zone = session.user?.timeZone;
      const seats = seatsLabel(item);
      body.removeAttribute("aria-busy");
      body.replaceChildren(...[
        el("header", {}, el("h1", { id: "class-title" }, item.title),
          el("p", { class: "muted" }, item.coach.displayName)),
        el("section", { class: "card class-facts" },
          ...classFacts(detail, zone),
          el("p", { class: "class-meta" }, el("strong", { class: "class-price" }, formatMoney(item.price, item.currency)),
            el("span", { class: `seats ${seats.tone}`, id: "class-seats" }, seats.text)),
          item.description ? el("p", { class: "muted class-description" }, item.description) : null),
        item.coach.id === session.user?.id ? null : bookingCard(session, detail, load, payments),
        detail.canEdit ? coachCard(session, detail, load) : null].filter(Boolean));
    } catch (problem) {
      body.removeAttribute("aria-busy");
      if (problem.status === 404) body.replaceChildren(emptyState(icon("classes"), t("classes.notFound"), el("a", { class: "button", href: "#/classes" }, t("classes.browse"))));
      else showProblem(problem);
    }
  }
  load();
  return [el("p", {}, el("a", { href: "#/classes", class: "muted" }, `‹ ${t("nav.classes")}`)), body];
}
