package sim

// A broken variant of the in-order DMA promise (AI-4,
// specs/queues/wr_inorder.go). It breaks its rule at the point marked
// "VARIANT <name>".

// VariantLastChunkFirst is the variant's name.
const VariantLastChunkFirst = "dma-last-chunk-first"

func init() {
	variants = append(variants, Variant{
		Name:        VariantLastChunkFirst,
		Rule:        "AI-4",
		Rules:       []string{"AI-4"},
		Description: "a chunked Write or Read (more than dma-chunk bytes) lands its last chunk first, then the others in order, though the adapter sets NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED",
	})
}

// chunkOrder is the index of the chunk of w that lands k-th. An adapter
// without NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED (option in-order-dma=off)
// lands them as the variant does, which it is free to.
func (f *fabric) chunkOrder(w *wr, k int) int {
	// VARIANT dma-last-chunk-first (breaks AI-4): the last chunk lands
	// first, the others after it in ascending order.
	if f.variant == VariantLastChunkFirst || !f.inOrderDMA {
		if k == 0 {
			return w.chunks - 1
		}
		return k - 1
	}
	return k
}
