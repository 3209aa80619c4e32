// Package memory holds the specs of memory registration, tokens and memory
// windows, at their exact boundaries: the virtual address as an index
// (MR-4), no zero-based addressing (MR-6), READ_SINK not required (MR-8),
// remote access only with a valid token (MR-16), the privileged token
// local only (MR-18, MR-23), and windows: bind rights (MR-15), bind,
// rebind and invalidation. Each probe of remote access runs on a
// connection of its own, since a failed access may end the connection.
package memory
