package scenarios

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxFileSize is the largest scenario or house-rules file sim reads: 8
// MiB, far above any real one (a few KB, and the decoder takes at most
// maxDecodeNodes values), so that a path such as /dev/zero is refused
// instead of read without end.
const MaxFileSize = 8 << 20

// ReadLimited reads the file at path, as os.ReadFile does, but at most
// limit bytes: a longer file is a *fs.PathError whose Err says so. A
// regular file is refused by its size, before it is read; anything else
// (a device, a pipe) is read up to the limit.
func ReadLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tooLarge := &fs.PathError{Op: "read", Path: path,
		Err: fmt.Errorf("it is larger than %d MiB, the most sim reads; check the path", limit>>20)}
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
		return nil, tooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge
	}
	return data, nil
}
