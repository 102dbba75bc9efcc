package enginetest

import (
	"strings"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// AgreeSamples passes two runs of the same frequencies and fails runs that
// differ. Sources, for n = 16,000 trials of Binomial(4, 1/2) (sd 1): every
// value one higher moves the mean by 1, z = 1/sqrt(2/n) ≈ 89, and the tails
// P(X ≥ 0..2), the only ones with 25 trials on either side in both runs (b
// has none below -1, a none at 3); an event of
// 45% against 30% has z ≈ 28; 0 against 20 trials of a rare event puts all
// 20 on one side, exact two-sided p = 2·2^-20 ≈ 1.9e-6, under the 6.8e-6
// level; 3 against 5 gives p ≈ 0.73.
func TestAgreeSamples(t *testing.T) {
	t.Parallel()
	const n = 16_000
	withEvent := func(count int64) *engine.Result {
		r := result(n, -2, 5)
		r.Events, r.Count = []string{"win"}, []int64{count}
		return r
	}
	for _, c := range []struct {
		name string
		b    *engine.Result
		want []string // the start of each error, in order; nil: none
	}{
		{"the same", withEvent(0.3 * n), nil},
		{"every value one higher", func() *engine.Result {
			r := withEvent(0.3 * n)
			r.Metrics[0].Min, r.Metrics[0].Max = -1, 3
			return r
		}(), []string{"diff: mean", "diff: P(X ≥ 0)", "diff: P(X ≥ 1)", "diff: P(X ≥ 2)"}},
		{"an event half again as likely", withEvent(0.45 * n), []string{"win: P"}},
	} {
		rec := &recorder{}
		AgreeSamples(rec, withEvent(0.3*n), c.b, [2]string{"a", "b"})
		check(t, c.name, rec.errs, c.want)
	}
	for _, c := range []struct {
		name   string
		a, b   int64
		failed bool
	}{{"a rare event, 0 against 20", 0, 20, true}, {"a rare event, 3 against 5", 3, 5, false}} {
		rec := &recorder{}
		AgreeSamples(rec, withEvent(c.a), withEvent(c.b), [2]string{"a", "b"})
		var want []string
		if c.failed {
			want = []string{"win: P"}
		}
		check(t, c.name, rec.errs, want)
	}
}

// check reports unless errs start with want, one for one.
func check(t *testing.T, name string, errs, want []string) {
	t.Helper()
	ok := len(errs) == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = strings.HasPrefix(errs[i], want[i])
	}
	if !ok {
		t.Errorf("%s: errors\n%s\nwant ones starting\n%s", name, strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
}
