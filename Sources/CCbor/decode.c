/* One bounded CBOR decode over libcbor: an allocation-free check with the streaming decoder,
 * then `cbor_load` on exactly the bytes of the first item. See CCbor.h for why. */
#include "CCbor.h"

#include <stdbool.h>

/* The deepest nesting the checker tracks; callers ask for less. */
#define CCBOR_STACK_LIMIT 64

typedef struct {
    size_t length;                       /* of the whole input: no count may exceed it */
    unsigned max_depth;
    size_t max_items;
    size_t items;
    unsigned depth;
    uint64_t remaining[CCBOR_STACK_LIMIT];  /* items still expected by each open collection or tag */
    CCbor_status status;
    bool done;
} scan_state;

/* One data item finished: count it against every collection it closes. */
static void finish_item(scan_state *state)
{
    while (state->depth > 0) {
        if (--state->remaining[state->depth - 1] > 0) return;
        state->depth--;
    }
    state->done = true;
}

static bool count_item(scan_state *state)
{
    if (state->status != CCbor_ok) return false;
    if (++state->items > state->max_items) {
        state->status = CCbor_too_many_items;
        return false;
    }
    return true;
}

static void leaf(scan_state *state)
{
    if (count_item(state)) finish_item(state);
}

/* A collection (or a tag, which wraps one item) that expects `members` items. */
static void open_collection(scan_state *state, uint64_t members)
{
    if (!count_item(state)) return;
    if (members == 0) {
        finish_item(state);
        return;
    }
    /* Every member takes at least one byte: a count past the input is a truncation, found here
     * before cbor_load would allocate for it. */
    if (members > state->length) {
        state->status = CCbor_truncated;
        return;
    }
    if (state->depth >= state->max_depth) {
        state->status = CCbor_too_deep;
        return;
    }
    state->remaining[state->depth++] = members;
}

static void on_uint8(void *context, uint8_t value) { (void)value; leaf(context); }
static void on_uint16(void *context, uint16_t value) { (void)value; leaf(context); }
static void on_uint32(void *context, uint32_t value) { (void)value; leaf(context); }
static void on_uint64(void *context, uint64_t value) { (void)value; leaf(context); }
static void on_string(void *context, cbor_data data, size_t length) { (void)data; (void)length; leaf(context); }
static void on_simple(void *context) { leaf(context); }
static void on_float(void *context, float value) { (void)value; leaf(context); }
static void on_double(void *context, double value) { (void)value; leaf(context); }
static void on_bool(void *context, bool value) { (void)value; leaf(context); }

static void on_indefinite(void *context)
{
    scan_state *state = context;
    if (state->status == CCbor_ok) state->status = CCbor_indefinite_length;
}

static void on_array(void *context, size_t size) { open_collection(context, size); }

static void on_map(void *context, size_t size)
{
    scan_state *state = context;
    /* A map of n pairs holds 2n items; a size whose double overflows cannot fit the input. */
    if (size > state->length) {
        if (count_item(state)) state->status = CCbor_truncated;
        return;
    }
    open_collection(state, (uint64_t)size * 2);
}

static void on_tag(void *context, uint64_t value) { (void)value; open_collection(context, 1); }

static const struct cbor_callbacks scan_callbacks = {
    .uint8 = on_uint8, .uint16 = on_uint16, .uint32 = on_uint32, .uint64 = on_uint64,
    .negint8 = on_uint8, .negint16 = on_uint16, .negint32 = on_uint32, .negint64 = on_uint64,
    .byte_string = on_string, .byte_string_start = on_indefinite,
    .string = on_string, .string_start = on_indefinite,
    .array_start = on_array, .indef_array_start = on_indefinite,
    .map_start = on_map, .indef_map_start = on_indefinite,
    .tag = on_tag,
    .float2 = on_float, .float4 = on_float, .float8 = on_double,
    .undefined = on_simple, .null = on_simple, .boolean = on_bool,
    /* A break is only meaningful inside an indefinite-length item, which is refused already. */
    .indef_break = on_indefinite,
};

/* Walks one data item with the streaming decoder; `*consumed` receives its encoded length. */
static CCbor_status scan(const uint8_t *bytes, size_t length, unsigned max_depth, size_t max_items, size_t *consumed)
{
    scan_state state = {
        .length = length, .max_depth = max_depth < CCBOR_STACK_LIMIT ? max_depth : CCBOR_STACK_LIMIT,
        .max_items = max_items, .status = CCbor_ok,
    };
    size_t position = 0;
    while (!state.done) {
        if (position >= length) return CCbor_truncated;
        struct cbor_decoder_result result = cbor_stream_decode(bytes + position, length - position, &scan_callbacks, &state);
        if (result.status == CBOR_DECODER_NEDATA) return CCbor_truncated;
        if (result.status != CBOR_DECODER_FINISHED || result.read == 0) return CCbor_malformed;
        position += result.read;
        if (state.status != CCbor_ok) return state.status;
    }
    *consumed = position;
    return CCbor_ok;
}

CCbor_status CCbor_decode(
    const uint8_t *bytes, size_t length, unsigned max_depth, size_t max_items, cbor_item_t **item, size_t *consumed)
{
    *item = NULL;
    *consumed = 0;
    if (bytes == NULL || length == 0) return CCbor_truncated;
    size_t scanned = 0;
    CCbor_status status = scan(bytes, length, max_depth, max_items, &scanned);
    if (status != CCbor_ok) return status;
    struct cbor_load_result result;
    cbor_item_t *loaded = cbor_load(bytes, scanned, &result);
    if (loaded == NULL || result.error.code != CBOR_ERR_NONE) {
        if (loaded != NULL) cbor_decref(&loaded);
        switch (result.error.code) {
        case CBOR_ERR_MEMERROR: return CCbor_out_of_memory;
        case CBOR_ERR_NOTENOUGHDATA: case CBOR_ERR_NODATA: return CCbor_truncated;
        default: return CCbor_malformed;
        }
    }
    /* The checker and libcbor's loader must agree on where the item ends. */
    if (result.read != scanned) {
        cbor_decref(&loaded);
        return CCbor_malformed;
    }
    *item = loaded;
    *consumed = scanned;
    return CCbor_ok;
}
