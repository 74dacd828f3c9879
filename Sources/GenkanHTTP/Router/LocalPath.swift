/// A path on this site, safe to redirect to: where to return after signing in.
///
/// Only `/` followed by printable ASCII, not `//` or `/\` (which browsers read as another
/// host), no backslash anywhere, no space or control character (browsers drop tabs and line
/// breaks, turning `/\t/evil.example` into `//evil.example`), at most 512 bytes. So
/// `//evil.example`, `https://evil.example` and `javascript:…` are not local paths.
public struct LocalPath: Sendable, Hashable {
    public let value: String

    public init?(_ text: String) {
        let bytes = text.utf8
        guard bytes.count >= 1, bytes.count <= 512, bytes.first == UInt8(ascii: "/"),
            bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") })
        else { return nil }
        if bytes.count > 1, bytes[bytes.index(after: bytes.startIndex)] == UInt8(ascii: "/") { return nil }
        value = text
    }
}
