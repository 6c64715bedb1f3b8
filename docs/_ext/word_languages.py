"""The language of the Malagasy, Shimaore and Swahili words of the pages.

A screen reader reads a word in the language its page declares unless the
word says otherwise: *tsibongy* read as English, or *nyumba* as French, is
hard to recognise.  The configuration value ``word_languages`` maps a
language tag to the words and names of that language the pages use
(``{"mg": ["katro", "mandry dia homana", ...], ...}``); this transform wraps
each of them, wherever it appears in a page's text (in either language,
after the translation), in an inline node of class ``language-TAG``, which
docutils writes as ``<span lang="TAG">``.  Code, literal blocks and raw
markup are left alone; a longer phrase is preferred to a word it contains
(``mandry dia homana`` before ``mandry``).
"""
from __future__ import annotations

import re

from docutils import nodes
from sphinx.transforms import SphinxTransform

SKIPPED = (nodes.literal, nodes.literal_block, nodes.raw, nodes.comment, nodes.FixedTextElement)


def word_pattern(words_by_language: dict) -> tuple[re.Pattern, dict]:
    """A pattern matching any of the words (longest first, whole words, any
    case, either apostrophe) and the language of each, by its lower case."""
    language_of = {}
    for tag, words in words_by_language.items():
        for word in words:
            language_of[word.lower().replace("\u2019", "'")] = tag
    alternatives = [re.escape(w).replace("'", "['\u2019]") for w in sorted(language_of, key=len, reverse=True)]
    pattern = re.compile(r"(?<![\w'\u2019-])(" + "|".join(alternatives) + r")(?![\w-])", re.IGNORECASE)
    return pattern, language_of


class MarkWordLanguages(SphinxTransform):
    default_priority = 30  # after sphinx.transforms.i18n.Locale (20), on the build's words

    def apply(self, **kwargs):
        words = self.config.word_languages
        if not words:
            return
        pattern, language_of = word_pattern(words)
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if parent is None or self.skipped(parent) or not pattern.search(text):
                continue
            pieces, last = [], 0
            for m in pattern.finditer(text):
                if m.start() > last:
                    pieces.append(nodes.Text(text[last:m.start()]))
                tag = language_of[m.group(1).lower().replace("\u2019", "'")]
                pieces.append(nodes.inline(m.group(1), m.group(1), classes=[f"language-{tag}"]))
                last = m.end()
            if last < len(text):
                pieces.append(nodes.Text(text[last:]))
            parent.replace(text, pieces)

    @staticmethod
    def skipped(node) -> bool:
        while node is not None:
            if isinstance(node, SKIPPED) or any(c.startswith("language-") for c in node.get("classes", [])):
                return True
            node = node.parent
        return False


def setup(app):
    app.add_config_value("word_languages", {}, "env", types=frozenset({dict}))
    app.add_transform(MarkWordLanguages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
