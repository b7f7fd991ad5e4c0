"""Score `numrs check --emit-types` against Numba's recorded answers.

Three corpora are scored: the shared oracle corpus (`../shared/corpus`), the project's own
(`tests/corpus`, answers recorded by `../shared/oracle/run_numba.py` without SciPy) and
`tests/corpus_scipy` (linear algebra, recorded with SciPy installed). Each has a committed baseline in
tests/corpus_baseline.txt (`<corpus> <passing units>` per line); the check fails when the
number of agreeing units drops below it, so agreement can only ratchet upwards.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("NUMRS_SHARED", os.path.join(ROOT, "..", "shared"))
COMPARE = os.path.join(SHARED, "oracle", "compare.py")
# The cargo profile the binary was built with: scripts/test.sh builds `ci`; by hand, `release`.
BINARY = os.path.join(ROOT, "target", os.environ.get("NUMRS_PROFILE", "release"), "numrs")
CORPORA = {
    "shared": os.path.join(SHARED, "corpus"),
    "project": os.path.join(ROOT, "tests", "corpus"),
    "scipy": os.path.join(ROOT, "tests", "corpus_scipy"),
}
# The corpora whose answers were recorded where SciPy is not installed (Numba's `np.dot`, `@`
# and `np.linalg` are then ImportError): checked with `--no-scipy`. `tests/corpus_scipy` was
# recorded with SciPy installed.
WITHOUT_SCIPY = {"shared", "project"}


# A jitclass's type name carries the address of Numba's class type object
# (`instance.jitclass.Bag#7f9ec03d38d0<value:int32>`); numrs prints a hash there. Like the `0x?`
# the oracle writes for other addresses, both sides compare with `#?`.
JITCLASS_ADDRESS = re.compile(r"(jitclass\.[A-Za-z_][A-Za-z0-9_]*)#[0-9a-f]+<")
# A `deferred_type()` prints the address of its object in decimal (`DeferredType#139924750127440`).
DEFERRED_ADDRESS = re.compile(r"DeferredType#[0-9]+")


def without_class_addresses(src, dst):
    """Copies the JSON files of `src` to `dst` with jitclass and deferred type addresses
    replaced by `?`."""
    for entry in os.listdir(src):
        if entry.endswith(".json"):
            with open(os.path.join(src, entry)) as f:
                text = f.read()
            with open(os.path.join(dst, entry), "w") as f:
                f.write(DEFERRED_ADDRESS.sub("DeferredType#?", JITCLASS_ADDRESS.sub(r"\1#?<", text)))


def score(name, corpus):
    cases = os.path.join(corpus, "cases")
    with tempfile.TemporaryDirectory() as out, tempfile.TemporaryDirectory() as expected, \
            tempfile.TemporaryDirectory() as actual:
        flags = ["--no-scipy"] if name in WITHOUT_SCIPY else []
        run = subprocess.run([BINARY, "check", cases, "--emit-types", out] + flags, capture_output=True, text=True)
        if run.returncode not in (0, 1):
            print(run.stderr, file=sys.stderr)
            raise SystemExit("corpus %s: numrs check failed with status %d" % (name, run.returncode))
        without_class_addresses(os.path.join(corpus, "expected"), expected)
        without_class_addresses(out, actual)
        cmp = subprocess.run([sys.executable, COMPARE, expected, actual], capture_output=True, text=True)
    lines = [l for l in cmp.stdout.splitlines() if l.strip()]
    if not lines:
        print(cmp.stderr, file=sys.stderr)
        raise SystemExit("corpus %s: compare.py printed nothing" % name)
    # Print the agreement figures, but not compare.py's "N passed, M failed" line: the units
    # numrs does not yet agree on are tracked by the baseline, not test failures.
    for line in lines[:-1]:
        print("corpus %s: %s" % (name, line))
    words = lines[-1].split()
    return int(words[0]), int(words[2].rstrip(","))


def main():
    if not os.path.isfile(COMPARE):
        print("corpus: oracle not found at %s" % COMPARE, file=sys.stderr)
        return 1
    baselines = {}
    with open(os.path.join(ROOT, "tests", "corpus_baseline.txt")) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                baselines[parts[0]] = int(parts[1])
    status = 0
    for name, corpus in CORPORA.items():
        if not os.path.isdir(os.path.join(corpus, "expected")) or not os.listdir(os.path.join(corpus, "expected")):
            print("corpus %s: no recorded answers at %s" % (name, corpus), file=sys.stderr)
            if name == "shared":
                status = 1
            continue
        passed, failed = score(name, corpus)
        total = passed + failed
        baseline = baselines.get(name, 0)
        print("corpus %s: %d/%d units agree with Numba (%.1f%%); baseline %d"
              % (name, passed, total, 100.0 * passed / max(total, 1), baseline))
        if passed < baseline:
            print("corpus %s: regression below the committed baseline" % name, file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
