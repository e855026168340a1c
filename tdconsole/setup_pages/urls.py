"""The director's set-up pages: festivals, venues and tables, blind structures, chip sets, the generator.

Each area keeps its own URL list (one module per page family), gathered here under one namespace.
"""

from . import chip_urls, festival_urls, generator_urls, structure_urls

app_name = "setup_pages"
urlpatterns = [
    *festival_urls.urlpatterns,
    *structure_urls.urlpatterns,
    *chip_urls.urlpatterns,
    *generator_urls.urlpatterns,
]
