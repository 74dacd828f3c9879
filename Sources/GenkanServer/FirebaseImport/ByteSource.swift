#if canImport(Glibc)
import Glibc
#endif

/// A file read front to back in 1 MiB chunks and handed out a byte at a time, counting lines: what
/// the export readers walk, so a file of any size takes only a chunk of memory.
struct ByteSource {
    /// The open file, closed when the last copy of the source goes.
    private final class Descriptor {
        let value: Int32
        init(_ value: Int32) { self.value = value }
        deinit { close(value) }
    }

    private static let chunk = 1 << 20
    private let file: Descriptor
    private var buffer: [UInt8] = []
    private var position = 0
    /// The line of the next byte, from 1.
    private(set) var line = 1
    /// Why reading stopped early (`read` failed), if it did; the readers report it instead of
    /// "the file ends".
    private(set) var readError: String?

    init(path: String) throws(ExportFileReader.Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ExportFileReader.Failure(line: 0, message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        file = Descriptor(descriptor)
    }

    /// The next byte without taking it; nil at the end of the file.
    mutating func peek() -> UInt8? {
        if position == buffer.count, !refill() { return nil }
        return buffer[position]
    }

    /// Takes the next byte; nil at the end of the file.
    mutating func next() -> UInt8? {
        guard let byte = peek() else { return nil }
        advance()
        return byte
    }

    /// Takes the byte `peek` showed.
    mutating func advance() {
        if buffer[position] == 0x0A { line += 1 }
        position += 1
    }

    /// Hands the unread bytes of the current chunk to `scan`, which answers how many of them it
    /// takes; returns those bytes (counting their lines), or nil at the end of the file.
    mutating func scan(_ scan: (UnsafeBufferPointer<UInt8>) -> Int) -> ArraySlice<UInt8>? {
        if position == buffer.count, !refill() { return nil }
        let start = position
        let taken = buffer.withUnsafeBufferPointer { all in scan(UnsafeBufferPointer(rebasing: all[start...])) }
        let end = start + taken
        let slice = buffer[start..<end]
        line += slice.withUnsafeBufferPointer { bytes in bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
        position = end
        return slice
    }

    mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private mutating func refill() -> Bool {
        guard readError == nil else { return false }
        let descriptor = file.value
        var failure: String?
        buffer = [UInt8](unsafeUninitializedCapacity: Self.chunk) { bytes, initialized in
            var count = -1
            repeat { count = read(descriptor, bytes.baseAddress, Self.chunk) } while count < 0 && errno == EINTR
            if count < 0 { failure = String(cString: strerror(errno)) }
            initialized = max(count, 0)
        }
        readError = failure
        position = 0
        return !buffer.isEmpty
    }
}
