/// Bytes written in place into memory of a fixed size: how the server puts together what it
/// builds for every request (a log line, a cookie, a header block) instead of growing a string
/// or an array piece by piece, which allocated and checked at every step. Whatever would go past
/// the end is dropped, so callers size the memory for the longest value they write.
@usableFromInline
package struct ByteWriter: ~Copyable {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written.
    @usableFromInline package private(set) var count = 0

    @inlinable
    package init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// Runs `body` with a writer over `capacity` bytes of stack memory, valid only during the call.
    @inlinable
    package static func onStack<Result>(capacity: Int, _ body: (inout ByteWriter) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = ByteWriter(buffer)
            return try body(&writer)
        }
    }

    /// What is written so far, valid until the writer changes or its memory goes.
    @inlinable
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[..<count]) }

    @inlinable
    package mutating func append(byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }

    @inlinable
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let kept = min(bytes.count, buffer.count - count)
        guard kept > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).update(from: source, count: kept)
        count += kept
    }

    @inlinable
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    @inlinable
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// `value` in decimal, zero-padded to `width` digits (at most 20).
    @inlinable
    package mutating func append(number value: some BinaryInteger, width: Int = 1) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes for at most 20 digits
        withUnsafeMutableBytes(of: &digits) { digits in
            var rest = UInt64(value.magnitude), count = 0
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 || count < min(width, 20)
            for index in stride(from: count - 1, through: 0, by: -1) { append(byte: digits[index]) }
        }
    }
}

extension String {
    /// The text `body` writes, at most `capacity` bytes of UTF-8, in one allocation. `body` writes
    /// whole strings and ASCII (bytes that are not UTF-8 would be repaired to U+FFFD).
    @inlinable
    package init(capacity: Int, writing body: (inout ByteWriter) -> Void) {
        self.init(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = ByteWriter(buffer)
            body(&writer)
            return writer.count
        }
    }
}
