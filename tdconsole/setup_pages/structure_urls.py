"""Blind structures: the list, the editor (a template's, or an event's own from the event), copies and files."""

from django.urls import path

from . import structure_views as views

urlpatterns = [
    path("structures/", views.structure_list, name="structures"),
    path("structures/new/", views.structure_create, name="structure_new"),
    path("structures/import/", views.structure_import, name="structure_import"),
    path("structures/<slug:slug>/edit/", views.structure_edit, name="structure_edit"),
    path("structures/<slug:slug>/copy/", views.structure_copy, name="structure_copy"),
    path("structures/<slug:slug>/import/", views.structure_replace, name="structure_replace"),
    path("structures/<slug:slug>/export.json", views.structure_export, {"fmt": "json"}, name="structure_export_json"),
    path("structures/<slug:slug>/export.csv", views.structure_export, {"fmt": "csv"}, name="structure_export_csv"),
    path("events/<slug:slug>/structure/", views.event_structure, name="event_structure"),
]
