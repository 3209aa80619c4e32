package ndk

import (
	"regexp"
	"testing"
)

// statusTable pins every named Status to its numeric value and its header
// name. The values were checked against public copies of ntstatus.h (Wine
// include/ntstatus.h, ReactOS sdk/include/psdk/ntstatus.h) and, for the two
// NDIS_STATUS codes, ReactOS sdk/include/ddk/ndis.h.
var statusTable = []struct {
	s    Status
	val  uint32
	name string
}{
	{StatusSuccess, 0x00000000, "STATUS_SUCCESS"},
	{StatusPending, 0x00000103, "STATUS_PENDING"},
	{StatusBufferOverflow, 0x80000005, "STATUS_BUFFER_OVERFLOW"},
	{StatusUnsuccessful, 0xC0000001, "STATUS_UNSUCCESSFUL"},
	{StatusNotImplemented, 0xC0000002, "STATUS_NOT_IMPLEMENTED"},
	{StatusAccessViolation, 0xC0000005, "STATUS_ACCESS_VIOLATION"},
	{StatusInvalidHandle, 0xC0000008, "STATUS_INVALID_HANDLE"},
	{StatusInvalidParameter, 0xC000000D, "STATUS_INVALID_PARAMETER"},
	{StatusBufferTooSmall, 0xC0000023, "STATUS_BUFFER_TOO_SMALL"},
	{StatusInvalidParameterMix, 0xC0000030, "STATUS_INVALID_PARAMETER_MIX"},
	{StatusSharingViolation, 0xC0000043, "STATUS_SHARING_VIOLATION"},
	{StatusInsufficientResources, 0xC000009A, "STATUS_INSUFFICIENT_RESOURCES"},
	{StatusIOTimeout, 0xC00000B5, "STATUS_IO_TIMEOUT"},
	{StatusNotSupported, 0xC00000BB, "STATUS_NOT_SUPPORTED"},
	{StatusInternalError, 0xC00000E5, "STATUS_INTERNAL_ERROR"},
	{StatusCancelled, 0xC0000120, "STATUS_CANCELLED"},
	{StatusLocalDisconnect, 0xC000013B, "STATUS_LOCAL_DISCONNECT"},
	{StatusRemoteDisconnect, 0xC000013C, "STATUS_REMOTE_DISCONNECT"},
	{StatusRemoteResources, 0xC000013D, "STATUS_REMOTE_RESOURCES"},
	{StatusInvalidAddress, 0xC0000141, "STATUS_INVALID_ADDRESS"},
	{StatusInvalidDeviceState, 0xC0000184, "STATUS_INVALID_DEVICE_STATE"},
	{StatusTooManyAddresses, 0xC0000209, "STATUS_TOO_MANY_ADDRESSES"},
	{StatusAddressAlreadyExists, 0xC000020A, "STATUS_ADDRESS_ALREADY_EXISTS"},
	{StatusConnectionDisconnected, 0xC000020C, "STATUS_CONNECTION_DISCONNECTED"},
	{StatusConnectionReset, 0xC000020D, "STATUS_CONNECTION_RESET"},
	{StatusConnectionRefused, 0xC0000236, "STATUS_CONNECTION_REFUSED"},
	{StatusConnectionInvalid, 0xC000023A, "STATUS_CONNECTION_INVALID"},
	{StatusConnectionActive, 0xC000023B, "STATUS_CONNECTION_ACTIVE"},
	{StatusNetworkUnreachable, 0xC000023C, "STATUS_NETWORK_UNREACHABLE"},
	{StatusHostUnreachable, 0xC000023D, "STATUS_HOST_UNREACHABLE"},
	{StatusConnectionAborted, 0xC0000241, "STATUS_CONNECTION_ABORTED"},
	{StatusImplementationLimit, 0xC000042B, "STATUS_IMPLEMENTATION_LIMIT"},
	{NdisStatusBadVersion, 0xC0010004, "NDIS_STATUS_BAD_VERSION"},
	{NdisStatusAdapterNotReady, 0xC0010011, "NDIS_STATUS_ADAPTER_NOT_READY"},
}

func TestStatusValuesAndNames(t *testing.T) {
	for _, tc := range statusTable {
		if uint32(tc.s) != tc.val {
			t.Errorf("%s = 0x%08X, want 0x%08X", tc.name, uint32(tc.s), tc.val)
		}
		if got := tc.s.String(); got != tc.name {
			t.Errorf("Status(0x%08X).String() = %q, want %q", tc.val, got, tc.name)
		}
	}
}

// TestStatusTableCoversStatusNames checks that the pinned table and
// statusNames hold the same codes, so no named constant goes unpinned.
func TestStatusTableCoversStatusNames(t *testing.T) {
	pinned := make(map[Status]string, len(statusTable))
	for _, tc := range statusTable {
		if prev, dup := pinned[tc.s]; dup {
			t.Errorf("0x%08X pinned twice (%s, %s)", uint32(tc.s), prev, tc.name)
		}
		pinned[tc.s] = tc.name
		if _, ok := statusNames[tc.s]; !ok {
			t.Errorf("%s (0x%08X) has no entry in statusNames", tc.name, tc.val)
		}
	}
	for s, name := range statusNames {
		if _, ok := pinned[s]; !ok {
			t.Errorf("statusNames entry %s (0x%08X) is not pinned in statusTable", name, uint32(s))
		}
	}
	if len(pinned) != len(statusNames) {
		t.Errorf("statusTable has %d codes, statusNames has %d", len(pinned), len(statusNames))
	}
}

func TestStatusStringUnknown(t *testing.T) {
	form := regexp.MustCompile(`^NTSTATUS\(0x[0-9A-F]{8}\)$`)
	for _, tc := range []struct {
		s    Status
		want string
	}{
		{Status(0xC0000022), "NTSTATUS(0xC0000022)"}, // STATUS_ACCESS_DENIED, not named here
		{Status(0x00000001), "NTSTATUS(0x00000001)"},
		{Status(0xDEADBEEF), "NTSTATUS(0xDEADBEEF)"},
	} {
		if _, named := statusNames[tc.s]; named {
			t.Fatalf("0x%08X is named; pick an unnamed code", uint32(tc.s))
		}
		got := tc.s.String()
		if got != tc.want {
			t.Errorf("Status(0x%08X).String() = %q, want %q", uint32(tc.s), got, tc.want)
		}
		if !form.MatchString(got) {
			t.Errorf("Status(0x%08X).String() = %q, not of the NTSTATUS(0x........) form", uint32(tc.s), got)
		}
	}
}

// TestStatusSeverity checks NT_SUCCESS semantics (signed value >= 0) and
// error severity (top two bits 11).
func TestStatusSeverity(t *testing.T) {
	for _, tc := range []struct {
		s                Status
		success, isError bool
	}{
		{StatusSuccess, true, false},         // severity 0
		{StatusPending, true, false},         // severity 0: NT_SUCCESS holds
		{StatusBufferOverflow, false, false}, // severity 2 (warning): neither
		{StatusCancelled, false, true},       // severity 3
		{NdisStatusAdapterNotReady, false, true},
	} {
		if got := tc.s.IsSuccess(); got != tc.success {
			t.Errorf("%v.IsSuccess() = %v, want %v", tc.s, got, tc.success)
		}
		if got := tc.s.IsError(); got != tc.isError {
			t.Errorf("%v.IsError() = %v, want %v", tc.s, got, tc.isError)
		}
	}
}

func TestObjectTypeString(t *testing.T) {
	want := []string{
		1:  "NDK_ADAPTER",
		2:  "NDK_QP",
		3:  "NDK_CQ",
		4:  "NDK_MR",
		5:  "NDK_MW",
		6:  "NDK_PD",
		7:  "NDK_SHARED_ENDPOINT",
		8:  "NDK_CONNECTOR",
		9:  "NDK_LISTENER",
		10: "NDK_SRQ",
	}
	for v := 1; v <= 10; v++ {
		if got := ObjectType(v).String(); got != want[v] {
			t.Errorf("ObjectType(%d).String() = %q, want %q", v, got, want[v])
		}
	}
	if got := ObjectType(0).String(); got != "NDK_OBJECT_TYPE(?)" {
		t.Errorf("ObjectType(0).String() = %q, want NDK_OBJECT_TYPE(?)", got)
	}
}
