// Package device is the transport of ndkt's IOCTL contract
// (ndkt/CONTRACT.md): one session is one open handle of the ndkt device,
// and every exchange is a DeviceIoControl on it. Two implementations
// exist: DeviceIoControl on \\.\NdkTest on Windows, and, on Linux, the
// same C core called in process through cgo with sim behind NDKPI's C
// ABI. The Go side of ndkt (an ndk.Driver) speaks only to this interface,
// so both run the same code above it.
package device

import "fmt"

// Device opens sessions.
type Device interface {
	// Open opens a session: a handle of the device (CreateFile). The
	// first exchange on it is contract.IoctlHello.
	Open() (Handle, error)
}

// Handle is one open handle: one session of the core. It is safe for
// concurrent use: contract.IoctlGetEvents stays pending (the inverted
// call) while other exchanges go on, as overlapped DeviceIoControl calls
// do.
type Handle interface {
	// Ioctl is DeviceIoControl(code, in, out): it returns the number of
	// bytes the driver wrote to out, or a *StatusError when the driver
	// completed the request with an error NTSTATUS (what DeviceIoControl
	// reports as a failure). For the METHOD_IN_DIRECT code
	// (contract.IoctlWriteMemory) out is the data the driver reads; for
	// METHOD_OUT_DIRECT (contract.IoctlReadMemory) the data it writes.
	Ioctl(code uint32, in, out []byte) (int, error)
	// Close closes the handle (IRP_MJ_CLEANUP, then IRP_MJ_CLOSE): the
	// core releases the session's held callbacks, completes its pending
	// contract.IoctlGetEvents with STATUS_CANCELLED, and closes every
	// object of the session, children before parents.
	Close() error
}

// StatusError is the NTSTATUS a request was completed with when it failed.
type StatusError struct {
	Code   uint32
	Status uint32
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("ndkt: IOCTL 0x%08x failed with NTSTATUS 0x%08x", e.Code, e.Status)
}
