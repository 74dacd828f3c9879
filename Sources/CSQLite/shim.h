#ifndef GENKAN_CSQLITE_SHIM_H
#define GENKAN_CSQLITE_SHIM_H
#include <sqlite3.h>

/// Keeps each statement journal in memory until it holds more than `bytes`
/// (`SQLITE_CONFIG_STMTJRNL_SPILL`, 64 KiB by default). `sqlite3_config` is variadic, which
/// Swift cannot call, and takes effect only before SQLite is initialized: the first connection
/// the process opens calls this first. Returns SQLITE_OK, or SQLITE_MISUSE when SQLite was
/// initialized already (the default then stays).
static inline int genkan_sqlite3_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}

#endif
