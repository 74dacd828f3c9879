/* Open connections per client address, counted across every loop of a server.
 *
 * Why: a connection that sends nothing costs its client nothing and the server a descriptor, so
 * without a cap one address can hold every descriptor the server has, and a flood of silent
 * connections from one address shuts everyone else out. The count is taken at accept and given back when the connection is freed; beyond the cap a
 * new connection is closed at once. IPv6 clients are counted per /64, the block one subscriber
 * usually holds (counting per /128 would give one host 2^64 addresses); an IPv4-mapped IPv6
 * address counts as the IPv4 address.
 *
 * The table is open addressing with linear probing and backward-shift deletion under one mutex:
 * it is touched twice per connection, holds only addresses that have connections open, and grows
 * and shrinks with them. Its hash is keyed with random bits drawn at start, so that a client
 * cannot pick addresses that collide. */
#include "ch2o_private.h"
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#define MIN_CAPACITY 64

struct entry {
    uint64_t prefix;
    uint32_t family; /* 0: empty slot */
    uint32_t count;
};

struct ch2o_clients {
    pthread_mutex_t mutex;
    struct entry *entries;
    size_t capacity; /* a power of two */
    size_t used;
    uint64_t seed;
};

static uint64_t mix(uint64_t x)
{
    /* splitmix64's finalizer: every input bit reaches every output bit. */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static size_t slot_of(const struct ch2o_clients *clients, uint64_t prefix, uint32_t family)
{
    return (size_t)mix(prefix ^ clients->seed ^ ((uint64_t)family << 61)) & (clients->capacity - 1);
}

struct ch2o_clients *ch2o_clients_create(void)
{
    struct ch2o_clients *clients = calloc(1, sizeof *clients);
    if (clients == NULL)
        return NULL;
    clients->entries = calloc(MIN_CAPACITY, sizeof *clients->entries);
    if (clients->entries == NULL) {
        free(clients);
        return NULL;
    }
    clients->capacity = MIN_CAPACITY;
    if (getrandom(&clients->seed, sizeof clients->seed, 0) != sizeof clients->seed)
        clients->seed = (uint64_t)(uintptr_t)clients ^ 0x9e3779b97f4a7c15ULL;
    pthread_mutex_init(&clients->mutex, NULL);
    return clients;
}

void ch2o_clients_destroy(struct ch2o_clients *clients)
{
    if (clients == NULL)
        return;
    pthread_mutex_destroy(&clients->mutex);
    free(clients->entries);
    free(clients);
}

int ch2o_client_key_of(const struct sockaddr *address, struct ch2o_client_key *key)
{
    static const uint8_t v4_mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    const uint8_t *bytes;
    memset(key, 0, sizeof *key);
    if (address->sa_family == AF_INET) {
        bytes = (const uint8_t *)&((const struct sockaddr_in *)address)->sin_addr;
        key->family = 4;
    } else if (address->sa_family == AF_INET6) {
        bytes = ((const struct sockaddr_in6 *)address)->sin6_addr.s6_addr;
        if (memcmp(bytes, v4_mapped, sizeof v4_mapped) == 0) {
            bytes += 12;
            key->family = 4;
        } else {
            key->family = 6;
        }
    } else {
        return -1;
    }
    for (int i = 0; i < (key->family == 4 ? 4 : 8); ++i)
        key->prefix = key->prefix << 8 | bytes[i];
    return 0;
}

static struct entry *find(struct ch2o_clients *clients, const struct ch2o_client_key *key)
{
    size_t mask = clients->capacity - 1;
    for (size_t i = slot_of(clients, key->prefix, key->family);; i = (i + 1) & mask) {
        struct entry *entry = &clients->entries[i];
        if (entry->family == 0 || (entry->family == key->family && entry->prefix == key->prefix))
            return entry;
    }
}

/* Moves every entry into a table of `capacity` slots; keeps the old one if memory runs out. */
static int resize(struct ch2o_clients *clients, size_t capacity)
{
    struct entry *entries = calloc(capacity, sizeof *entries);
    if (entries == NULL)
        return -1;
    struct entry *old = clients->entries;
    size_t old_capacity = clients->capacity;
    clients->entries = entries;
    clients->capacity = capacity;
    for (size_t i = 0; i < old_capacity; ++i) {
        if (old[i].family != 0) {
            struct ch2o_client_key key = {.prefix = old[i].prefix, .family = old[i].family};
            *find(clients, &key) = old[i];
        }
    }
    free(old);
    return 0;
}

int ch2o_clients_acquire(struct ch2o_clients *clients, const struct ch2o_client_key *key, uint32_t limit)
{
    int result = 1;
    pthread_mutex_lock(&clients->mutex);
    struct entry *entry = find(clients, key);
    if (entry->family != 0) {
        if (entry->count >= limit)
            result = 0;
        else
            entry->count++;
    } else if ((clients->used + 1) * 2 > clients->capacity && resize(clients, clients->capacity * 2) != 0 &&
               (clients->used + 1) * 8 > clients->capacity * 7) {
        result = -1; /* out of memory with the table nearly full: let the connection in uncounted */
    } else {
        entry = find(clients, key); /* the table may have moved */
        entry->prefix = key->prefix;
        entry->family = key->family;
        entry->count = 1;
        clients->used++;
    }
    pthread_mutex_unlock(&clients->mutex);
    return result;
}

void ch2o_clients_release(struct ch2o_clients *clients, const struct ch2o_client_key *key)
{
    pthread_mutex_lock(&clients->mutex);
    struct entry *entry = find(clients, key);
    if (entry->family != 0 && --entry->count == 0) {
        /* Backward-shift deletion: later entries of the probe run move up, so no tombstones. */
        size_t mask = clients->capacity - 1, hole = (size_t)(entry - clients->entries);
        for (size_t i = (hole + 1) & mask; clients->entries[i].family != 0; i = (i + 1) & mask) {
            size_t home = slot_of(clients, clients->entries[i].prefix, clients->entries[i].family);
            /* The entry at i may fill the hole when its home slot is not in (hole, i]. */
            int between = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
            if (!between) {
                clients->entries[hole] = clients->entries[i];
                hole = i;
            }
        }
        clients->entries[hole].family = 0;
        clients->used--;
        if (clients->capacity > MIN_CAPACITY && clients->used * 8 < clients->capacity)
            resize(clients, clients->capacity / 2);
    }
    pthread_mutex_unlock(&clients->mutex);
}
