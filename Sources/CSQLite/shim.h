#include <sqlite3.h>

/// Turns off SQLite's process-wide count of the memory it holds (`SQLITE_CONFIG_MEMSTATUS`),
/// which nothing here reads: with it on, every one of SQLite's allocations and frees takes one
/// lock that all its connections share. It takes effect only before SQLite's first use, so each
/// module that opens a database calls it first (a later call changes nothing). Here because
/// `sqlite3_config` is variadic, which Swift cannot call.
static inline int yaruki_sqlite3_count_no_memory(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
