import Foundation
import Testing
import YarukiTestSupport

/// The shape the code keeps as it grows: SQL only in YarukiStore, route tables and handlers short,
/// and walls between the areas. Each wall is a pure rule over a file's path and text, so a test
/// plants a violation and sees the rule catch it; a rule that catches nothing proves nothing.
/// No wall has exceptions.
@Suite struct LayoutTests {
    struct Source {
        /// From `Sources/`, like `YarukiServer/Areas/Lifelog/LifelogService.swift`.
        let path: String
        let text: String
    }

    /// A file naming what its place in the house does not allow it to name.
    struct Violation: Hashable, CustomStringConvertible {
        let path: String
        let name: String
        var description: String { "\(path) names \(name)" }
    }

    static func sources(_ folder: String) -> [Source] {
        let root = repositoryRoot + "/Sources/" + folder
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        return files.sorted().compactMap { file in
            (try? String(contentsOfFile: root + "/" + file, encoding: .utf8)).map { Source(path: folder + "/" + file, text: $0) }
        }
    }

    /// The identifiers a file's code names, split on ASCII word boundaries (Swift's `\b` follows
    /// Unicode's, where `AccountRoutes.reply` is one word). Whole-line comments do not count.
    static func names(in text: String) -> Set<String> {
        var names = Set<String>()
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            var name = ""
            for scalar in line.unicodeScalars {
                if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" {
                    name.unicodeScalars.append(scalar)
                } else if !name.isEmpty {
                    names.insert(name)
                    name = ""
                }
            }
            if !name.isEmpty { names.insert(name) }
        }
        return names
    }

    /// The types a file declares at its top level (nested ones are reached through these).
    static func declaredTypes(in text: String) -> [String] {
        let declaration = #/^(?:(?:public|internal|fileprivate|private|final|indirect|@\w+)\s+)*(?:struct|class|enum|actor|protocol|typealias)\s+([A-Z]\w*)/#
        return text.split(separator: "\n").compactMap { line in line.prefixMatch(of: declaration).map { String($0.1) } }
    }

    /// Which area each type belongs to: the areas are the folders of `YarukiServer/Areas`; an
    /// area's types are those its server folder and its `YarukiStore` folder declare.
    struct House {
        let areas: [String]
        let storeTypes: [String: String]
        let areaTypes: [String: String]

        static let current = House(sources: { LayoutTests.sources($0) })

        init(sources: (String) -> [Source]) {
            let root = repositoryRoot + "/Sources/YarukiServer/Areas"
            areas = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            var stores = [String: String](), types = [String: String]()
            for area in areas {
                for file in sources("YarukiStore/" + area) {
                    for type in LayoutTests.declaredTypes(in: file.text) { stores[type] = area }
                }
                for file in sources("YarukiServer/Areas/" + area) {
                    for type in LayoutTests.declaredTypes(in: file.text) { types[type] = area }
                }
            }
            storeTypes = stores
            areaTypes = types.merging(stores) { server, _ in server }
        }

        /// The area a file of `YarukiServer/Areas` belongs to.
        func area(of path: String) -> String? {
            let parts = path.split(separator: "/")
            guard parts.count > 3, parts[0] == "YarukiServer", parts[1] == "Areas" else { return nil }
            return String(parts[2])
        }
    }

    // MARK: The rules

    /// A route file names no other route file: what two route files share belongs in a service or the platform.
    static func routesNamingOtherRoutes(_ file: Source) -> [Violation] {
        let own = ((file.path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard own.hasSuffix("Routes") else { return [] }
        return names(in: file.text).filter { $0.count > 6 && $0.hasSuffix("Routes") && $0.first!.isUppercase && $0 != own }.sorted()
            .map { Violation(path: file.path, name: $0) }
    }

    /// An area reads and writes its own stores only; it asks another area through a narrow interface.
    static func storesOfOtherAreas(_ file: Source, in house: House) -> [Violation] {
        guard let area = house.area(of: file.path) else { return [] }
        return names(in: file.text).filter { house.storeTypes[$0].map { $0 != area } ?? false }.sorted()
            .map { Violation(path: file.path, name: $0) }
    }

    /// HTTP is spoken where requests arrive (route files, the routing layer, the access checks)
    /// and where errors become problems (`ErrorMapping`). Services below throw their own errors.
    static func httpBelowTheRoutes(_ file: Source) -> [Violation] {
        let speaksHTTP = file.path.hasSuffix("Routes.swift") || file.path.hasPrefix("YarukiServer/Platform/Routing/")
            || file.path.hasPrefix("YarukiServer/Platform/Auth/") || file.path == "YarukiServer/Platform/App/ErrorMapping.swift"
        guard file.path.hasPrefix("YarukiServer/"), !speaksHTTP, names(in: file.text).contains("HTTPError") else { return [] }
        return [Violation(path: file.path, name: "HTTPError")]
    }

    /// The platform knows no area: areas plug into it, and one list (`Areas.swift`) names them all.
    static func areasInThePlatform(_ file: Source, in house: House) -> [Violation] {
        guard file.path.hasPrefix("YarukiServer/Platform/"), file.path != "YarukiServer/Platform/App/Areas.swift" else { return [] }
        return names(in: file.text).filter { house.areaTypes[$0] != nil }.sorted().map { Violation(path: file.path, name: $0) }
    }

    /// A handler reaches the platform through its request's scope (`Principal`, `Visitor`: now,
    /// calendar, kept replies) and its service, never through `AppContext`.
    static func handlersReachingTheContext(_ file: Source) -> [Violation] {
        guard file.path.hasPrefix("YarukiServer/Areas/"), file.path.hasSuffix("Routes.swift") else { return [] }
        let reaches = file.text.split(separator: "\n").contains { line in
            !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && (line.contains(".context.") || line.contains(".context\n") || line.hasSuffix(".context"))
        }
        return reaches || names(in: file.text).contains("AppContext") ? [Violation(path: file.path, name: "AppContext")] : []
    }

    /// Query items are read where the request arrives: route files (each item checked against its
    /// declaration first), a group's access, and the routing layer. Services take typed values.
    static func queriesBelowTheRoutes(_ file: Source) -> [Violation] {
        let arrives = file.path.hasSuffix("Routes.swift") || file.path.hasSuffix("Access.swift")
            || file.path.hasPrefix("YarukiServer/Platform/Routing/") || file.path.hasPrefix("YarukiServer/Platform/Auth/")
        guard file.path.hasPrefix("YarukiServer/"), !arrives, names(in: file.text).contains("queryItem") else { return [] }
        return [Violation(path: file.path, name: "queryItem")]
    }

    static func check(_ rule: String, found: [Violation]) {
        for violation in Set(found).sorted(by: { $0.description < $1.description }) { Issue.record("\(violation): \(rule)") }
    }

    // MARK: The house keeps them

    @Test func routeFilesNameNoOtherRouteFile() {
        let files = Self.sources("YarukiServer").filter { $0.path.hasSuffix("Routes.swift") }
        #expect(files.count >= 12)
        Self.check("a route file names another; share through a service or the platform",
                   found: files.flatMap(Self.routesNamingOtherRoutes))
    }

    @Test func areasUseNoOtherAreasStores() {
        let house = House.current
        #expect(house.areas.count >= 8)
        #expect(house.storeTypes["ProofStore"] == "Accountability" && house.areaTypes["ClassService"] == "Classes")
        Self.check("an area uses another area's store; ask that area through an interface it provides",
                   found: Self.sources("YarukiServer").flatMap { Self.storesOfOtherAreas($0, in: house) })
    }

    @Test func servicesSpeakNoHTTP() {
        Self.check("HTTP below the routes; throw the area's own error and let ErrorMapping make the problem",
                   found: Self.sources("YarukiServer").flatMap(Self.httpBelowTheRoutes))
    }

    @Test func handlersReachNoFurtherThanTheirRequestAndService() {
        Self.check("a handler reaches into AppContext; use the request's scope (me.now, me.calendar(), me.kept) or ask the service",
                   found: Self.sources("YarukiServer").flatMap(Self.handlersReachingTheContext))
    }

    @Test func servicesReadNoQuery() {
        Self.check("a query item read below the routes; read it in the route file, declared in its Doc, and pass the value",
                   found: Self.sources("YarukiServer").flatMap(Self.queriesBelowTheRoutes))
    }

    @Test func thePlatformNamesNoArea() {
        let house = House.current
        Self.check("the platform names an area; let the area plug in through a platform protocol",
                   found: Self.sources("YarukiServer/Platform").flatMap { Self.areasInThePlatform($0, in: house) })
    }

    // MARK: Each rule catches a planted violation

    @Test func theRouteRuleCatchesARouteFileNamingAnother() {
        // Swift's `\b` read `AccountRoutes.reply` as one word, so the old check never saw this line.
        let planted = Source(path: "YarukiServer/Areas/Accounts/WebSignInRoutes.swift", text: "        return AccountRoutes.reply(account, tokens)\n")
        #expect(Self.routesNamingOtherRoutes(planted) == [Violation(path: planted.path, name: "AccountRoutes")])
        let fine = Source(path: planted.path, text: "struct WebSignInRoutes {\n    // AccountRoutes.reply did this once\n    let myRoutes = Doc(\"Routes for more legs\")\n}\n")
        #expect(Self.routesNamingOtherRoutes(fine).isEmpty)
    }

    @Test func theStoreRuleCatchesAnAreaUsingAnothersStore() {
        let house = House.current
        let planted = Source(path: "YarukiServer/Areas/Lifelog/LifelogPlanted.swift", text: "        let rows = try ProofStore.media(of: me, c)\n")
        #expect(Self.storesOfOtherAreas(planted, in: house) == [Violation(path: planted.path, name: "ProofStore")])
        let own = Source(path: "YarukiServer/Areas/Accountability/ProofPlanted.swift", text: planted.text)
        #expect(Self.storesOfOtherAreas(own, in: house).isEmpty)
    }

    @Test func theHTTPRuleCatchesAServiceThrowingHTTPError() {
        let planted = Source(path: "YarukiServer/Areas/Training/TrainingService.swift", text: "        throw HTTPError.notFound(\"No such exercise.\")\n")
        #expect(Self.httpBelowTheRoutes(planted) == [Violation(path: planted.path, name: "HTTPError")])
        let routes = Source(path: "YarukiServer/Areas/Training/TrainingRoutes.swift", text: planted.text)
        #expect(Self.httpBelowTheRoutes(routes).isEmpty)
    }

    @Test func theContextRuleCatchesAHandlerReachingThrough() {
        let planted = Source(path: "YarukiServer/Areas/Lifelog/LifelogRoutes.swift", text: "        let now = lifelog.context.now\n")
        #expect(Self.handlersReachingTheContext(planted) == [Violation(path: planted.path, name: "AppContext")])
        let fine = Source(path: planted.path, text: "        let range = try LifelogService.range(kind, date: date, calendar: calendar, now: me.now)\n")
        #expect(Self.handlersReachingTheContext(fine).isEmpty)
        let service = Source(path: "YarukiServer/Areas/Lifelog/LifelogService.swift", text: planted.text)
        #expect(Self.handlersReachingTheContext(service).isEmpty, "services work with the context")
    }

    @Test func theQueryRuleCatchesAServiceReadingTheQuery() {
        let planted = Source(path: "YarukiServer/Areas/Lifelog/PlaybackService.swift", text: "        let from = Int(request.queryItem(\"from\") ?? \"0\")\n")
        #expect(Self.queriesBelowTheRoutes(planted) == [Violation(path: planted.path, name: "queryItem")])
        let routes = Source(path: "YarukiServer/Areas/Lifelog/PlaybackRoutes.swift", text: planted.text)
        #expect(Self.queriesBelowTheRoutes(routes).isEmpty)
    }

    @Test func thePlatformRuleCatchesAnAreasType() {
        let house = House.current
        let planted = Source(path: "YarukiServer/Platform/Payments/SandboxProvider.swift",
                             text: "    let classes: ClassService\n        let order = try ClassStore.order(id: id, c)\n")
        #expect(Self.areasInThePlatform(planted, in: house).map(\.name) == ["ClassService", "ClassStore"])
        let list = Source(path: "YarukiServer/Platform/App/Areas.swift", text: planted.text)
        #expect(Self.areasInThePlatform(list, in: house).isEmpty)
    }

    // MARK: Size and SQL

    /// (The SDK's sync engine keeps its own file: its SQL lives in SyncLocalStore alone.)
    @Test func sqlLivesInTheStoreOnly() throws {
        let statement = try Regex(#"\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX)|ALTER\s+TABLE)"#)
        let checked = ["YarukiServer", "YarukiHTTP", "YarukiCore", "YarukiAPI", "YarukiClient", "yaruki"].flatMap(Self.sources)
            .filter { $0.path != "YarukiClient/Sync/SyncLocalStore.swift" }
        #expect(checked.count > 100)
        for file in checked {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(statement) {
                Issue.record("\(file.path):\(number + 1) holds SQL: \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }

    /// Each function of a route file (its `add(to:)` table and its handlers) within 40 lines.
    @Test func routeTablesAndHandlersStayShort() throws {
        let files = Self.sources("YarukiServer").filter { $0.path.hasSuffix("Routes.swift") }
        #expect(files.count >= 12)
        for file in files {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (start, line) in lines.enumerated() where line.hasPrefix("    func ") || line.hasPrefix("    static func ") {
                guard !line.hasSuffix("}") else { continue }  // one line
                let end = lines[start...].firstIndex { $0 == "    }" } ?? lines.count
                let length = end - start + 1
                #expect(length <= 40, "\(file.path):\(start + 1) is \(length) lines: \(line.trimmingCharacters(in: .whitespaces).prefix(60))")
            }
        }
    }
}
