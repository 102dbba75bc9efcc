package web

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Link is what a page link holds: the page's form, as JSON, deflated,
// base64url-encoded after "#v1." in the URL's fragment (static/app.js
// writes it; docs/web.md, "Links"). Either Scenario names a built-in or
// YAML is the scenario itself.
type Link struct {
	V        int    `json:"v"`
	Cmd      string `json:"cmd"` // run, compare, sweep, or variant (compare the scenario with Variant)
	Scenario string `json:"scenario,omitempty"`
	YAML     string `json:"yaml,omitempty"`
	Trials   int64  `json:"trials"`
	Seed     string `json:"seed"`
	Rules    string `json:"rules,omitempty"`
	Exact    bool   `json:"exact,omitempty"`
	Compare  string `json:"compare,omitempty"` // compare: the rulesets, comma-separated
	Vary     string `json:"vary,omitempty"`    // sweep: FIELD=VALUES
	Variant  string `json:"variant,omitempty"` // variant: the YAML of the scenario compared with the first
}

// MaxTrials is the most trials a link may ask for: the page refuses more,
// so that a link cannot make it run without end.
const MaxTrials = 10_000_000

// maxLink bounds a link's decompressed JSON.
const maxLink = 1 << 20

// DecodeLink reads a page link: a URL, or its fragment alone.
func DecodeLink(s string) (*Link, error) {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[i+1:]
	}
	rest, ok := strings.CutPrefix(s, "v1.")
	if !ok {
		return nil, errors.New("not a sim page link: its fragment should start with #v1. (copy it with the page's Copy link button)")
	}
	raw, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil {
		return nil, fmt.Errorf("the link is damaged (base64: %v); copy it again", err)
	}
	data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxLink+1))
	if err != nil {
		return nil, fmt.Errorf("the link is damaged (deflate: %v); copy it again", err)
	}
	if len(data) > maxLink {
		return nil, fmt.Errorf("the link holds more than %d bytes", maxLink)
	}
	var l Link
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("the link is damaged (JSON: %v); copy it again", err)
	}
	return &l, l.check()
}

// check reports what is wrong with a decoded link.
func (l *Link) check() error {
	switch {
	case l.V != 1:
		return fmt.Errorf("the link is of format %d; this sim reads format 1", l.V)
	case l.Cmd != "run" && l.Cmd != "compare" && l.Cmd != "sweep" && l.Cmd != "variant":
		return fmt.Errorf("the link's command %q is not run, compare, sweep or variant", l.Cmd)
	case (l.Cmd == "variant") != (l.Variant != ""):
		return errors.New("the link's variant and its command do not go together")
	case (l.Scenario == "") == (l.YAML == ""):
		return errors.New("the link names no scenario (or two)")
	case l.Trials < 1 || l.Trials > MaxTrials:
		return fmt.Errorf("the link asks for %d trials: from 1 to %d", l.Trials, MaxTrials)
	case l.Cmd == "sweep" && l.Vary == "":
		return errors.New("the link is a sweep with no field to vary")
	}
	if l.Seed != "" {
		if _, err := strconv.ParseUint(l.Seed, 10, 64); err != nil {
			return fmt.Errorf("the link's seed %q is not a whole number from 0 to 18446744073709551615", l.Seed)
		}
	}
	return nil
}

// Args is the command line the page runs for l, on the scenario at file
// and, for a variant, the variant at variant (static/app.js builds the
// same one).
func (l *Link) Args(file, variant string) []string {
	a := []string{l.Cmd, file}
	if l.Cmd == "variant" {
		a = []string{"compare", file, variant}
	}
	a = append(a, "--trials", strconv.FormatInt(l.Trials, 10), "--quiet")
	if l.Seed != "" {
		a = append(a, "--seed", l.Seed)
	}
	switch {
	case l.Cmd == "compare" && l.Compare != "":
		a = append(a, "--rules", l.Compare)
	case l.Rules != "":
		a = append(a, "--rules", l.Rules)
	}
	if l.Cmd == "sweep" {
		a = append(a, "--vary", l.Vary)
	}
	if l.Exact {
		a = append(a, "--exact")
	}
	return a
}

// Encode is the link's fragment, without the '#': what the page's Copy
// link writes for the same form (its bytes may differ, its content not).
func (l *Link) Encode() (string, error) {
	if err := l.check(); err != nil {
		return "", err
	}
	js, err := json.Marshal(l)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		return "", err
	}
	w.Write(js)
	if err := w.Close(); err != nil {
		return "", err
	}
	return "v1." + base64.RawURLEncoding.EncodeToString(b.Bytes()), nil
}
