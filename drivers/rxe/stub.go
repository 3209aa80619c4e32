//go:build !rxe || !cgo

package rxe

import (
	"errors"

	"github.com/ndkconform/ndkconform/ndk"
)

// errNoRDMACore is why the default build cannot run the driver.
var errNoRDMACore = errors.New("built without rdma-core: rebuild with `go build -tags rxe` (needs cgo and Debian's libibverbs-dev librdmacm-dev)")

// Usable implements ndk.Driver: this build has no rdma-core.
func (Driver) Usable() error { return errNoRDMACore }

// Open implements ndk.Opener: this build has no rdma-core.
func (config) Open() (ndk.Provider, error) { return nil, errNoRDMACore }
