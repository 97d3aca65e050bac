// Who is signed in. The access token lives only in this module's memory; the refresh token is
// an HttpOnly cookie the page never sees, so reloading the page signs the person back in with
// one refresh, and a script injected into the page cannot carry the session away.
import { createApi } from "./api.js";

/** "Chrome · macOS" from a User-Agent: how this browser appears in the sessions list. */
export function describeDevice(userAgent = "") {
  const browser = /Edg\//.test(userAgent) ? "Edge" : /OPR\//.test(userAgent) ? "Opera"
    : /Firefox\//.test(userAgent) ? "Firefox" : /Chrom(e|ium)\//.test(userAgent) ? "Chrome"
    : /Safari\//.test(userAgent) ? "Safari" : "Browser";
  const system = /iPhone|iPad|iPod/.test(userAgent) ? "iOS" : /Android/.test(userAgent) ? "Android"
    : /Mac OS X|Macintosh/.test(userAgent) ? "macOS" : /Windows/.test(userAgent) ? "Windows"
    : /CrOS/.test(userAgent) ? "ChromeOS" : /Linux/.test(userAgent) ? "Linux" : "";
  return system ? `${browser} · ${system}` : browser;
}

const WEB_SIGN_IN = "yaruki.webSignIn";

export function createSession({ baseURL = "", fetchImpl, networkProblem, device = describeDevice(globalThis.navigator?.userAgent),
                                storage = globalThis.localStorage } = {}) {
  let accessToken = null;
  let user = null;
  let inflight = null;
  const listeners = new Set();
  const bare = createApi({ baseURL, fetchImpl, networkProblem });

  function notify() { for (const listener of listeners) listener(user); }

  // The person last signed in here, kept so that the app opened without a network still knows
  // whose device it is (their pages show what this browser holds; nothing is sent until it is online).
  const REMEMBERED = "yaruki.user";
  function remember(person) {
    try { if (person) storage.setItem(REMEMBERED, JSON.stringify(person)); else storage.removeItem(REMEMBERED); } catch { /* private mode */ }
  }
  function remembered() {
    try { return JSON.parse(storage.getItem(REMEMBERED) || "null"); } catch { return null; }
  }

  function adopt(reply) {
    accessToken = reply.accessToken;
    if (reply.user) { user = reply.user; remember(user); }
    notify();
    return accessToken;
  }

  function forget() {
    const had = accessToken !== null || user !== null;
    accessToken = null;
    user = null;
    remember(null);
    if (had) notify();
  }

  /** One refresh at a time: every caller that finds its token refused waits for the same one. */
  function refresh(failed = null) {
    if (failed && accessToken && accessToken !== failed) return Promise.resolve(accessToken);
    if (!inflight) {
      inflight = bare("/v1/auth/refresh", { method: "POST", body: { useCookie: true } })
        .then(adopt)
        .catch((problem) => {
          if (problem.status === 401 || problem.status === 400) { forget(); return null; }
          throw problem;
        })
        .finally(() => { inflight = null; });
    }
    return inflight;
  }

  const withToken = createApi({ baseURL, fetchImpl, networkProblem, token: () => accessToken, refresh });
  /** Opened without a network, the person is known but holds no token: each call first takes the
   *  session up again; while there is still no network the call goes out without one, for the
   *  service worker to answer with what it kept (or fail as offline, status 0). */
  async function api(path, options) {
    if (user && !accessToken) {
      let offline = null;
      try { await refresh(); } catch (problem) { if (problem.status !== 0) throw problem; offline = problem; }
      // Without a token a server that does answer says 401: that is still "offline" to the page.
      if (offline) return withToken(path, options).catch((problem) => { throw problem.status === 401 ? offline : problem; });
    }
    return withToken(path, options);
  }

  return {
    api,
    refresh,
    get user() { return user; },
    get signedIn() { return accessToken !== null; },
    /** For the few requests fetch cannot make: uploads with progress (XHR) and EventSource. */
    get accessToken() { return accessToken; },
    onChange(listener) { listeners.add(listener); return () => listeners.delete(listener); },

    async signIn(email, password) {
      return adopt(await bare("/v1/auth/login", { method: "POST", body: { email, password, device, useCookie: true } }));
    },

    async signUp(fields) {
      return adopt(await bare("/v1/auth/signup", { method: "POST", body: { ...fields, device, useCookie: true } }));
    },

    /** Signs in with a mailed sign-in link's token (once); this browser becomes the owner's. */
    async signInWithLink(token) {
      return adopt(await bare("/v1/auth/link/finish", { method: "POST", body: { token, device, useCookie: true } }));
    },

    /** Sign in with Apple or Google, first half: the server starts the attempt and answers where
     *  to go and a binding that this tab alone keeps (sessionStorage) until the person is back. */
    async startWebSignIn(provider, next) {
      const started = await bare(`/v1/auth/web/${provider}/start`, { method: "POST" });
      try { sessionStorage.setItem(WEB_SIGN_IN, JSON.stringify({ binding: started.binding, next })); } catch { /* private mode */ }
      return started.authorizeURL;
    },

    /** …second half, when the provider has sent the person back: the binding finishes it. Answers
     *  where to go next, or null when this tab started no sign-in. */
    async finishWebSignIn(fields) {
      let kept = null;
      try { kept = JSON.parse(sessionStorage.getItem(WEB_SIGN_IN) || "null"); sessionStorage.removeItem(WEB_SIGN_IN); } catch { /* private mode */ }
      if (!kept?.binding) return null;
      adopt(await bare("/v1/auth/web/finish", { method: "POST", body: { ...fields, binding: kept.binding, device, useCookie: true } }));
      return kept.next || "#/home";
    },

    /** Silent sign-in at page load: true when the cookie still holds a live session. Without a
     *  network, the person last signed in here (no token until the network is back). */
    async restore() {
      // Nobody has signed in in this browser: nothing to restore, and nothing to ask the server
      // (a signed-out start is silent: no refresh refused with 400 in the console).
      if (!remembered()) return false;
      let token;
      try {
        token = await refresh();
      } catch (problem) {
        const kept = problem.status === 0 ? remembered() : null;
        if (!kept) throw problem;
        user = kept;
        notify();
        return true;
      }
      if (!token) return false;
      if (!user) { user = await api("/v1/me"); remember(user); notify(); }
      return true;
    },

    async reloadUser() {
      user = await api("/v1/me");
      remember(user);
      notify();
      return user;
    },

    async signOut() {
      try {
        await bare("/v1/auth/logout", { method: "POST", body: {} });
      } finally {
        forget();
      }
    },

    /** After the account is deleted or the session ended elsewhere. */
    forget,
  };
}
