import Foundation
import GenkanJSON
import GenkanTestSupport

/// `Support/hook_server.py` (`HookReceiver`) with what it recorded read as JSON.
final class HookServer: Sendable {
    let receiver: HookReceiver

    init(secret: String) throws {
        receiver = try HookReceiver(secret: secret)
    }

    var port: Int { receiver.port }

    func url(_ path: String) -> String { receiver.url(path) }

    /// What the server recorded, one entry per request.
    var entries: [JSONValue] { receiver.lines.compactMap { JSONReader.value($0) } }
}
