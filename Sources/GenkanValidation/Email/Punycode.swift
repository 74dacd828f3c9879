/// Punycode, the encoding of a Unicode label in the letters, digits and hyphens of DNS
/// (RFC 3492), as ToASCII applies it to a U-label (RFC 5891 §4.4).
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    private static let initialBias = 72, initialN = 128

    /// The Punycode of `label` (RFC 3492 §6.3), without the `xn--` prefix.
    static func encode(_ label: String) -> String {
        var output: [UInt8] = []
        UTF8Text.withBytes(of: label) { encode(utf8: $0, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the Punycode of the label in `utf8` (valid UTF-8) to `output`: its ASCII code
    /// points in order, a hyphen when there are any, then the deltas that insert the others.
    static func encode(utf8 label: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        // The code points, decoded once (a label has no more of them than bytes), and the
        // output: every delta takes at most 10 digits, as each digit but the last divides it by
        // 10 or more. Both in one temporary buffer, on the stack for a label.
        let capacity = label.count * 12 + 1
        withUnsafeTemporaryAllocation(of: Int.self, capacity: label.count) { codePoints in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                var count = 0
                var offset = 0
                while offset < label.count {
                    let (scalar, next) = UTF8Text.scalar(at: offset, in: label)
                    codePoints[count] = Int(scalar.value)
                    count += 1
                    offset = next
                }
                let length = encode(UnsafeBufferPointer(rebasing: codePoints[..<count]), into: buffer)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<length]))
            }
        }
    }

    /// Writes the Punycode of `codePoints` to `output`, which is large enough, and returns its length.
    private static func encode(_ codePoints: UnsafeBufferPointer<Int>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var length = 0
        for value in codePoints where value < 0x80 {
            output[length] = UInt8(truncatingIfNeeded: value)
            length += 1
        }
        let basicCount = length
        var handled = basicCount
        if basicCount > 0 {
            output[length] = UInt8(ascii: "-")
            length += 1
        }

        var n = initialN, delta = 0, bias = initialBias
        while handled < codePoints.count {
            // The smallest code point not yet handled; every code point below it has been.
            var next = Int.max
            for value in codePoints where value >= n && value < next { next = value }
            delta += (next - n) * (handled + 1)
            n = next
            for value in codePoints {
                if value < n { delta += 1 }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    let (quotient, remainder) = (q - t).quotientAndRemainder(dividingBy: base - t)
                    output[length] = digit(t + remainder)
                    length += 1
                    q = quotient
                    k += base
                }
                output[length] = digit(q)
                length += 1
                bias = adapt(delta, handled + 1, isFirst: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return length
    }

    /// The code points `label` encodes (RFC 3492 §6.2), for the Punycode part of an A-label
    /// (after `xn--`); nil when it is not valid Punycode.
    static func decode(_ label: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar]? {
        // The basic code points are those before the last hyphen, if any.
        let delimiter = label.lastIndex(of: UInt8(ascii: "-"))
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(label.count)
        for byte in label[..<(delimiter ?? 0)] {
            guard byte < 0x80 else { return nil }
            output.append(Unicode.Scalar(byte))
        }
        var index = delimiter.map { $0 + 1 } ?? 0
        var n = initialN, i = 0, bias = initialBias
        while index < label.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard index < label.count, let digit = digitValue(label[index]) else { return nil }
                index += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int.max - product else { return nil }
                i += product
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow else { return nil }
                weight = nextWeight
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count, isFirst: oldI == 0)
            guard i / count <= 0x10FFFF - n else { return nil }
            n += i / count
            i %= count
            guard n >= initialN, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }   // not basic, not a surrogate
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    /// The value of a basic code point as a digit (RFC 3492 §5): letters in either case, then digits.
    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    /// The bias adaptation of RFC 3492 §6.1.
    private static func adapt(_ delta: Int, _ count: Int, isFirst: Bool) -> Int {
        var delta = isFirst ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// The basic code point of a digit value: `a`–`z` for 0–25, `0`–`9` for 26–35 (RFC 3492 §5).
    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }
}
