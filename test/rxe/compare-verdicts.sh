#!/bin/sh
# test/rxe/compare-verdicts.sh: compare the per-spec outcomes of two
# ndkconform JUnit reports (make test-rxe: phase 1, in process, and phase 2,
# through the agents).
#
#   sh compare-verdicts.sh [-common] [-explained FILE] first.xml second.xml
#
# A spec is named by its JUnit classname and name without the "[RULES] "
# prefix; its outcome is the testcase's status attribute, the spec's
# outcome.State as reports.WriteJUnit writes it: passed, failed, skipped,
# interrupted or "not run" (a waived failure is "failed" here: waivers do
# not make two outcomes equal; the kind of a skip, property skip_kind, is
# not compared). The "[suite] ..." and "[harness] ..." testcases of
# failures outside any spec and of harness or lab faults are compared the
# same way ("failed"). Every spec whose outcome differs, or that is in one
# report only, is listed as
#
#   FIRST -> SECOND  CLASSNAME: NAME
#
# ("-" for a spec missing from a report). With -common, a spec in one
# report only is no difference (the second run selected fewer specs on
# purpose); they are counted. The explained file holds one
# difference a line, "CLASSNAME: NAME -- reason" (blank lines and lines
# starting with # ignored): a listed spec may differ, and is shown as
# explained with the reason. Exit status: 0 when every difference is
# explained, 1 when one is not, 2 on bad usage or an unreadable report.
set -u

usage="usage: compare-verdicts.sh [-common] [-explained FILE] first.xml second.xml"
explained=/dev/null
common=0
while [ $# -gt 0 ]; do
	case $1 in
	-common) common=1; shift ;;
	-explained)
		[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
		explained=$2
		shift 2
		;;
	*) break ;;
	esac
done
if [ $# -ne 2 ]; then
	echo "$usage" >&2
	exit 2
fi
for f in "$1" "$2" "$explained"; do
	[ -r "$f" ] || { echo "compare-verdicts: cannot read $f" >&2; exit 2; }
done

awk -v explained="$explained" -v common="$common" -v first="$1" -v second="$2" '
# attr(line, name): the value of attribute name in line ("" if none)
function attr(line, name) {
	if (!match(line, " " name "=\"[^\"]*\"")) return ""
	return substr(line, RSTART + length(name) + 3, RLENGTH - length(name) - 4)
}
# unescape the XML entities encoding/xml writes in attributes
function unxml(s) {
	gsub(/&#34;|&quot;/, "\"", s); gsub(/&#39;|&apos;/, "'\''", s)
	gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&#x9;/, "\t", s)
	gsub(/&#xA;/, "\n", s); gsub(/&amp;/, "\\&", s)
	return s
}
# load(file, out): out[spec] = outcome for every testcase of file; returns
# how many
function load(file, out,    line, name, key, st, n) {
	while ((getline line < file) > 0) {
		if (line !~ /<testcase /) continue
		name = unxml(attr(line, "name")); sub(/^\[[^]]*\] /, "", name)
		key = unxml(attr(line, "classname")) ": " name
		st = attr(line, "status"); if (st == "") st = "passed"
		out[key] = st; keys[key] = 1; n++
	}
	close(file)
	return n
}
BEGIN {
	while ((getline line < explained) > 0) {
		if (line ~ /^[ \t]*$/ || line ~ /^[ \t]*#/) continue
		i = index(line, " -- ")
		if (i == 0) {
			printf "compare-verdicts: %s: a line without \" -- reason\": %s\n", explained, line > "/dev/stderr"
			exit 2
		}
		why[substr(line, 1, i - 1)] = substr(line, i + 4)
	}
	if (load(first, a) == 0) { printf "compare-verdicts: no testcase in %s\n", first > "/dev/stderr"; exit 2 }
	if (load(second, b) == 0) { printf "compare-verdicts: no testcase in %s\n", second > "/dev/stderr"; exit 2 }
	for (k in keys) {
		s1 = (k in a) ? a[k] : "-"; s2 = (k in b) ? b[k] : "-"
		if (s1 == s2) { same++; continue }
		if (common && (s1 == "-" || s2 == "-")) { (s1 == "-") ? only2++ : only1++; continue }
		if (k in why) { printf "explained: %s -> %s  %s (%s)\n", s1, s2, k, why[k] | "sort"; nexp++; continue }
		printf "DIFFERS: %s -> %s  %s\n", s1, s2, k | "sort"; ndiff++
	}
	close("sort")
	printf "verdicts: %d specs with the same outcome, %d differences explained, %d not explained", same, nexp, ndiff
	if (common) printf "; compared the specs of both reports (%d only in the first, %d only in the second)", only1, only2
	printf "\n"
	exit ndiff > 0
}'
