/*
 * The device object, opened by SYSTEM and Administrators only
 * (docs/agent-windows.md section 8: SDDL_DEVOBJ_SYS_ALL_ADM_ALL,
 * "D:P(A;;GA;;;SY)(A;;GA;;;BA)", and FILE_DEVICE_SECURE_OPEN).
 *
 * The WDK's IoCreateDeviceSecure (WdmlibIoCreateDeviceSecure) lives in
 * the static library wdmsec.lib, which mingw-w64 does not have (it has
 * wdmsec.h's declarations only). This does what the SDDL string says with
 * documented kernel calls: IoCreateDevice with FILE_DEVICE_SECURE_OPEN,
 * then a protected DACL of two ACEs, GENERIC_ALL (mapped through the file
 * object's generic mapping, as a device's access checks use it) for
 * LocalSystem (SY) and for BUILTIN\Administrators (BA), set with
 * ZwSetSecurityObject on a kernel handle to the device. No open can reach
 * the device before DriverEntry returns, so the DACL is in place first.
 * Unlike IoCreateDeviceSecure, no class GUID lets the registry override
 * the descriptor.
 */
#include <ntifs.h>

#include "shell.h"

/* sizeof(ACCESS_ALLOWED_ACE) counts the SID's first ULONG (SidStart). */
static ULONG ace_size(PSID sid)
{
	return (ULONG)(sizeof(ACCESS_ALLOWED_ACE) - sizeof(ULONG)) + RtlLengthSid(sid);
}

static NTSTATUS build_dacl(PACL acl, ULONG size, ACCESS_MASK mask)
{
	NTSTATUS st = RtlCreateAcl(acl, size, ACL_REVISION);
	if (NT_SUCCESS(st))
		st = RtlAddAccessAllowedAce(acl, ACL_REVISION, mask, SeExports->SeLocalSystemSid);
	if (NT_SUCCESS(st))
		st = RtlAddAccessAllowedAce(acl, ACL_REVISION, mask, SeExports->SeAliasAdminsSid);
	return st;
}

static NTSTATUS apply(PDEVICE_OBJECT dev, SECURITY_DESCRIPTOR *sd)
{
	HANDLE h = NULL;
	NTSTATUS st = ObOpenObjectByPointer(dev, OBJ_KERNEL_HANDLE, NULL, WRITE_DAC, NULL, KernelMode, &h);
	if (!NT_SUCCESS(st))
		return st;
	st = ZwSetSecurityObject(h, DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION, sd);
	ZwClose(h);
	return st;
}

static NTSTATUS secure(PDEVICE_OBJECT dev)
{
	SECURITY_DESCRIPTOR sd;
	ACCESS_MASK mask = GENERIC_ALL;
	PACL acl;
	ULONG size;
	NTSTATUS st;
	size = (ULONG)sizeof(ACL) + ace_size(SeExports->SeLocalSystemSid) + ace_size(SeExports->SeAliasAdminsSid);
	acl = ndkt_alloc(size, NDKT_TAG_SEC);
	if (acl == NULL)
		return STATUS_INSUFFICIENT_RESOURCES;
	RtlMapGenericMask(&mask, IoGetFileObjectGenericMapping());
	st = build_dacl(acl, size, mask);
	if (NT_SUCCESS(st))
		st = RtlCreateSecurityDescriptor(&sd, SECURITY_DESCRIPTOR_REVISION);
	if (NT_SUCCESS(st))
		st = RtlSetDaclSecurityDescriptor(&sd, TRUE, acl, FALSE);
	if (NT_SUCCESS(st))
		st = apply(dev, &sd);
	ndkt_free(acl, NDKT_TAG_SEC); /* the object keeps its own copy */
	return st;
}

NTSTATUS ndkt_device_create(PDRIVER_OBJECT driver, PUNICODE_STRING name, PDEVICE_OBJECT *out)
{
	PDEVICE_OBJECT dev = NULL;
	NTSTATUS st;
	*out = NULL;
	st = IoCreateDevice(driver, 0, name, FILE_DEVICE_UNKNOWN, FILE_DEVICE_SECURE_OPEN, FALSE, &dev);
	if (!NT_SUCCESS(st))
		return st;
	st = secure(dev);
	if (!NT_SUCCESS(st)) {
		IoDeleteDevice(dev);
		return st;
	}
	*out = dev;
	return STATUS_SUCCESS;
}
