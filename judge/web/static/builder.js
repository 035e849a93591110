// The scenario builder (/escenarios/nuevo): draws a form from each ruleset's description of its scenario parts
// (Ruleset.describe, embedded in the page as #builder-state), keeps the scenario as one plain document, writes it
// into the page's text box, and checks it as you go with POST /api/validate: each error is shown next to the
// field its path names. No ruleset knowledge here: a new ruleset gets a builder from its description alone.
// Plain ES module, no build step. Without JavaScript the page's own form pastes, validates and runs.

import { h, unpackShared, wireSource } from "./builder-source.js";
import { showPlay } from "./builder-play.js";
import { cardFixes, dropStale, emptyDocument, renamePlayer, renameRef, setAtPath } from "./builder-cards.js";
import { adoptDraft, draftFromHash, draftId, keepDraft, offerDrafts, otherDrafts } from "./builder-draft.js";
import { blockOptions, fillFresh, optionsOf, slotOptions, wordLabel } from "./builder-choices.js";
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
  if (!doc || !rulesets[doc.ruleset]) doc = emptyDocument(state.rulesets[0]);
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
  let uid = 0;
  const openCards = new Set();

  const t = (key, values = {}) => (M[key] || key).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");
  const lbl = (label) => (label ? label[lang] || label.es || "" : "");
  const desc = () => rulesets[doc.ruleset];

  // -- what the board holds (for the choices of actions and expectations) ----------------------------------------
  const entryCard = (e) => (typeof e === "string" ? e : e && e.card) || "";
  const entryRef = (e) => (typeof e === "string" ? e : (e && (e.id || e.card)) || "");
  const entryLabel = (e) => (typeof e === "object" && e && e.id && e.id !== e.card ? `${e.card} (${e.id})` : entryCard(e));
  const players = () => (doc.players || []).filter((p) => p && typeof p === "object");
  const playerNames = () => players().map((p) => p.name).filter(Boolean);
  const cardDefs = () => (doc.cards && typeof doc.cards === "object" ? doc.cards : {});
  const cardNames = () => [...new Set([...Object.keys(cardDefs()), ...(desc().cards.catalog || [])])];
  const permanentZones = () => desc().zones.filter((z) => z.permanents_only).map((z) => z.key);
  function cardTypes(name) {
    const def = cardDefs()[name];
    const key = desc().cards.type_field;
    if (!def) return ((desc().cards.catalog_types || {})[name]) || [];
    const v = def[key];
    return Array.isArray(v) ? v : v ? [v] : [];
  }
  const isCreature = (name) => cardTypes(name).some((x) => (desc().cards.creature_types || []).includes(x));
  function objects(filter) {
    const out = [];
    for (const p of players()) {
      for (const z of desc().zones) {
        for (const e of Array.isArray(p[z.key]) ? p[z.key] : []) out.push({ player: p.name, zone: z.key, entry: e });
      }
    }
    return out.filter(filter || (() => true));
  }
  function refOptions(kind, by, mine) {
    const perm = permanentZones();
    const opt = (o) => ({ value: entryRef(o.entry), label: typeof o.entry === "object" && o.entry && o.entry.id
      ? wordLabel(t, o.entry.id, { card: entryCard(o.entry), types: cardTypes(entryCard(o.entry)), controller: o.player, zone: o.zone })
      : entryLabel(o.entry) + " · " + o.player });
    const onBoard = (o) => perm.includes(o.zone) && (!mine || !by || o.player === by) && typeof o.entry === "object" && o.entry.id;
    const ps = playerNames().map((n) => ({ value: n, label: n }));
    switch (kind) {
      case "hand": return objects((o) => o.zone === "hand" && (!by || o.player === by)).map(opt);
      case "permanent": return objects(onBoard).map(opt);
      case "creature": return objects((o) => onBoard(o) && isCreature(entryCard(o.entry))).map(opt);
      case "object": return objects((o) => typeof o.entry === "object" && o.entry.id).map(opt);
      case "target": return ps.concat(objects(onBoard).map(opt));
      case "target_or_value": return ps.concat(objects((o) => typeof o.entry === "object" && o.entry.id).map(opt));
      case "card": return cardNames().map((n) => ({ value: n, label: n }));
      case "card_or_object": return cardNames().map((n) => ({ value: n, label: n }))
        .concat(objects((o) => typeof o.entry === "object" && o.entry.id).map(opt));
      default: return ps;
    }
  }

  // -- small DOM helpers ----------------------------------------------------------------------------------------
  const nextId = () => `b-${++uid}`;
  function button(text, key, onclick, cls = "") {
    return h("button", { type: "button", class: cls, "data-key": key, onclick }, text);
  }
  function wrap(labelText, control, path) {
    const id = control.id || (control.id = nextId());
    return h("div", { class: "field", "data-field": path || "" }, h("label", { for: id }, labelText), control);
  }
  function setOrDelete(obj, key, value) {
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0 && key !== "actions" && key !== "expect")) delete obj[key];
    else obj[key] = value;
  }
  function slug(text) {
    return (text || "carta").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[^0-9a-zñ]+/g, "-").replace(/^-+|-+$/g, "") || "carta";
  }
  // An id the builder made from a card's name (`llanura-2`) follows the card's new name, in the script too.
  function followName(entry, oldName) {
    const base = slug(oldName) + "-";
    if (!entry.id || !entry.id.startsWith(base) || !/^\d+$/.test(entry.id.slice(base.length))) return;
    const nn = freshId(entry.card);
    renameRef(doc, entry.id, nn);
    entry.id = nn;
  }
  const UNKNOWN_NAME = /carta desconocida «([^»]*)»/;

  function freshId(card) {
    const used = new Set(objects().map((o) => (typeof o.entry === "object" ? o.entry.id : null)).filter(Boolean));
    const base = slug(card);
    let n = 1;
    while (used.has(`${base}-${n}`) || playerNames().includes(`${base}-${n}`)) n++;
    return `${base}-${n}`;
  }

  // -- one control per field type (the description's vocabulary) ----------------------------------------------------
  // f: the field's description; get/set: read and write the value; path: the validator's path for the value.
  function control(f, get, set, path, ctx = {}) {
    const key = path + "|";
    const value = get();
    const common = { id: nextId(), "data-path": path, "data-key": key };
    const label = lbl(f.label) || f.key;
    switch (f.type) {
      case "int": {
        const el = h("input", { ...common, type: "number", inputmode: "numeric", min: f.min ?? undefined, max: f.max ?? undefined,
          placeholder: f.default !== undefined ? String(f.default) : "", value: value ?? "" });
        if (f.allow_x || f.allow_all) el.type = "text";   // "X" (or "all") is a value too
        el.addEventListener("input", () => set(el.value === "" ? undefined : (/^-?\d+$/.test(el.value) ? Number(el.value) : el.value)));
        return wrap(label, el, path);
      }
      case "bool": {
        const el = h("input", { ...common, type: "checkbox", checked: !!value });
        el.addEventListener("change", () => set(el.checked ? true : f.default === false ? undefined : false));
        return h("div", { class: "field check" }, el, h("label", { for: el.id }, label));
      }
      case "text": case "longtext": {
        const el = f.type === "longtext"
          ? h("textarea", { ...common, rows: 2 }, value ?? "")
          : h("input", { ...common, type: "text", value: value ?? "", placeholder: f.example || "" });
        el.addEventListener("input", () => set(el.value === "" && !f.required ? undefined : el.value));
        return wrap(label, el, path);
      }
      case "textlist": {
        const el = h("input", { ...common, type: "text", value: Array.isArray(value) ? value.join(", ") : value ?? "" });
        el.addEventListener("input", () => set(el.value.split(",").map((s) => s.trim()).filter(Boolean)));
        return wrap(label, el, path);
      }
      case "choice": case "player": {
        const legal = f.type === "player" ? optionsOf(t, ctx.choices, f.key) : null;
        const opts = legal || f.type === "player" ? legal || playerNames().map((n) => ({ value: n, label: n }))
          : (f.options_by_card_type ? f.options_by_card_type[ctx.cardType] || [] : f.options).map((o) => ({ value: o.value, label: lbl(o.label) || o.value }));
        return wrap(label, select(common, opts, value, set, !f.required || f.nullable, f), path);
      }
      case "ref": {
        const opts = optionsOf(t, ctx.choices, f.key) || refOptions(f.ref, ctx.by, f.mine);
        return wrap(label, select(common, opts, value, set, true, f), path);
      }
      case "refs": {
        const list = Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value];
        const legalSlots = f.key === "targets" ? slotOptions(t, ctx.choices) : null;
        if (legalSlots) return slotsControl(f, legalSlots.map(() => "target"), list, set, path, label, ctx, legalSlots);
        const slots = f.slots ? slotsFor(ctx.card, f.slots) : null;
        if (slots) return slotsControl(f, slots, list, set, path, label, ctx);
        const opts = optionsOf(t, ctx.choices, f.key) || refOptions(f.ref, ctx.by, f.mine);
        const items = list.map((v, i) => h("li", {},
          select({ id: nextId(), "data-path": `${path}[${i}]`, "data-key": `${path}[${i}]|`, "aria-label": `${label} ${i + 1}` },
            opts, v, (nv) => { list[i] = nv; set(list.slice()); }, false),
          button(t("builder.remove"), `${path}[${i}]|remove`, () => { list.splice(i, 1); set(list.slice()); render(`${path}|add`); }, "small")));
        return h("fieldset", { class: "refs", "data-path": path },
          h("legend", {}, label), h("ol", {}, items),
          button(t("builder.add") + " · " + label, `${path}|add`, () => {
            const first = opts.find((o) => !list.includes(o.value)) || opts[0];
            list.push(first ? first.value : "");
            set(list.slice());
            render(`${path}[${list.length - 1}]|`);
          }, "small"));
      }
      case "multichoice": {
        const list = Array.isArray(value) ? value.slice() : value ? [value] : [];
        return h("fieldset", { class: "multi", "data-path": path }, h("legend", {}, label),
          f.options.map((o) => {
            const el = h("input", { type: "checkbox", id: nextId(), "data-key": `${path}|${o.value}`, checked: list.includes(o.value) });
            el.addEventListener("change", () => {
              const i = list.indexOf(o.value);
              if (el.checked && i < 0) list.push(o.value);
              if (!el.checked && i >= 0) list.splice(i, 1);
              set(list.length ? list.slice() : undefined);
            });
            return h("span", { class: "check" }, el, h("label", { for: el.id }, lbl(o.label) || o.value));
          }));
      }
      case "counters": {
        const map = value && typeof value === "object" ? { ...value } : {};
        return h("fieldset", { class: "counters", "data-path": path }, h("legend", {}, label),
          (f.kinds || []).map((k) => {
            const el = h("input", { type: "number", min: 0, id: nextId(), "data-path": `${path}.${k}`, "data-key": `${path}.${k}|`, value: map[k] ?? "" });
            el.addEventListener("input", () => {
              if (el.value === "" || el.value === "0") delete map[k]; else map[k] = Number(el.value);
              set(Object.keys(map).length ? { ...map } : undefined);
            });
            return wrap(k, el, `${path}.${k}`);
          }));
      }
      case "pt": {
        const pair = Array.isArray(value) ? value.slice() : (f.default || [0, 0]).slice();
        return h("fieldset", { class: "pt", "data-path": path }, h("legend", {}, label), [0, 1].map((i) => {
          const el = h("input", { type: "number", id: nextId(), "data-path": `${path}[${i}]`, "data-key": `${path}[${i}]|`, value: pair[i] ?? 0 });
          el.addEventListener("input", () => { pair[i] = Number(el.value || 0); set(pair.slice()); });
          return wrap(i ? "R" : "F", el, `${path}[${i}]`);
        }));
      }
      case "pairs": {
        const map = value && typeof value === "object" ? value : {};
        const rows = Object.entries(map);
        // A block's pairs: the engine's blockers, each with the attackers it can block; else the board's creatures.
        const legal = f.key === "block" ? blockOptions(t, ctx.choices) : null;
        const keyOpts = legal ? legal.blockers : refOptions(f.key_ref, ctx.by, f.key_mine);
        const valOpts = (k) => (legal ? legal.attackers(k) : refOptions(f.value_ref));
        const write = () => set(Object.fromEntries(rows.filter(([k]) => k)));
        const side = f.key === "block" ? [t("builder.pair.blocker"), t("builder.pair.attacker")] : [`${label} ·`, "→"];
        return h("fieldset", { class: "pairs", "data-path": path }, h("legend", {}, label),
          h("ol", {}, rows.map((row, i) => h("li", { class: "pair" },
            wrap(side[0], select({ id: nextId(), "data-path": `${path}.${row[0]}`, "data-key": `${path}#${i}|k` }, keyOpts, row[0], (v) => { row[0] = v; write(); render(`${path}#${i}|k`); }, false)),
            h("span", { class: "pair-arrow", "aria-hidden": "true" }, "→"),
            wrap(side[1], select({ id: nextId(), "data-key": `${path}#${i}|v` }, valOpts(row[0]), row[1], (v) => { row[1] = v; write(); }, false)),
            button(t("builder.remove"), `${path}#${i}|remove`, () => { rows.splice(i, 1); write(); render(`${path}|add`); }, "small")))),
          button(t("builder.add") + " · " + label, `${path}|add`, () => {
            const k = keyOpts.find((o) => !(o.value in map));
            const vs = valOpts(k ? k.value : "");
            rows.push([k ? k.value : "", vs[0] ? vs[0].value : ""]);
            write();
            render(`${path}#${rows.length - 1}|k`);
          }, "small"));
      }
      case "record": {
        // A field shown only with some values of another (`shown_if`): hidden, its value is dropped too.
        const rec = value && typeof value === "object" && !Array.isArray(value) ? { ...value } : {};
        const shown = (sf) => !sf.shown_if || Object.entries(sf.shown_if).every(([k, vals]) => vals.includes(rec[k]));
        return h("fieldset", { class: "record", "data-path": path }, h("legend", {}, label),
          f.fields.filter(shown).map((sf) => control(sf, () => rec[sf.key], (nv) => {
            if (nv === undefined) delete rec[sf.key]; else rec[sf.key] = nv;
            for (const other of f.fields) if (!shown(other) && !f.fields.some((x) => x.key === other.key && shown(x))) delete rec[other.key];
            set({ ...rec });
          }, `${path}.${sf.key}`, ctx)));
      }
      case "records": {
        // A list of pieces (abilities, spells on the stack), each its own small form.
        const list = Array.isArray(value) ? value.slice() : [];
        const fresh = () => {
          const item = JSON.parse(JSON.stringify(f.new || {}));
          for (const sf of f.fields) {
            if (!sf.required || sf.key in item) continue;
            if (sf.type === "player") item[sf.key] = playerNames()[0];
            if (sf.type === "ref") item[sf.key] = (refOptions(sf.ref)[0] || {}).value || "";
          }
          return item;
        };
        return h("fieldset", { class: "records", "data-path": path }, h("legend", {}, label),
          h("ol", {}, list.map((item, i) => h("li", {},
            control({ type: "record", fields: f.fields, label: `${label} ${i + 1}` }, () => item,
              (nv) => { list[i] = nv; set(list.slice()); }, `${path}[${i}]`, ctx),
            button(t("builder.remove"), `${path}[${i}]|remove`, () => { list.splice(i, 1); set(list.length ? list.slice() : undefined); render(`${path}|add`); }, "small")))),
          button(t("builder.add") + " · " + label, `${path}|add`, () => {
            list.push(fresh());
            set(list.slice());
            render(`${path}[${list.length - 1}].${f.fields[0].key}|`);
          }, "small"));
      }
      case "intmap": {
        const map = value && typeof value === "object" ? value : {};
        const rows = Object.entries(map);
        const keyOpts = refOptions(f.key_ref, ctx.by);
        const write = () => set(Object.fromEntries(rows.filter(([k]) => k)));
        return h("fieldset", { class: "pairs", "data-path": path }, h("legend", {}, label),
          h("ol", {}, rows.map((row, i) => {
            const n = h("input", { type: "number", min: 0, id: nextId(), "data-path": `${path}.${row[0]}`, "data-key": `${path}#${i}|n`,
              "aria-label": `${label} ${i + 1}`, value: row[1] ?? 0 });
            n.addEventListener("input", () => { row[1] = Number(n.value || 0); write(); });
            return h("li", {},
              select({ id: nextId(), "data-key": `${path}#${i}|k`, "aria-label": `${label} ${i + 1} ·` }, keyOpts, row[0], (v) => { row[0] = v; write(); }, false),
              n, button(t("builder.remove"), `${path}#${i}|remove`, () => { rows.splice(i, 1); write(); render(`${path}|add`); }, "small"));
          })),
          button(t("builder.add") + " · " + label, `${path}|add`, () => {
            const k = keyOpts.find((o) => !(o.value in map));
            rows.push([k ? k.value : "", 1]);
            write();
            render(`${path}#${rows.length - 1}|k`);
          }, "small"));
      }
      case "json": {
        const el = h("textarea", { ...common, rows: 2, spellcheck: "false",
          placeholder: JSON.stringify(f.example ?? "") }, value === undefined ? "" : JSON.stringify(value));
        const note = h("small", { class: "hint" }, t("builder.json_help", { example: JSON.stringify(f.example ?? "") }));
        el.addEventListener("input", () => {
          if (el.value.trim() === "") { el.removeAttribute("aria-invalid"); set(undefined); return; }
          try { set(JSON.parse(el.value)); el.removeAttribute("aria-invalid"); } catch { el.setAttribute("aria-invalid", "true"); }
        });
        return h("div", { class: "field" }, h("label", { for: el.id }, label), el, note);
      }
      case "targetspecs": {
        const list = Array.isArray(value) ? value.slice() : [];
        const spec = f.spec;
        return h("fieldset", { class: "refs", "data-path": path }, h("legend", {}, label),
          h("ol", {}, list.map((v, i) => {
            const item = typeof v === "string" ? { type: v } : { ...v };
            const write = () => { list[i] = item.controller && item.controller !== "any" ? { ...item } : item.type; set(list.slice()); };
            return h("li", {},
              select({ id: nextId(), "data-path": `${path}[${i}]`, "data-key": `${path}[${i}]|`, "aria-label": `${label} ${i + 1}` },
                spec.kinds.map((k) => ({ value: k, label: k })), item.type, (nv) => { item.type = nv; write(); }, false),
              select({ id: nextId(), "data-key": `${path}[${i}]|c`, "aria-label": `${label} ${i + 1} ·` },
                spec.controllers.map((k) => ({ value: k, label: k })), item.controller || "any", (nv) => { item.controller = nv; write(); }, false),
              button(t("builder.remove"), `${path}[${i}]|remove`, () => { list.splice(i, 1); set(list.length ? list.slice() : undefined); render(`${path}|add`); }, "small"));
          })),
          button(t("builder.add") + " · " + label, `${path}|add`, () => { list.push(spec.kinds[0]); set(list.slice()); render(`${path}[${list.length - 1}]|`); }, "small"));
      }
      case "effects":
        return effectsEditor(f, get, set, path, ctx);
      case "steps": {
        const v = value && typeof value === "object" ? { ...value } : { kind: "any", count: 0 };
        const write = () => set({ ...v });
        const count = h("input", { type: "number", min: 0, id: nextId(), "data-path": `${path}.count`, "data-key": `${path}.count|`, value: v.count ?? 0 });
        count.addEventListener("input", () => { v.count = Number(count.value || 0); write(); });
        const cites = h("input", { type: "text", id: nextId(), "data-path": `${path}.cites`, "data-key": `${path}.cites|`, value: v.cites || "" });
        cites.addEventListener("input", () => { if (cites.value) v.cites = cites.value; else delete v.cites; write(); });
        return h("fieldset", { class: "steps", "data-path": path }, h("legend", {}, label),
          wrap(t("builder.kind"), select({ id: nextId(), "data-path": `${path}.kind`, "data-key": `${path}.kind|` },
            f.kinds.map((o) => ({ value: o.value, label: lbl(o.label) || o.value })), v.kind, (nv) => { v.kind = nv; write(); }, false)),
          wrap(t("builder.count"), count), wrap(t("builder.cites"), cites));
      }
      case "const":
        return null;
      default:
        return control({ ...f, type: "json" }, get, set, path, ctx);
    }
  }

  // The targets a card asks for, one kind per slot (the description says how to read them from its definition);
  // null when the card is not defined in the scenario (then any number of targets may be given).
  function slotsFor(card, spec) {
    const def = card && cardDefs()[card];
    if (!def || typeof def !== "object") return null;
    if (spec.from === "targets") {
      return (Array.isArray(def.targets) ? def.targets : []).map((x) => spec.kinds[typeof x === "string" ? x : x && x.type] || "target");
    }
    const types = cardTypes(card);
    const out = types.some((x) => (spec.attach_types || []).includes(x)) ? [spec.attach] : [];
    if (types.some((x) => (spec.spell_types || []).includes(x))) {
      for (const e of Array.isArray(def.effects) ? def.effects : []) {
        for (const k of spec.keys) {
          if (e && typeof e === "object" && e[k] in spec.kinds) { out.push(spec.kinds[e[k]]); break; }
        }
      }
    }
    return out;
  }

  // legal: per slot, the engine's options (then the slot's label is its number alone).
  function slotsControl(f, slots, list, set, path, label, ctx, legal = null) {
    if (!slots.length) return h("p", { class: "muted", "data-path": path }, `${label}: ${t("builder.none")}`);
    const values = slots.map((_, i) => list[i]);
    return h("fieldset", { class: "refs slots", "data-path": path }, h("legend", {}, label),
      slots.map((kind, i) => wrap(legal ? `${label} ${i + 1}` : `${label} ${i + 1} · ${t("builder.slot." + kind)}`,
        select({ id: nextId(), "data-path": `${path}[${i}]`, "data-key": `${path}[${i}]|` }, legal ? legal[i] : refOptions(kind, ctx.by),
          values[i], (nv) => { values[i] = nv; set(values.filter((v) => v !== undefined && v !== "")); }, true), `${path}[${i}]`)));
  }

  function select(attrs, opts, value, set, blank, f = {}) {
    const values = opts.map((o) => o.value);
    const options = [];
    if (blank) options.push(h("option", { value: "" }, f.nullable ? t("builder.none") : t("builder.choose")));
    for (const o of opts) options.push(h("option", { value: o.value, selected: o.value === value }, o.label));
    if (value !== undefined && value !== null && value !== "" && !values.includes(value)) {
      options.push(h("option", { value: String(value), selected: true }, String(value)));
    }
    const el = h("select", attrs, options);
    if ((value === undefined || value === "") && !blank && opts.length) el.value = opts[0].value;
    el.addEventListener("change", () => set(el.value === "" ? (f.nullable ? null : undefined) : el.value));
    return el;
  }

  function effectsEditor(f, get, set, path, ctx) {
    const list = Array.isArray(get()) ? get().slice() : [];
    // A static ability's list: its verbs only, and the scopes a static ability reaches (f.to_options).
    const verbs = f.verbs ? desc().effects.filter((v) => f.verbs.includes(v.verb)) : desc().effects;
    const verbOf = (e) => verbs.find((v) => e && typeof e === "object" && v.verb in e);
    return h("fieldset", { class: "effects", "data-path": path }, h("legend", {}, lbl(f.label)),
      h("ol", {}, list.map((e, i) => {
        const p = `${path}[${i}]`;
        const v = verbOf(e) || verbs[0];
        const write = () => { list[i] = { ...e }; set(list.slice()); };
        const verbSel = select({ id: nextId(), "data-path": p, "data-key": `${p}|verb` },
          verbs.map((x) => ({ value: x.verb, label: lbl(x.label) || x.verb })), v.verb, (nv) => {
            const nvd = verbs.find((x) => x.verb === nv);
            e = { [nv]: defaultArg(nvd.arg) };
            write();
            render(`${p}|verb`);
          }, false);
        const parts = [wrap(t("builder.what"), verbSel)];
        const arg = control({ ...v.arg, key: v.verb, label: { es: t("builder.value"), en: t("builder.value") } },
          () => e[v.verb], (nv) => { e[v.verb] = nv === undefined ? defaultArg(v.arg) : nv; write(); }, `${p}.${v.verb}`, ctx);
        if (arg) parts.push(arg);
        for (const raw of v.options || []) {
          const o = raw.key === "to" && f.to_options ? { ...raw, options: f.to_options, default: f.to_options[0].value } : raw;
          if (o.only_card_types && !o.only_card_types.includes(ctx.cardType)) continue;
          parts.push(control(o, () => e[o.key], (nv) => { if (nv === undefined) delete e[o.key]; else e[o.key] = nv; write(); }, `${p}.${o.key}`, ctx));
        }
        parts.push(button(t("builder.remove"), `${p}|remove`, () => { list.splice(i, 1); set(list.slice()); render(`${path}|add`); }, "small"));
        return h("li", { class: "effect" }, parts);
      })),
      button(t("builder.add_effect"), `${path}|add`, () => {
        list.push({ [verbs[0].verb]: defaultArg(verbs[0].arg) });
        set(list.slice());
        render(`${path}[${list.length - 1}]|verb`);
      }, "small"));
  }

  function defaultArg(arg) {
    if (arg.type === "const") return arg.value;
    if (arg.default !== undefined) return arg.default;
    if (arg.type === "counters") return { [arg.kinds[0]]: 1 };
    if (arg.type === "multichoice") return [arg.options[0].value];
    if (arg.type === "json") return arg.example;
    if (arg.type === "text") return arg.example || "";
    return 1;
  }

  // -- the sections ---------------------------------------------------------------------------------------------
  function section(id, title, ...children) {
    return h("section", { class: "builder-section", "aria-labelledby": id }, h("h2", { id }, title), ...children);
  }

  function generalSection() {
    const d = desc();
    const rs = select({ id: "b-ruleset", "data-path": "ruleset", "data-key": "ruleset|" },
      Object.values(rulesets).map((r) => ({ value: r.id, label: lbl(r.label) })), doc.ruleset, (v) => {
        if (v && v !== doc.ruleset) { doc = emptyDocument(rulesets[v]); commit(); render("ruleset|"); }
      }, false);
    const strField = (key, labelKey, long = false) => control({ key, type: long ? "longtext" : "text", label: { es: t(labelKey), en: t(labelKey) }, required: key === "title" },
      () => doc[key], (v) => { setOrDelete(doc, key, v); commit(); }, key);
    return section("b-general", t("builder.general"),
      wrap(t("builder.ruleset"), rs, "ruleset"),
      strField("title", "builder.scenario_title"),
      strField("description", "builder.description", true),
      control({ key: "seed", type: "int", min: 0, label: { es: t("builder.seed"), en: t("builder.seed") } },
        () => doc.seed, (v) => { setOrDelete(doc, "seed", v); commit(); }, "seed"),
      (d.extra || []).map((f) => control(f, () => doc[f.key], (v) => { setOrDelete(doc, f.key, v); commit(); }, f.key)));
  }

  function cardsSection() {
    const d = desc();
    const defs = cardDefs();
    const names = Object.keys(defs);
    const items = names.map((name, i) => {
      const def = defs[name] && typeof defs[name] === "object" ? defs[name] : {};
      const base = `cards.${name}`;
      const typeVal = def[d.cards.type_field];
      const cardType = Array.isArray(typeVal) ? typeVal[0] : typeVal;
      const nameInput = h("input", { type: "text", id: nextId(), "data-path": "cards", "data-key": `cards#${i}|name`, value: name });
      nameInput.addEventListener("change", () => {
        const nn = nameInput.value.trim();
        if (!nn || nn === name || nn in defs) return;
        if (openCards.delete(name)) openCards.add(nn);
        renameCard(name, nn);
        commit();
        render(`cards#${i}|name`);
      });
      const fields = d.cards.fields.filter((f) => !f.only_card_types || (Array.isArray(typeVal) ? typeVal : [typeVal]).some((x) => f.only_card_types.includes(x)))
        .map((f) => control(f, () => def[f.key], (v) => {
          setOrDelete(def, f.key, v);
          // A field the new type no longer shows (P/T once "criatura" is unticked) goes with it.
          if (f.key === d.cards.type_field) {
            const types = [].concat(def[f.key] || []);
            for (const g of d.cards.fields) if (g.only_card_types && !types.some((x) => g.only_card_types.includes(x))) delete def[g.key];
          }
          doc.cards[name] = def;
          commit();
        }, `${base}.${f.key}`, { cardType }));
      // Each definition folds (a magic card has many fields); one with an error, or just added, stays open.
      const hasError = errors.some((e) => e.path === base || e.path.startsWith(base + ".") || e.path.startsWith(base + "["));
      const details = h("details", { open: openCards.has(name) || hasError },
        h("summary", { "data-key": `cards#${i}|summary` }, name, " ",
          h("small", {}, [].concat(typeVal || []).join(", "))),
        wrap(t("builder.card_name"), nameInput, base), fields,
        button(t("builder.remove") + " · " + name, `cards#${i}|remove`, () => { delete defs[name]; openCards.delete(name); commit(); render("cards|add"); }, "small"));
      details.addEventListener("toggle", () => { if (details.open) openCards.add(name); else openCards.delete(name); });
      return h("li", { class: "card-def" }, h("fieldset", { "data-path": base }, h("legend", {}, name), details));
    });
    return section("b-cards", t("builder.cards"),
      names.length ? h("ol", { class: "card-defs" }, items) : h("p", { class: "muted" }, t("builder.no_cards")),
      button(t("builder.add_card_def"), "cards|add", () => {
        let n = names.length + 1;
        while (`Carta ${n}` in defs) n++;
        defineCard(`Carta ${n}`);
        openCards.add(`Carta ${n}`);
        commit();
        render(`cards#${Object.keys(cardDefs()).length - 1}|name`);
      }));
  }

  function defineCard(name) {
    if (!doc.cards || typeof doc.cards !== "object") doc.cards = {};
    doc.cards[name] = freshDefinition(name);
  }

  // A new card's definition: the default of every field its (default) type shows.
  function freshDefinition() {
    const d = desc();
    const def = {};
    for (const f of d.cards.fields) {
      if (f.default === undefined || f.default === "") continue;
      const typeVal = def[d.cards.type_field];
      if (f.only_card_types && !(Array.isArray(typeVal) ? typeVal : [typeVal]).some((x) => f.only_card_types.includes(x))) continue;
      def[f.key] = Array.isArray(f.default) ? f.default.slice() : f.default;
    }
    return def;
  }

  function renameCard(old, nn) {
    const out = {};
    for (const [k, v] of Object.entries(doc.cards)) out[k === old ? nn : k] = v;
    doc.cards = out;
    for (const o of objects()) {
      if (typeof o.entry === "object" && o.entry.card === old) o.entry.card = nn;
    }
    for (const p of players()) for (const z of desc().zones) {
      if (Array.isArray(p[z.key])) p[z.key] = p[z.key].map((e) => (e === old ? nn : e));
    }
  }

  function playersSection() {
    const d = desc();
    const list = doc.players = Array.isArray(doc.players) ? doc.players : [];
    const items = list.map((p, i) => {
      const base = `players[${i}]`;
      const fields = d.players.fields.map((f) => control(f, () => p[f.key], (v) => {
        if (f.key === "name") renamePlayer(doc, p.name, v);
        setOrDelete(p, f.key, f.key === "name" ? v ?? "" : v);
        commit();
      }, `${base}.${f.key}`));
      const zones = d.zones.map((z) => zoneEditor(p, i, z));
      return h("li", { class: "player" }, h("fieldset", { "data-path": base },
        h("legend", {}, p.name || t("builder.player", { n: i + 1 })), h("div", { class: "grid" }, fields), zones,
        list.length > d.players.min ? button(t("builder.remove") + " · " + (p.name || i + 1), `${base}|remove`, () => {
          list.splice(i, 1); commit(); render("players|add");
        }, "small") : null));
    });
    return section("b-players", t("builder.players"), h("ol", { class: "players" }, items),
      list.length < d.players.max ? button(t("builder.add_player"), "players|add", () => {
        const taken = new Set(playerNames());
        const name = d.players.names.find((n) => !taken.has(n)) || `Jugador ${list.length + 1}`;
        const p = { name };
        for (const f of d.players.fields) if (f.key !== "name" && f.default !== undefined && f.default !== "") p[f.key] = f.default;
        list.push(p);
        commit();
        render(`players[${list.length - 1}].name|`);
      }) : null);
  }

  function zoneEditor(p, i, z) {
    const path = `players[${i}].${z.key}`;
    const list = Array.isArray(p[z.key]) ? p[z.key] : [];
    const listId = `cards-datalist`;
    const items = list.map((e, j) => {
      const ep = `${path}[${j}]`;
      const entry = typeof e === "string" ? { card: e } : e;
      const write = () => { list[j] = { ...entry }; p[z.key] = list; commit(); };
      const cardInput = h("input", { type: "text", id: nextId(), list: listId, "data-path": `${ep}.card`, "data-key": `${ep}.card|`, value: entry.card || "", autocomplete: "off" });
      cardInput.addEventListener("input", () => { entry.card = cardInput.value; write(); });
      const before = entry.card;
      cardInput.addEventListener("change", () => {
        // A new name is not defined here (the error beside the field offers it); the old one's untouched
        // definition goes if nothing names it any more, and an id made from the old name follows the new one.
        if (dropStale(doc, before, () => freshDefinition(before))) openCards.delete(before);
        followName(entry, before);
        write();
      });
      const idInput = h("input", { type: "text", id: nextId(), "data-path": `${ep}.id`, "data-key": `${ep}.id|`, value: entry.id || "" });
      idInput.addEventListener("input", () => { setOrDelete(entry, "id", idInput.value.trim() || undefined); write(); });
      const cardType = cardTypes(entry.card)[0];
      const extra = z.object_fields.filter((f) => !f.only_card_types || f.only_card_types.includes(cardType) || entry[f.key] !== undefined)
        .map((f) => control(f, () => entry[f.key], (v) => { if (v === undefined || v === f.default) delete entry[f.key]; else entry[f.key] = v; write(); }, `${ep}.${f.key}`));
      return h("li", { class: "zone-entry", "data-path": ep },
        wrap(t("builder.card_in_zone"), cardInput, `${ep}.card`), wrap("Id", idInput, `${ep}.id`), extra,
        button(t("builder.remove"), `${ep}|remove`, () => { list.splice(j, 1); p[z.key] = list; if (!list.length) delete p[z.key]; commit(); render(`${path}|add`); }, "small"));
    });
    return h("fieldset", { class: "zone", "data-path": path },
      h("legend", {}, lbl(z.label), lbl(z.order) ? h("small", {}, ` (${lbl(z.order)})`) : null),
      items.length ? h("ol", {}, items) : null,
      button(t("builder.add_to_zone", { zone: lbl(z.label).toLowerCase() }), `${path}|add`, () => {
        const perms = desc().cards.permanent_types || [];
        const names = cardNames();
        const card = (z.permanents_only ? names.find((n) => cardTypes(n).some((x) => perms.includes(x))) : names[0]) || "";
        list.push({ card, id: freshId(card) });
        p[z.key] = list;
        commit();
        render(`${path}[${list.length - 1}].card|`);
      }, "small"));
  }

  function turnSection() {
    const d = desc();
    const tspec = d.turn;
    const on = !!doc.turn;
    const toggle = h("input", { type: "checkbox", id: "b-turn-on", "data-key": "turn|on", checked: on });
    toggle.addEventListener("change", () => {
      if (toggle.checked) {
        const turn = {};
        for (const f of tspec.fields) turn[f.key] = f.type === "player" ? playerNames()[0] : f.default;
        doc.turn = turn;
      } else delete doc.turn;
      commit();
      render("turn|on");
    });
    return section("b-turn", t("builder.turn"),
      tspec.help ? h("p", { class: "muted" }, lbl(tspec.help)) : null,
      tspec.optional ? h("div", { class: "field check" }, toggle, h("label", { for: "b-turn-on" }, t("builder.set_turn"))) : null,
      on ? h("div", { class: "grid", "data-path": "turn" }, tspec.fields.map((f) => control(f, () => doc.turn[f.key], (v) => {
        setOrDelete(doc.turn, f.key, v); commit();
      }, `turn.${f.key}`))) : null);
  }

  function actionsSection() {
    const list = doc.actions = Array.isArray(doc.actions) ? doc.actions : [];
    const verbs = desc().actions;
    const items = list.map((a, i) => {
      const p = `actions[${i}]`;
      if (a && typeof a === "object" && "expect" in a) {
        return h("li", { class: "action checkpoint" }, h("fieldset", { "data-path": p },
          h("legend", {}, t("builder.add_checkpoint").replace(/ aquí| here/, "")),
          expectList(a.expect = Array.isArray(a.expect) ? a.expect : [], `${p}.expect`, true),
          button(t("builder.remove"), `${p}|remove`, () => { list.splice(i, 1); commit(); render("actions|add"); }, "small")));
      }
      const v = verbs.find((x) => a && x.verb in a) || verbs[0];
      if ("target" in a && !v.fields.some((f) => f.key === "target") && v.fields.some((f) => f.key === "targets")) {
        a.targets = [a.target];           // the one-target form, shown as the list it abbreviates
        delete a.target;
      }
      const write = () => commit();
      const verbSel = select({ id: nextId(), "data-path": p, "data-key": `${p}|verb` },
        verbs.map((x) => ({ value: x.verb, label: lbl(x.label) })), v.verb, (nv) => {
          const by = a.by;
          for (const k of Object.keys(a)) delete a[k];
          const nvd = verbs.find((x) => x.verb === nv);
          if (nvd.by !== false) a.by = by || playerNames()[0];
          a[nv] = initialArg(nvd, a.by, choicesAt(i));
          fresh.add(a);
          write();
          render(`${p}|verb`);
        }, false);
      const parts = [];
      if (v.by !== false) {
        parts.push(wrap(t("builder.by"), select({ id: nextId(), "data-path": `${p}.by`, "data-key": `${p}.by|` },
          playerNames().map((n) => ({ value: n, label: n })), a.by, (nv) => { a.by = nv; write(); }, false), `${p}.by`));
      }
      parts.push(wrap(t("builder.verb"), verbSel, p));
      const ch = choicesAt(i);
      const argControl = v.arg.type === "const" ? null : control({ ...v.arg, key: v.verb, label: v.label },
        () => a[v.verb], (nv) => { if (nv === undefined) delete a[v.verb]; else a[v.verb] = nv; fresh.add(a); write(); }, `${p}.${v.verb}`, { by: a.by, choices: ch });
      if (argControl) parts.push(argControl);
      const handRef = a[v.verb];
      const handEntry = objects((o) => typeof o.entry === "object" && o.entry.id === handRef)[0];
      const card = handEntry ? entryCard(handEntry.entry) : typeof handRef === "string" ? handRef : "";
      for (const f of v.fields) {
        parts.push(control(f, () => a[f.key], (nv) => { setOrDelete(a, f.key, nv); write(); }, `${p}.${f.key}`, { by: a.by, card, choices: ch }));
      }
      parts.push(h("div", { class: "row" },
        i > 0 ? button(t("builder.up"), `${p}|up`, () => { list.splice(i - 1, 0, list.splice(i, 1)[0]); commit(); render(`actions[${i - 1}]|up`); }, "small") : null,
        button(t("builder.remove"), `${p}|remove`, () => { list.splice(i, 1); commit(); render("actions|add"); }, "small")));
      return h("li", { class: "action" }, h("fieldset", { "data-path": p }, h("legend", {}, t("builder.action_n", { n: i + 1 })), parts));
    });
    return section("b-actions", t("builder.actions"), h("ol", { class: "actions" }, items),
      h("div", { class: "row" },
        button(t("builder.add_action"), "actions|add", () => {
          const v = verbs[0];
          const by = (doc.turn && doc.turn.active) || playerNames()[0];
          const a = v.by !== false ? { by } : {};
          a[v.verb] = initialArg(v, by, choicesAt(list.length));
          fresh.add(a);
          list.push(a);
          commit();
          render(`actions[${list.length - 1}]|verb`);
        }),
        button(t("builder.add_checkpoint"), "actions|check", () => {
          list.push({ expect: [] });
          commit();
          render(`actions[${list.length - 1}].expect|add`);
        })));
  }

  // ch: the engine's choices where the line stands (the next question's, for a line added at the end).
  function initialArg(v, by, ch) {
    const arg = v.arg;
    const legal = optionsOf(t, ch, v.verb);
    if (legal && (arg.type === "ref" || arg.type === "refs")) return arg.type === "ref" ? (legal[0] || {}).value || "" : legal.slice(0, 1).map((o) => o.value);
    if (arg.type === "const") return arg.value;
    if (arg.type === "ref") { const o = refOptions(arg.ref, by, arg.mine)[0]; return o ? o.value : ""; }
    if (arg.type === "refs") { const o = refOptions(arg.ref, by, arg.mine)[0]; return o ? [o.value] : []; }
    if (arg.type === "choice") return arg.options[0].value;
    if (arg.type === "pairs") return {};
    if (arg.type === "record") return {};
    return defaultArg(arg);
  }

  function expectSection() {
    const list = doc.expect = Array.isArray(doc.expect) ? doc.expect : [];
    return section("b-expect", t("builder.expect"), expectList(list, "expect", false));
  }

  function expectList(list, path, inScript) {
    const spec = desc().expect;
    const subjectOf = (e) => (e && "player" in e ? "player" : e && "object" in e ? "object" : "common");
    const items = list.map((e, i) => {
      const p = `${path}[${i}]`;
      const kind = subjectOf(e);
      const commonFields = spec.common.filter((f) => !(inScript && f.top_only));
      const fields = kind === "common" ? commonFields : spec[kind];
      const kindSel = select({ id: nextId(), "data-path": p, "data-key": `${p}|kind` },
        ["player", "object", "common"].map((k) => ({ value: k, label: t(`builder.subject.${k}`) })), kind, (nk) => {
          list[i] = newExpectation(nk, inScript);
          commit();
          render(`${p}|kind`);
        }, false);
      const parts = [wrap(t("builder.subject"), kindSel, p)];
      if (kind !== "common") {
        const f = kind === "player" ? { key: "player", type: "player", required: true, label: { es: t("builder.subject.player"), en: t("builder.subject.player") } }
          : { key: "object", type: "ref", ref: "object", required: true, label: { es: t("builder.subject.object"), en: t("builder.subject.object") } };
        parts.push(control(f, () => e[kind], (v) => { e[kind] = v; commit(); }, `${p}.${kind}`));
      }
      const keys = Object.keys(e).filter((k) => k !== kind || kind === "common");
      for (const k of keys) {
        const f = fields.find((x) => x.key === k) || { key: k, type: "json", label: { es: k, en: k } };
        const whatSel = select({ id: nextId(), "data-key": `${p}.${k}|what` },
          fields.map((x) => ({ value: x.key, label: lbl(x.label) || x.key })), k, (nk) => {
            if (nk === k) return;
            const nf = fields.find((x) => x.key === nk);
            delete e[k];
            e[nk] = initialValue(nf);
            commit();
            render(`${p}.${nk}|what`);
          }, false);
        parts.push(h("div", { class: "expect-field" }, wrap(t("builder.what"), whatSel, `${p}.${k}`),
          control(f, () => e[k], (v) => { e[k] = v === undefined ? initialValue(f) : v; commit(); }, `${p}.${k}`)));
      }
      parts.push(button(t("builder.remove"), `${p}|remove`, () => { list.splice(i, 1); commit(); render(`${path}|add`); }, "small"));
      return h("li", { class: "expectation" }, h("fieldset", { "data-path": p }, h("legend", {}, `${i + 1}`), parts));
    });
    return h("div", {}, h("ol", { class: "expectations" }, items),
      button(t("builder.add_expect"), `${path}|add`, () => {
        list.push(newExpectation("player", inScript));
        commit();
        render(`${path}[${list.length - 1}]|kind`);
      }));
  }

  function newExpectation(kind, inScript) {
    const spec = desc().expect;
    if (kind === "common") {
      const f = spec.common.find((x) => !(inScript && x.top_only));
      return { [f.key]: initialValue(f) };
    }
    const f = spec[kind][0];
    const subject = kind === "player" ? playerNames()[0] : (refOptions("object")[0] || {}).value;
    return { [kind]: subject || "", [f.key]: initialValue(f) };
  }

  function initialValue(f) {
    switch (f.type) {
      case "int": return f.min && f.min > 0 ? f.min : 0;
      case "bool": return true;
      case "refs": return [];
      case "player": return f.nullable ? null : playerNames()[0];
      case "ref": return f.nullable ? null : (refOptions(f.ref)[0] || {}).value || "";
      case "choice": return f.options[0].value;
      case "steps": return { kind: "illegal", count: 0 };
      case "counters": return {};
      case "multichoice": return [];
      default: return "";
    }
  }

  // -- drawing, syncing, checking -----------------------------------------------------------------------------------
  function render(focusKey) {
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
        const msg = h("p", { class: "field-error", id }, e.message);
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
