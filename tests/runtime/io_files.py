"""Inputs and outputs of two logs of one workload, from their `ltcap extract` folders (index.json):

    python3 io_files.py bindings A.x B.x     # CALL=FILE for each write of A whose bytes B's matching write differs in
    python3 io_files.py compare OUTDIR X.x   # "same N differ M": the outputs in OUTDIR (CALL.bin) against X's reads

Two runs of one workload make the same writes and reads in the same order, but not always at the same call numbers
(a buffer released a little earlier in one run, by a thread of the framework): writes and reads are paired by their
order. A different number of them is an error: not the same workload."""
import json
import os
import sys


def entries(folder, direction):
    out = {}
    for e in json.load(open(os.path.join(folder, "index.json")))["data"]:
        if e["direction"] == direction:
            out.setdefault(e["seq"], []).append(e)
    return out


def whole(folder, pieces):
    data = bytearray()
    for e in pieces:
        piece = open(os.path.join(folder, e["file"]), "rb").read()
        at = e.get("offset", 0)
        data.extend(b"\0" * max(0, at + len(piece) - len(data)))
        data[at:at + len(piece)] = piece
    return bytes(data)


def paired(a, b, what):
    if len(a) != len(b):
        sys.exit(f"io_files.py: {len(a)} {what} against {len(b)}: not the same workload")
    return zip(sorted(a), sorted(b))


def bindings(a, b):
    wa, wb = entries(a, "write"), entries(b, "write")
    for sa, sb in paired(wa, wb, "writes"):
        if whole(a, wa[sa]) != whole(b, wb[sb]):
            print(f"{sa}={os.path.join(b, wb[sb][0]['file'])}")


def compare(outdir, x):
    reads = entries(x, "read")
    outputs = {int(f[:-4]): f for f in os.listdir(outdir) if f.endswith(".bin")}
    same, differ = 0, []
    for out, seq in paired(outputs, reads, "outputs"):
        if open(os.path.join(outdir, outputs[out]), "rb").read() == whole(x, reads[seq]):
            same += 1
        else:
            differ.append(out)
    print(f"same {same} differ {len(differ)}")
    if differ:
        print("differing outputs: " + " ".join(f"#{s}" for s in differ), file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("bindings", "compare"):
        sys.exit(__doc__)
    (bindings if sys.argv[1] == "bindings" else compare)(sys.argv[2], sys.argv[3])
