"""Independent pure-Python implementations (fractions.Fraction) of the
recurrences the module binds, written from the problems' statements, for the
tests to compare against on small inputs."""
from fractions import Fraction
from functools import lru_cache

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def knight_paths(n, moves, row, col):
    layer = {(row, col): 1}
    for _ in range(moves):
        nxt = {}
        for (r, c), w in layer.items():
            for dr, dc in KNIGHT:
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    nxt[(r + dr, c + dc)] = nxt.get((r + dr, c + dc), 0) + w
        layer = nxt
    return sum(layer.values())


def knight_probability(n, moves, row, col):
    return Fraction(knight_paths(n, moves, row, col), 8 ** moves)


def new21(n, k, max_pts):
    # P(total t is reached) for t < k, then sum over totals k..n.
    reach = [Fraction(0)] * (k + max_pts)
    reach[0] = Fraction(1)
    for t in range(k):
        for d in range(1, max_pts + 1):
            reach[t + d] += reach[t] / max_pts
    if k == 0:
        return Fraction(1)
    return sum((reach[t] for t in range(k, min(n, k + max_pts - 1) + 1)), Fraction(0))


def soup(n):
    units = -(-n // 25)

    @lru_cache(maxsize=None)
    def p(a, b):
        if a <= 0 and b <= 0:
            return Fraction(1, 2)
        if a <= 0:
            return Fraction(1)
        if b <= 0:
            return Fraction(0)
        return Fraction(1, 4) * (p(a - 4, b) + p(a - 3, b - 1) + p(a - 2, b - 2) + p(a - 1, b - 3))

    return p(units, units)


def rolls_for_run(k, faces):
    # E[s] = expected further rolls with a current run of s: E[k] = 0,
    # E[s] = 1 + (1/f) E[s+1] + (1 - 1/f) E[0]; solved as E[s] = a_s + b_s E[0].
    p = Fraction(1, faces)
    a, b = Fraction(0), Fraction(0)
    for _ in range(k):
        a, b = 1 + p * a, p * b + (1 - p)
    return a / (1 - b)


def rolls_to_reach(target, faces):
    e = [Fraction(0)] * (target + 1)
    for t in range(1, target + 1):
        e[t] = 1 + sum((e[max(t - d, 0)] for d in range(1, faces + 1)), Fraction(0)) / faces
    return e[target]


def dice_sequences(n, roll_max):
    if n == 0:
        return 1
    state = {(f, 1): 1 for f in range(6)}
    for _ in range(n - 1):
        nxt = {}
        for (f, run), w in state.items():
            for g in range(6):
                key = (g, run + 1) if g == f else (g, 1)
                if key[1] <= roll_max[g]:
                    nxt[key] = nxt.get(key, 0) + w
        state = nxt
    return sum(state.values())


def boundary_paths(m, n, max_moves, row, col):
    layer, out = {(row, col): 1}, 0
    for _ in range(max_moves):
        nxt = {}
        for (r, c), w in layer.items():
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= r + dr < m and 0 <= c + dc < n:
                    nxt[(r + dr, c + dc)] = nxt.get((r + dr, c + dc), 0) + w
                else:
                    out += w
        layer = nxt
    return out


def expected_fixed_points(n):
    # By linearity: n items, each fixed with probability 1/n.
    return Fraction(1) if n >= 1 else Fraction(0)


def expected_draws_to_collect(n):
    return sum((Fraction(n, i) for i in range(1, n + 1)), Fraction(0))


def solve_linear(a, b):
    """Gauss-Jordan elimination over Fractions: x with a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = next(r for r in range(c, n) if m[r][c] != 0)
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def best_lead(values):
    n = len(values)
    lead = [[0] * (n + 1) for _ in range(n + 1)]
    for length in range(1, n + 1):
        for i in range(0, n - length + 1):
            j = i + length
            lead[i][j] = max(values[i] - lead[i + 1][j], values[j - 1] - lead[i][j - 1])
    return lead[0][n]


def stone_game_iii(values):
    n = len(values)
    best = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        best[i] = max(sum(values[i:i + t]) - best[i + t] for t in range(1, min(3, n - i) + 1))
    return best[0]


def can_i_win(m, total):
    if total <= 0:
        return True
    if m * (m + 1) // 2 < total:
        return False

    @lru_cache(maxsize=None)
    def wins(used, left):
        for x in range(1, m + 1):
            if not used >> x & 1 and (x >= left or not wins(used | 1 << x, left - x)):
                return True
        return False

    return wins(0, total)


def subtraction_outcomes(n, moves, misere=False):
    win = []
    for p in range(n + 1):
        options = [p - k for k in moves if k <= p]
        win.append(any(not win[q] for q in options) if options else misere)
    return win


def mex(values):
    s = set(values)
    g = 0
    while g in s:
        g += 1
    return g


def octal_grundy(code, count):
    digits = [int(c) for c in code.replace(".", "")]
    g = []
    for n in range(count):
        options = []
        for k in range(0, len(digits)):  # d0 is 0 or 4: a split that takes nothing
            d = digits[k]
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0 and k > 0:
                options.append(0)
            if d & 2 and rest > 0 and k > 0:
                options.append(g[rest])
            if d & 4 and rest > 1:
                options.extend(g[a] ^ g[rest - a] for a in range(1, rest))
        g.append(mex(options))
    return g
