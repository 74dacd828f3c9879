import Foundation

/// A moment as a reader of `locale` writes it, in UTC with the zone named (the site does not
/// know the visitor's time zone): for "signed in …" and "last active …".
enum DateText {
    static func format(_ seconds: Int64, locale: String) -> String {
        let style = Date.FormatStyle(
            date: .abbreviated, time: .shortened, locale: Locale(identifier: locale), timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(style) + " UTC"
    }
}
