package engine

import "hash/maphash"

// numbering numbers values of T in the order they come: the first value
// met is 0, the next new one 1, and so on. Values are found by their hash
// in an open-addressed table probed linearly: one hash a look-up, whether
// the value is new or not (a map hashes a new key twice), and no second
// copy of each value. The numbers do not depend on the hashes, whose seed
// is random.
type numbering[T comparable] struct {
	seed   maphash.Seed
	slots  []int32  // the values by hash: their numbers, −1 empty, at most half full
	hashes []uint64 // each value's hash, by number
	items  []T      // the values, by number
}

func newNumbering[T comparable]() numbering[T] {
	return numbering[T]{seed: maphash.MakeSeed(), slots: []int32{-1, -1, -1, -1, -1, -1, -1, -1}}
}

// find returns v's number, or −1 and the slot to number it in.
func (n *numbering[T]) find(v T) (id int32, slot uint64, h uint64) {
	h = maphash.Comparable(n.seed, v)
	mask := uint64(len(n.slots) - 1)
	slot = h & mask
	for ; n.slots[slot] >= 0; slot = (slot + 1) & mask {
		if id := n.slots[slot]; n.hashes[id] == h && n.items[id] == v {
			return id, slot, h
		}
	}
	return -1, slot, h
}

// add numbers v, which find did not find, in the slot find returned, of
// hash h, and returns its number.
func (n *numbering[T]) add(v T, slot, h uint64) int32 {
	id := int32(len(n.items))
	n.slots[slot] = id
	n.items = append(n.items, v)
	n.hashes = append(n.hashes, h)
	if 2*len(n.items) > len(n.slots) {
		n.grow()
	}
	return id
}

// number returns v's number, numbering it if it is new.
func (n *numbering[T]) number(v T) int32 {
	id, slot, h := n.find(v)
	if id < 0 {
		id = n.add(v, slot, h)
	}
	return id
}

// grow doubles the table, placing every value again by its hash.
func (n *numbering[T]) grow() {
	n.slots = make([]int32, 2*len(n.slots))
	for i := range n.slots {
		n.slots[i] = -1
	}
	mask := uint64(len(n.slots) - 1)
	for id, h := range n.hashes {
		i := h & mask
		for n.slots[i] >= 0 {
			i = (i + 1) & mask
		}
		n.slots[i] = int32(id)
	}
}
