// Package deps holds the test of the project's import rules, in the manner
// of the Go tree's go/build deps_test.go: a table lists, for every package
// of the module, the packages of the module it may import, and the test
// fails on any import the table does not allow, and on a package the table
// does not list (a new package takes a line in the table, and with it a
// decision about its layer).
//
// The layers, from the bottom: ndk (the provider interface) and finding
// import nothing of the project, internal/... nothing above internal/...;
// drivers import ndk and internal/... only, never specs, suite, perf,
// reports, cmd or one another; the model imports ndk; suite imports ndk,
// finding and internal/...; specs import suite, ndk, finding and the model,
// never a driver; catalog and reports sit beside them; the runner (a run in
// child processes, one report) sits on suite and reports, never the specs
// or a driver, and no driver imports it; only the commands (cmd/...,
// test/...) and the library (conformance) put the runner and the specs
// together, and only the commands drivers and specs.
//
// The imports checked are those of every build configuration the module
// has: the default one, every build tag its files name (rxe with cgo,
// crashtest), and GOOS=windows, each by `go list`. Non-test imports follow
// the table's may column; the imports of a package's test files (its
// _test.go files, internal and external test packages) may in addition
// use its tests column.
//
// The package has no code: its test is all of it.
package deps
