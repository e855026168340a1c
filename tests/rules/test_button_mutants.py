"""The dead button at the edges mutation testing showed no other test pinned down (docs/mutation-testing.md)."""

import pytest

from tdconsole.rules import ButtonError, first_hand, next_hand


def refusal(call, *args, **kwargs):
    with pytest.raises(ButtonError) as info:
        call(*args, **kwargs)
    return info.value


def test_the_rule_of_a_step_is_named_in_portuguese_in_the_portuguese_explanation():
    hand = first_hand([1, 2, 3, 4], button=1, seat_count=6, big_blind_ante=True)
    assert hand.explanation("pt-br")[-1] == (
        "Big blind ante: a cadeira 3 paga o ante da mesa inteira junto com o big blind. [TDA big blind ante]"
    )
    assert hand.explanation()[-1] == (
        "Big blind ante: seat 3 pays the ante for the whole table along with the big blind. [TDA BBA]"
    )


def test_a_refusal_says_its_code_and_its_english_sentence_and_groups_thousands_in_each_language():
    error = refusal(first_hand, [1, 2], 1500, seat_count=1200)
    assert str(error) == "seat_range: Seat 1,500 does not exist at a table of 1,200 seats."
    assert error.message("pt-br") == "A cadeira 1.500 não existe numa mesa de 1.200 cadeiras."


def test_no_small_blind_recorded_and_the_seat_before_the_big_blind_taken_is_refused():
    # Seat 2, just before the big blind (3), was occupied: the small blind cannot have been dead there.
    error = refusal(next_hand, [1, 2, 3, 4, 5, 6], 1, None, 3, seat_count=6)
    assert error.code == "no_small_blind_seat"
    assert str(error) == ("no_small_blind_seat: No small blind was recorded, but no empty seat lies between the "
                          "button (1) and the big blind (3) where it could have been.")


def test_no_small_blind_recorded_and_the_button_just_before_the_big_blind_is_refused():
    error = refusal(next_hand, [3, 4, 5], 2, None, 3, seat_count=6)  # a dead button on 2, the big blind on 3
    assert error.code == "no_small_blind_seat"
    assert error.message("en").endswith("between the button (2) and the big blind (3) where it could have been.")


def test_no_small_blind_recorded_takes_the_empty_seat_before_the_big_blind():
    hand = next_hand([1, 3, 4, 5], 1, None, 3, seat_count=6)
    assert (hand.button, hand.small_blind, hand.big_blind, hand.dead_button) == (2, 3, 4, True)


# --------------------------------------------------------------------------- whole answers, both languages

NINE = range(1, 10)

# name: (function, positional arguments, keyword arguments,
#        (button, small_blind, big_blind, small_blind_seat, dead_button, heads_up, dealt_in, waiting, seated,
#         seat_count),
#        rules cited, the explanation in English, the explanation in Portuguese)
SCENARIOS = {
    'first heads-up with a big blind ante': (
        first_hand, ([3, 8], 8), {'seat_count': 9, 'big_blind_ante': True},
        (8, 8, 3, 8, False, True, (3, 8), (), (3, 8), 9),
        ('TDA 34-B', 'TDA BBA'),
        [
            'First hand, heads-up: seat 8 has the button and posts the small blind; seat 3 posts the big blind. [TDA '
            '34-B]',
            'Big blind ante: seat 3 pays the ante for the whole table along with the big blind. [TDA BBA]',
        ],
        [
            'Primeira mão, heads-up: a cadeira 8 fica com o button e paga o small blind; a cadeira 3 paga o big '
            'blind. [TDA 34-B]',
            'Big blind ante: a cadeira 3 paga o ante da mesa inteira junto com o big blind. [TDA big blind ante]',
        ],
    ),
    'first hand with a big blind ante': (
        first_hand, ([1, 2, 4, 7], 7), {'seat_count': 9, 'big_blind_ante': True},
        (7, 1, 2, 1, False, False, (1, 2, 4, 7), (), (1, 2, 4, 7), 9),
        ('TDA BBA',),
        [
            'First hand at the table: the button is on seat 7, seat 1 posts the small blind and seat 2 the big blind.',
            'Big blind ante: seat 2 pays the ante for the whole table along with the big blind. [TDA BBA]',
        ],
        [
            'Primeira mão da mesa: o button está na cadeira 7, a cadeira 1 paga o small blind e a cadeira 2 o big '
            'blind.',
            'Big blind ante: a cadeira 2 paga o ante da mesa inteira junto com o big blind. [TDA big blind ante]',
        ],
    ),
    'first hand of three': (
        first_hand, ([2, 5, 6], 6), {'seat_count': 6},
        (6, 2, 5, 2, False, False, (2, 5, 6), (), (2, 5, 6), 6),
        (),
        [
            'First hand at the table: the button is on seat 6, seat 2 posts the small blind and seat 5 the big blind.',
        ],
        [
            'Primeira mão da mesa: o button está na cadeira 6, a cadeira 2 paga o small blind e a cadeira 5 o big '
            'blind.',
        ],
    ),
    'a full table': (
        next_hand, (NINE, 4, 5, 6), {'seat_count': 9},
        (5, 6, 7, 6, False, False, (6, 7, 8, 9, 1, 2, 3, 4, 5), (), (1, 2, 3, 4, 5, 6, 7, 8, 9), 9),
        ('TDA 32',),
        [
            "Seat 7 posts the big blind: it moves on to the next player after seat 6, last hand's big blind, so "
            'nobody posts it twice in a row and nobody skips it. [TDA 32]',
            "Seat 6, last hand's big blind, posts the small blind. [TDA 32]",
            "The button moves to seat 5, last hand's small blind. [TDA 32]",
        ],
        [
            'A cadeira 7 paga o big blind: ele avança para o próximo jogador depois da cadeira 6, o big blind da '
            'última mão; assim ninguém o paga duas vezes seguidas nem pula a vez. [TDA 32]',
            'A cadeira 6, big blind da última mão, paga o small blind. [TDA 32]',
            'O button passa para a cadeira 5, o small blind da última mão. [TDA 32]',
        ],
    ),
    'the big blind busts, big blind ante': (
        next_hand, (NINE, 1, 2, 3), {'busted': [3], 'seat_count': 9, 'big_blind_ante': True},
        (2, None, 4, 3, False, False, (4, 5, 6, 7, 8, 9, 1, 2), (), (1, 2, 4, 5, 6, 7, 8, 9), 9),
        ('TDA 32', 'TDA BBA'),
        [
            'Eliminated in the last hand: seat 3.',
            "Seat 4 posts the big blind: it moves on to the next player after seat 3, last hand's big blind, so "
            'nobody posts it twice in a row and nobody skips it. [TDA 32]',
            "Seat 3, where last hand's big blind sat, is empty now: there is no small blind this hand. [TDA 32]",
            "The button moves to seat 2, last hand's small blind. [TDA 32]",
            'Big blind ante: seat 4 pays the ante for the whole table along with the big blind; the missing small '
            'blind changes nothing. [TDA BBA]',
        ],
        [
            'Eliminado na última mão: cadeira 3.',
            'A cadeira 4 paga o big blind: ele avança para o próximo jogador depois da cadeira 3, o big blind da '
            'última mão; assim ninguém o paga duas vezes seguidas nem pula a vez. [TDA 32]',
            'A cadeira 3, onde estava o big blind da última mão, agora está vazia: não há small blind nesta mão. '
            '[TDA 32]',
            'O button passa para a cadeira 2, o small blind da última mão. [TDA 32]',
            'Big blind ante: a cadeira 4 paga o ante da mesa inteira junto com o big blind; a falta de small blind '
            'não muda nada. [TDA big blind ante]',
        ],
    ),
    'the small blind busts: dead button': (
        next_hand, (NINE, 3, 4, 5), {'busted': [4, 8], 'seat_count': 9},
        (4, 5, 6, 5, True, False, (5, 6, 7, 9, 1, 2, 3), (), (1, 2, 3, 5, 6, 7, 9), 9),
        ('TDA 32',),
        [
            'Eliminated in the last hand: seats 4 and 8.',
            "Seat 6 posts the big blind: it moves on to the next player after seat 5, last hand's big blind, so "
            'nobody posts it twice in a row and nobody skips it. [TDA 32]',
            "Seat 5, last hand's big blind, posts the small blind. [TDA 32]",
            "The button moves to seat 4, the small blind's seat in the last hand; nobody sits there, so the button "
            'is dead this hand and seat 3 acts last after the flop. [TDA 32]',
        ],
        [
            'Eliminados na última mão: cadeiras 4 e 8.',
            'A cadeira 6 paga o big blind: ele avança para o próximo jogador depois da cadeira 5, o big blind da '
            'última mão; assim ninguém o paga duas vezes seguidas nem pula a vez. [TDA 32]',
            'A cadeira 5, big blind da última mão, paga o small blind. [TDA 32]',
            'O button passa para a cadeira 4, a do small blind na última mão; ninguém está sentado nela, então o '
            'button fica morto nesta mão e a cadeira 3 age por último depois do flop. [TDA 32]',
        ],
    ),
    "a new player in the big blind's seat": (
        next_hand, ([1, 2, 3, 5], 1, 2, 3), {'moved_in': [4], 'moved_out': [5], 'seat_count': 6},
        (2, 3, 4, 3, False, False, (3, 4, 1, 2), (), (1, 2, 3, 4), 6),
        ('TDA 10-A', 'TDA 32'),
        [
            'Moved to another table: seat 5.',
            'New at this table: seat 4.',
            "Seat 4, just taken by a new player, is the next one after seat 3, last hand's big blind: the new player "
            'posts the big blind at once. [TDA 10-A]',
            "Seat 3, last hand's big blind, posts the small blind. [TDA 32]",
            "The button moves to seat 2, last hand's small blind. [TDA 32]",
        ],
        [
            'Mudou de mesa: cadeira 5.',
            'Chegou a esta mesa: cadeira 4.',
            'A cadeira 4, recém-ocupada por um jogador novo, é a próxima depois da cadeira 3, o big blind da última '
            'mão: o jogador novo paga o big blind já nesta mão. [TDA 10-A]',
            'A cadeira 3, big blind da última mão, paga o small blind. [TDA 32]',
            'O button passa para a cadeira 2, o small blind da última mão. [TDA 32]',
        ],
    ),
    'a new player where the big blind sat': (
        next_hand, ([1, 2, 3, 5], 1, 2, 3), {'busted': [3], 'moved_in': [3], 'seat_count': 6},
        (2, 3, 5, 3, False, False, (3, 5, 1, 2), (), (1, 2, 3, 5), 6),
        ('TDA 32', 'TDA 10-A'),
        [
            'Eliminated in the last hand: seat 3.',
            'New at this table: seat 3.',
            "Seat 5 posts the big blind: it moves on to the next player after seat 3, last hand's big blind, so "
            'nobody posts it twice in a row and nobody skips it. [TDA 32]',
            "Seat 3, where last hand's big blind sat, has a new player: he posts the small blind and is dealt in. "
            '[TDA 10-A]',
            "The button moves to seat 2, last hand's small blind. [TDA 32]",
        ],
        [
            'Eliminado na última mão: cadeira 3.',
            'Chegou a esta mesa: cadeira 3.',
            'A cadeira 5 paga o big blind: ele avança para o próximo jogador depois da cadeira 3, o big blind da '
            'última mão; assim ninguém o paga duas vezes seguidas nem pula a vez. [TDA 32]',
            'A cadeira 3, onde estava o big blind da última mão, tem um jogador novo: ele paga o small blind e '
            'recebe cartas. [TDA 10-A]',
            'O button passa para a cadeira 2, o small blind da última mão. [TDA 32]',
        ],
    ),
    'a new player where the small blind sat': (
        next_hand, ([1, 2, 3, 4, 5], 1, 2, 3), {'busted': [2], 'moved_in': [2], 'seat_count': 6},
        (2, 3, 4, 3, False, False, (3, 4, 5, 1, 2), (), (1, 2, 3, 4, 5), 6),
        ('TDA 32', 'TDA 10-A'),
        [
            'Eliminated in the last hand: seat 2.',
            'New at this table: seat 2.',
            "Seat 4 posts the big blind: it moves on to the next player after seat 3, last hand's big blind, so "
            'nobody posts it twice in a row and nobody skips it. [TDA 32]',
            "Seat 3, last hand's big blind, posts the small blind. [TDA 32]",
            "The button moves to seat 2, the small blind's seat in the last hand, just taken by a new player: he has "
            'the button and is dealt in. [TDA 10-A]',
        ],
        [
            'Eliminado na última mão: cadeira 2.',
            'Chegou a esta mesa: cadeira 2.',
            'A cadeira 4 paga o big blind: ele avança para o próximo jogador depois da cadeira 3, o big blind da '
            'última mão; assim ninguém o paga duas vezes seguidas nem pula a vez. [TDA 32]',
            'A cadeira 3, big blind da última mão, paga o small blind. [TDA 32]',
            'O button passa para a cadeira 2, a do small blind na última mão, recém-ocupada por um jogador novo: ele '
            'fica com o button e recebe cartas. [TDA 10-A]',
        ],
    ),
    'two new players wait for the button': (
        next_hand, ([1, 2, 5, 6, 7], 1, 2, 5), {'moved_in': [3, 4], 'moved_out': [6, 7], 'seat_count': 9,
                                                'big_blind_ante': True},
        (2, 5, 1, 5, False, False, (5, 1, 2), (3, 4), (1, 2, 3, 4, 5), 9),
        ('TDA 32', 'TDA 10-A', 'TDA BBA'),
        [
            'Moved to other tables: seats 6 and 7.',
            'New at this table: seats 3 and 4.',
            "Seat 1 posts the big blind: it moves on to the next player after seat 5, last hand's big blind, so "
            'nobody posts it twice in a row and nobody skips it. [TDA 32]',
            "Seat 5, last hand's big blind, posts the small blind. [TDA 32]",
            "The button moves to seat 2, last hand's small blind. [TDA 32]",
            'Seats 3 and 4 were taken between the button and the small blind: those players are not dealt in until '
            'the button has passed them. [TDA 10-A]',
            'Big blind ante: seat 1 pays the ante for the whole table along with the big blind. [TDA BBA]',
        ],
        [
            'Mudaram de mesa: cadeiras 6 e 7.',
            'Chegaram a esta mesa: cadeiras 3 e 4.',
            'A cadeira 1 paga o big blind: ele avança para o próximo jogador depois da cadeira 5, o big blind da '
            'última mão; assim ninguém o paga duas vezes seguidas nem pula a vez. [TDA 32]',
            'A cadeira 5, big blind da última mão, paga o small blind. [TDA 32]',
            'O button passa para a cadeira 2, o small blind da última mão. [TDA 32]',
            'As cadeiras 3 e 4 foram ocupadas entre o button e o small blind: esses jogadores só recebem cartas '
            'depois que o button passar por eles. [TDA 10-A]',
            'Big blind ante: a cadeira 1 paga o ante da mesa inteira junto com o big blind. [TDA big blind ante]',
        ],
    ),
    'one new player waits': (
        next_hand, ([1, 2, 5, 6, 7], 1, 2, 5), {'moved_in': [4], 'seat_count': 9},
        (2, 5, 6, 5, False, False, (5, 6, 7, 1, 2), (4,), (1, 2, 4, 5, 6, 7), 9),
        ('TDA 32', 'TDA 10-A'),
        [
            'New at this table: seat 4.',
            "Seat 6 posts the big blind: it moves on to the next player after seat 5, last hand's big blind, so "
            'nobody posts it twice in a row and nobody skips it. [TDA 32]',
            "Seat 5, last hand's big blind, posts the small blind. [TDA 32]",
            "The button moves to seat 2, last hand's small blind. [TDA 32]",
            'Seat 4 was taken between the button and the small blind: that player is not dealt in until the button '
            'has passed him. [TDA 10-A]',
        ],
        [
            'Chegou a esta mesa: cadeira 4.',
            'A cadeira 6 paga o big blind: ele avança para o próximo jogador depois da cadeira 5, o big blind da '
            'última mão; assim ninguém o paga duas vezes seguidas nem pula a vez. [TDA 32]',
            'A cadeira 5, big blind da última mão, paga o small blind. [TDA 32]',
            'O button passa para a cadeira 2, o small blind da última mão. [TDA 32]',
            'A cadeira 4 foi ocupada entre o button e o small blind: esse jogador só recebe cartas depois que o '
            'button passar por ele. [TDA 10-A]',
        ],
    ),
    'heads-up goes on': (
        next_hand, ([3, 8], 8, 8, 3), {'seat_count': 9, 'big_blind_ante': True},
        (3, 3, 8, 3, False, True, (8, 3), (), (3, 8), 9),
        ('TDA 34-B', 'TDA BBA'),
        [
            'Heads-up: seat 3 has the button, posts the small blind and acts first before the flop; seat 8 posts the '
            'big blind. [TDA 34-B]',
            'Big blind ante: seat 8 pays the ante for the whole table along with the big blind. [TDA BBA]',
        ],
        [
            'Heads-up: a cadeira 3 fica com o button, paga o small blind e age primeiro antes do flop; a cadeira 8 '
            'paga o big blind. [TDA 34-B]',
            'Big blind ante: a cadeira 8 paga o ante da mesa inteira junto com o big blind. [TDA big blind ante]',
        ],
    ),
    'heads-up begins': (
        next_hand, ([1, 2, 3], 1, 2, 3), {'busted': [1], 'seat_count': 6},
        (3, 3, 2, 3, False, True, (2, 3), (), (2, 3), 6),
        ('TDA 34-B',),
        [
            'Eliminated in the last hand: seat 1.',
            "Heads-up play begins: the big blind goes to seat 2, the next player after seat 3 (last hand's big "
            'blind), and the button with the small blind to seat 3, so nobody posts the big blind twice in a row. '
            'The button acts first before the flop. [TDA 34-B]',
        ],
        [
            'Eliminado na última mão: cadeira 1.',
            'Começa o heads-up: o big blind vai para a cadeira 2, o próximo jogador depois da cadeira 3 (big blind '
            'da última mão), e o button com o small blind para a cadeira 3; assim ninguém paga o big blind duas '
            'vezes seguidas. O button age primeiro antes do flop. [TDA 34-B]',
        ],
    ),
    'heads-up ends: the button stays': (
        next_hand, ([2, 5], 5, 5, 2), {'moved_in': [3], 'seat_count': 9},
        (5, 2, 3, 2, False, False, (2, 3, 5), (), (2, 3, 5), 9),
        ('TDA 10-A', 'TDA 32'),
        [
            'New at this table: seat 3.',
            "Seat 3, just taken by a new player, is the next one after seat 2, last hand's big blind: the new player "
            'posts the big blind at once. [TDA 10-A]',
            "Seat 2, last hand's big blind, posts the small blind. [TDA 32]",
            'The last hand was heads-up, where the button also posts the small blind; with 3 players now, the button '
            'stays on seat 5 and the blinds move on. [TDA 32]',
        ],
        [
            'Chegou a esta mesa: cadeira 3.',
            'A cadeira 3, recém-ocupada por um jogador novo, é a próxima depois da cadeira 2, o big blind da última '
            'mão: o jogador novo paga o big blind já nesta mão. [TDA 10-A]',
            'A cadeira 2, big blind da última mão, paga o small blind. [TDA 32]',
            'A última mão foi heads-up, em que o button também paga o small blind; agora, com 3 jogadores, o button '
            'fica na cadeira 5 e os blinds avançam. [TDA 32]',
        ],
    ),
    'a new player waits heads-up': (
        next_hand, ([1, 5], 5, 5, 1), {'moved_in': [7], 'seat_count': 9},
        (1, 1, 5, 1, False, True, (5, 1), (7,), (1, 5, 7), 9),
        ('TDA 34-B', 'TDA 10-A'),
        [
            'New at this table: seat 7.',
            'Heads-up: seat 1 has the button, posts the small blind and acts first before the flop; seat 5 posts the '
            'big blind. [TDA 34-B]',
            "Seat 7 was taken between the last hand's button and big blind: dealt in now, that player would get the "
            'button without posting a blind, so he waits until the button has passed him. [TDA 10-A]',
        ],
        [
            'Chegou a esta mesa: cadeira 7.',
            'Heads-up: a cadeira 1 fica com o button, paga o small blind e age primeiro antes do flop; a cadeira 5 '
            'paga o big blind. [TDA 34-B]',
            'A cadeira 7 foi ocupada entre o button e o big blind da última mão: se recebesse cartas agora, esse '
            'jogador ficaria com o button sem pagar blind, então espera o button passar por ele. [TDA 10-A]',
        ],
    ),
    'two new players wait heads-up': (
        next_hand, ([1, 5], 5, 5, 1), {'moved_in': [7, 8], 'seat_count': 9},
        (1, 1, 5, 1, False, True, (5, 1), (7, 8), (1, 5, 7, 8), 9),
        ('TDA 34-B', 'TDA 10-A'),
        [
            'New at this table: seats 7 and 8.',
            'Heads-up: seat 1 has the button, posts the small blind and acts first before the flop; seat 5 posts the '
            'big blind. [TDA 34-B]',
            "Seats 7 and 8 were taken between the last hand's button and big blind: dealt in now, those players "
            'would get the button without posting a blind, so they wait until the button has passed them. [TDA 10-A]',
        ],
        [
            'Chegaram a esta mesa: cadeiras 7 e 8.',
            'Heads-up: a cadeira 1 fica com o button, paga o small blind e age primeiro antes do flop; a cadeira 5 '
            'paga o big blind. [TDA 34-B]',
            'As cadeiras 7 e 8 foram ocupadas entre o button e o big blind da última mão: se recebessem cartas '
            'agora, esses jogadores ficariam com o button sem pagar blind, então esperam o button passar por eles. '
            '[TDA 10-A]',
        ],
    ),
    "only the last big blind's side is left": (
        next_hand, ([1, 2, 5], 1, 2, 5), {'busted': [1, 5], 'moved_in': [3, 4], 'seat_count': 6,
                                          'big_blind_ante': True},
        (3, 4, 2, 4, False, False, (4, 2, 3), (), (2, 3, 4), 6),
        ('TDA 32', 'TDA BBA'),
        [
            'Eliminated in the last hand: seats 1 and 5.',
            'New at this table: seats 3 and 4.',
            'Only one player of the last hand is still at the table, so nobody waits for the button: every new '
            'player is dealt in at once.',
            "The big blind goes to seat 2, the next player after seat 5 (last hand's big blind); the small blind and "
            'the button go to the two players before it, seats 4 and 3. [TDA 32]',
            'Big blind ante: seat 2 pays the ante for the whole table along with the big blind. [TDA BBA]',
        ],
        [
            'Eliminados na última mão: cadeiras 1 e 5.',
            'Chegaram a esta mesa: cadeiras 3 e 4.',
            'Só um jogador da última mão continua na mesa, então ninguém espera o button: todos os jogadores novos '
            'recebem cartas já nesta mão.',
            'O big blind vai para a cadeira 2, o próximo jogador depois da cadeira 5 (big blind da última mão); o '
            'small blind e o button ficam com os dois jogadores antes dela, cadeiras 4 e 3. [TDA 32]',
            'Big blind ante: a cadeira 2 paga o ante da mesa inteira junto com o big blind. [TDA big blind ante]',
        ],
    ),
    'only one player and one new player are left': (
        next_hand, ([1, 2, 5], 1, 2, 5), {'busted': [1, 5], 'moved_in': [3], 'seat_count': 6},
        (3, 3, 2, 3, False, True, (2, 3), (), (2, 3), 6),
        ('TDA 34-B',),
        [
            'Eliminated in the last hand: seats 1 and 5.',
            'New at this table: seat 3.',
            'Only one player of the last hand is still at the table, so nobody waits for the button: every new '
            'player is dealt in at once.',
            "Heads-up play begins: the big blind goes to seat 2, the next player after seat 5 (last hand's big "
            'blind), and the button with the small blind to seat 3, so nobody posts the big blind twice in a row. '
            'The button acts first before the flop. [TDA 34-B]',
        ],
        [
            'Eliminados na última mão: cadeiras 1 e 5.',
            'Chegou a esta mesa: cadeira 3.',
            'Só um jogador da última mão continua na mesa, então ninguém espera o button: todos os jogadores novos '
            'recebem cartas já nesta mão.',
            'Começa o heads-up: o big blind vai para a cadeira 2, o próximo jogador depois da cadeira 5 (big blind '
            'da última mão), e o button com o small blind para a cadeira 3; assim ninguém paga o big blind duas '
            'vezes seguidas. O button age primeiro antes do flop. [TDA 34-B]',
        ],
    ),
}


def fields(hand):
    return (hand.button, hand.small_blind, hand.big_blind, hand.small_blind_seat, hand.dead_button, hand.heads_up,
            hand.dealt_in, hand.waiting, hand.seated, hand.seat_count)


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_each_hand_is_worked_out_and_explained_in_both_languages(name):
    call, args, kwargs, want, rules, english, portuguese = SCENARIOS[name]
    hand = call(*args, **kwargs)
    assert fields(hand) == want
    assert [type(v) for v in fields(hand)[4:6]] == [bool, bool]
    assert hand.rules == rules
    assert hand.explanation() == english
    assert hand.explanation("en") == english
    assert hand.explanation("pt-br") == portuguese


ERRORS = [
    ('one seat', first_hand, ([1], 1), {'seat_count': 1},
     'seat_count', 'seat_count: A table needs at least 2 seats, not 1.',
     'Uma mesa precisa de pelo menos 2 cadeiras, não 1.'),
    ('a first button on an empty seat', first_hand, ([1, 2, 3], 4), {'seat_count': 6},
     'button_empty', 'button_empty: The first button goes to a player, and seat 4 is empty.',
     'O primeiro button vai para um jogador, e a cadeira 4 está vazia.'),
    ('one player', first_hand, ([2], 2), {'seat_count': 6},
     'too_few_players', 'too_few_players: Fewer than two players are left at the table: it cannot deal a hand.',
     'Restam menos de dois jogadores na mesa: não dá para distribuir uma mão.'),
    ('a seat off the table', next_hand, ([1, 2, 7], 1, 2, 7), {'seat_count': 6},
     'seat_range', 'seat_range: Seat 7 does not exist at a table of 6 seats.',
     'A cadeira 7 não existe numa mesa de 6 cadeiras.'),
    ('a small blind off the table', next_hand, ([1, 2, 3], 1, 8, 3), {'seat_count': 6},
     'seat_range', 'seat_range: Seat 8 does not exist at a table of 6 seats.',
     'A cadeira 8 não existe numa mesa de 6 cadeiras.'),
    ('a button off the table', next_hand, ([1, 2, 3], 0, 2, 3), {'seat_count': 6},
     'seat_range', 'seat_range: Seat 0 does not exist at a table of 6 seats.',
     'A cadeira 0 não existe numa mesa de 6 cadeiras.'),
    ('a big blind off the table', next_hand, ([1, 2, 3], 1, 2, 7), {'seat_count': 6},
     'seat_range', 'seat_range: Seat 7 does not exist at a table of 6 seats.',
     'A cadeira 7 não existe numa mesa de 6 cadeiras.'),
    ('a busted seat off the table', next_hand, ([1, 2, 3], 1, 2, 3), {'busted': [9], 'seat_count': 6},
     'seat_range', 'seat_range: Seat 9 does not exist at a table of 6 seats.',
     'A cadeira 9 não existe numa mesa de 6 cadeiras.'),
    ('a new seat off the table', next_hand, ([1, 2, 3], 1, 2, 3), {'moved_in': [0], 'seat_count': 6},
     'seat_range', 'seat_range: Seat 0 does not exist at a table of 6 seats.',
     'A cadeira 0 não existe numa mesa de 6 cadeiras.'),
    ('an empty big blind', next_hand, ([1, 2, 3], 1, 2, 4), {'seat_count': 6},
     'big_blind_empty', 'big_blind_empty: Seat 4 posted the big blind, so it must be one of the occupied seats.',
     'A cadeira 4 pagou o big blind, então tem de estar entre as cadeiras ocupadas.'),
    ('an empty seat busted', next_hand, ([1, 2, 3], 1, 2, 3), {'busted': [5], 'seat_count': 6},
     'not_seated', 'not_seated: Seat 5 is empty: nobody there can be eliminated or leave the table.',
     'A cadeira 5 está vazia: ninguém nela pode ser eliminado ou sair da mesa.'),
    ('an empty seat moved out', next_hand, ([1, 2, 3], 1, 2, 3), {'moved_out': [5], 'seat_count': 6},
     'not_seated', 'not_seated: Seat 5 is empty: nobody there can be eliminated or leave the table.',
     'A cadeira 5 está vazia: ninguém nela pode ser eliminado ou sair da mesa.'),
    ('an empty seat waiting', next_hand, ([1, 2, 3], 1, 2, 3), {'waiting': [5], 'seat_count': 6},
     'not_seated', 'not_seated: Seat 5 is empty: nobody there can be eliminated or leave the table.',
     'A cadeira 5 está vazia: ninguém nela pode ser eliminado ou sair da mesa.'),
    ('a waiting player busted', next_hand, ([1, 2, 3, 4], 1, 2, 3), {'busted': [4], 'waiting': [4], 'seat_count': 6},
     'busted_not_dealt', 'busted_not_dealt: Seat 4 was not dealt in, so its player cannot have been eliminated in '
                         'that hand.',
     'A cadeira 4 não recebeu cartas, então seu jogador não pode ter sido eliminado nessa mão.'),
    ('busted and moved', next_hand, ([1, 2, 3, 4], 1, 2, 3), {'busted': [4], 'moved_out': [4], 'seat_count': 6},
     'busted_and_moved', 'busted_and_moved: The player in seat 4 cannot both be eliminated and move to another table.',
     'O jogador da cadeira 4 não pode ser eliminado e também mudar de mesa.'),
    ('moved into a taken seat', next_hand, ([1, 2, 3, 4], 1, 2, 3), {'moved_in': [4], 'seat_count': 6},
     'seat_taken', 'seat_taken: Seat 4 is still occupied: nobody can be moved into it.',
     'A cadeira 4 continua ocupada: ninguém pode ser colocado nela.'),
    ('heads-up button on the big blind', next_hand, ([1, 2], 2, 2, 2), {'seat_count': 6},
     'positions_order', "positions_order: The last hand's button (2), small blind (2) and big blind (2) are not in "
                        'clockwise order.',
     'O button (2), o small blind (2) e o big blind (2) da última mão não estão em sentido horário.'),
    ('blinds out of order', next_hand, ([1, 2, 3], 1, 3, 2), {'seat_count': 6},
     'positions_order', "positions_order: The last hand's button (1), small blind (3) and big blind (2) are not in "
                        'clockwise order.',
     'O button (1), o small blind (3) e o big blind (2) da última mão não estão em sentido horário.'),
    ('a skipped player', next_hand, ([1, 2, 3, 4], 1, 2, 4), {'seat_count': 6},
     'skipped', "skipped: Seat 3 sits between the last hand's small blind (2) and big blind (4): the big blind "
                'passed over a player. Correct the recorded positions.',
     'A cadeira 3 fica entre o small blind (2) e o big blind (4) da última mão: o big blind pulou um jogador. '
     'Corrija as posições registradas.'),
    ('no empty seat for the small blind', next_hand, ([1, 2, 3], 1, None, 2), {'seat_count': 6},
     'no_small_blind_seat', 'no_small_blind_seat: No small blind was recorded, but no empty seat lies between the '
                            'button (1) and the big blind (2) where it could have been.',
     'Nenhum small blind foi registrado, mas não há cadeira vazia entre o button (1) e o big blind (2) onde ele '
     'poderia estar.'),
    ('too few players', next_hand, ([1, 2, 3], 1, 2, 3), {'busted': [1, 2], 'seat_count': 6},
     'too_few_players', 'too_few_players: Fewer than two players are left at the table: it cannot deal a hand.',
     'Restam menos de dois jogadores na mesa: não dá para distribuir uma mão.'),
    ('nobody left', next_hand, ([1, 2, 3], 1, 2, 3), {'busted': [1, 3], 'moved_out': [2],
                                                           'moved_in': [4, 5], 'seat_count': 6},
     'no_player_left', 'no_player_left: No player of the last hand is left at the table: deal it as a first hand.',
     'Nenhum jogador da última mão continua na mesa: distribua como primeira mão.'),
]


@pytest.mark.parametrize(("name", "call", "args", "kwargs", "code", "english", "portuguese"), ERRORS,
                         ids=[case[0] for case in ERRORS])
def test_each_record_that_cannot_be_followed_is_refused_saying_why(name, call, args, kwargs, code, english,
                                                                   portuguese):
    error = refusal(call, *args, **kwargs)
    assert error.code == code
    assert str(error) == english
    assert error.message("pt-br") == portuguese


def test_the_following_hand_carries_the_seats_positions_and_waiting_players_on():
    hand = next_hand([1, 2, 5, 6, 7], 1, 2, 5, moved_in=[4], seat_count=9)
    assert hand.waiting == (4,)
    after = hand.following(busted=[6], moved_in=[3], moved_out=[7], big_blind_ante=True)
    assert after == next_hand(hand.seated, 2, 5, 6, [6], seat_count=9, moved_in=[3], moved_out=[7], waiting=[4],
                              big_blind_ante=True)
    assert fields(after) == (5, None, 1, 6, False, False, (1, 2, 3, 4, 5), (), (1, 2, 3, 4, 5), 9)
    assert after.explanation()[-1] == ("Big blind ante: seat 1 pays the ante for the whole table along with the big "
                                       "blind; the missing small blind changes nothing. [TDA BBA]")
