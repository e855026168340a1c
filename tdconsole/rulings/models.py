from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.utils.translation import gettext_lazy as _

from .topics import TOPICS


class RuleEntry(models.Model):
    """One entry of the rules reference, loaded from the content files by `rulings_sync`."""

    slug = models.SlugField(max_length=80, unique=True)
    topic = models.CharField(max_length=20, choices=[(k, v[1]) for k, v in TOPICS.items()])
    position = models.PositiveIntegerField(default=0)
    tda_rule = models.CharField(_("TDA rule"), max_length=40, blank=True)
    tda_note_pt = models.CharField(max_length=200, blank=True)
    tda_note_en = models.CharField(max_length=200, blank=True)
    title_pt = models.CharField(max_length=200)
    title_en = models.CharField(max_length=200)
    ruling_pt = models.TextField()
    ruling_en = models.TextField()
    examples = models.JSONField(default=list)
    related = models.JSONField(default=list)
    keywords = models.JSONField(default=list)
    # Search fields: normalised text with concept tokens, by weight class (A strongest).
    search_a = models.TextField(blank=True)
    search_b = models.TextField(blank=True)
    search_c = models.TextField(blank=True)
    search_d = models.TextField(blank=True)
    # PostgreSQL only: the weighted Portuguese + English tsvector of the four fields, filled by the sync.
    search_vector = SearchVectorField(null=True, editable=False)

    class Meta:
        ordering = ["position"]
        verbose_name = _("rule entry")
        verbose_name_plural = _("rule entries")

    def __str__(self) -> str:
        return self.slug

    def title(self, language: str) -> str:
        return self.title_pt if language.lower().startswith("pt") else self.title_en

    def ruling(self, language: str) -> str:
        return self.ruling_pt if language.lower().startswith("pt") else self.ruling_en


class GlossaryTerm(models.Model):
    """A word of the floor with its meaning in both languages."""

    position = models.PositiveIntegerField(default=0)
    term_pt = models.CharField(max_length=80)
    term_en = models.CharField(max_length=80)
    definition_pt = models.TextField()
    definition_en = models.TextField()
    aliases = models.JSONField(default=list)
    entry = models.ForeignKey(RuleEntry, null=True, blank=True, on_delete=models.SET_NULL, related_name="terms")
    search_text = models.TextField(blank=True)

    class Meta:
        ordering = ["position"]
        verbose_name = _("glossary term")
        verbose_name_plural = _("glossary terms")

    def __str__(self) -> str:
        return f"{self.term_pt} / {self.term_en}"
