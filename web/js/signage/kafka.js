// The Signage page's Kafka part, for admins: whether sales come from a topic, every node's
// consumer (connected, the partitions it holds, lag, last commit), and the dead letters (messages
// that held no valid sale) with the reason and the raw message, to retry or drop. Refreshed
// every five seconds while the page is open.
import { formatInstant, formatNumber, formatRelative, t } from "../i18n.js";
import { clearProblems, el, emptyState, showProblem, toast } from "../ui.js";

export function kafkaCard(session, { icon }) {
  const summary = el("p", { class: "muted small", id: "kafka-summary" });
  const nodes = el("ul", { class: "rows", id: "kafka-nodes", "aria-busy": "true" });
  const letters = el("div", { class: "stack", id: "dead-letters", "aria-busy": "true" });
  const lettersTitle = el("h3", {}, t("kafka.deadLetters"));
  const card = el("section", { class: "card stack", id: "kafka-card" }, el("h2", {}, t("kafka.title")), summary, nodes, lettersTitle, letters);
  let timer = null;

  async function load() {
    try {
      const [status, list] = await Promise.all([session.api("/v1/admin/signage/kafka"), session.api("/v1/admin/signage/dead-letters")]);
      nodes.removeAttribute("aria-busy");
      letters.removeAttribute("aria-busy");
      summary.textContent = status.configured
        ? t("kafka.reading", { topic: status.topic, brokers: status.brokers, group: status.group, format: status.format, library: status.library })
        : t("kafka.off");
      nodes.hidden = !status.configured;
      nodes.replaceChildren(...(status.nodes.length ? status.nodes.map(nodeRow) : [el("li", { class: "row muted" }, t("kafka.noNodes"))]));
      lettersTitle.textContent = t("kafka.deadLettersCount", { count: formatNumber(status.deadLetters) });
      letters.replaceChildren(...(list.items.length ? list.items.map((letter) => letterCard(letter)) : [emptyState(icon("signage"), t("kafka.noDeadLetters"))]));
    } catch (problem) { showProblem(problem); }
  }

  function nodeRow(node) {
    const lag = node.partitions.reduce((sum, p) => sum + (p.lag ?? 0), 0);
    const held = node.partitions.map((p) => p.partition).join(", ") || t("kafka.nonePartitions");
    const committed = node.lastCommitAt ? t("kafka.committed", { when: formatRelative(new Date(node.lastCommitAt)) }) : t("kafka.notCommitted");
    return el("li", { class: "row kafka-node", "data-node": node.node, "data-connected": String(node.connected) },
      el("span", { class: `dot ${node.connected ? "ok" : "bad"}`, title: t(node.connected ? "kafka.connected" : "kafka.disconnected") }),
      el("span", { class: "grow" },
        el("strong", {}, node.node), " ",
        el("span", { class: "muted small" }, `${t(node.connected ? "kafka.connected" : "kafka.disconnected")} · ${t("kafka.partitions", { list: held })}`),
        el("br"),
        el("span", { class: "small", "data-lag": String(lag) }, t("kafka.lag", { count: formatNumber(lag) })),
        el("span", { class: "muted small" }, ` · ${t("kafka.consumed", { count: formatNumber(node.consumed) })} · ${committed}`),
        node.lastError ? el("span", { class: "muted small kafka-error" }, ` · ${node.lastError}`) : null));
  }

  function letterCard(letter) {
    const act = async (path, method, done) => {
      clearProblems();
      try {
        const reply = await session.api(path, { method });
        toast(done(reply));
      } catch (problem) { showProblem(problem); }
      load();
    };
    return el("article", { class: "card dead-letter", "data-letter": letter.id },
      el("p", {}, el("strong", { class: "reason" }, letter.reason)),
      el("p", { class: "muted small" }, t("kafka.where", { topic: letter.topic, partition: letter.partition, offset: formatNumber(letter.offset),
        when: formatInstant(new Date(letter.receivedAt), { dateStyle: "medium", timeStyle: "short" }) })),
      el("pre", { class: "raw", dir: "ltr" }, letter.raw.length > 600 ? `${letter.raw.slice(0, 600)}…` : letter.raw),
      el("div", { class: "actions" },
        el("button", { type: "button", class: "button quiet small", onclick: () => act(`/v1/admin/signage/dead-letters/${letter.id}/retry`, "POST",
          (receipt) => t("kafka.retried", { count: formatNumber(receipt.accepted) })) }, t("kafka.retry")),
        el("button", { type: "button", class: "button quiet small danger-text", onclick: () => {
          if (confirm(t("kafka.dropConfirm"))) act(`/v1/admin/signage/dead-letters/${letter.id}`, "DELETE", () => t("kafka.dropped"));
        } }, t("kafka.drop"))));
  }

  load();
  timer = setInterval(load, 5000);
  return { card, close() { clearInterval(timer); } };
}
