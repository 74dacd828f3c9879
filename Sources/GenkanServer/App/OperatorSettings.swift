import GenkanWebhooks

/// What the operators' features are given: how long events are kept, where webhooks go, and the
/// blocking hooks with what happens when they cannot be asked.
public struct OperatorSettings: Sendable {
    /// Events older than this many days are deleted (`--event-retention`, default 90).
    public var eventRetentionDays = 90
    /// Every event is delivered to each of these (`--webhook URL`), signed with `webhookSecret`.
    public var webhookURLs: [String] = []
    /// The secret webhooks and blocking hooks are signed with (`--webhook-secret whsec_…`);
    /// without it no webhook is queued or sent.
    public var webhookSecret: WebhookSecret?
    /// Asked before an account is created (`--before-create URL`).
    public var beforeCreate: String?
    /// Asked before a session or a token is issued (`--before-sign-in URL`).
    public var beforeSignIn: String?
    /// What an unavailable hook means (`--hooks-fail`, default closed).
    public var hooksFail: HooksFailMode = .closed

    public init() {}
}
