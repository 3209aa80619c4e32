//go:build linux && cgo

/* The Linux memory the provider sees (buffers, MDLs). */
#include "../platform/posix_mem.c"
