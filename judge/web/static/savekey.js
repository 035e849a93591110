// One Idempotency-Key per save attempt (issue 16): the same text saved again (a retry after a 503 that says the
// save may have landed, a second click) is sent with the same key, so the server stores it once and answers the
// version it stored; another text gets a new key. Kept in sessionStorage (this tab), so a reload keeps it too.
// Forms cannot send headers: the key goes in the form's `idempotency_key` field (judge/web/idempotency.py).
// Synchronous on purpose: the field is filled in the submit event itself, so the browser's own submission goes on
// (holding it for an asynchronous digest and submitting again was not reliably resumed by Chromium).

const STORE = "judge.save-attempt";

// A 53-bit string hash (cyrb53): tells one attempt's text from another's, nothing secret.
function textHash(text) {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length}-${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The key for saving `body` to `where` (the form's action): the last attempt's when it was the same, else a new one.
export function saveKeyFor(where, body) {
  const hash = textHash(`${where}\u0000${body}`);
  let last = null;
  try { last = JSON.parse(sessionStorage.getItem(STORE) || "null"); } catch { last = null; }
  if (last && last.hash === hash && typeof last.key === "string") return last.key;
  const key = newKey();
  try { sessionStorage.setItem(STORE, JSON.stringify({ hash, key })); } catch { /* storage full or off: a key per click */ }
  return key;
}

// When the form is sent by `button` (the save button), put the attempt's key in its hidden field; any other
// button (run, validate, download) sends no key. Register after the listeners that write the form's text.
export function keySaves(form, button, textOf) {
  let field = form.querySelector('input[name="idempotency_key"]');
  if (!field) {
    field = document.createElement("input");
    field.type = "hidden";
    field.name = "idempotency_key";
    form.append(field);
  }
  form.addEventListener("submit", (ev) => {
    field.disabled = ev.submitter !== button;
    if (!field.disabled) field.value = saveKeyFor(button.formAction || form.action, textOf());
  });
}
