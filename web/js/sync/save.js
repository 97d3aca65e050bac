// Writing a record from a page: straight to the server when there is a network (with If-Match,
// so a change made elsewhere since the page loaded is not overwritten), into the outbox when
// there is none. A 412 becomes a conflict for the person to decide, like one found while syncing.
import { conflictFrom, queue } from "./outbox.js";

/** The version a reply's ETag names ("v12" → 12), or null. */
export function versionOf(response) {
  const match = /^(?:W\/)?"?v?(\d+)"?$/.exec(response?.headers?.get("ETag") || "");
  return match ? Number(match[1]) : null;
}

/** Writes `fields` to `path`; `{ offline: true }` when it was queued instead, `{ conflict }` when the server has a newer version. */
export async function writeRecord(session, { zone, id, path, fields, baseVersion = null }) {
  try {
    let version = null;
    const reply = await session.api(path, { method: "PUT", body: fields, headers: baseVersion ? { "If-Match": `"v${baseVersion}"` } : {},
      onResponse: (response) => { version = versionOf(response); } });
    return { reply, version, offline: false };
  } catch (problem) {
    if (problem.status === 412) {
      await conflictFrom({ zone, id, fields, baseVersion }, { version: problem.version, deleted: problem.current === null, record: problem.current });
      return { conflict: true };
    }
    if (problem.status !== 0) throw problem;
    await queue({ zone, id, fields, baseVersion });
    return { offline: true };
  }
}
