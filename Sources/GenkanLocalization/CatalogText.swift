import Foundation

/// A catalog's JSON as it was given, kept so that its languages can be read when first asked for:
/// a string (Genkan's own catalog is a literal compiled into the binary, read where it lies, on
/// pages the system can drop and read again, not on the heap) or the bytes of a file.
enum CatalogText: Sendable {
    case string(String)
    case data(Data)

    /// `text`, its UTF-8 made contiguous once (a literal's already is), so reading it copies nothing.
    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self = .string(text)
    }

    var count: Int {
        switch self {
        case .string(let text): text.utf8.count
        case .data(let data): data.count
        }
    }

    /// Calls `body` with the text's bytes, in place.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .string(var text):
            return text.withUTF8(body)
        case .data(let data):
            return data.withUnsafeBytes { raw in raw.withMemoryRebound(to: UInt8.self, body) }
        }
    }
}
