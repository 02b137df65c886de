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

Used by scripts/bench-complete; run alone it prints one instance of each kind.
"""
import os
import random
import subprocess
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


def build_shiftqueens(csplib):
    """Builds CSPLib's shiftqueens (diagonals, and placed queens up to 127 wide) from the
    checkout `csplib` with g++: {'diags': path, 'placed': path}, or a reason it cannot.
    Its solution array (100 rows) is widened to 128 in the copy built, since only its node
    counts and verdicts are read."""
    models = os.path.join(csplib, "Problems", "prob079", "models")
    sources = {"diags": "shiftqueensdiags.cc", "placed": "shiftqueens-128.cc"}
    if not all(os.path.exists(os.path.join(models, s)) for s in sources.values()):
        return f"no shiftqueens sources in {models}"
    out = tempfile.mkdtemp(prefix="shiftqueens-")
    built = {}
    for kind, source in sources.items():
        with open(os.path.join(models, source)) as f:
            text = f.read().replace("static int sol[100];", "static int sol[128];")
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


if __name__ == "__main__":
    diags = excluded_diagonals(10, 4, 1)
    print(f"# Excluded Diagonals, n = 10, min 4 open a line, seed 1: {len(diags)} diagonals")
    print(diagonals_board(10, diags[:10]), end="")
    print("# 8 queens placed on 20 x 20, seed 1:", placed_queens(20, 8, 1))
