"""A worked example: a hand, a question about it, and betlaw's answer, as one HTML block.

The block holds the picture of the table at the decision (:mod:`.table_svg`), the table's setup
and the actions so far (table talk included), the question and the answer with its explanation,
the legal actions and the deciding clauses (linked to their pages), optionally the same question
under every preset, and the hand itself as PHH. The answer is computed here, by
:class:`betlaw.conformance.ask.Answerer` (what ``betlaw ask`` prints), never copied.

Every text that comes from the scenario (names, comments, words said) is HTML-escaped, and the
block has no blank line, so Markdown passes it through untouched.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

from betlaw.conformance.ask import Answerer
from betlaw.conformance.questions import QuestionError, parse
from betlaw.conformance.scenario import PLAYER_VERBS, Scenario, ScenarioError
from betlaw.model.actions import Kind
from betlaw.model.errors import IllegalAction
from betlaw.model.game import GameError, Structure
from betlaw.model.state import HandState
from betlaw.model.turn_order import TurnOrderError
from betlaw.spec.catalogue import catalogue
from betlaw.spec.rulesets import PRESETS, RuleError

from .table_svg import table_svg

FAILURES = (ScenarioError, QuestionError, GameError, TurnOrderError, RuleError, IllegalAction)
VERBS = {Kind.FOLD: "folds", Kind.CHECK: "checks", Kind.CALL: "calls", Kind.BET: "bets",
         Kind.RAISE: "raises to", Kind.COMPLETE: "completes to", Kind.BRING_IN: "brings in for"}


@dataclass
class Example:
    """What to show; ``expected`` is the answer a witness file recorded (checked, not shown as truth)."""

    scenario: Scenario
    phh: str
    question: str
    preset: str | None = None
    overrides: dict = field(default_factory=dict)
    intro: tuple[str, ...] = ()
    expected: str | None = None
    compare_presets: bool = False
    command_file: str | None = None  # the hand's file in the repository, when it has one
    upto: int | None = None  # the question is about the moment after this many action entries


def render(ex: Example, link: Callable[[str], str]) -> str:
    """The example as one HTML block; ``link(clause_id)`` is the href of a clause's page."""
    out = ['<div class="betlaw-example">']
    out += [f"<p>{escape(p)}</p>" for p in ex.intro]
    try:
        rules = ex.scenario.rules(ex.preset, ex.overrides)
        answerer = Answerer(ex.scenario, rules)
        result = answerer.answer(parse(ex.question))
    except FAILURES as err:
        out.append(f'<p class="betlaw-error">betlaw cannot answer this example: {escape(str(err))}</p>')
        out.append(_phh_block(ex))
        return "".join(out) + "</div>"
    state = answerer.state
    street = answerer.game.streets[min(state.street, len(answerer.game.streets) - 1)].name
    turn = f"{answerer.who(state.actor)} to act" if state.actor is not None else "no one to act"
    caption = f"The table when the question is asked: {street}, {turn}"
    out.append(f'<figure class="betlaw-figure">{table_svg(state, answerer.show, caption)}</figure>')
    out.append(f"<p><strong>The table.</strong> {escape(setup_text(answerer))}</p>")
    steps = action_lines(answerer)
    if steps:
        out.append("<p><strong>The hand so far.</strong></p><ol class=\"betlaw-actions\">"
                   + "".join(f"<li>{escape(s)}</li>" for s in steps) + "</ol>")
    else:
        out.append("<p><strong>The hand so far.</strong> Only the forced bets.</p>")
    out.append(f'<p class="betlaw-question"><strong>Question</strong> (rules {escape(rules.name)}): '
               f"<code>{escape(ex.question)}</code></p>")
    explanation = result["explanation"]
    for sep in (": ", ", ", ". "):
        if explanation.startswith(result["answer"] + sep):
            explanation = explanation[len(result["answer"]) + len(sep):]
            break
    out.append(f'<p class="betlaw-answer"><strong>Answer: {escape(result["answer"])}</strong> &mdash; '
               f"{escape(explanation)}</p>")
    if ex.expected is not None and ex.expected != result["answer"]:
        out.append(f'<p class="betlaw-error">The witness file records the answer {escape(ex.expected)!r}; '
                   "the model now answers differently: regenerate the witnesses "
                   "(<code>betlaw witness --all --write-cache</code>).</p>")
    if result["actor"]:
        out.append(f"<p><strong>Legal for {escape(answerer.who(answerer.legal.actor))}:</strong> "
                   f"{escape(answerer.options_text())}.</p>")
    if result["clauses"]:
        out.append("<p><strong>Deciding clauses</strong> (the model's reason, as <code>betlaw ask --oracle model</code> "
                   "lists it; the default <code>--oracle both</code> adds the clauses of the solver's explanation, "
                   "such as those that define the amounts):</p>" + clause_list(result["clauses"], link))
    if ex.compare_presets:
        out.append(preset_table(ex, rules.name, link))
    out.append(_phh_block(ex))
    return "".join(out) + "</div>"


def clause_list(ids: list[str], link: Callable[[str], str]) -> str:
    cat = catalogue()
    items = []
    for cid in ids:
        title = f": {escape(cat[cid].title)}" if cid in cat else ""
        name = f'<a href="{escape(link(cid))}"><code>{escape(cid)}</code></a>' if cid in cat else \
            f"<code>{escape(cid)}</code>"
        items.append(f"<li>{name}{title}</li>")
    return '<ul class="betlaw-clauses">' + "".join(items) + "</ul>"


def preset_answers(ex: Example) -> list[tuple[str, str, list[str]]]:
    """(preset, answer or why there is none, deciding clauses) for every preset, in preset order."""
    rows = []
    for name in PRESETS:
        try:
            result = Answerer(ex.scenario, ex.scenario.rules(name, ex.overrides)).answer(parse(ex.question))
            rows.append((name, result["answer"], result["clauses"]))
        except FAILURES as err:
            rows.append((name, f"not a legal hand under this rule set ({err})", []))
    return rows


def preset_table(ex: Example, own: str, link: Callable[[str], str]) -> str:
    rows = preset_answers(ex)
    if len({answer for _, answer, _ in rows}) == 1:
        return (f"<p><strong>Under every preset</strong> ({escape(', '.join(n for n, _, _ in rows))}) the answer "
                f"is the same: {escape(rows[0][1])}.</p>")
    body = []
    for name, answer, clauses in rows:
        mark = " (this example)" if name == own else ""
        links = ", ".join(f'<a href="{escape(link(c))}"><code>{escape(c)}</code></a>' for c in clauses
                          if c in catalogue())
        body.append(f"<tr><td><code>{escape(name)}</code>{escape(mark)}</td><td>{escape(answer)}</td>"
                    f"<td>{links}</td></tr>")
    return ("<p><strong>The rule sets disagree.</strong> The same hand and question under each preset "
            "(<code>--rules NAME</code>):</p><table><thead><tr><th>preset</th>"
            "<th>answer</th><th>deciding clauses</th></tr></thead><tbody>" + "".join(body) + "</tbody></table>")


def _phh_block(ex: Example) -> str:
    options = (f" --rules {ex.preset}" if ex.preset else "") + "".join(
        f" --rule {k}={v}" for k, v in sorted(ex.overrides.items()))
    options += f" --upto {ex.upto}" if ex.upto is not None else ""
    command = f'betlaw ask {ex.command_file or "hand.phh"} "{ex.question}"{options}'
    where = f"<code>{escape(ex.command_file)}</code>; ask it with" if ex.command_file else \
        "save it as <code>hand.phh</code> and run"
    text = escape(ex.phh.rstrip("\n")).replace("\n", "&#10;")
    return (f"<details class=\"betlaw-phh\"><summary>The hand as PHH: {where} "
            f"<code>{escape(command)}</code></summary><pre><code>{text}</code></pre></details>")


# ---------------------------------------------------------------- the table and the actions in words


def setup_text(a: Answerer) -> str:
    g = a.game
    parts = [f"{g.structure}, {g.seats} players"]
    sizes = [st.bet_size for st in g.streets]
    if g.structure is Structure.FIXED_LIMIT:
        parts.append("bets " + "/".join(a.show(x) for x in dict.fromkeys(sizes)) + " (small/big)")
    elif g.structure is Structure.SPREAD_LIMIT:
        ranges = list(dict.fromkeys(st.spread for st in g.streets))
        parts.append("spread " + ", then ".join(f"{a.show(lo)}-{a.show(hi)}" for lo, hi in ranges))
    else:
        parts.append(f"minimum bet {a.show(sizes[0])}")

    def blind(i: int, b: int) -> str:
        posted = g.forced_bets_paid(i)[1]
        return f"{a.who(i)} {a.show(b)}" + (f" (posts {a.show(posted)}, all-in)" if posted < b else "")

    blinds = [blind(i, b) for i, b in enumerate(g.position_blinds) if b]
    if blinds:
        parts.append("blinds and straddles: " + ", ".join(blinds))
    if g.full_blinds:
        parts.append("dead small blind (the stakes' blinds: " + ", ".join(
            a.show(b) for b in g.full_blinds if b) + ")")
    if any(g.live_posts):
        parts.append("live posts: " + ", ".join(f"{a.who(i)} {a.show(b)}" for i, b in enumerate(g.blinds)
                                                if g.is_post(i)))
    if any(g.antes):
        parts.append("antes: " + ", ".join(f"{a.who(i)} {a.show(x)}" for i, x in enumerate(g.antes) if x))
    if g.dead_posts and any(g.dead_posts):
        parts.append("dead posts: " + ", ".join(f"{a.who(i)} {a.show(x)}" for i, x in enumerate(g.dead_posts) if x))
    if g.bring_in:
        seat = f" ({a.who(g.bring_in_seat)})" if g.bring_in_seat is not None else ""
        parts.append(f"bring-in {a.show(g.bring_in)}{seat}")
    parts.append("starting stacks: " + ", ".join(
        "∞" if g.infinite and g.infinite[i] else a.show(s) for i, s in enumerate(g.starting_stacks)))
    if g.open_pair:
        parts.append("an open pair shows on fourth street")
    if g.may_open is not None:
        parts.append("may open (holds the opening requirement): " + (
            ", ".join(a.who(i) for i, ok in enumerate(g.may_open) if ok) or "nobody"))
    if not g.stud:
        parts.append(f"{a.who(g.button)} has the button")
    return "; ".join(parts) + "."


def action_lines(a: Answerer) -> list[str]:
    """The hand's actions in words, with the rounds dealt and the table talk where it happened."""
    sc, g = a.scenario, a.game
    replay = HandState(g, a.rules)
    history = list(a.state.history)
    talk_after: dict[int, list] = {}
    for e in sc.talk:
        talk_after.setdefault(e.after, []).append(e)
    lines: list[str] = []
    street = 0
    k = 0

    def talk(after: int) -> None:
        for e in talk_after.pop(after, []):
            lines.append(talk_text(a, e))

    def new_rounds() -> None:  # a round the model has begun (every game: board, stud and draw rounds alike)
        nonlocal street
        while street < replay.street:
            street += 1
            lines.append(f"— {g.streets[street].name} —")

    talk(0)
    for event in sc.events:
        if event.seat is not None and event.verb in PLAYER_VERBS and k < len(history):
            new_rounds()
            action = history[k]
            k += 1
            before = replay.seats[action.seat].bet  # read now: a call that ends the round gathers the bets
            paid = min(replay.owed(action.seat), replay.seats[action.seat].stack)
            replay.apply(action)
            lines.append(action_text(a, action, before, paid, replay))
        elif event.seat is None and event.index + 1 in talk_after:
            new_rounds()  # talk after a deal is the new round's (review BT: it was drawn before the round's marker)
        talk(event.index + 1)
    if not replay.hand_over:
        new_rounds()  # the question is asked in a round no one has acted in yet
    for after in sorted(talk_after):
        talk(after)
    return lines


def action_text(a: Answerer, action, before: int, paid: int, after: HandState) -> str:
    """One line of the hand so far; ``before`` is the seat's bet before the action, ``paid`` a call's chips."""
    who = a.who(action.seat)
    verb = VERBS[action.kind]
    if action.kind is Kind.CALL:
        to = before + paid
        text = f"{who} calls {a.show(paid)}" + (f" (to {a.show(to)})" if paid != to else "")
    elif action.kind is Kind.BRING_IN:
        text = f"{who} {verb} {a.show(after.seats[action.seat].bet)}"
    elif action.to is not None:
        text = f"{who} {verb} {a.show(action.to)}"
    else:
        text = f"{who} {verb}"
    if after.seats[action.seat].stack == 0 and action.kind is not Kind.FOLD:
        text += " (all-in)"
    return text


def talk_text(a: Answerer, e) -> str:
    who = a.who(e.seat)
    chips = " + ".join(a.show(c) for c in e.chips)
    if e.kind.value == "say":
        text = f'{who} says "{e.words}"' + (f", pushing {chips}" if chips else "")
    elif e.kind.value == "chips":
        text = f"{who} puts out {chips} in one motion"
    else:
        text = f"{who} {'mucks' if e.gesture == 'muck' else e.gesture + 's'}"
    if e.in_turn is False:
        text += " (out of turn)"
    return "table talk: " + text
