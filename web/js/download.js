// Downloads with a progress bar: the response is read as it arrives (fetch's stream), its
// share of the Content-Length reported, then saved under the name the server gives. The same
// bearer token, refresh-once and ProblemError as every other call.
import { problemFrom, ProblemError } from "./api.js";

async function fetchWith(path, bearer, signal, networkProblem) {
  try {
    return await fetch(path, { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {}, signal, credentials: "same-origin" });
  } catch (error) {
    if (error?.name === "AbortError") throw error;
    throw new ProblemError({ status: 0, type: "network", ...networkProblem() });
  }
}

/** The file's name from Content-Disposition, or `fallback`. */
export function fileName(disposition, fallback) {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition || "");
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** GETs `path` into a Blob, telling `onProgress(received, total)` as bytes arrive. */
export async function download(session, path, { onProgress, signal, networkProblem = () => ({ title: "Cannot reach the server" }) } = {}) {
  const bearer = session.accessToken;
  let response = await fetchWith(path, bearer, signal, networkProblem);
  if (response.status === 401 && bearer) {
    const renewed = await session.refresh(bearer);
    if (renewed) response = await fetchWith(path, renewed, signal, networkProblem);
  }
  if (!response.ok) throw await problemFrom(response);
  const total = Number(response.headers.get("content-length")) || 0;
  const reader = response.body.getReader();
  const parts = [];
  let received = 0;
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (error?.name === "AbortError") throw error;
      throw new ProblemError({ status: 0, type: "network", ...networkProblem() });
    }
    if (chunk.done) break;
    parts.push(chunk.value);
    received += chunk.value.length;
    onProgress?.(received, total);
  }
  if (total && received !== total) throw new ProblemError({ status: 0, type: "network", ...networkProblem() });
  return { blob: new Blob(parts, { type: response.headers.get("content-type") || "application/octet-stream" }),
    name: fileName(response.headers.get("content-disposition"), "download") };
}

/** Hands a Blob to the browser's own save. */
export function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
