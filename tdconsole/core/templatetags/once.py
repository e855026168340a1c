"""{% once_token %}: the one-time token a desk POST form carries (see tdconsole.core.once).

Templates include it as `{% include "core/once_token.html" %}`, one line inside each POST form.
"""

from django import template
from django.utils.safestring import SafeString

from tdconsole.core.once import token_field

register = template.Library()


@register.simple_tag
def once_token() -> SafeString:
    return token_field()
