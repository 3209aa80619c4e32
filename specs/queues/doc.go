// Package queues holds the specs of completion queues, work requests,
// shared receive queues and the data path: CQ arming and notification
// (CQ-*, CH-*), interrupt moderation, NdkQueryAdapterInfo (AI-5), the
// work-request completion contract (QP-*, DP-*, WR-*) and SRQs (SQ-*).
package queues
