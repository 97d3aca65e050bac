// libcurl for outgoing mail and for the Swift SDK's HTTP exchanges on Linux. curl_easy_setopt
// takes C varargs, which Swift cannot call, so each exchange is one function here with fixed
// arguments.
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *data;
    size_t length;
    size_t offset;
} yaruki_smtp_body;

static size_t yaruki_smtp_read(char *buffer, size_t size, size_t items, void *user) {
    yaruki_smtp_body *body = (yaruki_smtp_body *)user;
    size_t room = size * items;
    size_t left = body->length - body->offset;
    size_t n = left < room ? left : room;
    memcpy(buffer, body->data + body->offset, n);
    body->offset += n;
    return n;
}

/// Sends one RFC 5322 message (CRLF line ends) to `recipients`. `url` is smtp://host:port or
/// smtps://host:port; `tls` 0 upgrades with STARTTLS when offered, 1 requires it (or SMTPS).
/// `ca_file` (or NULL) adds trusted certificates. Returns a CURLcode; `error` holds
/// CURL_ERROR_SIZE bytes of explanation and `response` the server's last reply code.
static inline int yaruki_smtp_send(const char *url, const char *user, const char *password, const char *from,
                                   const char *const *recipients, int recipient_count, const char *message, size_t length,
                                   long timeout_seconds, int tls, const char *ca_file, char *error, long *response) {
    CURL *curl = curl_easy_init();
    if (!curl) return CURLE_FAILED_INIT;
    struct curl_slist *rcpt = NULL;
    for (int i = 0; i < recipient_count; i++) rcpt = curl_slist_append(rcpt, recipients[i]);
    yaruki_smtp_body body = { message, length, 0 };
    error[0] = 0;
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    if (user && user[0]) {
        curl_easy_setopt(curl, CURLOPT_USERNAME, user);
        curl_easy_setopt(curl, CURLOPT_PASSWORD, password ? password : "");
    }
    curl_easy_setopt(curl, CURLOPT_USE_SSL, tls ? (long)CURLUSESSL_ALL : (long)CURLUSESSL_TRY);
    if (ca_file && ca_file[0]) curl_easy_setopt(curl, CURLOPT_CAINFO, ca_file);
    curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from);
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, rcpt);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, yaruki_smtp_read);
    curl_easy_setopt(curl, CURLOPT_READDATA, &body);
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)length);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, timeout_seconds * 3);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, response);
    curl_slist_free_all(rcpt);
    curl_easy_cleanup(curl);
    return (int)code;
}

static inline const char *yaruki_curl_describe(int code) { return curl_easy_strerror((CURLcode)code); }
static inline int yaruki_curl_global_init(void) { return (int)curl_global_init(CURL_GLOBAL_DEFAULT); }

/// A reply's body as it arrives, at most `limit` bytes; `failed` is 1 once memory ran out, 2 once
/// the reply went past the limit.
typedef struct {
    char *data;
    size_t length;
    size_t capacity;
    size_t limit;
    int failed;
} yaruki_http_buffer;

static size_t yaruki_http_write(char *bytes, size_t size, size_t items, void *user) {
    yaruki_http_buffer *buffer = (yaruki_http_buffer *)user;
    size_t n = size * items;
    if (n > buffer->limit - buffer->length) { buffer->failed = 2; return 0; }
    if (buffer->length + n > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16384;
        while (capacity < buffer->length + n) capacity *= 2;
        char *grown = realloc(buffer->data, capacity);
        if (!grown) { buffer->failed = 1; return 0; }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, n);
    buffer->length += n;
    return n;
}

/// Nonzero stops the transfer: the flag is set from another thread when the Swift task is cancelled.
static int yaruki_http_progress(void *flag, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)a; (void)b; (void)c; (void)d;
    return __atomic_load_n((const int *)flag, __ATOMIC_ACQUIRE);
}

static inline void yaruki_flag_set(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }

/// One HTTP request on `curl` (an easy handle, reset here; its connections stay open for the
/// next exchange). `body` is sent when `has_body` (length may be 0). `timeout_seconds` bounds the
/// connect and any stretch with no bytes moving, as URLRequest.timeoutInterval does. Returns a
/// CURLcode (CURLE_FILESIZE_EXCEEDED for a reply past `reply->limit`); `reply` holds the body (the
/// caller frees `reply->data`), `status` the HTTP status and `error` CURL_ERROR_SIZE bytes of
/// explanation.
static inline int yaruki_http_exchange(CURL *curl, const char *method, const char *url, struct curl_slist *headers,
                                       const void *body, size_t length, int has_body, long timeout_seconds,
                                       int *cancelled, yaruki_http_buffer *reply, long *status, char *error) {
    curl_easy_reset(curl);
    error[0] = 0;
    *status = 0;
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 10L);
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TCP_NODELAY, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, yaruki_http_write);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, reply);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, yaruki_http_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, cancelled);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    if (strcmp(method, "HEAD") == 0) {
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    } else if (has_body) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)length);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, length ? body : "");
        if (strcmp(method, "POST") != 0) curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    } else if (strcmp(method, "GET") != 0) {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    }
    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, status);
    if (code == CURLE_WRITE_ERROR && reply->failed == 1) code = CURLE_OUT_OF_MEMORY;
    if (code == CURLE_WRITE_ERROR && reply->failed == 2) code = CURLE_FILESIZE_EXCEEDED;
    return (int)code;
}
