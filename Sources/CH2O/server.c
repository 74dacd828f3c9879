/* The server: one H2O event loop per thread, each with its own SO_REUSEPORT listener, a
 * multithread queue for resumed requests and stop messages, and the timeouts its connections use. */
#include "ch2o_private.h"
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

void ch2o_log(CH2O_server *server, enum ch2o_log_kind kind, const char *format, ...)
{
    if (server->config.log == NULL)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint64_t now_ms = (uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000 + 1; /* never 0 */
    pthread_mutex_lock(&server->mutex);
    int due = server->logged_at[kind] == 0 || now_ms - server->logged_at[kind] >= 60000;
    uint64_t unlogged = server->unlogged[kind];
    if (due) {
        server->logged_at[kind] = now_ms;
        server->unlogged[kind] = 0;
    } else {
        server->unlogged[kind]++;
    }
    pthread_mutex_unlock(&server->mutex);
    if (!due)
        return;
    char message[512];
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    if (unlogged != 0 && length > 0 && (size_t)length < sizeof message)
        snprintf(message + length, sizeof message - (size_t)length, " (%llu more times since the last such message)",
                 (unsigned long long)unlogged);
    server->config.log(server->config.context, message);
}

static int open_listener(const struct addrinfo *address, uint16_t port, int *error_number)
{
    struct sockaddr_storage storage;
    memcpy(&storage, address->ai_addr, address->ai_addrlen);
    if (storage.ss_family == AF_INET)
        ((struct sockaddr_in *)&storage)->sin_port = htons(port);
    else
        ((struct sockaddr_in6 *)&storage)->sin6_port = htons(port);

    int fd = socket(address->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0), on = 1;
    if (fd < 0) {
        *error_number = errno;
        return -1;
    }
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0 ||
        bind(fd, (struct sockaddr *)&storage, address->ai_addrlen) != 0 || listen(fd, SOMAXCONN) != 0) {
        *error_number = errno;
        close(fd);
        return -1;
    }
    return fd;
}

static uint16_t bound_port(int fd)
{
    struct sockaddr_storage storage;
    socklen_t length = sizeof storage;
    if (getsockname(fd, (struct sockaddr *)&storage, &length) != 0)
        return 0;
    if (storage.ss_family == AF_INET)
        return ntohs(((struct sockaddr_in *)&storage)->sin_port);
    return ntohs(((struct sockaddr_in6 *)&storage)->sin6_port);
}

/* Counts the connection against its client's cap; 0 when the client is at the cap. */
static int admit_client(CH2O_server *server, h2o_socket_t *sock, struct ch2o_client_key *client)
{
    struct sockaddr_storage address;
    if (server->clients == NULL || h2o_socket_getpeername(sock, (struct sockaddr *)&address) == 0 ||
        ch2o_client_key_of((struct sockaddr *)&address, client) != 0) {
        client->family = 0;
        return 1;
    }
    int acquired = ch2o_clients_acquire(server->clients, client, server->config.max_connections_per_client);
    if (acquired == 0) {
        char text[INET6_ADDRSTRLEN] = "?";
        const void *bytes = address.ss_family == AF_INET ? (const void *)&((struct sockaddr_in *)&address)->sin_addr
                                                         : (const void *)&((struct sockaddr_in6 *)&address)->sin6_addr;
        inet_ntop(address.ss_family, bytes, text, sizeof text);
        ch2o_log(server, CH2O_LOG_CLIENT_CAP, "connection from %s refused: it has %u open, the most one client may have",
                 text, server->config.max_connections_per_client);
        client->family = 0;
        return 0;
    }
    if (acquired < 0)
        client->family = 0;
    return 1;
}

/* How long accepting stops when the process is out of descriptors: long enough not to spin on a
 * listen queue that stays readable, short enough that clients in it wait no more than that. */
#define ACCEPT_PAUSE_MS 100

/* When stopping, how long a connection that was idle stays open for a request already on its way. */
#define DRAIN_MS 1000

static void on_accept(h2o_socket_t *listener, const char *err);

static void on_accept_pause_end(h2o_timeout_entry_t *entry)
{
    struct ch2o_loop *loop = H2O_STRUCT_FROM_MEMBER(struct ch2o_loop, accept_pause_entry, entry);
    if (loop->listener != NULL && !loop->shutting_down)
        h2o_socket_read_start(loop->listener, on_accept);
}

/* accept4 failed for want of descriptors (or memory): stop accepting for a moment, and free the
 * descriptors held by connections that have sent nothing. Never retried at once: the connection
 * stays in the listen queue and the listener stays readable, which used to spin the loop. */
static void pause_accepting(struct ch2o_loop *loop, int error)
{
    h2o_socket_read_stop(loop->listener);
    if (!h2o_timeout_is_linked(&loop->accept_pause_entry))
        h2o_timeout_link(loop->evloop, &loop->accept_pause_timeout, &loop->accept_pause_entry);
    size_t closed = ch2o_conn_evict_fresh(loop, SIZE_MAX);
    ch2o_log(loop->server, CH2O_LOG_DESCRIPTORS,
             "cannot accept connections: %s (descriptor limit %llu); accepting paused for %d ms, "
             "%zu connections that had sent nothing closed, %zu open on loop %d",
             strerror(error), (unsigned long long)loop->server->limits.soft_limit, ACCEPT_PAUSE_MS, closed,
             loop->conn_count, loop->index);
}

/* Accepts one connection from the listen queue; 0 when the queue is empty or accepting paused. */
static int accept_one(struct ch2o_loop *loop)
{
    h2o_socket_t *sock = h2o_evloop_socket_accept(loop->listener);
    if (sock == NULL) {
        int error = errno;
        if (error == EAGAIN || error == EWOULDBLOCK)
            return 0;
        if (error == EINTR || error == ECONNABORTED || error == EPROTO)
            return 1; /* that connection is gone, the next may not be */
        pause_accepting(loop, error); /* EMFILE, ENFILE, ENOBUFS, ENOMEM, or anything unforeseen */
        return 0;
    }
    if (loop->shutting_down) {
        h2o_socket_close(sock);
        return 1;
    }
    struct ch2o_client_key client = {0};
    if (!admit_client(loop->server, sock, &client)) {
        h2o_socket_close(sock);
        return 1;
    }
    /* At the cap, the connection that has held a descriptor longest for nothing makes room. */
    if (loop->conn_count >= loop->max_connections) {
        if (ch2o_conn_evict_fresh(loop, 1) == 0) {
            ch2o_log(loop->server, CH2O_LOG_LOOP_CAP_REFUSED,
                     "connection refused: loop %d holds %zu connections, its cap, and each has sent something",
                     loop->index, loop->conn_count);
            if (client.family != 0)
                ch2o_clients_release(loop->server->clients, &client);
            h2o_socket_close(sock);
            return 1;
        }
        ch2o_log(loop->server, CH2O_LOG_LOOP_CAP_EVICTED,
                 "loop %d is at its cap of %u connections: the oldest that had sent nothing was closed for a new one",
                 loop->index, loop->max_connections);
    }
    int on = 1;
    setsockopt(h2o_socket_get_fd(sock), IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    ch2o_conn_accept(loop, sock, &client);
    return 1;
}

static void on_accept(h2o_socket_t *listener, const char *err)
{
    struct ch2o_loop *loop = listener->data;
    if (err != NULL)
        return;
    /* Accept what is waiting, a bounded number per wake-up so one loop cannot starve its others. */
    for (int i = 0; i < 32; ++i)
        if (!accept_one(loop))
            return;
}

static void close_listener(struct ch2o_loop *loop)
{
    if (loop->listener != NULL) {
        h2o_socket_read_stop(loop->listener);
        h2o_socket_close(loop->listener); /* closes listen_fd */
        loop->listener = NULL;
        loop->listen_fd = -1;
    }
}

static void on_shutdown_timeout(h2o_timeout_entry_t *entry)
{
    struct ch2o_loop *loop = H2O_STRUCT_FROM_MEMBER(struct ch2o_loop, shutdown_entry, entry);
    /* Whatever is still open now is cut off; suspended requests stay counted until resumed. */
    h2o_linklist_t *node = loop->conns.next;
    while (node != &loop->conns) {
        struct ch2o_conn *conn = H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, link, node);
        node = node->next;
        ch2o_conn_force_close(conn);
    }
}

static void on_control(h2o_multithread_receiver_t *receiver, h2o_linklist_t *messages)
{
    struct ch2o_loop *loop = H2O_STRUCT_FROM_MEMBER(struct ch2o_loop, control_receiver, receiver);
    while (!h2o_linklist_is_empty(messages)) {
        h2o_linklist_unlink(messages->next);
        if (loop->shutting_down)
            continue;
        /* Closing a listener resets the connections still in its queue, whose clients may have
         * sent a request: they are accepted first, and answered like every other. */
        if (!h2o_timeout_is_linked(&loop->accept_pause_entry))
            for (int i = 0; i < 4096 && accept_one(loop); ++i)
                ;
        loop->shutting_down = 1;
        if (h2o_timeout_is_linked(&loop->accept_pause_entry))
            h2o_timeout_unlink(&loop->accept_pause_entry);
        close_listener(loop);
        h2o_linklist_t *node = loop->conns.next;
        while (node != &loop->conns) {
            struct ch2o_conn *conn = H2O_STRUCT_FROM_MEMBER(struct ch2o_conn, link, node);
            node = node->next;
            ch2o_conn_begin_shutdown(conn);
        }
        h2o_timeout_link(loop->evloop, &loop->shutdown_timeout, &loop->shutdown_entry);
    }
}

static void *run_loop(void *argument)
{
    struct ch2o_loop *loop = argument;
    CH2O_server *server = loop->server;
    const CH2O_config *config = &server->config;

    loop->evloop = h2o_evloop_create();
    h2o_linklist_init_anchor(&loop->conns);
    h2o_linklist_init_anchor(&loop->fresh);
    loop->max_connections = server->limits.connections_per_loop;
    h2o_timeout_init(loop->evloop, &loop->head_timeout, config->head_timeout_ms);
    h2o_timeout_init(loop->evloop, &loop->body_timeout, config->body_timeout_ms);
    h2o_timeout_init(loop->evloop, &loop->idle_timeout, config->idle_timeout_ms);
    h2o_timeout_init(loop->evloop, &loop->write_timeout, config->write_timeout_ms);
    h2o_timeout_init(loop->evloop, &loop->linger_timeout, 2000);
    h2o_timeout_init(loop->evloop, &loop->shutdown_timeout, config->shutdown_timeout_ms);
    h2o_timeout_init(loop->evloop, &loop->accept_pause_timeout, ACCEPT_PAUSE_MS);
    h2o_timeout_init(loop->evloop, &loop->drain_timeout,
                     config->shutdown_timeout_ms < DRAIN_MS ? config->shutdown_timeout_ms : DRAIN_MS);
    loop->shutdown_entry.cb = on_shutdown_timeout;
    loop->accept_pause_entry.cb = on_accept_pause_end;
    loop->queue = h2o_multithread_create_queue(loop->evloop);
    h2o_multithread_register_receiver(loop->queue, &loop->resume_receiver, ch2o_conn_on_resume);
    h2o_multithread_register_receiver(loop->queue, &loop->control_receiver, on_control);
    loop->listener = h2o_evloop_socket_create(loop->evloop, loop->listen_fd, H2O_SOCKET_FLAG_DONT_READ);
    loop->listener->data = loop;
    h2o_socket_read_start(loop->listener, on_accept);

    pthread_mutex_lock(&server->mutex);
    server->ready_count++;
    pthread_cond_broadcast(&server->ready_cond);
    pthread_mutex_unlock(&server->mutex);

    while (!(loop->shutting_down && loop->conn_count == 0))
        h2o_evloop_run(loop->evloop, loop->shutting_down ? 50 : INT32_MAX);

    if (h2o_timeout_is_linked(&loop->shutdown_entry))
        h2o_timeout_unlink(&loop->shutdown_entry);
    if (h2o_timeout_is_linked(&loop->accept_pause_entry))
        h2o_timeout_unlink(&loop->accept_pause_entry);
    h2o_multithread_unregister_receiver(loop->queue, &loop->resume_receiver);
    h2o_multithread_unregister_receiver(loop->queue, &loop->control_receiver);
    h2o_multithread_destroy_queue(loop->queue);
    h2o_timeout_dispose(loop->evloop, &loop->head_timeout);
    h2o_timeout_dispose(loop->evloop, &loop->body_timeout);
    h2o_timeout_dispose(loop->evloop, &loop->idle_timeout);
    h2o_timeout_dispose(loop->evloop, &loop->write_timeout);
    h2o_timeout_dispose(loop->evloop, &loop->linger_timeout);
    h2o_timeout_dispose(loop->evloop, &loop->shutdown_timeout);
    h2o_timeout_dispose(loop->evloop, &loop->accept_pause_timeout);
    h2o_timeout_dispose(loop->evloop, &loop->drain_timeout);
    /* One more turn frees the sockets closed above before the loop goes. */
    h2o_evloop_run(loop->evloop, 0);
    h2o_evloop_destroy(loop->evloop);
    return NULL;
}

static void free_server(CH2O_server *server)
{
    for (int i = 0; i < server->loop_count; ++i)
        if (server->loops[i].listen_fd >= 0 && server->loops[i].listener == NULL)
            close(server->loops[i].listen_fd);
    pthread_mutex_destroy(&server->mutex);
    pthread_cond_destroy(&server->ready_cond);
    ch2o_clients_destroy(server->clients);
    free((char *)server->config.large_body_prefix);
    free(server->loops);
    free(server);
}

int CH2O_server_start(const CH2O_config *config, CH2O_server **out, int *error_number)
{
    *out = NULL;
    *error_number = 0;
    if (config->loops < 1 || config->loops > 256 || config->handler == NULL || config->max_head_size < 64 ||
        config->max_connections < 1)
        return CH2O_ERROR_CONFIG;

    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE}, *addresses;
    if (getaddrinfo(config->host, NULL, &hints, &addresses) != 0 || addresses == NULL)
        return CH2O_ERROR_ADDRESS;

    CH2O_server *server = calloc(1, sizeof *server);
    server->config = *config;
    server->config.host = NULL; /* not kept: the caller owns the string */
    server->config.large_body_prefix = config->large_body_prefix != NULL ? strdup(config->large_body_prefix) : NULL;
    server->loop_count = config->loops;
    server->loops = calloc((size_t)config->loops, sizeof *server->loops);
    pthread_mutex_init(&server->mutex, NULL);
    pthread_cond_init(&server->ready_cond, NULL);
    for (int i = 0; i < server->loop_count; ++i)
        server->loops[i].listen_fd = -1;
    if (config->max_connections_per_client != 0 && (server->clients = ch2o_clients_create()) == NULL) {
        freeaddrinfo(addresses);
        free_server(server);
        return CH2O_ERROR_CONFIG;
    }

    /* SO_REUSEPORT would let a second server share a port already in use (by the same user):
     * a probe without it tells that the port is taken. */
    if (config->port != 0) {
        struct sockaddr_storage storage;
        memcpy(&storage, addresses->ai_addr, addresses->ai_addrlen);
        if (storage.ss_family == AF_INET)
            ((struct sockaddr_in *)&storage)->sin_port = htons(config->port);
        else
            ((struct sockaddr_in6 *)&storage)->sin6_port = htons(config->port);
        int probe = socket(addresses->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0), on = 1;
        if (probe >= 0) {
            setsockopt(probe, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
            if (bind(probe, (struct sockaddr *)&storage, addresses->ai_addrlen) != 0) {
                *error_number = errno;
                close(probe);
                freeaddrinfo(addresses);
                free_server(server);
                return CH2O_ERROR_SOCKET;
            }
            close(probe);
        }
    }

    /* The first listener may ask for port 0; the others join the port it got. */
    uint16_t port = config->port;
    for (int i = 0; i < server->loop_count; ++i) {
        int fd = open_listener(addresses, port, error_number);
        if (fd < 0) {
            freeaddrinfo(addresses);
            free_server(server);
            return CH2O_ERROR_SOCKET;
        }
        server->loops[i].listen_fd = fd;
        if (i == 0)
            port = bound_port(fd);
    }
    freeaddrinfo(addresses);
    server->port = port;
    ch2o_size_connection_cap(server);

    for (int i = 0; i < server->loop_count; ++i) {
        struct ch2o_loop *loop = &server->loops[i];
        loop->server = server;
        loop->index = i;
        if (pthread_create(&loop->thread, NULL, run_loop, loop) != 0) {
            /* Loops already running are stopped the normal way. */
            *error_number = errno;
            for (int j = i; j < server->loop_count; ++j) {
                close(server->loops[j].listen_fd);
                server->loops[j].listen_fd = -1;
            }
            server->loop_count = i;
            CH2O_server_stop(server);
            return CH2O_ERROR_THREAD;
        }
    }
    pthread_mutex_lock(&server->mutex);
    while (server->ready_count < server->loop_count)
        pthread_cond_wait(&server->ready_cond, &server->mutex);
    pthread_mutex_unlock(&server->mutex);
    *out = server;
    return CH2O_OK;
}

uint16_t CH2O_server_port(const CH2O_server *server) { return server->port; }
CH2O_limits CH2O_server_limits(const CH2O_server *server) { return server->limits; }

void CH2O_server_stop(CH2O_server *server)
{
    pthread_mutex_lock(&server->mutex);
    while (server->ready_count < server->loop_count)
        pthread_cond_wait(&server->ready_cond, &server->mutex);
    pthread_mutex_unlock(&server->mutex);
    for (int i = 0; i < server->loop_count; ++i)
        h2o_multithread_send_message(&server->loops[i].control_receiver, &server->loops[i].stop_message);
    for (int i = 0; i < server->loop_count; ++i)
        pthread_join(server->loops[i].thread, NULL);
    free_server(server);
}
