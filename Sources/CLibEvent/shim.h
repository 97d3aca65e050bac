// System headers first: libevent's event-config.h defines _GNU_SOURCE, which would give
// fd_set another field name than the Glibc module's and break a clean build.
#include <sys/types.h>
#include <sys/time.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/eventfd.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdarg.h>

#include <event2/event.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <event2/util.h>
