private import CPCRE2

/// A regular expression compiled once by PCRE2 (JIT when the platform has it), matched against
/// UTF-8 subjects with bounded work, and safe to share between threads.
///
/// Every match runs under a match limit, a depth limit and a heap limit set in one PCRE2 match
/// context, so no pattern can backtrack without bound: a subject that would need more work ends
/// as `.limitExceeded` instead of hanging the thread. Callers that validate input treat that
/// outcome as a refusal.
///
/// ```swift
/// let legacy = try Pattern(#"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,6}"#, options: .wholeSubject)
/// legacy.matches("a@example.com")   // true
/// ```
final class Pattern: @unchecked Sendable {
    // @unchecked: the two handles are written only in init and freed in deinit. PCRE2 documents
    // compiled code and match contexts as read-only during matching, so concurrent matches are
    // safe; each match gets its own match data (pcre2api(3), "Multithreading").

    /// Compile options.
    struct Options: OptionSet, Sendable, Hashable {
        let rawValue: UInt32
        init(rawValue: UInt32) { self.rawValue = rawValue }

        /// The pattern must match the whole subject, as if wrapped in `\A(?:…)\z`
        /// (`PCRE2_ANCHORED | PCRE2_ENDANCHORED`).
        static let wholeSubject = Options(rawValue: PCRE2_ANCHORED | PCRE2_ENDANCHORED)
        /// Letters match without regard to case (`PCRE2_CASELESS`). In UTF mode this includes
        /// Unicode case folding (K matches U+212A KELVIN SIGN), so ASCII-only rules should spell
        /// out `[A-Za-z]` instead.
        static let caseless = Options(rawValue: PCRE2_CASELESS)
        /// `\d`, `\w` and POSIX classes use Unicode properties (`PCRE2_UCP`).
        static let unicodeProperties = Options(rawValue: PCRE2_UCP)
    }

    /// The bounds every match of this pattern runs under (`pcre2_set_match_limit`,
    /// `pcre2_set_depth_limit`, `pcre2_set_heap_limit`).
    struct Limits: Sendable, Hashable {
        /// The most times PCRE2's internal match function may be called (JIT counts similarly).
        var match: UInt32
        /// The deepest backtracking nesting the interpreter may reach (JIT is bounded by its stack).
        var depth: UInt32
        /// The most heap memory, in KiB, the interpreter may use for backtracking.
        var heapKiB: UInt32

        /// Far above what Genkan's patterns need on any input they accept (a few hundred calls),
        /// far below what a catastrophic pattern needs to hang a thread.
        static let standard = Limits(match: 100_000, depth: 1_000, heapKiB: 1_024)
    }

    /// The result of one match.
    enum Outcome: Sendable, Hashable {
        /// The pattern matched these UTF-8 offsets of the subject.
        case match(Range<Int>)
        case noMatch
        /// Matching stopped at one of the limits; the subject is treated as not matching.
        case limitExceeded
    }

    /// The pattern as written.
    let source: String
    let options: Options
    let limits: Limits
    /// Whether PCRE2 JIT-compiled the pattern; false only on platforms without JIT support.
    let isJITCompiled: Bool

    private let code: OpaquePointer
    private let matchContext: OpaquePointer

    /// Compiles `source` in UTF mode and JIT-compiles it for complete matches.
    ///
    /// - Throws: `PCRE2Error` when the pattern does not compile (with the offset PCRE2 reports).
    init(_ source: String, options: Options = [], limits: Limits = .standard) throws(PCRE2Error) {
        self.source = source
        self.options = options
        self.limits = limits

        var errorCode: Int32 = 0
        var errorOffset = 0
        let flags = options.rawValue | PCRE2_UTF
        let compiled = source.utf8.withContiguousStorageIfAvailable { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, flags, &errorCode, &errorOffset, nil)
        } ?? Array(source.utf8).withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, flags, &errorCode, &errorOffset, nil)
        }
        guard let compiled else { throw PCRE2Error(code: errorCode, offset: errorOffset) }

        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw PCRE2Error(code: PCRE2_ERROR_NOMEMORY, offset: nil)
        }
        do {
            try PCRE2Error.check(pcre2_set_match_limit_8(context, limits.match))
            try PCRE2Error.check(pcre2_set_depth_limit_8(context, limits.depth))
            try PCRE2Error.check(pcre2_set_heap_limit_8(context, limits.heapKiB))
        } catch {
            pcre2_match_context_free_8(context)
            pcre2_code_free_8(compiled)
            throw error
        }
        code = compiled
        matchContext = context
        // JIT is an optimization: where the platform lacks it, PCRE2_ERROR_JIT_BADOPTION comes
        // back and the interpreter (with the same limits) is used instead.
        isJITCompiled = (try? PCRE2Error.check(pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE))) != nil
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    /// The first match in `subject` (the whole subject when compiled with `.wholeSubject`).
    func firstMatch(in subject: String) -> Outcome {
        var subject = subject
        return subject.withUTF8 { firstMatch(inUTF8: $0) }
    }

    /// The first match in a UTF-8 buffer that is known to be valid UTF-8 (a Swift string's).
    func firstMatch(inUTF8 subject: UnsafeBufferPointer<UInt8>) -> Outcome {
        guard let matchData = pcre2_match_data_create_8(1, nil) else { return .limitExceeded }
        defer { pcre2_match_data_free_8(matchData) }
        // PCRE2 10.42 rejects a NULL subject even when its length is zero.
        let empty: UInt8 = 0
        let result = withUnsafePointer(to: empty) { emptyPointer in
            pcre2_match_8(
                code, subject.baseAddress ?? emptyPointer, subject.count, 0,
                PCRE2_NO_UTF_CHECK, matchData, matchContext)
        }
        do {
            try PCRE2Error.check(result)
        } catch where error.code == PCRE2_ERROR_NOMATCH {
            return .noMatch
        } catch {
            // Limits, JIT stack exhaustion and memory failure all end the same way: refused.
            return .limitExceeded
        }
        let ovector = pcre2_get_ovector_pointer_8(matchData)!
        return .match(ovector[0]..<ovector[1])
    }

    /// Whether the pattern matches `subject` within the limits.
    func matches(_ subject: String) -> Bool {
        if case .match = firstMatch(in: subject) { return true }
        return false
    }
}

/// A failure PCRE2 reported, with its message from `pcre2_get_error_message`.
struct PCRE2Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// PCRE2's error number: positive for compile errors, negative for run-time errors.
    let code: Int32
    /// The UTF-8 offset in the pattern where compilation failed, when it did.
    let offset: Int?

    var message: String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return length < 0 ? "PCRE2 error \(code)" : String(decoding: buffer[..<Int(length)], as: UTF8.self)
    }

    var description: String {
        offset.map { "\(message) (at offset \($0))" } ?? message
    }

    /// The one place PCRE2's run-time return codes are read: negative numbers are errors
    /// (including `PCRE2_ERROR_NOMATCH`), anything else is a count or success.
    @discardableResult
    static func check(_ result: Int32) throws(PCRE2Error) -> Int32 {
        if result < 0 { throw PCRE2Error(code: result, offset: nil) }
        return result
    }
}
