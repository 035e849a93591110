// The legal choices of each script line, as the engine gives them (the dry run's `choices`, Ruleset.choices):
// the builder's target, payment, attacker and blocker lists offer those values only, labelled in words
// ("Oso grizzly (oso-grizzly-1), criatura de Ana"). No rule is decided here: the lists are the engine's; this
// module only words them and picks the first legal value for a line the user has just made.

const KIND_ORDER = ["creature", "planeswalker", "land", "artifact", "enchantment", "instant", "sorcery"];

// What a ref is, in words. info: the engine's `objects[ref]` ({player} or {card, types, controller, zone}).
export function wordLabel(t, ref, info) {
  if (!info) return ref;
  if (info.player) return t("builder.choice.player", { name: ref });
  const type = KIND_ORDER.find((k) => (info.types || []).includes(k));
  const kind = info.zone === "stack" ? t("builder.choice.kind.spell")
    : type ? t(`builder.choice.kind.${type}`) : t("builder.choice.kind.card");
  const name = info.card || ref;
  return t("builder.choice.object", { card: name, id: ref, kind, player: info.controller || "" });
}

// The options of one field from the line's choices (null when the engine gave none for it).
export function optionsOf(t, ch, key) {
  if (!ch || !Array.isArray(ch[key])) return null;
  return ch[key].map((ref) => ({ value: ref, label: wordLabel(t, ref, (ch.objects || {})[ref]) }));
}

// Per target slot, its options (null when the engine does not know the line's targets).
export function slotOptions(t, ch) {
  if (!ch || !Array.isArray(ch.targets)) return null;
  return ch.targets.map((refs) => refs.map((ref) => ({ value: ref, label: wordLabel(t, ref, (ch.objects || {})[ref]) })));
}

// Blockers → the attackers each may block.
export function blockOptions(t, ch) {
  if (!ch || !ch.block || typeof ch.block !== "object") return null;
  const word = (ref) => ({ value: ref, label: wordLabel(t, ref, (ch.objects || {})[ref]) });
  return { blockers: Object.keys(ch.block).map(word),
    attackers: (b) => (ch.block[b] || []).map(word),
    allAttackers: [...new Set(Object.values(ch.block).flat())].map(word) };
}

// A line the user has just made (or whose card changed) gets the first legal value of each field left empty:
// its player when the engine names who may write it (the one asked, a defending player), one target per slot,
// the payment the engine planned, a block's first blocker on the first attacker it can block. Returns true when
// the line changed.
export function fillFresh(line, verb, ch) {
  if (!ch || !line) return false;
  let changed = false;
  if (Array.isArray(ch.by) && ch.by.length && "by" in line && !ch.by.includes(line.by)) {
    line.by = ch.by[0];
    changed = true;
  }
  if (Array.isArray(ch.targets) && ch.targets.length) {
    const now = Array.isArray(line.targets) ? line.targets.slice() : [];
    const picked = ch.targets.map((refs, i) => (now[i] && refs.includes(now[i]) ? now[i]
      : refs.find((r) => !now.includes(r) || r === now[i]) || now[i]));
    if (picked.every(Boolean) && JSON.stringify(picked) !== JSON.stringify(line.targets || [])) {
      line.targets = picked;
      delete line.target;
      changed = true;
    }
  }
  if (Array.isArray(ch.tap_plan) && ch.tap_plan.length && !(Array.isArray(line.tap) && line.tap.length)) {
    line.tap = ch.tap_plan.slice();
    changed = true;
  }
  if (verb === "attack" && Array.isArray(ch.attack)) {
    const now = Array.isArray(line.attack) ? line.attack : [];
    const kept = now.filter((r) => ch.attack.includes(r));
    const next = kept.length ? kept : ch.attack.slice(0, 1);
    if (JSON.stringify(next) !== JSON.stringify(now)) { line.attack = next; changed = true; }
  }
  if (verb === "block" && ch.block && typeof ch.block === "object") {
    const now = line.block && typeof line.block === "object" ? line.block : {};
    const first = Object.keys(ch.block).find((b) => (ch.block[b] || []).length);
    if (!Object.keys(now).length && first) { line.block = { [first]: ch.block[first][0] }; changed = true; }
  }
  return changed;
}
