private import CICU

/// UTS #39 identifier checks through ICU's spoof checker (`uspoof_check2`).
package enum SpoofChecker {
    package struct Findings: OptionSet, Sendable, Hashable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }
        /// Scripts are mixed beyond UTS #39's "moderately restrictive" level (`Аdmin` with a Cyrillic А).
        package static let mixedScriptConfusable = Findings(rawValue: Int32(GenkanSpoofMixedScriptConfusable))
        package static let restrictionLevel = Findings(rawValue: Int32(GenkanSpoofRestrictionLevel))
        package static let invisible = Findings(rawValue: Int32(GenkanSpoofInvisible))
        package static let mixedNumbers = Findings(rawValue: Int32(GenkanSpoofMixedNumbers))
        package static let hiddenOverlay = Findings(rawValue: Int32(GenkanSpoofHiddenOverlay))
    }

    /// What the spoof checker finds suspicious in `identifier`; empty when nothing.
    package static func check(_ identifier: String) -> Findings {
        let result = icuValue(identifier) { GenkanICU_spoofCheck($0, $1) }
        return result < 0 ? [] : Findings(rawValue: result)
    }

    /// The confusable skeleton (UTS #39 §4): two identifiers that look alike share it.
    package static func skeleton(_ identifier: String) -> String {
        icuString(identifier) { GenkanICU_spoofSkeleton($0, $1, $2, $3) } ?? identifier
    }
}

extension String {
    /// The number of extended grapheme clusters (UAX #29) as ICU's character break iterator
    /// counts them: what a user perceives as characters.
    package var graphemeCount: Int {
        let count = icuValue(self) { GenkanICU_graphemeCount($0, $1) }
        return count < 0 ? self.count : Int(count)
    }
}
