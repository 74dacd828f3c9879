#ifndef GENKAN_CLIBPQ_SHIM_H
#define GENKAN_CLIBPQ_SHIM_H
// libpq, PostgreSQL's client library (Debian's libpq-dev). Swift calls its functions directly:
// none of those Genkan uses is variadic.
#include <libpq-fe.h>

// The PG_DIAG_* field codes of PQresultErrorField are macros of character constants ('C'),
// which Swift does not import; these constants carry their values across. They can go when
// Swift imports character-literal macros.
static const int CLibPQ_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int CLibPQ_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY;
#endif
