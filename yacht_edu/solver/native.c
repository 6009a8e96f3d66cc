/* The optimal solve's chunk, and the final scores' spread, compiled ahead of time.
 *
 * The same arithmetic, in the same order, as the numba kernels of kernels.py (read that module
 * and compiled.py for the steps); built into a shared library when the package's wheel is built
 * (hatch_build.py, with the platform's C compiler) and called through ctypes (native.py).  No
 * Python, no numpy here: plain arrays, row-major, their sizes passed beside them.
 *
 * Built with -ffp-contract=off: no fused multiply-add, so every sum and product is rounded as
 * numpy rounds it and the tests can compare the two paths bit for bit.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#define EXPORT __declspec(dllexport)
#else
#define EXPORT __attribute__((visibility("default")))
#endif

/* x86-64 Linux with glibc and gcc: the chunk compiled three times, for AVX-512, for AVX2 and for
 * any x86-64, and the processor's best chosen when the library loads (the wider vectors take a
 * third off the solve); elsewhere, or built with -DYACHT_NO_CLONES (hatch_build.py's second try
 * where the first fails), once, for the platform's baseline. */
#if defined(__x86_64__) && defined(__linux__) && defined(__GLIBC__) && defined(__GNUC__) \
    && !defined(__clang__) && !defined(YACHT_NO_CLONES)
#define FOR_EACH_PROCESSOR __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define FOR_EACH_PROCESSOR
#endif

/* The stamp of the source this library was built from (hatch_build.py passes it): native.py
 * loads only a library built from the source beside it. */
#ifndef YACHT_SOURCE_STAMP
#define YACHT_SOURCE_STAMP 0
#endif
EXPORT int64_t yacht_source_stamp(void) { return YACHT_SOURCE_STAMP; }

/* A double's bits as an int64 (the worth of a non-negative value orders as its bits). */
static inline int64_t bits_of(double value) {
    int64_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

static inline int64_t larger(int64_t a, int64_t b) { return a > b ? a : b; }

/* The chunk's steps 1 to 3 for `columns` states (kernels.chunk, argument for argument); 0, or
 * 1 when it found no memory for its two rows of room.
 *
 * Tables: box_start[boxes + 1]; row_of[boxes][hands]; allowed_plain[boxes][2] (bytes);
 * row_face[score_rows]; gain, after[score_rows * per_card]; joker_start[score_rows];
 * joker_allowed (bytes), joker_gain, joker_after; numbers = per card, the yahtzee box's bit,
 * the lower boxes' bits, every box's bits; children[hands_start][6];
 * parents[parent_start[k] .. parent_start[k + 1]].
 * Work: worth, squares [worth_rows][columns]; tags [tag_rows][columns];
 * chosen [rolls][hands][columns]. */
EXPORT FOR_EACH_PROCESSOR int yacht_chunk(
    int64_t columns, const int64_t *states, const double *mean, const double *mean_square,
    int64_t boxes, int64_t hands, int64_t score_rows, const int64_t *box_start,
    const int64_t *row_of, const uint8_t *allowed_plain, const int64_t *row_face,
    const int64_t *gain, const int64_t *after, const int64_t *joker_start,
    const uint8_t *joker_allowed, const int64_t *joker_gain, const int64_t *joker_after,
    const int64_t *numbers, const int64_t *children, const int64_t *parent_start,
    const int64_t *parents, int64_t hands_start, int64_t upper_boxes, int64_t mask,
    double *worth, double *squares, int64_t tag_rows, int64_t *tags, int64_t rolls,
    int64_t *chosen)
{
    const int64_t per_card = numbers[0], yahtzee_bit = numbers[1], lower_boxes = numbers[2];
    const int64_t row_at = score_rows <= hands_start ? 0 : hands_start + hands;
    const int64_t n = columns;
    int64_t *filled = malloc(sizeof(int64_t) * (size_t)(2 * n));
    if (filled == NULL) return 1;  /* out of memory: native.py raises MemoryError */
    int64_t *sub = filled + n;
    int64_t filled_in_all = numbers[3];

    /* Step 1: each row of an open box in each state: may it be chosen, its worth, its tag. */
    for (int64_t c = 0; c < n; c++) {
        filled[c] = states[c] / per_card;
        sub[c] = states[c] % per_card;
        filled_in_all &= filled[c];
    }
    for (int64_t b = 0; b < boxes; b++) {
        if ((filled_in_all >> b) & 1) continue;
        const int64_t bit = (int64_t)1 << b;
        for (int64_t r = box_start[b]; r < box_start[b + 1]; r++) {
            const int64_t face = row_face[r];
            double *w = worth + (row_at + r) * n, *sq = squares + (row_at + r) * n;
            int64_t *tag = tags + r * n;
            for (int64_t c = 0; c < n; c++) {
                const int64_t held = filled[c];
                int allowed;
                int64_t points, rest;
                if (face != 0 && (held & yahtzee_bit) != 0) {  /* a five of a kind as a joker */
                    const int64_t face_bit = (int64_t)1 << (face - 1);
                    const int64_t other_upper = upper_boxes & ~face_bit;
                    const int64_t situation = 4 * ((held & face_bit) == 0)
                                              + 2 * ((held & other_upper) != other_upper)
                                              + ((~held & lower_boxes) != 0);
                    const int64_t at = joker_start[r] + situation * per_card + sub[c];
                    allowed = ((held & bit) == 0) && joker_allowed[at];
                    points = joker_gain[at];
                    rest = joker_after[at];
                } else {
                    const int64_t at = r * per_card + sub[c];
                    const int upper_open = (held & upper_boxes) != upper_boxes;
                    allowed = ((held & bit) == 0) && allowed_plain[b * 2 + upper_open];
                    points = gain[at];
                    rest = after[at];
                }
                if (allowed) {
                    const double g = (double)points;
                    const int64_t following = (held | bit) * per_card + rest;
                    const double a = mean[following];
                    w[c] = g + a;
                    sq[c] = g * g + 2.0 * g * a + mean_square[following];
                    tag[c] = (bits_of(w[c]) & ~mask) | r;
                } else {
                    tag[c] = -1;
                }
            }
        }
    }
    /* Step 2: each hand takes its allowed row worth most (ties to the later row). */
    int64_t *best = tags + (tag_rows - 1) * n;  /* a row of room */
    for (int64_t h = 0; h < hands; h++) {
        for (int64_t c = 0; c < n; c++) best[c] = -1;
        for (int64_t b = 0; b < boxes; b++) {
            if (((filled_in_all >> b) & 1) == 0) {
                const int64_t *tag = tags + row_of[b * hands + h] * n;
                for (int64_t c = 0; c < n; c++) best[c] = larger(best[c], tag[c]);
            }
        }
        for (int64_t c = 0; c < n; c++) {
            const int64_t r = best[c] & mask;
            chosen[h * n + c] = r;
            worth[(hands_start + h) * n + c] = worth[(row_at + r) * n + c];
            squares[(hands_start + h) * n + c] = squares[(row_at + r) * n + c];
        }
    }
    /* Step 3, before each later roll: each keep's average over one more die, then each hand's
     * best keep (itself or a smaller one; ties to the later keep). */
    const double sixth = 1.0 / 6.0;
    for (int64_t to_come = 1; to_come < rolls; to_come++) {
        for (int64_t k = hands_start - 1; k >= 0; k--) {
            const int64_t *child = children + k * 6;
            const double *w1 = worth + child[0] * n, *w2 = worth + child[1] * n,
                         *w3 = worth + child[2] * n, *w4 = worth + child[3] * n,
                         *w5 = worth + child[4] * n, *w6 = worth + child[5] * n;
            const double *s1 = squares + child[0] * n, *s2 = squares + child[1] * n,
                         *s3 = squares + child[2] * n, *s4 = squares + child[3] * n,
                         *s5 = squares + child[4] * n, *s6 = squares + child[5] * n;
            double *w = worth + k * n, *sq = squares + k * n;
            for (int64_t c = 0; c < n; c++) {
                w[c] = (w1[c] + w2[c] + w3[c] + w4[c] + w5[c] + w6[c]) * sixth;
                sq[c] = (s1[c] + s2[c] + s3[c] + s4[c] + s5[c] + s6[c]) * sixth;
            }
        }
        for (int64_t k = 0; k < hands_start + hands; k++) {  /* smaller keeps first */
            int64_t *tag = tags + k * n;
            const double *w = worth + k * n;
            for (int64_t c = 0; c < n; c++) tag[c] = (bits_of(w[c]) & ~mask) | k;
            for (int64_t i = parent_start[k]; i < parent_start[k + 1]; i++) {
                const int64_t *held = tags + parents[i] * n;
                for (int64_t c = 0; c < n; c++) tag[c] = larger(tag[c], held[c]);
            }
        }
        int64_t *keep = chosen + to_come * hands * n;
        for (int64_t h = hands_start; h < hands_start + hands; h++) {
            for (int64_t c = 0; c < n; c++) {
                const int64_t k = tags[h * n + c] & mask;
                keep[(h - hands_start) * n + c] = k;
                worth[h * n + c] = worth[k * n + c];
                squares[h * n + c] = squares[k * n + c];
            }
        }
    }
    free(filled);
    return 0;
}

/* target[target_at[i] + j] += chance[i] * source[source_start[s] + j], s = from_state[i], for
 * j below source_length[s] (kernels.spread: the bands of final_scores.py). */
EXPORT FOR_EACH_PROCESSOR void yacht_spread(int64_t ways, const double *source, const int64_t *source_start,
                         const int64_t *source_length, double *target,
                         const int64_t *from_state, const int64_t *target_at,
                         const double *chance)
{
    for (int64_t i = 0; i < ways; i++) {
        const int64_t s = from_state[i];
        const double *band = source + source_start[s];
        double *into = target + target_at[i];
        const double p = chance[i];
        for (int64_t j = 0; j < source_length[s]; j++) into[j] += p * band[j];
    }
}
