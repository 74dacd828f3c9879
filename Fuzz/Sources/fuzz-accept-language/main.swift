// LocaleNegotiator on any Accept-Language header, language tag list and single tag, over the
// shipped locales. Invariants: the answer is always a shipped locale; the parsed ranges are at
// most 32, with qualities in [0, 1], best first; a tag's normalized form is a tag that normalizes
// to itself and matches what the tag matches; the server's own look-up (a language cookie, `?lang=`)
// agrees with the negotiator.
import FuzzSupport
@testable import GenkanLocalization

let model = AuthErrorModel()
let negotiator = model.negotiator
let available = Set(negotiator.available)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let header = FuzzInput(data, size).text
    let best = negotiator.bestLocale(acceptLanguage: header)
    Fuzz.check(available.contains(best), "\(shown(header)) negotiates \(shown(best)), not a shipped locale")

    let ranges = LocaleNegotiator.parseAcceptLanguage(header)
    Fuzz.check(ranges.count <= LocaleNegotiator.maximumRanges, "\(ranges.count) ranges")
    Fuzz.check(ranges.allSatisfy { (0...1).contains($0.quality) }, "a quality outside [0, 1] in \(ranges)")
    Fuzz.check(zip(ranges, ranges.dropFirst()).allSatisfy { $0.quality >= $1.quality }, "ranges out of order: \(ranges)")

    let tags = header.split(separator: ",").map(String.init)
    let preferred = negotiator.bestLocale(preferred: tags)
    Fuzz.check(available.contains(preferred), "\(tags) prefer \(shown(preferred)), not a shipped locale")

    for tag in tags.prefix(8) {
        let matched = negotiator.match(tag)
        Fuzz.check(matched.map(available.contains) ?? true, "\(shown(tag)) matches \(shown(matched)), not a shipped locale")
        guard let parsed = LanguageTag(tag) else { continue }
        let reparsed = LanguageTag(parsed.normalized)
        Fuzz.check(reparsed?.normalized == parsed.normalized,
                   "\(shown(tag)) normalizes to \(shown(parsed.normalized)), which reads as \(shown(reparsed?.normalized))")
        Fuzz.check(negotiator.match(parsed.normalized) == matched,
                   "\(shown(tag)) matches \(shown(matched)) but its normalized form \(shown(negotiator.match(parsed.normalized)))")
        Fuzz.check(negotiator.match(parsed.normalized) == negotiator.match(parsed.normalized.lowercased()),
                   "\(shown(parsed.normalized)) and its lower case match differently")
    }
    return 0
}

Fuzz.run(fuzzOneInput)
