// Writes made without a network wait here, in IndexedDB, and go out through the sync protocol
// (POST /v1/sync/{zone}/push) when the network returns: each change under an id of its own, so
// sending it twice applies it once, against the version the page last saw, so a change made
// elsewhere meanwhile comes back as a conflict for the person to decide, with both versions.
// The pure parts (what to send, what the answers mean) are exported for the node tests.
import { newRecordId } from "../ids.js";

const DATABASE = "yaruki-offline";
const OUTBOX = "outbox";
const CONFLICTS = "conflicts";
export const recordTypes = { lifelog: "lifelogRecord", workouts: "workout", routines: "routine" };

/** A queued change: a write (`fields`) or a delete, against `baseVersion` (null: new). A change
 *  already sent and changed again takes a new id: it says something new. */
export function queued(previous, { zone, id, fields = null, deleted = false, baseVersion = null }, now = new Date(), newId = newRecordId) {
  return {
    key: `${zone}:${id}`, zone, id, fields, deleted,
    baseVersion: previous ? previous.baseVersion : baseVersion,
    changeId: previous && !previous.sent ? previous.changeId : newId(),
    modifiedAt: now.toISOString(), sent: false,
  };
}

/** The push bodies for the queued changes, one per zone. */
export function pushes(entries, device) {
  const byZone = new Map();
  for (const e of entries) {
    if (!recordTypes[e.zone]) continue;
    const record = { id: e.id, type: recordTypes[e.zone], changeId: e.changeId, modifiedAt: e.modifiedAt, device };
    if (e.baseVersion) record.baseVersion = e.baseVersion;
    if (e.deleted) record.deleted = true; else record.fields = e.fields;
    if (!byZone.has(e.zone)) byZone.set(e.zone, []);
    byZone.get(e.zone).push(record);
  }
  return [...byZone].map(([zone, records]) => ({ zone, body: { records } }));
}

/** What each answer means for the queue: done (saved, or refused for good with the reason), or a
 *  conflict holding both versions for the person. Aborted ones stay queued. */
export function outcomes(records, results) {
  return records.map((record, i) => {
    const result = results[i] || { status: "aborted" };
    if (result.status === "saved") return { kind: "saved", id: record.id, changeId: record.changeId, version: result.version };
    if (result.status === "rejected") return { kind: "rejected", id: record.id, changeId: record.changeId, reason: result.reason, errors: result.errors || [] };
    if (result.status === "conflict") return { kind: "conflict", id: record.id, changeId: record.changeId, theirs: result.current || null };
    return { kind: "waiting", id: record.id };
  });
}

/** Keeping this device's side of a conflict: the same fields, against the other version. */
export function keepMine(conflict, now = new Date(), newId = newRecordId) {
  return { ...queued(null, { zone: conflict.zone, id: conflict.id, fields: conflict.mine.fields, deleted: conflict.mine.deleted,
    baseVersion: conflict.theirs?.version ?? null }, now, newId) };
}

// — IndexedDB —

let opened = null;
function open() {
  if (!opened) {
    opened = new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(OUTBOX, { keyPath: "key" });
        request.result.createObjectStore(CONFLICTS, { keyPath: "key" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  return opened;
}

async function run(store, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    let result;
    Promise.resolve(work(tx.objectStore(store))).then((value) => { result = value; });
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
  });
}

const asPromise = (request) => new Promise((resolve, reject) => { request.onsuccess = () => resolve(request.result); request.onerror = () => reject(request.error); });

export async function all(store = OUTBOX) { return run(store, "readonly", (s) => asPromise(s.getAll())); }

function changed() { globalThis.dispatchEvent?.(new Event("outbox-changed")); }

/** Queues a write or delete made without a network. */
export async function queue(change) {
  await run(OUTBOX, "readwrite", async (s) => {
    const previous = await asPromise(s.get(`${change.zone}:${change.id}`));
    s.put(queued(previous, change));
  });
  changed();
}

export async function waiting() {
  const [outbox, conflicts] = await Promise.all([all(OUTBOX), all(CONFLICTS)]);
  return { count: outbox.length, conflicts };
}

/** Everything queued for a zone (to show beside what the server sent). */
export async function queuedIn(zone) { return (await all(OUTBOX)).filter((e) => e.zone === zone); }

let flushing = null;
/** Sends what is queued; returns what happened. A network failure leaves it queued for next time. */
export function flush(api, device = "browser") {
  if (!flushing) flushing = send(api, device).finally(() => { flushing = null; });
  return flushing;
}

async function send(api, device) {
  const entries = await all(OUTBOX);
  if (!entries.length) return { saved: 0, conflicts: 0, rejected: [] };
  await run(OUTBOX, "readwrite", (s) => { for (const e of entries) s.put({ ...e, sent: true }); });
  const report = { saved: 0, conflicts: 0, rejected: [] };
  for (const { zone, body } of pushes(entries, device)) {
    const reply = await api(`/v1/sync/${zone}/push`, { method: "POST", body });
    const results = outcomes(body.records, reply.results);
    const mine = new Map(entries.filter((e) => e.zone === zone).map((e) => [e.id, e]));
    await run(OUTBOX, "readwrite", async (s) => {
      for (const outcome of results) {
        if (outcome.kind === "waiting") continue;
        const current = await asPromise(s.get(`${zone}:${outcome.id}`));
        // Changed again while this was on its way: the newer change stays queued.
        if (current && current.changeId === outcome.changeId) s.delete(`${zone}:${outcome.id}`);
      }
    });
    await run(CONFLICTS, "readwrite", (s) => {
      for (const outcome of results.filter((o) => o.kind === "conflict")) {
        s.put({ key: `${zone}:${outcome.id}`, zone, id: outcome.id, mine: mine.get(outcome.id), theirs: outcome.theirs });
      }
    });
    report.saved += results.filter((o) => o.kind === "saved").length;
    report.conflicts += results.filter((o) => o.kind === "conflict").length;
    report.rejected.push(...results.filter((o) => o.kind === "rejected"));
  }
  changed();
  return report;
}

/** A conflict found by a page's own write (a 412): kept for the person to decide. */
export async function conflictFrom(change, theirs) {
  const mine = queued(null, change);
  await run(CONFLICTS, "readwrite", (s) => { s.put({ key: mine.key, zone: change.zone, id: change.id, mine, theirs }); });
  changed();
}

/** The person chose: "mine" sends this device's version again over the other; "theirs" keeps the other. */
export async function decide(conflict, choice) {
  if (choice === "mine") await run(OUTBOX, "readwrite", (s) => { s.put(keepMine(conflict)); });
  await run(CONFLICTS, "readwrite", (s) => { s.delete(conflict.key); });
  changed();
}

/** Signing out forgets what this browser kept. */
export async function clear() {
  await run(OUTBOX, "readwrite", (s) => { s.clear(); });
  await run(CONFLICTS, "readwrite", (s) => { s.clear(); });
  changed();
}
