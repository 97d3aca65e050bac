import Foundation

/// One partition a node holds: the next offset it will read, the partition's end as last heard,
/// and the difference (lag); each nil until known.
public struct KafkaPartitionState: APIModel, Equatable {
    public var partition: Int
    public var next: Int64?
    public var end: Int64?
    public var lag: Int64?
    /// Messages this node has read from it since it started.
    public var consumed: Int64

    public init(partition: Int, next: Int64?, end: Int64?, lag: Int64?, consumed: Int64) {
        (self.partition, self.next, self.end, self.lag, self.consumed) = (partition, next, end, lag, consumed)
    }

    public static let example = KafkaPartitionState(partition: 0, next: 1200, end: 1204, lag: 4, consumed: 1200)
}

/// A node's consumer, as it last noted itself (every few seconds).
public struct KafkaNode: APIModel, Equatable {
    public var node: String
    public var connected: Bool
    public var partitions: [KafkaPartitionState]
    /// Messages read since the node started, and those that went to the dead letters.
    public var consumed: Int64
    public var deadLetters: Int64
    public var lastCommitAt: Date?
    public var lastError: String?
    public var seenAt: Date

    public init(node: String, connected: Bool, partitions: [KafkaPartitionState], consumed: Int64, deadLetters: Int64, lastCommitAt: Date?,
                lastError: String?, seenAt: Date) {
        (self.node, self.connected, self.partitions, self.consumed, self.deadLetters, self.lastCommitAt, self.lastError, self.seenAt)
            = (node, connected, partitions, consumed, deadLetters, lastCommitAt, lastError, seenAt)
    }

    public static let example = KafkaNode(node: "node-3f2a9c1d", connected: true, partitions: [.example], consumed: 1200, deadLetters: 1,
                                          lastCommitAt: Example.instant, lastError: nil, seenAt: Example.instant)
}

/// Sales from Kafka: how the server is set up, and every node's consumer.
public struct KafkaStatus: APIModel, Equatable {
    /// False when the server reads no topic (`--kafka-brokers` unset); the rest is then empty.
    public var configured: Bool
    public var brokers: String?
    public var topic: String?
    public var group: String?
    public var format: String?
    /// librdkafka's version, as loaded by the node that answered.
    public var library: String?
    public var nodes: [KafkaNode]
    /// Messages waiting in the dead letters.
    public var deadLetters: Int

    public init(configured: Bool, brokers: String?, topic: String?, group: String?, format: String?, library: String?, nodes: [KafkaNode],
                deadLetters: Int) {
        (self.configured, self.brokers, self.topic, self.group, self.format, self.library, self.nodes, self.deadLetters)
            = (configured, brokers, topic, group, format, library, nodes, deadLetters)
    }

    public static let example = KafkaStatus(configured: true, brokers: "kafka-1.shop.example:9092", topic: "sales", group: "yaruki-signage",
                                            format: "yaruki", library: "2.16.0", nodes: [.example], deadLetters: 1)
}

/// A message that held no valid sale, kept with the reason until an admin retries or drops it.
public struct SalesDeadLetter: APIModel, Equatable {
    public var id: UUID
    public var topic: String
    public var partition: Int
    public var offset: Int64
    /// The message as text (at most 64 KB of it).
    public var raw: String
    /// The whole message's size in bytes.
    public var bytes: Int
    public var reason: String
    public var receivedAt: Date

    public init(id: UUID, topic: String, partition: Int, offset: Int64, raw: String, bytes: Int, reason: String, receivedAt: Date) {
        (self.id, self.topic, self.partition, self.offset, self.raw, self.bytes, self.reason, self.receivedAt)
            = (id, topic, partition, offset, raw, bytes, reason, receivedAt)
    }

    public static let example = SalesDeadLetter(id: Example.otherID, topic: "sales", partition: 2, offset: 7781, raw: "{\"id\": \"r-1\", \"amount\": \"a lot\"}",
                                                bytes: 33, reason: "is not a sale: amount is not a number", receivedAt: Example.instant)
}
