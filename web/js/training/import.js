// Bringing a log in from Strong or Hevy, and taking it out again. The person chooses the file;
// a first look (the server's dry run) says what it holds and how each exercise name maps, the
// names nothing matched first; each can be mapped with the picker (remembered for next time) or
// left to become an exercise of one's own. Then the import, with a progress bar: the upload's
// share, then the server's reading and landing, told on the event stream. Nothing lands until
// the person says so, and importing the same file again adds nothing.
import { formatNumber, t } from "../i18n.js";
import { clearProblems, el, showProblem, toast } from "../ui.js";
import { upload } from "../upload.js";
import { download, save } from "../download.js";
import { listen } from "../events.js";
import { exercisePicker } from "./picker.js";

const HOW = ["none", "similar", "equipment", "exact", "remembered"];

export function importView(session, { exercises }) {
  const file = el("input", { type: "file", id: "import-file", accept: ".csv,text/csv", "aria-label": t("import.file") });
  const unit = el("select", { id: "import-unit", name: "weightUnit", "aria-label": t("import.unit") },
    ["kg", "lb"].map((u) => el("option", { value: u, selected: (session.user?.weightUnit || "kg") === u }, t(`import.unit.${u}`))));
  const look = el("button", { type: "button", class: "button wide", id: "import-look", disabled: true }, t("import.look"));
  const found = el("section", { class: "card stack", id: "import-found", hidden: true });
  const bar = el("progress", { max: 100, value: 0, hidden: true, id: "import-progress", "aria-label": t("import.progress") });
  const status = el("p", { class: "muted small", id: "import-status", role: "status" });
  let pickers = [];
  let report = null;

  file.addEventListener("change", () => {
    look.disabled = !file.files?.length;
    look.className = "button wide";
    found.hidden = true;
    status.textContent = "";
  });

  function query(dryRun, createMissing = false) {
    return `/v1/me/imports/workouts?dryRun=${dryRun}&weightUnit=${unit.value}${createMissing ? "&createMissing=true" : ""}`;
  }

  async function send(dryRun, createMissing) {
    bar.hidden = false;
    bar.value = 0;
    // The upload is the first half of the bar; the server's reading and landing the second.
    return upload(session, query(dryRun, createMissing), file.files[0], {
      onProgress: (share) => { bar.value = Math.round(share * 50); status.textContent = t("import.uploading", { percent: formatNumber(bar.value * 2) }); },
      networkProblem: () => ({ title: t("problem.network") }),
    });
  }

  function onProgress(p) {
    if (bar.hidden || !p.bytesTotal) return;
    const share = p.bytesRead / p.bytesTotal;
    bar.value = 50 + Math.round(share * 50);
    status.textContent = t(p.phase === "landing" ? "import.landing" : "import.reading", { n: formatNumber(p.workouts) });
  }

  async function lookAtFile() {
    clearProblems();
    look.disabled = true;
    try {
      report = await send(true, false);
      show(report);
    } catch (problem) {
      showProblem(problem);
      status.textContent = "";
    } finally {
      bar.hidden = true;
      look.disabled = !file.files?.length;
    }
  }

  function nameRow(name) {
    const picker = exercisePicker(exercises, { value: name.exerciseId, label: t("import.mapTo", { name: name.name }), placeholder: t("import.choose") });
    picker.dataset.name = name.name;
    picker.dataset.suggested = name.exerciseId ?? "";
    pickers.push(picker);
    const how = el("span", { class: `import-how how-${name.how}` }, t(`import.how.${name.how}`));
    picker.addEventListener("change", () => { how.textContent = t("import.how.yours"); how.className = "import-how how-yours"; updateGo(); });
    return el("li", { class: `import-name${name.exerciseId ? "" : " unmatched"}`, "data-name": name.name },
      el("div", {}, el("strong", {}, name.name), el("span", { class: "muted small" }, " · ", t("import.sets", { n: formatNumber(name.sets) }))),
      el("div", { class: "import-map" }, how, picker));
  }

  const create = el("input", { type: "checkbox", id: "import-create" });
  const go = el("button", { type: "button", class: "button wide", id: "import-go" });

  function unmatched() { return pickers.filter((p) => !p.value); }

  function updateGo() {
    const left = unmatched().length;
    go.textContent = t("import.go", { n: formatNumber(report.workouts) });
    go.disabled = left > 0 && !create.checked;
    go.title = go.disabled ? t("import.mapFirst", { n: formatNumber(left) }) : "";
  }
  create.addEventListener("change", updateGo);

  function show(r) {
    pickers = [];
    const names = [...r.names].sort((a, b) => HOW.indexOf(a.how) - HOW.indexOf(b.how) || b.sets - a.sets);
    const left = names.filter((n) => !n.exerciseId).length;
    found.replaceChildren(
      el("h2", {}, t("import.found", { app: t(`import.format.${r.format}`) })),
      el("p", { id: "import-summary" }, t("import.summary", { workouts: formatNumber(r.workouts), sets: formatNumber(r.sets),
        first: r.firstDay ?? "—", last: r.lastDay ?? "—" })),
      el("p", { class: "muted small" }, left ? t("import.unmatchedLead", { n: formatNumber(left) }) : t("import.allMatched")),
      el("ul", { class: "import-names stack" }, names.map(nameRow)),
      el("label", { class: "row check" }, create, t("import.createMissing")),
      go);
    found.hidden = false;
    status.textContent = "";
    look.className = "button quiet wide";  // the import below is now the one thing to do
    updateGo();
    found.querySelector(".unmatched .picker-button")?.focus();
  }

  async function importFile() {
    clearProblems();
    go.disabled = true;
    try {
      // The names the person chose, remembered first: the import maps them, and the next one too.
      const chosen = Object.fromEntries(pickers.filter((p) => p.value && p.value !== p.dataset.suggested).map((p) => [p.dataset.name, p.value]));
      if (Object.keys(chosen).length) await session.api("/v1/me/imports/names", { method: "PUT", body: { names: chosen } });
      const done = await send(false, create.checked);
      bar.value = 100;
      found.replaceChildren(el("h2", {}, t("import.doneTitle")),
        el("p", { id: "import-result" }, t("import.done", { added: formatNumber(done.added), there: formatNumber(done.alreadyThere) })),
        ...(done.created.length ? [el("p", { class: "muted small" }, t("import.created", { names: done.created.join(", ") }))] : []),
        el("a", { class: "button wide", href: "#/training" }, t("import.toTraining")));
      status.textContent = "";
      window.dispatchEvent(new Event("catalog-changed"));
      toast(t("import.doneToast", { n: formatNumber(done.added) }));
    } catch (problem) {
      showProblem(problem);
      status.textContent = "";
      updateGo();
    } finally {
      bar.hidden = true;
    }
  }

  look.addEventListener("click", lookAtFile);
  go.addEventListener("click", importFile);

  const exportButton = el("button", { type: "button", class: "button quiet", id: "export-strong" }, t("import.export"));
  exportButton.addEventListener("click", async () => {
    clearProblems();
    exportButton.disabled = true;
    try {
      const { blob, name } = await download(session, "/v1/me/workouts.csv", { networkProblem: () => ({ title: t("problem.network") }) });
      save(blob, name);
    } catch (problem) {
      showProblem(problem);
    } finally {
      exportButton.disabled = false;
    }
  });

  const stream = listen(session, { "workout-import": onProgress });
  const page = [
    el("h1", {}, t("import.title")),
    el("section", { class: "card stack" },
      el("p", {}, t("import.lead")),
      el("label", { class: "field" }, el("span", {}, t("import.file")), file),
      el("label", { class: "field" }, el("span", {}, t("import.unit")), unit),
      el("p", { class: "muted small" }, t("import.unitHint")),
      look, bar, status),
    found,
    el("section", { class: "card stack" }, el("h2", {}, t("import.exportTitle")), el("p", { class: "muted small" }, t("import.exportLead")), exportButton)];
  page.close = () => stream.close();
  return page;
}
