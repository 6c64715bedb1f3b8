/* mancala-diagrams: the in-page player ("Play from here").
 *
 * Progressive enhancement of the markup written by the Sphinx extension
 * (mancala_diagrams/sphinx/player.py): every figure that starts a game
 * (<figure data-rules="katro-6" data-position="2,2/... south">, written by
 * mancala_diagrams/sphinx/nodes.py from the view's figure) and every game's
 * start (<div class="mancala-play-start" data-rules=...>) gets a
 * "Play from here" button.  Nothing is fetched before the first click, which
 * loads the Pyodide runtime, the project's own engine (mancala.zip) and the
 * rules (rules/NAME.json) side by side, then opens the game under the figure.
 *
 * This script only draws, listens and calls: the rules, the decisions they
 * ask, why a hole may not be played, the captions and the example file all
 * come from the Python package (mancala_diagrams.play.page.Session), whose
 * answers are JSON.  The board is drawn as the site's pictures are
 * (mancala_diagrams/drawing/render.py and layout.py: the same sizes, colours,
 * rings and coordinates), as SVG, under one button per hole: the arrow keys
 * move between holes, Enter plays, and each turn is announced (aria-live).
 * The words come from the page (#mancala-player-data), in its language.
 * No framework, no build step.
 */
(function () {
  "use strict";

  var DATA = null;
  var SVG = "http://www.w3.org/2000/svg";
  var SPEEDS = {slow: 700, normal: 280, fast: 70};

  // -- words -----------------------------------------------------------------------
  function word(key, values) {
    var text = (DATA && DATA.words[key]) || key;
    return text.replace(/%\((\w+)\)s/g, function (all, name) {
      return values && values[name] !== undefined ? String(values[name]) : all;
    });
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function button(cls, text) {
    var b = el("button", "mancala-button " + cls, text);
    b.type = "button";
    return b;
  }

  // -- the runtime, loaded once per page at the first click ---------------------------------
  var runtime = null;

  function fetchBytes(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ": " + r.status);
      return r.arrayBuffer();
    });
  }

  function fetchText(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url + ": " + r.status);
      return r.text();
    });
  }

  function loadRuntime(step) {
    if (runtime) return runtime;
    var base = new URL(DATA.runtime, document.baseURI);
    // the engine downloads while the runtime loads
    var bundle = fetchBytes(new URL("mancala.zip", base).href);
    step(1, word("runtime", {size: DATA.size}));
    runtime = import(new URL("pyodide/pyodide.mjs", base).href)
      .then(function (mod) {
        return mod.loadPyodide({indexURL: new URL("pyodide/", base).href});
      })
      .then(function (py) {
        performance.mark("mancala-play-runtime");
        step(2, word("engine"));
        return bundle.then(function (bytes) {
          py.unpackArchive(bytes, "zip", {extractDir: "/mancala"});
          py.runPython("import sys\nif '/mancala' not in sys.path: sys.path.insert(0, '/mancala')");
          return {py: py, page: py.pyimport("mancala_diagrams.play.page")};
        });
      });
    runtime.catch(function () { runtime = null; });
    return runtime;
  }

  // -- the board, drawn as the site's pictures ---------------------------------------------------
  var CELL = 40, MARGIN = 10, BAND = 16, TRAY = CELL + MARGIN / 2;
  var COLOURS = {
    wood: "rgb(196,136,74)", edge: "rgb(121,74,34)", light: "rgb(214,160,98)", rim: "rgb(92,55,24)",
    hole: "rgb(120,76,37)", shadow: "rgb(78,45,18)", seed: "rgb(226,219,203)", seedEdge: "rgb(120,110,92)",
    shine: "rgb(250,248,240)", badge: "rgb(255,251,238)", badgeEdge: "rgb(92,55,24)", ink: "rgb(40,24,10)",
    number: "rgb(255,244,200)", emptied: "rgb(230,120,0)", sown: "rgb(34,150,64)", last: "rgb(25,100,215)",
    captured: "rgb(210,30,30)", special: "rgb(128,60,180)"
  };

  function svg(tag, attrs, parent) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  // where the pebbles of a hole lie (render._seed_layout): up to 12 drawn
  function seedLayout(n) {
    var shown = Math.min(n, 12), pts = [], rings;
    if (shown === 0) return pts;
    if (shown === 1) return [[0, 0]];
    if (shown <= 6) rings = [[shown, 0.46]];
    else {
      var inner = shown <= 7 ? 1 : (shown <= 9 ? 2 : 3);
      rings = [[inner, inner === 1 ? 0 : 0.22], [shown - inner, 0.55]];
    }
    rings.forEach(function (ring) {
      for (var i = 0; i < ring[0]; i++) {
        var a = 2 * Math.PI * i / ring[0] - Math.PI / 2 + (ring[1] > 0.4 ? 0.35 : 0.9);
        pts.push([ring[1] * Math.cos(a), ring[1] * Math.sin(a)]);
      }
    });
    return pts;
  }

  function Board(setup, trays) {
    this.setup = setup;
    var rows = setup.rows, cols = setup.columns;
    this.left = (trays.left ? TRAY : 0) + (setup.edges ? BAND : 0);
    this.bw = cols * CELL + 2 * MARGIN;
    this.bh = rows * CELL + 2 * MARGIN;
    this.width = this.left + this.bw + (trays.right ? TRAY : 0);
    this.height = this.bh + (setup.edges ? BAND : 0);
    this.trays = trays;
  }

  Board.prototype.centre = function (hole) {
    var c = this.setup.columns;
    return [this.left + MARGIN + (hole % c) * CELL + CELL / 2, MARGIN + Math.floor(hole / c) * CELL + CELL / 2];
  };

  Board.prototype.badge = function (g, x, y, text, fill) {
    var r = 8.5, half = Math.max(r, text.length * 4.2 + 2.5);
    svg("rect", {x: x - half, y: y - r, width: 2 * half, height: 2 * r, rx: r, fill: fill || COLOURS.badge,
                 stroke: COLOURS.badgeEdge, "stroke-width": 0.75}, g);
    var t = svg("text", {x: x, y: y + 0.5, "text-anchor": "middle", "dominant-baseline": "central",
                         "font-size": 13, "font-weight": 700, fill: COLOURS.ink}, g);
    t.textContent = text;
  };

  Board.prototype.pebbles = function (g, cx, cy, n, R) {
    var sr = R * 0.27;
    seedLayout(n).forEach(function (p) {
      var sx = cx + p[0] * R * 0.78, sy = cy + p[1] * R * 0.78;
      svg("circle", {cx: sx, cy: sy, r: sr, fill: COLOURS.seed, stroke: COLOURS.seedEdge, "stroke-width": 0.6}, g);
      svg("ellipse", {cx: sx - sr * 0.27, cy: sy - sr * 0.37, rx: sr * 0.23, ry: sr * 0.23, fill: COLOURS.shine}, g);
    });
  };

  Board.prototype.bowl = function (g, x, y, n, always) {
    var R = CELL * 0.36;
    svg("circle", {cx: x, cy: y, r: R, fill: COLOURS.edge}, g);
    svg("circle", {cx: x, cy: y, r: R * 0.85, fill: COLOURS.wood}, g);
    if (n) this.pebbles(g, x, y, n, R * 0.85);
    if (n || always) this.badge(g, x + R * 0.7, y + R * 0.7, String(n));
  };

  // the whole picture of one moment: cells, seeds in hand, reserves, rings, special holes
  Board.prototype.draw = function (root, view) {
    var s = this.setup, self = this;
    while (root.firstChild) root.removeChild(root.firstChild);
    root.setAttribute("viewBox", "0 0 " + this.width + " " + this.height);
    root.setAttribute("width", this.width);     // the size of the site's pictures of this board
    root.setAttribute("height", this.height);
    var x0 = this.left;
    svg("rect", {x: 0, y: 0, width: this.width, height: this.height, rx: 8, class: "mancala-plate"}, root);
    svg("rect", {x: x0 + 1, y: 1, width: this.bw - 2, height: this.bh - 2, rx: MARGIN * 1.6, fill: COLOURS.edge}, root);
    svg("rect", {x: x0 + 3, y: 3, width: this.bw - 6, height: this.bh - 6, rx: MARGIN * 1.4, fill: COLOURS.wood}, root);
    if (!s.solo) {
      var ymid = MARGIN + (s.rows / 2) * CELL;
      svg("line", {x1: x0 + 3 + MARGIN, y1: ymid, x2: x0 + this.bw - 3 - MARGIN, y2: ymid, stroke: COLOURS.edge,
                   "stroke-width": 1}, root);
      svg("line", {x1: x0 + 3 + MARGIN, y1: ymid + 1, x2: x0 + this.bw - 3 - MARGIN, y2: ymid + 1,
                   stroke: COLOURS.light, "stroke-width": 1}, root);
    }
    if (s.edges) {
      s.column_letters.forEach(function (t, c) {
        var e = svg("text", {x: self.centre(c)[0], y: self.bh + BAND / 2, "text-anchor": "middle",
                             "dominant-baseline": "central", "font-size": 14, class: "mancala-coord"}, root);
        e.textContent = t;
      });
      s.row_numbers.forEach(function (t, r) {
        var e = svg("text", {x: x0 - BAND / 2, y: self.centre(r * s.columns)[1], "text-anchor": "middle",
                             "dominant-baseline": "central", "font-size": 14, class: "mancala-coord"}, root);
        e.textContent = t;
      });
    }
    var roles = {};
    ["emptied", "sown", "captured", "last"].forEach(function (role) {
      (view.highlights[role] || []).forEach(function (h) { (roles[h] = roles[h] || []).push(role); });
    });
    var special = {};
    (view.special || []).forEach(function (h) { special[h] = true; });
    var R = CELL * 0.38;
    view.cells.forEach(function (n, hole) {
      var p = self.centre(hole), cx = p[0], cy = p[1];
      var g = svg("g", {"data-hole": hole}, root);
      if (special[hole]) {
        var t = CELL * 0.47;
        svg("rect", {x: cx - t, y: cy - t, width: 2 * t, height: 2 * t, rx: CELL * 0.1, fill: "none",
                     stroke: COLOURS.special, "stroke-width": 2.5}, g);
      }
      svg("circle", {cx: cx, cy: cy, r: R + 1, fill: COLOURS.light}, g);
      svg("circle", {cx: cx, cy: cy, r: R, fill: COLOURS.rim}, g);
      svg("circle", {cx: cx, cy: cy, r: R * 0.92, fill: COLOURS.shadow}, g);
      svg("ellipse", {cx: cx, cy: cy + R * 0.1, rx: R * 0.86, ry: R * 0.82, fill: COLOURS.hole}, g);
      (roles[hole] || []).forEach(function (role, i) {
        var rr = R + 2.5 + 3.2 * i;
        var w = {sown: 1.5, emptied: 2.5, captured: 2.5, last: 3}[role];
        var ring = svg("circle", {cx: cx, cy: cy, r: rr, fill: "none", stroke: COLOURS[role], "stroke-width": w}, g);
        if (role === "emptied") ring.setAttribute("stroke-dasharray", (2 * Math.PI * rr / 12 * 0.55) + " " +
                                                  (2 * Math.PI * rr / 12 * 0.45));
        if (role === "last") svg("circle", {cx: cx, cy: cy, r: rr - 1.2 * w, fill: "none", stroke: COLOURS.last,
                                            "stroke-width": 1}, g);
        if (role === "captured") {
          var e = R * 0.55;
          svg("path", {d: "M" + (cx - e) + " " + (cy - e) + "L" + (cx + e) + " " + (cy + e) + "M" + (cx - e) + " " +
                          (cy + e) + "L" + (cx + e) + " " + (cy - e), stroke: COLOURS.captured, "stroke-width": 2.5}, g);
        }
      });
      if (!s.edges) self.badge(g, cx - R * 0.72, cy - R * 0.72, s.names[hole], COLOURS.number);
      if (n) {
        self.pebbles(g, cx, cy, n, R);
        self.badge(g, cx + R * 0.72, cy + R * 0.72, String(n));
      }
    });
    var half = s.rows / s.players.length * CELL;
    if (this.trays.left) {
      s.players.forEach(function (player, i) {
        var n = view.reserves[i] || 0;
        if (!n) return;
        var y = s.players.length > 1 ? MARGIN + (player === "south" ? s.rows * CELL - half : 0) : MARGIN;
        self.bowl(root, CELL / 2 + MARGIN / 4, y + half / 2, n, false);
      });
    }
    if (this.trays.right) {
      var mover = view.player || view.to_move;
      var y = MARGIN + (mover === "south" || s.solo ? s.rows * CELL - half : 0);
      this.bowl(root, x0 + this.bw + CELL / 2 + MARGIN / 4, y + half / 2, view.hand || 0, true);
    }
  };

  // -- one game, opened under its figure ---------------------------------------------------------
  var current = null;

  function Game(host, anchor, rt, rules, rulesText, position) {
    this.host = host;
    this.rules = rules;
    this.anchor = anchor;
    this.rt = rt;
    this.session = rt.page.Session(rulesText, position || null, DATA.lang);
    this.setup = JSON.parse(this.session.setup());
    this.state = JSON.parse(this.session.state());
    this.mode = "both";
    this.level = "1";
    this.speed = "normal";
    this.frames = [];
    this.timer = null;
    this.pendingHole = null;
    this.focusHole = null;
    var hasReserve = this.state.reserves.some(function (n) { return n > 0; });
    this.board = new Board(this.setup, {left: hasReserve, right: true});
    this.build();
    this.render();
  }

  Game.prototype.call = function (method) {
    var args = Array.prototype.slice.call(arguments, 1);
    var start = performance.now();
    var answer = JSON.parse(this.session[method].apply(this.session, args));
    performance.measure("mancala-play-" + method, {start: start});     // (make bench reads them)
    return answer;
  };

  Game.prototype.build = function () {
    var self = this, s = this.setup;
    var root = el("section", "mancala-game");
    root.setAttribute("aria-label", word("region", {game: s.title}));
    this.root = root;

    var bar = el("div", "mancala-game-bar");
    this.undoButton = button("mancala-undo", word("undo"));
    this.redoButton = button("mancala-redo", word("redo"));
    this.skipButton = button("mancala-skip", word("skip"));
    this.downloadButton = button("mancala-download", word("download"));
    this.closeButton = button("mancala-close", word("close"));
    [this.undoButton, this.redoButton, this.skipButton, this.downloadButton, this.closeButton].forEach(function (b) {
      bar.appendChild(b);
    });
    root.appendChild(bar);

    var settings = el("div", "mancala-game-settings");
    this.speedSelect = this.select(settings, "speed", [["slow", word("slow")], ["normal", word("normal")],
                                                       ["fast", word("fast")]], "normal");
    if (s.levels.length) {
      var modes = [["both", word("both")]];
      s.players.forEach(function (p) { modes.push([p, word("versus", {player: s.player_names[p]})]); });
      this.modeSelect = this.select(settings, "players", modes, "both");
      this.levelSelect = this.select(settings, "level", s.levels.map(function (n) {
        return [String(n), word("level" + n)];
      }), "1");
      this.search = el("p", "mancala-game-search");
      this.search.id = this.levelSelect.id + "-search";
      this.levelSelect.setAttribute("aria-describedby", this.search.id);
    }
    root.appendChild(settings);
    if (this.search) root.appendChild(this.search);

    this.status = el("p", "mancala-game-status");
    this.status.setAttribute("aria-live", "polite");
    root.appendChild(this.status);

    var stage = el("div", "mancala-game-stage");
    this.svg = svg("svg", {class: "mancala-game-svg", "aria-hidden": "true", focusable: "false"});
    stage.appendChild(this.svg);
    this.holes = el("div", "mancala-holes");
    this.holes.setAttribute("role", "group");
    this.holes.setAttribute("aria-label", word("board", {game: s.title}));
    this.holeButtons = s.names.map(function (name, hole) {
      var b = el("button", "mancala-hole");
      b.type = "button";
      b.setAttribute("data-hole", String(hole));
      b.tabIndex = -1;
      var p = self.board.centre(hole);
      b.style.left = ((p[0] - CELL / 2) / self.board.width * 100) + "%";
      b.style.top = ((p[1] - CELL / 2) / self.board.height * 100) + "%";
      b.style.width = (CELL / self.board.width * 100) + "%";
      b.style.height = (CELL / self.board.height * 100) + "%";
      b.addEventListener("click", function () { self.clickHole(hole); });
      b.addEventListener("focus", function () { self.focusHole = hole; });
      self.holes.appendChild(b);
      return b;
    });
    this.holes.addEventListener("keydown", function (event) { self.arrows(event); });
    stage.appendChild(this.holes);
    root.appendChild(stage);

    this.choices = el("div", "mancala-game-choices");
    this.choices.setAttribute("role", "group");
    root.appendChild(this.choices);
    this.reason = el("p", "mancala-game-reason");
    this.reason.setAttribute("role", "status");
    root.appendChild(this.reason);
    this.caption = el("p", "mancala-game-caption");
    root.appendChild(this.caption);
    this.puzzle = el("p", "mancala-game-puzzle");
    root.appendChild(this.puzzle);

    var moves = el("div", "mancala-game-moves");
    var heading = el("p", "mancala-game-moves-title", word("moves"));
    heading.id = "mancala-moves-" + Math.random().toString(36).slice(2);
    this.moveList = el("ol", "");
    this.moveList.setAttribute("aria-labelledby", heading.id);
    moves.appendChild(heading);
    moves.appendChild(this.moveList);
    root.appendChild(moves);

    this.undoButton.addEventListener("click", function () { self.undo(); });
    this.redoButton.addEventListener("click", function () { self.redo(); });
    this.skipButton.addEventListener("click", function () { self.skip(); });
    this.downloadButton.addEventListener("click", function () { self.download(); });
    this.closeButton.addEventListener("click", function () { self.close(); });
    this.speedSelect.addEventListener("change", function () { self.speed = self.speedSelect.value; });
    if (this.modeSelect) {
      this.modeSelect.addEventListener("change", function () {
        self.mode = self.modeSelect.value;
        self.afterMove();
      });
      this.levelSelect.addEventListener("change", function () {
        self.level = self.levelSelect.value;
        self.render();
      });
    }
    this.host.parentNode.insertBefore(root, this.host.nextSibling);
  };

  Game.prototype.select = function (parent, key, options, value) {
    var id = "mancala-" + key + "-" + Math.random().toString(36).slice(2);
    var label = el("label", "mancala-game-label", word(key));
    label.htmlFor = id;
    var select = el("select", "mancala-game-select");
    select.id = id;
    options.forEach(function (o) {
      var opt = el("option", "", o[1]);
      opt.value = o[0];
      if (o[0] === value) opt.selected = true;
      select.appendChild(opt);
    });
    var wrap = el("span", "mancala-game-field");
    wrap.appendChild(label);
    wrap.appendChild(select);
    parent.appendChild(wrap);
    return select;
  };

  Game.prototype.human = function () {
    var ask = this.state.ask;
    return this.mode === "both" || !ask || ask.player === this.mode;
  };

  Game.prototype.animating = function () { return this.timer !== null; };

  // the board and the controls as the state says (or the frame shown)
  Game.prototype.render = function (frame) {
    var st = this.state, self = this;
    var view = frame || {cells: st.cells, hand: st.hand, reserves: st.reserves, highlights: {}, special: st.special,
                         to_move: st.to_move};
    this.board.draw(this.svg, view);
    var busy = this.animating();
    var ask = st.ask;
    var holeAsk = ask && !busy && this.human() && ["start", "place", "target", "hole"].indexOf(ask.kind) >= 0;
    this.holeButtons.forEach(function (b, hole) {
      b.setAttribute("aria-label", frame ? self.setup.names[hole] + ": " + frame.cells[hole] : st.holes[hole]);
      var playable = holeAsk && ask.holes[String(hole)] !== undefined;
      b.classList.toggle("mancala-playable", !!playable);
      b.setAttribute("aria-disabled", playable ? "false" : "true");
      if (playable) b.setAttribute("data-values", JSON.stringify(ask.holes[String(hole)]));
      else b.removeAttribute("data-values");
      b.classList.toggle("mancala-chosen", self.pendingHole === hole);
    });
    // where the game stands, as data (the tests read it)
    this.holes.setAttribute("data-kind", holeAsk ? ask.kind : "");
    this.root.setAttribute("data-to-move", st.to_move);
    this.root.setAttribute("data-over", st.outcome ? "true" : "false");
    this.root.setAttribute("data-busy", busy ? "true" : "false");
    // one hole in the tab order: the focused one, else the first playable, else the first
    var target = this.focusHole;
    if (target === null || target === undefined) {
      target = 0;
      for (var h = 0; h < this.holeButtons.length; h++) {
        if (holeAsk && ask.holes[String(h)] !== undefined) { target = h; break; }
      }
    }
    this.holeButtons.forEach(function (b, hole) { b.tabIndex = hole === target ? 0 : -1; });
    this.undoButton.disabled = busy || !st.can_undo;
    this.redoButton.disabled = busy || !st.can_redo;
    this.skipButton.disabled = !busy;
    this.downloadButton.disabled = busy || !st.moves.some(function (m) { return !m.pending; });
    if (frame) this.caption.textContent = frame.caption;
    if (this.levelSelect) {     // the computer's level and its search, when it plays
      this.levelSelect.parentNode.hidden = this.mode === "both";
      this.search.hidden = this.mode === "both";
      this.search.textContent = word("search" + this.level);
    }
    this.puzzle.textContent = st.puzzle ? st.puzzle.text : "";
    this.puzzle.hidden = !st.puzzle;
    this.renderChoices(busy);
    this.renderMoves();
  };

  Game.prototype.renderChoices = function (busy) {
    var self = this, ask = this.state.ask;
    while (this.choices.firstChild) this.choices.removeChild(this.choices.firstChild);
    this.choices.removeAttribute("aria-label");
    if (busy || !ask || !this.human()) return;
    var items = [];
    if (ask.kind === "start" && this.pendingHole !== null) {
      this.choices.setAttribute("aria-label", word("direction"));
      ask.holes[String(this.pendingHole)].forEach(function (value) {
        items.push([value, ask.directions[String(value[1])], "start"]);
      });
    } else {
      this.choices.setAttribute("aria-label", ask.prompt);
      ask.choices.forEach(function (c) { items.push([c.value, c.label, ask.kind]); });
    }
    items.forEach(function (item) {
      var b = button("mancala-choice", item[1]);
      b.setAttribute("data-kind", item[2]);
      b.setAttribute("data-value", JSON.stringify(item[0]));
      b.addEventListener("click", function () { self.choose(item[2], item[0]); });
      self.choices.appendChild(b);
    });
  };

  Game.prototype.renderMoves = function () {
    var list = this.moveList;
    while (list.firstChild) list.removeChild(list.firstChild);
    if (!this.state.moves.length) {
      list.appendChild(el("li", "mancala-no-moves", word("no_moves")));
      return;
    }
    this.state.moves.forEach(function (m) {
      var li = el("li", m.pending ? "mancala-pending" : "", m.line);
      li.value = m.turn;
      list.appendChild(li);
    });
  };

  Game.prototype.arrows = function (event) {
    var key = event.key, hole = this.focusHole === null ? 0 : this.focusHole;
    var c = this.setup.columns, size = this.holeButtons.length;
    var to = null;
    if (key === "ArrowLeft" && hole % c > 0) to = hole - 1;
    else if (key === "ArrowRight" && hole % c < c - 1) to = hole + 1;
    else if (key === "ArrowUp" && hole - c >= 0) to = hole - c;
    else if (key === "ArrowDown" && hole + c < size) to = hole + c;
    else if (key === "Home") to = hole - hole % c;
    else if (key === "End") to = hole - hole % c + c - 1;
    else if (key === "Escape" && this.pendingHole !== null) {
      this.pendingHole = null;
      this.render();
      event.preventDefault();
      return;
    }
    if (to === null) return;
    event.preventDefault();
    this.holeButtons[hole].tabIndex = -1;
    this.holeButtons[to].tabIndex = 0;
    this.holeButtons[to].focus();
  };

  Game.prototype.clickHole = function (hole) {
    var ask = this.state.ask;
    this.focusHole = hole;
    if (this.animating() || !ask || !this.human()) return;
    var values = ask.holes[String(hole)];
    if (["start", "place", "target", "hole"].indexOf(ask.kind) < 0) return;
    if (values === undefined) {
      this.reason.textContent = ask.refused[String(hole)] || "";
      return;
    }
    this.reason.textContent = "";
    if (ask.kind === "start" && values.length > 1) {
      this.pendingHole = hole;
      this.render();
      var first = this.choices.querySelector("button");
      if (first) first.focus();
      return;
    }
    this.choose(ask.kind, values[0]);
  };

  Game.prototype.choose = function (kind, value) {
    this.pendingHole = null;
    var answer = this.call("choose", kind, JSON.stringify(value));
    this.play(answer);
  };

  Game.prototype.play = function (answer) {
    var self = this;
    this.state = answer.state;
    // a refusal may come with frames (the computer played the reader's go of a
    // turn under way, then could not choose): they are shown, the reason kept
    this.reason.textContent = answer.refused || "";
    if (answer.refused && !(answer.frames && answer.frames.length)) {
      this.render();
      return;
    }
    this.frames = answer.frames || [];
    this.announce = answer.announce || null;
    var delay = SPEEDS[this.speed] || SPEEDS.normal;
    var i = 0;
    var next = function () {
      if (i >= self.frames.length) {
        self.finish();
        return;
      }
      self.timer = window.setTimeout(next, delay);
      self.render(self.frames[i++]);
    };
    if (!this.frames.length) {
      this.finish();
      return;
    }
    // while the move is shown, the prompt before it would mislead: say who is playing
    // (aria-busy: screen readers wait for the turn's announcement, at its end)
    var names = this.setup.player_names || {};
    this.status.setAttribute("aria-busy", "true");
    this.status.textContent = word("sowing", {player: names[this.frames[0].player] || names[this.state.to_move] || ""});
    next();
  };

  Game.prototype.skip = function () {
    if (this.timer !== null) {
      window.clearTimeout(this.timer);
      var last = this.frames[this.frames.length - 1];
      if (last) this.caption.textContent = last.caption;
      this.finish();
    }
  };

  Game.prototype.finish = function () {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    this.frames = [];
    this.status.removeAttribute("aria-busy");
    this.status.textContent = this.announce || this.state.status;
    this.announce = null;
    this.render();
    if (this.state.ask && this.human() && this.root.contains(document.activeElement) &&
        document.activeElement.disabled) this.focusBoard();
    this.afterMove();
  };

  Game.prototype.focusBoard = function () {
    var b = this.holes.querySelector('button[tabindex="0"]');
    if (b) b.focus();
  };

  // the computer's turn, when it is to play
  Game.prototype.afterMove = function () {
    var self = this, ask = this.state.ask;
    if (this.animating() || !ask || this.human()) {
      this.render();
      return;
    }
    this.status.textContent = word("thinking");
    window.setTimeout(function () {
      if (self.human() || !self.state.ask) return;
      self.play(self.call("computer", Number(self.level)));
    }, 30);
  };

  Game.prototype.undo = function () {
    this.pendingHole = null;
    this.state = this.call("undo").state;
    while (!this.human() && this.state.can_undo) this.state = this.call("undo").state;
    this.caption.textContent = "";
    this.status.textContent = this.state.status;
    this.render();
  };

  Game.prototype.redo = function () {
    this.pendingHole = null;
    var answer = this.call("redo");
    while (!this.human_after(answer.state) && answer.state.can_redo) {
      var more = this.call("redo");
      more.frames = (answer.frames || []).concat(more.frames || []);
      more.announce = [answer.announce, more.announce].filter(Boolean).join(" ");
      answer = more;
    }
    this.play(answer);
  };

  Game.prototype.human_after = function (state) {
    return this.mode === "both" || !state.ask || state.ask.player === this.mode;
  };

  Game.prototype.download = function () {
    var d = new Date(), pad = function (n) { return (n < 10 ? "0" : "") + n; };
    var name = this.rules + "-game-" + d.getFullYear() + pad(d.getMonth() + 1) + pad(d.getDate()) + "-" +
      pad(d.getHours()) + pad(d.getMinutes());
    var file = this.call("example", name);
    if (file.error) {
      this.reason.textContent = file.error;
      return;
    }
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([file.text], {type: "application/x-yaml"}));
    link.download = file.name + ".yaml";
    document.body.appendChild(link);
    link.click();
    window.setTimeout(function () {
      URL.revokeObjectURL(link.href);
      link.remove();
    }, 1000);
  };

  Game.prototype.close = function () {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.root.remove();
    try { this.session.destroy(); } catch (e) { /* already gone */ }
    if (current === this) current = null;
    this.anchor.focus();
  };

  // -- the button on each figure -------------------------------------------------------------------
  // host: the figure (or the game's start) the button goes under, which says the
  // game it starts (data-rules, data-position)
  function attach(host) {
    var rules = host.getAttribute("data-rules");
    var position = host.getAttribute("data-position");
    var bar = el("div", "mancala-play-bar");
    var open = button("mancala-play-open", word("play"));
    var note = el("p", "mancala-play-note");
    note.setAttribute("role", "status");
    var progress = el("progress", "mancala-play-progress");
    progress.max = 3;
    progress.hidden = true;
    bar.appendChild(open);
    bar.appendChild(progress);
    bar.appendChild(note);
    host.appendChild(bar);
    open.addEventListener("click", function () {
      if (window.location.protocol === "file:") {
        note.textContent = word("file");
        return;
      }
      if (current) current.close();
      performance.mark("mancala-play-click");
      open.disabled = true;
      progress.hidden = false;
      progress.value = 0;
      var step = function (n, what) {
        progress.value = n;
        note.textContent = word("loading") + " " + what;
      };
      var base = new URL(DATA.runtime, document.baseURI);
      var rulesText = fetchText(new URL("rules/" + rules + ".json", base).href);
      Promise.all([loadRuntime(step), rulesText]).then(function (got) {
        step(3, word("starting"));
        // the steps of a worked example are shown one at a time: the game opens under them
        var steps = host.closest(".mancala-steps");
        current = new Game(steps || host, open, got[0], rules, got[1], position);
        progress.hidden = true;
        note.textContent = "";
        open.disabled = false;
        current.status.textContent = current.state.status;
        current.root.setAttribute("data-ready", "true");
        performance.mark("mancala-play-ready");
        current.focusBoard();
      }).catch(function (error) {
        progress.hidden = true;
        open.disabled = false;
        note.textContent = word("failed", {error: String(error && error.message || error)});
      });
    });
  }

  function start() {
    var node = document.getElementById("mancala-player-data");
    if (!node) return;
    DATA = JSON.parse(node.textContent);
    var found = document.querySelectorAll("figure[data-rules][data-position], div.mancala-play-start[data-rules]");
    for (var i = 0; i < found.length; i++) attach(found[i]);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
