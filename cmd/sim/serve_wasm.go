//go:build js && wasm

package main

import (
	"context"
	"io"

	"github.com/wargamesim/sim/internal/failure"
)

// In the browser the page is already open: these commands are the
// terminal's.

func serveCmd(context.Context, []string, io.Writer, io.Writer) error {
	return failure.Usagef("serve runs on a computer, not in the page")
}

func siteCmd(context.Context, []string, io.Writer, io.Writer) error {
	return failure.Usagef("site runs on a computer, not in the page")
}

func runLink(context.Context, string, []string, io.Writer, io.Writer) error {
	return failure.Usagef("run --from-link runs on a computer; the page reads its own links")
}

func showLink(io.Writer, string, string, int64, uint64) error {
	return failure.Usagef("show --link runs on a computer; the page's Copy link makes one")
}

func reportCmd(context.Context, []string, io.Writer, io.Writer) error {
	return failure.Usagef("report runs on a computer; the page's downloads give its files")
}
