"""Instances of CSPLib prob079 (n-Queens Completion; Gent, Jefferson and Nightingale, JAIR
2017), made here from the generators' descriptions in CSPLib's README (nothing fetched), and
CSPLib's special-purpose solver shiftqueens built from a CSPLib checkout when one is given.

- Excluded Diagonals: n queens on an n x n board where some whole diagonals are forbidden.
  Diagonals are drawn in random order, a sum or a difference diagonal at random; one is
  excluded unless a row or column it crosses would keep `min_in_line` open squares or fewer.
  An instance is the first d diagonals of the list (d = n is the hard region). As a board,
  every square of an excluded diagonal is reserved.
- Placed queens: m queens on random distinct rows and columns, none sharing a diagonal
  (n^2 random tries); n - m queens are left to place.

Used by `scripts/bench-complete csplib`, whose table `table()` prints; run alone this file
prints one instance of each kind.
"""
import os
import random
import resource
import subprocess
import sys
import tempfile


def excluded_diagonals(n, min_in_line, seed):
    """The list of (diagonal, kind) excluded in order: kind 1 a sum diagonal r + c, kind 0 a
    difference diagonal numbered r - c + n - 1."""
    rng = random.Random(seed)
    left = {1: list(range(2 * n - 1)), 0: list(range(2 * n - 1))}
    rng.shuffle(left[1])
    rng.shuffle(left[0])
    in_row, in_col = [n] * n, [n] * n
    blocked = set()
    chosen = []
    while left[0] or left[1]:
        kind = rng.choice([k for k in (0, 1) if left[k]])
        d = left[kind].pop()
        squares = []
        for r in range(n):
            c = d - r if kind == 1 else r - d + n - 1
            if 0 <= c < n and (r, c) not in blocked:
                squares.append((r, c))
        if any(in_row[r] <= min_in_line or in_col[c] <= min_in_line for r, c in squares):
            continue
        for r, c in squares:
            blocked.add((r, c))
            in_row[r] -= 1
            in_col[c] -= 1
        chosen.append((d, kind))
    return chosen


def diagonals_board(n, diagonals):
    """The board file of an Excluded Diagonals instance: '*' on every excluded square."""
    sums = {d for d, kind in diagonals if kind == 1}
    diffs = {d for d, kind in diagonals if kind == 0}
    rows = []
    for r in range(n):
        rows.append("".join("*" if r + c in sums or r - c + n - 1 in diffs else "."
                            for c in range(n)))
    return "\n".join(rows) + "\n"


def placed_queens(n, m, seed):
    """m queens (row, col), 0-based, on distinct rows, columns and diagonals, or None if n^2
    random tries do not place them."""
    rng = random.Random(seed)
    rows, cols = list(range(n)), list(range(n))
    up, down = set(), set()
    queens = []
    left = n
    for _ in range(n * n):
        i, j = rng.randrange(left), rng.randrange(left)
        r, c = rows[i], cols[j]
        if r + c in up or r - c in down:
            continue
        queens.append((r, c))
        up.add(r + c)
        down.add(r - c)
        rows[i], cols[j] = rows[left - 1], cols[left - 1]
        left -= 1
        if len(queens) == m:
            return queens
    return None


def build_shiftqueens(csplib, out, cpu_limit=1800):
    """Builds CSPLib's shiftqueens (diagonals, and placed queens up to 127 wide) from the
    checkout `csplib` with g++ into the folder `out`: {'diags': path, 'placed': path}, or a
    reason it cannot.
    Its solution array (100 rows) is widened to 128 in the copy built, since only its node
    counts and verdicts are read; its own CPU limit (1800 s, which it sets itself, raising
    any limit it is given when run as root) is `cpu_limit` seconds in the copy."""
    models = os.path.join(csplib, "Problems", "prob079", "models")
    sources = {"diags": "shiftqueensdiags.cc", "placed": "shiftqueens-128.cc"}
    if not all(os.path.exists(os.path.join(models, s)) for s in sources.values()):
        return f"no shiftqueens sources in {models}"
    built = {}
    for kind, source in sources.items():
        with open(os.path.join(models, source)) as f:
            text = f.read().replace("static int sol[100];", "static int sol[128];")
            text = text.replace("setup_timelimit(1800);", f"setup_timelimit({int(cpu_limit)});")
        path = os.path.join(out, source)
        with open(path, "w") as f:
            f.write(text)
        binary = os.path.join(out, kind)
        try:
            subprocess.run(["g++", "-O3", "-o", binary, path], check=True,
                           capture_output=True)
        except (OSError, subprocess.CalledProcessError) as e:
            return f"g++ cannot build {source}: {e}"
        built[kind] = binary
    return built


def translated(csplib, n, diagonals):
    """The Excluded Diagonals instance as an n-queens completion board by CSPLib's own
    transform (diagtoqueens.py of the checkout `csplib`): (N, [(row, col)...]), 0-based."""
    models = os.path.join(csplib, "Problems", "prob079", "models")
    if models not in sys.path:
        sys.path.insert(0, models)
    import diagtoqueens
    numbers = [n, len(diagonals)] + [x for pair in diagonals for x in pair]
    size, queens = diagtoqueens.reducesimple4to2(diagtoqueens.diagtosimple4(n, numbers))
    return size, sorted((r, c) for r, c in queens)


def cpu_run(args, stdin=None, timeout=None):
    """Runs `args`: (completed process or None on timeout, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(args, input=stdin, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        done = None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


class Bench:
    """Runs `queens solve` (all methods in turns, and each exhaustive one alone) and
    shiftqueens on instances, checks every answer, and keeps the figures of a class."""

    def __init__(self, queens, limit, shift):
        self.queens, self.limit, self.shift = queens, limit, shift

    def ours_checked(self, solve_where, verify_where, method=None):
        """Solves the board `solve_where` says (all methods in turns, or `method` alone) and
        checks a completion with `queens verify` and `verify_where`: (verdict, CPU s)."""
        args = [self.queens, "solve"] + solve_where + ["--time-limit", str(self.limit)]
        args += ["--method", method] if method else []
        done, secs = cpu_run(args, timeout=self.limit * 3 + 10)
        if done is None:
            sys.exit(f"bench-complete: {args} ran past three times its limit")
        if done.returncode == 0:
            check, _ = cpu_run([self.queens, "verify"] + verify_where, stdin=done.stdout)
            if check.returncode != 0:
                sys.exit(f"bench-complete: verify refused {args}: {check.stdout}{check.stderr}")
            return "sat", secs
        if "no placement completes" in done.stderr:
            return "unsat", secs
        if "gave up" in done.stderr:
            return "undecided", secs
        sys.exit(f"bench-complete: {args} exit {done.returncode}: {done.stderr}")

    def theirs(self, kind, args, stdin=None):
        """Runs shiftqueens: (verdict, CPU s), or None without it. Its verdict is read from
        what it says ("Solution Found", "No solution"), never from its printed placement,
        which is wrong from 32 columns."""
        if not isinstance(self.shift, dict):
            return None
        done, secs = cpu_run([self.shift[kind]] + args, stdin=stdin, timeout=self.limit)
        if done is None or "Timeout Reached" in done.stdout:
            return "undecided", secs
        if "Solution Found" in done.stdout:
            return "sat", secs
        if "No solution" in done.stdout:
            return "unsat", secs
        sys.exit(f"bench-complete: shiftqueens said neither: {done.stdout[-200:]}")


def instance(folder, csplib, bench, kind, size, seed):
    """Writes instance `seed` of a class to `folder`: (its file, the arguments of `solve`,
    those of `verify`, shiftqueens' answer or None, the exhaustive methods that fit it), or
    None if the generator gave up."""
    if kind == "placed":
        n = round(0.19 * size * size)
        placed = placed_queens(n, n - size, seed)
        if placed is None:
            return None
        path = os.path.join(folder, f"placed-{n}-{seed}.txt")
        with open(path, "w") as f:
            f.writelines(f"{r + 1} {c + 1}\n" for r, c in placed)
        # shiftqueens-128 takes columns then rows, up to 127 wide.
        their = None
        if n <= 127:
            their = bench.theirs("placed", [str(n)] + [str(x) for r, c in placed for x in (c, r)])
        methods = ["compact", "cdcl", "rows"] if n <= 64 else ["compact", "cdcl"]
        return path, [str(n), "--queens", path], ["--queens", path, "--n", str(n)], their, methods
    n = size
    diags = excluded_diagonals(n, 4, seed)[:n]
    stdin = f"{n} {len(diags)} " + " ".join(f"{d} {k}" for d, k in diags) + "\n"
    their = bench.theirs("diags", [], stdin=stdin)
    if kind == "ed":
        path = os.path.join(folder, f"ed-{n}-{seed}.board")
        with open(path, "w") as f:
            f.write(diagonals_board(n, diags))
        return path, ["--board", path], ["--board", path], their, ["compact", "cdcl", "rows"]
    big, placed = translated(csplib, n, diags)
    path = os.path.join(folder, f"translated-{n}-{seed}.txt")
    with open(path, "w") as f:
        f.writelines(f"{r + 1} {c + 1}\n" for r, c in placed)
    where = ["--queens", path, "--n", str(big)]
    return path, [str(big), "--queens", path], where, their, ["compact", "cdcl", "wide"]


def table(queens, csplib, sizes, seeds, limit):
    """See `table_in`; the instances and shiftqueens' build in a temporary folder, removed
    at the end."""
    with tempfile.TemporaryDirectory(prefix="prob079-") as folder:
        table_in(folder, queens, csplib, sizes, seeds, limit)


def table_in(folder, queens, csplib, sizes, seeds, limit):
    """Prints the CSPLib table: Excluded Diagonals n in `sizes` (d = n diagonals), random
    placed queens at the hardness peak, and (with a checkout) Excluded Diagonals translated
    to completion boards by CSPLib's transform; `seeds` instances each."""
    if csplib:
        shift = build_shiftqueens(csplib, folder)
    else:
        shift = "no CSPLib checkout given (--csplib DIR)"
    if not isinstance(shift, dict):
        print(f"shiftqueens: skipped, {shift}\n")
    bench = Bench(queens, limit, shift)
    print(f"| class | instances | ours: sat / unsat / undecided | ours CPU s | fastest method "
          f"alone CPU s | worst ours / fastest alone (>= 0.1 s, medians of 3) | "
          f"shiftqueens: decided | "
          f"shiftqueens CPU s | ours / shiftqueens |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    classes = []
    for n in sizes:
        classes.append((f"Excluded Diagonals n = {n}, d = n", "ed", n))
    for delta in (20, 25, 30):
        classes.append((f"placed queens, {delta} to place on {round(0.19 * delta * delta)}",
                        "placed", delta))
    if csplib:
        for n in sizes:
            classes.append((f"Excluded Diagonals n = {n} translated (CSPLib transform)",
                            "translated", n))
    for name, kind, size in classes:
        verdicts = {"sat": 0, "unsat": 0, "undecided": 0}
        ours_total = alone_total = their_total = 0.0
        worst, their_decided, count = 0.0, 0, 0
        for seed in range(1, seeds + 1):
            made = instance(folder, csplib, bench, kind, size, seed)
            if made is None:
                continue
            path, solve_where, where, their, methods = made
            count += 1
            verdict, secs = bench.ours_checked(solve_where, where)
            verdicts[verdict] += 1
            ours_total += secs
            alone = []
            for method in methods:
                v, t = bench.ours_checked(solve_where, where, method)
                if v != "undecided" and verdict != "undecided" and v != verdict:
                    sys.exit(f"bench-complete: {method} says {v}, all say {verdict}: {path}")
                alone.append(t if v != "undecided" else float("inf"))
            fastest = min(alone)
            alone_total += fastest
            if 0.1 <= fastest < float("inf"):
                # Short CPU times are noisy: the ratio is of medians of three runs each.
                method = methods[alone.index(fastest)]
                ours = [secs] + [bench.ours_checked(solve_where, where)[1] for _ in range(2)]
                best = [fastest] + [bench.ours_checked(solve_where, where, method)[1]
                                    for _ in range(2)]
                worst = max(worst, sorted(ours)[1] / sorted(best)[1])
            if their:
                their_total += their[1]
                if their[0] != "undecided":
                    their_decided += 1
                    if verdict != "undecided" and their[0] != verdict:
                        sys.exit(f"bench-complete: shiftqueens says {their[0]}, ours "
                                 f"{verdict}: {path}")
        verdict_text = " / ".join(str(verdicts[k]) for k in ("sat", "unsat", "undecided"))
        ratio = f"{worst:.2f}" if worst else "-"
        if their_total or their_decided:
            theirs = f"{their_decided} | {their_total:.2f} | {ours_total / their_total:.2f}"
        else:
            theirs = "- | - | -"
        print(f"| {name} | {count} | {verdict_text} | {ours_total:.2f} | {alone_total:.2f} | "
              f"{ratio} | {theirs} |", flush=True)


if __name__ == "__main__":
    diags = excluded_diagonals(10, 4, 1)
    print(f"# Excluded Diagonals, n = 10, min 4 open a line, seed 1: {len(diags)} diagonals")
    print(diagonals_board(10, diags[:10]), end="")
    print("# 8 queens placed on 20 x 20, seed 1:", placed_queens(20, 8, 1))
