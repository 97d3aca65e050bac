import Foundation
import YarukiStore

/// Accounts: signing up and in (password, mailed links, identity providers, the browser's
/// sign-in), the account's settings, export and deletion, and the admin's people pages.
struct AccountsArea: Area {
    static let demo = [DemoSeed.Step(name: "demo people") { context in try await AccountsDemo.seed(context) }]

    let accounts: AccountService
    let routes: [any RouteCollection]
    let personalData: [any PersonalData]

    init(_ platform: AreaPlatform) throws {
        let context = platform.context
        accounts = try AccountService(context: context, personalData: platform.personalData)
        platform.interfaces.provide((any AccountSuspension).self, accounts)
        personalData = [AccountsData(context: context)]
        routes = [AccountRoutes(accounts: accounts, export: AccountExport(context: context, areas: platform.personalData)), AdminRoutes(accounts: accounts),
                  WebSignInRoutes(web: WebSignIn(accounts: accounts)), EmailRoutes(email: EmailService(accounts: accounts))]
    }
}

/// Suspending an account (Community's moderation bans a post's author; lifting is the admin
/// routes' own).
protocol AccountSuspension: Sendable {
    func suspend(_ user: UUID, by admin: Principal) async throws
}

extension AccountService: AccountSuspension {}
