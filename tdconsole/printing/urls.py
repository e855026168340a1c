from django.urls import path

from . import export_views, views

app_name = "printing"
urlpatterns = [
    path("events/<slug:slug>/print/", views.desk, name="desk"),
    path("events/<slug:slug>/print/request/", views.request_document, name="request"),
    path("events/<slug:slug>/print/<int:pk>/status/", views.status, name="status"),
    path("events/<slug:slug>/print/<int:pk>/download/", views.download, name="download"),
    path("rulings/disputes/<int:pk>/sheet.pdf", views.dispute_sheet, name="dispute_sheet"),
    # The cash desk's printouts (the cash desk's own pages live under events/<slug>/cash/ too).
    path("events/<slug:slug>/cash/purchases/<int:pk>/receipt.pdf", views.purchase_receipt, name="purchase_receipt"),
    path("events/<slug:slug>/cash/closeout.pdf", views.cash_closeout, name="cash_closeout"),
    # The blind structure for the players' tables (a folded table tent), the event's or any structure's.
    path("events/<slug:slug>/structure.pdf", views.event_structure_pdf, name="event_structure_pdf"),
    path("structures/<slug:slug>/structure.pdf", views.structure_pdf, name="structure_pdf"),
    # Results that leave the building: CSV for results databases, a text for the players' group.
    path("events/<slug:slug>/results.csv", export_views.event_results_csv, name="results_csv"),
    path("events/<slug:slug>/results/text/", export_views.event_results_text, name="results_text"),
    path("festivals/<slug:slug>/results.csv", export_views.festival_results, name="festival_results_csv"),
]
