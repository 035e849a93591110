// The builder's small shared pieces: `h` (one DOM element with its attributes and children) and the text box
// under the form (typing checks it by line with POST /api/validate; "Cargar en el formulario" and uploads load it
// into the form). Split from builder.js, which keeps the form itself.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k in el && typeof v !== "string") el[k] = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c.nodeType ? c : String(c));
  return el;
}

// els: {textarea, formatSel, toForm, sourceErrors}; t: the page's messages; onEdit(): the text was edited by hand;
// onLoad(answer): a checked text whose document the form can take.
export function wireSource({ textarea, formatSel, toForm, sourceErrors }, t, onEdit, onLoad) {
  let textTimer = null;
  textarea.addEventListener("input", () => {
    onEdit();
    toForm.hidden = false;
    clearTimeout(textTimer);
    textTimer = setTimeout(checkText, 400);
  });
  async function checkText() {
    const body = textarea.value;
    // /api/validate takes JSON or YAML by their content types only: "detectar" decides here as the server's loader
    // does (parse_text): a text starting with "{" is JSON, any other YAML.
    const json = formatSel.value === "json" || (formatSel.value === "auto" && /^\s*\{/.test(body));
    let answer;
    try {
      const r = await fetch("/api/validate", { method: "POST", headers: { "Content-Type": json ? "application/json" : "application/yaml" }, body });
      answer = await r.json();
    } catch { return; }
    const errs = answer.errors || [];
    sourceErrors.replaceChildren(errs.length ? h("ul", { class: "line-errors" }, errs.map((e) => h("li", {},
      e.line ? h("strong", {}, t("builder.line", { n: e.line }) + " · ") : null, e.path ? h("code", {}, e.path + ": ") : null, e.message)))
      : h("p", { class: "ok" }, t("builder.valid")));
    return answer;
  }
  toForm.addEventListener("click", async () => {
    const answer = await checkText();
    if (answer && answer.document && typeof answer.document === "object" && onLoad(answer)) toForm.hidden = true;
  });
  const upload = document.getElementById("upload");
  if (upload) {
    upload.addEventListener("change", async () => {
      const file = upload.files && upload.files[0];
      if (!file) return;
      textarea.value = await file.text();
      upload.value = "";
      formatSel.value = "auto";
      textarea.dispatchEvent(new Event("input"));
      toForm.click();
    });
  }
}

/** The descriptions as judge/web/packing.py packed them: each `{"$shared": n}` is shared[n], unpacked once. */
export function unpackShared({ value, shared }) {
  const memo = new Map();
  const build = (v) => {
    if (Array.isArray(v)) return v.map(build);
    if (v && typeof v === "object") {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === "$shared") {
        if (!memo.has(v.$shared)) memo.set(v.$shared, build(shared[v.$shared]));
        return memo.get(v.$shared);
      }
      return Object.fromEntries(keys.map((k) => [k, build(v[k])]));
    }
    return v;
  };
  return build(value);
}
