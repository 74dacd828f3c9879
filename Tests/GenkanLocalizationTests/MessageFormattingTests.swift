import Foundation
import Testing
@testable import GenkanLocalization
import GenkanUnicode
import GenkanValidation

/// A small catalog in the shapes Xcode writes: positional specifiers, plural variations,
/// substitutions, device variations, and states other than translated.
private let json = #"""
{
  "sourceLanguage" : "en",
  "strings" : {
    "order" : {
      "comment" : "Two text arguments whose order differs between languages.",
      "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ signed in on %2$@" } },
        "ja" : { "stringUnit" : { "state" : "translated", "value" : "%2$@に%1$@がログインしました" } }
      }
    },
    "sequential" : {
      "localizations" : {
        "en" : { "stringUnit" : { "state" : "translated", "value" : "%@ has %lld points (100%%)" } }
      }
    },
    "count" : {
      "localizations" : {
        "en" : { "variations" : { "plural" : {
          "zero" : { "stringUnit" : { "state" : "translated", "value" : "No files" } },
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
        "de" : { "variations" : { "plural" : {
          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } },
        "ar-EG" : { "variations" : { "plural" : {
          "zero" : { "stringUnit" : { "state" : "translated", "value" : "لا ملفات" } },
          "one" : { "stringUnit" : { "state" : "translated", "value" : "ملف واحد" } },
          "two" : { "stringUnit" : { "state" : "translated", "value" : "ملفان" } },
          "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملفات" } },
          "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملفًا" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملف" } } } } }
      }
    },
    "too-short" : {
      "localizations" : {
        "en" : {
          "stringUnit" : { "state" : "translated", "value" : "Use at least %#@minimum@ (you have %#@actual@)." },
          "substitutions" : {
            "minimum" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg character" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg characters" } } } } },
            "actual" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } } } } }
          }
        },
        "ru" : {
          "stringUnit" : { "state" : "translated", "value" : "Сейчас %#@actual@, нужно минимум %#@minimum@." },
          "substitutions" : {
            "minimum" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg символ" } },
              "few" : { "stringUnit" : { "state" : "translated", "value" : "%arg символа" } },
              "many" : { "stringUnit" : { "state" : "translated", "value" : "%arg символов" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg символа" } } } } },
            "actual" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg символ" } },
              "few" : { "stringUnit" : { "state" : "translated", "value" : "%arg символа" } },
              "many" : { "stringUnit" : { "state" : "translated", "value" : "%arg символов" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg символа" } } } } }
          }
        }
      }
    },
    "device" : {
      "localizations" : {
        "en" : { "variations" : { "device" : {
          "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } },
          "other" : { "stringUnit" : { "state" : "translated", "value" : "Click" } } } } },
        "fr" : { "stringUnit" : { "state" : "needs_review", "value" : "Cliquez" } }
      }
    }
  },
  "version" : "1.0"
}
"""#

private let catalog = try! MessageCatalog(json: json)

@Test func positionalArgumentsFollowTheTranslation() {
    let arguments: [IssueParameter] = [.text("Taro"), .text("Monday")]
    #expect(catalog.string("order", locale: "en", arguments: arguments) == "Taro signed in on Monday")
    #expect(catalog.string("order", locale: "ja", arguments: arguments) == "MondayにTaroがログインしました")
}

@Test func sequentialSpecifiersAndPercent() {
    #expect(catalog.string("sequential", locale: "en", arguments: [.text("Ann"), .integer(12345)]) == "Ann has 12,345 points (100%)")
    // A missing argument is empty, never a crash.
    #expect(catalog.string("sequential", locale: "en", arguments: []) == " has  points (100%)")
}

@Test func numbersUseTheLocalesDigitsAndGrouping() {
    // CLDR: en groups with ",", de with "."; ar-EG uses Arabic-Indic digits (defaultNumberingSystem
    // arab in ar_EG.xml) with U+066C ARABIC THOUSANDS SEPARATOR.
    #expect(catalog.string("count", locale: "en", arguments: [.integer(12345)]) == "12,345 files")
    #expect(catalog.string("count", locale: "de", arguments: [.integer(12345)]) == "12.345 Dateien")
    #expect(catalog.string("count", locale: "ar-EG", arguments: [.integer(12345)]) == "\u{661}\u{662}\u{66C}\u{663}\u{664}\u{665} ملفًا")
    #expect(catalog.string("count", locale: "ar-EG", arguments: [.integer(5)]) == "\u{665} ملفات")
    #expect(catalog.string("count", locale: "ar-EG", arguments: [.integer(2)]) == "ملفان")
}

@Test func pluralFormsAndTheZeroRule() {
    #expect(catalog.string("count", locale: "en", arguments: [.integer(1)]) == "1 file")
    #expect(catalog.string("count", locale: "en", arguments: [.integer(2)]) == "2 files")
    // Foundation uses a "zero" form for 0 whenever one is present, even where CLDR has no zero.
    #expect(catalog.string("count", locale: "en", arguments: [.integer(0)]) == "No files")
    #expect(catalog.string("count", locale: "de", arguments: [.integer(0)]) == "0 Dateien")
    // A number given as text still selects a form.
    #expect(catalog.string("count", locale: "en", arguments: [.text("1")]) == "1 file")
}

@Test func substitutionsCarryOnePluralEach() {
    #expect(catalog.string("too-short", locale: "en", arguments: [.integer(15), .integer(1)]) == "Use at least 15 characters (you have 1).")
    #expect(catalog.string("too-short", locale: "en", arguments: [.integer(1), .integer(0)]) == "Use at least 1 character (you have 0).")
    // ru: 21 → one, 3 → few, 12 → many (hand-worked from the CLDR rules above).
    #expect(catalog.string("too-short", locale: "ru", arguments: [.integer(21), .integer(3)]) == "Сейчас 3 символа, нужно минимум 21 символ.")
    #expect(catalog.string("too-short", locale: "ru", arguments: [.integer(12), .integer(5)]) == "Сейчас 5 символов, нужно минимум 12 символов.")
}

@Test func deviceVariationsUseTheCatchAll() {
    #expect(catalog.string("device", locale: "en") == "Click")
}

@Test func htmlEscapingCoversParametersAndText() {
    let hostile: [IssueParameter] = [.text("<script>alert('x')</script>"), .text("\"A&B\"")]
    #expect(catalog.string("order", locale: "en", arguments: hostile, escaping: .html)
        == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; signed in on &quot;A&amp;B&quot;")
    #expect(catalog.string("order", locale: "en", arguments: hostile) == "<script>alert('x')</script> signed in on \"A&B\"")
}

@Test func fallbacksAndStates() {
    // No French value: the source language's.
    #expect(catalog.string("order", locale: "fr", arguments: [.text("a"), .text("b")]) == "a signed in on b")
    #expect(catalog.string("missing-key", locale: "en") == nil)
    #expect(catalog.isTranslated("order", locale: "ja"))
    #expect(!catalog.isTranslated("device", locale: "fr"))
    #expect(!catalog.isTranslated("order", locale: "fr"))
    #expect(catalog.locales == ["en", "ar-EG", "de", "fr", "ja", "ru"])
}

@Test func brokenCatalogsAreErrorsNotCrashes() {
    for text in ["", "{", "[]", #"{"sourceLanguage":"en","version":"1.0"}"#, #"{"sourceLanguage":"en","version":"2.0","strings":{}}"#,
                 #"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"en":{"stringUnit":{"value":"x"}}}}}}"#] {
        #expect(throws: MessageCatalogError.self, "\(text)") { try MessageCatalog(json: text) }
    }
}

@Test func templatesKeepUnknownSpecifiersAsText() {
    let template = FormatTemplate("50%, %q, %1$@ and %#@n@ and %")
    #expect(template.segments == [
        .literal("50%, %q, "), .argument(index: 0, conversion: "@"), .literal(" and "),
        .substitution(name: "n", index: 0), .literal(" and %"),
    ])
}

@Test func substitutionNamesMayHaveDotsAsXcodeWritesThem() {
    #expect(FormatTemplate("%#@total.strings@ left").segments == [.substitution(name: "total.strings", index: 0), .literal(" left")])
    #expect(FormatTemplate("%#@a b@").segments == [.literal("%#@a b@")])
}
