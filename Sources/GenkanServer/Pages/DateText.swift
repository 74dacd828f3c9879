import Foundation

/// A moment as a reader of `locale` writes it, in UTC with the zone shown (the site does not
/// know the visitor's time zone): for "signed in …" and "last active …".
enum DateText {
    static func format(_ seconds: Int64, locale: String) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened)
        style.locale = Locale(identifier: locale)
        style.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(style.timeZone(.abbreviated(.short)))
    }
}
