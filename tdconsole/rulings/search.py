"""Text normalisation, bilingual synonyms and ranking for the rulings reference.

Pure Python (no Django): the same functions prepare the stored search fields and the query on every
database. On PostgreSQL the ranking is done by full-text search (see `selectors.py`) over a vector
of the very stems used here (`stemmed_field`, in the `simple` configuration, so PostgreSQL's own
Portuguese and English stemmers never split what `stem` joins); on SQLite `rank_documents` scores in
Python with the formula PostgreSQL's `ts_rank` uses for OR queries, so both backends rank alike.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

# Weights of the four document fields, as PostgreSQL's default {D, C, B, A} = {0.1, 0.2, 0.4, 1.0}.
WEIGHTS: Mapping[str, float] = {"A": 1.0, "B": 0.4, "C": 0.2, "D": 0.1}
CONCEPT_PREFIX = "zq"

# Words that carry no meaning for a floor question, in both languages (already without accents). 'Player'
# is in nearly every question and every entry: left in, it ranks the entries that say it most.
STOPWORDS = frozenset(
    """
    a o as os um uma uns umas de do da dos das no na nos nas em e ou que se ao aos pelo pela pelos pelas por
    para com sem como quando qual quais quem onde porque pois mas mais menos ja nao sim ele ela eles elas
    isso isto esse essa este esta eu voce meu minha seu sua tem ter teve sao foi ser esta estao vai vou
    pode posso devo deve the an of to in on at for by with without is are was were be been it its this that
    these those and or but if then than what which who whom when where why how do does did can could
    should must may might will would i you he she we they my your his her our their me him us them there
    has have had not no yes so too very just also any some all each every from into over under about
    after before again
    jogador jogadora jogadores player players
    """.split()
)

# Concept groups: every phrase in a group means the same thing on the floor, in either language.
# Phrases are written normalised (lower case, no accents, spaces between words).
CONCEPTS: Mapping[str, Sequence[str]] = {
    "allin": ["all in", "allin", "all ins", "allins", "shove", "shoves", "shoved", "shovar", "shovou", "shova",
              "jam", "jammed", "tapis", "push all"],
    "sidepot": ["side pot", "side pots", "sidepot", "sidepots", "pote paralelo", "potes paralelos", "pote lateral",
                "potes laterais", "pote secundario", "potes secundarios"],
    "mainpot": ["main pot", "pote principal"],
    "reopen": ["reopen", "reopens", "reopened", "reopening", "re open", "re opens", "re opening", "reabre",
               "reabrir", "reabriu", "reabertura", "reabrem", "reabriria"],
    "minraise": ["min raise", "minraise", "minimum raise", "aumento minimo", "raise minimo", "minimo aumento",
                 "aumento minimo permitido"],
    "raise": ["raise", "raises", "raised", "raising", "aumento", "aumentos", "aumentar", "aumentou", "aumenta",
              "reaumento", "reaumentar", "re raise", "reraise", "3bet", "3 bet"],
    "call": ["call", "calls", "called", "calling", "pagar", "pagou", "pago", "paga", "chamada", "chamadas"],
    "muck": ["muck", "mucks", "mucked", "mucking", "descartar", "descartou", "descarta", "descarte", "mucar",
             "mucou"],
    "showfirst": ["show first", "shows first", "showing first", "mostra primeiro", "mostrar primeiro",
                  "mostrar antes", "order of show", "ordem de mostrar", "ordem do showdown", "showdown order"],
    "deadbutton": ["dead button", "button morto", "botao morto", "dead small blind"],
    "bba": ["bba", "big blind ante", "ante do big blind", "ante no big blind"],
    "headsup": ["heads up", "headsup", "mano a mano", "dois jogadores", "two players", "two handed"],
    "oddchip": ["odd chip", "odd chips", "ficha impar", "fichas impares", "ficha que sobra", "ficha sobrando",
                "chip left over", "leftover chip"],
    "split": ["split pot", "split pots", "pote dividido", "potes divididos", "chop", "chopped", "split",
              "dividir", "divide", "dividido", "dividem", "empate", "empatar", "empatou", "tie", "tied", "ties"],
    "colourup": ["colour up", "color up", "colour ups", "color ups", "colorup", "colourup", "troca de fichas",
                 "trocar fichas", "trocar as fichas"],
    "chiprace": ["chip race", "corrida de fichas", "race off", "raced off"],
    "h4h": ["hand for hand", "mao a mao", "h4h"],
    "bubble": ["bolha", "bubble"],
    "itm": ["itm", "in the money", "premiacao", "no dinheiro"],
    "reentry": ["re entry", "re entries", "reentry", "reentrada", "reentradas", "reentrar"],
    "latereg": ["late registration", "late reg", "inscricao tardia", "registro tardio", "inscricao atrasada"],
    "stringbet": ["string bet", "string bets", "string raise", "aposta picada", "varias viagens", "duas viagens",
                  "two trips", "two motions"],
    "overchip": ["overchip", "overchips", "oversized chip", "over chip", "ficha maior", "ficha grande",
                 "single chip", "uma ficha"],
    "uncalled": ["uncalled", "nao paga", "nao pago", "ninguem pagou", "nobody called", "devolvida", "devolvido",
                 "devolver", "returned", "gets back", "comes back"],
    "outofturn": ["out of turn", "fora da vez", "antes da vez", "oot"],
    "cashgame": ["cash game", "cash games", "ring game", "cash"],
    "potlimit": ["pot limit", "plo"],
    "nolimit": ["no limit", "nlhe", "sem limite"],
    "fixedlimit": ["fixed limit", "limite fixo", "limit hold em", "lhe"],
    "breaktable": ["break a table", "breaking a table", "table breaks", "table break", "broken table",
                   "quebra de mesa", "quebrar mesa", "quebrar a mesa", "mesa quebrada", "quebra a mesa"],
    "balance": ["balance", "balancing", "balanced", "balancear", "balanceamento", "balancear as mesas",
                "equilibrar"],
    "kicker": ["kicker", "kickers"],
    "cardsspeak": ["cards speak", "cartas falam", "as cartas falam"],
    "runittwice": ["run it twice", "running it twice", "rodar duas vezes", "rodar 2 vezes"],
    "tablestakes": ["table stakes"],
    "undercall": ["undercall", "undercalls", "under call", "chamada menor", "pagou menos"],
    "finaltable": ["final table", "mesa final"],
    "chipsbehind": ["chip behind", "chips behind", "hidden chip", "ficha escondida", "fichas escondidas"],
    "playboard": ["play the board", "playing the board", "plays the board", "jogar a mesa", "joga a mesa"],
    "seatdraw": ["seat draw", "wrong seat", "lugar errado", "cadeira errada", "sorteio de lugares"],
    # Words said and chips pushed that disagree: the declaration question, not the calling one.
    "wordchips": ["raise chips", "fichas de aumento", "fichas de raise", "fichas do aumento", "chips for a raise",
                  "fala e fichas", "fala e as fichas", "word and chips", "words and chips", "declaracao verbal",
                  "verbal declaration", "fala clara", "clear verbal", "verbal"],
    "justnumber": ["so o numero", "so um numero", "just a number", "only a number", "says a number",
                   "said a number", "disse um numero", "falou um numero"],
    "tinychip": ["ficha pequena", "ficha minuscula", "tiny chip", "small chip", "uma ficha de 500", "one 500 chip",
                 "a 500 chip", "ficha de 500", "fichinha"],
    "underraise": ["less than half", "menos da metade", "half the minimum", "metade do minimo", "underraise",
                   "under raise", "aumento incompleto", "50 por cento", "cinquenta por cento"],
    "stalling": ["stalling", "stall", "stalls", "on purpose", "de proposito", "enrolando", "enrolar", "enrolacao",
                 "enrola", "embromando", "embromar"],
    "language": ["idioma", "lingua", "language", "languages", "english only", "only english", "so ingles",
                 "outra lingua", "foreign language", "falar espanhol", "speak spanish", "falar ingles"],
    "rebuy": ["rebuy", "rebuys", "re buy", "re buys", "recompra", "recompras", "recomprar", "add on", "add ons",
              "addon", "addons"],
    "device": ["celular", "celulares", "telefone", "phone", "phones", "cell phone", "cellphone", "mobile",
               "smartphone", "fone de ouvido", "fones de ouvido", "headphones", "headphone", "earphones",
               "electronic device", "electronic devices", "aparelho eletronico", "aparelhos eletronicos"],
    "asktosee": ["pedir para ver", "pedir pra ver", "pediu para ver", "pediu pra ver", "ask to see", "asked to see",
                 "asks to see", "see a called hand", "see the called hand", "ver a mao de quem pagou",
                 "ver as cartas de quem pagou", "paguei para ver", "paid to see", "direito de ver"],
    "absent": ["absent", "away from the table", "not at his seat", "ausente", "fora da mesa", "banheiro",
               "restroom"],
}


def strip_accents(text: str) -> str:
    """Drop diacritics: 'reabertura é' -> 'reabertura e'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_NON_WORD = re.compile(r"[^a-z0-9]+")


def normalise(text: str) -> str:
    """Lower-case, accent-free text with single spaces between word tokens."""
    return " ".join(_NON_WORD.sub(" ", strip_accents(text).lower()).split())


def _concept_token(name: str) -> str:
    return f"{CONCEPT_PREFIX}{name}"


# Longest phrases first so "side pot" wins over a one-word match inside it.
_PHRASES: list[tuple[tuple[str, ...], str]] = sorted(
    ((tuple(phrase.split()), _concept_token(name)) for name, phrases in CONCEPTS.items() for phrase in phrases),
    key=lambda item: -len(item[0]),
)
_MAX_PHRASE = max(len(words) for words, _ in _PHRASES)
_PHRASE_INDEX: dict[tuple[str, ...], str] = {}
for _words, _token in _PHRASES:
    _PHRASE_INDEX.setdefault(_words, _token)


def find_concepts(words: Sequence[str]) -> list[tuple[int, int, str]]:
    """Return (start, end, concept token) spans, longest match first, without overlaps."""
    spans: list[tuple[int, int, str]] = []
    i = 0
    while i < len(words):
        for size in range(min(_MAX_PHRASE, len(words) - i), 0, -1):
            token = _PHRASE_INDEX.get(tuple(words[i : i + size]))
            if token:
                spans.append((i, i + size, token))
                i += size
                break
        else:
            i += 1
    return spans


def document_text(text: str) -> str:
    """Prepare stored text: normalised words plus the concept tokens they contain."""
    words = normalise(text).split()
    concepts = [token for _, _, token in find_concepts(words)]
    return " ".join(words + concepts)


def query_terms(query: str) -> list[str]:
    """Turn a question into search terms: concept tokens for known phrases, other words minus stopwords."""
    words = normalise(query).split()
    terms: list[str] = []
    spans = find_concepts(words)
    consumed = {i for start, end, _ in spans for i in range(start, end)}
    for _, _, token in spans:
        terms.append(token)
    for i, word in enumerate(words):
        if i in consumed or word in STOPWORDS or len(word) < 2:
            continue
        terms.append(word)
    seen: set[str] = set()
    unique = []
    for term in terms:
        if term not in seen:
            seen.add(term)
            unique.append(term)
    return unique


def stem(token: str) -> str:
    """A crude language-neutral stem: concept tokens stay whole, words keep their first five letters."""
    if token.startswith(CONCEPT_PREFIX):
        return token
    if len(token) > 3 and token.endswith("s"):
        token = token[:-1]
    return token[:5]


@dataclass(frozen=True)
class SearchDocument:
    """One entry's stored search fields, by weight class A (strongest) to D."""

    key: str
    fields: Mapping[str, str]

    def positions(self) -> list[tuple[str, float]]:
        """Every stemmed token with the weight of its field, in document order."""
        out: list[tuple[str, float]] = []
        for weight in ("A", "B", "C", "D"):
            for token in self.fields.get(weight, "").split():
                if token in STOPWORDS:
                    continue
                out.append((stem(token), WEIGHTS[weight]))
        return out

    def weights_by_stem(self) -> Mapping[str, tuple[float, ...]]:
        """For each stem, the weights of its occurrences in document order (cached per text)."""
        return _weights_by_stem(*(self.fields.get(w, "") for w in ("A", "B", "C", "D")))


@lru_cache(maxsize=512)
def _weights_by_stem(a: str, b: str, c: str, d: str) -> Mapping[str, tuple[float, ...]]:
    grouped: dict[str, list[float]] = {}
    for token, weight in SearchDocument("", {"A": a, "B": b, "C": c, "D": d}).positions():
        grouped.setdefault(token, []).append(weight)
    return {token: tuple(weights) for token, weights in grouped.items()}


def _rank_term(weights: Sequence[float]) -> float:
    """ts_rank's per-term score for OR queries (calc_rank_or in PostgreSQL's tsrank.c)."""
    if not weights:
        return 0.0
    resj = 0.0
    wjm = -1.0
    jm = 0
    for j, wpos in enumerate(weights):
        resj += wpos / ((j + 1) * (j + 1))
        if wpos > wjm:
            wjm = wpos
            jm = j
    return (wjm + resj - wjm / ((jm + 1) * (jm + 1))) / 1.64493406685


def query_stems(query: str) -> list[str]:
    """The stems a question is searched by, each once (PostgreSQL's tsquery keeps each operand once too)."""
    return list(dict.fromkeys(stem(term) for term in query_terms(query)))


def stemmed_field(text: str) -> str:
    """A stored field as the stems it is indexed by, stopwords left out (what PostgreSQL indexes)."""
    return " ".join(stem(token) for token in text.split() if token not in STOPWORDS)


def rank_documents(query: str, documents: Iterable[SearchDocument]) -> list[tuple[str, float]]:
    """Score documents for a query, best first; documents that match nothing are left out."""
    terms = query_stems(query)
    if not terms:
        return []
    results = []
    for doc in documents:
        by_stem = doc.weights_by_stem()
        score = sum(_rank_term(by_stem.get(term, ())) for term in terms) / len(terms)
        if score > 0:
            results.append((doc.key, score))
    results.sort(key=lambda item: (-item[1], item[0]))
    return results
