// One form control per field type of a ruleset's description (int, bool, text, choice, ref, refs, pairs, record,
// records, effects, steps…), with the small DOM helpers they share. Split out of builder.js (no behaviour
// change); `env` is the builder's shared context (the board's lists, `render`, the engine's choices).

import { blockOptions, optionsOf, slotOptions } from "./builder-choices.js";
import { h } from "./builder-source.js";

export function makeControls(env) {
  const { cardDefs, cardTypes, desc, lbl, playerNames, refOptions, render, t } = env;
  let uid = 0;
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
    // A static ability's list: its verbs only, and the scopes a static ability reaches (f.to_options); a static
    // verb the effects do not write (a protection) comes as a piece of its own (f.pieces), with its own "to".
    const pieces = f.pieces || [];
    const verbs = f.verbs ? desc().effects.filter((v) => f.verbs.includes(v.verb)).concat(pieces) : desc().effects;
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
          const o = raw.key === "to" && f.to_options && !pieces.includes(v) ? { ...raw, options: f.to_options, default: f.to_options[0].value } : raw;
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

  return { button, control, defaultArg, effectsEditor, nextId, select, setOrDelete, slotsControl, slotsFor, wrap };
}
