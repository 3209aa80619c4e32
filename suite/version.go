package suite

import "fmt"

var helperAdapterNeedsNDK12 helperMark

// NeedsNDK12 skips the spec as not applicable when the adapter declares an
// NDKPI version before 1.2 (NDK_ADAPTER_INFO.Version, as Windows Server
// 2012's providers do, OH-3): what names what the spec uses that the pages
// support only in NDKPI 1.2 and later (NDK_OP_FLAG_DEFER, QP-8;
// NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE, QP-15), which a consumer does
// not use on an older adapter.
func (a *Adapter) NeedsNDK12(what string) {
	helperAdapterNeedsNDK12.mark()
	if v := a.Info().Version; v.Major < 1 || v.Major == 1 && v.Minor < 2 {
		NotApplicable(fmt.Sprintf("Version %d.%d", v.Major, v.Minor), what+" is supported only in NDKPI 1.2 and later")
	}
}
