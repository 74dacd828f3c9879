import GenkanHTTP
import Testing

@Suite struct AddressScopeTests {
    @Test(arguments: [
        ("127.0.0.1", IPAddress.Scope.loopback, "127.0.0.0/24"), ("::1", .loopback, "::/48"), ("10.1.2.3", .local, "10.1.2.0/24"),
        ("172.31.255.1", .local, "172.31.255.0/24"), ("172.32.0.1", .global, "172.32.0.0/24"), ("192.168.0.9", .local, "192.168.0.0/24"),
        ("100.64.0.1", .local, "100.64.0.0/24"), ("169.254.1.1", .local, "169.254.1.0/24"), ("203.0.113.77", .global, "203.0.113.0/24"),
        ("fd12:3456::1", .local, "fd12:3456::/48"), ("fe80::1", .local, "fe80::/48"), ("2001:db8:1:2::/64", .global, "2001:db8:1::/48"),
    ])
    func anAddressHasAScopeAndANetwork(text: String, scope: IPAddress.Scope, network: String) throws {
        let address = try #require(IPAddress(clientKey: text))
        #expect(address.scope == scope)
        #expect(address.approximateNetwork.description == network)
    }

    @Test func whatIsNotAnAddressIsNone() {
        #expect(IPAddress(clientKey: "unknown") == nil)
        #expect(IPAddress(clientKey: "2001:db8::/48") == nil)
    }
}
