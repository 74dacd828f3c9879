import Foundation
import Testing
@testable import GenkanLocalization
@testable import GenkanUnicode
import GenkanValidation

/// Every key Genkan itself looks up: all auth codes, the shared credential message, the password
/// requirements, and every validation issue code.
let requiredKeys: [String] = AuthErrorCode.allCases.map(\.rawValue)
    + [AuthErrorModel.credentialErrorKey]
    + [ServerPasswordRequirement.minimumLength(1), .maximumLength(1), .lowercase, .uppercase, .digit, .nonAlphanumeric, .unrecognized("")].map(\.messageKey)
    + IssueCode.all.map(\.code.rawValue)

@Test func theCatalogLoadsThroughTheEmbeddedResource() throws {
    // The path a dependent package takes: the string compiled into the library.
    let catalog = try MessageCatalog(json: EmbeddedResources.localizableCatalog)
    #expect(catalog.sourceLanguage == "en")
    #expect(Set(originalLocales).isSubset(of: catalog.locales))
    #expect(MessageCatalog.standard.keys == catalog.keys)
    #expect(catalog.keys.count >= requiredKeys.count)
}

@Test func theCatalogIsAStringCatalogAsXcodeWritesIt() throws {
    let text = EmbeddedResources.localizableCatalog
    let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(Set(root.keys) == ["sourceLanguage", "strings", "version"])
    #expect(root["version"] as? String == "1.0")
    let strings = try #require(root["strings"] as? [String: Any])
    for (key, value) in strings {
        let entry = try #require(value as? [String: Any], "\(key)")
        #expect(Set(entry.keys).isSubset(of: ["comment", "extractionState", "localizations", "shouldTranslate"]), "\(key)")
        #expect((entry["comment"] as? String)?.isEmpty == false, "\(key) has no translator comment")
        let localizations = try #require(entry["localizations"] as? [String: Any], "\(key)")
        for (language, localization) in localizations {
            checkLocalization(localization, at: "\(key) \(language)")
        }
    }
    // Xcode's layout: two-space indentation, " : " between name and value, keys sorted.
    #expect(text.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"))
    let keyLines = text.components(separatedBy: "\n").filter { $0.hasPrefix("    \"") }
    let keysInFile = keyLines.map { String($0.dropFirst(5).prefix { $0 != "\"" }) }
    #expect(keysInFile == strings.keys.sorted())
    #expect(!text.utf8.contains(UInt8(ascii: "\t")))
}

/// A localization is a string unit, plural (or device) variations of localizations, and
/// substitutions with their own plural variations.
private func checkLocalization(_ value: Any, at path: String) {
    guard let localization = value as? [String: Any] else { Issue.record("\(path) is not an object"); return }
    #expect(Set(localization.keys).isSubset(of: ["stringUnit", "variations", "substitutions"]), "\(path)")
    #expect((localization["stringUnit"] == nil) != (localization["variations"] == nil), "\(path): one of stringUnit or variations")
    if let unit = localization["stringUnit"] as? [String: Any] {
        #expect(Set(unit.keys) == ["state", "value"], "\(path)")
        #expect(["translated", "new", "needs_review", "stale"].contains(unit["state"] as? String ?? ""), "\(path)")
        #expect(unit["value"] is String, "\(path)")
    }
    if let variations = localization["variations"] as? [String: Any] {
        #expect(Set(variations.keys).isSubset(of: ["plural", "device"]), "\(path)")
        for (kind, forms) in variations {
            for (name, form) in forms as? [String: Any] ?? [:] {
                if kind == "plural" { #expect(PluralCategory(rawValue: name) != nil, "\(path): plural \(name)") }
                checkLocalization(form, at: "\(path) \(name)")
            }
        }
    }
    for (name, substitution) in localization["substitutions"] as? [String: Any] ?? [:] {
        let fields = substitution as? [String: Any] ?? [:]
        #expect(fields["formatSpecifier"] is String && fields["variations"] != nil, "\(path) substitution \(name)")
        if let argNum = fields["argNum"] { #expect(argNum is Int, "\(path) substitution \(name)") }
        checkLocalization(["variations": fields["variations"] ?? [:]], at: "\(path) substitution \(name)")
    }
}

@Test(arguments: catalogLocales)
func everyKeyGenkanUsesIsTranslated(_ locale: String) {
    let catalog = MessageCatalog.standard
    for key in requiredKeys {
        let translated = catalog.isTranslated(key, locale: locale)
        #expect(translated, "\(key) is not translated in \(locale)")
    }
    // And so is everything else in the catalog, such as the UI strings.
    for key in catalog.keys {
        let translated = catalog.isTranslated(key, locale: locale)
        #expect(translated, "\(key) is not translated in \(locale)")
    }
}

@Test(arguments: catalogLocales)
func translationsUseTheSourceArguments(_ locale: String) throws {
    // Every argument the English message formats is formatted in the translation too (one/two
    // forms may spell the number out, so only the catch-all form is compared).
    let root = try JSONSerialization.jsonObject(with: Data(EmbeddedResources.localizableCatalog.utf8)) as! [String: Any]
    let strings = root["strings"] as! [String: Any]
    for (key, value) in strings {
        let localizations = (value as! [String: Any])["localizations"] as! [String: Any]
        guard let english = localizations["en"], let translation = localizations[locale] else { continue }
        #expect(arguments(of: english) == arguments(of: translation), "\(key) in \(locale)")
    }
}

/// The argument numbers a localization uses: its catch-all text, and its substitutions' numbers.
private func arguments(of localization: Any) -> Set<Int> {
    let object = localization as? [String: Any] ?? [:]
    var text = (object["stringUnit"] as? [String: Any])?["value"] as? String
    if let plural = (object["variations"] as? [String: Any])?["plural"] as? [String: Any],
       let other = plural["other"] as? [String: Any] {
        text = (other["stringUnit"] as? [String: Any])?["value"] as? String
    }
    var result = Set(FormatTemplate(text ?? "").argumentIndexes)
    for case let substitution as [String: Any] in (object["substitutions"] as? [String: Any] ?? [:]).values {
        if let number = substitution["argNum"] as? Int { result.insert(number - 1) }
    }
    return result
}

@Test func japaneseCredentialMessageReadsNaturally() {
    // The seed app's sentence, which any Japanese user recognises, in the polite register.
    #expect(MessageCatalog.standard.string(AuthErrorModel.credentialErrorKey, locale: "ja") == "メールアドレスまたはパスワードが正しくありません。")
}
