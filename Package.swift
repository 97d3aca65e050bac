// swift-tools-version:6.2
import PackageDescription

// Everything outside the toolchain is a Debian C library (see scripts/setup.sh):
// the build machines reach no Swift package registry.
// Async functions that belong to no actor run on their caller's executor (SE-0461): a request's
// handler chain then stays on its event loop without an executor check at every call.
// Every target: a warning fails the build, so a new one is never lost among old ones.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
let serverSettings: [SwiftSetting] = strict + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
let testSettings: [SwiftSetting] = serverSettings
// Release builds of the server skip the runtime's exclusivity checks, which took a fifth of a feed
// page's time (each append to a class's buffer is checked); debug builds, where the tests run, keep them.
let fastServerSettings = serverSettings + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Yaruki",
    platforms: [.macOS(.v15), .iOS(.v18), .watchOS(.v11)],
    products: [
        .executable(name: "yaruki", targets: ["yaruki"]),
        .library(name: "YarukiCore", targets: ["YarukiCore"]),
        .library(name: "YarukiAPI", targets: ["YarukiAPI"]),
        .library(name: "YarukiClient", targets: ["YarukiClient"]),
        .library(name: "YarukiClientCurl", targets: ["YarukiClientCurl"]),
    ],
    targets: [
        .systemLibrary(name: "CLibEvent", pkgConfig: "libevent_pthreads", providers: [.apt(["libevent-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        // Found through gobject-2.0, which gives the glib headers vips.h includes: vips's own pkg-config pulls in
        // OpenEXR and gio, whose -pthread SwiftPM refuses with a warning on every build.
        .systemLibrary(name: "CVips", pkgConfig: "gobject-2.0", providers: [.apt(["libvips-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // librdkafka's declarations only: the library is opened at run time (see its shim.h), so no pkgConfig, no link.
        .systemLibrary(name: "CRdKafka", providers: [.apt(["librdkafka-dev"])]),

        // JSON written without `Encoder`: the writer, and each Codable type's `writeJSON` made at build
        // time from its declaration by the JSONWriters plugin (yaruki-json-writers, run on this machine).
        .target(name: "YarukiJSON", swiftSettings: fastServerSettings),
        .executableTarget(name: "yaruki-json-writers", path: "Tools/yaruki-json-writers", swiftSettings: strict),
        .plugin(name: "JSONWriters", capability: .buildTool(), dependencies: ["yaruki-json-writers"]),

        .target(name: "YarukiCore", dependencies: ["YarukiJSON"], swiftSettings: strict, plugins: ["JSONWriters"]),
        // The API's request and reply types, written once: the server encodes them, the SDK decodes them, the
        // OpenAPI document is made from them. Foundation, YarukiCore and YarukiJSON only, like the SDK.
        .target(name: "YarukiAPI", dependencies: ["YarukiCore", "YarukiJSON"], swiftSettings: strict, plugins: ["JSONWriters"]),
        .target(name: "YarukiHTTP", dependencies: ["CLibEvent", "YarukiJSON"], swiftSettings: fastServerSettings, plugins: ["JSONWriters"]),
        .target(name: "YarukiStore", dependencies: ["YarukiCore", "YarukiJSON", "CSQLite", "CLibPQ"], swiftSettings: fastServerSettings),
        .target(name: "YarukiServer", dependencies: ["YarukiCore", "YarukiAPI", "YarukiHTTP", "YarukiStore", "COpenSSL", "CArgon2", "CVips", "CZlib", "CCurl", "CRdKafka"],
                swiftSettings: fastServerSettings, plugins: ["JSONWriters"]),
        .target(name: "YarukiClient", dependencies: ["YarukiCore", "YarukiAPI", "YarukiJSON", .target(name: "CSQLite", condition: .when(platforms: [.linux]))],
                swiftSettings: strict),
        // The SDK's exchanges through libcurl, for Linux apps (URLSession there costs a syncing device
        // more than its own work); kept apart so the SDK itself is Foundation only.
        .target(name: "YarukiClientCurl", dependencies: ["YarukiClient", "CCurl"], swiftSettings: strict),
        .executableTarget(name: "yaruki", dependencies: ["YarukiServer", "YarukiClient", "YarukiClientCurl"], swiftSettings: serverSettings),
        // bench/sync's devices: SyncEngines against a running server (built by bench/sync/run.sh).
        .executableTarget(name: "yaruki-sync-bench", dependencies: ["YarukiClient", "YarukiClientCurl"], path: "bench/sync", exclude: ["run.sh", "reference.py"], swiftSettings: serverSettings),
        // bench/push's encryption: Web Push messages encrypted as delivery does (built by bench/push/run.sh).
        .executableTarget(name: "yaruki-push-bench", dependencies: ["YarukiServer"], path: "bench/push", exclude: ["run.sh", "rest_end.py", "encrypt.py"],
                          swiftSettings: serverSettings),

        // The tests build in the Swift 6 language mode like everything else, warnings failing the build.
        // Shared by the test targets: a raw HTTP client, child processes, PostgreSQL clusters.
        .target(name: "YarukiTestSupport", dependencies: ["YarukiStore"], path: "Tests/YarukiTestSupport",
                swiftSettings: testSettings),
        .testTarget(name: "YarukiCoreTests", dependencies: ["YarukiCore", "YarukiAPI"], swiftSettings: strict),
        .testTarget(name: "YarukiHTTPTests", dependencies: ["YarukiHTTP", "YarukiTestSupport"], swiftSettings: testSettings, plugins: ["JSONWriters"]),
        .testTarget(name: "YarukiStoreTests", dependencies: ["YarukiStore", "YarukiTestSupport"], swiftSettings: testSettings),
        .testTarget(name: "YarukiServerTests", dependencies: ["YarukiServer", "YarukiClient", "YarukiClientCurl", "YarukiTestSupport"], swiftSettings: testSettings),
    ],
    swiftLanguageModes: [.v6]
)
