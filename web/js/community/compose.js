// Writing a post: the board, the text with a count, up to ten photos (each uploaded as it is
// picked, with its own progress, and shown as a preview), an optional routine, then "Post".
// Problems come back naming their field, which is marked. Another page may hand over a draft
// (the session summary's "Post to Done today": its text, then the person adds a photo).
import { formatNumber, t } from "../i18n.js";
import { icon } from "../icons.js";
import { upload } from "../upload.js";
import { clearProblems, el, showProblem, toast } from "../ui.js";
import { boards } from "./feed.js";

const photoTypes = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"];
const DRAFT = "yaruki.compose-draft";

/** Hands a draft to the composer (kept for this tab only) and opens it. */
export function composeWith(draft) {
  try { sessionStorage.setItem(DRAFT, JSON.stringify(draft)); } catch { /* private mode: the composer opens empty */ }
  location.hash = `#/compose?board=${encodeURIComponent(draft.board || "done")}&draft=1`;
}

function takeDraft() {
  try {
    const draft = JSON.parse(sessionStorage.getItem(DRAFT) || "null");
    sessionStorage.removeItem(DRAFT);
    return draft;
  } catch { return null; }
}

export function composeView(session, { maxPhotoBytes }) {
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  const board = el("select", { name: "board", id: "compose-board" },
    boards.map((b) => el("option", { value: b, selected: b === (params.get("board") || "done") }, t(`board.${b}`))));
  const text = el("textarea", { name: "body", id: "compose-body", rows: 5, maxlength: 5000 });
  const count = el("span", { class: "muted small", "aria-live": "polite" }, t("compose.count", { count: 0 }));
  text.addEventListener("input", () => { count.textContent = t("compose.count", { count: formatNumber(text.value.length) }); });
  const picker = el("input", { type: "file", id: "compose-photos", name: "photoIds", class: "file-input", accept: "image/jpeg,image/png,image/webp,image/heic,.heic,.heif", multiple: true });
  const previews = el("ul", { class: "previews" });
  const routine = el("select", { name: "routineId", id: "compose-routine" }, el("option", { value: "" }, t("compose.noRoutine")));
  const send = el("button", { type: "submit", class: "button wide", id: "send-post" }, t("compose.send"));
  const photos = [];  // { id?, node, pending: Promise }
  // The Done board is for proof: a post there needs a photo, said before sending.
  const needsPhoto = el("p", { class: "muted small", id: "compose-needs-photo" }, t("compose.needsPhoto"));
  const showNeed = () => { needsPhoto.hidden = board.value !== "done" || photos.length > 0; };

  const editing = params.get("edit");
  const routinesLoaded = session.api("/v1/routines/mine").then(({ items }) => {
    routine.append(...items.map((r) => el("option", { value: r.id }, r.title)));
  }, () => {});

  function refreshSend() {
    send.disabled = photos.some((p) => !p.id);
    showNeed();
  }

  /** A photo already stored (editing): a preview that can be removed. */
  function keep(photo) {
    const entry = { id: photo.id };
    entry.node = el("li", { class: "preview", "data-photo": photo.id }, el("img", { alt: "", src: photo.thumbnailURL }),
      el("button", { type: "button", class: "remove", "aria-label": t("compose.removePhoto"), onclick: () => {
        photos.splice(photos.indexOf(entry), 1);
        entry.node.remove();
      } }, "×"));
    photos.push(entry);
    previews.append(entry.node);
  }

  async function add(file) {
    if (photos.length >= 10) { showProblem({ title: t("compose.tooMany") }); return; }
    if (maxPhotoBytes && file.size > maxPhotoBytes) { showProblem({ status: 413, title: t("compose.photoTooLarge"), detail: file.name }); return; }
    if (file.type && !photoTypes.includes(file.type)) { showProblem({ status: 415, title: t("compose.photoWrongType"), detail: file.name }); return; }
    const bar = el("progress", { max: 100, value: 0, "aria-label": file.name });
    const preview = el("img", { alt: file.name, src: URL.createObjectURL(file) });
    const entry = { id: null };
    const remove = el("button", { type: "button", class: "remove", "aria-label": t("compose.removePhoto"), onclick: () => {
      photos.splice(photos.indexOf(entry), 1);
      entry.node.remove();
      refreshSend();
    } }, "×");
    entry.node = el("li", { class: "preview" }, preview, bar, remove);
    photos.push(entry);
    previews.append(entry.node);
    refreshSend();
    try {
      const stored = await upload(session, "/v1/photos", file, {
        onProgress: (ratio) => { bar.value = Math.round(ratio * 100); },
        networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }),
      });
      entry.id = stored.id;
      entry.node.dataset.photo = stored.id;
      bar.remove();
    } catch (problem) {
      photos.splice(photos.indexOf(entry), 1);
      entry.node.remove();
      const title = problem.status === 413 ? t("compose.photoTooLarge") : problem.status === 415 ? t("compose.photoWrongType") : null;
      showProblem(title ? { ...problem, title } : problem);
    }
    refreshSend();
  }

  picker.addEventListener("change", () => {
    clearProblems();
    for (const file of picker.files) add(file);
    picker.value = "";
  });

  const form = el("form", { class: "form card compose", novalidate: true },
    el("div", { class: "field" }, el("label", { for: "compose-board" }, t("compose.board")), board),
    el("div", { class: "field" }, el("label", { for: "compose-body" }, t("compose.body")), text, count),
    el("div", { class: "field" }, picker, el("label", { for: "compose-photos", class: "button quiet file-button" }, icon("camera"), " ", t("compose.photos")),
      needsPhoto, previews),
    el("div", { class: "field" }, el("label", { for: "compose-routine" }, t("compose.routine")), routine),
    send);
  board.addEventListener("change", showNeed);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearProblems();
    if (board.value === "done" && photos.length === 0) {
      showProblem({ status: 400, title: t("compose.needsPhotoTitle"), errors: [{ field: "photoIds", message: "is required" }] }, form);
      return;
    }
    send.disabled = true;
    try {
      const post = await session.api(editing ? `/v1/posts/${editing}` : "/v1/posts", { method: editing ? "PUT" : "POST", body: {
        board: board.value, body: text.value, photoIds: photos.map((p) => p.id), routineId: routine.value || undefined,
      } });
      toast(editing ? t("compose.saved") : t("compose.posted"));
      location.hash = `#/post/${post.id}`;
    } catch (problem) {
      showProblem(problem, form);
      refreshSend();
    }
  });
  const draft = !editing && params.get("draft") ? takeDraft() : null;
  if (draft) {
    text.value = draft.body || "";
    text.dispatchEvent(new Event("input"));
  }
  showNeed();
  if (editing) {
    Promise.all([session.api(`/v1/posts/${editing}`), routinesLoaded]).then(([post]) => {
      board.value = post.board;
      text.value = post.body;
      text.dispatchEvent(new Event("input"));
      routine.value = post.routineId ?? "";
      for (const photo of post.photos) keep(photo);
    }, (problem) => showProblem(problem));
  }
  return [el("h1", {}, editing ? t("compose.editTitle") : t("compose.title")), form];
}
