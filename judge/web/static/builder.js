// The scenario builder (/escenarios/nuevo): draws a form from each ruleset's description of its scenario parts
// (Ruleset.describe, embedded in the page as #builder-state), keeps the scenario as one plain document, writes it
// into the page's text box, and checks it as you go with POST /api/validate: each error is shown next to the
// field its path names. No ruleset knowledge here: a new ruleset gets a builder from its description alone.
// Plain ES module, no build step. Without JavaScript the page's own form pastes, validates and runs.
// This module keeps the document and draws, syncs and checks it; the parts of the form are in builder-board.js
// (what the board holds), builder-controls.js (one control per field type), builder-sections.js (the table) and
// builder-script.js (actions and expectations); builder-choices/-play/-cards/-draft/-source.js as before.

import { h, unpackShared, wireSource } from "./builder-source.js";
import { showPlay } from "./builder-play.js";
import { cardFixes, dropStale, emptyDocument, setAtPath } from "./builder-cards.js";
import { adoptDraft, draftFromHash, draftId, keepDraft, offerDrafts, otherDrafts } from "./builder-draft.js";
import { fillFresh } from "./builder-choices.js";
import { makeBoard } from "./builder-board.js";
import { makeControls } from "./builder-controls.js";
import { makeSections } from "./builder-sections.js";
import { makeScript } from "./builder-script.js";
import { keySaves } from "./savekey.js";

const root = document.getElementById("builder");
const stateEl = document.getElementById("builder-state");
const form = document.getElementById("source-form");
const textarea = document.getElementById("scenario");
const formatSel = document.getElementById("format");
const toForm = document.getElementById("to-form");
const sourceErrors = document.getElementById("source-errors");

if (root && stateEl && form) start();

async function start() {
  const state = JSON.parse(stateEl.textContent);
  if (state.rulesets_packed) state.rulesets = unpackShared(state.rulesets_packed);
  const lang = state.lang || "es";
  const M = state.messages || {};
  const rulesets = Object.fromEntries(state.rulesets.map((r) => [r.id, r]));
  let doc = state.document && typeof state.document === "object" ? state.document : null;
  if (!doc || !rulesets[doc.ruleset]) doc = emptyDocument(state.rulesets[0], M["builder.default_title"]);
  let errors = state.errors || [];
  let dryRun = null;
  let sent = null;          // what the last dry run was asked about: its choices hold while that part is unchanged
  const fresh = new WeakSet();   // lines just made or changed: they take the first legal values the engine gives
  // The draft (builder-draft.js): the address's fragment wins (reload, back/forward, a shared link), then
  // `desde=local` (a run page's way back when the document was too long for its link) takes this browser's newest.
  let myDraft = draftId();
  let restored = false;
  const fromHash = await draftFromHash();
  if (fromHash && rulesets[fromHash.ruleset]) { doc = fromHash; errors = []; restored = true; }
  else if (new URLSearchParams(location.search).get("desde") === "local") {
    const newest = otherDrafts(myDraft).find((d) => rulesets[d.doc.ruleset]);
    if (newest) { doc = newest.doc; errors = []; myDraft = newest.id; adoptDraft(newest.id); restored = true; }
  }
  let version = 0;
  let dirtyText = false;
  const openCards = new Set();

  const t = (key, values = {}) => (M[key] || key).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
  // The page embeds its own language's labels only (builder.py in_language); a label of both languages still reads.
  const lbl = (label) => (typeof label === "string" ? label : label ? label[lang] || label.es || "" : "");
  const desc = () => rulesets[doc.ruleset];

  // The builder's shared context: the parts in builder-board/-controls/-sections/-script.js read the live
  // document and errors through it (`env.doc = …` replaces the document) and call back render, commit, check.
  const env = { t, lbl, desc, rulesets, state, openCards, fresh, render, check, commit, choicesAt,
    get doc() { return doc; }, set doc(value) { doc = value; }, get errors() { return errors; } };
  Object.assign(env, makeBoard(env));
  Object.assign(env, makeControls(env));
  Object.assign(env, makeSections(env));
  Object.assign(env, makeScript(env));
  const { actionsSection, button, cardNames, cardsSection, control, defineCard, expectSection, followName,
    freshDefinition, generalSection, nextId, playersSection, select, turnSection } = env;

  const UNKNOWN_NAME = /carta desconocida «([^»]*)»/;

  // -- drawing, syncing, checking -----------------------------------------------------------------------------------
  // A redraw that no press asked for (new choices came in, a change elsewhere) waits while a key or a pointer is
  // held down on the form: a button clicks on its release, and a control replaced between the press and the
  // release never got the click (the press "reached a replaced control"). It is drawn once the press is over.
  let held = false;
  let owed = false;
  const release = () => {
    held = false;
    if (owed) { owed = false; setTimeout(() => render(), 0); }   // after the release's own click
  };
  root.addEventListener("keydown", () => { held = true; });
  root.addEventListener("pointerdown", () => { held = true; });
  for (const kind of ["keyup", "pointerup", "pointercancel"]) document.addEventListener(kind, release, true);
  window.addEventListener("blur", release);

  function render(focusKey) {
    if (held && !focusKey) { owed = true; return; }
    const active = focusKey || (document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.key : null);
    const was = document.activeElement;
    // A redraw while typing (new choices came in) keeps the caret where it was.
    const caret = !focusKey && was && root.contains(was) && was.type === "text" ? [was.selectionStart, was.selectionEnd] : null;
    const names = cardNames();
    root.replaceChildren(
      h("datalist", { id: "cards-datalist" }, names.map((n) => h("option", { value: n }))),
      h("div", { class: "summary", id: "builder-summary", "aria-live": "polite" }),
      generalSection(), cardsSection(), playersSection(), turnSection(), actionsSection(), expectSection());
    showErrors();
    if (active) {
      const el = root.querySelector(`[data-key="${CSS.escape(active)}"]`);
      if (el) el.focus();
      if (el && caret && typeof el.setSelectionRange === "function" && el.type === "text") el.setSelectionRange(caret[0], caret[1]);
    }
  }

  // The engine's choices for actions[i], while the board and the lines before it are those the dry run played.
  function choicesAt(i) {
    const all = dryRun && dryRun.choices;
    if (!all || !all[i] || !sent) return null;
    if (sent.board !== boardKey()) return null;
    const lines = (doc.actions || []).map((x) => JSON.stringify(x));
    for (let k = 0; k < i; k++) if (lines[k] !== sent.lines[k]) return null;
    return all[i];
  }
  const boardKey = () => JSON.stringify({ ...doc, actions: undefined, expect: undefined, title: undefined, description: undefined });

  // New choices: a fresh line takes the first legal values of its empty fields; the lists are drawn again.
  function adoptChoices(before) {
    const now = JSON.stringify((dryRun && dryRun.choices) || {});
    if (now === before) return;
    const verbs = desc().actions;
    let changed = false;
    (doc.actions || []).forEach((a, i) => {
      if (!fresh.has(a)) return;
      const ch = choicesAt(i);
      if (!ch) return;
      fresh.delete(a);
      const v = verbs.find((x) => a && x.verb in a);
      if (fillFresh(a, v && v.verb, ch)) changed = true;
    });
    render();
    if (changed) commit();
  }

  let timer = null;
  function commit(initial = false) {
    if (!initial) keepDraft(myDraft, doc);
    version++;
    dirtyText = false;
    toForm.hidden = true;
    textarea.value = JSON.stringify(doc, null, 2);
    formatSel.value = "json";
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  }

  async function check() {
    const mine = version;
    const asked = { board: boardKey(), lines: (doc.actions || []).map((x) => JSON.stringify(x)) };
    let answer;
    try {
      const r = await fetch("/api/validate", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(doc) });
      answer = await r.json();
    } catch { return; }
    if (mine !== version) return;
    errors = answer.errors || [];
    const before = JSON.stringify((dryRun && dryRun.choices) || {});
    dryRun = answer.dry_run || null;
    sent = asked;
    if (answer.yaml && !dirtyText) { textarea.value = answer.yaml; formatSel.value = "yaml"; }
    adoptChoices(before);
    showErrors();
    sourceErrors.replaceChildren();
  }

  // A fix of the dry run: its lines go in before the refused action, drawn as actions of their own (visible).
  function insertFix(fix) {
    doc.actions.splice(fix.insert, 0, ...fix.actions);
    dryRun = null;
    commit();
    render(`actions[${fix.insert}]|verb`);
  }

  function showErrors() {
    root.querySelectorAll(".field-error").forEach((el) => el.remove());
    root.querySelectorAll("[aria-invalid]").forEach((el) => { el.removeAttribute("aria-invalid"); el.removeAttribute("aria-describedby"); });
    const summary = root.querySelector("#builder-summary");
    if (!summary) return;
    summary.replaceChildren();
    summary.className = "summary " + (errors.length ? "bad" : "good");
    if (!errors.length) {
      // The dry run's first problem next to its action; "valid" only when the game also plays it.
      if (!showPlay(root, summary, dryRun, t, insertFix)) summary.append(h("p", { role: "status" }, t("builder.valid")));
      return;
    }
    const ul = h("ul");
    errors.forEach((e, n) => {
      const target = findField(e.path);
      const id = `field-error-${n}`;
      if (target) {
        // data-message: the error's id (a validation message, issue 17), what a client reads instead of its words
        const msg = h("p", { class: "field-error", id, "data-message": e.id }, e.message);
        const holder = target.closest(".field, fieldset, li") || target;
        if (holder.tagName === "FIELDSET") holder.querySelector("legend")?.after(msg); else holder.append(msg);
        const fixes = cardFixes(e, t, desc().cards.inline,
          (name) => {
            const was = e.path.endsWith(".card") ? UNKNOWN_NAME.exec(e.message)?.[1] : null;
            const entry = setAtPath(doc, e.path, name);
            if (entry && was) { dropStale(doc, was, () => freshDefinition(was)); followName(entry, was); }
            commit(); render(`${e.path}|`);
          },
          (name) => { defineCard(name); openCards.add(name); commit(); render(`${e.path}|`); });
        if (fixes) msg.after(fixes);
        const input = target.matches("input, select, textarea") ? target : target.querySelector("input, select, textarea");
        if (input) {
          input.setAttribute("aria-invalid", "true");
          input.setAttribute("aria-describedby", ((input.getAttribute("aria-describedby") || "") + " " + id).trim());
        }
      }
      const where = e.path || "·";
      const link = !target ? h("code", {}, where) : h("a", { href: "#" + (target.id || (target.id = nextId())), onclick: (ev) => {
        ev.preventDefault();
        const input = target.matches("input, select, textarea") ? target : target.querySelector("input, select, textarea, button");
        (input || target).focus();
      } }, where);
      ul.append(h("li", {}, link, ": ", e.message));
    });
    summary.append(h("h3", {}, t("builder.invalid", { n: errors.length })), ul);
  }

  function findField(path) {
    let p = path;
    while (p) {
      const el = root.querySelector(`[data-path="${CSS.escape(p)}"]`);
      if (el) return el;
      const cut = Math.max(p.lastIndexOf("."), p.lastIndexOf("["));
      if (cut <= 0) break;
      p = p.slice(0, cut);
    }
    return path ? root.querySelector(`[data-path="${CSS.escape(path.split(/[.[]/)[0])}"]`) : null;
  }

  wireSource({ textarea, formatSel, toForm, sourceErrors }, t, () => { dirtyText = true; }, (answer) => {
    if (!rulesets[answer.document.ruleset]) return false;
    doc = answer.document;
    errors = answer.errors || [];
    dirtyText = false;
    render("ruleset|");
    commit();
    return true;
  });
  // Saving an invalid scenario stays here, the errors in view (the save page would show them on raw text).
  document.getElementById("save-button")?.addEventListener("click", (ev) => {
    if (dirtyText || !errors.length) return;
    ev.preventDefault();
    const summary = root.querySelector("#builder-summary");
    summary.querySelector(".save-refused")?.remove();
    summary.prepend(h("p", { class: "save-refused", role: "alert", tabindex: "-1" }, t("builder.save_invalid")));
    summary.scrollIntoView({ block: "start" });
    summary.querySelector(".save-refused").focus();
  });
  // What the form posts (run, download, validate) is exactly the document built, unless the text was edited by hand.
  form.addEventListener("submit", () => {
    if (!dirtyText) { textarea.value = JSON.stringify(doc, null, 2); formatSel.value = "json"; }
  });
  // A save carries one Idempotency-Key per attempt, the same when the same text is sent again (savekey.js).
  const saveButton = document.getElementById("save-button");
  if (saveButton) keySaves(form, saveButton, () => `${formatSel.value}\u0000${textarea.value}`);
  root.addEventListener("change", () => setTimeout(() => render(), 0));

  const notice = h("div", { class: "draft-notice", id: "draft-notice", "aria-live": "polite" });
  root.before(notice);
  const offer = () => offerDrafts(notice, myDraft, doc, { t, lang, rulesets, button }, (d) => {
    keepDraft(myDraft, doc);
    myDraft = d.id;
    adoptDraft(d.id);
    doc = d.doc;
    errors = [];
    render("ruleset|");
    commit();
    offer();
  });

  root.hidden = false;
  render();
  commit(!restored);
  offer();
}
