/* A small C host of the runtime (runtime/ltcap_run.h), as an application embeds it: opens a log, lists its inputs
 * and outputs, binds new data to chosen inputs, runs it once, writes every output to a folder, and tells how many
 * threads the process had around each step.
 *   run_log LOG OUTDIR [CALL=FILE ...]
 * prints "threads: N before open, N after open, N after the run", one line per input and output, and exits with
 * the run's status (LTCAP_RUN_*). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/ltcap_run.h"

static int Threads(void) {
    DIR* d = opendir("/proc/self/task");
    int n = 0;
    if (!d) return -1;
    for (struct dirent* e; (e = readdir(d));)
        if (e->d_name[0] != '.') n++;
    closedir(d);
    return n;
}

static unsigned char* Slurp(const char* path, long* size) {
    FILE* f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char* bytes = malloc(*size > 0 ? (size_t)*size : 1);
    if (bytes && fread(bytes, 1, (size_t)*size, f) != (size_t)*size) {
        free(bytes);
        bytes = NULL;
    }
    fclose(f);
    return bytes;
}

int main(int argc, char** argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: run_log LOG OUTDIR [CALL=FILE ...]\n");
        return 2;
    }
    const int before = Threads();
    ltcap_run* run = ltcap_run_open(argv[1]);
    if (!run) return 3;
    const int opened = Threads();
    if (ltcap_run_status(run) != LTCAP_RUN_OK) {
        printf("open: status %d: %s\n", ltcap_run_status(run), ltcap_run_error(run));
        return ltcap_run_status(run);
    }
    ltcap_run_io io;
    for (size_t i = 0; ltcap_run_input(run, i, &io) == LTCAP_RUN_OK; i++)
        printf("input call %llu %s %llu bytes\n", (unsigned long long)io.call, io.function, (unsigned long long)io.bytes);
    for (size_t i = 0; ltcap_run_output(run, i, &io) == LTCAP_RUN_OK; i++)
        printf("output call %llu %s %llu bytes\n", (unsigned long long)io.call, io.function, (unsigned long long)io.bytes);
    for (int a = 3; a < argc; a++) {
        char* eq = strchr(argv[a], '=');
        if (!eq) {
            fprintf(stderr, "run_log: %s: expected CALL=FILE\n", argv[a]);
            return 2;
        }
        *eq = '\0';
        long size = 0;
        unsigned char* bytes = Slurp(eq + 1, &size);
        if (!bytes) {
            fprintf(stderr, "run_log: cannot read %s\n", eq + 1);
            return 2;
        }
        const int status = ltcap_run_bind(run, strtoull(argv[a], NULL, 10), bytes, (uint64_t)size);
        free(bytes);
        if (status != LTCAP_RUN_OK) {
            printf("bind: status %d: %s\n", status, ltcap_run_error(run));
            return status;
        }
    }
    const int status = ltcap_run_execute(run);
    const int after = Threads();
    printf("threads: %d before open, %d after open, %d after the run\n", before, opened, after);
    printf("run: status %d%s%s\n", status, status ? ": " : "", status ? ltcap_run_error(run) : "");
    if (status == LTCAP_RUN_OK || status == LTCAP_RUN_MISMATCH) {
        for (size_t i = 0; ltcap_run_output(run, i, &io) == LTCAP_RUN_OK; i++) {
            unsigned char* bytes = malloc(io.bytes ? io.bytes : 1);
            char path[4096];
            snprintf(path, sizeof path, "%s/%llu.bin", argv[2], (unsigned long long)io.call);
            FILE* f = fopen(path, "wb");
            const int64_t n = ltcap_run_read(run, io.call, bytes, io.bytes);
            if (!f || n < 0 || fwrite(bytes, 1, (size_t)n, f) != (size_t)n) {
                fprintf(stderr, "run_log: cannot write output %s: %s\n", path, ltcap_run_error(run));
                return 3;
            }
            fclose(f);
            free(bytes);
        }
    }
    ltcap_run_close(run);
    return status;
}
