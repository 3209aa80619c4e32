package reports

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/netip"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
)

var zeroAdapter ndk.AdapterInfo

// The JSON form of a run: snake_case names, durations in seconds.
type (
	jsonRun struct {
		Tool            string            `json:"tool"`
		Version         string            `json:"version"`
		Command         string            `json:"command,omitempty"`
		Rerun           []string          `json:"rerun_argv,omitempty"`
		Suite           string            `json:"suite_description,omitempty"`
		Driver          string            `json:"driver"`
		DriverOptions   map[string]string `json:"driver_options"`
		SideA           jsonSide          `json:"side_a"`
		SideB           jsonSide          `json:"side_b"`
		Adapter         *jsonAdapter      `json:"adapter,omitempty"`
		Components      []ndk.Component   `json:"components,omitempty"`
		Start           time.Time         `json:"start"`
		End             time.Time         `json:"end"`
		DurationSeconds float64           `json:"duration_seconds"`
		// Verdict is the run's (outcome.Verdict); Counts every count of
		// the run (outcome.Count), as every other output shows them.
		Verdict outcome.Verdict `json:"verdict"`
		Counts  outcome.Counts  `json:"counts"`
		// Certification is certify's verdict, in a report certify wrote.
		Certification *CertificationJSON `json:"certification,omitempty"`
		Interrupted   string             `json:"interrupted,omitempty"`
		// DryRun: a plan (verdict "plan"), nothing ran.
		DryRun        bool     `json:"dry_run,omitempty"`
		SuiteFailures []string `json:"suite_failures,omitempty"`
		Faults        []string `json:"faults,omitempty"`
		// Specs are every spec of the suite, in run order, those the
		// filters left out included (state "not selected").
		Specs        []jsonSpec       `json:"specs"`
		Waivers      []outcome.Waiver `json:"waivers,omitempty"`
		StaleWaivers []string         `json:"stale_waivers"`
		Rules        []jsonRule       `json:"rules"`
	}
	jsonRule struct {
		ID       string   `json:"id"`
		Strength string   `json:"strength"`
		Actor    string   `json:"actor"`
		Section  string   `json:"section"`
		Page     string   `json:"page"`
		Seed     bool     `json:"seed"`
		Text     string   `json:"text"`
		Reason   string   `json:"reason,omitempty"`
		Verdict  string   `json:"verdict"`
		Specs    []string `json:"specs"`
		// UnselectedSpecs are the rule's specs the filters left out.
		UnselectedSpecs []string `json:"unselected_specs,omitempty"`
		// Charges are the violations charged to the rule, each with the
		// spec and the waiver's reason if one waives it.
		Charges []outcome.Charge `json:"charges,omitempty"`
		Notes   []string         `json:"notes,omitempty"`
		// Coverage is how far the suite checks the rule (outcome.Coverage);
		// Clauses the clauses of a compound rule; MissingClauses the IDs
		// of those no spec covers.
		Coverage       string       `json:"coverage"`
		Clauses        []JSONClause `json:"clauses,omitempty"`
		MissingClauses []string     `json:"missing_clauses,omitempty"`
	}
	jsonSide struct {
		IPv4 netip.Addr `json:"ipv4,omitzero"`
		IPv6 netip.Addr `json:"ipv6,omitzero"`
	}
	jsonAdapter struct {
		VendorID               uint32 `json:"vendor_id"`
		DeviceID               uint32 `json:"device_id"`
		NDKVersion             string `json:"ndk_version"`
		RDMATechnology         uint32 `json:"rdma_technology"`
		RDMATechnologyName     string `json:"rdma_technology_name"`
		AdapterFlags           uint32 `json:"adapter_flags"`
		MaxRegistrationSize    uint64 `json:"max_registration_size"`
		MaxWindowSize          uint64 `json:"max_window_size"`
		FRMRPageCount          uint32 `json:"frmr_page_count"`
		MaxInitiatorRequestSGE uint32 `json:"max_initiator_request_sge"`
		MaxReceiveRequestSGE   uint32 `json:"max_receive_request_sge"`
		MaxReadRequestSGE      uint32 `json:"max_read_request_sge"`
		MaxTransferLength      uint32 `json:"max_transfer_length"`
		MaxInlineDataSize      uint32 `json:"max_inline_data_size"`
		MaxInboundReadLimit    uint32 `json:"max_inbound_read_limit"`
		MaxOutboundReadLimit   uint32 `json:"max_outbound_read_limit"`
		MaxReceiveQueueDepth   uint32 `json:"max_receive_queue_depth"`
		MaxInitiatorQueueDepth uint32 `json:"max_initiator_queue_depth"`
		MaxSRQDepth            uint32 `json:"max_srq_depth"`
		MaxCQDepth             uint32 `json:"max_cq_depth"`
		LargeRequestThreshold  uint32 `json:"large_request_threshold"`
		MaxCallerData          uint32 `json:"max_caller_data"`
		MaxCalleeData          uint32 `json:"max_callee_data"`
	}
	jsonSpec struct {
		outcome.Spec
		// Duration is DurationSeconds in the JSON.
		Duration        time.Duration `json:"duration,omitempty"`
		DurationSeconds float64       `json:"duration_seconds"`
		// Charged are the catalog rules the failure counts against (its
		// violations' rules); Waived says every one is waived.
		Charged []string `json:"charged_rules,omitempty"`
		Waived  bool     `json:"waived,omitempty"`
		// Rerun, for a failed spec, is the command that runs it again
		// alone (RerunCommand).
		Rerun string `json:"rerun,omitempty"`
	}
)

// CertificationJSON is certify's verdict in a report: the verdict word
// (CERTIFIED, NOT CERTIFIED, NO VERDICT), why not, and the limits.
type CertificationJSON struct {
	Verdict   string          `json:"verdict"`
	Certified bool            `json:"certified"`
	Reasons   []string        `json:"reasons"`
	Limits    []outcome.Limit `json:"limits"`
	Scope     string          `json:"scope"`
}

// NewCertificationJSON is c as a report records it.
func NewCertificationJSON(c outcome.Certification) *CertificationJSON {
	v, _, _ := strings.Cut(c.Headline(), " for ")
	j := &CertificationJSON{Verdict: v, Certified: c.Certified, Reasons: c.Reasons, Limits: c.Limits, Scope: outcome.Scope(c.Counts.Rules)}
	if j.Reasons == nil {
		j.Reasons = []string{}
	}
	if j.Limits == nil {
		j.Limits = []outcome.Limit{}
	}
	return j
}

// WriteJSON writes r as indented JSON (see MarshalJSON); cert, when not
// nil, is certify's verdict on it.
func WriteJSON(w io.Writer, r Run, cert *outcome.Certification) error {
	if cert != nil {
		r.Recorded = &Recorded{Certification: NewCertificationJSON(*cert)}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// ReadJSON reads a run WriteJSON wrote and judges it again from its
// specs and waivers; what the report itself said (its verdict, counts and
// certification) is in Recorded.
func ReadJSON(rd io.Reader) (Run, error) {
	var r Run
	err := json.NewDecoder(rd).Decode(&r)
	return r, err
}

// MarshalJSON encodes the run with snake_case field names and durations as
// seconds ("duration_seconds").
func (r Run) MarshalJSON() ([]byte, error) {
	j := jsonRun{
		Tool: r.Tool, Version: r.Version, Command: r.Command, Rerun: r.Rerun, Suite: r.Suite,
		Driver: r.Driver, DriverOptions: r.DriverOptions,
		SideA: jsonSide(r.SideA), SideB: jsonSide(r.SideB), Components: r.Components,
		Start: r.Start, End: r.End, DurationSeconds: r.End.Sub(r.Start).Seconds(),
		Verdict: r.Verdict, Counts: r.Counts(),
		Interrupted: r.Interrupted, DryRun: r.DryRun, SuiteFailures: r.SuiteFailures, Faults: r.Faults,
		Specs: make([]jsonSpec, 0, len(r.Specs)), Waivers: r.Waivers, StaleWaivers: r.Stale,
	}
	if r.Recorded != nil {
		j.Certification = r.Recorded.Certification
	}
	if j.DriverOptions == nil {
		j.DriverOptions = map[string]string{}
	}
	if j.StaleWaivers == nil {
		j.StaleWaivers = []string{}
	}
	j.Adapter = adapterJSON(r.Adapter)
	for k, s := range r.Specs {
		js := jsonSpec{Spec: s, DurationSeconds: s.Duration.Seconds(), Charged: outcome.Charged(s), Waived: r.SpecWaived(k)}
		if s.State == outcome.Failed {
			js.Rerun = RerunCommand(r.Meta, s)
		}
		j.Specs = append(j.Specs, js)
	}
	j.Rules = make([]jsonRule, 0, len(r.Rules))
	for _, rr := range r.Rules {
		jr := jsonRule{
			ID: rr.Rule.ID, Strength: string(rr.Rule.Strength), Actor: rr.Rule.Actor,
			Section: rr.Rule.Section, Page: rr.Rule.Page, Seed: rr.Rule.Seed,
			Text: rr.Rule.Text, Reason: rr.Rule.Reason,
			Verdict: string(rr.Verdict), Specs: rr.Specs, UnselectedSpecs: rr.Unselected, Charges: rr.Charges, Notes: rr.Notes,
			Coverage: string(rr.Coverage),
		}
		if jr.Specs == nil {
			jr.Specs = []string{}
		}
		for _, cr := range rr.Clauses {
			jr.Clauses = append(jr.Clauses, NewJSONClause(cr.Clause, cr.Specs))
		}
		for _, c := range rr.MissingClauses() {
			jr.MissingClauses = append(jr.MissingClauses, c.ID)
		}
		j.Rules = append(j.Rules, jr)
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes what MarshalJSON encodes: the description, the
// specs and the waivers, judged again (outcome.Judge) against the running
// tool's catalog; the verdict, counts and certification the report was
// written with go to Recorded.
func (r *Run) UnmarshalJSON(data []byte) error {
	var j jsonRun
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	m := Meta{
		Tool: j.Tool, Version: j.Version, Command: j.Command, Rerun: j.Rerun, Suite: j.Suite,
		Driver: j.Driver, DriverOptions: j.DriverOptions,
		SideA: ndk.Side(j.SideA), SideB: ndk.Side(j.SideB), Components: j.Components,
		Start: j.Start, End: j.End,
	}
	if len(m.DriverOptions) == 0 {
		m.DriverOptions = nil
	}
	if a := j.Adapter; a != nil {
		info, err := a.info()
		if err != nil {
			return err
		}
		m.Adapter = info
	}
	run := outcome.Run{Interrupted: j.Interrupted, DryRun: j.DryRun, SuiteFailures: j.SuiteFailures, Faults: j.Faults}
	for _, js := range j.Specs {
		s := js.Spec
		s.Duration = time.Duration(math.Round(js.DurationSeconds * float64(time.Second)))
		run.Specs = append(run.Specs, s)
	}
	waivers := outcome.Waivers(j.Waivers)
	if len(waivers) == 0 {
		waivers = nil
	}
	*r = New(m, run, waivers)
	r.Recorded = &Recorded{Verdict: j.Verdict, Counts: j.Counts, Certification: j.Certification}
	return nil
}

// info is the adapter info a's JSON form describes.
func (a *jsonAdapter) info() (ndk.AdapterInfo, error) {
	var v ndk.Version
	if _, err := fmt.Sscanf(a.NDKVersion, "%d.%d", &v.Major, &v.Minor); err != nil && a.NDKVersion != "" {
		return ndk.AdapterInfo{}, fmt.Errorf("reports: bad adapter ndk_version %q", a.NDKVersion)
	}
	return ndk.AdapterInfo{
		Version: v, VendorID: a.VendorID, DeviceID: a.DeviceID,
		MaxRegistrationSize: a.MaxRegistrationSize, MaxWindowSize: a.MaxWindowSize,
		FRMRPageCount:          a.FRMRPageCount,
		MaxInitiatorRequestSGE: a.MaxInitiatorRequestSGE, MaxReceiveRequestSGE: a.MaxReceiveRequestSGE,
		MaxReadRequestSGE: a.MaxReadRequestSGE, MaxTransferLength: a.MaxTransferLength,
		MaxInlineDataSize:   a.MaxInlineDataSize,
		MaxInboundReadLimit: a.MaxInboundReadLimit, MaxOutboundReadLimit: a.MaxOutboundReadLimit,
		MaxReceiveQueueDepth: a.MaxReceiveQueueDepth, MaxInitiatorQueueDepth: a.MaxInitiatorQueueDepth,
		MaxSRQDepth: a.MaxSRQDepth, MaxCQDepth: a.MaxCQDepth,
		LargeRequestThreshold: a.LargeRequestThreshold,
		MaxCallerData:         a.MaxCallerData, MaxCalleeData: a.MaxCalleeData,
		AdapterFlags:   a.AdapterFlags,
		RDMATechnology: ndk.RDMATechnology(a.RDMATechnology),
	}, nil
}

// adapterJSON is the JSON form of an adapter's info, nil when unknown.
func adapterJSON(a ndk.AdapterInfo) *jsonAdapter {
	if a == zeroAdapter {
		return nil
	}
	return &jsonAdapter{
		VendorID: a.VendorID, DeviceID: a.DeviceID,
		NDKVersion:     fmt.Sprintf("%d.%d", a.Version.Major, a.Version.Minor),
		RDMATechnology: uint32(a.RDMATechnology), RDMATechnologyName: TechnologyName(a.RDMATechnology),
		AdapterFlags:        a.AdapterFlags,
		MaxRegistrationSize: a.MaxRegistrationSize, MaxWindowSize: a.MaxWindowSize,
		FRMRPageCount:          a.FRMRPageCount,
		MaxInitiatorRequestSGE: a.MaxInitiatorRequestSGE, MaxReceiveRequestSGE: a.MaxReceiveRequestSGE,
		MaxReadRequestSGE: a.MaxReadRequestSGE, MaxTransferLength: a.MaxTransferLength,
		MaxInlineDataSize:   a.MaxInlineDataSize,
		MaxInboundReadLimit: a.MaxInboundReadLimit, MaxOutboundReadLimit: a.MaxOutboundReadLimit,
		MaxReceiveQueueDepth: a.MaxReceiveQueueDepth, MaxInitiatorQueueDepth: a.MaxInitiatorQueueDepth,
		MaxSRQDepth: a.MaxSRQDepth, MaxCQDepth: a.MaxCQDepth,
		LargeRequestThreshold: a.LargeRequestThreshold,
		MaxCallerData:         a.MaxCallerData, MaxCalleeData: a.MaxCalleeData,
	}
}

// JSONClause is a clause of a compound rule in JSON, with the specs that
// cover it: the same shape in the JSON report and in 'ndkconform rules
// --json'.
type JSONClause struct {
	ID      string   `json:"id"`
	Text    string   `json:"text"`
	Reason  string   `json:"reason,omitempty"`
	Covered bool     `json:"covered"`
	Specs   []string `json:"specs"`
}

// NewJSONClause is clause c covered by specs (none: not covered).
func NewJSONClause(c catalog.Clause, specs []string) JSONClause {
	if specs == nil {
		specs = []string{}
	}
	return JSONClause{ID: c.ID, Text: c.Text, Reason: c.Reason, Covered: len(specs) > 0, Specs: specs}
}
