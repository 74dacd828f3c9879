/// The names the second factor's events give in `EventDetails.method` and `reason`.
public enum SecondFactorMethod {
    /// The factor itself: an authenticator app's codes.
    public static let totp = "totp"
    /// A failure or refusal at the second step, whatever was typed.
    public static let step = "second_factor"

    /// What proved the second step.
    static func name(of proof: SecondFactorProof) -> String {
        switch proof {
        case .totp: totp
        case .recoveryCode: "recovery_code"
        }
    }

    /// Why a typed code failed, for a `sign_in.failed`; nil for what is not a wrong code (a limit,
    /// a missing key).
    static func failureReason(_ failure: AuthFailure) -> String? {
        switch failure {
        case .invalidVerificationCode: "wrong-code"
        case .verificationCodeReused: "reused-code"
        default: nil
        }
    }
}
