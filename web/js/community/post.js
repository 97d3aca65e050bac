// One post: its photos at display size, the text, the routine it shares (its exercises and sets,
// to save or start as a session: what feedback on a routine is about), likes, and the comments
// under it, with delete, report and block where they apply.
import { exerciseName, formatRelative, t } from "../i18n.js";
import { icon } from "../icons.js";
import { avatar, clearProblems, el, showProblem, toast } from "../ui.js";
import { likeButton } from "./feed.js";
import { routineCard } from "./routines.js";

function commentRow(session, comment, reload) {
  return el("li", { class: "comment", "data-comment": comment.id },
    el("div", { class: "comment-head" }, avatar(comment.author), el("strong", {}, comment.author.displayName),
      el("time", { class: "muted small", datetime: comment.createdAt }, formatRelative(comment.createdAt, new Date()))),
    el("p", {}, comment.body),
    el("div", { class: "chips" },
      comment.canDelete ? el("button", { type: "button", class: "button quiet small danger-text", onclick: async () => {
        if (!confirm(t("post.deleteCommentConfirm"))) return;
        try { await session.api(`/v1/comments/${comment.id}`, { method: "DELETE" }); reload(); } catch (problem) { showProblem(problem); }
      } }, t("post.deleteComment")) : null,
      !comment.mine ? el("button", { type: "button", class: "button quiet small", onclick: async () => {
        try { await session.api("/v1/reports", { method: "POST", body: { kind: "comment", id: comment.id } }); toast(t("post.reported")); }
        catch (problem) { showProblem(problem); }
      } }, t("post.report")) : null));
}

/** The routine a post shares, drawn as on the routines page; a note when it is no longer to be seen. */
function attachedRoutine(session, routineId, names) {
  const holder = el("section", { class: "attached-routine", id: "post-routine", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  const draw = async () => {
    try {
      const routine = await session.api(`/v1/routines/${routineId}`);
      holder.removeAttribute("aria-busy");
      holder.replaceChildren(el("h2", { class: "section-title" }, t("post.routine")), routineCard(session, routine, names, draw));
    } catch (problem) {
      holder.removeAttribute("aria-busy");
      if (problem.status === 404) holder.replaceChildren(el("p", { class: "muted small" }, t("post.routineGone")));
      else { holder.replaceChildren(); showProblem(problem); }
    }
  };
  draw();
  return holder;
}

export function postView(session, { postId, exercises = [] }) {
  const names = new Map(exercises.map((e) => [e.id, exerciseName(e)]));
  const body = el("div", { class: "stack", "aria-busy": "true" }, el("span", { class: "skeleton" }));
  const comments = el("ul", { class: "comments" });
  const input = el("textarea", { name: "body", id: "comment-body", rows: 3, maxlength: 2000, required: true });
  const form = el("form", { class: "form comment-form", novalidate: true },
    el("div", { class: "field" }, el("label", { for: "comment-body" }, t("post.comment")), input),
    el("button", { type: "submit", class: "button" }, t("post.send")));

  async function loadComments() {
    try {
      const page = await session.api(`/v1/posts/${postId}/comments?limit=50`);
      comments.replaceChildren(...(page.items.length ? page.items.map((c) => commentRow(session, c, loadComments))
        : [el("li", { class: "muted" }, t("post.noComments"))]));
    } catch (problem) { showProblem(problem); }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    try {
      await session.api(`/v1/posts/${postId}/comments`, { method: "POST", body: { body: input.value } });
      input.value = "";
      loadComments();
    } catch (problem) { showProblem(problem, form); }
  });

  (async () => {
    try {
      const post = await session.api(`/v1/posts/${postId}`);
      body.removeAttribute("aria-busy");
      // Editing is at hand for the author; the rare and destructive actions (delete, report, block)
      // wait in a "⋯" menu, quieter than Like.
      const rare = post.mine
        ? [el("button", { type: "button", class: "menu-item danger-text", id: "delete-post", onclick: async () => {
          if (!confirm(t("post.confirmDelete"))) return;
          try { await session.api(`/v1/posts/${postId}`, { method: "DELETE" }); toast(t("post.deleted")); location.hash = `#/community?board=${post.board}`; }
          catch (problem) { showProblem(problem); }
        } }, t("post.delete"))]
        : [el("button", { type: "button", class: "menu-item", id: "report-post", onclick: async () => {
          try { await session.api("/v1/reports", { method: "POST", body: { kind: "post", id: postId } }); toast(t("post.reported")); }
          catch (problem) { showProblem(problem); }
        } }, icon("flag"), t("post.report")),
        el("button", { type: "button", class: "menu-item", id: "block-author", onclick: async () => {
          try {
            await session.api(`/v1/blocks/${post.author.id}`, { method: "PUT" });
            toast(t("post.blocked", { name: post.author.displayName }));
            location.hash = "#/community";
          } catch (problem) { showProblem(problem); }
        } }, t("post.block", { name: post.author.displayName }))];
      const actions = [post.mine ? el("a", { class: "button quiet small", href: `#/compose?edit=${post.id}`, id: "edit-post" }, t("post.edit")) : null,
        el("details", { class: "more-menu", id: "post-more" }, el("summary", { "aria-label": t("post.more") }, "⋯"),
          el("div", { class: "menu" }, rare))].filter(Boolean);
      body.replaceChildren(...[
        el("header", { class: "post-head" }, avatar(post.author), el("strong", {}, post.author.displayName),
          el("time", { class: "muted small", datetime: post.createdAt }, formatRelative(post.createdAt, new Date())),
          post.updatedAt !== post.createdAt ? el("span", { class: "muted small" }, t("post.edited")) : null),
        post.body ? el("p", { class: "post-body" }, post.body) : null,
        ...post.photos.map((photo, i) => el("img", { class: "photo-full", src: photo.url, width: photo.width, height: photo.height,
          alt: t("post.photo", { n: i + 1, total: post.photos.length }) })),
        post.routineId ? attachedRoutine(session, post.routineId, names) : null,
        el("div", { class: "post-actions" }, likeButton(session, post), ...actions)].filter(Boolean));
    } catch (problem) {
      body.removeAttribute("aria-busy");
      showProblem(problem);
    }
  })();
  loadComments();
  return [el("h1", {}, t("post.title")), el("article", { class: "card post-detail" }, body),
    el("h2", { class: "section-title" }, t("post.comments")), comments, form];
}
