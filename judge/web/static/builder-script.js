// The builder's script: the actions one by one (each verb's argument and fields, from the engine's legal choices
// where the dry run reached the line) and the expectations, at the end or as checkpoints. Split out of
// builder.js (no behaviour change); `env` is the builder's shared context.

import { optionsOf } from "./builder-choices.js";
import { h } from "./builder-source.js";

export function makeScript(env) {
  const { button, choicesAt, commit, control, defaultArg, desc, entryCard, fresh, lbl, nextId, objects, playerNames,
    refOptions, render, section, select, setOrDelete, t, wrap } = env;
  function actionsSection() {
    const list = env.doc.actions = Array.isArray(env.doc.actions) ? env.doc.actions : [];
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
          playerNames().map((n) => ({ value: n, label: n })), a.by, (nv) => {
            a.by = nv;
            // A card of the new player's own (a hand card to cast, a permanent of theirs) replaces one the new
            // player cannot name: the first they hold, and the line takes its first legal targets and payment.
            if (v.arg.type === "ref" && (v.arg.mine || v.arg.ref === "hand")) {
              const own = refOptions(v.arg.ref, nv, v.arg.mine);
              if (own.length && !own.some((o) => o.value === a[v.verb])) { a[v.verb] = own[0].value; fresh.add(a); }
            }
            write();
            render(`${p}.by|`);
          }, false), `${p}.by`));
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
          const by = (env.doc.turn && env.doc.turn.active) || playerNames()[0];
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
    const list = env.doc.expect = Array.isArray(env.doc.expect) ? env.doc.expect : [];
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

  return { actionsSection, expectList, expectSection, initialArg, initialValue, newExpectation };
}
