package ndk

// MDL is one MDL of an MDL chain, as NdkRegisterMr and NdkBuildLam take
// it (their Mdl parameter): Buf is the memory the MDL describes, pinned
// for as long as the provider uses it (MmGetMdlByteCount of it is
// len(Buf)), and VA its virtual address (MmGetMdlVirtualAddress), an
// index the provider never dereferences (MR-4). Its page offset,
// VA % PageSize, is the MDL's byte offset (MmGetMdlByteOffset).
//
// MR.Register and Adapter.BuildLAM take one slice, which always stands for
// a virtually contiguous range; a chain says more: its MDLs are separate
// buffers, and the virtual addresses say where each lies in the range
// the chain describes.
type MDL struct {
	Buf []byte
	VA  uint64
}

// ChainLength is the number of bytes of the chain: the sum of its MDLs'
// lengths (NDKPI's Length, which ndk always passes as the whole chain).
func ChainLength(chain []MDL) uint64 {
	var n uint64
	for _, m := range chain {
		n += uint64(len(m.Buf))
	}
	return n
}

// Contiguous reports whether chain describes a virtually contiguous range
// (NdkRegisterMr's and NdkBuildLam's condition, MR-2, MR-3, MR-20): every
// MDL after the first starts at the virtual address where the previous one
// ends, chain[i].VA == chain[i-1].VA + len(chain[i-1].Buf), without
// wrapping past 2^64. A gap (a larger VA) and an overlap (a smaller one)
// are both non-contiguous. A chain of one MDL is contiguous; an empty
// chain is not a range at all (false).
func Contiguous(chain []MDL) bool {
	if len(chain) == 0 {
		return false
	}
	for i := 1; i < len(chain); i++ {
		prev := chain[i-1]
		end := prev.VA + uint64(len(prev.Buf))
		if end < prev.VA || chain[i].VA != end {
			return false
		}
	}
	return true
}

// ChainRegisterer is implemented by an MR whose NdkRegisterMr takes an MDL
// chain (a provider whose MRs take chains offers it on every MR it creates
// with FastRegister false). Specs that need a chain of more than one MDL
// (MR-3) use it when the MR offers it and skip as not verified
// otherwise.
//
// RegisterChain is NdkRegisterMr with Mdl the chain and Length
// ChainLength(chain): the region starts at chain[0].VA (which, as for
// Register, must not be 0, MR-6) and is the chain's bytes in order, MDL by
// MDL, so that byte chain[0].VA+x of the region is byte x of the MDLs'
// bytes laid end to end. A chain that is not Contiguous must fail with
// STATUS_INVALID_PARAMETER (MR-3), inline or in the completion. A chain of
// one MDL is Register(chain[0].Buf, chain[0].VA, ...). A contiguous chain
// of several MDLs may fail too, with a status the page allows (no rule
// obliges the provider to register it: MR-2 is the consumer's side, that
// the chain be contiguous), e.g. STATUS_NOT_SUPPORTED from a provider that
// registers one range only. The provider reads and writes the MDLs' bytes
// for the data path until the MR is deregistered, as for Register.
type ChainRegisterer interface {
	RegisterChain(chain []MDL, flags uint32, done RequestCompletion, ctx any) Status
}

// LAMChainBuilder is implemented by an Adapter whose NdkBuildLam takes an
// MDL chain. Specs that need a chain of more than one MDL (MR-20's
// contiguity) use it when the adapter offers it and skip as not verified
// otherwise.
//
// BuildLAMChain is NdkBuildLam with Mdl the chain and Length
// ChainLength(chain): the mapping covers the chain's bytes in order, the
// FBO being the first MDL's byte offset, chain[0].VA % PageSize. A chain
// that is not Contiguous must fail (MR-20), with STATUS_INVALID_PARAMETER
// (the status NdkBuildLam's page gives for it), inline or in the
// completion. BuildLAM(buf, ...) is BuildLAMChain of the one MDL {buf,
// the address of buf's first byte}; a contiguous chain of several may
// fail, e.g. with STATUS_NOT_SUPPORTED. A mapping that succeeded is
// released with ReleaseLAM.
type LAMChainBuilder interface {
	BuildLAMChain(chain []MDL, lam *LAM, done RequestCompletion, ctx any) Status
}
