import Foundation

/// Operator messages (store failures, start-up), one line each on standard error.
public struct ErrorLog: Sendable {
    public init() {}

    public func write(_ message: String) {
        FileHandle.standardError.write(Data(("genkan: " + message + "\n").utf8))
    }
}
