// The builder's drafts: the document being built is never only in the page. Each change is written (a) into the
// page's address, as a compressed fragment (#borrador=<token>, the same token judge/web/drafts.py reads: zlib
// deflate, base64url), so reload, back and forward find it, and (b) into localStorage, a few drafts by id, so a
// builder opened afresh offers to take back the work of another tab or visit. The draft id lives in
// history.state, which survives reload and back/forward.

const STORE = "rules-judge:builder:drafts";
const KEEP = 8;               // drafts kept in this browser, newest first
const HASH = "#borrador=";

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export async function encodeDraft(text) {
  return toBase64url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate")));
}

export async function decodeDraft(token) {
  return new TextDecoder().decode(await pipe(fromBase64url(token), new DecompressionStream("deflate")));
}

/** The document of the address's fragment (#borrador=…), or null when there is none or it does not read. */
export async function draftFromHash() {
  if (!location.hash.startsWith(HASH)) return null;
  try {
    const doc = JSON.parse(await decodeDraft(location.hash.slice(HASH.length)));
    return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null;
  } catch {
    return null;
  }
}

function readAll() {
  try {
    const all = JSON.parse(localStorage.getItem(STORE) || "[]");
    return Array.isArray(all) ? all.filter((d) => d && d.id && d.doc && typeof d.doc === "object") : [];
  } catch {
    return [];
  }
}

/** The drafts kept in this browser, newest first, but the one of this page. */
export function otherDrafts(id) {
  return readAll().filter((d) => d.id !== id).sort((a, b) => b.at - a.at);
}

/** This page's draft id: the one history.state carries (reload, back/forward), else a new one. */
export function draftId() {
  const kept = history.state && history.state.builderDraft;
  if (kept) return kept;
  const id = (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()).slice(0, 13);
  history.replaceState({ ...(history.state || {}), builderDraft: id }, "");
  return id;
}

export function adoptDraft(id) {
  history.replaceState({ ...(history.state || {}), builderDraft: id }, "");
}

let pending = null;
/** Keep `doc` as draft `id`: in localStorage at once, in the address's fragment once compressed. */
export function keepDraft(id, doc) {
  const text = JSON.stringify(doc);
  const all = readAll().filter((d) => d.id !== id);
  all.unshift({ id, at: Date.now(), title: String(doc.title || ""), ruleset: doc.ruleset, doc });
  try {
    localStorage.setItem(STORE, JSON.stringify(all.slice(0, KEEP)));
  } catch {
    // Storage full or refused (private mode): the fragment still holds the draft.
  }
  const mine = (pending = encodeDraft(text).then((token) => {
    if (pending !== mine) return;       // a newer change is on its way
    const url = location.pathname + location.search + HASH + token;
    history.replaceState({ ...(history.state || {}), builderDraft: id }, "", url);
  }).catch(() => {}));
  return mine;
}

export function forgetDraft(id) {
  try {
    localStorage.setItem(STORE, JSON.stringify(readAll().filter((d) => d.id !== id)));
  } catch {
    // nothing kept: nothing to forget
  }
}

/** Draw into `notice` the other drafts of this browser holding another document than `doc` (at most 3), each
 *  with "Recuperar" (onRestore(draft): this page's own is kept first, nothing is dropped) and "Descartar". */
export function offerDrafts(notice, id, doc, { t, lang, rulesets, button }, onRestore) {
  const seen = new Set([JSON.stringify(doc)]);
  const others = otherDrafts(id).filter((d) => {
    const key = JSON.stringify(d.doc);
    if (!rulesets[d.doc.ruleset] || seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, 3);
  notice.replaceChildren();
  if (!others.length) return;
  const p = document.createElement("p");
  p.textContent = t("builder.drafts");
  const ul = document.createElement("ul");
  for (const d of others) {
    const li = document.createElement("li");
    const span = document.createElement("span");
    span.textContent = `«${d.title || "—"}» · ${d.ruleset} · ${new Date(d.at).toLocaleString(lang)} `;
    li.append(span, button(t("builder.restore"), `draft|${d.id}`, () => onRestore(d), "small"), " ",
      button(t("builder.forget"), `draft|${d.id}|forget`, () => {
        forgetDraft(d.id);
        offerDrafts(notice, id, doc, { t, lang, rulesets, button }, onRestore);
      }, "small"));
    ul.append(li);
  }
  notice.append(p, ul);
}
