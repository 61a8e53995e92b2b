// The system's SQLite (libsqlite3-dev on Debian; the SDK's on Apple platforms) for FitInMemory's file.
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: whether closing the connection checkpoints its
// write-ahead log into the database file (off while a file is being checked, so a file found damaged is never written).
static inline int fitkit_sqlite3_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}
