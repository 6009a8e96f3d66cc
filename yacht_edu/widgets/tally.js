// The die tally's view: it draws the state it is sent and only asks Python to change it.
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "yacht-tally";
  el.appendChild(root);

  const make = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const ask = (content) => model.send(content);

  function draw() {
    const labels = model.get("labels");
    const counts = model.get("counts");
    const expected = model.get("per_face");
    const most = Math.max(1, expected, ...counts);
    root.replaceChildren();
    root.dir = model.get("direction");
    root.appendChild(make("div", "yacht-tally-title", labels.title));
    if (labels.group) root.appendChild(make("div", "yacht-tally-group", labels.group));

    const faces = make("div", "yacht-tally-faces");
    for (let face = 1; face <= 6; face++) {
      const button = make("button", "yacht-tally-face", String(face));
      button.setAttribute("aria-label", `${labels.face} ${face}`);
      button.addEventListener("click", () => ask({ intent: "face", face }));
      faces.appendChild(button);
    }
    root.appendChild(faces);

    const typed = make("div", "yacht-tally-typed");
    const input = make("input", "yacht-tally-input");
    input.placeholder = labels.typed;
    const add = make("button", "yacht-tally-add", labels.add);
    const send = () => { ask({ intent: "type", text: input.value }); input.value = ""; };
    add.addEventListener("click", send);
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") send(); });
    typed.append(input, add);
    root.appendChild(typed);

    const table = make("table", "yacht-tally-table");
    const head = make("tr");
    for (const key of ["face", "count", "fair", "bar"]) head.appendChild(make("th", "", labels[key]));
    table.appendChild(head);
    counts.forEach((count, i) => {
      const row = make("tr", "yacht-tally-row");
      row.appendChild(make("td", "", String(i + 1)));
      const cell = make("td");
      const box = make("input", "yacht-tally-count");
      box.type = "number"; box.min = "0"; box.value = String(count);
      box.setAttribute("aria-label", `${labels.count} ${i + 1}`);
      box.addEventListener("change", () => ask({ intent: "count", face: i + 1, count: box.value }));
      cell.appendChild(box);
      row.appendChild(cell);
      row.appendChild(make("td", "yacht-tally-fair", expected.toFixed(1)));
      const bar = make("td", "yacht-tally-bars");
      const own = make("div", "yacht-tally-bar"); own.style.width = `${(100 * count) / most}%`;
      const fair = make("div", "yacht-tally-fair-bar"); fair.style.left = `${(100 * expected) / most}%`;
      bar.append(own, fair);
      row.appendChild(bar);
      table.appendChild(row);
    });
    root.appendChild(table);

    root.appendChild(make("div", "yacht-tally-total", labels.total));
    root.appendChild(make("div", "yacht-tally-result", model.get("result")));

    const tools = make("div", "yacht-tally-tools");
    const undo = make("button", "yacht-tally-undo", labels.undo);
    undo.addEventListener("click", () => ask({ intent: "undo" }));
    const clear = make("button", "yacht-tally-clear", labels.clear);
    clear.addEventListener("click", () => ask({ intent: "clear" }));
    const path = make("input", "yacht-tally-path");
    path.value = model.get("path");
    path.setAttribute("aria-label", labels.file);
    const save = make("button", "yacht-tally-save", labels.save);
    save.addEventListener("click", () => ask({ intent: "save", path: path.value }));
    const load = make("button", "yacht-tally-load", labels.load);
    load.addEventListener("click", () => ask({ intent: "load", path: path.value }));
    tools.append(undo, clear, path, save, load);
    root.appendChild(tools);
    root.appendChild(make("div", "yacht-tally-message", model.get("message")));
  }

  for (const name of ["counts", "per_face", "labels", "result", "message", "path", "direction"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
}
export default { render };
