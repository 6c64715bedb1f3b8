// Site-wide behaviour on top of the Furo theme.
document.addEventListener("DOMContentLoaded", () => {
  // The language switch keeps the reader's place: the #anchor of the page
  // being read is carried over to the same page in the other language.
  const link = document.getElementById("lang-switch");
  if (link) {
    link.addEventListener("click", () => {
      link.href = link.href.split("#")[0] + window.location.hash;
    });
  }
  // "Print this summary": the link makes the summary's last paragraph
  // (#GAME-sheet) the page's target, which the print style keeps alone with
  // its section; once the browser has followed it, the print dialog opens.
  document.querySelectorAll('article a[href^="#"][href$="-sheet"]').forEach((sheet) => {
    sheet.addEventListener("click", () => {
      window.setTimeout(() => window.print(), 100);
    });
  });
  // Names for the theme's two side panels and its light/dark button, in the
  // page's language (the theme writes them without a name, or in English).
  const fr = document.documentElement.lang === "fr";
  const names = {
    ".sidebar-drawer": fr ? "Navigation du site" : "Site navigation",
    ".toc-drawer": fr ? "Sommaire de la page" : "Contents of this page",
    "#__navigation": fr ? "Afficher ou masquer la navigation du site" : "Show or hide the site navigation",
    "#__toc": fr ? "Afficher ou masquer le sommaire de la page" : "Show or hide the contents of this page",
    ".theme-toggle": fr ? "Changer de thème\u00a0: clair, sombre ou automatique" : "Switch theme: light, dark or automatic",
  };
  for (const [selector, name] of Object.entries(names)) {
    document.querySelectorAll(selector).forEach((el) => el.setAttribute("aria-label", name));
  }
});
