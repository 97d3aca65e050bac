// A playlist's wall screen: several boards on one link, each on screen for the playlist's
// seconds (or two side by side on a wide screen), following every edit an admin makes without
// anyone touching the screen. Only the boards on screen hold a stream open (a browser opens six
// connections to a server at most); a board coming back names its last event, so a milestone
// reached while it was away is celebrated when it is shown.
import { formatNumber, t } from "../i18n.js";
import { el } from "../ui.js";
import { wallView } from "./wall.js";

export function playlistView({ playlistId, token, session }) {
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  // Side by side only where two boards fit: wider than tall and at least 1200 px across.
  const wide = window.matchMedia("(min-width: 1200px) and (min-aspect-ratio: 4/3)");
  const stage = el("div", { class: "playlist-stage", id: "playlist-stage" });
  const bar = el("span", {});
  const progress = el("div", { class: "playlist-progress", id: "playlist-progress", "aria-hidden": "true", hidden: true }, bar);
  const place = el("p", { class: "playlist-place", id: "playlist-place", "aria-live": "off" });
  const empty = el("p", { class: "playlist-empty", id: "playlist-empty", hidden: true }, t("playlist.empty"));
  const gone = el("p", { class: "wall-gone", id: "playlist-gone", role: "alert", hidden: true }, t("wall.gone"));
  const waiting = el("p", { class: "playlist-empty", id: "playlist-waiting" }, t("wall.connecting"));
  const walls = new Map();
  let list = null;
  let page = 0;
  let timer = null;
  let source = null;

  /** The boards shown together, in the playlist's order: one each, or two on a wide screen. */
  function pages() {
    const ids = list?.boards ?? [];
    const size = list?.layout === "split" && wide.matches ? 2 : 1;
    const out = [];
    for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
    return out;
  }

  function showPage(index) {
    clearTimeout(timer);
    const all = pages();
    empty.hidden = all.length > 0;
    if (!all.length) {
      for (const view of walls.values()) view.pause();
      place.textContent = "";
      progress.hidden = true;
      return;
    }
    page = ((index % all.length) + all.length) % all.length;
    const shown = new Set(all[page]);
    stage.classList.toggle("split", all[page].length > 1);
    for (const [id, view] of walls) {
      const on = shown.has(id);
      view[0].hidden = !on;
      view[0].classList.toggle("entering", on && !reduced);
      if (on) view.resume(); else view.pause();
    }
    stage.dataset.page = String(page);
    stage.dataset.pages = String(all.length);
    place.textContent = all.length > 1 ? t("playlist.place", { page: formatNumber(page + 1), pages: formatNumber(all.length) }) : "";
    progress.hidden = all.length < 2;
    if (all.length < 2) return;
    // The bar fills over the seconds this page stays.
    bar.style.transition = "none";
    bar.style.width = "0%";
    void bar.offsetWidth;
    bar.style.transition = `width ${list.seconds}s linear`;
    bar.style.width = "100%";
    timer = setTimeout(() => showPage(page + 1), list.seconds * 1000);
  }

  /** A new playlist (on connecting, and after each edit): walls kept for the boards still in it,
   *  made for new ones, closed for those gone; the screen stays on what it showed if it can. */
  function apply(next) {
    const before = pages()[page] ?? [];
    list = next;
    waiting.remove();
    document.title = `${next.title} · Yaruki`;
    stage.dataset.layout = next.layout;
    for (const [id, view] of walls) {
      if (next.boards.includes(id)) continue;
      view.close();
      walls.delete(id);
    }
    for (const id of next.boards) {
      if (!walls.has(id)) {
        const view = wallView({ boardId: id, token, session, playlist: playlistId });
        view[0].hidden = true;
        walls.set(id, view);
      }
    }
    stage.replaceChildren(...next.boards.map((id) => walls.get(id)[0]));
    const stay = pages().findIndex((ids) => ids.some((id) => before.includes(id)));
    showPage(stay >= 0 ? stay : 0);
  }

  const access = () => (token ? `token=${encodeURIComponent(token)}` : `access_token=${encodeURIComponent(session?.accessToken ?? "")}`);
  const address = `/v1/signage/playlists/${encodeURIComponent(playlistId)}`;

  function connect() {
    source = new EventSource(`${address}/stream?${access()}`);
    source.addEventListener("playlist", (event) => apply(JSON.parse(event.data)));
    // A replaced link or a deleted playlist never works again: say so, and stop every board.
    source.onerror = async () => {
      let status = 0;
      if (token) status = (await fetch(`${address}?${access()}`).catch(() => null))?.status ?? 0;
      else {
        try { await session.api(address); status = 200; } catch (problem) { status = problem.status ?? 0; }
        if (status === 200 && source?.readyState === EventSource.CLOSED) connect();
      }
      if (status === 404 || status === 401) {
        source?.close();
        clearTimeout(timer);
        for (const view of walls.values()) view.close();
        walls.clear();
        stage.replaceChildren();
        progress.hidden = true;
        place.textContent = "";
        waiting.remove();
        gone.hidden = false;
      }
    };
  }
  connect();
  const relayout = () => { if (list) showPage(0); };
  wide.addEventListener("change", relayout);

  const view = [el("section", { class: "playlist", id: "playlist" }, gone, waiting, empty, stage, place, progress)];
  view.close = () => {
    source?.close();
    clearTimeout(timer);
    wide.removeEventListener("change", relayout);
    for (const wall of walls.values()) wall.close();
  };
  return view;
}
