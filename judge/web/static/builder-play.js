// "Valid" is not "plays": the dry run POST /api/validate returns (`dry_run`, judge/runner/dryrun.py) is shown
// here. The first refused line or open choice is drawn inside the action that caused it, with the text of the rule
// it cites and, where the engine found one, a one-click fix ("Insertar «…» antes"); the summary lists them all.

import { h } from "./builder-source.js";

// root: the form; dry: the answer's dry_run (or null); t: the page's messages; onFix(fix): insert the fix's lines.
// Returns true when the summary should say the scenario does not play as written.
export function showPlay(root, summary, dry, t, onFix) {
  root.querySelectorAll(".play-problem").forEach((el) => el.remove());
  root.querySelectorAll(".action.refused").forEach((el) => el.classList.remove("refused"));
  if (!dry || !summary) return false;
  if (dry.error) {
    summary.append(h("p", { class: "play-error" }, dry.error));
    return true;
  }
  const problems = dry.problems || [];
  if (!problems.length) return false;
  const first = problems[0];
  const holder = root.querySelector(`fieldset[data-path="${CSS.escape(first.path)}"]`);
  const box = problemBox(first, t, onFix);
  if (holder) {
    holder.closest("li.action")?.classList.add("refused");
    holder.querySelector("legend")?.after(box);
  }
  summary.className = "summary warn";
  summary.append(h("h3", { "data-message": "builder.plays_not" }, t("builder.plays_not", { n: problems.length })),
    h("ul", {}, problems.map((p) => h("li", {}, h("a", { href: `#${holder && p === first ? box.id : ""}`, onclick: (ev) => {
      ev.preventDefault();
      const where = root.querySelector(`fieldset[data-path="${CSS.escape(p.path)}"]`);
      if (where) { where.scrollIntoView({ block: "center" }); where.querySelector("select, input, button")?.focus(); }
    } }, p.action === null ? t("builder.play_end") : t("builder.action_n", { n: p.action + 1 })), ": ", p.message))));
  if (!holder) summary.append(box);
  return true;
}

function problemBox(p, t, onFix) {
  const rule = p.rule;
  const parts = [h("p", { class: "play-message" }, h("strong", {}, t(`builder.play_${p.kind}`)), " ", p.message)];
  if (rule) {
    const cite = rule.url ? h("a", { href: rule.url, target: "_blank", rel: "noopener" }, t("builder.rule", { n: rule.number || rule.ref }))
      : h("span", {}, rule.ref);
    parts.push(h("blockquote", { class: "play-rule" }, h("p", {}, cite, rule.text ? ": " : " ", rule.text || rule.note || "")));
  }
  if (p.fix) {
    parts.push(h("button", { type: "button", class: "play-fix", "data-key": `fix|${p.fix.insert}`,
      "data-actions": JSON.stringify(p.fix.actions), onclick: () => onFix(p.fix) },
      t("builder.fix", { what: p.fix.describe })));
  }
  // data-message / data-params: the problem's message id and parameters (the refusal and the line refused), as
  // /api/validate's dry_run gives them: what a client or a test reads instead of the words.
  return h("div", { class: "play-problem", id: "play-problem", role: "alert", "data-message": p.id,
    "data-params": p.params ? JSON.stringify(p.params) : undefined }, parts);
}
