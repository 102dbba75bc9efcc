package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A link survives encoding, and the command line it gives is the page's
// (static/app.js builds the same one; the browser tests hold the two to
// the same numbers).
func TestLinkRoundTrip(t *testing.T) {
	for _, l := range []Link{
		{V: 1, Cmd: "run", Scenario: "trolls-vs-knights", Trials: 20000, Seed: "3", Rules: "8th", Exact: true},
		{V: 1, Cmd: "compare", YAML: "name: x\nunits: []\n", Trials: 5, Compare: "6th,8th"},
		{V: 1, Cmd: "sweep", Scenario: "ogres-vs-arrows", Trials: MaxTrials, Vary: "units.ogres.models=1..6"},
		{V: 1, Cmd: "variant", Scenario: "trolls-vs-knights", Variant: "name: v\n", Trials: 9, Seed: "2"},
	} {
		frag, err := l.Encode()
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecodeLink("http://127.0.0.1:8080/#" + frag)
		if err != nil {
			t.Fatalf("%+v: %v", l, err)
		}
		if *got != l {
			t.Errorf("decoded %+v, want %+v", *got, l)
		}
	}
	l := Link{V: 1, Cmd: "compare", Scenario: "x", Trials: 7, Seed: "9", Exact: true, Compare: "6th,8th"}
	want := []string{"compare", "f.yaml", "--trials", "7", "--quiet", "--seed", "9", "--rules", "6th,8th", "--exact"}
	if got := l.Args("f.yaml", ""); !slices.Equal(got, want) {
		t.Errorf("Args = %q, want %q", got, want)
	}
	// A compare link with no rulesets leaves them to the command line's
	// reader (sim run --from-link gives the default game's, as the page does).
	l.Compare = ""
	want = []string{"compare", "f.yaml", "--trials", "7", "--quiet", "--seed", "9", "--exact"}
	if got := l.Args("f.yaml", ""); !slices.Equal(got, want) {
		t.Errorf("Args with no rulesets = %q, want %q", got, want)
	}
	v := Link{V: 1, Cmd: "variant", YAML: "a", Variant: "b", Trials: 7, Rules: "8th"}
	want = []string{"compare", "f.yaml", "g.yaml", "--trials", "7", "--quiet", "--rules", "8th"}
	if got := v.Args("f.yaml", "g.yaml"); !slices.Equal(got, want) {
		t.Errorf("a variant's Args = %q, want %q", got, want)
	}
}

// A bad link gets an error that says what is wrong, never a panic.
func TestDecodeLinkErrors(t *testing.T) {
	for _, c := range []struct{ link, want string }{
		{"http://127.0.0.1:8080/", "#v1."},
		{"#v2.abc", "#v1."},
		{"#v1.***", "base64"},
		{"#v1.AAAA", "deflate"},
	} {
		if _, err := DecodeLink(c.link); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeLink(%q) = %v, want an error saying %q", c.link, err, c.want)
		}
	}
	for _, c := range []struct {
		l    Link
		want string
	}{
		{Link{V: 2, Cmd: "run", Scenario: "x", Trials: 1}, "format 2"},
		{Link{V: 1, Cmd: "exact", Scenario: "x", Trials: 1}, "not run, compare, sweep or variant"},
		{Link{V: 1, Cmd: "run", Trials: 1}, "no scenario"},
		{Link{V: 1, Cmd: "run", Scenario: "x", YAML: "y", Trials: 1}, "no scenario (or two)"},
		{Link{V: 1, Cmd: "run", Scenario: "x", Trials: MaxTrials + 1}, "trials"},
		{Link{V: 1, Cmd: "run", Scenario: "x", Trials: 1, Seed: "-1"}, "seed"},
		{Link{V: 1, Cmd: "sweep", Scenario: "x", Trials: 1}, "no field"},
		{Link{V: 1, Cmd: "variant", Scenario: "x", Trials: 1}, "variant"},
		{Link{V: 1, Cmd: "run", Scenario: "x", Variant: "y", Trials: 1}, "variant"},
	} {
		if _, err := c.l.Encode(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error saying %q", c.l, err, c.want)
		}
	}
}

// The server hands out the page's files alone, each with the page's
// Content-Security-Policy and its media type, and only to GET and HEAD.
func TestHandler(t *testing.T) {
	dir := t.TempDir()
	for _, n := range Built {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	for _, c := range []struct {
		method, path string
		status       int
		ctype        string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8"},
		{"GET", "/app.js", 200, "text/javascript; charset=utf-8"},
		{"GET", "/sim.wasm", 200, "application/wasm"},
		{"HEAD", "/style.css", 200, "text/css; charset=utf-8"},
		{"GET", "/../go.mod", 404, ""},
		{"GET", "/web.go", 404, ""},
		{"POST", "/", 405, ""},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != c.status {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, res.StatusCode, c.status)
		}
		if c.status == 200 {
			if got := res.Header.Get("Content-Type"); got != c.ctype {
				t.Errorf("%s %s: Content-Type %q, want %q", c.method, c.path, got, c.ctype)
			}
			if res.Header.Get("Content-Security-Policy") != Policy {
				t.Errorf("%s %s: no Content-Security-Policy", c.method, c.path)
			}
		}
	}
}

// sim site writes only into a new or empty folder.
func TestWriteSiteRefusesAFullFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteSite(t.Context(), ".", dir)
	if err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("WriteSite into a full folder: %v, want an error saying it is not empty", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "keep.txt")); string(b) != "mine" {
		t.Error("WriteSite touched the folder's file")
	}
	if err := WriteSite(t.Context(), ".", filepath.Join(dir, "keep.txt")); err == nil || !strings.Contains(err.Error(), "is a file") {
		t.Errorf("WriteSite onto a file: %v, want an error saying it is a file", err)
	}
}

// The page refuses the same number of trials as a link's decoder: the cap
// is written twice, in Go and in app.js.
func TestPageTrialsCapIsTheLinks(t *testing.T) {
	js, err := static.ReadFile("static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("const MAX_TRIALS = %d;", MaxTrials)
	if !strings.Contains(string(js), want) {
		t.Errorf("app.js lacks %q", want)
	}
}
