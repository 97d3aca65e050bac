// libcurl for outgoing mail. curl_easy_setopt takes C varargs, which Swift cannot call, so the
// whole SMTP exchange is one function here with fixed arguments.
#include <curl/curl.h>
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
