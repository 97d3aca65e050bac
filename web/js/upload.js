// Uploads with a progress bar. fetch() cannot report upload progress, so this one request goes
// through XMLHttpRequest, with the same bearer token, one refresh-and-retry on 401, and the same
// ProblemError on failure as every other call.
import { ProblemError } from "./api.js";

function send(path, file, bearer, { method = "POST", onProgress, signal, networkProblem }) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    if (bearer) xhr.setRequestHeader("Authorization", `Bearer ${bearer}`);
    xhr.upload.onprogress = (event) => { if (event.lengthComputable) onProgress?.(event.loaded / event.total); };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ProblemError({ status: 0, type: "network", ...networkProblem() }));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

function problemOf(xhr) {
  try {
    const body = JSON.parse(xhr.responseText);
    if (body && typeof body === "object") return new ProblemError({ status: xhr.status, ...body });
  } catch { /* not JSON */ }
  return new ProblemError({ status: xhr.status, title: xhr.statusText || `HTTP ${xhr.status}`, detail: `The server answered ${xhr.status}.` });
}

/** POSTs (or PUTs, with `method`) `file` as the whole body to `path`; resolves to the JSON reply. */
export async function upload(session, path, file, { method = "POST", onProgress, signal, networkProblem = () => ({ title: "Cannot reach the server" }) } = {}) {
  const options = { method, onProgress, signal, networkProblem };
  const bearer = session.accessToken;
  let xhr = await send(path, file, bearer, options);
  if (xhr.status === 401 && bearer) {
    const renewed = await session.refresh(bearer);
    if (renewed) { onProgress?.(0); xhr = await send(path, file, renewed, options); }
  }
  if (xhr.status < 200 || xhr.status >= 300) throw problemOf(xhr);
  return JSON.parse(xhr.responseText);
}
