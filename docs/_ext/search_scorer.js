/* The site's search ranking (html_search_scorer in conf.py), read before
 * Sphinx's search script.  Sphinx's own weights, then, through score():
 * - a diagram whose identifier is the whole query (katro-12) comes first;
 * - the pages of the games come before the reference pages, and those before
 *   the pages written for contributors, so that a reader who searches a word
 *   of the rules ("capture", "prise") finds the games first.  A page's tier
 *   adds less than a match in a title is worth (15), so that a page whose
 *   title is the query still comes near the top.
 */
var Scorer = {
  CONTRIBUTORS: ["howto-variant", "anatomy", "contributing-code", "blocks"],

  score: (result) => {
    const [docname, title, anchor, descr, score, filename, kind] = result;
    const query = (new URLSearchParams(window.location.search).get("q") || "").trim().toLowerCase();
    if (kind === "object" && title.toLowerCase() === query) return score + 100;
    if (docname.startsWith("games/")) return score + 20;
    if (Scorer.CONTRIBUTORS.includes(docname)) return score;
    return score + 10;
  },

  // Sphinx's weights (searchtools.js), which it leaves out when a Scorer is given
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: {0: 15, 1: 5, 2: -5},
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
