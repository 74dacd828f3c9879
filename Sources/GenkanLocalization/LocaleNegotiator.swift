import GenkanUnicode

/// Chooses the best available locale for a user's preferences: an `Accept-Language` header or a list
/// of language tags.
///
/// A preference matches an available locale with the same language and script, the script inferred
/// from likely subtags (CLDR, UTS #35 §4.3) when not written: `ja-JP` → `ja`, `zh-TW` →
/// `zh-Hant`, `zh-CN`, `zh-SG` and `zh` → `zh-Hans`, `pt` → `pt-BR`, `nb-NO` → `nb`.
/// Among several with the same script, the one from the same region wins, then the one CLDR's
/// parent locales lead to (`es-MX` → `es-419`, `pt-AO` → `pt-PT`, `zh-MO` → `zh-HK`, `en-AU` →
/// `en-GB` through `en-001`), then the language's default (`fr-BE` → `fr`, never another
/// language's). Old and general codes
/// name the language they stand for (`languageAliases`: `iw` → `he`, `tl` → `fil`, `no` → `nb`),
/// and a language whose readers read both of its scripts matches in the other one
/// (`readsEitherScript`: `sr-Latn` → `sr`, which is Cyrillic). When nothing matches, the default
/// locale is used. ICU's `LocaleMatcher` (CLDR's language matching data) agrees on every one of
/// these cases.
///
/// ```swift
/// let negotiator = LocaleNegotiator(available: ["en", "ja", "zh-Hans", "zh-Hant"])
/// negotiator.bestLocale(acceptLanguage: "zh-TW,zh;q=0.9,en;q=0.5")   // "zh-Hant"
/// ```
public struct LocaleNegotiator: Sendable {
    /// The locales to choose from, in order of preference when a language has several.
    public let available: [String]
    /// The locale used when no preference matches.
    public let defaultLocale: String
    private let candidates: [String: [Candidate]]

    /// The most characters of an `Accept-Language` header that are read.
    public static let maximumHeaderLength = 4096
    /// The most language ranges of one header or list that are considered.
    public static let maximumRanges = 32

    private struct Candidate: Sendable {
        let locale: String
        let script: String?
        let region: String?
        /// The regions of the locales CLDR derives this one from (`en-GB`: `001`, as `en-001`).
        let parentRegions: [String]
    }

    /// A negotiator over `available` BCP 47 tags; `defaultLocale` defaults to English when
    /// available, else the first tag.
    public init(available: [String], defaultLocale: String? = nil) {
        self.available = available
        self.defaultLocale = defaultLocale ?? (available.contains("en") ? "en" : available.first ?? "en")
        var candidates: [String: [Candidate]] = [:]
        for locale in available {
            guard let tag = LanguageTag(locale) else { continue }
            let likely = LanguageTag(CLDR.maximize(languageTag: locale) ?? locale)
            candidates[tag.language, default: []].append(
                Candidate(
                    locale: locale, script: tag.script ?? likely?.script, region: tag.region ?? likely?.region,
                    parentRegions: Self.parentRegions(of: tag)))
        }
        self.candidates = candidates
    }

    /// The best available locale for an `Accept-Language` header (RFC 9110 §12.5.4): ranges by
    /// descending quality, ties in header order; `q=0` excludes a locale; malformed members are
    /// skipped.
    public func bestLocale(acceptLanguage header: String) -> String {
        let ranges = Self.parseAcceptLanguage(header)
        let excluded = Set(ranges.filter { $0.quality == 0 }.compactMap { match($0.range) })
        for (range, quality) in ranges where quality > 0 {
            if range == "*" {
                if let any = ([defaultLocale] + available).first(where: { !excluded.contains($0) }) { return any }
                continue
            }
            if let locale = match(range), !excluded.contains(locale) { return locale }
        }
        return defaultLocale
    }

    /// The best available locale for tags in order of preference, such as an app's preferred
    /// languages or a `?lang=` parameter.
    public func bestLocale(preferred tags: [String]) -> String {
        for tag in tags.prefix(Self.maximumRanges) {
            if let locale = match(tag) { return locale }
        }
        return defaultLocale
    }

    /// Codes that name a language Genkan knows by another code: ISO 639 codes withdrawn in 1989
    /// and 2008 (`iw`, `in`, `ji`, `mo`, which ICU's canonicalization replaces too), Tagalog for
    /// Filipino (its standard form), and Norwegian for Bokmål (what `no` means on the systems
    /// that send it). CLDR's language matching treats each pair as the same language.
    public static let languageAliases: [String: String] = ["iw": "he", "in": "id", "ji": "yi", "mo": "ro", "tl": "fil", "no": "nb"]

    /// Languages written in two scripts whose readers read both, so a request in the script the
    /// catalog lacks still gets the language (CLDR gives these pairs a small distance): Serbian in
    /// Latin letters gets Serbian in Cyrillic, its CLDR default; romanized Hindi gets Devanagari.
    public static let readsEitherScript: Set<String> = ["sr", "hi"]

    /// The available locale one tag matches, or nil. POSIX spellings (`ja_JP.UTF-8`) are read too.
    public func match(_ tag: String) -> String? {
        guard let written = LanguageTag(tag.trimmingSpaces) else { return nil }
        let requested = Self.languageAliases[written.language].map(written.replacingLanguage) ?? written
        guard let options = candidates[requested.language] else { return nil }
        if let exact = options.first(where: { $0.locale.lowercased() == requested.normalized.lowercased() }) {
            return exact.locale
        }
        var script = requested.script
        var region = requested.region
        if options.count > 1 || script != nil, let likely = CLDR.maximize(languageTag: requested.normalized).flatMap(LanguageTag.init) {
            script = script ?? likely.script
            region = region ?? likely.region
        }
        let sameScript = options.filter { script == nil || $0.script == nil || $0.script == script }
        if sameScript.isEmpty, Self.readsEitherScript.contains(requested.language) { return options.first?.locale }
        if let sameRegion = sameScript.first(where: { $0.region == region }) { return sameRegion.locale }
        // A region's variety of the language derives from a wider one in CLDR (Mexican Spanish from
        // Latin American, Angolan Portuguese from European, English in Australia from "English
        // outside the US", as British English does): that variety, or one that shares it, reads
        // closer than the language's default.
        if sameScript.count > 1, let written = requested.region {
            // The region itself first: a shipped variety may derive from it (`en-001`, whose child `en-GB` is).
            for parent in [written] + Self.parentRegions(of: requested) {
                if let near = sameScript.first(where: { $0.region == parent || $0.parentRegions.contains(parent) }) { return near.locale }
            }
        }
        return sameScript.first?.locale
    }

    /// The regions of the locales CLDR's parent locales lead to from `tag`, nearest first
    /// (`en-AT`: `150`, `001`; `es-MX`: `419`; `zh-MO`: `HK`), from ICU's locale data.
    static func parentRegions(of tag: LanguageTag) -> [String] {
        guard tag.region != nil else { return [] }
        var regions: [String] = []
        var current = tag.language + (tag.script.map { "-" + $0 } ?? "") + "-" + tag.region!
        while regions.count < 4, let parent = CLDR.parent(languageTag: current), let region = LanguageTag(parent)?.region {
            regions.append(region)
            current = parent
        }
        return regions
    }

    /// Whether `text` is a well-formed language tag as far as negotiation reads one (language,
    /// optional script and region, further subtags of 1–8 letters or digits; `_` is taken as `-`).
    public static func isLanguageTag(_ text: String) -> Bool { LanguageTag(text) != nil }

    /// The language ranges of an `Accept-Language` header with their quality, best first (stable).
    static func parseAcceptLanguage(_ header: String) -> [(range: String, quality: Double)] {
        var result: [(range: String, quality: Double)] = []
        for member in header.prefix(maximumHeaderLength).split(separator: ",").prefix(maximumRanges * 2) {
            let parts = member.split(separator: ";")
            guard let first = parts.first else { continue }
            let range = first.trimmingSpaces
            guard range == "*" || LanguageTag(range) != nil else { continue }
            var quality = 1.0
            var valid = true
            for parameter in parts.dropFirst() {
                // "q=0.5"; spaces around "=" are tolerated although RFC 9110 has none.
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
                if let value = Self.qvalue(Substring(pair[1].trimmingSpaces)) { quality = value } else { valid = false }
            }
            if valid { result.append((range, quality)) }
            if result.count == maximumRanges { break }
        }
        return result.enumerated()
            .sorted { $0.element.quality != $1.element.quality ? $0.element.quality > $1.element.quality : $0.offset < $1.offset }
            .map(\.element)
    }

    /// A qvalue: `0`, `1`, or up to three decimals (RFC 9110 §12.4.2).
    private static func qvalue(_ text: Substring) -> Double? {
        guard (1...5).contains(text.count), let first = text.first, first == "0" || first == "1" else { return nil }
        let rest = text.dropFirst()
        if !rest.isEmpty {
            guard rest.first == ".", rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        guard let value = Double(text), value <= 1 else { return nil }
        return value
    }
}

/// The parts of a BCP 47 language tag that matching needs (RFC 5646 §2.1), read leniently.
struct LanguageTag: Sendable, Hashable {
    let language: String
    let script: String?
    let region: String?
    /// The tag with `-` separators and canonical case for language, script and region.
    let normalized: String

    init?(_ text: some StringProtocol) {
        guard text.utf8.count <= 64 else { return nil }
        // POSIX locale names: "ja_JP.UTF-8", "de_DE@euro".
        let core: Substring = String(text).split(whereSeparator: { $0 == "." || $0 == "@" }).first ?? ""
        let subtags: [Substring] = core.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = subtags.first, (2...3).contains(first.count) || (5...8).contains(first.count),
              first.allSatisfy({ $0.isASCII && $0.isLetter }),
              subtags.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        language = first.lowercased()
        var script: String?
        var region: String?
        var parts = [language]
        var index = 1
        if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy({ $0.isLetter }) {
            script = subtags[index].prefix(1).uppercased() + subtags[index].dropFirst().lowercased()
            parts.append(script!)
            index += 1
        }
        if index < subtags.count,
           (subtags[index].count == 2 && subtags[index].allSatisfy({ $0.isLetter }))
            || (subtags[index].count == 3 && subtags[index].allSatisfy({ $0.isNumber })) {
            region = subtags[index].uppercased()
            parts.append(region!)
            index += 1
        }
        parts += subtags[index...].map { $0.lowercased() }
        self.script = script
        self.region = region
        normalized = parts.joined(separator: "-")
    }

    private init(language: String, script: String?, region: String?, normalized: String) {
        self.language = language
        self.script = script
        self.region = region
        self.normalized = normalized
    }

    /// The same tag with another language subtag (`iw-IL` → `he-IL`).
    func replacingLanguage(_ replacement: String) -> LanguageTag {
        LanguageTag(
            language: replacement, script: script, region: region,
            normalized: replacement + normalized.dropFirst(language.count))
    }
}
