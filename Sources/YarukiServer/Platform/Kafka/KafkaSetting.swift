import Foundation

/// A Kafka topic that sales come from (`--kafka-brokers` and `--kafka-topic`, with the rest optional).
public struct KafkaSetting: Sendable, Equatable {
    public var brokers: String
    public var topic: String
    public var group: String
    /// How messages carry sales: yaruki, or a mapping file (read by the signage area, `SaleFormat`).
    public var format: String
    /// librdkafka's file; nil: the system's.
    public var library: String?
    /// librdkafka properties besides the brokers and the group: security, and --kafka-config's.
    public var properties: [Property]

    public struct Property: Sendable, Equatable {
        public var name: String
        public var value: String
        /// Shown in logs and pages as "…" (a password).
        public var secret = false
    }

    static let flags: [(flag: String, env: String, help: String)] = [
        ("--kafka-brokers", "YARUKI_KAFKA_BROKERS", "host:port[,host:port…] of a Kafka cluster to read sales from (with --kafka-topic)"),
        ("--kafka-topic", "YARUKI_KAFKA_TOPIC", "the topic the shop's sales are published to"),
        ("--kafka-group", "YARUKI_KAFKA_GROUP", "the consumer group every node joins (default yaruki-signage)"),
        ("--kafka-format", "YARUKI_KAFKA_FORMAT", "yaruki (the JSON of POST /v1/signage/events; the default) or a mapping file (.json) naming where each field is"),
        ("--kafka-security", "YARUKI_KAFKA_SECURITY", "plaintext (default), ssl, sasl_plaintext or sasl_ssl"),
        ("--kafka-sasl-username", "YARUKI_KAFKA_SASL_USERNAME", "SASL/PLAIN user (with sasl_plaintext or sasl_ssl)"),
        ("--kafka-sasl-password", "YARUKI_KAFKA_SASL_PASSWORD", "…and password (better given in the variable than on the command line)"),
        ("--kafka-ca-file", "YARUKI_KAFKA_CA_FILE", "CA certificates (PEM) to trust for the brokers' TLS"),
        ("--kafka-library", "YARUKI_KAFKA_LIBRARY", "librdkafka to load (default the system's librdkafka.so.1)"),
        ("--kafka-config", "YARUKI_KAFKA_CONFIG", "more librdkafka properties, name=value,… (session.timeout.ms=10000,…)"),
    ]

    /// Properties Yaruki sets itself: a commit before the database has the sales would lose them.
    static let reserved: Set = ["bootstrap.servers", "group.id", "enable.auto.commit", "enable.auto.offset.store", "enable.partition.eof"]

    /// nil when no Kafka flag is given.
    init?(_ given: SettingValues) throws {
        let named = given.named
        let any = KafkaSetting.flags.contains { given[$0.flag] != nil }
        guard any else { return nil }
        guard let brokers = given["--kafka-brokers"], let topic = given["--kafka-topic"] else {
            let missing = given["--kafka-brokers"] == nil ? "--kafka-brokers" : "--kafka-topic"
            throw SettingError(setting: missing, reason: "is needed to read sales from Kafka (the other --kafka-* options were given)")
        }
        for broker in brokers.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = broker.trimmingCharacters(in: .whitespaces).split(separator: ":")
            guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isLetter || $0.isNumber || ".-_".contains($0) }),
                  let port = Int(parts[1]), (1...65535).contains(port) else {
                throw SettingError(setting: named("--kafka-brokers"), reason: "'\(broker)' is not host:port")
            }
        }
        guard (1...249).contains(topic.count), topic.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else {
            throw SettingError(setting: named("--kafka-topic"), reason: "'\(topic)' is not a topic name (letters, digits, '.', '_' and '-', at most 249)")
        }
        let group = given["--kafka-group"] ?? "yaruki-signage"
        guard (1...255).contains(group.count), group.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline }) else {
            throw SettingError(setting: named("--kafka-group"), reason: "'\(group)' is not a group name (1 to 255 visible characters)")
        }
        self.brokers = brokers.replacingOccurrences(of: " ", with: "")
        self.topic = topic
        self.group = group
        format = given["--kafka-format"] ?? "yaruki"
        if let library = given["--kafka-library"], !FileManager.default.isReadableFile(atPath: library) {
            throw SettingError(setting: named("--kafka-library"), reason: "'\(library)' is not a readable file")
        }
        library = given["--kafka-library"]
        properties = try KafkaSetting.security(given)
        if let list = given["--kafka-config"] {
            for item in list.split(separator: ",") {
                let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else {
                    throw SettingError(setting: named("--kafka-config"), reason: "'\(item)' is not name=value")
                }
                guard !KafkaSetting.reserved.contains(pair[0]) else {
                    throw SettingError(setting: named("--kafka-config"), reason: "\(pair[0]) is Yaruki's to set")
                }
                properties.append(Property(name: pair[0], value: pair[1], secret: pair[0].contains("password") || pair[0].contains("secret")))
            }
        }
    }

    private static func security(_ given: SettingValues) throws -> [Property] {
        let named = given.named
        let choice = given["--kafka-security"]?.lowercased() ?? "plaintext"
        guard ["plaintext", "ssl", "sasl_plaintext", "sasl_ssl"].contains(choice) else {
            throw SettingError(setting: named("--kafka-security"), reason: "must be plaintext, ssl, sasl_plaintext or sasl_ssl, got '\(choice)'")
        }
        var properties = [Property(name: "security.protocol", value: choice)]
        let (user, password) = (given["--kafka-sasl-username"], given["--kafka-sasl-password"])
        if choice.hasPrefix("sasl") {
            guard let user, !user.isEmpty, let password, !password.isEmpty else {
                throw SettingError(setting: named(user == nil ? "--kafka-sasl-username" : "--kafka-sasl-password"),
                                   reason: "is needed with --kafka-security \(choice)")
            }
            properties += [Property(name: "sasl.mechanisms", value: "PLAIN"), Property(name: "sasl.username", value: user),
                           Property(name: "sasl.password", value: password, secret: true)]
        } else if user != nil || password != nil {
            throw SettingError(setting: named(user != nil ? "--kafka-sasl-username" : "--kafka-sasl-password"),
                               reason: "is for --kafka-security sasl_plaintext or sasl_ssl")
        }
        if let ca = given["--kafka-ca-file"] {
            guard choice.hasSuffix("ssl") else {
                throw SettingError(setting: named("--kafka-ca-file"), reason: "is for --kafka-security ssl or sasl_ssl")
            }
            guard FileManager.default.isReadableFile(atPath: ca) else {
                throw SettingError(setting: named("--kafka-ca-file"), reason: "'\(ca)' is not a readable file")
            }
            properties.append(Property(name: "ssl.ca.location", value: ca))
        }
        return properties
    }

    /// Everything librdkafka is given for this setting.
    var librdkafka: [(String, String)] {
        [("bootstrap.servers", brokers), ("group.id", group)] + properties.map { ($0.name, $0.value) }
    }
}
