from django.urls import path

from . import pdf_views, views

app_name = "leagues"
urlpatterns = [
    path("leagues/", views.leagues_list, name="list"),
    path("leagues/<slug:slug>/", views.league_page, name="league"),
    path("leagues/<slug:slug>/save/", views.league_save, name="save"),
    path("leagues/<slug:slug>/events/add/", views.league_event_add, name="event_add"),
    path("leagues/<slug:slug>/events/remove/", views.league_event_remove, name="event_remove"),
    # The players' table, by the league's unguessable link (?k=), and the same table as a PDF.
    path("leagues/<slug:slug>/standings/", views.league_public, name="public"),
    path("leagues/<slug:slug>/standings.pdf", pdf_views.league_pdf, name="pdf"),
]
