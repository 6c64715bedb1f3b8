"""``make fuzz``: tens of thousands of hostile files (tests/hostile.py), each
watched for a crash, a hang or memory running out; prints the counts by
outcome and by class, and the first messages of each bad outcome.

The cases are shared among --jobs workers (one per core by default): worker
*j* of *n* runs cases j, j + n, j + 2n ... one after the other, in a project
of its own.  Each case runs under two timers and with the worker's memory
capped (--memory MB): a case that works for more than --timeout seconds of
CPU (SIGPROF: the time a case takes on a machine others share is its own),
or that waits for more than six times as long (SIGALRM: a read that blocks
uses no CPU), is a ``hang``; one that runs out of memory a ``memory``; a
worker that dies (a segmentation fault ...) is a ``crash`` for the case it
was running, and a fresh worker goes on with its next case.  The parent also
waits at most seven times the timeout for each case, in case the timers
cannot interrupt it.  Each case is drawn from the seed (--seed) and its own
number alone: a run can be repeated exactly, with any number of jobs, and
--classes or --case run again just the cases of a full run that belong to
those classes or have those numbers.
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
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hostile  # noqa: E402


class Overrun(BaseException):
    """Raised by the timer inside a case (not an Exception: nothing catches it by accident)."""


def case_class(seed, index) -> str:
    """The class of case *index*: the first draw of its generator (as :func:`hostile.make_case` draws it)."""
    return random.Random(f"{seed}-{index}").choice(list(hostile.CLASSES))


def selected(args, index) -> bool:
    """Whether case *index* is among those asked for (--case, --classes)."""
    if args.case and index not in args.case:
        return False
    return not args.classes or case_class(args.seed, index) in args.classes


def worker(args, start, stop, stride):
    """Run the cases start, start + stride ... below stop (those selected) in
    a project made in the folder ``args.temp``; print one JSON line per case."""
    timeout, memory_mb = args.timeout, args.memory
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 2 ** 20, memory_mb * 2 ** 20))

    def alarm(signum, frame):
        raise Overrun()
    signal.signal(signal.SIGALRM, alarm)
    signal.signal(signal.SIGPROF, alarm)
    base = Path(tempfile.mkdtemp(prefix="worker-", dir=args.temp))
    root = hostile.make_project(base)       # in base/project: nothing beside the temp folder is beside it
    project_files = _files(root)
    out = sys.stdout
    for index in range(start, stop, stride):
        if not selected(args, index):
            continue
        out.write(json.dumps({"start": index}) + "\n")
        out.flush()
        rng = random.Random(f"{args.seed}-{index}")
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
        left = sorted(_files(root) - project_files)
        if left:                        # the case did not put the project back: the next would see it
            for path in left:
                hostile._remove(root / path)
            if outcome in ("located", "accepted"):
                outcome, message = "generator", f"the case left {', '.join(left)[:200]} in the project"
        what = original.name if original is not None else f"{content['command']} {content['option']}"
        out.write(json.dumps({"case": index, "class": cls, "file": what, "outcome": outcome,
                              "seconds": round(time.perf_counter() - began, 3), "message": message[:300]}) + "\n")
        out.flush()


def _files(root) -> set:
    """The names in the project's folders that cases write in (links and
    pipes included, and whatever their mode)."""
    return {f"{folder}/{name}" for folder in ("rules", "sources", "sources/x")
            for name in os.listdir(root / folder)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=20_000)
    ap.add_argument("--seed", default="15")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="workers running cases side by side (default: one per core)")
    ap.add_argument("--timeout", type=float, default=5.0,
                    help="seconds of CPU a case may take (a hang beyond, or beyond six times as long in all)")
    ap.add_argument("--memory", type=int, default=1024, help="MB a worker may use")
    ap.add_argument("--seconds", type=float,
                    help="start no case after this many seconds (the cases run are counted and said)")
    ap.add_argument("--classes", type=lambda text: set(text.split(",")),
                    help="run only the cases of these classes (comma-separated), as numbered in a full run")
    ap.add_argument("--case", type=int, action="append", help="run only this case (may be repeated)")
    ap.add_argument("--worker", nargs=3, type=int, help=argparse.SUPPRESS)
    ap.add_argument("--temp", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.classes and not args.classes <= set(hostile.CLASSES):
        ap.error(f"--classes: unknown {sorted(args.classes - set(hostile.CLASSES))}; "
                 f"the classes are {', '.join(hostile.CLASSES)}")
    if args.jobs < 1:
        ap.error("--jobs: at least 1")
    if args.worker:
        worker(args, *args.worker)
        return 0
    signal.signal(signal.SIGTERM, _interrupt)
    temp = Path(tempfile.mkdtemp(prefix="fuzz-"))     # the workers' projects, removed at the end
    try:
        return _run(args, temp)
    finally:
        hostile._remove(temp)


def _interrupt(signum, frame):
    """A run stopped with kill (or started in the background, where an
    interrupt is ignored) stops its workers as an interrupt does."""
    raise KeyboardInterrupt()


class _Tally:
    """What the jobs found, merged (each job adds under the lock)."""

    def __init__(self, began):
        self.lock = threading.Lock()
        self.counts, self.by_class = Counter(), defaultdict(Counter)
        self.bad = []               # (case, outcome, line) of every case not located nor accepted
        self.slowest = (0.0, -1, None)
        self.began = began
        self.procs = []             # the workers running, to stop on an interrupt

    def add(self, case, cls, outcome, line=None, seconds=0.0, what=None):
        with self.lock:
            self.counts[outcome] += 1
            self.by_class[cls][outcome] += 1
            if (seconds, -case) > self.slowest[:2]:
                self.slowest = (seconds, -case, what)
            if line is not None:
                self.bad.append((case, outcome, line))
                print(f"  {line[:260]}", flush=True)
            done = sum(self.counts.values())
            if done % 1000 == 0:
                print(f"  {done} cases, {time.perf_counter() - self.began:.0f} s: {dict(self.counts)}", flush=True)


def _run(args, temp) -> int:
    began = time.perf_counter()
    tally = _Tally(began)
    out_of_time = lambda: args.seconds is not None and time.perf_counter() - began >= args.seconds
    jobs = max(1, min(args.jobs, args.cases))
    stopped = []
    threads = [threading.Thread(target=_job, args=(args, temp, tally, j, jobs, out_of_time, stopped))
               for j in range(jobs)]
    for t in threads:
        t.start()
    try:
        for t in threads:
            t.join()
    except KeyboardInterrupt:       # the workers stop too (the jobs see the flag and start none)
        stopped.append("interrupted")
        with tally.lock:
            for proc in tally.procs:
                proc.kill()
        raise
    counts, by_class = tally.counts, tally.by_class
    total = sum(counts.values())
    if stopped:
        wanted = sum(1 for i in range(args.cases) if selected(args, i)) if (args.case or args.classes) else args.cases
        print(f"  --seconds {args.seconds:g} reached: {total} of {wanted} cases run", flush=True)
    slowest = tally.slowest
    print(f"\n{total} hostile files in {time.perf_counter() - began:.0f} s (seed {args.seed}, "
          f"timeout {args.timeout} s, memory cap {args.memory} MB, {jobs} job{'s' if jobs != 1 else ''}); slowest case {slowest[0]:.2f} s: "
          f"{slowest[2]}")
    print(f"{'outcome':12} {'cases':>7}")
    for outcome in hostile.OUTCOMES:
        print(f"{outcome:12} {counts.get(outcome, 0):7}")
    classes = sorted(by_class)
    name = max([len("by class"), *map(len, classes)])
    widths = [max(7, len(o)) for o in hostile.OUTCOMES]
    print(f"\n{'by class':{name}} " + " ".join(f"{o:>{w}}" for o, w in zip(hostile.OUTCOMES, widths)))
    for cls in classes:
        print(f"{cls:{name}} " + " ".join(f"{by_class[cls].get(o, 0):{w}}" for o, w in zip(hostile.OUTCOMES, widths)))
    examples = defaultdict(list)
    for case, outcome, line in sorted(tally.bad):
        examples[outcome].append(line)
    for outcome, lines in examples.items():
        print(f"\n{outcome}:")
        for line in lines[:8]:
            print("  " + line)
    bad = sum(counts.get(o, 0) for o in ("no-line", "traceback", "crash", "hang", "memory", "generator"))
    return 1 if bad else 0


def _job(args, temp, tally, j, jobs, out_of_time, stopped):
    """Job *j* of *jobs*: its cases (j, j + jobs ...), in a worker that is
    started again after a crash or a hang, with its next case."""
    next_case = j
    while next_case < args.cases and not out_of_time() and "interrupted" not in stopped:
        # without the capabilities that let root read any file: a file of mode 000 is unreadable
        argv = [sys.executable, __file__, "--worker", str(next_case), str(args.cases), str(jobs),
                "--seed", args.seed, "--timeout", str(args.timeout), "--memory", str(args.memory),
                "--temp", str(temp)]
        if args.classes:
            argv += ["--classes", ",".join(sorted(args.classes))]
        for case in args.case or ():
            argv += ["--case", str(case)]
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, bufsize=0, preexec_fn=hostile.drop_file_capabilities)
        with tally.lock:
            tally.procs[:] = [p for p in tally.procs if p.poll() is None] + [proc]
        lines = _Lines(proc)
        running = None
        while True:
            ready = lines.next(7 * args.timeout + 5)
            if ready is None:               # nothing for too long: the case hung past its timer
                proc.kill()
                proc.wait()
                if running is not None:
                    tally.add(running, case_class(args.seed, running), "hang", f"case {running}: no answer")
                    next_case = running + jobs
                break
            if ready == "":                 # the worker is gone
                proc.wait()
                if running is None and proc.returncode == 0:
                    next_case = args.cases  # it ran all its cases
                    break
                if running is None:
                    running = next_case     # died outside a case (before its first): do not start it again
                tally.add(running, case_class(args.seed, running), "crash",
                          f"case {running}: crash (exit {proc.returncode})")
                next_case = running + jobs
                break
            item = json.loads(ready)
            if "start" in item:
                running = item["start"]
                continue
            running = None
            next_case = item["case"] + jobs
            bad = item["outcome"] not in ("located", "accepted")
            tally.add(item["case"], item["class"], item["outcome"],
                      (f"case {item['case']} ({item['class']}, {item['file']}): {item['outcome']}: "
                       f"{item['message']}") if bad else None,
                      item["seconds"], f"case {item['case']} ({item['class']}, {item['file']})")
            if out_of_time() and next_case < args.cases:
                proc.kill()
                proc.wait()
                stopped.append(j)
                break


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
