/*
 * The replay page: steps through a finished game with every card shown.
 *
 * It fetches every frame at once from the element #replay's data-frames address
 * (replay.json: {frames, log, game_over}; frame n is the game after its first n actions, a
 * spectator's `state` message whose hands all show their cards) and shows one at a time:
 * buttons, a slider, the keys Left/Right/Home/End, and the log's own entries go to a turn;
 * the address keeps it (?turn=N) so that a turn can be linked to.
 *
 * A frame is drawn by window.HanabiBoard (static/board.js, the live game's board, with the
 * game page's texts from #board-texts) when the page loads it, else by the plain renderer
 * below. The replay's own texts come from the page's #texts block.
 */
(function () {
  "use strict";

  const root = document.getElementById("replay");
  if (!root) {
    return;
  }
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const controls = {
    first: document.getElementById("replay-first"),
    previous: document.getElementById("replay-previous"),
    next: document.getElementById("replay-next"),
    last: document.getElementById("replay-last"),
    slider: document.getElementById("replay-turn"),
  };
  const position = document.getElementById("replay-position");
  const status = document.getElementById("replay-status");
  const board = document.getElementById("replay-board");
  const logList = document.getElementById("replay-log");

  const boardTexts = document.getElementById("board-texts");
  const boardT =
    window.HanabiBoard && boardTexts
      ? window.HanabiBoard.translator(JSON.parse(boardTexts.textContent))
      : null;
  let replay = null; // {frames, log, game_over}
  let turn = 0;

  /** The text of `key` with its {placeholders} filled in from `params`. */
  function say(key, params) {
    const text = Object.prototype.hasOwnProperty.call(texts, key) ? texts[key] : key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return params && Object.prototype.hasOwnProperty.call(params, name)
        ? String(params[name])
        : whole;
    });
  }

  /** A new element with a class and text (both optional). */
  function make(tag, className, text) {
    const element = document.createElement(tag);
    if (className) {
      element.className = className;
    }
    if (text !== undefined) {
      element.textContent = text;
    }
    return element;
  }

  function lastTurn() {
    return replay.frames.length - 1;
  }

  function turnInAddress() {
    const asked = Number.parseInt(new URL(window.location.href).searchParams.get("turn"), 10);
    return Number.isNaN(asked) ? 0 : asked;
  }

  /** Show the game after `asked` actions (kept within the game) and keep it in the address. */
  function go(asked, keepAddress) {
    if (!replay) {
      return;
    }
    turn = Math.max(0, Math.min(lastTurn(), asked));
    const frame = Object.assign({}, replay.frames[turn], { log: replay.log.slice(0, turn) });
    draw(frame);
    showLog();
    controls.first.disabled = controls.previous.disabled = turn === 0;
    controls.next.disabled = controls.last.disabled = turn === lastTurn();
    controls.slider.value = String(turn);
    const where = say("replay.position", { turn: turn, last: lastTurn() });
    controls.slider.setAttribute("aria-valuetext", where);
    position.textContent = where;
    const said = [
      make(
        "span",
        "",
        turn === 0
          ? say("replay.at_start")
          : say("replay.after", { turn: turn, text: replay.log[turn - 1].text }),
      ),
    ];
    if (turn === lastTurn() && replay.game_over) {
      const over = replay.game_over;
      const verdict = { score: over.score, max: over.max_score, verdict: over.verdict };
      said.push(make("span", "replay-over", say("replay.game_over", verdict)));
    }
    status.replaceChildren.apply(status, said);
    if (!keepAddress) {
      const address = new URL(window.location.href);
      address.searchParams.set("turn", String(turn));
      window.history.replaceState(null, "", address.pathname + address.search + address.hash);
    }
  }

  // ------------------------------------------------------------------ the log

  function buildLog() {
    logList.replaceChildren();
    replay.log.forEach(function (line, index) {
      const item = make("li");
      const button = make("button", "replay-log-line", line.text);
      button.type = "button";
      button.dataset.turn = String(index + 1);
      button.setAttribute("aria-label", say("replay.go_to", { turn: index + 1 }) + ": " + line.text);
      item.append(button);
      if (line.explanation) {
        item.append(make("p", "replay-explanation", say("replay.explanation", { text: line.explanation })));
      }
      logList.append(item);
    });
  }

  function showLog() {
    logList.querySelectorAll("li").forEach(function (item, index) {
      const current = index === turn - 1;
      item.classList.toggle("current", current);
      item.classList.toggle("later", index >= turn);
      if (current) {
        item.setAttribute("aria-current", "step");
        item.scrollIntoView({ block: "nearest" });
      } else {
        item.removeAttribute("aria-current");
      }
    });
  }

  // ------------------------------------------------------------------ drawing a frame

  function draw(frame) {
    if (boardT) {
      window.HanabiBoard.render(board, frame, { t: boardT });
      return;
    }
    board.replaceChildren(counters(frame), fireworks(frame), hands(frame), discards(frame));
  }

  function suitOf(frame, card) {
    return frame.variant.suits[card.suit];
  }

  /** A card: its suit's letter and its rank (never colour alone), its name for screen readers. */
  function cardElement(frame, card, clues) {
    const suit = suitOf(frame, card);
    const element = make("span", "replay-card suit-" + suit.key, suit.letter + card.rank);
    let label = card.label;
    if (clues) {
      label += ", " + say("replay.clued", { clues: clues });
    }
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", label);
    element.title = label;
    return element;
  }

  function clueText(frame, card) {
    const named = card.clues
      .filter(function (mark) {
        return mark.touched;
      })
      .map(function (mark) {
        if (mark.kind === "rank") {
          return String(mark.value);
        }
        const suit = frame.variant.suits.find(function (each) {
          return each.key === mark.value;
        });
        return suit ? suit.name : String(mark.value);
      });
    return Array.from(new Set(named)).join(", ");
  }

  function section(className, heading) {
    const element = make("section", className);
    element.append(make("h2", "", heading));
    return element;
  }

  function counters(frame) {
    const list = make("dl", "replay-counters");
    const pairs = [
      [say("replay.score"), say("replay.score_of", { score: frame.score, max: frame.variant.max_score })],
      [say("replay.clue_tokens"), frame.clue_tokens + " / " + frame.variant.clue_tokens],
      [say("replay.storms"), frame.storms + " / " + frame.variant.storms],
      [say("replay.draw_pile"), String(frame.draw_pile)],
    ];
    if (frame.turns_left !== null && frame.turns_left !== undefined) {
      pairs.push([say("replay.turns_left"), String(frame.turns_left)]);
    }
    if (frame.bonus_tiles_left !== null && frame.bonus_tiles_left !== undefined) {
      pairs.push([say("replay.bonus_tiles"), String(frame.bonus_tiles_left)]);
    }
    pairs.forEach(function (pair) {
      list.append(make("dt", "", pair[0]), make("dd", "", pair[1]));
    });
    return list;
  }

  function fireworks(frame) {
    const part = section("replay-fireworks", say("replay.fireworks"));
    const list = make("ul", "replay-row");
    frame.fireworks.forEach(function (firework) {
      const suit = frame.variant.suits[firework.suit];
      const top = firework.top === null || firework.top === undefined ? 0 : firework.top;
      const item = make("li", "replay-card suit-" + suit.key, suit.letter + (top || "–"));
      const label = say("replay.firework", { suit: suit.name, top: top || say("replay.nothing") });
      item.setAttribute("aria-label", label);
      item.title = label;
      list.append(item);
    });
    part.append(list);
    return part;
  }

  function hands(frame) {
    const part = section("replay-hands", say("replay.hands"));
    frame.hands.forEach(function (hand, seat) {
      const name = frame.players[seat];
      const group = make("section", "replay-hand");
      const heading = make("h3", "", say("replay.hand", { player: name }));
      if (seat === frame.seat_on_turn) {
        group.classList.add("on-turn");
        heading.append(" ", make("span", "replay-on-turn", "(" + say("replay.on_turn") + ")"));
      }
      group.append(heading);
      const list = make("ol", "replay-row");
      hand.forEach(function (entry) {
        const item = make("li");
        const clues = clueText(frame, entry);
        const card = cardElement(frame, entry.card, clues);
        if (clues) {
          card.classList.add("clued");
        }
        item.append(card);
        if (clues) {
          item.append(make("span", "replay-clues", clues));
        }
        list.append(item);
      });
      group.append(list);
      part.append(group);
    });
    return part;
  }

  function discards(frame) {
    const part = section("replay-discards", say("replay.discard_pile"));
    if (!frame.discard_pile.length) {
      part.append(make("p", "", say("replay.nothing")));
      return part;
    }
    const list = make("ul", "replay-row");
    frame.discard_pile.forEach(function (entry) {
      const item = make("li");
      item.append(cardElement(frame, entry.card, ""));
      list.append(item);
    });
    part.append(list);
    return part;
  }

  // ------------------------------------------------------------------ controls

  function onKey(event) {
    if (!replay || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const target = event.target;
    const typing = target.closest && target.closest("input, textarea, select, [contenteditable]");
    if (typing && target !== controls.slider) {
      return;
    }
    const moves = {
      ArrowLeft: turn - 1,
      ArrowRight: turn + 1,
      Home: 0,
      End: lastTurn(),
    };
    if (!Object.prototype.hasOwnProperty.call(moves, event.key)) {
      return;
    }
    event.preventDefault(); // the slider would step as well, and the page would scroll
    go(moves[event.key]);
  }

  function start(data) {
    replay = data;
    buildLog();
    controls.slider.max = String(lastTurn());
    [controls.first, controls.previous, controls.next, controls.last, controls.slider].forEach(
      function (control) {
        control.disabled = false;
      }
    );
    controls.first.addEventListener("click", function () {
      go(0);
    });
    controls.previous.addEventListener("click", function () {
      go(turn - 1);
    });
    controls.next.addEventListener("click", function () {
      go(turn + 1);
    });
    controls.last.addEventListener("click", function () {
      go(lastTurn());
    });
    controls.slider.addEventListener("input", function () {
      go(Number.parseInt(controls.slider.value, 10));
    });
    logList.addEventListener("click", function (event) {
      const line = event.target.closest("button[data-turn]");
      if (line) {
        go(Number.parseInt(line.dataset.turn, 10));
      }
    });
    document.addEventListener("keydown", onKey);
    window.addEventListener("popstate", function () {
      go(turnInAddress(), true);
    });
    go(turnInAddress(), true);
  }

  status.textContent = say("replay.loading");
  const address = new URL(root.dataset.frames, window.location.href);
  address.searchParams.set("lang", document.documentElement.lang || "en");
  fetch(address.toString(), { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then(function (response) {
      if (!response.ok) {
        throw new Error(String(response.status));
      }
      return response.json();
    })
    .then(start)
    .catch(function () {
      status.textContent = say("replay.load_failed");
    });
})();
