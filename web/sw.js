// Keeps the app usable offline once it has loaded: the shell is fetched from the network when
// there is one (so a deploy shows at once) and from this cache when there is not. The API is
// never cached.
const CACHE = "yaruki-shell-v12";
const SHELL = ["/", "/index.html", "/styles.css", "/icon.svg", "/js/app.js", "/js/routes.js", "/js/home.js", "/js/api.js", "/js/ui.js", "/js/i18n.js",
  "/js/i18n/en.js", "/js/i18n/ja.js", "/js/i18n/ko.js",
  "/js/session.js", "/js/account.js", "/js/recovery.js", "/js/icons.js", "/js/upload.js", "/js/download.js", "/js/events.js",
  "/js/training/machine.js", "/js/training/timer.js", "/js/training/view.js", "/js/training/editor.js",
  "/js/accountability/standings.js", "/js/accountability/view.js", "/js/accountability/calendar.js", "/js/accountability/record.js",
  "/js/community/feed.js", "/js/community/post.js", "/js/community/compose.js", "/js/community/routines.js",
  "/js/community/routine-editor.js", "/js/community/notifications.js", "/js/signage/board.js", "/js/signage/countup.js", "/js/signage/manage.js", "/js/lifelog/cursor.js", "/js/lifelog/camera.js", "/js/lifelog/polyline.js", "/js/lifelog/view.js", "/js/lifelog/playback.js", "/js/signage/wall.js", "/js/health/plots.js", "/js/health/view.js",
  "/js/classes/money.js", "/js/classes/view.js", "/js/classes/detail.js", "/js/classes/checkout.js", "/js/classes/editor.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/v1/")
      || url.pathname.startsWith("/.well-known/")) return;
  event.respondWith(fetch(event.request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(event.request, copy));
      }
      return response;
    })
    .catch(() => caches.match(event.request).then((hit) => hit || caches.match("/index.html"))));
});
