/* CH2O: Genkan's HTTP/1.1 engine on H2O's event loop (libh2o-evloop 2.2).
 *
 * This header is the whole boundary: it names no H2O type, so Swift sees only opaque handles,
 * plain integers and byte pointers. Every function here runs on a loop thread unless it says
 * otherwise; the request pointers handed to the handler are valid until it responds (or, after
 * CH2O_suspend, until the CH2O_resume callback returns). */
#ifndef GENKAN_CH2O_H
#define GENKAN_CH2O_H

#include <stddef.h>
#include <stdint.h>

typedef struct CH2O_server CH2O_server;
typedef struct CH2O_request CH2O_request;

/// Called on a loop thread for each request. It must call CH2O_respond or CH2O_suspend before
/// returning; a request left unanswered gets a bare 500.
typedef void (*CH2O_handler)(void *context, CH2O_request *request);

/// Operator messages (a loop thread): running out of descriptors, connections refused by a cap.
/// CH2O logs each kind at most once a minute, with the count of what happened in between.
typedef void (*CH2O_log_callback)(void *context, const char *message);

/// Called on the request's loop thread after CH2O_resume. `request` is NULL when the client went
/// away in the meantime: the callback then only releases `context`.
typedef void (*CH2O_resume_callback)(void *context, CH2O_request *request);

typedef struct CH2O_config {
    const char *host;           /* numeric IPv4 or IPv6 address, or a name getaddrinfo resolves */
    uint16_t port;              /* 0 picks a free port; see CH2O_server_port */
    int loops;                  /* event loops (threads), each with its own SO_REUSEPORT listener */
    size_t max_head_size;       /* request line and headers, in bytes; more is refused with 431 */
    size_t max_body_size;       /* request body, in bytes; more is refused with 413 */
    const char *large_body_prefix; /* requests whose target starts with this (copied; NULL: none) may
                                      have bodies up to large_body_size instead */
    size_t large_body_size;
    uint32_t head_timeout_ms;   /* from the first byte of a request to the end of its head; then 408 */
    uint32_t body_timeout_ms;   /* from the end of the head to the end of the body; then 408 */
    uint32_t idle_timeout_ms;   /* keep-alive connection with no request started since its last response;
                                   then closed (a new connection that sends nothing gets head_timeout_ms) */
    uint32_t write_timeout_ms;  /* a response the client does not read; then closed */
    uint32_t shutdown_timeout_ms; /* how long CH2O_server_stop lets requests in progress finish */
    uint32_t max_connections;   /* per loop, at most; CH2O lowers it to fit the descriptor limit. At
                                   the cap, the oldest connection that has sent nothing is closed to
                                   make room, or else the new one */
    uint32_t reserved_descriptors; /* kept out of the connection budget for files opened after start */
    uint32_t max_connections_per_client; /* per client address (IPv6: per /64), all loops together;
                                            beyond it a new connection is closed at once; 0: no cap */
    CH2O_handler handler;
    void *context;
    CH2O_log_callback log; /* called with `context`; may be NULL */
    /* Debug builds only (CH2O_TEST_HOOKS), ignored otherwise: pads `100 Continue` with this many
     * bytes of a header field, so that a test whose client does not read holds that write pending
     * as a full socket buffer would. 0 in every real configuration. */
    size_t test_continue_padding;
} CH2O_config;

/// What CH2O_server_start found and decided about descriptors.
typedef struct CH2O_limits {
    uint64_t initial_soft_limit;   /* RLIMIT_NOFILE's soft limit when the server started */
    uint64_t soft_limit;           /* after raising it to the hard limit */
    uint64_t open_at_start;        /* descriptors the process had open (database, log, listeners) */
    uint32_t connections_per_loop; /* the cap each loop applies */
} CH2O_limits;

enum {
    CH2O_OK = 0,
    CH2O_ERROR_ADDRESS = -1, /* the host did not resolve */
    CH2O_ERROR_SOCKET = -2,  /* socket, bind or listen failed; errno is in *error_number */
    CH2O_ERROR_THREAD = -3,
    CH2O_ERROR_CONFIG = -4,
};

/// Binds every loop's listener, raises the soft RLIMIT_NOFILE to the hard limit (for the whole
/// process), sizes the per-loop connection cap from it, starts the loops, and returns once all
/// of them accept; any thread.
int CH2O_server_start(const CH2O_config *config, CH2O_server **server, int *error_number);
/// The port the listeners are bound to (useful after asking for port 0); any thread.
uint16_t CH2O_server_port(const CH2O_server *server);
/// The descriptor limit and the connection cap the server runs with; any thread.
CH2O_limits CH2O_server_limits(const CH2O_server *server);
/// Stops accepting, lets requests in progress finish (answers go out with `Connection: close`),
/// waits for every suspended request to be resumed, joins the loops and frees the server.
/// Call it once, from a thread that is not a loop.
void CH2O_server_stop(CH2O_server *server);

/// 0 for a request to serve; 400, 408, 413 or 431 when the engine refused it. A refused request
/// must be answered at once (no CH2O_suspend), and its connection closes afterwards. Its method,
/// target and headers are available only when the head was read (413, and 408 while reading a body).
int CH2O_request_refusal(const CH2O_request *request);
/// Index of the loop that owns the request (0 ..< loops).
int CH2O_request_loop(const CH2O_request *request);
const char *CH2O_request_method(const CH2O_request *request, size_t *length);
/// The request target as sent (origin form: path and query, still percent-encoded).
const char *CH2O_request_target(const CH2O_request *request, size_t *length);
/// 0 for HTTP/1.0, 1 for HTTP/1.1.
int CH2O_request_minor_version(const CH2O_request *request);
size_t CH2O_request_header_count(const CH2O_request *request);
/// The header at `index`; names are lower-cased.
void CH2O_request_header(const CH2O_request *request, size_t index, const char **name, size_t *name_length,
                         const char **value, size_t *value_length);
const char *CH2O_request_body(const CH2O_request *request, size_t *length);
/// Writes the peer's address into `address` as 16 bytes of IPv6 (an IPv4 peer as its IPv4-mapped
/// address) and returns 1; 0 when it is unknown. h2o caches the peer name, so this costs no system call
/// after the first request of a connection.
int CH2O_request_peer_address(const CH2O_request *request, uint8_t address[16]);

/// Sends the response. `headers` is a block of complete `Name: value\r\n` lines without the
/// framing headers (Date, Content-Length, Connection), which the engine adds. Both blocks are
/// copied. The body is omitted for HEAD. `close` asks for the connection to close afterwards.
/// Returns 0, or -1 when the request was already answered.
int CH2O_respond(CH2O_request *request, int status, const char *headers, size_t headers_length, const char *body,
                 size_t body_length, int close);
/// Keeps the request open past the handler's return; the answer comes through CH2O_resume.
/// Returns 0, or -1 when the request cannot be suspended (refused or already answered).
int CH2O_suspend(CH2O_request *request);
/// From any thread, between CH2O_suspend and CH2O_resume: whether the client has disconnected
/// (the work for it can be skipped; CH2O_resume must still be called).
int CH2O_request_client_gone(const CH2O_request *request);
/// From any thread: runs `callback(context, request)` on the request's loop, with NULL instead of
/// the request if the client disconnected. Exactly one CH2O_resume per successful CH2O_suspend.
void CH2O_resume(CH2O_request *request, CH2O_resume_callback callback, void *context);

#endif
