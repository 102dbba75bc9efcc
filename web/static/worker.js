// The page's engine runs here, off the page's thread: sim built for the
// browser (sim.wasm), on files kept in memory (memfs.js). Once loaded it
// says {ready: true, defaults} (the default game's scenario, units and
// rulesets to compare, which the page offers first). A message
// {id, args, files, outputs} runs the command line args with the files
// given ({path: text}) and answers {id, result: {code, stdout, stderr,
// files}} with the outputs asked for; {id, progress: [done, total]}
// messages come while it runs. The page stops a run by stopping the worker.
"use strict";
importScripts("memfs.js", "wasm_exec.js");

const ready = new Promise((resolve) => { self.simReady = resolve; });
const go = new Go();
go.argv = ["sim"];
go.env = { TMPDIR: "/tmp", HOME: "/" };
// Streaming needs the server to send sim.wasm as application/wasm; a host
// that does not gets the slower way.
const loaded = WebAssembly.instantiateStreaming(fetch("sim.wasm"), go.importObject)
  .catch(() => fetch("sim.wasm").then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject)))
  .then((r) => { go.run(r.instance); return ready; })
  .then(() => postMessage({ ready: true, defaults: simDefaults() }))
  .catch((e) => postMessage({ failed: String(e) }));

onmessage = async (e) => {
  await loaded;
  const { id, args, files, outputs } = e.data;
  memfs.reset();
  for (const [p, text] of Object.entries(files || {})) memfs.writeText(p, text);
  let result;
  try {
    const r = simRun(args, (done, total) => postMessage({ id, progress: [done, total] }));
    result = { code: r.code, stdout: r.stdout, stderr: r.stderr, files: {} };
    for (const p of outputs || []) {
      const b = memfs.readBytes(p);
      if (b) result.files[p] = b;
    }
  } catch (err) {
    result = { code: 1, stdout: "", stderr: "the engine failed: " + err, files: {} };
  }
  postMessage({ id, result });
};
