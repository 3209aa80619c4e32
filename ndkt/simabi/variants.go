//go:build linux && cgo

package simabi

// The abi variants: providers that break a rule only NDKPI's C ABI shows
// (option abi-variant). Each is applied where a `VARIANT name (breaks
// RULE)` comment says.
const (
	VariantDispatchLate        = "dispatch-late"
	VariantDispatchRewritten   = "dispatch-rewritten"
	VariantHeaderVersionWrong  = "header-version-wrong"
	VariantObjectTypeWrong     = "object-type-wrong"
	VariantReservedNonzero     = "reserved-nonzero"
	VariantBadVersionAccepted  = "bad-version-accepted"
	VariantMinorNotRaised      = "minor-not-raised"
	VariantNoQueryExtension    = "no-query-extension"
	VariantNullEntry           = "null-entry"
	VariantNotifyAboveDispatch = "notify-above-dispatch"
	VariantAddressLengthKept   = "address-length-kept"
	VariantInfoSizeUnreported  = "info-size-unreported"
	VariantInfoSizeNotNeeded   = "info-size-not-needed"
)

// aboveDispatch is the IRQL of the notify-above-dispatch variant's CQ
// notifications: a device IRQL, above DISPATCH_LEVEL, which every
// callback page's req.irql forbids.
const aboveDispatch = 3

// Variant describes one abi variant, as sim.Variant does sim's.
type Variant struct {
	// Name is the value of option abi-variant.
	Name string
	// Rules lists the RULES.md IDs the variant breaks, the first the one
	// a check catches it by.
	Rules []string
	// Description says in one line what the variant does wrong.
	Description string
}

var variants = []Variant{
	{VariantDispatchLate, []string{"OH-1"},
		"a PD's Dispatch is NULL when NdkCreatePd returns it or calls its completion with it, and set afterwards (2 ms after an inline return, once the completion returned)"},
	{VariantDispatchRewritten, []string{"OH-2"},
		"every call on an object stores the provider's table in its Dispatch again, over what the consumer put there"},
	{VariantHeaderVersionWrong, []string{"OH-3", "OH-7"},
		"every object created from an adapter has Header.Version one minor above the version negotiated and reported in NDK_ADAPTER_INFO and the adapter's header"},
	{VariantObjectTypeWrong, []string{"OH-4"},
		"an MW's Header.ObjectType is NdkObjectTypeMr"},
	{VariantReservedNonzero, []string{"OH-5"},
		"every object's Header.NdkReserved.rf[0] is not zero"},
	{VariantBadVersionAccepted, []string{"OH-7"},
		"the adapter open succeeds (with the provider's version) for a major version the provider does not support and for a minor above its highest, instead of failing with NDIS_STATUS_BAD_VERSION"},
	{VariantMinorNotRaised, []string{"OH-7"},
		"an adapter opened with a minor below the provider's highest gets that minor, reported in NDK_ADAPTER_INFO and the headers, instead of the provider's highest"},
	{VariantNoQueryExtension, []string{"OH-8"},
		"NDK_LISTENER_DISPATCH's NdkQueryExtension is NULL"},
	{VariantNullEntry, []string{"IF-1", "IF-2", "OV-3"},
		"NDK_QP_DISPATCH's NdkBind is NULL"},
	{VariantNotifyAboveDispatch, []string{"CR-13"},
		"every CQ notification callback comes at IRQL 3, above the DISPATCH_LEVEL its page allows"},
	{VariantAddressLengthKept, []string{"CN-18"},
		"the address getters answer a buffer too small with STATUS_BUFFER_TOO_SMALL but leave *pAddressLength as the consumer set it, without the size needed"},
	{VariantInfoSizeNotNeeded, []string{"AI-5"},
		"NdkQueryAdapterInfo answers a buffer too small with STATUS_BUFFER_TOO_SMALL but leaves *pBufferSize as the consumer set it, without the size needed"},
	{VariantInfoSizeUnreported, []string{"AI-9"},
		"a successful NdkQueryAdapterInfo leaves *pBufferSize as the consumer set it instead of the size of the NDK_ADAPTER_INFO it wrote"},
}

// Variants lists the abi variants.
func Variants() []Variant { return append([]Variant(nil), variants...) }

// VariantNames lists the abi variants' names.
func VariantNames() []string {
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.Name
	}
	return names
}

func variantByName(name string) *Variant {
	for i := range variants {
		if variants[i].Name == name {
			return &variants[i]
		}
	}
	return nil
}
