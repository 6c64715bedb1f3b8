/* mancala-diagrams: the step-through viewer of worked examples.
 *
 * Progressive enhancement of the markup written by the Sphinx extension:
 *   <div class="mancala-steps" data-title="..." data-label-prev="..." ...>
 *     <figure id="katro-06">...</figure> <figure id="katro-07">...</figure> ...
 *   </div>
 * Without this script every figure stays visible.  With it, one figure (step)
 * is shown at a time, with previous / next buttons, the step counter ("3 / 7"),
 * a play button, the arrow keys (and Home / End) while the focus is in the
 * player, and the current caption announced to screen readers (aria-live).
 * The labels come from the data-label-* attributes, written in the page's
 * language by the extension.  Printing shows every step (mancala.css).
 * No framework, no build step.
 */
(function () {
  "use strict";

  var PLAY_DELAY_MS = 2500;

  function label(root, key, fallback) {
    return root.getAttribute("data-label-" + key) || fallback;
  }

  function fill(template, n, total) {
    return template.replace("{n}", String(n)).replace("{total}", String(total));
  }

  function squash(text) {
    return (text || "").replace(/\s+/g, " ").trim();
  }

  function button(cls, text, name) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "mancala-button " + cls;
    var icon = document.createElement("span");
    icon.setAttribute("aria-hidden", "true");
    icon.className = "mancala-icon";
    icon.textContent = text;
    b.appendChild(icon);
    if (name) {
      b.setAttribute("aria-label", name);
      b.title = name;
    }
    return b;
  }

  function Player(root) {
    var figures = [];
    for (var i = 0; i < root.children.length; i++) {
      if (root.children[i].tagName === "FIGURE") figures.push(root.children[i]);
    }
    if (figures.length < 2) return null;

    var total = figures.length;
    var current = 0;
    var timer = null;

    var prev = button("mancala-prev", "\u25C0", label(root, "prev", "Previous step"));
    var next = button("mancala-next", "\u25B6", label(root, "next", "Next step"));
    var play = button("mancala-play", "\u25B7", null);
    var playText = document.createElement("span");
    playText.className = "mancala-play-text";
    play.appendChild(playText);
    play.setAttribute("aria-pressed", "false");

    var counter = document.createElement("span");
    counter.className = "mancala-counter";
    counter.setAttribute("aria-hidden", "true");   // the live region says it in words

    var controls = document.createElement("div");
    controls.className = "mancala-controls";
    controls.setAttribute("role", "group");
    controls.setAttribute("aria-label", label(root, "controls", "Steps of the example"));
    controls.appendChild(prev);
    controls.appendChild(counter);
    controls.appendChild(next);
    controls.appendChild(play);

    var status = document.createElement("p");
    status.className = "mancala-status mancala-visually-hidden";
    status.setAttribute("aria-live", "polite");
    status.setAttribute("aria-atomic", "true");

    root.insertBefore(status, figures[0]);
    root.insertBefore(controls, status);
    root.classList.add("mancala-player");
    root.setAttribute("role", "region");
    if (root.getAttribute("data-title")) root.setAttribute("aria-label", root.getAttribute("data-title"));
    root.setAttribute("tabindex", "0");
    root.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Home End");

    function setPlaying(on) {
      if (timer !== null) {
        window.clearInterval(timer);
        timer = null;
      }
      if (on) {
        timer = window.setInterval(function () {
          if (current >= total - 1) setPlaying(false);
          else show(current + 1, true);
        }, PLAY_DELAY_MS);
      }
      play.setAttribute("aria-pressed", on ? "true" : "false");
      playText.textContent = on ? label(root, "pause", "Pause") : label(root, "play", "Play");
      play.firstChild.textContent = on ? "\u275A\u275A" : "\u25B7";
    }

    function show(index, announce) {
      current = Math.max(0, Math.min(total - 1, index));
      for (var i = 0; i < total; i++) {
        if (i === current) figures[i].removeAttribute("hidden");
        else figures[i].setAttribute("hidden", "");
      }
      counter.textContent = (current + 1) + " / " + total;
      prev.setAttribute("aria-disabled", current === 0 ? "true" : "false");
      next.setAttribute("aria-disabled", current === total - 1 ? "true" : "false");
      if (announce) {
        var caption = figures[current].querySelector("figcaption .caption-text") ||
          figures[current].querySelector("figcaption");
        status.textContent = fill(label(root, "step", "Step {n} of {total}"), current + 1, total) +
          ". " + squash(caption ? caption.textContent : "");
      }
    }

    function go(index) {
      setPlaying(false);
      show(index, true);
    }

    prev.addEventListener("click", function () { go(current - 1); });
    next.addEventListener("click", function () { go(current + 1); });
    play.addEventListener("click", function () {
      if (timer !== null) {
        setPlaying(false);
        return;
      }
      if (current >= total - 1) show(0, true);
      setPlaying(true);
    });
    root.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var to = null;
      if (event.key === "ArrowLeft" || event.key === "Left") to = current - 1;
      else if (event.key === "ArrowRight" || event.key === "Right") to = current + 1;
      else if (event.key === "Home") to = 0;
      else if (event.key === "End") to = total - 1;
      if (to === null) return;
      event.preventDefault();
      go(to);
    });

    setPlaying(false);
    show(0, false);

    return {
      // a link to one diagram (#katro-08, from the verification page) opens its step
      reveal: function (id) {
        for (var i = 0; i < figures.length; i++) {
          if (figures[i].id === id) {
            go(i);
            return true;
          }
        }
        return false;
      }
    };
  }

  function start() {
    var players = [];
    var roots = document.querySelectorAll("div.mancala-steps");
    for (var i = 0; i < roots.length; i++) {
      var p = Player(roots[i]);
      if (p) players.push(p);
    }
    function followHash() {
      var id = decodeURIComponent(window.location.hash.slice(1));
      if (!id) return;
      for (var j = 0; j < players.length; j++) {
        if (players[j].reveal(id)) {
          var target = document.getElementById(id);
          if (target && target.scrollIntoView) target.scrollIntoView();
          return;
        }
      }
    }
    followHash();
    window.addEventListener("hashchange", followHash);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
