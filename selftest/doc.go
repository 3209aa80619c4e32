// Package selftest proves the suite: it runs every spec against the sim
// reference provider in each completion personality, where all must pass,
// and against each deliberately broken variant of sim, where the specs of
// the broken rule must fail and no unrelated spec may.
//
// Ginkgo runs one suite per process, so each run is a child process: the
// test binary re-executed with NDKCONFORM_SELFTEST_CHILD set.
package selftest
