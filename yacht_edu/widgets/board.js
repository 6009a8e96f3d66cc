// The view of the yacht_edu game board (an anywidget module).
//
// It draws the state Python sends (model "state": every text already in the learner's language)
// and, when the learner clicks, only *asks*: model.send({intent: ...}).  Python decides and sends
// the new state.  Nothing about the game is decided here: no rule, no score, no turn.
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
function said(state, view) {
  if (view.local) return view.local;
  if (!state.message || view.dismissed === state.message_number) return { text: "", at: "" };
  return { text: state.message, at: state.message_at };
}

function message(text) {
  return h("div", { class: "yacht-message", role: "alert", "data-key": "message" }, text || "");
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
           answers ? message(answer.text) : null);
}

function finalBox(state, answer) {
  const final = state.final;
  const places = final.ranking.map((entry) => h("li", { class: "yacht-rank" },
    h("span", { class: "yacht-place" }, ltr(entry.place)), " ",
    h("span", { class: "yacht-rank-name" }, entry.name), " ",
    h("span", { class: "yacht-rank-points" }, entry.points)));
  return h("div", { class: "yacht-final", "data-key": "final", role: "status" },
    h("div", { class: "yacht-final-heading" }, final.heading),
    h("ol", { class: "yacht-ranking" }, places),
    control("button", "new-game", { intent: "new_game" }, { class: "yacht-new-game" }, final.new_game),
    message(answer.text));
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
        h("th", { scope: "row", class: "yacht-box-name" }, row.name),
        row.cells.map((text, column) => h("td", {
          class: ["yacht-sum", row.key === "total" && "yacht-total",
                  card.players[column].current && "yacht-current"].filter(Boolean).join(" "),
          "data-player": card.players[column].name,
        }, ltr(text))));
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
                 button, answer.at === cell.key ? message(answer.text) : null);
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
  return h("div", { class: "yacht-solving", role: "status" },
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
  const table = rows.length ? h("div", { class: "yacht-coach-scroll" }, h("table", { class: "yacht-coach-table" },
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
  const answer = said(state, view);
  const main = [];
  if (parts.has("dice")) main.push(diceBar(state, answer));
  if (parts.has("card")) main.push(scorecard(state, answer));
  if (!parts.has("dice") && answer.text) main.push(message(answer.text));
  const side = [];  // the coach first: its advice stays on a small screen, "my chances" below it
  if (state.coach) side.push(coachPanel(state.coach, progress, state.solving, state.die));
  if (state.chances) side.push(chancesPanel(state.chances, view));
  const heading = h("div", { class: "yacht-heading", "data-key": "heading" },
    h("span", { class: "yacht-title" }, state.title),
    h("span", { class: "yacht-status" }, state.status),
    parts.has("panels") ? switches(state) : null);
  return h("div", {
    class: ["yacht-game", state.dir === "rtl" && "yacht-rtl"].filter(Boolean).join(" "),
    dir: state.dir, lang: state.lang,
  }, heading, h("div", { class: "yacht-main" },
    main.length ? h("div", { class: "yacht-play" }, main) : null,
    side.length ? h("div", { class: "yacht-side" }, side) : null));
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

/** How long a refusal stays up unless the learner clicks again, in milliseconds. */
const SHOWN_FOR = 6000;

function render({ model, el }) {
  const view = { showExact: false, dismissed: -1, local: null, timer: null, shown: null };
  let root = null;
  const draw = () => {
    const state = model.get("state");
    if (view.local && !busy()) view.local = null;  // the solve is over: clicks act again
    const next = board(state, view, model.get("progress"));
    if (root === null) {
      root = next;
      el.append(root);
    } else {
      morph(root, next);
    }
    placeAnswers(root, el);
    const answer = said(state, view);
    const shown = answer.text ? `${answer.at}|${view.local ? "local" : state.message_number}` : null;
    if (shown !== view.shown) {  // a new answer: it goes away by itself after a while
      view.shown = shown;
      clearTimeout(view.timer);
      if (shown) view.timer = setTimeout(dismiss, SHOWN_FOR);
    }
  };
  const dismiss = () => {
    const state = model.get("state");
    view.dismissed = state.message_number;
    view.local = null;
    draw();
  };
  // While Python works out a first answer (a solve), a click would wait silently behind it:
  // the view answers it at once instead and sends nothing.
  const busy = () => {
    const state = model.get("state");
    return model.get("progress") >= 0 ||
      Boolean(state.coach && (state.coach.working || state.coach.busy));
  };
  const clicked = (event) => {
    // Any click on the board takes the last answer away: it has been read, or it is in the way.
    if (root.contains(event.target) && said(model.get("state"), view).text) dismiss();
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
      view.local = { text: model.get("state").working, at: target.dataset.key || "" };
      draw();
      return;
    }
    model.send(JSON.parse(target.dataset.intent));
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
    model.send({ intent: box.dataset.change,
                 target: box.value !== "" && Number.isInteger(value) ? value : null });
  };
  el.addEventListener("click", clicked);
  el.addEventListener("change", changed);
  el.addEventListener("keydown", changed);
  model.on("change:state", draw);
  model.on("change:progress", draw);
  draw();
  return () => {
    el.removeEventListener("click", clicked);
    el.removeEventListener("change", changed);
    el.removeEventListener("keydown", changed);
    model.off("change:state", draw);
    model.off("change:progress", draw);
    clearTimeout(view.timer);
  };
}

export default { render };
