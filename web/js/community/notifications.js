// My notifications (comments, likes, saves, and refunds of my class orders with the reason), and the bell in the top bar that counts the unread ones (kept current over
// the event stream).
import { formatInstant, formatRelative, t } from "../i18n.js";
import { icon } from "../icons.js";
import { listen } from "../events.js";
import { el, emptyState, showProblem, toast } from "../ui.js";

/** Keeps `badge` showing the unread count while someone is signed in; returns a stopper. */
export function watchUnread(session, badge) {
  const show = (n) => { badge.textContent = n > 99 ? "99+" : String(n); badge.hidden = n === 0; };
  session.api("/v1/notifications?limit=1").then((page) => show(page.unread), () => {});
  // A cheer arrives live: said at once, wherever the person is in the app.
  const stream = listen(session, { notification: ({ unread }) => show(unread),
    cheer: ({ kind, from }) => toast(t(`cheer.heard.${kind}`, { name: from.displayName })) });
  return { show, close: () => stream.close() };
}

function line(item) {
  if (item.kind === "refund") return t("notifications.refund", { title: item.classTitle || "", reason: t(`order.reason.${item.reason}`) });
  if (["classMoved", "classTomorrow", "classSoon", "seatBooked"].includes(item.kind)) {
    // Told in the class's own zone, where it happens.
    const zone = item.classTimeZone || undefined;
    const when = formatInstant(item.classStartsAt, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: zone });
    return t(`notifications.${item.kind}`, { title: item.classTitle || "", time: when });
  }
  if (item.kind === "quotaReminder") return t("notifications.quotaReminder", { toGo: item.proofsToGo ?? 0, daysLeft: item.daysLeft ?? 0 });
  const name = item.actor?.displayName || "";
  return t(`notifications.${item.kind}`, { name });
}

/** A cheer's sender can be muted from the notification. */
function muteButton(session, item) {
  if (!["cheer", "nudge"].includes(item.kind) || !item.actor) return null;
  const button = el("button", { type: "button", class: "button quiet small", "data-mute": item.actor.id }, t("cheer.mute", { name: item.actor.displayName }));
  button.addEventListener("click", async () => {
    try { await session.api(`/v1/me/mutes/${item.actor.id}`, { method: "PUT" }); toast(t("cheer.muted", { name: item.actor.displayName })); button.disabled = true; }
    catch (problem) { showProblem(problem); }
  });
  return button;
}

function link(item) {
  if (["classMoved", "classTomorrow", "classSoon", "seatBooked"].includes(item.kind) && item.classId) return `#/class/${item.classId}`;
  if (item.kind === "refund") return "#/classes?tab=mine";
  if (item.kind === "boardMilestone") return "#/signage";
  if (["cheer", "nudge", "quotaReminder", "challengeDone"].includes(item.kind)) return "#/accountability";
  return item.postId ? `#/post/${item.postId}` : "#/routines?tab=mine";
}

export function notificationsView(session, { onRead }) {
  const list = el("ul", { class: "rows notifications", "aria-busy": "true" }, el("li", {}, el("span", { class: "skeleton" })));
  (async () => {
    try {
      const page = await session.api("/v1/notifications?limit=50");
      list.removeAttribute("aria-busy");
      list.replaceChildren(...(page.items.length ? page.items.map((item) => el("li", { class: item.read ? "row" : "row unread", "data-kind": item.kind },
        el("a", { href: link(item) }, line(item)), muteButton(session, item),
        el("time", { class: "muted small", datetime: item.createdAt }, formatRelative(item.createdAt, new Date()))))
        : [emptyState(icon("community"), t("notifications.empty"))]));
      if (page.unread > 0) { await session.api("/v1/notifications/read", { method: "POST" }); onRead?.(); }
    } catch (problem) {
      list.removeAttribute("aria-busy");
      showProblem(problem);
    }
  })();
  return [el("h1", {}, t("notifications.title")), list];
}
