// Type-checked by scripts/check-site-compile-fail.py against the site's debug build: the account
// page's handler takes a `SignedInContext`, so it registers on a signed-in group and, with
// -DWRONG_GROUP, not on a group that looks no session up.
import GenkanHTTP
@testable import GenkanServer

func register(_ overview: AccountOverview, on router: Router<SiteContext>, with shared: SharedMiddleware) {
    shared.signedIn(router.group()).get(.account, use: overview.show)
    #if WRONG_GROUP
    router.group().get(.account, use: overview.show)  // the mistake the types refuse
    #endif
}
