/* How many connections a loop may hold: sized from the process's descriptor limit.
 *
 * Why: every connection is a descriptor, and when the process runs out, accept4 fails with
 * EMFILE while the connection stays in the listen queue, so a level-triggered loop is woken for it
 * again at once and spins (measured: both cores at 198 %, nothing answered). The
 * per-loop cap used to be a constant (2 x 10,000) above the usual limit of 1,024, so it never
 * came into play. At start CH2O raises the soft RLIMIT_NOFILE to the hard limit (a process may,
 * without privilege), counts the descriptors already open (the database connections, the mail
 * sender, the log, the listeners), and shares what is left, minus the loops' own descriptors and a
 * reserve for files opened later (SQLite's, a mail connection, an outbox file), among the loops.
 * The accept path (server.c) still handles EMFILE and ENFILE, which other files or other
 * processes can cause whatever the cap. */
#include "ch2o_private.h"
#include <dirent.h>
#include <stdio.h>
#include <sys/resource.h>

/* epoll, and the multithread queue's pipe: what each loop opens once it runs. */
#define DESCRIPTORS_PER_LOOP 3

/* The kernel's ceiling for RLIMIT_NOFILE when the hard limit is unlimited. */
static rlim_t kernel_ceiling(void)
{
    unsigned long value = 0;
    FILE *file = fopen("/proc/sys/fs/nr_open", "r");
    if (file != NULL) {
        if (fscanf(file, "%lu", &value) != 1)
            value = 0;
        fclose(file);
    }
    return value != 0 ? (rlim_t)value : (rlim_t)1 << 20;
}

/* Descriptors open now, or -1 when /proc is not mounted. */
static long open_descriptors(void)
{
    DIR *directory = opendir("/proc/self/fd");
    if (directory == NULL)
        return -1;
    long count = 0;
    for (struct dirent *entry; (entry = readdir(directory)) != NULL;)
        if (entry->d_name[0] != '.')
            ++count;
    closedir(directory);
    return count - 1; /* the directory's own */
}

void ch2o_size_connection_cap(CH2O_server *server)
{
    const CH2O_config *config = &server->config;
    struct rlimit limit;
    CH2O_limits *limits = &server->limits;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) {
        limits->connections_per_loop = config->max_connections;
        return;
    }
    limits->initial_soft_limit = limit.rlim_cur == RLIM_INFINITY ? UINT64_MAX : (uint64_t)limit.rlim_cur;
    if (limit.rlim_cur != limit.rlim_max) {
        struct rlimit raised = {limit.rlim_max == RLIM_INFINITY ? kernel_ceiling() : limit.rlim_max, limit.rlim_max};
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0)
            limit.rlim_cur = raised.rlim_cur;
    }
    limits->soft_limit = limit.rlim_cur == RLIM_INFINITY ? UINT64_MAX : (uint64_t)limit.rlim_cur;
    long open = open_descriptors();
    limits->open_at_start = open < 0 ? 64 : (uint64_t)open; /* without /proc, a guess */
    uint64_t needed = limits->open_at_start + (uint64_t)DESCRIPTORS_PER_LOOP * (uint64_t)server->loop_count +
                      config->reserved_descriptors;
    uint64_t per_loop = limits->soft_limit > needed ? (limits->soft_limit - needed) / (uint64_t)server->loop_count : 0;
    if (per_loop < 1)
        per_loop = 1; /* too few descriptors to plan with: the accept path's EMFILE handling copes */
    limits->connections_per_loop = per_loop < config->max_connections ? (uint32_t)per_loop : config->max_connections;
}
