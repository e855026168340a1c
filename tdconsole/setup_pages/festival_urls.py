from django.urls import path

from . import festival_views as views

# Festivals and venues; "new" comes before the slug, and no festival may take it (see festivals.py).
urlpatterns = [
    path("festivals/", views.festival_list, name="festival_list"),
    path("festivals/new/", views.festival_create, name="festival_create"),
    path("festivals/<slug:slug>/", views.festival_detail, name="festival_detail"),
    path("festivals/<slug:slug>/edit/", views.festival_edit, name="festival_edit"),
    path("venues/", views.venue_list, name="venue_list"),
    path("venues/new/", views.venue_create, name="venue_create"),
    path("venues/<int:pk>/", views.venue_detail, name="venue_detail"),
    path("venues/<int:pk>/edit/", views.venue_edit, name="venue_edit"),
    path("venues/<int:pk>/tables/add/", views.tables_add, name="tables_add"),
    path("venues/<int:pk>/tables/<int:table_id>/", views.table_edit, name="table_edit"),
    path("venues/<int:pk>/tables/<int:table_id>/remove/", views.table_remove, name="table_remove"),
    path("events/<slug:slug>/copy/", views.event_copy, name="event_copy"),
]
