// The libpq client library, as Swift sees it. Nothing but the header, the
// few constants Swift cannot import (character-literal macros), and the
// readiness calls that wait for libpq's sockets (Glibc's module has neither
// epoll nor eventfd).
#include <postgresql/libpq-fe.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

/// Error-field codes of PQresultErrorField (postgres_ext.h defines them as
/// character literals, which Swift does not import).
static const int quarry_pg_diag_sqlstate = 'C';
static const int quarry_pg_diag_message_primary = 'M';
static const int quarry_pg_diag_message_detail = 'D';
static const int quarry_pg_diag_message_hint = 'H';
static const int quarry_pg_diag_schema_name = 's';
static const int quarry_pg_diag_table_name = 't';
static const int quarry_pg_diag_column_name = 'c';
static const int quarry_pg_diag_constraint_name = 'n';
