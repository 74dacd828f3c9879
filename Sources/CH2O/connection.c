/* The HTTP/1.1 connection: reading a request head and body within limits, handing the request to
 * the handler, writing the response, keep-alive and pipelining, and closing.
 *
 * Why not h2o's own HTTP/1 layer (h2o_accept): in libh2o 2.2 it closes a connection silently when a
 * client is too slow (RFC 9110 §15.5.9 wants 408), answers an oversized head only after buffering
 * up to H2O_MAX_REQLEN (408 KiB) and then with a plain-text 400 instead of 431 (RFC 6585 §5), writes
 * its own English error bodies, and stops reading while a handler works, so a client that goes away
 * cannot be noticed. This file keeps H2O's event loop, sockets, timeouts, memory pools,
 * multithread queues and parser, and owns only the protocol state machine.
 *
 * One write at a time: H2O asserts that a socket has no write in flight when another starts, and
 * the assert is compiled into Debian's library. A response is written only from CH2O_HANDLING, the
 * interim `100 Continue` only from CH2O_CONTINUE, in which nothing reads or times out into a
 * response; a write that does not finish in time closes the connection instead. */
#include "ch2o_private.h"
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

static void on_read(h2o_socket_t *sock, const char *err);
static void parse_head(struct ch2o_conn *conn);
static void read_body(struct ch2o_conn *conn);

static void set_timer(struct ch2o_conn *conn, h2o_timeout_t *timeout, h2o_timeout_cb cb)
{
    if (h2o_timeout_is_linked(&conn->timer))
        h2o_timeout_unlink(&conn->timer);
    if (timeout != NULL) {
        conn->timer.cb = cb;
        h2o_timeout_link(conn->loop->evloop, timeout, &conn->timer);
    }
}

static void forget_fresh(struct ch2o_conn *conn)
{
    conn->fresh = 0;
    if (h2o_linklist_is_linked(&conn->fresh_link))
        h2o_linklist_unlink(&conn->fresh_link);
}

static void free_conn(struct ch2o_conn *conn)
{
    forget_fresh(conn);
    if (conn->client.family != 0)
        ch2o_clients_release(conn->loop->server->clients, &conn->client);
    h2o_mem_clear_pool(&conn->req.pool);
    if (h2o_linklist_is_linked(&conn->link))
        h2o_linklist_unlink(&conn->link);
    conn->loop->conn_count--;
    free(conn);
}

static void close_socket(struct ch2o_conn *conn)
{
    set_timer(conn, NULL, NULL);
    if (conn->sock != NULL) {
        h2o_socket_close(conn->sock);
        conn->sock = NULL;
    }
}

void ch2o_conn_close(struct ch2o_conn *conn)
{
    close_socket(conn);
    free_conn(conn);
}

/* A suspended request keeps its connection until CH2O_resume's message arrives. */
static void drop_client(struct ch2o_conn *conn)
{
    if (conn->state == CH2O_SUSPENDED) {
        conn->gone = 1;
        close_socket(conn);
    } else {
        ch2o_conn_close(conn);
    }
}

static void on_idle_timeout(h2o_timeout_entry_t *entry)
{
    ch2o_conn_close(H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, timer, entry));
}

static void on_linger_timeout(h2o_timeout_entry_t *entry)
{
    ch2o_conn_close(H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, timer, entry));
}

static void on_write_timeout(h2o_timeout_entry_t *entry)
{
    drop_client(H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, timer, entry));
}

static void refuse(struct ch2o_conn *conn, int status)
{
    set_timer(conn, NULL, NULL);
    conn->keep_alive = 0;
    conn->req.refusal = status;
    if (!(status == 413 || conn->state == CH2O_BODY)) {
        /* The head was not parsed, or not well: nothing of it is shown to the handler. */
        conn->req.method = conn->req.target = NULL;
        conn->req.method_len = conn->req.target_len = 0;
        conn->req.num_headers = 0;
    }
    conn->req.body = NULL;
    conn->req.body_len = 0;
    ch2o_conn_dispatch(conn);
}

/* A new connection that has sent nothing is closed without an answer, as an idle one is; one that
 * has begun a request gets 408. */
static void on_head_timeout(h2o_timeout_entry_t *entry)
{
    struct ch2o_conn *conn = H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, timer, entry);
    if (conn->state == CH2O_IDLE)
        ch2o_conn_close(conn);
    else
        refuse(conn, 408);
}

static void on_body_timeout(h2o_timeout_entry_t *entry)
{
    refuse(H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, timer, entry), 408);
}

void ch2o_conn_accept(struct ch2o_loop *loop, h2o_socket_t *sock, const struct ch2o_client_key *client)
{
    struct ch2o_conn *conn = calloc(1, sizeof *conn);
    if (conn == NULL) {
        if (client->family != 0)
            ch2o_clients_release(loop->server->clients, client);
        h2o_socket_close(sock);
        return;
    }
    conn->loop = loop;
    conn->sock = sock;
    conn->state = CH2O_IDLE;
    conn->fresh = 1;
    conn->client = *client;
    conn->req.conn = conn;
    h2o_mem_init_pool(&conn->req.pool);
    h2o_linklist_insert(&loop->conns, &conn->link);
    h2o_linklist_insert(&loop->fresh, &conn->fresh_link);
    loop->conn_count++;
    sock->data = conn;
    /* Holding a connection that has sent nothing is the cheapest attack there is: it gets the
     * head timeout, from accept to the end of its first request's head, not the idle timeout. */
    set_timer(conn, &loop->head_timeout, on_head_timeout);
    h2o_socket_read_start(sock, on_read);
}

size_t ch2o_conn_evict_fresh(struct ch2o_loop *loop, size_t count)
{
    /* A connection whose first bytes are in the kernel but not yet read has sent something: it is
     * a client about to be served, not one holding a descriptor for nothing. */
    size_t evicted = 0;
    h2o_linklist_t *node = loop->fresh.next;
    while (node != &loop->fresh && evicted < count) {
        struct ch2o_conn *conn = H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, fresh_link, node);
        node = node->next;
        int waiting = 0;
        if (ioctl(h2o_socket_get_fd(conn->sock), FIONREAD, &waiting) == 0 && waiting > 0)
            continue;
        ch2o_conn_close(conn);
        ++evicted;
    }
    return evicted;
}

static void reset_request(struct ch2o_conn *conn)
{
    h2o_mem_clear_pool(&conn->req.pool);
    struct CH2O_request *req = &conn->req;
    req->base = req->method = req->target = req->body = NULL;
    req->method_len = req->target_len = req->body_len = req->num_headers = 0;
    req->minor_version = req->refusal = req->is_head = req->responded = 0;
    conn->prev_len = conn->head_len = conn->consumed = conn->content_length = conn->chunked_scanned = 0;
    conn->chunked = 0;
}

/* The request's pointers point into the socket's input buffer, which may have moved since they
 * were taken (more input arrived); the request always starts at the buffer's first byte. */
void ch2o_rebase(struct ch2o_conn *conn)
{
    struct CH2O_request *req = &conn->req;
    if (conn->sock == NULL || req->base == NULL || req->base == conn->sock->input->bytes)
        return;
    const char *base = conn->sock->input->bytes;
#define CH2O_REBASE(p) ((p) = (p) != NULL ? base + ((p)-req->base) : NULL)
    CH2O_REBASE(req->method);
    CH2O_REBASE(req->target);
    CH2O_REBASE(req->body);
    for (size_t i = 0; i < req->num_headers; ++i) {
        CH2O_REBASE(req->headers[i].name);
        CH2O_REBASE(req->headers[i].value);
    }
#undef CH2O_REBASE
    req->base = base;
}

void ch2o_conn_dispatch(struct ch2o_conn *conn)
{
    set_timer(conn, NULL, NULL);
    conn->state = CH2O_HANDLING;
    ch2o_rebase(conn);
    CH2O_server *server = conn->loop->server;
    server->config.handler(server->config.context, &conn->req);
    ch2o_conn_finish_handler(conn);
}

/* After the handler (or a resume callback) returned. */
void ch2o_conn_finish_handler(struct ch2o_conn *conn)
{
    if (conn->state == CH2O_HANDLING && !conn->req.responded)
        ch2o_respond_bare(&conn->req, 500);
}

static void start_lingering(struct ch2o_conn *conn)
{
    /* Half-close, then read and discard what the client still sends, so that closing with unread
     * input does not reset the connection before the client has read the response. */
    conn->state = CH2O_LINGERING;
    shutdown(h2o_socket_get_fd(conn->sock), SHUT_WR);
    set_timer(conn, &conn->loop->linger_timeout, on_linger_timeout);
    if (conn->sock->input->size != 0)
        h2o_buffer_consume(&conn->sock->input, conn->sock->input->size);
    if (!h2o_socket_is_reading(conn->sock))
        h2o_socket_read_start(conn->sock, on_read);
}

static void on_drain_timeout(h2o_timeout_entry_t *entry)
{
    start_lingering(H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, timer, entry));
}

/* Stopping, with a connection idle whose client may not know it yet: a request already on its way
 * is read and answered (with `Connection: close`) during a short grace, after which the
 * connection closes by lingering (FIN, then reading until the client's), never by a reset. */
static void start_draining(struct ch2o_conn *conn)
{
    forget_fresh(conn); /* a request that starts now gets a head timer of its own */
    set_timer(conn, &conn->loop->drain_timeout, on_drain_timeout);
}

static void on_written(h2o_socket_t *sock, const char *err)
{
    struct ch2o_conn *conn = sock->data;
    if (err != NULL) {
        ch2o_conn_close(conn);
        return;
    }
    if (!conn->advertised_keep_alive) {
        /* The response said `Connection: close`. A refused request may have left a body unread,
         * a pipelining client more requests, and while the server stops a client may have sent
         * its next request before reading this answer: then linger, so that closing does not
         * reset what the client has yet to read. Otherwise the connection can go. */
        if (conn->req.refusal != 0 || conn->sock->input->size > conn->consumed || conn->loop->shutting_down)
            start_lingering(conn);
        else
            ch2o_conn_close(conn);
        return;
    }
    /* Ready for the next request, which may already be in the buffer (pipelining). The response
     * promised keep-alive, so even if stopping began meanwhile that request is answered. */
    if (conn->consumed != 0)
        h2o_buffer_consume(&conn->sock->input, conn->consumed);
    reset_request(conn);
    conn->state = CH2O_IDLE;
    if (conn->loop->shutting_down)
        start_draining(conn);
    else
        set_timer(conn, &conn->loop->idle_timeout, on_idle_timeout);
    if (!h2o_socket_is_reading(sock))
        h2o_socket_read_start(sock, on_read);
    if (conn->sock->input->size != 0)
        parse_head(conn);
}

void ch2o_conn_write(struct ch2o_conn *conn, h2o_iovec_t response)
{
    conn->state = CH2O_WRITING;
    set_timer(conn, &conn->loop->write_timeout, on_write_timeout);
    h2o_socket_write(conn->sock, &response, 1, on_written);
}

void ch2o_conn_begin_shutdown(struct ch2o_conn *conn)
{
    conn->keep_alive = 0;
    if (conn->state == CH2O_IDLE)
        start_draining(conn);
}

void ch2o_conn_force_close(struct ch2o_conn *conn)
{
    if (conn->state == CH2O_SUSPENDED) {
        if (!conn->gone)
            drop_client(conn);
    } else {
        ch2o_conn_close(conn);
    }
}

static int header_is(const struct phr_header *header, const char *name, size_t length)
{
    return header->name_len == length && memcmp(header->name, name, length) == 0;
}

/* Whether a comma-separated header value contains `token` (ASCII case-insensitive). */
static int contains_token(const char *value, size_t length, const char *token, size_t token_length)
{
    size_t i = 0;
    while (i < length) {
        while (i < length && (value[i] == ' ' || value[i] == '\t' || value[i] == ','))
            ++i;
        size_t start = i;
        while (i < length && value[i] != ',')
            ++i;
        size_t end = i;
        while (end > start && (value[end - 1] == ' ' || value[end - 1] == '\t'))
            --end;
        if (end - start == token_length && h2o_lcstris(value + start, token_length, token, token_length))
            return 1;
    }
    return 0;
}

/* Content-Length per RFC 9110 §8.6: digits only; a list of identical values is accepted. */
static int parse_content_length(const char *value, size_t length, size_t *result)
{
    size_t parsed = SIZE_MAX;
    size_t i = 0;
    while (i < length) {
        while (i < length && (value[i] == ' ' || value[i] == '\t' || value[i] == ','))
            ++i;
        if (i == length)
            break;
        size_t number = 0, digits = 0;
        while (i < length && value[i] >= '0' && value[i] <= '9') {
            if (number > (SIZE_MAX - 9) / 10)
                return -1;
            number = number * 10 + (size_t)(value[i] - '0');
            ++i;
            ++digits;
        }
        while (i < length && (value[i] == ' ' || value[i] == '\t'))
            ++i;
        if (digits == 0 || (i < length && value[i] != ','))
            return -1;
        if (parsed != SIZE_MAX && parsed != number)
            return -1;
        parsed = number;
    }
    if (parsed == SIZE_MAX)
        return -1;
    *result = parsed;
    return 0;
}

/* Whether the failed head has more header lines than the parser holds (then 431, not 400). */
static int has_too_many_headers(const char *bytes, size_t length)
{
    size_t lines = 0;
    for (size_t i = 0; i + 1 < length; ++i) {
        if (bytes[i] == '\n') {
            if (bytes[i + 1] == '\r' || bytes[i + 1] == '\n')
                break;
            ++lines;
        }
    }
    return lines > CH2O_MAX_HEADERS;
}

static void on_continue_sent(h2o_socket_t *sock, const char *err)
{
    struct ch2o_conn *conn = sock->data;
    if (err != NULL) {
        ch2o_conn_close(conn);
        return;
    }
    conn->state = CH2O_BODY;
    set_timer(conn, &conn->loop->body_timeout, on_body_timeout);
    h2o_socket_read_start(sock, on_read);
    read_body(conn);
}

/* The interim response of RFC 9110 §10.1.1. */
static void write_continue(struct ch2o_conn *conn)
{
    static const char line[] = "HTTP/1.1 100 Continue\r\n\r\n";
    h2o_iovec_t response = h2o_iovec_init(line, sizeof line - 1);
#ifdef CH2O_TEST_HOOKS
    size_t padding = conn->loop->server->config.test_continue_padding;
    if (padding != 0) {
        static const char name[] = "HTTP/1.1 100 Continue\r\nX-Padding: ";
        size_t length = sizeof name - 1 + padding + 4;
        char *bytes = h2o_mem_alloc_pool(&conn->req.pool, length);
        memcpy(bytes, name, sizeof name - 1);
        memset(bytes + sizeof name - 1, 'a', padding);
        memcpy(bytes + length - 4, "\r\n\r\n", 4);
        response = h2o_iovec_init(bytes, length);
    }
#endif
    h2o_socket_write(conn->sock, &response, 1, on_continue_sent);
}

/* Whether bytes are a token (RFC 9110 §5.6.2): one or more tchar. */
static int is_token(const char *bytes, size_t length)
{
    if (length == 0)
        return 0;
    for (size_t i = 0; i < length; ++i)
        if (!ch2o_is_tchar((unsigned char)bytes[i]))
            return 0;
    return 1;
}

static void on_head_parsed(struct ch2o_conn *conn)
{
    struct CH2O_request *req = &conn->req;
    const CH2O_config *config = &conn->loop->server->config;

    /* The method is a token (RFC 9110 §9.1). picohttpparser in libh2o 2.2.5 reads a request line
     * that starts with a space as an empty method, and takes any byte but a space or a control
     * into one. */
    if (!is_token(req->method, req->method_len)) {
        refuse(conn, 400);
        return;
    }
    /* origin-form, or `*` for OPTIONS (RFC 9112 §3.2) */
    if (req->target_len == 0 || !(req->target[0] == '/' || (req->target_len == 1 && req->target[0] == '*'))) {
        refuse(conn, 400);
        return;
    }
    /* RFC 9112 §2.3: HTTP-version is "HTTP/" DIGIT "." DIGIT, and picohttpparser accepts any minor
     * digit after "HTTP/1.". No HTTP/1.2 to 1.9 exists, and a client "MUST NOT send a version to
     * which it is not conformant" (§2.3), so such a request is a client error: 400. Not 505, which
     * §2.3 gives a server "to refuse service of the client's major protocol version": the major
     * version is 1, which is served. (RFC 9110 §2.5 would have the request read as HTTP/1.1; a
     * version that no client can honestly send is refused instead, so that a proxy in front and
     * this server cannot read one request two ways.) */
    if (req->minor_version > 1) {
        refuse(conn, 400);
        return;
    }
    int host_count = 0, has_length = 0, has_encoding = 0, expect_continue = 0, connection_close = 0,
        connection_keep_alive = 0;
    for (size_t i = 0; i < req->num_headers; ++i) {
        struct phr_header *header = &req->headers[i];
        if (header->name == NULL || header->name_len == 0) { /* obsolete line folding (RFC 9112 §5.2) */
            refuse(conn, 400);
            return;
        }
        h2o_strtolower((char *)header->name, header->name_len);
        if (header_is(header, H2O_STRLIT("host"))) {
            ++host_count;
        } else if (header_is(header, H2O_STRLIT("content-length"))) {
            size_t length;
            if (parse_content_length(header->value, header->value_len, &length) != 0 ||
                (has_length && length != conn->content_length)) {
                refuse(conn, 400);
                return;
            }
            has_length = 1;
            conn->content_length = length;
        } else if (header_is(header, H2O_STRLIT("transfer-encoding"))) {
            if (has_encoding || !h2o_lcstris(header->value, header->value_len, H2O_STRLIT("chunked"))) {
                refuse(conn, 400);
                return;
            }
            has_encoding = 1;
        } else if (header_is(header, H2O_STRLIT("connection"))) {
            connection_close |= contains_token(header->value, header->value_len, H2O_STRLIT("close"));
            connection_keep_alive |= contains_token(header->value, header->value_len, H2O_STRLIT("keep-alive"));
        } else if (header_is(header, H2O_STRLIT("expect"))) {
            if (!h2o_lcstris(header->value, header->value_len, H2O_STRLIT("100-continue"))) {
                refuse(conn, 400);
                return;
            }
            expect_continue = 1;
        }
    }
    /* RFC 9112 §3.2: exactly one Host in HTTP/1.1. §6.1: Transfer-Encoding with Content-Length is
     * refused (request smuggling), and HTTP/1.0 has no chunked coding. */
    if ((req->minor_version == 1 && host_count != 1) || host_count > 1 || (has_length && has_encoding) ||
        (has_encoding && req->minor_version == 0)) {
        refuse(conn, 400);
        return;
    }
    conn->keep_alive = req->minor_version == 1 ? !connection_close : (connection_keep_alive && !connection_close);
    req->is_head = req->method_len == 4 && memcmp(req->method, "HEAD", 4) == 0;

    /* One prefix of request targets (an API's bulk endpoints) may have larger bodies than forms. */
    conn->body_limit = config->max_body_size;
    if (config->large_body_prefix != NULL) {
        size_t prefix_len = strlen(config->large_body_prefix);
        if (req->target_len >= prefix_len && memcmp(req->target, config->large_body_prefix, prefix_len) == 0)
            conn->body_limit = config->large_body_size > config->max_body_size ? config->large_body_size : config->max_body_size;
    }
    if (has_encoding) {
        conn->chunked = 1;
        memset(&conn->chunked_decoder, 0, sizeof conn->chunked_decoder);
    } else if (has_length && conn->content_length > conn->body_limit) {
        refuse(conn, 413);
        return;
    } else if (!has_length || conn->content_length == 0) {
        conn->consumed = conn->head_len;
        ch2o_conn_dispatch(conn);
        return;
    }
    if (expect_continue && req->minor_version == 1 && conn->sock->input->size == conn->head_len) {
        /* RFC 9110 §10.1.1. Nothing may answer the request while the interim response is being
         * written (H2O allows one write at a time, and asserts it): reading and the body timer
         * wait until it is out, and meanwhile the write timer runs, whose expiry closes the
         * connection without writing. A client that does not read `100 Continue` would not read
         * a 408 either. */
        conn->state = CH2O_CONTINUE;
        set_timer(conn, &conn->loop->write_timeout, on_write_timeout);
        h2o_socket_read_stop(conn->sock);
        write_continue(conn);
        return;
    }
    conn->state = CH2O_BODY;
    set_timer(conn, &conn->loop->body_timeout, on_body_timeout);
    read_body(conn);
}

static void parse_head(struct ch2o_conn *conn)
{
    h2o_buffer_t *input = conn->sock->input;
    const CH2O_config *config = &conn->loop->server->config;
    if (input->size == 0)
        return;
    if (conn->state == CH2O_IDLE) {
        conn->state = CH2O_HEAD;
        if (conn->fresh)
            forget_fresh(conn); /* its head timer has been running since accept */
        else
            set_timer(conn, &conn->loop->head_timeout, on_head_timeout);
    }
    size_t scan = input->size < config->max_head_size ? input->size : config->max_head_size;
    struct CH2O_request *req = &conn->req;
    req->num_headers = CH2O_MAX_HEADERS;
    int result = phr_parse_request(input->bytes, scan, &req->method, &req->method_len, &req->target, &req->target_len,
                                   &req->minor_version, req->headers, &req->num_headers, conn->prev_len);
    conn->prev_len = scan;
    if (result == -2) {
        if (scan >= config->max_head_size)
            refuse(conn, 431);
        return;
    }
    if (result < 0) {
        /* A client that sends only line breaks between requests is tolerated (RFC 9112 §2.2). */
        refuse(conn, has_too_many_headers(input->bytes, scan) ? 431 : 400);
        return;
    }
    req->base = input->bytes;
    conn->head_len = (size_t)result;
    on_head_parsed(conn);
}

static void read_body(struct ch2o_conn *conn)
{
    h2o_buffer_t *input = conn->sock->input;
    struct CH2O_request *req = &conn->req;

    if (!conn->chunked) {
        if (input->size < conn->head_len + conn->content_length)
            return;
        ch2o_rebase(conn);
        req->body = input->bytes + conn->head_len;
        req->body_len = conn->content_length;
        conn->consumed = conn->head_len + conn->content_length;
        ch2o_conn_dispatch(conn);
        return;
    }

    /* Chunked: decode in place what arrived since the last call; the decoded body grows from
     * the end of the head, and whatever follows the body is moved after it. */
    size_t start = conn->head_len + conn->chunked_scanned;
    if (input->size <= start)
        return;
    size_t size = input->size - start;
    ssize_t result = ch2o_chunked_decode(&conn->chunked_decoder, input->bytes + start, &size);
    input->size = start + size;
    conn->chunked_scanned += size;
    if (result == CH2O_CHUNKED_INVALID) {
        refuse(conn, 400);
        return;
    }
    /* A chunk announced larger than what the body may still hold is refused before it arrives. */
    if (conn->chunked_scanned > conn->body_limit ||
        conn->chunked_decoder.chunk_left > conn->body_limit - conn->chunked_scanned) {
        refuse(conn, 413);
        return;
    }
    if (result == CH2O_CHUNKED_INCOMPLETE)
        return;
    input->size += (size_t)result; /* the bytes after the body (the next pipelined request) */
    ch2o_rebase(conn);
    req->body = input->bytes + conn->head_len;
    req->body_len = conn->chunked_scanned;
    conn->consumed = conn->head_len + conn->chunked_scanned;
    ch2o_conn_dispatch(conn);
}

static void on_read(h2o_socket_t *sock, const char *err)
{
    struct ch2o_conn *conn = sock->data;
    if (err != NULL) {
        if (conn->state == CH2O_WRITING) {
            /* Possibly only a half-close: finish writing, the write reports real failure. */
            h2o_socket_read_stop(sock);
            conn->keep_alive = 0;
            return;
        }
        drop_client(conn);
        return;
    }
    const CH2O_config *config = &conn->loop->server->config;
    switch (conn->state) {
    case CH2O_IDLE:
    case CH2O_HEAD:
        parse_head(conn);
        break;
    case CH2O_BODY:
        read_body(conn);
        break;
    case CH2O_LINGERING:
        h2o_buffer_consume(&sock->input, sock->input->size);
        break;
    default:
        /* Pipelined input while a response is pending: keep reading (to notice a disconnect),
         * but stop once a whole further request could not fit. */
        if (sock->input->size > conn->consumed + config->max_head_size + conn->body_limit)
            h2o_socket_read_stop(sock);
        break;
    }
}

void ch2o_conn_on_resume(h2o_multithread_receiver_t *receiver, h2o_linklist_t *messages)
{
    (void)receiver;
    while (!h2o_linklist_is_empty(messages)) {
        h2o_multithread_message_t *message = H2O_STRUCT_FROM_MEMBER(h2o_multithread_message_t, link, messages->next);
        h2o_linklist_unlink(&message->link);
        struct ch2o_conn *conn = H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, resume_message, message);
        CH2O_resume_callback callback = conn->resume_callback;
        void *context = conn->resume_context;
        conn->resume_callback = NULL;
        conn->resume_context = NULL;
        if (conn->gone || conn->sock == NULL) {
            callback(context, NULL);
            free_conn(conn);
            continue;
        }
        conn->state = CH2O_HANDLING;
        ch2o_rebase(conn);
        callback(context, &conn->req);
        ch2o_conn_finish_handler(conn);
    }
}
