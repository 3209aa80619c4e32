package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the repository, seen from this package's directory.
const root = ".."

var (
	// mdLink is a Markdown link or image: [text](target) or [text](target "title").
	mdLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	// codePath is a file path in a code span: `drivers/sim/qp.go`.
	codePath = regexp.MustCompile("`([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+\\.[a-z]{1,4})`")
	// external is a target outside the repository.
	external = regexp.MustCompile(`^(?:[a-z][a-z0-9+.-]*:|//)`)
)

// targets lists the repository files a Markdown text points to: its
// relative links (anchors and queries cut off) and the file paths in its
// code spans, except those under out/, where commands write their output
// (make clean removes it).
func targets(md string) (links, paths []string) {
	for _, m := range mdLink.FindAllStringSubmatch(md, -1) {
		target := m[1]
		if external.MatchString(target) || strings.HasPrefix(target, "#") {
			continue
		}
		target, _, _ = strings.Cut(target, "#")
		target, _, _ = strings.Cut(target, "?")
		links = append(links, target)
	}
	for _, m := range codePath.FindAllStringSubmatch(md, -1) {
		if !strings.HasPrefix(m[1], "out/") {
			paths = append(paths, m[1])
		}
	}
	return links, paths
}

// missing returns the targets that are not files or directories of the
// repository, or lie outside it.
func missing(dir string, targets []string) []string {
	var out []string
	for _, t := range targets {
		p := filepath.Clean(filepath.Join(dir, filepath.FromSlash(t)))
		rel, err := filepath.Rel(root, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			out = append(out, t+" (outside the repository)")
			continue
		}
		if _, err := os.Stat(p); err != nil {
			out = append(out, t)
		}
	}
	return out
}

// Every relative link of the README, and every file path it names in a
// code span, is a file of the repository: a clone has all it points to.
func TestREADMEPointsIntoTheRepository(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	links, paths := targets(string(data))
	if len(links) == 0 || len(paths) == 0 {
		t.Fatalf("found %d relative links and %d file paths in README.md: is the pattern broken?", len(links), len(paths))
	}
	for _, m := range missing(root, links) {
		t.Errorf("README.md links to %s, which is not in the repository", m)
	}
	for _, m := range missing(root, paths) {
		t.Errorf("README.md names %s, which is not in the repository", m)
	}
}

// The checks themselves, on a made-up text.
func TestTargets(t *testing.T) {
	md := "see [a](docs/reference/ndkpi/RULES.md#top), [b](https://example.com/x.md), [c](#layout),\n" +
		"![d](nowhere/pic.png \"title\"), `drivers/sim/qp.go`, `out/rxe/bench.txt`, `go test ./...`, `../../shared/reference/ndkpi/RULES.md`"
	links, paths := targets(md)
	if strings.Join(links, " ") != "docs/reference/ndkpi/RULES.md nowhere/pic.png" {
		t.Errorf("links %q", links)
	}
	if strings.Join(paths, " ") != "drivers/sim/qp.go ../../shared/reference/ndkpi/RULES.md" {
		t.Errorf("paths %q", paths)
	}
	got := missing(root, append(links, paths...))
	if strings.Join(got, " | ") != "nowhere/pic.png | ../../shared/reference/ndkpi/RULES.md (outside the repository)" {
		t.Errorf("missing %q", got)
	}
}
