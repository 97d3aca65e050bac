// The person's own event stream (/v1/events). EventSource cannot send headers, so the access
// token rides in the query; when it expires the stream is reopened with a fresh one, and
// Last-Event-ID cannot be set by hand, so after a reopen the caller reloads what it shows.
export function listen(session, handlers, { onState } = {}) {
  let source = null;
  let closed = false;
  let retry = null;
  let failures = 0;

  async function open() {
    if (closed) return;
    let token = session.accessToken;
    if (!token) token = await session.refresh().catch(() => null);
    if (!token || closed) return;
    source = new EventSource(`/v1/events?access_token=${encodeURIComponent(token)}`);
    source.addEventListener("ready", () => { failures = 0; onState?.("open"); handlers.ready?.(); });
    for (const [name, handler] of Object.entries(handlers)) {
      if (name !== "ready") source.addEventListener(name, (event) => handler(JSON.parse(event.data || "{}")));
    }
    source.onerror = () => {
      // A refused token closes the stream for good: refresh, then reopen after a short wait.
      onState?.("closed");
      source.close();
      failures += 1;
      clearTimeout(retry);
      retry = setTimeout(async () => { await session.refresh(session.accessToken).catch(() => null); open(); },
        Math.min(30000, 1000 * 2 ** Math.min(failures, 5)));
    };
  }
  open();
  return { close() { closed = true; clearTimeout(retry); source?.close(); } };
}
