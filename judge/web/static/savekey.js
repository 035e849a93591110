// One Idempotency-Key per save attempt (issue 16): the same text saved again (a retry after a 503 that says the
// save may have landed, a second click) is sent with the same key, so the server stores it once and answers the
// version it stored; another text gets a new key. Kept in sessionStorage (this tab), so a reload keeps it too.
// Forms cannot send headers: the key goes in the form's `idempotency_key` field (judge/web/idempotency.py).

const STORE = "judge.save-attempt";

async function digest(text) {
  if (!crypto.subtle) return text;       // (insecure origins have no SubtleCrypto: compare the text itself)
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The key for saving `body` to `where` (the form's action): the last attempt's when it was the same, else a new one.
export async function saveKeyFor(where, body) {
  const hash = await digest(`${where}\u0000${body}`);
  let last = null;
  try { last = JSON.parse(sessionStorage.getItem(STORE) || "null"); } catch { last = null; }
  if (last && last.hash === hash && typeof last.key === "string") return last.key;
  const key = newKey();
  try { sessionStorage.setItem(STORE, JSON.stringify({ hash, key })); } catch { /* storage full or off: a key per click */ }
  return key;
}

// Before the form is sent by `button` (the save button), put the attempt's key in its hidden field. The submit is
// held for the digest (asynchronous) and then sent again by the same button.
export function keySaves(form, button, textOf) {
  let field = form.querySelector('input[name="idempotency_key"]');
  if (!field) {
    field = document.createElement("input");
    field.type = "hidden";
    field.name = "idempotency_key";
    form.append(field);
  }
  let ready = false;
  form.addEventListener("submit", (ev) => {
    if (ev.submitter !== button) { field.disabled = true; return; }   // run, validate, download: no key
    field.disabled = false;
    if (ready) { ready = false; return; }
    ev.preventDefault();
    saveKeyFor(button.formAction || form.action, textOf()).then((key) => {
      field.value = key;
      ready = true;
      form.requestSubmit(button);
    });
  });
}
