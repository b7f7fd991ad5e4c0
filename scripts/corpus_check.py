"""Score `numrs check --emit-types` against Numba's recorded answers (the oracle corpus).

Fails when the number of passing units drops below the committed baseline in
tests/corpus_baseline.txt, so agreement can only ratchet upwards. Prints compare.py's summary.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("NUMRS_SHARED", os.path.join(ROOT, "..", "shared"))
CASES = os.path.join(SHARED, "corpus", "cases")
EXPECTED = os.path.join(SHARED, "corpus", "expected")
COMPARE = os.path.join(SHARED, "oracle", "compare.py")
BINARY = os.path.join(ROOT, "target", "release", "numrs")


def main():
    if not os.path.isdir(CASES):
        print("corpus: shared corpus not found at %s" % CASES, file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run([BINARY, "check", CASES, "--emit-types", out], capture_output=True, text=True)
        if run.returncode not in (0, 1):
            print(run.stderr, file=sys.stderr)
            print("corpus: numrs check failed with status %d" % run.returncode, file=sys.stderr)
            return 1
        cmp = subprocess.run([sys.executable, COMPARE, EXPECTED, out], capture_output=True, text=True)
        lines = [l for l in cmp.stdout.splitlines() if l.strip()]
        if not lines:
            print(cmp.stderr, file=sys.stderr)
            return 1
        last = lines[-1]
        # Print the agreement figures, but not compare.py's "N passed, M failed" line: the
        # units numrs does not yet agree on are tracked by the baseline, not test failures.
        for line in lines[:-1]:
            print("corpus: " + line)
        passed = int(last.split()[0])
        failed = int(last.split()[2].rstrip(","))
    with open(os.path.join(ROOT, "tests", "corpus_baseline.txt")) as f:
        baseline = int(f.read().split()[0])
    total = passed + failed
    print("corpus: %d/%d units agree with Numba (%.1f%%); baseline %d" % (passed, total, 100.0 * passed / total, baseline))
    if passed < baseline:
        print("corpus: regression below the committed baseline", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
