package engine

// StreamVersion names the seed derivation. Changing how a batch's stream is
// derived from (seed, batch) changes every result; when that is done
// deliberately, the version changes with it.
const StreamVersion = "sim-dice-v1"

// streamTag is a 64-bit hash (FNV-1a) of StreamVersion, mixed into every seed.
var streamTag = fnv1a(StreamVersion)

// streamState derives the 128-bit PCG state of batch b. The map is injective:
// hi determines seed (mix64 is a bijection) and, given seed, lo determines
// batch, so no two (seed, batch) pairs share a state.
func streamState(seed, batch uint64) (hi, lo uint64) {
	hi = mix64(seed ^ streamTag)
	lo = mix64(batch ^ mix64(hi+0x9e3779b97f4a7c15))
	return hi, lo
}

// mix64 is the SplitMix64 finaliser (Steele, Lea and Flood, "Fast Splittable
// Pseudorandom Number Generators", OOPSLA 2014), a bijection on uint64 with
// good avalanche.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func fnv1a(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
