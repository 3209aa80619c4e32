//go:build windows

package remote

import (
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/ndkconform/ndkconform/ndkt/device"
)

// The kernel device: ndkt.sys's \Device\NdkTest, opened as
// \\.\NdkTest (docs/agent-windows.md). Each exchange is an overlapped
// NtDeviceIoControlFile, so that NDKT_GET_EVENTS stays pending while
// calls go, and so that a request the driver completes with an error
// gives its NTSTATUS (DeviceIoControl's Win32 error loses it, and an error
// completed at once never reaches the OVERLAPPED).

func init() {
	RegisterDevice(KernelDevice, func(opts map[string]string) (device.Device, error) {
		if len(opts) > 0 {
			var keys []string
			for k := range opts {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			return nil, fmt.Errorf("the kernel device takes no options (given: %s)", strings.Join(keys, ", "))
		}
		return kernelDevice{}, nil
	})
	ndktDevices.kernelUsable = kernelUsable
}

var (
	ntdll                 = windows.NewLazySystemDLL("ntdll.dll")
	ntDeviceIoControlFile = ntdll.NewProc("NtDeviceIoControlFile")
)

const statusPending = 0x00000103

type kernelDevice struct{}

// Open implements device.Device: CreateFile on the device, for
// overlapped I/O.
func (kernelDevice) Open() (device.Handle, error) {
	h, err := openKernel()
	if err != nil {
		return nil, err
	}
	return &kernelHandle{h: h}, nil
}

func openKernel() (windows.Handle, error) {
	name, err := windows.UTF16PtrFromString(KernelDevice)
	if err != nil {
		return windows.InvalidHandle, err
	}
	h, err := windows.CreateFile(name, windows.GENERIC_READ|windows.GENERIC_WRITE, 0, nil,
		windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL|windows.FILE_FLAG_OVERLAPPED, 0)
	switch {
	case errors.Is(err, windows.ERROR_FILE_NOT_FOUND), errors.Is(err, windows.ERROR_PATH_NOT_FOUND):
		return windows.InvalidHandle, fmt.Errorf("%s: no such device: ndkt.sys is not installed or not started (docs/agent-windows.md)", KernelDevice)
	case errors.Is(err, windows.ERROR_ACCESS_DENIED):
		return windows.InvalidHandle, fmt.Errorf("%s: access denied: the device admits SYSTEM and Administrators only", KernelDevice)
	case err != nil:
		return windows.InvalidHandle, fmt.Errorf("%s: %w", KernelDevice, err)
	}
	return h, nil
}

// kernelUsable opens and closes the device.
func kernelUsable() error {
	h, err := openKernel()
	if err != nil {
		return err
	}
	return windows.CloseHandle(h)
}

// kernelHandle is one open handle: one session of ndkt.sys.
type kernelHandle struct {
	// mu: an exchange is issued under the read lock, so that Close does
	// not close the handle under an issue (its value could be reused).
	mu     sync.RWMutex
	h      windows.Handle
	closed bool
}

func firstByte(b []byte) uintptr {
	if len(b) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(&b[0]))
}

// Ioctl implements device.Handle: NtDeviceIoControlFile with an event of
// its own, waited for when the request is pending. The buffers are the
// caller's: METHOD_BUFFERED copies them, the direct methods lock them in
// an MDL (out is then the data to write for NDKT_WRITE_MEMORY, or the
// room for the data read for NDKT_READ_MEMORY).
func (k *kernelHandle) Ioctl(code uint32, in, out []byte) (int, error) {
	ev, err := windows.CreateEvent(nil, 1, 0, nil)
	if err != nil {
		return 0, fmt.Errorf("CreateEvent: %w", err)
	}
	defer windows.CloseHandle(ev)
	iosb := new(windows.IO_STATUS_BLOCK)
	k.mu.RLock()
	if k.closed {
		k.mu.RUnlock()
		return 0, errors.New("ndkt: the handle is closed")
	}
	r, _, _ := ntDeviceIoControlFile.Call(uintptr(k.h), uintptr(ev), 0, 0, uintptr(unsafe.Pointer(iosb)),
		uintptr(code), firstByte(in), uintptr(len(in)), firstByte(out), uintptr(len(out)))
	k.mu.RUnlock()
	st := uint32(r)
	if st == statusPending {
		if _, err := windows.WaitForSingleObject(ev, windows.INFINITE); err != nil {
			return 0, fmt.Errorf("waiting for IOCTL 0x%08x: %w", code, err)
		}
		st = uint32(iosb.Status)
	}
	runtime.KeepAlive(in)
	runtime.KeepAlive(out)
	if int32(st) < 0 { // !NT_SUCCESS: what DeviceIoControl reports as a failure
		return 0, &device.StatusError{Code: code, Status: st}
	}
	return int(iosb.Information), nil
}

// Close implements device.Handle: the requests still pending are
// cancelled, then the handle closed (IRP_MJ_CLEANUP closes what the
// session left open).
func (k *kernelHandle) Close() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.closed {
		return nil
	}
	k.closed = true
	_ = windows.CancelIoEx(k.h, nil)
	return windows.CloseHandle(k.h)
}

var _ device.Device = kernelDevice{}
