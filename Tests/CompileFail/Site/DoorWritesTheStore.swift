// Type-checked by scripts/check-site-compile-fail.py against the site's debug build, as a door is
// written (GenkanStore imported plainly, as GenkanServer imports it): a job gets the accounts core
// and signs out through its operation; reaching past it to the store, or writing through a store or
// a connection of its own, does not compile.
import GenkanHTTP
import GenkanStore

func signOut(token: String, on pool: WorkerPool<Authenticator>, location: StoreLocation) {
    _ = pool.submit(.interactive) { core in try? core.signOut(sessionToken: token) }
    #if THROUGH_THE_CORE
    _ = pool.submit(.interactive) { core in try? core.store.deleteSession(token: token) }  // the mistake the types refuse
    #endif
    #if THROUGH_A_STORE
    try? AccountStore(location: location).deleteSession(token: token)  // the mistake the types refuse
    #endif
    #if THROUGH_A_CONNECTION
    try? location.open().deleteSession(key: Array(token.utf8))  // the mistake the types refuse
    #endif
}
