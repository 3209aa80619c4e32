// Package queues holds the specs of completion queues, work requests,
// shared receive queues and the data path: CQ arming and notification
// (CQ-*, CH-*), interrupt moderation, NdkResizeCq, NdkQueryAdapterInfo
// (AI-5), the creation limits of CQs, QPs and SRQs (limits.go), the
// work-request completion contract (QP-*, DP-*, WR-*) and SRQs (SQ-*).
package queues
