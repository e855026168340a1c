"""CPF numbers: check digits, formatted or bare, and the desk refusing a wrong one."""

import pytest

from tdconsole.tournaments.cpf import cpf_digits, cpf_format, cpf_valid
from tdconsole.tournaments.exceptions import PlayerError, RegistrationError
from tdconsole.tournaments.players import document_clean

# Valid CPFs, their check digits worked out by hand from the weights 10..2 and 11..2 (mod 11).
VALID = ["529.982.247-25", "52998224725", "111.444.777-35", "123.456.789-09", "000.000.001-91"]
# The same numbers with one check digit wrong, a digit swapped, and the repeated-digit numbers.
INVALID = ["529.982.247-24", "52998224715", "111.444.777-53", "123.456.789-00", "11111111111", "000.000.000-00"]


@pytest.mark.parametrize("text", VALID)
def test_valid_cpfs_formatted_or_bare(text):
    digits = cpf_digits(text)
    assert digits is not None and cpf_valid(digits)
    assert document_clean(text) == cpf_format(digits)
    assert document_clean(text).count(".") == 2 and document_clean(text)[-3] == "-"


@pytest.mark.parametrize("text", INVALID)
def test_wrong_check_digits_are_refused_with_the_number(text):
    digits = cpf_digits(text)
    assert digits is not None and not cpf_valid(digits)
    with pytest.raises(PlayerError, match=cpf_format(digits).replace(".", r"\.")):
        document_clean(text)
    with pytest.raises(RegistrationError):
        document_clean(text, error=RegistrationError)


@pytest.mark.parametrize("text", ["AB123456", "12.345.678-9", "1234567890", "123456789012", "RG 12345678", ""])
def test_other_documents_are_kept_as_typed(text):
    assert cpf_digits(text) is None
    assert document_clean(f"  {text} ") == text


def test_a_cpf_typed_bare_finds_the_player_registered_formatted(db, django_user_model):
    from tdconsole.tournaments.models import Festival, Player, Venue
    from tdconsole.tournaments.players import player_register, player_update

    user = django_user_model.objects.create_user("clerk")
    festival = Festival.objects.create(name="F", slug="f", venue=Venue.objects.create(name="V"))
    ana = player_register(festival=festival, name="Ana", actor=user, document="529.982.247-25")
    assert ana.document == "529.982.247-25"
    with pytest.raises(RegistrationError):
        player_register(festival=festival, name="Ana Souza", actor=user, document="52998224725")
    with pytest.raises(PlayerError, match="CPF"):
        player_update(player=ana, actor=user, name="Ana", document="52998224724")
    ana.refresh_from_db()
    assert ana.document == "529.982.247-25"  # the refused correction changed nothing
    assert Player.objects.filter(festival=festival).count() == 1
