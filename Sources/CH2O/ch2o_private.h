/* CH2O's internal types: loops, connections and requests. Only CH2O's .c files include this. */
#ifndef GENKAN_CH2O_PRIVATE_H
#define GENKAN_CH2O_PRIVATE_H

#define H2O_USE_LIBUV 0
#include <h2o.h>
#include <pthread.h>
#include <stdatomic.h>
#include "CH2O.h"
#include "picohttpparser_abi.h"

#define CH2O_MAX_HEADERS 100

struct ch2o_loop;

/* chunked.c: RFC 9112 §7.1, strictly (see there for why not picohttpparser's decoder). */
struct ch2o_chunked {
    size_t chunk_left; /* data bytes of the current chunk still to come */
    size_t line_len;   /* bytes of the current size line, or of the trailer section so far */
    size_t size;       /* the chunk size being read */
    int state;
};
enum { CH2O_CHUNKED_INVALID = -1, CH2O_CHUNKED_INCOMPLETE = -2 };
/* Decodes buf[0 ..< *size) in place, continuing from where the previous call stopped: the chunk
 * data is moved to the front and *size becomes its length. Returns CH2O_CHUNKED_INCOMPLETE (call
 * again with the bytes that follow), CH2O_CHUNKED_INVALID, or, at the end of the body, how many
 * bytes follow it (moved to just after the data). Start from a zeroed decoder. */
ssize_t ch2o_chunked_decode(struct ch2o_chunked *decoder, char *buf, size_t *size);
/* Whether c is a tchar, a character of a token (RFC 9110 §5.6.2). */
int ch2o_is_tchar(unsigned char c);

/* clients.c: open connections per client address, shared by the loops. */
struct ch2o_client_key {
    uint64_t prefix; /* IPv4: the address; IPv6: its first 64 bits */
    uint32_t family; /* 4 or 6; 0 for a connection that is not counted */
};
struct ch2o_clients;
struct ch2o_clients *ch2o_clients_create(void);
void ch2o_clients_destroy(struct ch2o_clients *clients);
/* The key an address is counted under; -1 for an address of another family. */
int ch2o_client_key_of(const struct sockaddr *address, struct ch2o_client_key *key);
/* Counts one more connection of `key` and returns 1; returns 0 when it already has `limit`, and
 * -1 (nothing counted) when the table cannot grow. */
int ch2o_clients_acquire(struct ch2o_clients *clients, const struct ch2o_client_key *key, uint32_t limit);
void ch2o_clients_release(struct ch2o_clients *clients, const struct ch2o_client_key *key);

enum ch2o_state {
    CH2O_IDLE,      /* keep-alive, no byte of the next request yet */
    CH2O_HEAD,      /* reading the request head */
    CH2O_CONTINUE,  /* writing `100 Continue`: reading and the body timer wait until it is out */
    CH2O_BODY,      /* reading the request body */
    CH2O_HANDLING,  /* inside the Swift handler (or a resume callback) */
    CH2O_SUSPENDED, /* waiting for CH2O_resume */
    CH2O_WRITING,   /* response being written */
    CH2O_LINGERING, /* response written, write side shut, draining input before close */
};

struct CH2O_request {
    struct ch2o_conn *conn;
    h2o_mem_pool_t pool;
    const char *base; /* input->bytes when the pointers below were taken */
    const char *method;
    size_t method_len;
    const char *target;
    size_t target_len;
    int minor_version;
    struct phr_header headers[CH2O_MAX_HEADERS];
    size_t num_headers;
    const char *body;
    size_t body_len;
    int refusal;
    int is_head;
    int responded;
};

struct ch2o_conn {
    struct ch2o_loop *loop;
    h2o_socket_t *sock; /* NULL once closed */
    h2o_linklist_t link;
    h2o_timeout_entry_t timer;
    enum ch2o_state state;
    int keep_alive;
    int advertised_keep_alive; /* what the response being written said (`Connection: keep-alive`) */
    int fresh; /* nothing received yet: the head timer runs from accept */
    struct ch2o_client_key client; /* counted in server->clients when family != 0 */
    h2o_linklist_t fresh_link;     /* in loop->fresh while fresh */
    _Atomic int gone; /* the client disconnected while the request was suspended (read by workers) */
    size_t prev_len;      /* bytes already scanned by the head parser */
    size_t head_len;      /* length of the parsed head */
    size_t consumed;      /* bytes of input the current request occupies (head and body) */
    size_t content_length;
    size_t body_limit; /* the largest body this request may have (max_body_size or large_body_size) */
    int chunked;
    size_t chunked_scanned; /* decoded body bytes so far (they follow the head in the input) */
    struct ch2o_chunked chunked_decoder;
    h2o_multithread_message_t resume_message;
    CH2O_resume_callback resume_callback;
    void *resume_context;
    struct CH2O_request req;
};

struct ch2o_loop {
    CH2O_server *server;
    int index;
    pthread_t thread;
    int listen_fd;
    h2o_evloop_t *evloop;
    h2o_socket_t *listener;
    h2o_multithread_queue_t *queue;
    h2o_multithread_receiver_t resume_receiver;
    h2o_multithread_receiver_t control_receiver;
    h2o_multithread_message_t stop_message;
    h2o_timeout_t head_timeout, body_timeout, idle_timeout, write_timeout, linger_timeout, shutdown_timeout;
    h2o_timeout_t accept_pause_timeout, drain_timeout;
    h2o_timeout_entry_t shutdown_entry, accept_pause_entry;
    h2o_linklist_t conns;
    h2o_linklist_t fresh; /* connections that have sent nothing, oldest first */
    size_t conn_count;
    uint32_t max_connections; /* this loop's cap (server->limits.connections_per_loop) */
    int shutting_down;
    uint64_t date_second;
    char date[40];
    size_t date_len;
};

/* Operator messages, each kind at most once a minute (server.c, ch2o_log). */
enum ch2o_log_kind {
    CH2O_LOG_DESCRIPTORS,
    CH2O_LOG_CLIENT_CAP,
    CH2O_LOG_LOOP_CAP_EVICTED,
    CH2O_LOG_LOOP_CAP_REFUSED,
    CH2O_LOG_KINDS,
};

struct CH2O_server {
    CH2O_config config; /* large_body_prefix points at the server's own copy */
    uint16_t port;
    int loop_count;
    struct ch2o_loop *loops;
    struct ch2o_clients *clients; /* NULL when connections per client are not capped */
    CH2O_limits limits;
    pthread_mutex_t mutex;
    pthread_cond_t ready_cond;
    int ready_count;
    uint64_t logged_at[CH2O_LOG_KINDS]; /* under mutex: when each kind was last logged (0: never) */
    uint64_t unlogged[CH2O_LOG_KINDS];  /* under mutex: events of each kind since then */
};

/* descriptors.c: raises RLIMIT_NOFILE and fills server->limits. */
void ch2o_size_connection_cap(CH2O_server *server);

/* server.c */
/* Logs a message of `kind` unless one was logged less than a minute ago (then counts it). */
void ch2o_log(CH2O_server *server, enum ch2o_log_kind kind, const char *format, ...) __attribute__((format(printf, 3, 4)));

/* connection.c */
void ch2o_conn_accept(struct ch2o_loop *loop, h2o_socket_t *sock, const struct ch2o_client_key *client);
/* Closes up to `count` connections that have sent nothing (none waiting in the kernel either),
 * oldest first; returns how many. */
size_t ch2o_conn_evict_fresh(struct ch2o_loop *loop, size_t count);
void ch2o_conn_dispatch(struct ch2o_conn *conn);
void ch2o_conn_finish_handler(struct ch2o_conn *conn);
void ch2o_conn_write(struct ch2o_conn *conn, h2o_iovec_t response);
void ch2o_conn_close(struct ch2o_conn *conn);
void ch2o_conn_begin_shutdown(struct ch2o_conn *conn);
void ch2o_conn_force_close(struct ch2o_conn *conn);
void ch2o_conn_on_resume(h2o_multithread_receiver_t *receiver, h2o_linklist_t *messages);

/* response.c */
const char *ch2o_reason(int status);
void ch2o_respond_bare(CH2O_request *request, int status);
void ch2o_rebase(struct ch2o_conn *conn);

#endif
