#!/usr/bin/env python3
"""Shares of a perf profile's samples, for comparing profiles taken minutes apart on a noisy host.

Rates on this machine drift by a third between windows, but the share of samples a frame is in
does not: the issue 17 sessions judged each change by these shares. Input is the stack dump of
`perf record -e cpu-clock -g -p PID`, demangled:

    perf script -i perf.data -F comm,tid,ip,sym | swift demangle --simplified --compact > frames.txt

Then, for one or more dumps (one column each):

    profile-shares.py frames.txt [more.txt …] --share 'UUID parse=UUID.init\\(canonicalUTF8' --share Hasher
        the inclusive share of each pattern (a regular expression): samples with a matching frame anywhere
        in the stack; NAME=PATTERN labels a row;
    profile-shares.py frames.txt --self [N]
        the N (default 30) frames with the most samples of their own;
    profile-shares.py frames.txt --callers PATTERN / --callees PATTERN
        what calls the first matching frame, or what the outermost matching frame calls (closure thunks
        and partial applications skipped), by share.
"""
import argparse
import collections
import re


def read_samples(path):
    """Each sample as its list of frames, innermost first."""
    samples, frames = [], None
    with open(path, errors="replace") as dump:
        for line in dump:
            if not line.strip():
                if frames is not None:
                    samples.append(frames)
                frames = None
            elif not line[0].isspace():
                frames = []
            elif frames is not None:
                parts = line.strip().split(None, 1)
                frames.append(parts[1] if len(parts) > 1 else "?")
    if frames is not None:
        samples.append(frames)
    return samples


WRAPPERS = ("partial apply", "thunk for", "outlined", "merged ")


def neighbours(samples, pattern, callers):
    found = re.compile(pattern)
    counts = collections.Counter()
    for frames in samples:
        matches = [index for index, frame in enumerate(frames) if found.search(frame)]
        if not matches:
            continue
        step = 1 if callers else -1
        index = (matches[0] if callers else matches[-1]) + step
        while 0 <= index < len(frames) and (frames[index].startswith(WRAPPERS) or found.search(frames[index])):
            index += step
        counts[frames[index] if 0 <= index < len(frames) else "(itself)"] += 1
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dumps", nargs="+")
    parser.add_argument("--share", action="append", default=[])
    parser.add_argument("--self", nargs="?", const=30, type=int, dest="top")
    parser.add_argument("--callers")
    parser.add_argument("--callees")
    options = parser.parse_args()
    profiles = [read_samples(path) for path in options.dumps]
    if options.share:
        print("| frames | " + " | ".join(options.dumps) + " |")
        print("|---|" + "---|" * len(profiles))
        for entry in options.share:
            # NAME=PATTERN: the name ends at the first "=" (a pattern may hold one).
            name, _, pattern = entry.partition("=") if "=" in entry else (entry, "", entry)
            found = re.compile(pattern)
            shares = [sum(any(found.search(f) for f in s) for s in p) / len(p) for p in profiles]
            print(f"| {name} | " + " | ".join(f"{100 * share:.1f}%" for share in shares) + " |")
        print("| samples | " + " | ".join(str(len(p)) for p in profiles) + " |")
    samples = profiles[0]
    if options.top:
        for frame, count in collections.Counter(s[0] for s in samples if s).most_common(options.top):
            print(f"{100 * count / len(samples):5.1f}% {frame[:150]}")
    for pattern, callers in ((options.callers, True), (options.callees, False)):
        if pattern:
            for frame, count in neighbours(samples, pattern, callers).most_common(20):
                print(f"{100 * count / len(samples):5.2f}% {frame[:150]}")


if __name__ == "__main__":
    main()
