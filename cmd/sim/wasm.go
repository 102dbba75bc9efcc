//go:build js && wasm

package main

import (
	"bytes"
	"context"
	"syscall/js"

	"github.com/wargamesim/sim/scenarios"
)

// The web page's engine (web/, docs/web.md): this package built for the
// browser (GOOS=js GOARCH=wasm) runs the same commands as the terminal,
// on files the page keeps in memory (web/static/memfs.js), so the page
// and the CLI give the same numbers for the same scenario, flags and
// seed. The page's worker calls
//
//	simRun(args, onProgress) → {code, stdout, stderr}
//	simDefaults() → {scenario, units, compare}
//
// with the command line as an array of strings and a function told of a
// run's progress (trials done, trials in all), and gets the exit status
// and what the command printed.
func main() {
	js.Global().Set("simRun", js.FuncOf(func(_ js.Value, a []js.Value) any {
		args := make([]string, a[0].Length())
		for i := range args {
			args[i] = a[0].Index(i).String()
		}
		progressHook = nil
		if len(a) > 1 && a[1].Type() == js.TypeFunction {
			f := a[1]
			progressHook = func(done, total int64) { f.Invoke(float64(done), float64(total)) }
		}
		var out, errs bytes.Buffer
		code := exitCode(run(context.Background(), args, &out, &errs), &errs)
		return map[string]any{"code": code, "stdout": out.String(), "stderr": errs.String()}
	}))
	// simDefaults() → {scenario, units: [a, b], compare}: what the page
	// offers first, the default game's (scenarios.GameDefaults).
	js.Global().Set("simDefaults", js.FuncOf(func(js.Value, []js.Value) any {
		d := scenarios.GameDefaults()
		return map[string]any{"scenario": d.Scenario, "units": []any{d.Units[0], d.Units[1]}, "compare": d.Compare}
	}))
	js.Global().Call("simReady")
	select {} // serve calls until the worker is stopped
}
