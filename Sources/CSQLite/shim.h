#ifndef GENKAN_CSQLITE_SHIM_H
#define GENKAN_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
