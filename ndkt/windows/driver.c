/*
 * ndkt.sys: DriverEntry, DriverUnload and the dispatch table. One device,
 * \Device\NdkTest (SYSTEM and Administrators only: secure.c), reached from
 * user mode as \\.\NdkTest. A legacy (NT service) driver: no PnP, no
 * AddDevice. The I/O manager unloads it only once no file object of the
 * device is open, so every session has ended by DriverUnload.
 */
#include "shell.h"

static PDRIVER_OBJECT ndkt_driver;
static PDEVICE_OBJECT ndkt_dev;
static UNICODE_STRING ndkt_dev_name;
static UNICODE_STRING ndkt_link_name;
static int ndkt_linked;
static ndkt_atomic64 ndkt_leaks; /* sessions leaked on purpose */

DRIVER_INITIALIZE DriverEntry;
static DRIVER_UNLOAD ndkt_unload;
static DRIVER_DISPATCH ndkt_create;
static DRIVER_DISPATCH ndkt_cleanup;
static DRIVER_DISPATCH ndkt_close;
static DRIVER_DISPATCH ndkt_device_control;

NTSTATUS ndkt_irp_complete(PIRP irp, NTSTATUS status, ULONG_PTR information)
{
	irp->IoStatus.Status = status;
	irp->IoStatus.Information = NT_ERROR(status) ? 0 : information;
	IoCompleteRequest(irp, IO_NO_INCREMENT);
	return status;
}

void ndkt_driver_leaked(void)
{
	/* The image must outlive the provider's late callbacks into it: the
	 * driver object's last reference unloads it, so one more is kept. */
	ObReferenceObject(ndkt_driver);
	ndkt_atomic_add(&ndkt_leaks, 1);
	DbgPrintEx(DPFLTR_IHVDRIVER_ID, DPFLTR_ERROR_LEVEL,
		"ndkt: a session's close never completed; its memory is leaked and ndkt.sys stays loaded until a "
		"reboot\n");
}

/* ---- the dispatch routines (PASSIVE_LEVEL) ---- */

static NTSTATUS NTAPI ndkt_create(PDEVICE_OBJECT dev, PIRP irp)
{
	PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(irp);
	(void)dev;
	if (sp->FileObject == NULL)
		return ndkt_irp_complete(irp, STATUS_INVALID_PARAMETER, 0);
	/* The device itself only: \Device\NdkTest\anything is refused. */
	if (sp->FileObject->FileName.Length != 0)
		return ndkt_irp_complete(irp, STATUS_OBJECT_NAME_NOT_FOUND, 0);
	return ndkt_irp_complete(irp, ndkt_file_open(sp->FileObject), 0);
}

static NTSTATUS NTAPI ndkt_cleanup(PDEVICE_OBJECT dev, PIRP irp)
{
	PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(irp);
	(void)dev;
	if (sp->FileObject != NULL)
		ndkt_file_cleanup(sp->FileObject);
	return ndkt_irp_complete(irp, STATUS_SUCCESS, 0);
}

static NTSTATUS NTAPI ndkt_close(PDEVICE_OBJECT dev, PIRP irp)
{
	PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(irp);
	(void)dev;
	if (sp->FileObject != NULL)
		ndkt_file_close(sp->FileObject);
	return ndkt_irp_complete(irp, STATUS_SUCCESS, 0);
}

static NTSTATUS NTAPI ndkt_device_control(PDEVICE_OBJECT dev, PIRP irp)
{
	PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(irp);
	ndkt_file *f;
	(void)dev;
	f = sp->FileObject != NULL ? (ndkt_file *)sp->FileObject->FsContext : NULL;
	if (f == NULL)
		return ndkt_irp_complete(irp, STATUS_INVALID_DEVICE_STATE, 0);
	return ndkt_ioctl(f, irp);
}

/* ---- load and unload ---- */

static VOID NTAPI ndkt_unload(PDRIVER_OBJECT driver)
{
	(void)driver;
	if (ndkt_linked)
		IoDeleteSymbolicLink(&ndkt_link_name);
	ndkt_linked = 0;
	if (ndkt_atomic_load(&ndkt_leaks) > 0) {
		/* A leaked session's objects may still reach the provider, its
		 * work queue the device: WSK, the platform and the device stay
		 * (the image too, ndkt_driver_leaked). */
		DbgPrintEx(DPFLTR_IHVDRIVER_ID, DPFLTR_ERROR_LEVEL,
			"ndkt: %d session(s) leaked: \\Device\\NdkTest stays until a reboot\n",
			(int)ndkt_atomic_load(&ndkt_leaks));
		return;
	}
	ndkt_wsk_stop();
	ndkt_platform_shutdown();
	if (ndkt_dev != NULL)
		IoDeleteDevice(ndkt_dev);
	ndkt_dev = NULL;
}

NTSTATUS NTAPI DriverEntry(PDRIVER_OBJECT driver, PUNICODE_STRING registry_path)
{
	NTSTATUS st;
	ndkt_driver = driver;
	ndkt_atomic_init(&ndkt_leaks, 0);
	/* docs/agent-windows.md section 8: lab machines only. */
	if (!ndkt_config_test_interface(registry_path)) {
		DbgPrintEx(DPFLTR_IHVDRIVER_ID, DPFLTR_ERROR_LEVEL,
			"ndkt: not started: set EnableTestInterface (REG_DWORD) to 1 under the service's Parameters key\n");
		return STATUS_NOT_SUPPORTED;
	}
	RtlInitUnicodeString(&ndkt_dev_name, L"\\Device\\NdkTest");
	RtlInitUnicodeString(&ndkt_link_name, L"\\DosDevices\\NdkTest");
	/* No open reaches the device before DriverEntry returns (the I/O
	 * manager clears DO_DEVICE_INITIALIZING then), so its DACL is in place
	 * before the first open. */
	st = ndkt_device_create(driver, &ndkt_dev_name, &ndkt_dev);
	if (!NT_SUCCESS(st))
		return st;
	if (ndkt_platform_init(ndkt_dev) != NDKT_OK) {
		IoDeleteDevice(ndkt_dev);
		ndkt_dev = NULL;
		return STATUS_INTERNAL_ERROR;
	}
	st = ndkt_wsk_start();
	if (NT_SUCCESS(st))
		st = IoCreateSymbolicLink(&ndkt_link_name, &ndkt_dev_name);
	if (!NT_SUCCESS(st)) {
		ndkt_wsk_stop();
		ndkt_platform_shutdown();
		IoDeleteDevice(ndkt_dev);
		ndkt_dev = NULL;
		return st;
	}
	ndkt_linked = 1;
	driver->MajorFunction[IRP_MJ_CREATE] = ndkt_create;
	driver->MajorFunction[IRP_MJ_CLEANUP] = ndkt_cleanup;
	driver->MajorFunction[IRP_MJ_CLOSE] = ndkt_close;
	driver->MajorFunction[IRP_MJ_DEVICE_CONTROL] = ndkt_device_control;
	driver->DriverUnload = ndkt_unload;
	return STATUS_SUCCESS;
}
