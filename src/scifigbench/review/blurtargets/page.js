// The blur-target and probe review page (review/blurtargets/page.py): one figure at a time, keyboard first.
// Decisions made here are kept in `made` (blur targets) and `probeMade` (probes) and downloaded as CSV
// rows of review/blur_targets.csv and review/probes.csv.
(() => {
  const D = window.BLUR_REVIEW;
  const MODES = ["admittance", "inductance"];
  const made = {};   // target_id -> decision row made on this page
  const picked = {}; // "<figure index>/<mode index>" -> index into items()
  const probeMade = {}; // probe_id -> decision row made on this page
  const probeAt = {}; // figure index -> the selected probe's index
  let fi = 0;
  let mi = 0;
  let edited = false; // the expected-answer field was changed by hand for the current selection
  const $ = (id) => document.getElementById(id);

  const fig = () => D.figures[fi];
  const mode = () => fig().modes[MODES[mi]];
  // every selectable thing: the ranked candidates first (in the vetted order when a model vetted them;
  // keys 1-9 and the overlay numbers follow the listed order), then every label OCR read
  const items = () => [
    ...mode().candidates.map((c) => ({ kind: "cand", text: c.text, box: c.box, c })),
    ...fig().labels.map((l) => ({ kind: "label", text: l.text, box: l.box })),
  ];
  const key = () => `${fi}/${mi}`;
  const current = () => picked[key()] ?? 0;
  const selection = () => items()[current()];

  function select(i) {
    const n = items().length;
    if (!n) return;
    picked[key()] = ((i % n) + n) % n;
    edited = false;
    render();
  }

  function decide(row) {
    made[row.target_id] = Object.fromEntries(D.columns.map((c) => [c, row[c] ?? ""]));
    render();
  }

  function accept() {
    const m = mode();
    const it = selection();
    if (!it) return say("no label to accept on this figure");
    const cur = m.current;
    const expected = edited ? $("expected").value.trim() : "";
    const row = { target_id: m.target_id, proposed_text: cur ? cur.text : "", expected_answer: expected };
    if (cur && it.text === cur.text) decide({ ...row, decision: "confirm" });
    else decide({ ...row, decision: "replace", text: it.text });
  }

  function reject() {
    const m = mode();
    if (!m.current) return say(`no ${MODES[mi]} target is proposed: nothing to reject`);
    decide({ target_id: m.target_id, decision: "reject", proposed_text: m.current.text });
  }

  function undo() {
    delete made[mode().target_id];
    render();
  }

  const probes = () => fig().probes;
  const probeIndex = () => Math.min(probeAt[fi] ?? 0, Math.max(0, probes().length - 1));

  function moveProbe(step) {
    if (!probes().length) return say("no probe proposed for this figure");
    probeAt[fi] = Math.min(probes().length - 1, Math.max(0, probeIndex() + step));
    render();
  }

  function decideProbe(decision) {
    const p = probes()[probeIndex()];
    if (!p) return say("no probe proposed for this figure");
    if (decision === null) delete probeMade[p.probe_id];
    else {
      const row = { probe_id: p.probe_id, decision, proposed_text: p.text };
      probeMade[p.probe_id] = Object.fromEntries(D.probe_columns.map((c) => [c, row[c] ?? ""]));
    }
    render();
  }

  function csvField(v) {
    return `"${String(v).replace(/"/g, '""')}"`;
  }

  function download(rowsById, columns, name) {
    const rows = Object.keys(rowsById).sort().map((t) => columns.map((c) => csvField(rowsById[t][c])).join(","));
    const text = [columns.join(","), ...rows].join("\n") + "\n";
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    return rows.length;
  }

  function save() {
    const n = download(made, D.columns, "blur_decisions.csv");
    document.body.dataset.saved = String(n);
    let msg = `saved ${n} decision(s) as blur_decisions.csv: scifigbench review blur import <that file>`;
    if (Object.keys(probeMade).length) {
      const np = download(probeMade, D.probe_columns, "probe_decisions.csv");
      document.body.dataset.savedProbes = String(np);
      msg += `; ${np} probe decision(s) as probe_decisions.csv: scifigbench review probes import <that file>`;
    }
    say(msg);
  }

  function say(msg) {
    $("progress").textContent = msg;
  }

  function esc(s) {
    return String(s).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
  }

  function box(b, cls, scale, title, onClick, tag) {
    const d = document.createElement("div");
    d.className = cls;
    Object.assign(d.style, {
      left: `${b[0] * scale - 1}px`, top: `${b[1] * scale - 1}px`,
      width: `${(b[2] - b[0]) * scale + 2}px`, height: `${(b[3] - b[1]) * scale + 2}px`,
    });
    d.title = title;
    if (tag) d.innerHTML = `<span class="tag">${esc(tag)}</span>`;
    d.addEventListener("click", onClick);
    return d;
  }

  function render() {
    const f = fig();
    const m = mode();
    const its = items();
    const sel = its[current()];
    const stage = $("stage");
    $("fig").src = f.image;
    stage.querySelectorAll(".lab").forEach((e) => e.remove());
    const nc = m.candidates.length;
    f.labels.forEach((l, i) => {
      const isSel = sel && sel.kind === "label" && current() === nc + i;
      const cls = "lab" + (m.current && l.text === m.current.text ? " cur" : "") + (isSel ? " sel" : "");
      stage.appendChild(box(l.box, cls, f.scale, l.text, () => select(nc + i)));
    });
    m.candidates.forEach((c, i) => {
      const cls = "lab cand" + (current() === i ? " sel" : "");
      stage.appendChild(box(c.box, cls, f.scale, c.text, () => select(i), String(i + 1)));
    });
    $("title").textContent = `${f.figure_id} (${fi + 1} of ${D.figures.length})`;
    // the caption as the model gets it with this mode's blur; the full one folded away below
    $("caption").innerHTML = `<b>caption as served:</b> ${esc(m.caption) || "<i>(none left)</i>"}`;
    $("full").textContent = f.caption;
    $("mode").textContent = `${MODES[mi]} (m: switch)`;
    const cur = m.current;
    $("current").innerHTML = cur
      ? `proposed: <code>${esc(cur.text)}</code> <i>${esc(cur.status)}</i>, rule ${esc(cur.rule)}<br>` +
        `question: ${esc(cur.question)}<br>expected: <code>${esc(cur.expected)}</code>`
      : "no target proposed for this mode: pick a label to make one";
    $("blurred").src = m.blurred || "";
    $("blurred").style.display = m.blurred ? "" : "none";
    $("cands").innerHTML = m.candidates.map((c, i) =>
      `<li class="${current() === i ? "sel" : ""}" data-i="${i}">${i + 1}. <code>${esc(c.text)}</code> ` +
      (c.rank !== i + 1 ? `(stage rank ${c.rank}) ` : "") +
      `score ${c.score.toFixed(2)} (${esc(c.reasons)})` +
      (c.doubt ? `<br><span class="doubt">doubtful: ${esc(c.doubt)}</span>` : "") +
      (c.held_back ? `<br><span class="doubt">held back: ${esc(c.held_back)}</span>` : "") +
      (c.vetting ? `<br><span class="vet">${esc(c.vetting)}</span>` : "") +
      `<br><small>${esc(c.question)}</small></li>`).join("");
    $("cands").querySelectorAll("li").forEach((li) => li.addEventListener("click", () => select(Number(li.dataset.i))));
    $("selected").innerHTML = sel ? `selected (${sel.kind === "cand" ? "candidate " + sel.c.rank : "label"}): <code>${esc(sel.text)}</code>` : "";
    if (!edited) $("expected").value = sel ? (sel.kind === "cand" ? sel.c.expected : sel.text) : "";
    const own = made[m.target_id];
    const old = D.decided[m.target_id];
    $("decision").innerHTML = own
      ? `<span class="decided">decided here: ${esc(own.decision)} ${esc(own.text || own.proposed_text)}</span>`
      : old ? `in the review file: ${esc(old.decision)} ${esc(old.text || old.proposed_text)}` : "not decided";
    renderProbes();
    document.body.dataset.figure = f.figure_id;
    document.body.dataset.mode = MODES[mi];
  }

  function renderProbes() {
    const ps = probes();
    const at = probeIndex();
    $("probes-title").textContent = ps.length ? `probes (${ps.length}; j/k move, y confirm, x reject, c clear)` : "";
    $("probes").innerHTML = ps.map((p, i) => {
      const own = probeMade[p.probe_id];
      const old = D.probe_decided[p.probe_id];
      const state = own ? `<span class="decided">decided here: ${esc(own.decision)}</span>`
        : old ? `in the review file: ${esc(old.decision)}` : "not decided";
      return `<li class="${i === at ? "sel" : ""}" data-probe="${esc(p.probe_id)}"><b>${esc(p.family)}</b> ` +
        `<i>${esc(p.category)}</i>: ${esc(p.text)}<br>expected: ${esc(p.expected)}` +
        `<br><span class="fact">rests on: ${esc(p.fact)}</span><br>${state}</li>`;
    }).join("");
    document.body.dataset.probe = ps.length ? ps[at].probe_id : "";
  }

  function go(step) {
    fi = Math.min(D.figures.length - 1, Math.max(0, fi + step));
    mi = 0;
    edited = false;
    render();
  }

  document.addEventListener("keydown", (ev) => {
    if (ev.target === $("expected")) {
      if (ev.key === "Enter") { edited = true; $("expected").blur(); accept(); ev.preventDefault(); }
      else if (ev.key === "Escape") $("expected").blur();
      return;
    }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key;
    if (k === "n" || k === "ArrowDown") go(1);
    else if (k === "p" || k === "ArrowUp") go(-1);
    else if (k === "m") { mi = 1 - mi; edited = false; render(); }
    else if (/^[1-9]$/.test(k) && Number(k) <= mode().candidates.length) select(Number(k) - 1);
    else if (k === "ArrowRight" || (k === "Tab" && !ev.shiftKey)) select(current() + 1);
    else if (k === "ArrowLeft" || (k === "Tab" && ev.shiftKey)) select(current() - 1);
    else if (k === "a" || k === "Enter") accept();
    else if (k === "r") reject();
    else if (k === "u") undo();
    else if (k === "e") { $("expected").focus(); $("expected").select(); }
    else if (k === "j") moveProbe(1);
    else if (k === "k") moveProbe(-1);
    else if (k === "y") decideProbe("confirm");
    else if (k === "x") decideProbe("reject");
    else if (k === "c") decideProbe(null);
    else if (k === "s") save();
    else return;
    ev.preventDefault();
  });
  $("expected").addEventListener("input", () => { edited = true; });
  if (D.figures.length) render();
  else say("nothing to review");
  document.body.dataset.ready = "1";
})();
