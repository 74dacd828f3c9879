import Foundation
import GenkanHTTPTesting
import GenkanWebAuthn
import Synchronization
import Testing
@testable import GenkanHTTP
@testable import GenkanServer
@testable import GenkanStore

/// The security log's passkey events: a device-bound passkey whose counter went back is its own
/// event (a possible clone), a synced one's anomaly rides on the success line, and a refusal
/// names its reason; an account is named by its log tag and domain, never its address.
@Suite struct PasskeySecurityLogTests {
    final class Lines: Sendable {
        let all = Mutex<[String]>([])
    }

    func logged(_ body: (SecurityLog, Account) throws -> Void) throws -> [String] {
        let lines = Lines()
        let log = SecurityLog(
            // The sink gets "TIME genkan: MESSAGE\n": the message is what is checked.
            log: ErrorLog { line in
                let message = line.range(of: "genkan: ").map { String(line[$0.upperBound...]) } ?? line
                lines.all.withLock { $0.append(message.trimmingCharacters(in: .newlines)) }
            },
            throttle: SignInThrottle(limits: .standard, secret: [UInt8](repeating: 7, count: 32)))
        let directory = NSTemporaryDirectory() + "genkan-passkey-log-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try AccountStore(path: directory + "/genkan.sqlite")
        let account = try store.createAccount(NewAccount(email: "taro@example.com", displayName: "T", nameKey: "t", passwordHash: "$x"))
        try body(log, account)
        return lines.all.withLock { $0 }
    }

    func passkey(_ account: Account) -> Passkey {
        Passkey(
            id: 3, accountID: account.id, credentialID: [1], publicKey: [2], signCount: 5, backupEligible: true, backedUp: true,
            aaguid: [UInt8](repeating: 0, count: 16), transports: [], name: "Key", createdAt: 0)
    }

    @Test func aCounterThatWentBackOnADeviceBoundPasskeyIsItsOwnEvent() throws {
        let lines = try logged { log, account in
            log.passkey(.signIn, .failure(.passkeyRejected(.counterNotIncreased, account: account)), client: "203.0.113.9")
        }
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasPrefix("security passkey.counter-not-increased client=203.0.113.9 during=passkey-sign-in account="))
        #expect(line.hasSuffix(" domain=example.com") && !line.contains("taro@"))
    }

    @Test func aSyncedPasskeysAnomalyIsOnTheSuccessLine() throws {
        let lines = try logged { log, account in
            let verified = VerifiedPasskey(account: account, passkey: passkey(account), counterAnomaly: CounterAnomaly(stored: 5, received: 3))
            log.passkey(.reauthentication, .success(verified), client: "203.0.113.9")
        }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("security passkey-reauthentication.succeeded client=203.0.113.9 account=") == true)
        #expect(lines.first?.hasSuffix(" domain=example.com passkey=3 counter-anomaly=5->3") == true)
    }

    @Test func aRefusalNamesItsReason() throws {
        let lines = try logged { log, account in
            log.passkey(.signIn, .failure(.passkeyNotFound), client: "203.0.113.9")
            log.passkey(.signIn, .failure(.passkeyRejected(.signatureInvalid, account: account)), client: "203.0.113.9")
            log.passkey(.signIn, .failure(.passkeyChallengeInvalid), client: "203.0.113.9")
        }
        #expect(lines.count == 3)
        #expect(lines[0] == "security passkey-sign-in.failed client=203.0.113.9 reason=passkey.unknown-credential")
        #expect(lines[1].hasPrefix("security passkey-sign-in.failed client=203.0.113.9 reason=webauthn.") && lines[1].contains(" account="))
        #expect(lines[2] == "security passkey-sign-in.failed client=203.0.113.9 reason=passkey.challenge-invalid")
    }
}
