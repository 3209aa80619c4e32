/*
 * The service's Parameters key: ndkt.sys starts only when
 * EnableTestInterface is REG_DWORD 1 there (docs/agent-windows.md section
 * 8: a session lets a remote peer read and write agent buffers by RDMA,
 * so the driver belongs on lab machines only and says so by a setting an
 * administrator makes on purpose; the INF does not set it).
 */
#include "shell.h"

/* Opens name under root (or the absolute name when root is NULL). */
static NTSTATUS open_key(HANDLE root, PUNICODE_STRING name, HANDLE *out)
{
	OBJECT_ATTRIBUTES oa;
	InitializeObjectAttributes(&oa, name, OBJ_CASE_INSENSITIVE | OBJ_KERNEL_HANDLE, root, NULL);
	return ZwOpenKey(out, KEY_READ, &oa);
}

/* value of a REG_DWORD named name under key; 0 when absent or not one. */
static ULONG read_dword(HANDLE key, PUNICODE_STRING name)
{
	union {
		KEY_VALUE_PARTIAL_INFORMATION info;
		UCHAR b[sizeof(KEY_VALUE_PARTIAL_INFORMATION) + sizeof(ULONG)];
	} buf;
	ULONG got = 0, v = 0;
	NTSTATUS st;
	RtlZeroMemory(&buf, sizeof buf);
	st = ZwQueryValueKey(key, name, KeyValuePartialInformation, &buf, (ULONG)sizeof buf, &got);
	if (!NT_SUCCESS(st) || got > sizeof buf || got < offsetof(KEY_VALUE_PARTIAL_INFORMATION, Data))
		return 0;
	if (buf.info.Type != REG_DWORD || buf.info.DataLength != sizeof(ULONG) ||
	    got < offsetof(KEY_VALUE_PARTIAL_INFORMATION, Data) + sizeof(ULONG))
		return 0;
	RtlCopyMemory(&v, buf.info.Data, sizeof v);
	return v;
}

int ndkt_config_test_interface(PUNICODE_STRING registry_path)
{
	UNICODE_STRING params, value;
	HANDLE service = NULL, key = NULL;
	ULONG v = 0;
	if (registry_path == NULL || registry_path->Buffer == NULL || registry_path->Length == 0)
		return 0;
	RtlInitUnicodeString(&params, L"Parameters");
	RtlInitUnicodeString(&value, L"EnableTestInterface");
	if (!NT_SUCCESS(open_key(NULL, registry_path, &service)))
		return 0;
	if (NT_SUCCESS(open_key(service, &params, &key))) {
		v = read_dword(key, &value);
		ZwClose(key);
	}
	ZwClose(service);
	return v == 1;
}
