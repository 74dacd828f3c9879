extension IPAddress {
    /// Where an address is, as far as its number tells without a location database.
    public enum Scope: Sendable, Equatable {
        /// This machine (127.0.0.0/8, ::1).
        case loopback
        /// A network that is not routed on the Internet: RFC 1918's (10/8, 172.16/12,
        /// 192.168/16), shared address space (100.64/10, RFC 6598), link-local (169.254/16,
        /// fe80::/10) and IPv6 unique local addresses (fc00::/7, RFC 4193).
        case local
        /// Anything else.
        case global
    }

    public var scope: Scope {
        if isIPv4 {
            let value = UInt32(truncatingIfNeeded: low)
            func within(_ network: UInt32, _ length: UInt32) -> Bool { value >> (32 - length) == network >> (32 - length) }
            if within(0x7F00_0000, 8) { return .loopback }
            if within(0x0A00_0000, 8) || within(0xAC10_0000, 12) || within(0xC0A8_0000, 16) || within(0x6440_0000, 10)
                || within(0xA9FE_0000, 16)
            {
                return .local
            }
            return .global
        }
        if high == 0 && low == 1 { return .loopback }
        let first = UInt16(truncatingIfNeeded: high >> 48)
        if first & 0xFE00 == 0xFC00 || first & 0xFFC0 == 0xFE80 { return .local }
        return .global
    }

    /// The network an address is shown by where a person reads it (their account's activity): its
    /// /24 for IPv4, its /48 for IPv6 (RFC 6177 §3: what a site is usually given). It says roughly
    /// where a request came from — a provider, a building — and not which household or machine.
    public var approximateNetwork: IPNetwork {
        isIPv4 ? IPNetwork(network: masked(96 + 24), prefixLength: 24) : IPNetwork(network: masked(48), prefixLength: 48)
    }

    /// Reads an address as `clientKey` writes it: an address, or an IPv6 /64 (`2001:db8:1:2::/64`).
    public init?(clientKey: some StringProtocol) {
        if clientKey.hasSuffix("/64") {
            self.init(clientKey.dropLast(3))
        } else {
            self.init(clientKey)
        }
    }
}

extension IPNetwork {
    /// A network whose address already has its host bits clear.
    init(network: IPAddress, prefixLength: Int) {
        address = network
        self.prefixLength = prefixLength
    }
}
