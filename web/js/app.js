// The browser app's shell: navigation, language, the bell, and the page the route table names.
import { currentLanguage, languages, pickLanguage, setCurrentLanguage, t } from "./i18n.js";
import { createSession } from "./session.js";
import { watchUnread } from "./community/notifications.js";
import { areasFor, notFoundView } from "./home.js";
import { icon } from "./icons.js";
import { manifestHref } from "./install.js";
import { match } from "./routes.js";
import { checkFormsBeforeSending, clearProblems, el, showProblem, toast } from "./ui.js";
import { watchOutbox } from "./sync/status.js";
import { providerReturn } from "./classes/checkout.js";
import { clear as clearOutbox } from "./sync/outbox.js";

const session = createSession({ networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }) });
const api = session.api;

function renderNav(current) {
  const nav = document.getElementById("nav");
  const links = areasFor(session.user).map((area) => el("a", {
    href: `#/${area.id}`, class: area.bar ? null : "wide-only", "aria-current": area.id === current ? "page" : null,
  }, icon(area.id), el("span", {}, t(`nav.${area.id}`))));
  const more = el("a", { href: "#/more", class: "narrow-only", "aria-current": current === "more" ? "page" : null },
    icon("more"), el("span", {}, t("nav.more")));
  nav.replaceChildren(...links, more);
}

// The bell counts unread notifications while someone is signed in.
let unread = null;
function renderBell() {
  const bell = document.getElementById("bell");
  bell.hidden = !session.user;
  bell.setAttribute("aria-label", t("notifications.bell"));
  if (session.user && !unread) {
    bell.replaceChildren(icon("bell"), document.getElementById("bell-badge") || el("span", { class: "bell-badge", id: "bell-badge", hidden: true }));
    unread = watchUnread(session, document.getElementById("bell-badge"));
  } else if (!session.user && unread) {
    unread.close();
    unread = null;
  }
}

function renderAccountChip() {
  const chip = document.getElementById("account-chip");
  const user = session.user;
  chip.replaceChildren(icon("account"), el("span", {}, user ? user.displayName : t("auth.signIn")));
  chip.href = user ? "#/account" : "#/signin";
  chip.setAttribute("aria-label", user ? t("account.title") : t("auth.signIn"));
}

// What pages need first, fetched once per page load: the catalog (names in every language) and
// the server's facts (version, upload limits).
const loaded = {};
function once(name, path, pick = (reply) => reply) {
  if (!loaded[name]) loaded[name] = api(path).then(pick).catch((problem) => { loaded[name] = null; throw problem; });
  return loaded[name];
}
// The catalog is kept in this browser too, for the pages that work offline (the HTTP cache
// revalidates it, so online it is not downloaded again). Signed in, the person's own exercises
// join it: theirs alone, asked for apart from the catalog everyone shares.
function keptList(key, load) {
  return load().then((items) => {
    try { localStorage.setItem(key, JSON.stringify(items)); } catch { /* full, or private mode */ }
    return items;
  }).catch((problem) => {
    const kept = (() => { try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; } })();
    if (problem.status === 0 && kept) return kept;
    throw problem;
  });
}
const exercises = () => Promise.all([
  keptList("yaruki.catalog", () => once("exercises", "/v1/exercises", (reply) => reply.items)),
  session.signedIn ? keptList("yaruki.ownExercises", () => once("ownExercises", "/v1/me/exercises", (reply) => reply.items)) : [],
]).then(([shared, own]) => [...shared, ...own.map((e) => ({ ...e, mine: true }))]);
const meta = () => once("meta", "/v1/meta");
// A coach attached or removed a follow-along video: the next page asks for the catalog again.
window.addEventListener("catalog-changed", () => { delete loaded.exercises; delete loaded.ownExercises; });

async function needed(route) {
  const wants = route.needs || [];
  const [list, facts] = await Promise.all([
    wants.includes("exercises") ? exercises().catch((problem) => { showProblem(problem); return []; }) : [],
    wants.includes("meta") ? meta().catch(() => null) : null,
  ]);
  return { exercises: list, meta: facts };
}

let openView = null;

/** The page asked for: the hash, or a wall screen's own address (`/wall/ID?token=…`, a
 * playlist's `/wall/playlist/ID?token=…`), which is
 * a page of its own so that a board may let other sites frame it. */
function currentHash() {
  if (location.hash) return location.hash;
  const wall = location.pathname.match(/^\/wall\/((?:playlist\/)?[^/]+)$/);
  return wall ? `#/wall/${wall[1]}${location.search}` : "";
}

// Each history entry remembers how far down it was read: a page opened anew starts at the top,
// and back (or forward) returns to where the person was: the same item at the same height.
const scrolls = new Map();
let entry = null;
let restoring = null;

function currentEntry() {
  const id = history.state?.yarukiEntry;
  if (id !== undefined) return { id, fresh: false };
  const made = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  history.replaceState({ ...(history.state || {}), yarukiEntry: made }, "");
  return { id: made, fresh: true };
}

/** Where the person is reading: the scroll, and the item (a workout, a post, a record…) in the
 *  middle of the screen with its distance from the top, so back finds the same item even when
 *  what is above it arrives in another order. */
const ITEMS = ["data-workout", "data-post", "data-record", "data-routine", "data-exercise", "data-day", "data-class"];
function readingPlace() {
  const item = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)?.closest(ITEMS.map((name) => `[${name}]`).join(","));
  const name = item && ITEMS.find((n) => item.hasAttribute(n));
  return { top: window.scrollY, item: name ? `[${name}="${CSS.escape(item.getAttribute(name))}"]` : null,
    offset: item ? item.getBoundingClientRect().top : 0 };
}

function restoreScroll(place) {
  restoring?.disconnect();
  restoring = null;
  const apply = () => {
    const item = place.item ? document.querySelector(place.item) : null;
    if (item) window.scrollBy(0, item.getBoundingClientRect().top - place.offset);
    else window.scrollTo(0, place.top);
  };
  apply();
  if (!place.top) return;
  // The page's lists arrive after it, and what stands above the item may arrive later still: put
  // the item back where it was as the page grows, for two seconds at most.
  const observer = new ResizeObserver(apply);
  observer.observe(document.body);
  restoring = observer;
  setTimeout(() => observer.disconnect(), 2000);
}

// The person scrolling themselves ends a restoring scroll.
for (const kind of ["wheel", "touchstart", "keydown"]) window.addEventListener(kind, () => restoring?.disconnect(), { passive: true });

async function render() {
  if (entry !== null) scrolls.set(entry, readingPlace());
  const hash = currentHash();
  const found = match(hash);
  const id = hash.replace(/^#\/?/, "").split("?")[0].split("/")[0] || "home";
  openView?.close?.();
  openView = null;
  renderNav(found?.route.area || id);
  renderAccountChip();
  renderBell();
  document.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  const next = found?.query.get("next") || "#/home";
  if (found?.route.account && !session.user) {
    location.replace(`#/signin?next=${encodeURIComponent(hash || `#/${id}`)}`);
    return;
  }
  if (found?.route.guest && session.user) {
    location.replace(next);
    return;
  }
  const content = found ? await found.route.view({ session, params: found.params, query: found.query, next, unread: () => unread,
                                                   serverInfo: meta, ...(await needed(found.route)) })
    : notFoundView();
  openView = content;
  document.getElementById("view").replaceChildren(...content);
  document.body.dataset.view = id;
  const place = currentEntry();
  entry = place.id;
  restoreScroll(place.fresh ? { top: 0, item: null } : scrolls.get(place.id) ?? { top: 0, item: null });
  const title = found?.route.title || (found?.route.area && found.route.area !== "home" ? `nav.${found.route.area}` : null);
  document.title = title ? `${t(title)} · Yaruki` : "Yaruki";
}

function applyLanguage(language, announce = false) {
  const chosen = setCurrentLanguage(language);
  document.documentElement.lang = chosen;
  document.getElementById("language").value = chosen;
  document.querySelector("link[rel=manifest]")?.setAttribute("href", manifestHref(chosen));
  if (announce) toast(t("toast.language"));
  return render();
}

async function start() {
  checkFormsBeforeSending();
  // Back from a payment company's page (PortOne's redirect on phones): the order's checkout,
  // at an address without the provider's query.
  const returned = providerReturn(location.search);
  if (returned) history.replaceState(null, "", `/${returned}`);
  let saved = null;
  try { saved = localStorage.getItem("yaruki.language"); } catch { /* private mode */ }
  const picker = document.getElementById("language");
  picker.addEventListener("change", () => {
    try { localStorage.setItem("yaruki.language", picker.value); } catch { /* private mode */ }
    clearProblems();
    applyLanguage(picker.value, true);
    // The account keeps the choice, for the person's other devices.
    if (session.signedIn) api("/v1/me", { method: "PATCH", body: { locale: picker.value } }).catch(() => {});
  });
  // Chosen on the Account page: this browser follows at once.
  globalThis.addEventListener("language-chosen", (event) => {
    try { localStorage.setItem("yaruki.language", event.detail); } catch { /* private mode */ }
    applyLanguage(event.detail, true);
  });
  // Without a network, a banner says so: pages show what was last loaded, and writing still works.
  const offline = document.getElementById("offline");
  const showNetwork = () => { offline.hidden = navigator.onLine; };
  window.addEventListener("online", showNetwork);
  window.addEventListener("offline", showNetwork);
  showNetwork();
  history.scrollRestoration = "manual";
  window.addEventListener("hashchange", () => { clearProblems(); render(); });
  // "Skip to content" moves the focus; following its #view would leave the page for "not found".
  document.querySelector(".skip")?.addEventListener("click", (event) => {
    event.preventDefault();
    const view = document.getElementById("view");
    view.tabIndex = -1;
    view.focus();
  });
  setCurrentLanguage(pickLanguage(navigator.languages || [navigator.language], saved));
  // Reloading signs the person back in silently, before the first page is drawn.
  try { await session.restore(); } catch (problem) { showProblem(problem); }
  let wasSignedIn = session.user !== null;
  session.onChange((user) => {
    // Signing in: the account's language, whatever this browser said before.
    if (!wasSignedIn && user?.locale && !currentLanguage().startsWith(user.locale.slice(0, 2))) applyLanguage(pickLanguage([], user.locale));
    if (wasSignedIn && !user && !["signin", "signup"].includes(match(currentHash())?.route.path)) {
      toast(t("account.sessionEnded"));
      location.hash = "#/signin";
    }
    // Signing out forgets what this browser kept for the person: queued changes and cached data.
    if (wasSignedIn && !user) forgetOffline();
    wasSignedIn = user !== null;
    renderAccountChip();
    renderBell();
    if (user) outbox.send();
  });
  outbox = watchOutbox(session, document.getElementById("sync-status"));
  // A signed-in person's own language (kept by their account) first, then this browser's choice, then the browser's languages.
  applyLanguage(pickLanguage(navigator.languages || [navigator.language], session.user?.locale || saved));
  document.body.dataset.ready = "true";
  // Once loaded, the app (and the timer in it) keeps working without a network.
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
}

let outbox = null;
function forgetOffline() {
  clearOutbox().catch(() => {});
  try { localStorage.removeItem("yaruki.ownExercises"); } catch { /* private mode */ }
  delete loaded.ownExercises;
  navigator.serviceWorker?.controller?.postMessage({ type: "forget-data" });
}

// For the browser tests and the console.
window.yaruki = { api, session, showProblem, t, languages, applyLanguage };
start();
