package engine

import "testing"

// Values are numbered in the order they come, found again by value, and
// kept across the blocks' boundaries (16, 32, 64 … values in).
func TestNumbering(t *testing.T) {
	t.Parallel()
	n := newNumbering[[3]int]()
	for i := range 5000 {
		if id := n.number([3]int{i % 7, i, -i}); id != int32(i) {
			t.Fatalf("value %d numbered %d", i, id)
		}
	}
	for i := range 5000 {
		if id := n.number([3]int{i % 7, i, -i}); id != int32(i) {
			t.Fatalf("value %d found as %d", i, id)
		}
		if v := *n.at(int32(i)); v != [3]int{i % 7, i, -i} {
			t.Fatalf("number %d holds %v", i, v)
		}
	}
	k := 0
	for id, v := range n.all {
		if id != int32(k) || v[1] != k {
			t.Fatalf("all: %d %v at %d", id, *v, k)
		}
		k++
	}
	if k != 5000 || n.n != 5000 {
		t.Errorf("all gave %d values, n %d; want 5000", k, n.n)
	}
}
