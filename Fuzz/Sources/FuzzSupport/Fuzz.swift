import FuzzDriver

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's view of a target: the bytes of one input, an answer of 0.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// What every fuzz target shares: running libFuzzer, and failing on a broken invariant in a way
/// libFuzzer records as a crash (with the input saved as an artifact).
public enum Fuzz {
    /// Hands `test` (the target's `LLVMFuzzerTestOneInput`) to libFuzzer with the process's
    /// arguments, and exits with libFuzzer's status.
    public static func run(_ test: FuzzTest) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    }

    /// Reports a broken invariant and aborts; libFuzzer catches the SIGABRT, prints the stack and
    /// saves the input as `crash-…`.
    public static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        var text = "genkan-fuzz: invariant broken (\(file):\(line)): \(message)\n"
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        abort()
    }

    /// Fails with `message` unless `condition` holds.
    @inline(__always)
    public static func check(
        _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) {
        if !condition { fail(message(), file: file, line: line) }
    }
}

/// Exact equality: the same code points (Swift's `==` on strings is canonical equivalence, which
/// would hide a normalization difference).
public func sameScalars(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): a.unicodeScalars.elementsEqual(b.unicodeScalars)
    default: false
    }
}

/// A readable form of a string for a failure message: escaped, and cut at 300 characters.
public func shown(_ text: String?) -> String {
    guard let text else { return "nil" }
    let escaped = text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
    return "\"" + (escaped.count > 300 ? String(escaped.prefix(300)) + "…" : escaped) + "\""
}

/// One fuzz input: a few bytes read from the front to make choices, the rest as data or text.
public struct FuzzInput {
    public private(set) var bytes: ArraySlice<UInt8>

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = size == 0 || data == nil ? [] : ArraySlice(UnsafeBufferPointer(start: data, count: size))
    }

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    /// A number below `count` from the next byte (0 when the input is used up).
    public mutating func choice(_ count: Int) -> Int {
        guard let byte = bytes.popFirst() else { return 0 }
        return Int(byte) % count
    }

    /// The next byte's low bit.
    public mutating func flag() -> Bool { choice(2) == 1 }

    /// The next byte whole (0 when the input is used up).
    public mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// The rest of the input.
    public var rest: [UInt8] { Array(bytes) }

    /// The rest of the input as UTF-8 text, ill-formed sequences replaced by U+FFFD (every parser
    /// behind the server's form and header decoding sees valid Unicode).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The rest of the input as strings separated by NUL, at most `limit` of them.
    public func parts(_ limit: Int) -> [String] {
        bytes.split(separator: 0, maxSplits: limit - 1, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
