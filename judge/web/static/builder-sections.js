// The builder's sections for the table: general (ruleset, title, seed), card definitions, players and their
// zones, the turn. Split out of builder.js (no behaviour change); `env` is the builder's shared context
// (`env.doc` is the live document: setting it, on a change of ruleset, replaces it).

import { dropStale, emptyDocument, renamePlayer } from "./builder-cards.js";
import { h } from "./builder-source.js";

export function makeSections(env) {
  const { button, cardDefs, cardNames, cardTypes, commit, control, desc, followName, freshId, lbl, nextId, objects,
    openCards, playerNames, players, render, rulesets, select, setOrDelete, t, wrap } = env;
  // -- the sections ---------------------------------------------------------------------------------------------
  function section(id, title, ...children) {
    return h("section", { class: "builder-section", "aria-labelledby": id }, h("h2", { id }, title), ...children);
  }

  function generalSection() {
    const d = desc();
    const rs = select({ id: "b-ruleset", "data-path": "ruleset", "data-key": "ruleset|" },
      Object.values(rulesets).map((r) => ({ value: r.id, label: lbl(r.label) })), env.doc.ruleset, (v) => {
        if (v && v !== env.doc.ruleset) { env.doc = emptyDocument(rulesets[v], t("builder.default_title")); commit(); render("ruleset|"); }
      }, false);
    const strField = (key, labelKey, long = false) => control({ key, type: long ? "longtext" : "text", label: { es: t(labelKey), en: t(labelKey) }, required: key === "title" },
      () => env.doc[key], (v) => { setOrDelete(env.doc, key, v); commit(); }, key);
    return section("b-general", t("builder.general"),
      wrap(t("builder.ruleset"), rs, "ruleset"),
      strField("title", "builder.scenario_title"),
      strField("description", "builder.description", true),
      control({ key: "seed", type: "int", min: 0, label: { es: t("builder.seed"), en: t("builder.seed") } },
        () => env.doc.seed, (v) => { setOrDelete(env.doc, "seed", v); commit(); }, "seed"),
      (d.extra || []).map((f) => control(f, () => env.doc[f.key], (v) => { setOrDelete(env.doc, f.key, v); commit(); }, f.key)));
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
          env.doc.cards[name] = def;
          commit();
        }, `${base}.${f.key}`, { cardType }));
      // Each definition folds (a magic card has many fields); one with an error, or just added, stays open.
      const hasError = env.errors.some((e) => e.path === base || e.path.startsWith(base + ".") || e.path.startsWith(base + "["));
      const details = h("details", { open: openCards.has(name) || hasError },
        h("summary", { "data-key": `cards#${i}|summary` }, name, " ",
          h("small", {}, [].concat(typeVal || []).join(", "))),
        wrap(t("builder.card_name"), nameInput, base), fields,
        button(t("builder.remove") + " · " + name, `cards#${i}|remove`, () => { delete defs[name]; openCards.delete(name); commit(); render("cards|add"); }, "small"));
      // The open/closed state is written when the summary is pressed (its click comes before the toggle), not
      // when "toggle" fires: that event is queued, and a redraw in between drew this card folded again. A toggle
      // of a definition no longer on the page (replaced by a redraw) is ignored.
      details.querySelector("summary").addEventListener("click", () => {
        if (details.open) openCards.delete(name); else openCards.add(name);
      });
      details.addEventListener("toggle", () => {
        if (!details.isConnected) return;
        if (details.open) openCards.add(name); else openCards.delete(name);
      });
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
    if (!env.doc.cards || typeof env.doc.cards !== "object") env.doc.cards = {};
    env.doc.cards[name] = freshDefinition(name);
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
    for (const [k, v] of Object.entries(env.doc.cards)) out[k === old ? nn : k] = v;
    env.doc.cards = out;
    for (const o of objects()) {
      if (typeof o.entry === "object" && o.entry.card === old) o.entry.card = nn;
    }
    for (const p of players()) for (const z of desc().zones) {
      if (Array.isArray(p[z.key])) p[z.key] = p[z.key].map((e) => (e === old ? nn : e));
    }
  }

  function playersSection() {
    const d = desc();
    const list = env.doc.players = Array.isArray(env.doc.players) ? env.doc.players : [];
    const items = list.map((p, i) => {
      const base = `players[${i}]`;
      const fields = d.players.fields.map((f) => control(f, () => p[f.key], (v) => {
        if (f.key === "name") renamePlayer(env.doc, p.name, v);
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
        if (dropStale(env.doc, before, () => freshDefinition(before))) openCards.delete(before);
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
    const on = !!env.doc.turn;
    const toggle = h("input", { type: "checkbox", id: "b-turn-on", "data-key": "turn|on", checked: on });
    toggle.addEventListener("change", () => {
      if (toggle.checked) {
        const turn = {};
        for (const f of tspec.fields) turn[f.key] = f.type === "player" ? playerNames()[0] : f.default;
        env.doc.turn = turn;
      } else delete env.doc.turn;
      commit();
      render("turn|on");
    });
    return section("b-turn", t("builder.turn"),
      tspec.help ? h("p", { class: "muted" }, lbl(tspec.help)) : null,
      tspec.optional ? h("div", { class: "field check" }, toggle, h("label", { for: "b-turn-on" }, t("builder.set_turn"))) : null,
      on ? h("div", { class: "grid", "data-path": "turn" }, tspec.fields.map((f) => control(f, () => env.doc.turn[f.key], (v) => {
        setOrDelete(env.doc.turn, f.key, v); commit();
      }, `turn.${f.key}`))) : null);
  }

  return { cardsSection, defineCard, freshDefinition, generalSection, playersSection, renameCard, section,
    turnSection, zoneEditor };
}
