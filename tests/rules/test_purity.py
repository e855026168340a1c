"""The rules package must stay pure Python: importing it loads no Django module."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_rules_package_imports_without_django():
    code = (
        "import sys; import tdconsole.rules, tdconsole.rules.corpus; "
        "from tdconsole.rules import adjudicate_text; "
        "print(any(name == 'django' or name.startswith('django.') for name in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
