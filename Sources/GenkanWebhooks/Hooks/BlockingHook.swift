import Foundation
import GenkanHTTPClient
import GenkanJSON

/// A blocking hook (`--before-create URL`, `--before-sign-in URL`): a synchronous, signed call
/// that may refuse an account's creation or a sign-in, or add claims to it, in the answer shapes
/// of Firebase's blocking functions.
///
/// The request is a POST of a Standard Webhooks body (`BlockingHookRequest`), signed as the
/// webhooks are, with at most `timeout` (3 s) for the whole exchange. A call blocks its thread:
/// make it on a worker thread, never on an event loop, and never inside a transaction.
///
/// ```swift
/// let hook = BlockingHook(url: url, signer: signer)
/// switch hook.call(request).resolved(.closed) {
/// case .allowed(let update): …
/// case .refused(_, _, let message): …
/// case .unavailable: break  // resolved: never
/// }
/// ```
public struct BlockingHook: Sendable {
    /// Firebase gives its blocking functions 7 seconds; a sign-in page should not wait that long.
    public static let timeout: Duration = .seconds(3)

    public let url: String
    public let signer: WebhookSigner
    public var client: HTTPClient

    /// - Throws: `HTTPClientError` when `url` is not one the client may call (https://, or
    ///   http:// to a loopback host).
    public init(url: String, signer: WebhookSigner, client: HTTPClient = HTTPClient()) throws(HTTPClientError) {
        self.url = try HTTPClient.checkedURL(url)
        self.signer = signer
        var client = client
        client.connectTimeout = min(client.connectTimeout, Self.timeout)
        client.timeout = Self.timeout
        client.maximumResponseBytes = 64 * 1024
        self.client = client
    }

    /// Asks the hook and reads its answer; never throws (what went wrong is `.unavailable`).
    ///
    /// - Parameter now: the moment of the call (the body's `timestamp` and `webhook-timestamp`).
    public func call(_ request: BlockingHookRequest, now: Date = Date()) -> BlockingHookVerdict {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        guard let message = WebhookMessage(id: request.eventID, type: request.event.messageType, timestamp: Self.rfc3339(now), data: request.data)
        else { return .unavailable("event id \(request.eventID) cannot be a webhook id") }
        let body = message.body
        let headers = signer.headers(id: message.id, timestamp: seconds, body: body) + [("Accept", "application/json")]
        do throws(HTTPClientError) {
            let response = try client.send(HTTPClientRequest(url: url, method: .postJSON(body), headers: headers))
            return BlockingHookVerdict.reading(status: response.status, body: response.body)
        } catch {
            return .unavailable(error.description)
        }
    }

    /// RFC 3339 in UTC with milliseconds (`2026-12-01T11:47:38.343Z`).
    static func rfc3339(_ date: Date) -> String {
        var format = Date.ISO8601FormatStyle(timeZone: .gmt)
        format = format.year().month().day().time(includingFractionalSeconds: true)
        return date.formatted(format)
    }
}
