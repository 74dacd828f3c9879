import Foundation

import GenkanUnicode

/// A gettext `Plural-Forms` header (GNU gettext manual §12.4 "Additional functions for plural
/// forms") together with the CLDR category each of its indices stands for, so that plural
/// strings are matched by category name and never by position.
public struct GettextPluralForms: Sendable, Equatable {
    /// `nplurals`.
    public let count: Int
    /// The C expression of `plural=` over `n`.
    public let expression: String
    /// The CLDR category of each index, `count` of them.
    public let categories: [String]

    public init(count: Int, expression: String, categories: [String]) {
        self.count = count
        self.expression = expression
        self.categories = categories
    }

    /// The header value: `nplurals=3; plural=(...);`.
    public var header: String { "nplurals=\(count); plural=\(expression);" }

    /// Known expressions by language, the indices in CLDR category order. Integers only: a CLDR
    /// category that only fractions reach (Polish and Russian `other`, Czech `many`) has no index,
    /// since gettext counts are integers.
    static let table: [String: (String, [String])] = {
        var table: [String: (String, [String])] = [:]
        func add(_ languages: String, _ expression: String, _ categories: [String]) {
            for language in languages.split(separator: " ") { table[String(language)] = (expression, categories) }
        }
        add("ja zh ko vi th id ms lo my km jv su yue bo dz ig ii kea kde ses sg to wo yo",
            "0", ["other"])
        add("en de nl sv da nb nn no fi et el hu bg eu gl ka kk ky mn ne sq sw ta te ur uz az af tr ml mr or ps so tk ug fy lb rm ast ia io jgo nd",
            "(n != 1)", ["one", "other"])
        add("hi fa am bn gu kn zu as pa ln ti wa", "(n > 1)", ["one", "other"])
        add("is", "(n % 10 != 1 || n % 100 == 11)", ["one", "other"])
        add("mk", "(n % 10 == 1 && n % 100 != 11 ? 0 : 1)", ["one", "other"])
        add("fil tl", "(n == 1 || n == 2 || n == 3 || n % 10 != 4 && n % 10 != 6 && n % 10 != 9 ? 0 : 1)", ["one", "other"])
        add("es it ca pt-PT", "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)", ["one", "many", "other"])
        add("fr pt", "(n == 0 || n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)", ["one", "many", "other"])
        add("ru uk be",
            "(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2)",
            ["one", "few", "many"])
        add("pl", "(n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2)", ["one", "few", "many"])
        add("cs sk", "(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2)", ["one", "few", "other"])
        add("hr sr bs",
            "(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2)",
            ["one", "few", "other"])
        add("lt", "(n % 10 == 1 && (n % 100 < 11 || n % 100 > 19) ? 0 : n % 10 >= 2 && n % 10 <= 9 && (n % 100 < 11 || n % 100 > 19) ? 1 : 2)",
            ["one", "few", "other"])
        add("lv", "(n % 10 == 0 || n % 100 >= 11 && n % 100 <= 19 ? 0 : n % 10 == 1 && n % 100 != 11 ? 1 : 2)", ["zero", "one", "other"])
        add("ro", "(n == 1 ? 0 : n == 0 || n % 100 >= 1 && n % 100 <= 19 ? 1 : 2)", ["one", "few", "other"])
        add("sl", "(n % 100 == 1 ? 0 : n % 100 == 2 ? 1 : n % 100 == 3 || n % 100 == 4 ? 2 : 3)", ["one", "two", "few", "other"])
        add("he", "(n == 1 ? 0 : n == 2 ? 1 : 2)", ["one", "two", "other"])
        add("ar", "(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : n % 100 >= 11 ? 4 : 5)",
            ["zero", "one", "two", "few", "many", "other"])
        add("cy", "(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n == 3 ? 3 : n == 6 ? 4 : 5)", ["zero", "one", "two", "few", "many", "other"])
        add("ga", "(n == 1 ? 0 : n == 2 ? 1 : n >= 3 && n <= 6 ? 2 : n >= 7 && n <= 10 ? 3 : 4)", ["one", "two", "few", "many", "other"])
        return table
    }()

    /// The forms for `locale` (a BCP 47 tag): the table's entry for the language (or the
    /// language-region), or, for a language whose integers fall in one category or follow
    /// `n != 1` / `n > 1`, one built from ICU's rules. Nil when neither applies.
    public static func forLocale(_ locale: String) -> GettextPluralForms? {
        let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first?.lowercased() else { return nil }
        let candidates = parts.count > 1 ? ["\(language)-\(parts[1])", language] : [language]
        for candidate in candidates {
            if let (expression, categories) = table[candidate] {
                return GettextPluralForms(count: categories.count, expression: expression, categories: categories)
            }
        }
        // Derive the simple shapes from ICU: which integers are `one`?
        let categories = (0...200).map { CLDR.pluralCategory(of: $0, locale: locale).rawValue }
        let distinct = Set(categories)
        if distinct == ["other"] { return GettextPluralForms(count: 1, expression: "0", categories: ["other"]) }
        let ones = categories.indices.filter { categories[$0] == "one" }
        if distinct == ["one", "other"], ones == [1] {
            return GettextPluralForms(count: 2, expression: "(n != 1)", categories: ["one", "other"])
        }
        if distinct == ["one", "other"], ones == [0, 1] {
            return GettextPluralForms(count: 2, expression: "(n > 1)", categories: ["one", "other"])
        }
        return nil
    }

    /// Reads a `Plural-Forms` header value, and names each index by the CLDR category that ICU
    /// gives the integers the expression sends there, so that a header another tool wrote (the
    /// three-form Polish one, say) is still matched by name. Nil when the header cannot be parsed.
    public static func parse(header: String, locale: String) throws(CatalogError) -> GettextPluralForms {
        var count: Int?
        var expression: String?
        for part in header.split(separator: ";") {
            let trimmed = String(part).trimmingWhitespace
            if trimmed.hasPrefix("nplurals=") { count = Int(trimmed.dropFirst(9).trimmingCharacters(in: .whitespaces)) }
            if trimmed.hasPrefix("plural=") { expression = String(trimmed.dropFirst(7)) }
        }
        guard let count, (1...6).contains(count), let expression else {
            throw CatalogError("the Plural-Forms header '\(header)' needs nplurals=1...6 and plural=")
        }
        let program = try PluralExpression(expression)
        var categories = [String?](repeating: nil, count: count)
        for n in 0...1_000_000 where n < 2000 || n % 1000 == 0 {
            let index = program.evaluate(n)
            guard index >= 0, index < count else {
                throw CatalogError("the Plural-Forms expression gives \(index) for n = \(n), outside 0..<\(count)")
            }
            if categories[index] == nil { categories[index] = CLDR.pluralCategory(of: n, locale: locale).rawValue }
            if !categories.contains(nil) { break }
        }
        // An index no integer reaches keeps a name no other index has, so nothing maps to it.
        return GettextPluralForms(count: count, expression: expression,
                                  categories: categories.enumerated().map { $0.element ?? "unused-\($0.offset)" })
    }
}
