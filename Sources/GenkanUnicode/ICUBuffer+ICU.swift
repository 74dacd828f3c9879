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
