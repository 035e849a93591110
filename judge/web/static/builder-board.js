// What the builder's board holds, read from the document as it is now (for the choices of actions, targets and
// expectations): players, card definitions, the catalog's names, the objects in each zone, the options of a
// reference field, and the ids the builder makes from a card's name. Split out of builder.js (no behaviour
// change); `env` is the builder's shared context (builder.js: `env.doc` is the live document).

import { renameRef } from "./builder-cards.js";
import { wordLabel } from "./builder-choices.js";

export function makeBoard(env) {
  const { desc, t } = env;
  // -- what the board holds (for the choices of actions and expectations) ----------------------------------------
  const entryCard = (e) => (typeof e === "string" ? e : e && e.card) || "";
  const entryRef = (e) => (typeof e === "string" ? e : (e && (e.id || e.card)) || "");
  const entryLabel = (e) => (typeof e === "object" && e && e.id && e.id !== e.card ? `${e.card} (${e.id})` : entryCard(e));
  const players = () => (env.doc.players || []).filter((p) => p && typeof p === "object");
  const playerNames = () => players().map((p) => p.name).filter(Boolean);
  const cardDefs = () => (env.doc.cards && typeof env.doc.cards === "object" ? env.doc.cards : {});
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

  function slug(text) {
    return (text || "carta").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[^0-9a-zñ]+/g, "-").replace(/^-+|-+$/g, "") || "carta";
  }
  // An id the builder made from a card's name (`llanura-2`) follows the card's new name, in the script too.
  function followName(entry, oldName) {
    const base = slug(oldName) + "-";
    if (!entry.id || !entry.id.startsWith(base) || !/^\d+$/.test(entry.id.slice(base.length))) return;
    const nn = freshId(entry.card);
    renameRef(env.doc, entry.id, nn);
    entry.id = nn;
  }
  function freshId(card) {
    const used = new Set(objects().map((o) => (typeof o.entry === "object" ? o.entry.id : null)).filter(Boolean));
    const base = slug(card);
    let n = 1;
    while (used.has(`${base}-${n}`) || playerNames().includes(`${base}-${n}`)) n++;
    return `${base}-${n}`;
  }

  return { cardDefs, cardNames, cardTypes, entryCard, entryLabel, entryRef, followName, freshId, isCreature,
    objects, permanentZones, playerNames, players, refOptions, slug };
}
