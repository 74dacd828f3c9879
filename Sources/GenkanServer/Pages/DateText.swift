import GenkanLocalization

/// Moments on pages ("signed in …", "last active …", "member since …"): CLDR's patterns for the
/// page's language through ICU (`LocalizedDate`), in the reader's time zone when the browser told
/// it, else in UTC with the zone named in the reader's language.
enum DateText {
    static func format(_ seconds: Int64, locale: String, timeZone: String?, style: LocalizedDate.Style = .dateTime) -> String {
        LocalizedDate.format(seconds, locale: locale, timeZone: timeZone, style: style)
    }
}
