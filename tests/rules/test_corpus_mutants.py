"""Listing, reading and checking hand-history files (corpus.py), pinned on small real trees.

Mutation testing (docs/mutation-testing.md) showed the corpus tests only reach these functions
through the shared corpus; each test here builds its own files in tmp_path and asserts exactly
what the iterators give and in which order.
"""

from pathlib import Path

import pytest

from tdconsole.rules.corpus import (
    CorpusResult,
    check_file,
    check_text,
    is_half_chip_difference,
    iter_phh_files,
    iter_phh_names,
    iter_phh_texts,
    read_phh_text,
)

# Every *.phh below the tree's root, in Path order (by parts: "a/b/3.phh" before "a-b/2.phh", which plain
# string order would put first). Folders named *.phh and links named *.phh are listed too.
TREE_ORDER = [
    "Xtra/5.phh",
    "a/1.phh",
    "a/10.phh",
    "a/9.phh",
    "a/b/3.phh",
    "a-b/2.phh",
    "a.b/4.phh",
    "dir.phh",
    "dir.phh/8.phh",
    "link.phh",
]


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A small corpus tree, the current folder its root."""
    for rel in ["a/1.phh", "a/10.phh", "a/9.phh", "a/b/3.phh", "a-b/2.phh", "a.b/4.phh", "dir.phh/8.phh",
                "Xtra/5.phh"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"# {rel}\n", encoding="utf-8")
    (tmp_path / "ab").mkdir()
    (tmp_path / "ab" / "notes.txt").write_text("not a hand\n", encoding="utf-8")
    (tmp_path / "ab" / "upper.PHH").write_text("# the suffix is case-sensitive\n", encoding="utf-8")
    (tmp_path / "link").symlink_to(tmp_path / "a", target_is_directory=True)  # not *.phh, never entered
    (tmp_path / "link.phh").symlink_to(tmp_path / "a", target_is_directory=True)  # listed, not entered
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_files_under_a_folder_come_in_path_order_and_given_files_as_given(tree):
    assert list(iter_phh_files(["."])) == [Path(name) for name in TREE_ORDER]
    assert list(iter_phh_files([tree])) == [tree / name for name in TREE_ORDER]
    assert list(iter_phh_files(["a/b", "missing.phh", Path("a/9.phh"), "ab"])) == [
        Path("a/b/3.phh"), Path("missing.phh"), Path("a/9.phh"),
    ]


def test_names_are_the_same_as_the_files_listed_as_strings(tree):
    assert list(iter_phh_names(["."])) == TREE_ORDER
    assert list(iter_phh_names([str(tree)])) == [f"{tree}/{name}" for name in TREE_ORDER]
    assert list(iter_phh_names([tree])) == [f"{tree}/{name}" for name in TREE_ORDER]
    assert list(iter_phh_names(["a"])) == ["a/1.phh", "a/10.phh", "a/9.phh", "a/b/3.phh"]
    assert list(iter_phh_names([Path("a"), "a/b", "ab"])) == [
        "a/1.phh", "a/10.phh", "a/9.phh", "a/b/3.phh", "a/b/3.phh",
    ]
    names = list(iter_phh_names([Path("a/1.phh")]))
    assert names == ["a/1.phh"] and type(names[0]) is str


def test_names_are_written_as_str_of_path_writes_them(tree):
    # Paths that are not folders come back as given, once written the way str(Path(...)) writes them.
    given = ["missing.phh", "m//x.phh", "m/x.phh/", "m/.", "./m.phh", "m/./x.phh", "a/1.phh"]
    assert list(iter_phh_names(given)) == ["missing.phh", "m/x.phh", "m/x.phh", "m", "m.phh", "m/x.phh", "a/1.phh"]
    # Folders written in other ways are walked under their usual name.
    assert list(iter_phh_names(["a//b"])) == ["a/b/3.phh"]
    assert list(iter_phh_names(["a/b/"])) == ["a/b/3.phh"]
    assert list(iter_phh_names(["./a/b"])) == ["a/b/3.phh"]
    assert list(iter_phh_names(["a/./b"])) == ["a/b/3.phh"]
    assert list(iter_phh_names(["a/b/."])) == ["a/b/3.phh"]
    assert list(iter_phh_names([""])) == TREE_ORDER  # the current folder
    assert list(iter_phh_names(["./"])) == TREE_ORDER


def test_a_folder_walked_from_an_absolute_path_keeps_its_prefix(tree):
    assert list(iter_phh_names([f"{tree}/a/b"])) == [f"{tree}/a/b/3.phh"]
    assert list(iter_phh_names([f"{tree}/a/b/"])) == [f"{tree}/a/b/3.phh"]


def test_texts_come_with_their_names_in_listing_order(tree):
    got = list(iter_phh_texts(["a"]))
    assert got == [
        ("a/1.phh", "# a/1.phh\n"),
        ("a/10.phh", "# a/10.phh\n"),
        ("a/9.phh", "# a/9.phh\n"),
        ("a/b/3.phh", "# a/b/3.phh\n"),
    ]
    assert list(iter_phh_texts([Path("a/b"), "a/9.phh", Path("a/1.phh")])) == [
        ("a/b/3.phh", "# a/b/3.phh\n"),
        ("a/9.phh", "# a/9.phh\n"),
        ("a/1.phh", "# a/1.phh\n"),
    ]


def test_a_dash_stands_for_standard_input_unless_a_folder_has_that_name(tree):
    assert list(iter_phh_texts(["-", "a/9.phh", "-"])) == [("-", None), ("a/9.phh", "# a/9.phh\n"), ("-", None)]
    (tree / "-").mkdir()
    (tree / "-" / "s.phh").write_text("# in the folder called -\n", encoding="utf-8")
    assert list(iter_phh_texts(["-"])) == [("-/s.phh", "# in the folder called -\n")]


def test_errors_reading_are_given_in_place_of_the_text_and_the_rest_still_read(tree):
    (tree / "bad").mkdir()
    (tree / "bad" / "latin1.phh").write_bytes(b"players = ['Jo\xe3o']\n")
    (tree / "bad" / "gone.phh").symlink_to(tree / "bad" / "nowhere.phh")  # a dangling link
    (tree / "bad" / "ok.phh").write_text("ok\n", encoding="utf-8")
    (tree / "bad" / "sub.phh").mkdir()  # a folder named *.phh inside a walked folder
    (tree / "latin1.phh").write_bytes(b"\xff\xfe")
    got = list(iter_phh_texts(["missing.phh", "latin1.phh", "bad", "a/9.phh"]))
    assert [name for name, _ in got] == [
        "missing.phh", "latin1.phh", "bad/gone.phh", "bad/latin1.phh", "bad/ok.phh", "bad/sub.phh", "a/9.phh",
    ]
    kinds = {name: type(value) for name, value in got}
    assert kinds == {
        "missing.phh": FileNotFoundError,
        "latin1.phh": UnicodeDecodeError,
        "bad/gone.phh": FileNotFoundError,
        "bad/latin1.phh": UnicodeDecodeError,
        "bad/ok.phh": str,
        "bad/sub.phh": IsADirectoryError,
        "a/9.phh": str,
    }
    values = dict(got)
    assert values["bad/ok.phh"] == "ok\n"
    assert values["a/9.phh"] == "# a/9.phh\n"
    assert str(values["missing.phh"]) == "[Errno 2] No such file or directory: 'missing.phh'"
    assert str(values["bad/gone.phh"]) == "[Errno 2] No such file or directory: 'bad/gone.phh'"
    assert str(values["bad/sub.phh"]) == "[Errno 21] Is a directory: 'bad/sub.phh'"
    assert str(values["latin1.phh"]) == "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"
    assert values["bad/latin1.phh"].start == 14  # the byte after "players = ['Jo"


def test_a_file_given_that_cannot_be_read_is_reported_and_the_next_path_still_read(tree):
    (tree / "x.phh").symlink_to(tree / "nowhere")
    got = list(iter_phh_texts(["x.phh", "a/b", "missing.phh", "a/1.phh"]))
    assert [(name, type(value)) for name, value in got] == [
        ("x.phh", FileNotFoundError), ("a/b/3.phh", str), ("missing.phh", FileNotFoundError), ("a/1.phh", str),
    ]


def test_an_empty_file_given_is_an_empty_text_not_a_folder(tree):
    (tree / "empty.phh").write_bytes(b"")
    assert list(iter_phh_texts(["empty.phh", "a/1.phh"])) == [("empty.phh", ""), ("a/1.phh", "# a/1.phh\n")]
    assert read_phh_text("empty.phh") == ""


def test_line_ends_are_translated_as_text_mode_does(tmp_path):
    path = tmp_path / "ends.phh"
    path.write_bytes(b"one\r\ntwo\rthree\nfour\r\r\nfive\r")
    assert read_phh_text(path) == "one\ntwo\nthree\nfour\n\nfive\n"
    assert list(iter_phh_texts([path])) == [(str(path), "one\ntwo\nthree\nfour\n\nfive\n")]
    plain = tmp_path / "plain.phh"
    plain.write_bytes("só\n".encode())
    assert read_phh_text(str(plain)) == "só\n"


@pytest.mark.parametrize("size", [65535, 65536, 65537, 131072, 131073, 200_001])
def test_long_files_are_read_whole_in_order(tmp_path, size):
    path = tmp_path / "long.phh"
    body = "".join(f"{k % 10}" for k in range(size - 3)) + "end"
    path.write_text(body, encoding="utf-8")
    text = read_phh_text(path)
    assert len(text) == size
    assert text == body
    assert list(iter_phh_texts([str(path)])) == [(str(path), body)]


def test_reading_a_folder_or_a_missing_file_raises_the_usual_error(tmp_path):
    with pytest.raises(IsADirectoryError) as folder:
        read_phh_text(tmp_path)
    assert str(folder.value) == f"[Errno 21] Is a directory: '{tmp_path}'"
    with pytest.raises(FileNotFoundError) as missing:
        read_phh_text(tmp_path / "no.phh")
    assert str(missing.value) == f"[Errno 2] No such file or directory: '{tmp_path / 'no.phh'}'"
    bad = tmp_path / "bad.phh"
    bad.write_bytes(b"ok\n\xc3(")
    with pytest.raises(UnicodeDecodeError) as undecodable:
        read_phh_text(bad)
    assert (undecodable.value.start, undecodable.value.reason) == (3, "invalid continuation byte")


# A three-handed hand: the button (p3) and the small blind (p1) fold, the big blind (p2) wins the small blind.
HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "p3 f", "p1 f"]
"""
FINAL = (950, 1050, 1000)


def check(extra="", text=HAND):
    return check_text(Path("h.phh"), text + extra)


def test_a_hand_matching_its_record():
    assert check("finishing_stacks = [950, 1050, 1000]\n") == CorpusResult(Path("h.phh"), "matched", "", FINAL, FINAL)
    # Whole numbers written as floats are a record all the same.
    assert check("finishing_stacks = [950.0, 1050.0, 1000.0]\n") == CorpusResult(
        Path("h.phh"), "matched", "", FINAL, FINAL
    )


def test_a_hand_not_matching_its_record():
    assert check("finishing_stacks = [1000, 1000, 1000]\n") == CorpusResult(
        Path("h.phh"), "mismatched", "", (1000, 1000, 1000), FINAL
    )


def test_a_hand_without_a_record_or_with_one_of_the_wrong_length():
    assert check() == CorpusResult(Path("h.phh"), "no_record", "", None, FINAL)
    assert check("finishing_stacks = [950, 1050]\n") == CorpusResult(Path("h.phh"), "no_record", "", None, FINAL)


def test_a_record_keeping_half_chips():
    assert check("finishing_stacks = [950.5, 1049.5, 1000]\n") == CorpusResult(
        Path("h.phh"), "half_chip", "the record keeps half chips", None, FINAL
    )
    assert check("finishing_stacks = [940.5, 1059.5, 1000]\n") == CorpusResult(
        Path("h.phh"), "mismatched", "recorded stacks are fractional", None, FINAL
    )


def test_other_variants_are_skipped_and_unusable_files_unreadable():
    skipped = check(text=HAND.replace('"NT"', '"FO/2"'))
    assert skipped == CorpusResult(
        Path("h.phh"), "skipped", "line 1, field 'variant': variant 'FO/2' is not supported (only NT and FT)"
    )
    unreadable = check(text=HAND.replace("min_bet = 100", "min_bet = 0"))
    assert unreadable == CorpusResult(Path("h.phh"), "unreadable", "line 4, field 'min_bet': must be positive")


def test_an_action_out_of_turn_is_invalid_and_a_hand_cut_short_unfinished():
    invalid = check(text=HAND.replace('"p3 f", "p1 f"', '"p1 f"'))
    assert invalid == CorpusResult(Path("h.phh"), "invalid", "3 p1 f: not_your_turn")
    unfinished = check(text=HAND.replace(', "p1 f"', ""))
    assert unfinished == CorpusResult(Path("h.phh"), "unfinished", "in_progress")


def test_checking_a_file_reads_it_first(tmp_path):
    path = tmp_path / "h.phh"
    path.write_text(HAND + "finishing_stacks = [950, 1050, 1000]\n", encoding="utf-8")
    assert check_file(path) == CorpusResult(path, "matched", "", FINAL, FINAL)
    missing = tmp_path / "missing.phh"
    assert check_file(missing) == CorpusResult(
        missing, "unreadable", f"[Errno 2] No such file or directory: '{missing}'"
    )
    latin1 = tmp_path / "latin1.phh"
    latin1.write_bytes(b"\xe3")
    assert check_file(latin1) == CorpusResult(
        latin1, "unreadable", "'utf-8' codec can't decode byte 0xe3 in position 0: unexpected end of data"
    )


def test_half_chip_difference_needs_same_length_same_total_a_half_chip_and_each_stack_within_half():
    assert is_half_chip_difference((950.5, 1049.5, 1000.0), [950, 1050, 1000]) is True
    assert is_half_chip_difference((950.5, 1049.5, 1000.0), [951, 1049, 1000]) is True  # exactly half a chip
    assert is_half_chip_difference((950.5, 1049.5), [950, 1050, 1000]) is False  # not the same players
    assert is_half_chip_difference((950.5, 1049.5, 1000.0), [950, 1050]) is False
    assert is_half_chip_difference((950.5, 1049.5, 1000.5), [950, 1050, 1000]) is False  # half a chip more
    assert is_half_chip_difference((950.5, 1049.5, 999.5), [950, 1050, 1000]) is False  # half a chip less
    assert is_half_chip_difference((950.0, 1050.0, 1000.0), [950, 1050, 1000]) is False  # no half chip
    assert is_half_chip_difference((950.0, 1050.0, 1000.0), [951, 1049, 1000]) is False
    assert is_half_chip_difference((950.0, 1049.5, 1000.5), [951, 1049, 1000]) is False  # one off by a chip
    assert is_half_chip_difference((949.5, 1050.5), [951, 1049]) is False
    assert is_half_chip_difference((0.5, 0.5), [1, 0]) is True
    # The totals may differ by float rounding, up to a billionth of a chip; beyond that they differ.
    assert is_half_chip_difference((1e-9,), [0]) is True
    assert is_half_chip_difference((2e-9,), [0]) is False


@pytest.fixture
def ascii_locale():
    """The machine's locale set to plain C (ASCII) for the test: hand histories are UTF-8 whatever it is."""
    import locale

    old = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, old)


def test_files_are_read_as_utf8_whatever_the_locale(tmp_path, ascii_locale):
    path = tmp_path / "h.phh"
    path.write_text(HAND + 'players = ["Zoë", "João", "Zé"]\nfinishing_stacks = [950, 1050, 1000]\n', encoding="utf-8")
    assert check_file(path) == CorpusResult(path, "matched", "", FINAL, FINAL)
    assert read_phh_text(path).endswith('players = ["Zoë", "João", "Zé"]\nfinishing_stacks = [950, 1050, 1000]\n')
    bad = tmp_path / "bad.phh"
    bad.write_bytes("Zoë\n".encode() + b"\xe3o\n")
    with pytest.raises(UnicodeDecodeError) as info:
        read_phh_text(bad)
    assert str(info.value) == "'utf-8' codec can't decode byte 0xe3 in position 5: invalid continuation byte"
    [(name, error)] = list(iter_phh_texts([bad]))
    assert (name, str(error)) == (str(bad), str(info.value))
