/// The mail outbox: complete messages written in the same transaction as what they announce.
public protocol OutboxStorage: AnyObject {
    /// Queues a message due at `time`; returns its id (ids are never reused).
    ///
    /// - Parameter accountID: the account the message is about (deleting the account deletes it);
    ///   nil for none.
    /// - Throws: `StoreError.Code.constraint` when the sender or recipient is empty or holds a line
    ///   break, or there is no account `accountID`.
    func enqueueMail(_ mail: OutgoingMail, accountID: Int64?, at time: Int64) throws(StoreError) -> Int64

    /// Deletes every message about the account, unsent or given up on; returns how many.
    @discardableResult func deleteMail(accountID: Int64) throws(StoreError) -> Int

    /// Up to `limit` messages not given up on whose next attempt is due at `now`, earliest first,
    /// then in the order they were queued.
    func dueMail(now: Int64, limit: Int) throws(StoreError) -> [OutboxMessage]

    /// Takes up to `limit` of the messages `dueMail` would return, for one sender: their next
    /// attempt moves to `leaseUntil`, so that no other sender on the database takes them before
    /// then, and they are returned as they were before (their `nextAttemptAt` the due time). Two
    /// callers never take the same message; a sender that dies with a message leaves it to the
    /// others once its lease ends.
    func claimDueMail(now: Int64, limit: Int, leaseUntil: Int64) throws(StoreError) -> [OutboxMessage]

    /// The earliest next attempt of any message not given up on; nil when there is none.
    func nextMailAttempt() throws(StoreError) -> Int64?

    /// Deletes the message (it was delivered).
    func deleteMail(id: Int64) throws(StoreError)

    /// Counts a failed attempt and sets the next one.
    ///
    /// - Parameter error: already cut to `AccountStore.maximumErrorLength` characters.
    func setMailFailed(id: Int64, retryAt: Int64, error: String) throws(StoreError)

    /// Counts a last failed attempt, records `error` and erases the message's bytes (its envelope
    /// stays for the operator).
    func setMailGivenUp(id: Int64, at time: Int64, error: String) throws(StoreError)

    /// Messages given up on, most recent first (their bytes are empty).
    func undeliverableMail(limit: Int) throws(StoreError) -> [OutboxMessage]
}
