// librdkafka, loaded when a Kafka setting asks for it (dlopen), never linked: the binary runs
// where no librdkafka is installed, and an operator may point it at a newer build than the
// system's (--kafka-library). Debian's librdkafka-dev gives the declarations only; the calls go
// through this table of the library's own functions, looked up by name. librdkafka keeps its
// ABI across versions, so the 2.0 header's types fit a newer library.
#include <dlfcn.h>
#include <stdio.h>
#include <librdkafka/rdkafka.h>

typedef struct yaruki_kafka {
    void *handle;
    __typeof__(rd_kafka_version_str) *version_str;
    __typeof__(rd_kafka_err2str) *err2str;
    __typeof__(rd_kafka_conf_new) *conf_new;
    __typeof__(rd_kafka_conf_set) *conf_set;
    __typeof__(rd_kafka_conf_destroy) *conf_destroy;
    __typeof__(rd_kafka_conf_set_opaque) *conf_set_opaque;
    __typeof__(rd_kafka_conf_set_rebalance_cb) *conf_set_rebalance_cb;
    __typeof__(rd_kafka_conf_set_error_cb) *conf_set_error_cb;
    __typeof__(rd_kafka_conf_set_dr_msg_cb) *conf_set_dr_msg_cb;
    __typeof__(rd_kafka_new) *new_client;
    __typeof__(rd_kafka_destroy) *destroy;
    __typeof__(rd_kafka_opaque) *opaque;
    __typeof__(rd_kafka_poll) *poll;
    __typeof__(rd_kafka_poll_set_consumer) *poll_set_consumer;
    __typeof__(rd_kafka_subscribe) *subscribe;
    __typeof__(rd_kafka_consumer_poll) *consumer_poll;
    __typeof__(rd_kafka_consumer_close) *consumer_close;
    __typeof__(rd_kafka_message_destroy) *message_destroy;
    __typeof__(rd_kafka_topic_name) *topic_name;
    __typeof__(rd_kafka_commit) *commit;
    __typeof__(rd_kafka_committed) *committed;
    __typeof__(rd_kafka_assign) *assign;
    __typeof__(rd_kafka_assignment) *assignment;
    __typeof__(rd_kafka_get_watermark_offsets) *get_watermark_offsets;
    __typeof__(rd_kafka_query_watermark_offsets) *query_watermark_offsets;
    __typeof__(rd_kafka_topic_partition_list_new) *list_new;
    __typeof__(rd_kafka_topic_partition_list_add) *list_add;
    __typeof__(rd_kafka_topic_partition_list_destroy) *list_destroy;
    __typeof__(rd_kafka_topic_new) *topic_new;
    __typeof__(rd_kafka_topic_destroy) *topic_destroy;
    __typeof__(rd_kafka_produce) *produce;
    __typeof__(rd_kafka_flush) *flush;
    __typeof__(rd_kafka_last_error) *last_error;
} yaruki_kafka;

/// Opens the library at `path` and fills `k`; 0, or -1 with the reason in `error`.
static inline int yaruki_kafka_open(const char *path, yaruki_kafka *k, char *error, size_t size) {
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(error, size, "%s", dlerror());
        return -1;
    }
    k->handle = h;
#define YARUKI_KAFKA_FIND(field, name)                                          \
    if (!(k->field = (__typeof__(k->field))dlsym(h, #name))) {                \
        snprintf(error, size, "%s has no %s (not librdkafka, or too old)", path, #name); \
        dlclose(h);                                                             \
        return -1;                                                              \
    }
    YARUKI_KAFKA_FIND(version_str, rd_kafka_version_str)
    YARUKI_KAFKA_FIND(err2str, rd_kafka_err2str)
    YARUKI_KAFKA_FIND(conf_new, rd_kafka_conf_new)
    YARUKI_KAFKA_FIND(conf_set, rd_kafka_conf_set)
    YARUKI_KAFKA_FIND(conf_destroy, rd_kafka_conf_destroy)
    YARUKI_KAFKA_FIND(conf_set_opaque, rd_kafka_conf_set_opaque)
    YARUKI_KAFKA_FIND(conf_set_rebalance_cb, rd_kafka_conf_set_rebalance_cb)
    YARUKI_KAFKA_FIND(conf_set_error_cb, rd_kafka_conf_set_error_cb)
    YARUKI_KAFKA_FIND(conf_set_dr_msg_cb, rd_kafka_conf_set_dr_msg_cb)
    YARUKI_KAFKA_FIND(new_client, rd_kafka_new)
    YARUKI_KAFKA_FIND(destroy, rd_kafka_destroy)
    YARUKI_KAFKA_FIND(opaque, rd_kafka_opaque)
    YARUKI_KAFKA_FIND(poll, rd_kafka_poll)
    YARUKI_KAFKA_FIND(poll_set_consumer, rd_kafka_poll_set_consumer)
    YARUKI_KAFKA_FIND(subscribe, rd_kafka_subscribe)
    YARUKI_KAFKA_FIND(consumer_poll, rd_kafka_consumer_poll)
    YARUKI_KAFKA_FIND(consumer_close, rd_kafka_consumer_close)
    YARUKI_KAFKA_FIND(message_destroy, rd_kafka_message_destroy)
    YARUKI_KAFKA_FIND(topic_name, rd_kafka_topic_name)
    YARUKI_KAFKA_FIND(commit, rd_kafka_commit)
    YARUKI_KAFKA_FIND(committed, rd_kafka_committed)
    YARUKI_KAFKA_FIND(assign, rd_kafka_assign)
    YARUKI_KAFKA_FIND(assignment, rd_kafka_assignment)
    YARUKI_KAFKA_FIND(get_watermark_offsets, rd_kafka_get_watermark_offsets)
    YARUKI_KAFKA_FIND(query_watermark_offsets, rd_kafka_query_watermark_offsets)
    YARUKI_KAFKA_FIND(list_new, rd_kafka_topic_partition_list_new)
    YARUKI_KAFKA_FIND(list_add, rd_kafka_topic_partition_list_add)
    YARUKI_KAFKA_FIND(list_destroy, rd_kafka_topic_partition_list_destroy)
    YARUKI_KAFKA_FIND(topic_new, rd_kafka_topic_new)
    YARUKI_KAFKA_FIND(topic_destroy, rd_kafka_topic_destroy)
    YARUKI_KAFKA_FIND(produce, rd_kafka_produce)
    YARUKI_KAFKA_FIND(flush, rd_kafka_flush)
    YARUKI_KAFKA_FIND(last_error, rd_kafka_last_error)
#undef YARUKI_KAFKA_FIND
    return 0;
}
