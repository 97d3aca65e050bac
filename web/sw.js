// Keeps the app usable offline once it has loaded: the shell is fetched from the network when
// there is one (so a deploy shows at once) and from this cache when there is not. Of the API, the
// person's last reads of every page are kept the same way (each page opens offline on what it
// showed last: the lifelog's timeline, workouts, health days, the week and groups, the boards,
// routines, classes, notifications, the account), in a cache of their own that signing out
// empties; writes never go through here (the pages' outbox holds them), nor the event stream,
// nor the exercise catalog (the app keeps it itself and revalidates it by its ETag).
const CACHE = "yaruki-shell-v57";
const DATA = "yaruki-data-v1";
const ID = "[0-9a-fA-F-]{36}";
const KEPT = [/^\/v1\/lifelog\/timeline$/, new RegExp(`^/v1/workouts(/${ID})?$`), /^\/v1\/me$/, /^\/v1\/meta$/,
  /^\/v1\/health\/(days|imports)$/, /^\/v1\/me\/(health-goals|quota|pauses|classes|teaching|cheers\/today)$/, new RegExp(`^/v1/groups(/${ID}(/(standings|challenges|feed))?)?$`),
  new RegExp(`^/v1/(posts|routines|classes)(/${ID})?$`), /^\/v1\/notifications$/];
const SHELL = ["/", "/index.html", "/styles.css", "/icon.svg", "/manifest.webmanifest", "/manifest.ja.webmanifest", "/manifest.ko.webmanifest",
  "/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png", "/icons/apple-touch-icon.png",
  "/icons/shortcut-timer.png", "/icons/shortcut-record.png", "/icons/shortcut-lifelog.png", "/js/install.js", "/js/push.js", "/js/app.js", "/js/routes.js", "/js/home.js", "/js/api.js", "/js/ui.js", "/js/graphs.js", "/js/i18n.js",
  "/js/i18n/en.js", "/js/i18n/ja.js", "/js/i18n/ko.js",
  "/js/session.js", "/js/account.js", "/js/recovery.js", "/js/icons.js", "/js/upload.js", "/js/download.js", "/js/events.js",
  "/js/training/machine.js", "/js/training/timer.js", "/js/training/view.js", "/js/training/editor.js", "/js/training/exercises.js",
  "/js/training/import.js", "/js/training/body.js", "/js/training/session.js", "/js/training/session-view.js", "/js/training/start.js", "/js/training/search.js", "/js/training/picker.js", "/js/training/plates.js", "/js/training/progress.js", "/js/training/units.js",
  "/js/accountability/standings.js", "/js/accountability/view.js", "/js/accountability/calendar.js", "/js/accountability/record.js", "/js/accountability/crew.js",
  "/js/community/feed.js", "/js/community/post.js", "/js/community/compose.js", "/js/community/routines.js",
  "/js/community/routine-editor.js", "/js/community/notifications.js", "/js/community/moderation.js", "/js/signage/board.js", "/js/signage/countup.js", "/js/signage/manage.js", "/js/signage/kafka.js", "/js/lifelog/cursor.js", "/js/lifelog/camera.js", "/js/lifelog/polyline.js", "/js/lifelog/view.js", "/js/lifelog/playback.js", "/js/lifelog/minimap.js", "/js/lifelog/basemap.js", "/js/lifelog/history.js", "/js/signage/wall.js", "/js/signage/playlist.js", "/js/health/view.js",
  "/js/classes/money.js", "/js/classes/view.js", "/js/classes/detail.js", "/js/classes/checkout.js", "/js/classes/editor.js",
  "/js/sync/outbox.js", "/js/sync/save.js", "/js/sync/status.js", "/js/problems.js", "/js/ids.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE && name !== DATA).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "forget-data") event.waitUntil(caches.delete(DATA));
});

/** A kept read: the network's answer when there is one (and it is kept), else the last one kept.
 *  A network that does not answer within a few seconds (a train's Wi-Fi) counts as none: the kept
 *  copy is shown, and the network's answer, when it comes, is kept for next time. */
function networkFirst(request, cacheName, fallback) {
  const network = fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(request, copy));
    }
    return response;
  });
  const slow = new Promise((resolve) => setTimeout(resolve, 3000)).then(() => fallback()).then((kept) => kept || network);
  return Promise.race([network.catch(() => fallback().then((kept) => kept || Promise.reject(new Error("offline")))), slow]);
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.startsWith("/v1/")) {
    if (!KEPT.some((pattern) => pattern.test(url.pathname))) return;
    event.respondWith(networkFirst(event.request, DATA, () => caches.open(DATA).then((cache) => cache.match(event.request)))
      .catch(() => Response.error()));
    return;
  }
  if (url.pathname.startsWith("/.well-known/")) return;
  event.respondWith(networkFirst(event.request, CACHE, () => caches.match(event.request).then((hit) => hit || caches.match("/index.html")))
    .catch(() => Response.error()));
});

// A push from the server (Web Push, decrypted by the browser): shown as a notification; a newer
// one with the same tag replaces the one before (ten likes are one line, not ten). A rest's end
// buzzes; it is not shown where the app is in view, whose own timer rings.
self.addEventListener("push", (event) => {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch { message = { body: event.data?.text() ?? "" }; }
  const rest = message.tag === "restEnd";
  event.waitUntil(self.clients.matchAll({ type: "window" }).then((windows) => {
    if (rest && windows.some((client) => client.visibilityState === "visible")) return undefined;
    return self.registration.showNotification(message.title || "Yaruki", {
      body: message.body || "", tag: message.tag, renotify: Boolean(message.tag), icon: "/icons/icon-192.png", badge: "/icons/icon-192.png",
      ...(rest ? { vibrate: [300, 120, 300, 120, 300] } : {}),
      data: { url: message.url || "/#/notifications" },
    });
  }));
});

// A tap on a notification opens its page: in the app's open window when there is one, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/#/notifications", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    // Navigated first: focusing needs the click's permission, and a refusal must not leave the page where it was.
    // (Always navigated: a client's url is where its document loaded, not where its hash has gone since.)
    const moved = open.navigate ? open.navigate(url).then((client) => client || open) : Promise.resolve(open);
    return moved.then((client) => client.focus().catch(() => client));
  }));
});
