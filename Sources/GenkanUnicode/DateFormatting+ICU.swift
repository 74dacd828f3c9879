private import CICU

/// Moments as a reader writes them, through ICU's date formats and CLDR's patterns
/// (`udatpg_getBestPattern`, `udat_format`), and time zone IDs checked against ICU's zones.
package enum DateFormatting {
    /// What a formatted moment shows.
    package enum Style: Sendable {
        /// The date with the month's name: "March 1, 2026".
        case date
        /// The date and the time of day: "Mar 1, 2026, 2:05 PM".
        case dateTime
        /// The date, the time and the time zone's name: "Mar 1, 2026, 2:05 PM UTC".
        case dateTimeZone
    }

    /// `seconds` since 1970 in `locale` (BCP 47) and `timeZone` (a tz database ID or "UTC"), or
    /// nil when ICU cannot format it.
    package static func format(_ seconds: Int64, locale: String, timeZone: String, style: Style) -> String? {
        let millis = Double(seconds) * 1000
        let icu = style.icu
        return icuString("") { _, _, dest, capacity in
            GenkanICU_formatDate(locale, timeZone, millis, icu, dest, capacity)
        }
    }

    /// CLDR's canonical ID of a time zone ICU knows ("US/Eastern" → "America/New_York"), or nil
    /// for anything else (custom offsets such as "GMT+5" included).
    package static func canonicalTimeZone(_ id: String) -> String? {
        // The C side reads a NUL-terminated string: a NUL inside would cut the ID short.
        guard !id.isEmpty, id.utf8.count < 64, !id.utf8.contains(0) else { return nil }
        return icuASCII { GenkanICU_canonicalTimeZone(id, $0, $1) }
    }
}

extension DateFormatting.Style {
    fileprivate var icu: GenkanICUDateStyle {
        switch self {
        case .date: GenkanICUDateStyleDate
        case .dateTime: GenkanICUDateStyleDateTime
        case .dateTimeZone: GenkanICUDateStyleDateTimeZone
        }
    }
}
