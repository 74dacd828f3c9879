#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address, held as 128 bits: IPv4 as an IPv4-mapped IPv6 address
/// (`::ffff:a.b.c.d`, RFC 4291 §2.5.5.2), so one comparison serves both families and a
/// dual-stack socket's view of an IPv4 client is that IPv4 address.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    let high: UInt64
    let low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Reads `192.0.2.7`, `2001:db8::7`, and as proxies write them in `X-Forwarded-For`, with a
    /// port (`192.0.2.7:4711`, `[2001:db8::7]:4711`) or in brackets; nil for anything else (a
    /// host name, a zone index, `unknown`).
    public init?(_ text: some StringProtocol) {
        var text = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCIIDigit) && rest.count > 1) else {
                return nil
            }
            text = text[text.index(after: text.startIndex)..<close]
            guard text.utf8.contains(UInt8(ascii: ":")) else { return nil }
        } else if let colon = text.firstIndex(of: ":"), text.lastIndex(of: ":") == colon {
            // One colon: an IPv4 address and a port.
            let port = text[text.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isASCIIDigit) else { return nil }
            text = text[..<colon]
        }
        guard !text.isEmpty, text.utf8.count <= 45, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "%") })
        else { return nil }
        if !text.utf8.contains(UInt8(ascii: ":")) {  // bytes: Foundation's contains(_: String) is a locale-aware search
            // Every request's peer is read here: IPv4 by hand, without allocating.
            guard let ipv4 = Self.ipv4(text.utf8) else { return nil }
            self.init(high: 0, low: 0xffff_0000_0000 | UInt64(ipv4))
            return
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, String(text), &bytes) == 1 else { return nil }
        self.init(bytes: bytes)
    }

    /// Dotted decimal as `inet_pton(AF_INET)` reads it: four numbers up to 255, no leading zero.
    static func ipv4(_ text: Substring.UTF8View) -> UInt32? {
        var value: UInt32 = 0, part: UInt32 = 0, digits = 0, parts = 0
        for byte in text {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, parts < 3 else { return nil }
                value = value << 8 | part
                parts += 1
                part = 0
                digits = 0
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if digits == 1 && part == 0 { return nil }  // a leading zero
                part = part * 10 + UInt32(byte - UInt8(ascii: "0"))
                digits += 1
                guard part <= 255 else { return nil }
            } else {
                return nil
            }
        }
        guard digits > 0, parts == 3 else { return nil }
        return value << 8 | part
    }

    /// The address of 16 bytes of IPv6 in network order (an IPv4 address as its mapped form).
    init(bytes: some RandomAccessCollection<UInt8>) {
        precondition(bytes.count == 16)
        var high: UInt64 = 0, low: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(high: high, low: low)
    }

    var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }

    /// Whether this is an IPv4 address (IPv4-mapped).
    public var isIPv4: Bool { high == 0 && low >> 32 == 0xffff }

    /// `192.0.2.7`, or IPv6 in its canonical text (RFC 5952, as `inet_ntop` writes it).
    public var description: String {
        if isIPv4 {
            let value = UInt32(truncatingIfNeeded: low)
            // At most 15 bytes, written in place (string interpolation allocated per request).
            return String(unsafeUninitializedCapacity: 15) { buffer in
                var count = 0
                for shift in [24, 16, 8, 0] as [UInt32] {
                    if shift != 24 {
                        buffer[count] = UInt8(ascii: ".")
                        count += 1
                    }
                    let octet = value >> shift & 0xff
                    if octet >= 100 {
                        buffer[count] = UInt8(ascii: "0") + UInt8(octet / 100)
                        count += 1
                    }
                    if octet >= 10 {
                        buffer[count] = UInt8(ascii: "0") + UInt8(octet / 10 % 10)
                        count += 1
                    }
                    buffer[count] = UInt8(ascii: "0") + UInt8(octet % 10)
                    count += 1
                }
                return count
            }
        }
        var bytes = self.bytes
        var buffer = [CChar](repeating: 0, count: 64)
        guard inet_ntop(AF_INET6, &bytes, &buffer, 64) != nil else { return "::" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What per-client limits and the hashing queue count by: an IPv4 address itself, an IPv6
    /// address's /64 (what one subscriber usually gets, RFC 6177 §3), so hopping through one's own
    /// addresses gains nothing.
    public var clientKey: String {
        isIPv4 ? description : IPAddress(high: high, low: 0).description + "/64"
    }

    /// This address with all but the first `length` bits cleared (`length` in 0...128).
    func masked(_ length: Int) -> IPAddress {
        func mask(_ bits: Int) -> UInt64 { bits <= 0 ? 0 : bits >= 64 ? .max : ~(UInt64.max >> UInt64(bits)) }
        return IPAddress(high: high & mask(length), low: low & mask(length - 64))
    }
}

/// A range of addresses in CIDR notation (RFC 4632 §3.1; RFC 4291 §2.3 for IPv6): `10.0.0.0/8`,
/// `2001:db8::/32`, or one address (`192.0.2.7` is `/32`, `::1` is `/128`).
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    public let address: IPAddress
    /// The prefix length in the address's own family (0...32 for IPv4, 0...128 for IPv6).
    public let prefixLength: Int

    /// Why a text is not a network, in words an operator can act on.
    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ text: some StringProtocol) throws(ParseError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]), !parts[0].contains("["), parts[0].filter({ $0 == ":" }).count != 1 else {
            throw ParseError(description: "'\(text)' is not an IPv4 or IPv6 address or network (as in 10.0.0.0/8 or 2001:db8::/32)")
        }
        let maximum = address.isIPv4 ? 32 : 128
        var length = maximum
        if parts.count == 2 {
            guard let value = Int(parts[1]), parts[1].allSatisfy(\.isASCIIDigit), (0...maximum).contains(value) else {
                throw ParseError(description: "'\(text)': the prefix length must be a number from 0 to \(maximum)")
            }
            length = value
        }
        let bits = address.isIPv4 ? length + 96 : length
        let network = address.masked(bits)
        guard network == address else {
            throw ParseError(
                description: "'\(text)' has bits set after its first \(length); did you mean \(network.description)/\(length)?")
        }
        self.address = address
        prefixLength = length
    }

    public func contains(_ candidate: IPAddress) -> Bool {
        guard candidate.isIPv4 == address.isIPv4 else { return false }
        return candidate.masked(address.isIPv4 ? prefixLength + 96 : prefixLength) == address
    }

    public var description: String { "\(address)/\(prefixLength)" }
}

extension Character {
    package var isASCIIDigit: Bool { isASCII && isNumber }
}
