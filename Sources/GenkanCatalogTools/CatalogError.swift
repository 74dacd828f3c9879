/// A catalog or exchange file that cannot be read or written, with a message that says where and why.
public struct CatalogError: Error, Sendable, CustomStringConvertible, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
