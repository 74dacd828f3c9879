/// The codes this module localizes (`AuthErrorCode` and its spellings) live in GenkanErrorCodes,
/// which the store and GenkanOIDC use without localization; code that imports GenkanLocalization
/// names them as before.
@_exported import GenkanErrorCodes
