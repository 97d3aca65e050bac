import test from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { createSession, describeDevice } from "../js/session.js";

// A real HTTP server that behaves like Yaruki's auth: access tokens expire, refresh rotates.
async function withAuthServer(body) {
  // `cookie` is what the server accepts; `jar` is what the browser holds and sends.
  const state = { refreshes: 0, valid: new Set(), generation: 0, cookie: "r0", jar: "r0" };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const send = (status, value, headers = {}) => {
        res.writeHead(status, { "Content-Type": status >= 400 ? "application/problem+json" : "application/json", ...headers });
        res.end(JSON.stringify(value));
      };
      if (req.url === "/v1/auth/refresh") {
        state.refreshes += 1;
        if (req.headers.cookie !== `yaruki_refresh=${state.cookie}`) return send(401, { status: 401, title: "Unauthorized" });
        state.generation += 1;
        state.cookie = `r${state.generation}`;
        const token = `a${state.generation}`;
        state.valid = new Set([token]);
        // A slow refresh, so concurrent callers really overlap.
        return setTimeout(() => send(200, { accessToken: token, expiresIn: 900 }, { "Set-Cookie": `yaruki_refresh=${state.cookie}` }), 30);
      }
      if (req.url === "/v1/me") {
        const token = (req.headers.authorization || "").replace("Bearer ", "");
        if (!state.valid.has(token)) return send(401, { status: 401, title: "Unauthorized", type: "/problems/token-expired" });
        return send(200, { id: "u1", displayName: "Ana" });
      }
      send(404, { status: 404, title: "Not Found" });
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  // Node's fetch keeps no cookies: keep the one cookie the way a browser would.
  const fetchImpl = async (url, init) => {
    const response = await fetch(url, { ...init, headers: { ...init.headers, Cookie: `yaruki_refresh=${state.jar}` } });
    const set = response.headers.get("set-cookie");
    if (set) state.jar = set.split(";")[0].split("=")[1];
    return response;
  };
  try {
    return await body({ base, state, fetchImpl });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A browser's storage where someone signed in before (restore asks the server only then). */
function signedInBefore() {
  const kept = new Map([["yaruki.user", JSON.stringify({ id: "u1", displayName: "Ana" })]]);
  return { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, String(v)), removeItem: (k) => kept.delete(k) };
}

test("a browser nobody signed in on starts silently, without asking the server", async () => {
  await withAuthServer(async ({ base, state, fetchImpl }) => {
    const empty = { getItem: () => null, setItem() {}, removeItem() {} };
    const session = createSession({ baseURL: base, fetchImpl, device: "test", storage: empty });
    assert.equal(await session.restore(), false);
    assert.equal(state.refreshes, 0);
  });
});

test("restore signs in silently from the cookie", async () => {
  await withAuthServer(async ({ base, state, fetchImpl }) => {
    const session = createSession({ baseURL: base, fetchImpl, device: "test", storage: signedInBefore() });
    assert.equal(await session.restore(), true);
    assert.equal(session.user.displayName, "Ana");
    assert.equal(state.refreshes, 1);
  });
});

test("twenty calls that find the token expired share one refresh", async () => {
  await withAuthServer(async ({ base, state, fetchImpl }) => {
    const session = createSession({ baseURL: base, fetchImpl, device: "test", storage: signedInBefore() });
    await session.restore();
    state.valid = new Set();  // the server now refuses the token the page holds
    const before = state.refreshes;
    const users = await Promise.all(Array.from({ length: 20 }, () => session.api("/v1/me")));
    assert.equal(users.length, 20);
    assert.ok(users.every((u) => u.id === "u1"));
    assert.equal(state.refreshes - before, 1);
  });
});

test("a refused refresh signs out and tells the listeners", async () => {
  await withAuthServer(async ({ base, state, fetchImpl }) => {
    const session = createSession({ baseURL: base, fetchImpl, device: "test", storage: signedInBefore() });
    await session.restore();
    const seen = [];
    session.onChange((user) => seen.push(user));
    state.valid = new Set();     // the access token is refused…
    state.cookie = "revoked";    // …and the session behind the cookie is gone
    await assert.rejects(session.api("/v1/me"), (problem) => problem.status === 401);
    assert.equal(session.signedIn, false);
    assert.equal(session.user, null);
    assert.deepEqual(seen, [null]);
    assert.equal(await session.restore(), false);
  });
});

test("devices are named by browser and system", () => {
  assert.equal(describeDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1"), "Safari · iOS");
  assert.equal(describeDevice("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"), "Chrome · Linux");
  assert.equal(describeDevice("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0"), "Edge · Windows");
  assert.equal(describeDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:121.0) Gecko/20100101 Firefox/121.0"), "Firefox · macOS");
  assert.equal(describeDevice(""), "Browser");
});

test("opened without a network, a read goes out without a token for the service worker's kept answer", async () => {
  // The network is gone for the page's own calls (the refresh); what the service worker answers
  // for a read is its kept copy (200), or nothing kept (here: the server's 401 without a token).
  let kept = { id: "u1", displayName: "Ana (kept)" };
  const fetchImpl = async (url, init) => {
    if (url.endsWith("/v1/auth/refresh")) throw new TypeError("Failed to fetch");
    assert.equal(init.headers.Authorization, undefined, "no token to send");
    return kept ? new Response(JSON.stringify(kept), { status: 200, headers: { "Content-Type": "application/json" } })
      : new Response(JSON.stringify({ status: 401, title: "Unauthorized" }), { status: 401, headers: { "Content-Type": "application/problem+json" } });
  };
  const session = createSession({ baseURL: "http://offline.invalid", fetchImpl, device: "test", storage: signedInBefore() });
  assert.equal(await session.restore(), true, "the person whose device it is, known offline");
  assert.equal((await session.api("/v1/me")).displayName, "Ana (kept)");
  kept = null;
  await assert.rejects(session.api("/v1/me"), (problem) => problem.status === 0, "nothing kept is offline, not signed out");
  assert.equal(session.user.displayName, "Ana", "still the person whose device it is");
});
