import shutil
import subprocess
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
@pytest.mark.parametrize("kind", ["payouts", "seats", "draw", "results"])
def test_render_pdf_builds_without_the_web(kind, make_event, seated, tmp_path):
    event = make_event(entries=40, alive=12)
    seated(event)
    out = tmp_path / f"{kind}.pdf"
    stdout = StringIO()
    call_command("render_pdf", kind, "--event", event.slug, "--out", str(out), "--lang", "en", stdout=stdout)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert event.name in text
    assert str(out) in stdout.getvalue()


def test_render_pdf_refuses_an_unknown_event(tmp_path):
    with pytest.raises(CommandError):
        call_command("render_pdf", "payouts", "--event", "nope", "--out", str(tmp_path / "x.pdf"))
