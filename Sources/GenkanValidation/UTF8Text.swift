/// Reading a string's UTF-8 where it is stored. The e-mail rules look at most characters once
/// and at ASCII bytes mostly, and Swift's index-based views validate every index they are given,
/// which costs more than the work itself on a short address.
enum UTF8Text {
    /// Runs `body` on the UTF-8 of `text`, copying only a text that is not stored as contiguous
    /// UTF-8 (a bridged string).
    static func withBytes<R>(of text: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = String(text)
        return copy.withUTF8(body)
    }

    static func withBytes<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// Whether every byte is ASCII. An OR over all the bytes, with no early exit, compiles to
    /// vector instructions and beats a search on the short texts of e-mail addresses.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.reduce(0, |) < 0x80
    }

    /// `byte` lower-cased when it is an ASCII capital letter. Applied to every byte of UTF-8, it
    /// lower-cases the ASCII letters and leaves every other sequence as it is.
    @inline(__always)
    static func lowercaseASCII(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether `byte` is an ASCII capital letter.
    @inline(__always)
    static func isUppercaseASCII(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// The scalar that starts at `offset` of valid UTF-8, and the offset after it.
    @inline(__always)
    static func scalar(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (scalar: Unicode.Scalar, next: Int) {
        let lead = UInt32(bytes[offset])
        let value: UInt32
        let length: Int
        if lead < 0x80 {
            value = lead
            length = 1
        } else if lead < 0xE0 {
            value = (lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F)
            length = 2
        } else if lead < 0xF0 {
            value = (lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
            length = 3
        } else {
            value = (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
                | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F)
            length = 4
        }
        return (Unicode.Scalar(value).unsafelyUnwrapped, offset + length)
    }

    /// The offset where the scalar that ends just before `offset` starts.
    @inline(__always)
    static func start(ofScalarBefore offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = offset - 1
        while bytes[start] & 0xC0 == 0x80 { start -= 1 }   // continuation bytes are 10xxxxxx
        return start
    }
}

extension Substring {
    /// The index `offset` UTF-8 bytes after the start (constant time for native strings).
    func index(atUTF8Offset offset: Int) -> Index {
        utf8.index(startIndex, offsetBy: offset)
    }
}
