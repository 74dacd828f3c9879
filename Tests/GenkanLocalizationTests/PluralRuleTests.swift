import Testing
@testable import GenkanLocalization
@testable import GenkanUnicode

/// Cardinal categories worked by hand from the CLDR plural rules (Language Plural Rules chart,
/// UTS #35 Part 3 §5), not read off ICU:
/// - en: one = i is 1 and v is 0; everything else other.
/// - ja: other only.
/// - ru: one = v is 0 and i % 10 is 1 and i % 100 is not 11; few = v is 0 and i % 10 in 2..4 and
///   i % 100 not in 12..14; many = v is 0 and (i % 10 is 0 or in 5..9, or i % 100 in 11..14).
/// - ar: zero = n is 0; one = n is 1; two = n is 2; few = n % 100 in 3..10; many = n % 100 in
///   11..99; other the rest (101 % 100 = 1 is none of these).
let handWorkedPlurals: [(locale: String, number: Int, category: PluralCategory)] = [
    ("en", 0, .other), ("en", 1, .one), ("en", 2, .other), ("en", 5, .other), ("en", 11, .other), ("en", 21, .other), ("en", 101, .other),
    ("ja", 0, .other), ("ja", 1, .other), ("ja", 2, .other), ("ja", 5, .other), ("ja", 11, .other), ("ja", 21, .other), ("ja", 101, .other),
    ("ru", 0, .many), ("ru", 1, .one), ("ru", 2, .few), ("ru", 5, .many), ("ru", 11, .many), ("ru", 21, .one), ("ru", 101, .one),
    ("ar", 0, .zero), ("ar", 1, .one), ("ar", 2, .two), ("ar", 5, .few), ("ar", 11, .many), ("ar", 21, .many), ("ar", 101, .other),
]

/// A catalog whose plural forms name their own category, for every category.
private let categoryCatalog: MessageCatalog = {
    func forms(_ categories: [String]) -> String {
        categories.map { #""\#($0)" : { "stringUnit" : { "state" : "translated", "value" : "\#($0) %lld" } }"# }.joined(separator: ",")
    }
    let json = """
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : { "count" : { "localizations" : {
          "en" : { "variations" : { "plural" : { \(forms(["one", "other"])) } } },
          "ja" : { "variations" : { "plural" : { \(forms(["other"])) } } },
          "ru" : { "variations" : { "plural" : { \(forms(["one", "few", "many", "other"])) } } },
          "ar" : { "variations" : { "plural" : { \(forms(["zero", "one", "two", "few", "many", "other"])) } } }
        } } } }
        """
    return try! MessageCatalog(json: json)
}()

@Test(arguments: handWorkedPlurals.indices)
func pluralCategoryFollowsCLDR(_ index: Int) {
    let (locale, number, category) = handWorkedPlurals[index]
    #expect(CLDR.pluralCategory(of: number, locale: locale) == category, "\(locale) \(number)")
    let formatted = categoryCatalog.string("count", locale: locale, arguments: [.integer(number)])
    #expect(formatted == "\(category.rawValue) \(CLDR.format(number, locale: locale))", "\(locale) \(number)")
}
