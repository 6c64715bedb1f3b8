/*
 * Compiled katro bevohoka search: the same layered A* as the reference in
 * search.py (read its module docstring first), with compact boards and no
 * Python object per board.
 *
 * Boards.  The canonical ring (special hole at index 0, sowing towards higher
 * indices) of n <= 16 holes is packed 8 bits per hole into an unsigned
 * __int128 while it is sown.  In the table a board is stored as a 64-bit word
 * whose low 47 bits are its "stars and bars" code: for holes 1..n-1, as many
 * one bits as seeds then a zero bit (the special hole holds the rest of the
 * seeds, so it needs no bits).  With S seeds this takes S - special + n - 1 <=
 * 47 bits (32 seeds on 16 holes), and the 17 bits left hold the board's laps
 * (9 bits), its turn layer (4 bits), a "dead end" flag used when the optimal
 * game is read back, and an "occupied" flag.
 *
 * Duplicate detection.  One open-addressing hash table of these words (linear
 * probing, Fibonacci hashing), of fixed size chosen by the caller, in 2 MiB
 * pages where Linux grants them (table_alloc); a board is kept in the first
 * turn layer it is met in, as in the reference.  The A*
 * queue of a layer is one growing array of table slot numbers (uint32) per
 * value of f = laps + h; a bucket is freed once it is emptied.
 *
 * Reading the game back.  No parent pointers are stored.  Once the goal is
 * popped with L laps in layer T - 1, a depth-first search from the start
 * follows only "tight" edges (the child is stored in the layer the edge leads
 * to and with exactly the parent's laps plus the edge's laps, and f <= L);
 * every such path is a real game of T turns and L laps, and the chain of the
 * A* search's own improvements is one, so the search finds one.  Boards
 * proved not to lead to the goal this way are flagged dead (visited once).
 * Of a board's tight children, those that play again (their lap ended in
 * the special hole) are tried before those that end the turn: the game's
 * last lap ends in the special hole, and this order visits fewer boards than
 * the holes' order on every width from 3 to 8 (on 8 columns 103.7 million
 * against 114.9 million).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef unsigned __int128 board_t;

#define MAXN 16
#define KEY_BITS 47
#define KEY_MASK ((1ULL << KEY_BITS) - 1)
#define G_SHIFT 47
#define G_BITS 9
#define G_MAX ((1u << G_BITS) - 1)
#define L_SHIFT 56
#define L_BITS 4
#define L_MAX ((1u << L_BITS) - 1)
#define DEAD (1ULL << 60)
#define USED (1ULL << 63)
#define LAP_CAP 4096 /* laps in one segment before it is called endless (never happens) */

typedef struct {
    int n;
    int seeds;
    board_t all_ones;
    board_t low_ordinary;
    board_t masks[MAXN][MAXN];
} ring_t;

static void ring_init(ring_t *r, int n, int seeds)
{
    r->n = n;
    r->seeds = seeds;
    r->all_ones = 0;
    for (int i = 0; i < n; i++)
        r->all_ones |= (board_t)1 << (8 * i);
    r->low_ordinary = r->all_ones & ~(board_t)1;
    for (int p = 0; p < n; p++) {
        for (int k = 0; k < n; k++) {
            board_t m = 0;
            for (int j = 1; j <= k; j++)
                m |= (board_t)1 << (8 * ((p + j) % n));
            r->masks[p][k] = m;
        }
    }
}

static inline __attribute__((always_inline)) int hole(board_t b, int i) { return (int)((b >> (8 * i)) & 0xff); }

/* Admissible, consistent lower bound on the laps left (search.py, _Ring.h). */
static inline __attribute__((always_inline)) int h_of(const int n, const ring_t *r, board_t b)
{
    /* hole counts are < 64: bits 0..5 of each byte; one indicator bit per
     * non-empty ordinary hole, summed over the bytes by a multiplication */
    board_t x = (b | (b >> 1) | (b >> 2) | (b >> 3) | (b >> 4) | (b >> 5)) & r->low_ordinary;
    const uint64_t ones = 0x0101010101010101ULL;
    int holes = (int)((((uint64_t)x * ones) >> 56) + (((uint64_t)(x >> 64) * ones) >> 56));
    int rest = r->seeds - hole(b, 0);
    if (rest <= n)
        return rest > holes ? rest : holes;
    int m = 1 + (rest - 1) / n;
    int by_seeds = (rest + m - 1) / m;
    return by_seeds > holes ? by_seeds : holes;
}

/* Sow hole p and relay: kind 0 (ended in the special hole), 1 (in an empty
 * ordinary hole) or -1 (endless).  *laps receives the number of laps. */
static inline __attribute__((always_inline)) int segment(const int n, const ring_t *r, board_t *bp, int p, int *laps)
{
    board_t b = *bp;
    int l = 0;
    for (;;) {
        int k = hole(b, p);
        b -= (board_t)k << (8 * p);
        l++;
        if (k >= n)
            b += (board_t)(k / n) * r->all_ones + r->masks[p][k % n];
        else
            b += r->masks[p][k];
        int last = (p + k) % n;
        if (last == 0) {
            *bp = b; *laps = l;
            return 0;
        }
        if (hole(b, last) == 1) {
            *bp = b; *laps = l;
            return 1;
        }
        p = last;
        if (l >= LAP_CAP) {
            *bp = b; *laps = l;
            return -1;
        }
    }
}

static inline __attribute__((always_inline)) uint64_t encode(const int n, board_t b)
{
    uint64_t code = 0;
#pragma GCC unroll 16
    for (int i = 1; i < n; i++) {
        int v = hole(b, i);
        code = ((code << v) | ((1ULL << v) - 1)) << 1;
    }
    return code;
}

static inline __attribute__((always_inline)) board_t decode(const int n, const ring_t *r, uint64_t code)
{
    board_t b = 0;
    int total = 0;
#pragma GCC unroll 16
    for (int i = n - 1; i >= 1; i--) {
        code >>= 1;
        int v = __builtin_ctzll(~code);
        code >>= v;
        b |= (board_t)v << (8 * i);
        total += v;
    }
    b |= (board_t)(r->seeds - total);
    return b;
}

static double cpu_now(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* ------------------------------------------------------------------------ */
/* The table */

typedef struct {
    uint64_t *slots;
    uint64_t mask;
    int shift;
    uint64_t used;
    uint64_t limit; /* refuse inserts beyond this load */
} table_t;

/* The table's memory, zeroed.  On Linux a table of 2 MiB or more is mapped
 * on a 2 MiB boundary and asked for in 2 MiB pages (transparent huge pages,
 * where the system grants them: a hint, not a requirement).  Probes land
 * anywhere in the table: with 4 KiB pages nearly every probe of a large table
 * would also miss the TLB, whose entries then cover 512 times less of it. */
typedef struct {
    void *base;
    size_t mapped; /* bytes mapped (mmap), 0 when allocated by calloc */
} region_t;

static uint64_t *table_alloc(size_t slots, region_t *reg)
{
    size_t bytes = slots * sizeof(uint64_t);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    if (bytes >= huge) {
        size_t len = bytes + huge;
        char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return NULL;
        char *aligned = (char *)(((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1));
        (void)madvise(aligned, bytes, MADV_HUGEPAGE);
        reg->base = p;
        reg->mapped = len;
        return (uint64_t *)aligned;
    }
#endif
    reg->base = calloc(slots, sizeof(uint64_t));
    reg->mapped = 0;
    return reg->base;
}

static void table_free(region_t *reg)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (reg->mapped) {
        munmap(reg->base, reg->mapped);
        return;
    }
#endif
    free(reg->base);
}

static inline __attribute__((always_inline)) uint64_t slot_of(const table_t *t, uint64_t key)
{
    return (key * 0x9E3779B97F4A7C15ULL) >> t->shift;
}

/* Index of the slot holding key, or of the empty slot where it would go,
 * probing from slot i = slot_of(key). */
static inline __attribute__((always_inline)) uint64_t find_from(const table_t *t, uint64_t key, uint64_t i)
{
    for (;;) {
        uint64_t e = t->slots[i];
        if (!(e & USED) || (e & KEY_MASK) == key)
            return i;
        i = (i + 1) & t->mask;
    }
}

static inline __attribute__((always_inline)) uint64_t find(const table_t *t, uint64_t key)
{
    uint64_t i = slot_of(t, key);
    for (;;) {
        uint64_t e = t->slots[i];
        if (!(e & USED) || (e & KEY_MASK) == key)
            return i;
        i = (i + 1) & t->mask;
    }
}

static inline int e_g(uint64_t e) { return (int)((e >> G_SHIFT) & G_MAX); }
static inline int e_layer(uint64_t e) { return (int)((e >> L_SHIFT) & L_MAX); }
static inline uint64_t make_entry(uint64_t key, int g, int layer)
{
    return USED | key | ((uint64_t)g << G_SHIFT) | ((uint64_t)layer << L_SHIFT);
}

/* ------------------------------------------------------------------------ */
/* Bucket queue: per f, a growing array of slot numbers */

typedef struct {
    uint32_t *items;
    size_t len, cap;
} bucket_t;

typedef struct {
    bucket_t *b;
    int count; /* number of buckets allocated */
    size_t items; /* live items in all buckets */
    size_t peak_items;
} queue_t;

static int push(queue_t *q, int f, uint32_t slot)
{
    if (f >= q->count) {
        int nc = q->count ? q->count : 64;
        while (nc <= f) nc *= 2;
        bucket_t *nb = realloc(q->b, sizeof(bucket_t) * nc);
        if (!nb) return -1;
        memset(nb + q->count, 0, sizeof(bucket_t) * (nc - q->count));
        q->b = nb;
        q->count = nc;
    }
    bucket_t *bk = &q->b[f];
    if (bk->len == bk->cap) {
        size_t nc = bk->cap ? bk->cap * 2 : 1024;
        uint32_t *ni = realloc(bk->items, sizeof(uint32_t) * nc);
        if (!ni) return -1;
        bk->items = ni;
        bk->cap = nc;
    }
    bk->items[bk->len++] = slot;
    if (++q->items > q->peak_items) q->peak_items = q->items;
    return 0;
}

static void queue_free(queue_t *q)
{
    for (int i = 0; i < q->count; i++) free(q->b[i].items);
    free(q->b);
    q->b = NULL;
    q->count = 0;
    q->items = 0;
}

/* ------------------------------------------------------------------------ */
/* Reading the optimal game back */

typedef struct {
    const ring_t *r;
    table_t *t;
    uint64_t goal_key;
    int last_layer;
    int laps;
    int *path; /* chosen holes, kinds interleaved: p0, k0, p1, k1... */
    int depth, cap;
    long visited;
} back_t;

#define TIGHT_DFS(N) \
static int tight_dfs_##N(back_t *s, board_t b, int layer, int g) \
{ \
    const ring_t *r = s->r; \
    /* the tight children: those that play again (kind 0) from the front, in \
     * hole order, those that end the turn (kind 1) from the back */ \
    board_t kid_b[N]; \
    uint64_t kid_slot[N]; \
    int kid_p[N], kid_g[N], again = 0, ends = N; \
    s->visited++; \
    for (int p = 1; p < N; p++) { \
        if (!hole(b, p)) continue; \
        board_t nb = b; \
        int laps; \
        int kind = segment(N, r, &nb, p, &laps); \
        if (kind < 0) continue; \
        int nl = layer + kind, ng = g + laps; \
        if (nl > s->last_layer || ng + h_of(N, r, nb) > s->laps) continue; \
        uint64_t key = encode(N, nb); \
        uint64_t i = find(s->t, key); \
        uint64_t e = s->t->slots[i]; \
        if (!(e & USED) || (e & DEAD)) continue; \
        if (e_layer(e) != nl || e_g(e) != ng) continue; \
        if (key == s->goal_key) { \
            if (s->depth + 2 > s->cap) return -1; \
            s->path[s->depth++] = p; \
            s->path[s->depth++] = kind; \
            return 1; \
        } \
        int j = kind == 0 ? again++ : --ends; \
        kid_b[j] = nb; kid_slot[j] = i; kid_p[j] = p; kid_g[j] = ng; \
    } \
    for (int k = 0; k < again + N - ends; k++) { \
        int kind = k >= again, j = kind ? N - 1 - (k - again) : k; /* kind 1: in hole order too */ \
        if (s->t->slots[kid_slot[j]] & DEAD) continue; /* a dead end met under a sibling */ \
        if (s->depth + 2 > s->cap) return -1; \
        s->path[s->depth++] = kid_p[j]; \
        s->path[s->depth++] = kind; \
        int got = tight_dfs_##N(s, kid_b[j], layer + kind, kid_g[j]); \
        if (got) return got; \
        s->depth -= 2; \
        s->t->slots[kid_slot[j]] |= DEAD; \
    } \
    return 0; \
}
TIGHT_DFS(4) TIGHT_DFS(6) TIGHT_DFS(8) TIGHT_DFS(10) TIGHT_DFS(12) TIGHT_DFS(14) TIGHT_DFS(16)

static int tight_dfs(back_t *s, board_t b)
{
    switch (s->r->n) {
    case 4: return tight_dfs_4(s, b, 0, 0);
    case 6: return tight_dfs_6(s, b, 0, 0);
    case 8: return tight_dfs_8(s, b, 0, 0);
    case 10: return tight_dfs_10(s, b, 0, 0);
    case 12: return tight_dfs_12(s, b, 0, 0);
    case 14: return tight_dfs_14(s, b, 0, 0);
    default: return tight_dfs_16(s, b, 0, 0);
    }
}


typedef struct {
    long long explored, cyclic;
    long long popped[L_MAX + 1], entries[L_MAX + 1];
    int layer, found, stopped, impossible, full, stop_f, goal_laps, nomem, too_long, bound_unmet;
    uint64_t goal_key;
    int ub_turns, ub_laps; /* input: a known game (0: none), see py_solve */
} outcome_t;

static void report(int layer, int f, long long explored, uint64_t used, size_t queued)
{
    fprintf(stderr, "layer %d, f %d: %lld boards expanded, %llu stored, %zu queued, %.0f s CPU\n",
            layer, f, explored, (unsigned long long)used, queued, cpu_now());
}

/* The layered A* (search.py, _exact).  n is a constant in each caller below,
 * so that the compiler unrolls the loops over holes. */
static inline __attribute__((always_inline)) void
search(const int n, const ring_t *r, table_t *t, queue_t *q, board_t start, long long max_states,
       double cpu_seconds, int progress, outcome_t *o)
{
    board_t goal = (board_t)r->seeds;
    uint64_t goal_key = encode(n, goal);
    double deadline = cpu_seconds < 0 ? -1 : cpu_now() + cpu_seconds;
    long long explored = 0, cyclic = 0;
    long long *popped_per_layer = o->popped, *entries_per_layer = o->entries;
    int layer = 0, found = 0, stopped = 0, impossible = 0, full = 0, stop_f = -1, goal_laps = -1;
    int nomem = 0, too_long = 0;

    {
        uint64_t key = encode(n, start);
        uint64_t i = find(t, key);
        t->slots[i] = make_entry(key, 0, 0);
        t->used++;
    }
    long long entries = 1;
    /* With a known game of ub_turns turns and ub_laps laps, a better game
     * either has fewer turns (found in an earlier layer: no pruning there) or
     * the same turns and at most ub_laps laps: in layer ub_turns - 1, boards
     * with laps + h > ub_laps are dropped (h is admissible). */
    const int ub_layer = o->ub_turns - 1, ub_laps = o->ub_laps;
    int bound_unmet = 0;
    board_t kid_b[MAXN];
    int kid_g[MAXN];
    uint64_t kid_key[MAXN], kid_slot[MAXN];
    for (;;) {
        /* queue the entries of this layer */
        for (uint64_t i = 0; i <= t->mask; i++) {
            uint64_t e = t->slots[i];
            if ((e & USED) && e_layer(e) == layer) {
                board_t b = decode(n, r, e & KEY_MASK);
                if (push(q, e_g(e) + h_of(n, r, b), (uint32_t)i)) { nomem = 1; break; }
            }
        }
        if (nomem) break;
        long long popped = 0;
        for (int f = 0; f < q->count && !found && !stopped && !nomem; f++) {
            while (q->b[f].len) {
                /* q->b may move when a push adds buckets: never keep a pointer into it */
                uint32_t s = q->b[f].items[--q->b[f].len];
                q->items--;
                if (q->b[f].len >= 8)
                    __builtin_prefetch(&t->slots[q->b[f].items[q->b[f].len - 8]], 0);
                uint64_t e = t->slots[s];
                board_t b = decode(n, r, e & KEY_MASK);
                int g = e_g(e);
                if (g + h_of(n, r, b) != f) continue; /* stale */
                if ((e & KEY_MASK) == goal_key) { found = 1; goal_laps = g; break; }
                if (explored >= max_states || t->used >= t->limit ||
                    (deadline >= 0 && (explored & 1023) == 0 && cpu_now() > deadline)) {
                    full = t->used >= t->limit;
                    q->b[f].len++; q->items++;
                    stopped = 1; stop_f = f;
                    break;
                }
                explored++;
                popped++;
                if (progress && (explored & ((1 << 24) - 1)) == 0)
                    report(layer, f, explored, t->used, q->items);
                /* children first, their slots prefetched, then the table: the
                 * cache misses of the probes overlap */
                int m = 0;
                for (int p = 1; p < n; p++) {
                    if (!hole(b, p)) continue;
                    board_t nb = b;
                    int laps;
                    int kind = segment(n, r, &nb, p, &laps);
                    if (kind) { if (kind < 0) cyclic++; continue; }
                    int ng = g + laps;
                    if (ng > (int)G_MAX) { too_long = 1; continue; }
                    if (layer == ub_layer && ng + h_of(n, r, nb) > ub_laps) continue;
                    kid_b[m] = nb;
                    kid_g[m] = ng;
                    kid_key[m] = encode(n, nb);
                    kid_slot[m] = slot_of(t, kid_key[m]);
                    __builtin_prefetch(&t->slots[kid_slot[m]], 1);
                    m++;
                }
                for (int j = 0; j < m; j++) {
                    uint64_t key = kid_key[j];
                    int ng = kid_g[j];
                    uint64_t i = find_from(t, key, kid_slot[j]);
                    uint64_t old = t->slots[i];
                    if (old & USED) {
                        if (e_layer(old) < layer || e_g(old) <= ng) continue;
                    } else {
                        t->used++;
                    }
                    t->slots[i] = make_entry(key, ng, layer);
                    if (push(q, ng + h_of(n, r, kid_b[j]), (uint32_t)i)) { nomem = 1; break; }
                }
                if (nomem) break;
            }
            if (!found && !stopped) {
                free(q->b[f].items);
                q->b[f].items = NULL;
                q->b[f].cap = 0;
            }
        }
        popped_per_layer[layer] = popped;
        entries_per_layer[layer] = entries;
        if (found || stopped || nomem || too_long) break;
        queue_free(q);
        if (layer == ub_layer) { bound_unmet = 1; break; }
        /* the layer is exhausted: its laps are exact; second pass -> next layer */
        if (layer + 1 > (int)L_MAX) { stopped = 1; break; }
        entries = 0;
        for (uint64_t i = 0; i <= t->mask && !stopped; i++) {
            uint64_t e = t->slots[i];
            if (!(e & USED) || e_layer(e) != layer) continue;
            board_t b = decode(n, r, e & KEY_MASK);
            int g = e_g(e);
            int m = 0;
            for (int p = 1; p < n; p++) {
                if (!hole(b, p)) continue;
                board_t nb = b;
                int laps;
                int kind = segment(n, r, &nb, p, &laps);
                if (kind != 1) { if (kind < 0) cyclic++; continue; }
                int ng = g + laps;
                if (ng > (int)G_MAX) { too_long = 1; continue; }
                if (layer + 1 == ub_layer && ng + h_of(n, r, nb) > ub_laps) continue;
                kid_g[m] = ng;
                kid_key[m] = encode(n, nb);
                kid_slot[m] = slot_of(t, kid_key[m]);
                __builtin_prefetch(&t->slots[kid_slot[m]], 1);
                m++;
            }
            for (int j = 0; j < m; j++) {
                uint64_t key = kid_key[j];
                int ng = kid_g[j];
                uint64_t k = find_from(t, key, kid_slot[j]);
                uint64_t old = t->slots[k];
                if (old & USED) {
                    if (e_layer(old) <= layer || e_g(old) <= ng) continue;
                } else {
                    if (t->used >= t->limit) { full = 1; stopped = 1; break; }
                    t->used++;
                    entries++;
                }
                t->slots[k] = make_entry(key, ng, layer + 1);
            }
        }
        if (stopped || too_long) { stop_f = -1; layer++; break; }
        if (!entries) { impossible = 1; break; }
        if (progress)
            fprintf(stderr, "layer %d exhausted: %lld boards expanded in it; %lld boards enter layer %d "
                    "(%.0f s CPU, %llu stored)\n", layer, popped_per_layer[layer], entries, layer + 1,
                    cpu_now(), (unsigned long long)t->used);
        layer++;
    }
    o->explored = explored; o->cyclic = cyclic; o->layer = layer; o->found = found;
    o->stopped = stopped; o->impossible = impossible; o->full = full; o->stop_f = stop_f;
    o->goal_laps = goal_laps; o->nomem = nomem; o->too_long = too_long; o->goal_key = goal_key;
    o->bound_unmet = bound_unmet;
}

#define SEARCH_N(N) \
    static void search_##N(const ring_t *r, table_t *t, queue_t *q, board_t start, long long max_states, \
                           double cpu_seconds, int progress, outcome_t *o) \
    { search(N, r, t, q, start, max_states, cpu_seconds, progress, o); }
SEARCH_N(4) SEARCH_N(6) SEARCH_N(8) SEARCH_N(10) SEARCH_N(12) SEARCH_N(14) SEARCH_N(16)

/* ------------------------------------------------------------------------ */
/* Python functions */

static int read_board(PyObject *seq, int n, board_t *out, int *seeds)
{
    PyObject *fast = PySequence_Fast(seq, "board must be a sequence of counts");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "board must have %d holes", n);
        return -1;
    }
    board_t b = 0;
    int total = 0;
    for (int i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v < 0 || v > 63) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "hole counts must be 0..63");
            return -1;
        }
        b |= (board_t)v << (8 * i);
        total += (int)v;
    }
    Py_DECREF(fast);
    *out = b;
    *seeds = total;
    return 0;
}

static PyObject *board_tuple(const ring_t *r, board_t b)
{
    PyObject *t = PyTuple_New(r->n);
    if (!t) return NULL;
    for (int i = 0; i < r->n; i++)
        PyTuple_SET_ITEM(t, i, PyLong_FromLong(hole(b, i)));
    return t;
}

static int check_n(int n)
{
    if (n < 4 || n > MAXN || n % 2) {
        PyErr_Format(PyExc_ValueError, "the ring has 4 to %d holes, an even number (not %d)", MAXN, n);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(segment_doc,
"segment(board, p) -> (kind, board, laps)\n\n"
"Sow hole p of a canonical board (tuple of counts, special hole at 0) and relay\n"
"until a lap ends: kind 0 (special hole), 1 (empty ordinary hole) or None\n"
"(endless).  The same contract as search._Ring.segment.");

static PyObject *py_segment(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *seq;
    int p;
    if (!PyArg_ParseTuple(args, "Oi", &seq, &p)) return NULL;
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return NULL;
    if (check_n((int)n)) return NULL;
    ring_t r;
    board_t b;
    int seeds;
    if (read_board(seq, (int)n, &b, &seeds)) return NULL;
    if (p < 1 || p >= n || !hole(b, p)) {
        PyErr_SetString(PyExc_ValueError, "p must be a non-empty ordinary hole");
        return NULL;
    }
    if (seeds > 255 - 1) {
        PyErr_SetString(PyExc_ValueError, "too many seeds");
        return NULL;
    }
    ring_init(&r, (int)n, seeds);
    int laps;
    int kind = segment(r.n, &r, &b, p, &laps);
    PyObject *bt = board_tuple(&r, b);
    if (!bt) return NULL;
    if (kind < 0)
        return Py_BuildValue("(ONi)", Py_None, bt, laps);
    return Py_BuildValue("(iNi)", kind, bt, laps);
}

PyDoc_STRVAR(solve_doc,
"solve(board, max_states, table_bits, cpu_seconds, progress=False, ub_turns=0, ub_laps=0) -> dict\n\n"
"Layered A* from a canonical board (special hole at 0) to the board with every\n"
"seed in the special hole: fewest turns, then fewest laps.  max_states caps the\n"
"boards expanded, table_bits sets the table size (2**table_bits slots of 8\n"
"bytes; the search stops, with bounds, at 90% load), cpu_seconds (< 0: none)\n"
"caps the CPU time; progress prints a line to stderr now and then.  ub_turns\n"
"and ub_laps (0: none) describe a known game: boards that cannot beat it in its\n"
"last turn layer are dropped.  See search.py for the meaning of the result's keys.");

static PyObject *py_solve(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *seq;
    long long max_states;
    int table_bits;
    double cpu_seconds;
    int progress = 0, ub_turns = 0, ub_laps = 0;
    if (!PyArg_ParseTuple(args, "OLid|pii", &seq, &max_states, &table_bits, &cpu_seconds, &progress,
                          &ub_turns, &ub_laps))
        return NULL;
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return NULL;
    if (check_n((int)n)) return NULL;
    board_t start;
    int seeds;
    if (read_board(seq, (int)n, &start, &seeds)) return NULL;
    if (seeds - hole(start, 0) + n - 1 > KEY_BITS) {
        PyErr_Format(PyExc_ValueError, "too many seeds outside the special hole for a %d-bit key", KEY_BITS);
        return NULL;
    }
    if (table_bits < 8 || table_bits > 32) {
        PyErr_SetString(PyExc_ValueError, "table_bits must be 8..32");
        return NULL;
    }
    ring_t r;
    ring_init(&r, (int)n, seeds);
    table_t t;
    t.mask = (1ULL << table_bits) - 1;
    t.shift = 64 - table_bits;
    t.used = 0;
    t.limit = (t.mask + 1) / 10 * 9;
    region_t region;
    t.slots = table_alloc(t.mask + 1, &region);
    if (!t.slots) return PyErr_NoMemory();

    queue_t q = {0};
    outcome_t o;
    memset(&o, 0, sizeof o);
    o.ub_turns = ub_turns;
    o.ub_laps = ub_laps;
    Py_BEGIN_ALLOW_THREADS
    switch (n) {
    case 4: search_4(&r, &t, &q, start, max_states, cpu_seconds, progress, &o); break;
    case 6: search_6(&r, &t, &q, start, max_states, cpu_seconds, progress, &o); break;
    case 8: search_8(&r, &t, &q, start, max_states, cpu_seconds, progress, &o); break;
    case 10: search_10(&r, &t, &q, start, max_states, cpu_seconds, progress, &o); break;
    case 12: search_12(&r, &t, &q, start, max_states, cpu_seconds, progress, &o); break;
    case 14: search_14(&r, &t, &q, start, max_states, cpu_seconds, progress, &o); break;
    default: search_16(&r, &t, &q, start, max_states, cpu_seconds, progress, &o); break;
    }
    Py_END_ALLOW_THREADS
    long long explored = o.explored, cyclic = o.cyclic;
    long long *popped_per_layer = o.popped, *entries_per_layer = o.entries;
    int layer = o.layer, found = o.found, stopped = o.stopped, impossible = o.impossible, full = o.full;
    int stop_f = o.stop_f, goal_laps = o.goal_laps, nomem = o.nomem, too_long = o.too_long;
    uint64_t goal_key = o.goal_key;

    PyObject *path = NULL;
    long visited = 0;
    if (found && !nomem) {
        back_t s = {&r, &t, goal_key, layer, goal_laps, NULL, 0, 4096, 0};
        s.path = malloc(sizeof(int) * s.cap);
        int got = 0;
        if (s.path) {
            if (encode(r.n, start) == goal_key) got = 1;
            else got = tight_dfs(&s, start);
        }
        visited = s.visited;
        if (got == 1) {
            path = PyList_New(0);
            for (int k = 0; k < s.depth; k += 2) {
                PyObject *pair = Py_BuildValue("(ii)", s.path[k], s.path[k + 1]);
                PyList_Append(path, pair);
                Py_DECREF(pair);
            }
        }
        free(s.path);
    }
    size_t queued_peak = q.peak_items;
    PyObject *layer_sizes = PyList_New(0), *entry_sizes = PyList_New(0);
    for (int k = 0; k <= layer && k <= (int)L_MAX; k++) {
        PyObject *a = PyLong_FromLongLong(popped_per_layer[k]);
        PyObject *c = PyLong_FromLongLong(entries_per_layer[k]);
        PyList_Append(layer_sizes, a);
        PyList_Append(entry_sizes, c);
        Py_DECREF(a);
        Py_DECREF(c);
    }
    queue_free(&q);
    table_free(&region);
    if (nomem) {
        Py_XDECREF(path);
        Py_DECREF(layer_sizes);
        Py_DECREF(entry_sizes);
        return PyErr_NoMemory();
    }
    if (o.bound_unmet) {
        Py_XDECREF(path);
        Py_DECREF(layer_sizes);
        Py_DECREF(entry_sizes);
        PyErr_SetString(PyExc_ValueError, "no game within the given bound (ub_turns, ub_laps): it was not a real game");
        return NULL;
    }
    if (too_long) {
        Py_XDECREF(path);
        Py_DECREF(layer_sizes);
        Py_DECREF(entry_sizes);
        PyErr_SetString(PyExc_OverflowError, "a game of more than 511 laps: out of the table's range");
        return NULL;
    }
    if (found && !path) {
        Py_DECREF(layer_sizes);
        Py_DECREF(entry_sizes);
        PyErr_SetString(PyExc_RuntimeError, "the optimal game could not be read back");
        return NULL;
    }
    PyObject *res = Py_BuildValue(
        "{s:O,s:i,s:i,s:L,s:L,s:K,s:K,s:n,s:N,s:N,s:O,s:O,s:l,s:N}",
        "solved", found ? Py_True : Py_False,
        "t", layer,
        "laps", found ? goal_laps : -1,
        "explored", explored,
        "cyclic", cyclic,
        "stored", (unsigned long long)t.used,
        "table_slots", (unsigned long long)(t.mask + 1),
        "queued_peak", (Py_ssize_t)queued_peak,
        "layer_sizes", layer_sizes,
        "entry_sizes", entry_sizes,
        "impossible", impossible ? Py_True : Py_False,
        "table_full", full ? Py_True : Py_False,
        "readback_boards", visited,
        "path", path ? path : (Py_INCREF(Py_None), Py_None));
    if (res && stopped) {
        PyObject *lb = stop_f >= 0 ? PyLong_FromLong(stop_f) : (Py_INCREF(Py_None), Py_None);
        PyDict_SetItemString(res, "laps_lb", lb);
        Py_DECREF(lb);
    }
    return res;
}

static PyMethodDef methods[] = {
    {"segment", py_segment, METH_VARARGS, segment_doc},
    {"solve", py_solve, METH_VARARGS, solve_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_bevohoka",
    "Compiled katro bevohoka search (see the C source's header comment).", -1, methods,
};

PyMODINIT_FUNC PyInit__bevohoka(void) { return PyModule_Create(&module); }
