// Card names are picked, not typed into definitions: a name the catalog lacks is the validator's unknown-card error
// (by its message id, in either language) with the closest names (judge/web/cardnames.py); here each becomes a
// button that uses it, and, for a game whose scenarios define cards inline, one that defines the typed name as a
// new card. Nothing is defined unless the user says so; a definition left behind by a rename, unreferenced and
// never edited, goes.

import { h } from "./builder-source.js";

// The unknown-card errors' message ids and the parameter naming the card (judge/web/cardnames.py's UNKNOWN).
const UNKNOWN = { "format.card.unknown": "card", "magic.schema.unknown_card": "card", "dv.schema.unknown_ref": "ref" };

/** Write `value` at a validator path (`players[0].battlefield[1].card`, `actions[2].play`) of `doc`; a card
 *  entry written as a bare name stays one. Returns the object written into (null for a bare name). */
export function setAtPath(doc, path, value) {
  const parts = path.match(/[^.[\]]+|\[\d+\]/g) || [];
  let obj = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i].startsWith("[") ? Number(parts[i].slice(1, -1)) : parts[i];
    const next = parts[i + 1];
    if (next === "card" && i === parts.length - 2 && typeof obj[key] === "string") { obj[key] = value; return null; }
    obj = obj[key];
    if (obj === undefined || obj === null) return null;
  }
  const last = parts[parts.length - 1];
  obj[last.startsWith("[") ? Number(last.slice(1, -1)) : last] = value;
  return obj;
}

/** Rename the object id `old` to `nn` wherever the script names it: actions and expectations (values, and keys
 *  such as a block's blocker or a damage assignment's target). */
export function renameRef(doc, old, nn) {
  const swap = (v) => {
    if (v === old) return nn;
    if (Array.isArray(v)) return v.map(swap);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k === old ? nn : k, swap(x)]));
    return v;
  };
  for (const key of ["actions", "expect"]) if (Array.isArray(doc[key])) doc[key] = swap(doc[key]);
}

/** The buttons that mend an unknown card error `e`, or null: "Usar «X»" per suggestion, "Definir «typed»". */
export function cardFixes(e, t, inline, onUse, onDefine) {
  const key = UNKNOWN[e.id];
  if (!key || !e.path) return null;
  const typed = String((e.params || {})[key] || "");
  const buttons = (e.suggestions || []).map((name, n) => h("button", { type: "button", class: "small use-card",
    "data-key": `${e.path}|use|${n}`, "data-card": name, onclick: () => onUse(name) }, t("builder.use_card", { name })));
  if (inline && typed && e.path.endsWith(".card")) {
    buttons.push(h("button", { type: "button", class: "small define-card", "data-key": `${e.path}|define`,
      "data-card": typed, onclick: () => onDefine(typed) }, t("builder.define_card", { name: typed })));
  }
  return buttons.length ? h("div", { class: "card-fixes row" }, buttons) : null;
}

/** Is `name` named anywhere in the document but its own definition (a zone entry, an action, an expectation)? */
function referenced(doc, name) {
  const { cards, ...rest } = doc;
  let found = false;
  JSON.stringify(rest, (k, v) => { if (v === name || k === name) found = true; return v; });
  return found;
}

/** Drop the definition of `name` when nothing names it any more and it is still the fresh one `fresh` made. */
export function dropStale(doc, name, fresh) {
  const defs = doc.cards;
  if (!name || !defs || typeof defs !== "object" || !(name in defs) || referenced(doc, name)) return false;
  if (JSON.stringify(defs[name]) !== JSON.stringify(fresh())) return false;
  delete defs[name];
  return true;
}

/** An empty table from a ruleset's description alone (as judge/web/builder.py's default_document), titled
 * `title`: the page's `builder.default_title`, in its language (a saved title is data and is not rewritten). */
export function emptyDocument(d, title) {
  const players = [];
  for (let i = 0; i < d.players.min; i++) {
    const p = { name: d.players.names[i] };
    for (const f of d.players.fields) if (f.key !== "name" && f.default !== undefined && f.default !== "" && f.default !== null) p[f.key] = f.default;
    players.push(p);
  }
  const out = { ruleset: d.id, title };
  if (d.cards.required) out.cards = {};
  Object.assign(out, { players, actions: [], expect: [] });
  return out;
}

/** A player renamed from `old` to `nn`: the turn, the actions and the expectations follow. */
export function renamePlayer(doc, old, nn) {
  if (!old || !nn || old === nn) return;
  const swap = (v) => (v === old ? nn : v);
  if (doc.turn && doc.turn.active === old) doc.turn.active = nn;
  for (const a of doc.actions || []) {
    if (!a || typeof a !== "object") continue;
    if (a.by === old) a.by = nn;
    if (a.target === old) a.target = nn;
    if (Array.isArray(a.targets)) a.targets = a.targets.map(swap);
  }
  for (const e of doc.expect || []) {
    if (e && e.player === old) e.player = nn;
    if (e && e.winner === old) e.winner = nn;
    if (e && e.active === old) e.active = nn;
  }
}
