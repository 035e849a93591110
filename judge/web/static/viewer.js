// The step-by-step viewer of a run page (templates/run.html). Plain JavaScript, no build step.
//
// The server renders every step with the picture of the board after it; without this script the page shows them
// all, one after the other. With it, one game step at a time: previous/next buttons, the ← and → keys (Home and
// End for the first and last), a counter read out by screen readers ("paso 12 de 46"), the list of steps to jump
// to, and the step in the URL (#paso-12) so that a link opens at it. A step whose board did not change shows the
// board drawn at the earlier step (the server renders each distinct board once). An expectation check (listed
// apart, after the game steps) opens at the game step it follows, with the check itself brought into view.

// A run posted from a form gets its own address (a GET of the same run, article[data-url]) in the browser's
// history: back, forward and reload then find the run again rather than a form to resend (or a 405).
const runArticle = document.querySelector("article.run[data-url]");
if (runArticle) {
  const here = new URL(location.href);
  const target = new URL(runArticle.dataset.url, location.href);
  if (here.pathname + here.search !== target.pathname + target.search) {
    history.replaceState(history.state, "", target.pathname + target.search + here.hash);
  }
}

const viewer = document.querySelector("section.viewer");
const list = viewer && viewer.querySelector("ol.steps");
const steps = list ? Array.from(list.querySelectorAll(":scope > li.run-step")) : [];

if (steps.length) {
  const controls = viewer.querySelector(".step-controls");
  const prev = controls.querySelector("button.prev");
  const next = controls.querySelector("button.next");
  const counter = controls.querySelector(".counter");
  const total = viewer.dataset.total || String(steps.length);
  const counterText = viewer.dataset.counter || "{n} / {total}";
  const index = viewer.querySelector(".step-index");
  const byNumber = new Map(steps.map((li, i) => [li.dataset.step, i]));
  let current = -1;

  viewer.classList.add("js");
  controls.hidden = false;

  // Steps whose board is the one of an earlier step: show a copy of that board, nothing marked as changed.
  for (const note of viewer.querySelectorAll(".same-board[data-same]")) {
    const source = document.getElementById("paso-" + note.dataset.same);
    const body = source && source.querySelector(".board-body");
    if (!body) continue;
    const copy = body.cloneNode(true);
    copy.classList.add("copied");
    for (const changed of copy.querySelectorAll(".changed")) changed.classList.remove("changed");
    for (const changed of copy.querySelectorAll("[data-change]")) changed.removeAttribute("data-change");
    for (const changeNote of copy.querySelectorAll(".change-note")) changeNote.remove();
    note.after(copy);
  }

  function stepOf(hash) {
    // #paso-12: a game step, or an expectation check (then the game step it follows).
    const match = /^#paso-(\d+)$/.exec(hash || "");
    if (!match) return null;
    if (byNumber.has(match[1])) return { at: byNumber.get(match[1]), check: null };
    const check = document.getElementById("paso-" + match[1]);
    if (!check) return null;
    const after = check.querySelector("a.after");
    const game = after && /#paso-(\d+)$/.exec(after.getAttribute("href"));
    return { at: game && byNumber.has(game[1]) ? byNumber.get(game[1]) : 0, check };
  }

  function show(i, { focus = false, updateUrl = true, check = null } = {}) {
    i = Math.max(0, Math.min(steps.length - 1, i));
    if (i !== current) {
      steps.forEach((li, j) => {
        li.hidden = j !== i;
        li.classList.toggle("current", j === i);
      });
      current = i;
      const number = steps[i].dataset.step;
      counter.textContent = counterText.replace("{n}", number).replace("{total}", total);
      prev.disabled = i === 0;
      next.disabled = i === steps.length - 1;
      if (index) {
        for (const item of index.querySelectorAll("li[data-step]")) {
          if (item.dataset.step === number) item.setAttribute("aria-current", "step");
          else item.removeAttribute("aria-current");
        }
      }
      if (updateUrl && !check) history.replaceState(null, "", "#paso-" + number);
    }
    if (check) {
      check.classList.add("target");
      check.scrollIntoView({ block: "nearest" });
      if (focus) check.focus({ preventScroll: true });
    } else if (focus) {
      steps[i].focus({ preventScroll: true });
      steps[i].scrollIntoView({ block: "nearest" });
    }
  }

  function go(delta) {
    show(current + delta);
  }

  prev.addEventListener("click", () => go(-1));
  next.addEventListener("click", () => go(1));

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    const moves = { ArrowLeft: () => go(-1), ArrowRight: () => go(1), Home: () => show(0),
                    End: () => show(steps.length - 1) };
    if (!moves[event.key]) return;
    event.preventDefault();
    moves[event.key]();
  });

  // A link to a step (the step list, "tras el paso 10", a check's number) opens it, focus on it.
  window.addEventListener("hashchange", () => {
    const found = stepOf(location.hash);
    if (found) show(found.at, { focus: true, updateUrl: false, check: found.check });
  });

  const start = stepOf(location.hash);
  show(start ? start.at : 0, { updateUrl: false, check: start && start.check });
  if (start && !start.check) steps[start.at].scrollIntoView({ block: "start" });
}
