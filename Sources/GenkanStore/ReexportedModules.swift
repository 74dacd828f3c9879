/// The store's failures (`StoreError`) and the Firebase Authentication codes its operations
/// answer with (`AuthFailure.code`) live in GenkanErrorCodes, which the store's drivers and
/// GenkanOIDC share without the store; code that imports GenkanStore names them as before.
@_exported import GenkanErrorCodes
