"""Floor language: what a floor person says or types, turned into the line the engine judges.

Pure Python (no Django). The parser only reads; the rules engine stays the judge of every action::

    players = floor_players(spec)                    # {seat: FloorPlayer(name, player)}
    line = parse_floor_action("seat 3 raise 6000", players)         # "p1 cbr 6000"
    line = parse_floor_action("Ana all in", players, hand)           # needs the stacks: a Hand
    hand.apply(line)                                                  # the engine rules on it

Grammar (words are case- and accent-insensitive; English and Brazilian Portuguese)::

    action  := PHH line, unchanged            p3 cbr 6000 · p2 f · d dh p1 AsKs · p1 sm AhKh
             | PLAYER [goes|vai] VERB [to|para|pra] [ARG]          seat 3 raise 6000 · Ana all-in
             | VERB PLAYER [to|para|pra] [ARG]                     raise 7 6000 · fold 7
             | PLAYER (goes|went|vai|foi|makes it) [to] AMOUNT     Ana goes 6000 · Ana foi de 6k (bet or raise to)
             | PLAYER CARDS                                        3 AhKh (shows at the showdown)
             | (flop|turn|river|board) CARDS                       flop Ah Kd 7c  ->  d db AhKd7c
    PLAYER  := seat N | assento N | s N | a N | sN | aN | #N | N | pN | NAME [(seat N)]
    NAME    := a player's name or a unique prefix of it (several words allowed)
    VERB    := fold | check | call | bet | raise | all-in | shows | mucks, in both languages
               (see :data:`VERBS`: desiste, passa/mesa, paga/iguala, aposta, aumenta/sobe, tudo, mostra ...)
    ARG     := AMOUNT (bet, raise, all-in) | CARDS (shows)
    AMOUNT  := 6000 | 6.000 | 6,000 | 6k | 1.5k | 1,5k | 6 mil   (the total bet for the round, as PHH cbr)
    CARDS   := Ah Kh | AhKh | ah kh | 10h Kh | A♥ K♥

What comes back is one line for :meth:`Hand.apply`: PHH for fold (``pN f``), bet and raise
(``pN cbr X``), show and muck (``pN sm CARDS`` / ``pN sm``), the board (``d db CARDS``); check and
call come back as the engine's desk words ``pN check`` / ``pN call``, which it records as PHH ``cc``
after refusing a check facing a bet or a call with nothing to call. An all-in becomes a raise to the
player's whole stack, or a call when that does not exceed the bet; it needs the table state (any
object with ``stack``, ``bet``, ``showdown`` and ``options()``, such as a :class:`Hand`). With that
state a fold at the showdown is a muck, and a bet or raise without an amount takes the only size
allowed (fixed limit).

Before the grammar, the floor's own words are made plain (docs/adjudication.md): phrases of several words
become one (``dá mesa`` -> check, ``jogou as cartas fora`` -> fold, ``all in``), politeness words and
articles are dropped (``o Diego``, ``por favor``), and seat numbers in words after a seat word become digits
(``assento oito``). A line that could mean two things (``paga all-in``, ``mesa`` alone) is refused with the
code ``ambiguous_action``: the question shows both readings, and ``FloorError.readings`` holds their lines.

Refusals raise :class:`FloorError`, which carries the position, the reason and the accepted forms,
in English and Brazilian Portuguese (``message(lang)``, as the engine's texts).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .phh import HandSpec, parse_action
from .texts import fill, norm_lang

if TYPE_CHECKING:
    from .engine import Options

__all__ = [
    "FLOOR_TEXTS",
    "VERBS",
    "FloorError",
    "FloorPlayer",
    "TableState",
    "describe_action",
    "floor_labels",
    "floor_name",
    "floor_players",
    "parse_floor_action",
    "relabel",
]


class FloorPlayer(NamedTuple):
    """A player as the floor knows him: his name (None when unknown) and the engine's player (0 = p1)."""

    name: str | None
    player: int


class TableState(Protocol):
    """What the parser reads of a hand in play (a :class:`Hand` has all of it); indexed by player."""

    @property
    def stack(self) -> Sequence[int]: ...

    @property
    def bet(self) -> Sequence[int]: ...

    @property
    def showdown(self) -> bool: ...

    def options(self) -> Options | None: ...


# Every sentence of the floor language, in both languages (``str.format`` templates, as texts.T).
FLOOR_TEXTS: dict[str, dict[str, str]] = {
    "seat": {"en": "seat {seat}", "pt-br": "assento {seat}"},
    "named": {"en": "{name} (seat {seat})", "pt-br": "{name} (assento {seat})"},
    "where": {"en": "At character {column} (“{token}”): {reason}",
              "pt-br": "No caractere {column} (“{token}”): {reason}"},
    "where_end": {"en": "At the end of the line: {reason}", "pt-br": "No fim da linha: {reason}"},
    "verbs": {
        "en": "Actions: fold, check, call, bet, raise, all-in, shows, mucks.",
        "pt-br": "Ações: desiste, passa (mesa), paga (iguala), aposta, aumenta (sobe), all in (tudo), mostra, muck.",
    },
    "forms": {
        "en": "Accepted forms: seat 3 raise 6000 · Ana all-in · s5 call · 3 r 6,000 · raise 7 6k · fold 7 · "
        "seat 3 shows Ah Kh · 3 AhKh · seat 3 mucks · flop Ah Kd 7c · PHH such as p3 cbr 6000.",
        "pt-br": "Formas aceitas: assento 3 aumenta 6000 · Ana all in · a5 paga · 3 r 6.000 · aumenta 7 1,5k · "
        "desiste 7 · assento 3 mostra Ah Kh · 3 AhKh · assento 3 muck · flop Ah Kd 7c · PHH como p3 cbr 6000.",
    },
    "err.empty": {"en": "nothing was typed.", "pt-br": "nada foi digitado."},
    "err.unknown_word": {
        "en": "“{token}” is neither an action nor a seat or a player of this hand (seats: {seats}).",
        "pt-br": "“{token}” não é uma ação nem um assento ou jogador desta mão (assentos: {seats}).",
    },
    "err.unknown_verb": {"en": "“{token}” is not an action.", "pt-br": "“{token}” não é uma ação."},
    "err.did_you_mean": {"en": " Did you mean “{word}”?", "pt-br": " Quis dizer “{word}”?"},
    "err.missing_verb": {
        "en": "the action is missing (fold, check, call, bet, raise ...).",
        "pt-br": "falta a ação (desiste, passa, paga, aposta, aumenta ...).",
    },
    "err.missing_player": {
        "en": "whose action? Name the seat or the player.",
        "pt-br": "de quem é a ação? Diga o assento ou o jogador.",
    },
    "err.unknown_player": {
        "en": "“{token}” is neither a seat nor a player of this hand (seats: {seats}).",
        "pt-br": "“{token}” não é assento nem jogador desta mão (assentos: {seats}).",
    },
    "err.no_seat": {
        "en": "nobody sits in seat {seat} in this hand (seats: {seats}).",
        "pt-br": "ninguém está no assento {seat} nesta mão (assentos: {seats}).",
    },
    "err.ambiguous_name": {
        "en": "“{token}” could be {candidates}: type more of the name, or the seat.",
        "pt-br": "“{token}” pode ser {candidates}: digite mais do nome, ou o assento.",
    },
    "err.mismatch": {
        "en": "“{token}” is {other}, not {player}.",
        "pt-br": "“{token}” é {other}, não {player}.",
    },
    "err.missing_amount": {
        "en": "“{verb}” needs the amount: the total the player bets to in this round (e.g. {verb} 6000).",
        "pt-br": "“{verb}” precisa do valor: o total da aposta do jogador nesta rodada (ex.: {verb} 6000).",
    },
    "err.bad_amount": {
        "en": "“{token}” is not a whole number of chips (write 6000, 6,000, 6k or 1.5k).",
        "pt-br": "“{token}” não é um número inteiro de fichas (escreva 6000, 6.000, 6k ou 1,5k).",
    },
    "err.raise_by": {
        "en": "amounts are the total the player bets to, not the increase: write the total, e.g. raise 6000.",
        "pt-br": "o valor é o total da aposta do jogador, não o acréscimo: escreva o total, ex.: aumenta 6000.",
    },
    "err.no_amount": {"en": "“{verb}” takes no amount.", "pt-br": "“{verb}” não leva valor."},
    "err.extra": {
        "en": "“{token}” is more than the action needs.",
        "pt-br": "“{token}” está sobrando na ação.",
    },
    "err.bad_cards": {
        "en": "“{token}” is not two cards such as Ah Kh.",
        "pt-br": "“{token}” não são duas cartas como Ah Kh.",
    },
    "err.missing_cards": {
        "en": "the two cards shown are missing (e.g. Ah Kh), or write muck.",
        "pt-br": "faltam as duas cartas mostradas (ex.: Ah Kh), ou escreva muck.",
    },
    "err.all_in_unknown": {
        "en": "the all-in amount is not known here: write the total, e.g. seat 3 raise 12000.",
        "pt-br": "o valor do all-in não é conhecido aqui: escreva o total, ex.: assento 3 aumenta 12000.",
    },
    "err.all_in_amount": {
        "en": "{player} is all-in for {total} in total this round, not {amount}.",
        "pt-br": "{player} fica all-in com {total} no total desta rodada, não {amount}.",
    },
    "err.ambiguous_action": {
        "en": "“{token}” can be read two ways: {first}, or {second}. Which one? Type it in full.",
        "pt-br": "“{token}” tem duas leituras: {first}, ou {second}. Qual delas? Digite por extenso.",
    },
    # The readings of an ambiguous line, offered back as the question.
    "read.check": {"en": "{player} checks", "pt-br": "{player} passa (mesa)"},
    "read.check_who": {"en": "a check (name the player: Ana check)",
                       "pt-br": "um check (diga o jogador: Ana dá mesa)"},
    "read.board": {"en": "the board (type its cards: board Ah Kd 7c)",
                   "pt-br": "as cartas da mesa (digite-as: flop Ah Kd 7c)"},
    "read.call": {"en": "{player} calls", "pt-br": "{player} paga"},
    "read.all_in": {"en": "{player} goes all-in (raises to {amount})",
                    "pt-br": "{player} vai de all-in (aumenta para {amount})"},
    "read.all_in_unknown": {"en": "{player} goes all-in (type the total)",
                            "pt-br": "{player} vai de all-in (digite o total)"},
    # What an accepted PHH line means, for the history and the refusals.
    "do.f": {"en": "{player} folds", "pt-br": "{player} desiste"},
    "do.cc": {"en": "{player} checks or calls", "pt-br": "{player} passa ou paga"},
    "do.cbr": {"en": "{player} bets or raises to {amount}", "pt-br": "{player} aposta ou aumenta para {amount}"},
    "do.show": {"en": "{player} shows {cards}", "pt-br": "{player} mostra {cards}"},
    "do.muck": {"en": "{player} mucks", "pt-br": "{player} descarta sem mostrar"},
    "do.dh": {"en": "{player} is dealt {cards}", "pt-br": "{player} recebe {cards}"},
    "do.dh_hidden": {"en": "{player} is dealt two cards face down", "pt-br": "{player} recebe duas cartas fechadas"},
    "do.db": {"en": "Board: {cards}", "pt-br": "Mesa: {cards}"},
}

# The action words, accents and hyphens removed, lower case: word -> kind. Present, infinitive and past
# forms in both languages, and the words Brazilian tables borrow from English (foldou, checou, callou).
VERBS: dict[str, str] = {
    **dict.fromkeys(["fold", "folds", "folded", "folding", "f", "desiste", "desistir", "desistiu", "desisto",
                     "larga", "largar", "largou", "corre", "correu", "correr", "foldou", "folda", "foldar",
                     "foldo"], "fold"),
    **dict.fromkeys(["check", "checks", "checked", "k", "x", "passa", "passar", "passou", "passo", "mesa",
                     "checou", "checa", "checar", "checo", "knocks", "knocked", "taps", "tapped"], "check"),
    **dict.fromkeys(["call", "calls", "called", "c", "paga", "pagar", "pagou", "pago", "iguala", "igualar",
                     "igualou", "callou", "calla", "callar", "acompanha", "acompanhou",
                     # a limp calls the big blind before the flop; the small blind completes by calling it
                     "limp", "limps", "limped", "limpa", "limpou", "limpar", "complete", "completes", "completed",
                     "completa", "completou", "completar"], "call"),
    **dict.fromkeys(["bet", "bets", "b", "aposta", "apostar", "apostou", "aposto", "betou", "beta", "betar",
                     "betted", "leads", "led"], "bet"),
    **dict.fromkeys(["raise", "raises", "raised", "r", "reraise", "reraises", "reraised", "aumenta", "aumentar",
                     "aumentou", "aumento", "sobe", "subir", "subiu", "reaumenta", "reaumentou", "cbr", "raisou",
                     "repica", "repicou", "opens", "opened", "3bet", "3bets", "4bet", "4bets", "5bet", "5bets",
                     "3betou", "4betou", "5betou", "threebet", "threebets", "fourbet", "fourbets"], "raise"),
    **dict.fromkeys(["allin", "tudo", "shove", "shoves", "shoved", "jam", "jams", "jammed", "push", "pushes",
                     "pushed", "empurra", "empurrou", "empurrar"], "allin"),
    **dict.fromkeys(["show", "shows", "showed", "mostra", "mostrar", "mostrou", "abre", "abriu", "vira", "virou",
                     "tabled"], "show"),
    **dict.fromkeys(["muck", "mucks", "mucked", "descarta", "descartou", "mucou", "muca"], "muck"),
    "cc": "cc",
    "sm": "sm",
}
_BOARD = frozenset(["flop", "turn", "river", "board"])
# Words between the player and the action that add nothing ("Ana vai de all-in", "Bruno just calls").
_BEFORE_VERB = frozenset(["is", "moves", "moved", "vai", "foi", "esta", "ta", "deu", "da",
                          "fez", "faz", "um", "uma", "de", "com", "just", "flat", "smooth", "also", "tambem",
                          "ele", "ela", "now", "agora"])
# After one of these, an amount alone is a bet or raise to it ("Ana foi de 3000", "Ana makes it 3000",
# "Ana goes 3000"); before a verb they add nothing ("Ana goes all in").
_GOES = frozenset(["vai", "foi", "makeit", "goes", "went", "go"])
_SKIPPED = _BEFORE_VERB | _GOES
_TO = frozenset(["to", "para", "pra", "ate", "for"])
_BY = frozenset(["by", "mais"])
_THOUSANDS = frozenset(["k", "mil"])
_SEAT_WORDS = frozenset(["seat", "assento", "lugar", "cadeira", "s", "a"])
_PHH_VERBS = frozenset(["f", "cc", "cbr", "sm", "dh", "db", "check", "call"])
# Politeness and fillers, dropped wherever they are; articles, dropped unless a seat number follows "a".
_FILLERS = frozenset(["please", "pls", "plz", "ok", "okay", "entao", "ai", "e", "and", "then", "so", "hum",
                      "bom"])
_ARTICLES = frozenset(["o", "a", "the", "os", "as"])
# Seat numbers in words, after a seat word ("assento oito", "seat two"); "meia" is six, as Brazilians say it.
_NUMBER_WORDS: dict[str, str] = {
    "um": "1", "uma": "1", "dois": "2", "duas": "2", "tres": "3", "quatro": "4", "cinco": "5", "seis": "6",
    "meia": "6", "sete": "7", "oito": "8", "nove": "9", "dez": "10", "onze": "11", "doze": "12",
    "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
}
_NUMBERED = frozenset(["seat", "assento", "lugar", "cadeira", "a", "s", "#"])
# Phrases of several words read as one (folded, hyphens removed): None drops them. "_object" is what a
# call names ("calls the all in", "paga a aposta"); the longest phrase wins.
_PHRASES: dict[tuple[str, ...], str | None] = {
    ("por", "favor"): None, ("por", "gentileza"): None, ("faz", "favor"): None,
    **dict.fromkeys([("da", "mesa"), ("deu", "mesa"), ("bate", "mesa"), ("bateu", "mesa"), ("bate", "na", "mesa"),
                     ("bateu", "na", "mesa"), ("bater", "mesa"), ("dar", "mesa"), ("bateu", "na", "mesa")], "check"),
    **dict.fromkeys([("jogou", "as", "cartas", "fora"), ("joga", "as", "cartas", "fora"), ("jogou", "fora"),
                     ("joga", "fora"), ("jogou", "as", "cartas"), ("largou", "as", "cartas"),
                     ("larga", "as", "cartas"), ("largou", "a", "mao"), ("larga", "a", "mao"),
                     ("passes", "his", "hand")], "fold"),
    **dict.fromkeys([("entra", "limpo"), ("entrou", "limpo")], "call"),
    **dict.fromkeys([("empurrou", "tudo"), ("empurra", "tudo"), ("botou", "tudo"), ("bota", "tudo"),
                     ("colocou", "tudo"), ("coloca", "tudo"), ("vai", "com", "tudo"), ("foi", "com", "tudo"),
                     ("all", "in")], "allin"),
    **dict.fromkeys([("mostrou", "as", "cartas"), ("mostra", "as", "cartas"), ("virou", "as", "cartas"),
                     ("vira", "as", "cartas"), ("abriu", "as", "cartas"), ("abre", "as", "cartas")], "show"),
    **dict.fromkeys([("makes", "it"), ("make", "it"), ("made", "it")], "makeit"),
    **dict.fromkeys([(article, *words) for article in ("the", "o", "a", "his", "her", "seu", "sua")
                     for words in (("all", "in"), ("allin",), ("bet",), ("raise",), ("shove",), ("aposta",),
                                   ("aumento",), ("raise",), ("3bet",), ("reraise",), ("tudo",))], "_object"),
}
_PHRASE_START: dict[str, int] = {}  # first word -> the longest phrase it starts (reading stays as fast as before)
for _words in _PHRASES:
    _PHRASE_START[_words[0]] = max(_PHRASE_START.get(_words[0], 0), len(_words))
_DROPPED = _FILLERS | _ARTICLES | frozenset(_NUMBER_WORDS)
# Words after a fold, check or call that add nothing ("folds his hand", "checks behind", "desiste da mão").
_TRAILING = frozenset(["his", "her", "their", "hand", "cards", "it", "behind", "back", "again", "de", "novo", "table",
                       "da", "mao", "cartas", "suas", "sua", "tambem", "too", "also", "_object",
                       "o", "the", "as", "a"])

_TOKEN = re.compile(r"[^\s()\[\]:;]+")
_SEAT_JOINED = re.compile(r"(?:seat|assento|lugar|s|a|#)([0-9]{1,3})\Z")
_PLAYER_INDEX = re.compile(r"p([1-9][0-9]{0,2})\Z")
_PHH_HEAD = re.compile(r"(?:d|p[1-9][0-9]*)\Z")
_PLAIN = re.compile(r"[0-9]+\Z")
_GROUPED = re.compile(r"[0-9]{1,3}([.,])[0-9]{3}(?:\1[0-9]{3})*\Z")
_SHORT = re.compile(r"([0-9]+)(?:[.,]([0-9]+))?(k|mil)\Z")
_NUMERIC = re.compile(r"[0-9]")
_CARDS = re.compile(r"(?:(?:10|[2-9tjqka])[cdhs])+\Z")
_CARD = re.compile(r"(10|[2-9tjqka])([cdhs])")
_SUITS = str.maketrans({"♠": "s", "♤": "s", "♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c"})
_LEGACY_NAME = re.compile(r"(.*\S)\s*\(#([0-9]+)\)\Z")
_MAX_DIGITS = 18


def _fold(word: str) -> str:
    """Lower case without accents: how words and names are compared."""
    decomposed = unicodedata.normalize("NFKD", word.translate(_SUITS))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def _text(key: str, lang: str, **params: Any) -> str:
    return fill(FLOOR_TEXTS[key][lang], lang, params)


def floor_name(name: str | None, seat: int, lang: str = "en") -> str:
    """A player as the floor names him: "Ana (seat 3)" / "Ana (assento 3)", or "seat 3" without a name."""
    lang = norm_lang(lang)
    if name:
        return _text("named", lang, name=name, seat=str(seat))
    return _text("seat", lang, seat=str(seat))


def floor_players(spec: HandSpec) -> dict[int, FloorPlayer]:
    """Seat number -> player, from a hand's ``seats`` and ``players`` fields.

    Without ``seats`` a seat is read from a name written "Ana (#3)" (older desk hands), and otherwise
    player pN sits in seat N, which is what the page then shows and accepts.
    """
    count = spec.player_count
    names: list[str | None] = list(spec.players) if spec.players else [None] * count
    seats: list[int | None] = list(spec.seats) if spec.seats else [None] * count
    for i, name in enumerate(names):
        match = _LEGACY_NAME.match(name) if name else None
        if match:
            names[i] = match.group(1)
            seats[i] = seats[i] if seats[i] is not None else int(match.group(2))
    chosen = [seat if seat is not None else i + 1 for i, seat in enumerate(seats)]
    if len(set(chosen)) != count:
        chosen = list(range(1, count + 1))
    return {seat: FloorPlayer(names[i] or None, i) for i, seat in enumerate(chosen)}


def floor_labels(players: Mapping[int, tuple[str | None, int]], lang: str = "en") -> list[str]:
    """Every player's floor name, indexed as the engine indexes players (0 = p1)."""
    labels = [""] * len(players)
    for seat, (name, player) in players.items():
        labels[player] = floor_name(name, seat, lang)
    return labels


def relabel(text: str, labels: Sequence[str], names: Sequence[str] | None = None) -> str:
    """Write the engine's ``p3`` (or the explanation's ``p3 (Name)``) as the floor name ``labels[2]``."""
    exact = {f"p{i + 1} ({name})": labels[i] for i, name in enumerate(names or ()) if i < len(labels)}
    alternatives = [re.escape(key) for key in sorted(exact, key=len, reverse=True)] + ["p[1-9][0-9]*"]
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)")

    def swap(match: re.Match[str]) -> str:
        found = match.group(0)
        if found in exact:
            return exact[found]
        index = int(found[1:]) - 1
        return labels[index] if index < len(labels) else found

    return pattern.sub(swap, text)


def describe_action(line: str, labels: Sequence[str], lang: str = "en") -> str:
    """An accepted PHH line in words: "p3 cbr 6000" -> "Ana (seat 3) bets or raises to 6,000"."""
    lang = norm_lang(lang)
    try:
        kind, who, amount, cards, _raw = parse_action(line, len(labels))
    except ValueError:
        return relabel(line, labels)
    player = labels[who] if who >= 0 else ""
    shown = " ".join(cards) if cards else ""
    if kind == "sm":
        kind = "show" if cards else "muck"
    elif kind == "dh" and cards and "??" in cards:
        kind = "dh_hidden"
    return _text(f"do.{kind}", lang, player=player, amount=amount, cards=shown)


class _Token(NamedTuple):
    raw: str
    norm: str
    start: int


class FloorError(ValueError):
    """A line in floor language that cannot be read; ``message(lang)`` says where, why and what is accepted.

    ``position`` is the 0-based offset of ``token`` in the text (its length when something is missing
    at the end), ``column`` the same counted from 1; ``code`` names the reason (``unknown_verb``,
    ``unknown_player``, ``no_seat``, ``ambiguous_name``, ``missing_amount``, ``bad_amount`` ...).
    """

    def __init__(self, code: str, *, position: int, token: str = "", suggestion: str | None = None,
                 **params: Any):
        self.code = code
        self.position = position
        self.token = token
        self.suggestion = suggestion
        self.params = params
        # An ambiguous line (code "ambiguous_action"): the engine lines of its two readings (None: incomplete).
        self.readings: tuple[str | None, str | None] = (None, None)
        super().__init__(self.message("en"))

    @property
    def column(self) -> int:
        return self.position + 1

    def reason(self, lang: str = "en") -> str:
        """Why the line was refused, in ``lang``, players named as the floor names them."""
        lang = norm_lang(lang)
        params: dict[str, Any] = {"token": self.token}
        for key, value in self.params.items():
            if key in ("player", "other"):
                value = floor_name(value[0], value[1], lang)
            elif key == "candidates":
                value = ", ".join(floor_name(name, seat, lang) for name, seat in value)
            elif isinstance(value, dict):  # a text given in both languages (a reading of an ambiguous line)
                value = value[lang]
            params[key] = value
        text = _text(f"err.{self.code}", lang, **params)
        if self.suggestion:
            text += _text("err.did_you_mean", lang, word=self.suggestion)
        return text

    def forms(self, lang: str = "en") -> str:
        """The accepted forms (and the action words when the action was not understood)."""
        lang = norm_lang(lang)
        forms = FLOOR_TEXTS["forms"][lang]
        if self.code in ("unknown_verb", "unknown_word", "missing_verb"):
            return f"{FLOOR_TEXTS['verbs'][lang]} {forms}"
        return forms

    def message(self, lang: str = "en") -> str:
        """Where, why, and the accepted forms, in one paragraph."""
        lang = norm_lang(lang)
        reason = self.reason(lang)
        if self.token:
            where = _text("where", lang, column=str(self.column), token=self.token, reason=reason)
        else:
            where = _text("where_end", lang, reason=reason)
        return f"{where} {self.forms(lang)}"


def _suggest(word: str) -> str | None:
    close = difflib.get_close_matches(word, [w for w in VERBS if len(w) > 2], n=1, cutoff=0.7)
    return close[0] if close else None


class _Parser:
    def __init__(self, text: str, players: Mapping[int, tuple[str | None, int]], state: TableState | None):
        self.text = text
        self.state = state
        self.seats: dict[int, FloorPlayer] = {seat: FloorPlayer(p[0], p[1]) for seat, p in players.items()}
        self.seat_of = {p.player: seat for seat, p in self.seats.items()}
        self.named = [(" ".join(_fold(p.name).split()), p) for p in self.seats.values() if p.name]
        tokens: list[_Token] = []
        for match in _TOKEN.finditer(text):
            raw = match.group(0).rstrip(",.!?")
            if raw:
                tokens.append(_Token(raw, _fold(raw), match.start()))
        self.tokens = self._plain_words(tokens)

    def _plain_words(self, tokens: list[_Token]) -> list[_Token]:
        """The floor's words as the grammar reads them: phrases as one word, fillers and articles dropped.

        Tokens keep their place in the text, so a refusal still points at what was typed.
        """
        keys = [t.norm.replace("-", "").replace("_", "") for t in tokens]
        if not any(key in _PHRASE_START or key in _DROPPED for key in keys):
            return tokens
        names = frozenset(word for name, _ in self.named for word in name.split())  # "E" or "Bom" may be a name
        merged: list[_Token] = []
        at = 0
        while at < len(tokens):
            longest = _PHRASE_START.get(keys[at], 0)
            for size in range(min(longest, len(tokens) - at), 1, -1):
                words = tuple(keys[at:at + size])
                if words in _PHRASES:
                    canonical = _PHRASES[words]
                    if canonical is not None:
                        merged.append(_Token(tokens[at].raw, canonical, tokens[at].start))
                    at += size
                    break
            else:
                merged.append(tokens[at])
                at += 1
        plain: list[_Token] = []
        for i, token in enumerate(merged):
            word = token.norm
            following = merged[i + 1].norm if i + 1 < len(merged) else ""
            if word in _FILLERS and word not in names:
                continue
            if word in _ARTICLES and word not in names and following and not _CARDS.match(word):
                # "a 5" and "a oito" name a seat; "a Carla" and "o Diego" are an article and a name; before
                # an action ("a call") the word is what was typed of a name.
                seat = word == "a" and (_PLAIN.match(following) or following in _NUMBER_WORDS)
                if not seat and following.replace("-", "") not in VERBS:
                    continue
            previous = plain[-1].norm if plain else ""
            if word in _NUMBER_WORDS and previous in _NUMBERED:
                token = token._replace(norm=_NUMBER_WORDS[word])
            plain.append(token)
        return plain

    # ------------------------------------------------------------------ errors
    def _error(self, code: str, at: int | None, **params: Any) -> FloorError:
        """A refusal at token ``at`` (None: at the end of the line)."""
        if at is None or at >= len(self.tokens):
            return FloorError(code, position=len(self.text.rstrip()), **params)
        token = self.tokens[at]
        return FloorError(code, position=token.start, token=token.raw, **params)

    def _seat_list(self) -> str:
        return ", ".join(str(seat) for seat in sorted(self.seats))

    def _ref(self, player: FloorPlayer) -> tuple[str | None, int]:
        return (player.name, self.seat_of[player.player])

    # ------------------------------------------------------------------ pieces
    def _verb(self, at: int) -> tuple[str, int] | None:
        """(kind, tokens used) when an action word starts at ``at``."""
        if at >= len(self.tokens):
            return None
        word = self.tokens[at].norm.replace("-", "").replace("_", "")
        if word == "all" and at + 1 < len(self.tokens) and self.tokens[at + 1].norm == "in":
            return ("allin", 2)
        kind = VERBS.get(word)
        return (kind, 1) if kind else None

    def _seat(self, at: int, seat: int) -> FloorPlayer:
        player = self.seats.get(seat)
        if player is None:
            raise self._error("no_seat", at, seat=str(seat), seats=self._seat_list())
        return player

    def _player(self, at: int) -> tuple[FloorPlayer, int]:
        """The player named at ``at`` and the position after him; FloorError when there is none."""
        if at >= len(self.tokens):
            raise self._error("missing_player", None)
        word = self.tokens[at].norm
        joined = _SEAT_JOINED.match(word)
        if joined:
            return self._seat(at, int(joined.group(1))), at + 1
        if word in _SEAT_WORDS and at + 1 < len(self.tokens) and _PLAIN.match(self.tokens[at + 1].norm):
            if len(self.tokens[at + 1].norm) > 3:
                raise self._error("no_seat", at + 1, seat=self.tokens[at + 1].raw, seats=self._seat_list())
            return self._seat(at + 1, int(self.tokens[at + 1].norm)), at + 2
        if _PLAIN.match(word):
            if len(word) > 3:
                raise self._error("no_seat", at, seat=self.tokens[at].raw, seats=self._seat_list())
            return self._seat(at, int(word)), at + 1
        index = _PLAYER_INDEX.match(word)
        if index and int(index.group(1)) - 1 in self.seat_of:
            seat = self.seat_of[int(index.group(1)) - 1]
            return self.seats[seat], at + 1
        player, after = self._name(at)
        # "Ana (seat 3)", as the page writes players, may be typed back.
        if after < len(self.tokens) and (_SEAT_JOINED.match(self.tokens[after].norm) or (
                self.tokens[after].norm in _SEAT_WORDS and after + 1 < len(self.tokens)
                and _PLAIN.match(self.tokens[after + 1].norm))):
            other, beyond = self._player(after)
            if other != player:
                raise self._error("mismatch", after, other=self._ref(other), player=self._ref(player))
            return player, beyond
        return player, after

    def _name(self, at: int) -> tuple[FloorPlayer, int]:
        words = [t.norm for t in self.tokens]
        longest = max((len(name.split()) for name, _ in self.named), default=0)
        spans = range(min(longest, len(words) - at), 0, -1)
        for size in spans:
            typed = " ".join(words[at:at + size])
            hits = [p for name, p in self.named if name == typed]
            if len(hits) == 1:
                return hits[0], at + size
            if hits:
                raise self._error("ambiguous_name", at, candidates=[self._ref(p) for p in hits])
        for size in spans:
            typed = " ".join(words[at:at + size])
            hits = [p for name, p in self.named if name.startswith(typed)]
            if len(hits) == 1:
                return hits[0], at + size
            if hits and size == 1:
                hits.sort(key=lambda p: self.seat_of[p.player])
                raise self._error("ambiguous_name", at, candidates=[self._ref(p) for p in hits])
        raise self._error("unknown_player", at, seats=self._seat_list())

    def _try_player(self, at: int) -> tuple[FloorPlayer, int] | None:
        try:
            return self._player(at)
        except FloorError:
            return None

    def _amount(self, at: int) -> tuple[int, int]:
        """The chips written at ``at`` (one token, or a number and "k"/"mil") and the position after."""
        word = self.tokens[at].norm
        after = at + 1
        if after < len(self.tokens) and self.tokens[after].norm in _THOUSANDS and _NUMERIC.match(word):
            word += self.tokens[after].norm
            after += 1
        digits = re.sub(r"[^0-9]", "", word)
        if len(digits) > _MAX_DIGITS:
            raise self._error("bad_amount", at)
        if _PLAIN.match(word):
            return int(word), after
        if _GROUPED.match(word):
            return int(digits), after
        short = _SHORT.match(word)
        if short:
            whole, part = short.group(1), short.group(2) or ""
            if len(part) <= 3:
                return int(whole) * 1000 + int(part.ljust(3, "0") or "0"), after
        raise self._error("bad_amount", at)

    def _is_amount(self, at: int) -> bool:
        return at < len(self.tokens) and bool(_NUMERIC.match(self.tokens[at].norm))

    def _card_group(self, at: int) -> tuple[str, ...] | None:
        word = self.tokens[at].norm
        if not _CARDS.match(word):
            return None
        return tuple(("T" if rank == "10" else rank.upper()) + suit for rank, suit in _CARD.findall(word))

    def _cards(self, at: int) -> tuple[list[str], int]:
        """Cards written from ``at`` on, as one or several groups."""
        cards: list[str] = []
        while at < len(self.tokens):
            group = self._card_group(at)
            if group is None:
                break
            cards.extend(group)
            at += 1
        return cards, at

    def _done(self, at: int, verb: str | None = None) -> None:
        """Refuse anything left after the action."""
        if at < len(self.tokens):
            if verb is not None and self._is_amount(at):
                raise self._error("no_amount", at, verb=verb)
            raise self._error("extra", at)

    # ------------------------------------------------------------------ the action
    def parse(self) -> str:
        if not self.tokens:
            raise FloorError("empty", position=0)
        first = self.tokens[0]
        if _PHH_HEAD.match(first.raw) and len(self.tokens) > 1 and self.tokens[1].raw in _PHH_VERBS:
            return self.text.strip()
        if first.norm in _BOARD:
            cards, after = self._cards(1)
            if not cards:
                raise self._error("bad_cards", 1)
            self._done(after)
            return f"d db {''.join(cards)}"
        if first.norm == "mesa" and (len(self.tokens) == 1 or self._card_group(1)):
            return self._mesa()
        probe = self._try_player(0)
        if probe is not None:
            player, at = probe
            at, goes = self._skip(at)
            if at >= len(self.tokens) or self._verb(at) or self._card_group(at) or (goes and self._said_amount(at)):
                return self._after_player(player, at, goes)
        verb = self._verb(0)
        if verb is not None:
            player, at = self._player(verb[1])
            return self._finish(verb[0], player, at, verb_at=0)
        if probe is None:
            try:
                self._player(0)
            except FloorError as exc:
                if exc.code != "unknown_player":
                    raise
            suggestion = _suggest(first.norm)
            if suggestion:
                raise self._error("unknown_verb", 0, suggestion=suggestion)
            raise self._error("unknown_word", 0, seats=self._seat_list())
        player, at = probe
        at, goes = self._skip(at)
        return self._after_player(player, at, goes)

    def _skip(self, at: int) -> tuple[int, bool]:
        """The position after the words that add nothing before an action, and whether one was "goes"."""
        goes = False
        while at < len(self.tokens) and self.tokens[at].norm in _SKIPPED:
            goes = goes or self.tokens[at].norm in _GOES
            at += 1
        return at, goes

    def _said_amount(self, at: int) -> bool:
        """An amount at ``at``, or "to"/"para" and an amount."""
        return self._is_amount(at) or (at < len(self.tokens) and self.tokens[at].norm in _TO
                                       and self._is_amount(at + 1))

    def _mesa(self) -> str:
        """ "mesa" alone is a check or the board; with cards it is the board ("mesa Ah Kd 7c")."""
        cards, after = self._cards(1)
        if cards:
            self._done(after)
            return f"d db {''.join(cards)}"
        options = self.state.options() if self.state is not None else None
        if options is not None and options.check:
            seat = self.seat_of[options.player]
            first = self._reading("read.check", self.seats[seat])
            raise self._ambiguous(0, first, self._reading("read.board"), (f"p{options.player + 1} check", None))
        raise self._ambiguous(0, self._reading("read.check_who"), self._reading("read.board"), (None, None))

    def _reading(self, key: str, player: FloorPlayer | None = None, **params: Any) -> dict[str, str]:
        """One reading of an ambiguous line, in both languages."""
        texts = {}
        for lang in ("en", "pt-br"):
            if player is not None:
                params["player"] = floor_name(player.name, self.seat_of[player.player], lang)
            texts[lang] = _text(key, lang, **params)
        return texts

    def _ambiguous(self, at: int, first: dict[str, str], second: dict[str, str],
                   lines: tuple[str | None, str | None]) -> FloorError:
        """The question asked instead of a guess: the two readings, and their lines when they are complete."""
        error = self._error("ambiguous_action", at, first=first, second=second)
        error.readings = lines
        return error

    def _after_player(self, player: FloorPlayer, at: int, goes: bool = False) -> str:
        if at >= len(self.tokens):
            raise self._error("missing_verb", None)
        verb = self._verb(at)
        if verb is not None:
            return self._finish(verb[0], player, at + verb[1], verb_at=at)
        if self._card_group(at):
            return self._finish("show", player, at, verb_at=None)
        if goes and self._said_amount(at):
            return self._finish("raise", player, at, verb_at=None)
        if self._is_amount(at):
            raise self._error("missing_verb", at)
        word = self.tokens[at].norm
        raise self._error("unknown_verb", at, suggestion=_suggest(word.replace("-", "")))

    def _finish(self, kind: str, player: FloorPlayer, at: int, verb_at: int | None) -> str:
        who = f"p{player.player + 1}"
        verb = self.tokens[verb_at].raw if verb_at is not None else ""
        state = self.state
        if kind == "fold" and state is not None and state.showdown:
            kind = "muck"
        after_call = self._verb(at) if kind == "call" else None
        if after_call is not None and after_call[0] == "allin":
            return self._call_or_all_in(player, at, at + after_call[1])
        if kind in ("fold", "check", "call", "cc", "muck"):
            while at < len(self.tokens) and self.tokens[at].norm in _TRAILING:
                at += 1
            self._done(at, verb)
            return {"fold": f"{who} f", "check": f"{who} check", "call": f"{who} call", "cc": f"{who} cc",
                    "muck": f"{who} sm"}[kind]
        if kind in ("show", "sm"):
            cards, after = self._cards(at)
            if not cards:
                if kind == "sm" and at >= len(self.tokens):
                    return f"{who} sm"
                if at < len(self.tokens):
                    raise self._error("bad_cards", at)
                raise self._error("missing_cards", None)
            if len(cards) != 2:
                raise self._error("bad_cards", at)
            self._done(after)
            return f"{who} sm {''.join(cards)}"
        at += 1 if at < len(self.tokens) and self.tokens[at].norm in _TO else 0
        if at < len(self.tokens) and self.tokens[at].norm in _BY:
            raise self._error("raise_by", at)
        amount: int | None = None
        amount_at = at
        if at < len(self.tokens):
            amount, at = self._amount(at)
            self._done(at)
        if kind == "allin":
            return self._all_in(player, amount, verb_at, amount_at)
        if amount is None:
            options = state.options() if state is not None else None
            fixed = options is not None and options.player == player.player and options.raise_min_to is not None
            if options is not None and fixed and options.raise_min_to == options.raise_max_to:
                return f"{who} cbr {options.raise_min_to}"
            raise self._error("missing_amount", None, verb=verb)
        return f"{who} cbr {amount}"

    def _call_or_all_in(self, player: FloorPlayer, at: int, after: int) -> str:
        """ "call all in": calling another's all-in, or going all-in; asked unless both are the same action."""
        who = f"p{player.player + 1}"
        while after < len(self.tokens) and self.tokens[after].norm in _TRAILING:
            after += 1
        self._done(after)
        call = self._reading("read.call", player)
        if self.state is None:
            raise self._ambiguous(at, call, self._reading("read.all_in_unknown", player), (f"{who} call", None))
        shove = self._all_in(player, None, at, at)
        if shove == f"{who} call":
            return shove
        total = shove.split()[-1]
        raise self._ambiguous(at, call, self._reading("read.all_in", player, amount=int(total)),
                              (f"{who} call", shove))

    def _all_in(self, player: FloorPlayer, amount: int | None, verb_at: int | None, amount_at: int) -> str:
        who = f"p{player.player + 1}"
        if self.state is None:
            if amount is None:
                raise self._error("all_in_unknown", verb_at)
            return f"{who} cbr {amount}"
        i = player.player
        total = self.state.bet[i] + self.state.stack[i]
        if amount is not None and amount != total:
            raise self._error("all_in_amount", amount_at, player=self._ref(player), total=total,
                              amount=amount)
        if total > max(self.state.bet):
            return f"{who} cbr {total}"
        return f"{who} call"


def parse_floor_action(text: str, players: Mapping[int, tuple[str | None, int]],
                       state: TableState | None = None) -> str:
    """Read one action as the floor says it (or as PHH) and return the line for :meth:`Hand.apply`.

    ``players`` maps seat numbers to ``(name or None, engine player: 0 = p1)`` (see :func:`floor_players`);
    ``state`` (a :class:`Hand`) resolves an all-in, a fold at the showdown and a fixed-limit raise.
    Raises :class:`FloorError` with the position, the reason and the accepted forms.
    """
    return _Parser(text, players, state).parse()
