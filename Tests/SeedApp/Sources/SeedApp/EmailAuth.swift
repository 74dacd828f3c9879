/// The part of Firebase's `Auth` the seed's e-mail screens call, with the SDK's completion
/// handlers; the tests answer it as the SDK would.
public protocol EmailAuth {
    func createUser(withEmail email: String, password: String, completion: @escaping (String?, (any Error)?) -> Void)
    func signIn(withEmail email: String, password: String, completion: @escaping (String?, (any Error)?) -> Void)
}
