// Every page of the app in one table: its path (":name" a part, "?" when it may be left out),
// the view that draws it, whether it needs a signed-in person (`account`) or a signed-out one
// (`guest`), the area of the bar it belongs to, its title, and what the shell loads first
// (`needs`: the exercise catalog, the server's facts). The shell knows no page by name.
import { accountView, signInView, signUpView } from "./account.js";
import { confirmEmailView, forgotView, resetView, signInLinkView } from "./recovery.js";
import { accountabilityView } from "./accountability/view.js";
import { calendarView } from "./accountability/calendar.js";
import { recordView } from "./accountability/record.js";
import { crewView } from "./accountability/crew.js";
import { historyImportView } from "./lifelog/history.js";
import { communityView } from "./community/feed.js";
import { postView } from "./community/post.js";
import { composeView } from "./community/compose.js";
import { routinesView } from "./community/routines.js";
import { routineEditorView } from "./community/routine-editor.js";
import { notificationsView } from "./community/notifications.js";
import { moderationView } from "./community/moderation.js";
import { homeView, joinView, moreView } from "./home.js";
import { classesView } from "./classes/view.js";
import { classView } from "./classes/detail.js";
import { checkoutView } from "./classes/checkout.js";
import { classEditorView } from "./classes/editor.js";
import { icon } from "./icons.js";
import { lifelogView } from "./lifelog/view.js";
import { playbackView } from "./lifelog/playback.js";
import { signageView } from "./signage/manage.js";
import { wallView } from "./signage/wall.js";
import { playlistView } from "./signage/playlist.js";
import { editorView } from "./training/editor.js";
import { healthView } from "./health/view.js";
import { timerView } from "./training/timer.js";
import { trainingView } from "./training/view.js";
import { exercisesView } from "./training/exercises.js";
import { importView } from "./training/import.js";
import { bodyView } from "./training/body.js";
import { sessionView } from "./training/session-view.js";

/** `new` in an id's place means a fresh one. */
const idOf = (params) => (params.id && params.id !== "new" ? params.id : null);

/** Goes on to the session's quick start, leaving no step in the history to come back to. */
function quickStart() {
  location.replace("#/session?start=empty");
  return [];
}

export const routes = [
  { path: "home", area: "home", view: homeView },
  { path: "signin", guest: true, title: "auth.signIn", view: ({ session, next, query, serverInfo }) => signInView(session, next, { query, serverInfo }) },
  { path: "signup", guest: true, title: "auth.signUp", view: ({ session, next, serverInfo }) => signUpView(session, next, { serverInfo }) },
  { path: "forgot-password", guest: true, title: "recovery.forgotTitle", view: ({ session }) => forgotView(session) },
  { path: "signin-link", title: "signinLink.title", view: ({ session, query }) => signInLinkView(session, { token: query.get("token") }) },
  { path: "reset-password", title: "recovery.resetTitle", view: ({ session, query }) => resetView(session, { token: query.get("token") }) },
  { path: "confirm-email", title: "recovery.confirmTitle", view: ({ session, query }) => confirmEmailView(session, { token: query.get("token") }) },
  { path: "account", account: true, title: "account.title", view: ({ session }) => accountView(session) },
  { path: "training", area: "training", needs: ["exercises"], view: ({ session, exercises }) => trainingView(session, { exercises, icon }) },
  { path: "session", area: "training", account: true, title: "session.title", needs: ["exercises"],
    view: ({ session, exercises, query }) => sessionView(session, { exercises, routineId: query.get("routine"), start: query.get("start") }) },
  { path: "exercises", area: "training", account: true, title: "exercises.title", view: ({ session }) => exercisesView(session, { icon }) },
  { path: "body", area: "training", account: true, title: "body.title", view: ({ session }) => bodyView(session, { icon }) },
  { path: "import", area: "training", account: true, title: "import.title", needs: ["exercises"],
    view: ({ session, exercises }) => importView(session, { exercises }) },
  // Signed in, the timer is a quick start into a session with no plan (or back into the one under
  // way); a guest counts with the timer alone.
  { path: "timer", area: "training", title: "timer.title", needs: ["exercises"],
    view: ({ session, exercises }) => (session.user ? quickStart() : timerView(session, { exercises })) },
  { path: "workout/:id?", area: "training", account: true, title: "editor.newTitle", needs: ["exercises"],
    view: ({ session, exercises, params }) => editorView(session, { exercises, workoutId: idOf(params) }) },
  { path: "accountability", area: "accountability", account: true, needs: ["exercises"],
    view: ({ session, exercises }) => accountabilityView(session, { exercises, icon }) },
  { path: "calendar", area: "accountability", account: true, title: "calendar.title", needs: ["exercises"],
    view: ({ session, exercises }) => calendarView(session, { exercises }) },
  { path: "record", area: "accountability", account: true, title: "proof.title", needs: ["exercises", "meta"],
    view: ({ session, exercises, meta }) => recordView(session, { exercises, maxUploadBytes: meta?.maxUploadBytes ?? null }) },
  { path: "join", area: "accountability", account: true, title: "groups.join", view: joinView },
  { path: "crew/:id", area: "accountability", account: true, title: "crew.title", needs: ["exercises"],
    view: ({ session, params, exercises }) => crewView(session, { groupId: params.id, exercises }) },
  { path: "community", area: "community", account: true, view: ({ session }) => communityView(session, {}) },
  { path: "post/:id", area: "community", account: true, title: "post.title", needs: ["exercises"],
    view: ({ session, params, exercises }) => postView(session, { postId: params.id, exercises }) },
  { path: "compose", area: "community", account: true, title: "compose.title", needs: ["meta"],
    view: ({ session, meta }) => composeView(session, { maxPhotoBytes: meta?.maxPhotoBytes ?? null }) },
  { path: "routines", area: "community", account: true, title: "community.routines", needs: ["exercises"],
    view: ({ session, exercises }) => routinesView(session, { exercises }) },
  { path: "routine/:id?/:mode?", area: "community", account: true, title: "routineEditor.editTitle", needs: ["exercises"],
    view: ({ session, exercises, params }) => routineEditorView(session, { exercises, routineId: idOf(params) }) },
  { path: "notifications", area: "community", account: true, title: "notifications.title",
    view: ({ session, unread }) => notificationsView(session, { onRead: () => unread()?.show(0) }) },
  { path: "moderation", area: "moderation", account: true, view: ({ session }) => moderationView(session) },
  { path: "lifelog", area: "lifelog", account: true, needs: ["exercises", "meta"],
    view: ({ session, exercises, meta }) => lifelogView(session, { exercises, maxPhotoBytes: meta?.maxPhotoBytes ?? null }) },
  { path: "lifelog-import", area: "lifelog", account: true, title: "history.title", needs: ["meta"],
    view: ({ session, meta }) => historyImportView(session, { maxBytes: meta?.maxHealthImportBytes ?? null }) },
  { path: "playback", area: "lifelog", account: true, title: "playback.title", view: ({ session }) => playbackView(session, {}) },
  { path: "signage", area: "signage", account: true, view: ({ session }) => signageView(session, { icon }) },
  { path: "wall/playlist/:id", title: "nav.signage",
    view: ({ session, params, query }) => playlistView({ playlistId: params.id, token: query.get("token") || "", session }) },
  { path: "wall/:id", title: "nav.signage", view: ({ session, params, query }) => wallView({ boardId: params.id, token: query.get("token") || "", session }) },
  { path: "health", area: "health", needs: ["meta"],
    view: ({ session, meta }) => healthView(session, { maxHealthImportBytes: meta?.maxHealthImportBytes ?? null }) },
  { path: "classes", area: "classes", account: true, view: ({ session, query }) => classesView(session, { query }) },
  { path: "class/:id", area: "classes", account: true, title: "nav.classes", needs: ["meta"],
    view: ({ session, params, meta }) => classView(session, { classId: params.id, payments: meta?.payments ?? null }) },
  { path: "class-editor/:id?", area: "classes", account: true, title: "classEditor.newTitle",
    view: ({ session, params }) => classEditorView(session, { classId: idOf(params) }) },
  { path: "checkout/:id", area: "classes", account: true, title: "checkout.title",
    view: ({ session, params, query }) => checkoutView(session, { orderId: params.id, query }) },
  { path: "more", area: "more", title: "nav.more", view: moreView },
];

/** The route a location hash names, with its path parts and query; null when none does. */
export function match(hash, table = routes) {
  const [path, search = ""] = hash.replace(/^#\/?/, "").split("?");
  const parts = (path || "home").split("/").filter((part) => part !== "");
  for (const route of table) {
    const pattern = route.path.split("/");
    const params = {};
    const fits = parts.length <= pattern.length && pattern.every((piece, i) => {
      if (piece.startsWith(":")) {
        const optional = piece.endsWith("?");
        if (parts[i] === undefined) return optional;
        params[piece.slice(1).replace(/\?$/, "")] = decodeURIComponent(parts[i]);
        return true;
      }
      return parts[i] === piece;
    });
    if (fits) return { route, params, query: new URLSearchParams(search) };
  }
  return null;
}
