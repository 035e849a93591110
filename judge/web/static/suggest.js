// Suggestions as you type in a search box: rule numbers, card names, glossary terms (GET /api/suggest).
//
// Plain JavaScript, no build step. Progressive enhancement: without this script the box is an ordinary search
// field of a GET form. With it, an <input data-suggest="/api/suggest"> becomes an ARIA 1.2 combobox (the
// WAI-ARIA Authoring Practices "list autocomplete" pattern): role=combobox, aria-expanded, aria-controls, and
// aria-activedescendant pointing at the highlighted option of a role=listbox popup; focus stays in the box.
// Keys: Down/Up move through the options (Down opens the list), Enter searches for the highlighted option,
// Escape closes the list (a second Escape empties the box), Tab leaves it. A polite live region says how many
// suggestions there are. Messages come from the input's data-suggest-* attributes (the page's language).
"use strict";

(function () {
  const DELAY_MS = 120;
  const LIMIT = 8;
  let instances = 0;

  function enhance(input) {
    if (input.dataset.suggestReady) return;
    input.dataset.suggestReady = "1";
    const n = ++instances;
    const form = input.form;
    const endpoint = input.dataset.suggest;
    const listId = (input.id || "suggest-" + n) + "-suggestions";

    // The popup sits under the box, inside a positioned wrapper so it never widens the page.
    const wrapper = document.createElement("div");
    wrapper.className = "suggest";
    input.parentNode.insertBefore(wrapper, input);
    wrapper.appendChild(input);
    const list = document.createElement("ul");
    list.id = listId;
    list.className = "suggestions";
    list.setAttribute("role", "listbox");
    list.setAttribute("aria-label", input.dataset.suggestLabel || "Suggestions");
    list.hidden = true;
    wrapper.appendChild(list);
    const status = document.createElement("p");
    status.className = "visually-hidden";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    wrapper.appendChild(status);

    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", listId);
    input.setAttribute("autocomplete", "off");

    let items = [];        // the suggestions shown
    let active = -1;       // index of the highlighted option, -1 for none
    let timer = 0;
    let sequence = 0;      // answers to older keystrokes are dropped
    let controller = null;
    let lastQuery = null;

    function isOpen() {
      return !list.hidden;
    }

    function open() {
      if (!items.length) return;
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
    }

    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      setActive(-1);
    }

    function setActive(index) {
      const options = list.children;
      if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
      active = index;
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "true");
        input.setAttribute("aria-activedescendant", options[active].id);
        options[active].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function render(suggestions) {
      items = suggestions;
      active = -1;
      input.removeAttribute("aria-activedescendant");
      list.textContent = "";
      suggestions.forEach(function (s, i) {
        const li = document.createElement("li");
        li.id = listId + "-" + i;
        li.className = "suggestion";
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        li.dataset.kind = s.kind;
        li.dataset.value = s.value;
        const label = document.createElement("span");
        label.className = "s-label";
        label.textContent = s.label;
        if (s.lang) label.lang = s.lang;
        li.appendChild(label);
        const kind = document.createElement("span");
        kind.className = "s-kind";
        kind.textContent = s.kind_label || s.kind;
        li.appendChild(kind);
        if (s.detail) {
          const detail = document.createElement("span");
          detail.className = "s-detail";
          detail.textContent = s.detail;
          li.appendChild(detail);
        }
        // Keep the focus in the box when an option is pressed; the click chooses it.
        li.addEventListener("mousedown", function (event) { event.preventDefault(); });
        li.addEventListener("click", function () { choose(i); });
        list.appendChild(li);
      });
      const template = suggestions.length ? input.dataset.suggestCount : input.dataset.suggestNone;
      status.textContent = (template || "").replace("{n}", String(suggestions.length));
      if (suggestions.length && document.activeElement === input) open(); else close();
    }

    function choose(index) {
      const s = items[index];
      if (!s) return;
      input.value = s.value;
      close();
      if (form) {
        if (form.requestSubmit) form.requestSubmit(); else form.submit();
      }
    }

    function fetchSuggestions() {
      const query = input.value.trim();
      if (query === lastQuery) {
        if (items.length) open();
        return;
      }
      lastQuery = query;
      if (!query) {
        render([]);
        return;
      }
      const mine = ++sequence;
      if (controller) controller.abort();
      controller = window.AbortController ? new AbortController() : null;
      const url = endpoint + "?q=" + encodeURIComponent(query) + "&limit=" + LIMIT;
      fetch(url, { headers: { Accept: "application/json" }, signal: controller ? controller.signal : undefined })
        .then(function (response) { return response.ok ? response.json() : { suggestions: [] }; })
        .then(function (data) {
          if (mine === sequence) render(Array.isArray(data.suggestions) ? data.suggestions : []);
        })
        .catch(function () { /* offline or aborted: the box still works as a plain search field */ });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(fetchSuggestions, DELAY_MS);
    });

    input.addEventListener("keydown", function (event) {
      if (event.isComposing) return;
      switch (event.key) {
        case "ArrowDown":
          event.preventDefault();
          if (!isOpen()) {
            if (!items.length) { fetchSuggestions(); return; }
            open();
            if (!event.altKey) setActive(0);
          } else {
            setActive(active + 1 < items.length ? active + 1 : 0);
          }
          break;
        case "ArrowUp":
          if (!isOpen()) return;
          event.preventDefault();
          setActive(active > 0 ? active - 1 : items.length - 1);
          break;
        case "Enter":
          if (isOpen() && active >= 0) {
            event.preventDefault();
            choose(active);
          }
          break;  // no option highlighted: the form submits what was typed
        case "Escape":
          if (isOpen()) {
            event.preventDefault();
            close();
          } else if (input.value) {
            event.preventDefault();
            input.value = "";
            lastQuery = null;
            render([]);
          }
          break;
        case "Tab":
          close();
          break;
        default:
          break;
      }
    });

    input.addEventListener("blur", function () { close(); });
    input.addEventListener("focus", function () {
      if (items.length && input.value.trim() === lastQuery) open();
    });
  }

  function start() {
    document.querySelectorAll("input[data-suggest]").forEach(enhance);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
