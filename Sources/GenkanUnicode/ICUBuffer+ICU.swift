private import CICU

/// Runs one of CICU's string-producing functions, growing the output buffer once when the first
/// attempt reports that the result is longer. Returns nil when ICU reports a failure.
///
/// Every CICU call that returns a string goes through here, so buffer handling and status
/// checking live in one place.
func icuString(
    _ input: String,
    _ call: (UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32) -> Int32
) -> String? {
    var source = Array(input.utf16)
    if source.isEmpty { source.append(0) }   // a valid pointer for an empty input
    let length = Int32(input.utf16.count)
    return source.withUnsafeBufferPointer { src in
        var capacity = max(Int(length) + 16, 32)
        for _ in 0..<2 {
            var output = [UInt16](repeating: 0, count: capacity)
            let needed = output.withUnsafeMutableBufferPointer { dest in
                call(src.baseAddress!, length, dest.baseAddress!, Int32(capacity))
            }
            if needed < 0 { return nil }
            if Int(needed) <= capacity {
                // Decoding from a buffer pointer takes the standard library's fast transcoding
                // path; an ArraySlice goes through the generic one, several times slower.
                return output.withUnsafeBufferPointer {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[..<Int(needed)]), as: UTF16.self)
                }
            }
            capacity = Int(needed)
        }
        return nil
    }
}

/// Runs a CICU function that reads a string and returns a number (or a negative status).
func icuValue(_ input: String, _ call: (UnsafePointer<UInt16>, Int32) -> Int32) -> Int32 {
    var source = Array(input.utf16)
    let length = Int32(source.count)
    if source.isEmpty { source.append(0) }
    return source.withUnsafeBufferPointer { call($0.baseAddress!, length) }
}

/// Runs a CICU function that writes NUL-terminated ASCII into a caller's buffer.
func icuASCII(_ call: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: 160)
    let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32($0.count)) }
    guard length >= 0, Int(length) < buffer.count else { return nil }
    return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Runs one of CICU's UTF-8 string-producing functions on UTF-8 `bytes`, with the same growing
/// and failure rules as `icuString`.
///
/// The output goes to a temporary buffer, on the stack when it is small, so a short result
/// becomes a Swift small string without any heap allocation.
func icuUTF8String(
    bytes: UnsafeBufferPointer<UInt8>,
    _ call: (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<CChar>, Int32) -> Int32
) -> String? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
        let nul: CChar = 0   // a valid pointer for an empty input
        return withUnsafePointer(to: nul) { icuUTF8String(source: $0, length: 0, call) }
    }
    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        icuUTF8String(source: $0, length: bytes.count, call)
    }
}

private func icuUTF8String(
    source: UnsafePointer<CChar>, length: Int,
    _ call: (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<CChar>, Int32) -> Int32
) -> String? {
    var capacity = max(length * 2 + 16, 64)
    for _ in 0..<2 {
        var needed: Int32 = 0
        let output = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> String? in
            needed = buffer.withMemoryRebound(to: CChar.self) { call(source, Int32(length), $0.baseAddress!, Int32(capacity)) }
            guard needed >= 0, Int(needed) <= capacity else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<Int(needed)]), as: UTF8.self)
        }
        if needed < 0 { return nil }
        if let output { return output }
        capacity = Int(needed)
    }
    return nil
}
