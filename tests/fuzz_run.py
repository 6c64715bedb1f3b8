"""``make fuzz``: tens of thousands of hostile files (tests/hostile.py), each
watched for a crash, a hang or memory running out; prints the counts by
outcome and by class, and the first messages of each bad outcome.

The cases run in a worker process, one after the other, each under two
timers and with the worker's memory capped (--memory MB): a case that works
for more than --timeout seconds of CPU (SIGPROF: the time a case takes on a
machine others share is its own), or that waits for more than six times as
long (SIGALRM: a read that blocks uses no CPU), is a ``hang``; one that runs
out of memory a ``memory``; a worker that dies (a segmentation fault ...) is
a ``crash`` for the case it was running, and a fresh worker goes on with the
next case.  The parent also waits at most seven times the timeout for each
case, in case the timers cannot interrupt it.  The cases are drawn from a fixed seed (--seed): a run
can be repeated exactly.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hostile  # noqa: E402


class Overrun(BaseException):
    """Raised by the timer inside a case (not an Exception: nothing catches it by accident)."""


def worker(seed, start, count, timeout, memory_mb, temp):
    """Run cases start..start+count-1 of the seed in a project made in the
    folder *temp*; print one JSON line per case."""
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 2 ** 20, memory_mb * 2 ** 20))

    def alarm(signum, frame):
        raise Overrun()
    signal.signal(signal.SIGALRM, alarm)
    signal.signal(signal.SIGPROF, alarm)
    base = Path(tempfile.mkdtemp(prefix="worker-", dir=temp))
    root = hostile.make_project(base)       # in base/project: nothing beside the temp folder is beside it
    out = sys.stdout
    for index in range(start, start + count):
        out.write(json.dumps({"start": index}) + "\n")
        out.flush()
        rng = random.Random(f"{seed}-{index}")
        try:
            cls, original, content = hostile.make_case(rng)
        except Exception as exc:        # the generator's own fault, not the project's
            out.write(json.dumps({"case": index, "class": "?", "file": "?", "outcome": "generator",
                                  "seconds": 0, "message": repr(exc)[:300]}) + "\n")
            continue
        began = time.perf_counter()
        signal.setitimer(signal.ITIMER_PROF, timeout)
        signal.setitimer(signal.ITIMER_REAL, 6 * timeout)
        try:
            outcome, message = hostile.run_case(root, (cls, original, content))
        except Overrun:
            outcome, message = "hang", f"more than {timeout} s of CPU or {6 * timeout} s in all"
        except MemoryError:
            outcome, message = "memory", f"more than {memory_mb} MB"
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
        what = original.name if original is not None else f"{content['command']} {content['option']}"
        out.write(json.dumps({"case": index, "class": cls, "file": what, "outcome": outcome,
                              "seconds": round(time.perf_counter() - began, 3), "message": message[:300]}) + "\n")
        out.flush()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=20_000)
    ap.add_argument("--seed", default="15")
    ap.add_argument("--timeout", type=float, default=5.0,
                    help="seconds of CPU a case may take (a hang beyond, or beyond six times as long in all)")
    ap.add_argument("--memory", type=int, default=1024, help="MB a worker may use")
    ap.add_argument("--seconds", type=float,
                    help="start no case after this many seconds (the cases run are counted and said)")
    ap.add_argument("--worker", nargs=2, type=int, help=argparse.SUPPRESS)
    ap.add_argument("--temp", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.seed, args.worker[0], args.worker[1], args.timeout, args.memory, args.temp)
        return 0
    temp = Path(tempfile.mkdtemp(prefix="fuzz-"))     # the workers' projects, removed at the end
    try:
        return _run(args, temp)
    finally:
        hostile._remove(temp)


def _run(args, temp) -> int:
    counts, by_class, examples = Counter(), defaultdict(Counter), defaultdict(list)
    slowest = (0.0, None)
    began = time.perf_counter()
    next_case = 0
    out_of_time = lambda: args.seconds is not None and time.perf_counter() - began >= args.seconds
    while next_case < args.cases and not out_of_time():
        # without the capabilities that let root read any file: a file of mode 000 is unreadable
        proc = subprocess.Popen([sys.executable, __file__, "--worker", str(next_case), str(args.cases - next_case),
                                 "--seed", args.seed, "--timeout", str(args.timeout), "--memory", str(args.memory),
                                 "--temp", str(temp)],
                                stdout=subprocess.PIPE, bufsize=0, preexec_fn=hostile.drop_file_capabilities)
        lines = _Lines(proc)
        running, done_here = None, 0
        while True:
            ready = lines.next(7 * args.timeout + 5)
            if ready is None:               # nothing for too long: the case hung past its timer
                proc.kill()
                proc.wait()
                if running is not None:
                    counts["hang"] += 1
                    by_class["?"]["hang"] += 1
                    examples["hang"].append(f"case {running}: no answer")
                    print(f"  case {running}: hang (no answer)", flush=True)
                    next_case = running + 1
                break
            if ready == "":                 # the worker is gone
                proc.wait()
                if running is None and not done_here:
                    running = next_case     # died before its first case: do not start it again
                if running is not None:     # it died during a case
                    counts["crash"] += 1
                    by_class["?"]["crash"] += 1
                    examples["crash"].append(f"case {running}: exit {proc.returncode}")
                    print(f"  case {running}: crash (exit {proc.returncode})", flush=True)
                    next_case = running + 1
                break
            item = json.loads(ready)
            if "start" in item:
                running = item["start"]
                continue
            running, done_here = None, done_here + 1
            next_case = item["case"] + 1
            counts[item["outcome"]] += 1
            by_class[item["class"]][item["outcome"]] += 1
            if item["seconds"] > slowest[0]:
                slowest = (item["seconds"], f"case {item['case']} ({item['class']}, {item['file']})")
            if item["outcome"] not in ("located", "accepted"):
                print(f"  case {item['case']} ({item['class']}, {item['file']}): {item['outcome']}: "
                      f"{item['message'][:200]}", flush=True)
            if item["outcome"] not in ("located", "accepted") and len(examples[item["outcome"]]) < 8:
                examples[item["outcome"]].append(f"case {item['case']} ({item['class']}, {item['file']}): "
                                                 f"{item['message']}")
            if next_case % 1000 == 0:
                print(f"  {next_case} cases, {time.perf_counter() - began:.0f} s: {dict(counts)}", flush=True)
            if out_of_time() and next_case < args.cases:
                proc.kill()
                proc.wait()
                print(f"  --seconds {args.seconds:g} reached: {next_case} of {args.cases} cases run", flush=True)
                break
    total = sum(counts.values())
    print(f"\n{total} hostile files in {time.perf_counter() - began:.0f} s (seed {args.seed}, "
          f"timeout {args.timeout} s, memory cap {args.memory} MB); slowest case {slowest[0]:.2f} s: {slowest[1]}")
    print(f"{'outcome':12} {'cases':>7}")
    for outcome in hostile.OUTCOMES:
        print(f"{outcome:12} {counts.get(outcome, 0):7}")
    classes = sorted(by_class)
    print("\nby class: " + ", ".join(hostile.OUTCOMES))
    for cls in classes:
        print(f"  {cls:14} " + " ".join(f"{by_class[cls].get(o, 0):7}" for o in hostile.OUTCOMES))
    for outcome, lines in examples.items():
        print(f"\n{outcome}:")
        for line in lines[:8]:
            print("  " + line)
    bad = sum(counts.get(o, 0) for o in ("no-line", "traceback", "crash", "hang", "memory", "generator"))
    return 1 if bad else 0


class _Lines:
    """Lines from a worker's output, read from the pipe itself (no hidden buffer,
    so that waiting on the pipe never misses a line already read)."""

    def __init__(self, proc):
        self.fd, self.buffer = proc.stdout.fileno(), b""

    def next(self, timeout):
        """A line, '' when the worker has ended, None after *timeout* seconds of silence."""
        import select
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return ""
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("utf-8")


if __name__ == "__main__":
    sys.exit(main())
