class AuditOutsideTransaction(RuntimeError):
    """An audit record was requested outside a database transaction."""
