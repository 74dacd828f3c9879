/// The body and header lines of a response being read, through libcurl's write and header
/// callbacks (`CurlEasy.receive(into:)`); refuses (and remembers) a body past `limit`.
package final class CurlResponse {
    package let limit: Int
    package private(set) var body: [UInt8] = []
    package private(set) var headers: [(name: String, value: String)] = []
    /// The body went past `limit` (the transfer then fails as `.aborted`).
    package private(set) var overflowed = false

    package init(limit: Int) { self.limit = limit }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= limit else {
            overflowed = true
            return 0  // libcurl ends the transfer with CURLE_WRITE_ERROR
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// One header line as libcurl hands it (with its CRLF). A status line starts a new response
    /// (an interim `1xx`), so the fields of an earlier one are dropped. Bytes, not Characters:
    /// "\r\n" is one Character, which a search for "\r" does not find.
    func header(_ bytes: UnsafeRawBufferPointer) -> Int {
        if bytes.starts(with: Array("HTTP/".utf8)) {
            headers = []
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), headers.count < 100 {
            let name = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
            var value = bytes[(colon + 1)...]
            let blank: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), 13, 10]
            while let first = value.first, blank.contains(first) { value = value.dropFirst() }
            while let last = value.last, blank.contains(last) { value = value.dropLast() }
            headers.append((name, String(decoding: value, as: UTF8.self)))
        }
        return bytes.count
    }
}
