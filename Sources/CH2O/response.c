/* Request accessors, responses, and suspending and resuming a request across threads. */
#include "ch2o_private.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

const char *ch2o_reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 303: return "See Other";
    case 304: return "Not Modified";
    case 307: return "Temporary Redirect";
    case 308: return "Permanent Redirect";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    default: return "Status";
    }
}

/* The IMF-fixdate of RFC 9110 §5.6.7, formatted once a second per loop and independent of the
 * C locale. */
/* Writes `value` in decimal into `digits` (at least 20 bytes) and returns how many were written. */
static size_t format_decimal(char *digits, uint64_t value)
{
    char reversed[20];
    size_t count = 0;
    do {
        reversed[count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    for (size_t index = 0; index < count; index++)
        digits[index] = reversed[count - 1 - index];
    return count;
}

static void refresh_date(struct ch2o_loop *loop)
{
    static const char days[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char months[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    uint64_t second = h2o_now(loop->evloop) / 1000;
    if (second == loop->date_second && loop->date_len != 0)
        return;
    time_t now = (time_t)second;
    struct tm tm;
    gmtime_r(&now, &tm);
    loop->date_len = (size_t)snprintf(loop->date, sizeof loop->date, "%s, %02d %s %04d %02d:%02d:%02d GMT",
                                      days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour,
                                      tm.tm_min, tm.tm_sec);
    loop->date_second = second;
}

int CH2O_request_refusal(const CH2O_request *request) { return request->refusal; }
int CH2O_request_loop(const CH2O_request *request) { return request->conn->loop->index; }
int CH2O_request_minor_version(const CH2O_request *request) { return request->minor_version; }
size_t CH2O_request_header_count(const CH2O_request *request) { return request->num_headers; }

const char *CH2O_request_method(const CH2O_request *request, size_t *length)
{
    *length = request->method_len;
    return request->method;
}

const char *CH2O_request_target(const CH2O_request *request, size_t *length)
{
    *length = request->target_len;
    return request->target;
}

void CH2O_request_header(const CH2O_request *request, size_t index, const char **name, size_t *name_length,
                         const char **value, size_t *value_length)
{
    if (index >= request->num_headers) {
        *name = *value = NULL;
        *name_length = *value_length = 0;
        return;
    }
    *name = request->headers[index].name;
    *name_length = request->headers[index].name_len;
    *value = request->headers[index].value;
    *value_length = request->headers[index].value_len;
}

const char *CH2O_request_body(const CH2O_request *request, size_t *length)
{
    *length = request->body_len;
    return request->body;
}

int CH2O_request_peer_address(const CH2O_request *request, uint8_t address[16])
{
    struct sockaddr_storage storage;
    if (request->conn->sock == NULL || h2o_socket_getpeername(request->conn->sock, (struct sockaddr *)&storage) == 0)
        return 0;
    if (storage.ss_family == AF_INET) {
        /* IPv4 as its IPv4-mapped IPv6 address (RFC 4291 §2.5.5.2), as IPAddress holds it. */
        memset(address, 0, 10);
        address[10] = 0xff;
        address[11] = 0xff;
        memcpy(address + 12, &((struct sockaddr_in *)&storage)->sin_addr, 4);
        return 1;
    }
    if (storage.ss_family == AF_INET6) {
        memcpy(address, &((struct sockaddr_in6 *)&storage)->sin6_addr, 16);
        return 1;
    }
    return 0;
}

int CH2O_respond(CH2O_request *request, int status, const char *headers, size_t headers_length, const char *body,
                 size_t body_length, int close)
{
    struct ch2o_conn *conn = request->conn;
    if (request->responded || conn->state != CH2O_HANDLING || status < 200 || status > 999)
        return -1;
    request->responded = 1;
    if (close || request->refusal != 0)
        conn->keep_alive = 0;
    int keep_alive = conn->keep_alive && !conn->loop->shutting_down;
    conn->advertised_keep_alive = keep_alive;
    struct ch2o_loop *loop = conn->loop;
    refresh_date(loop);

    const char *reason = ch2o_reason(status);
    /* RFC 9110 §8.6 and §15: a 204 has no body and must not carry Content-Length; a 304 has no
     * body and may carry the length its 200 would have, or none, which is what nginx sends and what
     * is sent here (`Content-Length: 0` would misstate the representation). */
    int bodiless = status == 204 || status == 304;
    size_t send_body = request->is_head || bodiless ? 0 : body_length;
    size_t reason_length = strlen(reason);
    size_t capacity = 96 + reason_length + loop->date_len + headers_length + send_body;
    char *buffer = h2o_mem_alloc_pool(&request->pool, capacity);
    /* Appended piece by piece: snprintf's format parsing was a measurable share of a page. */
    size_t length = 0;
#define CH2O_APPEND(text, count)                                                                                         \
    do {                                                                                                                 \
        memcpy(buffer + length, (text), (count));                                                                        \
        length += (count);                                                                                               \
    } while (0)
#define CH2O_APPEND_LITERAL(text) CH2O_APPEND(text, sizeof(text) - 1)
    char digits[24];
    size_t digit_count = format_decimal(digits, (uint64_t)status);
    CH2O_APPEND_LITERAL("HTTP/1.1 ");
    CH2O_APPEND(digits, digit_count);
    CH2O_APPEND_LITERAL(" ");
    CH2O_APPEND(reason, reason_length);
    CH2O_APPEND_LITERAL("\r\nDate: ");
    CH2O_APPEND(loop->date, loop->date_len);
    if (!bodiless) {
        digit_count = format_decimal(digits, (uint64_t)body_length);
        CH2O_APPEND_LITERAL("\r\nContent-Length: ");
        CH2O_APPEND(digits, digit_count);
    }
    if (keep_alive)
        CH2O_APPEND_LITERAL("\r\nConnection: keep-alive\r\n");
    else
        CH2O_APPEND_LITERAL("\r\nConnection: close\r\n");
#undef CH2O_APPEND_LITERAL
#undef CH2O_APPEND
    memcpy(buffer + length, headers, headers_length);
    length += headers_length;
    memcpy(buffer + length, "\r\n", 2);
    length += 2;
    if (send_body != 0) {
        memcpy(buffer + length, body, send_body);
        length += send_body;
    }
    ch2o_conn_write(conn, h2o_iovec_init(buffer, length));
    return 0;
}

void ch2o_respond_bare(CH2O_request *request, int status)
{
    const char *reason = ch2o_reason(status);
    static const char headers[] = "Content-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n";
    CH2O_respond(request, status, headers, sizeof headers - 1, reason, strlen(reason), 1);
}

int CH2O_suspend(CH2O_request *request)
{
    struct ch2o_conn *conn = request->conn;
    if (request->responded || request->refusal != 0 || conn->state != CH2O_HANDLING)
        return -1;
    conn->state = CH2O_SUSPENDED;
    return 0;
}

int CH2O_request_client_gone(const CH2O_request *request)
{
    return atomic_load_explicit(&request->conn->gone, memory_order_relaxed);
}

void CH2O_resume(CH2O_request *request, CH2O_resume_callback callback, void *context)
{
    struct ch2o_conn *conn = request->conn;
    conn->resume_callback = callback;
    conn->resume_context = context;
    h2o_multithread_send_message(&conn->loop->resume_receiver, &conn->resume_message);
}
