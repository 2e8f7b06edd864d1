"""Inputs and outputs of two logs of one workload, from their `ltcap extract` folders (index.json):

    python3 io_files.py bindings A.x B.x     # CALL=FILE for each write of B whose bytes differ from A's same call
    python3 io_files.py compare OUTDIR X.x   # "same N differ M": OUTDIR/CALL.bin against each read X recorded

The two logs must be of the same workload (the same calls in the same order); an error says so otherwise."""
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


def bindings(a, b):
    wa, wb = entries(a, "write"), entries(b, "write")
    if wa.keys() != wb.keys():
        sys.exit("io_files.py: the two logs made different writes: not the same workload")
    for seq in sorted(wa):
        if whole(a, wa[seq]) != whole(b, wb[seq]):
            print(f"{seq}={os.path.join(b, wb[seq][0]['file'])}")


def compare(outdir, x):
    same = differ = 0
    for seq, pieces in entries(x, "read").items():
        path = os.path.join(outdir, f"{seq}.bin")
        got = open(path, "rb").read() if os.path.exists(path) else None
        if got == whole(x, pieces):
            same += 1
        else:
            differ += 1
    print(f"same {same} differ {differ}")


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("bindings", "compare"):
        sys.exit(__doc__)
    (bindings if sys.argv[1] == "bindings" else compare)(sys.argv[2], sys.argv[3])
