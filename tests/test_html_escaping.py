"""Every text a YAML file gives reaches the HTML escaped: a title, a caption,
an erratum's reason or an assumption holding markup shows as text and never
becomes markup (built with the site's Sphinx extension)."""
from __future__ import annotations

import re

from test_sphinxext import build, project, rootdir  # noqa: F401  (fixtures)

pytest_plugins = ("sphinx.testing.fixtures",)

HOSTILE = "<script>alert(1)</script><b onmouseover=x>&amp;\""


def test_texts_from_yaml_are_escaped_in_the_html(make_app, project, tmp_path):
    ex = project / "examples" / "test-erratum.yaml"
    text = ex.read_text(encoding="utf-8")
    text = text.replace('"The diagram shows 2 seeds in c2 instead of 1."', repr(HOSTILE + " reason"))
    text = text.replace('"A made-up misprint"', repr(HOSTILE + " title"))
    text = text.replace("source:", "artificial: true\nassumptions:\n  - {en: " + repr(HOSTILE + " assumption")
                        + ", fr: " + repr(HOSTILE + " hypothese") + "}\nsource:", 1)
    ex.write_text(text, encoding="utf-8")
    app = build(make_app, project, tmp_path)
    pages = [p.read_text(encoding="utf-8") for p in app.outdir.rglob("*.html")]
    everything = "\n".join(pages)
    assert "<script>alert(1)" not in everything
    assert "<b onmouseover" not in everything
    # the texts are there, as text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in everything
    assert re.search(r"&lt;script&gt;alert\(1\)&lt;/script&gt;&lt;b onmouseover=x&gt;&amp;amp;.{0,12} reason",
                     everything)
    assert "assumption" in everything
