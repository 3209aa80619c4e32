package sim

// Deliberately broken provider variants. Each one breaks exactly one rule at
// one marked point of the code (grep for "VARIANT"); everything else stays
// conforming, so that a conformance check that fails against a variant
// pinpoints the rule it guards.

// Variant names.
const (
	VariantListenerCloseInline = "listener-close-inline"
	VariantAcceptWhileClosing  = "accept-while-closing"
	VariantEarlyPortRelease    = "early-port-release"
	VariantLateCallback        = "late-callback"
)

// Variant describes one deliberately broken variant of the provider,
// selected with the driver option variant=<Name>.
type Variant struct {
	// Name is the value of the variant option.
	Name string
	// Rule is the RULES.md ID of the rule the variant breaks (the first one
	// when it breaks several).
	Rule string
	// Rules lists every RULES.md ID the variant breaks.
	Rules []string
	// Description says in one line what the variant does wrong.
	Description string
}

var variants = []Variant{
	{
		Name:        VariantListenerCloseInline,
		Rule:        "LC-15",
		Rules:       []string{"LC-15", "LT-16", "LT-15"}, // LC-15 is LT-16 for listener -> connector
		Description: "closing a listener that still has accepted connectors open returns STATUS_SUCCESS at once instead of STATUS_PENDING",
	},
	{
		Name:        VariantAcceptWhileClosing,
		Rule:        "LC-16",
		Rules:       []string{"LC-16"},
		Description: "while a listener's close is pending, incoming connection requests are still delivered as connect events",
	},
	{
		Name:        VariantEarlyPortRelease,
		Rule:        "LC-14",
		Rules:       []string{"LC-14", "LC-13", "LC-24"},
		Description: "a listener's or shared endpoint's address/port is released as soon as its close is issued, ignoring its connectors' references",
	},
	{
		Name:        VariantLateCallback,
		Rule:        "LT-25",
		Rules:       []string{"LT-25"},
		Description: "after a connector's close has completed, its disconnect event callback is called once more (before the adapter close returns)",
	},
}

// Variants returns the deliberately broken variants the driver implements,
// in a fixed order. The result is a copy.
func Variants() []Variant {
	out := make([]Variant, len(variants))
	for i, v := range variants {
		v.Rules = append([]string(nil), v.Rules...)
		out[i] = v
	}
	return out
}

func variantNames() []string {
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.Name
	}
	return names
}
