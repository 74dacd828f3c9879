import GenkanJSON
import GenkanStore
import Testing

@Suite struct AccountEventTests {
    @Test func anEventIsOneJSONLineWithEveryField() {
        let event = AccountEvent(
            id: 42, time: 1_796_125_658, type: .signInSucceeded, uid: "u1", actor: .administrator(uid: "admin1"), client: "203.0.113.9",
            userAgent: "Mozilla/5.0", details: EventDetails(method: "password", door: .page, count: 2, claims: ["plan"]))
        #expect(
            event.jsonLine
                == #"{"id":42,"time":"2026-12-01T11:47:38Z","type":"sign_in.succeeded","uid":"u1","actor":{"kind":"admin","uid":"admin1"},"#
                + #""client":"203.0.113.9","userAgent":"Mozilla/5.0","details":{"method":"password","door":"page","count":2,"claims":["plan"]}}"#)
        let quiet = AccountEvent(time: 0, type: .accountDeleted, uid: "u2", actor: .system, client: nil, userAgent: nil)
        #expect(
            quiet.jsonLine
                == #"{"id":0,"time":"1970-01-01T00:00:00Z","type":"account.deleted","uid":"u2","actor":{"kind":"system"},"client":null,"userAgent":null,"details":{}}"#
        )
    }

    @Test func detailsAndActorsReadBackWhatWasStored() {
        let details = EventDetails(method: "google.com", door: .api, reason: "auth/wrong-password", provider: "google.com", session: "0123456789abcdef", count: 3, claims: ["a", "b"])
        #expect(EventDetails(stored: details.stored) == details)
        #expect(EventDetails(stored: "not json") == EventDetails())
        #expect(EventDetails(stored: #"{"count":"3","door":"window","password":"x"}"#) == EventDetails())
        for actor in [EventActor.user, .system, .administrator(uid: "a:b")] {
            #expect(EventActor(stored: actor.stored) == actor)
        }
        #expect(EventActor(stored: "admin:") == nil)
        #expect(EventActor(stored: "root") == nil)
    }

    @Test func aLongUserAgentIsCutAtACharacterBoundary() {
        let agent = String(repeating: "a", count: 511) + "é" + "tail"
        let event = AccountEvent(time: 0, type: .signedOut, uid: "u", actor: .user, client: nil, userAgent: agent)
        #expect(event.userAgent == String(repeating: "a", count: 511))
    }

    @Test func everyTypeIsAStandardWebhooksType() {
        for type in AccountEventType.allCases {
            let parts = type.rawValue.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0 == "_" } }, "\(type.rawValue)")
        }
        #expect(Set(AccountEventType.allCases.map(\.rawValue)).count == AccountEventType.allCases.count)
    }

    @Test(arguments: [
        ("2026-12-01T11:47:38Z", Int64(1_796_125_658)), ("2026-12-01T20:47:38+09:00", 1_796_125_658), ("2026-12-01t11:47:38.999z", 1_796_125_658),
        ("2026-12-01", 1_796_083_200), ("1970-01-01T00:00:00Z", 0), ("2000-02-29T00:00:00-00:30", 951_784_200), ("1969-12-31T23:59:59Z", -1),
    ])
    func timesAreReadAsRFC3339(text: String, seconds: Int64) {
        #expect(AccountEvent.seconds(rfc3339: text) == seconds)
        if text.hasSuffix("Z"), !text.contains(".") { #expect(AccountEvent.rfc3339(seconds) == text) }
    }

    @Test(arguments: ["", "2026-13-01", "2026-12-01T25:00:00Z", "2026-12-01T11:47:38", "2026-12-01T11:47:38+0900", "yesterday", "2026-12-01T11:47:38.Z"])
    func otherTimesAreRefused(text: String) {
        #expect(AccountEvent.seconds(rfc3339: text) == nil)
    }
}
