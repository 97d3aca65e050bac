// The one way the app talks to the server. Failures become ProblemError (RFC 9457 shape),
// so every caller can show them in the page the same way.

export class ProblemError extends Error {
  constructor(problem) {
    super(problem.detail || problem.title);
    this.name = "ProblemError";
    this.type = problem.type || "about:blank";
    this.title = problem.title || "Error";
    this.status = problem.status || 0;
    this.detail = problem.detail || "";
    this.errors = Array.isArray(problem.errors) ? problem.errors : [];
    // A 412's record as it now stands, and its version (RFC 9457 extension members).
    this.current = problem.current ?? null;
    this.version = problem.version ?? null;
  }
}

/** Reads a failed response into a ProblemError, whatever the server sent. */
export async function problemFrom(response) {
  const type = response.headers.get("content-type") || "";
  if (type.includes("json")) {
    try {
      const body = await response.json();
      if (body && typeof body === "object") return new ProblemError({ status: response.status, ...body });
    } catch { /* fall through to a generic problem */ }
  }
  return new ProblemError({ status: response.status, title: response.statusText || `HTTP ${response.status}`,
    detail: `The server answered ${response.status}.` });
}

/**
 * `token()` gives the access token to send, if any. When the server answers 401 to a request
 * that carried one, `refresh()` is asked for a new token (it returns null when the session is
 * over) and the request is tried once more with it.
 */
export function createApi({ baseURL = "", fetchImpl = (...args) => globalThis.fetch(...args), token = () => null,
                            refresh = async () => null,
                            networkProblem = () => ({ title: "Cannot reach the server", detail: "" }) } = {}) {
  async function attempt(path, { method, body, headers, signal }, bearer) {
    const init = { method, headers: { Accept: "application/json", ...headers }, signal, credentials: "same-origin" };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers["Content-Type"] = "application/json";
    }
    if (bearer) init.headers.Authorization = `Bearer ${bearer}`;
    try {
      return await fetchImpl(baseURL + path, init);
    } catch (error) {
      if (error?.name === "AbortError") throw error;
      throw new ProblemError({ status: 0, type: "network", ...networkProblem() });
    }
  }

  /** `onResponse` sees the response before its body is read (its ETag: the record's version). */
  return async function api(path, { method = "GET", body, headers = {}, signal, onResponse } = {}) {
    const options = { method, body, headers, signal };
    const bearer = token();
    let response = await attempt(path, options, bearer);
    if (response.status === 401 && bearer) {
      const renewed = await refresh(bearer);
      if (renewed) response = await attempt(path, options, renewed);
    }
    if (!response.ok) throw await problemFrom(response);
    onResponse?.(response);
    if (response.status === 204) return null;
    const type = response.headers.get("content-type") || "";
    return type.includes("json") ? response.json() : response.text();
  };
}
