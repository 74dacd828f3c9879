#if canImport(Glibc)
import Glibc
#endif
import GenkanJSON

extension AccountEvent {
    /// The event as one JSON object, the line `genkan events export` writes and the `data` of its
    /// webhook: `id`, `time` (RFC 3339, UTC), `type`, `uid`, `actor` (`{"kind": "user"}`,
    /// `{"kind": "admin", "uid": …}` or `{"kind": "system"}`), `client`, `userAgent` (null when
    /// unknown) and `details`.
    public var json: JSONValue {
        let actor: JSONValue =
            switch self.actor {
            case .user: .object([("kind", .string("user"))])
            case .system: .object([("kind", .string("system"))])
            case .administrator(let uid): .object([("kind", .string("admin")), ("uid", .string(uid))])
            }
        return .object([
            ("id", .integer(id)), ("time", .string(Self.rfc3339(time))), ("type", .string(type.rawValue)), ("uid", .string(uid)),
            ("actor", actor), ("client", .optional(client)), ("userAgent", .optional(userAgent)), ("details", details.json),
        ])
    }

    /// `json` on one line, without its line feed.
    public var jsonLine: String { json.serialized() }

    /// Unix seconds as RFC 3339 in UTC (`2026-12-01T11:47:38Z`).
    public static func rfc3339(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = Int(parts.tm_year) + 1900
        let yearText = year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }

    /// Reads RFC 3339 (`2026-12-01T11:47:38Z`, `…T11:47:38.5+09:00`, or a day alone, `2026-12-01`,
    /// its midnight in UTC) as Unix seconds; nil for anything else. Fractions of a second are dropped.
    public static func seconds(rfc3339 text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count, bytes[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard bytes.count >= 10, let year = number(0..<4), bytes[4] == 0x2D, let month = number(5..<7), bytes[7] == 0x2D,
            let day = number(8..<10), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var hour = 0, minute = 0, second = 0, offset = 0
        if bytes.count > 10 {
            guard bytes.count >= 20, bytes[10] == 0x54 || bytes[10] == 0x74 || bytes[10] == 0x20, let h = number(11..<13), bytes[13] == 0x3A,
                let m = number(14..<16), bytes[16] == 0x3A, let s = number(17..<19), h < 24, m < 60, s <= 60
            else { return nil }
            (hour, minute, second) = (h, m, s)
            var index = 19
            if bytes[index] == 0x2E {
                index += 1
                let start = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                guard index > start, index < bytes.count else { return nil }
            }
            switch bytes[index] {
            case 0x5A, 0x7A: guard index + 1 == bytes.count else { return nil }
            case 0x2B, 0x2D:
                guard index + 6 == bytes.count, let oh = number(index + 1..<index + 3), bytes[index + 3] == 0x3A,
                    let om = number(index + 4..<index + 6), oh < 24, om < 60
                else { return nil }
                offset = (oh * 3600 + om * 60) * (bytes[index] == 0x2B ? 1 : -1)
            default: return nil
            }
        }
        // Days from the civil date (Howard Hinnant's days_from_civil), so no time zone is involved.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Int64(days * 86_400 + hour * 3600 + minute * 60 + second - offset)
    }
}
