// Package docs holds the repository's documentation (the NDKPI reference
// pages the rule catalog cites, under reference/ndkpi) and the test that
// the README's references resolve inside the repository. It has no code.
package docs
