package agentv1

// WindowSize is the HTTP/2 flow-control window, of a session's stream and
// of its connection, that the agent (agent.ServerOptions) and the remote
// driver set on their ends: fixed, so that neither sends the pings with
// which gRPC otherwise estimates the link's bandwidth-delay product to
// grow the window. A session's traffic is a small message each way per
// round trip, and those pings were 3 to 20% more writes and reads of the
// connection on loopback. 4 MiB carries a whole memory chunk (the agent's
// default max_memory_chunk is 1 MiB) without waiting for a window update;
// a window is credit, not memory set aside: each end reads its stream as
// messages come. Not part of the protocol: a peer with other windows
// interoperates.
const WindowSize = 4 << 20
