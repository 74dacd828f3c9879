/// Punycode, the encoding of a Unicode label in the letters, digits and hyphens of DNS
/// (RFC 3492), as ToASCII applies it to a U-label (RFC 5891 §4.4).
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    private static let initialBias = 72, initialN = 128

    /// The Punycode of `label` (RFC 3492 §6.3), without the `xn--` prefix: its ASCII code points
    /// in order, a hyphen when there are any, then the deltas that insert the others.
    static func encode(_ label: some Collection<Unicode.Scalar>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(label.count * 3)
        for scalar in label where scalar.isASCII { output.append(UInt8(scalar.value)) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }

        var n = initialN, delta = 0, bias = initialBias
        while handled < label.count {
            // The smallest code point not yet handled; every code point below it has been.
            let next = label.lazy.map { Int($0.value) }.filter { $0 >= n }.min()!
            delta += (next - n) * (handled + 1)
            n = next
            for scalar in label {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, isFirst: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
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
