# English formats. Staff in a tournament room read 24-hour time either way.
DATE_FORMAT = "M j, Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "M j, Y H:i"
SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
