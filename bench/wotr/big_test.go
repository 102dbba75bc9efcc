package wotrref

import (
	"context"
	"os"
	"strconv"
	"testing"

	"github.com/wargamesim/sim/engine"
)

// TestAgreementLarge is TestAgreement with WOTR_TRIALS trials on
// WOTR_SCENARIO, for chasing a small difference; skipped unless set.
func TestAgreementLarge(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("WOTR_TRIALS"))
	name := os.Getenv("WOTR_SCENARIO")
	if n == 0 || name == "" {
		t.Skip("set WOTR_TRIALS and WOTR_SCENARIO")
	}
	p, ref := load(t, name)
	eng, err := engine.Run(context.Background(), p.Model, engine.Config{Trials: int64(n), Seed: 21, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	compare(t, eng, ref.Run(n, 23))
}
