import Foundation
import GenkanUnicode

/// A moment as a reader writes it: CLDR's date and time patterns for the reader's language
/// (through ICU), in the reader's time zone when it is known. When it is not, the moment is
/// shown in UTC and the time says so, in the reader's language.
///
/// ```swift
/// LocalizedDate.format(1_772_373_900, locale: "ja", timeZone: "Asia/Tokyo", style: .dateTime)
/// // "2026年3月1日 23:05"
/// ```
public enum LocalizedDate {
    public enum Style: Sendable {
        /// The day: "March 1, 2026", "2026年3月1日".
        case date
        /// The day and the time of day, with the zone named when it is not the reader's own.
        case dateTime
    }

    /// `seconds` since 1970 in `locale`; `timeZone` is a tz database ID (see
    /// `canonicalTimeZone(_:)`), nil when the reader's zone is unknown.
    public static func format(_ seconds: Int64, locale: String, timeZone: String?, style: Style) -> String {
        let icuStyle: DateFormatting.Style = switch style {
        case .date: .date
        case .dateTime: timeZone == nil ? .dateTimeZone : .dateTime
        }
        return DateFormatting.format(seconds, locale: locale, timeZone: timeZone ?? "UTC", style: icuStyle)
            ?? fallback(seconds)
    }

    /// CLDR's canonical ID of a time zone a browser names (`Intl.DateTimeFormat().resolvedOptions()
    /// .timeZone`: "Asia/Tokyo", or "US/Eastern" → "America/New_York"), or nil when ICU knows no
    /// such zone.
    public static func canonicalTimeZone(_ id: String) -> String? {
        DateFormatting.canonicalTimeZone(id)
    }

    /// RFC 3339 in UTC, should ICU ever fail: still a correct moment.
    private static func fallback(_ seconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).ISO8601Format()
    }
}
