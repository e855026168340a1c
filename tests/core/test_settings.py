"""The settings module: environment variables, production defaults, refusals."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    clean["TDCONSOLE_ENV_FILE"] = ""  # the developer's var/tdconsole.env must not decide these tests
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = run_manage("check", DJANGO_DEBUG="0")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_deploy_check_is_clean_in_production():
    result = run_manage(
        "check", "--deploy", "--fail-level", "WARNING",
        DJANGO_DEBUG="0", DJANGO_SECRET_KEY="x" * 20 + "production-secret-for-the-deploy-check-0123456789",
        DJANGO_ALLOWED_HOSTS="td.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNINGS" not in result.stdout + result.stderr


def test_https_can_be_turned_off_for_a_venue_lan():
    code = "from django.conf import settings; print(settings.SECURE_SSL_REDIRECT, settings.SESSION_COOKIE_SECURE)"
    result = run_manage(
        "shell", "--no-imports", "-c", code,
        DJANGO_DEBUG="0", DJANGO_SECRET_KEY="y" * 60, DJANGO_ALLOWED_HOSTS="10.0.0.5", DJANGO_HTTPS="0",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "False"]


def test_database_url_selects_the_backend():
    code = "from django.conf import settings; print(settings.DATABASES['default']['ENGINE'])"
    result = run_manage("shell", "--no-imports", "-c", code, DJANGO_DEBUG="1", DATABASE_URL="postgres://u@127.0.0.1:5432/x")
    assert result.stdout.strip() == "django.db.backends.postgresql"
    result = run_manage("shell", "--no-imports", "-c", code, DJANGO_DEBUG="1")
    assert result.stdout.strip() == "django.db.backends.sqlite3"


def test_defaults_are_brazilian(settings):
    assert settings.LANGUAGE_CODE == "pt-br"
    assert [code for code, _ in settings.LANGUAGES] == ["pt-br", "en"]
    assert settings.TIME_ZONE == os.environ.get("TIME_ZONE", "America/Sao_Paulo")


def test_celery_is_eager_on_the_embedded_default():
    code = "from django.conf import settings; print(settings.CELERY_TASK_ALWAYS_EAGER, settings.CELERY_BROKER_URL)"
    result = run_manage("shell", "--no-imports", "-c", code, DJANGO_DEBUG="1", CELERY_BROKER_URL="")
    assert result.stdout.split() == ["True", "memory://"]
    result = run_manage("shell", "--no-imports", "-c", code, DJANGO_DEBUG="1", CELERY_BROKER_URL="redis://127.0.0.1:6379/3")
    assert result.stdout.split() == ["False", "redis://127.0.0.1:6379/3"]


def test_make_setup_keeps_a_secret_key_that_manage_py_reads_in_a_fresh_shell(tmp_path):
    env_file = tmp_path / "var" / "tdconsole.env"
    for _ in range(2):  # the second run keeps the first key
        made = subprocess.run(
            ["make", "-s", f"ENV_FILE={env_file}", str(env_file)], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert made.returncode == 0, made.stderr
    assert oct(env_file.stat().st_mode & 0o777) == "0o600"
    key = env_file.read_text().split("DJANGO_SECRET_KEY=", 1)[1].strip()
    assert len(key) >= 50
    code = "from django.conf import settings; print(settings.DEBUG, settings.SECRET_KEY)"
    # A fresh shell: no DJANGO_* variable at all, debug off by default.
    result = run_manage("shell", "--no-imports", "-c", code, TDCONSOLE_ENV_FILE=str(env_file))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", key]


def test_the_environment_wins_over_the_env_file(tmp_path):
    env_file = tmp_path / "tdconsole.env"
    env_file.write_text("# comment\nDJANGO_SECRET_KEY='from-the-file'\nexport DJANGO_ALLOWED_HOSTS=td.lan\n\n")
    code = "from django.conf import settings; print(settings.SECRET_KEY, *settings.ALLOWED_HOSTS)"
    result = run_manage("shell", "--no-imports", "-c", code, TDCONSOLE_ENV_FILE=str(env_file), DJANGO_DEBUG="0")
    assert result.stdout.split() == ["from-the-file", "td.lan"], result.stderr
    result = run_manage(
        "shell", "--no-imports", "-c", code, TDCONSOLE_ENV_FILE=str(env_file), DJANGO_SECRET_KEY="from-the-shell"
    )
    assert result.stdout.split()[0] == "from-the-shell", result.stderr
