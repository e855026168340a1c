"""Bilingual (English / Brazilian Portuguese) text tables for rulings.

Every sentence here was written for this project. Keys are stable; the values are
``str.format`` templates. ``RULES`` holds the rule citation for each situation in one place so
a tournament director can adjust the numbering to the edition the house uses.
"""

from __future__ import annotations

from typing import Any

LANGS = ("en", "pt-br")

# Rule citations: Poker TDA numbering (2022/2024 editions: 12 cards speak, 13 tabling cards,
# 16 face up for all-ins, 17 showdown order, 20 odd chips, 21 side pots, 43 raise amounts,
# 47 re-opening the bet, 47-B the fixed-limit all-in of at least half a bet that re-opens it, 53 action
# out of turn); the WSOP Live Action Rules (cash games) where the house reference texts cite them, named
# with their edition because the WSOP Tournament Rules are numbered separately. The
# reference texts' numbers are those of the 2026 edition, the current one: 149 showdown order (in
# no-limit, betting over before the river, the all-in hand is turned first), 154 a big blind short of
# chips (all-in for what he has, the others still face the full blind), 175 raise sizes (no minimum for
# an all-in), 176 the raise over a short all-in (all-in amount plus the last full raise). The rest are
# table-stakes and dealing principles, named rather than numbered.
RULES: dict[str, str | None] = {
    "raise_amounts": "TDA 43",
    "reopening": "TDA 47",
    "limit_reopening": "TDA 47-B",
    "face_up_all_in": "TDA 16",
    "showdown_order": "TDA 17",
    "cash_all_in_show": "WSOP Live Action 149 (2026)",
    "odd_chips": "TDA 20",
    "side_pots": "TDA 21",
    "out_of_turn": "TDA 53",
    "all_in_any_amount": "WSOP Live Action 175 (2026)",
    "short_all_in_raise": "WSOP Live Action 176 (2026)",
    "short_blind": "WSOP Live Action 154 (2026)",
    "bba": "TDA BBA",
    "table_stakes": "Table stakes",
    "cards_speak": "TDA 12",
    "muck": "TDA 13",
    "dealing": "Dealing order",
    "raise_cap": "Limit raise cap",
    "uncalled": "Uncalled bet",
    "blinds": "Blinds and antes",
    "heads_up": "Heads-up blinds",
    "pots": "Pots and side pots",
    "last_player": "Last live hand wins",
    "push": "Pots pushed",
    "facing_bet": "Facing a bet",
}

# Named (unnumbered) rules in Portuguese; numbered citations read the same in both languages.
RULE_NAMES_PT: dict[str, str] = {
    "TDA BBA": "TDA big blind ante",
    "Table stakes": "Table stakes (só valem as fichas na mesa)",
    "Dealing order": "Ordem de distribuição",
    "Limit raise cap": "Limite de aumentos no limit",
    "Uncalled bet": "Aposta não paga",
    "Blinds and antes": "Blinds e antes",
    "Heads-up blinds": "Blinds no heads-up",
    "Pots and side pots": "Potes e potes paralelos",
    "Last live hand wins": "Última mão viva ganha",
    "Pots pushed": "Pagamento dos potes",
    "Facing a bet": "Diante de uma aposta",
}


def rule_label(rule: str | None, lang: str) -> str | None:
    """A rule citation in the chosen language (numbers stay as they are)."""
    if rule is None or norm_lang(lang) != "pt-br":
        return rule
    return RULE_NAMES_PT.get(rule, rule)


T: dict[str, dict[str, str]] = {
    # --- errors -------------------------------------------------------------------------
    "err.not_your_turn": {
        "en": "It is {expected}'s turn to act, not {player}'s.",
        "pt-br": "A vez de agir é de {expected}, não de {player}.",
    },
    "err.not_your_turn.remedy": {
        "en": "Action out of turn: it is not binding if the action before it changes; {expected} acts first.",
        "pt-br": "Ação fora de vez: ela não vale se a ação anterior mudar; {expected} age primeiro.",
    },
    "err.betting_closed": {
        "en": "{player} cannot act: the betting round is over and the dealer must deal or go to showdown.",
        "pt-br": "{player} não pode agir: a rodada de apostas acabou e o dealer deve distribuir ou ir ao showdown.",
    },
    "err.hand_over": {
        "en": "The hand is already over; no further action is possible.",
        "pt-br": "A mão já terminou; não cabe mais nenhuma ação.",
    },
    "err.bet_exceeds_stack": {
        "en": "{player} bets to {amount} but has only {limit} in total (table stakes).",
        "pt-br": "{player} aposta até {amount}, mas só tem {limit} no total (table stakes).",
    },
    "err.bet_exceeds_stack.remedy": {
        "en": "Only the chips in front of the player play: the bet stands as all-in for {limit}.",
        "pt-br": "Só valem as fichas à frente do jogador: a aposta vale como all-in de {limit}.",
    },
    "err.below_minimum_bet": {
        "en": "A bet to {amount} is below the minimum bet of {minimum}, and it is not all-in.",
        "pt-br": "Uma aposta de {amount} fica abaixo da aposta mínima de {minimum}, e não é all-in.",
    },
    "err.below_minimum_bet.remedy": {
        "en": "The player must bet at least {minimum} (or go all-in).",
        "pt-br": "O jogador deve apostar pelo menos {minimum} (ou ir all-in).",
    },
    "err.below_minimum_raise": {
        "en": "A raise to {amount} is below the minimum raise-to of {minimum} (the last full raise was {full}).",
        "pt-br": "Um aumento para {amount} fica abaixo do mínimo de {minimum} (o último aumento completo foi {full}).",
    },
    "err.below_minimum_raise.remedy": {
        "en": "The raise is made up to the minimum of {minimum}, unless the player goes all-in for less.",
        "pt-br": "O aumento é completado até o mínimo de {minimum}, salvo se o jogador for all-in por menos.",
    },
    "err.raise_not_above_bet": {
        "en": "{amount} does not go above the current bet of {current}: that is a call, not a raise.",
        "pt-br": "{amount} não passa da aposta atual de {current}: isso é um call, não um aumento.",
    },
    "err.raise_not_above_bet.remedy": {
        "en": "Record it as a call ('cc').",
        "pt-br": "Registre como call ('cc').",
    },
    "err.raise_not_reopened": {
        "en": "{player} already acted and faces only {faced} more, less than a full raise of {full}: "
        "the betting is not reopened for {player}.",
        "pt-br": "{player} já agiu e enfrenta só {faced} a mais, menos que um aumento completo de {full}: "
        "a aposta não reabre para {player}.",
    },
    "err.raise_not_reopened.remedy": {
        "en": "{player} may only call or fold.",
        "pt-br": "{player} só pode pagar ou desistir.",
    },
    "err.no_one_to_raise": {
        "en": "Every other player is all-in, so there is nobody left to raise against.",
        "pt-br": "Todos os outros jogadores estão all-in; não há contra quem aumentar.",
    },
    "err.no_one_to_raise.remedy": {
        "en": "Record it as a call ('cc').",
        "pt-br": "Registre como call ('cc').",
    },
    "err.cannot_raise_short": {
        "en": "{player} does not have more chips than the call, so the only way in is to call all-in.",
        "pt-br": "{player} não tem mais fichas que o valor do call; só pode pagar all-in.",
    },
    "err.raise_cap_reached": {
        "en": "The round already has a bet and {cap} raises: the cap is reached.",
        "pt-br": "A rodada já tem uma aposta e {cap} aumentos: o limite foi atingido.",
    },
    "err.check_facing_bet": {
        "en": "{player} cannot check: there is a bet to face ({amount} to call).",
        "pt-br": "{player} não pode dar check: há uma aposta a enfrentar ({amount} para pagar).",
    },
    "err.check_facing_bet.remedy": {
        "en": "{player} must fold, call {amount} or raise.",
        "pt-br": "{player} deve desistir, pagar {amount} ou aumentar.",
    },
    "err.call_without_bet": {
        "en": "{player} has nothing to call; the action is a check.",
        "pt-br": "{player} não tem nada a pagar; a ação é um check.",
    },
    "err.call_without_bet.remedy": {
        "en": "Record it as a check.",
        "pt-br": "Registre como check.",
    },
    "err.wrong_limit_amount": {
        "en": "In fixed limit the bet or raise must go to exactly {expected}, not {amount}.",
        "pt-br": "No fixed limit a aposta ou o aumento deve ir exatamente a {expected}, não a {amount}.",
    },
    "err.board_before_betting_closed": {
        "en": "The board was dealt while {expected} still had to act.",
        "pt-br": "A mesa foi aberta enquanto {expected} ainda tinha de agir.",
    },
    "err.board_before_betting_closed.remedy": {
        "en": "Premature card: it is taken back and the betting round is completed first.",
        "pt-br": "Carta prematura: ela é recolhida e a rodada de apostas termina primeiro.",
    },
    "err.wrong_board_count": {
        "en": "The {street} is {expected} card(s), but {count} were dealt.",
        "pt-br": "O {street} tem {expected} carta(s), mas foram abertas {count}.",
    },
    "err.board_complete": {
        "en": "The board already has five cards.",
        "pt-br": "A mesa já tem cinco cartas.",
    },
    "err.duplicate_card": {
        "en": "The card {card} has already been dealt in this hand.",
        "pt-br": "A carta {card} já saiu nesta mão.",
    },
    "err.duplicate_card.remedy": {
        "en": "A deck with a repeated card is a misdeal problem: check the deck and the record.",
        "pt-br": "Baralho com carta repetida é caso de misdeal: confira o baralho e o registro.",
    },
    "err.show_before_showdown": {
        "en": "{player} shows or mucks before the betting is over.",
        "pt-br": "{player} mostra ou descarta antes do fim das apostas.",
    },
    "err.folded_player_cannot_show": {
        "en": "{player} has folded and is no longer in the hand.",
        "pt-br": "{player} já desistiu e não está mais na mão.",
    },
    "err.shown_cards_differ": {
        "en": "{player} shows {shown}, but was dealt {dealt}.",
        "pt-br": "{player} mostra {shown}, mas recebeu {dealt}.",
    },
    "err.player_folded": {
        "en": "{player} has already folded.",
        "pt-br": "{player} já desistiu.",
    },
    "err.player_all_in": {
        "en": "{player} is all-in and has no further decisions.",
        "pt-br": "{player} está all-in e não tem mais decisões.",
    },
    "err.malformed": {
        "en": "{detail}",
        "pt-br": "{detail}",
    },
    # --- option reasons -------------------------------------------------------------------
    "opt.unacted": {
        "en": "{player} has not acted yet in this round, so every option stays open.",
        "pt-br": "{player} ainda não agiu nesta rodada, então todas as opções continuam abertas.",
    },
    "opt.unacted_short": {
        "en": "{player} has not acted yet, so a raise is allowed even after a short all-in; "
        "the minimum raise-to is the all-in amount {current} plus the last full raise {full} = {min_to}.",
        "pt-br": "{player} ainda não agiu, então pode aumentar mesmo depois de um all-in curto; "
        "o mínimo é o valor do all-in {current} mais o último aumento completo {full} = {min_to}.",
    },
    "opt.reopened": {
        "en": "{player} already acted but now faces {faced} more, at least a full raise of {full}: "
        "the betting is reopened for {player}.",
        "pt-br": "{player} já agiu, mas agora enfrenta {faced} a mais, pelo menos um aumento completo de {full}: "
        "a aposta reabre para {player}.",
    },
    "opt.not_reopened": {
        "en": "{player} already acted and faces only {faced} more, less than a full raise of {full}: "
        "{player} may call or fold but not raise.",
        "pt-br": "{player} já agiu e enfrenta só {faced} a mais, menos que um aumento completo de {full}: "
        "{player} pode pagar ou desistir, mas não aumentar.",
    },
    "opt.min_raise": {
        "en": "The minimum raise-to is {min_to}: the current bet {current} plus the largest full bet or raise "
        "of the round, {full}.",
        "pt-br": "O aumento mínimo vai a {min_to}: a aposta atual {current} mais a maior aposta ou aumento "
        "completo da rodada, {full}.",
    },
    "opt.open_bet": {
        "en": "Nobody has bet: {player} may check or bet at least {min_to}.",
        "pt-br": "Ninguém apostou: {player} pode dar check ou apostar pelo menos {min_to}.",
    },
    "opt.short_stack": {
        "en": "{player} has no more chips than the amount to call, so calling all-in is the only way in.",
        "pt-br": "{player} não tem mais fichas que o valor do call; pagar all-in é a única forma de continuar.",
    },
    "opt.all_in_only_raise": {
        "en": "{player} cannot reach the minimum raise-to {min_to}, but an all-in is always allowed.",
        "pt-br": "{player} não alcança o aumento mínimo de {min_to}, mas o all-in é sempre permitido.",
    },
    "opt.others_all_in": {
        "en": "Every other player is all-in: {player} may call or fold, and a raise would have nobody to call it.",
        "pt-br": "Todos os outros estão all-in: {player} pode pagar ou desistir; um aumento não teria quem pagasse.",
    },
    "opt.cap": {
        "en": "The round already has a bet and {cap} raises: the cap is reached, so no more raises.",
        "pt-br": "A rodada já tem uma aposta e {cap} aumentos: o limite foi atingido, sem mais aumentos.",
    },
    "opt.limit_reopened": {
        "en": "{player} already acted, but an all-in of at least half a bet has reopened the betting in fixed "
        "limit: {player} may raise, and the only raise size is to {min_to}.",
        "pt-br": "{player} já agiu, mas um all-in de pelo menos meia aposta reabriu a aposta no fixed limit: "
        "{player} pode aumentar, e o único valor de aumento é para {min_to}.",
    },
    "opt.limit": {
        "en": "Fixed limit: the only raise size is to {min_to}.",
        "pt-br": "Fixed limit: o único valor de aumento é para {min_to}.",
    },
    # --- explanation steps ----------------------------------------------------------------
    "ex.posts": {
        "en": "Forced bets: {items}.",
        "pt-br": "Apostas obrigatórias: {items}.",
    },
    "ex.post_item.blind": {"en": "{player} posts {amount}", "pt-br": "{player} posta {amount}"},
    "ex.post_item.ante": {"en": "{player} antes {amount}", "pt-br": "{player} paga ante de {amount}"},
    "ex.short_blind": {
        "en": "{player} has only {amount} for the blind of {blind} and is all-in for it: from each opponent he can "
        "win only as much as he put in.",
        "pt-br": "{player} só tem {amount} para o blind de {blind} e fica all-in com isso: de cada adversário só "
        "pode ganhar o quanto ele mesmo colocou.",
    },
    "ex.short_ante": {
        "en": "{player} has only {amount} for the ante of {ante} and is all-in for it: from each opponent he can "
        "win only as much as he put in.",
        "pt-br": "{player} só tem {amount} para o ante de {ante} e fica all-in com isso: de cada adversário só "
        "pode ganhar o quanto ele mesmo colocou.",
    },
    "ex.blind_stands": {
        "en": "The blind of {blind} still stands although {player} could not post it in full: the others may fold, "
        "call {blind} or raise, and what they put in above {player}'s chips makes a side pot among them or comes "
        "back as uncalled.",
        "pt-br": "O blind de {blind} continua valendo, embora {player} não tenha conseguido postá-lo inteiro: os "
        "outros podem desistir, pagar {blind} ou aumentar, e o que puserem acima das fichas de {player} forma um "
        "pote paralelo entre eles ou volta como aposta não paga.",
    },
    "ex.bba_ante_only": {
        "en": "House rule: the big blind ante ({ante}) is paid before the blind; {player} has only {amount}, all of "
        "it for the ante, so he is all-in and can win only the pot the ante makes.",
        "pt-br": "Regra da casa: o ante do big blind ({ante}) é pago antes do blind; {player} só tem {amount}, tudo "
        "para o ante, então fica all-in e só pode ganhar o pote que o ante forma.",
    },
    "ex.bba_short": {
        "en": "Big blind ante with a short big blind: the blind ({blind}) is paid before the ante ({ante}).",
        "pt-br": "Big blind ante com big blind curto: o blind ({blind}) é pago antes do ante ({ante}).",
    },
    "ex.bba_short_ante_first": {
        "en": "House rule: the big blind's ante ({ante}) is paid before the blind ({blind}).",
        "pt-br": "Regra da casa: o ante do big blind ({ante}) é pago antes do blind ({blind}).",
    },
    "ex.heads_up": {
        "en": "Heads-up: {button} has the button and the small blind and acts first before the flop; "
        "{bb} is the big blind and acts first after the flop.",
        "pt-br": "Heads-up: {button} tem o botão e o small blind e age primeiro no pré-flop; "
        "{bb} é o big blind e age primeiro depois do flop.",
    },
    "ex.short_all_in": {
        "en": "{player} goes all-in to {amount}, only {increment} over {previous}: less than a full raise of "
        "{full}, so it does not reopen the betting for players who already acted.",
        "pt-br": "{player} vai all-in para {amount}, só {increment} acima de {previous}: menos que um aumento "
        "completo de {full}, então não reabre a aposta para quem já agiu.",
    },
    "ex.half_bet_all_in": {
        "en": "{player} goes all-in to {amount}: at least half a bet, so in fixed limit it counts as a full "
        "raise and reopens the betting.",
        "pt-br": "{player} vai all-in para {amount}: pelo menos meia aposta, então no fixed limit conta como "
        "aumento completo e reabre a aposta.",
    },
    "ex.uncalled": {
        "en": "{amount} of what {player} put in was matched by no other player and goes back to {player}; it is not "
        "part of any pot.",
        "pt-br": "{amount} do que {player} colocou não foi igualado por nenhum outro jogador e volta para {player}; "
        "não entra em nenhum pote.",
    },
    "ex.fold_win": {
        "en": "Everyone else folded: {player} wins without a showdown.",
        "pt-br": "Todos os outros desistiram: {player} ganha sem showdown.",
    },
    "ex.pot": {
        "en": "{name}: {amount}, contested by {eligible}.",
        "pt-br": "{name}: {amount}, disputado por {eligible}.",
    },
    "ex.pot.main": {"en": "Main pot", "pt-br": "Pote principal"},
    "ex.pot.side": {"en": "Side pot {n}", "pt-br": "Pote paralelo {n}"},
    "ex.side_pots": {
        "en": "An all-in player can win from each opponent only as much as he put in, so the chips above "
        "that level form separate pots, each awarded on its own.",
        "pt-br": "Quem está all-in só ganha de cada adversário o quanto ele mesmo colocou; as fichas acima "
        "desse nível formam potes separados, cada um pago por si.",
    },
    "ex.face_up": {
        "en": "A player is all-in and the betting is over: every hand still in is turned face up at once.",
        "pt-br": "Há jogador all-in e as apostas acabaram: todas as mãos que seguem na disputa são abertas.",
    },
    "ex.order_aggressor": {
        "en": "Showdown order: {player} made the last bet or raise of the final betting round and shows "
        "first; then clockwise: {order}.",
        "pt-br": "Ordem do showdown: {player} fez a última aposta ou aumento da última rodada e mostra "
        "primeiro; depois em sentido horário: {order}.",
    },
    "ex.order_first_left": {
        "en": "Showdown order: nobody bet in the final round, so the first player left of the button shows "
        "first: {order}.",
        "pt-br": "Ordem do showdown: ninguém apostou na última rodada, então mostra primeiro o primeiro "
        "jogador à esquerda do botão: {order}.",
    },
    "ex.cash_all_in_first": {
        "en": "Cash game, betting ended before the river with an all-in: the all-in hand is turned up first.",
        "pt-br": "Cash game com a aposta encerrada antes do river com all-in: a mão all-in é aberta primeiro.",
    },
    "ex.hand": {
        "en": "{player}: {category}, best five {cards}.",
        "pt-br": "{player}: {category}, cinco melhores {cards}.",
    },
    "ex.mucked": {
        "en": "{player} mucked without showing and cannot win any pot.",
        "pt-br": "{player} descartou sem mostrar e não pode ganhar nenhum pote.",
    },
    "ex.award_last_folded": {
        "en": "{name} ({amount}): only players who folded reached it; {player} folded last, when nobody else was "
        "left contesting it, and takes it.",
        "pt-br": "{name} ({amount}): só jogadores que desistiram chegaram a ele; {player} desistiu por último, quando "
        "ninguém mais o disputava, e o leva.",
    },
    "ex.award_single": {
        "en": "{name} ({amount}): {player} has the best hand among the eligible players and wins it.",
        "pt-br": "{name} ({amount}): {player} tem a melhor mão entre os que disputam e o leva.",
    },
    "ex.award_split": {
        "en": "{name} ({amount}): tie between {players}; split in units of {chip}: {awards}.",
        "pt-br": "{name} ({amount}): empate entre {players}; dividido em unidades de {chip}: {awards}.",
    },
    "ex.odd_chip": {
        "en": "{units} odd unit(s) of {chip} go one per winner starting left of the button: {players}.",
        "pt-br": "{units} unidade(s) que sobram de {chip} vão uma por vencedor a partir da esquerda do botão: "
        "{players}.",
    },
    "ex.finishing": {
        "en": "Finishing stacks: {stacks}.",
        "pt-br": "Stacks finais: {stacks}.",
    },
    "ex.in_progress": {
        "en": "The hand is not finished.",
        "pt-br": "A mão ainda não terminou.",
    },
    "ex.waiting_board": {
        "en": "The betting round is over; the dealer deals the next board card(s).",
        "pt-br": "A rodada de apostas acabou; o dealer abre a(s) próxima(s) carta(s) da mesa.",
    },
    "ex.waiting_show": {
        "en": "The showdown is waiting for {players} to show their cards.",
        "pt-br": "O showdown espera {players} mostrar(em) as cartas.",
    },
    "ex.error": {
        "en": "Action {index} ({action}) is not allowed: {message}",
        "pt-br": "A ação {index} ({action}) não é permitida: {message}",
    },
    "ex.remedy": {"en": "Remedy: {remedy}", "pt-br": "Solução: {remedy}"},
    "ex.to_act": {
        "en": "{player} to act: {reason}",
        "pt-br": "Vez de {player}: {reason}",
    },
    # --- words ------------------------------------------------------------------------------
    "street.0": {"en": "pre-flop", "pt-br": "pré-flop"},
    "street.1": {"en": "flop", "pt-br": "flop"},
    "street.2": {"en": "turn", "pt-br": "turn"},
    "street.3": {"en": "river", "pt-br": "river"},
    "and": {"en": "and", "pt-br": "e"},
    "status.complete": {"en": "Hand complete", "pt-br": "Mão encerrada"},
    "status.in_progress": {"en": "Hand in progress", "pt-br": "Mão em andamento"},
    "status.invalid": {"en": "Illegal action", "pt-br": "Ação irregular"},
    "label.pots": {"en": "Pots", "pt-br": "Potes"},
    "label.explanation": {"en": "Ruling", "pt-br": "Decisão"},
    "label.options": {"en": "Options", "pt-br": "Opções"},
    "label.fold": {"en": "fold", "pt-br": "desistir"},
    "label.check": {"en": "check", "pt-br": "check"},
    "label.call": {"en": "call {amount}", "pt-br": "pagar {amount}"},
    "label.raise": {"en": "raise to {min_to}-{max_to}", "pt-br": "aumentar para {min_to}-{max_to}"},
    "label.no_raise": {"en": "no raise", "pt-br": "sem aumento"},
    "label.uncalled": {"en": "Returned", "pt-br": "Devolvido"},
    "label.winners": {"en": "won by", "pt-br": "ganho por"},
    "label.finishing": {"en": "Finishing stacks", "pt-br": "Stacks finais"},
    "cat.straight_flush": {"en": "straight flush", "pt-br": "straight flush"},
    "cat.four_of_a_kind": {"en": "four of a kind", "pt-br": "quadra"},
    "cat.full_house": {"en": "full house", "pt-br": "full house"},
    "cat.flush": {"en": "flush", "pt-br": "flush"},
    "cat.straight": {"en": "straight", "pt-br": "sequência"},
    "cat.three_of_a_kind": {"en": "three of a kind", "pt-br": "trinca"},
    "cat.two_pair": {"en": "two pair", "pt-br": "dois pares"},
    "cat.pair": {"en": "pair", "pt-br": "par"},
    "cat.high_card": {"en": "high card", "pt-br": "carta alta"},
}


def norm_lang(lang: str | None) -> str:
    """Map 'pt', 'pt-BR', 'pt_br' ... to 'pt-br'; anything else to 'en'."""
    if lang == "en" or lang == "pt-br":
        return lang
    if lang and lang.lower().replace("_", "-").startswith("pt"):
        return "pt-br"
    return "en"


def chips(amount: int, lang: str) -> str:
    """Group thousands as people write them: 1,234,000 in English, 1.234.000 in Portuguese."""
    grouped = f"{amount:,}"
    if lang == "en":
        return grouped
    return grouped.replace(",", ".") if lang == "pt-br" or norm_lang(lang) == "pt-br" else grouped


def fill(template: str, lang: str, params: dict[str, Any]) -> str:
    """Fill a template in ``lang`` (already normalised) from ``params``, which it may change.

    Whole numbers are grouped as in :func:`chips`; a ``street.N`` word is translated.
    """
    pt = lang == "pt-br"
    for name, value in params.items():
        kind = type(value)
        if kind is int:
            params[name] = f"{value:,}".replace(",", ".") if pt else f"{value:,}"
        elif kind is str:
            if value.startswith("street.") and value in T:
                params[name] = T[value][lang]
        elif hasattr(value, "text"):  # a reason that tells itself in either language (phh.ActionLineError)
            params[name] = value.text(lang)
    return template.format_map(params)


def text(key: str, lang: str, **params: Any) -> str:
    """Look up a template in the chosen language and fill it in (whole numbers grouped)."""
    if lang != "en" and lang != "pt-br":
        lang = norm_lang(lang)
    template = T[key][lang]
    if not params:
        return template
    return fill(template, lang, params)


def with_rule(key: str, lang: str, rule_key: str | None, **params: Any) -> str:
    """A step of an explanation, ending with the rule it applies in brackets."""
    if lang != "en" and lang != "pt-br":
        lang = norm_lang(lang)
    template = T[key][lang]
    body = fill(template, lang, params) if params else template
    if not rule_key:
        return body
    rule = RULES.get(rule_key)
    if rule is None:
        return body
    if lang == "pt-br":
        rule = RULE_NAMES_PT.get(rule, rule)
    return f"{body} [{rule}]" if rule else body


def join_names(names: list[str], lang: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {text('and', lang)} " + names[-1]


# Citations for the next hand under the dead button (button.py), 2024 numbering: 32 dead button,
# 34-B the heads-up button (34 "Button in Heads-up" in 2019/2022), 10-A new players and players from
# broken tables dealt in anywhere except between the small blind and the button (9 in 2019; 8-A says
# the same for late registrants and re-entries).
RULES.update({
    "dead_button": "TDA 32",
    "heads_up_button": "TDA 34-B",
    "new_players": "TDA 10-A",
})


# Why a hand history cannot be read (phh.PHHError and the action-line reasons it wraps). The English is
# what str(error) has always said, which the command line prints; the Portuguese is what the floor reads.
# A placeholder may carry a conversion (``{value!r}``): the value as written in the file.
PHH_TEXTS: dict[str, dict[str, str]] = {
    # Where: "line 3, field 'min_bet': <why>".
    "where.line": {"en": "line {line}", "pt-br": "linha {line}"},
    "where.field": {"en": "field {field!r}", "pt-br": "campo {field!r}"},
    # The file and its fields.
    "toml": {"en": "not valid TOML ({detail})",
             "pt-br": "o arquivo não é um TOML válido ({detail})"},
    "missing": {"en": "required field is missing",
                "pt-br": "é obrigatório e não está no arquivo"},
    "chips.bool": {"en": "expected a whole number of chips",
                   "pt-br": "deveria ser um número inteiro de fichas"},
    "chips.negative": {"en": "chips cannot be negative",
                       "pt-br": "uma quantidade de fichas não pode ser negativa"},
    "chips.whole": {"en": "{value!r} is not a whole number of chips",
                    "pt-br": "{value!r} não é um número inteiro de fichas"},
    "array": {"en": "expected an array",
              "pt-br": "deveria ser uma lista entre colchetes"},
    "array.length": {"en": "has {entries} entries but starting_stacks has {count}",
                     "pt-br": "tem {entries} valores, mas starting_stacks tem {count}"},
    "variant": {"en": "variant {variant!r} is not supported (only NT and FT)",
                "pt-br": "a variante {variant!r} não é aceita (só NT e FT)"},
    "players.two": {"en": "a hand needs at least two players",
                    "pt-br": "uma mão precisa de pelo menos dois jogadores"},
    "positive": {"en": "must be positive",
                 "pt-br": "precisa ser maior que zero"},
    "bets.positive": {"en": "bet sizes must be positive",
                      "pt-br": "os valores de aposta precisam ser maiores que zero"},
    "actions.array": {"en": "expected an array of strings",
                      "pt-br": "deveria ser uma lista de ações entre aspas"},
    "action.string": {"en": "action {index} is not a string",
                      "pt-br": "a ação {index} não está entre aspas"},
    "action.line": {"en": "action {index} {item!r}: {reason}",
                    "pt-br": "ação {index} {item!r}: {reason}"},
    "players.names": {"en": "expected one name per player",
                      "pt-br": "deveria ter um nome para cada jogador"},
    "seats": {"en": "expected one seat number per player",
              "pt-br": "deveria ter um número de assento para cada jogador"},
    "seat_count": {"en": "expected the number of seats at the table",
                   "pt-br": "deveria ser o número de assentos da mesa"},
    "mode": {"en": "expected 'tournament' or 'cash'",
             "pt-br": "deveria ser 'tournament' (torneio) ou 'cash' (mesa de cash)"},
    "bba_order": {"en": "expected 'blind_first' or 'ante_first'",
                  "pt-br": "deveria ser 'blind_first' (blind primeiro) ou 'ante_first' (ante primeiro)"},
    # Why one action line is not PHH notation (the {reason} of "action.line").
    "act.empty": {"en": "empty action",
                  "pt-br": "a linha não tem ação"},
    "act.dh_shape": {"en": "expected 'd dh pN CARDS'",
                     "pt-br": "o formato é 'd dh pN CARTAS'"},
    "act.not_player": {"en": "{token!r} is not a player such as p1",
                       "pt-br": "{token!r} não é um jogador (como p1)"},
    "act.no_player": {"en": "there is no player {token}",
                      "pt-br": "não há jogador {token} nesta mão"},
    "act.card": {"en": "{card!r} is not a card",
                 "pt-br": "{card!r} não é uma carta"},
    "act.two_hole": {"en": "hold'em deals exactly two hole cards",
                     "pt-br": "no hold'em cada jogador recebe exatamente duas cartas"},
    "act.db_shape": {"en": "expected 'd db CARDS'",
                     "pt-br": "o formato é 'd db CARTAS'"},
    "act.board_known": {"en": "board cards must be known",
                        "pt-br": "as cartas do board precisam ser conhecidas"},
    "act.dealer": {"en": "a dealer action is 'd dh' or 'd db'",
                   "pt-br": "a ação do dealer é 'd dh' ou 'd db'"},
    "act.head": {"en": "{head!r} is neither 'd' nor a player such as p1",
                 "pt-br": "{head!r} não é 'd' (o dealer) nem um jogador (como p1)"},
    "act.no_verb": {"en": "missing the action after the player",
                    "pt-br": "falta a ação depois do jogador"},
    "act.no_argument": {"en": "'{verb}' takes no argument",
                        "pt-br": "'{verb}' não leva nenhum valor depois"},
    "act.cbr_shape": {"en": "expected 'pN cbr AMOUNT'",
                      "pt-br": "o formato é 'pN cbr VALOR'"},
    "act.amount": {"en": "{amount!r} is not a whole number of chips",
                   "pt-br": "{amount!r} não é um número inteiro de fichas"},
    "act.sm_shape": {"en": "expected 'pN sm CARDS' or 'pN sm'",
                     "pt-br": "o formato é 'pN sm CARTAS' ou 'pN sm'"},
    "act.shown": {"en": "a shown hand is two known cards",
                  "pt-br": "a mão mostrada tem de ser duas cartas conhecidas"},
    "act.verb": {"en": "{verb!r} is not a PHH action (f, cc, cbr, sm)",
                 "pt-br": "{verb!r} não é uma ação PHH (f, cc, cbr, sm)"},
}
