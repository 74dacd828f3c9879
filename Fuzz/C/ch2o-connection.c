/* CH2O's HTTP/1.1 connection state machine (Sources/CH2O/connection.c and response.c, compiled
 * into this target with the fuzzer's instrumentation) driven with arbitrary bytes over a loopback
 * socket pair, on one H2O event loop, with picohttpparser from Debian's libh2o-evloop.
 *
 * Input: one byte of options, then what the client sends. The options choose how the bytes
 * arrive (reads of 1 to 32 bytes, of 256, or split where the input has the byte 0xFF), what the
 * handler does (answer at once, suspend and resume, answer and close, leave the request
 * unanswered), whether the client half-closes or closes at the end, and whether the event loop's
 * timeouts are long or already due (so that 408 races with the rest).
 *
 * Invariants: every request the handler sees is well formed (refusal one of 0, 400, 408, 413,
 * 431; a method, an origin-form target, HTTP/1.0 or 1.1, lower-case header names, a body within
 * the limit and, with Content-Length, of that length) and every byte it is given is readable
 * (ASan); what the client receives is a sequence of complete HTTP/1.1 responses (interim 100
 * Continue allowed), as many as the handler answered, in order, with their own statuses, and
 * nothing after one that says `Connection: close`; once the client has gone, the connection is
 * freed (none outlives its client); no memory error or leak (ASan, LeakSanitizer). */
#include "ch2o_private.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_HEAD 16384
#define MAX_BODY 65536
#define MAX_REQUESTS 256

static void fail(const char *what)
{
    fprintf(stderr, "genkan-fuzz: invariant broken: %s\n", what);
    abort();
}

enum handler_mode { ANSWER, SUSPEND, ANSWER_AND_CLOSE, NO_ANSWER };

struct run {
    enum handler_mode mode;
    size_t requests;                 /* handler calls */
    int statuses[MAX_REQUESTS];      /* the status answered to each, 0 until answered */
    int heads[MAX_REQUESTS];         /* whether it was a HEAD request (no body in the response) */
    int closes[MAX_REQUESTS];        /* whether the answer asked to close */
};

static struct run current;
static h2o_evloop_t *evloop;
static struct ch2o_loop loops[2]; /* patient and impatient (every timeout already due) */
static CH2O_server server;

static int is_refusal(int status)
{
    return status == 400 || status == 408 || status == 413 || status == 431;
}

/* Read by check_request, so that every byte of a request is read (and ASan sees a bad pointer). */
volatile unsigned ch2o_fuzz_sink;

static void check_request(CH2O_request *request)
{
    unsigned sum = 0;
    int refusal = CH2O_request_refusal(request);
    if (refusal != 0 && !is_refusal(refusal))
        fail("a refusal other than 400, 408, 413 or 431");
    size_t method_length, target_length, body_length;
    const char *method = CH2O_request_method(request, &method_length);
    const char *target = CH2O_request_target(request, &target_length);
    const char *body = CH2O_request_body(request, &body_length);
    if (refusal == 0) {
        if (method_length == 0 || method == NULL)
            fail("a request without a method");
        if (target_length == 0 || !(target[0] == '/' || (target_length == 1 && target[0] == '*')))
            fail("a target that is not origin-form or *");
        int minor = CH2O_request_minor_version(request);
        if (minor != 0 && minor != 1)
            fail("a version other than HTTP/1.0 or 1.1");
    }
    if (body_length > MAX_BODY)
        fail("a body over the limit");
    for (size_t i = 0; i < method_length; ++i) sum += (unsigned char)method[i];
    for (size_t i = 0; i < target_length; ++i) sum += (unsigned char)target[i];
    for (size_t i = 0; i < body_length; ++i) sum += (unsigned char)body[i];
    size_t count = CH2O_request_header_count(request);
    if (count > CH2O_MAX_HEADERS)
        fail("more headers than the array holds");
    for (size_t i = 0; i < count; ++i) {
        const char *name, *value;
        size_t name_length, value_length;
        CH2O_request_header(request, i, &name, &name_length, &value, &value_length);
        for (size_t j = 0; j < name_length; ++j) {
            if (name[j] >= 'A' && name[j] <= 'Z')
                fail("a header name that is not lower-cased");
            sum += (unsigned char)name[j];
        }
        for (size_t j = 0; j < value_length; ++j) sum += (unsigned char)value[j];
        /* With Content-Length, the body is exactly that long (the engine checked the value). */
        if (refusal == 0 && name_length == 14 && memcmp(name, "content-length", 14) == 0) {
            /* The first element of the list (RFC 9110 §5.6.1: empty elements are skipped; the
             * engine has checked that all are equal). */
            size_t length = 0, j = 0;
            while (j < value_length && (value[j] == ' ' || value[j] == '\t' || value[j] == ','))
                ++j;
            for (; j < value_length && value[j] >= '0' && value[j] <= '9'; ++j)
                length = length * 10 + (size_t)(value[j] - '0');
            if (length != body_length)
                fail("a body of another length than its Content-Length");
        }
    }
    ch2o_fuzz_sink = sum;
}

static void answer(CH2O_request *request, size_t index, int status, int close)
{
    static const char headers[] = "Content-Type: text/plain\r\nX-Fuzz: 1\r\n";
    if (CH2O_respond(request, status, headers, sizeof headers - 1, "answer", 6, close) != 0)
        fail("CH2O_respond refused the first answer");
    current.statuses[index] = status;
    current.closes[index] = close;
    if (CH2O_respond(request, 200, "", 0, "", 0, 0) == 0)
        fail("a request answered twice");
}

static void on_resume(void *context, CH2O_request *request)
{
    size_t index = (size_t)(uintptr_t)context;
    if (request != NULL)
        answer(request, index, 202, 0);
}

static void handle(void *context, CH2O_request *request)
{
    (void)context;
    check_request(request);
    if (current.requests >= MAX_REQUESTS)
        fail("more requests than the input can hold");
    size_t index = current.requests++;
    size_t method_length;
    const char *method = CH2O_request_method(request, &method_length);
    current.heads[index] = method_length == 4 && memcmp(method, "HEAD", 4) == 0;
    int refusal = CH2O_request_refusal(request);
    if (refusal != 0) {
        if (CH2O_suspend(request) == 0)
            fail("a refused request could be suspended");
        answer(request, index, refusal, 0);
        return;
    }
    switch (current.mode) {
    case ANSWER: answer(request, index, 200, 0); break;
    case ANSWER_AND_CLOSE: answer(request, index, 201, 1); break;
    case NO_ANSWER: current.statuses[index] = 500; current.closes[index] = 1; break; /* CH2O answers a bare 500 */
    case SUSPEND:
        if (CH2O_suspend(request) != 0)
            fail("a request could not be suspended");
        CH2O_resume(request, on_resume, (void *)(uintptr_t)index);
        break;
    }
}

static void init_loop(struct ch2o_loop *loop, int index, uint32_t timeout_ms)
{
    loop->server = &server;
    loop->index = index;
    loop->listen_fd = -1;
    loop->evloop = evloop;
    h2o_linklist_init_anchor(&loop->conns);
    h2o_linklist_init_anchor(&loop->fresh);
    loop->max_connections = 16;
    h2o_timeout_init(evloop, &loop->head_timeout, timeout_ms);
    h2o_timeout_init(evloop, &loop->body_timeout, timeout_ms);
    h2o_timeout_init(evloop, &loop->idle_timeout, timeout_ms);
    h2o_timeout_init(evloop, &loop->write_timeout, timeout_ms);
    h2o_timeout_init(evloop, &loop->linger_timeout, timeout_ms);
    h2o_timeout_init(evloop, &loop->shutdown_timeout, timeout_ms);
    h2o_timeout_init(evloop, &loop->drain_timeout, timeout_ms);
    h2o_timeout_init(evloop, &loop->accept_pause_timeout, timeout_ms);
    loop->queue = h2o_multithread_create_queue(evloop);
    h2o_multithread_register_receiver(loop->queue, &loop->resume_receiver, ch2o_conn_on_resume);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    signal(SIGPIPE, SIG_IGN);
    evloop = h2o_evloop_create();
    server.config.max_head_size = MAX_HEAD;
    server.config.max_body_size = MAX_BODY;
    server.config.max_connections = 16;
    server.config.loops = 1;
    server.config.handler = handle;
    server.loop_count = 1;
    init_loop(&loops[0], 0, 60000);
    init_loop(&loops[1], 0, 0);
    return 0;
}

/* Runs the loop until nothing is left to do now. */
static void turn(void)
{
    for (int i = 0; i < 4; ++i)
        h2o_evloop_run(evloop, 0);
}

static void receive(int fd, char **output, size_t *length, size_t *capacity)
{
    for (;;) {
        if (*capacity - *length < 4096) {
            *capacity = *capacity * 2 + 4096;
            *output = realloc(*output, *capacity);
        }
        ssize_t n = read(fd, *output + *length, *capacity - *length);
        if (n <= 0)
            return;
        *length += (size_t)n;
    }
}

/* Reads one response from `text`; returns its length, or 0 when it is not a whole response. */
static size_t parse_response(const char *text, size_t length, int *status, int *close, int head)
{
    if (length < 17 || memcmp(text, "HTTP/1.1 ", 9) != 0)
        return 0;
    *status = (text[9] - '0') * 100 + (text[10] - '0') * 10 + (text[11] - '0');
    const char *end = memmem(text, length, "\r\n\r\n", 4);
    if (end == NULL)
        return 0;
    size_t head_length = (size_t)(end - text) + 4;
    *close = memmem(text, head_length, "\r\nConnection: close\r\n", 21) != NULL;
    if (*status == 100)
        return head_length;
    const char *field = memmem(text, head_length, "\r\nContent-Length: ", 18);
    if (field == NULL)
        return 0;
    size_t body = (size_t)strtoul(field + 18, NULL, 10);
    if (head)
        body = 0;
    if (length - head_length < body)
        return 0;
    return head_length + body;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t options = data[0];
    const uint8_t *input = data + 1;
    size_t input_size = size - 1;
    memset(&current, 0, sizeof current);
    current.mode = (enum handler_mode)(options & 3);
    size_t step = (options >> 2) & 7;              /* 0: split at 0xFF; 7: 256; else 1 << step */
    int half_close = (options >> 5) & 1;
    struct ch2o_loop *loop = &loops[(options >> 6) & 1];
    int keep_open = options >> 7;                  /* the client waits for answers before leaving */

    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
        fail("socketpair");
    fcntl(fds[1], F_SETFL, O_NONBLOCK);
    int size_limit = 1 << 20;
    setsockopt(fds[1], SOL_SOCKET, SO_SNDBUF, &size_limit, sizeof size_limit);
    h2o_socket_t *sock = h2o_evloop_socket_create(evloop, fds[0], 0);
    struct ch2o_client_key uncounted = {0, 0}; /* no cap per client address (server.clients is NULL) */
    ch2o_conn_accept(loop, sock, &uncounted);

    char *output = NULL;
    size_t output_length = 0, output_capacity = 0;
    size_t at = 0;
    while (at < input_size) {
        size_t n;
        if (step == 0) {
            const uint8_t *mark = memchr(input + at, 0xFF, input_size - at);
            n = mark == NULL ? input_size - at : (size_t)(mark - (input + at));
        } else {
            n = step == 7 ? 256 : (size_t)1 << step;
            if (n > input_size - at)
                n = input_size - at;
        }
        if (n != 0 && write(fds[1], input + at, n) != (ssize_t)n) {
            if (errno != EPIPE && errno != ECONNRESET)
                fail("the client could not send");
            break; /* the server closed the connection */
        }
        at += n + (step == 0 && at + n < input_size); /* skip the 0xFF separator */
        turn();
        receive(fds[1], &output, &output_length, &output_capacity);
    }
    if (keep_open) {
        turn();
        receive(fds[1], &output, &output_length, &output_capacity);
    }
    if (half_close) {
        shutdown(fds[1], SHUT_WR);
        turn();
        receive(fds[1], &output, &output_length, &output_capacity);
    }
    close(fds[1]);
    for (int i = 0; i < 64 && loop->conn_count != 0; ++i)
        h2o_evloop_run(evloop, 0);
    if (loop->conn_count != 0)
        fail("a connection outlives its client");
    turn(); /* frees the closed sockets */

    /* What the client received: the answers, in order, then nothing after a close. */
    size_t offset = 0, answered = 0;
    int closed = 0;
    while (offset < output_length) {
        int status = 0, close_flag = 0;
        if (closed)
            fail("bytes after a response that closed the connection");
        size_t n = parse_response(output + offset, output_length - offset, &status, &close_flag,
                                  answered < current.requests && current.heads[answered]);
        if (n == 0)
            fail("the client received something that is not a whole HTTP/1.1 response");
        offset += n;
        if (status == 100)
            continue;
        if (answered >= current.requests)
            fail("more responses than requests answered");
        if (status != current.statuses[answered])
            fail("a response with another status than the handler gave");
        if (current.closes[answered] && !close_flag)
            fail("an answer that asked to close said keep-alive");
        closed = close_flag;
        ++answered;
    }
    /* Answers may be lost only when the client left before reading them; one that stayed read them all. */
    if (keep_open && !half_close && answered < current.requests && current.mode != SUSPEND)
        fail("an answer the client waited for never arrived");
    free(output);
    return 0;
}
