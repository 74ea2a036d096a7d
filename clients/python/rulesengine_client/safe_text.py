"""Text from a file or the server, made safe to show on a terminal (:func:`printable`) or in a spreadsheet
(:func:`csv_safe`).

A record's event name, a move's card, a file's name, a violation message quoting either: anyone who
writes a record chooses them, so they are shown, never obeyed — no escape sequence reaches a terminal, no
bidi control reorders a line, no CSV cell starts a formula.
"""

from __future__ import annotations

#: Bidirectional-text controls: invisible, they reorder what follows on the screen (U+202E shows
#: "report\u202eslx.exe" as "reportexe.xls").
_BIDI_CONTROLS = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))


def _escape(code: int) -> str:
    """How a character unfit to show is shown instead: ``\\x1b`` for a control, ``\\u202e`` for the others,
    and ``\\xff`` for a file name's byte that is not UTF-8 (Python holds that byte as U+DCFF)."""
    if 0xDC80 <= code <= 0xDCFF:
        code -= 0xDC00
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


#: Every character a terminal or a viewer acts on, or a UTF-8 encoder refuses -> its visible escape: the C0
#: controls, DEL, the C1 controls (U+009B starts a sequence as ESC [ does), the bidi controls, the line and
#: paragraph separators and the lone surrogates.
_UNPRINTABLE = {
    code: _escape(code)
    for code in (*range(0x20), *range(0x7F, 0xA0), *_BIDI_CONTROLS, 0x2028, 0x2029, *range(0xD800, 0xE000))
}
#: What a spreadsheet takes as the start of a formula (OWASP, "CSV Injection").
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def printable(text: str) -> str:
    """``text`` safe to print: every control or reordering character replaced by its visible escape (ESC
    becomes ``\\x1b``, U+202E ``\\u202e``), so a record's event name can neither clear nor recolour the
    terminal, hide or reorder text, nor break a row. A newline is escaped too: the result is one line."""
    return text.translate(_UNPRINTABLE)


def printable_lines(text: str) -> str:
    """Text of several lines (a score sheet, a replay's verdict) safe to print: each line :func:`printable`,
    the line breaks kept."""
    return "\n".join(printable(line) for line in text.split("\n"))


def csv_safe(text: str) -> str:
    """A CSV text cell a spreadsheet shows as text, never runs: :func:`printable`, then a leading ``'``
    when it would start a formula, as OWASP advises (the writer quotes every text cell)."""
    shown = printable(text)
    return "'" + shown if shown.startswith(FORMULA_START) else shown
