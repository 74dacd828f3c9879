import GenkanWebhooks

/// What the operators' features are given: how long events are kept and where webhooks go.
public struct OperatorSettings: Sendable {
    /// Events older than this many days are deleted (`--event-retention`, default 90).
    public var eventRetentionDays = 90
    /// Every event is delivered to each of these (`--webhook URL`), signed with `webhookSecret`.
    public var webhookURLs: [String] = []
    /// The secret webhooks are signed with (`--webhook-secret whsec_…`); without it no webhook
    /// is queued or sent.
    public var webhookSecret: WebhookSecret?

    public init() {}
}
