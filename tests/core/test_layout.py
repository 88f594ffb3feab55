"""Laying out markup in columns (:mod:`turbine.core.layout`): widths are the columns a
text shows once its markup is applied, and every line made is markup of its own."""

from __future__ import annotations

from rich.text import Text
from turbine.core.layout import broken, cells, fitted, pack, pad


def shown(markup: str) -> str:
    return Text.from_markup(markup).plain


def test_cells_are_the_columns_shown():
    assert cells("[bold]Anna[/bold]") == 4
    assert cells("李雷") == 4
    assert cells("\\[bold]Ann") == len("[bold]Ann")
    assert cells("[unclosed") == len("[unclosed")  # not markup: as it is
    assert pad("[b]李[/b]", 5) == "[b]李[/b]   "


def test_a_list_fills_the_width_to_the_last_column_and_no_further():
    """Items that end exactly at the width stay on the line; one column more goes on
    under the first item."""
    head = "Auction: "  # 9 columns
    exact = ["李" * 40, "x" * 10]  # 9 + 80 + 1 + 10 = 100
    assert pack(head, exact) == [head + " ".join(exact)]
    over = ["李" * 40, "x" * 11]
    assert pack(head, over) == [head + over[0], " " * len(head) + over[1]]


def test_after_a_head_that_leaves_too_little_room_the_list_goes_on_four_columns_in():
    head = "h" * 50
    assert pack(head, ["a" * 8, "b" * 8], width=60) == [head + "a" * 8, " " * 50 + "b" * 8]  # room for both
    assert pack(head, ["a" * 8, "b" * 8], width=60, room=24) == [head + "a" * 8, "    " + "b" * 8]
    # the first item too, when it does not fit after the head
    assert pack(head, ["a" * 11, "b" * 8], width=60) == [head, "    " + "a" * 11 + " " + "b" * 8]


def test_a_line_breaks_at_spaces_under_its_start():
    text = "officer: " + " ".join(f"word{i}" for i in range(20))
    lines = broken(text, 30, "    ")
    assert all(cells(line) <= 30 for line in lines)
    assert lines[0].startswith("    officer:") and all(line.startswith("      word") for line in lines[1:])
    assert " ".join(" ".join(map(shown, lines)).split()) == " ".join(text.split())
    assert broken(text, None, "  ") == ["  " + text]  # no width: one line
    assert broken("short", 30, "  ") == ["  short"]


def test_a_style_that_spans_a_break_is_closed_and_opened_again():
    lines = broken("[bold]Italy (Anna) holds[/bold] 10 VP and [red]more words here[/red]", 20)
    assert [shown(line) for line in lines] == ["Italy (Anna) holds", "  10 VP and more", "  words here"]
    for line in lines:  # each line is markup of its own, styled as the whole was
        Text.from_markup(line)
    assert Text.from_markup(lines[0]).spans[0].style == "bold"
    assert Text.from_markup(lines[2]).spans[0].style == "red"


def test_escaped_and_wide_names_are_measured_as_shown():
    name = "\\[bold]李雷"  # shows as "[bold]李雷": 10 columns
    lines = broken(f"{name} {name} {name}", 22)
    assert [shown(line) for line in lines] == ["[bold]李雷 [bold]李雷", "  [bold]李雷"]
    assert all(cells(line) <= 22 for line in lines)


def test_a_word_wider_than_the_line_stays_whole():
    lines = broken("a " + "x" * 40 + " b", 20)
    assert [shown(line) for line in lines] == ["a", "  " + "x" * 40, "  b"]


def test_a_bullet_starts_the_first_line_only():
    lines = broken("one two three four five six", 14, "  * ")
    assert lines == ["  * one two", "      three", "      four", "      five six"]


def test_a_narrow_list_after_a_short_head_goes_on_under_the_head():
    assert pack("", ["a" * 8, "b" * 8], width=12) == ["a" * 8, "b" * 8]
    assert pack("ab: ", ["c" * 6, "d" * 6], width=16) == ["ab: " + "c" * 6, "    " + "d" * 6]


def test_a_table_column_keeps_its_items_under_its_heading_while_they_fit():
    """The last column of a table (Power Grid's plants) goes on under itself while its
    widest item fits after the row, however little room that leaves."""
    head = "h" * 60
    assert pack(head, ["a" * 16, "b" * 16], width=80, room=16) == [head + "a" * 16, " " * 60 + "b" * 16]
    assert pack(head, ["a" * 16, "b" * 16], width=80, room=24) == [head + "a" * 16, "    " + "b" * 16]


def test_the_room_is_a_bound_the_head_may_reach():
    """A head that leaves exactly ``room`` columns keeps the items under it."""
    head = "h" * 44
    assert pack(head, ["a" * 16, "b" * 16], width=60, room=16) == [head + "a" * 16, " " * 44 + "b" * 16]
    longer = head + "h"
    assert pack(longer, ["a" * 15, "b" * 15], width=60, room=16) == [longer + "a" * 15, "    " + "b" * 15]


def test_an_item_wider_than_the_line_stays_after_a_short_head():
    """Moving it under the head would only lose the head's line."""
    assert pack("ab: ", ["c" * 20], width=16) == ["ab: " + "c" * 20]


def test_an_item_that_would_pass_the_edge_under_the_head_goes_four_columns_in():
    """Names of 25 columns after a head that leaves 24 (the auction's still-in list)."""
    head = "h" * 76
    names = ["Alexandrina Featherstone,", "Bartholomew Cholmondely"]
    lines = pack(head, names, width=100)
    assert lines == [head, "    " + " ".join(names)] and all(cells(line) <= 100 for line in lines)


def test_a_head_wider_than_the_line_breaks_before_the_list():
    head = "Auction: 5(2 coal/oil→1) · highest bid 5 by Constantinopolis Smithe · still in: "
    lines = pack(head, ["Anna,", "Ben"], width=40)
    assert all(cells(line) <= 40 for line in lines), lines
    assert " ".join(" ".join(lines).split()) == " ".join((head + "Anna, Ben").split())


def test_the_indefinite_article_goes_with_the_first_word():
    from turbine.core.layout import indefinite

    assert indefinite("elevation or conduit") == "an elevation or conduit"
    assert indefinite("base") == "a base" and indefinite("Oil plant") == "an Oil plant"


def test_fitted_takes_parts_by_need_and_gives_them_in_reading_order():
    parts = [["round"], ["goal 1", "goal 2"], ["mine"], ["others 1", "others 2"]]
    assert fitted(parts, (2, 0, 3, 1), 4) == ["round", "mine", "others 1", "others 2"]
    assert fitted(parts, (2, 0, 3, 1), 3) == ["round", "mine"]  # a part whole or not at all
    assert fitted(parts, (2, 0, 3, 1), 0) == ["mine"]  # the first always
    assert fitted(parts, (2, 0, 3, 1), 6) == [line for part in parts for line in part]


def test_fitted_gives_a_part_in_its_shorter_form_where_the_whole_does_not_fit():
    parts = [["round"], ["goal 1", "goal 2"], ["mine"], ["others 1", "others 2"]]
    short = {3: ["others: 1, 2"]}
    assert fitted(parts, (2, 0, 3, 1), 3, shorter=short) == ["round", "mine", "others: 1, 2"]
    assert fitted(parts, (2, 0, 3, 1), 4, shorter=short) == ["round", "mine", "others 1", "others 2"]
    assert fitted(parts, (2, 0, 3, 1), 2, shorter=short) == ["round", "mine"]  # not even the short one
