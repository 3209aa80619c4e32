// Package ndk models the Windows Network Direct Kernel Provider Interface
// (NDKPI) in Go: the NDK objects, their calls, the consumer callbacks and
// NTSTATUS. It is the whole meeting point between ndkconform and a provider
// under test, as database/sql/driver is between database/sql and a driver.
//
// # The asynchronous contract
//
// Every create, request and close call takes a completion callback and a
// context value, exactly as in NDKPI:
//
//   - The call completes inline: it returns a status other than
//     StatusPending, that status is final, and the provider never calls the
//     completion callback for it. A create that completes inline returns the
//     new object with StatusSuccess.
//   - Or the call returns StatusPending and the provider calls the completion
//     callback exactly once, later. It may call it from inside the call itself
//     (before the call returns) or from another goroutine. A pending create
//     delivers the new object through CreateCompletion only.
//
// Event callbacks (connect events on a listener, disconnect events on a
// connector, CQ notifications) are registered with the call that creates or
// arms them.
//
// Nothing here shares Go memory between consumer and provider beyond the
// buffers a consumer passes in a call: contexts are opaque values the
// provider only hands back, and objects are handles the provider created, so
// the interface can be served over a wire to an out-of-process provider.
package ndk
