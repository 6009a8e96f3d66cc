// The view of the yacht_edu game board (an anywidget module).
//
// It draws the state Python sends (model "state": every text already in the learner's language)
// and, when the learner clicks, only *asks*: model.send({intent: ...}).  Python decides and sends
// the new state.  Nothing about the game is decided here: no rule, no score, no turn.
//
// Every click is answered, by Python or, when Python does not answer (a kernel stopped or
// restarted, Notebook 7's New menu), by the view itself with the words of model "words": what to
// do, in the learner's language.  A board with no state yet says it is loading and asks again.
// Each change Python tells (state.said) and each answer of the view's own goes to one polite live
// region the board owns, for a learner who plays with a screen reader.
//
// A redraw builds the new page and morphs the old one into it, so that the element under the
// pointer and the one with the keyboard focus survive every update (a click that starts before
// an update and ends after it still lands on its button).

const SVG = "http://www.w3.org/2000/svg";

function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

function svg(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** A die drawn with pips (an empty die for null) from `die`, the picture Python sends in the
 *  state (die_drawing: the view box, the body, the pip radius, each face's pip centres), the
 *  same picture as the package's die_svg.  The colours are the stylesheet's. */
function dieFace(die, face, className = "yacht-pips") {
  const picture = svg("svg", { viewBox: die.view_box, class: className, "aria-hidden": "true" });
  picture.append(svg("rect", { ...die.body, class: "yacht-die-body" }));
  for (const [cx, cy] of die.pips[face] || []) {
    picture.append(svg("circle", { cx, cy, r: die.pip, class: "yacht-pip" }));
  }
  return picture;
}

function lock() {
  const picture = svg("svg", { viewBox: "0 0 24 24", class: "yacht-lock", "aria-hidden": "true" });
  picture.append(svg("path", { d: "M7 11V8a5 5 0 0 1 10 0v3", fill: "none", "stroke-width": "2.6" }));
  picture.append(svg("rect", { x: 4, y: 11, width: 16, height: 11, rx: 2 }));
  return picture;
}

/** Left-to-right text inside a right-to-left page (numbers, dice): isolated, in order. */
const ltr = (text, className = "yacht-number") => h("bdi", { dir: "ltr", class: className }, text);

/** Make `from` look like `to`, keeping every element that is still there (morphing). */
function morph(from, to) {
  for (const { name } of [...from.attributes]) {
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  // A number box shows what Python holds, except while the learner is typing in it.
  if (from.tagName === "INPUT" && from !== document.activeElement &&
      from.value !== to.getAttribute("value")) {
    from.value = to.getAttribute("value");
  }
  const old = [...from.childNodes];
  const fresh = [...to.childNodes];
  fresh.forEach((node, index) => {
    const there = old[index];
    if (!there) {
      from.append(node);
    } else if (there.nodeType !== node.nodeType || there.nodeName !== node.nodeName ||
               (node.nodeType === 1 && there.getAttribute("data-key") !== node.getAttribute("data-key"))) {
      from.replaceChild(node, there);
    } else if (node.nodeType === 3) {
      if (there.data !== node.data) there.data = node.data;
    } else if (node.nodeType === 1) {
      morph(there, node);
    }
  });
  old.slice(fresh.length).forEach((node) => node.remove());
}

function control(tag, key, intent, attributes, ...children) {
  return h(tag, { "data-key": key, "data-intent": JSON.stringify(intent), ...attributes }, ...children);
}

// -- the parts of the board ----------------------------------------------------------------------

/** What the learner reads about their last click, and the control it answers: Python's refusal,
 *  or the view's own "working it out…" while a solve holds Python; nothing once dismissed. */
function answerOf(state, view) {
  if (view.local) return view.local;
  if (!state.message || view.dismissed === state.message_number) return { text: "", at: "" };
  return { text: state.message, at: state.message_at };
}

// The bubble is for the eyes; a screen reader hears the same words from the live region.
function message(answer) {
  return h("div", { class: ["yacht-message", answer.lost && "yacht-lost"].filter(Boolean).join(" "),
                    "data-key": "message" }, answer.text || "");
}

function diceBar(state, answer) {
  if (state.final) return finalBox(state, answer);
  const dice = state.dice.map((die, position) => control(
    "button", die.key, { intent: "hold", die: position },
    {
      class: ["yacht-die", `yacht-face-${die.face || 0}`, die.held && "yacht-held",
              die.locked && "yacht-locked"].filter(Boolean).join(" "),
      "aria-label": die.label, title: die.label,
      "aria-disabled": die.locked ? "true" : null,
      "aria-pressed": die.face ? String(die.held) : null,
    },
    dieFace(state.die, die.face), die.held ? lock() : null));
  const roll = state.roll;
  const locked = roll.locked || state.settling;
  const button = control("button", "roll", { intent: "roll" }, {
    class: ["yacht-roll", locked && "yacht-locked", state.settling && "yacht-rolling"]
      .filter(Boolean).join(" "),
    "aria-disabled": locked ? "true" : null, title: roll.title || null,
  }, h("span", { class: "yacht-roll-word" }, roll.text),
     roll.left ? [" ", h("span", { class: "yacht-roll-left" }, roll.left)] : null);
  const row = h("div", {
    class: ["yacht-dice", state.landing && "yacht-landing"].filter(Boolean).join(" "),
    role: "group", "aria-label": state.dice_label, dir: "ltr", "data-key": "dice",
  }, dice);
  const answers = !answer.at.startsWith("box-");  // a box is answered on the scorecard
  return h("div", { class: "yacht-dice-bar", "data-key": "dice-bar" }, row, button,
           answers ? message(answer) : null);
}

function finalBox(state, answer) {
  const final = state.final;
  const places = final.ranking.map((entry) => h("li", { class: "yacht-rank" },
    h("span", { class: "yacht-place" }, ltr(entry.place)), " ",
    h("span", { class: "yacht-rank-name" }, entry.name), " ",
    h("span", { class: "yacht-rank-points" }, entry.points)));
  return h("div", { class: "yacht-final", "data-key": "final" },
    h("div", { class: "yacht-final-heading" }, final.heading),
    h("ol", { class: "yacht-ranking" }, places),
    control("button", "new-game", { intent: "new_game" }, { class: "yacht-new-game" }, final.new_game),
    message(answer));
}

function scorecard(state, answer) {
  const card = state.card;
  const head = h("tr", {},
    h("th", { class: "yacht-box-name", scope: "col" }, card.box_heading),
    card.players.map((player) => h("th", {
      scope: "col", class: ["yacht-player", player.current && "yacht-current"].filter(Boolean).join(" "),
    }, player.heading)));
  const rows = card.rows.map((row) => {
    if (row.kind === "sum") {
      return h("tr", { class: `yacht-sum-row yacht-sum-${row.key}` },
        h("th", { scope: "row", class: "yacht-box-name" }, h("span", { class: "yacht-sum-name" }, row.name)),
        row.cells.map((text, column) => h("td", {
          class: ["yacht-sum", row.key === "total" && "yacht-total",
                  card.players[column].current && "yacht-current"].filter(Boolean).join(" "),
          "data-player": card.players[column].name,
        }, row.key === "bonus" ? h("span", { class: "yacht-number" }, text) : ltr(text))));
    }
    return h("tr", { class: `yacht-row yacht-row-${row.box} yacht-${row.section}` },
      h("th", { scope: "row", class: "yacht-box-name" }, row.name),
      row.cells.map((cell, column) => {
        const current = card.players[column].current;
        const open = cell.state === "open";
        const button = control("button", cell.key,
          { intent: "score", player: cell.player, box: cell.box }, {
            class: ["yacht-box", `yacht-category-${cell.box}`, `yacht-${cell.state}`,
                    cell.zero && "yacht-zero"].filter(Boolean).join(" "),
            "data-player": cell.player,
            "aria-label": cell.label,
            title: cell.title,
            "aria-disabled": open ? null : "true",
            tabindex: current || cell.state === "filled" ? null : "-1",
          }, ltr(cell.text));
        return h("td", { class: ["yacht-cell", current && "yacht-current"].filter(Boolean).join(" ") },
                 button, answer.at === cell.key ? message(answer) : null);
      }));
  });
  return h("table", {
    class: "yacht-scorecard", "data-key": "card",
    style: `--players: ${card.players.length}`,
  }, h("thead", {}, head), h("tbody", {}, rows));
}

function switches(state) {
  return h("div", { class: "yacht-toolbar", "data-key": "toolbar" }, state.switches.map((switcher) =>
    control("button", switcher.key, { intent: "panel", panel: switcher.name, on: !switcher.on }, {
      class: `yacht-switch yacht-${switcher.name}-switch`, role: "switch",
      "aria-checked": String(switcher.on),
    }, h("span", { class: "yacht-switch-mark", "aria-hidden": "true" }), switcher.label)));
}

function chancesPanel(chances, view) {
  if (chances.note) return h("section", { class: "yacht-panel yacht-chances" }, h("p", {}, chances.note));
  const exact = view.showExact;
  const rows = chances.rows.map((row) => h("tr", { class: `yacht-chance yacht-chance-${row.kind}` },
    h("th", { scope: "row" }, row.name),
    h("td", { class: "yacht-chance-shown" },
      h("span", { class: "yacht-bar", style: `width: ${Math.round(60 * row.bar)}px`, "aria-hidden": "true" }),
      ltr(row.shown)),
    exact ? h("td", { class: "yacht-exact" }, ltr(row.exact)) : null));
  const columns = chances.columns.slice(0, exact ? 3 : 2).map((text) => h("th", { scope: "col" }, text));
  return h("section", { class: "yacht-panel yacht-chances", "data-key": "chances" },
    h("h3", {}, chances.heading),
    h("ul", { class: "yacht-explain" }, chances.explain.map((line) => h("li", {}, line))),
    h("table", {}, h("thead", {}, h("tr", {}, columns)), h("tbody", {}, rows)),
    h("button", { class: "yacht-exact-toggle", "data-key": "exact", "data-local": "exact",
                  "aria-pressed": String(exact) }, exact ? chances.exact_off : chances.exact_on));
}

function solvingBar(progress, solving) {
  const known = progress >= 0;
  return h("div", { class: "yacht-solving" },
    h("progress", { class: "yacht-progress", max: "100", value: known ? String(progress) : null,
                    "aria-label": solving }),
    h("span", {}, solving, known ? [" ", ltr(`${progress} %`)] : null));
}

function coachPanel(coach, progress, solving, die) {
  if (coach.note) return h("section", { class: "yacht-panel yacht-coach-panel" }, h("p", {}, coach.note));
  if (coach.working) {  // the first answer is being worked out: at once a sign of it
    return h("section", { class: "yacht-panel yacht-coach-panel", "data-key": "coach" },
      h("h3", {}, coach.heading), solvingBar(progress, solving));
  }
  const modes = coach.modes.length > 1 ? h("div", { class: "yacht-modes", role: "radiogroup" },
    coach.modes.map((mode) => control("button", `mode-${mode.name}`, { intent: "coach_mode", mode: mode.name }, {
      class: "yacht-mode", role: "radio", "aria-checked": String(mode.name === coach.mode),
    }, mode.label))) : null;
  const rows = (coach.rows || []).map((row) => h("tr", {
    class: ["yacht-coach-choice", row.best && "yacht-best"].filter(Boolean).join(" "),
  }, row.cells.map((text, column) => h(column === 1 ? "th" : "td", column === 1 ? { scope: "row" } : {},
    column === 1 && row.dice.length
      ? h("span", { class: "yacht-coach-dice", dir: "ltr", "aria-hidden": "true" },
          row.dice.map((face) => dieFace(die, face, "yacht-small-die")))
      : null,
    column === 1 ? text : ltr(text)))));
  // The ranked table scrolls in its own box: the keyboard can reach it to scroll it too.
  const table = rows.length ? h("div", {
    class: "yacht-coach-scroll", tabindex: "0", role: "region", "aria-label": coach.heading,
  }, h("table", { class: "yacht-coach-table" },
    h("thead", {}, h("tr", {}, coach.columns.map((text) => h("th", { scope: "col" }, text)))),
    h("tbody", {}, rows))) : null;
  return h("section", { class: "yacht-panel yacht-coach-panel", "data-key": "coach" },
    h("h3", {}, coach.heading), modes, coach.target ? targetBox(coach.target) : null,
    progress >= 0 || coach.busy ? solvingBar(progress, solving) : null,
    h("p", { class: "yacht-coach-sentence" }, coach.sentence),
    coach.luck ? h("div", { class: "yacht-luck" }, h("h4", {}, coach.luck.heading),
      h("ul", {}, coach.luck.lines.map((line) => h("li", {}, line))), h("p", {}, coach.luck.moral)) : null,
    coach.why ? h("p", { class: "yacht-why" }, coach.why) : null,
    // what ± means comes before the table, so that it is read with the advice on a small screen
    coach.spread ? h("p", { class: "yacht-spread-note" }, coach.spread) : null,
    table);
}

/** The target mode's number box (the learner's target), or the leader's score to beat. */
function targetBox(target) {
  if (target.auto) return h("p", { class: "yacht-target yacht-beat-leader" }, target.text);
  return h("label", { class: "yacht-target" }, target.text, " ",
    h("input", { type: "number", min: "0", step: "1", value: String(target.value),
                 class: "yacht-target-input", "data-key": "target", "data-change": "coach_target",
                 dir: "ltr" }));
}

function board(state, view, progress) {
  const parts = new Set(state.parts);
  const answer = answerOf(state, view);
  const main = [];
  if (parts.has("dice")) main.push(diceBar(state, answer));
  if (parts.has("card")) main.push(scorecard(state, answer));
  if (!parts.has("dice") && answer.text) main.push(message(answer));
  const side = [];  // the coach first: its advice stays on a small screen, "my chances" below it
  if (state.coach) side.push(coachPanel(state.coach, progress, state.solving, state.die));
  if (state.chances) side.push(chancesPanel(state.chances, view));
  const heading = h("div", { class: "yacht-heading", "data-key": "heading" },
    h("span", { class: "yacht-title" }, state.title),
    h("span", { class: "yacht-status" }, state.status),
    parts.has("panels") ? switches(state) : null);
  return h("div", {
    class: ["yacht-game", state.dir === "rtl" && "yacht-rtl"].filter(Boolean).join(" "),
    dir: state.dir, lang: state.lang, role: "region", "aria-label": state.title,
  }, heading, h("div", { class: "yacht-main" },
    main.length ? h("div", { class: "yacht-play" }, main) : null,
    side.length ? h("div", { class: "yacht-side" }, side) : null),
    said(view));
}

/** The board before Python's state has reached it: "loading", and the view's own answer. */
function loading(words, view) {
  return h("div", {
    class: ["yacht-game", "yacht-loading", words.dir === "rtl" && "yacht-rtl"].filter(Boolean).join(" "),
    dir: words.dir || null, lang: words.lang || null, role: "region", "aria-busy": "true",
  }, h("p", { class: "yacht-loading-words", "data-key": "loading" }, words.loading || "…"),
     view.local ? message(view.local) : null, said(view));
}

/** The board's live region: polite, so a screen reader says it after what it is saying. */
function said(view) {
  return h("div", { class: "yacht-said", role: "status", "aria-live": "polite",
                    "aria-atomic": "true", "data-key": "said" }, view.spoken);
}

// -- the widget ----------------------------------------------------------------------------------

/** The part of the page the board is shown in: the widget's own box, within the window. */
function room(el) {
  const box = el.getBoundingClientRect();
  return { left: Math.max(box.left, 0), right: Math.min(box.right, window.innerWidth),
           top: box.top, bottom: box.bottom };
}

/** A refusal on the scorecard is placed beside its box and kept whole inside the board's room:
 *  moved sideways rather than cut, and above its box when there is no room below. */
function placeAnswers(root, el) {
  for (const bubble of root.querySelectorAll(".yacht-cell > .yacht-message")) {
    if (!bubble.textContent) continue;
    const space = room(el);
    bubble.style.maxWidth = `min(26em, ${Math.max(space.right - space.left - 8, 80)}px)`;
    const cell = bubble.parentElement.getBoundingClientRect();
    const wide = bubble.getBoundingClientRect().width;
    const rtl = getComputedStyle(root).direction === "rtl";
    const wanted = rtl ? cell.left : cell.right - wide;  // aligned with the box's far edge
    const left = Math.min(Math.max(wanted, space.left + 4), space.right - 4 - wide);
    bubble.style.left = `${left - cell.left}px`;
    bubble.style.right = "auto";
    const high = bubble.getBoundingClientRect().height;
    if (cell.bottom + high > space.bottom && cell.top - high >= space.top) {
      bubble.style.top = "auto";
      bubble.style.bottom = "100%";
    }
  }
}

/** Whether the page is Jupyter Notebook 7's (its page configuration says so; JupyterLab's,
 *  Voilà's and marimo's do not). */
function inNotebook7() {
  try {
    const config = document.getElementById("jupyter-config-data");
    return Boolean(config) && JSON.parse(config.textContent).appName === "Jupyter Notebook";
  } catch (error) {
    return false;
  }
}

/** How long a refusal stays up unless the learner clicks again, in milliseconds. */
const SHOWN_FOR = 6000;
/** How long the view waits for Python to answer a click before it says that Python has not
 *  answered, in milliseconds (a click is answered in under 0.1 s on a loaded class server; a
 *  board whose panels work out a move may take a second or two). */
const NO_ANSWER = 5000;

/** The controls a focus lost with its element goes to, in this order. */
const FOCUS_AFTER = ["roll", "new-game"];

function render({ model, el }) {
  const view = {
    showExact: false, dismissed: -1, local: null, timer: null, shown: null,
    spoken: "", spokenCount: 0, saidKey: null, waiting: null, lost: false, resent: false,
  };
  let root = null;
  const words = () => model.get("words") || {};
  const ready = (state) => Boolean(state && state.parts);
  /** Tell the live region ``text`` (the same words twice in a row are told twice). */
  const speak = (text) => {
    view.spokenCount += 1;
    view.spoken = text ? text + (view.spokenCount % 2 ? "" : "\u00a0") : "";
  };
  const draw = () => {
    const state = model.get("state");
    if (view.local && !view.local.lost && !busy()) view.local = null;  // the solve is over
    if (ready(state) && state.said && state.said.key !== view.saidKey) {
      if (view.saidKey !== null && state.said.text) speak(state.said.text);
      view.saidKey = state.said.key;
    }
    if (!ready(state) && !view.resent) {  // nothing to draw: ask Python for its state again
      view.resent = true;
      ask({ intent: "resend" }, "loading");
    }
    const next = ready(state) ? board(state, view, model.get("progress")) : loading(words(), view);
    const focused = root && root.contains(document.activeElement)
      ? document.activeElement.getAttribute("data-key") : null;
    if (root === null) {
      root = next;
      el.append(root);
    } else {
      morph(root, next);
    }
    if (focused && !root.contains(document.activeElement)) keepFocus(focused);
    placeAnswers(root, el);
    if (!ready(state)) return;
    const answer = answerOf(state, view);
    const shown = answer.text ? `${answer.at}|${view.local ? "local" : state.message_number}` : null;
    if (shown !== view.shown) {  // a new answer: it goes away by itself after a while
      view.shown = shown;
      clearTimeout(view.timer);
      if (shown && !(view.local && view.local.lost)) view.timer = setTimeout(dismiss, SHOWN_FOR);
    }
  };
  /** The focused control was redrawn away (the new game button, once pressed): the focus goes
   *  to the control now in its place, never to the page. */
  const keepFocus = (key) => {
    const there = (name) => root.querySelector(`[data-key="${CSS.escape(name)}"]`);
    const next = [key, ...FOCUS_AFTER].map(there).find(Boolean);
    if (next) next.focus();
  };
  const dismiss = () => {
    const state = model.get("state");
    if (ready(state)) view.dismissed = state.message_number;
    if (!(view.local && view.local.lost)) view.local = null;
    draw();
  };
  /** The view answers a click itself, beside the control clicked, and tells the live region. */
  const answerHere = (text, at, lost = false) => {
    view.local = { text, at, lost };
    speak(text);
    draw();
  };
  // While Python works out a first answer (a solve), a click would wait silently behind it:
  // the view answers it at once instead and sends nothing.
  const busy = () => {
    const state = model.get("state");
    return ready(state) && (model.get("progress") >= 0 ||
      Boolean(state.coach && (state.coach.working || state.coach.busy)));
  };
  /** No answer from Python: say so, with what to do (Notebook 7 has its own words). */
  const noAnswer = (at) => {
    view.waiting = null;
    view.lost = true;
    const said = words();
    answerHere((inNotebook7() && said.no_answer_notebook) || said.no_answer || "…", at, true);
  };
  /** Send ``intent`` to Python, and wait for its answer (any new state). */
  const ask = (intent, at) => {
    try {
      model.send(intent);
    } catch (error) {  // no kernel to send to at all
      noAnswer(at);
      return;
    }
    if (view.lost) {  // Python has not answered before: say so again at once, beside this click
      noAnswer(at);
      return;
    }
    if (view.waiting === null) view.waiting = setTimeout(() => noAnswer(at), NO_ANSWER);
  };
  /** Python has answered: whatever the view said meanwhile of its silence is taken back. */
  const answered = () => {
    clearTimeout(view.waiting);
    view.waiting = null;
    view.resent = false;
    if (view.lost) {
      view.lost = false;
      if (view.local && view.local.lost) view.local = null;
    }
  };
  const clicked = (event) => {
    // Any click on the board takes the last answer away: it has been read, or it is in the way.
    const state = model.get("state");
    if (root.contains(event.target) && ready(state) && answerOf(state, view).text &&
        !view.lost) dismiss();
    if (!ready(state) && root.contains(event.target)) {  // a loading board: ask once more
      ask({ intent: "resend" }, "loading");
      return;
    }
    const target = event.target.closest("[data-intent], [data-local]");
    if (!target || !root.contains(target)) return;
    // The second click of a double click is part of the same gesture: it acted once already.
    if (event.detail > 1) return;
    if (target.dataset.local === "exact") {
      view.showExact = !view.showExact;
      draw();
      return;
    }
    if (busy()) {
      answerHere(state.working, target.dataset.key || "");
      return;
    }
    ask(JSON.parse(target.dataset.intent), target.dataset.key || "");
  };
  // A number box sends its value when the learner leaves it or presses Enter (the notebook
  // would otherwise take Enter for itself).  Python checks the number: a box left empty or not
  // whole asks again for the target Python holds.
  const changed = (event) => {
    const box = event.target.closest("[data-change]");
    if (!box || !root.contains(box)) return;
    if (event.type === "keydown") {
      if (event.key !== "Enter") return;
      event.preventDefault();
      event.stopPropagation();
    }
    const value = Number(box.value);
    ask({ intent: box.dataset.change,
          target: box.value !== "" && Number.isInteger(value) ? value : null }, box.dataset.key);
  };
  // The keyboard leaves the control an answer stands beside: the answer goes, so that it never
  // hides the control the focus moves to.
  const focusMoved = (event) => {
    const state = model.get("state");
    if (!ready(state) || view.lost) return;
    const answer = answerOf(state, view);
    const key = event.target.getAttribute && event.target.getAttribute("data-key");
    if (answer.text && key && key !== answer.at) dismiss();
  };
  const fromPython = () => {
    answered();
    draw();
  };
  el.addEventListener("click", clicked);
  el.addEventListener("change", changed);
  el.addEventListener("keydown", changed);
  el.addEventListener("focusin", focusMoved);
  model.on("change:state", fromPython);
  model.on("change:progress", fromPython);
  draw();
  return () => {
    el.removeEventListener("click", clicked);
    el.removeEventListener("change", changed);
    el.removeEventListener("keydown", changed);
    el.removeEventListener("focusin", focusMoved);
    model.off("change:state", fromPython);
    model.off("change:progress", fromPython);
    clearTimeout(view.timer);
    clearTimeout(view.waiting);
  };
}

export default { render };
