from django.urls import path

from . import views

app_name = "printing"
urlpatterns = [
    path("events/<slug:slug>/print/", views.desk, name="desk"),
    path("events/<slug:slug>/print/request/", views.request_document, name="request"),
    path("events/<slug:slug>/print/<int:pk>/status/", views.status, name="status"),
    path("events/<slug:slug>/print/<int:pk>/download/", views.download, name="download"),
    path("rulings/disputes/<int:pk>/sheet.pdf", views.dispute_sheet, name="dispute_sheet"),
]
