"""Just enough of PromQL to find what a query reads: the metric names it selects, the labels of each
selector's matchers, and the labels of each ``by``/``without`` clause with the metrics of what it aggregates.

Not a parser of the whole language: a tokenizer that skips strings, range and subquery brackets (``[5m]``,
``[$__rate_interval]``), numbers and durations, Grafana variables (``$rpc``, ``${datasource}``) and
prometheus-adapter templates (``<<.Series>>``), then takes every identifier that is not a function, an
aggregation operator or a keyword as a metric name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: PromQL's functions (Prometheus 3), which are never metric names here.
FUNCTIONS = frozenset(
    """abs absent absent_over_time ceil changes clamp clamp_max clamp_min day_of_month day_of_week day_of_year
    days_in_month delta deriv exp floor histogram_avg histogram_count histogram_fraction histogram_quantile
    histogram_stddev histogram_stdvar histogram_sum hour idelta increase irate label_join label_replace ln log2
    log10 minute month predict_linear rate resets round scalar sgn sort sort_desc sort_by_label
    sort_by_label_desc sqrt time timestamp vector year avg_over_time min_over_time max_over_time sum_over_time
    count_over_time quantile_over_time stddev_over_time stdvar_over_time last_over_time present_over_time
    mad_over_time double_exponential_smoothing holt_winters acos acosh asin asinh atan atanh cos cosh sin sinh
    tan tanh deg rad pi info""".split()  # noqa: SIM905 (a list of 80 quoted words reads worse)
)
#: Aggregation operators, which take ``by``/``without``.
AGGREGATIONS = frozenset(
    "sum min max avg group stddev stdvar count count_values bottomk topk quantile limitk limit_ratio".split()  # noqa: SIM905
)
#: Keywords and binary operators spelled as words.
KEYWORDS = frozenset(
    {"by", "without", "on", "ignoring", "group_left", "group_right", "offset", "bool", "and", "or", "unless"}
    | {"atan2", "inf", "nan"}
)
#: Clauses followed by a list of label names in parentheses.
LABEL_LISTS = frozenset(["by", "without", "on", "ignoring", "group_left", "group_right"])

_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
    | (?P<string>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`[^`]*`)
    | (?P<template><<[^>]*>>)
    | (?P<variable>\$\{[^}]*\}|\$\w+)
    | (?P<number>\d[\w.]*)
    | (?P<ident>[A-Za-z_:][A-Za-z0-9_:]*)
    | (?P<punct>=~|!~|!=|==|<=|>=|[-+*/%^<>=(){}\[\],@])
    """,
    re.VERBOSE,
)


@dataclass
class Query:
    """What one PromQL expression reads."""

    metrics: set[str] = field(default_factory=set)
    #: (metric, label) for every label matcher of a selector (``metric{label="..."}``).
    matchers: set[tuple[str, str]] = field(default_factory=set)
    #: (label, metrics aggregated) for every label of a ``by``/``without``/``on``/``ignoring`` clause.
    groupings: list[tuple[str, frozenset[str]]] = field(default_factory=list)


def tokens(expr: str) -> list[tuple[str, str]]:
    """The (kind, text) tokens of ``expr``, without spaces, strings' contents kept as one token."""
    out: list[tuple[str, str]] = []
    position = 0
    while position < len(expr):
        match = _TOKEN.match(expr, position)
        if match is None:
            raise ValueError(f"cannot read {expr[position:]!r} in {expr!r}")
        kind = match.lastgroup or ""
        if kind != "space":
            out.append((kind, match.group()))
        position = match.end()
    return out


def _closing(items: list[tuple[str, str]], start: int, opening: str, closing: str) -> int:
    """The index of the token closing the bracket opened at ``start``."""
    depth = 0
    for index in range(start, len(items)):
        if items[index] == ("punct", opening):
            depth += 1
        elif items[index] == ("punct", closing):
            depth -= 1
            if depth == 0:
                return index
    raise ValueError(f"unclosed {opening!r}")


def _scan(items: list[tuple[str, str]], query: Query, groupings: bool = True) -> None:
    """Fill ``query`` from the tokens ``items`` (brackets balanced); its ``groupings`` too when asked."""
    index = 0
    while index < len(items):
        kind, text = items[index]
        following = items[index + 1] if index + 1 < len(items) else ("", "")
        if (kind, text) == ("punct", "["):  # a range or subquery: durations and variables only
            index = _closing(items, index, "[", "]") + 1
            continue
        if (kind, text) == ("punct", "{"):  # matchers without a metric name before them
            end = _closing(items, index, "{", "}")
            index = end + 1
            continue
        if kind != "ident":
            index += 1
            continue
        if text in LABEL_LISTS:
            if following == ("punct", "("):
                end = _closing(items, index + 1, "(", ")")
                labels = [t for k, t in items[index + 2 : end] if k in ("ident", "string")]
                if groupings:
                    aggregated = _aggregated(items, index)
                    query.groupings.extend((label.strip("\"'`"), aggregated) for label in labels)
                index = end + 1
            else:
                index += 1
            continue
        if text in FUNCTIONS or text in AGGREGATIONS or text in KEYWORDS:
            index += 1
            continue
        query.metrics.add(text)
        if following == ("punct", "{"):
            end = _closing(items, index + 1, "{", "}")
            block = items[index + 2 : end]
            for position, (k, t) in enumerate(block):
                after = block[position + 1] if position + 1 < len(block) else ("", "")
                if k in ("ident", "string") and after[1] in ("=", "!=", "=~", "!~"):
                    query.matchers.add((text, t.strip("\"'`")))
            index = end + 1
            continue
        index += 1


def _aggregated(items: list[tuple[str, str]], clause: int) -> frozenset[str]:
    """The metrics a ``by``/``without``/``on``/``ignoring`` clause at ``clause`` applies to: an aggregation's
    argument (``sum by (x) (arg)`` or ``sum (arg) by (x)``), or for vector matching the whole expression."""
    end = _closing(items, clause + 1, "(", ")")
    after_aggregation = clause > 0 and items[clause - 1][0] == "ident" and items[clause - 1][1] in AGGREGATIONS
    if after_aggregation and end + 1 < len(items) and items[end + 1] == ("punct", "("):
        argument = items[end + 1 : _closing(items, end + 1, "(", ")") + 1]
        return frozenset(_metrics_of(argument))
    if clause > 0 and items[clause - 1] == ("punct", ")"):
        depth, start = 0, clause - 1
        for start in range(clause - 1, -1, -1):
            depth += {("punct", ")"): 1, ("punct", "("): -1}.get(items[start], 0)
            if depth == 0:
                break
        if start > 0 and items[start - 1][1] in AGGREGATIONS:
            return frozenset(_metrics_of(items[start:clause]))
    return frozenset(_metrics_of(items))


def _metrics_of(items: list[tuple[str, str]]) -> set[str]:
    query = Query()
    _scan(items, query, groupings=False)
    return query.metrics


def read(expr: str) -> Query:
    """What ``expr`` reads. prometheus-adapter's templates stand for nothing here (``<<.Series>>`` is
    ``seriesQuery``'s metric, checked there)."""
    query = Query()
    _scan([t for t in tokens(expr) if t[0] not in ("template", "variable")], query)
    return query
