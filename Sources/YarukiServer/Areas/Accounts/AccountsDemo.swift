import Foundation
import YarukiAPI
import YarukiCore

/// The demo people, whose sign-in the README shows.
enum AccountsDemo {
    static let people: [(email: String, password: String, name: String, role: Role, timeZone: String, locale: AppLanguage)] = [
        ("mina@yaruki.example", "yaruki-demo-mina", "Mina", .member, "Asia/Tokyo", .ja),
        ("coach@yaruki.example", "yaruki-demo-coach", "Coach Aki", .coach, "Asia/Seoul", .ko),
        ("ren@yaruki.example", "yaruki-demo-ren", "Ren", .member, "America/Los_Angeles", .en),
        ("jiwoo@yaruki.example", "yaruki-demo-jiwoo", "Jiwoo", .member, "Asia/Seoul", .ko),
        ("sora@yaruki.example", "yaruki-demo-sora", "Sora", .member, "Asia/Tokyo", .ja),
    ]

    /// The demo's operator, outside the group: the one who can show the signage manager and the admin pages.
    static let admin = (email: "admin@yaruki.example", password: "yaruki-demo-admin", name: "Admin Yui", role: Role.admin,
                        timeZone: "Asia/Tokyo", locale: AppLanguage.ja)

    /// Aino lives in central Helsinki, where the demo map is: the lifelog's person.
    static let aino = (email: "aino@yaruki.example", password: "yaruki-demo-aino", name: "Aino", role: Role.member,
                       timeZone: "Europe/Helsinki", locale: AppLanguage.en)

    static func seed(_ context: DemoSeed.Context) async throws {
        for person in people + [admin, aino] {
            try await AccountAdmin.create(context.database, email: person.email, displayName: person.name, password: person.password,
                                          role: person.role, timeZone: person.timeZone, locale: person.locale, ifMissing: true,
                                          now: context.now, hasher: context.hasher)
        }
    }
}
