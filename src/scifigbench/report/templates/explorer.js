// The explorer: filters the units of explorer/units.js and lists them in pages. The data is gzip-compressed
// JSON in base64 (window.SCIFIG_UNITS_GZ), inflated with the browser's DecompressionStream (no network).
// Filters live in the URL hash (#model=...&family=...&status=counted), so each value of the report links to
// exactly the units it counts; per=figure counts figures (a value taken over figures); unit=<id> shows one
// unit across all models side by side.
"use strict";
async function inflateUnits(packed) {
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

inflateUnits(window.SCIFIG_UNITS_GZ).then((DATA) => {
  const PAGE = 50;
  const col = Object.fromEntries(DATA.columns.map((c, i) => [c, i]));
  const scol = Object.fromEntries((DATA.setup_columns || []).map((c, i) => [c, i]));
  const FILTERS = { model: "model", family: "family", category: "category", condition: "condition",
                    chart: "chart_type", style: "style", verdict: "verdict", status: "status" };
  // what each unit family is (its record's traits, from the data): a page never tests a family's name
  const inCaption = (u) => Boolean((DATA.families || {})[u[col.family]]?.in_caption);
  // the verdict word of a unit whose probe is a claim in the caption says which side the description took
  const SIDE = { image: "image (follows the figure)", caption: "caption (follows the false claim)",
                 none: "none (the description does not address the claim)" };
  const text = (i) => (i === null || i === undefined ? "" : DATA.texts[i]);
  const listEl = document.getElementById("units");
  const countEl = document.getElementById("count");
  const moreEl = document.getElementById("more");
  let matches = [];
  let shown = 0;

  for (const [key, column] of Object.entries(FILTERS)) {
    const values = [...new Set(DATA.units.map((u) => u[col[column]]).filter((v) => v !== null))].sort();
    const select = document.getElementById("f-" + key);
    for (const v of values) select.add(new Option(v, v));
    select.addEventListener("change", () => { writeHash(); apply(); });
  }
  document.getElementById("f-per").addEventListener("change", () => { writeHash(); apply(); });
  document.getElementById("f-q").addEventListener("input", () => { writeHash(); apply(); });

  function current() {
    const f = {};
    for (const key of Object.keys(FILTERS)) f[key] = document.getElementById("f-" + key).value;
    f.per = document.getElementById("f-per").value;
    f.q = document.getElementById("f-q").value.trim().toLowerCase();
    f.unit = new URLSearchParams(location.hash.slice(1)).get("unit") || "";
    // figures=<id>,<id>: the units of these figures only (a value over a shared item set links so)
    f.figures = new URLSearchParams(location.hash.slice(1)).get("figures") || "";
    return f;
  }

  function readHash() {
    const h = new URLSearchParams(location.hash.slice(1));
    for (const key of [...Object.keys(FILTERS), "per"]) {
      const select = document.getElementById("f-" + key);
      const v = h.get(key) || "";
      if (v && ![...select.options].some((o) => o.value === v)) select.add(new Option(v, v));
      select.value = v;
    }
    document.getElementById("f-q").value = h.get("q") || "";
  }

  function writeHash() {
    const f = current();
    const h = new URLSearchParams();
    for (const key of [...Object.keys(FILTERS), "per", "q", "unit", "figures"]) if (f[key]) h.set(key, f[key]);
    history.replaceState(null, "", "#" + h.toString());
  }

  function matchesFilter(u, f) {
    for (const [key, column] of Object.entries(FILTERS)) if (f[key] && u[col[column]] !== f[key]) return false;
    if (f.unit && u[col.unit_id] !== f.unit) return false;
    if (f.figures && !f.figures.split(",").includes(u[col.figure_id])) return false;
    if (f.q) {
      const hay = (text(u[col.question]) + " " + text(u[col.answer]) + " " + text(u[col.evidence]) + " " + u[col.unit_id]).toLowerCase();
      if (!hay.includes(f.q)) return false;
    }
    return true;
  }

  function el(tag, cls, content) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }

  function labelled(cls, label, content) {
    const d = el("div", cls);
    d.append(el("b", "", label + " "), content);
    return d;
  }

  function setupOf(u) {
    const s = DATA.setups ? DATA.setups[u[col.setup]] : null;
    return s ? { system: text(s[scol.system]), request: text(s[scol.request]), caption: text(s[scol.caption]),
                 image: s[scol.image] === null ? null : DATA.images[s[scol.image]] } : {};
  }

  function picture(u, setup) {
    const box = el("div", "picture");
    if (!setup.image) { box.append(el("div", "meta", "no image recorded")); return box; }
    const a = el("a");
    a.href = setup.image[1];
    a.target = "_blank";
    if (setup.image[0]) {
      const i = el("img");
      i.loading = "lazy";
      i.src = setup.image[0];
      i.alt = u[col.figure_id] + " (" + u[col.condition] + ")";
      a.append(i);
    } else a.textContent = "full image";
    box.append(a, el("div", "meta", "the image the model saw; click for full size"));
    return box;
  }

  // text with one passage marked (the false claim inside the caption), as a fragment
  function marked(body, part) {
    const frag = document.createDocumentFragment();
    const at = part ? body.indexOf(part) : -1;
    if (at < 0) { frag.append(body); return frag; }
    frag.append(body.slice(0, at), el("mark", "", part), body.slice(at + part.length));
    return frag;
  }

  // the request as sent: system text, then the user text (which starts with the caption when one was shown)
  function request(u, setup) {
    const box = el("div", "request");
    const claim = inCaption(u) ? text(u[col.question]) : "";
    if (setup.caption) box.append(labelled("caption" + (claim ? " misleading" : ""),
      claim ? "Caption shown (false claim marked):" : "Caption shown:", marked(setup.caption, claim)));
    if (u[col.question] !== null) box.append(labelled("question", inCaption(u) ? "False claim:" : "Asked:", text(u[col.question])));
    if (setup.request) {
      const d = el("details", "sent");
      d.append(el("summary", "", "Full request as sent"));
      if (setup.system) d.append(el("pre", "system", "[system]\n" + setup.system));
      d.append(el("pre", "user", "[user] (with the image)\n" + setup.request));
      box.append(d);
    }
    return box;
  }

  // the judged text with each finding's span marked and numbered like the findings list
  function answer(u) {
    const body = text(u[col.answer]);
    const q = el("blockquote", "answer");
    q.title = "the judged part of the answer";
    if (!body) { q.textContent = "(no judged text recorded)"; return q; }
    // findings on the same words (a misread value and the list that sentence covers in part) share one mark
    const byWords = new Map();
    (u[col.findings] || []).forEach((f, k) => {
      if (f[1] === null) return;
      const key = f[1] + ":" + f[2];
      if (!byWords.has(key)) byWords.set(key, [f[1], f[2], []]);
      byWords.get(key)[2].push(k + 1);
    });
    const spans = [...byWords.values()].sort((a, b) => a[0] - b[0]);
    let at = 0;
    for (const [start, end, ks] of spans) {
      if (start < at || end > body.length) continue;
      q.append(body.slice(at, start));
      const m = el("mark", "", body.slice(start, end));
      m.title = (ks.length > 1 ? "findings " : "finding ") + ks.join(", ");
      m.append(el("sup", "", ks.join(",")));
      q.append(m);
      at = end;
    }
    q.append(body.slice(at));
    if (u[col.response] === null || u[col.response] === undefined) return q;
    // the judge read a part of the reply: the whole reply beside it, to check what was cut
    const box = el("div", "judged");
    const whole = el("details", "response");
    whole.append(el("summary", "", "The model's whole response (the judge read the part above)"));
    whole.append(el("pre", "", text(u[col.response])));
    box.append(q, whole);
    return box;
  }

  function list(cls, title, items, open) {
    const d = el("details", cls);
    d.open = open;
    d.append(el("summary", "", title));
    const ol = el(cls === "findings" ? "ol" : "ul");
    for (const item of items) ol.append(el("li", "", item));
    d.append(ol);
    return d;
  }

  function verdict(u) {
    const box = el("div");
    // a blur verdict is its yes/no answers, spelled out rather than as the filter's short label
    const word = inCaption(u) ? SIDE[u[col.verdict]] || u[col.verdict] : u[col.verdict];
    box.append(el("div", "verdict", "Verdict: " + (u[col.flags] !== null ? text(u[col.flags]) : word)
      + (u[col.score] !== null ? " (score " + u[col.score] + ")" : "")));
    box.append(el("div", "meta status", "counted in the values: " + (u[col.status] === "counted" ? "yes" : "no, " + u[col.status])
      + (u[col.judge] !== null ? " · judge " + text(u[col.judge]) : "")));
    if (u[col.evidence] !== null) box.append(labelled("evidence", "Judge's evidence:", text(u[col.evidence])));
    if (u[col.findings]) box.append(list("findings", "Findings (" + u[col.findings].length + "): penalty points, dimension/sub-type, severity",
      u[col.findings].map((f) => text(f[0])), true));
    if (u[col.penalty] !== null) box.append(el("div", "meta penalty", text(u[col.penalty])));
    if (u[col.checklist]) box.append(list("checklist", "Checklist as graded (" + u[col.checklist].length + " items)",
      u[col.checklist].map(text), false));
    return box;
  }

  function expected(u) {
    const lines = (u[col.expected] || []).map(text);
    if (!lines.length) return el("div", "expected none", "Expected: nothing recorded for this unit");
    const box = el("div", "expected");
    box.append(el("b", "", "Expected"));
    const ul = el("ul");
    for (const line of lines) ul.append(el("li", "", line));
    box.append(ul);
    return box;
  }

  function meta(u, withModel) {
    const m = el("div", "meta");
    const parts = [u[col.unit_id], u[col.condition], u[col.chart_type],
      u[col.family] + (u[col.category] ? " / " + u[col.category] : "")];
    if (withModel) m.append(el("b", "model", u[col.model]), " · ");
    m.append(parts.join(" · "), " · ");
    const a = el("a", "compare", "all models side by side");
    a.href = "#" + new URLSearchParams({ unit: u[col.unit_id] }).toString();
    m.append(a);
    return m;
  }

  function dataset(row, u) {
    row.dataset.model = u[col.model];
    row.dataset.unit = u[col.unit_id];
    row.dataset.family = u[col.family];
    row.dataset.condition = u[col.condition];
    row.dataset.chart = u[col.chart_type];
    row.dataset.verdict = u[col.verdict];
    row.dataset.status = u[col.status];
  }

  function card(u) {
    const row = el("div", "unit");
    dataset(row, u);
    const setup = setupOf(u);
    const right = el("div", "body");
    right.append(meta(u, true), request(u, setup), answer(u), expected(u), verdict(u));
    row.append(picture(u, setup), right);
    return row;
  }

  // one unit across all models: what they were shown and expected once, then one column per model
  function comparison(units) {
    const u0 = units[0];
    const setup = setupOf(u0);
    const head = el("div", "unit compare-head");
    dataset(head, u0);
    const right = el("div", "body");
    right.append(el("div", "meta", [u0[col.unit_id], u0[col.condition], u0[col.chart_type],
      u0[col.family] + (u0[col.category] ? " / " + u0[col.category] : "")].join(" · ")), request(u0, setup), expected(u0));
    head.append(picture(u0, setup), right);
    const grid = el("div", "compare-grid");
    for (const u of units) {
      const c = el("div", "unit side");
      dataset(c, u);
      c.append(el("b", "model", u[col.model]), answer(u), verdict(u));
      grid.append(c);
    }
    return [head, grid];
  }

  function countText(f) {
    const units = matches.length + " of " + DATA.units.length + " units";
    if (f.per !== "figure") { countEl.dataset.n = String(matches.length); return units; }
    const figures = new Set(matches.map((u) => u[col.model] + "\u0000" + u[col.figure_id])).size;
    countEl.dataset.n = String(figures);
    return figures + " figures (model × figure) · " + units;
  }

  function showMore() {
    const frag = document.createDocumentFragment();
    for (const u of matches.slice(shown, shown + PAGE)) frag.append(card(u));
    listEl.append(frag);
    shown = Math.min(matches.length, shown + PAGE);
    moreEl.hidden = shown >= matches.length;
    countEl.textContent = countText(current()) + (shown < matches.length ? " (showing " + shown + ")" : "");
  }

  function apply() {
    const f = current();
    matches = DATA.units.filter((u) => matchesFilter(u, f));
    listEl.replaceChildren();
    shown = 0;
    if (f.unit && matches.length && !f.model) {
      listEl.append(...comparison(matches));
      moreEl.hidden = true;
      countEl.textContent = countText(f) + " · one unit, every model";
      return;
    }
    showMore();
  }

  moreEl.addEventListener("click", showMore);
  window.addEventListener("hashchange", () => { readHash(); apply(); });
  readHash();
  apply();
  document.body.dataset.readyMs = String(Math.round(performance.now()));  // since navigation (benchmarks/)
  document.body.dataset.ready = "1";
});
