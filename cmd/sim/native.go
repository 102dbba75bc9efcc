//go:build !(js && wasm)

package main

import "os"

func main() {
	ctx, stop := interruptible() // a second Ctrl-C stops at once
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}
