"""A Python host driving toy_model (a framework in miniature) through ctypes, as a TTNN program drives tt-metal:
tt-metal is loaded late, when the model library is. Runs STEPS eager steps, then captures one step in a metal
trace and replays it REPLAYS times, each with a new input; exits 0 when the device agreed with the host every time.

    python3 model.py LIBTOY_MODEL.so [STEPS [REPLAYS]] [--timing] [--seed N]

--timing adds the median time of an eager step (the first, which compiles kernels, left out) and of a trace replay.
--seed N draws other inputs (0, the default, draws the usual ones); the weights stay the same.
"""
import ctypes
import random
import statistics
import sys
import time

M, K = 64, 128


def input_for(step, seed=0):
    rng = random.Random(step + seed * 1000003)
    return (ctypes.c_float * (M * K))(*(rng.uniform(-1.0, 1.0) for _ in range(M * K)))


def timed(fn, *args):
    start = time.perf_counter()
    status = fn(*args)
    return status, time.perf_counter() - start


def main(argv):
    timing = "--timing" in argv
    argv = [a for a in argv if a != "--timing"]
    seed = 0
    if "--seed" in argv:
        at = argv.index("--seed")
        seed = int(argv[at + 1])
        del argv[at:at + 2]
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) >= 2 else 2
    steps = int(argv[2]) if len(argv) > 2 else 6
    replays = int(argv[3]) if len(argv) > 3 else 4
    lib = ctypes.CDLL(argv[1])
    if lib.toy_open() != 0:
        return 1
    failures = 0
    step_times, replay_times = [], []
    for step in range(steps):
        status, seconds = timed(lib.toy_step, input_for(step, seed))
        step_times.append(seconds)
        print(f"step {step + 1}: {'ok' if status == 0 else 'MISMATCH'}", flush=True)
        failures += status != 0
    programs = lib.toy_cached_programs()
    print(f"program cache: {programs} programs after {steps} steps", flush=True)
    failures += programs != 4
    if replays > 0:
        failures += lib.toy_trace_capture() != 0
        for replay in range(replays):
            status, seconds = timed(lib.toy_trace_run, input_for(1000 + replay, seed))
            replay_times.append(seconds)
            print(f"trace replay {replay + 1}: {'ok' if status == 0 else 'MISMATCH'}", flush=True)
            failures += status != 0
    lib.toy_close()
    if timing and len(step_times) > 1:
        line = f"timing: step {statistics.median(step_times[1:]) * 1e3:.3f} ms"
        if replay_times:
            line += f", trace replay {statistics.median(replay_times) * 1e3:.3f} ms"
        print(line + " (medians)", flush=True)
    print(f"toy_model: {steps} steps, {replays} trace replays: {'PASS' if failures == 0 else 'FAIL'}", flush=True)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
