"""Number, name and colour reading on the spellings models actually use."""

from scifigbench.freetext import readers as tp


def test_number_formats():
    t = tp.normalise("Scores: 0.42, 42 %, 4.2e-1, about 40, ~38, 1,234 and -0.3; Llama-7B is masked? GPT-4 too.")
    got = [(n.value, n.pct, n.approx) for n in tp.numbers(t)]
    assert (0.42, False, False) in got
    assert (42.0, True, False) in got
    assert (0.42, False, False) in got and sum(1 for g in got if g[0] == 0.42) == 2  # 4.2e-1
    assert (40.0, False, True) in got and (38.0, False, True) in got
    assert (1234.0, False, False) in got and (-0.3, False, False) in got
    assert all(v not in (7.0,) for v, _, _ in got)  # "7B" is not a number


def test_names_tolerate_separators_but_not_other_words():
    t = tp.normalise("The **Llama 2 7B** bar and the Llama-2-13B bar.")
    assert tp.name_pattern("Llama-2-7B").search(t)
    assert not tp.name_pattern("Llama-2").search(tp.normalise("Llama-2-13B only"))
    assert tp.name_pattern("Llama-2").search(tp.normalise("as Llama-2, the smaller model"))


def test_colours_and_negation():
    t = tp.normalise("Adam is navy, SGD is crimson; there are no error bars.")
    assert [f for _, _, f in tp.colours(t)] == ["blue", "red"]
    assert tp.negated(t, t.index("error bars"))
    assert not tp.negated(t, t.index("crimson"))
