//go:build linux && cgo

/* The ndkt core's ops_connect.c, compiled into this cgo package. */
#include "../core/ops_connect.c"
