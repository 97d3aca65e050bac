// The community: three boards as a segmented control, each a feed of cards (newest first, more
// on request), with likes in place and the way to post.
import { formatNumber, formatRelative, t } from "../i18n.js";
import { icon } from "../icons.js";
import { avatar, el, emptyState, showProblem } from "../ui.js";

export const boards = ["done", "feedback", "talk"];

/** The like button of a post: flips at once, then follows what the server says. */
export function likeButton(session, post) {
  const count = el("span", { class: "like-count" }, formatNumber(post.likeCount));
  const button = el("button", { type: "button", class: "chip like", "aria-pressed": String(post.likedByMe),
    "aria-label": post.likedByMe ? t("community.unlike") : t("community.like"), "data-like": post.id },
  icon("heart"), count);
  button.addEventListener("click", async (event) => {
    event.preventDefault();
    event.stopPropagation();
    const liked = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(liked));
    try {
      const reply = await session.api(`/v1/posts/${post.id}/like`, { method: liked ? "PUT" : "DELETE" });
      count.textContent = formatNumber(reply.likeCount);
      button.setAttribute("aria-label", liked ? t("community.unlike") : t("community.like"));
    } catch (problem) {
      button.setAttribute("aria-pressed", String(!liked));
      showProblem(problem);
    }
  });
  return button;
}

/** One post in a feed: author, time, text, photos, likes and comments. */
export function postCard(session, post) {
  const photos = post.photos.length ? el("div", { class: `photo-grid n${Math.min(post.photos.length, 4)}` },
    post.photos.slice(0, 4).map((photo, i) => el("img", { src: photo.thumbnailURL, alt: t("post.photo", { n: i + 1, total: post.photos.length }),
      loading: "lazy", width: photo.width, height: photo.height }))) : null;
  return el("article", { class: "card post", "data-post": post.id },
    el("header", { class: "post-head" }, avatar(post.author), el("strong", {}, post.author.displayName),
      el("time", { class: "muted small", datetime: post.createdAt }, formatRelative(post.createdAt, new Date()))),
    el("a", { class: "post-link", href: `#/post/${post.id}` }, post.body ? el("p", { class: "post-body" }, post.body) : null, photos),
    post.routineId ? el("p", { class: "small" }, el("a", { href: `#/post/${post.id}`, class: "routine-link", "data-routine-link": post.routineId },
      icon("training"), " ", t("post.routineOpen"))) : null,
    el("footer", { class: "post-actions" }, likeButton(session, post),
      el("a", { class: "chip", href: `#/post/${post.id}`, "aria-label": t("community.comments", { count: post.commentCount }) },
        icon("comment"), formatNumber(post.commentCount))));
}

export function communityView(session, {}) {
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  let board = boards.includes(params.get("board")) ? params.get("board") : "done";
  const list = el("div", { class: "stack feed", "aria-busy": "true" });
  const more = el("button", { type: "button", class: "button quiet wide", id: "more-posts", hidden: true }, t("community.more"));
  const lead = el("p", { class: "muted small board-lead" });
  const tabs = el("div", { class: "segmented", role: "tablist", "aria-label": t("nav.community") });
  const compose = el("a", { class: "button wide", id: "new-post" }, t("community.post"));
  let cursor = null;
  let token = 0;

  async function load(reset) {
    const mine = ++token;
    if (reset) {
      cursor = null;
      list.replaceChildren(el("span", { class: "skeleton" }));
      list.setAttribute("aria-busy", "true");
    }
    try {
      const page = await session.api(`/v1/posts?board=${board}&limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      if (mine !== token) return;
      if (reset) list.replaceChildren();
      list.removeAttribute("aria-busy");
      if (reset && page.items.length === 0) {
        list.replaceChildren(emptyState(icon("community"), t(`community.empty.${board}`), el("a", { class: "button", href: `#/compose?board=${board}` },
          t("community.post"))));
      }
      list.append(...page.items.map((post) => postCard(session, post)));
      cursor = page.nextCursor;
      more.hidden = !cursor;
    } catch (problem) {
      list.removeAttribute("aria-busy");
      showProblem(problem);
    }
  }

  function select(next) {
    board = next;
    history.replaceState(null, "", `#/community?board=${board}`);
    for (const tab of tabs.children) tab.setAttribute("aria-selected", String(tab.dataset.board === board));
    lead.textContent = t(`board.${board}Lead`);
    compose.href = `#/compose?board=${board}`;
    load(true);
  }
  tabs.append(...boards.map((b) => el("button", { type: "button", role: "tab", "data-board": b, onclick: () => select(b) }, t(`board.${b}`))));
  more.addEventListener("click", () => load(false));
  select(board);
  return [el("h1", {}, t("nav.community")), tabs, lead, compose,
    el("a", { class: "button quiet wide", href: "#/routines" }, t("community.routines")), list, more];
}
