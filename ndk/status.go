package ndk

import "fmt"

// Status is an NTSTATUS value, as NDKPI functions return it and as the
// provider passes it to completion callbacks. The values are those of
// ntstatus.h (and ndis.h for the NDIS_STATUS codes that OPEN_NDK_ADAPTER
// documents).
type Status uint32

// NTSTATUS codes named by the NDKPI reference pages.
const (
	StatusSuccess                Status = 0x00000000
	StatusPending                Status = 0x00000103
	StatusBufferOverflow         Status = 0x80000005
	StatusUnsuccessful           Status = 0xC0000001
	StatusNotImplemented         Status = 0xC0000002
	StatusAccessViolation        Status = 0xC0000005
	StatusInvalidHandle          Status = 0xC0000008
	StatusInvalidParameter       Status = 0xC000000D
	StatusBufferTooSmall         Status = 0xC0000023
	StatusInvalidParameterMix    Status = 0xC0000030
	StatusSharingViolation       Status = 0xC0000043
	StatusInsufficientResources  Status = 0xC000009A
	StatusIOTimeout              Status = 0xC00000B5
	StatusNotSupported           Status = 0xC00000BB
	StatusInternalError          Status = 0xC00000E5
	StatusCancelled              Status = 0xC0000120
	StatusLocalDisconnect        Status = 0xC000013B
	StatusRemoteDisconnect       Status = 0xC000013C
	StatusRemoteResources        Status = 0xC000013D
	StatusInvalidAddress         Status = 0xC0000141
	StatusInvalidDeviceState     Status = 0xC0000184
	StatusTooManyAddresses       Status = 0xC0000209
	StatusAddressAlreadyExists   Status = 0xC000020A
	StatusConnectionDisconnected Status = 0xC000020C
	StatusConnectionReset        Status = 0xC000020D
	StatusConnectionRefused      Status = 0xC0000236
	StatusConnectionInvalid      Status = 0xC000023A
	StatusConnectionActive       Status = 0xC000023B
	StatusNetworkUnreachable     Status = 0xC000023C
	StatusHostUnreachable        Status = 0xC000023D
	StatusConnectionAborted      Status = 0xC0000241
	StatusImplementationLimit    Status = 0xC000042B

	// NDIS_STATUS codes returned by OPEN_NDK_ADAPTER_HANDLER.
	NdisStatusBadVersion      Status = 0xC0010004
	NdisStatusAdapterNotReady Status = 0xC0010011
)

var statusNames = map[Status]string{
	StatusSuccess:                "STATUS_SUCCESS",
	StatusPending:                "STATUS_PENDING",
	StatusBufferOverflow:         "STATUS_BUFFER_OVERFLOW",
	StatusUnsuccessful:           "STATUS_UNSUCCESSFUL",
	StatusNotImplemented:         "STATUS_NOT_IMPLEMENTED",
	StatusAccessViolation:        "STATUS_ACCESS_VIOLATION",
	StatusInvalidHandle:          "STATUS_INVALID_HANDLE",
	StatusInvalidParameter:       "STATUS_INVALID_PARAMETER",
	StatusBufferTooSmall:         "STATUS_BUFFER_TOO_SMALL",
	StatusInvalidParameterMix:    "STATUS_INVALID_PARAMETER_MIX",
	StatusSharingViolation:       "STATUS_SHARING_VIOLATION",
	StatusInsufficientResources:  "STATUS_INSUFFICIENT_RESOURCES",
	StatusIOTimeout:              "STATUS_IO_TIMEOUT",
	StatusNotSupported:           "STATUS_NOT_SUPPORTED",
	StatusInternalError:          "STATUS_INTERNAL_ERROR",
	StatusCancelled:              "STATUS_CANCELLED",
	StatusLocalDisconnect:        "STATUS_LOCAL_DISCONNECT",
	StatusRemoteDisconnect:       "STATUS_REMOTE_DISCONNECT",
	StatusRemoteResources:        "STATUS_REMOTE_RESOURCES",
	StatusInvalidAddress:         "STATUS_INVALID_ADDRESS",
	StatusInvalidDeviceState:     "STATUS_INVALID_DEVICE_STATE",
	StatusTooManyAddresses:       "STATUS_TOO_MANY_ADDRESSES",
	StatusAddressAlreadyExists:   "STATUS_ADDRESS_ALREADY_EXISTS",
	StatusConnectionDisconnected: "STATUS_CONNECTION_DISCONNECTED",
	StatusConnectionReset:        "STATUS_CONNECTION_RESET",
	StatusConnectionRefused:      "STATUS_CONNECTION_REFUSED",
	StatusConnectionInvalid:      "STATUS_CONNECTION_INVALID",
	StatusConnectionActive:       "STATUS_CONNECTION_ACTIVE",
	StatusNetworkUnreachable:     "STATUS_NETWORK_UNREACHABLE",
	StatusHostUnreachable:        "STATUS_HOST_UNREACHABLE",
	StatusConnectionAborted:      "STATUS_CONNECTION_ABORTED",
	StatusImplementationLimit:    "STATUS_IMPLEMENTATION_LIMIT",
	NdisStatusBadVersion:         "NDIS_STATUS_BAD_VERSION",
	NdisStatusAdapterNotReady:    "NDIS_STATUS_ADAPTER_NOT_READY",
}

// String returns the ntstatus.h name, or the hex value for a code this
// package does not name.
func (s Status) String() string {
	if n, ok := statusNames[s]; ok {
		return n
	}
	return fmt.Sprintf("NTSTATUS(0x%08X)", uint32(s))
}

// IsSuccess is NT_SUCCESS: true for success and informational codes
// (severity 0 or 1), which includes STATUS_PENDING.
func (s Status) IsSuccess() bool { return int32(s) >= 0 }

// IsError is true for codes of error severity (the top two bits set).
func (s Status) IsError() bool { return uint32(s)>>30 == 3 }
