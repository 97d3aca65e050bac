extension Migrations {
    // Sales from Kafka: a message that holds no valid sale waits here, raw, with the reason and
    // where it was in the topic (a message read again is not noted twice), until an admin retries
    // or drops it. Each node's consumer notes its state every few seconds, so the admin page
    // shows every node's partitions, whichever node serves it.
    static let v25KafkaSales = Migration(25, "kafka sales") { _ in
        ["""
         CREATE TABLE sales_dead_letters (
             id TEXT PRIMARY KEY,
             topic TEXT NOT NULL,
             kafka_partition INTEGER NOT NULL,
             kafka_offset BIGINT NOT NULL,
             raw TEXT NOT NULL,
             raw_bytes INTEGER NOT NULL,
             reason TEXT NOT NULL,
             received_at BIGINT NOT NULL,
             UNIQUE (topic, kafka_partition, kafka_offset))
         """,
         """
         CREATE TABLE kafka_consumers (
             node TEXT PRIMARY KEY,
             topic TEXT NOT NULL,
             group_id TEXT NOT NULL,
             connected INTEGER NOT NULL,
             partitions TEXT NOT NULL,
             consumed BIGINT NOT NULL,
             dead_letters BIGINT NOT NULL,
             last_commit_at BIGINT,
             last_error TEXT,
             seen_at BIGINT NOT NULL)
         """]
    }
}
