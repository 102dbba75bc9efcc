// The page: it builds a command line from the form, runs it in the worker
// (worker.js: sim itself, built for the browser) and shows what sim
// printed, its chart and its problems. A link holds the form, compressed,
// in the URL's fragment (docs/web.md, "Links"); sim run --from-link reads
// the same.
"use strict";

const $ = (id) => document.getElementById(id);
const MAX_TRIALS = 10000000; // a link cannot ask for more work than this
const SCENARIO = "/s/scenario.yaml";
const CHART = "/out/chart.svg";
const VARIANT = "/s/variant.yaml";

let worker = null, ready = null, nextId = 1, pending = new Map();
let shownYAML = ""; // the built-in's YAML as sim show gave it
let lastArgs = null;
let defaults = { scenario: "", units: ["", ""], compare: "" }; // the engine's (worker.js), once it has loaded

function startWorker() {
  worker = new Worker("worker.js");
  ready = new Promise((resolve, reject) => {
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.ready) { defaults = m.defaults; resolve(); return; }
      if (m.failed) { reject(new Error(m.failed)); return; }
      const p = pending.get(m.id);
      if (!p) return;
      if (m.progress) { p.onProgress && p.onProgress(m.progress[0], m.progress[1]); return; }
      pending.delete(m.id);
      p.resolve(m.result);
    };
  });
  ready.catch((err) => setStatus("The engine did not load: " + err.message));
}

// call runs sim with args on the files given and returns what it printed
// and the outputs asked for.
async function call(args, files, outputs, onProgress) {
  await ready;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, onProgress });
    worker.postMessage({ id, args, files, outputs });
  });
}

function setStatus(text) { $("status").textContent = text; }

function mode() { return document.querySelector('input[name="mode"]:checked').value; }

// form is the page's fields, as a link holds them.
function form() {
  const yaml = $("yaml").value;
  const f = {
    v: 1, cmd: mode(), trials: Number($("trials").value), seed: $("seed").value.trim(),
    rules: $("rules").value.trim(), exact: $("exact").checked,
    compare: $("compare").value.trim(), vary: $("vary").value.trim(),
  };
  if (f.cmd === "variant") f.variant = $("variant").value;
  if (yaml === shownYAML) f.scenario = $("builtin").value; else f.yaml = yaml;
  return f;
}

// args is the command line for the form f (sim run --from-link builds the
// same one from a link: web.Link.Args).
function args(f, format, chart) {
  const a = f.cmd === "variant" ? ["compare", SCENARIO, VARIANT] : [f.cmd, SCENARIO];
  a.push("--trials", String(f.trials), "--quiet");
  if (f.seed !== "") a.push("--seed", f.seed);
  if (f.cmd === "compare") a.push("--rules", f.compare || defaults.compare);
  else if (f.rules) a.push("--rules", f.rules);
  if (f.cmd === "sweep") a.push("--vary", f.vary);
  if (f.exact) a.push("--exact");
  if (format) a.push("--format", format);
  if (chart) a.push("--plot", chart);
  // On a phone the blog-sized chart's text would be too small to read.
  if (chart === CHART && window.innerWidth < 700) a.push("--size", "640x560");
  return a;
}

// check returns what is wrong with f, or "".
function check(f) {
  if (!Number.isInteger(f.trials) || f.trials < 1) return "Trials must be a whole number of at least 1.";
  if (f.trials > MAX_TRIALS) return `Trials: at most ${MAX_TRIALS.toLocaleString("en")} on this page (use sim run for more).`;
  if (f.seed !== "" && !/^\d+$/.test(f.seed)) return "Seed must be a whole number from 0 up.";
  if (f.cmd === "sweep" && !f.vary) return "Sweep: give a field and its values, such as units.trolls.models=1..6.";
  if (f.cmd === "variant" && !f.variant.trim()) return "Compare a variant: write the variant's YAML.";
  return "";
}

async function scenarioText(f) {
  if (f.yaml !== undefined) return f.yaml;
  const r = await call(["show", f.scenario]);
  if (r.code !== 0) throw new Error(r.stderr);
  return r.stdout;
}

// gutter numbers the editor's lines, marking those with a problem.
let badLines = new Map(); // line -> problem
function gutter() {
  const g = $("gutter");
  const n = $("yaml").value.split("\n").length;
  g.replaceChildren();
  for (let i = 1; i <= n; i++) {
    const bad = badLines.get(i);
    const span = document.createElement("span");
    span.textContent = String(i);
    if (bad) { span.className = "bad"; span.title = bad; }
    g.append(span, "\n");
  }
  g.scrollTop = $("yaml").scrollTop;
}

function showProblems(stderr) {
  const list = $("problems");
  list.replaceChildren();
  badLines = new Map();
  for (const line of stderr.split("\n")) {
    const m = line.match(/\/s\/(scenario|variant)\.yaml:(\d+)(?::(\d+))?: (.*)$/);
    if (!m) continue;
    const li = document.createElement("li");
    const where = m[1] === "variant" ? "the variant, line" : "line";
    if (m[1] === "scenario") badLines.set(Number(m[2]), m[4]);
    li.textContent = `${where} ${m[2]}: ${m[4]}`;
    li.addEventListener("click", () => selectLine(m[1] === "variant" ? $("variant") : $("yaml"), Number(m[2])));
    list.append(li);
  }
  if (list.children.length) $("editor").open = true;
  gutter();
  return list.children.length;
}

function selectLine(ta, n) {
  const lines = ta.value.split("\n");
  let start = 0;
  for (let i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
  ta.focus();
  ta.setSelectionRange(start, start + (lines[n - 1] || "").length);
}

let chartURL = null;
function showChart(bytes) {
  if (chartURL) URL.revokeObjectURL(chartURL);
  chartURL = null;
  $("chart").removeAttribute("src");
  if (!bytes) return;
  chartURL = URL.createObjectURL(new Blob([bytes], { type: "image/svg+xml" }));
  $("chart").src = chartURL;
}

async function runForm(f) {
  const problem = check(f);
  if (problem) { setStatus(problem); return; }
  $("run").disabled = true;
  $("cancel").disabled = false;
  $("progress").hidden = false;
  $("progress").value = 0;
  $("problems").replaceChildren();
  badLines = new Map();
  gutter();
  setStatus("Running…");
  const t0 = performance.now();
  try {
    const files = { [SCENARIO]: await scenarioText(f) };
    if (f.cmd === "variant") files[VARIANT] = f.variant;
    lastArgs = { f, files };
    const r = await call(args(f, "", CHART), files, [CHART], (done, total) => {
      $("progress").value = total ? done / total : 0;
      setStatus(`${done.toLocaleString("en")} of ${total.toLocaleString("en")} trials`);
    });
    if (r.code !== 0) {
      // A scenario's problems: all of them, each at its line, as sim
      // validate lists them.
      let n = 0;
      if (r.stderr.includes(SCENARIO + ":") || r.stderr.includes(VARIANT + ":")) {
        const v = await call(["validate", ...Object.keys(files)], files);
        n = showProblems(v.stdout + "\n" + v.stderr);
      }
      if (!n) n = showProblems(r.stderr);
      setStatus(n ? `The scenario has ${n} problem${n > 1 ? "s" : ""}: see the list under the YAML.` : r.stderr.trim());
      $("result").hidden = true;
      return;
    }
    const lines = r.stdout.split("\n");
    $("headline").textContent = lines[0];
    $("output").textContent = lines.slice(1).join("\n").replace(/^\n+/, "");
    showChart(r.files[CHART]);
    $("result").hidden = false;
    setStatus(`Done in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  } catch (err) {
    if (err.cancelled) setStatus("Cancelled."); else setStatus(String(err.message || err));
  } finally {
    $("run").disabled = false;
    $("cancel").disabled = true;
    $("progress").hidden = true;
  }
}

function cancel() {
  worker.terminate();
  for (const p of pending.values()) { const e = new Error("cancelled"); e.cancelled = true; p.reject(e); }
  pending.clear();
  startWorker();
}

// Links: the form as JSON, deflated, in base64url, after "#v1.".
async function encodeLink(f) {
  const data = new Blob([JSON.stringify(f)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(data).arrayBuffer());
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return "v1." + btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function decodeLink(hash) {
  if (!hash.startsWith("v1.")) throw new Error("this link is not one this page made (it should start with #v1.)");
  const b64 = hash.slice(3).replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const data = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return JSON.parse(await new Response(data).text());
}

async function fill(f) {
  $("trials").value = f.trials;
  $("seed").value = f.seed;
  $("rules").value = f.rules || "";
  $("exact").checked = !!f.exact;
  $("compare").value = f.compare || defaults.compare;
  $("vary").value = f.vary || "";
  for (const r of document.querySelectorAll('input[name="mode"]')) r.checked = r.value === (f.cmd || "run");
  showMode();
  if (f.scenario) {
    $("builtin").value = f.scenario;
    await loadBuiltin();
  } else {
    $("yaml").value = f.yaml || "";
    gutter();
  }
  $("variant").value = f.variant || "";
}

function showMode() {
  for (const m of ["compare", "sweep", "variant"]) {
    for (const el of document.querySelectorAll(".mode-" + m)) el.hidden = mode() !== m;
  }
  if (mode() === "variant" && !$("variant").value) {
    $("variant").value = $("yaml").value.replace(/^name: *(\S+)/m, "name: $1-variant");
  }
}

// build writes a close combat between two library units into the editor.
function build() {
  const unit = (side, other) => {
    const name = $("unit" + side).value;
    const id = name === $("unit" + other).value ? name + "_" + side.toLowerCase() : name;
    let y = `  - id: ${id}\n    from: ${name}\n`;
    if ($("models" + side).value) y += `    models: ${Number($("models" + side).value)}\n`;
    if ($("front" + side).value) y += `    frontage: ${Number($("front" + side).value)}\n`;
    return { id, y };
  };
  const a = unit("A", "B"), b = unit("B", "A");
  const charger = $("charger").value === "a" ? a.id : $("charger").value === "b" ? b.id : "";
  let fight = `fight:\n  type: close_combat\n  sides: [${a.id}, ${b.id}]\n`;
  if (charger) fight += `  charger: ${charger}\n`;
  fight += `  max_rounds: ${Number($("maxRounds").value) || 10}\n`;
  $("yaml").value = `name: ${a.id}-vs-${b.id}\nunits:\n${a.y}${b.y}${fight}`;
  $("variant").value = "";
  $("editor").open = true;
  setStatus("Built: run it, or change it in the YAML first.");
}

async function loadBuiltin() {
  const r = await call(["show", $("builtin").value]);
  shownYAML = r.stdout;
  $("yaml").value = shownYAML;
  badLines = new Map();
  gutter();
}

async function download(kind) {
  if (!lastArgs) return;
  const { f, files } = lastArgs;
  let name, blob;
  if (kind === "yaml") {
    name = "scenario.yaml";
    blob = new Blob([files[SCENARIO]], { type: "text/yaml" });
  } else {
    const chart = kind === "png" ? "/out/chart.png" : CHART;
    const format = kind === "json" || kind === "csv" ? kind : "";
    setStatus("Preparing the download…");
    const r = await call(args(f, format, chart), files, [chart]);
    if (r.code !== 0) { setStatus(r.stderr.trim()); return; }
    if (kind === "svg" || kind === "png") {
      name = "chart." + kind;
      blob = new Blob([r.files[chart]], { type: kind === "svg" ? "image/svg+xml" : "image/png" });
    } else {
      name = "result." + kind;
      blob = new Blob([r.stdout], { type: kind === "json" ? "application/json" : "text/csv" });
    }
    setStatus("");
  }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function init() {
  startWorker();
  setStatus("Loading the engine…");
  try {
    const r = await call(["list"]);
    for (const line of r.stdout.trim().split("\n")) {
      const m = line.match(/^(\S+)\s+(.*)$/);
      if (!m) continue;
      const o = document.createElement("option");
      o.value = m[1];
      o.textContent = `${m[1]}: ${m[2]}`;
      $("builtin").append(o);
    }
    $("builtin").value = defaults.scenario;
    $("compare").value = defaults.compare;
    await loadBuiltin();
    const u = await call(["units"]);
    for (const line of u.stdout.trim().split("\n")) {
      const name = line.split(/\s+/)[0];
      for (const sel of [$("unitA"), $("unitB")]) {
        const o = document.createElement("option");
        o.value = name;
        o.textContent = line.replace(/\s{2,}/g, " · ");
        sel.append(o);
      }
    }
    [$("unitA").value, $("unitB").value] = defaults.units;
  } catch (err) {
    setStatus("The engine did not load: " + (err.message || err));
    return;
  }
  $("builtin").addEventListener("change", loadBuiltin);
  for (const r of document.querySelectorAll('input[name="mode"]')) r.addEventListener("change", showMode);
  $("run").addEventListener("click", () => runForm(form()));
  $("setup").addEventListener("keydown", (e) => { // Enter in a field runs, as a form would
    if (e.key === "Enter" && e.target.tagName === "INPUT" && !$("run").disabled) { e.preventDefault(); runForm(form()); }
  });
  $("build").addEventListener("click", () => { build(); gutter(); });
  $("yaml").addEventListener("input", gutter);
  $("yaml").addEventListener("scroll", () => { $("gutter").scrollTop = $("yaml").scrollTop; });
  $("builtin").addEventListener("change", gutter);
  $("cancel").addEventListener("click", cancel);
  $("link").addEventListener("click", async () => {
    const h = await encodeLink(form());
    history.replaceState(null, "", "#" + h);
    try { await navigator.clipboard.writeText(location.href); setStatus("Link copied: it reproduces these numbers."); }
    catch { setStatus("Link in the address bar: it reproduces these numbers."); }
  });
  for (const b of document.querySelectorAll("[data-get]")) b.addEventListener("click", () => download(b.dataset.get));
  setStatus("Ready."); // the form works from here
  if (location.hash.length > 1) {
    try {
      const f = await decodeLink(location.hash.slice(1));
      await fill(f);
      await runForm(form());
    } catch (err) {
      setStatus("The link could not be read: " + (err.message || err));
    }
  }
}

init();
