//go:build linux && cgo

/* The ndkt core's ops_objects.c, compiled into this cgo package. */
#include "../core/ops_objects.c"
