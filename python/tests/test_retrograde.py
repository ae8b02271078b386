"""Retrograde analysis against a naive fixed-point oracle written from the
rules (every round, a position with a move into a position lost for its
mover is won, a position whose moves all lead to positions won for their
mover is lost; what is never decided is a draw; the round is the
remoteness), on random small graphs, and the cat-and-mouse games against
the problems' examples and the same oracle."""
import json

import pytest
from hypothesis import given, settings, strategies as st

import exactdp

SETTINGS = settings(derandomize=True, max_examples=30, deadline=None)
FLIP = {"win": "lose", "lose": "win", "draw": "draw"}


def fixed_point(moves, terminal, player):
    """(outcomes, remoteness) by synchronous rounds over all positions: O(N^2 M)."""
    n = len(moves)
    out, rem = [None] * n, [None] * n
    for p in range(n):
        if p in terminal:
            out[p], rem[p] = terminal[p], None if terminal[p] == "draw" else 0
        elif not moves[p]:
            out[p], rem[p] = "lose", 0
    r = 0
    while True:
        r += 1
        new = {}
        for p in range(n):
            if out[p] is not None:
                continue
            seen = []
            for c in moves[p]:
                if out[c] in (None, "draw"):
                    seen.append(None)  # undecided, or a drawn end: decides nothing
                else:
                    keeps = player is not None and player[c] == player[p]
                    seen.append(out[c] if keeps else FLIP[out[c]])
            if "win" in seen:
                new[p] = "win"
            elif all(v == "lose" for v in seen):
                new[p] = "lose"
        if not new:
            return [v or "draw" for v in out], rem
        for p, v in new.items():
            out[p], rem[p] = v, r


def graphs(with_player):
    @st.composite
    def build(draw):
        n = draw(st.integers(1, 6))
        moves = [draw(st.lists(st.integers(0, n - 1), max_size=3)) for _ in range(n)]
        terminal = {}
        for p in range(n):
            if not moves[p] and draw(st.booleans()):
                terminal[p] = draw(st.sampled_from(["win", "lose", "draw"]))
        player = [draw(st.integers(0, 1)) for _ in range(n)] if with_player else None
        return moves, terminal, player

    return build()


def as_dict(moves, terminal, player):
    d = {"positions": len(moves), "moves": moves, "terminal": {str(p): v for p, v in terminal.items()}}
    if player is not None:
        d["player"] = player
    return d


@SETTINGS
@given(graphs(False))
def test_alternating_graphs(g):
    r = exactdp.retrograde_analysis(as_dict(*g))
    assert (r["outcomes"], r["remoteness"]) == fixed_point(*g)


@SETTINGS
@given(graphs(True))
def test_graphs_with_players(g):
    moves, terminal, player = g
    r = exactdp.retrograde_analysis(as_dict(*g))
    assert (r["outcomes"], r["remoteness"]) == fixed_point(*g)
    # best_move: a won position moves into one lost for its next mover with
    # one ply less; a drawn non-terminal position into a draw.
    for p, (v, m) in enumerate(zip(r["outcomes"], r["best_move"])):
        if p in terminal or not moves[p]:
            assert m is None
            continue
        assert m in moves[p]
        if v == "win":
            keeps = player[m] == player[p]
            assert (r["outcomes"][m] if keeps else FLIP[r["outcomes"][m]]) == "win"
            assert r["remoteness"][m] == r["remoteness"][p] - 1
        elif v == "draw":
            assert r["outcomes"][m] == "draw"


def test_named_graph_from_a_file(tmp_path):
    model = {"positions": 3, "start": 2, "moves": [[], [0], [1]], "names": ["end", "one", "two"]}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(model))
    for source in (model, str(path), path):
        r = exactdp.retrograde_analysis(source)
        assert r["start"] == 2 and r["names"] == ["end", "one", "two"]
        assert r["outcomes"] == ["lose", "win", "lose"] and r["remoteness"] == [0, 1, 2]
        assert r["best_move"] == [None, 0, 1]


def test_errors():
    with pytest.raises(ValueError, match="unknown key 'bogus'"):
        exactdp.retrograde_analysis({"positions": 1, "moves": [[]], "bogus": 1})
    with pytest.raises(ValueError, match="moves"):
        exactdp.retrograde_analysis({"positions": 2, "moves": [[5], []]})
    with pytest.raises(ValueError):
        exactdp.retrograde_analysis({"positions": 1, "moves": [[]], "terminal": {"0": "maybe"}})
    with pytest.raises(ValueError):
        exactdp.retrograde_analysis("/nonexistent/graph.json")
    with pytest.raises(TypeError):
        exactdp.retrograde_analysis(3)


# ---- Cat and Mouse (LeetCode 913) ----


def cat_mouse_oracle(graph):
    """LC 913 answer by the fixed point on the explicit game: positions
    (mouse, cat, mouse_to_move)."""
    n = len(graph)
    index, moves, terminal = {}, [], {}
    for m in range(n):
        for c in range(1, n):
            for t in (True, False):
                index[(m, c, t)] = len(index)
    for (m, c, t), p in index.items():
        if m == 0:
            terminal[p] = "win" if t else "lose"
            moves.append([])
        elif m == c:
            terminal[p] = "lose" if t else "win"
            moves.append([])
        elif t:
            moves.append([index[(x, c, False)] for x in graph[m]])
        else:
            moves.append([index[(m, x, True)] for x in graph[c] if x != 0])
    out, _ = fixed_point(moves, terminal, None)
    v = out[index[(1, 2, True)]]
    return {"win": 1, "lose": 2, "draw": 0}[v]


@st.composite
def cat_mouse_graphs(draw):
    n = draw(st.integers(3, 6))
    edges = set()
    for a in range(n):
        for b in range(a + 1, n):
            if draw(st.booleans()):
                edges.add((a, b))
    edges.add((1, 2))  # neither start is stuck
    graph = [sorted({b for a, b in edges if a == v} | {a for a, b in edges if b == v}) for v in range(n)]
    return graph


def test_cat_mouse_examples():
    assert exactdp.cat_mouse([[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 3], [0, 2, 3]])["result"] == 0
    r = exactdp.cat_mouse([[1, 3], [0], [3], [0, 2]])
    assert r == {"result": 1, "remoteness": 1, "first_move": 0, "line": [(1, 2, True), (0, 2, False)]}


@SETTINGS
@given(cat_mouse_graphs())
def test_cat_mouse_against_the_oracle(graph):
    r = exactdp.cat_mouse(graph)
    assert r["result"] == cat_mouse_oracle(graph)
    assert (r["remoteness"] is None) == (r["result"] == 0)
    assert r["first_move"] in graph[1]


def test_cat_mouse_errors():
    with pytest.raises(ValueError):
        exactdp.cat_mouse([[1], [0]])  # fewer than 3 nodes
    with pytest.raises(ValueError):
        exactdp.cat_mouse([[2], [2], [0]])  # the edge 1-2 is listed from one end only


# ---- Cat and Mouse II (LeetCode 1728) ----


def test_cat_mouse2_examples():
    assert exactdp.cat_mouse2(["####F", "#C...", "M...."], 1, 2)["mouse_wins"] is True
    assert exactdp.cat_mouse2(["M.C...F"], 1, 4)["mouse_wins"] is True
    assert exactdp.cat_mouse2(["M.C...F"], 1, 3)["mouse_wins"] is False
    assert exactdp.cat_mouse2(["C...#", "...#F", "....#", "M...."], 2, 5)["mouse_wins"] is False
    r = exactdp.cat_mouse2(["M.FC"], 0, 2)  # the mouse jumps onto the food
    assert r == {"mouse_wins": True, "mouse_outcome": "win", "remoteness": 1, "move_row": 0, "move_col": 2}


def test_cat_mouse2_turn_limit():
    # The mouse needs remoteness plies: a limit below that is a cat win.
    r = exactdp.cat_mouse2(["####F", "#C...", "M...."], 1, 2)
    assert exactdp.cat_mouse2(["####F", "#C...", "M...."], 1, 2, turn_limit=r["remoteness"])["mouse_wins"]
    assert not exactdp.cat_mouse2(["####F", "#C...", "M...."], 1, 2, turn_limit=r["remoteness"] - 1)["mouse_wins"]


def test_cat_mouse2_errors():
    with pytest.raises(ValueError, match="food"):
        exactdp.cat_mouse2(["MC."], 1, 1)
    with pytest.raises(ValueError):
        exactdp.cat_mouse2(["M.C...F"], -1, 1)
