/* ltcap's embeddable runtime: a captured log run as a workload, on new inputs, from C, C++ or Python (ctypes).
 *
 * A log (`ltcap capture`) holds every call a program made, its data and its kernels' builds. The runtime replays it
 * in the calling process against the libtt_metal.so that process loads, with the data of chosen writes replaced:
 *   inputs   the calls that wrote host data to the device (a buffer write, a mesh buffer write: any call with one
 *            data argument), each by its call number; bind new bytes of the recorded size to any of them
 *   outputs  the calls whose read the log recorded, each by its call number; after a run, their bytes as the
 *            device delivered them this time
 * With nothing bound, a run checks every output against the capture (LTCAP_RUN_MISMATCH when one differs); with an
 * input bound, the outputs are new and nothing is compared.
 *
 * It starts no thread, never compiles a kernel (a log without its kernels' builds is refused; on the emulated device
 * TT_METAL_EMU_COMPILE=0 is set unless set already) and needs no Python. Not thread-safe: one thread at a time per
 * handle, one run at a time per process (tt-metal's devices are the process's).
 *
 *   ltcap_run* run = ltcap_run_open("model.capnp");
 *   if (ltcap_run_status(run) != LTCAP_RUN_OK) { fprintf(stderr, "%s\n", ltcap_run_error(run)); ... }
 *   ltcap_run_bind(run, 57, my_input, my_input_bytes);       // call #57 wrote the model's input
 *   if (ltcap_run_execute(run) == LTCAP_RUN_OK) ltcap_run_read(run, 91, out, out_bytes);   // call #91 read its output
 *   ltcap_run_close(run);
 *
 * Installed as PREFIX/include/ltcap/ltcap_run.h; the library is PREFIX/lib/libltcap_run.so for tt-metal v0.56.0
 * logs and libltcap_run_v067.so for v0.67.0 logs (docs/ltcap-run.md).
 */
#ifndef LTCAP_RUN_H
#define LTCAP_RUN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes: ltplay's exit codes, and one for a call the runtime refused. */
#define LTCAP_RUN_OK 0        /* done (a run without bindings: every output matched the capture) */
#define LTCAP_RUN_MISMATCH 1  /* a run without bindings: an output differed from the capture */
#define LTCAP_RUN_BAD_LOG 2   /* the log is unreadable, damaged, of another release, or not self-contained */
#define LTCAP_RUN_FAILED 3    /* tt-metal threw where the capture did not */
#define LTCAP_RUN_MISUSE 8    /* a call the handle refused: an unknown input or output, a wrong size, no run yet */

typedef struct ltcap_run ltcap_run;

/* One input or output. The strings belong to the handle and live as long as it. */
typedef struct ltcap_run_io {
    uint64_t call;         /* the call's number in the log (ltcap info, ltdump) */
    uint64_t bytes;        /* what it wrote or read, as the log recorded it */
    const char* function;  /* "enqueueWriteBuffer" */
    const char* text;      /* the call as ltdump prints it */
} ltcap_run_io;

/* Opens and checks the whole log (nothing runs yet). Null only when out of memory; otherwise a handle whose status
 * says whether the log can run (and ltcap_run_error why not). */
ltcap_run* ltcap_run_open(const char* log_path);
void ltcap_run_close(ltcap_run* run);

/* The handle's state: LTCAP_RUN_OK, or the status of the last call that failed. */
int ltcap_run_status(const ltcap_run* run);
/* Why the last call that failed did ("" when none failed). */
const char* ltcap_run_error(const ltcap_run* run);

size_t ltcap_run_input_count(const ltcap_run* run);
size_t ltcap_run_output_count(const ltcap_run* run);
/* Input or output `index` (in call order) into *io; LTCAP_RUN_MISUSE past the last. */
int ltcap_run_input(const ltcap_run* run, size_t index, ltcap_run_io* io);
int ltcap_run_output(const ltcap_run* run, size_t index, ltcap_run_io* io);

/* New data for input `call` (copied): exactly the recorded size. Replaces an earlier binding; null data with size 0
 * unbinds it. */
int ltcap_run_bind(ltcap_run* run, uint64_t call, const void* data, uint64_t size);

/* Runs the log once, from its first call to its last: every device and object it made is gone again after. */
int ltcap_run_execute(ltcap_run* run);

/* Copies output `call` of the last run into dst (`size` bytes: at least the output's). Returns its size, or -1
 * (LTCAP_RUN_MISUSE: see ltcap_run_error) when there is no such output, no run yet, or dst is too small. */
int64_t ltcap_run_read(ltcap_run* run, uint64_t call, void* dst, uint64_t size);

#ifdef __cplusplus
}
#endif

#endif /* LTCAP_RUN_H */
