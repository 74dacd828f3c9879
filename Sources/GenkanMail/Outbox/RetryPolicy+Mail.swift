// `RetryPolicy` lives in GenkanThreads, which the webhook sender shares with the outbox; GenkanMail
// re-exports it so that its users keep naming it through this module (GenkanThreads is no product).
@_exported import struct GenkanThreads.RetryPolicy
