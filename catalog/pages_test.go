package catalog

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The reference tree ships every page its texts cite, so that each rule of
// RULES.md, and each row of API_SUMMARY.md, can be checked against the
// page it names without leaving the repository (issue 28 section 3).

var (
	// reIndexRow is a row of INDEX.md's page tables: | `dir/name.md` | … |.
	reIndexRow = regexp.MustCompile("^\\| `((?:concepts|ddi|ddi-related)/[^`/]+\\.md)` \\|")
	// rePageName is a page's file name as the texts write it, maybe
	// abbreviated ("overview-…ndkpi-.md") or a pattern ("ns-ndkpi-_ndk_<object>.md",
	// "nc-ndkpi-ndk_fn_create_*.md"); a directory before it is left off.
	rePageName = regexp.MustCompile(`[A-Za-z0-9_<>*…-]+\.md`)
	// reMDLink is a Markdown link's target: [text](target).
	reMDLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// reDocURL is an address of a page of Microsoft's documentation.
	reDocURL = regexp.MustCompile(`https?://(?:learn|docs|msdn)\.microsoft\.com/[^\s)>"'\]` + "`" + `]+`)
	// reNoticeCount is NOTICE.md's count of the pages shipped.
	reNoticeCount = regexp.MustCompile(`the (\d+) documentation\s+pages`)
)

// treeFiles are the files of the reference tree that are not pages.
var treeFiles = []string{"RULES.md", "INDEX.md", "API_SUMMARY.md", "NOTICE.md"}

// citingFiles are the texts of the reference tree whose citations of pages
// the tree must resolve.
var citingFiles = []string{"RULES.md", "API_SUMMARY.md", "INDEX.md"}

// notInSet are the page names the texts mention that are no page of the
// set, with why: each must be said in INDEX.md too.
var notInSet = map[string]string{
	"network-direct-kernel-programming-interface--ndkpi-.md": "deleted from windows-driver-docs in 2020 (a list of links to the conceptual pages); RULES.md's and INDEX.md's notes name it as not copied",
}

// indexPages parses INDEX.md: the pages of the reference set, name to
// directory.
func indexPages(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(refDir, "INDEX.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		m := reIndexRow.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		dir, name := path.Split(m[1])
		if d, dup := out[name]; dup {
			t.Errorf("INDEX.md lists %s twice (%s and %s)", name, d, dir)
		}
		out[name] = strings.TrimSuffix(dir, "/")
	}
	if len(out) < 100 {
		t.Fatalf("INDEX.md: parsed only %d pages; has its format changed?", len(out))
	}
	return out
}

// shippedPages lists the pages in the reference tree, name to directory;
// a name in two directories is reported.
func shippedPages(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, sub := range refSubdirs {
		entries, err := os.ReadDir(filepath.Join(refDir, sub))
		if err != nil {
			t.Fatalf("the reference tree: %v", err)
		}
		for _, e := range entries {
			if d, dup := out[e.Name()]; dup {
				t.Errorf("%s is in both %s/ and %s/", e.Name(), d, sub)
			}
			out[e.Name()] = sub
		}
	}
	return out
}

// pageRefs returns the page names a text cites: the pages its Markdown
// links and documentation addresses point to (linkRefs), then the file
// names it writes, directories left off. The tree's own files are left
// out.
func pageRefs(text string) []string {
	out := linkRefs(text)
	for _, name := range rePageName.FindAllString(text, -1) {
		if !slices.Contains(treeFiles, name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// linkRefs returns the pages a text's relative Markdown links to a page
// and its addresses of Microsoft's documentation point to: an address's
// last segment is the page's file name without .md.
func linkRefs(text string) []string {
	var out []string
	add := func(name string) {
		if !slices.Contains(treeFiles, name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	for _, m := range reMDLink.FindAllStringSubmatch(text, -1) {
		target, _, _ := strings.Cut(m[1], "#")
		if !strings.Contains(target, ":") && strings.HasSuffix(target, ".md") {
			add(path.Base(target))
		}
	}
	for _, u := range reDocURL.FindAllString(text, -1) {
		u, _, _ = strings.Cut(u, "#")
		u, _, _ = strings.Cut(u, "?")
		add(strings.ToLower(strings.TrimSuffix(path.Base(strings.TrimSuffix(u, "/")), ".md")) + ".md")
	}
	return out
}

// pagePattern turns a cited name into a path.Match pattern: the
// placeholders and the ellipsis of an abbreviated name match anything.
func pagePattern(name string) string {
	r := strings.NewReplacer("<object>", "*", "<obj>", "*", "…", "*")
	return r.Replace(name)
}

// matchPages returns the pages of index that a cited name or pattern names.
func matchPages(index map[string]string, pattern string) []string {
	var out []string
	for name := range index {
		if ok, _ := path.Match(pagePattern(pattern), name); ok {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// Every page a text of the reference tree cites, by file name, link or
// address, and every page each rule of RULES.md cites, is a page of the
// set INDEX.md lists and is shipped, in the directory INDEX.md gives; a
// pattern cites every page of the set it matches. Every page shipped is
// one INDEX.md lists and one that RULES.md or API_SUMMARY.md cites.
func TestReferencePagesShipped(t *testing.T) {
	index := indexPages(t)
	shipped := shippedPages(t)
	for name, dir := range shipped {
		switch d, ok := index[name]; {
		case !ok:
			t.Errorf("%s/%s is shipped, but INDEX.md does not list it", dir, name)
		case d != dir:
			t.Errorf("%s is shipped in %s/, INDEX.md lists it in %s/", name, dir, d)
		}
	}
	missing := map[string][]string{} // a cited page not shipped -> who cites it
	need := func(who, name string) {
		t.Helper()
		if _, ok := notInSet[name]; ok {
			return
		}
		pages := matchPages(index, name)
		if len(pages) == 0 {
			t.Errorf("%s cites %s, which is no page INDEX.md lists", who, name)
		}
		for _, p := range pages {
			if _, ok := shipped[p]; !ok && !slices.Contains(missing[p], who) {
				missing[p] = append(missing[p], who)
			}
		}
	}

	// Each rule's cited pages, and each Part A section's page.
	doc := loadRules(t)
	for _, r := range doc {
		who := "RULES.md line " + strconv.Itoa(r.line) + " (" + r.id + ")"
		if r.part == "A" {
			need(who, r.heading)
		}
		for _, c := range r.cited {
			need(who, c)
		}
	}

	// Every page the texts name, link or address anywhere; INDEX.md, which
	// lists the whole set, only by link or address.
	cited := map[string]bool{}
	var indexText string
	for _, f := range citingFiles {
		data, err := os.ReadFile(filepath.Join(refDir, f))
		if err != nil {
			t.Fatal(err)
		}
		refs := pageRefs(string(data))
		if f == "INDEX.md" {
			indexText, refs = string(data), linkRefs(string(data))
		} else if len(refs) == 0 {
			t.Errorf("%s cites no page: is the pattern broken?", f)
		}
		for _, name := range refs {
			need(f, name)
			if f != "INDEX.md" {
				for _, p := range matchPages(index, name) {
					cited[p] = true
				}
			}
		}
	}
	var names []string
	for p := range missing {
		names = append(names, p)
	}
	slices.Sort(names)
	for _, p := range names {
		t.Errorf("%s/%s is not in the repository; cited by %s", index[p], p, strings.Join(missing[p], ", "))
	}
	for name, dir := range shipped {
		if !cited[name] {
			t.Errorf("%s/%s is shipped, but neither RULES.md nor API_SUMMARY.md cites it", dir, name)
		}
	}
	for name := range notInSet {
		if !strings.Contains(indexText, name) {
			t.Errorf("%s is taken as no page of the set, but INDEX.md does not say why", name)
		}
	}

	// NOTICE.md counts the pages shipped.
	notice, err := os.ReadFile(filepath.Join(refDir, "NOTICE.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := reNoticeCount.FindStringSubmatch(string(notice))
	if m == nil {
		t.Errorf("NOTICE.md does not say how many documentation pages are shipped")
	} else if n, _ := strconv.Atoi(m[1]); n != len(shipped) {
		t.Errorf("NOTICE.md says %d documentation pages, the tree ships %d", n, len(shipped))
	}
}

// pageRefs finds the names, links and addresses the texts use.
func TestPageRefs(t *testing.T) {
	text := "(nc-ndkpi-ndk_fn_accept.md, ddi-related/ns-ndkinfo-ndk_version.md) see RULES.md and `concepts/oid-ndk-*.md`, " +
		"ns-ndkpi-_ndk_<obj>.md, overview-…ndkpi-.md, [x](ddi/ns-ndkpi-_ndk_sge.md#remarks), [y](#top), " +
		"[z](https://learn.microsoft.com/en-us/windows-hardware/drivers/ddi/ndkpi/nc-ndkpi-ndk_fn_invalidate), " +
		"<https://learn.microsoft.com/windows-hardware/drivers/network/NDKPI-Terminology?view=x>"
	want := []string{
		"ns-ndkpi-_ndk_sge.md", "nc-ndkpi-ndk_fn_invalidate.md", "ndkpi-terminology.md",
		"nc-ndkpi-ndk_fn_accept.md", "ns-ndkinfo-ndk_version.md", "oid-ndk-*.md", "ns-ndkpi-_ndk_<obj>.md", "overview-…ndkpi-.md",
	}
	if got := pageRefs(text); !slices.Equal(got, want) {
		t.Errorf("pageRefs:\n got %q\nwant %q", got, want)
	}
	index := map[string]string{"ns-ndkpi-_ndk_cq.md": "ddi", "ns-ndkpi-_ndk_qp.md": "ddi", "nc-ndkpi-ndk_fn_send.md": "ddi",
		"overview-of-network-direct-kernel-provider-interface--ndkpi-.md": "concepts"}
	if got := matchPages(index, "ns-ndkpi-_ndk_<object>.md"); !slices.Equal(got, []string{"ns-ndkpi-_ndk_cq.md", "ns-ndkpi-_ndk_qp.md"}) {
		t.Errorf("matchPages(<object>) = %q", got)
	}
	if got := matchPages(index, "overview-…ndkpi-.md"); len(got) != 1 {
		t.Errorf("matchPages(overview-…) = %q", got)
	}
}
