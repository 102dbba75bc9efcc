package engine

import (
	"hash/maphash"
	"math/bits"
)

// numbering numbers values of T in the order they come: the first value
// met is 0, the next new one 1, and so on. Values are found by their hash
// in an open-addressed table probed linearly: one hash a look-up, whether
// the value is new or not (a map hashes a new key twice), and no second
// copy of each value. The numbers do not depend on the hashes, whose seed
// is random. The values are kept in blocks that double in size, 16, 16,
// 32, 64 …, so that none is ever copied as they grow (a slice of them,
// growing by append, copied each several times over).
type numbering[T comparable] struct {
	seed   maphash.Seed
	slots  []int32  // the values by hash: their numbers, −1 empty, at most half full
	hashes []uint64 // each value's hash, by number
	blocks [][]T    // the values, by number: block b holds 16·2^(b−1) of them from number 16·2^(b−1) (block 0, 16 from 0)
	n      int      // how many values
}

// firstBlock is the size of the first two blocks, a power of 2.
const firstBlock = 16

// at is the value numbered id.
func (n *numbering[T]) at(id int32) *T {
	b := bits.Len32(uint32(id) / firstBlock)
	if b > 0 {
		id -= firstBlock << (b - 1)
	}
	return &n.blocks[b][id]
}

// all iterates over the values in the order of their numbers.
func (n *numbering[T]) all(yield func(int32, *T) bool) {
	id := int32(0)
	for _, blk := range n.blocks {
		for i := range blk {
			if int(id) >= n.n || !yield(id, &blk[i]) {
				return
			}
			id++
		}
	}
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
		if id := n.slots[slot]; n.hashes[id] == h && *n.at(id) == v {
			return id, slot, h
		}
	}
	return -1, slot, h
}

// add numbers v, which find did not find, in the slot find returned, of
// hash h, and returns its number.
func (n *numbering[T]) add(v T, slot, h uint64) int32 {
	id := int32(n.n)
	if b := bits.Len32(uint32(id) / firstBlock); b == len(n.blocks) {
		size := firstBlock // blocks 0 and 1
		if b > 1 {
			size <<= b - 1
		}
		n.blocks = append(n.blocks, make([]T, size))
	}
	*n.at(id) = v
	n.n++
	n.slots[slot] = id
	n.hashes = append(n.hashes, h)
	if 2*n.n > len(n.slots) {
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
