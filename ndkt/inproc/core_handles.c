//go:build linux && cgo

/* The ndkt core's handles.c, compiled into this cgo package. */
#include "../core/handles.c"
