// Record a proof: the camera through getUserMedia + MediaRecorder, or a video file, then an
// upload with a progress bar. Too large or not a video is said plainly, before sending when
// the file shows it and from the server's 413/415 otherwise.
import { formatBytes, formatNumber, t } from "../i18n.js";
import { upload } from "../upload.js";
import { followAlong } from "../training/exercises.js";
import { exercisePicker } from "../training/picker.js";
import { clearProblems, el, showProblem, toast } from "../ui.js";

const accepted = ["video/mp4", "video/quicktime", "video/webm"];

/** The MediaRecorder type this browser can make, MP4 first (plays everywhere), then WebM. */
function recorderType() {
  if (typeof MediaRecorder === "undefined") return null;
  return ["video/mp4", "video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"].find((type) => MediaRecorder.isTypeSupported(type)) ?? "";
}

/** "Ready?", then 3, 2, 1, each `step` ms apart (`show` is told each, then null), then `go`: so a
 *  proof starts with the person in place, not walking into it. Returns what cancels it. */
export function countdown(show, go, { from = 3, step = 1000 } = {}) {
  const steps = ["ready", ...Array.from({ length: from }, (_, i) => from - i)];
  let next = 0;
  let timer = null;
  function tick() {
    if (next < steps.length) {
      show(steps[next++]);
      timer = setTimeout(tick, step);
    } else {
      show(null);
      go();
    }
  }
  tick();
  return () => { clearTimeout(timer); show(null); };
}

export function recordView(session, { exercises, maxUploadBytes }) {
  const exercise = exercisePicker(exercises, { id: "proof-exercise", label: t("proof.exercise"), placeholder: t("proof.noExercise") });
  const preview = el("video", { class: "proof-preview", playsinline: true, muted: true, hidden: true });
  // The exercise's follow-along video plays in a corner of the camera's picture while it records
  // (muted, so the proof's sound is the person's own); it can pop out into the system's own
  // picture-in-picture window where the browser has one.
  const byId = new Map(exercises.map((e) => [e.id, e]));
  const follow = el("video", { class: "follow-pip", id: "follow-along", playsinline: true, muted: true, loop: true, preload: "metadata",
    "aria-label": t("proof.followAlong") });
  const popOut = el("button", { type: "button", class: "chip small", id: "follow-pop-out", hidden: !document.pictureInPictureEnabled },
    t("proof.popOut"));
  follow.muted = true;  // the property: the attribute only sets the default of an element the parser made
  const hideFollow = el("button", { type: "button", class: "chip small", id: "follow-hide" }, t("proof.hideFollow"));
  const followBox = el("div", { class: "follow-box", hidden: true }, follow);
  const followTools = el("div", { class: "chips follow-tools", hidden: true }, popOut, hideFollow);
  const counter = el("div", { class: "countdown", id: "proof-countdown", role: "status", "aria-live": "assertive", hidden: true });
  const stage = el("div", { class: "record-stage" }, preview, followBox, counter);
  let counts = true;
  try { counts = localStorage.getItem("yaruki.proof.countdown") !== "off"; } catch { /* private mode */ }
  const countsBox = el("input", { type: "checkbox", id: "proof-countdown-on", checked: counts });
  countsBox.addEventListener("change", () => {
    try { localStorage.setItem("yaruki.proof.countdown", countsBox.checked ? "on" : "off"); } catch { /* private mode */ }
  });
  let cancelCount = null;
  function showFollow(play) {
    const source = followAlong(byId.get(exercise.value));
    if (!source || !stream) { followBox.hidden = true; followTools.hidden = true; follow.pause(); return; }
    if (follow.getAttribute("src") !== source) follow.src = source;
    followBox.hidden = false;
    followTools.hidden = false;
    if (play) { follow.currentTime = 0; follow.play().catch(() => {}); }
  }
  exercise.addEventListener("change", () => showFollow(recorder?.state === "recording"));
  popOut.addEventListener("click", () => { follow.requestPictureInPicture?.().catch(() => {}); });
  hideFollow.addEventListener("click", () => { followBox.hidden = true; followTools.hidden = true; follow.pause(); });
  const status = el("p", { class: "muted small", id: "proof-status", "aria-live": "polite" });
  const bar = el("progress", { max: 100, value: 0, hidden: true, id: "proof-progress", "aria-label": t("proof.upload") });
  const send = el("button", { type: "button", class: "button wide", id: "upload-proof", disabled: true }, t("proof.upload"));
  // The browser's own picker says "Choose File" in English: it stays hidden behind a button of ours.
  const fileInput = el("input", { type: "file", id: "proof-file", class: "file-input", accept: "video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm" });
  const cameraButton = el("button", { type: "button", class: "button quiet wide", id: "camera" }, t("proof.camera"));
  const recordButton = el("button", { type: "button", class: "button record wide", id: "record", hidden: true }, t("proof.start"));
  let chosen = null;       // { blob, recordedAt }
  let stream = null;
  let recorder = null;
  let ticker = null;
  let controller = null;

  function stopCamera() {
    cancelCount?.();
    cancelCount = null;
    clearInterval(ticker);
    follow.pause();
    if (recorder && recorder.state !== "inactive") recorder.stop();
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
  }

  function choose(blob, recordedAt) {
    chosen = { blob, recordedAt };
    preview.srcObject = null;
    preview.src = URL.createObjectURL(blob);
    preview.muted = false;
    preview.controls = true;
    preview.hidden = false;
    status.textContent = t("proof.ready", { size: formatBytes(blob.size) });
    send.disabled = false;
    if (maxUploadBytes && blob.size > maxUploadBytes) {
      send.disabled = true;
      showProblem({ status: 413, title: t("proof.tooLarge"), detail: formatBytes(maxUploadBytes) });
    } else if (blob.type && !accepted.includes(blob.type.split(";")[0])) {
      send.disabled = true;
      showProblem({ status: 415, title: t("proof.wrongType"), detail: blob.type });
    } else {
      clearProblems();
    }
  }

  cameraButton.addEventListener("click", async () => {
    clearProblems();
    if (!navigator.mediaDevices?.getUserMedia || recorderType() === null) {
      showProblem({ title: t("proof.noCamera") });
      return;
    }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user", width: { ideal: 1280 } }, audio: true });
    } catch (error) {
      showProblem({ title: t("proof.noCamera"), detail: error?.message || "" });
      return;
    }
    preview.src = "";
    preview.srcObject = stream;
    preview.muted = true;
    preview.controls = false;
    preview.hidden = false;
    preview.play().catch(() => {});
    recordButton.hidden = false;
    cameraButton.hidden = true;
    showFollow(false);
  });

  recordButton.addEventListener("click", () => {
    if (recorder && recorder.state === "recording") { recorder.stop(); return; }
    if (cancelCount) {  // counting down: the same button stops the count
      cancelCount();
      cancelCount = null;
      recordButton.textContent = t("proof.start");
      return;
    }
    if (!countsBox.checked) { startRecording(); return; }
    recordButton.textContent = t("proof.cancelCountdown");
    cancelCount = countdown((step) => {
      counter.hidden = step === null;
      counter.dataset.step = step === "ready" ? "ready" : "count";
      counter.textContent = step === "ready" ? t("proof.getReady") : step === null ? "" : formatNumber(step);
    }, () => { cancelCount = null; startRecording(); });
  });

  function startRecording() {
    if (!stream) return;
    const type = recorderType();
    const parts = [];
    const startedAt = new Date();
    recorder = new MediaRecorder(stream, type ? { mimeType: type, videoBitsPerSecond: 2_500_000 } : {});
    recorder.ondataavailable = (event) => { if (event.data.size) parts.push(event.data); };
    recorder.onstop = () => {
      clearInterval(ticker);
      recordButton.textContent = t("proof.retake");
      recordButton.classList.remove("recording");
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
      showFollow(false);
      if (document.pictureInPictureElement === follow) document.exitPictureInPicture().catch(() => {});
      recordButton.hidden = true;
      cameraButton.hidden = false;
      cameraButton.textContent = t("proof.retake");
      choose(new Blob(parts, { type: (recorder.mimeType || type || "video/webm").split(";")[0] }), startedAt);
    };
    recorder.start(1000);
    showFollow(true);
    recordButton.textContent = t("proof.stop");
    recordButton.classList.add("recording");
    ticker = setInterval(() => {
      status.textContent = t("proof.recording", { seconds: formatNumber(Math.round((Date.now() - startedAt) / 1000)) });
    }, 500);
  }

  fileInput.addEventListener("change", () => {
    const file = fileInput.files?.[0];
    if (!file) return;
    stopCamera();
    // A file's own time says when it was recorded; the server keeps it only within the last 7 days.
    const modified = new Date(file.lastModified);
    const recent = Date.now() - file.lastModified < 6.5 * 86400_000 && file.lastModified <= Date.now();
    choose(file, recent ? modified : new Date());
  });

  send.addEventListener("click", async () => {
    if (!chosen) return;
    clearProblems();
    send.disabled = true;
    bar.hidden = false;
    bar.value = 0;
    controller = new AbortController();
    const query = new URLSearchParams({ recordedAt: chosen.recordedAt.toISOString() });
    if (exercise.value) query.set("exerciseId", exercise.value);
    try {
      const proof = await upload(session, `/v1/proofs?${query}`, chosen.blob, {
        signal: controller.signal,
        networkProblem: () => ({ title: t("problem.network"), detail: t("problem.networkDetail") }),
        onProgress: (ratio) => {
          bar.value = Math.round(ratio * 100);
          status.textContent = t("proof.uploading", { percent: formatNumber(Math.round(ratio * 100)) });
        },
      });
      toast(t("proof.uploaded", { day: proof.recordedDay }));
      location.hash = `#/calendar?month=${proof.recordedDay.slice(0, 7)}&day=${proof.recordedDay}`;
    } catch (problem) {
      if (problem?.name === "AbortError") return;
      const message = problem.status === 413 ? t("proof.tooLarge") : problem.status === 415 ? t("proof.wrongType") : null;
      showProblem(message ? { ...problem, title: message, errors: problem.errors } : problem);
      status.textContent = "";
      bar.hidden = true;
      send.disabled = false;
    }
  });

  const view = [
    el("h1", {}, t("proof.title")), el("p", { class: "muted" }, t("proof.lead")),
    el("div", { class: "card stack record-card" },
      el("div", { class: "field" }, el("label", { for: "proof-exercise" }, t("proof.exercise")), exercise),
      stage, followTools, cameraButton, recordButton, el("label", { class: "check small" }, countsBox, t("proof.countdown")),
      el("div", { class: "file-row" }, fileInput, el("label", { for: "proof-file", class: "button quiet file-button" }, t("proof.pick"))),
      status, bar, send),
  ];
  view.close = () => { stopCamera(); controller?.abort(); };
  return view;
}
