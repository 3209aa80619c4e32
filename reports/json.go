package reports

import (
	"encoding/json"
	"fmt"
	"github.com/ndkconform/ndkconform/finding"
	"io"
	"math"
	"net/netip"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/ndk"
)

var zeroAdapter ndk.AdapterInfo

// The JSON form of a run: snake_case names, durations in seconds.
type (
	// Scope is the provider rules the run speaks for (see Scope).
	jsonScope struct {
		ProviderRules int    `json:"provider_rules"`
		Complete      int    `json:"complete"`
		NotObservable int    `json:"not_observable"`
		Incomplete    int    `json:"incomplete"`
		Partly        int    `json:"partly_covered"`
		Text          string `json:"text"`
	}
	jsonRun struct {
		Tool             string            `json:"tool"`
		Version          string            `json:"version"`
		Command          string            `json:"command,omitempty"`
		Rerun            []string          `json:"rerun_argv,omitempty"`
		Suite            string            `json:"suite_description,omitempty"`
		Driver           string            `json:"driver"`
		DriverOptions    map[string]string `json:"driver_options"`
		SideA            jsonSide          `json:"side_a"`
		SideB            jsonSide          `json:"side_b"`
		Adapter          *jsonAdapter      `json:"adapter,omitempty"`
		Components       []ndk.Component   `json:"components,omitempty"`
		Start            time.Time         `json:"start"`
		End              time.Time         `json:"end"`
		DurationSeconds  float64           `json:"duration_seconds"`
		Verdict          string            `json:"verdict"`
		Passed           int               `json:"passed"`
		Failed           int               `json:"failed"`
		Skipped          int               `json:"skipped"`
		NotSelected      int               `json:"not_selected"`
		Interrupted      string            `json:"interrupted,omitempty"`
		InterruptedSpecs int               `json:"interrupted_specs,omitempty"`
		NotRun           int               `json:"not_run,omitempty"`
		SuiteFailures    []string          `json:"suite_failures,omitempty"`
		Specs            []jsonSpec        `json:"specs"`
		// Rule results and waivers.
		Waived           int               `json:"waived"`
		Waivers          map[string]string `json:"waivers,omitempty"`
		StaleWaivers     []string          `json:"stale_waivers"`
		RuleCounts       map[string]int    `json:"rule_counts"`
		Scope            jsonScope         `json:"scope"`
		Rules            []jsonRule        `json:"rules"`
		NotSelectedSpecs []jsonSpec        `json:"not_selected_specs,omitempty"`
	}
	jsonRule struct {
		ID       string        `json:"id"`
		Strength string        `json:"strength"`
		Actor    string        `json:"actor"`
		Section  string        `json:"section"`
		Page     string        `json:"page"`
		Seed     bool          `json:"seed"`
		Text     string        `json:"text"`
		Reason   string        `json:"reason,omitempty"`
		Verdict  string        `json:"verdict"`
		Specs    []string      `json:"specs"`
		Failures []jsonFailure `json:"failures,omitempty"`
		Waiver   string        `json:"waiver,omitempty"`
		Stale    bool          `json:"stale_waiver,omitempty"`
		Notes    []string      `json:"notes,omitempty"`
		// Coverage is the catalog coverage status ("covered", "partly
		// covered", "no spec", "not observable"); Clauses the clauses of a
		// compound rule; MissingClauses the IDs of those no spec covers.
		Coverage       string       `json:"coverage"`
		Clauses        []JSONClause `json:"clauses,omitempty"`
		MissingClauses []string     `json:"missing_clauses,omitempty"`
	}
	jsonFailure struct {
		Spec    string `json:"spec"`
		Failure string `json:"failure"`
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
		Name    string   `json:"name"`
		Area    string   `json:"area"`
		Rules   []string `json:"rules"`
		Labels  []string `json:"labels"`
		State   string   `json:"state,omitempty"`
		Waived  bool     `json:"waived,omitempty"`
		Failure string   `json:"failure,omitempty"`
		// Violations are what the failure is made of; Charged are the
		// rules it counts against (the violations' catalog rules).
		Violations      []finding.Violation `json:"violations,omitempty"`
		Charged         []string            `json:"charged_rules,omitempty"`
		DurationSeconds float64             `json:"duration_seconds"`
		Start           time.Time           `json:"start,omitzero"`
		// Rerun, for a failed spec, is the command that runs it again
		// alone (RerunCommand).
		Rerun string `json:"rerun,omitempty"`
	}
)

// WriteJSON writes r as indented JSON (see MarshalJSON).
func WriteJSON(w io.Writer, r Run) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// ReadJSON reads a run WriteJSON wrote.
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
		Verdict: r.Verdict, Passed: r.Passed, Failed: r.Failed, Skipped: r.Skipped,
		NotSelected: r.NotSelected, SuiteFailures: r.SuiteFailures,
		Interrupted: r.Interrupted, InterruptedSpecs: r.InterruptedSpecs, NotRun: r.NotRun,
		Specs: make([]jsonSpec, 0, len(r.Specs)),
	}
	if j.DriverOptions == nil {
		j.DriverOptions = map[string]string{}
	}
	j.Adapter = adapterJSON(r.Adapter)
	spec := func(s Spec) jsonSpec {
		js := jsonSpec{
			Name: s.Name, Area: s.Area, Rules: s.Rules, Labels: s.Labels, State: s.State,
			Waived:  r.SpecWaived(s),
			Failure: s.Failure, Violations: s.Violations, Charged: Attribution(s), DurationSeconds: s.Duration.Seconds(), Start: s.Start,
		}
		if s.Failed() {
			js.Rerun = RerunCommand(r.Meta, s)
		}
		if js.Rules == nil {
			js.Rules = []string{}
		}
		if js.Labels == nil {
			js.Labels = []string{}
		}
		return js
	}
	for _, s := range r.Specs {
		j.Specs = append(j.Specs, spec(s))
	}
	for _, s := range r.Unselected {
		j.NotSelectedSpecs = append(j.NotSelectedSpecs, spec(s))
	}
	j.Waived, j.Waivers = r.Waived, r.Waivers
	j.StaleWaivers = r.StaleWaivers
	if j.StaleWaivers == nil {
		j.StaleWaivers = []string{}
	}
	j.RuleCounts = RuleCounts(r.Rules)
	sc := ScopeOf(r.Rules)
	j.Scope = jsonScope{ProviderRules: sc.ProviderRules, Complete: sc.Complete, NotObservable: sc.NotObservable,
		Incomplete: sc.Incomplete, Partly: sc.Partly, Text: sc.String()}
	j.Rules = make([]jsonRule, 0, len(r.Rules))
	for _, rr := range r.Rules {
		jr := jsonRule{
			ID: rr.Rule.ID, Strength: string(rr.Rule.Strength), Actor: rr.Rule.Actor,
			Section: rr.Rule.Section, Page: rr.Rule.Page, Seed: rr.Rule.Seed,
			Text: rr.Rule.Text, Reason: rr.Rule.Reason,
			Verdict: rr.Verdict, Specs: rr.Specs, Waiver: rr.Waiver, Stale: rr.Stale(), Notes: rr.Notes,
			Coverage: rr.Coverage,
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
		for i, f := range rr.Failures {
			jr.Failures = append(jr.Failures, jsonFailure{Spec: rr.FailedSpecs[i], Failure: f})
		}
		j.Rules = append(j.Rules, jr)
	}
	return json.Marshal(j)
}

// UnmarshalJSON decodes what MarshalJSON encodes.
func (r *Run) UnmarshalJSON(data []byte) error {
	var j jsonRun
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*r = Run{
		Meta: Meta{
			Tool: j.Tool, Version: j.Version, Command: j.Command, Rerun: j.Rerun, Suite: j.Suite,
			Driver: j.Driver, DriverOptions: j.DriverOptions,
			SideA: ndk.Side(j.SideA), SideB: ndk.Side(j.SideB), Components: j.Components,
			Start: j.Start, End: j.End,
		},
		Passed: j.Passed, Failed: j.Failed, Skipped: j.Skipped, NotSelected: j.NotSelected,
		Interrupted: j.Interrupted, InterruptedSpecs: j.InterruptedSpecs, NotRun: j.NotRun,
		SuiteFailures: j.SuiteFailures, Verdict: j.Verdict,
	}
	if len(r.DriverOptions) == 0 {
		r.DriverOptions = nil
	}
	if a := j.Adapter; a != nil {
		info, err := a.info()
		if err != nil {
			return err
		}
		r.Adapter = info
	}
	spec := func(s jsonSpec) Spec {
		sp := Spec{
			Name: s.Name, Area: s.Area, Rules: s.Rules, Labels: s.Labels, State: s.State,
			Failure: s.Failure, Violations: s.Violations, Duration: time.Duration(math.Round(s.DurationSeconds * float64(time.Second))), Start: s.Start,
		}
		if len(s.Rules) == 0 {
			sp.Rules = nil
		}
		if len(s.Labels) == 0 {
			sp.Labels = nil
		}
		return sp
	}
	for _, s := range j.Specs {
		r.Specs = append(r.Specs, spec(s))
	}
	for _, s := range j.NotSelectedSpecs {
		r.Unselected = append(r.Unselected, spec(s))
	}
	r.Waived, r.Waivers = j.Waived, j.Waivers
	if len(r.Waivers) == 0 {
		r.Waivers = nil
	}
	r.StaleWaivers = nilIfEmpty(j.StaleWaivers)
	for _, jr := range j.Rules {
		rr := RuleResult{
			Rule: catalog.Rule{
				ID: jr.ID, Text: jr.Text, Strength: catalog.Strength(jr.Strength), Actor: jr.Actor,
				Page: jr.Page, Section: jr.Section, Seed: jr.Seed, Reason: jr.Reason,
			},
			Verdict: jr.Verdict, Specs: nilIfEmpty(jr.Specs), Waiver: jr.Waiver, Notes: nilIfEmpty(jr.Notes),
			Coverage: jr.Coverage,
		}
		for _, jc := range jr.Clauses {
			c := catalog.Clause{ID: jc.ID, Text: jc.Text, Reason: jc.Reason, Covered: jc.Covered}
			rr.Rule.Clauses = append(rr.Rule.Clauses, c)
			rr.Clauses = append(rr.Clauses, ClauseResult{Clause: c, Specs: nilIfEmpty(jc.Specs)})
		}
		for _, f := range jr.Failures {
			rr.Failures = append(rr.Failures, f.Failure)
			rr.FailedSpecs = append(rr.FailedSpecs, f.Spec)
		}
		r.Rules = append(r.Rules, rr)
	}
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
