// The explorer: filters the units of explorer/units.js and lists them in pages. The data is gzip-compressed
// JSON in base64 (window.SCIFIG_UNITS_GZ), inflated with the browser's DecompressionStream (no network).
// Filters live in the URL hash (#model=...&family=...), so the report's table cells link to their units.
"use strict";
async function inflateUnits(packed) {
  const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

inflateUnits(window.SCIFIG_UNITS_GZ).then((DATA) => {
  const PAGE = 100;
  const col = Object.fromEntries(DATA.columns.map((c, i) => [c, i]));
  const FILTERS = { model: "model", family: "family", category: "category", condition: "condition",
                    chart: "chart_type", verdict: "verdict" };
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
  document.getElementById("f-q").addEventListener("input", () => { writeHash(); apply(); });

  function current() {
    const f = {};
    for (const key of Object.keys(FILTERS)) f[key] = document.getElementById("f-" + key).value;
    f.q = document.getElementById("f-q").value.trim().toLowerCase();
    f.unit = new URLSearchParams(location.hash.slice(1)).get("unit") || "";
    return f;
  }

  function readHash() {
    const h = new URLSearchParams(location.hash.slice(1));
    for (const key of Object.keys(FILTERS)) {
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
    for (const key of [...Object.keys(FILTERS), "q"]) if (f[key]) h.set(key, f[key]);
    history.replaceState(null, "", "#" + h.toString());
  }

  function matchesFilter(u, f) {
    for (const [key, column] of Object.entries(FILTERS)) if (f[key] && u[col[column]] !== f[key]) return false;
    if (f.unit && u[col.unit_id] !== f.unit) return false;
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

  function card(u) {
    const row = el("div", "unit");
    row.dataset.model = u[col.model];
    row.dataset.unit = u[col.unit_id];
    row.dataset.family = u[col.family];
    row.dataset.condition = u[col.condition];
    row.dataset.chart = u[col.chart_type];
    row.dataset.verdict = u[col.verdict];
    const left = el("div");
    const img = u[col.image] === null ? null : DATA.images[u[col.image]];
    if (img) {
      const a = el("a");
      a.href = img[1];
      a.target = "_blank";
      if (img[0]) {
        const i = el("img");
        i.loading = "lazy";
        i.src = img[0];
        i.alt = u[col.figure_id] + " (" + u[col.condition] + ")";
        a.append(i);
      } else a.textContent = "full image";
      left.append(a);
    } else left.append(el("div", "meta", "no image recorded"));
    const right = el("div");
    right.append(el("div", "meta", [u[col.model], u[col.unit_id], u[col.condition], u[col.chart_type],
      u[col.family] + (u[col.category] ? " / " + u[col.category] : "")].join(" · ")));
    if (u[col.question] !== null) right.append(el("div", "question", "Asked / claimed: " + text(u[col.question])));
    right.append(el("blockquote", "answer", text(u[col.answer]) || "(no judged text recorded)"));
    const v = el("div", "verdict", "Verdict: " + u[col.verdict] + (u[col.score] !== null ? " (score " + u[col.score] + ")" : ""));
    right.append(v);
    if (u[col.evidence] !== null) right.append(el("div", "evidence", "Evidence: " + text(u[col.evidence])));
    row.append(left, right);
    return row;
  }

  function showMore() {
    const frag = document.createDocumentFragment();
    for (const u of matches.slice(shown, shown + PAGE)) frag.append(card(u));
    listEl.append(frag);
    shown = Math.min(matches.length, shown + PAGE);
    moreEl.hidden = shown >= matches.length;
    countEl.textContent = matches.length + " of " + DATA.units.length + " units" + (shown < matches.length ? " (showing " + shown + ")" : "");
  }

  function apply() {
    const f = current();
    matches = DATA.units.filter((u) => matchesFilter(u, f));
    listEl.replaceChildren();
    shown = 0;
    showMore();
  }

  moreEl.addEventListener("click", showMore);
  window.addEventListener("hashchange", () => { readHash(); apply(); });
  readHash();
  apply();
  document.body.dataset.ready = "1";
});
